"""The Beyond-vectors topic's shared settings: the kernel and its parameters, drawn as the compact bar at the top of each
section. The one place that names the topic's widget keys: sections and tests use KEY, not strings of their own."""
from dataclasses import dataclass

from ui.kernel_choice import Single
from ui.settings import beside_picture, kernel_bar

PAGE = "graphs"
COLUMNS = [3, 2]        # picture left, formula and controls right


class KEY:
    """Widget keys (bound to the link: `/graphs?graphs_gamma=2`)."""
    kernel = f"{PAGE}_kernel"
    gamma = f"{PAGE}_gamma"
    degree = f"{PAGE}_degree"
    coef0 = f"{PAGE}_coef0"
    # the sections' own controls (add yours here)
    graph, neighbours, beta, node = f"{PAGE}_graph", f"{PAGE}_k", f"{PAGE}_beta", f"{PAGE}_node"   # diffusion
    picture, labelled = f"{PAGE}_picture", f"{PAGE}_labelled"                                    # diffusion
    sample, pairs, noise, seed = (f"{PAGE}_hsic_{p}" for p in ("sample", "n", "noise", "seed"))   # independence
    strings, spectrum_k, normalize = f"{PAGE}_strings", f"{PAGE}_spectrum_k", f"{PAGE}_spectrum_norm"   # strings
    strings_chart, strings_spectrum = f"{PAGE}_strings_gram", f"{PAGE}_strings_spectrum"
    bag_points, bag_seed = f"{PAGE}_bags_n", f"{PAGE}_bags_seed"                                  # distributions
    bags_chart, clouds_chart = f"{PAGE}_bags_gram", f"{PAGE}_bags_clouds"
    walk_share, walk_raw = f"{PAGE}_walk_share", f"{PAGE}_walk_raw"                            # graph kernels
    walks_chart, small_graphs_chart = f"{PAGE}_walks_gram", f"{PAGE}_walks_graphs"


KEYS = (KEY.kernel, KEY.gamma, KEY.degree, KEY.coef0,
        KEY.graph, KEY.neighbours, KEY.beta, KEY.node, KEY.picture, KEY.labelled)


@dataclass(frozen=True)
class Settings:
    choice: Single            # the kernel with its parameters


def bar(narrow=False, options=None):
    """The topic bar: the kernel, then its parameters (`narrow`: two widgets a row, beside a picture); `options`: the
    kernels a section offers (all by default)."""
    return Settings(kernel_bar(PAGE, KEYS, narrow, options))


def frame(options=None, own_bar=None):
    """The bar and a section's two columns (picture left, formula and controls right): (settings, left, right).
    `own_bar(narrow)`: a section's own bar instead of the kernel bar (its return value is the settings)."""
    return beside_picture(own_bar or (lambda narrow: bar(narrow, options)), COLUMNS)
