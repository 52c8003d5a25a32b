"""Kernel PCA › Large n: exact kernel PCA up to 3 000 points, then Nyström or random Fourier features, with the fit
time and the approximation error (the panel is ui.large_n's, shared with kernel ridge). Its data are generated
here (moons / circles of up to 20 000 points), so the topic's bar, which sets the other sections' data and kernel,
is not drawn."""
from pages.kernel_pca.settings import PAGE
from ui.large_n import kpca_panel
from ui.nav import section_footer, section_header

section_header(__file__)
kpca_panel(PAGE)
section_footer(__file__)
