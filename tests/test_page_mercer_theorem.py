"""AppTest of Mercer › Mercer's theorem: the main chart's k(x, x′) against the RBF formula, the sum of the q terms
closing on it as q grows (checked against a direct eigen-decomposition of h K computed here), Σλᵢ = ∫k(x, x)dx on
screen, and a kernel that is not PSD answered with a sentence."""
import json
import re

import numpy as np
import pytest

from pages.mercer.settings import KEY
from tests.app_pages import open_page, page_errors

FILE = "pages/mercer/theorem.py"


def traces(at):
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.THM_CHART}")))
    return {t["name"]: t for t in spec["data"]}


def values(trace):
    y = trace["y"]
    if isinstance(y, dict):   # a typed array: base64 float32
        import base64
        return np.frombuffer(base64.b64decode(y["bdata"]), dtype=y.get("dtype", "f4")).astype(float)
    return np.asarray(y, float)


def direct_series(q, x2=0.5, m=300):
    """k_q(x, x′) on the plotting grid by numpy alone: eigh of h K on the midpoint grid, Nyström extension."""
    h = 6.0 / m
    g = -3 + (np.arange(m) + 0.5) * h
    lam, U = np.linalg.eigh(h * np.exp(-(g[:, None] - g[None, :]) ** 2))
    lam, U = lam[::-1][:q], U[:, ::-1][:, :q] / np.sqrt(h)
    xs = np.linspace(-3, 3, 301)
    ext = lambda x: np.exp(-(np.atleast_1d(x)[:, None] - g[None, :]) ** 2) @ U * (h / lam)   # noqa: E731
    return (ext(xs) * lam * ext(x2)[0]).sum(axis=1), np.exp(-(xs - x2) ** 2)


@pytest.mark.parametrize("q", [3, 20])
def test_the_series_on_screen_is_the_direct_one_and_closes_on_k(q):
    at = open_page(FILE)
    if q != 3:
        at.slider(key=KEY.Q_THM).set_value(q).run()
    assert not page_errors(at)
    shown = traces(at)
    total, k = direct_series(q)
    np.testing.assert_allclose(values(shown["k(x, x′)"]), k, atol=1e-6)
    np.testing.assert_allclose(values(shown[f"sum of q = {q} terms"]), total, atol=1e-5)
    gap = np.max(np.abs(total - k))
    assert (gap > 0.2) if q == 3 else (gap < 1e-6)   # 0.26 with 3 terms, 5e-9 with 20
    text = " ".join(lx.value for lx in at.latex)
    assert re.search(r"\\int_X k\(x, x\)\\,dx = 6\b", text)


def test_a_kernel_that_is_not_psd_has_no_expansion():
    at = open_page(FILE)
    at.selectbox(key=KEY.KERNEL_THM).select_index(2).run()   # polynomial
    at.slider(key="mercer_coef0_thm").set_value(-3.0).run()
    assert not page_errors(at)
    assert any("No Mercer expansion" in e.value for e in at.error)
