"""Chromium for the browser tests: Debian's package at /usr/bin/chromium, driven by Playwright.

The test command installs it when it can (root with apt-get); otherwise the tests fail - never
skip - with the exact command to run.
"""
import os
import shutil
import subprocess

CHROMIUM = "/usr/bin/chromium"
PACKAGES = ["chromium", "fonts-noto-color-emoji"]
INSTALL_HINT = "sudo apt-get update && sudo apt-get install -y " + " ".join(PACKAGES)
# Flags for a closed network: no background requests, no first-run chatter, no sandbox as root.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def ensure_chromium():
    """Return the Chromium path, installing the Debian package first when possible; else raise."""
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], check=False, env=env, timeout=1200)
        if os.path.exists(CHROMIUM):
            return CHROMIUM
    raise RuntimeError(f"The browser tests need Debian's Chromium at {CHROMIUM}. Install it with:\n    {INSTALL_HINT}\n"
                       "then run the test command again.")
