"""One decorator for figure builders on a section's rerun path: the finished figure is kept per arguments in a
bounded cache shared by the class."""
import functools
import inspect

from ..cache import cache_data
from .margins import Spec, to_spec

FIGURE_CACHE = 32   # finished figures remembered per builder, shared by every session (~0.1 MB each at most)


def cached_figure(builder):
    """Decorator for a figure builder on a page's rerun path: the finished figure is kept per arguments in a bounded
    cache (FIGURE_CACHE entries per builder), so a class moving the same slider back and forth shares the work.
    Returns a Spec (plain data with its margins reserved).

    Presentation mode sizes a figure (fonts, markers, margins), so it is part of the key: a builder takes it as its
    `present` argument; when a section does not pass it, the wrapper passes the session's mode. A builder without a
    `present` argument (a section not yet moved to it) is keyed by the session's mode all the same."""
    from ..classroom import presenting

    takes_present = "present" in inspect.signature(builder).parameters

    def spec_of(present, *args, **kwargs):
        if takes_present:
            kwargs["present"] = present
        return to_spec(builder(*args, **kwargs))

    spec_of.__module__, spec_of.__qualname__ = builder.__module__, f"{builder.__qualname__}.spec"
    spec_of.__wrapped__ = builder  # inspect.getsource reads the builder's code: an edit gets fresh entries
    cached = cache_data(max_entries=FIGURE_CACHE)(spec_of)

    @functools.wraps(builder)
    def wrapper(*args, present=None, **kwargs):
        return Spec(cached(presenting() if present is None else bool(present), *args, **kwargs))

    wrapper.uncached = builder
    return wrapper


def cache_with_figures(max_entries):
    """Decorator like `ui.cache.cache_data` for a function whose result holds figures (dicts from `to_spec` next to
    the numbers they show), keyed by the session's presentation mode too. (Only for sections not yet split into a
    cached compute call and a cached figure builder.)"""
    from ..classroom import presenting

    def decorate(func):
        def keyed(present, *args, **kwargs):
            return func(*args, **kwargs)

        keyed.__module__, keyed.__qualname__, keyed.__wrapped__ = func.__module__, func.__qualname__, func
        cached = cache_data(max_entries=max_entries)(keyed)
        return functools.wraps(func)(lambda *args, **kwargs: cached(presenting(), *args, **kwargs))

    return decorate
