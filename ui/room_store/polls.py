"""The class's polls, kept in the rooms' store (the same SQLite file or Redis server, so every server process counts
the same votes): `polls_of(store)` gives the poll side of a room store.

A poll is one question of a room asked in one round: (room, question, round). The lecturer asks it (the room's key),
which opens round 1, or the next round when the question was asked before, and closes any other open poll of the
room; Check closes it. Asking and closing add one to the room's version, so every follower's page wakes and reads it,
and note that version as the polls' own (`Polls.version`), so a page can tell a poll's change from the view's.

A vote is an upsert keyed by (room, question, round, voter): a changed answer replaces the voter's earlier one, a
retry of the same answer changes nothing. A vote is the index of one of the poll's options (a choice question), or -
a numeric question, answered with the section's own slider - one of that slider's values (its options, kept with the
poll; the store counts the value's index). Anything else (a forged index, a value out of the slider's range, not
finite or between its steps), a closed poll, another room's poll or a second vote within VOTE_GAP seconds is refused
with a sentence (Refused) and counts nothing. Who voted what never leaves the store:
only counts, a voter's own answer (to that voter) and the number answering do."""
import json
import math
from dataclasses import dataclass

VOTE_GAP = 1.0          # seconds between two counted votes of one voter (the rate limit)
MAX_OPTIONS = 64        # a slider offers at most this many values as a poll's options
MAX_TEXT = 400          # a question's text or one option's label


class Refused(ValueError):
    """A vote that is not counted; its text is the sentence the student sees."""


class NotOpen(Refused):
    pass


class BadChoice(Refused):
    pass


class TooFast(Refused):
    pass


@dataclass(frozen=True)
class Poll:
    code: str
    question: str        # the exercise's id
    round: int
    text: str            # the question as asked
    options: tuple       # the labels of the choices (or of the slider's values)
    answer: int          # index of the right option
    page: str            # the section the question belongs to (its url_path)
    open: bool
    asked: float         # time asked (seconds since the epoch)
    values: tuple = ()   # a numeric question: the slider's values (options[i] is values[i]'s label); () a choice one
    right: tuple = ()    # a numeric question: (first, last) index of the right values
    slider: str = ""     # a numeric question: the section's widget key whose value answers it
    symbol: str = ""     # a numeric question: the slider's symbol ("γ")

    @property
    def numeric(self):
        return bool(self.values)

    def is_right(self, index):
        """Option `index` is a right answer (a numeric question: a value in the right range)."""
        if index is None:
            return False
        return self.right[0] <= index <= self.right[1] if self.values else index == self.answer

    def right_text(self):
        """The right answer in words: 'B' / 'γ = 3.98' / 'γ from 3.16 to 5.01'."""
        if not self.values:
            return chr(65 + self.answer) if self.answer < 26 else str(self.answer + 1)
        lo, hi = (self.options[i] for i in self.right)
        return f"{self.symbol} = {lo}" if lo == hi else f"{self.symbol} from {lo} to {hi}"


def poll_json(text, options, answer, page, numeric=None):
    """The poll's description as the store keeps it; ValueError when it is not a question of this app's form.
    `numeric` (a question answered with a slider): {"values": the slider's values, one per option, "right": (first,
    last) index of the right ones, "slider": its widget key, "symbol": "γ"}."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
        raise ValueError("A poll's question is a text of at most 400 characters.")
    options = tuple(options)
    if not 2 <= len(options) <= MAX_OPTIONS or not all(isinstance(o, str) and len(o) <= MAX_TEXT for o in options):
        raise ValueError(f"A poll has 2 to {MAX_OPTIONS} options, each a short text.")
    if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer < len(options):
        raise ValueError("A poll's answer is the index of one of its options.")
    d = {"text": text, "options": options, "answer": answer, "page": str(page)}
    if numeric:
        d.update(_numeric(numeric, len(options)))
    return json.dumps(d, allow_nan=False)


def _numeric(numeric, n):
    values, right = tuple(numeric.get("values", ())), tuple(numeric.get("right", ()))
    if len(values) != n or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                   for v in values) or list(values) != sorted(set(values)):
        raise ValueError("A numeric poll's values are the slider's finite values, one per option, rising.")
    if len(right) != 2 or not all(type(i) is int for i in right) or not 0 <= right[0] <= right[1] < n:
        raise ValueError("A numeric poll's right answers are a range (first, last) of its values' indices.")
    slider, symbol = numeric.get("slider", ""), numeric.get("symbol", "")
    if not all(isinstance(t, str) and 0 < len(t) <= 80 for t in (slider, symbol)):
        raise ValueError("A numeric poll names its slider's key and symbol.")
    return {"values": [float(v) for v in values], "right": list(right), "slider": slider, "symbol": symbol}


def value_index(value, poll):
    """A numeric poll's vote `value` (a value of its slider) as the index of that value; BadChoice for anything
    else: not a number (text, a bool), not finite, outside the slider's range, or between two of its values."""
    values, symbol = poll.values, poll.symbol
    span = f"{symbol} from {values[0]:g} to {values[-1]:g}"
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadChoice(f"That answer is not a value of the slider ({span}); it was not counted.")
    if not values[0] <= value <= values[-1]:
        raise BadChoice(f"{symbol} = {value:g} is outside the slider's range ({span}); it was not counted.")
    i = min(range(len(values)), key=lambda k: abs(values[k] - value))
    if abs(values[i] - value) > 1e-9 * max(1.0, abs(value)):
        raise BadChoice(f"{symbol} = {value:g} is not one of the slider's values; it was not counted.")
    return i


def poll_choice(poll, choice):
    """A vote on `poll` as the option index the store counts: an index (a choice question) or a slider's value (a
    numeric one); BadChoice for anything else."""
    return value_index(choice, poll) if poll.values else choice_index(choice, len(poll.options))


def question_id(question):
    """A question's id (an exercise's: letters, digits, _ and -); ValueError for anything else."""
    if not isinstance(question, str) or not 0 < len(question) <= 80 or not all(
            c.isascii() and (c.isalnum() or c in "_-") for c in question):
        raise ValueError("A poll's question id is a short name of letters, digits, _ and -.")
    return question


def choice_index(choice, n):
    """The vote `choice` as an option index below `n`; BadChoice for anything else (text, a bool, NaN, 1.5, -1)."""
    if isinstance(choice, bool):
        raise BadChoice("That answer is not one of this question's choices; it was not counted.")
    if isinstance(choice, float) and math.isfinite(choice) and choice.is_integer():
        choice = int(choice)
    if not isinstance(choice, int) or not 0 <= choice < n:
        raise BadChoice("That answer is not one of this question's choices; it was not counted.")
    return choice


def poll_of(code, question, round_, description, is_open, asked):
    d = json.loads(description)
    return Poll(code, question, int(round_), d["text"], tuple(d["options"]), int(d["answer"]), d["page"],
                bool(int(is_open)), float(asked), tuple(d.get("values", ())), tuple(d.get("right", ())),
                d.get("slider", ""), d.get("symbol", ""))


class Polls:
    """The contract both back ends keep (tests/test_polls_store.py)."""

    def ask(self, code, key, question, text, options, answer, page="", numeric=None):
        """Open the next round of `question` in the room (closing any other open poll there): the Poll. NoRoom,
        WrongKey, ValueError (a question not of the app's form). `numeric`: see poll_json."""
        raise NotImplementedError

    def close(self, code, key):
        """Close the room's open poll (the lecturer's Check): the closed Poll, or None when none was open."""
        raise NotImplementedError

    def current(self, code):
        """The room's latest poll (open or closed), None when nothing was asked (or there is no room)."""
        raise NotImplementedError

    def version(self, code):
        """The room's version when its polls last changed (a poll asked or closed; written with that change), 0 when
        nothing was asked or there is no room. A follower's page that shows the polls as of this version needs no
        run of its poll panel (ui.poll_view); the room's version alone does not say whether a poll or the view
        moved."""
        raise NotImplementedError

    def rounds(self, code, question):
        """Every round of `question` in the room, oldest first: [Poll]."""
        raise NotImplementedError

    def vote(self, code, question, round_, voter, choice):
        """Count `voter`'s answer `choice` (an option's index, or a numeric poll's slider value; replacing their
        earlier one): the index counted. NoRoom; NotOpen (a
        closed, unknown or other room's poll), BadChoice, TooFast (within VOTE_GAP of their last counted vote)."""
        raise NotImplementedError

    def counts(self, code, question, round_):
        """The number of votes per option, [n0, n1, …] (empty when there is no such poll)."""
        raise NotImplementedError

    def mine(self, code, question, round_, voter):
        """`voter`'s counted answer (an option index), None when they have not answered."""
        raise NotImplementedError

    def results(self, code):
        """[(Poll, counts)] of every poll of the room in the order asked (the lecturer's CSV; never who voted)."""
        return [(p, self.counts(code, p.question, p.round)) for p in self._all(code)]

    def _all(self, code):
        raise NotImplementedError


def polls_of(store):
    """The poll side of a room store (ui.room_store.open_store): the same database, the same clock."""
    from .sqlite_store import SQLiteStore

    if isinstance(store, SQLiteStore):
        from .sqlite_polls import SQLitePolls

        return SQLitePolls(store)
    from .redis_polls import RedisPolls

    return RedisPolls(store)
