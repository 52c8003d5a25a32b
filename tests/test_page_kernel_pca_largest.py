"""AppTest of the Kernel PCA sections' work bounded at the largest data set the app accepts (2 000 points): the
kernel_core calls that cost O(n²)-O(n³) are counted, not timed, so that the denoising section computes only the
selected q on a bounded subsample and every other section fits on a bounded subsample, and says so on screen."""
import numpy as np
import pytest
import streamlit as st

import kernel_core as kc
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernel_pca_sections import CENTRING, DENOISING, LAPLACIAN, LINEAR_VS_KERNEL, NEW_POINT, texts
from ui.points import KEY as POINTS_KEY
from ui.points import Points
from ui.points_io import MAX_ROWS
from ui.ranges import DATA, DEFAULT_DATASET, KPCA

PRESET = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])


@pytest.fixture
def largest(monkeypatch):
    """A session holding MAX_ROWS points (as a 2 000-point link or CSV leaves it), with the kernel_core calls that
    cost O(n²)-O(n³) counted: kernel PCA fits and pre-images by size, Laplacian eigenmaps by size."""
    calls = {"fit": [], "reconstruct": [], "laplacian": []}
    fit, reconstruct, laplacian = kc.KernelPCA.fit, kc.KernelPCA.reconstruct, kc.laplacian_eigenmap

    def counted_fit(self, X):
        calls["fit"].append(len(X))
        return fit(self, X)

    def counted_reconstruct(self, X, n_components=None, max_iter=300):
        calls["reconstruct"].append((len(X), n_components))
        return reconstruct(self, X, n_components, max_iter)

    def counted_laplacian(X, *args, **kwargs):
        calls["laplacian"].append(len(X))
        return laplacian(X, *args, **kwargs)

    monkeypatch.setattr(kc.KernelPCA, "fit", counted_fit)
    monkeypatch.setattr(kc.KernelPCA, "reconstruct", counted_reconstruct)
    monkeypatch.setattr(kc, "laplacian_eigenmap", counted_laplacian)
    st.cache_data.clear()
    rng = np.random.default_rng(5)
    X = rng.normal(size=(MAX_ROWS, 2))
    y = np.where(X[:, 0] + rng.normal(scale=0.5, size=MAX_ROWS) > 0, 1, -1)

    def open_with_largest(file):
        at = open_page(file)
        for made in calls.values():   # count from here: the work on the largest data only
            made.clear()
        at.session_state[POINTS_KEY] = Points(X, y, PRESET, edited=True)
        at.run()
        assert not page_errors(at)
        return at

    yield open_with_largest, calls
    st.cache_data.clear()


def test_denoising_at_the_largest_data_computes_the_selected_q_on_a_bounded_subsample(largest):
    open_with_largest, calls = largest
    at = open_with_largest(DENOISING)
    q = at.slider(key=KEY.Q).value
    assert f"uses {KPCA['denoise_max']:,} of your {MAX_ROWS:,} points" in texts(at.info)
    assert f"The curve is measured on {KPCA['curve_max']} of the {KPCA['denoise_max']} points" in texts(at.info)
    assert max(calls["fit"]) <= KPCA["denoise_max"]
    picture = [c for c in calls["reconstruct"] if c[0] > KPCA["curve_max"]]
    assert picture == [(KPCA["denoise_max"], q)]                            # the pictured pre-images: selected q only
    assert all(size <= KPCA["curve_max"] for size, _ in calls["reconstruct"] if (size, _) not in picture)
    assert len(calls["reconstruct"]) <= 1 + KPCA["q"][1]                    # the curve: one pass per q, once
    calls["reconstruct"].clear()
    at.slider(key=KEY.Q).set_value(q + 3).run()                             # moving q: one reconstruction
    assert not page_errors(at)
    assert calls["reconstruct"] == [(KPCA["denoise_max"], q + 3)]


@pytest.mark.parametrize("file, cap", [(LINEAR_VS_KERNEL, KPCA["fit_max"]), (CENTRING, KPCA["fit_max"]),
                                       (NEW_POINT, KPCA["fit_max"]), (LAPLACIAN, KPCA["laplacian_max"])])
def test_every_section_bounds_its_fits_at_the_largest_data(largest, file, cap):
    open_with_largest, calls = largest
    at = open_with_largest(file)
    assert calls["fit"] and max(calls["fit"]) <= cap
    assert all(size <= KPCA["laplacian_max"] for size in calls["laplacian"])
    assert f"of your {MAX_ROWS:,} points (a random subsample" in texts(at.info)   # said on screen
