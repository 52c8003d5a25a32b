"""The lecture map: for each of the five lecture texts, its items in the text's own order and the app section that
shows each (its address, as in the address bar; None while no section shows it), and how the text's notation reads
in the app's (CONVENTIONS). The items are the table TEXTS of pages/home/lecture_items.py. Home draws the map; a test
checks that every address is a section of TOPICS. A lecturer teaching from one text walks its list from top to
bottom."""
from pages import sections, url_path
from pages.home.lecture_items import TEXTS

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
