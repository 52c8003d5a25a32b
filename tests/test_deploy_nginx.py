"""The documented deployment (README "Deployment notes", bench/nginx.conf.template): two replicas of the app
behind Debian's nginx on loopback, started by bench.replicas.cluster exactly as `python -m bench.replicas`
does. Checked: health and the index page through nginx, WebSocket sessions that rerun on a slider move,
sticky sessions by the route cookie (from nginx's access log, which names the replica of every request),
file uploads reaching the replica of their session, XSRF tokens valid on every replica, one shared cookie
secret, and a real browser through nginx.

Never skips: without nginx the test installs Debian's package when it runs as root (as tests/browser_env.py
does for Chromium), otherwise it fails with the command to run.
"""
import asyncio
import os
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from http.cookies import SimpleCookie

import pytest

from bench.load import run_load, visit_index
from bench.replicas import SECRET_ENV, access_log, cluster
from bench.serve import ROOT
from bench.student import Stats, Student, run_async
from tests.browser_env import ensure_nginx
from tests.support.app_runs import open_url
from tests.support.charts import assert_first_slider_redraws_a_chart
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def deployed():
    ensure_nginx()
    try:
        with cluster(2, "app.py") as c:
            yield c
    except RuntimeError as err:  # a replica or nginx did not start: the log's tail says why
        pytest.fail(str(err), pytrace=False)


def request(url, cookie="", method="GET", data=None, headers=()):
    """(status, headers, body text); HTTP errors are answers too."""
    req = urllib.request.Request(url, data=data, method=method, headers=dict(headers, **({"Cookie": cookie} if cookie else {})))
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read().decode("utf-8", "replace")


def set_cookies(headers):
    jar = SimpleCookie()
    for line in headers.get_all("Set-Cookie") or []:
        jar.load(line)
    return {k: m.value for k, m in jar.items()}


def logged(c, pred, at_least, timeout=5.0):
    """Access-log entries matching `pred`, once there are `at_least` (nginx writes a line as a request ends)."""
    deadline = time.monotonic() + timeout
    while True:
        entries = [e for e in access_log(c.access_log) if pred(e)]
        if len(entries) >= at_least or time.monotonic() > deadline:
            return entries
        time.sleep(0.1)


def upload(url, session_id, cookie, token):
    """PUT one small CSV file as st.file_uploader's frontend does."""
    boundary = "kernelscopeboundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"points.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\nx1,x2,y\r\n0,0,0\r\n1,1,1\r\n--{boundary}--\r\n").encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    if token:
        headers["X-Xsrftoken"] = token
    return request(f"{url}/_stcore/upload_file/{session_id}/file-{random.randrange(10**9)}", cookie, "PUT", body, headers)


async def session_on(url, cookie=""):
    """Open a websocket session on `url` (the home page), return the open Student (close it after use)."""
    st = Student(url.replace("http://", "ws://") + "/_stcore/stream", Stats(), random.Random(0),
                 {"Cookie": cookie} if cookie else None)
    await st.__aenter__()
    await st.open("")
    assert st.session_id and not st.stats.errors, st.stats.errors
    return st


def test_health_through_nginx_and_on_every_replica(deployed):
    assert request(deployed.url + "/_stcore/health")[::2] == (200, "ok")
    for server in deployed.replicas:
        assert request(server.url + "/_stcore/health")[::2] == (200, "ok")


def test_index_page_loads_through_nginx_and_sets_a_route_cookie(deployed):
    status, headers, body = request(deployed.url + "/")
    assert status == 200 and '<div id="root">' in body
    route = set_cookies(headers).get("ks_route", "")
    assert re.fullmatch(r"[0-9a-f]{32}", route), headers.get_all("Set-Cookie")
    asset = re.search(r'src="\./(static/js/[^"]+\.js)"', body).group(1)
    status, headers, js = request(f"{deployed.url}/{asset}", cookie=f"ks_route={route}")
    assert status == 200 and len(js) > 1000
    assert "ks_route" not in set_cookies(headers)  # a browser that has its route keeps it
    other = set_cookies(request(deployed.url + "/")[1])["ks_route"]
    assert other != route  # every first visit draws a new route
    entries = logged(deployed, lambda e: e["route"] == route, 2)
    assert len(entries) == 2 and len({e["upstream"] for e in entries}) == 1, entries


def test_the_same_cookie_always_reaches_the_same_replica_and_cookies_spread(deployed):
    routes = [f"student-{i}" for i in range(20)]
    for _ in range(3):
        for route in routes:
            for path in ("/_stcore/health", "/"):
                assert request(deployed.url + path, cookie=f"ks_route={route}")[0] == 200
    entries = logged(deployed, lambda e: e["route"].startswith("student-"), 120)
    assert len(entries) == 120
    replica_of = {}
    for e in entries:
        replica_of.setdefault(e["route"], set()).add(e["upstream"])
    assert all(len(u) == 1 for u in replica_of.values()), replica_of
    # a consistent hash of these fixed names: deterministic; 20 routes reach both replicas
    assert set().union(*replica_of.values()) == set(deployed.upstreams())


def test_websocket_sessions_through_nginx_rerun_on_a_slider_move(deployed):
    stats = run_async(run_load(deployed.url, "kernels", students=4, seconds=4, first_visit=True))
    assert stats.errors == []
    assert len(stats.latencies) > 0  # slider moves that reran and finished
    streams = logged(deployed, lambda e: e["path"].startswith("/_stcore/stream") and e["status"] == "101", 4)
    assert len(streams) >= 4
    index_replica = {e["route"]: e["upstream"] for e in access_log(deployed.access_log) if e["path"] == "/"}
    for e in streams:  # each student's websocket went to the replica that served its index page
        assert index_replica[e["route"]] == e["upstream"], e


def test_an_upload_through_nginx_reaches_the_replica_of_its_session(deployed):
    cookie = visit_index(deployed.url)  # ks_route from nginx, _streamlit_xsrf from the replica
    token = dict(c.split("=", 1) for c in cookie.split("; "))["_streamlit_xsrf"]

    async def scenario():
        st = await session_on(deployed.url, cookie)
        try:
            return await asyncio.to_thread(upload, deployed.url, st.session_id, cookie, token)
        finally:
            await st.__aexit__()

    status, _, body = run_async(scenario())
    assert status == 204, body


def test_xsrf_cookie_of_one_replica_works_on_the_other_but_a_session_lives_on_one(deployed):
    a, b = deployed.replicas
    cookie_a = visit_index(a.url)  # XSRF cookie issued by replica A
    token_a = dict(c.split("=", 1) for c in cookie_a.split("; "))["_streamlit_xsrf"]

    async def scenario():
        st = await session_on(b.url)  # a session held by replica B
        try:
            on_b = await asyncio.to_thread(upload, b.url, st.session_id, cookie_a, token_a)
            no_token = await asyncio.to_thread(upload, b.url, st.session_id, cookie_a, "")
            wrong_replica = await asyncio.to_thread(upload, a.url, st.session_id, cookie_a, token_a)
            return on_b, no_token, wrong_replica
        finally:
            await st.__aexit__()

    on_b, no_token, wrong_replica = run_async(scenario())
    assert on_b[0] == 204, on_b[2]        # replica B accepts the token replica A issued
    assert no_token[0] == 403             # XSRF protection is on: without the token, refused
    assert wrong_replica[0] == 400 and "sticky sessions" in wrong_replica[2]  # why the proxy must stick


def test_replicas_share_one_cookie_secret_and_streamlit_reads_it(deployed):
    secrets_seen = set()
    for server in deployed.replicas:
        env = dict(v.split("=", 1) for v in open(f"/proc/{server.pid}/environ").read().split("\0") if "=" in v)
        secrets_seen.add(env.get(SECRET_ENV))
    assert secrets_seen == {deployed.secret} and len(deployed.secret) == 64
    # Streamlit takes server.cookieSecret from that variable (it refuses it on the command line)
    probe = "from streamlit import config; config.get_config_options(); print(config.get_option('server.cookieSecret'))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=dict(os.environ, **{SECRET_ENV: deployed.secret}),
                         capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == deployed.secret


def test_a_browser_through_nginx_moves_a_slider_and_the_chart_changes(page, deployed):
    open_url(page, deployed.url + "/kernels")
    assert_healthy(page)
    assert_first_slider_redraws_a_chart(page)
    route = next(c["value"] for c in page.context.cookies() if c["name"] == "ks_route")
    entries = logged(deployed, lambda e: e["route"] == route, 5)
    assert len(entries) >= 5 and len({e["upstream"] for e in entries}) == 1, entries  # the whole tab on one replica
