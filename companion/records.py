"""Player records: each player's figures per kind and group, kept current as games change.

A player page reads one row per kind instead of walking every game the player sat in,
so it costs the same after five years of game nights as after one.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from . import locks
from .extensions import db
from .models import FINISHED, Game, Night, Player, PlayerRecord, Seat
from .rules import GAMES

# finished games per kind kept for the charts and the recent form
RECENT = 30
_paused = ContextVar("records_paused", default=False)


@contextmanager
def paused():
    """For bulk loads: no recount per game, one `rebuild_all` when the load is done."""
    token = _paused.set(True)
    try:
        yield
    finally:
        _paused.reset(token)


def rebuild(player_id: int, kind: str, group_key: str = "") -> PlayerRecord:
    """Recount one player's record for one kind and group from their seats."""
    mine = (db.select().select_from(Seat).join(Game, Game.id == Seat.game_id)
            .where(Seat.player_id == player_id, Game.kind == kind, Game.group_key == group_key))
    games, played, won, average, highest, lowest = db.session.execute(mine.add_columns(
        db.func.count(), db.func.count(Seat.total), db.func.sum(db.case((Seat.won, 1), else_=0)),
        db.func.avg(Seat.total), db.func.max(Seat.total), db.func.min(Seat.total))).one()
    latest = db.session.execute(
        mine.add_columns(Game.id, Game.night_id, Night.date, Seat.total, Seat.won, Game.options)
        .join(Night, Night.id == Game.night_id).where(Game.status == FINISHED)
        .order_by(Night.date.desc(), Game.id.desc()).limit(RECENT)).all()
    tables = game_tables([row.id for row in latest])
    # the group's idea of best as its newest game's settings say it, its name as its first
    # game's do ("Qwixx", though later ones said "qwixx")
    newest, first = (db.session.execute(
        mine.add_columns(Game.options).order_by(order).limit(1)).scalar() or {}
        for order in (Game.id.desc(), Game.id.asc()))
    record = db.session.get(PlayerRecord, (player_id, kind, group_key))
    if record is None:
        record = PlayerRecord(player_id=player_id, kind=kind, group_key=group_key)
        db.session.add(record)
    rules = GAMES[kind]
    record.title, record.best = rules.group_title(first), rules.best_for(newest)
    record.games, record.played, record.won = games, played, won or 0
    record.average, record.highest, record.lowest = average, highest, lowest
    record.recent = [{"game": game, "night": night, "date": day.isoformat(),
                      "total": number(total), "won": bool(win),
                      **place((total, win), tables[game], rules.best_for(options))}
                     for game, night, day, total, win, options in reversed(latest)]
    return record


def game_tables(game_ids: list[int]) -> dict[int, list[tuple]]:
    """{game: (total, won) of each of its seats}, for the games' places."""
    tables: dict[int, list[tuple]] = {game_id: [] for game_id in game_ids}
    if game_ids:
        for game_id, total, won in db.session.execute(
                db.select(Seat.game_id, Seat.total, Seat.won).where(Seat.game_id.in_(game_ids))):
            tables[game_id].append((total, won))
    return tables


def place(mine: tuple, table: list[tuple], best: str) -> dict:
    """A player's place at a finished game's table: the winners first, then the others by
    the kind's idea of best (the lowest total first when the lowest wins); equal players
    share the better place. {"place": 2, "of": 4, "shared": False}"""
    def rank(seat):
        total, won = seat
        total = total or 0
        return (not won, total if best == "low" else -total)
    ranks, own = [rank(seat) for seat in table], rank(mine)
    return {"place": 1 + sum(r < own for r in ranks), "of": len(table),
            "shared": ranks.count(own) > 1}


def rebuild_game(game: Game) -> None:
    """Recount the records of everyone seated at a game."""
    if _paused.get():
        return
    db.session.flush()
    # two games of one player ending at once: the second counts once the first is in
    locks.players(seat.player_id for seat in game.seats)
    for seat in game.seats:
        rebuild(seat.player_id, game.kind, game.group_key)


def rebuild_all(group_id: int | None = None) -> int:
    """Recount every record, or a players' group's (after a restore, or sample data)."""
    db.session.flush()
    query = (db.select(Seat.player_id, Game.kind, Game.group_key)
             .join(Game, Game.id == Seat.game_id).distinct())
    if group_id is not None:
        query = query.join(Player, Player.id == Seat.player_id).where(
            Player.group_id == group_id)
    groups = db.session.execute(query).all()
    for player_id, kind, group_key in groups:
        rebuild(player_id, kind, group_key)
    return len(groups)


def number(value):
    """Totals come back from the database as floats: whole ones read better as ints."""
    return int(value) if isinstance(value, float) and value.is_integer() else value
