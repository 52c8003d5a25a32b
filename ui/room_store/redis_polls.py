"""The polls in Redis (ui.room_store.polls describes them), beside the rooms of ui.room_store.redis_store:

- `ks:poll:<code>:<question>|<round>`: a hash (description, open, asked);
- `…|<round>:votes`: a hash voter -> choice (the upsert: HSET replaces a voter's earlier answer);
- `ks:room:<code>:polls` (a list of the ids asked, in order), `:asked` (question -> its last round), `:open` (the
  open poll's id) and `:voters` (voter -> time of their last counted vote, the rate limit).

Asking, closing and voting are each one Lua script, atomic on the server, so votes from every replica are counted
exactly once; asking and closing add one to the room's version in the same script, and note it as the room's
`poll_version` (Polls.version). The keys live as long as the room's (its TTL)."""
from . import NoRoom, WrongKey
from .polls import VOTE_GAP, NotOpen, Polls, TooFast, poll_choice, poll_json, poll_of, question_id
from .redis_store import PREFIX, TTL

POLL = "ks:poll:"
# KEYS: room, polls, asked, open; ARGV: key_hash, question, description, now, ttl, poll prefix. The round; -1 no
# room, -2 another key.
ASK = """local h = redis.call('HGET', KEYS[1], 'key_hash')
if not h then return -1 end
if h ~= ARGV[1] then return -2 end
local open = redis.call('GET', KEYS[4])
if open then redis.call('HSET', ARGV[6] .. open, 'open', 0) end
local r = redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
local id = ARGV[2] .. '|' .. r
redis.call('HSET', ARGV[6] .. id, 'description', ARGV[3], 'open', 1, 'asked', ARGV[4])
redis.call('RPUSH', KEYS[2], id)
redis.call('SET', KEYS[4], id)
for _, k in ipairs({ARGV[6] .. id, ARGV[6] .. id .. ':votes', KEYS[2], KEYS[3], KEYS[4]}) do
  redis.call('EXPIRE', k, ARGV[5]) end
redis.call('HSET', KEYS[1], 'active', ARGV[4])
redis.call('HSET', KEYS[1], 'poll_version', redis.call('HINCRBY', KEYS[1], 'version', 1))
return r"""
# KEYS: room, open; ARGV: key_hash, now, poll prefix. The closed poll's id; '' none open, -1 no room, -2 another key.
CLOSE = """local h = redis.call('HGET', KEYS[1], 'key_hash')
if not h then return -1 end
if h ~= ARGV[1] then return -2 end
local open = redis.call('GET', KEYS[2])
if not open then return '' end
redis.call('HSET', ARGV[3] .. open, 'open', 0)
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'active', ARGV[2])
redis.call('HSET', KEYS[1], 'poll_version', redis.call('HINCRBY', KEYS[1], 'version', 1))
return open"""
# KEYS: room, poll, votes, voters; ARGV: voter, choice, now, gap, ttl. The choice; -1 no room, -2 not open,
# -3 too fast.
VOTE = """if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HGET', KEYS[2], 'open') ~= '1' then return -2 end
if redis.call('HGET', KEYS[3], ARGV[1]) == ARGV[2] then return tonumber(ARGV[2]) end
local last = redis.call('HGET', KEYS[4], ARGV[1])
if last and tonumber(ARGV[3]) - tonumber(last) < tonumber(ARGV[4]) then return -3 end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[4], ARGV[1], ARGV[3])
redis.call('EXPIRE', KEYS[3], ARGV[5])
redis.call('EXPIRE', KEYS[4], ARGV[5])
return tonumber(ARGV[2])"""
CLOSED = "This question is closed (or was never asked in your class); your answer was not counted."


class RedisPolls(Polls):
    def __init__(self, store):
        self.store, self.db = store, store.db
        self._ask, self._close, self._vote = (self.db.register_script(s) for s in (ASK, CLOSE, VOTE))

    @staticmethod
    def _room_keys(code):
        room = PREFIX + code
        return room, room + ":polls", room + ":asked", room + ":open", room + ":voters"

    @staticmethod
    def _poll_key(code, question, round_):
        return f"{POLL}{code}:{question}|{round_}"

    def _poll(self, code, pid):
        question, _, round_ = pid.partition("|")
        description, is_open, asked = self.db.hmget(f"{POLL}{code}:{pid}", "description", "open", "asked")
        return None if description is None else poll_of(code, question, round_, description, is_open, asked)

    def _checked(self, result, code):
        if result == -1:
            raise NoRoom(code)
        if result == -2:
            raise WrongKey(code)
        return result

    def ask(self, code, key, question, text, options, answer, page="", numeric=None):
        description, question = poll_json(text, options, answer, page, numeric), question_id(question)
        room, polls, asked, open_, _ = self._room_keys(code)
        r = self._checked(self._ask(keys=[room, polls, asked, open_], args=[
            self.store._check(code, key), question, description, self.store.clock(), TTL, f"{POLL}{code}:"]), code)
        return self._poll(code, f"{question}|{r}")

    def close(self, code, key):
        room, _, _, open_, _ = self._room_keys(code)
        pid = self._checked(self._close(keys=[room, open_], args=[self.store._check(code, key), self.store.clock(),
                                                                   f"{POLL}{code}:"]), code)
        return self._poll(code, pid) if pid else None

    def _all(self, code):
        if self.store._stored(code) is None:
            return []
        return [p for p in (self._poll(code, pid) for pid in self.db.lrange(self._room_keys(code)[1], 0, -1)) if p]

    def current(self, code):
        if self.store._stored(code) is None:
            return None
        pid = self.db.lindex(self._room_keys(code)[1], -1)
        return self._poll(code, pid) if pid else None

    def version(self, code):
        if self.store.version(code) is None:   # (the room's version and activity only, not its state)
            return 0
        return int(self.db.hget(PREFIX + code, "poll_version") or 0)

    def rounds(self, code, question):
        return [p for p in self._all(code) if p.question == question]

    def vote(self, code, question, round_, voter, choice):
        voter = str(voter)[:64]
        if self.store._stored(code) is None:
            raise NoRoom(code)
        try:
            question = question_id(question)
        except ValueError:
            raise NotOpen(CLOSED) from None
        if type(round_) is not int:
            raise NotOpen(CLOSED)
        poll = self._poll(code, f"{question}|{round_}")
        if poll is None:
            raise NotOpen(CLOSED)
        index = poll_choice(poll, choice)
        key = self._poll_key(code, question, round_)
        result = self._vote(keys=[PREFIX + code, key, key + ":votes", self._room_keys(code)[4]],
                            args=[voter, index, self.store.clock(), VOTE_GAP, TTL])
        if result == -1:
            raise NoRoom(code)
        if result == -2:
            raise NotOpen(CLOSED)
        if result == -3:
            raise TooFast("One answer a second: wait a moment, then choose again (this one was not counted).")
        return int(result)

    def counts(self, code, question, round_):
        poll = self._poll(code, f"{question}|{round_}")
        if poll is None:
            return []
        out = [0] * len(poll.options)
        for choice in self.db.hvals(self._poll_key(code, question, round_) + ":votes"):
            out[int(choice)] += 1
        return out

    def mine(self, code, question, round_, voter):
        choice = self.db.hget(self._poll_key(code, question, round_) + ":votes", str(voter)[:64])
        return None if choice is None else int(choice)
