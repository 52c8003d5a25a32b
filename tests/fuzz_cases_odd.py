"""The odd-argument sweep of the fuzz (tests/test_core_fuzz.py): every public function of kernel_core and every
method kernel_core defines on a public class, with good arguments, so that one argument at a time can be replaced
by an odd value (None, NaN, inf, text, an array where a scalar goes, an integer beyond float range, a Decimal).

FUNCTIONS and KERNELS here, and ESTIMATORS in tests/fuzz_cases_odd_estimators.py (the sweep's CALLS is the three
together), map a name (a function's name, or a method's qualified name such as "KernelSVM.seed_alpha", with the class
it is swept on in brackets when a shared method is swept on several) to (call, good): call(**good) must answer;
the sweep then calls call(**good | {arg: odd}) for each arg and each odd value."""
from decimal import Decimal

import numpy as np

import kernel_core as kc

RNG = np.random.default_rng(7)
X = RNG.normal(size=(8, 2))
Q = RNG.normal(size=(3, 2))
Y_PM = np.array([-1, 1] * 4)
T = np.sin(X[:, 0])
K = kc.gram(X, kernel="rbf", gamma=1.0)
A8 = np.linspace(-1.0, 1.0, 8)
X12, Y12 = RNG.normal(size=(12, 2)), np.array([-1, 1] * 6)
PHI, W5 = RNG.normal(size=(3, 5)), np.linspace(-1.0, 1.0, 5)
T3 = np.array([1.0, -0.5, 0.25])
GRID = np.linspace(-2.0, 2.0, 5)
RBF, LIN = kc.Kernel("rbf", gamma=1.0), kc.Kernel("linear")
ADJ = kc.knn_graph(X, 3)
LAP = kc.graph_laplacian(ADJ)

ODD = {
    "None": None, "nan": float("nan"), "numpy nan": np.float64("nan"), "inf": float("inf"), "-inf": -float("inf"),
    "text '1'": "1", "text 'x'": "x", "empty text": "", "array (2,)": np.array([1.0, 2.0]), "list [1.0]": [1.0],
    "array (2, 2)": np.ones((2, 2)), "2**70": 2**70, "10**400": 10**400, "-10**400": -(10**400), "10**9": 10**9,
    "Decimal NaN": Decimal("NaN"), "Decimal 1.5": Decimal("1.5"), "Decimal 2": Decimal("2"),
    "Decimal 1e400": Decimal("1e400"), "True": True, "complex": 1j, "-1": -1, "0": 0, "dict": {},
}


FUNCTIONS = {
    "as_kernel": (kc.as_kernel, dict(kernel="rbf", gamma=1.0)),
    "negative_direction": (kc.negative_direction, dict(K=K)),
    "vkv_both_ways": (kc.vkv_both_ways, dict(X=X, v=A8, kernel="poly", degree=2)),
    "anova_components": (kc.anova_components, dict(X=X, alpha=A8, T=Q, kernel="rbf", gamma=1.0)),
    "anova_kernel": (kc.anova_kernel, dict(X=X, Y=Q, gamma=1.0)),
    "anova_parts": (kc.anova_parts, dict(X=X, Y=Q, kernel="rbf", gamma=1.0)),
    "make_classification": (kc.make_classification, dict(name="moons", n_samples=20, noise=0.1, seed=0)),
    "make_manifold": (kc.make_manifold, dict(name="s_curve", n_samples=20, noise=0.05, seed=0)),
    "make_sine": (kc.make_sine, dict(n_samples=20, noise=0.2, seed=0, x_range=(0.0, 6.0))),
    "eigen_feature_map": (kc.eigen_feature_map, dict(K=K, q=2)),
    "poly_feature_map": (kc.poly_feature_map, dict(X=X, degree=2, gamma=1.0, coef0=1.0)),
    "poly_feature_names": (kc.poly_feature_names, dict(n_features=2, degree=2, gamma=1.0, coef0=1.0, latex=False)),
    "bilinear_kernel": (kc.bilinear_kernel, dict(X=X, Y=Q, M=np.eye(2))),
    "feature_space_geometry": (kc.feature_space_geometry, dict(x=X[0], z=X[1], kernel="rbf", gamma=1.0)),
    "sin_cos_kernel": (kc.sin_cos_kernel, dict(x=X[:, 0], z=Q[:, 0])),
    "hsic": (kc.hsic, dict(X=X[:, :1], Y=X[:, 1:], kx=RBF, ky=RBF)),
    "hsic_permutations": (kc.hsic_permutations, dict(X=X[:, :1], Y=X[:, 1:], kx=RBF, ky=RBF, n_permutations=9,
                                                     seed=0)),
    "hsic_test": (kc.hsic_test, dict(X=X[:, :1], Y=X[:, 1:], kx=RBF, ky=RBF, n_permutations=9, seed=0)),
    "kernel_rho": (kc.kernel_rho, dict(X=X[:, :1], Y=X[:, 1:], kx=RBF, ky=RBF)),
    "make_dependence": (kc.make_dependence, dict(kind="square", n_samples=20, noise=0.1, seed=0)),
    "median_heuristic_gamma": (kc.median_heuristic_gamma, dict(X=X)),
    "diffusion_kernel": (kc.diffusion_kernel, dict(L=LAP, beta=0.5)),
    "graph_laplacian": (kc.graph_laplacian, dict(A=ADJ)),
    "knn_graph": (kc.knn_graph, dict(X=X, n_neighbors=3)),
    "node_ridge": (kc.node_ridge, dict(K=kc.diffusion_kernel(LAP, 0.5), labelled=np.array([0, 1]),
                                       y=np.array([1.0, -1.0]), lam=0.1)),
    "gram": (kc.gram, dict(X=X, Y=Q, kernel="rbf", gamma=1.0)),
    "add_noise": (kc.add_noise, dict(X=X, noise=0.1, seed=0)),
    "centring_matrix": (kc.centring_matrix, dict(n=5)),
    "laplacian_eigenmap": (kc.laplacian_eigenmap, dict(X=X, n_components=2, n_neighbors=3)),
    "kernel_error": (kc.kernel_error, dict(fitted_map=kc.NystroemFeatures(4, 1.0, 0).fit(X), X=X, gamma=1.0, size=5,
                                           seed=0)),
    "kpca_gap": (kc.kpca_gap, dict(X=X, n_components=2, method="nystroem", n_features=5, gamma=1.0, size=6, seed=0)),
    "large_dataset": (kc.large_dataset, dict(name="moons", n_samples=30, noise=0.1, seed=0)),
    "resolve_method": (kc.resolve_method, dict(method="auto-rff", n=100)),
    "ridge_gap": (kc.ridge_gap, dict(X=X, y=T, grid=Q, method="rff", n_features=10, gamma=1.0, lam=0.1, size=6, seed=0)),
    "orthogonal_direction": (kc.orthogonal_direction, dict(Phi=PHI, v=None, along=RNG.normal(size=(4, 5)))),
    "representer_coefficients": (kc.representer_coefficients, dict(Phi=PHI, y=np.array([1.0, -1.0, 1.0]), lam=0.1,
                                                                   loss="hinge")),
    "representer_objective": (kc.representer_objective, dict(Phi=PHI, y=np.array([1.0, -1.0, 1.0]), w=W5, lam=0.1,
                                                             loss="hinge")),
    "rkhs_function": (kc.rkhs_function, dict(centres=X, alpha=A8, kernel="rbf", gamma=1.0)),
    "rkhs_inner": (kc.rkhs_inner, dict(a=A8, X=X, b=np.ones(3), Y=Q, kernel="rbf", gamma=1.0)),
    "rkhs_norm": (kc.rkhs_norm, dict(alpha=A8, X=X, kernel="rbf", squared=False, gamma=1.0)),
    "cross_validate": (kc.cross_validate, dict(X=X, y=T, kernel="rbf", lams=(0.1, 1.0), grid=None, n_folds=2, seed=0,
                                               scheme="monte_carlo", test_size=0.25, gamma=1.0)),
    "lam_from_kriege": (kc.lam_from_kriege, dict(lam_kriege=0.1, n=10)),
    "power_features": (kc.power_features, dict(x=X[:, 0], degree=3)),
    "primal_ridge": (kc.primal_ridge, dict(X=X, y=T, lam=0.1)),
    "kriege_ridge_objective": (kc.kriege_ridge_objective, dict(K=K, y=T, alpha=A8, lam=0.1)),
    "solve_costs": (kc.solve_costs, dict(n=100, p=3)),
    "is_psd": (kc.is_psd, dict(K=K, rtol=1e-8)),
    "is_symmetric": (kc.is_symmetric, dict(K=K)),
    "spectrum": (kc.spectrum, dict(K=K)),
    "verdict": (kc.verdict, dict(K=K, rtol=1e-8)),
    "decision_surface": (kc.decision_surface, dict(model=kc.KernelSVM("rbf", 1.0).fit(X, Y_PM), xs=GRID, ys=GRID)),
    "expansion_surface": (kc.expansion_surface, dict(points=X, weights=A8, bias=0.0, kernel=RBF, xs=GRID, ys=GRID)),
    "substituted_gaussian": (kc.substituted_gaussian, dict(X=X, Y=Q, inner="linear", sigma=1.0)),
    "C_from_lam": (kc.C_from_lam, dict(lam=0.01, n=10)),
    "lam_from_C": (kc.lam_from_C, dict(C=1.0, n=10)),
    "cross_validate_grid": (kc.cross_validate_grid, dict(X=X, y=Y_PM, Cs=[1.0], gammas=[1.0],
                                                         make_kernel=lambda g: kc.Kernel("rbf", gamma=g), folds=2,
                                                         seed=0)),
    "holdout_split": (kc.holdout_split, dict(y=Y12, test_size=0.3, seed=0, X=X12)),
    "margin_counts": (kc.margin_counts, dict(y=Y_PM, f=T)),
    "kriege_objective": (kc.kriege_objective, dict(K=K, y=Y_PM, alpha=np.abs(A8), b=0.0, lam=0.1)),
    "primal_objective": (kc.primal_objective, dict(Phi=PHI, t=T3, w=W5, lam=0.1)),
    "dual_objective": (kc.dual_objective, dict(K=PHI @ PHI.T, t=T3, a=np.ones(3), lam=0.1)),
    "dual_from_primal": (kc.dual_from_primal, dict(Phi=PHI, t=T3, w=W5, lam=0.1)),
    "dual_derivation": (kc.dual_derivation, dict(Phi=PHI, t=T3, lam=0.1, max_steps=1000, record=(0, 5, 50), rtol=1e-12)),
    "woodbury_inverse": (kc.woodbury_inverse, dict(A=0.5 * np.eye(3), U=PHI[:, :2], C=np.eye(2), V=PHI[:, :2].T)),
    "woodbury_steps": (kc.woodbury_steps, dict(X=PHI, lam=0.1)),
    "woodbury_costs": (kc.woodbury_costs, dict(n=100, p=3)),
    "mercer_expansion": (kc.mercer_expansion, dict(kernel="rbf", a=-3.0, b=3.0, n_grid=40, gamma=1.0)),
    "pick_centres": (kc.pick_centres, dict(X=X, m=3)),
    "kmers": (kc.kmers, dict(s="GATTACA", k=2)),
    "shift_probe": (lambda kernel, x0s, d, gamma: kc.shift_probe(kernel, x0s, d, gamma=gamma),
                    dict(kernel="rbf", x0s=Q, d=np.array([1.0, 0.5]), gamma=1.0)),
    "random_walk_kernel": (kc.random_walk_kernel, dict(graphs=[ADJ, np.ones((3, 3))], lam=0.01, normalize=True)),
    "walk_bound": (kc.walk_bound, dict(graphs=[ADJ, np.ones((3, 3))])),
    "small_graphs": (kc.small_graphs, {}),
    "mean_embedding_kernel": (lambda samples, kernel, gamma: kc.mean_embedding_kernel(samples, kernel, gamma=gamma),
                              dict(samples=[X, Q], kernel="rbf", gamma=1.0)),
    "mmd2": (lambda X, Y, kernel: kc.mmd2(X, Y, kernel), dict(X=X, Y=Q, kernel="rbf")),
    "distribution_bags": (kc.distribution_bags, dict(n_bags=2, n_points=10, seed=0)),
    "spectrum_features": (kc.spectrum_features, dict(strings=["GATTACA", "CCGG"], k=2)),
    "spectrum_kernel": (kc.spectrum_kernel, dict(strings=["GATTACA", "CCGG"], k=2, normalize=True)),
    "nearest_mean_loo": (kc.nearest_mean_loo, dict(K=K, y=Y_PM)),
    "fisher_laplacians": (kc.fisher_laplacians, dict(y=Y_PM, affinity=np.ones((8, 8)))),
    "local_affinity": (kc.local_affinity, dict(X=X, n_neighbors=3)),
    "ridge_to_network": (kc.ridge_to_network, dict(X=X, y=T, gamma=1.0, lams=[0.1, 1e-3], X_eval=Q)),
}

KERNELS = {   # the kernel classes: constructor, call and latex of each; the base class's shared methods once
    "Kernel.__init__": (lambda name, gamma: kc.Kernel(name, gamma=gamma), dict(name="rbf", gamma=1.0)),
    "Kernel.__call__": (lambda X, Y: RBF(X, Y), dict(X=X, Y=Q)),
    "Kernel.diag": (lambda X: RBF.diag(X), dict(X=X)),
    "Kernel.exp": (lambda: LIN.exp()(X), {}),
    "Kernel.latex": (lambda: RBF.latex(), {}),
    "Kernel.polynomial": (lambda coefs: RBF.polynomial(coefs)(X), dict(coefs=[1.0, 0.5])),
    "Kernel.__add__": (lambda other: (RBF + other)(X), dict(other=LIN)),
    "Kernel.__mul__": (lambda other: (RBF * other)(X), dict(other=2.0)),
    "_Composite.__init__": (lambda k1, k2: kc.Sum(k1, k2)(X), dict(k1=RBF, k2=LIN)),
    "_Composite.__call__": (lambda X, Y: (RBF * LIN)(X, Y), dict(X=X, Y=Q)),
    "_Composite.combine (Sum)": (lambda K1, K2: kc.Sum(RBF, LIN).combine(K1, K2), dict(K1=K, K2=K)),
    "Sum.latex": (lambda: (RBF + LIN).latex(), {}),
    "_Composite.combine (Product)": (lambda K1, K2: kc.Product(RBF, LIN).combine(K1, K2), dict(K1=K, K2=K)),
    "Product.latex": (lambda: (RBF * LIN).latex(), {}),
    "Scaled.__init__": (lambda c, k: kc.Scaled(c, k)(X), dict(c=2.0, k=RBF)),
    "_Composite.combine (Scaled)": (lambda K: (2.0 * RBF).combine(K), dict(K=K)),
    "Scaled.latex": (lambda: (2.0 * RBF).latex(), {}),
    "_Composite.combine (Exp)": (lambda K: RBF.exp().combine(K), dict(K=K)),
    "Exp.latex": (lambda: RBF.exp().latex(), {}),
    "Polynomial.__init__": (lambda k, coefs: kc.Polynomial(k, coefs)(X), dict(k=RBF, coefs=[1.0, 2.0])),
    "_Composite.combine (Polynomial)": (lambda K: RBF.polynomial([1.0, 2.0]).combine(K), dict(K=K)),
    "Polynomial.latex": (lambda: RBF.polynomial([1.0, 2.0]).latex(), {}),
    "Warped.__init__": (lambda k, f: kc.Warped(k, f)(X), dict(k=RBF, f="bump")),
    "Warped.__call__": (lambda X, Y: kc.Warped(RBF, "bump")(X, Y), dict(X=X, Y=Q)),
    "Warped.latex": (lambda: kc.Warped(RBF, "bump").latex(), {}),
    "FeatureMapped.__init__": (lambda k3, phi: kc.FeatureMapped(k3, phi)(X), dict(k3=RBF, phi="poly2")),
    "FeatureMapped.__call__": (lambda X, Y: kc.FeatureMapped(RBF, "poly2")(X, Y), dict(X=X, Y=Q)),
    "FeatureMapped.latex": (lambda: kc.FeatureMapped(RBF, "poly2").latex(), {}),
    "MatrixKernel.__init__": (lambda A: kc.MatrixKernel(A)(X), dict(A=np.eye(2))),
    "MatrixKernel.__call__": (lambda X, Y: kc.MatrixKernel(np.eye(2))(X, Y), dict(X=X, Y=Q)),
    "MatrixKernel.latex": (lambda: kc.MatrixKernel(np.eye(2)).latex(), {}),
    "OnColumns.__init__": (lambda k, columns: kc.OnColumns(k, columns)(X), dict(k=RBF, columns=(0,))),
    "OnColumns.__call__": (lambda X, Y: kc.OnColumns(RBF, 1)(X, Y), dict(X=X, Y=Q)),
    "OnColumns.latex": (lambda: kc.OnColumns(RBF, 1).latex(), {}),
    "Generative.__init__": (lambda mean, sigma: kc.Generative(mean, sigma)(X), dict(mean=np.zeros(2), sigma=1.0)),
    "Generative.__call__": (lambda X, Y: kc.Generative(np.zeros(2), 1.0)(X, Y), dict(X=X, Y=Q)),
    "Generative.latex": (lambda: kc.Generative(np.zeros(2), 1.0).latex(), {}),
    "Generative.density_latex": (lambda: kc.Generative(np.zeros(2), 1.0).density_latex(), {}),
    "pairwise_gram": (lambda K_user, K_product, combine: kc.pairwise_gram(K_user, K_product, combine),
                      dict(K_user=K, K_product=K[:3, :3], combine="product")),
}
