"""Several phones, one game: every change is serialized in the database, never in a process.

A change to a game is based on the version the phone saw. `take` bumps that version with
one conditional UPDATE in the change's own transaction (`... WHERE id = :id AND version =
:seen`): no row changed means another change came first, and the database's write lock
(SQLite) or row lock (PostgreSQL) holds every other writer of the game back until this
transaction ends. The UPDATE is the first thing a change writes, so on SQLite it also takes
the database's write lock before anything is read for the change.

Why this and not `SELECT ... FOR UPDATE`: it works the same on SQLite (which has no row
locks) and PostgreSQL, checks the phone's version and locks in one statement, and a refused
change has written nothing. Versions are random, so a version seen before a restore never
matches a game after it, even one that got the same id.

Locks are always taken in one order, games before players, each by id, so two changes
never wait for each other.
"""

from __future__ import annotations

import functools
from datetime import timedelta

from sqlalchemy import bindparam, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm.attributes import set_committed_value

from .extensions import db
from .models import MESSAGE_MAX, Game, Player, Submission, new_version, now_utc
from .once import KEPT_SECONDS


# the statements of every change, built once: a statement built per request is keyed anew
# for the compiled cache, which costs three times as much as running it
GAMES = Game.__table__
TAKE = (update(GAMES)
        .where(GAMES.c.id == bindparam("game"), GAMES.c.version == bindparam("seen"))
        .values(version=bindparam("new"), last_change=bindparam("made")))
LAST_CHANGE = select(GAMES.c.last_change).where(GAMES.c.id == bindparam("game"))
# a game's version as it is now; every game's
VERSION_NOW = select(GAMES.c.version).where(GAMES.c.id == bindparam("game"))
VERSIONS = select(GAMES.c.id, GAMES.c.version)
# the versions of one night's games
NIGHT_VERSIONS = VERSIONS.where(GAMES.c.night_id == bindparam("night"))
TAPS = Submission.__table__
ANSWERED = (update(TAPS).where(TAPS.c.key == bindparam("tap"), TAPS.c.scope == bindparam("in"))
            .values(location=bindparam("to"), message=bindparam("said"),
                    group_id=bindparam("group")))
FIRST_SEND = select(TAPS.c.location, TAPS.c.message, TAPS.c.scope).where(
    TAPS.c.key == bindparam("tap"))


def run(statement, values: dict):
    """A statement built once, run on the session's connection (in its transaction): the
    session's own `execute` costs three to four times as much, in bookkeeping for ORM
    objects these statements never load. The session does not flush before it, so it is
    for statements no change pending in the session bears on; what it writes to a row the
    session holds, the caller gives that object (`as_stored`)."""
    return db.session.connection().execute(statement, values)


def as_stored(loaded, **values) -> None:
    """Give an object of the session the values a statement wrote to its row, as if it
    had loaded them: it is not dirty, and the unit of work does not write them again."""
    for name, value in values.items():
        set_committed_value(loaded, name, value)


class Stale(Exception):
    """The game changed since the phone saw it; `last` is the change that came last."""

    def __init__(self, last: dict | None):
        super().__init__("stale")
        self.last = last


def take(game: Game, seen: str | None, change: dict) -> tuple[dict, bool]:
    """Lock `game` for `change`, a change based on version `seen`.

    Returns the change now made and False, or the same change already made by an earlier
    request and True (a second tap: the caller answers as it did, and changes nothing).
    Raises Stale when another change came first.
    """
    made = {**change, "from": seen}
    if seen and game.version == seen:
        version = new_version()
        done = run(TAKE, {"game": game.id, "seen": seen, "new": version, "made": made})
        if done.rowcount == 1:
            as_stored(game, version=version, last_change=made)
            return made, False
    last = run(LAST_CHANGE, {"game": game.id}).scalar()
    if last and same(last, made):
        return last, True
    raise Stale(last)


def same(last: dict, made: dict) -> bool:
    """Whether two requests are the same change from the same version. What an addition
    or an undo applies to follows from the version, so their positions are not compared."""
    keys = ("action", "from", "doc") + (("position",) if made["action"] == "correct" else ())
    return all(last.get(key) == made.get(key) for key in keys)


def hold(game: Game) -> None:
    """Hold the game, as the phone saw it, until the commit, for a change that is not to
    the game itself (a rematch): raises Stale when it changed since it was read."""
    done = db.session.execute(
        update(Game).where(Game.id == game.id, Game.version == game.version)
        .values(version=Game.version).execution_options(synchronize_session=False))
    if done.rowcount != 1:
        raise Stale(db.session.execute(select(Game.last_change)
                                       .where(Game.id == game.id)).scalar())


def take_every_game() -> None:
    """Wait for every change in flight and hold off new ones (a restore replacing all)."""
    db.session.execute(select(Game.id).order_by(Game.id).with_for_update())


def take_all(games: list[Game], change: dict) -> None:
    """Lock several games for a change that is not based on what a phone saw (a rename),
    in id order."""
    for game in sorted(games, key=lambda g: g.id):
        version = new_version()
        db.session.execute(update(Game).where(Game.id == game.id)
                           .values(version=version, last_change=change)
                           .execution_options(synchronize_session=False))
        as_stored(game, version=version, last_change=change)


def steady(load, which=None, attempts=3):
    """`load()` again until no game changed while it read (`which`: a condition on the
    games to watch, every game when None).

    Each SELECT reads its own snapshot (SQLite outside a write, PostgreSQL in READ
    COMMITTED), so what takes several statements to read can mix two states of a game:
    the game row from before a change, its entries from after it. Every change bumps its game's
    version in its own transaction, so versions unchanged from before the reading to after
    it mean that everything read belongs together. `load` must refresh what is already in
    the session (`populate_existing`).
    """
    for _ in range(attempts):
        before = versions(which)
        result = load()
        if versions(which) == before:
            break
    return result


def steady_game(load, attempts=3):
    """`steady` for one game whose row `load()` reads first (`steady_read`). None: no such
    game."""
    return steady_read(load, lambda game: game.version,
                       lambda game: run(VERSION_NOW, {"game": game.id}).scalar())


def steady_read(load, seen, now, attempts=3):
    """`steady` for a read whose first statement about its games reads their versions
    (`seen(result)`): those are the versions before the rest was read, which saves a query.
    `now(result)`: the versions after it. A result of None (nothing found) is taken as it
    is."""
    for _ in range(attempts):
        result = load()
        if result is None or now(result) == seen(result):
            break
    return result


def versions(which=None) -> dict[int, str]:
    """{game id: version} of the games `which` holds (every game when None), read as
    `run` reads (a reading: nothing pending bears on it)."""
    return dict(run(VERSIONS if which is None else VERSIONS.where(which), {}).all())


def players(ids) -> None:
    """Lock players' rows (PostgreSQL; SQLite's write lock is already held) before their
    records are recounted from their seats, so two games ending at once both count."""
    ids = sorted(set(ids))
    if ids:
        db.session.execute(select(Player.id).where(Player.id.in_(ids)).order_by(Player.id)
                           .with_for_update(key_share=True))


def dialect():
    """This database's SQL dialect, for its INSERT ... ON CONFLICT."""
    return {"postgresql": postgresql, "sqlite": sqlite}[db.session.get_bind().dialect.name]


def insert_new(table, keys: list[str], **values) -> bool:
    """INSERT a row unless one with the same `keys` exists (two phones adding one thing at
    once): True when this one was inserted. The second waits for the first to commit."""
    statement = new_row(dialect(), table, tuple(keys)).values(**values)
    return db.session.execute(statement).first() is not None


@functools.cache
def new_row(sql, table, keys: tuple[str, ...]):
    """INSERT ... ON CONFLICT DO NOTHING into `table`, built once for each database
    (`sql`: its dialect) and table; its columns are those of the values it is run with,
    or given it (`values()`). RETURNING says whether a row went in: psycopg's rowcount for
    this INSERT is -1."""
    return (sql.insert(table).on_conflict_do_nothing(index_elements=list(keys))
            .returning(table.c[keys[0]]))


def claim(key: str | None, scope: str, purge: bool = True) -> Submission | None:
    """Claim a one-time key (companion/once.py) for this transaction. None: go ahead (the
    form had no key the server gave); else the submission that used it first, to answer as
    it did. Taps older than the keys live are forgotten on the way (`purge`)."""
    if key is None:
        return None
    if purge:
        # the old taps no other transaction is purging at this moment: two changes purging
        # the same rows would otherwise wait for each other's commit, every change for a
        # restore's (PostgreSQL; SQLite's writers wait for each other anyway)
        db.session.execute(delete(Submission).where(Submission.key.in_(
            select(Submission.key).where(
                Submission.created_at < now_utc() - timedelta(seconds=KEPT_SECONDS))
            .with_for_update(skip_locked=True))))
    if run(new_row(dialect(), TAPS, ("key",)),
           {"key": key, "scope": scope, "created_at": now_utc()}).first() is not None:
        return None
    first = db.session.get(Submission, key)
    # a key is signed for one scope, so another scope here would be a forged signature
    return first if first is not None and first.scope == scope else None


def forget_answers(page: str) -> None:
    """Taps that were answered with `page` (or the page with a query or a fragment) forget
    it, once what it showed is deleted: SQLite gives the next row the same id."""
    db.session.execute(delete(Submission).where(or_(
        Submission.location == page, Submission.location.like(page + "?%"),
        Submission.location.like(page + "#%"))))


def answered(key: str | None, scope: str, location: str, message: str | None,
             group_id: int | None) -> None:
    """Keep what the first tap was answered with, and the group it acted in; a message
    naming ten long names is cut to what the column holds."""
    if message and len(message) > MESSAGE_MAX:
        message = message[:MESSAGE_MAX - 1] + "…"
    if key is not None:
        run(ANSWERED, {"tap": key, "in": scope, "to": location, "said": message,
                       "group": group_id})


def first_send(key: str):
    """The row of a one-time key's first send, (location, message, scope); None when the
    key was never used."""
    return run(FIRST_SEND, {"tap": key}).first()
