"""The lecture map on Home (pages/home/lecture_map.py): every address it lists is a section of TOPICS, every text is
there in its own order, and Home draws one link per mapped item to that section's page."""
from pages import TOPICS, url_path
from pages.home import lecture_map
from tests.app_pages import open_page, page_errors

AUTHORS = ["Held", "Bishop's notes", "Sugiyama", "Kriege", "Nguyen"]


def test_every_listed_section_exists_in_topics():
    addresses = {url_path(t, s) for t in TOPICS for s in t.sections}
    listed = [where for _, _, items in lecture_map.TEXTS for _, where in items if where is not None]
    assert listed and set(listed) <= addresses, set(listed) - addresses


def test_the_five_texts_each_with_their_items():
    assert [author for author, _, _ in lecture_map.TEXTS] == AUTHORS
    for author, _, items in lecture_map.TEXTS:
        assert len(items) >= 5, author
        assert len({item for item, _ in items}) == len(items), f"{author} lists an item twice"
        assert sum(where is not None for _, where in items) >= len(items) // 2, author


def test_the_texts_own_order_is_kept():
    """Spot checks against the texts: Held's kPCA comes before his Woodbury step and kernel ridge; Kriege's perceptron
    before his SVM objective and the representer theorem last but one; Bishop's notes' dual before the GPs."""
    def position(author, words):
        items = next(items for a, _, items in lecture_map.TEXTS if a == author)
        return next(i for i, (item, _) in enumerate(items) if words in item)

    assert position("Held", "Centring") < position("Held", "Woodbury") < position("Held", "Kernel ridge")
    assert position("Kriege", "kernelized perceptron") < position("Kriege", "SVM objective") < position(
        "Kriege", "representer")
    assert position("Bishop's notes", "Dual representation") < position("Bishop's notes", "Gaussian processes")


def test_home_renders_the_map_with_a_link_per_mapped_item():
    at = open_page("pages/home/overview.py")
    assert not page_errors(at)
    links = at.get("page_link")
    mapped = [(item, where) for _, _, items in lecture_map.TEXTS for item, where in items if where is not None]
    labels = [link.value for link in links]
    sections = lecture_map.by_address()
    by_label = {link.value: link.proto.page for link in links}
    for item, where in mapped:   # each mapped item links to its section's address
        label = next((label for label in labels if label.endswith(f"{item} → {sections[where][1].title}")), None)
        assert label is not None, item
        assert by_label[label] == where
    missing = [item for _, _, items in lecture_map.TEXTS for item, where in items if where is None]
    texts = " ".join(m.value for m in at.markdown)
    assert all(f"{item} — *not in the app yet*" in texts for item in missing)
    assert [t.label for t in at.tabs] == AUTHORS


# What each text writes, read from the texts themselves (not from the app): the Gaussian's width, the ridge penalty
# and Φ by rows or by columns, as the app's γ, λ and C must be read in it.
NOTATION = {
    "Held": ["the app's γ is Held's γ", "the app's λ is Held's λ", "K = XXᵀ"],
    "Bishop's notes": ["exp(−‖x − x′‖²/(2σ²))", "γ = 1/(2σ²)", "the app's λ is this λ", "K = ΦΦᵀ"],
    "Sugiyama": ["exp(−‖x − x′‖²/c²)", "γ = 1/c²"],
    "Kriege": ["exp(−‖x − x′‖²/h²)", "γ = 1/h²", "exp(−‖x − x′‖₁/h)", "γ = 1/h", "λ is Kriege's nλ", "1/(2nλ)",
               "K = ΦᵀΦ"],
    "Nguyen": ["γ = 1/(2σ²)", "the app's λ is this λ", "K = ΦΦᵀ"],
}


def test_each_texts_notation_is_mapped_to_the_apps():
    assert set(lecture_map.CONVENTIONS) == set(AUTHORS)
    for author, expected in NOTATION.items():
        text = " ".join(lecture_map.CONVENTIONS[author])
        for words in expected:
            assert words in text, (author, words)


def test_the_mapped_numbers_hold():
    """The examples in the notation lines, computed: σ = 1 is γ = 0.5, c = 2 is γ = 0.25, and Kriege's λ = 0.01 with
    n = 40 is the app's 0.4 (the same α from scikit-learn's KernelRidge, whose alpha is the app's λ)."""
    import re

    import numpy as np
    from sklearn.kernel_ridge import KernelRidge

    from kernel_core import KernelRidge as AppRidge

    NUM = r"(\d+(?:\.\d+)?)"
    bishop, sugiyama = lecture_map.CONVENTIONS["Bishop's notes"][0], lecture_map.CONVENTIONS["Sugiyama"][0]
    sigma, gamma = map(float, re.search(rf"σ = {NUM} is γ = {NUM}", bishop).groups())
    assert gamma == 1 / (2 * sigma ** 2)
    c, gamma = map(float, re.search(rf"c = {NUM} is γ = {NUM}", sugiyama).groups())
    assert gamma == 1 / c ** 2
    n, app, kriege = map(float, re.search(rf"n = {NUM} points the app's λ = {NUM} is Kriege's λ = {NUM}",
                                          " ".join(lecture_map.CONVENTIONS["Kriege"])).groups())
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(int(n), 2)), rng.normal(size=int(n))
    K = np.exp(-((X[:, None] - X[None]) ** 2).sum(-1))
    alpha_kriege = np.linalg.solve(K + n * kriege * np.eye(int(n)), y)      # Kriege's (K + nλI)α = y
    assert np.allclose(alpha_kriege, KernelRidge(alpha=app, kernel="rbf", gamma=1.0).fit(X, y).dual_coef_)
    assert np.allclose(alpha_kriege, AppRidge("rbf", lam=app, gamma=1.0).fit(X, y).dual_coef_)


def test_home_shows_each_texts_notation():
    at = open_page("pages/home/overview.py")
    texts = " ".join(m.value for m in at.markdown)
    for lines in lecture_map.CONVENTIONS.values():
        for line in lines:
            assert line in texts


# Sections that show a text's item through a shared helper which names the author (ui.formulas.other_notations
# writes each text's notation of the kernel, Nguyen's among them).
NAMED_ELSEWHERE = {("Nguyen", "kernels"): "ui/formulas.py"}


def test_every_mapped_section_names_the_text_it_shows():
    """A lecturer following one text lands on sections that say which of its formulas they show: the section's
    module (or the shared helper it draws the item with) names the text's author."""
    missing = []
    for author, _, items in lecture_map.TEXTS:
        name = author.removesuffix("'s notes")
        for item, where in items:
            if where is None:
                continue
            _, section = lecture_map.by_address()[where]
            source = open(NAMED_ELSEWHERE.get((author, where), section.module), encoding="utf-8").read()
            if name not in source:
                missing.append((author, item, where))
    assert not missing, missing
