"""Browser pages of a given screen size (a projector's 1280x720, a laptop's 1400x900): a context of that viewport whose
page counts the app's runs and records requests leaving the machine, and the plotting height a main chart needs."""
from tests.browser_env import RUN_COUNTER

MIN_PLOT_HEIGHT = 440   # px of the main chart's plotting area at 1280x720 in presentation mode (issue 20)


def sized(browser, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(RUN_COUNTER)   # settle and open_url wait on the app's runs, not on pauses
    page = context.new_page()
    page.outside_requests = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    return context, page
