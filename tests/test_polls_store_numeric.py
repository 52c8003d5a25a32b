"""The class's numeric polls in the rooms' store (the contract of tests/test_polls_store.py, on both back ends): a
question answered with a slider counts slider values as an upsert, a forged slider value gets a sentence and is not
counted, the rate limit and Check, a numeric question not of the app's form refused, concurrent slider votes counted
exactly."""

import pytest

# ruff: noqa: F811 (a test names the fixtures imported here as its arguments)
from tests.store_env import Clock, clock, redis_url, store, store_url  # noqa: F401 (fixtures)
from tests.support.polls_store import STATE, polls, vote_in_waves  # noqa: F401 (a fixture)
from ui.room_store import polls as ps

GAMMAS = (0.01, 0.1, 1.0, 3.98, 10.0, 100.0)          # the slider's values (a select slider's options)


def ask_numeric(polls, code, key, right=(3, 4)):
    return polls.ask(code, key, "svm_h_gamma", "Which γ is Kriege's width h = 0.5?", [f"{v:g}" for v in GAMMAS], 3,
                     "svm", {"values": GAMMAS, "right": right, "slider": "svm_gamma", "symbol": "γ"})


def test_a_numeric_poll_counts_slider_values_as_an_upsert(store, polls, clock):
    code, key = store.create(STATE)
    poll = ask_numeric(polls, code, key)
    assert poll.numeric and poll.values == GAMMAS and poll.right == (3, 4) and poll.slider == "svm_gamma"
    assert polls.current(code) == poll and poll.right_text() == "γ from 3.98 to 10"
    assert [poll.is_right(i) for i in range(6)] == [False, False, False, True, True, False]
    assert polls.vote(code, "svm_h_gamma", 1, "a", 3.98) == 3
    assert polls.vote(code, "svm_h_gamma", 1, "a", 3.98) == 3       # a retry: harmless
    polls.vote(code, "svm_h_gamma", 1, "b", 1)                       # an int value of the slider (γ = 1)
    polls.vote(code, "svm_h_gamma", 1, "c", 100.0)
    assert polls.counts(code, "svm_h_gamma", 1) == [0, 0, 1, 1, 0, 1]
    clock.now += 1.5
    assert polls.vote(code, "svm_h_gamma", 1, "a", 10.0) == 4        # a changed answer replaces the old one
    assert polls.counts(code, "svm_h_gamma", 1) == [0, 0, 1, 0, 1, 1]
    assert polls.mine(code, "svm_h_gamma", 1, "a") == 4
    polls.close(code, key)
    again = ask_numeric(polls, code, key)                              # Ask again keeps the slider's values
    assert again.round == 2 and again.values == GAMMAS and again.right == (3, 4)


@pytest.mark.parametrize("forged,sentence", [
    (1000.0, "outside the slider's range"), (-1.0, "outside the slider's range"), (0.0, "outside the slider's range"),
    (float("inf"), "not a value of the slider"), (float("-inf"), "not a value of the slider"),
    (float("nan"), "not a value of the slider"), (True, "not a value of the slider"), ("3.98", "not a value"),
    (None, "not a value of the slider"), ([3.98], "not a value of the slider"), (4.0, "not one of the slider's values"),
    (3.981, "not one of the slider's values")])
def test_a_forged_slider_value_gets_a_sentence_and_is_not_counted(store, polls, forged, sentence):
    code, key = store.create(STATE)
    ask_numeric(polls, code, key)
    with pytest.raises(ps.BadChoice, match=sentence):
        polls.vote(code, "svm_h_gamma", 1, "a", forged)
    assert polls.counts(code, "svm_h_gamma", 1) == [0] * 6 and polls.mine(code, "svm_h_gamma", 1, "a") is None


def test_a_numeric_poll_keeps_the_rate_limit_and_closes(store, polls, clock):
    code, key = store.create(STATE)
    ask_numeric(polls, code, key)
    polls.vote(code, "svm_h_gamma", 1, "a", 1.0)
    clock.now += ps.VOTE_GAP / 2
    with pytest.raises(ps.TooFast):
        polls.vote(code, "svm_h_gamma", 1, "a", 3.98)
    polls.close(code, key)
    clock.now += 5
    with pytest.raises(ps.NotOpen):
        polls.vote(code, "svm_h_gamma", 1, "a", 3.98)
    assert polls.counts(code, "svm_h_gamma", 1) == [0, 0, 1, 0, 0, 0]


@pytest.mark.parametrize("numeric", [
    {"values": GAMMAS[:5], "right": (3, 4), "slider": "svm_gamma", "symbol": "γ"},         # a value per option
    {"values": (0.01, 0.1, 1.0, float("inf"), 10.0, 100.0), "right": (3, 4), "slider": "svm_gamma", "symbol": "γ"},
    {"values": tuple(reversed(GAMMAS)), "right": (3, 4), "slider": "svm_gamma", "symbol": "γ"},  # rising
    {"values": GAMMAS, "right": (4, 3), "slider": "svm_gamma", "symbol": "γ"},
    {"values": GAMMAS, "right": (3, 6), "slider": "svm_gamma", "symbol": "γ"},
    {"values": GAMMAS, "right": (3, 4), "slider": "", "symbol": "γ"}])
def test_a_numeric_question_not_of_the_apps_form_is_refused(store, polls, numeric):
    code, key = store.create(STATE)
    with pytest.raises(ValueError):
        polls.ask(code, key, "q", "Which γ?", [f"{v:g}" for v in GAMMAS], 3, "svm", numeric)
    assert polls.current(code) is None


def test_concurrent_slider_votes_are_counted_exactly(store_url, store, polls, clock):
    """30 voters in threads answer a numeric poll with slider values, a retry each; then half change their value."""
    code, key = store.create(STATE)
    ask_numeric(polls, code, key)
    n = 30
    first = {f"s{i}": GAMMAS[i % 6] for i in range(n)}
    final = {v: GAMMAS[(i + 1) % 6] if i % 2 else g for i, (v, g) in enumerate(first.items())}

    errors = vote_in_waves(store_url, clock, code, "svm_h_gamma", (first, final))
    assert errors == []
    assert polls.counts(code, "svm_h_gamma", 1) == [sum(g == v for g in final.values()) for v in GAMMAS]
