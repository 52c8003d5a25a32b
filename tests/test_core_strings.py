"""The k-spectrum string kernel (kernel_core.strings): the count vectors against scikit-learn's CountVectorizer of
character k-grams, K = ΦΦᵀ against a double loop over every substring, the normalised kernel against the cosine of the
count vectors, PSD for any strings, and the kernel-only nearest-mean classifier against scikit-learn's NearestCentroid
on explicit count vectors, left one out."""
import numpy as np
import pytest
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.metrics.pairwise import cosine_similarity
from sklearn.neighbors import NearestCentroid

import kernel_core as kc

STRINGS = ["GATTACAGATA", "AGATAGGATAC", "TTGATAGATTA", "CCGGCGTACCG", "ACCGGTCCGGA", "TCCGGAACGCG", "AAAA", "AB"]
Y = np.array([1, 1, 1, -1, -1, -1, 1, -1])


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_counts_are_sklearns_character_kgrams(k):
    Phi, vocabulary = kc.spectrum_features(STRINGS, k)
    cv = CountVectorizer(analyzer="char", ngram_range=(k, k), lowercase=False).fit(STRINGS)
    assert vocabulary == list(cv.get_feature_names_out())
    np.testing.assert_array_equal(Phi, cv.transform(STRINGS).toarray())


@pytest.mark.parametrize("k", [1, 3, 4])
def test_kernel_is_a_double_loop_over_substrings(k):
    K = kc.spectrum_kernel(STRINGS, k)
    for i, s in enumerate(STRINGS):
        for j, t in enumerate(STRINGS):
            slow = sum(s[a:a + k] == t[b:b + k] for a in range(len(s) - k + 1) for b in range(len(t) - k + 1))
            assert K[i, j] == slow
    assert kc.is_psd(K)


def test_normalised_kernel_is_the_cosine_of_the_counts():
    counts = CountVectorizer(analyzer="char", ngram_range=(3, 3), lowercase=False).fit_transform(STRINGS[:6])
    np.testing.assert_allclose(kc.spectrum_kernel(STRINGS[:6], 3, normalize=True), cosine_similarity(counts),
                               atol=1e-12)
    K = kc.spectrum_kernel(["AB", "ABC"], 3, normalize=True)      # "AB" has no 3-mer: a zero row, no NaN
    np.testing.assert_array_equal(K, [[0.0, 0.0], [0.0, 1.0]])


@pytest.mark.filterwarnings("ignore:self.within_class_std_dev_")   # NearestCentroid's note on constant counts
@pytest.mark.parametrize("k", [2, 3])
def test_nearest_mean_loo_is_sklearns_nearest_centroid_left_one_out(k):
    counts = CountVectorizer(analyzer="char", ngram_range=(k, k), lowercase=False).fit_transform(STRINGS).toarray()
    expected = []
    for i in range(len(STRINGS)):
        keep = np.arange(len(STRINGS)) != i
        expected.append(NearestCentroid().fit(counts[keep], Y[keep]).predict(counts[i:i + 1])[0])
    predicted, D = kc.nearest_mean_loo(kc.spectrum_kernel(STRINGS, k), Y)
    np.testing.assert_array_equal(predicted, expected)
    i = 0                                                  # one squared distance in full: string 0 to class −1's mean
    mu = counts[Y == -1].mean(axis=0)
    assert D[i, 0] == pytest.approx(np.sum((counts[i] - mu) ** 2), rel=1e-12)


def test_bad_inputs_get_a_sentence():
    with pytest.raises(ValueError, match="two of each class"):
        kc.nearest_mean_loo(np.eye(3), [1, 1, -1])
    with pytest.raises(TypeError, match="must be a string"):
        kc.spectrum_kernel(["AB", 3], 1)
    with pytest.raises(ValueError, match="at most 200"):
        kc.spectrum_features(["A" * 201], 2)
