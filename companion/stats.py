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
# finished games per kind drawn on a player's chart
CHART_RESULTS = 30


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
    """Per-kind figures summed by the database from the results kept on each seat, so the
    cost does not grow with the number of games: three queries, no replays."""
    mine = (db.select().join(Seat, Seat.game_id == Game.id)
            .where(Seat.player_id == player.id))
    finished = db.case((Game.status == FINISHED, 1), else_=0)
    won = db.case((Seat.won, 1), else_=0)
    figures = db.session.execute(mine.add_columns(
        Game.kind, db.func.count(), db.func.sum(finished), db.func.sum(won),
        db.func.avg(Seat.total), db.func.min(Seat.total), db.func.max(Seat.total))
        .group_by(Game.kind)).all()
    nights = db.session.execute(
        db.select(db.func.count()).select_from(night_players)
        .where(night_players.c.player_id == player.id)).scalar_one()
    results = latest_results(player)
    kinds = []
    for kind, games, played, wins, average, low, high in figures:
        if kind not in GAMES:
            continue
        best = GAMES[kind].best
        stats = KindStats(kind, GAMES[kind].title, BEST_LABELS[best], played=played, won=wins,
                          unfinished=games - played, results=results.get(kind, []))
        stats.average = average
        stats.best = wins if best == "wins" else number(high if best == "high" else low)
        kinds.append(stats)
    kinds.sort(key=lambda stats: list(GAMES).index(stats.kind))
    recent = sorted((r for rs in results.values() for r in rs),
                    key=lambda r: (r.date, r.game_id), reverse=True)[:RECENT_FORM]
    return PlayerStats(nights=nights, games=sum(row[1] for row in figures), kinds=kinds,
                       recent=recent)


def latest_results(player: Player) -> dict[str, list[Result]]:
    """The last CHART_RESULTS finished games of each kind, oldest first (the most recent
    games of all kinds are among them, for the recent form)."""
    newest = db.func.row_number().over(partition_by=Game.kind,
                                       order_by=(Night.date.desc(), Game.id.desc()))
    ranked = (db.select(Game.id, Game.night_id, Night.date, Game.kind, Seat.total, Seat.won,
                        newest.label("newest"))
              .join(Seat, Seat.game_id == Game.id).join(Night, Night.id == Game.night_id)
              .where(Seat.player_id == player.id, Game.status == FINISHED).subquery())
    rows = db.session.execute(db.select(ranked).where(ranked.c.newest <= CHART_RESULTS)
                              .order_by(ranked.c.date, ranked.c.id)).all()
    results: dict[str, list[Result]] = {}
    for game_id, night_id, day, kind, total, won, _ in rows:
        results.setdefault(kind, []).append(Result(game_id, night_id, day, kind, number(total), won))
    return results


def number(value):
    """Totals come back from the database as floats: whole ones read better as ints."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def recent_nights(player: Player, limit: int = 5) -> list[Night]:
    return db.session.execute(
        db.select(Night).join(night_players).where(night_players.c.player_id == player.id)
        .order_by(Night.date.desc(), Night.id.desc()).limit(limit)).scalars().all()
