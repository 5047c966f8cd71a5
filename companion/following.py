"""A following phone told "unchanged" in one indexed query, before Flask.

Every phone at a table asks every 1.5 s whether its page is still the truth
(static/js/live.js, views/live.py), and nearly every answer is 304 Not Modified. Through
Flask, that answer costs the whole request machinery: the access guard's query, the
session, the locale, the after-request hooks. This WSGI middleware, in front of the app,
answers that one case itself, and only that one:

- the question is a GET of a game's or a night's follow URL (its pattern, with the ids
  the URL map's `<int:...>` takes: up to ID_MAX) carrying `If-None-Match`;
- the phone's session cookie verifies with the app's own signed serializer and names a
  phone secret (views/access.py, companion/once.py);
- one indexed query reads what the page's tag is made of, joined to the phone's
  membership of the group that owns the game or night: a phone that is not in that group
  gets no rows, whatever it sends;
- the tag so found is one the phone sent.

Then the answer is 304 with the follow's headers, and nothing else happens: no session is
opened or written, nothing is rendered. When that read finds a game's page changed, and
this process keeps its page rendered for another phone of the table in the phone's
language (views/shared.py), the phone is given that page here, with its own CSRF token
and keys signed in: a save wakes five phones, and four of them need nothing else of
Flask. The first of them to find the page neither kept nor being rendered claims its
render here and goes on to Flask, which renders it; the others wait here for that
render, holding no connection to the database. In every other case (no cookie or another
shape of it, not this phone's group, no such game, a page not kept, any error) the
request goes on to Flask, which answers it with every check of a page: the outsider's
404, the page's body, the signed-out message.
So the middleware can only ever give a phone what its group may see.

**Held questions.** On a server whose workers are gevent's (docs/hosting.md: thousands of
phones), an unchanged question is not answered at once: it is held up to FOLLOW_HOLD
seconds (20 by default there; 0, answered at once, under waitress or threaded workers,
whose threads a held question would take). One loop per process (`Watcher`,
companion/holding.py) finds out when what a question shows changes: on PostgreSQL the
database notifies every new version of a game, elsewhere the loop reads the games held
ten times a second; a night, whose tag is several tables', is read twice a second. When a
tag is no longer the one a phone has, the membership query is asked again, and its answer
is the new page, as above. A question whose hold ends with nothing new is asked the
membership query once more before its 304. The phone asks again as soon as an answer
comes (static/js/live.js), so a change reaches it within the loop's interval, while an
idle table costs one question per phone every FOLLOW_HOLD seconds instead of every 1.5.
The database is still the one source of truth: each process reads it, so this works
across workers and machines alike.

What one group's phones may hold in a process is bounded (companion/holding.py).
"""

from __future__ import annotations

import collections
import hashlib
import re
import sys
import threading
import time
from typing import NamedTuple

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie, parse_etags

from . import connections, once
from .driver import Driven
from .extensions import db
from .models import Game, Member, Night
from .holding import Watcher
from .i18n import language_of
from .queries.nights import night_tag_of, night_tag_rows
from .security import page_headers
from .views.helpers import ID_MAX
from .views.shared import given, pad_key, render_claimed

# the game's version and group, only for a member of the game's group: the game by its
# key, the membership by the (group, phone) unique index (as NIGHT_ROWS: companion/driver.py)
GAME_VERSION = Driven(
    select(Game.version, Night.group_id).join(Night, Night.id == Game.night_id)
    .join(Member, Member.group_id == Night.group_id)
    .where(Game.id == db.bindparam("game"), Member.phone == db.bindparam("phone")))
# the group of a night, only for a member of it
NIGHT_OWNER = (select(Night.group_id).join(Member, Member.group_id == Night.group_id)
               .where(Night.id == db.bindparam("night"), Member.phone == db.bindparam("phone"))
               .scalar_subquery())
# the night's tag rows, and its group as an "o" row (not part of the tag)
NIGHT_ROWS = Driven(db.union_all(*night_tag_rows(NIGHT_OWNER).selects, select(
    db.literal("o"), NIGHT_OWNER, db.literal(None, db.String), db.literal(None, db.String))))
# how long a phone's cookie, once checked, is taken as checked; how many are kept
COOKIE_KEPT = 600
COOKIES = 4096
# views/live.py's two follow routes
FOLLOW = re.compile(r"/(games|nights)/([0-9]+)/follow")
# a follow answer's headers besides its tag and every page's (views/live.py, i18n's Vary)
HEADERS = [("Cache-Control", "no-cache, private"), ("Vary", "Accept-Language, Cookie")]


class Asked(NamedTuple):
    """What a phone's question is about, as read with its membership."""
    tag: str  # the page's tag now
    key: tuple  # ("game" or "night", its id)
    phone: str  # the phone's digest
    group: int  # the group of the game or night
    csrf: str | None  # the CSRF secret of the phone's session
    reads: int  # statements run for the question so far


def night_tag(rows) -> str | None:
    """The tag of a night's page from NIGHT_ROWS; None without its "n" row (no such
    night, or not this phone's group)."""
    if not any(row[0] == "n" for row in rows):
        return None
    return night_tag_of([row for row in rows if row[0] != "o"])


class Unchanged:
    def __init__(self, wsgi_app, app):
        self.wsgi_app = wsgi_app
        self.app = app
        self.lock = threading.Lock()
        self.serializer = None
        self.engine = None
        # {sha256 of a cookie: ((the phone's digest, its CSRF secret), when it was
        # checked)}, newest last
        self.cookies: collections.OrderedDict[bytes, tuple[tuple, float]] = \
            collections.OrderedDict()
        self.watcher = Watcher(self)

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("HTTP_IF_NONE_MATCH") \
                and environ.get("HTTP_COOKIE"):
            try:
                asked = self.asked(environ)
                if asked is not None:
                    if parse_etags(environ["HTTP_IF_NONE_MATCH"]).contains(asked.tag):
                        return self.answer(asked, environ, start_response)
                    return self.changed(asked, environ, start_response)
            except SQLAlchemyError:  # a dropped connection, a busy database: Flask's
                pass
        return self.wsgi_app(environ, start_response)

    def answer(self, asked, environ, start_response):
        """304 for the tag `asked` proved, at once or when its hold ends with nothing new
        (and the phone still a member); the new page when it changed meanwhile."""
        hold = self.hold()
        started = time.monotonic()
        now = asked
        if hold and (self.watcher.wait(asked.key, asked.tag, asked.phone, asked.group, hold)
                     or time.monotonic() - started > 0.5):
            # woken, or held for a while: still this phone's, and what is it now?
            now = self.read_tag(asked.key, asked.phone, asked.csrf, asked.reads + 1)
        # how long it was held, for the phone's timing (bench/follow.py reads it)
        timing = ("Server-Timing", f"hold;dur={(time.monotonic() - started) * 1000:.0f}")
        if now is None or now.tag != asked.tag:
            return self.changed(now, environ, start_response, timing)
        headers = [("ETag", f'"{now.tag}"'), *HEADERS, ("X-Content-Type-Options", "nosniff"),
                   timing, *self.counted(now)]
        start_response("304 Not Modified", headers)
        return []

    def changed(self, asked, environ, start_response, *extra):
        """The page of a game that changed, kept for its table (views/shared.py) and given
        to this phone, proved a member of the game's group by the read that found the
        change; anything else, the app's answer, with every check of a page."""
        if asked is not None and asked.key[0] == "game":
            accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
            key = (*pad_key(asked.key[1], asked.tag),
                   language_of(parse_cookie(environ), accepted))
            # the first phone of its table to ask for the page: the app renders it
            rendered = render_claimed(self.app, key, environ,
                                      lambda: self.flask(environ, start_response, extra))
            if rendered is not None:
                return rendered
            page = given(self.app, key, asked.phone, asked.csrf)
            if page is not None:
                body = page.encode()
                start_response("200 OK", [
                    ("Content-Type", "text/html; charset=utf-8"),
                    ("Content-Length", str(len(body))), ("ETag", f'"{asked.tag}"'), *HEADERS,
                    *page_headers(self.app, environ.get("wsgi.url_scheme") == "https"),
                    *extra, *self.counted(asked)])
                return [body]
        return self.flask(environ, start_response, extra)

    def flask(self, environ, start_response, extra):
        """The app's answer, with `extra` headers."""
        return self.wsgi_app(environ, lambda status, headers, *rest:
                             start_response(status, [*headers, *extra], *rest))

    def counted(self, asked) -> list[tuple[str, str]]:
        """The statements run, where the app counts them (companion/instrument.py)."""
        return [("X-Query-Count", str(asked.reads))] if self.app.config.get("COUNT_QUERIES") \
            else []

    def hold(self) -> float:
        """FOLLOW_HOLD, or by default 20 s on gevent's workers and 0 anywhere else."""
        configured = self.app.config.get("FOLLOW_HOLD")
        if configured is not None:
            return float(configured)
        monkey = sys.modules.get("gevent.monkey")
        return 20.0 if monkey and monkey.is_module_patched("threading") else 0.0

    def asked(self, environ) -> Asked | None:
        """What the page the phone follows is now, when it is a game's or a night's of the
        phone's groups; else None."""
        # the two follow routes, as the URL map's <int:...> reads them (views/helpers.py)
        route = FOLLOW.fullmatch(environ.get("PATH_INFO", ""))
        if route is None or len(route[2]) > 10 or int(route[2]) > ID_MAX:
            return None
        proved = self.phone(environ)
        if proved is None:
            return None
        what = "game" if route[1] == "games" else "night"
        return self.read_tag((what, int(route[2])), *proved, 1)

    def read_tag(self, key, phone, csrf, reads) -> Asked | None:
        """What the game or night `key` names is now (its tag and its group), for the phone
        `phone` of its group; None for a phone of any other group, or no such page."""
        with self.connect() as connection:
            if key[0] == "game":
                rows = GAME_VERSION.rows(connection, {"game": key[1], "phone": phone})
                tag, group = rows[0] if rows else (None, None)
            else:
                tag, group = self.night_rows(connection, key[1], phone)
        return None if tag is None else Asked(tag, key, phone, group, csrf, reads)

    @staticmethod
    def night_rows(connection, night_id: int, phone: str) -> tuple[str | None, int | None]:
        """(the night's tag, its group), (None, None) if it is not of the phone's groups."""
        rows = NIGHT_ROWS.rows(connection, {"night": night_id, "phone": phone})
        tag = night_tag(rows)
        return tag, (None if tag is None else next(row[1] for row in rows if row[0] == "o"))

    def phone(self, environ) -> tuple[str, str | None] | None:
        """(The phone's digest, its session's CSRF secret) from its session cookie, if the
        app signed it; None for a cookie it did not sign, an old cookie (views/access.py
        adopts those) or none. A phone sends the same cookie with every question: a cookie
        that proved a phone is taken as proved for COOKIE_KEPT seconds (its membership is
        read every time)."""
        cookie = parse_cookie(environ).get(self.app.config["SESSION_COOKIE_NAME"])
        if not cookie or len(cookie) > 4096:
            return None
        key = hashlib.sha256(cookie.encode()).digest()
        now = time.monotonic()
        with self.lock:
            kept = self.cookies.get(key)
            if kept and now - kept[1] < COOKIE_KEPT:
                self.cookies.move_to_end(key)
                return kept[0]
            if self.serializer is None:
                self.serializer = self.app.session_interface.get_signing_serializer(self.app)
        proved = self.check(cookie)
        if proved is not None:
            with self.lock:
                self.cookies[key] = (proved, now)
                self.cookies.move_to_end(key)
                while len(self.cookies) > COOKIES:
                    self.cookies.popitem(last=False)
        return proved

    def check(self, cookie: str) -> tuple[str, str | None] | None:
        try:
            session = self.serializer.loads(
                cookie, max_age=int(self.app.permanent_session_lifetime.total_seconds()))
        except Exception:  # a bad signature, an expired or garbled cookie: Flask's to answer
            return None
        secret = session.get("phone") if isinstance(session, dict) else None
        if not isinstance(secret, str) or "members" in session or \
                not once.SECRET.fullmatch(secret):
            return None
        csrf = session.get(self.app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
        return once.digest(secret), csrf if isinstance(csrf, str) else None

    def listen_url(self) -> str | None:
        """Where the watcher listens for changed games (companion/holding.py): the app's
        database server; None for SQLite."""
        url = self.reading().url
        if url.get_backend_name() != "postgresql":
            return None
        return url.set(drivername="postgresql").render_as_string(hide_password=False)

    def connect(self):
        """A connection of the app's engine (its pool; the app disposes of it), in
        autocommit on a database server: the one SELECT without BEGIN and ROLLBACK."""
        # not asked whether it works first (connections.py): if not, Flask answers
        with connections.unasked():
            return self.reading().connect()

    def reading(self):
        if self.engine is None:
            with self.app.app_context():
                engine = db.engine
            self.engine = (engine if engine.dialect.name == "sqlite"
                           else engine.execution_options(isolation_level="AUTOCOMMIT"))
        return self.engine


def init_app(app):
    # inside ProxyFix (trust_proxies wraps whatever wsgi_app is by then): the URL is matched
    # as the app sees it
    app.wsgi_app = Unchanged(app.wsgi_app, app)
