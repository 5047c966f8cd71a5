"""Looking back: night recaps and player statistics, generic over every kind in GAMES.

Nothing here replays a game. Lists and statistics read `Game.summary` (the totals,
the end and the winners of the last replay), which the services rebuild on every
change, so a correction shows up here at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .extensions import db
from .models import ABANDONED, FINISHED, IN_PROGRESS, Game, Night, Player, Seat, night_players
from .rules import GAMES

# what "best" means for each `Rules.best`, as a column heading
BEST_LABELS = {"high": "Highest total", "low": "Lowest total", "wins": "Wins"}
RECENT_FORM = 5


# -- a night ------------------------------------------------------------------------


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


@dataclass
class NightRecap:
    came: list[str]
    games: list[GameRecap]
    headline: str
    notes: list[str]


def standings(game: Game) -> list[Standing]:
    """The seated players, best first by the kind's own idea of best; seat order on ties."""
    summary = game.summary or {}
    totals, winners = summary.get("totals", {}), summary.get("winners", [])
    rows = [Standing(name, totals.get(name), name in winners) for name in game.players]
    best = GAMES[game.kind].best
    sign = 1 if best == "low" else -1
    return sorted(rows, key=lambda s: (not s.won, sign * (s.total or 0)))


def night_recap(night: Night) -> NightRecap:
    games = [GameRecap(g, GAMES[g.kind].title, standings(g)) for g in night.games]
    finished = [g for g in night.games if g.status == FINISHED]
    return NightRecap(came=[p.name for p in night.attendees], games=games,
                      headline=headline(finished), notes=status_notes(night.games))


def headline(finished: list[Game]) -> str:
    """Who won the most games: "Ann won 2 of 3 games." """
    if not finished:
        return "No game has finished yet."
    wins: dict[str, int] = {}
    for game in finished:
        for name in game.summary.get("winners", []):
            wins[name] = wins.get(name, 0) + 1
    most = max(wins.values(), default=0)
    leaders = [name for name, won in wins.items() if won == most]
    games = count(len(finished), "game")
    if not leaders:
        return f"Nobody won any of {games}."
    if len(leaders) == 1:
        return f"{leaders[0]} won {most} of {games}."
    return f"{and_list(leaders)} each won {most} of {games}."


def status_notes(games: list[Game]) -> list[str]:
    going = sum(game.status == IN_PROGRESS for game in games)
    dropped = sum(game.status == ABANDONED for game in games)
    notes = []
    if going:
        notes.append(f"{count(going, 'game')} {'is' if going == 1 else 'are'} still in progress.")
    if dropped:
        notes.append(f"{count(dropped, 'game')} {'was' if dropped == 1 else 'were'} abandoned.")
    return notes


def count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- a player -----------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One finished game from one player's side."""

    game_id: int
    night_id: int
    date: date
    kind: str
    total: object
    won: bool

    @property
    def title(self) -> str:
        return GAMES[self.kind].title


@dataclass
class KindStats:
    kind: str
    title: str
    best_label: str
    played: int = 0
    won: int = 0
    unfinished: int = 0
    best: object = None
    average: float | None = None
    results: list[Result] = field(default_factory=list)

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


def player_stats(player: Player) -> PlayerStats:
    """Per-kind figures from every game the player sat in: one query, no replays."""
    rows = db.session.execute(
        db.select(Game.id, Game.night_id, Game.kind, Game.status, Game.summary, Night.date)
        .join(Seat, Seat.game_id == Game.id).join(Night, Night.id == Game.night_id)
        .where(Seat.player_id == player.id).order_by(Night.date, Game.id)).all()
    nights = db.session.execute(
        db.select(db.func.count()).select_from(night_players)
        .where(night_players.c.player_id == player.id)).scalar_one()
    by_kind = {kind: KindStats(kind, rules.title, BEST_LABELS[rules.best])
               for kind, rules in GAMES.items()}
    finished = []
    for game_id, night_id, kind, status, summary, day in rows:
        stats = by_kind.get(kind)
        if stats is None:
            continue
        if status != FINISHED:
            stats.unfinished += 1
            continue
        result = Result(game_id, night_id, day, kind, summary.get("totals", {}).get(player.name),
                        player.name in summary.get("winners", []))
        stats.results.append(result)
        finished.append(result)
    kinds = [summarise(stats, GAMES[kind].best) for kind, stats in by_kind.items()
             if stats.results or stats.unfinished]
    return PlayerStats(nights=nights, games=len(rows), kinds=kinds,
                       recent=finished[::-1][:RECENT_FORM])


def summarise(stats: KindStats, best: str) -> KindStats:
    totals = [r.total for r in stats.results if r.total is not None]
    stats.played = len(stats.results)
    stats.won = sum(r.won for r in stats.results)
    if totals:
        stats.average = sum(totals) / len(totals)
    if best == "wins":
        stats.best = stats.won
    elif totals:
        stats.best = max(totals) if best == "high" else min(totals)
    return stats


def recent_nights(player: Player, limit: int = 5) -> list[Night]:
    return db.session.execute(
        db.select(Night).join(night_players).where(night_players.c.player_id == player.id)
        .order_by(Night.date.desc(), Night.id.desc()).limit(limit)).scalars().all()
