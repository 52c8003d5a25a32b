"""The lecture map: for each of the five lecture texts, its items in the text's own order and the app section that
shows each (its address, as in the address bar; None while no section shows it), and how the text's notation reads
in the app's (CONVENTIONS). Home draws it; a test checks that every address is a section of TOPICS. A lecturer
teaching from one text walks its list from top to bottom."""
from pages import sections, url_path

TEXTS = (
    ("Held", "Data representations — kernel methods (MSA220/MVE441, lecture 12)", (
        ("A kernel: symmetric and k(x, y) ≥ 0, a generalised inner product (PSD is what makes one)", "kernels"),
        ("Kernels and their examples: linear, polynomial, RBF, Laplacian, sigmoid", "kernels"),
        ("Mercer (positive definite) kernels and the Gram matrix", "kernels-gram"),
        ("Why PD matters: K = VᵀΛV and the map φ(xₗ) = Λ^½ V⁽:,ˡ⁾", "mercer-eigen"),
        ("Mercer's theorem: k(x, y) = φ(x)ᵀφ(y), q = ∞ allowed", "mercer-theorem"),
        ("Example: (xᵀy + 1)² in 2-D, six features", "mercer"),
        ("Advantages of kernels: the kernel trick, features never built", "mercer-lift"),
        ("Recall PCA: Σ̂ = XᵀX/(n − 1) = VDVᵀ; its limits on non-linear structure", "kernel-pca"),
        ("Kernels and PCA (I–III): Ka = dₙ n a, aᵀKa = 1, the projection", "kernel-pca"),
        ("Centring in feature space: K′ = JKJ", "kernel-pca-centring"),
        ("The general kPCA algorithm, six steps", "kernel-pca"),
        ("Recap: ridge regression, β = (XᵀX + λI)⁻¹Xᵀy", "kernel-ridge-primal-dual"),
        ("The Woodbury identity, step by step", "kernel-ridge-woodbury"),
        ("Kernel ridge regression: α = (K + λI)⁻¹y, β = Xᵀα", "kernel-ridge"),
        ("Prediction: f(x) = Σ αₗ k(xₗ, x)", "kernel-ridge"),
        ("The linear kernel gives back ridge regression", "kernel-ridge-primal-dual"),
    )),
    ("Bishop's notes", "Kernel methods, notes after Bishop's PRML ch. 6", (
        ("Kernel methods are memory-based; k(x, x′) = φ(x)ᵀφ(x′), the linear kernel", "kernels"),
        ("Stationary k(x − x′) and homogeneous (radial) k(‖x − x′‖) kernels", "kernels-stationary"),
        ("Dual representation: J(w), w = Φᵀa, J(a), a = (K + λI)⁻¹t", "kernel-ridge-dual-derivation"),
        ("Prediction k(x)ᵀ(K + λI)⁻¹t; an N × N against an M × M inverse", "kernel-ridge-primal-dual"),
        ("Constructing kernels from a feature map", "mercer"),
        ("Constructing kernels directly: (xᵀz)² = φ(x)ᵀφ(z)", "mercer"),
        ("Valid iff every Gram matrix is PSD", "kernels-why-psd"),
        ("The ten closure rules", "kernels-closure"),
        ("The Gaussian kernel and its σ²", "kernels"),
        ("σ² and how much the model generalises: underfitting ⇒ reduce σ²", "kernel-ridge-overfitting"),
        ("Generative kernels p(x)p(x′)", "kernels-closure"),
        ("Radial basis function networks fit by least squares", "kernel-ridge-rbf-network"),
        ("RBF networks for classification: sign(b + Σ wₙ e^(−γ‖x − xₙ‖²))", "kernel-ridge-rbf-network"),
        ("Gaussian processes: a prior over functions", "kernel-ridge-gp-prior"),
        ("The posterior with its uncertainty", "kernel-ridge-gaussian-process"),
    )),
    ("Sugiyama", "Advanced data analysis: more on kernels", (
        ("The kernel trick with a reproducing kernel: symmetric and PSD", "kernels-gram"),
        ("Scaling, sums and products of kernels, with proofs", "kernels-closure"),
        ("Norm, distance and angle in feature space; the Gaussian case", "kernels-geometry"),
        ("Pre-images", "kernel-pca-denoising"),
        ("The kernel trick revisited: PCA, LPP, FDA, the perceptron", "kernel-pca"),
        ("… and k-means clustering in the feature space", "kernel-pca-kmeans"),
        ("Kernel LPP: KLKα = λKDKα", "kernel-pca-kernel-lpp"),
        ("Laplacian eigenmap: Lφ = γDφ", "kernel-pca-laplacian"),
        ("RKHS and the reproducing property", "rkhs-reproducing"),
        ("Kernel measures of independence", "graphs-independence"),
        ("Homework 1: the Laplacian eigenmap on a 3-D S-curve", "kernel-pca-laplacian"),
        ("Homework 2: kernel FDA / LFDA, KL⁽ᵇ⁾Kα = λKL⁽ʷ⁾Kα", "kernel-pca-fda"),
    )),
    ("Kriege", "Non-linear prediction with kernels", (
        ("Linear classifiers and the perceptron", "perceptron-knn"),
        ("Non-linear features; monomials in higher dimensions", "mercer-lift"),
        ("The feature explosion, O(dᵏ)", "mercer-explosion"),
        ("The optimal w lies in the span of the data: the SGD steps from w = 0", "perceptron-knn"),
        ("The perceptron in α", "perceptron-knn-rules"),
        ("Kernels are efficient inner products: operation counts", "mercer-explosion"),
        ("Polynomial kernels of fixed degree and up to degree m", "mercer"),
        ("The kernelized perceptron: training and prediction", "perceptron-knn"),
        ("Valid kernels: symmetric and positive semi-definite", "kernels-gram"),
        ("Kernels ⇒ PSD matrices: K = ΦᵀΦ", "kernels-why-psd"),
        ("PSD matrices ⇒ kernels: the map from K = UDUᵀ", "mercer-eigen"),
        ("Outlook: Mercer's theorem, k = Σ λᵢ φᵢ(x) φᵢ(x′)", "mercer-theorem"),
        ("Examples: linear, polynomial, Gaussian, Laplacian", "kernels"),
        ("Not a kernel: sin(x)cos(x′)", "kernels-not-symmetric"),
        ("xᵀMx′ is a kernel iff M is PSD", "kernels-bilinear"),
        ("The kernel's effect on the decision boundary: Gaussian vs Laplacian", "svm-gauss-laplace"),
        ("Kernels beyond ℝᵈ: diffusion kernels on a graph's nodes", "graphs"),
        ("Kernels beyond ℝᵈ: sequence kernels (the k-spectrum kernel)", "graphs-strings"),
        ("Kernels beyond ℝᵈ: kernels on probability distributions (mean embeddings)", "graphs-distributions"),
        ("Kernels beyond ℝᵈ: graph kernels by random walks", "graphs-walks"),
        ("Composition rules", "kernels-closure"),
        ("The ANOVA kernel", "kernels-anova"),
        ("Pairwise data: k_user · k_product on (user, product) pairs, K_user ⊗ K_product", "kernels-closure"),
        ("Kernels as similarity functions; nearest neighbours", "perceptron-knn-knn"),
        ("How to choose k? Cross-validation over k", "perceptron-knn-knn"),
        ("k-NN vs the kernelized perceptron", "perceptron-knn-rules"),
        ("Parametric vs non-parametric learning", "perceptron-knn-overfitting"),
        ("The kernelized SVM objective", "svm-subgradient"),
        ("Kernelized linear regression, α = (K + nλI)⁻¹y", "kernel-ridge-primal-dual"),
        ("Semi-parametric regression: RBF + linear", "kernel-ridge-extrapolation"),
        ("Choosing kernels and parameters by cross-validation; the kernel by a brute-force search",
         "kernel-ridge-cross-validation"),
        ("Overfitting and regularisation", "kernel-ridge-overfitting"),
        ("The representer theorem", "rkhs"),
        ("Summary: the losses (squared, ℓp, 0/1, perceptron, hinge)", "svm-hinge-loss"),
        ("Summary: model selection by k-fold and Monte Carlo cross-validation", "kernel-ridge-cross-validation"),
    )),
    ("Nguyen", "Kernel method", (
        ("Dual representation: J(w) and its gradient, w = Φᵀa", "kernel-ridge-dual-derivation"),
        ("aₙ = −(1/λ)(wᵀφ(xₙ) − tₙ): eq. (4)'s 1/N is a misprint", "kernel-ridge-dual-derivation"),
        ("J(a) with K = ΦΦᵀ, a = (K + λI)⁻¹t", "kernel-ridge-dual-derivation"),
        ("The prediction k(x)ᵀ(K + λI)⁻¹t; N × N against M × M", "kernel-ridge-primal-dual"),
        ("Constructing kernels: (xᵀz)² = φ(x)ᵀφ(z)", "mercer"),
        ("Valid iff the Gram matrix is PSD", "kernels-why-psd"),
        ("Common kernels: linear, polynomial, Gaussian", "kernels"),
        ("The Gaussian kernel and kernel substitution inside it", "kernels-substitution"),
    )),
)
"""(author, title, ((item, address or None), …)) for each text, items in the text's order."""


# Each text's own notation against the app's, where their symbols clash (the Gaussian's width, the ridge penalty, Φ by
# rows or by columns). The app writes the RBF kernel exp(−γ‖x − x′‖²), solves kernel ridge as (K + λI)α = y and holds
# the points as the rows of X, except where a section follows a text and says so. One line per clash the text has.
CONVENTIONS = {
    "Held": (
        "RBF exp(−γ‖x − y‖²) and Laplacian exp(−γ‖x − y‖₁): the app's γ is Held's γ.",
        "Ridge ‖y − Xβ‖² + λ‖β‖² and α = (K + λI)⁻¹y: the app's λ is Held's λ.",
        "X (n × p) holds the points as rows: K = XXᵀ.",
    ),
    "Bishop's notes": (
        "Gaussian exp(−‖x − x′‖²/(2σ²)): the app's γ = 1/(2σ²), so σ = 1 is γ = 0.5. The RBF network's "
        "exp(−γ‖x − xₙ‖²) is the app's γ.",
        "J(w) = ½Σ(wᵀφ(xₙ) − tₙ)² + (λ/2)wᵀw, a = (K + λI)⁻¹t: the app's λ is this λ.",
        "Φ is the design matrix, its rows φ(xₙ)ᵀ: K = ΦΦᵀ.",
    ),
    "Sugiyama": (
        "Gaussian exp(−‖x − x′‖²/c²): the app's γ = 1/c², so c = 2 is γ = 0.25.",
    ),
    "Kriege": (
        "Gaussian exp(−‖x − x′‖²/h²): the app's γ = 1/h²; Laplacian exp(−‖x − x′‖₁/h): the app's γ = 1/h.",
        "Kernelized regression α = (K + nλI)⁻¹y: the app's λ is Kriege's nλ, so with n = 40 points the app's "
        "λ = 0.4 is Kriege's λ = 0.01.",
        "SVM (1/n)Σ max{0, 1 − yᵢf(xᵢ)} + λ‖w‖², with no offset b: the app's C (libsvm's, with b) is 1/(2nλ).",
        "Φ = [φ(x₁), …, φ(xₙ)] holds the points as columns (d × n): K = ΦᵀΦ, where the other texts' rows give ΦΦᵀ.",
    ),
    "Nguyen": (
        "Gaussian e^(−‖x − x′‖/(2σ²)), where ‖x − x′‖ stands for the squared distance (his expansion xᵀx + x′ᵀx′ "
        "− 2xᵀx′): the app's γ = 1/(2σ²).",
        "J(w) with (λ/2)wᵀw, a = (K + λI)⁻¹t: the app's λ is this λ.",
        "Φ has the rows φ(xₙ)ᵀ: K = ΦΦᵀ.",
    ),
}


def by_address():
    """{address: (topic, section)} of every section of the app."""
    return {url_path(t, s): (t, s) for t, s in sections()}


def rows():
    """[(author, title, [(number, item, (topic, section) or None)])]: the map with each address resolved."""
    built = by_address()
    return [(author, title, [(i, item, built[where] if where else None) for i, (item, where) in enumerate(items, 1)])
            for author, title, items in TEXTS]
