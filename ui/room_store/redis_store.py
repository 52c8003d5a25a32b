"""The rooms in Redis: the back end for several server processes (replicas behind nginx) that share one class.

A room is a hash `ks:room:<code>` (key_hash, state, version, active); its students a sorted set
`ks:room:<code>:students` scored by their last heartbeat; join attempts a counter per client and window. Every change
is one Lua script, so it is atomic on the server: the version grows by exactly one per change whatever the number of
writers. The key is compared in constant time here before the script runs; the script checks again that the room
still has that key (it may have ended in between). Redis's own expiry removes a room some time after it went idle;
the reads below treat it as ended as soon as it is ROOM_IDLE old by the store's clock."""
import json
import secrets
import time

import redis

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

PREFIX = "ks:room:"
POINTER = "ks:pointer:"
TTL = ROOM_IDLE + 3600     # Redis drops a room's keys an hour after the store has ended it
# KEYS[1] room, ARGV: key_hash, state, now. 1 when made, 0 when the code is taken.
CREATE = """if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'key_hash', ARGV[1], 'state', ARGV[2], 'version', 1, 'active', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4]) return 1"""
# KEYS[1] room, ARGV: key_hash, state, now, ttl. The new version; -1 no room, -2 another key.
PUBLISH = """local h = redis.call('HGET', KEYS[1], 'key_hash')
if not h then return -1 end
if h ~= ARGV[1] then return -2 end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'active', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return redis.call('HINCRBY', KEYS[1], 'version', 1)"""
# KEYS[1] room, KEYS[2] its students, ARGV: key_hash. 1 ended, -1 no room, -2 another key.
END = """local h = redis.call('HGET', KEYS[1], 'key_hash')
if not h then return -1 end
if h ~= ARGV[1] then return -2 end
redis.call('DEL', KEYS[1], KEYS[2]) return 1"""
# KEYS[1] room, KEYS[2] students, ARGV: student, now, ttl, max. The count; -1 no room, -3 full.
HEARTBEAT = """if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. (tonumber(ARGV[2]) - tonumber(ARGV[3])))
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  return -3 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return redis.call('ZCARD', KEYS[2])"""


class RedisStore(Store):
    def __init__(self, url, clock):
        self.clock = clock
        self.origin = secrets.token_hex(6)   # this store (one per process), in its own pointer messages
        self.db = redis.Redis.from_url(url, decode_responses=True, socket_timeout=10, health_check_interval=30)
        self._create, self._publish, self._end, self._heartbeat = (
            self.db.register_script(s) for s in (CREATE, PUBLISH, END, HEARTBEAT))

    @staticmethod
    def _keys(code):
        return PREFIX + code, PREFIX + code + ":students"

    def _stored(self, code):
        """(key_hash, version, active, state) of a live room, else None (an idle room is ended here)."""
        h, version, active, state = self.db.hmget(PREFIX + code, "key_hash", "version", "active", "state")
        if h is None:
            return None
        if self.clock() - float(active) > ROOM_IDLE:
            self.db.delete(*self._keys(code))
            return None
        return h, int(version), float(active), state

    def create(self, state):
        text, key = state_json(state), new_key()
        while True:
            code = new_code()
            if self._create(keys=[PREFIX + code], args=[key_hash(key), text, self.clock(), TTL]):
                return code, key

    def room(self, code):
        stored = self._stored(code)
        return None if stored is None else Room(code, json.loads(stored[3]), stored[1], stored[2])

    def versions(self, codes):
        codes = list(codes)
        with self.db.pipeline(transaction=False) as pipe:
            for code in codes:
                pipe.hmget(PREFIX + code, "version", "active")
            rows = pipe.execute()
        oldest = self.clock() - ROOM_IDLE
        return {code: int(v) for code, (v, active) in zip(codes, rows) if v is not None and float(active) >= oldest}

    def _check(self, code, key):
        """The stored hash after a constant-time comparison with the key's; NoRoom, WrongKey."""
        stored = self._stored(code)
        if stored is None:
            raise NoRoom(code)
        if not hash_matches(stored[0], key):
            raise WrongKey(code)
        return stored[0]

    def publish(self, code, key, state):
        text = state_json(state)
        version = self._publish(keys=[PREFIX + code], args=[self._check(code, key), text, self.clock(), TTL])
        if version == -1:
            raise NoRoom(code)
        if version == -2:
            raise WrongKey(code)
        return int(version)

    def end(self, code, key):
        if self._end(keys=list(self._keys(code)), args=[self._check(code, key)]) == -1:
            raise NoRoom(code)

    def is_lecturer(self, code, key):
        stored = self._stored(code)
        return stored is not None and hash_matches(stored[0], key)

    def heartbeat(self, code, student):
        if self._stored(code) is None:
            raise NoRoom(code)
        count = self._heartbeat(keys=list(self._keys(code)),
                                args=[student, self.clock(), STUDENT_TTL, MAX_STUDENTS, TTL])
        if count == -1:
            raise NoRoom(code)
        if count == -3:
            raise RoomFull(code)
        return int(count)

    def students(self, code):
        if self._stored(code) is None:
            return 0
        return int(self.db.zcount(self._keys(code)[1], self.clock() - STUDENT_TTL, "+inf"))

    def _attempts(self, client):
        return f"ks:attempts:{client}:{int(self.clock() // JOIN_WINDOW)}"

    def blocked(self, client):
        return int(self.db.get(self._attempts(client)) or 0) >= JOIN_LIMIT

    def attempt(self, client):
        name = self._attempts(client)
        with self.db.pipeline() as pipe:
            n, _ = pipe.incr(name).expire(name, JOIN_WINDOW * 2).execute()
        return n <= JOIN_LIMIT

    # The lecturer's drag positions (ui.room_pointer) between replicas: pub/sub, a lost message is a frame skipped.
    def publish_pointer(self, code, message):
        self.db.publish(POINTER + code, f"{self.origin} {message}")

    def listen_pointers(self, hub):
        """Hand the positions other processes publish to `hub` (ui.room_pointer.Hub) - runs for the process's life."""
        while True:
            try:
                sub = self.db.pubsub(ignore_subscribe_messages=True)
                sub.psubscribe(POINTER + "*")
                while True:
                    m = sub.get_message(timeout=5.0)
                    if not m or not isinstance(m.get("data"), str):
                        continue
                    origin, _, message = m["data"].partition(" ")
                    if origin != self.origin:   # this process's own were handed over already
                        hub.send(str(m["channel"])[len(POINTER):], message)
            except redis.RedisError:   # Redis away for a moment: subscribe again
                time.sleep(1.0)

    def close(self):
        self.db.close()
