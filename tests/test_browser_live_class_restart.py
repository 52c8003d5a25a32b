"""A restart of the server keeps the class (SQLite): the real app (`python app.py`, its rooms in a temporary folder)
is stopped in the middle of a class and started again on the same port with the same folder. The student's and the
lecturer's pages reconnect by themselves: the student re-joins by the code in the address bar and shows the room's
state as it was before the restart; the lecturer's window takes the room's controls again (its cookie), and its next
change reaches the student and a student who joins after the restart. A student whose laptop slept through the restart
and that change (offline) shows the room's newer state when it wakes, not the γ its page still held."""
import tempfile

import pytest

from bench.serve import free_port, serve
from tests.live_class_env import (
    badge_code,
    context,
    follow,
    gamma,
    move_gamma,
    start_class,
    wait_banner,
    wait_gamma,
    wait_reconnected,
    watch_reconnects,
)
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)


def test_a_restarted_server_keeps_the_room_and_its_state(browser):
    contexts = []
    try:
        with tempfile.TemporaryDirectory() as data:
            env, port = {"KERNELSCOPE_DATA": data}, free_port()
            with serve("app.py", env=env, port=port) as server:
                url = server.url
                ctx, lecturer = context(browser, 1400, 900)
                contexts.append(ctx)
                code = start_class(lecturer, url)
                ctx, student = context(browser, 1280, 720)
                contexts.append(ctx)
                follow(student, url, code)
                ctx, sleeper = context(browser, 1280, 720)
                contexts.append(ctx)
                follow(sleeper, url, code)
                move_gamma(lecturer)
                before = gamma(lecturer)
                wait_gamma(student, before)
                wait_gamma(sleeper, before)
                sleeper.context.set_offline(True)   # a laptop asleep through the restart and the next change
                for page in (lecturer, student, sleeper):
                    watch_reconnects(page)
            # the server is stopped here; the pages lose their connection
            with serve("app.py", env=env, port=port) as server:
                assert server.url == url
                wait_reconnected(student)
                wait_banner(student, f"Following the lecturer (room {code})")
                assert f"room={code}" in student.url
                wait_gamma(student, before)                      # the room's state survived the restart
                wait_reconnected(lecturer)
                assert badge_code(lecturer) == code              # the lecturer's window has the controls again
                move_gamma(lecturer)
                after = gamma(lecturer)
                assert after != before
                wait_gamma(student, after)                       # and the class follows its next change
                sleeper.context.set_offline(False)               # the laptop wakes: a new session, whose browser
                wait_reconnected(sleeper)                        # still shows the old γ ...
                wait_banner(sleeper, f"Following the lecturer (room {code})")
                wait_gamma(sleeper, after)                       # ... shows the room's newer state
                ctx, late = context(browser, 390, 844)
                contexts.append(ctx)
                follow(late, url, code)
                wait_gamma(late, after)
                for page in (lecturer, student, sleeper, late):
                    assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()
