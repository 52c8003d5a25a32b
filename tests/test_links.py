"""Hand-edited links (issue 21, items 2, 3, 5): every query parameter is read by one function per kind before any
widget sees it; a bad value gets a note and the default, never an exception or a broken session."""
import pytest

from pages import HOME
from tests.app_pages import open_page, page_errors
from ui.links import choice, clean_params, number


def open_link(params, file=HOME):
    return open_page(file, query=params)


def warnings(at):
    return " ".join(str(w.value) for w in at.warning)


@pytest.mark.parametrize("text", ["inf", "-inf", "1e400", "nan", "NaN", "-Infinity"])
def test_number_refuses_what_is_not_finite(text):
    assert number(text) is None


@pytest.mark.parametrize("text,value", [("-0", 0.0), ("-0.0", 0.0), ("0.25", 0.25), ("3", 3.0), (" 7 ", 7.0)])
def test_number_reads_finite_numbers_and_drops_the_sign_of_zero(text, value):
    got = number(text)
    assert got == value and str(got) != "-0.0"


def test_a_value_written_by_a_projectors_slider_is_its_number():
    """Presenting, a compact slider's value reads "λ = 0.0001" and the address holds that label; opened on a laptop
    (or stored for a class) it is the number, silently. Text that only looks like it stays text."""
    fixed, notes = clean_params({"kernel_ridge_lam": ["λ = 0.0001"], "svm_gamma": ["γ=2"], "svm_C": [" C = 100 "],
                                 "kernel_ridge_b_lam": ["λ = inf"], "pts_name": ["a = b"]})
    assert fixed["kernel_ridge_lam"] == ["0.0001"] and fixed["svm_gamma"] == ["2"] and fixed["svm_C"] == ["100"]
    assert fixed["pts_name"] == ["a = b"] and "kernel_ridge_b_lam" not in fixed
    assert notes == ["kernel_ridge_b_lam: not a finite number"]


def test_a_projectors_link_opens_its_values_on_a_laptop():
    at = open_link({"kernel_ridge_lam": "λ = 0.0001", "kernel_ridge_gamma": "γ = 2"}, "pages/kernel_ridge/fit.py")
    assert not page_errors(at) and not warnings(at)
    assert at.select_slider(key="kernel_ridge_lam").value == pytest.approx(0.0001)
    assert at.select_slider(key="kernel_ridge_gamma").value == pytest.approx(2.0, rel=0.01)


def test_choice_reads_a_value_or_label_in_any_case():
    options = {"poly": "Polynomial", "rbf": "RBF / Gaussian"}
    assert choice("poly", options) == choice("POLYNOMIAL", options) == choice("polynomial", options) == "Polynomial"
    assert choice("rbf / gaussian", options) == "RBF / Gaussian"
    assert choice("cubic", options) is None


@pytest.mark.parametrize("value", ["inf", "-inf", "1e400"])
def test_an_infinite_seed_gets_a_note_and_the_default(value):
    at = open_link({"data_seed": value})
    assert not page_errors(at)
    assert "data_seed" in warnings(at) and "finite" in warnings(at)
    assert at.number_input(key="data_seed").value == 0


def test_a_negative_zero_noise_is_zero_and_the_session_keeps_working():
    at = open_link({"data_noise": "-0"})
    assert not page_errors(at)
    assert at.slider(key="data_noise").value == 0.0
    at.switch_page("pages/home/overview.py").run()
    assert not page_errors(at)


def test_a_preset_in_lower_case_is_read_as_its_label():
    at = open_link({"data_preset": "circles"})
    assert not page_errors(at)
    assert at.selectbox(key="data_preset").value == "circles"
    assert "Circles" in " ".join(str(c.value) for c in at.sidebar.caption)


def test_an_unknown_choice_gets_a_note_naming_the_choices():
    at = open_link({"data_preset": "swirls"})
    assert not page_errors(at)
    assert "data_preset" in warnings(at) and "Moons" in warnings(at)


def test_a_parameter_name_in_markdown_is_never_echoed():
    at = open_link({"![t](http://198.51.100.7/beacon.png)": "inf"})
    assert not page_errors(at)
    text = warnings(at)
    assert "198.51.100.7" not in text and "a parameter of the link" in text


# ---------------------------------------------------------------- item 18: the polynomial kernel's label says r ≥ 0
# Every topic's kernel select box, the page that draws it and what else the link needs for it to be drawn.
KERNEL_KEYS = [
    ("kernels_kernel", "pages/kernels/kernel.py", {}),
    ("kernels_kernel2", "pages/kernels/closure.py", {}),
    ("mercer_kernel_eig", "pages/mercer/eigen_map.py", {}),
    ("kernel_pca_kernel", "pages/kernel_pca/linear_vs_kernel.py", {}),
    ("kernel_ridge_kernel", "pages/kernel_ridge/fit.py", {}),
    ("kernel_ridge_b_kernel", "pages/kernel_ridge/fit.py", {"kernel_ridge_compare": "true"}),
    ("perceptron_knn_kernel", "pages/perceptron_knn/learning.py", {}),
    ("svm_kernel", "pages/svm/margins.py", {}),
    ("svm_kernel2", "pages/svm/margins.py", {"svm_combine": "k₁ + k₂"}),
    ("svm_b_kernel", "pages/svm/margins.py", {"svm_compare": "true"}),
    ("rkhs_kernel", "pages/rkhs/representer.py", {}),
    ("graphs_kernel", "pages/graphs/independence.py", {}),
]


def test_the_polynomial_label_says_when_it_is_psd_and_the_sigmoid_is_not():
    from ui.kernel_choice import LABELS, OLD_LABELS

    assert LABELS["poly"] == "Poly (PSD for r ≥ 0)" and LABELS["sigmoid"] == "Sigmoid (not PSD)"
    assert all(LABELS[value] != old for old, value in OLD_LABELS.items())


@pytest.mark.parametrize("key", [k for k, _, _ in KERNEL_KEYS])
@pytest.mark.parametrize("text", ["Polynomial", "polynomial", "poly", "POLY", "Poly (PSD for r ≥ 0)"])
def test_every_kernel_key_reads_the_old_label_and_the_value(key, text):
    from ui.links import CHOICES, _options_for

    options, old = _options_for(key)
    assert options is CHOICES["_kernel"] or options is CHOICES.get("_kernel_eig")
    assert choice(text, options, old) == "Poly (PSD for r ≥ 0)"


@pytest.mark.parametrize("key, file, extra", KERNEL_KEYS)
def test_an_old_link_with_the_old_polynomial_label_opens_the_polynomial_kernel(key, file, extra):
    at = open_link({**extra, key: "Polynomial"}, file)
    if extra and key.startswith("svm"):   # SVM reads its toggles from the state before drawing them: next run
        at.run()
    assert not page_errors(at), page_errors(at)
    assert at.selectbox(key=key).value == "poly"
    assert at.selectbox(key=key).format_func("poly") == "Poly (PSD for r ≥ 0)"
    assert key not in warnings(at)


def test_a_lower_case_value_still_opens_the_polynomial_kernel():
    at = open_link({"svm_kernel": "poly"}, "pages/svm/margins.py")
    assert not page_errors(at) and at.selectbox(key="svm_kernel").value == "poly"


# ---------------------------------------------------------------- overlong values, capped before anything reads them
def written_keys():
    """Every query parameter the app writes: the widget and settings keys named in each topic's settings module (KEY,
    KEYS), the sidebar's data keys, the points and presentation mode."""
    import importlib

    from pages import TOPICS, topic_keys

    keys = {"data_preset", "data_n", "data_noise", "data_seed", "pts", "pts_classes", "present", "kernel_ridge_pts"}
    for topic in TOPICS:
        keys.update(topic_keys(topic))
        settings = importlib.import_module(f"pages.{topic.sections[0].module.split('/')[1]}.settings")
        holder = getattr(settings, "KEY", None)
        for name in dir(holder) if holder is not None else ():
            value = getattr(holder, name)
            for v in value if isinstance(value, tuple) else (value,):
                if isinstance(v, str) and not name.startswith("__") and "_" in v:
                    keys.add(v)
    return sorted(keys)


def test_the_written_keys_are_found():
    keys = written_keys()
    assert {"kernel_ridge_kernel", "svm_C", "perceptron_knn_query", "graphs_node", "kernel_pca_new1"} <= set(keys)


@pytest.mark.parametrize("topic", ["kernels", "mercer", "kernel_pca", "kernel_ridge", "perceptron_knn", "svm", "rkhs",
                                   "graphs"])
def test_every_parameter_with_an_overlong_value_is_dropped_with_a_note(topic):
    from pages import TOPICS
    from ui.links import LONG_TEXTS, MAX_TEXT

    mine = [k for k in written_keys() if k.startswith(topic) or k.startswith(("data_", "pts", "present"))]
    query = {k: "1" * (LONG_TEXTS.get(k, MAX_TEXT) + 1) for k in mine}
    file = next(t.sections[0].module for t in TOPICS if t.sections[0].module.split("/")[1] == topic)
    at = open_page(HOME, timeout=120, query=query)       # the notes are shown on the link's first run
    assert not page_errors(at)
    assert f"longer than {MAX_TEXT} characters" in warnings(at)
    at.switch_page(file).run()
    assert not page_errors(at)
    assert not [k for k in mine if k in at.query_params and len(at.query_params[k][0]) > MAX_TEXT]


def test_the_hanging_link_opens_with_a_note():
    at = open_page(HOME, query={"kernel_ridge_kernel": "rbf" + "x" * 600})
    assert "kernel_ridge_kernel: longer than" in warnings(at)
    at.switch_page("pages/kernel_ridge/gaussian_process.py").run()
    assert not page_errors(at)
    assert at.selectbox(key="kernel_ridge_kernel").value == "rbf"


def test_too_many_parameters_and_repeats_are_capped():
    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st

        from ui.links import cap_lengths
        st.write(" | ".join(cap_lengths(st.query_params)))
        st.write(f"left={len(list(st.query_params.keys()))}")

    at = AppTest.from_function(script, default_timeout=60)
    at.query_params.update({f"p{i}": "1" for i in range(250)})
    at.query_params["rep"] = [str(i) for i in range(30)]
    at.run()
    text = " ".join(str(m.value) for m in at.markdown)
    assert "more than 200 parameters" in text and "left=200" in text
