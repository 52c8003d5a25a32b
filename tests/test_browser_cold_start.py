"""A cold start with each way of starting the app: `streamlit run app.py` (hosts, Docker images) and `python app.py`
(the README). On a freshly started server the first session opens a shared section link: no "Page not found" dialog,
no dialog at all, the section's heading, and the link's points and setting applied."""
import pytest

from pages import TOPICS
from tests.conftest import serve_app
from tests.support.app_runs import IDLE
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)

SVM = next(t for t in TOPICS if t.slug == "svm")
# The default data set without points 3 and 17 and with one point added (120 - 2 + 1 = 119), and C = 3.16.
LINK = "svm?pts=3.17%7C0.10%2C0.50%2C%2B&svm_C=3.16"


@pytest.mark.parametrize("command", ["streamlit", "python"])
def test_the_first_session_on_a_fresh_server_opens_a_shared_section_link(browser, command):
    with serve_app(command) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        page = context.new_page()
        page.outside_requests = []
        try:
            # A cold server imports the libraries and fills its caches during this first run: generous waits.
            page.goto(f"{url}/{LINK}", timeout=180000)
            page.wait_for_selector("[data-testid='stSidebar'] >> text=Data set", timeout=180000)
            page.wait_for_selector(IDLE, timeout=180000)
            page.wait_for_timeout(1000)  # a "Page not found" message comes before the run ends: it would be shown
            assert "Page not found" not in page.locator("body").inner_text()
            assert page.get_by_role("dialog").count() == 0
            heading = page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h4").first.inner_text()
            assert SVM.sections[0].title in heading or SVM.title in heading, heading
            assert "your own points (119)" in page.locator("[data-testid='stSidebar']").inner_text()
            assert "pts=" in page.url and "svm_C=3.16" in page.url, page.url
            assert page.locator(".st-key-svm_C [data-testid='stSliderThumbValue']").inner_text() == "3.16"
            assert_healthy(page)
        finally:
            context.close()
