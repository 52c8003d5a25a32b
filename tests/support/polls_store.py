"""What the polls' store tests share (tests/test_polls_store.py, tests/test_polls_store_numeric.py): a room's state
and the `polls` fixture, the polls of the `store` fixture (tests/store_env.py) a test module imports beside it."""
import pytest

from ui.room_store import polls as ps

STATE = {"page": "svm", "params": {}}


@pytest.fixture
def polls(store):
    return ps.polls_of(store)


def vote_in_waves(store_url, clock, code, question, plans, groups=6):
    """A class voting at once: for each plan (voter -> answer, in turn: first answers, then changed ones), `groups`
    threads each with a store of its own cast their voters' answers, each twice (a retry), then a changed answer may
    come (the clock moves 2 s, past the one-a-second limit). The errors the votes raised, in a list."""
    import threading

    from ui import room_store as rs

    errors = []

    def wave(plan, voters):
        s = rs.open_store(store_url, clock)
        p = ps.polls_of(s)
        try:
            for voter in voters:
                for _ in range(2):
                    p.vote(code, question, 1, voter, plan[voter])
        except Exception as err:  # reported to the test
            errors.append(err)
        finally:
            s.close()

    for plan in plans:
        threads = [threading.Thread(target=wave, args=(plan, list(plans[0])[i::groups])) for i in range(groups)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        clock.now += 2
    return errors
