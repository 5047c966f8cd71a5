"""A night looked back on: its games' standings and who won the most, and the groups of
games a players' group played (`Rules.group`), which a new game can start from."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from ..extensions import db
from ..i18n import and_list, gettext, ngettext, points, shown
from ..models import ABANDONED, FINISHED, IN_PROGRESS, Game, Night, Player, PlayerRecord
from ..rules import GAMES


@dataclass
class Standing:
    name: str
    total: object
    won: bool


@dataclass
class GameRecap:
    game: Game
    title: str
    standings: list[Standing]
    # when it started and its last entry was saved, and the whole minutes between (None
    # when that is under a minute: a game restored from a backup, which keeps no times)
    started: datetime | None = None
    ended: datetime | None = None
    minutes: int | None = None


@dataclass
class NightRecap:
    came: list[str]
    games: list[GameRecap]
    headline: str
    notes: list[str]


def standings(game: Game) -> list[Standing]:
    """The seated players, best first by the kind's own idea of best; seat order on ties."""
    totals, winners = game.totals_by_name, game.winner_names
    rows = [Standing(name, totals.get(name), name in winners) for name in game.players]
    best = GAMES[game.kind].best_for(game.options)
    sign = 1 if best == "low" else -1
    return sorted(rows, key=lambda s: (not s.won, sign * (s.total or 0)))


def night_recap(night: Night, came: list[str] | None = None) -> NightRecap:
    """The games that are over, each with its standings (the night page shows the ones in
    progress apart); a game abandoned before anything was entered was started by mistake
    and is left out. `came`: the attendees' names, when the caller has them (else
    night.attendees). Each with its times, read with the night (queries.night_with_games)."""
    counted = [g for g in night.games if not (g.status == ABANDONED and not g.entry_count)]
    # a kind's title in the reader's language; the name a table typed as it is
    games = [GameRecap(g, shown(GAMES[g.kind].group_title(g.options)), standings(g),
                       *took(g.created_at, g.last_entry_at))
             for g in counted if g.status != IN_PROGRESS]
    finished = [g for g in counted if g.status == FINISHED]
    if came is None:
        came = [p.name for p in night.attendees]
    return NightRecap(came=came, games=games,
                      headline=headline(finished), notes=status_notes(counted))


def result_text(label: str, recap: NightRecap) -> str:
    """The night's result as a short text for a chat: its name, each game over with its
    standings (the winner first), then who won the most."""
    lines = [label]
    for number, item in enumerate(recap.games, start=1):
        standing = ", ".join(f"{row.name} {points(row.total)}" + (" ★" if row.won else "")
                             for row in item.standings)
        lines.append(f"{number}. {item.title}: {standing}")
    lines.append(recap.headline)
    return "\n".join(lines)


def took(started: datetime | None, ended: datetime | None) -> tuple:
    """(started, ended, whole minutes), or nothing known for a game under a minute long."""
    if started is None or ended is None or (ended - started).total_seconds() < 60:
        return None, None, None
    # stored in UTC without its zone
    started, ended = (at if at.tzinfo else at.replace(tzinfo=timezone.utc)
                      for at in (started, ended))
    return started, ended, int((ended - started).total_seconds() // 60)


def headline(finished: list[Game]) -> str:
    """Who won the most games: "Ann won 2 of 3 games." """
    if not finished:
        return gettext("No game has finished yet.")
    wins: dict[str, int] = {}
    for game in finished:
        for name in game.winner_names:
            wins[name] = wins.get(name, 0) + 1
    most = max(wins.values(), default=0)
    leaders = [name for name, won in wins.items() if won == most]
    played = len(finished)
    if not leaders:
        # TRANSLATORS: the night's recap, when no game had a winner
        return ngettext("Nobody won any of %(num)d game.", "Nobody won any of %(num)d games.",
                        played)
    if len(leaders) == 1:
        # TRANSLATORS: the night's recap: name won wins of the num games finished tonight
        return ngettext("%(name)s won %(wins)s of %(num)d game.",
                        "%(name)s won %(wins)s of %(num)d games.", played,
                        name=leaders[0], wins=most)
    # TRANSLATORS: the night's recap: names ("Ann and Ben") each won wins of the num games
    # finished tonight
    return ngettext("%(names)s each won %(wins)s of %(num)d game.",
                    "%(names)s each won %(wins)s of %(num)d games.", played,
                    names=and_list(leaders), wins=most)


def status_notes(games: list[Game]) -> list[str]:
    going = sum(game.status == IN_PROGRESS for game in games)
    dropped = sum(game.status == ABANDONED for game in games)
    notes = []
    if going:
        notes.append(ngettext("%(num)d game is still in progress.",
                              "%(num)d games are still in progress.", going))
    if dropped:
        notes.append(ngettext("%(num)d game was abandoned.", "%(num)d games were abandoned.",
                              dropped))
    return notes


# the groups a players' group played its games in (`Rules.group`), each named as its first
# game named it ("Qwixx", though later ones said "qwixx"), with its newest game: from the
# players' records (one row per player and group, each with its first and newest game),
# so the same cost at any history and beside any number of groups
GAME_C = Game.__table__.c
_SPAN = (db.select(PlayerRecord.kind, PlayerRecord.group_key,
                   db.func.min(PlayerRecord.first_game).label("first"),
                   db.func.max(PlayerRecord.newest_game).label("newest"))
         .join(Player, Player.id == PlayerRecord.player_id)
         .where(Player.group_id == db.bindparam("group_id"), PlayerRecord.group_key > "",
                PlayerRecord.games > 0)
         .group_by(PlayerRecord.kind, PlayerRecord.group_key).subquery())
GROUPS = db.select(_SPAN.c.kind, _SPAN.c.group_key, _SPAN.c.newest, GAME_C.options).join(
    Game.__table__, GAME_C.id == _SPAN.c.first)


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    # the newest game of the group, whose settings a new game of it starts from
    game_id: int


def game_groups(group_id: int) -> dict[str, list[Group]]:
    """{kind: its groups by title} for the kinds that group their games ("Qwixx"), as
    this players' group played them."""
    groups: dict[str, list[Group]] = {}
    for kind, key, game_id, options in db.session.execute(GROUPS, {"group_id": group_id}):
        if kind in GAMES:
            groups.setdefault(kind, []).append(Group(key, GAMES[kind].group_title(options),
                                                     game_id))
    return {kind: sorted(found, key=lambda g: g.title.casefold())
            for kind, found in groups.items()}
