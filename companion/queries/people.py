"""The group's people and games, a row or a number each: the roster, whether a player
has played, a group's members; a game's version, its watch token and its settings."""

import functools

from .. import locks
from ..extensions import db
from ..models import Game, Group, Member, Night, Player, Seat
from .base import PLAYER, RECORD

# the group that what a URL names belongs to, by the URL's argument: views/access.py asks
# them with the phone's memberships
OWNERS = {
    "group_id": db.select(Group.id).where(Group.id == db.bindparam("group_id")),
    "night_id": db.select(Night.group_id).where(Night.id == db.bindparam("night_id")),
    "game_id": db.select(Night.group_id).join(Game, Game.night_id == Night.id)
    .where(Game.id == db.bindparam("game_id")),
    "player_id": db.select(Player.group_id).where(Player.id == db.bindparam("player_id")),
}
OWNERS = {key: query.scalar_subquery().label(f"owner_{key}") for key, query in OWNERS.items()}


@functools.lru_cache(maxsize=64)
def memberships_with(named: tuple[str, ...]):
    """A phone's memberships (:phone) with their groups' names, and the owners of what a
    URL names (`named`: OWNERS' keys, their values as parameters), in one statement, built
    once for each set of names a route has."""
    return (db.select(Member.id, Member.group_id, Group.name, *(OWNERS[key] for key in named))
            .join(Group, Group.id == Member.group_id)
            .where(Member.phone == db.bindparam("phone"))
            .order_by(Group.name, Group.id))


def _sum(column):
    return (db.select(db.func.coalesce(db.func.sum(column), 0))
            .where(RECORD.player_id == PLAYER.id).scalar_subquery())


# each player with their games and wins (summed from their records, one row per kind they
# played) and the nights they came to, in one query; each sum reads the player's own rows
# by index, whatever else the server holds
ROSTER = (db.select(PLAYER.id, PLAYER.name, _sum(RECORD.games).label("games"),
                    _sum(RECORD.won).label("won"), PLAYER.nights_came.label("nights"))
          .where(PLAYER.group_id == db.bindparam("group_id"))
          .order_by(PLAYER.name))
SEATED = db.select(db.exists().where(Seat.player_id == db.bindparam("player")))


def roster(group_id: int) -> list:
    return db.session.execute(ROSTER, {"group_id": group_id}).all()


def has_played(player_id: int) -> bool:
    return bool(db.session.execute(SEATED, {"player": player_id}).scalar())


def members(group_id: int) -> int:
    return db.session.scalar(db.select(db.func.count()).select_from(Member)
                             .where(Member.group_id == group_id))


def exists(model, id_: int) -> bool:
    """Whether the row is still there (read afresh, after a refused change rolled back)."""
    return db.session.scalar(db.select(model.id).where(model.id == id_)) is not None


def game_version(game_id: int) -> str | None:
    return locks.run(locks.VERSION_NOW, {"game": game_id}).scalar()


def watch_row(game_id: int):
    """The game's watch token and version, or None."""
    return db.session.execute(db.select(Game.watch_token, Game.version)
                              .where(Game.id == game_id)).first()


def settings_of(game_id: int, kind: str, group_id: int | None) -> dict | None:
    """The settings of a game of `kind` in the group (a new game starts from them)."""
    return db.session.scalar(db.select(Game.options).join(Night).where(
        Game.id == game_id, Game.kind == kind, Night.group_id == group_id))
