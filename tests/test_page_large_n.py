"""AppTest of the "Large n" sections at the end of the kernel PCA and kernel ridge pages (ui/large_n.py): exact up
to n = 3000 and a visible note when the section switches to an approximation above; the fit time and the
approximation error shown; numbers against scikit-learn; bad settings as st.error; charts kept small."""
import base64
import json

import numpy as np
import pytest
from sklearn.kernel_approximation import RBFSampler
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge
from sklearn.metrics.pairwise import rbf_kernel

from kernel_core import large_dataset
from tests.app_pages import open_page, page_errors

PAGES = {"kernel_pca": "pages/kernel_pca/large_n.py", "kernel_ridge": "pages/kernel_ridge/large_n.py"}


@pytest.fixture(scope="module", params=list(PAGES))
def large_n(request):
    """(the topic, its large-n section opened in AppTest), once per topic."""
    return request.param, open_page(PAGES[request.param])


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def section_chart(at, p):
    return next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{p}_large_fig"))


def points_drawn(spec):
    """Number of markers in the chart's marker traces (float32 arrays arrive base64-encoded)."""
    total = 0
    for t in json.loads(spec)["data"]:
        if t.get("mode") == "markers":
            x = t["x"]
            total += len(base64.b64decode(x["bdata"])) // 4 if isinstance(x, dict) else len(x)
    return total


def notes(at):
    return " ".join(i.value for i in at.info)


def set_large(at, p, **values):
    """Set n and the method, then m (greyed out, as in a browser, until an approximation is in use)."""
    m = values.pop("m", None)
    for name, value in values.items():
        widget = at.selectbox if name == "method" else at.select_slider
        widget(key=f"{p}_large_{name}").set_value(value)
    at.run()
    if m is not None:
        at.select_slider(key=f"{p}_large_m").set_value(m)
        at.run()
    return at


def test_default_is_exact_with_no_approximation_note(large_n):
    p, at = large_n
    assert not page_errors(at)
    assert at.select_slider(key=f"{p}_large_n").value == 1000
    assert metric(at, "Approximation error") == "0 (exact)"
    assert metric(at, "Fit time").endswith(" s")
    assert any("Exact: n = 1,000" in s.value for s in at.success)
    assert "switches" not in notes(at)
    assert at.select_slider(key=f"{p}_large_m").disabled   # m means nothing to the exact fit


def test_m_slider_is_live_once_an_approximation_is_used(large_n):
    p, at = large_n
    set_large(at, p, n=5000, method="auto-nystroem", m=100)
    assert not at.select_slider(key=f"{p}_large_m").disabled
    shown = metric(at, "Error of K")
    set_large(at, p, m=20)
    assert metric(at, "Error of K") != shown   # moving it changes the fit
    for method in ("auto-nystroem", "auto-rff"):  # both ends of m with either approximation
        for m in (10, 500):
            set_large(at, p, method=method, m=m)
            assert not page_errors(at) and not at.error, (method, m)
    set_large(at, p, n=1000, method="auto-nystroem")
    assert at.select_slider(key=f"{p}_large_m").disabled


def test_above_3000_the_section_switches_to_nystroem_and_shows_its_error(large_n):
    p, at = large_n
    set_large(at, p, n=20_000, method="auto-nystroem", m=100)
    assert not page_errors(at) and not at.error
    assert "n = 20,000 > 3,000" in notes(at) and "switches to **Nyström with m = 100 landmarks**" in notes(at)
    assert float(metric(at, "Error of K")) < 1e-3   # RBF on 2-D / 1-D data has a low numerical rank
    assert p == "kernel_ridge" or metric(at, "Landmarks m") == "100"   # the ridge panel shows its RMSE there
    assert float(metric(at, "Fit time").removesuffix(" s")) < 5.0
    spec = section_chart(at, p)
    assert len(spec) < 150_000, "the chart stays under ~150 KB"
    assert points_drawn(spec) == 2000                 # a random subsample of the 20 000 points
    assert any("2,000 of the 20,000 points drawn" in c.value for c in at.caption)


def test_random_fourier_error_matches_sklearns_rbf_sampler(large_n):
    """The K error shown for D = 100 random features against scikit-learn's RBFSampler on the same data."""
    p, at = large_n
    set_large(at, p, n=5000, method="auto-rff", m=100)
    assert "random Fourier features with D = 100" in notes(at)
    shown = float(metric(at, "Error of K"))
    data, gamma = ("sine", 1.0) if p == "kernel_ridge" else (at.selectbox(key=f"{p}_large_data").value, 2.0)
    X = large_dataset(data, 5000, {"sine": 0.25, "moons": 0.1, "circles": 0.05}[data], 0)[0][::5]  # 1000 points
    K = rbf_kernel(X, gamma=gamma)
    errors = [np.linalg.norm(K - Z @ Z.T) / np.linalg.norm(K)
              for Z in (RBFSampler(gamma=gamma, n_components=100, random_state=s).fit_transform(X) for s in range(20))]
    assert abs(shown - np.mean(errors)) < 3 * np.std(errors)   # one random draw of the same distribution


def test_bad_settings_are_errors_not_exceptions(large_n):
    p, at = large_n
    set_large(at, p, n=20_000, method="exact")
    assert not page_errors(at)
    assert any("limited to n <= 3,000" in e.value for e in at.error)
    set_large(at, p, n=5000, method="exact", m=500)
    assert not page_errors(at)
    assert any("n = 5,000 would take 0.2 GB" in e.value for e in at.error)
    set_large(at, p, n=1000, method="auto-nystroem")   # back to a working setting
    assert not at.error


def test_ridge_exact_rmse_matches_sklearn():
    at = open_page(PAGES["kernel_ridge"])
    set_large(at, "kernel_ridge", n=2000)
    X, y = large_dataset("sine", 2000, 0.25, 0)
    grid = np.linspace(0, 2 * np.pi, 200)[:, None]
    f = SkKernelRidge(alpha=0.1, kernel="rbf", gamma=1.0).fit(X, y).predict(grid)
    assert metric(at, "RMSE to sin x") == f"{np.sqrt(np.mean((f - np.sin(grid[:, 0])) ** 2)):.3g}"
    assert metric(at, "Approximation error") == "0 (exact)"
