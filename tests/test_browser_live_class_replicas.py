"""Two replicas behind nginx with the rooms in Redis: a replica stopped in the middle of a class.

Two replicas of the app (bench.replicas.cluster: sticky sessions by nginx's route cookie), their rooms in a real
redis-server (tests.redis_env, KERNELSCOPE_STORE), Debian's nginx in front; a lecturer and three students in Chromium
contexts of their own (so each has its own route cookie). The replica holding the first student is killed
(SIGKILL, as a crash). Its pages reconnect through nginx to the other replica, where they are new sessions: the
students re-join their room by the code in their address bar and follow the lecturer's next change; the lecturer's
window, if it was there, takes the room's controls again from its cookie. The nginx access log says which replica
served whom before and after. (How fast they re-join is measured by bench.follow_replicas, not here.)"""
import json
import os
import signal

import pytest

from bench.replicas import cluster, replicas_of
from tests.browser_env import ensure_nginx
from tests.live_class_env import (
    BANNER,
    IDLE,
    badge_code,
    context,
    follow,
    gamma,
    move_gamma,
    settle,
    start_class,
    wait_banner,
    wait_gamma,
    wait_reconnected,
    watch_reconnects,
)
from tests.redis_env import redis_server
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)


def route(ctx):
    """The route cookie nginx gave this browser context."""
    return next(c["value"] for c in ctx.cookies() if c["name"] == "ks_route")


def upstreams(c, cookie):
    return replicas_of(c.access_log, cookie)


# A student's listener (ui/room_follow.js): the version it polled past, the version it asked a run for, the version
# the page's data says is shown, following, stopped.
LISTENER = ("() => { const e = document.querySelector('.st-key-class_listener');"
            " const h = e && [...e.querySelectorAll('*'), e].map(x => x.__classListener).find(Boolean);"
            " return h ? [h.since, h.want, h.data.since, h.data.following, h.stopped] : null; }")
CONNECTION = "() => document.querySelector('[data-testid=stApp]').getAttribute('data-test-connection-state')"


def lost_move(store, code, lecturer, students):
    """What the room holds (read from Redis), what the lecturer's page shows and each student's slider and address
    (the address names the γ the student's last run drew), when a move was not followed."""
    from ui.room_store import open_store

    room = open_store(store).room(code)
    text = json.dumps(room.state) if room else ""
    held = text[text.find("svm_gamma"):][:30]
    return (f"room version {room and room.version}, its {held!r}; the lecturer's address {lecturer.url},"
            f" idle: {lecturer.evaluate(IDLE)}; each student's γ and listener (since, want, shown, following,"
            f" stopped) {[(gamma(p), p.evaluate(LISTENER)) for p in students]}")


def test_a_replica_stopped_mid_class_sends_its_students_to_the_other(browser):
    ensure_nginx()
    contexts = []
    try:
        with redis_server() as store, cluster(2, "app.py", env={"KERNELSCOPE_STORE": store}) as c:
            ctx, lecturer = context(browser, 1400, 900)
            contexts.append(ctx)
            code = start_class(lecturer, c.url)
            students = []
            for width, height in ((1280, 720), (1280, 720), (390, 844)):
                ctx, page = context(browser, width, height)
                contexts.append(ctx)
                follow(page, c.url, code)
                students.append((ctx, page))
            move_gamma(lecturer)
            before = gamma(lecturer)
            for _, page in students:
                wait_gamma(page, before)

            # the lecturer's drag positions (ui.room_pointer) reach every student, on either replica (through nginx,
            # Redis pub/sub between the replicas), by the hook the lecturer's sweep calls
            lecturer.evaluate("() => { window.__ksSweepMoved('svm_gamma', 0); }")
            for _, page in students:
                page.wait_for_function("() => window.__ksMirror && window.__ksMirror.last"
                                       " && window.__ksMirror.last.index === 0", timeout=30000)
            lecturer.evaluate("() => { window.__ksSweepMoved('svm_gamma', null); }")
            for _, page in students:
                page.wait_for_function("() => window.__ksMirror.last.index === null", timeout=30000)
            where = {upstreams(c, route(ctx))[-1] for ctx, _ in students}
            print(f"positions mirrored: the lecturer on {upstreams(c, route(contexts[0]))[-1]}, students on {where}")

            victim = upstreams(c, route(students[0][0]))[-1]
            survivor = next(u for u in c.upstreams() if u != victim)
            pages = [(contexts[0], lecturer), *students]
            moved = [page for ctx, page in pages if upstreams(c, route(ctx))[-1] == victim]
            assert students[0][1] in moved
            for page in moved:         # note every connection state the page goes through from here on
                watch_reconnects(page)
            os.kill(next(s.pid for s in c.replicas if f"127.0.0.1:{s.port}" == victim), signal.SIGKILL)

            for page in moved:         # lost, then connected again (to the survivor, a new session)
                try:
                    wait_reconnected(page, 120000)
                except Exception as err:  # noqa: BLE001 — say which page and the connection states it went through
                    who = "the lecturer" if page is lecturer else f"student {[p for _, p in students].index(page)}"
                    raise AssertionError(f"{who} never connected again: its states {page.evaluate('window.__ksStates')}"
                                         f", now {page.evaluate(CONNECTION)}, its route {upstreams(c, route(page.context))}"
                                         ) from err
            for _, page in students:   # every student follows again, by the code in its address bar
                wait_banner(page, f"Following the lecturer (room {code})", 90000)
                assert f"room={code}" in page.url
            assert badge_code(lecturer, 90000) == code    # the lecturer has the controls (by its cookie if it moved)
            settle(lecturer)
            move_gamma(lecturer)
            after = gamma(lecturer)
            assert after != before
            for i, (_, page) in enumerate(students):
                try:
                    wait_gamma(page, after, 90000)
                except Exception as err:  # noqa: BLE001 — say what each student shows and what the room holds
                    seen = [(j, gamma(p), p.locator(BANNER).inner_text()[:60], p.url, p in moved, p.evaluate(LISTENER))
                            for j, (_, p) in enumerate(students)]
                    raise AssertionError(f"student {i} never showed γ = {after} (was {before}): {seen}; "
                                         f"{lost_move(store, code, lecturer, [p for _, p in students])}") from err
            for ctx, page in students:
                if page in moved:      # the moved students' requests now reach the survivor
                    assert upstreams(c, route(ctx))[-1] == survivor
                assert_healthy(page)
            assert_healthy(lecturer)
    finally:
        for ctx in contexts:
            ctx.close()
