"""The history: the group's nights filtered by player, game and title, a page at a time,
each with who came and the games that match with who won them. Statements are built once
per shape of filter."""

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from ..extensions import db
from ..models import FINISHED, STATUS_LABELS, Game, Night, Player, Seat, night_players
from ..rules import GAMES
from .base import ATTENDANCE, GAME, NIGHT, PLAYER, SEAT, paged

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
    """The games of a page's nights (:nights) that match, one row per winner; each game's
    options as stored text (`group_title`)."""
    return (db.select(GAME.id, GAME.night_id, GAME.kind, db.cast(GAME.options, db.Text),
                      GAME.status, PLAYER.name)
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


@functools.lru_cache(maxsize=1024)
def group_title(kind: str, options: str):
    """A game's title in the history, from its kind and its options as stored text, made
    once for each: reading every row's JSON again was a sixteenth of the page."""
    return GAMES[kind].group_title(json.loads(options))


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
            line = lines[game_id] = GameLine(group_title(kind_, options), status,
                                             STATUS_LABELS[status])
            games.setdefault(night_id, []).append(line)
        if name is not None:
            line.winners.append(name)
    return [NightLine(night, ", ".join(came.get(night.id, ())), games.get(night.id, []))
            for night in nights]
