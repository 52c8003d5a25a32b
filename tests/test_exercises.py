"""AppTest of ui.exercises (exercises on a projector, the changed picture back on the screen): presentation mode
draws no heading over hidden questions but a button that opens one question at a time, answerable; Check sets the
revealing settings and sends the script that brings the section's main chart (TOPICS) onto the screen."""
from pages import find
from tests.app_pages import open_page, page_errors
from ui.exercises import main_chart

GRAM = "pages/kernels/gram.py"


def scroll_scripts(at):
    return [e.proto.body for e in at.get("html") if "scrollIntoView" in e.proto.body]


def test_the_main_chart_is_the_sections_own_in_topics():
    assert main_chart(GRAM) == find(GRAM)[1].main_chart == "kernels_gram"
    assert main_chart("pages/svm/margins.py") == "svm_map"
    assert main_chart("app.py") == ""                          # not a section: nothing to bring back


def test_presenting_opens_one_question_at_a_time_and_check_brings_the_chart_back():
    at = open_page(GRAM)
    assert [s.value for s in at.subheader] == ["Predict, then check"] and len(at.radio) == 3   # self-study: all three
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert not [s for s in at.subheader if s.value == "Predict, then check"] and not at.radio   # no empty heading
    at.button(key="kernels_ex_open_kernels_sigmoid").click().run()
    assert [r.key for r in at.radio] == ["kernels_ex_kernels_sigmoid"]                         # one question
    assert at.button(key="kernels_ex_kernels_sigmoid_check").disabled
    at.button(key="kernels_ex_next_kernels_sigmoid").click().run()
    assert [r.key for r in at.radio] == ["kernels_ex_kernels_poly_negative_r"]
    at.button(key="kernels_ex_prev_kernels_sigmoid").click().run()
    assert not scroll_scripts(at)
    at.radio(key="kernels_ex_kernels_sigmoid").set_value(1).run()
    at.button(key="kernels_ex_kernels_sigmoid_check").click().run()
    assert not page_errors(at)
    assert at.session_state["kernels_kernel"] == "sigmoid" and at.session_state["kernels_coef0"] == -1.0
    assert any("Right." in s.value for s in at.success)
    (script,) = scroll_scripts(at)
    assert '"kernels_gram"' in script
    at.button(key="kernels_ex_close_kernels_sigmoid").click().run()
    assert not at.radio and not scroll_scripts(at)               # closed; a rerun without Check scrolls nothing


def test_every_section_with_an_exercise_is_in_the_browser_lesson():
    """tests/test_browser_lesson.py's generated list (tests/support/exercises.py) is the sections' own: a section's
    script that draws exercises is in it (this check runs no browser, so it lives here and keeps the browser file's
    tier pure)."""
    from tests.support.exercises import EXERCISE_SECTIONS
    assert len(EXERCISE_SECTIONS) >= 20 and ("svm", "svm_map", "svm_map") in EXERCISE_SECTIONS
    assert ("kernels-gram", "kernels_gram", "kernels_gram") in EXERCISE_SECTIONS
    assert all(key and checked for _, key, checked in EXERCISE_SECTIONS)
    # /kernel-pca-centring's Check changes the projection without centring, below the Gram matrix (its main chart)
    assert ("kernel-pca-centring", "kernel_pca_gram", "kernel_pca_raw_fig") in EXERCISE_SECTIONS


def verdicts(at):
    return [a.value for a in [*at.warning, *at.success] if a.value.startswith(("Not quite", "✅ Right"))]


def test_an_answer_outlives_the_projectors_panel_closing_and_another_question():
    """Presenting, a question not drawn on a run loses its widget: the student's choice and the verdict come back when
    the panel is reopened, and after going to the next question and back. After Check the panel is the verdict alone
    (the picture Check changed stays in sight); ↩ brings the question back with the verdict's explanation."""
    at = open_page(GRAM)
    at.toggle(key="present").set_value(True).run()
    at.button(key="kernels_ex_open_kernels_sigmoid").click().run()
    at.radio(key="kernels_ex_kernels_sigmoid").set_value(2).run()
    at.button(key="kernels_ex_next_kernels_sigmoid").click().run()
    at.button(key="kernels_ex_prev_kernels_sigmoid").click().run()
    assert at.radio(key="kernels_ex_kernels_sigmoid").value == 2
    at.button(key="kernels_ex_kernels_sigmoid_check").click().run()
    brief = verdicts(at)                                                    # the panel: the verdict alone
    assert len(brief) == 1 and not at.radio and "kernels_ex_kernels_sigmoid_check" not in [b.key for b in at.button]
    at.button(key="kernels_ex_again_kernels_sigmoid").click().run()        # ↩: the question in full again
    assert at.radio(key="kernels_ex_kernels_sigmoid").value == 2
    assert not at.button(key="kernels_ex_kernels_sigmoid_check").disabled
    verdict = verdicts(at)
    assert verdict[0].startswith(brief[0]) and len(verdict[0]) > len(brief[0]) + 40   # with its explanation
    at.button(key="kernels_ex_close_kernels_sigmoid").click().run()
    assert not at.radio
    at.button(key="kernels_ex_open_kernels_sigmoid").click().run()
    assert at.radio(key="kernels_ex_kernels_sigmoid").value == 2
    assert verdicts(at) == verdict
    assert not page_errors(at)
