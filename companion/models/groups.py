"""A group and what is its own: the phones that joined it, its players, its nights and
who came to each."""

from __future__ import annotations

import secrets
from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from ..text import name_key
from .base import now_utc

if TYPE_CHECKING:
    from .games import Game, Seat

# the longest player name, wherever names are typed or restored
NAME_MAX = 40
# the longest group name
GROUP_NAME_MAX = 60


def new_token() -> str:
    """A group's invite or a phone's membership secret: 128 bits from `secrets`."""
    return secrets.token_urlsafe(16)


night_players = db.Table(
    "night_player",
    db.Column("night_id", ForeignKey("night.id", ondelete="CASCADE"), primary_key=True),
    # indexed by player too: a player page counts the nights they came to (migration 0007)
    db.Column("player_id", ForeignKey("player.id", ondelete="CASCADE"), primary_key=True,
              index=True),
    # the order they came in (migration 0010): the night lists them so, and seats them so
    # when it has no game to copy; rows written without one (sample data) are 0, and ties
    # go by name
    db.Column("position", Integer, nullable=False, default=0, server_default="0"),
)


class Group(db.Model):
    """The people who play together (a household, a club): every player and night is one
    group's, and only phones that joined it see them (migration 0012)."""

    # "group" is a reserved word in SQL
    __tablename__ = "play_group"
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(GROUP_NAME_MAX))
    # the secret of the invite link; a new one replaces it, and the old link stops working
    invite: Mapped[str] = mapped_column(String(32), default=new_token)
    created_at: Mapped[datetime] = mapped_column(default=now_utc)


class Member(db.Model):
    """A phone in a group. The phone's cookie holds its secret, of which only a digest is
    kept here, so a phone's groups are rows, however many (migration 0013). Signing other
    phones out deletes their rows."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"),
                                          index=True)
    # sha-256 of the phone's secret (views/access.py); None for a membership made before
    # 0013 that no phone has proved since
    phone: Mapped[str | None] = mapped_column(String(64), index=True)
    # before 0013 each membership had a secret of its own, held in the phone's cookie: a
    # phone still holding one proves it once, and the membership takes its phone
    secret_digest: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=now_utc)

    # a phone joins a group once, however many taps
    __table_args__ = (UniqueConstraint("group_id", "phone"),)


class Player(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id"))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    # keeps "ann", "Ann" and "Ann" with a zero-width space one player (companion/text.py);
    # the same name in two groups is two players
    name_key: Mapped[str] = mapped_column(String(800))
    created_at: Mapped[datetime] = mapped_column(default=now_utc)
    # how many nights they came to: their rows of night_player, counted as each is written
    # or goes (services/roster.py `came`; migration 0015), so that no page counts them
    nights_came: Mapped[int] = mapped_column(default=0, server_default="0")

    nights: Mapped[list[Night]] = relationship(
        secondary=night_players, back_populates="attendees", order_by="Night.date.desc()")
    seats: Mapped[list[Seat]] = relationship(back_populates="player")

    # ids a URL names are never given again (SQLite's AUTOINCREMENT: migration 0013)
    __table_args__ = (UniqueConstraint("group_id", "name_key"), {"sqlite_autoincrement": True})

    def rename(self, name: str) -> None:
        self.name = name
        self.name_key = name_key(name)


class Night(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id"))
    date: Mapped[date] = mapped_column(index=True)
    title: Mapped[str | None] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=now_utc)

    attendees: Mapped[list[Player]] = relationship(
        secondary=night_players, back_populates="nights",
        order_by=lambda: (night_players.c.position, Player.name))
    games: Mapped[list[Game]] = relationship(
        back_populates="night", order_by="Game.id", cascade="all, delete-orphan")

    # a group's nights, newest first: the history, the home page, the nights list
    __table_args__ = (Index("ix_night_group_id_date", "group_id", "date"),
                      {"sqlite_autoincrement": True})
