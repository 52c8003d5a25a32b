"""Every test has exactly one tier (core, app, browser), found from what it runs (tests/tiers.py): checked on the
collected suite against the file names' own convention, and on small functions of known tier."""
import contextlib
import subprocess

import pytest

import kernel_core as kc
from tests import app_pages, tiers
from tests.app_pages import open_page
from tests.conftest import TIERS_OF, serve_app


def test_every_collected_test_has_exactly_one_tier_marker(request):
    for item in request.session.items:
        marks = [m.name for m in item.iter_markers() if m.name in tiers.TIERS]
        assert len(marks) == 1, (item.nodeid, marks)
    tiers_of = request.config.stash[TIERS_OF]
    assert set(tiers_of.values()) <= set(tiers.TIERS)
    assert set(request.session.items) <= set(tiers_of)


def test_the_tiers_agree_with_the_file_names(request):
    """test_core_* files test kernel_core alone; test_browser_* files drive Chromium; test_page_* files are
    mostly AppTest (a page file's few browser or pure tests excepted)."""
    tiers_of = request.config.stash[TIERS_OF]
    by_file = {}
    for item, tier in tiers_of.items():
        by_file.setdefault(item.path.name, []).append(tier)
    assert by_file, "no tests collected"
    for name, found in by_file.items():
        if name.startswith("test_core_"):
            assert set(found) == {"core"}, name
        if name.startswith("test_browser"):
            assert set(found) == {"browser"}, name
        if name.startswith("test_page_"):
            assert found.count("app") > len(found) / 2, (name, found)
    assert set(by_file.get("test_deploy_nginx.py", ["browser"])) == {"browser"}


def _pure():
    return kc.gram([[0.0, 1.0]])


def _through_a_helper():
    return open_page("pages/svm/margins.py")


def _through_the_module():
    return app_pages.open_page("pages/svm/margins.py")


@contextlib.contextmanager
def _server():
    proc = subprocess.Popen(["true"])
    yield proc


def _through_a_context_manager():
    with _server():
        pass


def _served():
    with serve_app() as url:
        return url


@pytest.mark.core  # written by hand: it only reads the functions above, which the classifier would follow
def test_what_a_function_runs_decides_its_tier():
    assert tiers.reaches(_pure) == set()
    assert tiers.reaches(_through_a_helper) == {"app"}
    assert tiers.reaches(_through_the_module) == {"app"}
    assert tiers.reaches(lambda: _through_a_helper()) == {"app"}
    assert tiers.reaches(_through_a_context_manager) == {"browser"}
    assert tiers.reaches(_served) == {"browser"}
    assert tiers.reaches(_pure, _served, _through_a_helper) == {"app", "browser"}
