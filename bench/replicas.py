"""Several `streamlit run` replicas behind nginx on loopback, and a class of students through it (issue 10 §4).

Starts N replicas of app.py (bench.serve) that share one generated `server.cookieSecret` (passed in
the environment as STREAMLIT_SERVER_COOKIE_SECRET), renders bench/nginx.conf.template (sticky sessions
by a route cookie, WebSocket upgrade, passive health checks) into a temporary folder, runs Debian's
nginx in the foreground on a free port of 127.0.0.1 (no root needed: pid, logs and temp files in that
folder), waits for /_stcore/health through nginx, then runs bench.load's students through it (each first
GETs the index page and /_stcore/health for its cookies, as a browser does). Every replica's
/_stcore/health is polled during the run (open-source nginx only has passive checks). The same load on
one replica alone runs first, on a fresh server, for comparison. Everything is stopped on exit.

    .venv/bin/python -m bench.replicas                       # 2 replicas, 30 students, 30 s, /svm
    .venv/bin/python -m bench.replicas --replicas 2 --students 30 --seconds 30 --page svm --no-compare

nginx is not installed by this script; without it, it stops with the command to install it.
"""
import argparse
import asyncio
import collections
import contextlib
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from bench.load import print_row, run_load, summary
from bench.serve import free_port, serve

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
NGINX_PACKAGE = "nginx"  # Debian 12: nginx 1.22 (nginx-light is the same binary plus the echo module)
INSTALL_HINT = f"sudo apt-get update && sudo apt-get install -y {NGINX_PACKAGE}"
# Streamlit refuses server.cookieSecret on the command line (it would show in `ps`): config file or this.
SECRET_ENV = "STREAMLIT_SERVER_COOKIE_SECRET"
LOG_LINE = re.compile(r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) \S+ route=(?P<route>\S*) '
                      r'upstream=(?P<upstream>\S*)')


def find_nginx():
    """The nginx binary (PATH, else Debian's /usr/sbin/nginx); RuntimeError with the install command if absent."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise RuntimeError(f"nginx is not installed. Install Debian's package with:\n    {INSTALL_HINT}\n"
                           "then run the command again.")
    return found


def render(directory, listen_port, upstreams):
    """The nginx config for `upstreams` (host:port strings), with logs/pid/temp files under `directory`."""
    servers = "\n".join(f"        server {u} max_fails=3 fail_timeout=10s;" for u in upstreams)
    return (TEMPLATE.read_text().replace("{{DIR}}", str(directory)).replace("{{SERVERS}}", servers)
            .replace("{{LISTEN}}", f"127.0.0.1:{listen_port}"))


def wait_healthy(url, timeout=30.0, proc=None):
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
            raise RuntimeError(f"{url}/_stcore/health did not answer 200")
        time.sleep(0.2)


def access_log(path):
    """The parsed lines of the nginx access log (the `kernelscope` log_format): dicts of method, path,
    status, route, upstream."""
    if not Path(path).exists():
        return []
    return [m.groupdict() for m in map(LOG_LINE.search, Path(path).read_text().splitlines()) if m]


ROUTE_LINE = re.compile(r"route=(?P<route>\S*) upstream=(?P<upstream>.*?) rt=")


def replicas_of(path, route):
    """The replicas (host:port) nginx passed one route cookie's requests to, in the access log's order; of a request
    nginx had to retry on another replica ("A, B", which LOG_LINE cuts at the space), the last."""
    lines = Path(path).read_text().splitlines() if Path(path).exists() else []
    found = [m.groupdict() for m in map(ROUTE_LINE.search, lines) if m]
    return [e["upstream"].split(",")[-1].strip() for e in found if e["route"] == route and e["upstream"] != "-"]


@dataclass
class Cluster:
    url: str              # nginx: http://127.0.0.1:PORT
    replicas: list        # bench.serve.Server, one per replica
    secret: str           # the shared server.cookieSecret
    dir: Path             # nginx.conf, access.log, error.log, nginx.pid
    nginx_pid: int
    health: dict = field(default_factory=dict)  # replica url -> Counter of poll results ("ok" / "fail")

    @property
    def access_log(self):
        return self.dir / "access.log"

    def upstreams(self):
        return [f"127.0.0.1:{s.port}" for s in self.replicas]

    def sessions_per_replica(self):
        """WebSocket sessions per replica: /_stcore/stream requests answered 101 (logged when they close)."""
        counts = collections.Counter({u: 0 for u in self.upstreams()})
        counts.update(e["upstream"] for e in access_log(self.access_log)
                      if e["path"].startswith("/_stcore/stream") and e["status"] == "101")
        return counts


def _poll_health(cluster, stop, every=2.0):
    while not stop.wait(every):
        for server in cluster.replicas:
            try:
                with urllib.request.urlopen(server.url + "/_stcore/health", timeout=5) as r:
                    ok = r.status == 200
            except OSError:
                ok = False
            cluster.health[server.url]["ok" if ok else "fail"] += 1


@contextlib.contextmanager
def cluster(replicas=2, script="app.py", poll_every=2.0, env=None):
    """Yield a Cluster: `replicas` servers of `script` with one shared cookie secret behind nginx on loopback.
    `env`: more environment for every replica (KERNELSCOPE_STORE=redis://…: the class's rooms in one Redis).
    Stops nginx and the replicas on exit (also on Ctrl-C and exceptions)."""
    nginx = find_nginx()
    secret = secrets.token_hex(32)
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(serve(script, env={SECRET_ENV: secret, **(env or {})}))
                   for _ in range(replicas)]
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kernelscope-nginx-")))
        directory.chmod(0o755)  # as root, nginx's workers run as nobody and write temp files in here
        (directory / "tmp").mkdir()
        port = free_port()
        conf = directory / "nginx.conf"
        conf.write_text(render(directory, port, [f"127.0.0.1:{s.port}" for s in servers]))
        proc = subprocess.Popen([nginx, "-p", str(directory), "-c", str(conf), "-e", str(directory / "error.log"),
                                 "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        stack.callback(_stop, proc)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_healthy(url, proc=proc)
        except RuntimeError as err:
            log = directory / "error.log"
            raise RuntimeError(f"nginx did not come up: {err}\n" + (log.read_text()[-2000:] if log.exists() else "")) from None
        c = Cluster(url, servers, secret, directory, proc.pid,
                    {s.url: collections.Counter(ok=0, fail=0) for s in servers})
        stop = threading.Event()
        poller = threading.Thread(target=_poll_health, args=(c, stop, poll_every), daemon=True)
        poller.start()
        stack.callback(poller.join, 10)
        stack.callback(stop.set)
        yield c


def _stop(proc):
    proc.terminate()  # SIGTERM: nginx's fast shutdown, the master stops its workers
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--replicas", type=int, default=2)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--page", default="svm", help="URL path of the page (svm, kernels, ...)")
    ap.add_argument("--slider", default=None, help="key of the slider to move (default: the first in the main area)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-compare", action="store_true", help="skip the same load on one replica alone")
    args = ap.parse_args()
    try:
        find_nginx()
    except RuntimeError as err:
        raise SystemExit(str(err)) from None

    rows = []
    if not args.no_compare:
        with serve("app.py") as server:
            stats = asyncio.run(run_load(server.url, args.page, args.students, args.seconds, args.seed, args.slider))
        rows.append(("1 replica, direct", stats))
    with cluster(args.replicas) as c:
        stats = asyncio.run(run_load(c.url, args.page, args.students, args.seconds, args.seed, args.slider,
                                     first_visit=True))
        rows.append((f"{args.replicas} replicas + nginx", stats))
        time.sleep(0.5)  # the access log line of a WebSocket is written when it closes
        sessions = c.sessions_per_replica()
        health = {s.url: dict(c.health[s.url]) for s in c.replicas}
        with urllib.request.urlopen(c.url + "/_stcore/health", timeout=5) as r:
            healthy = r.status == 200

    print(f"\n{args.students} students on /{args.page}, one slider step every 0.2-0.6 s each, {args.seconds:g} s; "
          "latency = BackMsg sent -> script_finished (ms)")
    print(f"{'setup':<22} {'reruns':>6} {'errors':>6} {'median':>9} {'p90':>9} {'p99':>9} {'st.error':>7}")
    for name, stats in rows:
        print_row(name, summary(stats), stats.error_alerts)
    print("sessions per replica (nginx access log, /_stcore/stream 101): "
          + ", ".join(f"{u} {n}" for u, n in sessions.items()))
    print("health polls per replica (/_stcore/health every 2 s): "
          + ", ".join(f"{u} ok {h['ok']} fail {h['fail']}" for u, h in health.items()))
    print(f"health through nginx at the end: {'200' if healthy else 'FAILED'}")
    for name, stats in rows:
        for err in sorted(set(stats.errors))[:10]:
            print(f"  error ({name}):", err)


if __name__ == "__main__":
    main()
