"""Player records: each player's figures per kind and group, kept current as games change.

A player page reads one row per kind instead of walking every game the player sat in,
so it costs the same after five years of game nights as after one.

The records are recounted together, a set at a time: the players of a game, or every
record (`rebuild_all`), in the same handful of statements whatever their number.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import aliased

from . import locks
from .extensions import db
from .models import FINISHED, Game, Night, Player, PlayerRecord, Seat
from .rules import GAMES

# finished games per kind kept for the charts and the recent form
RECENT = 30
_paused = ContextVar("records_paused", default=False)
# what a recount writes: every column of a record but its key
FIGURES = ("title", "best", "games", "played", "won", "average", "highest", "lowest",
           "recent", "first_game", "newest_game")
KEY = ("player_id", "kind", "group_key")
# the figures of a record of no games (a player whose only game was deleted)
NO_GAMES = {"games": 0, "played": 0, "won": 0, "average": None, "highest": None,
            "lowest": None, "first_options": None, "newest_options": None, "first": None,
            "newest": None}


@contextmanager
def paused():
    """For bulk loads: no recount per game, one `rebuild_all` when the load is done."""
    token = _paused.set(True)
    try:
        yield
    finally:
        _paused.reset(token)


def recount(players: list[int] | None = None, kind: str | None = None,
            group_key: str = "", group_id: int | None = None) -> int:
    """Recount at once the records of `players` (or of everyone, or of a players' group's
    members) for one kind and group (or for every one they played), from their seats.

    Runs the same statements whatever the number of records: the figures of every record
    with its first and newest game's settings, the last RECENT finished games of every
    record, the seats of those games (for the places), the records as they are; then one
    UPDATE (executemany) of those that changed and one INSERT (executemany) of the new
    ones. Given players and a kind, each of them gets a record, one of no games too.
    Returns how many records were counted."""
    seats, kept = [], []
    if players is not None:
        seats.append(Seat.player_id.in_(players))
        kept.append(PlayerRecord.player_id.in_(players))
    if group_id is not None:
        members = select(Player.id).where(Player.group_id == group_id)
        seats.append(Seat.player_id.in_(members))
        kept.append(PlayerRecord.player_id.in_(members))
    if kind is not None:
        seats += [Game.kind == kind, Game.group_key == group_key]
        kept += [PlayerRecord.kind == kind, PlayerRecord.group_key == group_key]
    key = (Seat.player_id, Game.kind, Game.group_key)

    # the group's idea of best as its newest game's settings say it, its name as its first
    # game's do ("Qwixx", though later ones said "qwixx")
    figures = (select(*key, db.func.count().label("games"),
                      db.func.count(Seat.total).label("played"),
                      db.func.sum(db.case((Seat.won, 1), else_=0)).label("won"),
                      db.func.avg(Seat.total).label("average"),
                      db.func.max(Seat.total).label("highest"),
                      db.func.min(Seat.total).label("lowest"),
                      db.func.min(Game.id).label("first"), db.func.max(Game.id).label("newest"))
               .select_from(Seat).join(Game, Game.id == Seat.game_id).where(*seats)
               .group_by(*key).subquery())
    first, newest = aliased(Game), aliased(Game)
    counted = {}
    for row in db.session.execute(
            select(figures, first.options.label("first_options"),
                   newest.options.label("newest_options"))
            .join(first, first.id == figures.c.first)
            .join(newest, newest.id == figures.c.newest)).mappings():
        counted[row["player_id"], row["kind"], row["group_key"]] = row
    if players is not None and kind is not None:
        for player_id in players:
            counted.setdefault((player_id, kind, group_key), None)

    # the last RECENT finished games of each record, newest first, and every seat at them
    ranked = (select(*key, Game.id.label("game"), Game.night_id, Night.date, Seat.total,
                     Seat.won, db.func.row_number().over(
                         partition_by=key, order_by=(Night.date.desc(), Game.id.desc()))
                     .label("nth"))
              .select_from(Seat).join(Game, Game.id == Seat.game_id)
              .join(Night, Night.id == Game.night_id)
              .where(Game.status == FINISHED, *seats).subquery())
    of_game = aliased(Game)
    latest = {}
    for row in db.session.execute(
            select(ranked, of_game.options).join(of_game, of_game.id == ranked.c.game)
            .where(ranked.c.nth <= RECENT).order_by(ranked.c.nth)):
        latest.setdefault((row.player_id, row.kind, row.group_key), []).append(row)
    # the games as read just now (a query of them again could see another game finished)
    tables = game_tables(sorted({row.game for rows in latest.values() for row in rows}))

    records = {(r.player_id, r.kind, r.group_key): r
               for r in db.session.scalars(select(PlayerRecord).where(*kept))}
    changed, new = [], []
    for (player_id, kind_, group), row in counted.items():
        rules, row = GAMES[kind_], row or NO_GAMES
        figures_ = {
            "title": rules.group_title(row["first_options"] or {}),
            "best": rules.best_for(row["newest_options"] or {}),
            "games": row["games"], "played": row["played"], "won": row["won"] or 0,
            "average": row["average"], "highest": row["highest"], "lowest": row["lowest"],
            "first_game": row["first"], "newest_game": row["newest"],
            "recent": [{"game": game.game, "night": game.night_id,
                        "date": game.date.isoformat(), "total": number(game.total),
                        "won": bool(game.won),
                        **place((game.total, game.won), tables[game.game],
                                rules.best_for(game.options))}
                       for game in reversed(latest.get((player_id, kind_, group), []))]}
        record = records.get((player_id, kind_, group))
        if record is None:
            new.append({"player_id": player_id, "kind": kind_, "group_key": group,
                        **figures_})
        elif any(getattr(record, name) != value for name, value in figures_.items()):
            changed.append((record, figures_))
    if changed:
        table = PlayerRecord.__table__
        db.session.execute(
            update(table).where(*(table.c[name] == bindparam("key_" + name) for name in KEY))
            .values({name: bindparam(name) for name in FIGURES}),
            [{**{"key_" + name: getattr(record, name) for name in KEY}, **figures_}
             for record, figures_ in changed])
        # the records in the session say what the database now holds, and are not dirty
        for record, figures_ in changed:
            locks.as_stored(record, **figures_)
    if new:
        db.session.execute(insert(PlayerRecord.__table__), new)
    return len(counted)


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
    """Recount the records of everyone seated at a game, all at once."""
    if _paused.get():
        return
    db.session.flush()
    players = [seat.player_id for seat in game.seats]
    # two games of one player ending at once: the second counts once the first is in
    locks.players(players)
    if players:
        recount(players=players, kind=game.kind, group_key=game.group_key)


def rebuild_all(group_id: int | None = None) -> int:
    """Recount every record, or a players' group's (after a restore, or sample data)."""
    db.session.flush()
    return recount(group_id=group_id)


def number(value):
    """Totals come back from the database as floats: whole ones read better as ints."""
    return int(value) if isinstance(value, float) and value.is_integer() else value
