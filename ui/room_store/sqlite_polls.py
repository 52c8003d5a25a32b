"""The polls in the rooms' SQLite file (ui.room_store.polls describes them). Every write is one BEGIN IMMEDIATE
transaction of the room store (it takes the lock before reading), so concurrent votes are counted exactly, and a
vote is an INSERT … ON CONFLICT DO UPDATE on (code, question, round, voter). A room's polls go with the room: the
polls of ended rooms are deleted when the next poll is asked."""
from . import WrongKey, hash_matches
from .polls import VOTE_GAP, NotOpen, Polls, TooFast, poll_choice, poll_json, poll_of, question_id

SCHEMA = """
CREATE TABLE IF NOT EXISTS polls (code TEXT NOT NULL, question TEXT NOT NULL, round INTEGER NOT NULL,
                                  description TEXT NOT NULL, open INTEGER NOT NULL, asked REAL NOT NULL,
                                  PRIMARY KEY (code, question, round));
CREATE TABLE IF NOT EXISTS votes (code TEXT NOT NULL, question TEXT NOT NULL, round INTEGER NOT NULL,
                                  voter TEXT NOT NULL, choice INTEGER NOT NULL,
                                  PRIMARY KEY (code, question, round, voter));
CREATE TABLE IF NOT EXISTS voters (code TEXT NOT NULL, voter TEXT NOT NULL, last REAL NOT NULL,
                                   PRIMARY KEY (code, voter));
CREATE TABLE IF NOT EXISTS poll_versions (code TEXT PRIMARY KEY, version INTEGER NOT NULL);
"""
COLUMNS = "code, question, round, description, open, asked"


class SQLitePolls(Polls):
    def __init__(self, store):
        self.store = store
        store._db().executescript(SCHEMA)

    def _lecturer(self, db, code, key):
        stored, _ = self.store._live(db, code)
        if not hash_matches(stored, key):
            raise WrongKey(code)

    def _bump(self, db, code):
        """The room's version + 1: its followers wake and read the poll; the new version is the polls' own too."""
        db.execute("UPDATE rooms SET version = version + 1, active = ? WHERE code = ?", (self.store.clock(), code))
        db.execute("INSERT INTO poll_versions (code, version) SELECT code, version FROM rooms WHERE code = ? "
                   "ON CONFLICT (code) DO UPDATE SET version = excluded.version", (code,))

    def ask(self, code, key, question, text, options, answer, page="", numeric=None):
        description, question = poll_json(text, options, answer, page, numeric), question_id(question)
        with self.store._write() as db:
            self._lecturer(db, code, key)
            for table in ("polls", "votes", "voters", "poll_versions"):    # the polls of ended rooms
                db.execute(f"DELETE FROM {table} WHERE code NOT IN (SELECT code FROM rooms)")
            db.execute("UPDATE polls SET open = 0 WHERE code = ? AND open = 1", (code,))
            last = db.execute("SELECT MAX(round) FROM polls WHERE code = ? AND question = ?",
                              (code, str(question))).fetchone()[0]
            row = (code, str(question), (last or 0) + 1, description, 1, self.store.clock())
            db.execute(f"INSERT INTO polls ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", row)
            self._bump(db, code)
        return poll_of(*row)

    def close(self, code, key):
        with self.store._write() as db:
            self._lecturer(db, code, key)
            row = db.execute(f"SELECT {COLUMNS} FROM polls WHERE code = ? AND open = 1", (code,)).fetchone()
            if row is None:
                return None
            db.execute("UPDATE polls SET open = 0 WHERE code = ? AND open = 1", (code,))
            self._bump(db, code)
        return poll_of(*row[:4], 0, row[5])

    def _all(self, code):
        if self.store.version(code) is None:
            return []
        rows = self.store._db().execute(f"SELECT {COLUMNS} FROM polls WHERE code = ? ORDER BY rowid", (code,))
        return [poll_of(*r) for r in rows.fetchall()]

    def current(self, code):
        if self.store.version(code) is None:
            return None
        row = self.store._db().execute(f"SELECT {COLUMNS} FROM polls WHERE code = ? ORDER BY rowid DESC LIMIT 1",
                                       (code,)).fetchone()
        return None if row is None else poll_of(*row)

    def version(self, code):
        if self.store.version(code) is None:
            return 0
        row = self.store._db().execute("SELECT version FROM poll_versions WHERE code = ?", (code,)).fetchone()
        return 0 if row is None else int(row[0])

    def rounds(self, code, question):
        return [p for p in self._all(code) if p.question == question]

    def vote(self, code, question, round_, voter, choice):
        voter = str(voter)[:64]
        with self.store._write() as db:
            self.store._live(db, code)
            row = db.execute(f"SELECT {COLUMNS} FROM polls WHERE code = ? AND question = ? AND round = ?",
                             (code, str(question), round_ if type(round_) is int else -1)).fetchone()
            if row is None or not row[4]:
                raise NotOpen("This question is closed (or was never asked in your class); your answer was not "
                              "counted.")
            index = poll_choice(poll_of(*row), choice)
            before = db.execute("SELECT choice FROM votes WHERE code = ? AND question = ? AND round = ? AND voter = ?",
                                (code, row[1], row[2], voter)).fetchone()
            if before is not None and before[0] == index:
                return index                                   # a retry: already counted
            now = self.store.clock()
            last = db.execute("SELECT last FROM voters WHERE code = ? AND voter = ?", (code, voter)).fetchone()
            if last is not None and now - last[0] < VOTE_GAP:
                raise TooFast("One answer a second: wait a moment, then choose again (this one was not counted).")
            db.execute("INSERT INTO votes VALUES (?, ?, ?, ?, ?) ON CONFLICT (code, question, round, voter) "
                       "DO UPDATE SET choice = excluded.choice", (code, row[1], row[2], voter, index))
            db.execute("INSERT INTO voters VALUES (?, ?, ?) ON CONFLICT (code, voter) DO UPDATE SET last = "
                       "excluded.last", (code, voter, now))
        return index

    def counts(self, code, question, round_):
        db = self.store._db()
        row = db.execute(f"SELECT {COLUMNS} FROM polls WHERE code = ? AND question = ? AND round = ?",
                         (code, str(question), round_)).fetchone()
        if row is None:
            return []
        out = [0] * len(poll_of(*row).options)
        for choice, n in db.execute("SELECT choice, COUNT(*) FROM votes WHERE code = ? AND question = ? AND round = ? "
                                    "GROUP BY choice", (code, str(question), round_)):
            out[choice] = n
        return out

    def mine(self, code, question, round_, voter):
        row = self.store._db().execute("SELECT choice FROM votes WHERE code = ? AND question = ? AND round = ? AND "
                                       "voter = ?", (code, str(question), round_, str(voter)[:64])).fetchone()
        return None if row is None else row[0]

