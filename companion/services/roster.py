"""Players, nights and who came: the roster side of the services."""

from __future__ import annotations

from datetime import date

from sqlalchemy import delete, exists, func, select, update
from sqlalchemy.exc import IntegrityError

from .. import locks, text, told
from ..extensions import db
from ..models import (NAME_MAX, Game, Night, Player, PlayerRecord, Seat, night_players,
                      now_utc)
from .errors import ServiceError


def clean_name(name: str) -> str:
    name = text.clean(name)
    if not name:
        raise ServiceError(told.no_name())
    if len(name) > NAME_MAX:
        raise ServiceError(told.name_too_long(NAME_MAX))
    return name


def find_player(group_id: int, name: str) -> Player | None:
    """The group's player of that name."""
    return db.session.execute(select(Player).filter_by(
        group_id=group_id, name_key=text.name_key(clean_name(name)))).scalar_one_or_none()


def get_or_create_player(group_id: int, name: str, before_new=None) -> Player:
    """The group's player of that name, added to its roster if new (once, when two phones
    add the same new name at the same moment); `before_new()` is called first then (a
    phone's limit of new players, companion/limits.py, which may refuse)."""
    name = clean_name(name)
    player = find_player(group_id, name)
    if player is None:
        if before_new is not None:
            before_new()
        locks.insert_new(Player.__table__, ["group_id", "name_key"], group_id=group_id,
                         name=name, name_key=text.name_key(name), created_at=now_utc())
        player = find_player(group_id, name)
    return player


def rename_player(player: Player, new_name: str) -> None:
    """Rename a player. Entries name seats, so nothing in the games is rewritten or
    replayed; the player's games get a new version, which their pages and open forms
    follow (a form opened before the rename is refused with what happened)."""
    new_name = clean_name(new_name)
    other = find_player(player.group_id, new_name)
    if other is not None and other.id != player.id:
        raise ServiceError(told.player_exists(other.name))
    if new_name == player.name:
        return
    change = {"action": "rename", "old": player.name, "new": new_name}
    games = [seat.game for seat in player.seats]
    locks.take_all(games, change)
    player.rename(new_name)
    try:
        db.session.flush()
    except IntegrityError:
        # another phone gave someone this name at the same moment
        db.session.rollback()
        raise ServiceError(told.player_exists(new_name)) from None
    # a game that started at this moment seating the player held the player's row until
    # its commit, which the rename's UPDATE waited for: it is read now, and gets a new
    # version too, or its page would keep the old name under the version it started with
    late = db.session.scalars(select(Game).join(Seat, Seat.game_id == Game.id).where(
        Seat.player_id == player.id, Game.id.not_in([game.id for game in games]))).all()
    if late:
        locks.take_all(late, change)


def start_night(group_id: int, day: date, title: str | None) -> Night:
    night = Night(group_id=group_id, date=day, title=text.clean(title or "") or None)
    db.session.add(night)
    db.session.flush()
    return night


def attending(night: Night, player: Player) -> bool:
    return db.session.execute(select(exists().where(
        night_players.c.night_id == night.id, night_players.c.player_id == player.id))).scalar()


def join_night(night: Night, player: Player) -> None:
    """Put a player at the end of the night's list (once, however many phones do it at
    once)."""
    last = (select(func.coalesce(func.max(night_players.c.position), -1) + 1)
            .where(night_players.c.night_id == night.id).scalar_subquery())
    try:
        if locks.insert_new(night_players, ["night_id", "player_id"], night_id=night.id,
                            player_id=player.id, position=last):
            came(Player.id == player.id, 1)
    except IntegrityError:
        # the night was deleted, or the player removed, on another phone at this moment
        raise ServiceError(told.could_not_join(player.name)) from None
    db.session.expire(night, ["attendees"])


def came(which, count: int) -> None:
    """The players `which` names came to `count` more nights (or fewer)."""
    db.session.execute(update(Player).where(which)
                       .values(nights_came=Player.nights_came + count)
                       .execution_options(synchronize_session=False))


def recount_nights(group_id: int) -> None:
    """Every player of the group's nights counted from who came (a restore, sample data)."""
    db.session.execute(update(Player).where(Player.group_id == group_id).values(
        nights_came=select(func.count()).select_from(night_players)
        .where(night_players.c.player_id == Player.id).scalar_subquery())
        .execution_options(synchronize_session=False))


def add_attendee(night: Night, name: str, before_new=None) -> Player:
    player = get_or_create_player(night.group_id, name, before_new)
    if attending(night, player):
        raise ServiceError(told.already_here(player.name))
    join_night(night, player)
    return player


def remove_attendee(night: Night, player: Player) -> None:
    seated = (select(Seat.game_id).join(Game, Game.id == Seat.game_id)
              .where(Game.night_id == night.id, Seat.player_id == player.id))
    if db.session.execute(seated.limit(1)).first() is not None:
        raise ServiceError(told.plays_tonight(player.name))
    if db.session.execute(delete(night_players).where(
            night_players.c.night_id == night.id, night_players.c.player_id == player.id,
            ~seated.exists())).rowcount:
        came(Player.id == player.id, -1)
    db.session.expire(night, ["attendees"])


def remove_player(player: Player) -> int:
    """Take a player who never played off the roster and off the nights they came to
    (returns how many). Refused once they have a seat in any game, even one being started
    at this moment: the player's row is locked first (postgresql: a game seating them
    waits, and its seat then finds no player), the delete itself asks again that no seat
    names them, and the seats' foreign key refuses the rest."""
    if db.session.execute(select(Player.id).where(Player.id == player.id)
                          .with_for_update()).first() is None:
        raise ServiceError(told.not_on_roster(player.name))
    unseated = ~exists().where(Seat.player_id == player.id)
    if not db.session.execute(select(unseated)).scalar():
        raise ServiceError(told.has_played(player.name))
    seated_now = ServiceError(told.just_seated(player.name))
    try:
        nights = db.session.execute(delete(night_players).where(
            night_players.c.player_id == player.id, unseated)).rowcount
        # a record left by a game since deleted counts nothing
        db.session.execute(delete(PlayerRecord.__table__).where(
            PlayerRecord.__table__.c.player_id == player.id, unseated))
        gone = db.session.execute(delete(Player.__table__).where(
            Player.__table__.c.id == player.id, unseated)).rowcount
    except IntegrityError:
        raise seated_now from None
    if not gone:
        raise seated_now
    db.session.expunge(player)
    return nights


def delete_night(night: Night) -> None:
    """Delete a night with no game (who came goes with it; the players stay on the roster).
    Refused once it has a game, even one another phone is starting at this moment."""
    has_games = select(Game.id).where(Game.night_id == night.id).exists()
    # who came goes with it: their rows locked in the order a game's end locks them
    came_here = db.session.scalars(select(night_players.c.player_id)
                                   .where(night_players.c.night_id == night.id)).all()
    locks.players(came_here)
    came(db.and_(Player.id.in_(came_here), ~has_games), -1)
    try:
        done = db.session.execute(delete(Night).where(Night.id == night.id, ~has_games)
                                  .execution_options(synchronize_session=False))
        db.session.flush()
    except IntegrityError:
        # postgresql: a game inserted while this waited for the night's row
        done = None
    if done is None or done.rowcount != 1:
        raise ServiceError(told.night_has_games())
