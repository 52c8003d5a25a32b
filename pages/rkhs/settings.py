"""The RKHS topic's shared settings: the kernel and its parameters, drawn as the compact bar at the top of each
section. The one place that names the topic's widget keys: sections and tests use KEY, not strings of their own."""
from dataclasses import dataclass

from ui.kernel_choice import Single
from ui.settings import beside_picture, kernel_bar

PAGE = "rkhs"
COLUMNS = [3, 2]        # picture left, formula and controls right


class KEY:
    """Widget keys (bound to the link: `/rkhs?rkhs_gamma=2`)."""
    kernel = f"{PAGE}_kernel"
    gamma = f"{PAGE}_gamma"
    degree = f"{PAGE}_degree"
    coef0 = f"{PAGE}_coef0"
    # the sections' own controls (add yours here)
    # the representer theorem: the loss, Kriege's λ, the number of points, how much of u is added
    thm_loss, thm_lam, thm_n, thm_t = f"{PAGE}_thm_loss", f"{PAGE}_thm_lam", f"{PAGE}_thm_n", f"{PAGE}_thm_t"
    thm_chart, thm_objective = f"{PAGE}_representer", f"{PAGE}_thm_objective"
    # the reproducing property: x′, the centres' table editor (a version suffix), Undo / Reset / the two examples
    xprime = f"{PAGE}_xprime"
    rep_chart = f"{PAGE}_reproducing"
    rep_editor = f"{PAGE}_centres_editor"
    rep_undo, rep_reset = f"{PAGE}_centres_undo", f"{PAGE}_centres_reset"
    rep_smooth, rep_wiggly = f"{PAGE}_example_smooth", f"{PAGE}_example_wiggly"


KEYS = (KEY.kernel, KEY.gamma, KEY.degree, KEY.coef0)


@dataclass(frozen=True)
class Settings:
    choice: Single            # the kernel with its parameters


def bar(narrow=False, options=None):
    """The topic bar: the kernel, then its parameters (`narrow`: two widgets a row, beside a picture); `options`: the
    kernels a section offers (all by default)."""
    return Settings(kernel_bar(PAGE, KEYS, narrow, options))


def frame(options=None):
    """The bar and a section's two columns (picture left, formula and controls right): (settings, left, right)."""
    return beside_picture(lambda narrow: bar(narrow, options), COLUMNS)
