"""Held questions: the phones' follows waiting, each until its page changes or its hold
ends, and the one loop per process that reads what they wait on (companion/following.py
holds them; its docstring says why and when).

What one group's phones may hold in a process is bounded (PER_PHONE, PER_GROUP,
NIGHTS_PER_GROUP, MOST): past a bound a question is answered at once, as on a server that
holds nothing, so that no group can take the connections or the reads the others need.
"""

from __future__ import annotations

import collections
import threading
import time

from sqlalchemy import select

from .extensions import db
from .models import Game

# the versions of the games held (their phones' membership was proved when they asked,
# and is again before a hold ends with 304)
GAME_VERSIONS = select(Game.id, Game.version).where(Game.id.in_(db.bindparam("games",
                                                                            expanding=True)))
# seconds between the watcher's reads of the games it holds; nights every NIGHTS_EVERY-th
EVERY = 0.1
NIGHTS_EVERY = 5
# the most game ids in one read
CHUNK = 500
# the most questions held at once in a process: of one phone (a browser opens at most six
# connections to a site), of one group, and in all; the most nights of one group held
PER_PHONE = 6
PER_GROUP = 1000
MOST = 2000
NIGHTS_PER_GROUP = 20


class Watcher:
    """The questions held in this process, and the one loop that reads their tags."""

    def __init__(self, reader):
        self.reader = reader
        self.lock = threading.Lock()
        # {what is watched: [(event, the tag its phone has, the phone)]}
        self.held: dict[tuple, list[tuple[threading.Event, str, str]]] = {}
        # how many questions are held: in all, of each phone, of each group; and the
        # nights each group has held
        self.count = 0
        self.phones: collections.Counter[str] = collections.Counter()
        self.groups: collections.Counter[int] = collections.Counter()
        self.nights: dict[int, collections.Counter] = collections.defaultdict(
            collections.Counter)
        self.loop = None

    def wait(self, key: tuple, tag: str, phone: str, group: int, seconds: float) -> bool:
        """Hold until what `key` names no longer has `tag`, or `seconds` pass: whether it
        changed. Past a bound (the module's docstring) it is not held: False at once."""
        waiter = (threading.Event(), tag, phone)
        with self.lock:
            night = key[1] if key[0] == "night" else None
            if self.count >= MOST or self.phones[phone] >= PER_PHONE or \
                    self.groups[group] >= PER_GROUP or (
                        night is not None and night not in self.nights[group]
                        and len(self.nights[group]) >= NIGHTS_PER_GROUP):
                return False
            if self.loop is None:
                self.loop = threading.Thread(target=self.run, name="follow-watcher",
                                             daemon=True)
                self.loop.start()
            self.count += 1
            self.phones[phone] += 1
            self.groups[group] += 1
            if night is not None:
                self.nights[group][night] += 1
            self.held.setdefault(key, []).append(waiter)
        try:
            return waiter[0].wait(seconds)
        finally:
            with self.lock:
                waiting = self.held.get(key, [])
                waiting.remove(waiter)
                if not waiting:
                    self.held.pop(key, None)
                self.count -= 1
                for counter, item in ((self.phones, phone), (self.groups, group),
                                      (self.nights[group], night)):
                    if item is not None:
                        counter[item] -= 1
                        if counter[item] <= 0:
                            del counter[item]
                if not self.nights[group]:
                    del self.nights[group]

    def run(self):
        idle = 0.0
        tick = 0
        while True:
            time.sleep(EVERY)
            tick += 1
            with self.lock:
                held = {key: list(waiting) for key, waiting in self.held.items()}
                if not held:
                    idle += EVERY
                    if idle >= 60:  # nobody held for a minute: the next hold starts a loop
                        self.loop = None
                        return
                    continue
            idle = 0.0
            try:
                tags = self.read(held, nights=tick % NIGHTS_EVERY == 0)
            except Exception:  # noqa: BLE001 (a database error: read again next time)
                continue
            for key, waiting in held.items():
                if key in tags:
                    for event, tag, _ in waiting:
                        # gone, or not this phone's any more, reads None: the app answers
                        if tags[key] != tag:
                            event.set()

    def read(self, held, nights) -> dict[tuple, str | None]:
        """{key: its tag now} for the games held (in one query per CHUNK) and, with
        `nights`, for each night held (one query each)."""
        games = sorted(key[1] for key in held if key[0] == "game")
        tags: dict[tuple, str | None] = {("game", game): None for game in games}
        with self.reader.connect() as connection:
            for start in range(0, len(games), CHUNK):
                for game_id, version in connection.execute(
                        GAME_VERSIONS, {"games": games[start:start + CHUNK]}):
                    tags["game", game_id] = version
            for key, waiting in held.items():
                if nights and key[0] == "night":
                    # as the first phone held (every member's read is the same)
                    tags[key] = self.reader.night_rows(connection, key[1],
                                                       waiting[0][2])[0]
        return tags
