"""Held questions: the phones' follows waiting, each until its page changes or its hold
ends, and the one loop per process that finds out what they wait on (companion/following.py
holds them; its docstring says why and when).

On PostgreSQL the loop LISTENs: a trigger (migration 0016) notifies every new version of a
game as it is committed, and the phones holding that game are woken at once, with no
read. The versions of every game held are still read once every READ_EVERY seconds (a
notification sent while the loop was not yet listening, or while its connection was
being made again). Without notifications (SQLite, or no connection to listen on) the loop
reads the games held every EVERY seconds. A night's tag is made of several tables: the
nights held are read every NIGHTS_EVERY seconds either way.

What one group's phones may hold in a process is bounded (PER_PHONE, PER_GROUP,
NIGHTS_PER_GROUP, MOST): past a bound a question is answered at once, as on a server that
holds nothing, so that no group can take the connections or the reads the others need.
"""

from __future__ import annotations

import collections
import threading
import time

from sqlalchemy import select

try:
    import psycopg
except ImportError:  # SQLite only: nothing to listen to
    psycopg = None

from .extensions import db
from .models import Game

# the versions of the games held (their phones' membership was proved when they asked,
# and is again before a hold ends with 304)
GAME_VERSIONS = select(Game.id, Game.version).where(Game.id.in_(db.bindparam("games",
                                                                            expanding=True)))
# seconds between the watcher's reads of the games it holds, without notifications; with
# them; of the nights it holds
EVERY = 0.1
READ_EVERY = 1.0
NIGHTS_EVERY = 0.5
# what the trigger notifies on (migration 0016)
CHANNEL = "companion_game"
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
        listener = Listener(self.reader.listen_url())
        idle = 0.0
        read_at = nights_at = 0.0
        try:
            while True:
                notified = listener.changed(EVERY)
                now = time.monotonic()
                games = notified is None or now - read_at >= READ_EVERY
                nights = now - nights_at >= NIGHTS_EVERY
                with self.lock:
                    if not self.held:
                        idle += EVERY
                        if idle >= 60:  # nobody held for a minute: the next hold starts a loop
                            self.loop = None
                            return
                        continue
                    if games or nights:
                        held = {key: list(waiting) for key, waiting in self.held.items()}
                    else:  # only the games notified (many times a second on a busy server)
                        held = {("game", game): list(self.held[("game", game)])
                                for game in notified if ("game", game) in self.held}
                idle = 0.0
                tags = {}
                if games or nights:
                    try:
                        tags = self.read(held, games, nights)
                    except Exception:  # noqa: BLE001 (a database error: read again next time)
                        continue
                    read_at = now if games else read_at
                    nights_at = now if nights else nights_at
                for game, version in (notified or {}).items():
                    tags.setdefault(("game", game), version)
                self.wake(held, tags)
        finally:
            listener.close()

    @staticmethod
    def wake(held, tags):
        for key, waiting in held.items():
            if key in tags:
                for event, tag, _ in waiting:
                    # gone, or not this phone's any more, reads None: the app answers
                    if tags[key] != tag:
                        event.set()

    def read(self, held, games: bool, nights: bool) -> dict[tuple, str | None]:
        """{key: its tag now}, with `games` for the games held (in one query per CHUNK),
        with `nights` for each night held (one query each)."""
        ids = sorted(key[1] for key in held if key[0] == "game") if games else []
        tags: dict[tuple, str | None] = {("game", game): None for game in ids}
        with self.reader.connect() as connection:
            for start in range(0, len(ids), CHUNK):
                for game_id, version in connection.execute(
                        GAME_VERSIONS, {"games": ids[start:start + CHUNK]}):
                    tags["game", game_id] = version
            for key, waiting in held.items():
                if nights and key[0] == "night":
                    # as the first phone held (every member's read is the same)
                    tags[key] = self.reader.night_rows(connection, key[1],
                                                       waiting[0][2])[0]
        return tags


class Listener:
    """PostgreSQL's notifications of new versions of games, on a connection of the
    watcher's own (autocommit, LISTEN)."""

    def __init__(self, url: str | None):
        self.url = url if psycopg is not None else None
        self.connection = None
        self.failed_at = None

    def changed(self, seconds: float) -> dict[int, str | None] | None:
        """{game id: its new version, None when it was deleted} notified within `seconds`
        (at the first one, with any that came with it); None when there is nothing to
        listen to, the connection failed, or it has just been made: then the caller
        reads instead."""
        fresh = self.connection is None
        if self.url is None or not self.listening():
            time.sleep(seconds)
            return None
        if fresh:
            # listening from now on: what changed before is read
            return None
        found = {}
        try:
            for note in self.connection.notifies(timeout=seconds, stop_after=1):
                self.take(note.payload, found)
            for note in self.connection.notifies(timeout=0):
                self.take(note.payload, found)
        except psycopg.Error:
            self.close()
            self.failed_at = time.monotonic()
            return None
        return found

    @staticmethod
    def take(payload: str, found: dict):
        game, _, version = payload.partition(":")
        if game.isdigit():
            found[int(game)] = version or None

    def listening(self) -> bool:
        """Listening on a connection, made anew (not more often than every 5 s) when
        there is none."""
        if self.connection is not None:
            return True
        if self.failed_at is not None and time.monotonic() - self.failed_at < 5:
            return False
        try:
            self.connection = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
            self.connection.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error:
            self.close()
            self.failed_at = time.monotonic()
            return False
        return True

    def close(self):
        if self.connection is not None:
            try:
                self.connection.close()
            except psycopg.Error:
                pass
            self.connection = None
