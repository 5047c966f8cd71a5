"""The queries the pages read, built once (the values are parameters): building and keying
a statement per request cost more than running it. Lists read rows, not objects, and are
paged by `paged`, the one pager.
"""

import functools
import math
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import joinedload, load_only

from .extensions import db
from .models import (FINISHED, STATUS_LABELS, Game, Night, Player, PlayerRecord, Seat,
                     night_players)
from .rules import GAMES

NIGHT, GAME, SEAT, PLAYER, RECORD = (t.c for t in (
    Night.__table__, Game.__table__, Seat.__table__, Player.__table__, PlayerRecord.__table__))
ATTENDANCE = night_players.c


@dataclass
class Page:
    """One page of a list, as the pager shows it (the fields of Flask-SQLAlchemy's)."""

    items: list
    page: int
    pages: int
    total: int

    @property
    def has_prev(self):
        return self.page > 1

    @property
    def has_next(self):
        return self.page < self.pages

    @property
    def prev_num(self):
        return self.page - 1 if self.has_prev else None

    @property
    def next_num(self):
        return self.page + 1 if self.has_next else None


def paged(items, count, values: dict, number: int, per_page: int) -> Page:
    """Page `number` of the rows of `items` (a statement with :limit and :offset), counted
    by `count` first: a page past the end shows the last one, as a stale link expects."""
    total = db.session.execute(count, values).scalar_one()
    pages = math.ceil(total / per_page)
    number = min(number, max(pages, 1))
    rows = db.session.execute(items, {**values, "limit": per_page,
                                      "offset": (number - 1) * per_page}).all()
    return Page(rows, number, pages, total)


# -- the nights' list ---------------------------------------------------------------------

GROUP_NIGHTS = NIGHT.group_id == db.bindparam("group_id")
NIGHTS = (db.select(NIGHT.id, NIGHT.date, NIGHT.title,
                    db.select(db.func.count()).where(GAME.night_id == NIGHT.id)
                    .scalar_subquery().label("games"))
          .where(GROUP_NIGHTS).order_by(NIGHT.date.desc(), NIGHT.id.desc())
          .limit(db.bindparam("limit")).offset(db.bindparam("offset")))
NIGHT_COUNT = db.select(db.func.count()).select_from(Night.__table__).where(GROUP_NIGHTS)


def nights_page(group_id: int, number: int, per_page: int) -> Page:
    """Page `number` of the group's nights, newest first, each with its number of games."""
    return paged(NIGHTS, NIGHT_COUNT, {"group_id": group_id}, number, per_page)


# -- one night ----------------------------------------------------------------------------

# the night, its games and their seats (each with its player) in one query, with the
# columns the page shows: a game's row repeats for each seat, its other JSON and dates too
NIGHT_GAMES = (db.select(Night).where(Night.id == db.bindparam("night")).options(
    load_only(Night.id, Night.group_id, Night.date, Night.title),
    # the options name a game that is one of a group ("Qwixx": Rules.group_title)
    joinedload(Night.games).load_only(Game.id, Game.night_id, Game.kind, Game.status,
                                      Game.summary, Game.options, Game.entry_count)
    .joinedload(Game.seats).load_only(Seat.game_id, Seat.seat, Seat.player_id)
    .joinedload(Seat.player).load_only(Player.id, Player.name)))
# everyone on the group's roster, ids and names, and where they came in the night's list
# (None: they did not come); those who came are listed in that order, the others by name
NIGHT_ROSTER = (db.select(PLAYER.id, PLAYER.name, ATTENDANCE.position.label("came"))
                .outerjoin(night_players, db.and_(ATTENDANCE.player_id == PLAYER.id,
                                                  ATTENDANCE.night_id == db.bindparam("night")))
                .where(PLAYER.group_id == db.bindparam("group_id"))
                .order_by(ATTENDANCE.position, PLAYER.name))


def night_with_games(night_id: int) -> Night | None:
    return db.session.execute(NIGHT_GAMES, {"night": night_id}).unique().scalar_one_or_none()


def night_roster(night: Night) -> tuple[list, list]:
    """(who came, in their order; the rest of the group's roster, by name), as rows."""
    here, roster = [], []
    for player in db.session.execute(NIGHT_ROSTER, {"night": night.id,
                                                    "group_id": night.group_id}):
        (roster if player.came is None else here).append(player)
    return here, roster


# the rows night_changes digests, each as (what, id, text)
def _tagged(what, number, text):
    return db.select(db.literal(what), number, db.cast(text, db.String))


NIGHT_TAG = db.union_all(
    _tagged("n", Night.id, Night.date).where(Night.id == db.bindparam("night"))
    .add_columns(Night.title),
    _tagged("g", Game.id, Game.version).where(Game.night_id == db.bindparam("night"))
    .add_columns(db.literal(None, db.String)),
    _tagged("a", ATTENDANCE.player_id, ATTENDANCE.position)
    .where(ATTENDANCE.night_id == db.bindparam("night")).add_columns(db.literal(None, db.String)),
    _tagged("r", db.func.count(PLAYER.id), db.func.max(PLAYER.id))
    .where(PLAYER.group_id == db.bindparam("group_id")).add_columns(db.literal(None, db.String)))


def night_changes(night_id: int, group_id: int) -> list:
    """What a night's page shows changes with, in one query: its date and title, its
    games' versions (each game's changes, renames of its players), who came in what order,
    and the roster it offers. Empty when there is no such night."""
    return db.session.execute(NIGHT_TAG, {"night": night_id, "group_id": group_id}).all()


# -- the roster ---------------------------------------------------------------------------

def _sum(column):
    return (db.select(db.func.coalesce(db.func.sum(column), 0))
            .where(RECORD.player_id == PLAYER.id).scalar_subquery())


# each player with their games and wins (summed from their records, one row per kind they
# played) and the nights they came to, in one query; each sum reads the player's own rows
# by index, whatever else the server holds
ROSTER = (db.select(PLAYER.id, PLAYER.name, _sum(RECORD.games).label("games"),
                    _sum(RECORD.won).label("won"),
                    db.select(db.func.count()).select_from(night_players)
                    .where(ATTENDANCE.player_id == PLAYER.id).scalar_subquery().label("nights"))
          .where(PLAYER.group_id == db.bindparam("group_id"))
          .order_by(PLAYER.name))
SEATED = db.select(db.exists().where(Seat.player_id == db.bindparam("player")))


def roster(group_id: int) -> list:
    return db.session.execute(ROSTER, {"group_id": group_id}).all()


def has_played(player_id: int) -> bool:
    return bool(db.session.execute(SEATED, {"player": player_id}).scalar())


# -- a game's settings ---------------------------------------------------------------------

def settings_of(game_id: int, kind: str, group_id: int | None) -> dict | None:
    """The settings of a game of `kind` in the group (a new game starts from them)."""
    return db.session.scalar(db.select(Game.options).join(Night).where(
        Game.id == game_id, Game.kind == kind, Night.group_id == group_id))


# -- the history: nights filtered and searched -------------------------------------------

PLAYERS = (db.select(PLAYER.id, PLAYER.name).where(PLAYER.group_id == db.bindparam("group_id"))
           .order_by(PLAYER.name))


def group_players(group_id: int) -> list:
    """The group's players, ids and names, by name (the history's filter)."""
    return db.session.execute(PLAYERS, {"group_id": group_id}).all()

# who came to each night of a page, by name
CAME = (db.select(ATTENDANCE.night_id, PLAYER.name)
        .join_from(night_players, Player.__table__, PLAYER.id == ATTENDANCE.player_id)
        .where(ATTENDANCE.night_id.in_(db.bindparam("nights", expanding=True)),
               # the group's players by their index, not every player on the server
               PLAYER.group_id == db.bindparam("group_id"))
        .order_by(PLAYER.name))
# a game is shown with who won it: the seats that won, in seat order (Seat.won is derived
# with the summary, in the same transaction, and lists what `Game.winner_names` lists)
WON = db.and_(SEAT.game_id == GAME.id, SEAT.won, GAME.status == FINISHED)


def escape_like(text):
    """`text` to be matched literally by LIKE ... ESCAPE '/' (what SQLAlchemy's autoescape
    does, which takes no parameter)."""
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def game_filters(kind, player):
    """What a game must be to be shown (`kind` as `shape` says it): of this kind (:kind)
    or this group of it (:group), with this player seated (:player)."""
    games = []
    if kind:
        games.append(GAME.kind == db.bindparam("kind"))
    if kind == "group":
        games.append(GAME.group_key == db.bindparam("group"))
    if player:
        seated = Seat.__table__.alias("seated")
        games.append(db.exists().where(seated.c.game_id == GAME.id,
                                       seated.c.player_id == db.bindparam("player")))
    return games


@functools.cache
def nights_statements(kind: str, player: bool, q: bool):
    """Nights newest first (a page of them, and how many in all): a title search keeps the
    titles that contain :q, a kind the nights with a game that matches, a player alone the
    nights they came to (night_rows shows only the games that match)."""
    where = [NIGHT.group_id == db.bindparam("group_id")]
    if q:
        where.append(NIGHT.title.icontains(db.bindparam("q"), escape="/"))
    if kind:
        where.append(db.exists().where(GAME.night_id == NIGHT.id, *game_filters(kind, player)))
    elif player:
        where.append(db.exists().where(ATTENDANCE.night_id == NIGHT.id,
                                       ATTENDANCE.player_id == db.bindparam("player")))
    items = (db.select(NIGHT.id, NIGHT.date, NIGHT.title).where(*where)
             .order_by(NIGHT.date.desc(), NIGHT.id.desc())
             .limit(db.bindparam("limit")).offset(db.bindparam("offset")))
    return items, db.select(db.func.count()).select_from(Night.__table__).where(*where)


@functools.cache
def games_statement(kind: str, player: bool):
    """The games of a page's nights (:nights) that match, one row per winner."""
    return (db.select(GAME.id, GAME.night_id, GAME.kind, GAME.options, GAME.status,
                      PLAYER.name)
            .select_from(Game.__table__.outerjoin(Seat.__table__, WON)
                         .outerjoin(Player.__table__, PLAYER.id == SEAT.player_id))
            .where(GAME.night_id.in_(db.bindparam("nights", expanding=True)),
                   *game_filters(kind, player))
            .order_by(GAME.id, SEAT.seat))


def parameters(group_id, player=None, kind=None, q=None):
    kind, _, group = (kind or "").partition(":")
    return {"group_id": group_id, "player": int(player) if player else None,
            "kind": kind or None,
            "group": group or None, "q": escape_like(q) if q else None}


def shape(kind):
    """What the kind filter asks of a game, for the statements' cache: none, a kind, or a
    kind's group."""
    return "" if not kind else "group" if ":" in kind else "kind"


def history_page(group_id, number, per_page, player=None, kind=None, q=None):
    """Page `number` of the group's nights that match the filters."""
    items, count = nights_statements(shape(kind), bool(player), bool(q))
    return paged(items, count, parameters(group_id, player, kind, q), number, per_page)


@dataclass
class GameLine:
    title: str
    status: str
    status_label: str
    winners: list[str] = field(default_factory=list)


@dataclass
class NightLine:
    night: Any
    people: str
    games: list[GameLine] = field(default_factory=list)


def night_rows(group_id, nights, player=None, kind=None, q=None):
    """What the history shows of each night, in two queries for the whole page: who came,
    and each game that matches with who won it."""
    ids = [night.id for night in nights]
    if not ids:
        return []
    came = {}
    for night_id, name in db.session.execute(CAME, {"nights": ids, "group_id": group_id}):
        came.setdefault(night_id, []).append(name)
    games, lines = {}, {}
    for game_id, night_id, kind_, options, status, name in db.session.execute(
            games_statement(shape(kind), bool(player)),
            {**parameters(group_id, player, kind), "nights": ids}):
        line = lines.get(game_id)
        if line is None:
            line = lines[game_id] = GameLine(GAMES[kind_].group_title(options), status,
                                             STATUS_LABELS[status])
            games.setdefault(night_id, []).append(line)
        if name is not None:
            line.winners.append(name)
    return [NightLine(night, ", ".join(came.get(night.id, ())), games.get(night.id, []))
            for night in nights]
