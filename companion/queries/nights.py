"""The nights: the group's list, one night with its games and roster, what its page shows
changes with, and the last few for the home page."""

import hashlib
from datetime import date

from sqlalchemy.orm import joinedload, load_only

from ..extensions import db
from ..models import Game, Night, Player, Seat, night_players
from .base import ATTENDANCE, GAME, NIGHT, PLAYER, Page, paged

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
    # and when each started and its last entry was saved (the recap's times)
    joinedload(Night.games).load_only(Game.id, Game.night_id, Game.kind, Game.status,
                                      Game.summary, Game.options, Game.entry_count,
                                      Game.created_at, Game.last_entry_at)
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


def night_tag_rows(group):
    """The rows a night's tag digests, for the night `:night` of `group`: a bind parameter,
    or a subquery that finds the night's group only for a member (companion/following.py).
    Without the night's "n" row there is no such night in that group."""
    return db.union_all(
        _tagged("n", Night.id, Night.date)
        .where(Night.id == db.bindparam("night"), Night.group_id == group)
        .add_columns(Night.title),
        _tagged("g", Game.id, Game.version).where(Game.night_id == db.bindparam("night"))
        .add_columns(db.literal(None, db.String)),
        _tagged("a", ATTENDANCE.player_id, ATTENDANCE.position)
        .where(ATTENDANCE.night_id == db.bindparam("night"))
        .add_columns(db.literal(None, db.String)),
        _tagged("r", db.func.count(PLAYER.id), db.func.max(PLAYER.id))
        .where(PLAYER.group_id == group).add_columns(db.literal(None, db.String)))


NIGHT_TAG = night_tag_rows(db.bindparam("group_id"))


def night_tag_of(rows) -> str:
    """A night page's tag: its rows, and the day, by which the page orders itself (the
    rows as plain tuples: a Row's own comparisons and repr cost a following phone's
    question more than its query)."""
    return hashlib.sha256(repr((sorted(tuple(row) for row in rows), date.today()))
                          .encode()).hexdigest()[:20]


def night_changes(night_id: int, group_id: int) -> list:
    """What a night's page shows changes with, in one query: its date and title, its
    games' versions (each game's changes, renames of its players), who came in what order,
    and the roster it offers. Empty when there is no such night."""
    return db.session.execute(NIGHT_TAG, {"night": night_id, "group_id": group_id}).all()


# the group's last five nights; tonight's cards say how many came and how many games,
# counted by the database
RECENT = (db.select(Night,
                    db.select(db.func.count()).select_from(night_players)
                    .where(night_players.c.night_id == Night.id).scalar_subquery(),
                    db.select(db.func.count(Game.id)).where(Game.night_id == Night.id)
                    .scalar_subquery())
          .where(Night.group_id == db.bindparam("group_id"))
          .order_by(Night.date.desc(), Night.id.desc()).limit(5))


def recent_nights(group_id: int) -> list:
    """(night, how many came, how many games) of the group's last five nights."""
    return db.session.execute(RECENT, {"group_id": group_id}).all()
