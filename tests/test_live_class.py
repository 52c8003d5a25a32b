"""AppTest of the live class: a lecturer's session and students' sessions of the whole app sharing one store (SQLite
in a temporary folder). Start a class, join it by link and by code, follow a section, a setting and points, Detach,
Re-join and Undo, the lecturer link, End class; and what a student or a forged room cannot do. What reaches the
pages (validation, the key, the fragment wake, the settings a new view changes) is in tests/test_live_class_wakes.py."""
import json
import time

import numpy as np
import pytest

from tests.app_pages import open_page

# ruff: noqa: F811 (a test names the fixture imported here as its argument)
from tests.support.live_class import HOME, MARGINS, app_store, lecturer  # noqa: F401 (app_store: the autouse fixture)
from ui import room_routes
from ui import room_store as rs

KERNEL = "pages/kernels/kernel.py"


def gamma(at):
    return at.select_slider(key="svm_gamma")


def set_gamma(at, index):
    g = gamma(at)
    return g.set_value(type(g.value)(g.options[index])).run()


def points(at):
    s = at.session_state["points_state"]
    return s.X, s.y


def banner(at):
    return [m.value for m in at.markdown if "room" in m.value and ("Following" in m.value or "own view" in m.value)]


def notes(at):
    return [i.value for i in at.info] + [w.value for w in at.warning]


def test_starting_a_class_makes_a_room_of_the_view_and_shows_its_code_and_qr(app_store):
    at, code = lecturer()
    room = app_store.room(code)
    assert room.version == 1 and room.state["page"] == "svm"
    key = at.session_state["class_key"]
    assert app_store.is_lecturer(code, key)
    assert key not in str(at.query_params) and "lecturer" not in at.query_params   # never in the address bar
    badge = " ".join(h.proto.body for h in at.get("html"))
    assert code in badge and 'src="data:image/svg+xml' in badge                # the code and its QR (SVG, offline)
    assert not any(key in h.proto.body for h in at.get("html"))                     # the projector never shows it


def test_a_student_joining_by_link_follows_section_settings_and_points(app_store):
    at, code = lecturer(query={"pts": "|0.5_0.5p.-1_-1n"})
    set_gamma(at, -2)
    lecturer_points = points(at)
    assert app_store.room(code).state["params"]["svm_gamma"]
    student = open_page(HOME, query={"room": code})
    student.run()   # the section: switched; then the settings
    assert not student.exception
    assert banner(student) == [f"🛰️ **Following the lecturer (room {code})**"]
    assert gamma(student).value == gamma(at).value
    assert all(np.array_equal(a, b) for a, b in zip(points(student), lecturer_points))
    at.switch_page(KERNEL).run()                    # a section change
    student.run()
    assert student.session_state["class_page"] == "kernels" and not student.exception
    at.switch_page(MARGINS).run()
    set_gamma(at, 3)                                # a settings change, back on the SVM section
    student.run()
    student.run()
    assert gamma(student).value == gamma(at).value


def test_joining_by_code_on_home_and_a_wrong_code_gets_a_sentence(app_store):
    _, code = lecturer()
    student = open_page(HOME)
    student.text_input(key="home_join_code").input("AAAAAA")
    student.button(key="FormSubmitter:home_join-Join").click().run()
    assert "class_room" not in student.session_state
    assert any("no class with the code AAAAAA" in n for n in notes(student))
    student.text_input(key="home_join_code").input(f" {code[:3].lower()} {code[3:]}")
    student.button(key="FormSubmitter:home_join-Join").click().run()
    assert student.session_state["class_room"] == {"code": code, "role": "student"}
    assert student.query_params["room"] in (code, [code])
    student.run()
    assert student.session_state["class_page"] == "svm" and not student.exception


def test_detach_keeps_the_students_view_rejoin_shows_the_lecturers_and_undo_brings_the_students_points(app_store):
    at, code = lecturer(query={"pts": "|1_1p"})
    student = open_page(MARGINS, query={"room": code, "pts": "|-2_2n.-2_-2n"})
    own = None
    student.run()
    assert np.array_equal(points(student)[0], points(at)[0])
    student.button(key="class_detach").click().run()
    assert banner(student)[0].startswith("✋ **Your own view**")
    set_gamma(student, 0)
    mine = gamma(student).value
    set_gamma(at, -1)
    student.run()
    assert gamma(student).value == mine != gamma(at).value          # detached: the lecturer's change waits
    assert app_store.room(code).state["params"]["svm_gamma"] != [str(mine)]   # and the student's reaches no one
    student.button(key="class_rejoin").click().run()
    assert gamma(student).value == gamma(at).value
    student.button(key="data_undo").click().run()                   # Undo after Re-join: the points before it
    own = points(student)
    assert not np.array_equal(own[0], points(at)[0])


def test_the_lecturer_link_gives_a_second_device_the_controls_and_leaves_its_address_bar(app_store):
    at, code = lecturer()
    key = at.session_state["class_key"]
    second = open_page(HOME, query={"room": code, "lecturer": key})
    assert second.session_state["class_room"] == {"code": code, "role": "lecturer"}
    assert "lecturer" not in second.query_params and "room" not in second.query_params
    assert second.session_state["class_page"] == "svm"        # it opens on the room's view, which stays
    assert app_store.room(code).state["page"] == "svm"
    second.switch_page(KERNEL).run()
    assert app_store.room(code).state["page"] == "kernels"
    version = app_store.room(code).version
    forged = open_page(HOME, query={"room": code, "lecturer": key[:-2] + "xx"})
    assert forged.session_state["class_room"]["role"] != "lecturer" if "class_room" in forged.session_state else True
    assert "class_key" not in forged.session_state
    assert any("lecturer link does not open a class" in n for n in notes(forged))
    forged.switch_page(MARGINS).run()
    assert app_store.room(code).version == version


def test_a_students_changes_never_reach_the_room(app_store):
    _, code = lecturer()
    student = open_page(MARGINS, query={"room": code})
    student.run()
    before = app_store.room(code)
    set_gamma(student, 0)
    student.switch_page(KERNEL).run()
    student.session_state["class_room"] = {"code": code, "role": "lecturer"}   # a forged role without the key
    student.run()
    assert app_store.room(code) == before


def test_a_follower_shows_the_lecturers_value_again_when_its_browser_sends_the_old_one(app_store):
    """Issue 30: Streamlit takes a run's widget values from the browser. A student's browser that asked for a run
    before it had drawn the lecturer's new γ (a wake-up's retry after a fail-over) sent its old γ, and the student
    showed it while following, the room's version marked as shown. The applied view is applied again then."""
    at, code = lecturer()
    student = open_page(MARGINS, query={"room": code})
    student.run()
    set_gamma(at, 3)
    student.run()
    lecturers = gamma(at).value
    assert gamma(student).value == lecturers
    old = gamma(student).options[0]
    assert float(old) != lecturers
    set_gamma(student, 0)        # the browser's old value, in a run of a student still following
    assert not student.exception and banner(student) == [f"🛰️ **Following the lecturer (room {code})**"]
    assert gamma(student).value == lecturers
    assert app_store.room(code).state["params"]["svm_gamma"] == at.session_state["class_published"]["params"]["svm_gamma"]


@pytest.mark.parametrize("file, toggle, b_key", [(MARGINS, "svm_compare", "svm_b_C"),
                                                 ("pages/kernel_ridge/fit.py", "kernel_ridge_compare",
                                                  "kernel_ridge_b_lam")])
def test_a_follower_shows_compare_a_b_in_the_run_that_applies_it(app_store, file, toggle, b_key):
    """Compare A / B decides the layout above its toggle. A followed view is written where the toggle reads it (the
    run's first copy of the address), not into the address bar: the layout read the bar, so the run that applied the
    lecturer's Compare drew one picture with the toggle on, and the student stayed so until a later run (CI: a poll's
    reveal never showed B to a follower)."""
    at, code = lecturer(file)
    student = open_page(file, query={"room": code})
    student.run()
    assert not any(w.key == b_key for w in student.slider)
    at.toggle(key=toggle).set_value(True).run()
    assert app_store.room(code).state["params"][toggle] == ["true"]
    student.run()
    assert not student.exception
    assert student.toggle(key=toggle).value is True
    assert any(w.key == b_key for w in [*student.slider, *student.select_slider])


def test_a_follower_sees_the_lecturers_new_point_x_on_the_rules_map(app_store):
    """/perceptron-knn-rules' x is set by a click on the map, not by a widget: it is part of the room's view all the
    same (it was not: followers kept their own x while the lecturer talked about hers). A student's own x in the
    address bar gives way to the lecturer's, the default x too."""
    rules, query = "pages/perceptron_knn/rules.py", "perceptron_knn_query"
    at, code = lecturer(rules)
    assert query not in app_store.room(code).state["params"]
    student = open_page(rules, query={"room": code, query: "1,1"})
    student.run()
    assert not student.exception and any("x = (0.5, 0.25)" in m.value for m in student.markdown)
    at.session_state[query] = (-1.0, 1.5)     # what a click's callback writes (rules.move_x)
    at.query_params[query] = "-1,1.5"
    at.run()
    assert app_store.room(code).state["params"][query] == ["-1,1.5"]
    student.run()
    assert any("x = (-1, 1.5)" in m.value for m in student.markdown)


def test_end_class_ends_the_room_for_everyone(app_store):
    at, code = lecturer()
    student = open_page(MARGINS, query={"room": code})
    at.button(key="class_end").click().run()
    assert app_store.room(code) is None and "class_room" not in at.session_state
    student.run()
    assert "class_room" not in student.session_state and "room" not in student.query_params
    assert any("class has ended" in n for n in notes(student))


def forge(app_store, code, version, state):
    """Write a room's state past the store's own checks (as a compromised replica or a hand-edited database could)."""
    app_store._db().execute("UPDATE rooms SET state = ?, version = ? WHERE code = ?", (json.dumps(state), version, code))


def test_a_forged_room_state_gets_a_sentence_not_a_crash(app_store):
    _, code = lecturer()
    student = open_page(MARGINS, query={"room": code})
    forge(app_store, code, 9, {"page": "svm", "params": {"svm_gamma": ["inf"], "evil_key": ["1"]}})
    student.run()
    assert not student.exception and gamma(student).value == 1.0        # the default, not inf
    assert any("svm_gamma: not a finite number" in n for n in notes(student))
    forge(app_store, code, 10, {"page": "svm", "params": {"pts": ["|" + ".".join("0.1_0.1p" for _ in range(10_000))]}})
    student.run()
    assert not student.exception and len(points(student)[1]) < 1000
    assert any("could not be shown" in n for n in notes(student))
    forge(app_store, code, 11, {"page": "../../etc", "params": []})
    student.run()
    assert not student.exception and any("could not be shown" in n for n in notes(student))


def test_joins_are_rate_limited(app_store):
    now = time.time()
    app_store.clock = lambda: now          # one window of the limit for the whole test
    student = open_page(HOME)
    for _ in range(rs.JOIN_LIMIT):
        student.text_input(key="home_join_code").input("AAAAAA")
        student.button(key="FormSubmitter:home_join-Join").click().run()
    _, code = lecturer()
    student.text_input(key="home_join_code").input(code)
    student.button(key="FormSubmitter:home_join-Join").click().run()
    assert "class_room" not in student.session_state
    assert any("Too many wrong codes" in n for n in notes(student))


def test_a_class_runs_on_redis_too(monkeypatch):
    """The same follow with the rooms in a real redis-server (KERNELSCOPE_STORE), as replicas share them."""
    from tests.redis_env import redis_server

    with redis_server() as url:
        monkeypatch.setenv("KERNELSCOPE_STORE", url)
        room_routes._STORE.clear()
        try:
            at, code = lecturer()
            assert type(room_routes.store()).__name__ == "RedisStore" and room_routes.store().version(code) == 1
            set_gamma(at, -2)
            student = open_page(HOME, query={"room": code})
            student.run()
            assert gamma(student).value == gamma(at).value and not student.exception
        finally:
            room_routes.store().close()
            room_routes._STORE.clear()
