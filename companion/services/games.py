"""Games: every change goes through here.

The game is locked against the version the phone saw (companion/locks.py), its entries are
replayed once through the game's rules, and what the replay means (companion/outcome.py) is
written in the same transaction by `write`, the one place that does. Entries are stored
with seat labels and replayed with names (`Game.named`, `Game.labelled`). Functions flush
but never commit: the view commits once.
"""

from __future__ import annotations

from sqlalchemy import and_, bindparam, case, delete, exists, insert, select, update
from sqlalchemy.orm import make_transient_to_detached

from .. import locks, records, told
from ..extensions import db
from ..models import (ABANDONED, IN_PROGRESS, Entry, Game, Night, Player, PlayerRecord, Seat,
                      now_utc)
from ..outcome import Outcome, derive
from ..rules import GAMES, RuleError, Sheet
from .errors import Conflict, ServiceError
from .roster import join_night


def start_game(night: Night, kind: str, players: list[Player], options: dict) -> Game:
    """Start a game; raises RuleError (index None) for a setup the rules refuse."""
    rules = GAMES[kind]
    names, options = rules.check_setup([p.name for p in players], options)
    game = Game(night=night, kind=kind, options=options, status=IN_PROGRESS,
                group_key=rules.group(options),
                seats=[Seat(seat=i, player=p) for i, p in enumerate(players)])
    db.session.add(game)
    write(game, derive(rules.replay(names, options, [])))
    db.session.flush()
    for player in players:
        join_night(night, player)
    records.rebuild_game(game)
    return game


def replay(game: Game, docs: list[dict] | None = None, keep: tuple[int, ...] = ()) -> Sheet:
    """The game's sheet, from its stored entries or from `docs` (entries naming players);
    `keep`: positions whose sheet before them is kept too (`Rules.replay`)."""
    return GAMES[game.kind].replay(game.players, game.options,
                                   game.docs if docs is None else docs, keep=keep)


# what a change writes to a game that is in the database, built once and run on the
# session's connection (locks.run), the objects given the values written
# (locks.as_stored): the unit of work's flush of the same rows cost more than all the rest
# of a save's writing
OUTCOME = (update(Game.__table__).where(Game.__table__.c.id == bindparam("game"))
           .values(summary=bindparam("summary_"), entry_count=bindparam("count"),
                   status=bindparam("status_")))
SEAT_RESULT = (update(Seat.__table__)
               .where(Seat.__table__.c.game_id == bindparam("game"),
                      Seat.__table__.c.seat == bindparam("place"))
               .values(total=bindparam("total_"), won=bindparam("won_")))
NEW_ENTRY = insert(Entry.__table__).returning(Entry.__table__.c.id)


def write(game: Game, outcome: Outcome) -> None:
    """Store what a replay means on the game and its seats, and recount its players'
    records when its result changed (a game being built has no id yet: the unit of work
    inserts it, and start_game counts it once it exists)."""
    before = results_of(game)
    # only the seats whose result changed: most entries change one or two players'
    # totals (a dice poker turn, a Skull challenge)
    changed = [(seat, total, won) for seat, (total, won) in zip(game.seats, outcome.seats)
               if (seat.total, seat.won) != (total, won)]
    if game.id is None:
        game.summary, game.entry_count, game.status = (
            outcome.summary, outcome.entry_count, outcome.status)
        for seat, total, won in changed:
            seat.total, seat.won = total, won
        return
    locks.run(OUTCOME, {"game": game.id, "summary_": outcome.summary,
                        "count": outcome.entry_count, "status_": outcome.status})
    locks.as_stored(game, summary=outcome.summary, entry_count=outcome.entry_count,
                    status=outcome.status)
    if changed:
        locks.run(SEAT_RESULT, [{"game": game.id, "place": seat.seat, "total_": total,
                                 "won_": won} for seat, total, won in changed])
        for seat, total, won in changed:
            locks.as_stored(seat, total=total, won=won)
    if game.seats and results_of(game) != before:
        records.rebuild_game(game)


def store_entry(game: Game, doc: dict) -> None:
    """A new last entry (with seat labels) stored, and added to the game's entries as if
    loaded (`write`'s way, for the same reason)."""
    values = {"game_id": game.id, "position": len(game.entries), "doc": doc,
              "created_at": now_utc()}
    entry = Entry(id=locks.run(NEW_ENTRY, values).scalar_one(), **values)
    make_transient_to_detached(entry)
    db.session.add(entry)
    locks.as_stored(game, entries=[*game.entries, entry])


def results_of(game: Game) -> tuple:
    """What a game means for its players' records: finished or not, and who scored what."""
    return game.status, [(seat.total, seat.won) for seat in game.seats]


def take(game: Game, seen: str | None, action: str, position: int | None = None,
         doc: dict | None = None) -> dict:
    """Lock the game for a change based on version `seen` (see companion/locks.py) and
    return the change, which holds `"repeat": True` when an earlier request made it."""
    change = {"action": action, "position": position,
              "doc": None if doc is None else game.labelled(doc)}
    if not seen:
        raise Conflict(told.no_version())
    try:
        made, repeat = locks.take(game, seen, change)
    except locks.Stale as stale:
        raise Conflict(told.changed(game, stale.last)) from None
    return {**made, "repeat": repeat}


def add_entry(game: Game, doc: dict, seen: str | None) -> dict:
    """Append one entry (naming players); the same entry sent twice from one version is
    stored once."""
    change = take(game, seen, "add", len(game.entries), doc)
    if change.get("repeat"):
        return change
    check_open(game)
    sheet = replay(game, game.docs + [doc])
    store_entry(game, change["doc"])
    write(game, derive(sheet, game.status))
    # the sheet with the entry, to tell what was saved (it is not stored with the change)
    return {**change, "sheet": sheet, "named": doc}


def undo_last(game: Game, seen: str | None) -> dict:
    change = take(game, seen, "undo", len(game.entries) - 1)
    if change.get("repeat"):
        return change
    check_open(game)
    if not game.entries:
        raise ServiceError(told.nothing_to_undo())
    removed = game.entries.pop()
    db.session.delete(removed)
    write(game, derive(replay(game), game.status))
    db.session.flush()
    # what was removed (with seat labels), for the form to offer it again
    return {**change, "removed": removed.doc}


def correct_entry(game: Game, position: int, doc: dict, seen: str | None) -> dict:
    """Replace an earlier entry, refusing if any later entry would stop being valid."""
    change = take(game, seen, "correct", position, doc)
    if change.get("repeat"):
        return change
    check_open(game)
    docs = game.docs
    docs[position] = doc
    try:
        sheet = replay(game, docs)
    except RuleError as error:
        if error.index is not None and error.index > position:
            raise ServiceError(told.impossible(game, docs, error)) from error
        raise
    game.entries[position].doc = change["doc"]
    write(game, derive(sheet, game.status))
    db.session.flush()
    return change


def twin_of(game: Game, doc: dict, opened: int | None) -> int | None:
    """The position of the entry equal to `doc` (naming players) that another phone saved
    since this one's form was opened for entry `opened` (from 0), or None."""
    if opened is None or opened >= len(game.entries):
        return None
    typed = game.labelled(doc)
    return next((position for position in range(opened, len(game.entries))
                 if game.entries[position].doc == typed), None)


def abandon(game: Game, seen: str | None) -> dict:
    change = take(game, seen, "abandon")
    if not change.get("repeat"):
        mark_abandoned(game)
    return change


def mark_abandoned(game: Game) -> None:
    if game.status != IN_PROGRESS:
        raise ServiceError(told.not_in_progress())
    game.status = ABANDONED


def check_open(game: Game) -> None:
    if game.status == ABANDONED:
        raise ServiceError(told.abandoned_game())


# -- seating, rematches and games started by mistake ---------------------------------


# how many of the group's last nights seating looks through for the table's last game
LOOK_BACK = 50
# seating's statements, built once: a game that seated someone here (:here, by the seats'
# player index, so within the group) and nobody who is not, and that was not abandoned
# before anything was entered (it says nothing about the table)
_GAME, _SEAT, _HERE = Game.__table__.c, Seat.__table__.c, bindparam("here", expanding=True)
_TABLE = (exists().where(_SEAT.game_id == _GAME.id, _SEAT.player_id.in_(_HERE)),
          ~exists().where(_SEAT.game_id == _GAME.id, _SEAT.player_id.not_in(_HERE)),
          ~and_(_GAME.status == ABANDONED, _GAME.entry_count == 0))
# tonight's last such game of this kind, else of any kind
LAST_TONIGHT = (select(_GAME.id).where(_GAME.night_id == bindparam("night"), *_TABLE)
                .order_by(case((_GAME.kind == bindparam("kind"), 0), else_=1), _GAME.id.desc())
                .limit(1))
# their last of this kind at the group's last LOOK_BACK nights, read from those nights
# (the date index) to their games: the same cost at any history
_RECENT = (select(Night.__table__.c.id).where(Night.__table__.c.group_id == bindparam("group"))
           .order_by(Night.__table__.c.date.desc(), Night.__table__.c.id.desc())
           .limit(LOOK_BACK).subquery())
LAST_RECENT = (select(_GAME.id).join(_RECENT, _RECENT.c.id == _GAME.night_id)
               .where(_GAME.kind == bindparam("kind"), *_TABLE).order_by(_GAME.id.desc())
               .limit(1))
SEATED = select(_SEAT.player_id).where(_SEAT.game_id == bindparam("game")).order_by(_SEAT.seat)


def seating(night: Night, kind: str) -> list[Player]:
    """Who a new game of `kind` seats when its form opens, in seat order: everyone here,
    as many as the kind seats; in the order the night's last game of this kind sat, else
    its last game of any kind, else these players' last game of this kind (everyone in it
    is here tonight, among the group's last LOOK_BACK nights), then the others here in the
    order they came. Nobody at the table is
    left out because the last game did without them (a player who came later, a game for
    two): the form is where a seat is emptied."""
    here = {p.id: p for p in night.attendees}
    if not here:
        return []
    values = {"here": list(here), "night": night.id, "kind": kind, "group": night.group_id}
    last = (locks.run(LAST_TONIGHT, values).scalar()
            or locks.run(LAST_RECENT, values).scalar())
    # (read apart from the game: a seat whose player is not here, were its game replaced
    # in between, is passed over)
    first = [here[i] for i in locks.run(SEATED, {"game": last}).scalars()
             if i in here] if last else []
    return (first + [p for p in here.values() if p not in first])[:GAMES[kind].max_players]


def rematch(game: Game) -> Game:
    """A new game at the same night with the same seats and settings as `game`, once it
    is over (as it still is once held: an undo on another phone may have reopened it)."""
    try:
        locks.hold(game)
    except locks.Stale as stale:
        raise Conflict(told.changed(game, stale.last)) from None
    if game.in_progress:
        raise ServiceError(told.still_played())
    return start_game(game.night, game.kind, [seat.player for seat in game.seats],
                      dict(game.options))


def delete_game(game: Game, seen: str | None) -> dict:
    """Delete a game and its entries, based on version `seen` like any change to it; its
    players' records are recounted without it (a record of no game goes too)."""
    change = take(game, seen, "delete")
    players, kind, group = [seat.player_id for seat in game.seats], game.kind, game.group_key
    db.session.delete(game)
    db.session.flush()
    locks.players(players)
    records.recount(players, kind, group)
    # a record of no game goes
    db.session.execute(delete(PlayerRecord).where(
        PlayerRecord.player_id.in_(players), PlayerRecord.kind == kind,
        PlayerRecord.group_key == group, PlayerRecord.games == 0))
    return change

