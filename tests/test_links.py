"""Hand-edited links (issue 21, items 2, 3, 5): every query parameter is read by one function per kind before any
widget sees it; a bad value gets a note and the default, never an exception or a broken session."""
import pytest
from streamlit.testing.v1 import AppTest

from tests.app_pages import ROOT, page_errors
from ui.links import choice, number


def open_link(params, page=None):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    if page:
        at.switch_page(page).run()
    return at


def warnings(at):
    return " ".join(str(w.value) for w in at.warning)


@pytest.mark.parametrize("text", ["inf", "-inf", "1e400", "nan", "NaN", "-Infinity"])
def test_number_refuses_what_is_not_finite(text):
    assert number(text) is None


@pytest.mark.parametrize("text,value", [("-0", 0.0), ("-0.0", 0.0), ("0.25", 0.25), ("3", 3.0), (" 7 ", 7.0)])
def test_number_reads_finite_numbers_and_drops_the_sign_of_zero(text, value):
    got = number(text)
    assert got == value and str(got) != "-0.0"


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
