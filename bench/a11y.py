"""Accessibility of every section, as axe-core (bundled in axe-playwright-python, offline) judges it: serious and
critical violations of the WCAG 2.0 / 2.1 / 2.2 A and AA rules at 1400x900, presenting at 1280x720 and on a
390x844 phone, and the narrowest main-chart plotting area on the phone.

    .venv/bin/python -m bench.a11y [--page URL_PATH ...] [--size NAME ...]     # default: every section, 3 sizes

Prints one line per page view with violations (rule, impact, count, the first target), then the totals."""
import argparse

from pages import sections, url_path
from tests.browser_env import ARGS, ensure_chromium

from .screens import MEASURE, settle
from .serve import serve

SIZES = (("1400x900", 1400, 900, False, False), ("1280x720-present", 1280, 720, True, False),
         ("390x844-phone", 390, 844, False, True))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = ("serious", "critical")
# ui/accessibility.js is mounted and has fitted every formula and described every chart since the page last changed.
A11Y_READY = "() => window.__kernelscopeA11y === true && window.__kernelscopeA11yIdle === true"
# Streamlit's own chrome that the app cannot change, each with the upstream report; only that element is left out.
EXCLUDED = [
    # The navigation as a phone shows it (the sidebar's menu): its <ul> holds the sections' heading <div>s beside
    # their <li>s (axe "list" / "listitem"). Streamlit's accessibility work: github.com/streamlit/streamlit/issues/8399
    '[data-testid="stSidebarNavItems"]',
]


def scan(page):
    """[(rule id, impact, node count, first target)] of the serious and critical axe violations on the page."""
    from axe_playwright_python.sync_playwright import Axe
    result = Axe().run(page, context={"exclude": [[sel] for sel in EXCLUDED]},
                       options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    return [(v["id"], v["impact"], len(v["nodes"]), v["nodes"][0]["target"])
            for v in result.response["violations"] if v["impact"] in SERIOUS]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", nargs="*")
    ap.add_argument("--size", nargs="*")
    a = ap.parse_args()
    run = [("", "")] + [(url_path(t, s), s.main_chart) for t, s in sections()]
    if a.page:
        run = [(u, k) for u, k in run if u in a.page]
    sizes = [s for s in SIZES if not a.size or s[0] in a.size]
    from playwright.sync_api import sync_playwright
    total, views, bad_views, narrowest = 0, 0, 0, None
    with serve("app.py") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for name, w, h, present, phone in sizes:
            ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=phone, is_mobile=phone)
            page = ctx.new_page()
            for url, key in run:
                page.goto(f"{server.url}/{url}" + ("?present=true" if present else ""))
                settle(page)
                page.wait_for_function(A11Y_READY, timeout=30000)
                found = scan(page)
                views += 1
                if found:
                    bad_views += 1
                    total += sum(n for _, _, n, _ in found)
                    for rule, impact, n, target in found:
                        print(f"{name:>17} /{url:<30} {impact:>8} {rule} x{n}  e.g. {target}")
                if phone and key:
                    m = page.evaluate(MEASURE, key)
                    if m["plotW"] and (narrowest is None or m["plotW"] < narrowest[0]):
                        narrowest = (m["plotW"], url)
            ctx.close()
        browser.close()
    print(f"serious + critical axe violations: {total} on {bad_views} of {views} page views")
    if narrowest:
        print(f"narrowest main-chart plotting area on the phone: {narrowest[0]:.0f} px (/{narrowest[1]})")


if __name__ == "__main__":
    main()
