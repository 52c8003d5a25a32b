"""Every section at its largest accepted input (issue 21 item 1): one rerun <= 2 s, whatever the data.

Serves the app (bench.serve) and opens every section of pages.TOPICS over Streamlit's websocket protocol (bench.load's
Student, no browser), with the link's query string carrying the largest input the app accepts:

- "sidebar n=400": the sidebar's data set at its largest n (ui.ranges.DATA["n_samples"]);
- "link 2000 pts": a `pts=*|x1,x2,c;...` link with ui.points_io.MAX_ROWS = 2 000 points (two noisy moons,
  standardised, two decimals). The link reader (decode_points) accepts as many points as a CSV upload does
  (MAX_ROWS rows; a larger file is subsampled to MAX_ROWS); MAX_URL_POINTS = 80 is only what the app writes into a
  link itself. So the link is the largest own data set, and the route a shared view takes;
- the kernel-ridge topic's own data: the noisy sine at its largest n, and a `kernel_ridge_pts` link with 2 000
  points; kernel PCA's S-curve at its largest n; the large-n sections at n = 20 000 (automatic and random Fourier,
  m = 500) and the exact fit at its largest n (3 000); the independence sample at its largest n;
- plus, on every input, the section's own data-size sliders at their maxima (SIZES below, from ui.ranges), bound to
  the link as the app's widgets are.

For each input it times the cold rerun (the section opened in a new session; the server's caches are shared, so
every section gets its own data seed and its own random link points, and nothing it computes was computed before)
and a warm rerun (the first slider of the main area moved one step down, or up at its low end, or a plain rerun when
the section has none). Before the runs every section is opened once at its defaults (imports, the shell), unmeasured.
`st.error` boxes (plain sentences, of either rerun) are listed after the line, with a link value a slider did not
take and any exception.
One line per section and input: url, input, cold s, warm s, elements and KiB of the cold open; then

    largest: slowest section N s (url) over K sections; M over the 2 s target

The machine's load average is printed at the start and at the end (the times are absolute, not ratios).

    .venv/bin/python -m bench.largest                       # every section (~5-10 min)
    .venv/bin/python -m bench.largest --pages kernel-pca-denoising svm-cross-validation
    .venv/bin/python -m bench.largest --fresh               # a new server for every section
"""
import argparse
import os
import random
import time
import urllib.parse

import numpy as np

from bench.charts import ws_url
from bench.serve import serve
from bench.student import Stats, Student, run_async
from kernel_core.large_n import EXACT_MAX_N
from pages import sections, url_path
from ui.points_io import MAX_ROWS
from ui.ranges import DATA, DIFFUSION, INDEPENDENCE, KERNEL_RIDGE, KPCA, LARGE_N, MERCER, PERCEPTRON_KNN, RKHS_REPRESENTER

TARGET = 2.0   # s, issue 21 item 1: one rerun of the slowest section at the largest accepted data set


def _top(table, key):
    """The largest value of a ranges entry: (low, high, default, step) -> high; a list of options -> its last."""
    value = table[key]
    return max(value) if isinstance(value, list) else value[1]


# The sections' own data-size sliders at their maxima, by URL path prefix (a topic) or full path (a section).
SIZES = {
    "mercer": {"mercer_degree": _top(MERCER, "degree")},
    "mercer-lift": {"mercer_lift_n": _top(MERCER, "lift_n")},
    "mercer-explosion": {"mercer_d": max(MERCER["d"]), "mercer_degree": _top(MERCER, "m")},
    "mercer-eigen": {"mercer_q": _top(MERCER, "q")},
    "mercer-approx": {"mercer_features": max(MERCER["approx_sizes"])},
    "kernel-pca-denoising": {"kernel_pca_q": _top(KPCA, "q")},
    "kernel-pca-laplacian": {"kernel_pca_k": _top(KPCA, "neighbors")},
    "kernel-pca-kernel-lpp": {"kernel_pca_k": _top(KPCA, "neighbors")},
    "kernel-ridge-primal-dual": {"kernel_ridge_p": _top(KERNEL_RIDGE, "p")},
    "kernel-ridge-gaussian-process": {"kernel_ridge_samples": _top(KERNEL_RIDGE, "samples")},
    "kernel-ridge-gp-prior": {"kernel_ridge_prior_samples": _top(KERNEL_RIDGE, "prior_samples")},
    "perceptron-knn": {"perceptron_knn_epochs": _top(PERCEPTRON_KNN, "epochs"), "perceptron_knn_k": _top(PERCEPTRON_KNN, "k"),
                       "perceptron_knn_held_out": PERCEPTRON_KNN["held_out"][0]},   # the most training points
    "rkhs": {"rkhs_thm_n": RKHS_REPRESENTER["n"][1]},                      # the representer theorem's n
    "graphs": {"graphs_k": DIFFUSION["neighbors"][1], "graphs_labelled": DIFFUSION["labelled"][1]},   # diffusion
}


def sizes_for(path):
    """SIZES of the section's topic (its bar's sliders, on every section of the topic), then of the section."""
    topic = _TOPIC_OF[path]
    return {**SIZES.get(topic, {}), **(SIZES.get(path, {}) if path != topic else {})}


def link_points(seed, n=MAX_ROWS):
    """`pts` of a link holding n own points (two noisy moons, standardised, two decimals): 'x1,x2,c;...' after '*|'
    (nothing of the preset kept)."""
    from kernel_core import make_classification
    X, y = make_classification("moons", n, noise=0.2, seed=seed)
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    return "*|" + ";".join(f"{a:.2f},{b:.2f},{'+' if c > 0 else '-'}" for (a, b), c in zip(X, y))


def ridge_points(seed, n=MAX_ROWS):
    """`kernel_ridge_pts` of a link holding n own points (x, sin x + noise) on [0, 6], three decimals."""
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(0, 6, n))
    return ";".join(f"{a:.3f},{b:.3f}" for a, b in zip(x, np.sin(x) + rng.normal(0, 0.25, n)))


def inputs(path, i):
    """[(name, query params)] of the largest accepted inputs of section `path` (the i-th section: its seeds)."""
    seed = 100 + i
    sidebar = [(f"sidebar n={_top(DATA, 'n_samples')}", {"data_n": _top(DATA, "n_samples"), "data_seed": seed}),
               (f"link {MAX_ROWS} pts", {"pts": link_points(seed)})]
    if path.endswith("large-n"):   # its own data (n, method, m); ui.large_n names the widgets "{page}_large_*"
        key = f"{_TOPIC_OF[path].replace('-', '_')}_large_".__add__
        top, m = max(LARGE_N["n"]), max(LARGE_N["m"])
        return [(f"n={top:,} auto m={m}", {key("n"): top, key("m"): m}),
                (f"n={top:,} RFF m={m}", {key("n"): top, key("method"): "Random Fourier (always)", key("m"): m}),
                (f"n={EXACT_MAX_N:,} exact", {key("n"): EXACT_MAX_N, key("method"): "Exact (n × n Gram matrix)"})]
    if path.startswith("kernel-ridge"):
        return [(f"sine n={_top(KERNEL_RIDGE, 'n')}", {"kernel_ridge_n": _top(KERNEL_RIDGE, "n"), "kernel_ridge_seed": seed}),
                (f"own {MAX_ROWS} pts", {"kernel_ridge_source": "My own points", "kernel_ridge_pts": ridge_points(seed)})]
    if path == "graphs-independence":
        return [(f"n={_top(INDEPENDENCE, 'n')}", {"graphs_hsic_n": _top(INDEPENDENCE, "n"), "graphs_hsic_seed": seed})]
    if path.startswith("rkhs"):
        return [("own data", {})]
    if path.startswith("kernel-pca"):
        noise = round(0.05 * (1 + i % 10), 2)   # the manifold's seed is fixed: its noise keeps each section cold
        sidebar.append((f"S-curve n={_top(KPCA, 'manifold_n')}", {"kernel_pca_data": "S-curve (3-D)",
                                                                  "kernel_pca_mn": _top(KPCA, "manifold_n"),
                                                                  "kernel_pca_mnoise": noise}))
    return sidebar


_SECTION_PATHS = [url_path(t, s) for t, s in sections()]
_TOPIC_OF = {url_path(t, s): t.slug for t, s in sections()}


class Reader(Student):
    """bench.load's Student that also keeps the text of the sidebar's "In use: ..." caption (the data set in use) and
    of the st.error boxes shown (plain sentences, counted apart from failures)."""
    in_use = ""
    alerts = ()

    def _on_delta(self, msg):
        super()._on_delta(msg)
        el = msg.delta.new_element if msg.delta.WhichOneof("type") == "new_element" else None
        if el is not None and el.WhichOneof("type") == "markdown" and el.markdown.body.startswith("In use:"):
            self.in_use = el.markdown.body[len("In use:"):].strip()
        if el is not None and el.WhichOneof("type") == "alert" and el.alert.format == el.alert.ERROR:
            self.alerts = (*self.alerts, el.alert.body)


def _key_of(widget_id):
    return widget_id.rsplit("-", 1)[-1]


def not_applied(student, params):
    """Keys of `params` that are sliders on the page but do not show the value asked for (a link ignored)."""
    out = []
    for s in student.sliders.values():
        key = _key_of(s.id)
        if key in params:
            shown = s.options[int(s.value)] if s.options else s.value
            try:
                same = abs(float(str(shown).replace(",", "")) - float(params[key])) < 1e-9
            except ValueError:
                same = str(shown) == str(params[key])
            if not same:
                out.append(f"{key}={shown}")
    return out


async def measure(app_url, path, query):
    """Open `path` with `query` in a new session (cold), then move its first main-area slider one step (warm).
    Returns dict(cold, warm, what, elements, kib, errors, alerts, ignored)."""
    stats = Stats()
    async with Reader(ws_url(app_url), stats, random.Random(0)) as st:
        st.query = urllib.parse.urlencode(query)
        cold = await st.rerun(page_name=path, page_hash="")
        elements, kib = st.deltas, st.bytes / 1024
        ignored = not_applied(st, query)
        if "pts" in query and not st.in_use.startswith(f"your own points ({MAX_ROWS})"):
            ignored.append(f"pts (in use: {st.in_use or '?'})")
        slider, warm, what = st.pick_slider(), None, "rerun"
        if cold is not None:
            if slider is not None:
                direction = -1 if slider.value - slider.step >= slider.lo - 1e-12 else 1   # down: stay accepted
                what = f"{_key_of(slider.id) or slider.label} step"
                warm = await st.move(slider, direction)
            else:
                warm = await st.rerun()
    return dict(cold=cold, warm=warm, what=what, elements=elements, kib=kib, errors=list(stats.errors),
                alerts=stats.error_alerts, ignored=ignored, alert_text=sorted(set(st.alerts)))


def short(query):
    """The query string as printed: long point lists shortened."""
    def one(v):
        v = str(v)
        return v if len(v) < 40 else f"{v[:18]}…({v.count(';') + 1} pts)"
    return "&".join(f"{k}={one(v)}" for k, v in query.items())


def fmt(t):
    return "  fail" if t is None else f"{t:6.2f}"


def run(app_url, paths, warmup=True):
    """Measure the sections `paths`; returns [(path, name, query, result)]."""
    rows = []
    if warmup:   # every module imported, the shell's caches filled, at default settings (never measured)
        for path in ["", *paths]:
            run_async(measure(app_url, path, {}))
    for path in paths:
        i = _SECTION_PATHS.index(path)
        for name, query in inputs(path, i):
            query = {**query, **sizes_for(path)}
            res = run_async(measure(app_url, path, query))
            rows.append((path, name, query, res))
            extra = f"  ({res['what']})"
            if res["ignored"]:
                extra += f"  link ignored: {', '.join(res['ignored'])}"
            if res["alerts"]:
                extra += f"  st.error x{res['alerts']}: " + " | ".join(t[:90] for t in res["alert_text"])
            for err in sorted(set(res["errors"]))[:3]:
                extra += f"\n      error: {err[:200]}"
            print(f"/{path:<32} {name:<22} {fmt(res['cold'])} {fmt(res['warm'])} {res['elements']:>8} "
                  f"{res['kib']:>8.1f}{extra}", flush=True)
            own = {k: v for k, v in query.items() if k not in ("pts", "kernel_ridge_pts", "data_seed", "kernel_ridge_seed")}
            if own:
                print(f"    {short(own)}", flush=True)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", nargs="*", help="URL paths of the sections (default: every section of pages.TOPICS)")
    ap.add_argument("--fresh", action="store_true", help="a new server for every section (default: one server, "
                    "every section on its own seeds)")
    args = ap.parse_args()
    paths = args.pages or _SECTION_PATHS
    unknown = [p for p in paths if p not in _SECTION_PATHS]
    if unknown:
        ap.error(f"not a section: {', '.join(unknown)}")
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} ({os.cpu_count()} cores)")
    print(f"Every section at its largest accepted input; cold = first open in a new session, warm = one slider step; "
          f"seconds from BackMsg to script_finished; elements / KiB of the cold open. Target: one rerun <= {TARGET:g} s")
    print(f"{'section':<33} {'input':<22} {'cold s':>6} {'warm s':>6} {'elements':>8} {'KiB':>8}")
    t0 = time.perf_counter()
    rows = []
    if args.fresh:
        for path in paths:
            with serve("app.py") as server:
                rows += run(server.url, [path])
    else:
        with serve("app.py") as server:
            rows = run(server.url, paths)
    worst = {}
    for path, name, _, res in rows:
        times = [t for t in (res["cold"], res["warm"]) if t is not None]
        t = max(times) if times and len(times) == 2 else float("inf")
        if t > worst.get(path, (-1.0, ""))[0]:
            worst[path] = (t, name)
    slowest = max(worst, key=lambda p: worst[p][0])

    def secs(t):
        return f"{t:.2f} s" if t != float("inf") else "failed (no script_finished)"

    over = [p for p, (t, _) in worst.items() if t > TARGET]
    load1 = os.getloadavg()
    print(f"load average at end: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; {time.perf_counter() - t0:.0f} s in all")
    if over:
        print("over the target: " + ", ".join(f"/{p} {secs(worst[p][0])} ({worst[p][1]})" for p in over))
    print(f"largest: slowest section {secs(worst[slowest][0])} (/{slowest}, {worst[slowest][1]}) over {len(worst)} "
          f"sections; {len(over)} over the {TARGET:g} s target")


if __name__ == "__main__":
    main()
