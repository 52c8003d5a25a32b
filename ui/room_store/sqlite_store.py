"""The rooms in one SQLite file: the default back end (built into Python, nothing to install; one machine).

WAL lets readers (the followers' version checks) go on while a writer writes; every write transaction starts with
BEGIN IMMEDIATE, so it takes the write lock before it reads (two lecturer actions can never both read version n and
both write n + 1), and a busy timeout makes a writer wait for the lock instead of failing. One connection per
thread (sqlite3 connections are not shared between threads)."""
import json
import sqlite3
import threading
from contextlib import contextmanager

from . import (
    JOIN_LIMIT,
    JOIN_WINDOW,
    MAX_STUDENTS,
    ROOM_IDLE,
    STUDENT_TTL,
    NoRoom,
    Room,
    RoomFull,
    Store,
    WrongKey,
    hash_matches,
    key_hash,
    new_code,
    new_key,
    state_json,
)

BUSY_MS = 10_000
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, state TEXT NOT NULL,
                                  version INTEGER NOT NULL, active REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (code TEXT NOT NULL, student TEXT NOT NULL, seen REAL NOT NULL,
                                     PRIMARY KEY (code, student));
CREATE TABLE IF NOT EXISTS attempts (client TEXT NOT NULL, window INTEGER NOT NULL, n INTEGER NOT NULL,
                                     PRIMARY KEY (client, window));
"""


class SQLiteStore(Store):
    def __init__(self, path, clock):
        self.path, self.clock = path, clock
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._db().executescript(SCHEMA)

    def _db(self):
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")   # WAL: durable at checkpoints, never corrupt
            self._local.db = db
        return db

    @contextmanager
    def _write(self):
        """A write transaction that takes the lock first (BEGIN IMMEDIATE); rolled back on any error."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _live(self, db, code):
        """(key_hash, version) of the room, ending it first when it has been idle for ROOM_IDLE; NoRoom."""
        row = db.execute("SELECT key_hash, version, active FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise NoRoom(code)
        if self.clock() - row[2] > ROOM_IDLE:
            self._drop(db, code)
            raise NoRoom(code)
        return row[0], row[1]

    @staticmethod
    def _drop(db, code):
        db.execute("DELETE FROM rooms WHERE code = ?", (code,))
        db.execute("DELETE FROM students WHERE code = ?", (code,))

    def create(self, state):
        text, key = state_json(state), new_key()
        with self._write() as db:
            now = self.clock()
            db.execute("DELETE FROM rooms WHERE active < ?", (now - ROOM_IDLE,))   # the idle rooms of everyone
            db.execute("DELETE FROM students WHERE code NOT IN (SELECT code FROM rooms)")
            while True:
                code = new_code()
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                    break
            db.execute("INSERT INTO rooms VALUES (?, ?, ?, 1, ?)", (code, key_hash(key), text, now))
        return code, key

    def room(self, code):
        row = self._db().execute("SELECT state, version, active FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        if self.clock() - row[2] > ROOM_IDLE:
            with self._write() as db:
                db.execute("DELETE FROM rooms WHERE code = ? AND active < ?", (code, self.clock() - ROOM_IDLE))
            return None
        return Room(code, json.loads(row[0]), row[1], row[2])

    def versions(self, codes):
        codes = list(codes)
        if not codes:
            return {}
        marks = ",".join("?" * len(codes))
        rows = self._db().execute(f"SELECT code, version FROM rooms WHERE code IN ({marks}) AND active >= ?",
                                  (*codes, self.clock() - ROOM_IDLE)).fetchall()
        return dict(rows)

    def publish(self, code, key, state):
        text = state_json(state)
        with self._write() as db:
            stored, version = self._live(db, code)
            if not hash_matches(stored, key):
                raise WrongKey(code)
            db.execute("UPDATE rooms SET state = ?, version = ?, active = ? WHERE code = ?",
                       (text, version + 1, self.clock(), code))
        return version + 1

    def end(self, code, key):
        with self._write() as db:
            stored, _ = self._live(db, code)
            if not hash_matches(stored, key):
                raise WrongKey(code)
            self._drop(db, code)

    def is_lecturer(self, code, key):
        row = self._db().execute("SELECT key_hash, active FROM rooms WHERE code = ?", (code,)).fetchone()
        return row is not None and self.clock() - row[1] <= ROOM_IDLE and hash_matches(row[0], key)

    def heartbeat(self, code, student):
        with self._write() as db:
            self._live(db, code)
            now = self.clock()
            db.execute("DELETE FROM students WHERE code = ? AND seen < ?", (code, now - STUDENT_TTL))
            known = db.execute("SELECT 1 FROM students WHERE code = ? AND student = ?", (code, student)).fetchone()
            count = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()[0]
            if known is None and count >= MAX_STUDENTS:
                raise RoomFull(code)
            db.execute("INSERT OR REPLACE INTO students VALUES (?, ?, ?)", (code, student, now))
        return count + (known is None)

    def students(self, code):
        row = self._db().execute("SELECT COUNT(*) FROM students WHERE code = ? AND seen >= ?",
                                 (code, self.clock() - STUDENT_TTL)).fetchone()
        return row[0] if self.version(code) is not None else 0

    def attempt(self, client):
        window = int(self.clock() // JOIN_WINDOW)
        with self._write() as db:
            db.execute("DELETE FROM attempts WHERE window < ?", (window - 1,))
            db.execute("INSERT INTO attempts VALUES (?, ?, 1) ON CONFLICT (client, window) DO UPDATE SET n = n + 1",
                       (str(client), window))
            n = db.execute("SELECT n FROM attempts WHERE client = ? AND window = ?", (str(client), window)).fetchone()
        return n[0] <= JOIN_LIMIT

    def blocked(self, client):
        row = self._db().execute("SELECT n FROM attempts WHERE client = ? AND window = ?",
                                 (str(client), int(self.clock() // JOIN_WINDOW))).fetchone()
        return row is not None and row[0] >= JOIN_LIMIT

    def close(self):
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
