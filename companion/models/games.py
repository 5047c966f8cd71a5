"""A night's games: who sits where (seats), the entries that are a game's only record, and
what is derived from them for the lists (`Game.summary`, each player's `PlayerRecord`)."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, false, func, select
from sqlalchemy.orm import Mapped, column_property, mapped_column, relationship

from ..extensions import db
from ..i18n import lazy_gettext
from ..outcome import ABANDONED, FINISHED, IN_PROGRESS
from ..rules import GAMES
from .base import now_utc
from .groups import Night, Player

# a game's status as the pages name it, in the reader's language when it is shown (English
# outside a request)
STATUS_LABELS = {
    # TRANSLATORS: a game's status, shown as a badge beside its title
    IN_PROGRESS: lazy_gettext("In progress"),
    # TRANSLATORS: a game's status, shown as a badge beside its title
    FINISHED: lazy_gettext("Finished"),
    # TRANSLATORS: a game's status, shown as a badge beside its title: the table stopped it
    ABANDONED: lazy_gettext("Abandoned"),
}


def new_watch_token() -> str:
    """A game's watchers' token: 128 bits from `secrets`, in a url (views/live.py)."""
    return secrets.token_urlsafe(16)


def new_version() -> str:
    """A game's next version: random, so a restored database never reuses one."""
    return secrets.token_hex(8)


class Game(db.Model):
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    # what statistics group it by within its kind (`Rules.group`): "" for the kind as one
    group_key: Mapped[str] = mapped_column(String(200), default="", server_default="",
                                           index=True)
    status: Mapped[str] = mapped_column(String(12), default=IN_PROGRESS)
    # from the last replay, for lists that must not replay: {"totals": [per seat],
    # "winners": [seat, ...], "finished"} (companion/outcome.py)
    summary: Mapped[dict] = mapped_column(JSON, default=dict)
    entry_count: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=now_utc)
    # changes, inside the write, with anything the game's pages show (its entries, status,
    # players' names): a phone's change is checked against the version it was based on, and
    # the version keys the game's cached pages (companion/locks.py, `take`)
    version: Mapped[str] = mapped_column(String(16), default=new_version)
    # the last change: {"action", "from" (the version it was based on), "position", "doc"},
    # or a rename's {"action", "old", "new"}, so that a repeated tap is recognised and a
    # refused phone is told what happened
    last_change: Mapped[dict | None] = mapped_column(JSON)
    # the read-only link's secret: it opens this game's sheet, and nothing can be changed
    # through it (migration 0011)
    watch_token: Mapped[str] = mapped_column(String(32), default=new_watch_token)

    night: Mapped[Night] = relationship(back_populates="games")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.seat", cascade="all, delete-orphan")
    entries: Mapped[list[Entry]] = relationship(
        back_populates="game", order_by="Entry.position", cascade="all, delete-orphan")

    @property
    def players(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    # entry documents are stored with seat labels ("0", "1", ...), so that a rename changes
    # one row; the rules read them with names, which their sentences say
    def named(self, doc: dict) -> dict:
        return GAMES[self.kind].relabel(doc, {str(s.seat): s.player.name for s in self.seats})

    def labelled(self, doc: dict) -> dict:
        return GAMES[self.kind].relabel(doc, {s.player.name: str(s.seat) for s in self.seats})

    @property
    def docs(self) -> list[dict]:
        """The entry documents, oldest first, naming the players."""
        names = {str(s.seat): s.player.name for s in self.seats}
        relabel = GAMES[self.kind].relabel
        return [relabel(entry.doc, names) for entry in self.entries]

    @property
    def totals_by_name(self) -> dict[str, float | None]:
        """Each seated player's running total from the last replay, by name."""
        totals = (self.summary or {}).get("totals", [])
        return {name: totals[i] if i < len(totals) else None
                for i, name in enumerate(self.players)}

    @property
    def winner_names(self) -> list[str]:
        players = self.players
        return [players[i] for i in (self.summary or {}).get("winners", [])]

    @property
    def in_progress(self) -> bool:
        return self.status == IN_PROGRESS

    @property
    def is_finished(self) -> bool:
        return self.status == FINISHED

    @property
    def is_abandoned(self) -> bool:
        return self.status == ABANDONED

    @property
    def title(self) -> str:
        """The game as lists name it: its kind, or its group of the kind ("Qwixx")."""
        return GAMES[self.kind].group_title(self.options)

    @property
    def status_label(self) -> str:
        """ "In progress", "Finished", "Abandoned", in the reader's language."""
        return str(STATUS_LABELS[self.status])


class Seat(db.Model):
    """A player's place at one game's table; seat 0 sits first."""

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    # the player's final total and whether they won, once the game is finished, so that
    # player statistics are sums in the database rather than a walk through every game
    total: Mapped[float | None]
    won: Mapped[bool] = mapped_column(default=False, server_default=false())

    game: Mapped[Game] = relationship(back_populates="seats")
    # a seat is always shown with its player's name: load them together
    player: Mapped[Player] = relationship(back_populates="seats", lazy="joined")

    __table_args__ = (UniqueConstraint("game_id", "player_id"),)


class PlayerRecord(db.Model):
    """A player's figures for one kind and group (`Rules.group`), derived from their seats
    like Game.summary is from the entries, and rebuilt whenever one of their games starts,
    ends or changes result."""

    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    group_key: Mapped[str] = mapped_column(String(200), primary_key=True, default="")
    # the group as the pages name it, and what "best" means for it (`Rules.best_for`)
    title: Mapped[str] = mapped_column(String(80), default="")
    best: Mapped[str] = mapped_column(String(8), default="low")
    games: Mapped[int] = mapped_column(default=0)
    played: Mapped[int] = mapped_column(default=0)
    won: Mapped[int] = mapped_column(default=0)
    average: Mapped[float | None]
    highest: Mapped[float | None]
    lowest: Mapped[float | None]
    # the last finished games, oldest first: [{"game", "night", "date", "total", "won"}]
    recent: Mapped[list] = mapped_column(JSON, default=list)
    # the player's first and newest game of the group (of any status): the group's are the
    # least and greatest of its players' (stats.game_groups, migration 0014)
    first_game: Mapped[int | None]
    newest_game: Mapped[int | None]


class Entry(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"))
    position: Mapped[int]
    doc: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now_utc)

    game: Mapped[Game] = relationship(back_populates="entries")

    # two phones saving the same round: the database lets only one through
    __table_args__ = (UniqueConstraint("game_id", "position"),)


# when the game's last entry was saved (None before the first): read with the night's games
# for its recap (queries/nights.py), not otherwise
Game.last_entry_at = column_property(
    select(func.max(Entry.created_at)).where(Entry.game_id == Game.id)
    .correlate_except(Entry).scalar_subquery(), deferred=True)
