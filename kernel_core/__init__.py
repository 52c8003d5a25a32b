"""kernel_core: the numerical heart of Kernelscope. Pure numpy / scipy (scikit-learn where it is the
solver or the data generator); never imports streamlit or plotly.

    from kernel_core import gram, Kernel, spectrum, is_psd
"""
from .algebra import Exp, Kernel, Polynomial, Product, Scaled, Sum, as_kernel
from .anova import anova_components, anova_kernel, anova_parts
from .closure import PAIRWISE, FeatureMapped, Generative, MatrixKernel, OnColumns, Warped, pairwise_gram
from .datasets import CLASSIFICATION_DATASETS, MANIFOLDS, make_classification, make_manifold, make_sine
from .distributions import distribution_bags, mean_embedding_kernel, mmd2
from .dual import DualPath, dual_derivation, dual_from_primal, dual_objective, primal_objective
from .eigen_map import eigen_feature_map
from .fda import FisherDA, KernelFDA, fisher_laplacians, local_affinity
from .feature_maps import poly_feature_map, poly_feature_names
from .gaussian_process import GaussianProcessRegressor
from .geometry import bilinear_kernel, feature_space_geometry, sin_cos_kernel
from .graphs import diffusion_kernel, graph_laplacian, knn_graph, node_ridge
from .independence import DEPENDENCE_KINDS, hsic, hsic_permutations, hsic_test, kernel_rho, make_dependence, median_heuristic_gamma
from .kernel_approximation import NystroemFeatures, RandomFourierFeatures
from .kernels import DEFAULTS, KERNEL_FUNCTIONS, KERNEL_PARAMS, MERCER, gram
from .kmeans import KernelKMeans, kernel_kmeans_init, mean_distances
from .kpca import KernelPCA, add_noise, centring_matrix, laplacian_eigenmap
from .large_n import ApproxKernelPCA, ApproxKernelRidge, kernel_error, kpca_gap, large_dataset, resolve_method, ridge_gap
from .lpp import KernelLPP
from .mercer import MercerExpansion, mercer_expansion
from .model_selection import cross_validate_grid, holdout_split
from .perceptron import KernelPerceptron, KNNVote, knn_cross_validate
from .quadratic import negative_direction, vkv_both_ways
from .rbf_network import RBFNetwork, pick_centres, ridge_to_network
from .representer import orthogonal_direction, representer_coefficients, representer_objective
from .ridge import (
    KernelRidge,
    cross_validate,
    kriege_ridge_objective,
    lam_from_kriege,
    power_features,
    primal_ridge,
    solve_costs,
)
from .ridge import lam_from_seed003 as lam_from_seed003  # deprecated name, for one release
from .rkhs import RKHSFunction, rkhs_function, rkhs_inner, rkhs_norm
from .spectral import PSD_RTOL, SYMMETRY_RTOL, Verdict, is_psd, is_symmetric, spectrum, verdict
from .stationary import shift_probe
from .strings import kmers, nearest_mean_loo, spectrum_features, spectrum_kernel
from .subgradient import SubgradientSVM
from .substitution import substituted_gaussian
from .surface import decision_surface, expansion_surface
from .svm import C_from_lam, KernelSVM, kriege_objective, lam_from_C, margin_counts
from .svm import seed_objective as seed_objective  # deprecated name, for one release
from .walks import random_walk_kernel, small_graphs, walk_bound
from .woodbury import WoodburySteps, woodbury_costs, woodbury_inverse, woodbury_steps

__all__ = [
    "Exp", "Kernel", "Polynomial", "Product", "Scaled", "Sum", "as_kernel",
    "PAIRWISE", "FeatureMapped", "Generative", "MatrixKernel", "OnColumns", "Warped", "pairwise_gram",
    "negative_direction", "vkv_both_ways",
    "anova_components", "anova_kernel", "anova_parts",
    "CLASSIFICATION_DATASETS", "MANIFOLDS", "make_classification", "make_manifold", "make_sine",
    "NystroemFeatures", "RandomFourierFeatures", "eigen_feature_map", "poly_feature_map", "poly_feature_names",
    "bilinear_kernel", "feature_space_geometry", "sin_cos_kernel",
    "DEPENDENCE_KINDS", "hsic", "hsic_permutations", "hsic_test", "kernel_rho", "make_dependence", "median_heuristic_gamma",
    "diffusion_kernel", "graph_laplacian", "knn_graph", "node_ridge", "KernelLPP",
    "KernelKMeans", "kernel_kmeans_init", "mean_distances",
    "DEFAULTS", "KERNEL_FUNCTIONS", "KERNEL_PARAMS", "MERCER", "gram",
    "KernelPCA", "add_noise", "centring_matrix", "laplacian_eigenmap",
    "ApproxKernelPCA", "ApproxKernelRidge", "kernel_error", "kpca_gap", "large_dataset", "resolve_method", "ridge_gap",
    "KernelPerceptron", "KNNVote", "knn_cross_validate",
    "orthogonal_direction", "representer_coefficients", "representer_objective",
    "RKHSFunction", "rkhs_function", "rkhs_inner", "rkhs_norm",
    "MercerExpansion", "mercer_expansion",
    "RBFNetwork", "pick_centres", "ridge_to_network",
    "FisherDA", "KernelFDA", "fisher_laplacians", "local_affinity",
    "kmers", "nearest_mean_loo", "spectrum_features", "spectrum_kernel",
    "distribution_bags", "mean_embedding_kernel", "mmd2",
    "random_walk_kernel", "small_graphs", "walk_bound", "shift_probe",
    "WoodburySteps", "woodbury_costs", "woodbury_inverse", "woodbury_steps",
    "DualPath", "dual_derivation", "dual_from_primal", "dual_objective", "primal_objective",
    "GaussianProcessRegressor", "KernelRidge", "cross_validate", "kriege_ridge_objective", "lam_from_kriege",
    "power_features", "primal_ridge", "solve_costs",
    "PSD_RTOL", "SYMMETRY_RTOL", "Verdict", "is_psd", "is_symmetric", "spectrum", "verdict",
    "decision_surface", "expansion_surface",
    "substituted_gaussian",
    "C_from_lam", "KernelSVM", "SubgradientSVM", "cross_validate_grid", "holdout_split", "lam_from_C", "margin_counts",
    "kriege_objective",
]
