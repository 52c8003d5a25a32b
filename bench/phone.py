"""Every section on a phone (390x844 and 360x800, touch): the main chart's plotting area (width x height), whether the
chart starts in the first screen, sideways scroll of the page, and colour bars / legends beside the plot.

    .venv/bin/python -m bench.phone [--page URL_PATH ...] [--size 390x844 360x800] [--out DIR]

Prints one line per section and the narrowest plotting area; with --out, a first-screen PNG per section."""
import argparse
import os

from pages import sections, url_path
from tests.browser_env import ARGS, ensure_chromium

from .screens import settle
from .serve import serve

SIZES = {"390x844": (390, 844), "360x800": (360, 800)}
# The main chart's plotting area (the union of its 2-D subplots' drag areas, else its 3-D / GL scene), its box, and
# the page's sideways overflow.
PHONE_MEASURE = """(key) => {
  const box = key && document.querySelector('.st-key-' + key);
  const drags = box ? [...box.querySelectorAll('.nsewdrag')] : [];
  const scene = box && box.querySelector('.gl-container, .svg-container');
  let w = 0, h = 0, top = null;
  if (drags.length) {
    const rs = drags.map(d => d.getBoundingClientRect());
    const left = Math.min(...rs.map(r => r.left)), right = Math.max(...rs.map(r => r.right));
    w = right - left; h = Math.max(...rs.map(r => r.height)); top = Math.min(...rs.map(r => r.top));
  } else if (scene) { const r = scene.getBoundingClientRect(); w = r.width; h = r.height; top = r.top; }
  const r = box && box.getBoundingClientRect();
  return {found: !!box, plotW: w, plotH: h, plotTop: top, boxTop: r && r.top, boxW: r && r.width,
          subplots: drags.length, sideways: document.documentElement.scrollWidth - window.innerWidth,
          viewH: window.innerHeight};
}"""


LAID_OUT = """(key) => { const gd = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
  return !!(gd && gd._fullLayout && gd.layout && ((gd.layout.ksPhone && gd._fullLayout.height === gd.layout.height)
    || gd.dataset.phone === 'as-is')); }"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", nargs="*")
    ap.add_argument("--size", nargs="*", default=["390x844"])
    ap.add_argument("--out")
    a = ap.parse_args()
    run = [(url_path(t, s), s.main_chart) for t, s in sections()]
    if a.page:
        run = [(u, k) for u, k in run if u in a.page]
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    from playwright.sync_api import sync_playwright
    with serve("app.py") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for size in a.size:
            w, h = SIZES[size]
            ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
            page = ctx.new_page()
            narrowest = None
            for url, key in run:
                page.goto(f"{server.url}/{url}")
                settle(page)
                try:   # ui/phone.js done with the chart (see tests/test_browser_phone.py's LAID_OUT)
                    page.wait_for_function(LAID_OUT, arg=key, timeout=15000)
                except Exception:  # noqa: BLE001 - measured as it stands, said so
                    print(f"/{url}: not laid out for the phone within 15 s")
                m = page.evaluate(PHONE_MEASURE, key)
                if a.out:
                    page.screenshot(path=os.path.join(a.out, f"{url}-{size}.png"))
                print(f"{size} /{url:<32} plot {m['plotW']:4.0f}x{m['plotH']:<4.0f} ({m['subplots']} subplots) "
                      f"top {m['plotTop'] or 0:5.0f} sideways {m['sideways']}")
                if m["plotW"] and (narrowest is None or m["plotW"] < narrowest[0]):
                    narrowest = (m["plotW"], url)
            ctx.close()
            print(f"{size}: narrowest main-chart plotting area {narrowest[0]:.0f} px (/{narrowest[1]})")
        browser.close()


if __name__ == "__main__":
    main()
