"""The lecturer's drag, mirrored on the class's pictures (issue 30: each follower shows the lecturer's frame within 150
ms median, 300 ms p90, and changes at least 15 times a second).

Serves the app (`python app.py`, SQLite in a temporary folder) and opens, in Debian's Chromium, one lecturer page
(1400x900) that starts a class on /svm and N follower pages (1280x720) that join it by the link. The lecturer's
pointer presses γ's thumb and drags it across the whole track and back, PASSES times, SECONDS per pass (a real
press, then bench.sweep's scripted pointer: one pointermove per animation frame, at an even speed). The lecturer's
sweep (ui/sweep.js) notes when each position left the page (window.__kernelscopeSweep.told: [index, Date.now()]) and
each follower's sweep when it drew a mirrored frame (.mirrored); the pages share the machine's wall clock. Printed
per follower and over all: the latency from a position leaving the lecturer to its frame drawn on the follower (each
position the follower drew; positions the follower skipped because a newer one had come are counted apart), and the
follower's frames drawn per second during the drag. The first pass fetches the followers' frames once (a lazy sweep
asks for them when the first position arrives), and is left out of the figures; it is printed apart.

    .venv/bin/python -m bench.mirror [--followers 3] [--passes 4] [--seconds 1]
"""
import argparse
import statistics
import tempfile
import time

from playwright.sync_api import sync_playwright

from bench.serve import serve
from tests.browser_env import ARGS, ensure_chromium
from tests.live_class_env import context, press_thumb, settle, start_class, wait_banner

# The scripted pointer (as bench.sweep's, after a real press): one pointermove per animation frame where the pointer
# is, from x0 to x1 at height y at an even speed over `ms`; resolves at x1.
MOVE = """([x0, x1, y, ms]) => new Promise(resolve => {
  const t0 = performance.now();
  const go = () => {
    const f = Math.min(1, (performance.now() - t0) / ms), x = x0 + f * (x1 - x0);
    const at = document.elementFromPoint(x, y) || document.body;
    at.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse',
      isPrimary: true, buttons: 1, bubbles: true, cancelable: true, composed: true}));
    if (f < 1) requestAnimationFrame(go); else requestAnimationFrame(() => resolve());
  };
  requestAnimationFrame(go);
})"""
LOG = "() => ({ told: window.__kernelscopeSweep.told, mirrored: window.__kernelscopeSweep.mirrored })"


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def drag(page, passes, seconds):
    """Press γ's thumb, move across the track and back `passes` times, `seconds` a pass; release. The wall-clock
    (ms) start of the second pass."""
    track, y = press_thumb(page)
    page.mouse.move(track["x"] + 2, y, steps=5)
    second = None
    left, right = track["x"] + 2, track["x"] + track["width"] - 2
    for k in range(passes):
        if k == 1:
            second = time.time() * 1000
        page.evaluate(MOVE, [left, right, y, seconds * 1000] if k % 2 == 0 else [right, left, y, seconds * 1000])
    page.mouse.up()
    return second


def figures(told, mirrored, since):
    """(latencies ms of the positions drawn, positions skipped, frames a second) after `since` (wall-clock ms)."""
    told = [(i, t) for i, t in told if t >= since and i is not None]
    drawn = [(i, t) for i, t in mirrored if t >= since]
    lat, skipped = [], 0
    for n, (i, t0) in enumerate(told):
        t1 = told[n + 1][1] if n + 1 < len(told) else float("inf")
        hit = [t for j, t in drawn if j == i and t0 <= t]
        first = min(hit) if hit else None
        if first is not None and first < t1 + 1000:   # drawn (a position repeated later is matched to its own)
            lat.append(first - t0)
        else:
            skipped += 1
    span = (drawn[-1][1] - drawn[0][1]) / 1000 if len(drawn) > 1 else float("nan")
    return lat, skipped, (len(drawn) - 1) / span if span == span and span > 0 else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--followers", type=int, default=3)
    ap.add_argument("--passes", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        _, lecturer = context(browser, 1400, 900)
        code = start_class(lecturer, server.url, "svm")
        followers = []
        for _ in range(args.followers):
            _, page = context(browser, 1280, 720)
            page.goto(f"{server.url}/?room={code}")
            wait_banner(page, f"Following the lecturer (room {code})", 60000)
            followers.append(page)
        for page in (lecturer, *followers):
            page.wait_for_function("() => location.pathname === '/svm'", timeout=60000)
            settle(page)
        since = drag(lecturer, args.passes, args.seconds)
        for page in (lecturer, *followers):
            settle(page)
        told = lecturer.evaluate(LOG)["told"]
        after = [t for i, t in told if t >= since and i is not None]
        rate = (len(after) - 1) / ((after[-1] - after[0]) / 1000) if len(after) > 1 else float("nan")
        every = []
        print(f"mirrored drag: 1 lecturer, {args.followers} followers, {args.passes} passes of {args.seconds:g} s "
              f"over γ's track on /svm; {len(after)} positions after the first pass, {rate:.1f} a second")
        for n, page in enumerate(followers):
            mirrored = page.evaluate(LOG)["mirrored"]
            first, _, _ = figures(told, [m for m in mirrored if m[1] < since], 0)
            lat, skipped, rate = figures(told, mirrored, since)
            every += lat
            print(f"  follower {n + 1}: median {statistics.median(lat or [float('nan')]):.0f} ms, "
                  f"p90 {pct(lat, 0.9):.0f} ms over {len(lat)} positions drawn ({skipped} skipped for a newer one); "
                  f"{rate:.1f} frames a second; first pass (frames fetched): median "
                  f"{statistics.median(first or [float('nan')]):.0f} ms over {len(first)}")
        print(f"all followers: median {statistics.median(every or [float('nan')]):.0f} ms, p90 {pct(every, 0.9):.0f} ms "
              "(target median <= 150 ms, p90 <= 300 ms; >= 15 frames a second)")
        browser.close()


if __name__ == "__main__":
    main()
