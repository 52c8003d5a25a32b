"""Cached calls into kernel_core, keyed by plain values, bounded so a class of 30 shares hits
without the server's memory growing."""

import kernel_core as kc

from .cache import cache_data

ENTRIES = 64


def build_kernel(spec):
    """A kernel choice (ui.kernel_choice.Single / Composed) -> kernel_core Kernel. Sections not yet moved to the
    choice dataclasses pass the older tuple spec: (name, params) or ("compose", op, spec1, spec2_or_None, arg)."""
    if hasattr(spec, "kernel"):
        return spec.kernel()
    if spec[0] != "compose":
        name, params = spec
        return kc.Kernel(name, **dict(params))
    _, op, s1, s2, arg = spec
    k1 = build_kernel(s1)
    if op == "sum":
        return k1 + build_kernel(s2)
    if op == "product":
        return k1 * build_kernel(s2)
    if op == "scale":
        return arg * k1
    if op == "exp":
        return k1.exp()
    if op == "polynomial":
        return k1.polynomial(arg)
    raise ValueError(f"Unknown composition {op!r}.")


@cache_data(max_entries=ENTRIES)
def dataset(name, n, noise, seed):
    return kc.make_classification(name, n, noise, seed)
