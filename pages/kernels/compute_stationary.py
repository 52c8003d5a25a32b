"""The stationary-kernels section's cached call into kernel_core (pages/kernels/stationary.py): k(·, x₀) around
three reference points and the probe k(x₀ + d, x₀) beside d turned by 45°. Keyed by the bar's kernel choice."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernels.compute import ENTRIES, surface
from ui.cache import cache_data

PROBES = ((-1.5, -1.0), (0.5, 1.5), (1.5, -1.0))   # the three reference points x₀ of the picture
OFFSET = (1.0, 0.5)                                # the offset d of the probe k(x₀ + d, x₀)


@dataclass(frozen=True, eq=False)
class Stationarity:
    surfaces: tuple          # k(x, x₀) on the grid for each x₀ of PROBES
    xs: np.ndarray
    shifted: np.ndarray      # k(x₀ + d, x₀) for each x₀
    rotated: np.ndarray      # k(x₀ + Rd, x₀), R the rotation by 45°
    turned: np.ndarray       # Rd


@cache_data(max_entries=ENTRIES)
def stationarity(choice):
    """The three surfaces k(·, x₀) and kernel_core.shift_probe's numbers for the bar's kernel."""
    surfaces = tuple(surface(choice, x0) for x0 in PROBES)
    shifted, rotated = kc.shift_probe(choice.name, np.array(PROBES), np.array(OFFSET), **dict(choice.params))
    c = np.sqrt(0.5)
    turned = np.array([c * (OFFSET[0] - OFFSET[1]), c * (OFFSET[0] + OFFSET[1])])
    return Stationarity(tuple(sf.Z for sf in surfaces), surfaces[0].xs, shifted, rotated, turned)
