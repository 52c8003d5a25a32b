"""Every widget range and default in one table (no magic numbers scattered over pages)."""

PARAMS = {
    # name: (label, low, high, default, log scale?, help)
    "gamma": ("γ (gamma)", 1e-2, 1e2, 1.0, True, "Width parameter: larger γ = narrower bumps."),
    "degree": ("degree m", 1, 10, 2, False, "Power of the polynomial kernel."),
    "coef0": ("offset r (coef0)", -3.0, 3.0, 1.0, False, "Added to the scaled inner product."),
}
SIGMOID_DEFAULTS = {"gamma": 0.5, "coef0": 0.0}

DATA = {
    "n_samples": (20, 400, 120, 10),   # low, high, default, step
    "noise": (0.0, 0.5, 0.1, 0.02),
    "seed": (0, 999, 0, 1),
}
DEFAULT_DATASET = "moons"

PLANE = (-3.0, 3.0)       # axis range of 2-D kernel surfaces
GRID = 101                # points per axis on surfaces: sized to the plot, not more
SCALE = (0.1, 10.0, 1.0)  # positive scale c of a composed kernel: low, high, default
