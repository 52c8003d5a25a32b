"""The live sweeps in Chromium: a scripted pointer drags each sweep across its whole range (issue 22).

Serves the app, opens each section that has live sweeps (ui.sweep) at default settings in Debian's Chromium
(Playwright, 1400x1000), and for every sweep found on the page (window.__kernelscopeSweeps, one per chart and
slider) presses the pointer on the slider's thumb (a real press), moves it to the track's left end, then across
the whole track to the right end (a scripted pointer in the page: one pointermove per animation frame, about 1.5 of
the slider's values apart, so every animation frame asks for a new picture), and releases it. The component counts
every frame it draws (window.__kernelscopeSweep.times: the time of the animation frame in which a changed frame of
the picture was drawn; at most one per animation frame); the median interval between those frames over the move to
the right is the sweep's frame interval (issue 22's target: <= 33 ms, 30 frames a second). For a sweep that a
sideways drag across the picture also drives, that drag is measured the same way (from the first value to the
last). Also per sweep: the frames drawn of the values passed, the payload's bytes (the component's data as it
arrived), and the cold compute time of its frames for the default data (the topic's batch function and the payload,
uncached, in this process). The last line is the worst median.

    .venv/bin/python -m bench.sweep                  # every section with sweeps
    .venv/bin/python -m bench.sweep --pages svm      # one section
"""
import argparse
import statistics
import time

from playwright.sync_api import sync_playwright

from bench.serve import serve
from tests.browser_env import ARGS, ensure_chromium

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
POLY_X0 = (1.0, 0.5)   # the polynomial kernel's degree sweep is measured at this x₀ (at x₀ = 0 k(x, 0) = r^m is flat)
POLY = f"kernels?kernels_kernel=poly&kernels_x0a={POLY_X0[0]}&kernels_x0b={POLY_X0[1]}"


# sections with live sweeps, in the order of the path through the app (the Kernels sections twice: RBF, polynomial)
PAGES = ["kernels", POLY, "kernels-gram", "kernels-gram?kernels_kernel=poly", "mercer-approx", "kernel-pca",
         "kernel-ridge", "perceptron-knn-knn", "svm"]
TARGET_MS = 33
READY = """() => { const s = window.__kernelscopeSweeps || {}; const v = Object.values(s);
  return v.length > 0 && v.every(o => o.frames || !o.data.digest) &&
    [...document.querySelectorAll('.js-plotly-plot')].every(e => e._fullData); }"""   # every sweep has its frames or is lazy
SWEEPS = """() => Object.entries(window.__kernelscopeSweeps).map(([id, o]) => ({id, chart: o.data.chart,
  slider: o.data.slider, label: o.data.label, n: o.data.values.length, drag: o.data.drag,
  lazy: !o.data.digest, bytes: JSON.stringify(o.data).length}))"""
START = "(key) => Number(document.querySelector(`.st-key-${key} input[type=range]`).value)"
MARK = "(chart) => (window.__kernelscopeSweep.byChart[chart] || []).length"   # frames drawn into one chart
WAITS = "() => window.__kernelscopeSweep.waits.length"
HAS_FRAMES = "(id) => !!(window.__kernelscopeSweeps[id] || {}).frames"
WAITED = "(i) => window.__kernelscopeSweep.waits.slice(i)"
BYTES = "(id) => window.__kernelscopeSweeps[id].frames.bytes"
SINCE = "([chart, i]) => [(window.__kernelscopeSweep.byChart[chart] || []).slice(i), window.__kernelscopeSweep.frames]"


def cold_svm(param):
    """Seconds to compute the SVM sweep of `param` and its payload for the default data, uncached."""
    import kernel_core as kc
    from pages.svm import compute, figures
    from ui.figures import Spec, to_spec
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    part = compute.split.__wrapped__(X, y, (X, y))
    kernel, box = Single.of("rbf", gamma=1.0), compute.PLANE_BOUNDS
    fit = compute.fit.__wrapped__(X, y, part, kernel, 1.0)
    Z = compute.surface.__wrapped__(fit.points, fit.weights, fit.b, kernel, box)
    spec = figures.svm_map.uncached(box, Z, fit, X, y, part.tr, part.te, 1.0, present=False)
    traces = figures.sweep_traces(Spec(to_spec(spec)))
    t0 = time.perf_counter()
    C = 1.0 if param == "gamma" else None
    sw = compute._sweep.__wrapped__(X, y, part, kernel, C, param, box, compute.R["grid"])
    figures.sweep_payload.__wrapped__(box, sw, X, y, part.tr, traces, "svm_map", f"svm_{param}", param, True)
    return time.perf_counter() - t0


def cold_kernels(param="gamma", name="rbf", x0=(0.0, 0.0)):
    """Seconds to compute the Kernels section's sweep of `param` (RBF γ at x₀ = 0; the polynomial's degree at
    POLY_X0) and its payload, uncached."""
    import numpy as np

    from pages.kernels import compute, figures
    from ui.kernel_choice import Single

    choice = Single.of(name, **({"gamma": 1.0} if name == "rbf" else {"gamma": 1.0, "degree": 2, "coef0": 1.0}))
    first = choice.with_params(**{param: compute.SWEPT[param][0]})
    t0 = time.perf_counter()
    values, Zs = compute._kernel_sweep.__wrapped__(first, x0, param)
    figures.surface_sweep.__wrapped__(np.linspace(*compute.PLANE, compute.GRID), values, np.asarray(Zs),
                                      "kernels_surface", f"kernels_{param}", by="index" if param == "gamma" else
                                      "value")
    return time.perf_counter() - t0


def cold_knn():
    """Seconds to compute the k-NN section's sweep of k (every k on the default split) and its payload, uncached."""
    import kernel_core as kc
    from pages.perceptron_knn import compute, figures
    from ui.figures import Spec, to_spec
    from ui.ranges import DATA, DEFAULT_DATASET
    from ui.ranges import PERCEPTRON_KNN as R
    from ui.split import held_out

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    s = compute.split(X, y, held_out(X, y, R["held_out"][2], R["order_seed"][2], base=(X, y)))
    k = R["k"][2]
    fig = figures.classifier_map.uncached(compute.BOUNDS, compute.knn.__wrapped__(s, k).Z, s.Xtr, s.ytr, s.Xte,
                                          s.yte, "vote")
    traces = figures.knn_sweep_traces(Spec(to_spec(fig)))
    t0 = time.perf_counter()
    figures.knn_sweep_payload.__wrapped__(compute.knn_sweep.__wrapped__(s), traces, "perceptron_knn_knn_map",
                                          "perceptron_knn_k")
    return time.perf_counter() - t0


def cold_kpca():
    """Seconds to compute kernel PCA's γ sweep (RBF, components 1 and 2, the default data) and its payload, uncached,
    on one BLAS thread as in the app (ui.runtime)."""
    from threadpoolctl import threadpool_limits

    import kernel_core as kc
    from pages.kernel_pca import compute, figures
    from ui.figures import Spec, to_spec
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    kernel = Single.of("rbf", gamma=1.0)
    E, _ = compute.scaled(compute.fit.__wrapped__(X, kernel).eta[:, :2])
    traces = figures.sweep_traces(Spec(to_spec(figures.embedding_figure.uncached(E, y, None, fixed=figures.SWEPT))))
    with threadpool_limits(1):
        t0 = time.perf_counter()
        figures.sweep_payload.__wrapped__(compute.sweep.__wrapped__(X, kernel, (0, 1)), y, traces,
                                          "kernel_pca_kpca_fig", "kernel_pca_gamma")
        return time.perf_counter() - t0


COLD = {"svm_gamma": lambda: cold_svm("gamma"), "svm_C": lambda: cold_svm("C"), "kernels_gamma": cold_kernels,
        "perceptron_knn_k": cold_knn, "kernel_pca_gamma": cold_kpca,
        f"{POLY}:kernels_degree": lambda: cold_kernels("degree", "poly", POLY_X0),
        f"{POLY}:kernels_gamma": lambda: cold_kernels("gamma", "poly", POLY_X0)}

def cold_kernel_ridge(param):
    """Seconds to compute kernel ridge's sweep of λ or γ (RBF γ = 1, λ = 0.1, the default noisy sine) and its
    payload, uncached, on one BLAS thread as in the app (ui.runtime)."""
    from threadpoolctl import threadpool_limits

    from pages.kernel_ridge import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import KERNEL_RIDGE as R

    data, kernel = ("sine", R["n"][3], R["noise"][3], R["seed"][3]), Single.of("rbf", gamma=1.0)
    X, y = compute.dataset.__wrapped__(data)
    fit = compute.krr_fit.__wrapped__(data, kernel, 0.1)
    band = compute.fit_band.__wrapped__(data, kernel, 0.1)     # the static picture with its ± 2 std band
    traces = figures.fit_sweep_traces(figures.fit_figure.uncached(X, y, fit.xs, fit.f, fit.alpha, truth=True,
                                                                  std=band.std, reach=band.reach))
    with threadpool_limits(1):
        t0 = time.perf_counter()
        k, lam = (kernel, None) if param == "lam" else (kernel.with_gamma(0.0), 0.1)
        sw = compute._sweep.__wrapped__(data, k, lam, param, False)
        figures.fit_sweep_payload.__wrapped__(sw, X, traces, "kernel_ridge_fit", f"kernel_ridge_{param}", param, True)
        return time.perf_counter() - t0


COLD.update(kernel_ridge_lam=lambda: cold_kernel_ridge("lam"), kernel_ridge_gamma=lambda: cold_kernel_ridge("gamma"))



def cold_gram():
    """Seconds to compute the Gram section's γ sweep (RBF, the default data: K and its eigenvalues at every γ) and
    both payloads (heatmap, spectrum on its default log axis), uncached."""
    import kernel_core as kc
    from pages.kernels import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    choice = Single.of("rbf", gamma=1.0)
    t0 = time.perf_counter()
    sw = compute._gram_sweep.__wrapped__(X, choice.with_gamma(compute.GAMMAS[0]))
    figures.gram_sweep.__wrapped__(sw, y, "kernels_gram", "kernels_gamma")
    figures.spectrum_sweep.__wrapped__(sw, "kernels_spectrum", "kernels_gamma", log=True)   # the default axis
    return time.perf_counter() - t0


COLD["kernels-gram:kernels_gamma"] = cold_gram   # by section: the main section's γ sweep is another


def cold_mercer():
    """Seconds to compute Mercer's sweep of D (random Fourier features and Nyström at every D, RBF γ = 1, draw 0, the
    default data) and its payload, uncached, on one BLAS thread as in the app."""
    from threadpoolctl import threadpool_limits

    import kernel_core as kc
    from pages.mercer import compute, figures
    from ui.figures import Spec, to_spec
    from ui.ranges import DATA, DEFAULT_DATASET
    from ui.ranges import MERCER as R

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    a = compute.approximations.__wrapped__(X, 1.0, R["approx_default"], 0)
    traces = figures.triptych_traces(Spec(to_spec(figures.gram_triptych.uncached(a.K, a.K_rff, a.K_nys, y,
                                                                                 ("", "", "")))))
    with threadpool_limits(1):
        t0 = time.perf_counter()
        figures.approx_sweep_payload.__wrapped__(compute.approx_sweep.__wrapped__(X, y, 1.0, 0), traces,
                                                 "mercer_K_compare", "mercer_features")
        return time.perf_counter() - t0


COLD.update(mercer_features=cold_mercer)


def settle(page):
    page.wait_for_selector(IDLE, timeout=90000)
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=90000)


def intervals(times):
    return [b - a for a, b in zip(times, times[1:])]


# The scripted pointer: one pointermove per animation frame (Chromium delivers a real mouse's moves aligned to
# animation frames too), `step` px each, from x0 to x1 at height y, dispatched where the pointer is; resolves at x1.
MOVE = """([x0, x1, y, step]) => new Promise(resolve => {
  let x = x0;
  const go = () => {
    x = x1 > x0 ? Math.min(x1, x + step) : Math.max(x1, x - step);
    const at = document.elementFromPoint(x, y) || document.body;
    at.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse',
      isPrimary: true, buttons: 1, bubbles: true, cancelable: true, composed: true}));
    if (x !== x1) requestAnimationFrame(go); else requestAnimationFrame(() => resolve());
  };
  requestAnimationFrame(go);
})"""


def drag(page, press, x0, x1, y, n, sw):
    """Press at `press` (a real, trusted press), move to (x0, y), wait for the frames (a lazy sweep asks for them
    when grabbed), then the scripted pointer from x0 to x1 (about 1.5 values per animation frame over n values),
    release at x1: the frames drawn on the way from x0 to x1, and the wait from the press to the first frame drawn
    (ms; None if none was drawn before the move across)."""
    waits = page.evaluate(WAITS)
    page.mouse.move(*press)
    page.mouse.down()
    page.evaluate(MOVE, [press[0], x0, y, abs(x0 - press[0]) / 4 or 1])
    page.wait_for_function(HAS_FRAMES, arg=sw["id"], timeout=90000)
    page.wait_for_timeout(150)
    waited = page.evaluate(WAITED, waits)
    size = page.evaluate(BYTES, sw["id"])
    mark = page.evaluate(MARK, sw["chart"])
    page.evaluate(MOVE, [x0, x1, y, 1.5 * abs(x1 - x0) / n])
    times, _ = page.evaluate(SINCE, [sw["chart"], mark])
    page.mouse.move(x1, y)
    page.mouse.up()
    return times, (waited[0] if waited else None), size


def drag_slider(page, sw):
    """The slider's thumb pressed, moved to the track's left end, then across the track to its right end."""
    slider = sw["slider"]
    thumb = page.locator(f".st-key-{slider} [data-testid='stSliderThumbValue']").locator("..")
    track = thumb.locator("..").bounding_box()
    box = thumb.bounding_box()
    y = box["y"] + box["height"] / 2
    return drag(page, (box["x"] + box["width"] / 2, y), track["x"], track["x"] + track["width"], y, sw["n"], sw)


def drag_picture(page, sw):
    """A press on the chart's plot area where the value now sits on its width, a drag to its left edge (the first
    value), then across the whole width to the right edge (the last)."""
    chart, slider, n = sw["chart"], sw["slider"], sw["n"]
    plot = page.locator(f".st-key-{chart} .nsewdrag").first
    plot.scroll_into_view_if_needed()           # a chart below the first screen (Mercer's matrices) comes up first
    area = plot.bounding_box()
    y, w = area["y"] + area["height"] * 0.9, area["width"]
    start = page.evaluate(START, slider)
    press = area["x"] + 1 + (w - 2) * start / (n - 1)   # the drag maps the plot's width onto the range, from the
    # value now; a pixel inside its edges (at the very edge the press can land on Plotly's resize handle instead)
    return drag(page, (press, y), area["x"], area["x"] + w, y, n, sw)


def measure(browser, url, path):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    rows = []
    try:
        page.goto(f"{url}/{path}")
        settle(page)
        page.wait_for_function(READY, timeout=90000)
        for sw in page.evaluate(SWEEPS):
            for how in ("slider", "picture") if sw["drag"] else ("slider",):
                sw = next(o for o in page.evaluate(SWEEPS) if o["id"] == sw["id"])   # lazy now? its bytes now
                times, wait, size = drag_slider(page, sw) if how == "slider" else drag_picture(page, sw)
                settle(page)
                page.wait_for_function(READY, timeout=90000)
                rows.append((path, sw | {"bytes": size}, how, times, wait))
    finally:
        context.close()
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", nargs="*", default=PAGES, help="URL paths of sections with sweeps")
    args = ap.parse_args()
    rows = []
    with serve("app.py") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for path in args.pages:
            print(f"  measuring /{path} ...", flush=True)
            rows += measure(browser, server.url, path)
        browser.close()
    print("\nLive sweeps in Chromium: a scripted pointer drags each sweep across its range; frame interval = time "
          "between animation frames that drew a changed picture (ms); frames = drawn / values; payload = the "
          "component's data with its frames (KiB); cold = computing the frames and the payload for the default data, "
          "uncached (s); wait = press to the first frame drawn (ms), lazy: the sweep's frames were not in the browser "
          "when grabbed (it asked for them: one rerun)")
    print(f"{'section / sweep':<30} {'by':<8} {'frames':>8} {'median':>7} {'p90':>6} {'payload':>8} {'cold':>6} "
          f"{'wait':>6}")
    medians = []
    for path, sw, how, times, wait in rows:
        wait_s = (f"{'-':>6}" if wait is None else f"{wait:6.0f}") + (" lazy" if sw["lazy"] else "")
        gaps = intervals(times)
        cold = COLD.get(f"{path}:{sw['slider']}", COLD.get(sw["slider"]))
        cold_s = f"{cold():6.2f}" if cold else f"{'-':>6}"
        if not gaps:
            print(f"/{path} {sw['label']:<24} {how:<8} {len(times):>3}/{sw['n']:<4} {'-':>7} {'-':>6} "
                  f"{sw['bytes'] / 1024:>8.0f} {cold_s} {wait_s}  no frames drawn")
            medians.append((float("inf"), path, sw, how))
            continue
        med = statistics.median(gaps)
        p90 = statistics.quantiles(gaps, n=10, method="inclusive")[8] if len(gaps) > 1 else gaps[0]
        medians.append((med, path, sw, how))
        print(f"{'/' + path + ' ' + sw['label']:<30} {how:<8} {len(times):>3}/{sw['n']:<4} {med:>7.1f} {p90:>6.1f} "
              f"{sw['bytes'] / 1024:>8.0f} {cold_s} {wait_s}")
    if not medians:
        print("sweep: no sweep found")
        return
    worst = max(medians, key=lambda m: m[0])
    print(f"sweep: worst median frame interval {worst[0]:.0f} ms over {len(medians)} sweeps "
          f"(/{worst[1]} {worst[2]['label']} by {worst[3]}; target <= {TARGET_MS} ms)")
    lazy = [wait for _, sw, _, _, wait in rows if sw["lazy"] and wait is not None]
    if lazy:
        print(f"sweep: first-drag wait of a lazy sweep (press to first frame) median {statistics.median(lazy):.0f} ms, "
              f"worst {max(lazy):.0f} ms over {len(lazy)}")


if __name__ == "__main__":
    main()
