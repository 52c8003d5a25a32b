"""AppTest of Beyond vectors › Sequence kernels: the Gram matrix on screen against scikit-learn's CountVectorizer
(K = CCᵀ of character k-gram counts), the first pair's sum, the leave-one-out labels against NearestCentroid, lines
that cannot be read, and the exercise's k = 8."""
import base64
import json

import numpy as np
import pytest
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.neighbors import NearestCentroid

from pages.graphs.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import STRINGS as R

FILE = "pages/graphs/strings.py"
STRINGS = [line[2:] for line in R["default"]]
Y = np.array([1 if line[0] == "+" else -1 for line in R["default"]])


def gram(at):
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.strings_chart}")))
    z = spec["data"][0]["z"]
    if isinstance(z, dict):
        shape = tuple(int(v) for v in str(z["shape"]).split(","))     # Plotly writes "10, 10"
        return np.frombuffer(base64.b64decode(z["bdata"]), z["dtype"]).reshape(shape), spec
    return np.asarray(z), spec


def counts(k, strings=STRINGS):
    return CountVectorizer(analyzer="char", ngram_range=(k, k), lowercase=False).fit_transform(strings).toarray()


@pytest.mark.filterwarnings("ignore:self.within_class_std_dev_")   # NearestCentroid's note on constant counts
def test_gram_matrix_pair_sum_and_loo_labels_against_sklearn():
    at = open_page(FILE)
    assert not page_errors(at) and not at.error
    C = counts(3)
    K, spec = gram(at)
    np.testing.assert_allclose(K, C @ C.T)
    text = " ".join(lx.value for lx in at.latex)
    assert rf"&= {int(C[0] @ C[1])}\end{{aligned}}" in text                     # k(s₁, s₂) written out, then its value
    loo = [NearestCentroid().fit(np.delete(C, i, 0), np.delete(Y, i)).predict(C[i:i + 1])[0] for i in range(len(Y))]
    marks = ["✓" if p == c else "✗" for p, c in zip(loo, Y)]
    assert [t[-1] for t in spec["layout"]["yaxis"]["ticktext"]] == marks
    acc = np.mean(np.array(loo) == Y)
    assert f"nearest class mean: {100 * acc:.0f} %" in " ".join(c.value for c in at.caption)
    assert "PSD ✓" in " ".join(c.value for c in at.caption)


def test_lines_that_cannot_be_read_get_a_sentence():
    at = open_page(FILE)
    at.text_area(key=KEY.strings).set_value("+ GATTACA\nGATTACA\n- CC GG\n- $\\alpha$\n+ ACGT\n- TTTT\n").run()
    assert not page_errors(at) and not at.error
    warning = " ".join(w.value for w in at.warning)
    assert "line 2 does not start with + or −" in warning and "line 3 has characters other than" in warning
    K, _ = gram(at)
    C = counts(3, ["GATTACA", "ACGT", "TTTT"])
    np.testing.assert_allclose(K, C @ C.T)
    assert any("two strings of each class" in i.value for i in at.info)


def test_k_eight_normalised_is_the_identity_and_loo_fails():
    at = open_page(FILE)
    at.slider(key=KEY.spectrum_k).set_value(8).run()
    at.toggle(key=KEY.normalize).set_value(True).run()
    assert not page_errors(at)
    K, _ = gram(at)
    C = counts(8)
    norms = np.sqrt(np.sum(C ** 2, axis=1))
    np.testing.assert_allclose(K, (C @ C.T) / np.outer(norms, norms), atol=1e-6)
    np.testing.assert_allclose(K, np.eye(len(STRINGS)), atol=1e-6)
    assert "nearest class mean: 0 %" in " ".join(c.value for c in at.caption)


def test_the_exercise_check_shows_k_eight():
    at = open_page(FILE)
    at.radio(key="graphs_ex_graphs_spectrum_k").set_value(1).run()
    at.button(key="graphs_ex_graphs_spectrum_k_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    assert "nearest class mean: 0 %" in " ".join(c.value for c in at.caption)
