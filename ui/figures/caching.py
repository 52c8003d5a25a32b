"""One decorator for figure builders on a section's rerun path: the finished figure is kept per arguments in a
bounded cache shared by the class; and `Built`, a builder's figure with what it says of its parts."""
import functools
import inspect
from typing import Any, NamedTuple

from ..cache import cache_data
from .margins import Spec, to_spec

FIGURE_CACHE = 32   # finished figures remembered per builder, shared by every session (~0.1 MB each at most)


class Built(NamedTuple):
    """A figure and a plain, picklable value describing its parts (e.g. a frozen dataclass of the indices of the
    traces a live sweep redraws and their styles), which the builder records as it adds them: a section learns
    where things are from the builder, never by searching the finished figure. cached_figure keeps `parts`
    through its cache as the Spec's `parts`."""
    figure: Any
    parts: Any


def cached_figure(builder):
    """Decorator for a figure builder on a page's rerun path: the finished figure is kept per arguments in a bounded
    cache (FIGURE_CACHE entries per builder), so a class moving the same slider back and forth shares the work.
    Returns a Spec (plain data with its margins reserved); a builder that returns a Built gives the Spec its parts.

    Presentation mode sizes a figure (fonts, markers, margins), so it is part of the key: the section passes it as
    `present`, and a builder that takes a `present` argument gets it (the wrapper never reads the session)."""
    takes_present = "present" in inspect.signature(builder).parameters

    def spec_of(present, *args, **kwargs):
        if takes_present:
            kwargs["present"] = present
        built = builder(*args, **kwargs)
        fig, parts = built if isinstance(built, Built) else (built, None)
        return to_spec(fig), parts

    spec_of.__module__, spec_of.__qualname__ = builder.__module__, f"{builder.__qualname__}.spec"
    spec_of.__wrapped__ = builder  # inspect.getsource reads the builder's code: an edit gets fresh entries
    cached = cache_data(max_entries=FIGURE_CACHE)(spec_of)

    @functools.wraps(builder)
    def wrapper(*args, present, **kwargs):
        return Spec(*cached(bool(present), *args, **kwargs))

    wrapper.uncached = builder
    return wrapper
