"""Start `streamlit run <script>` on a free loopback port for the benches; stop it afterwards.

    with serve("app.py") as server:
        print(server.url, server.pid)      # http://127.0.0.1:PORT, the server process's pid

The server runs from the project folder (so `.streamlit/config.toml` applies to the app and to
bench/trivial_app.py alike), headless, without file watcher or usage statistics, on 127.0.0.1 only.
"""
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRIVIAL_APP = "bench/trivial_app.py"
PORT_TRIES = 3


@dataclass
class Server:
    url: str
    port: int
    pid: int
    log: str  # path of the server's output


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(launcher, script, timeout, env, extra, port=None):
    """Start the server on a free port (or on `port`) and wait until it answers: (process, port, log file). A port
    found free can be taken before the server binds it (by another test process starting its own server): then a new
    one is tried (not when `port` is given)."""
    given = port
    for attempt in range(1 if given else PORT_TRIES):
        port = given or free_port()
        log = tempfile.NamedTemporaryFile("w+", prefix="bench-streamlit-", suffix=".log", delete=False)
        cmd = [*launcher, "--server.port", str(port),
               "--server.address", "127.0.0.1", "--server.headless", "true", "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false", *extra]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        return proc, port, log
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                _stop(proc, log)
                said = Path(log.name).read_text()
                if f"Port {port} is not available" in said and attempt + 1 < PORT_TRIES:
                    break
                raise RuntimeError(f"{script} did not start:\n" + said[-3000:])
            time.sleep(0.3)


def rss_mb(pid):
    """Resident memory of a process in MB (psutil when installed, else /proc/<pid>/status VmRSS)."""
    try:
        import psutil
        return psutil.Process(pid).memory_info().rss / 2**20
    except ImportError:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024  # kB
    raise RuntimeError(f"no VmRSS for pid {pid}")


@contextlib.contextmanager
def serve(script="app.py", timeout=90, extra=(), env=None, command=None, port=None):
    """Yield a Server running `script` (relative to the project folder); terminate it on exit.
    `extra`: more command-line options; `env`: more environment variables (e.g. STREAMLIT_SERVER_COOKIE_SECRET,
    which Streamlit refuses on the command line); `command`: "python" (`python app.py`, the README's command; the
    default for app.py) or "streamlit" (`streamlit run`, as hosts and Docker images start an app; the default for
    the benches' reference apps); `port`: this port rather than a free one (a restarted server where the first was)."""
    command = command or ("python" if script == "app.py" else "streamlit")
    launcher = [sys.executable, script] if command == "python" else [sys.executable, "-m", "streamlit", "run", script]
    proc, port, log = _start(launcher, script, timeout, {**os.environ, **(env or {})}, extra, port)
    try:
        yield Server(url=f"http://127.0.0.1:{port}", port=port, pid=proc.pid, log=log.name)
    finally:
        _stop(proc, log)


def _stop(proc, log):
    proc.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(10)
    if proc.poll() is None:
        proc.kill()
        proc.wait(5)
    log.close()
