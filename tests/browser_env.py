"""Chromium for the browser tests: Debian's package at /usr/bin/chromium, driven by Playwright.

The test command installs it when it can (root with apt-get); otherwise the tests fail - never
skip - with the exact command to run.
"""
import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile

CHROMIUM = "/usr/bin/chromium"
PACKAGES = ["chromium", "fonts-noto-color-emoji"]
INSTALL_HINT = "sudo apt-get update && sudo apt-get install -y " + " ".join(PACKAGES)
# Flags for a closed network: no background requests, no first-run chatter, no sandbox as root.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
# The app's script runs in each document of a browser context (context.add_init_script): how many started and ended,
# and when the script state last changed. tests/support/app_runs.py's settle and open_url wait on these instead of pauses.
RUN_COUNTER = """(() => { const runs = window.__ksRuns = {doc: Math.random(), started: 0, ended: 0, changed: Date.now()};
  new MutationObserver(ms => { for (const m of ms) {
    const state = m.target.getAttribute('data-test-script-state');
    if (state === m.oldValue) continue;
    runs.changed = Date.now();
    if (state === 'running') runs.started++; else if (m.oldValue === 'running') runs.ended++; } })
  .observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                      attributeFilter: ['data-test-script-state']}); })()"""


@contextlib.contextmanager
def one_installer():
    """Hold the test processes' install lock: two processes running apt-get at once, the second fails on dpkg's lock."""
    with open(os.path.join(tempfile.gettempdir(), "kernelscope-tests-apt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def ensure_chromium():
    """Return the Chromium path, installing the Debian package first when possible; else raise."""
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    with one_installer():
        return _install_chromium()


def _install_chromium():
    if os.path.exists(CHROMIUM):  # another test process installed it while this one waited
        return CHROMIUM
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], check=False, env=env, timeout=1200)
        if os.path.exists(CHROMIUM):
            return CHROMIUM
    raise RuntimeError(f"The browser tests need Debian's Chromium at {CHROMIUM}. Install it with:\n    {INSTALL_HINT}\n"
                       "then run the test command again.")


def ensure_nginx():
    """The nginx binary, installing Debian's package first when we can (root with apt-get); else fail."""
    from bench.replicas import INSTALL_HINT, NGINX_PACKAGE, find_nginx

    with contextlib.suppress(RuntimeError):
        return find_nginx()
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        with one_installer():
            with contextlib.suppress(RuntimeError):  # another test process installed it while this one waited
                return find_nginx()
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, timeout=600)
            subprocess.run(["apt-get", "install", "-y", "-qq", NGINX_PACKAGE], check=False, env=env, timeout=1200)
            with contextlib.suppress(RuntimeError):
                return find_nginx()
    import pytest

    pytest.fail(f"The deployment test needs Debian's nginx. Install it with:\n    {INSTALL_HINT}\n"
                "then run the test command again.", pytrace=False)
