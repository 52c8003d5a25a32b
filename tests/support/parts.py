"""Reading a figure's JSON in tests: whether a trace is drawn as a builder's parts say."""


def drawn(trace, **expected):
    """True when the trace (a dict of the figure's JSON) has these fields; a dict value is a subset of the trace's."""
    def has(got, want):
        if isinstance(want, dict):
            return isinstance(got, dict) and all(has(got.get(k), v) for k, v in want.items())
        return got == want
    return has(trace, expected)
