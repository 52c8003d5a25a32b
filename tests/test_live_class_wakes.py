"""AppTest of what reaches a live class's pages (the sessions of tests/test_live_class.py, one store in a temporary
folder): a room's state passes a share link's validation (a presenting lecturer's labels become numbers), the
lecturer's key reaches only the lecturer's own page, a follower's settings bar in a fragment gets the fragment wake
for the settings it draws (and a bar outside a fragment none), and which settings a new view of the room changes."""
import json

import pytest

from tests.app_pages import open_page

# ruff: noqa: F811 (a test names the fixture imported here as its argument)
from tests.support.live_class import HOME, MARGINS, app_store, lecturer  # noqa: F401 (app_store: the autouse fixture)
from ui import room_state


def test_validation_drops_what_a_share_link_drops():
    clean, notes = room_state.validate({"page": "svm", "params": {
        "svm_gamma": ["inf"], "svm_C": ["2"], "kernels_gamma": ["3"], "data_preset": ["circles"],
        "pts": ["|" + ".".join("1_1p" for _ in range(2001))]}})
    assert clean["params"] == {"svm_C": ["2"], "data_preset": ["Circles"]}
    assert len(notes) == 3
    for bad in ({"page": "nowhere"}, {"page": "svm", "params": "x"}, ["svm"],
                {"page": "svm", "params": {"svm_C": ["1" * 500]}}):
        with pytest.raises(ValueError):
            room_state.validate(bad)


def test_a_presenting_lecturers_values_reach_the_class_as_numbers():
    """Presenting, a compact slider writes its value's label into the address ("γ = 2"), from which the lecturer's
    view is captured; the class's laptops know the number only (they kept their own γ)."""
    clean, notes = room_state.validate({"page": "svm", "params": {"svm_gamma": ["γ = 2"], "svm_C": ["C = 31.6"]}})
    assert clean["params"] == {"svm_gamma": ["2"], "svm_C": ["31.6"]} and not notes


def listener_data(at):
    """The class listener's data as the page receives it (the component's JSON)."""
    found = [json.loads(e.proto.json) for e in at.get("bidi_component")
             if e.proto.component_name.endswith("class_listener") and e.proto.json]
    assert len(found) == 1
    return found[0]


def test_the_key_reaches_only_the_lecturers_own_page(app_store):
    """The lecturer's listener gets the key for its reload cookie (ui/room_follow.js); a student's page never does."""
    at, code = lecturer()
    key = at.session_state["class_key"]
    assert listener_data(at)["resume"] == f"{code}.{key}"
    student = open_page(MARGINS, query={"room": code})
    student.run()
    data = listener_data(student)
    assert data["resume"] == "" and data["role"] == "student" and data["code"] == code
    assert key not in json.dumps(data) and key not in str(student.query_params)


def fragment_wakes(at):
    return [e for e in at.get("bidi_component") if e.proto.component_name == "kernelscope.class_wake"]


def test_a_followers_settings_bar_in_a_fragment_gets_the_fragment_wake_for_the_settings_it_draws(app_store):
    at, code = lecturer()
    assert fragment_wakes(at) == []                        # the lecturer: no wake
    student = open_page(HOME, query={"room": code})
    student.run()
    assert not student.exception
    assert len(fragment_wakes(student)) == 1
    # the bar of /svm draws k₁, its γ (RBF), "combine with" and C; the toolbar's toggles below it in the same
    # fragment are not the bar's (their change reruns the whole page)
    assert student.session_state["class_fragment"] == ("svm", ("svm_kernel", "svm_gamma", "svm_combine", "svm_C"))
    student.button(key="class_detach").click().run()
    assert fragment_wakes(student) == []                   # detached: no wake


def test_a_section_whose_bar_is_not_in_a_fragment_has_no_fragment_wake(app_store):
    code, _ = app_store.create({"page": "kernels-bilinear", "params": {}})
    student = open_page(HOME, query={"room": code})
    student.run()
    assert not student.exception and student.session_state["class_page"] == "kernels-bilinear"
    assert fragment_wakes(student) == [] and "class_fragment" not in student.session_state


def view(page="svm", points_too_many=False, **params):
    return {"page": page, "params": {k: [v] for k, v in params.items()}, "points_too_many": points_too_many}


@pytest.mark.parametrize("shown, new, keys", [
    (view(svm_gamma="1"), view(svm_gamma="1"), set()),                             # a poll's version: no change
    (view(svm_gamma="1"), view(svm_gamma="3.16"), {"svm_gamma"}),
    (view(svm_gamma="1"), view(), {"svm_gamma"}),                                   # back to its default
    (view(), view(svm_C="10", pts="|0.5_1p"), {"svm_C", "pts"}),
    (view(), view(points_too_many=True), None),
    (view(), view("svm-gauss-laplace"), None),                                      # another section
    (None, view(), None),                                                           # nothing shown yet
])
def test_the_settings_a_new_view_changes(shown, new, keys):
    assert room_state.changed(shown, new) == keys
