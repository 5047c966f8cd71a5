"""A player looked back on: their figures per kind and group, read from their records
(companion/records.py), their places in their last games, and the nights they came to."""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from .. import records
from ..extensions import db
from ..i18n import gettext, language, lazy_gettext, pgettext, points, term
from ..kinds.registry import KINDS
from ..models import FINISHED, Game, Night, Player, PlayerRecord, Seat, night_players
from ..rules import GAMES

# what "best" means for each `Rules.best` that is a total, as a tile's label
BEST_LABELS = {
    # TRANSLATORS: a short label of a player's figures for one game: their best total
    "high": lazy_gettext("Highest total"),
    # TRANSLATORS: a short label of a player's figures for one game: their best total,
    # where the lowest total wins
    "low": lazy_gettext("Lowest total"),
}
RECENT_FORM = 5


def kind_title(kind: str, group_key: str, title: str) -> str:
    """A record's title as the pages show it: a kind's own title (stored in English) in
    the reader's language, the name a table typed for its game as it is."""
    return title if group_key else term(GAMES[kind].title)


class Result(NamedTuple):
    """One finished game from one player's side (a tuple: a player's page makes hundreds,
    a frozen dataclass costs several times as much to make)."""

    game_id: int
    night_id: int
    date: date
    kind: str
    total: object
    won: bool
    # the game's group as the pages name it ("Skyjo", "Qwixx")
    title: str
    # the player's place at the table: "Won", "2nd of 4", "Shared 1st of 3"
    place: str = ""


@dataclass(frozen=True)
class KindStats:
    """A player's figures in one kind, or one group of a kind (`Rules.group`)."""

    kind: str
    group_key: str
    title: str
    played: int = 0
    won: int = 0
    unfinished: int = 0
    # (label, value as shown) beside played, won and win rate: see `figures`
    figures: tuple[tuple[str, str], ...] = ()
    results: tuple[Result, ...] = ()

    @property
    def ref(self) -> str:
        """A name for the group that can go in an HTML id."""
        if not self.group_key:
            return self.kind
        return f"{self.kind}-{hashlib.sha1(self.group_key.encode()).hexdigest()[:8]}"

    @property
    def win_rate(self) -> int | None:
        """Per cent of finished games won, rounded."""
        return round(100 * self.won / self.played) if self.played else None


@dataclass
class PlayerStats:
    nights: int
    games: int
    kinds: list[KindStats]
    recent: list[Result]


# Statements built once, the player a parameter: building and keying a statement per
# request cost more than running it.
RECORD = PlayerRecord.__table__.c
# a record's recent games as the text stored (`kind_stats` reads it, once per text)
RECORDS = db.select(RECORD.kind, RECORD.group_key, RECORD.title, RECORD.best, RECORD.games,
                    RECORD.played, RECORD.won, RECORD.average, RECORD.highest, RECORD.lowest,
                    db.cast(RECORD.recent, db.Text).label("recent")).where(
    RECORD.player_id == db.bindparam("player"))
# the group's nights newest first (its date index), asking of each whether the player came
# (the attendance key) until there are enough, rather than joining and sorting all their
# nights
RECENT_NIGHTS = (
    db.select(Night)
    .where(Night.group_id == db.bindparam("group_id"), db.select(night_players.c.night_id)
           .where(night_players.c.night_id == Night.id,
                  night_players.c.player_id == db.bindparam("player")).exists())
    .order_by(Night.date.desc(), Night.id.desc()).limit(db.bindparam("limit")))


def player_stats(player: Player) -> PlayerStats:
    """Figures per kind and group from the player's records (companion/records.py): one
    row per group, the same cost after years of game nights."""
    rows = db.session.execute(RECORDS, {"player": player.id}).all()
    lang = language()
    order = list(GAMES)
    kinds = sorted((kind_stats(lang, row) for row in rows if row.kind in GAMES),
                   key=lambda stats: (order.index(stats.kind), stats.title.casefold()))
    recent = sorted((r for stats in kinds for r in stats.results),
                    key=lambda r: (r.date, r.game_id), reverse=True)[:RECENT_FORM]
    return PlayerStats(nights=player.nights_came, games=sum(r.games for r in rows),
                       kinds=kinds, recent=recent)


@functools.lru_cache(maxsize=1024)
def kind_stats(lang: str, record) -> KindStats:
    """A record (a row of RECORDS) as its page shows it, in language `lang`; kept for the
    very same row: a player's page reads hundreds of recent games, the same on the next
    request until a game of theirs ends or changes. Shared by the requests that read that
    row, so never changed by any (frozen)."""
    title = kind_title(record.kind, record.group_key, record.title)
    results = tuple(
        Result(r["game"], r["night"], date.fromisoformat(r["date"]), record.kind,
               r["total"], r["won"], title,
               place_in(lang, r["won"], r.get("shared"), r.get("place"), r.get("of")))
        for r in json.loads(record.recent or "[]"))
    return KindStats(record.kind, record.group_key, title, played=record.played,
                     won=record.won, unfinished=record.games - record.played,
                     figures=tuple(figures(record)), results=results)


def figures(record) -> list[tuple[str, str]]:
    """What a kind's totals say of a player, by what they mean (`Rules.best`): the best
    total and the average. Where wins decide ("wins"), a total counts the entries the
    player won in the game (a point per challenge won), so the figure is their sum."""
    if not record.played:
        return []
    if record.best == "wins":
        won = KINDS[record.kind].words.won()
        return [(won, points(round(record.average * record.played)))]
    best = record.highest if record.best == "high" else record.lowest
    # TRANSLATORS: a short label of a player's figures for one game: their average total
    average = gettext("Average")
    return [(str(BEST_LABELS[record.best]), points(records.number(best))),
            (average, points(round(record.average, 1)))]


@functools.lru_cache(maxsize=1024)
def place_in(lang: str, won: bool, shared: bool | None, place: int | None,
             of: int | None) -> str:
    """`place_text` kept per language: a few places ("Won", "2nd of 4") are said hundreds
    of times on a player's page, and again on the next."""
    return place_text({"won": won} if place is None else
                      {"won": won, "shared": shared, "place": place, "of": of})


def place_text(result: dict) -> str:
    """A place as the pages say it, from a record's recent game: "Won", "2nd of 4",
    "Shared 1st of 3"."""
    if "place" not in result:
        # counted before places were kept (migration 0003): until the next recount
        return won_text() if result["won"] else lost_text()
    if result["won"] and not result["shared"]:
        return won_text()
    place, of = ordinal(result["place"]), result["of"]
    if result["shared"]:
        # TRANSLATORS: a player's place in one game, tied with another player: place is
        # an ordinal ("1st", "2nd"), of how many played ("Shared 2nd of 4")
        return gettext("Shared %(place)s of %(of)s", place=place, of=of)
    # TRANSLATORS: a player's place in one game: place is an ordinal ("2nd"), of how many
    # played ("2nd of 4")
    return gettext("%(place)s of %(of)s", place=place, of=of)


def won_text() -> str:
    # TRANSLATORS: a player's result in one game (they won it), a short mark beside the game
    return pgettext("a game's result", "Won")


def lost_text() -> str:
    # TRANSLATORS: a player's result in one game (they lost it), a short mark beside the game
    return pgettext("a game's result", "Lost")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, by the reader's language."""
    if 10 <= number % 100 <= 20 or number % 10 not in (1, 2, 3):
        # TRANSLATORS: an ordinal number, a place in a game: 4th, 11th, 12th, 13th, 20th
        # (in English the suffix "th"; et, pl and lv write "4.")
        return gettext("%(number)sth", number=number)
    if number % 10 == 1:
        # TRANSLATORS: an ordinal number, a place in a game: 1st, 21st, 31st (in English
        # the suffix "st"; et, pl and lv write "1.")
        return gettext("%(number)sst", number=number)
    if number % 10 == 2:
        # TRANSLATORS: an ordinal number, a place in a game: 2nd, 22nd, 32nd (in English
        # the suffix "nd"; et, pl and lv write "2.")
        return gettext("%(number)snd", number=number)
    # TRANSLATORS: an ordinal number, a place in a game: 3rd, 23rd, 33rd (in English the
    # suffix "rd"; et, pl and lv write "3.")
    return gettext("%(number)srd", number=number)


def recent_nights(player: Player, limit: int = 5) -> list[Night]:
    return db.session.execute(RECENT_NIGHTS, {"player": player.id, "limit": limit,
                                              "group_id": player.group_id}
                              ).scalars().all()


# ---- over time: the player's last nights, games played and won at each -----------------

NIGHTS_SHOWN = 30
# the games finished at the player's last nights (RECENT_NIGHTS' way: the date index,
# asking of each night whether they came), counted per night: as cheap after years
_CAME = RECENT_NIGHTS.with_only_columns(Night.id, Night.date).subquery()


def _night_games(seated):
    """NIGHT_GAMES with `seated`: its condition finding the player's seat at a game."""
    return (
        db.select(_CAME.c.id, _CAME.c.date, db.func.count(Seat.game_id).label("played"),
                  db.func.sum(db.case((Seat.won, 1), else_=0)).label("won"))
        # from those nights (read first, through the date index) to their games and seats,
        # never through all the player's seats
        .select_from(_CAME)
        .join(Game, db.and_(Game.night_id == _CAME.c.id, Game.status == FINISHED))
        .join(Seat, db.and_(Seat.game_id == Game.id, seated))
        .group_by(_CAME.c.id, _CAME.c.date).order_by(_CAME.c.date, _CAME.c.id))


# by dialect: "+ 0" keeps SQLite off the seat.player_id index, which it would otherwise scan
# for each night (0.2 -> 84 ms at 5,000 nights); PostgreSQL finds the seat by its (game,
# player) key, where "+ 0" left it reading every seat of each game (1 ms at 1,000 groups)
NIGHT_GAMES = {"sqlite": _night_games(Seat.player_id + 0 == db.bindparam("player")),
               "postgresql": _night_games(Seat.player_id == db.bindparam("player"))}


@dataclass(frozen=True)
class NightPlayed:
    night_id: int
    date: date
    played: int
    won: int


def over_time(player: Player) -> list[NightPlayed]:
    """The player's last nights with a finished game of theirs, oldest first: how many
    they played and won at each."""
    statement = NIGHT_GAMES[db.session.get_bind().dialect.name]
    rows = db.session.execute(statement, {"player": player.id, "group_id": player.group_id,
                                          "limit": NIGHTS_SHOWN})
    return [NightPlayed(r.id, r.date, r.played, int(r.won or 0)) for r in rows]
