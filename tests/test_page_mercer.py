"""AppTest of the Mercer sections: φ(x)ᵀφ(y) = k(x, y) with the numbers on screen (features in Held's order), the lift,
the exact feature counts of Kriege's example, the topic bar (m, r) shared by its sections, and bad input answered
with a sentence, never a traceback. References: closed forms and scikit-learn's PolynomialFeatures /
pairwise_kernels. The eigen map and the RBF approximations are in tests/test_page_mercer_eigen.py."""
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics.pairwise import pairwise_kernels
from sklearn.preprocessing import PolynomialFeatures

import kernel_core as kc
from pages.mercer import compute
from pages.mercer.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.mercer_sections import (
    APPROX,
    EIGEN,
    EXPLOSION,
    LIFT,
    MAP,
    SECTIONS,
    exercise,
    latex,
    metric,
    number,
    texts,
)
from ui.points import Points

HELD = ["1", "√2·x₁", "√2·x₂", "x₁²", "x₂²", "√2·x₁·x₂"]      # Held's φ for (xᵀy + 1)², in Held's order


def frame_with(at, column):
    """The data frame with `column`; the feature table is lazy, so open it first (what a click on it sets)."""
    if column == "φᵢ(x)" and not at.session_state[KEY.FEATURE_TABLE]:
        at.session_state[KEY.FEATURE_TABLE] = True
        at.run()
    return next(df.value for df in at.dataframe if column in df.value.columns)


# ------------------------------------------------------------------ the map φ
def test_default_map_equals_the_kernel_in_helds_order():
    at = open_page(MAP)
    assert not page_errors(at)
    # x = (1, 0.5), y = (1.5, -0.4): x^T y = 1.5 - 0.2 = 1.3, (1.3 + 1)^2 = 5.29
    assert float(metric(at, "φ(x)ᵀφ(y)")) == 5.29 and float(metric(at, "k(x, y)")) == 5.29
    assert r"= 6\ \text{features}" in latex(at)
    assert not any("φᵢ(x)" in df.value.columns for df in at.dataframe)  # the table is closed: not sent
    table = frame_with(at, "φᵢ(x)")
    assert list(table["feature"]) == HELD                               # the exercise quotes this order
    assert abs(table["φᵢ(x)·φᵢ(y)"].sum() - 5.29) < 1e-12
    bars = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith("-mercer_bars")))
    assert list(bars["data"][0]["x"]) == HELD                           # ... and so do the bars
    assert r"\sqrt{2}\,x_{1} x_{2}\right)" in latex(at)                 # φ(x) written out, the mixed term last


def test_helds_order_is_a_permutation_of_the_map_checked_against_scikit_learn():
    x, y = (0.7, -1.2), (0.3, 0.9)
    for m in range(1, 6):
        for r in (0.0, 1.0, 2.5):
            t = compute.feature_table(x, y, m, r)
            k = pairwise_kernels(np.array([x]), np.array([y]), metric="poly", degree=m, gamma=1.0, coef0=r)[0, 0]
            assert abs(t.dot - k) < 1e-9 * max(1.0, abs(k)) and abs(t.k - k) < 1e-9 * max(1.0, abs(k))
            # the monomials of scikit-learn's PolynomialFeatures: the same count (degree <= m, or = m for r = 0)
            powers = PolynomialFeatures(m, include_bias=True).fit(np.zeros((1, 2))).powers_
            expected = len(powers) if r else int(np.sum(powers.sum(axis=1) == m))
            assert len(t.names) == expected
            plain = kc.poly_feature_map(np.array([x]), m, 1.0, r)[0]
            assert np.allclose(np.sort(t.px), np.sort(plain))           # a permutation of kernel_core's map
            doubled = compute.feature_table((2 * x[0], 2 * x[1]), y, m, r)
            degrees = np.rint(np.log2(doubled.px / t.px)).astype(int)   # φᵢ(2x) = 2^deg φᵢ(x)
            assert list(degrees) == sorted(degrees)                     # by degree, as Held lists them


def test_homogeneous_cubic_has_four_features():
    at = open_page(MAP)
    at.slider(key=KEY.DEGREE).set_value(3).run()
    at.slider(key=KEY.COEF0).set_value(0.0).run()
    assert float(metric(at, "φ(x)ᵀφ(y)")) == float(metric(at, "k(x, y)")) == round(1.3 ** 3, 10)   # 2.197
    assert r"= 4\ \text{features}" in latex(at)                                  # C(2+3-1, 3) = 4
    assert list(frame_with(at, "φᵢ(x)")["feature"]) == ["x₁³", "x₂³", "√3·x₁²·x₂", "√3·x₁·x₂²"]


def test_feature_count_exercise_sets_helds_kernel():
    at = open_page(MAP)
    at.slider(key=KEY.COEF0).set_value(0.0).run()
    at.slider(key=KEY.DEGREE).set_value(4).run()
    exercise(at, "mercer_count", 1)
    assert at.slider(key=KEY.DEGREE).value == 2 and at.slider(key=KEY.COEF0).value == 1.0
    assert r"= 6\ \text{features}" in latex(at)                      # C(2 + 2, 2) = 6
    right = " ".join(s.value for s in at.success)
    assert "Right" in right and "(1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂)" in right and "in this order" in right
    assert list(frame_with(at, "φᵢ(x)")["feature"]) == HELD          # the quoted order is the bars' order


# ------------------------------------------------------------------ the topic bar
def test_the_bar_is_shared_by_the_sections_and_kept_between_them():
    at = open_page(MAP)
    at.slider(key=KEY.DEGREE).set_value(3).run()
    at.slider(key=KEY.COEF0).set_value(0.0).run()
    at.switch_page(LIFT).run()                                           # a section with its own fixed kernel
    assert not page_errors(at) and not [s for s in at.slider if s.key == KEY.DEGREE]
    # AppTest's first run after switch_page draws a carried widget at its default (the browser does not:
    # /mercer?mercer_degree=3&mercer_coef0=0 -> Next -> Next shows C(10 002, 3) at once); the run after it holds
    at.switch_page(EXPLOSION).run().run()
    assert at.slider(key=KEY.DEGREE).value == 3 and at.slider(key=KEY.COEF0).value == 0.0
    assert metric(at, "features of φ").replace(",", "") == str(10_002 * 10_001 * 10_000 // 6)   # C(10 002, 3)
    at.switch_page(EIGEN).run().run()
    assert at.slider(key=KEY.DEGREE).value == 3
    assert r"(1\,\mathbf{x}^\top\mathbf{y} + 0)^{3}" in latex(at)        # K of the bar's (x^T y + 0)^3
    assert r"\operatorname{rank}\mathbf{K} = 4" in latex(at)             # = its 4 features, found from K alone


# ------------------------------------------------------------------ the lift
def test_lift_separates_the_circles_with_an_ellipse():
    at = open_page(LIFT)
    caption = texts(at, "caption")
    assert "Training accuracy 100.0%" in caption and "here an ellipse" in caption
    assert "x_1^2" in latex(at) and "z_3" in latex(at)
    at.select_slider(key=KEY.LIFT_C).set_value(0.01).run()                       # heavily shrunk plane: no traceback
    assert not page_errors(at)


def test_lift_surface_is_the_fitted_plane_mapped_back():
    fit = compute.lift_fit(200, 0.06, 10.0)
    s = compute.lift_surface(200, 0.06, 10.0)
    i, j = 17, 80
    x1, x2 = s.xs[j], s.xs[i]                                      # Z[row i, column j] is at (xs[j], xs[i])
    A, B, C, b, _ = fit.conic
    assert abs(s.Z[i, j] - (A * x1 ** 2 + B * x1 * x2 + C * x2 ** 2 + b)) < 1e-9


# ------------------------------------------------------------------ the explosion
def test_explosion_reproduces_the_slide_with_exact_counts():
    at = open_page(EXPLOSION)
    text = latex(at)
    assert r"= 50\,005\,000" in text                 # C(10 001, 2) = 10 001 * 10 000 / 2
    assert r"= 50\,015\,001" in text                 # C(10 002, 2) = 10 002 * 10 001 / 2
    assert r"= 100\,000\,000" in text                # d^k = 10^8, the slide's ~100M
    assert "O(d^k) estimate" in texts(at, "markdown")


def test_operation_counts_for_d2_m2():
    at = open_page(EXPLOSION)
    at.select_slider(key=KEY.D).set_value(2).run()
    ops = frame_with(at, "mult.")
    # (1 + x^T x')^2 with phi = (1, √2x1, √2x2, x1², √2x1x2, x2²): build x1², x1x2, x2² for both points (6),
    # 6 products + 3 weights != 1 (9): 15 multiplications, 5 additions; kernel 2 + 1 mults, 1 + 1 adds.
    assert list(ops["mult."]) == ["15", "3"] and list(ops["add."]) == ["5", "2"]


def test_timing_table_is_measured_and_bounded():
    at = open_page(EXPLOSION)
    table = frame_with(at, "k(x, y) [µs]")
    assert len(table) == 9
    built = table[~table["φ(x)ᵀφ(y) [µs]"].str.startswith("not built")]
    assert all(float(v.replace(",", "")) > 0 for v in built["k(x, y) [µs]"])
    assert table.loc[(table["d"] == 200) & (table["m"] == 3), "φ(x)ᵀφ(y) [µs]"].iloc[0].startswith("not built")


# ------------------------------------------------------------------ every section
def test_empty_data_set_gets_a_sentence_not_a_traceback():
    for file in SECTIONS:
        at = open_page(file)
        at.session_state["points_state"] = Points(np.empty((0, 2)), np.empty(0, int), ("moons", 120, 0.1, 0),
                                                  edited=True)
        at.run()
        assert not page_errors(at), file
        if file in (EIGEN, APPROX):
            assert "fewer than two points" in texts(at, "warning")
        if file == MAP:
            assert isinstance(frame_with(at, "φᵢ(x)"), pd.DataFrame)   # the map, lift, explosion do not need the data


def chart_config(at, key):
    return json.loads(next(c.proto.config for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def test_every_chart_has_the_png_only_toolbar_and_each_section_at_most_two():
    total = 0
    for file in SECTIONS:
        at = open_page(file)
        charts = at.get("plotly_chart")
        assert 1 <= len(charts) <= 2, file
        total += len(charts)
        for c in charts:
            config = json.loads(c.proto.config)
            assert config.get("displaylogo") is False and config["toImageButtonOptions"]["format"] == "png", c.proto.id
            assert config.get("displayModeBar") is not False
            assert config.get("scrollZoom") is False                 # the wheel scrolls the page (the 3-D lift)
    assert total >= 8


def test_sections_import_no_solver_directly():
    root = Path(__file__).resolve().parents[1]
    for file in SECTIONS:
        text = (root / file).read_text()
        assert "import sklearn" not in text and "from sklearn" not in text and "import scipy" not in text, file


def test_explanations_and_secondary_controls_hide_in_presentation_mode():
    at = open_page(EXPLOSION)
    assert "O(d^k) estimate" in texts(at, "markdown")
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert "O(d^k) estimate" not in texts(at, "markdown")           # classroom.explain


def test_presentation_mode_keeps_the_3d_lift_readable():
    at = open_page(LIFT)
    at.toggle(key="present").set_value(True).run()
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith("-mercer_lift3d")))
    sizes = [t["marker"]["size"] for t in spec["data"] if t["type"] == "scatter3d"]
    assert sizes and max(sizes) <= 6                                # not the 2-D projector size (13)
    assert spec["layout"]["height"] >= 440                          # the 3-D box: the projector's main chart


def test_the_lift_names_its_axes_as_the_planes_equation_does():
    """The 3-D axes are z₁, z₂, z₃ (a long title such as "√2·x₁x₂" ran over its own tick labels), the plane beside it
    is written in z, and the section's text says what each z is."""
    at = open_page(LIFT)
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith("-mercer_lift3d")))
    scene = spec["layout"]["scene"]
    assert [scene[a]["title"]["text"] for a in ("xaxis", "yaxis", "zaxis")] == ["z₁", "z₂", "z₃"]
    latex = texts(at, "latex")
    assert "z_1" in latex and "z_2" in latex and "z_3" in latex
    assert r"x_2^2) = (z_1, z_2, z_3)" in texts(at, "markdown")


def test_krieges_psd_to_kernel_proof_is_the_same_map_with_the_points_as_columns():
    """Kriege's K = UDUᵀ = ΦᵀΦ with Φ = D^{1/2}Uᵀ: for (xᵀy + 1)² on the 120 default points Φ keeps 6 rows (the
    positive eigenvalues) of 120 columns, and ΦᵀΦ gives K back to round-off."""
    at = open_page(EIGEN)
    assert not page_errors(at)
    text = latex(at)
    assert r"= \Phi^\top\Phi\\ \Phi &= D^{1/2}U^\top" in text
    found = re.search(r"\\Phi:\\ 6\\times120\\ \(\\lambda_i > 0\),.*?\{\\\|\\mathbf K\\\|_F\} = ([^$\n]+)", text)
    assert found, text
    assert number(found.group(1).strip()) < 1e-10
    assert "Kriege's proof" in " ".join(m.value for m in at.markdown)


def test_bishops_two_ways_to_a_kernel_and_helds_advantages_are_said():
    """Bishop's notes' feature-map route and direct route on the map section; Held's summary of the advantages of
    kernels (two steps, φ hard to compute, the kernel trick) on the lift."""
    at = open_page(MAP)
    assert not page_errors(at)
    words = texts(at, "caption")
    assert "Bishop's notes name the two ways to a kernel" in words and "Σᵢ φᵢ(x)φᵢ(x′)" in words
    assert "(x₁², √2x₁x₂, x₂²)·(z₁², √2z₁z₂, z₂²)" in words
    at = open_page(LIFT)
    assert not page_errors(at)
    words = texts(at, "markdown")
    assert "Held's summary of the advantages of kernels" in words and "**kernel trick**" in words
