"""The representer theorem on an explicit feature map (Kriege, "Non-linear prediction with kernels", last chapter).

Kriege's regularised objective over w in the feature space H (here H = R^D, phi explicit):

    J(w) = (1/n) sum_i loss(w^T phi(x_i), y_i) + lam ||w||^2
    squared loss (kernelized linear regression): loss(f, y) = (f - y)^2
    hinge loss (SVM):                            loss(f, y) = max{0, 1 - y f},  y in {-1, +1}

Representer theorem: an optimal w is w = sum_i alpha_i phi(x_i). Proof: write any w as that sum plus a u with
<u, phi(x_i)> = 0 for every i; u changes no w^T phi(x_i), so the loss term stays, while
||w||^2 = ||sum_i alpha_i phi(x_i)||^2 + ||u||^2 grows: the optimum has u = 0.

Symbols: Phi the n x D matrix of features (row i = phi(x_i)), K = Phi Phi^T the Gram matrix, lam Kriege's penalty
(Held and Bishop's notes write the ridge penalty as n lam: alpha = (K + n lam I)^{-1} y), u a unit vector of the
orthogonal complement of span{phi(x_i)} (it exists only when the phi(x_i) do not span R^D, e.g. n < D).
"""
import numpy as np
from scipy.linalg import null_space
from scipy.optimize import minimize

from ._validation import check_array, check_choice, check_finite, check_real

LOSSES = ("squared", "hinge")
NULL_RTOL = 1e-10
"""Singular values of Phi below NULL_RTOL * the largest count as 0: their directions belong to the complement."""
HINGE_TOL = 1e-9
"""A dual variable within HINGE_TOL * C of 0 or C counts as at that bound (the active set of the hinge dual)."""
HINGE_ITERATIONS = 10_000
"""At most this many L-BFGS-B iterations on the hinge dual."""
MAX_POINTS = 2_000
"""Most data points the exact solvers take (the hinge dual is a dense n x n problem)."""


def _check_phi(Phi):
    Phi = check_array(Phi, "Phi")
    if len(Phi) > MAX_POINTS:
        raise ValueError(f"Phi has {len(Phi):,} rows (points); at most {MAX_POINTS:,} are taken here.")
    return Phi


def _check_loss(loss):
    return check_choice(loss, LOSSES, "loss")


def _check_targets(y, n, loss):
    y = check_array(y, "y", ndim=1)
    if len(y) != n:
        raise ValueError(f"y has {len(y)} entries; one per point ({n}) is needed.")
    if loss == "hinge" and not np.all(np.isin(y, (-1.0, 1.0))):
        raise ValueError("The hinge loss needs labels y in {-1, +1}.")
    return y


def orthogonal_direction(Phi, v=None, along=None):
    """A unit vector u with Phi u = 0, i.e. <u, phi(x_i)> = 0 for every row phi(x_i) of Phi.

    The complement of span{phi(x_i)} is the null space of Phi (scipy.linalg.null_space: the right singular vectors
    of singular values below NULL_RTOL * the largest); N holds an orthonormal basis of it as columns.
      v (a vector of R^D): u = (I - P) v / ||(I - P) v||, v's part in the complement (P the projection onto
        span{phi(x_i)}, I - P = N N^T), so u^T v > 0;
      along (an m x D matrix of features phi(z_j), e.g. on a grid): the unit u of the complement that changes the
        function u(z) = u^T phi(z) most there, argmax ||along u|| = N c with c the top right singular vector of
        along N; its largest |u(z_j)| made positive;
      neither (or v in the span, or along blind to the complement): N's first column, its largest entry positive.
    ValueError when the phi(x_i) span all of R^D: then every w already is sum_i alpha_i phi(x_i)."""
    Phi = _check_phi(Phi)
    N = null_space(Phi, rcond=NULL_RTOL)            # D x (D - rank), orthonormal columns
    if N.shape[1] == 0:
        raise ValueError(f"The {len(Phi)} feature vectors span all {Phi.shape[1]} dimensions of the feature space: "
                         "no direction is orthogonal to them (use fewer points or a wider feature map).")
    if v is not None:
        v = check_array(v, "v", ndim=1)
        if len(v) != Phi.shape[1]:
            raise ValueError(f"v has {len(v)} entries; the feature space has {Phi.shape[1]} dimensions.")
        u = N @ (N.T @ v)                            # (I - P) v
        size = np.linalg.norm(u)
        if size > NULL_RTOL * max(np.linalg.norm(v), 1.0):
            return u / size
    elif along is not None:
        along = check_array(along, "along")
        if along.shape[1] != Phi.shape[1]:
            raise ValueError(f"along has {along.shape[1]} columns; the feature space has {Phi.shape[1]} dimensions.")
        _, s, Vt = np.linalg.svd(along @ N, full_matrices=False)
        if s[0] > NULL_RTOL * max(np.linalg.norm(along), 1.0):
            u = N @ Vt[0]
            values = along @ u
            return u if values[np.argmax(np.abs(values))] > 0 else -u
    u = N[:, 0]
    return u if u[np.argmax(np.abs(u))] > 0 else -u


def representer_coefficients(Phi, y, lam, loss="squared"):
    """alpha with w* = sum_i alpha_i phi(x_i) = Phi^T alpha the minimiser of J(w) (Kriege's objective, above).

    squared: alpha = (K + n lam I)^{-1} y, K = Phi Phi^T (Kriege's kernelized linear regression).
    hinge:   alpha_i = a_i y_i with a the solution of the SVM dual without offset b,
                 max_a  sum_i a_i - 1/2 a^T D_y K D_y a   subject to 0 <= a_i <= C = 1 / (2 n lam),
             solved by L-BFGS-B on the box, its active set then solved exactly (_box_qp).
    lam > 0 (Kriege's penalty; scikit-learn's Ridge calls n lam `alpha`, its SVMs take C = 1 / (2 n lam))."""
    Phi = _check_phi(Phi)
    loss = _check_loss(loss)
    y = _check_targets(y, len(Phi), loss)
    lam = check_real(lam, "lam", low=0.0)
    n = len(Phi)
    K = Phi @ Phi.T
    if loss == "squared":
        # alpha = (K + n lam I)^{-1} y
        try:
            alpha = np.linalg.solve(K + n * lam * np.eye(n), y)
        except np.linalg.LinAlgError:
            alpha = None
        if alpha is None or not np.all(np.isfinite(alpha)):
            raise ValueError(f"K + n·λ·I is singular with λ = {lam:g} (repeated or dependent points): take a larger "
                             "λ, or fewer points.")
        return alpha
    C = 1.0 / (2 * n * lam)
    Q = K * np.outer(y, y)                              # D_y K D_y
    # scaled by s = max Q_ii (a = b / s, Q / s has a unit diagonal at most): L-BFGS-B's tolerances are absolute
    scale = float(np.max(np.diag(Q))) or 1.0
    a = _box_qp(Q / scale, C * scale) / scale
    return a * y


def _box_qp(Q, C):
    """argmin_a 1/2 a^T Q a - sum_i a_i subject to 0 <= a_i <= C (Q symmetric PSD): L-BFGS-B on the box, then the
    active set it found is solved exactly (free a_F: Q_FF a_F = 1 - C Q_FU 1) and kept when it meets the KKT
    conditions (gradient Q a - 1 >= 0 where a = 0, <= 0 where a = C, = 0 in between) at least as well."""
    n = len(Q)
    res = minimize(lambda a: (0.5 * a @ Q @ a - a.sum(), Q @ a - 1.0), np.zeros(n), jac=True, method="L-BFGS-B",
                   bounds=[(0.0, C)] * n, options=dict(ftol=1e-15, gtol=1e-13, maxiter=HINGE_ITERATIONS))
    a = np.clip(res.x, 0.0, C)
    edge = HINGE_TOL * C
    upper = a >= C - edge
    free = (a > edge) & ~upper
    polished = np.where(upper, C, 0.0)
    if free.any():
        rhs = 1.0 - Q[np.ix_(free, upper)] @ polished[upper]
        polished[free] = np.linalg.lstsq(Q[np.ix_(free, free)], rhs, rcond=None)[0]
    return min((a, polished), key=lambda b: _kkt_violation(Q, b, C))


def _kkt_violation(Q, a, C):
    """Largest violation of the box QP's optimality conditions (inf outside the box)."""
    if np.any(a < 0) or np.any(a > C):
        return np.inf
    g = Q @ a - 1.0
    return float(np.max(np.abs(np.where(a <= 0, np.minimum(g, 0), np.where(a >= C, np.maximum(g, 0), g)))))


def representer_objective(Phi, y, w, lam, loss="squared"):
    """(loss term, penalty, J) for w: loss term = (1/n) sum_i loss(w^T phi(x_i), y_i), penalty = lam ||w||^2,
    J = their sum (Kriege's objective). Adding t u with Phi u = 0 leaves the loss term and raises the penalty by
    lam t^2 ||u||^2."""
    Phi = _check_phi(Phi)
    loss = _check_loss(loss)
    y = _check_targets(y, len(Phi), loss)
    w = check_array(w, "w", ndim=1)
    if len(w) != Phi.shape[1]:
        raise ValueError(f"w has {len(w)} entries; the feature space has {Phi.shape[1]} dimensions.")
    lam = check_real(lam, "lam", low=0.0, low_inclusive=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = Phi @ w
        data = float(np.mean((f - y) ** 2) if loss == "squared" else np.mean(np.maximum(0.0, 1.0 - y * f)))
        penalty = lam * float(w @ w)
    parts = (data, penalty, data + penalty)
    check_finite(parts, "The objective J(w)", "use a smaller w or scale the features")
    return parts
