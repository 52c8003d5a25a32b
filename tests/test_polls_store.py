"""The class's polls in the rooms' store: one contract, run against both back ends - SQLite (a file in a temporary
folder) and a real redis-server on a free loopback port (tests/redis_env.py). Asking and rounds, the vote as an
upsert, forged votes (a wrong choice, a closed poll, a foreign room, over the rate limit), exact counts under
concurrent voters, the results without voters, and SQLite keeping an open poll's votes over a restart. A numeric
question, answered with a slider, is in tests/test_polls_store_numeric.py."""

import pytest

# ruff: noqa: F811 (a test names the fixtures imported here as its arguments)
from tests.store_env import Clock, clock, redis_url, store, store_url  # noqa: F401 (fixtures)
from tests.support.polls_store import STATE, polls, vote_in_waves  # noqa: F401 (a fixture)
from ui import room_store as rs
from ui.room_store import polls as ps

OPTIONS = ("smoother", "wigglier", "no change")


def ask(polls, code, key, question="svm_rbf_gamma", answer=1):
    return polls.ask(code, key, question, "What does a larger γ do?", OPTIONS, answer, "svm")


def test_asking_opens_round_one_and_wakes_the_room(store, polls):
    code, key = store.create(STATE)
    assert polls.current(code) is None
    poll = ask(polls, code, key)
    assert (poll.question, poll.round, poll.open, poll.options, poll.answer) == ("svm_rbf_gamma", 1, True, OPTIONS, 1)
    assert store.version(code) == 2                                  # followers wake
    assert polls.current(code) == poll
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 0, 0]


def test_check_closes_and_ask_again_opens_round_two(store, polls, clock):
    code, key = store.create(STATE)
    ask(polls, code, key)
    polls.vote(code, "svm_rbf_gamma", 1, "a", 0)
    closed = polls.close(code, key)
    assert closed.round == 1 and not closed.open and not polls.current(code).open
    assert store.version(code) == 3
    assert polls.close(code, key) is None                           # nothing open: nothing to close
    again = ask(polls, code, key)
    assert again.round == 2 and again.open
    clock.now += 2
    polls.vote(code, "svm_rbf_gamma", 2, "a", 1)
    assert [p.round for p in polls.rounds(code, "svm_rbf_gamma")] == [1, 2]
    assert polls.counts(code, "svm_rbf_gamma", 1) == [1, 0, 0]      # round 1 kept as it was
    assert polls.counts(code, "svm_rbf_gamma", 2) == [0, 1, 0]


def test_the_polls_version_is_the_rooms_at_each_ask_and_close_and_never_a_views(store, polls, clock):
    """A follower's page tells a poll's change from the view's by it (ui.poll_view): the room's version written by
    the ask or the close itself, unchanged by the lecturer's view, a vote or a close with nothing open."""
    code, key = store.create(STATE)
    other, _ = store.create(STATE)
    assert polls.version(code) == 0                                  # nothing asked
    store.publish(code, key, {"page": "svm", "params": {"svm_gamma": ["2"]}})
    assert store.version(code) == 2 and polls.version(code) == 0    # a view's change is not a poll's
    ask(polls, code, key)
    assert polls.version(code) == store.version(code) == 3
    polls.vote(code, "svm_rbf_gamma", 1, "a", 0)
    store.publish(code, key, {"page": "svm", "params": {"svm_gamma": ["3"]}})
    assert (store.version(code), polls.version(code)) == (4, 3)     # a vote and a view: the polls' stays
    polls.close(code, key)
    assert polls.version(code) == store.version(code) == 5
    assert polls.close(code, key) is None and polls.version(code) == 5
    ask(polls, code, key, "svm_C_support", 0)
    assert polls.version(code) == store.version(code) == 6
    assert polls.version(other) == 0                                 # another room's polls are its own
    store.end(code, key)
    assert polls.version(code) == 0 and polls.version("NOROOM") == 0


def test_asking_another_question_closes_the_open_one(store, polls):
    code, key = store.create(STATE)
    ask(polls, code, key, "svm_rbf_gamma")
    ask(polls, code, key, "svm_C_support", 0)
    assert [(p.question, p.open) for p in polls._all(code)] == [("svm_rbf_gamma", False), ("svm_C_support", True)]
    with pytest.raises(ps.NotOpen):
        polls.vote(code, "svm_rbf_gamma", 1, "a", 1)


def test_only_the_lecturer_asks_and_checks(store, polls):
    code, key = store.create(STATE)
    _, other_key = store.create(STATE)
    for bad in ("", None, other_key, rs.key_hash(key)):
        with pytest.raises(rs.WrongKey):
            ask(polls, code, bad)
    assert polls.current(code) is None and store.version(code) == 1
    ask(polls, code, key)
    with pytest.raises(rs.WrongKey):
        polls.close(code, other_key)
    assert polls.current(code).open
    with pytest.raises(rs.NoRoom):
        ask(polls, "AAAAAA", key)


def test_a_question_not_of_the_apps_form_is_refused(store, polls):
    code, key = store.create(STATE)
    for question, options, answer in (("a b", OPTIONS, 0), ("q", ("one",), 0), ("q", OPTIONS, 3),
                                      ("q", OPTIONS, True), ("q", (1, 2), 0), ("q", ("x" * 401, "y"), 0)):
        with pytest.raises(ValueError):
            polls.ask(code, key, question, "Which?", options, answer)
    assert polls.current(code) is None


def test_a_vote_is_an_upsert_one_answer_per_voter(store, polls, clock):
    code, key = store.create(STATE)
    ask(polls, code, key)
    assert polls.vote(code, "svm_rbf_gamma", 1, "a", 0) == 0
    assert polls.vote(code, "svm_rbf_gamma", 1, "a", 0) == 0        # a retry: harmless, even within a second
    polls.vote(code, "svm_rbf_gamma", 1, "b", 1)
    assert polls.counts(code, "svm_rbf_gamma", 1) == [1, 1, 0]
    clock.now += 1.5
    assert polls.vote(code, "svm_rbf_gamma", 1, "a", 2) == 2        # a changed answer replaces the old one
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 1, 1]
    assert polls.mine(code, "svm_rbf_gamma", 1, "a") == 2 and polls.mine(code, "svm_rbf_gamma", 1, "c") is None


@pytest.mark.parametrize("forged", [-1, 3, 99, "1", "wigglier", True, 1.5, float("nan"), None, [1], {"c": 1}])
def test_a_forged_choice_gets_a_sentence_and_is_not_counted(store, polls, forged):
    code, key = store.create(STATE)
    ask(polls, code, key)
    with pytest.raises(ps.BadChoice, match="not one of this question's choices"):
        polls.vote(code, "svm_rbf_gamma", 1, "a", forged)
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 0, 0] and polls.mine(code, "svm_rbf_gamma", 1, "a") is None


def test_a_vote_on_a_closed_or_unknown_poll_is_not_counted(store, polls, clock):
    code, key = store.create(STATE)
    ask(polls, code, key)
    polls.vote(code, "svm_rbf_gamma", 1, "a", 1)
    polls.close(code, key)
    clock.now += 5
    for question, round_ in (("svm_rbf_gamma", 1), ("svm_rbf_gamma", 2), ("nope", 1), ("svm_rbf_gamma", True),
                             ("../x", 1), (None, 1), ("svm_rbf_gamma", "1")):
        with pytest.raises(ps.NotOpen, match="closed"):
            polls.vote(code, question, round_, "b", 0)
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 1, 0]


def test_a_vote_in_a_foreign_room_is_not_counted(store, polls):
    code, key = store.create(STATE)
    other, other_key = store.create(STATE)
    ask(polls, code, key)
    with pytest.raises(ps.NotOpen):                                  # room A's question, sent to room B
        polls.vote(other, "svm_rbf_gamma", 1, "a", 1)
    with pytest.raises(rs.NoRoom):
        polls.vote("AAAAAA", "svm_rbf_gamma", 1, "a", 1)
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 0, 0] and polls.counts(other, "svm_rbf_gamma", 1) == []
    assert polls.current(other) is None


def test_over_the_rate_limit_a_vote_is_not_counted(store, polls, clock):
    code, key = store.create(STATE)
    ask(polls, code, key)
    polls.vote(code, "svm_rbf_gamma", 1, "a", 0)
    clock.now += ps.VOTE_GAP / 2
    with pytest.raises(ps.TooFast, match="One answer a second"):
        polls.vote(code, "svm_rbf_gamma", 1, "a", 1)
    assert polls.counts(code, "svm_rbf_gamma", 1) == [1, 0, 0]
    polls.vote(code, "svm_rbf_gamma", 1, "b", 2)                     # another voter is not slowed
    clock.now += ps.VOTE_GAP
    assert polls.vote(code, "svm_rbf_gamma", 1, "a", 1) == 1
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 1, 1]


def test_ending_the_room_ends_its_polls(store, polls):
    code, key = store.create(STATE)
    ask(polls, code, key)
    polls.vote(code, "svm_rbf_gamma", 1, "a", 0)
    store.end(code, key)
    assert polls.current(code) is None and polls.results(code) == []
    with pytest.raises(rs.NoRoom):
        polls.vote(code, "svm_rbf_gamma", 1, "b", 0)


def test_results_are_counts_per_poll_and_never_who_voted(store, polls, clock):
    code, key = store.create(STATE)
    ask(polls, code, key)
    for voter, choice in (("voter-a", 0), ("voter-b", 1), ("voter-c", 1)):
        polls.vote(code, "svm_rbf_gamma", 1, voter, choice)
    polls.close(code, key)
    ask(polls, code, key)
    clock.now += 2
    polls.vote(code, "svm_rbf_gamma", 2, "voter-a", 1)
    results = polls.results(code)
    assert [(p.question, p.round, c) for p, c in results] == [("svm_rbf_gamma", 1, [1, 2, 0]),
                                                              ("svm_rbf_gamma", 2, [0, 1, 0])]
    assert "voter" not in repr(results)


def test_concurrent_voters_are_counted_exactly(store_url, store, polls, clock):
    """30 voters in threads, each with its own connection: a first answer, then (a second later) half of them change
    it and everyone sends a retry of their answer. The counts are the test's own tally of the final answers."""
    code, key = store.create(STATE)
    ask(polls, code, key)
    n = 30
    first = {f"s{i}": i % 3 for i in range(n)}
    final = {v: (c + 1) % 3 if i % 2 else c for i, (v, c) in enumerate(first.items())}

    errors = vote_in_waves(store_url, clock, code, "svm_rbf_gamma", (first, final))
    assert errors == []
    assert polls.counts(code, "svm_rbf_gamma", 1) == [sum(c == k for c in final.values()) for k in range(3)]
    assert sum(polls.counts(code, "svm_rbf_gamma", 1)) == n


def test_sqlite_keeps_an_open_polls_votes_over_a_restart(tmp_path, clock):
    path = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    first = rs.open_store(path, clock)
    code, key = first.create(STATE)
    ask(ps.polls_of(first), code, key)
    for voter, choice in (("a", 0), ("b", 1), ("c", 1)):
        ps.polls_of(first).vote(code, "svm_rbf_gamma", 1, voter, choice)
    first.close()
    again = rs.open_store(path, clock)
    polls = ps.polls_of(again)
    assert polls.current(code).open and polls.counts(code, "svm_rbf_gamma", 1) == [1, 2, 0]
    clock.now += 2
    polls.vote(code, "svm_rbf_gamma", 1, "a", 1)                     # the poll goes on
    assert polls.counts(code, "svm_rbf_gamma", 1) == [0, 3, 0] and polls.mine(code, "svm_rbf_gamma", 1, "b") == 1
    again.close()
