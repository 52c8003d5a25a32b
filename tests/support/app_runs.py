"""Waiting for the app in a browser page: its runs as tests/browser_env.RUN_COUNTER counts them, a page opened by its
address and drawn, the app settled after an action (the browser tests' waits, instead of pauses)."""

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


# The app's runs in this document as tests/browser_env.RUN_COUNTER counts them (null without the counter), and
# whether a run is under way (or the app not yet started).
RUNS = """() => { const r = window.__ksRuns, app = document.querySelector("[data-testid='stApp']");
  return r ? {doc: r.doc, started: r.started, now: Date.now(),
              busy: !app || app.getAttribute('data-test-script-state') !== 'notRunning'} : {none: true}; }"""
# The app has answered: its script stopped, the state unchanged for 100 ms (st.rerun ends a run and starts the next at
# once), and the run to wait for is over: the one under way when the wait began, else one started since (a click's
# rerun starts a moment after the click), else none started within 500 ms (nothing asked for a run). In a new document
# (a navigation): once a run has ended there.
SETTLED = """({doc, started, now, busy}) => { const r = window.__ksRuns, t = Date.now();
  const app = document.querySelector("[data-testid='stApp']");
  if (!r || !app || app.getAttribute('data-test-script-state') !== 'notRunning' || t - r.changed < 100) return false;
  if (r.doc !== doc) return r.ended > 0;
  return busy || r.started > started || t - now >= 500; }"""


def runs_so_far(page):
    """The app's runs so far (RUNS): take them before an action, and settle(page, since=them) after it."""
    return page.wait_for_function(RUNS, timeout=60000).json_value()


def settle(page, since=None):
    """Wait until the app has answered what the test just did (SETTLED), on a page counting its runs
    (tests/browser_env.RUN_COUNTER): any run started after `since` (the runs taken before the action; else those at
    this call) ends the wait as soon as it is over. On another page, the fixed pause between two waits for an idle
    script."""
    runs = runs_so_far(page)
    if since and not runs.get("none"):
        runs.update(doc=since.get("doc"), started=since.get("started", 0))
    if runs.get("none"):
        page.wait_for_selector(IDLE, timeout=60000)
        page.wait_for_timeout(500)
        page.wait_for_selector(IDLE, timeout=60000)
        return
    page.wait_for_function(SETTLED, arg=runs, timeout=120000)


def opened(page, timeout=60000):
    """After page.goto, on a page counting its runs: wait until the app has drawn the page (a run has ended in the new
    document, and it settled) and return True; False on a page without the counter (nothing waited for)."""
    runs = page.wait_for_function(RUNS, timeout=timeout).json_value()
    if runs.get("none"):
        return False
    page.wait_for_function(SETTLED, arg={**runs, "doc": None}, timeout=timeout)
    return True


def open_url(page, url):
    page.goto(url)
    if not opened(page, timeout=120000):
        settle(page)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=30000)
