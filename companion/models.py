"""Players, nights, games and the entries that are the games' only record."""

from __future__ import annotations

import secrets
from datetime import date, datetime, timezone

from flask_babel import lazy_gettext
from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint, event, false
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .i18n import day
from .outcome import ABANDONED, FINISHED, IN_PROGRESS
from .rules import GAMES
from .text import name_key

# the longest player name, wherever names are typed or restored
NAME_MAX = 40
# the longest group name
GROUP_NAME_MAX = 60
# the longest message a repeated tap is answered with (Submission.message)
MESSAGE_MAX = 200
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


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def new_watch_token() -> str:
    """A game's watchers' token: 128 bits from `secrets`, in a url (views/live.py)."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """A group's invite or a phone's membership secret: 128 bits from `secrets`."""
    return secrets.token_urlsafe(16)


def new_version() -> str:
    """A game's next version: random, so a restored database never reuses one."""
    return secrets.token_hex(8)


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

    @property
    def label(self) -> str:
        """Its title and date ("Ann's birthday · Tue 1 Dec 2026"), or its date alone, the
        date in the reader's language."""
        shown = day(self.date, "weekday")
        return f"{self.title} · {shown}" if self.title else shown


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
    # players' names): every change is checked against the version it was based on, and the
    # version keys the game's cached pages (companion/services.py, `lock`)
    version: Mapped[str] = mapped_column(String(16), default=new_version)
    # the last change: {"action", "from" (the version it was based on), "position", "doc"},
    # so that a repeated tap is recognised and a refused phone is told what happened
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


class Entry(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"))
    position: Mapped[int]
    doc: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now_utc)

    game: Mapped[Game] = relationship(back_populates="entries")

    # two phones saving the same round: the database lets only one through
    __table_args__ = (UniqueConstraint("game_id", "position"),)


class Submission(db.Model):
    """A tap that created something (a group, a night, a game) or removed it, by the
    one-time key the server gave its form (companion/once.py): a second tap is sent to what
    the first one did instead of doing it again, and only for the same phone, action and
    target (`scope`)."""

    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    # "<action>:<target>", with the phone's digest for a phone's own form
    scope: Mapped[str] = mapped_column(String(120))
    # the group it acted in: a restore that replaces the group forgets its taps
    group_id: Mapped[int | None]
    location: Mapped[str | None] = mapped_column(String(200))
    message: Mapped[str | None] = mapped_column(String(MESSAGE_MAX))
    created_at: Mapped[datetime] = mapped_column(default=now_utc, index=True)


class Tally(db.Model):
    """How many things one phone (or one address) created in one window of time: the
    limits of companion/limits.py, kept in the database so that every worker and machine
    counts together."""

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    # the window's number: whole seconds since the epoch divided by its length
    window: Mapped[int] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(default=0)
    # when the window is over and the row can go
    expires: Mapped[int] = mapped_column(index=True)


@event.listens_for(Engine, "connect")
def sqlite_pragmas(dbapi_connection, connection_record):
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        # wal lets phones read while one writes (the busy timeout, which makes a writer
        # wait its turn, is the connection's: SQLITE_BUSY_TIMEOUT)
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
