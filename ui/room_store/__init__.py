"""The class's shared state: one room row per class, the one source of truth that every server process reads.

A room has a short join code, the hash of the lecturer's key, a JSON state (the section, the topic settings and the
data set, as ui.room_state writes them), a version that grows by one on every change, the time of the lecturer's
last change, and its students (each counted while their heartbeats keep coming). Followers read the state by its
version: whatever woke them (a long poll, a reconnect), the next read catches up.

Two back ends pass the same contract (tests/test_room_store.py): SQLite, the default (a file under the data folder,
nothing to install), and Redis, chosen by `KERNELSCOPE_STORE=redis://host:port/db` when several server processes
(replicas) serve one class. `open_store()` returns the one the settings name.

The lecturer's key is 128 random bits; the store keeps only its SHA-256 (a key of that strength needs no slow hash)
and compares hashes in constant time."""
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

# Join codes: 6 characters from an alphabet without look-alikes (no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V).
ALPHABET = "ACEFGHJKMNPRTWXY34679"
CODE_LENGTH = 6
KEY_BYTES = 16                 # the lecturer's key: 128 random bits
ROOM_IDLE = 12 * 3600          # a room ends after this many seconds without a change by its lecturer
MAX_STUDENTS = 500
STUDENT_TTL = 60               # a student counts while their last heartbeat is at most this old (seconds)
JOIN_LIMIT, JOIN_WINDOW = 30, 60   # after JOIN_LIMIT failed joins in a JOIN_WINDOW (seconds) a client must wait
MAX_STATE_BYTES = 64 * 1024    # a room's JSON state; a share link's points (ui.points_link) fit many times over
DEFAULT_DATA = Path(__file__).resolve().parents[2] / ".data"


class NoRoom(LookupError):
    """No room has this code (never made, ended, or idle for ROOM_IDLE)."""


class WrongKey(PermissionError):
    """The key given for a lecturer's action is not the room's."""


class RoomFull(RuntimeError):
    """The room already counts MAX_STUDENTS students."""


class StateTooLarge(ValueError):
    """A state whose JSON is over MAX_STATE_BYTES."""


@dataclass(frozen=True)
class Room:
    code: str
    state: dict
    version: int
    active: float      # time of the lecturer's last change (seconds since the epoch)


def new_code():
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_key():
    """A lecturer's key: 128 random bits, URL-safe text."""
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key):
    return hashlib.sha256(str(key).encode()).hexdigest()


def hash_matches(stored, key):
    """The key's hash equals the stored one (constant-time comparison)."""
    return isinstance(key, str) and bool(stored) and hmac.compare_digest(str(stored), key_hash(key))


def normal_code(text):
    """A typed code in the store's form (upper case, no spaces or dashes); None when it cannot be a code."""
    code = "".join(str(text or "").split()).replace("-", "").upper()
    return code if len(code) == CODE_LENGTH and all(c in ALPHABET for c in code) else None


def client_address(ip, forwarded):
    """Who a join attempt comes from: the peer's address, or - when the peer is a proxy on this machine (nginx) - the
    address that proxy appended last to X-Forwarded-For (the earlier entries are whatever the client sent)."""
    ip = ip if isinstance(ip, str) and ip else "local"
    if ip in ("127.0.0.1", "::1", "local") and isinstance(forwarded, str) and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return ip


def state_json(state):
    """The state as the store keeps it; StateTooLarge when it is over MAX_STATE_BYTES, ValueError when it is no
    JSON object of finite numbers."""
    if not isinstance(state, dict):
        raise ValueError("A room's state is a JSON object.")
    text = json.dumps(state, separators=(",", ":"), allow_nan=False, sort_keys=True)
    if len(text.encode()) > MAX_STATE_BYTES:
        raise StateTooLarge(f"A room's state is at most {MAX_STATE_BYTES // 1024} KiB.")
    return text


class Store:
    """The contract both back ends keep. `clock()`: the time in seconds (the tests move it)."""

    def create(self, state):
        """A new room holding `state` at version 1: (code, key). The key is shown once and never stored."""
        raise NotImplementedError

    def room(self, code):
        """The Room, or None when there is none (an idle room is ended here)."""
        raise NotImplementedError

    def versions(self, codes):
        """{code: version} of the rooms among `codes` that exist (one cheap read for many waiting followers)."""
        raise NotImplementedError

    def publish(self, code, key, state):
        """Replace the room's state (the lecturer's change): the new version. NoRoom, WrongKey, StateTooLarge."""
        raise NotImplementedError

    def end(self, code, key):
        """End the room (the lecturer's End class). NoRoom, WrongKey."""
        raise NotImplementedError

    def is_lecturer(self, code, key):
        """The key is this room's."""
        raise NotImplementedError

    def heartbeat(self, code, student):
        """Count `student` (a random id of one browser session) as present: the number of students. NoRoom;
        RoomFull when MAX_STUDENTS others are present."""
        raise NotImplementedError

    def students(self, code):
        """The number of students present (0 when there is no room)."""
        raise NotImplementedError

    def attempt(self, client):
        """Count one failed join by `client` (its address; a code that names no room): False when it has now made
        more than JOIN_LIMIT in this window. Only failures count, so a class behind one address joins freely."""
        raise NotImplementedError

    def blocked(self, client):
        """`client` has failed JOIN_LIMIT times in this window: no code is looked up for it until the next."""
        raise NotImplementedError

    def close(self):
        pass

    def version(self, code):
        """The room's version, None when there is none."""
        return self.versions([code]).get(code)


def open_store(url=None, clock=None):
    """The store the settings name: `url` or $KERNELSCOPE_STORE (redis://…: Redis; a path or sqlite:///path:
    SQLite), else SQLite in $KERNELSCOPE_DATA (default: .data/ in the project folder)."""
    import time

    url = url or os.environ.get("KERNELSCOPE_STORE", "")
    clock = clock or time.time
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore

        return RedisStore(url, clock)
    from .sqlite_store import SQLiteStore

    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])
    elif url:
        path = Path(url)
    else:
        path = Path(os.environ.get("KERNELSCOPE_DATA") or DEFAULT_DATA) / "rooms.sqlite3"
    return SQLiteStore(path, clock)
