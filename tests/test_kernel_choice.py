"""Compare A / B's picture height for the kernels chosen in A's and B's settings (ui.kernel_choice.compare_height):
on a projector a kernel with two parameters, or a combined kernel, wraps the settings row, and only then do the
pictures give up that row (the browser side: tests/test_browser_lesson.py, Compare A / B on the first screen)."""
from ui.kernel_choice import Composed, Single, compare_height

RBF = Single.of("rbf", gamma=1.0)
LINEAR = Single.of("linear")
POLY = Single.of("poly", degree=2, gamma=1.0, coef0=1.0)
SIGMOID = Single.of("sigmoid", gamma=0.5, coef0=0.0)


def test_one_parameter_each_keeps_the_height():
    assert compare_height(462, True, RBF, LINEAR) == 462
    assert compare_height(462, True, RBF, RBF) == 462


def test_a_second_parameter_or_a_combined_kernel_gives_up_a_row_presenting():
    assert compare_height(462, True, POLY, RBF) == 390
    assert compare_height(462, True, RBF, SIGMOID) == 390
    assert compare_height(470, True, Composed("sum", RBF, LINEAR), RBF) == 398


def test_a_laptop_keeps_the_height():
    assert compare_height(480, False, POLY, SIGMOID) == 480
