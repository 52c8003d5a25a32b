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
