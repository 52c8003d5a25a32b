"""A real redis-server for the tests of the Redis back end: Debian's package, started on a free loopback port with
nothing saved to disk, stopped afterwards.

The tests install the package when they can (root with apt-get); otherwise they fail - never skip - with the exact
command to run."""
import contextlib
import os
import shutil
import subprocess
import tempfile
import time

from bench.serve import free_port

PACKAGES = ["redis-server"]
INSTALL_HINT = "sudo apt-get update && sudo apt-get install -y " + " ".join(PACKAGES)


def ensure_redis_server():
    """The redis-server path, installing the Debian package first when possible; else raise."""
    found = shutil.which("redis-server") or (os.path.exists("/usr/bin/redis-server") and "/usr/bin/redis-server")
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], check=False, env=env, timeout=1200)
        found = shutil.which("redis-server")
        if found:
            return found
    raise RuntimeError(f"The Redis tests need Debian's redis-server. Install it with:\n    {INSTALL_HINT}\n"
                       "then run the test command again.")


@contextlib.contextmanager
def redis_server(timeout=20):
    """Yield the URL (redis://127.0.0.1:<port>/0) of a fresh redis-server; stop it on exit."""
    import redis

    binary, port = ensure_redis_server(), free_port()
    folder = tempfile.mkdtemp(prefix="ks-redis-")
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", folder, "--protected-mode", "yes"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if redis.Redis.from_url(url, socket_timeout=1).ping():
                    break
            except redis.ConnectionError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {port} (exit code {proc.poll()}).")
            time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)
