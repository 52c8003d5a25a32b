"""First-screen check of sections, as a projector and a laptop show them: for each URL path, at 1280x720 in
presentation mode and at 1400x900, a screenshot of the first screen (no scrolling) and, for the section's main
chart (TOPICS' main_chart key), whether it lies inside the first screen and how tall its plotting area is.

    .venv/bin/python -m bench.screens [--out DIR] [--page URL_PATH ...]     # default: every section

Look at the PNGs with the file tool. Also prints exceptions shown, formulas that scroll inside their box (cut
off) and requests that left the machine."""
import argparse
import os
import tempfile

from pages import sections, url_path
from tests.browser_env import ARGS, ensure_chromium

from .serve import serve

SIZES = (("1280x720-present", 1280, 720, True), ("1400x900", 1400, 900, False))
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
CHARTS_DRAWN = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).every(e => e._fullData && e._fullLayout)"""
MEASURE = """(key) => {
  const box = key && document.querySelector('.st-key-' + key);
  const plot = box && box.querySelector('.nsewdrag, .gl-container, .main-svg');
  const drag = box && box.querySelector('.nsewdrag');
  const r = box && box.getBoundingClientRect(), d = drag && drag.getBoundingClientRect();
  const cut = [...document.querySelectorAll('.katex-display, [data-testid="stMetricValue"], [data-testid="stCaptionContainer"]')]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 40));
  return {found: !!box, top: r && r.top, bottom: r && r.bottom, plotH: d && d.height, plotW: d && d.width,
          viewH: window.innerHeight, cut,
          exceptions: [...document.querySelectorAll('[data-testid="stException"]')].map(e => e.innerText.slice(0, 200))};
}"""


def settle(page):
    page.wait_for_selector(IDLE, timeout=60000)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=60000)
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)
    page.wait_for_timeout(300)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "screens"))
    ap.add_argument("--page", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    run = [(url_path(t, s), s.main_chart) for t, s in sections()]
    if a.page:
        run = [(u, k) for u, k in run if u in a.page]
    from playwright.sync_api import sync_playwright
    with serve("app.py") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for name, w, h, present in SIZES:
            ctx = browser.new_context(viewport={"width": w, "height": h})
            page = ctx.new_page()
            outside = []
            page.on("request", lambda r, outside=outside: outside.append(r.url)
                    if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
            for url, key in run:
                page.goto(f"{server.url}/{url}" + ("?present=true" if present else ""))
                settle(page)
                m = page.evaluate(MEASURE, key)
                path = os.path.join(a.out, f"{url}-{name}.png")
                page.screenshot(path=path)
                on_screen = m["found"] and m["bottom"] is not None and m["bottom"] <= m["viewH"] + 1
                plot = f"plot area {m['plotW']:.0f}x{m['plotH']:.0f} px" if m["plotH"] else "no 2-D plot area"
                print(f"{name:>17} /{url:<28} main chart {key or '-'}: "
                      f"{'ON first screen' if on_screen else 'NOT on first screen' if m['found'] else 'NOT FOUND'}"
                      f" (bottom {m['bottom'] or 0:.0f} of {m['viewH']}), {plot} -> {path}")
                for c in m["cut"]:
                    print(f"{'':>19}cut off / scrolls: {c!r}")
                for e in m["exceptions"]:
                    print(f"{'':>19}EXCEPTION: {e}")
            for u in outside[:5]:
                print(f"request left the machine: {u}")
            ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
