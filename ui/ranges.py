"""Every widget range and default in one table (no magic numbers scattered over pages), and the options of a log
slider over a range."""
import functools

import numpy as np

PARAMS = {
    # name: (label, low, high, default, log scale?, help)
    "gamma": ("γ (gamma)", 1e-2, 1e2, 1.0, True, "Width parameter: larger γ = narrower bumps."),
    "degree": ("degree m", 1, 10, 2, False, "Power of the polynomial kernel."),
    "coef0": ("offset r (coef0)", -3.0, 3.0, 1.0, False, "Added to the scaled inner product."),
}
SIGMOID_DEFAULTS = {"gamma": 0.5, "coef0": 0.0}

DATA = {
    "n_samples": (20, 400, 120, 10),   # low, high, default, step
    "noise": (0.0, 0.5, 0.1, 0.02),
    "seed": (0, 999, 0, 1),
}
DEFAULT_DATASET = "moons"

PLANE = (-3.0, 3.0)       # axis range of 2-D kernel surfaces
GRID = 101                # points per axis on surfaces: sized to the plot, not more
SCALE = (0.1, 10.0, 1.0)  # positive scale c of a composed kernel: low, high, default

# Kernel ridge regression page (pages/kernel-ridge.py): (low, high, default, step), log sliders (low, high, default)
KERNEL_RIDGE = {
    "n": (5, 200, 30, 1),
    "noise": (0.0, 1.0, 0.25, 0.05),
    "seed": (0, 999, 0, 1),
    "lam": (1e-4, 1e2, 0.1),
    "gp_noise": (1e-4, 1.0, 0.0631),
    "samples": (0, 8, 3, 1),
    "sample_seed": (0, 999, 0, 1),
    "prior_samples": (1, 8, 5, 1),   # the GP prior section's sample functions
    "p": (1, 6, 3, 1),
    "dual_p": (1, 6, 3, 1),          # the dual derivation's explicit map φ(x) = (u, …, uᵖ)
    "dual_step": (10**6, 10),        # its gradient-descent step slider: the last step offered, the default
    "woodbury_n": (1, 200, 12),      # the Woodbury section's data matrix X (n, p) (log sliders): every line of
    "woodbury_p": (1, 200, 5),       # Held's chain inverts an n x n or p x p matrix, so both stay small
    "rbf_centres": (1, 200, 8, 1),   # RBF networks: centres M (capped at the points N; the top, 200, is n's top)
    "c1": (0.1, 5.0, 1.0, 0.1),
    "c2": (0.0, 2.0, 0.5, 0.1),
    "slope": (-1.0, 1.0, 0.4, 0.1),
    "folds": 5,
    "cv_max": 200,           # points cross-validated (a seeded random subsample above: the grid is 117 x 5 fits)
    "cv_seed": 0,
    "margin": 1.5,           # the plots run this far beyond the data, to show extrapolation
    "grid": 200,             # points on the x axis of every curve
    "rbf_map_grid": 60,      # points per axis of the classifying RBF network's h(x) over the plane
    "map_margin": 0.5,       # ... which runs this far beyond the points
    "b_lam": (1e-4, 1e2, 1e-3),   # fit B of "Compare A / B" (log slider); B's kernel starts as A's default
    "undo": 30,              # edits of the own points that Undo can take back
    "click_cols": 100,       # a click on the fit plot snaps to a nice step: at most this many steps across ...
    "click_rows": 60,        # ... and up
}
KERNEL_RIDGE_POINTS = {"x": [0.5, 1.5, 2.5, 3.0, 4.0, 5.5], "y": [0.5, 1.0, 0.6, 0.1, -0.8, -0.7]}

# Perceptron vs k-NN page (pages/perceptron-knn.py): (low, high, default, step); log sliders (low, high, default)
PERCEPTRON_KNN = {
    "held_out": (0.1, 0.5, 0.3, 0.05),   # share of the data kept back for the held-out accuracy
    "epochs": (1, 50, 10, 1),            # most passes over the training data
    "order_seed": (0, 99, 0, 1),         # seed of the random visiting order
    "k": (1, 50, 5, 1),                  # neighbours of k-NN (capped at the training set's size)
    "query": (0.5, 0.25),                # the new point x where the two prediction rules are compared
    "demo_data": "blobs",                # the overfitting demo's own data set: overlapping clouds, a line separates best
    "demo_noise": (0.0, 0.5, 0.25, 0.05),
    "demo_gamma": (0.1, 1000.0, 100.0),
    "demo_n": 300,                       # points of the overfitting demo's own data set
    "sweep": (0.1, 1000.0, 13),          # gammas of the overfitting curve: low, high, count (log-spaced)
    "play_every": 0.6,                   # seconds between frames while playing
    "grid": 100,                         # points per axis of the decision maps
    "pad": 0.4,                          # plot margin around the data
}

# Kernel PCA topic (pages/kernel_pca/): sliders are (low, high, default, step)
KPCA = {
    "manifold_n": (100, 400, 250, 50),   # points of the 3-D S-curve / Swiss roll
    "manifold_noise": (0.0, 0.5, 0.05, 0.05),
    "manifold_seed": 0,
    "spectrum": 20,                      # leading eigenvalues computed and drawn
    "pairs": ("1-2", "1-3", "2-3", "3-4"),   # components drawn against each other (the default first)
    "new_point_2d": (-3.0, 3.0, (0.5, 0.25), 0.05),   # low, high, default (x1, x2), step
    "new_point_3d": (-15.0, 25.0, (0.0, 1.0, 0.0), 0.1),
    "q": (1, 20, 6, 1),                  # components kept for the pre-images
    "extra_noise": (0.0, 0.5, 0.15, 0.05),
    "noise_seed": 1,
    "preimage_gamma": 1.0,               # RBF gamma of the pre-image demo when the page's kernel is not RBF
    "neighbors": (2, 30, 10, 1),         # k of the Laplacian eigenmap's k-NN graph (Sugiyama uses 10)
    # Work bounded whatever the data (up to ui.points_io.MAX_ROWS = 2 000 points from a link or a CSV): above these
    # sizes a section uses a seeded random subsample of the points and says so on screen.
    "fit_max": 1000,                     # points of an exact kernel PCA fit (n x n Gram matrix, leading eigenpairs)
    "denoise_max": 400,                  # points denoised (fixed-point pre-images: n x n kernel per iteration)
    "curve_max": 150,                    # points on which the error curve over every q = 1 ... 20 is measured
    "laplacian_max": 500,                # points of the Laplacian eigenmap (dense generalized eigenproblem, O(n^3))
    "klpp_max": 200,                     # points of kernel LPP (dense n x n generalised eigenproblem, all pairs)
    "klpp_held_out": 0.25,               # share of the points held out and embedded as new points
    "fda_max": 200,                      # points of kernel FDA (dense n x n generalised eigenproblem; held out as LPP)
    "fda_eps": (1e-8, 10.0, 1e-3),       # kernel FDA's regulariser ε (log slider), relative to tr(K L⁽ʷ⁾ K) / n
    "fda_grid": 70,                      # points per axis of kernel FDA's g(x) over the plane
    "kmeans_max": 400,                   # points of kernel k-means (n x n Gram matrix, O(n²) per iteration)
    "kmeans_k": (2, 6, 2, 1),            # clusters
    "kmeans_seeds": 10,                  # k-means++ draws offered (seed 0 ... 9)
    "kmeans_grid": 60,                   # points per axis of the clusters' regions over the plane
    "subsample_seed": 0,
}

# Diffusion kernel on a graph (pages/graphs/diffusion.py)
DIFFUSION = {
    "graphs": {"data": "k-NN of the data", "path": "A path", "clusters": "Two clusters"},
    "max_nodes": 150,                    # nodes of the data's k-NN graph (a seeded random subsample above)
    "neighbors": (1, 15, 5, 1),          # k of the data's k-NN graph
    "beta": (0.0, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0),   # diffusion time β (select slider)
    "beta_default": 1.0,
    "labelled": (1, 5, 1, 1),            # labelled nodes per class for kernel ridge on the nodes
    "lam": 1e-2,                         # kernel ridge penalty λ on the nodes
    "seed": 0,
}

# Mercer feature maps (pages/mercer/): sliders (low, high, default, step), log sliders (low, high, default)
MERCER = {
    "degree": (1, 10, 2, 1),                   # the topic bar's m (the explosion plots every m up to "m"[1])
    "coef0": (0.0, 3.0, 1.0, 0.5),
    "coord": (-2.0, 2.0, 0.1),                 # low, high, step of the coordinates of x and y
    "x": (1.0, 0.5), "y": (1.5, -0.4),         # default points: x^T y = 1.3
    "lift_n": (50, 400, 200, 10),
    "lift_noise": (0.0, 0.3, 0.06, 0.02),
    "lift_C": (1e-2, 1e2, 10.0),
    "lift_box": 1.6,                           # the 2-D plane shown is [-box, box]^2
    "lift_box3d": 1.4,                         # the 3-D box is [0, box^2] x [-box^2/√2, box^2/√2] x [0, box^2]
    "d": [1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000],
    "d_default": 10_000,                       # Kriege's example: d = 10 000, k = 2
    "m": (1, 10, 2, 1),
    "timing_d": (2, 20, 200), "timing_m": (1, 2, 3), "timing_max_features": 25_000,
    "q": (1, 20, 6, 1),                        # 6 = the rank of the default (x^T y + 1)^2 Gram matrix
    "approx_gamma": (1e-2, 1e2, 1.0),
    "approx_sizes": [2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 50, 60, 70, 80, 100, 120, 140, 170, 200],
    "approx_default": 20,
    "approx_seed": (0, 99, 0, 1),
    "approx_repeats": 3,
    # Mercer's theorem on an interval: the compact set X = [a, b], the Nyström grid of the integral operator, the
    # plotting grid, the terms q of the series (slider), the second argument x′, and how much of the spectrum is drawn
    "thm_interval": (-3.0, 3.0), "thm_grid": 300, "thm_points": 301,
    "thm_q": (1, 30, 3, 1), "thm_x2": (-3.0, 3.0, 0.5, 0.1),
    "thm_shown": 30, "thm_functions": 4,
    # Work bounded whatever the data (up to ui.points_io.MAX_ROWS = 2 000 points from a link or a CSV): above these
    # sizes a section uses a seeded random subsample of the points and says so on screen.
    "eigen_max": 500,                          # the eigen map: eigh of the n x n Gram matrix, O(n³)
    "approx_max": 400,                         # the finite maps: 2 x 7 sizes x 3 draws of ‖K − ZZᵀ‖_F, O(n²D) each
    "subsample_seed": 0,
}

# SVM sections (pages/svm/): log sliders are (low, high, default)
SVM = {
    "C": (1e-2, 1e3, 1.0),
    "b_C": (1e-2, 1e3, 100.0),    # C of the comparison SVM "B" (Compare A / B): a narrow margin beside A's
    "h": (0.1, 10.0, 0.316),      # Kriege's width h of the Gaussian vs Laplacian demo (γ = 1/h², 1/h)
    "held_out": 0.3,              # share of the points kept back for the held-out accuracy
    "split_seed": 0,              # seed of that split, of the CV folds and of SGD's sampling
    "grid": 80,                   # points per axis of a decision map (~35 KB a map sent per rerun)
    "pair_grid": 64,              # ... of two maps side by side (Gaussian vs Laplacian)
    "pad": 0.5,                   # plot margin around the data
    "cv_C": (0.1, 100.0),         # the CV grid: 7 values each, half a decade apart, on the sliders' options
    "cv_gamma": (0.1, 100.0),
    "cv_size": 7,
    "cv_folds": 3,
    "cv_max": 300,                # training points cross-validated (a seeded random subsample above: 147 fits)
    "first_steps": 20,            # steps the teaching solver has taken when the page opens
    "max_steps": 20000,
    "max_seconds": 0.8,           # time budget of one click on the teaching solver
    "tol": 1e-4,                  # "converged": best J improved by less than tol * J over 100 steps
    "hinge_range": (-3.0, 4.0),   # x axis of the hinge-loss plot
    "lp": (1.0, 4.0, 2.0, 0.5),   # p of the lp loss |1 - z|^p on the hinge-loss plot: low, high, default, step
}

# Large n sections at the end of the kernel PCA and kernel ridge pages (ui/large_n.py): exact up to
# kernel_core.large_n.EXACT_MAX_N points, Nyström / random Fourier features above; log sliders (low, high, default)
LARGE_N = {
    "n": [500, 1000, 2000, 3000, 5000, 10_000, 20_000],
    "n_default": 1000,
    "m": [10, 20, 50, 100, 200, 500],         # Nyström landmarks m / random features D (500: n = 20 000 in < 1 s)
    "m_default": 100,
    "kpca_data": ("moons", "circles"),        # the sidebar's kinds of data, from scikit-learn's generators
    "noise": {"moons": 0.1, "circles": 0.05, "sine": 0.25},   # sine: the kernel ridge page's default noise
    "seed": 0,
    "kpca_gamma": (0.1, 100.0, 2.0),
    "krr_gamma": (0.01, 100.0, 1.0),
    "krr_lam": (1e-4, 1e2, 0.1),
    "max_points": 2000,                       # most points drawn in a scatter (a random subsample above)
    "grid": 200,                              # points of the fitted curve
    "error_sample": 1000,                     # the subsample on which the approximation error is measured
}

# RKHS › The representer theorem (pages/rkhs/representer.py): (low, high, default, step); log sliders (low, high, default)
RKHS_REPRESENTER = {
    "x": (-1.4, 0.9, -0.3, 1.5, 0.35, -0.85, 1.2, -1.75),    # the points, in the order the n slider adds them
    "y": (-0.6, 1.0, -0.5, 0.4, 0.6, -1.0, 0.8, 0.0),         # squared loss: targets ≈ sin(1.8 x)
    "n": (1, 8, 4, 1),
    "lam": (1e-3, 10.0, 0.1),            # Kriege's λ
    "t": (-5.0, 5.0, 2.0, 0.1),          # how much of u is added to w*
    "rff": 30,                           # random Fourier features standing in for the RBF kernel's infinite map
    "rff_seed": 0,
    "domain": (-2.0, 2.0),               # x axis of the picture
    "f_low": 2.0,                        # its y axis: ±(at least this, and 1.15 x the largest |f(xᵢ)|, |yᵢ|)
    "grid": 241,                         # points of each curve
    "t_grid": 61,                        # points of the objective-against-t curves
}

# A kernel measure of independence (pages/graphs/independence.py): sliders (low, high, default, step)
# The k-spectrum string kernel (pages/graphs/strings.py)
STRINGS = {
    "k": (1, 8, 3, 1),                  # k of the k-mers (slider)
    "max_strings": 30,                  # lines read from the text box (more: a sentence, the first 30 kept)
    "max_length": 40,                   # letters a string (longer: a sentence, the line left out)
    "annotate": 16,                     # up to this many strings the Gram matrix's cells show their values
    "default": ("+ GATTACAGATA", "+ AGATAGGATAC", "+ TTGATAGATTA", "+ CAGATACCGAT", "+ GGATATTGATA",
                "- CCGGCGTACCG", "- ACCGGTCCGGA", "- TCCGGAACGCG", "- GCGCCGGTTAC", "- CCGGATCGCCG"),
}

# The mean-embedding kernel between samples (pages/graphs/distributions.py)
BAGS = {
    "per_class": 4,                     # samples of each kind: blobs N(0, I) and rings of radius √2
    "points": (5, 200, 40, 5),          # points a sample (slider): 8 samples, so at most 1 600 points in all
    "seed": (0, 999, 0, 1),
    "kernels": ("rbf", "laplacian", "poly", "linear"),   # Mercer kernels: K of mean embeddings is then PSD
}

# The random-walk kernel between small graphs (pages/graphs/walks.py)
WALKS = {
    "share": (0.05, 0.95, 0.3, 0.05),   # λ as a share of its bound 1 / max ρ(A)² (the series diverges at 1)
}

INDEPENDENCE = {
    "kinds": {"square": "y = x² + noise", "linear": "y = x + noise", "circle": "circle + noise",
              "independent": "independent"},
    "n": (10, 300, 100, 10),            # pairs (x, y): each shuffle reads two n x n matrices, so n is capped
    "noise": (0.0, 1.0, 0.1, 0.05),     # standard deviation of the added Gaussian noise
    "seed": (0, 999, 0, 1),             # the sample's seed (the shuffles use it too)
    "permutations": 500,                # shuffles of the permutation test: p-values in steps of 1/501
    "kernels": ("rbf", "laplacian", "poly", "linear"),   # Mercer kernels only: HSIC needs PSD Gram matrices
    "axis": 4.0,                        # the scatter shows standardised x, y on [−axis, axis]
}


def log_options(low, high, per_decade=10):
    """Log-spaced values rounded to 3 significant figures, for a select_slider (a new list each call)."""
    return list(_log_options(low, high, per_decade))


@functools.lru_cache(maxsize=64)
def _log_options(low, high, per_decade):
    """log_options, computed once per range: every bar draws its log sliders on every rerun."""
    n = int(round(np.log10(high / low) * per_decade)) + 1
    return tuple(float(f"{v:.3g}") for v in np.geomspace(low, high, n))
