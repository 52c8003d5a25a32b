"""Property-based fuzz of the public core API: every name in `kernel_core.__all__` is called with arbitrary
arguments — good ones, extreme ones (1e308, 5e-324, 100 000 points) and bad ones (NaN, complex, text, wrong shapes,
negative or huge seeds, Decimal, integers beyond float range, arrays where a scalar goes). Each call must either
return finite arrays of the documented shape or raise ValueError / TypeError whose message is a sentence raised by
kernel_core itself (never a raw numpy, scipy or scikit-learn message).

The odd-argument sweep (tests/fuzz_cases_odd.py, tests/fuzz_cases_odd_estimators.py) calls every public function
and every method kernel_core defines on a public class (alpha_at, seed_alpha, reconstruct, step, predict, ...) with
each argument in turn replaced by each odd value; a test keeps the sweep complete as the API grows.

No call may hang: fuzz_support.run bounds every call by CALL_SECONDS of CPU time (a wall-clock deadline would
fail on a loaded machine without any hang). Deterministic (derandomize) and without an example database, so a
failure reproduces and nothing is written to the working tree; one failing call prints its arguments
(hypothesis' falsifying example)."""
import dataclasses
import inspect

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

import kernel_core as kc
from tests.fuzz_cases_data import (
    case_add_noise,
    case_approx_kernel_pca,
    case_approx_kernel_ridge,
    case_bilinear_kernel,
    case_centring_matrix,
    case_eigen_feature_map,
    case_feature_space_geometry,
    case_gaps,
    case_gram,
    case_graphs,
    case_kernel,
    case_kernel_kmeans,
    case_kernel_lpp,
    case_kernel_pca,
    case_laplacian_eigenmap,
    case_large_dataset,
    case_make_classification,
    case_make_manifold,
    case_make_sine,
    case_poly_feature_map,
    case_poly_feature_names,
    case_random_features,
    case_resolve_method,
    case_sin_cos_kernel,
    case_spectral,
)
from tests.fuzz_cases_learners import (
    case_cross_validate,
    case_cross_validate_grid,
    case_expansion_surface,
    case_gaussian_process,
    case_kernel_perceptron,
    case_kernel_ridge,
    case_knn_vote,
    case_ridge_helpers,
    case_svm,
    case_svm_helpers,
)
from tests.fuzz_cases_notes import (
    case_distributions,
    case_dual_derivation,
    case_fda,
    case_mercer,
    case_rbf_network,
    case_shift_probe,
    case_strings,
    case_walks,
    case_woodbury,
)
from tests.fuzz_cases_odd import FUNCTIONS, KERNELS, ODD
from tests.fuzz_cases_odd_estimators import ESTIMATORS
from tests.fuzz_cases_rkhs import (
    case_anova,
    case_closure_rules,
    case_independence,
    case_representer,
    case_rkhs,
    case_substituted_gaussian,
    case_vkv,
)
from tests.fuzz_support import (
    Refused,
    finite_answer,
    run,
)

FUZZ = settings(max_examples=100, deadline=None, derandomize=True, database=None,   # run() bounds each call
                phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False,  # no shrinking: bounded time
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
CONSTANTS = {"CLASSIFICATION_DATASETS", "MANIFOLDS", "DEFAULTS", "KERNEL_FUNCTIONS", "KERNEL_PARAMS", "MERCER",
             "PSD_RTOL", "SYMMETRY_RTOL", "Verdict", "DualPath", "WoodburySteps", "PAIRWISE"}   # records, not calls

CALLS = {**FUNCTIONS, **KERNELS, **ESTIMATORS}   # the odd-argument sweep: tests/fuzz_cases_odd*.py

CASES = {
    "gram": case_gram, "Kernel": case_kernel, "make_classification": case_make_classification,
    "make_sine": case_make_sine, "make_manifold": case_make_manifold, "large_dataset": case_large_dataset,
    "resolve_method": case_resolve_method, "poly_feature_map": case_poly_feature_map,
    "poly_feature_names": case_poly_feature_names, "eigen_feature_map": case_eigen_feature_map,
    "spectrum": case_spectral, "bilinear_kernel": case_bilinear_kernel,
    "feature_space_geometry": case_feature_space_geometry, "sin_cos_kernel": case_sin_cos_kernel,
    "add_noise": case_add_noise, "centring_matrix": case_centring_matrix, "laplacian_eigenmap": case_laplacian_eigenmap,
    "KernelPCA": case_kernel_pca, "ApproxKernelPCA": case_approx_kernel_pca, "ApproxKernelRidge": case_approx_kernel_ridge,
    "kpca_gap": case_gaps, "RandomFourierFeatures": case_random_features, "KernelPerceptron": case_kernel_perceptron,
    "KNNVote": case_knn_vote, "KernelRidge": case_kernel_ridge, "GaussianProcessRegressor": case_gaussian_process,
    "cross_validate": case_cross_validate, "power_features": case_ridge_helpers, "KernelSVM": case_svm,
    "expansion_surface": case_expansion_surface, "holdout_split": case_svm_helpers,
    "cross_validate_grid": case_cross_validate_grid,
    "substituted_gaussian": case_substituted_gaussian, "anova_kernel": case_anova,
    "rkhs_function": case_rkhs,
    "Warped": case_closure_rules, "vkv_both_ways": case_vkv,
    "knn_graph": case_graphs, "KernelLPP": case_kernel_lpp, "KernelKMeans": case_kernel_kmeans,
    "kernel_kmeans_init": case_kernel_kmeans, "mean_distances": case_kernel_kmeans,
    "hsic": case_independence, "representer_coefficients": case_representer,
    "dual_derivation": case_dual_derivation, "woodbury_steps": case_woodbury, "mercer_expansion": case_mercer,
    "RBFNetwork": case_rbf_network, "KernelFDA": case_fda, "spectrum_kernel": case_strings,
    "mean_embedding_kernel": case_distributions, "random_walk_kernel": case_walks,
    "shift_probe": case_shift_probe,
}
COVERED = {  # public names exercised by each case besides its own
    "KNNVote": {"knn_cross_validate"},
    "Warped": {"FeatureMapped", "MatrixKernel", "OnColumns", "Generative", "pairwise_gram"},
    "vkv_both_ways": {"negative_direction"},
    "hsic": {"kernel_rho", "hsic_permutations", "hsic_test", "make_dependence", "median_heuristic_gamma",
             "DEPENDENCE_KINDS"},
    "knn_graph": {"graph_laplacian", "diffusion_kernel", "node_ridge"},
    "rkhs_function": {"RKHSFunction", "rkhs_inner", "rkhs_norm"},
    "Kernel": {"as_kernel", "Sum", "Product", "Scaled", "Exp", "Polynomial"},
    "spectrum": {"is_psd", "is_symmetric", "verdict"},
    "ApproxKernelPCA": {"kernel_error"},
    "kpca_gap": {"ridge_gap"},
    "RandomFourierFeatures": {"NystroemFeatures"},
    "power_features": {"lam_from_kriege", "primal_ridge", "solve_costs", "kriege_ridge_objective"},
    "KernelSVM": {"SubgradientSVM", "decision_surface"},
    "holdout_split": {"C_from_lam", "lam_from_C", "margin_counts", "kriege_objective"},
    "anova_kernel": {"anova_parts", "anova_components"},
    "representer_coefficients": {"representer_objective", "orthogonal_direction"},
    "dual_derivation": {"DualPath", "primal_objective", "dual_objective", "dual_from_primal"},
    "woodbury_steps": {"WoodburySteps", "woodbury_inverse", "woodbury_costs"},
    "mercer_expansion": {"MercerExpansion"},
    "RBFNetwork": {"pick_centres", "ridge_to_network"},
    "KernelFDA": {"FisherDA", "fisher_laplacians", "local_affinity"},
    "spectrum_kernel": {"kmers", "spectrum_features", "nearest_mean_loo"},
    "mean_embedding_kernel": {"mmd2", "distribution_bags"},
    "random_walk_kernel": {"walk_bound", "small_graphs"},
}


def test_every_public_name_is_fuzzed():
    covered = set(CASES).union(*COVERED.values()) | CONSTANTS
    assert set(kc.__all__) - covered == set(), "public names without a fuzz case"
    assert covered - set(kc.__all__) == set(), "fuzz cases for names that are not public"


@pytest.mark.parametrize("name", list(CASES))
@FUZZ
@given(data=st.data())
def test_public_call_returns_finite_documented_shapes_or_a_sentence(name, data):
    try:
        CASES[name](data.draw)
        event("answered")
    except Refused:
        event("refused with a sentence")


# ---------------------------------------------------------------- the odd-argument sweep
def public_callables():
    """{name: signature parameters} of every public function of kernel_core and of every method that kernel_core
    defines on a public class (constructors and __call__ included; a method inherited by several classes once, by
    its qualified name; properties and private helpers left out). *args and **params are not named arguments."""
    out = {}
    for name in kc.__all__:
        obj = getattr(kc, name)
        if name in CONSTANTS:
            continue
        if inspect.isclass(obj):
            for klass in obj.__mro__:
                if not klass.__module__.startswith("kernel_core"):
                    continue
                for attr, value in vars(klass).items():
                    if attr == "__init__" and dataclasses.is_dataclass(klass):
                        continue   # a result record's generated constructor: the library builds it, not the caller
                    public = not attr.startswith("_") or attr in ("__init__", "__call__", "__add__", "__mul__")
                    if public and inspect.isfunction(value):
                        out.setdefault(value.__qualname__, value)
        elif callable(obj):
            out[name] = obj
    return {name: [p.name for p in inspect.signature(fn).parameters.values()
                   if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
            for name, fn in out.items()}


def test_every_public_function_and_method_is_swept_with_every_argument():
    expected = public_callables()
    swept = {}                                    # "_Composite.combine (Sum)" sweeps _Composite.combine
    for key, (_, good) in CALLS.items():
        swept.setdefault(key.split(" (")[0], []).append(set(good))
    assert set(expected) - set(swept) == set(), "public functions or methods without an odd-argument sweep"
    assert set(swept) - set(expected) == set(), "sweeps for names that are not public"
    for name, params in expected.items():
        assert all(set(params) <= good for good in swept[name]), f"{name}: arguments the sweep never replaces"


@pytest.mark.parametrize("name", sorted(CALLS))
def test_odd_argument_gets_a_sentence_or_a_finite_answer(name):
    """Each argument in turn, each odd value: ValueError / TypeError with the project's sentence, or a finite answer,
    within the per-call CPU bound."""
    call, good = CALLS[name]
    finite_answer(run(lambda: call(**good)), f"{name} with good arguments")   # good arguments: an answer
    for arg in good:
        for kind, odd in ODD.items():
            try:
                out = run(lambda a=arg, v=odd: call(**{**good, a: v}))
            except Refused:
                continue
            except AssertionError as err:
                raise AssertionError(f"{name}({arg}={kind}): {err}") from None
            finite_answer(out, f"{name}({arg}={kind})")


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_two_odd_arguments_at_once(data):
    """Hypothesis draws a call and two of its arguments and replaces both by odd values (or one odd value and a
    number drawn near the limits of floating point)."""
    name = data.draw(st.sampled_from(sorted(n for n, (_, good) in CALLS.items() if len(good) >= 2)))
    call, good = CALLS[name]
    first, second = data.draw(st.permutations(sorted(good)))[:2]
    values = st.sampled_from(list(ODD.values())) | st.sampled_from([5e-324, 1e-300, 1e300, -1.7e308, 2**53, 2**53 + 1])
    args = {**good, first: data.draw(values), second: data.draw(values)}
    try:
        finite_answer(run(lambda: call(**args)), f"{name}({first}, {second})")
    except Refused:
        pass
