"""AppTest of the Perceptron vs k-NN sections and the numbers they show: the learning section opens at α = 0 and
Step / Reset / Play replay the recorded training (counters and the number of non-zero alphas change, no refit) with
Kriege's objective J(α) at the step shown; k-NN follows its slider on the same split, and its accuracies and the k
chosen by cross-validation match scikit-learn; the rules section's k-NN vote and perceptron sum match scikit-learn and
a sum by hand; the sections say where they differ from Kriege; bad data give st.error; the overfitting demo states
the numbers it plots. The clicks, links, exercises and presentation mode: test_page_perceptron_knn_interaction.py; the
browser tests: test_browser_perceptron_knn.py."""
import re

import numpy as np
import pytest
from sklearn.neighbors import KNeighborsClassifier

import kernel_core as kc
from pages.perceptron_knn.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.perceptron_knn_sections import KNN, LEARN, OVERFIT, RULES, counts, metric, preset, reference_split

SECTIONS = (LEARN, KNN, RULES, OVERFIT)


def texts(at):
    return [e.value for kind in ("markdown", "caption", "latex", "warning", "info", "error", "success", "subheader")
            for e in getattr(at, kind)] + [m.label for m in at.metric]


@pytest.fixture(scope="module")
def learning_section():
    return open_page(LEARN)


def test_opens_at_alpha_zero_with_step_enabled(learning_section):
    at = learning_section
    assert not page_errors(at)
    step, T = counts(at, "Visits")
    epoch, E = counts(at, "Epoch")
    used, n_train = counts(at, "Points used (α ≠ 0)")
    assert step == 0 and epoch == 0 and used == 0 and E >= 1
    assert T == E * n_train                      # every epoch visits each training point once
    assert metric(at, "Mistakes so far") == "0"
    assert not at.button(key=KEY.step_button).disabled   # issue 20: opens at α = 0 with Step enabled
    assert n_train == round(0.7 * 120)           # the default data: 120 points, 30 % held out
    assert any(r"\alpha = \mathbf{0}" in l.value for l in at.latex)


def test_step_and_reset_change_the_counters_and_the_alphas(learning_section):
    at = learning_section
    fits = []
    original = kc.KernelPerceptron.fit

    def counting_fit(self, X, y):
        fits.append(len(X))
        return original(self, X, y)

    kc.KernelPerceptron.fit = counting_fit
    try:
        at.button(key=KEY.reset_button).click().run()
        assert not page_errors(at)
        assert counts(at, "Visits")[0] == 0 and counts(at, "Epoch")[0] == 0

        at.radio(key=KEY.unit).set_value("mistake").run()
        at.button(key=KEY.step_button).click().run()   # with alpha = 0 the first visit is a mistake
        assert counts(at, "Visits")[0] == 1 and counts(at, "Epoch")[0] == 1
        assert counts(at, "Points used (α ≠ 0)")[0] == 1 and metric(at, "Mistakes so far") == "1"
        assert any("mistake" in l.value for l in at.latex)

        at.button(key=KEY.step_button).click().run()   # the next mistake is another point (epoch 1)
        assert counts(at, "Visits")[0] > 1 and counts(at, "Points used (α ≠ 0)")[0] == 2

        at.radio(key=KEY.unit).set_value("visit").run()
        before = counts(at, "Visits")[0]
        at.button(key=KEY.step_button).click().run()
        assert counts(at, "Visits")[0] == before + 1

        at.radio(key=KEY.unit).set_value("epoch").run()
        at.button(key=KEY.step_button).click().run()
        n_train = counts(at, "Points used (α ≠ 0)")[1]
        assert counts(at, "Visits")[0] == n_train and counts(at, "Epoch")[0] == 1

        while not at.button(key=KEY.step_button).disabled:   # to the end: fully trained, Step disabled
            at.button(key=KEY.step_button).click().run()
        step, T = counts(at, "Visits")
        assert step == T and counts(at, "Epoch")[0] == counts(at, "Epoch")[1]

        at.button(key=KEY.reset_button).click().run()
        assert counts(at, "Visits")[0] == 0 and counts(at, "Points used (α ≠ 0)")[0] == 0
    finally:
        kc.KernelPerceptron.fit = original
    assert fits == [], "stepping replays the recorded history; it never refits"


def test_play_and_pause(learning_section):
    at = learning_section
    at.button(key=KEY.reset_button).click().run()
    at.radio(key=KEY.unit).set_value("epoch").run()
    at.button(key=KEY.play_button).click().run()
    assert not page_errors(at)
    assert at.button(key=KEY.play_button).label.endswith("Pause")
    assert at.button(key=KEY.step_button).disabled
    assert counts(at, "Epoch")[0] >= 1
    at.button(key=KEY.play_button).click().run()
    assert at.button(key=KEY.play_button).label.endswith("Play")
    paused = counts(at, "Visits")[0]
    at.run()
    assert counts(at, "Visits")[0] == paused


def test_the_page_says_where_it_differs_from_kriege_and_names_no_seed(learning_section):
    """Issue 21 item 21: Kriege picks a point uniformly at random; the page shuffles per epoch, and says so."""
    at = learning_section
    captions = " ".join(c.value for c in at.caption)
    assert "uniformly at random" in captions and "fresh random order" in captions and "Kriege" in captions
    for file in SECTIONS:
        shown = "\n".join(texts(open_page(file)))
        assert not re.search(r"seeds? 00\d", shown, re.I), file                 # sources by author, not "seed 003"
        assert "Kriege" in shown or file == KNN, file


def test_k_slider_changes_knn_and_is_capped_by_the_training_set():
    at = open_page(KNN)
    at.select_slider(key=KEY.k).set_value(1).run()
    assert metric(at, "Training accuracy") == "100.0%"   # 1-NN: each training point is its own neighbour
    at.slider(key="data_n").set_value(20).run()
    at.select_slider(key=KEY.k).set_value(50).run()
    assert not page_errors(at)
    assert any("k-NN uses k = 14" in w.value for w in at.warning)
    assert metric(at, "k") == "14"


def test_knn_accuracies_match_scikit_learn_on_the_same_split():
    at = open_page(KNN)
    at.select_slider(key=KEY.k).set_value(7).run()
    X, y = kc.make_classification(*preset())
    held = reference_split(X, y)
    ref = KNeighborsClassifier(n_neighbors=7).fit(X[~held], y[~held])
    assert metric(at, "Held-out accuracy") == f"{ref.score(X[held], y[held]):.1%}"
    assert metric(at, "Training accuracy") == f"{ref.score(X[~held], y[~held]):.1%}"
    assert metric(at, "Points used") == f"all {int((~held).sum())}"


def test_rules_compare_the_two_rules_at_the_new_point_with_the_numbers_of_both():
    at = open_page(RULES)
    assert not page_errors(at)
    X, y = kc.make_classification(*preset())
    held = reference_split(X, y)
    Xtr, ytr = X[~held], y[~held]
    x = np.array([[0.5, 0.25]])                                    # the default new point
    nn = KNeighborsClassifier(n_neighbors=5).fit(Xtr, ytr)
    votes = int(ytr[nn.kneighbors(x, return_distance=False)[0]].sum())
    model = kc.KernelPerceptron("rbf", epochs=10, seed=0, gamma=1.0).fit(Xtr, ytr)
    f = float(np.sum(model.alpha_ * ytr * np.exp(-np.sum((Xtr - x) ** 2, axis=1))))   # Σ αᵢ yᵢ k(xᵢ, x) by hand
    latex = " ".join(l.value for l in at.latex)
    assert rf"\operatorname{{sign}}({votes:+d})" in latex
    assert rf"\operatorname{{sign}}({f:.3g})" in latex
    table = next(m.value for m in at.markdown if "Kriege's comparison" in m.value)
    used = int(np.count_nonzero(model.alpha_))
    assert f"all {len(ytr)} (searched for the 5 nearest)" in table and f"{used} with αᵢ ≠ 0" in table
    assert f"| {nn.score(Xtr, ytr):.1%} | 100.0% |" in table        # training accuracy: RBF separates the moons
    assert f"| **Held-out accuracy** | {nn.score(X[held], y[held]):.1%} |" in table
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    assert not page_errors(at)
    table = next(m.value for m in at.markdown if "Kriege's comparison" in m.value)
    assert "| 100.0% |\n" not in table                             # no line through 0 separates them


def test_one_class_data_show_an_error_not_a_traceback():
    from ui import points

    at = open_page(LEARN)
    X = np.random.default_rng(0).normal(size=(20, 2))
    at.session_state[points.KEY] = points.Points(X, np.ones(20, dtype=int), preset(), edited=True)
    at.run()
    assert not page_errors(at)
    assert any("cannot be trained" in e.value and "one class" in e.value for e in at.error)


def test_overfitting_demo_states_the_numbers_it_plots():
    at = open_page(OVERFIT)
    text = " ".join(m.value for m in at.markdown)
    found = re.search(r"largest γ = 1000 the perceptron classifies \*\*(\d+)%\*\* .*? only \*\*(\d+)%\*\*", text)
    assert found, text[-800:]
    train, test = map(int, found.groups())
    assert train == 100 and test < 95
    assert any("Memorised" in w.value for w in at.warning)
    at.slider(key=KEY.demo_noise).set_value(0.0).run()
    assert not page_errors(at)


def test_the_objective_in_alpha_beside_the_picture_is_krieges_double_sum_at_the_step_shown():
    """Kriege's J(α) = (1/n) Σᵢ max{0, −Σⱼ αⱼ yᵢ yⱼ k(xᵢ, xⱼ)} with the step's numbers: 0 at α = 0, after one epoch
    the double loop over the replayed α (RBF γ = 1, the default split), 0 once fully trained (the moons separate)."""
    at = open_page(LEARN)
    X, y = kc.make_classification(*preset())
    held = reference_split(X, y)
    Xtr, ytr = X[~held], np.where(y[~held] == 1, 1.0, -1.0)
    n = len(ytr)
    model = kc.KernelPerceptron("rbf", epochs=10, seed=0, gamma=1.0).fit(X[~held], y[~held])
    K = np.exp(-np.sum((Xtr[:, None] - Xtr[None]) ** 2, axis=2))

    def shown():
        tex = next(l.value for l in at.latex if "J(\\boldsymbol\\alpha) = \\frac{1}{n}" in l.value and "tfrac" in l.value)
        return float(re.search(r"= (-?[\d.e+-]+) \\end\{array\}", tex).group(1))

    assert shown() == 0.0
    at.radio(key=KEY.unit).set_value("epoch").run()
    at.button(key=KEY.step_button).click().run()
    a = model.alpha_at(n)
    loop = sum(max(0.0, -sum(a[j] * ytr[i] * ytr[j] * K[i, j] for j in range(n))) for i in range(n)) / n
    assert shown() == pytest.approx(loop, rel=5e-4)
    while not at.button(key=KEY.step_button).disabled:
        at.button(key=KEY.step_button).click().run()
    assert shown() == 0.0
    assert any("stochastic subgradient step" in c.value for c in at.caption)


def test_knn_section_shows_k_chosen_by_cross_validation_as_sklearn_computes_it():
    """Kriege's "How to choose k? Cross-validation!" beside the picture: CV(k) of the slider's k and the least CV
    error, from scikit-learn's cross_val_score (KNeighborsClassifier, KFold(5, shuffle, seed 0)) on the training
    points of the default split."""
    from sklearn.model_selection import KFold, cross_val_score

    at = open_page(KNN)
    assert not page_errors(at)
    X, y = kc.make_classification(*preset())
    held = reference_split(X, y)
    Xtr, ytr = X[~held], y[~held]
    folds = KFold(5, shuffle=True, random_state=0)
    err = {k: 1 - cross_val_score(KNeighborsClassifier(n_neighbors=k), Xtr, ytr, cv=folds).mean() for k in range(1, 51)}
    best = min(err, key=lambda k: (round(err[k], 12), k))
    tex = next(l.value for l in at.latex if r"\mathrm{CV}(k)" in l.value)
    assert rf"\mathrm{{CV}}(5) = {err[5]:.3f}" in tex
    assert rf"\mathrm{{CV}}({best}) = {err[best]:.3f}" in tex
    at.select_slider(key=KEY.k).set_value(best).run()
    assert rf"\mathrm{{CV}}({best}) = {err[best]:.3f}" in next(l.value for l in at.latex if r"\mathrm{CV}(k)" in l.value)


def test_krieges_handwavy_proof_that_w_lies_in_the_span_is_on_the_learning_section():
    """Kriege's argument for ŵ = Σ αᵢ yᵢ xᵢ: the perceptron's update from w = 0 with its mistake test, and the
    SVM's shrinking step named beside it."""
    at = open_page(LEARN)
    assert not page_errors(at)
    tex = " ".join(lx.value for lx in at.latex)
    assert r"\mathbf w_0 = \mathbf 0" in tex and r"\mathbf w_t = \textstyle\sum_{j=1}^{n}\alpha_j\, y_j" in tex
    words = " ".join(m.value for m in at.markdown)
    assert "handwavy proof" in words and "(1 − 2ληₜ)w" in words and "representer theorem" in words
