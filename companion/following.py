"""A following phone told "unchanged" in one indexed query, before Flask.

Every phone at a table asks every 1.5 s whether its page is still the truth
(static/js/live.js, views/live.py), and nearly every answer is 304 Not Modified. Through
Flask, that answer costs the whole request machinery: the access guard's query, the
session, the locale, the after-request hooks. This WSGI middleware, in front of the app,
answers that one case itself, and only that one:

- the question is a GET of a game's or a night's follow URL (matched by the app's own URL
  map, so its converters' limits hold) carrying `If-None-Match`;
- the phone's session cookie verifies with the app's own signed serializer and names a
  phone secret (views/access.py, companion/once.py);
- one indexed query reads what the page's tag is made of, joined to the phone's
  membership of the group that owns the game or night: a phone that is not in that group
  gets no rows, whatever it sends;
- the tag so found is one the phone sent.

Then the answer is 304 with the follow's headers, and nothing else happens: no session is
opened or written, nothing is rendered. In every other case (no cookie or another shape
of it, not this phone's group, no such game, a page that changed, any error) the request
goes on to Flask, which answers it with every check of a page: the outsider's 404, the
page's body, the signed-out message. So the middleware can only ever tell a phone that
what it is allowed to see is still what it shows.

**Held questions.** On a server whose workers are gevent's (docs/hosting.md: thousands of
phones), an unchanged question is not answered at once: it is held up to FOLLOW_HOLD
seconds (20 by default there; 0, answered at once, under waitress or threaded workers,
whose threads a held question would take). One loop per process (`Watcher`) reads the
tags of every question it holds ten times a second, in one query for all the games
held and one per night held; when a tag is no longer the one a phone has, its question
goes on to Flask, which checks everything again and answers the new page. The phone asks
again as soon as an answer comes (static/js/live.js), so a change reaches it within the
loop's interval, while an idle table costs one question per phone every FOLLOW_HOLD
seconds instead of every 1.5. The database is still the one source of truth: each process
reads it, so this works across workers and machines alike.
"""

from __future__ import annotations

import functools
import re
import sys
import threading
import time

from sqlalchemy import create_engine, select
from sqlalchemy.exc import DBAPIError
from werkzeug.http import parse_cookie, parse_etags

from . import once
from .extensions import db
from .models import Game, Member, Night
from .queries.nights import night_tag_of, night_tag_rows
from .views.helpers import ID_MAX

# the game's version, only for a member of the game's group: the game by its key, the
# membership by the (group, phone) unique index
GAME_VERSION = (select(Game.version).join(Night, Night.id == Game.night_id)
                .join(Member, Member.group_id == Night.group_id)
                .where(Game.id == db.bindparam("game"), Member.phone == db.bindparam("phone")))
# the group of a night, only for a member of it
NIGHT_OWNER = (select(Night.group_id).join(Member, Member.group_id == Night.group_id)
               .where(Night.id == db.bindparam("night"), Member.phone == db.bindparam("phone"))
               .scalar_subquery())
NIGHT_ROWS = night_tag_rows(NIGHT_OWNER)
# the versions of the games held (their phones' membership was proved when they asked)
GAME_VERSIONS = select(Game.id, Game.version).where(Game.id.in_(db.bindparam("games",
                                                                            expanding=True)))
# seconds between the watcher's reads of what it holds
EVERY = 0.1
# the most game ids in one read
CHUNK = 500
# the most questions of one phone held at once in a process
PER_PHONE = 6
# views/live.py's two follow routes
FOLLOW = re.compile(r"/(games|nights)/([0-9]+)/follow")
# what a follow answer says besides its tag (views/live.py `follow`, i18n's Vary)
HEADERS = [("Cache-Control", "no-cache, private"), ("Vary", "Accept-Language, Cookie"),
           ("X-Content-Type-Options", "nosniff")]


class Unchanged:
    def __init__(self, wsgi_app, app):
        self.wsgi_app = wsgi_app
        self.app = app
        self.serializer = self.checked = None
        self.max_age = 0
        self.engine = None
        self.watcher = Watcher(self)

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("HTTP_IF_NONE_MATCH") \
                and environ.get("HTTP_COOKIE"):
            found = self.unchanged(environ)
            if found is not None:
                tag, key, phone = found
                hold = self.hold()
                started = time.monotonic()
                changed = hold and self.watcher.wait(key, tag, phone, hold)
                # how long it was held, for the phone's timing (bench/follow.py reads it)
                timing = ("Server-Timing",
                          f"hold;dur={(time.monotonic() - started) * 1000:.0f}")
                if changed:
                    # it changed while held: the app answers, with every check of a page
                    return self.wsgi_app(environ, lambda status, headers, *rest:
                                         start_response(status, [*headers, timing], *rest))
                headers = [("ETag", f'"{tag}"'), *HEADERS, timing]
                if self.app.config.get("COUNT_QUERIES"):
                    headers.append(("X-Query-Count", "1"))
                start_response("304 Not Modified", headers)
                return []
        return self.wsgi_app(environ, start_response)

    def hold(self) -> float:
        """FOLLOW_HOLD, or by default 20 s on gevent's workers and 0 anywhere else."""
        configured = self.app.config.get("FOLLOW_HOLD")
        if configured is not None:
            return float(configured)
        monkey = sys.modules.get("gevent.monkey")
        return 20.0 if monkey and monkey.is_module_patched("threading") else 0.0

    def unchanged(self, environ) -> tuple[str, tuple, str] | None:
        """(the tag the phone has, what to watch, the phone), when the tag is the truth
        and the phone may see it; else None."""
        # the two follow routes, as the URL map's <int:...> reads them (views/helpers.py)
        route = FOLLOW.fullmatch(environ.get("PATH_INFO", ""))
        if route is None or len(route[2]) > 10 or int(route[2]) > ID_MAX:
            return None
        endpoint, args = ((("live.follow_game", {"game_id": int(route[2])}))
                          if route[1] == "games"
                          else ("live.follow_night", {"night_id": int(route[2])}))
        phone = self.phone(environ)
        if phone is None:
            return None
        sent = parse_etags(environ["HTTP_IF_NONE_MATCH"])
        try:
            found = self.read_tag(endpoint, args, phone)
        except DBAPIError:  # a dropped connection, a busy database: Flask's to answer
            return None
        return found if found is not None and sent.contains(found[0]) else None

    def read_tag(self, endpoint, args, phone) -> tuple[str, tuple, str] | None:
        with self.connect() as connection:
            if endpoint == "live.follow_game":
                tag = connection.execute(GAME_VERSION, {"game": args["game_id"],
                                                        "phone": phone}).scalar()
                return None if tag is None else (tag, ("game", args["game_id"]), phone)
            rows = connection.execute(NIGHT_ROWS, {"night": args["night_id"],
                                                   "phone": phone}).all()
        # no "n" row: no such night, or not this phone's group
        if not any(row[0] == "n" for row in rows):
            return None
        return night_tag_of(rows), ("night", args["night_id"]), phone

    def phone(self, environ) -> str | None:
        """The phone's digest from its session cookie, if the app signed it; None for a
        cookie it did not sign, an old cookie (views/access.py adopts those) or none."""
        cookie = parse_cookie(environ).get(self.app.config["SESSION_COOKIE_NAME"])
        if not cookie or len(cookie) > 4096:
            return None
        if self.serializer is None:
            self.serializer = self.app.session_interface.get_signing_serializer(self.app)
            self.max_age = int(self.app.permanent_session_lifetime.total_seconds())
            # a phone sends the same cookie with every question: its check is kept (the
            # membership is still read every time)
            self.checked = functools.lru_cache(maxsize=4096)(self.check)
        digest, checked_at = self.checked(cookie)
        if time.monotonic() - checked_at > 600:  # past ten minutes, checked again
            self.checked.cache_clear()
            digest, _ = self.checked(cookie)
        return digest

    def check(self, cookie: str) -> tuple[str | None, float]:
        try:
            session = self.serializer.loads(cookie, max_age=self.max_age)
        except Exception:  # a bad signature, an expired or garbled cookie: Flask's to answer
            return None, time.monotonic()
        secret = session.get("phone") if isinstance(session, dict) else None
        if not isinstance(secret, str) or "members" in session or \
                not once.SECRET.fullmatch(secret):
            return None, time.monotonic()
        return once.digest(secret), time.monotonic()

    def connect(self):
        if self.engine is None:
            self.engine = self.own_engine()
        return self.engine.connect()

    def own_engine(self):
        """The app's engine on SQLite (a file read in-process). On a database server, an
        engine of the follow's own: the one SELECT in autocommit, with no ping before it,
        so that the question is one round trip rather than four (ping, BEGIN, SELECT,
        ROLLBACK). A connection the server dropped fails that one question, which then
        goes on to Flask (whose engine pings), and the pool replaces it."""
        with self.app.app_context():
            engine = db.engine
        if engine.dialect.name == "sqlite":
            return engine
        options = {key: value for key, value in
                   self.app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).items()
                   if key != "pool_pre_ping"}
        return create_engine(engine.url, **{**options, "isolation_level": "AUTOCOMMIT",
                                            "pool_size": 2, "max_overflow": 8})


class Watcher:
    """The questions held in this process, and the one loop that reads their tags."""

    def __init__(self, reader: Unchanged):
        self.reader = reader
        self.lock = threading.Lock()
        # {what is watched: [(event, the tag its phone has, the phone)]}
        self.held: dict[tuple, list[tuple[threading.Event, str, str]]] = {}
        # {phone: how many of its questions are held}
        self.phones: dict[str, int] = {}
        self.loop = None

    def wait(self, key: tuple, tag: str, phone: str, seconds: float) -> bool:
        """Hold until what `key` names no longer has `tag`, or `seconds` pass: whether it
        changed. A phone already holding PER_PHONE questions here is not held again (a
        browser opens at most six connections to a site): one phone cannot take the
        connections the other groups' phones need."""
        waiter = (threading.Event(), tag, phone)
        with self.lock:
            if self.phones.get(phone, 0) >= PER_PHONE:
                return False
            self.phones[phone] = self.phones.get(phone, 0) + 1
            self.held.setdefault(key, []).append(waiter)
            if self.loop is None or not self.loop.is_alive():
                self.loop = threading.Thread(target=self.run, name="follow-watcher",
                                             daemon=True)
                self.loop.start()
        try:
            return waiter[0].wait(seconds)
        finally:
            with self.lock:
                waiting = self.held.get(key, [])
                if waiter in waiting:
                    waiting.remove(waiter)
                if not waiting:
                    self.held.pop(key, None)
                self.phones[phone] -= 1
                if not self.phones[phone]:
                    del self.phones[phone]

    def run(self):
        idle = 0.0
        while idle < 60:  # a loop nobody needed for a minute ends; the next hold starts one
            time.sleep(EVERY)
            with self.lock:
                held = {key: list(waiting) for key, waiting in self.held.items()}
            idle = 0.0 if held else idle + EVERY
            if not held:
                continue
            try:
                tags = self.read(held)
            except DBAPIError:  # read again next time
                continue
            for key, waiting in held.items():
                for event, tag, _ in waiting:
                    # gone, or not this phone's any more, reads None: the app answers it
                    if tags.get(key) != tag:
                        event.set()

    def read(self, held) -> dict[tuple, str | None]:
        """{key: its tag now} for every key held: the games in one query (per CHUNK), each
        night in one."""
        games = sorted(key[1] for key in held if key[0] == "game")
        tags: dict[tuple, str | None] = {}
        with self.reader.connect() as connection:
            for start in range(0, len(games), CHUNK):
                for game_id, version in connection.execute(
                        GAME_VERSIONS, {"games": games[start:start + CHUNK]}):
                    tags["game", game_id] = version
            for key, waiting in held.items():
                if key[0] == "night":
                    # as the first phone held (every member's read is the same)
                    rows = connection.execute(NIGHT_ROWS, {"night": key[1],
                                                           "phone": waiting[0][2]}).all()
                    tags[key] = night_tag_of(rows) if any(r[0] == "n" for r in rows) else None
        return tags


def init_app(app):
    # inside ProxyFix (trust_proxies wraps whatever wsgi_app is by then): the URL is matched
    # as the app sees it
    app.wsgi_app = Unchanged(app.wsgi_app, app)
