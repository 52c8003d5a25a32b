"""TOPICS: the app's ordered table of topics and their sections. app.py builds the navigation from it; Home's
path through the app, the Prev / Next links of every section and the tests read it too.

A section is a page of its own (`pages/<topic>/<section>.py`, run by st.navigation): only the open section's code
runs and is sent on a rerun. A topic's first section answers at the topic's old address (`/svm`, `/kernels`), so
links made before sections existed still open their topic with their parameters.

Adding a section: one module in its topic's package and one row below."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    slug: str           # unique within its topic; the page's address is "<topic>-<slug>" (the first: "<topic>")
    title: str
    module: str         # file of the section's script, relative to the project folder
    main_chart: str = ""  # key of the section's main chart (browser tests check it is on the first screen)
    data: str = "classes"  # what it needs of the shared 2-D data set: "classes" (two classes), "points" (points,
                           # one class is enough) or "own" (none: its own data, or none at all). The tests read it:
                           # a section that needs the shared data says what is wrong with degenerate data.


@dataclass(frozen=True)
class Topic:
    slug: str           # the topic's address (its first section's)
    title: str
    short: str          # the navigation bar's label (the bar fits eight topics on a 1280 px projector and beside the sidebar at 1400 px)
    icon: str
    summary: str        # one line for Home's path through the app
    sections: tuple


def _topic(slug, title, short, icon, summary, package, *rows):
    return Topic(slug, title, short, icon, summary,
                 tuple(Section(s, t, f"pages/{package}/{m}.py", *rest) for s, t, m, *rest in rows))


TOPICS = (
    _topic("kernels", "Kernels & Gram matrices", "Kernels", "🧮",
           "What a kernel is, when a matrix is a valid Gram matrix (symmetric, PSD), how kernels combine, geometry "
           "in feature space, and two functions that are not kernels.", "kernels",
           ("kernel", "The kernel k(x, x₀)", "kernel", "kernels_surface", "own"),
           ("stationary", "Stationary and radial kernels", "stationary", "kernels_stationary", "own"),
           ("gram", "Gram matrix & eigenvalues", "gram", "kernels_gram", "points"),
           ("why-psd", "Why K is PSD: vᵀKv", "why_psd", "kernels_vkv", "points"),
           ("closure", "Closure rules", "closure", "kernels_compose_spectrum", "points"),
           ("substitution", "Kernels inside the Gaussian", "substitution", "kernels_subst_gram", "points"),
           ("anova", "The ANOVA kernel", "anova", "kernels_anova_fit", "points"),
           ("geometry", "Geometry in feature space", "geometry", "kernels_points", "points"),
           ("not-symmetric", "Not a kernel: not symmetric", "not_symmetric", "kernels_sincos", "own"),
           ("bilinear", "xᵀMx′: a kernel iff M is PSD", "bilinear", "kernels_bilinear", "own")),
    _topic("mercer", "Mercer feature maps", "Mercer", "🧩",
           "The explicit φ behind a kernel, the lift of the circles to 3-D, the feature explosion, the eigen map of K, "
           "random Fourier features and Nyström.", "mercer",
           ("map", "The map φ", "feature_map", "mercer_bars", "own"),
           ("lift", "The lift to 3-D", "lift", "mercer_lift3d", "own"),
           ("explosion", "The feature explosion", "explosion", "mercer_explosion", "own"),
           ("eigen", "The eigen map of K", "eigen_map", "mercer_eig_spectrum", "points"),
           ("theorem", "Mercer's theorem: k = Σ λᵢφᵢφᵢ", "theorem", "mercer_theorem", "own"),
           ("approx", "Finite maps for RBF", "approximations", "mercer_approx_curve", "points")),
    _topic("kernel-pca", "Kernel PCA", "Kernel PCA", "🌀",
           "Linear vs kernel PCA, centring K′ = JKJ, projecting a new point, denoising by pre-images, and the "
           "Laplacian eigenmap.", "kernel_pca",
           ("linear-vs-kernel", "Linear vs kernel PCA", "linear_vs_kernel", "kernel_pca_kpca_fig"),
           ("centring", "Centring K′ = JKJ", "centring", "kernel_pca_gram"),
           ("new-point", "A new point", "new_point", "kernel_pca_new_proj_fig"),
           ("denoising", "Denoising by pre-images", "denoising", "kernel_pca_denoise_fig"),
           ("laplacian", "Laplacian eigenmap", "laplacian", "kernel_pca_lap_fig"),
           ("kernel-lpp", "Kernel LPP", "kernel_lpp", "kernel_pca_klpp_fig"),
           ("fda", "Kernel FDA vs linear FDA", "fda", "kernel_pca_fda_fig"),
           ("kmeans", "Kernel k-means", "kmeans", "kernel_pca_kmeans_fig"),
           ("large-n", "Large n", "large_n", "kernel_pca_large_fig", "own")),
    _topic("kernel-ridge", "Kernel ridge regression", "Kernel ridge", "📈",
           "Dual coefficients, primal vs dual, RBF + linear, cross-validation, and the Gaussian-process view with "
           "error bars.", "kernel_ridge",
           ("fit", "The fit and its dual coefficients", "fit", "kernel_ridge_fit", "own"),
           ("dual-derivation", "The dual, derived: J(w) = J(a)", "dual_derivation", "kernel_ridge_dual", "own"),
           ("woodbury", "The Woodbury identity, step by step", "woodbury", "kernel_ridge_woodbury", "own"),
           ("primal-dual", "Primal or dual, and Kriege's λ", "primal_dual", "kernel_ridge_costs", "own"),
           ("rbf-network", "RBF networks: kernel ridge at λ → 0", "rbf_network", "kernel_ridge_rbf_net", "own"),
           ("extrapolation", "RBF + linear: extrapolation", "extrapolation", "kernel_ridge_semi", "own"),
           ("cross-validation", "Choosing λ and γ by cross-validation", "cross_validation", "kernel_ridge_cv", "own"),
           ("overfitting", "Over- and under-fitting", "overfitting", "kernel_ridge_along_lam", "own"),
           ("gaussian-process", "The Gaussian-process view", "gaussian_process", "kernel_ridge_gp", "own"),
           ("gp-prior", "GP prior → posterior", "gp_prior", "kernel_ridge_gp_prior", "own"),
           ("large-n", "Large n: Nyström and random features", "large_n", "kernel_ridge_large_fig", "own")),
    _topic("perceptron-knn", "Perceptron vs k-NN", "Perceptron", "🧠",
           "Watch the kernelized perceptron learn mistake by mistake beside k-NN; the two prediction rules; "
           "overfitting without a regulariser.", "perceptron_knn",
           ("learning", "Watch the perceptron learn", "learning", "perceptron_knn_perceptron_map"),
           ("knn", "k-NN on the same split", "knn", "perceptron_knn_knn_map"),
           ("rules", "Two prediction rules", "rules", "perceptron_knn_rules_map"),
           ("overfitting", "Overfitting without a regulariser", "overfitting", "perceptron_knn_overfit_map")),
    _topic("svm", "Support vector machines", "SVM", "🛡️",
           "Margins and support vectors, Gaussian vs Laplacian, Kriege's objective solved step by step next to "
           "libsvm, (C, γ) by cross-validation, the hinge loss.", "svm",
           ("margins", "Margins & support vectors", "margins", "svm_map"),
           ("gauss-laplace", "Gaussian vs Laplacian", "gauss_laplace", "svm_rbf_map"),
           ("subgradient", "Kriege's objective, step by step", "subgradient", "svm_teach_map"),
           ("cross-validation", "Choosing C and γ", "cross_validation", "svm_cv"),
           ("hinge-loss", "The hinge loss", "hinge", "svm_hinge")),
    _topic("rkhs", "RKHS & the representer theorem", "RKHS", "🎯",
           "The functions a kernel builds, f = Σ αᵢ k(xᵢ, ·): the reproducing property ⟨f, k(x, ·)⟩ = f(x), the "
           "norm ‖f‖² = αᵀKα, and why the best f lies in the span of the data (the representer theorem).", "rkhs",
           ("representer", "The representer theorem", "representer", "rkhs_representer", "own"),
           ("reproducing", "The reproducing property", "reproducing", "rkhs_reproducing", "own")),
    _topic("graphs", "Beyond vectors: graphs & independence", "Graphs", "🕸️",
           "Kernels on the nodes of a graph (diffusion, K = exp(−βL)), a kernel measure of independence that "
           "sees what correlation misses, and kernels between strings, samples and whole graphs.", "graphs",
           ("diffusion", "Diffusion kernel on a graph", "diffusion", "graphs_heat", "points"),
           ("independence", "A kernel measure of independence", "independence", "graphs_hsic", "own"),
           ("strings", "Sequence kernels: k-spectrum", "strings", "graphs_strings_gram", "own"),
           ("distributions", "Kernels on distributions", "distributions", "graphs_bags_gram", "own"),
           ("walks", "Graph kernels by random walks", "walks", "graphs_walks_gram", "own")),
)
HOME = "pages/home/overview.py"


def url_path(topic, section):
    """A section's address: the topic's own for its first section, "<topic>-<section>" for the others."""
    return topic.slug if section is topic.sections[0] else f"{topic.slug}-{section.slug}"


def sections():
    """[(topic, section)] in the order of the path through the app."""
    return [(t, s) for t in TOPICS for s in t.sections]


def neighbours(module):
    """(previous, next) (topic, section) pairs of the section whose file is `module` (None at either end)."""
    run = sections()
    i = next(i for i, (_, s) in enumerate(run) if s.module == module)
    return (run[i - 1] if i > 0 else None), (run[i + 1] if i + 1 < len(run) else None)


def find(module):
    """(topic, section) of a section's file."""
    return next((t, s) for t, s in sections() if s.module == module)


def topic_keys(topic):
    """A topic's settings keys (KEYS in `pages/<topic>/settings.py`; none when it has no such module)."""
    import importlib

    package = topic.sections[0].module.split("/")[1]
    try:
        module = importlib.import_module(f"pages.{package}.settings")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(module, "KEYS", ()))


def setting_keys():
    """Every topic's settings keys."""
    return [key for topic in TOPICS for key in topic_keys(topic)]
