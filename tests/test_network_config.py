"""Issue 21, item 17: the server listens on 127.0.0.1 unless the lecturer opts in, and start-up never asks an
outside host for the external IP (Streamlit does so when server.address is unset or 0.0.0.0 and
browser.serverAddress is not set: "Did not auto detect external IP" in the log).

The servers run from the project folder with .streamlit/config.toml, as `python app.py` (the README's command) does. Any HTTP(S)
request the server makes through `requests` (Streamlit's external-IP lookup uses it) is sent to a local trap via
HTTP_PROXY / HTTPS_PROXY, so the test sees a lookup attempt whether or not this machine has a network."""
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.request
from pathlib import Path

from bench.serve import _stop as stop_server
from bench.serve import free_port
from tests.app_pages import ROOT

README = (ROOT / "README.md").read_text()


class ProxyTrap:
    """A TCP listener on 127.0.0.1 that records the first line of every request sent to it, then closes."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.requests = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                with contextlib.suppress(OSError):
                    self.requests.append(conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1"))

    def close(self):
        self.sock.close()


@contextlib.contextmanager
def streamlit(*options, timeout=90):
    """`python app.py` with the project's config and `options`; yields (pid, port, log path, trap)."""
    port = free_port()
    trap = ProxyTrap()
    log = tempfile.NamedTemporaryFile("w+", prefix="net-streamlit-", suffix=".log", delete=False)
    env = {**os.environ, "HTTP_PROXY": trap.url, "HTTPS_PROXY": trap.url, "http_proxy": trap.url,
           "https_proxy": trap.url, "NO_PROXY": "", "no_proxy": ""}
    proc = subprocess.Popen([sys.executable, "app.py", "--server.port", str(port), *options],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(OSError):
                with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(
                        f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            assert proc.poll() is None and time.monotonic() < deadline, Path(log.name).read_text()[-3000:]
            time.sleep(0.3)
        time.sleep(2.5)  # the start-up banner (and any lookup, 1 s timeout each) is printed after the health route
        yield proc.pid, port, Path(log.name), trap
    finally:
        trap.close()
        stop_server(proc, log)


def listening_addresses(pid, port):
    """Local addresses on which process `pid` listens on `port`, from /proc/<pid>/net/tcp and tcp6."""
    found = set()
    for table in ("tcp", "tcp6"):
        path = Path(f"/proc/{pid}/net/{table}")
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            host, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A = LISTEN
                raw = bytes.fromhex(host)
                if table == "tcp":
                    found.add(socket.inet_ntop(socket.AF_INET, raw[::-1]))
                else:
                    found.add(socket.inet_ntop(socket.AF_INET6, b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))))
    return found


def assert_no_outside_lookup(log, trap):
    text = log.read_text()
    assert "external IP" not in text, text
    assert trap.requests == [], f"the server sent requests outside: {trap.requests}"


def test_config_listens_on_loopback_and_names_the_browser_address():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert cfg["server"]["address"] == "127.0.0.1"
    assert cfg["browser"]["serverAddress"], "set, so that Streamlit skips the external-IP lookup"


def test_default_server_is_bound_to_127_0_0_1_only_and_looks_nothing_up():
    with streamlit() as (pid, port, log, trap):
        assert listening_addresses(pid, port) == {"127.0.0.1"}
        assert_no_outside_lookup(log, trap)


def class_command():
    commands = re.findall(r"`(\.venv/bin/python app\.py [^`]*)`", README)
    [command] = [c for c in commands if "--server.address 0.0.0.0" in c]
    return command


def test_the_class_command_opts_in_to_the_network_and_prevents_the_lookup():
    options = class_command().split()[2:]
    assert options[options.index("--server.address") + 1] == "0.0.0.0"
    assert "--browser.serverAddress" in options
    # Run it (the laptop's address stands for <laptop-ip>): it listens on every interface, without a lookup.
    options = ["127.0.0.1" if o == "<laptop-ip>" else o for o in options]
    with streamlit(*options) as (pid, port, log, trap):
        assert listening_addresses(pid, port) & {"0.0.0.0", "::"}
        assert_no_outside_lookup(log, trap)


def test_even_without_the_browser_address_the_class_server_looks_nothing_up():
    """A lecturer who types only --server.address 0.0.0.0: config.toml's browser.serverAddress still applies."""
    with streamlit("--server.address", "0.0.0.0") as (pid, port, log, trap):
        assert_no_outside_lookup(log, trap)


def test_the_trap_would_catch_the_lookup():
    """Control: with browser.serverAddress unset (an empty config folder) Streamlit does ask, through the trap."""
    with tempfile.TemporaryDirectory() as home:
        script = Path(home) / "one.py"
        script.write_text("import streamlit as st\nst.write('hi')\n")
        port, trap = free_port(), ProxyTrap()
        env = {**os.environ, "HTTP_PROXY": trap.url, "HTTPS_PROXY": trap.url, "http_proxy": trap.url,
               "https_proxy": trap.url, "NO_PROXY": "", "no_proxy": "", "HOME": home}
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
                                 "--server.headless", "true", "--browser.gatherUsageStats", "false",
                                 "--server.address", "0.0.0.0"],
                                cwd=home, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
        try:
            deadline = time.monotonic() + 60
            while not trap.requests and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.2)
            assert any("checkip" in r for r in trap.requests), trap.requests
        finally:
            proc.terminate()
            proc.wait(10)
            trap.close()
