"""The only place where the database meets the rules.

Every change to a game goes through here: the entries are replayed through the
game's rules module before anything is stored, and the cached summary is rebuilt
from that replay. Functions flush but never commit: the view commits once.
"""

from __future__ import annotations

import re
from datetime import date

from sqlalchemy.exc import IntegrityError

from . import records
from .extensions import db
from .models import (ABANDONED, FINISHED, IN_PROGRESS, Entry, Game, Night, Player, Seat, new_etag,
                     now_utc)
from .rules import GAMES, RuleError, Sheet

NAME_MAX = 40


class ServiceError(Exception):
    """A request the app refuses, said as a sentence; `field` says where to show it."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class Conflict(ServiceError):
    """Someone else changed the game since this form was opened."""


# -- players and nights ------------------------------------------------------------


def clean_name(name: str) -> str:
    name = re.sub(r"\s+", " ", name or "").strip()
    if not name:
        raise ServiceError("Type a name.", "name")
    if len(name) > NAME_MAX:
        raise ServiceError(f"Keep names to {NAME_MAX} characters.", "name")
    return name


def find_player(name: str) -> Player | None:
    return db.session.execute(
        db.select(Player).filter_by(name_key=clean_name(name).casefold())).scalar_one_or_none()


def get_or_create_player(name: str) -> Player:
    name = clean_name(name)
    player = find_player(name)
    if player is None:
        player = Player(name=name, name_key=name.casefold())
        db.session.add(player)
        db.session.flush()
    return player


def rename_player(player: Player, new_name: str) -> None:
    """Rename a player everywhere, including inside every game they played."""
    new_name = clean_name(new_name)
    other = find_player(new_name)
    if other is not None and other.id != player.id:
        raise ServiceError(f"There is already a player called {other.name}.", "name")
    old = player.name
    player.rename(new_name)
    for seat in player.seats:
        game = seat.game
        rules = GAMES[game.kind]
        for entry in game.entries:
            entry.doc = rules.rename(entry.doc, old, new_name)
        refresh(game, replay(game))


def start_night(day: date, title: str | None) -> Night:
    night = Night(date=day, title=(title or "").strip() or None)
    db.session.add(night)
    db.session.flush()
    return night


def add_attendee(night: Night, name: str) -> Player:
    player = get_or_create_player(name)
    if player in night.attendees:
        raise ServiceError(f"{player.name} is already here tonight.", "name")
    night.attendees.append(player)
    return player


def remove_attendee(night: Night, player: Player) -> None:
    if any(seat.player_id == player.id for game in night.games for seat in game.seats):
        raise ServiceError(f"{player.name} plays in a game tonight, so they stay on the list.")
    if player in night.attendees:
        night.attendees.remove(player)


# -- games ---------------------------------------------------------------------------


def start_game(night: Night, kind: str, players: list[Player], options: dict) -> Game:
    """Start a game; raises RuleError (index None) for a setup the rules refuse."""
    rules = GAMES[kind]
    names, options = rules.check_setup([p.name for p in players], options)
    game = Game(night=night, kind=kind, options=options, status=IN_PROGRESS,
                seats=[Seat(seat=i, player=p) for i, p in enumerate(players)])
    db.session.add(game)
    for player in players:
        if player not in night.attendees:
            night.attendees.append(player)
    refresh(game, rules.replay(names, options, []))
    db.session.flush()
    records.rebuild_game(game)
    return game


def replay(game: Game, docs: list[dict] | None = None) -> Sheet:
    if docs is None:
        docs = [entry.doc for entry in game.entries]
    return GAMES[game.kind].replay(game.players, game.options, docs)


def refresh(game: Game, sheet: Sheet) -> None:
    """Cache what lists need from a replay on the game itself and on its seats, give the
    game a new etag, and recount its players' records when the game's result changed (a
    game still being built has no id yet: start_game counts it once it exists)."""
    touch(game)
    game.summary = {"totals": sheet.to_dict()["totals"], "finished": sheet.finished,
                    "winners": sheet.winners}
    game.entry_count = len(sheet.progress)
    before = results_of(game)
    if game.status != ABANDONED:
        if sheet.finished and game.status != FINISHED:
            game.status, game.finished_at = FINISHED, now_utc()
        elif not sheet.finished:
            game.status, game.finished_at = IN_PROGRESS, None
    for seat in game.seats:
        seat.total, seat.won = seat_result(game.status, game.summary, seat.player.name)
    if game.seats and results_of(game) != before and game.id is not None:
        records.rebuild_game(game)


def touch(game: Game) -> None:
    """A new etag for a changed game: its pages cached under the old one are out of date."""
    game.etag = new_etag()


def results_of(game: Game) -> tuple:
    """What a game means for its players' records: finished or not, and who scored what."""
    return game.status, [(seat.total, seat.won) for seat in game.seats]


def seat_result(status: str, summary: dict, name: str) -> tuple[float | None, bool]:
    """A player's final total and whether they won, for a finished game only."""
    if status != FINISHED:
        return None, False
    return summary["totals"].get(name), name in summary["winners"]


def check_open(game: Game) -> None:
    if game.status == ABANDONED:
        raise ServiceError("This game was abandoned; it takes no more changes.")


def check_position(game: Game, expected: int | None) -> None:
    if expected != len(game.entries):
        raise Conflict(conflict_message(game))


def conflict_message(game: Game) -> str:
    count, noun = len(game.entries), GAMES[game.kind].entry_noun
    return (f"The score sheet changed on another phone while you were typing (it now has "
            f"{count} {noun}{'' if count == 1 else 's'}). Check the sheet, then save again.")


def add_entry(game: Game, doc: dict, expected: int | None) -> Sheet:
    """Append one entry; a repeated submission of the last entry is not added twice."""
    check_open(game)
    docs = [entry.doc for entry in game.entries]
    if expected == len(docs) - 1 and docs and docs[-1] == doc:
        # a double tap, or a retry after a lost response: it is already saved
        return replay(game)
    check_position(game, expected)
    sheet = replay(game, docs + [doc])
    game.entries.append(Entry(position=len(docs), doc=doc))
    refresh(game, sheet)
    flush_or_conflict(game)
    return sheet


def undo_last(game: Game, expected: int | None) -> Sheet:
    check_open(game)
    check_position(game, expected)
    if not game.entries:
        raise ServiceError("There is nothing to undo yet.")
    db.session.delete(game.entries.pop())
    sheet = replay(game)
    refresh(game, sheet)
    db.session.flush()
    return sheet


def correct_entry(game: Game, position: int, doc: dict, expected: int | None) -> Sheet:
    """Replace an earlier entry, refusing if any later entry would stop being valid."""
    check_open(game)
    check_position(game, expected)
    docs = [entry.doc for entry in game.entries]
    docs[position] = doc
    try:
        sheet = replay(game, docs)
    except RuleError as error:
        if error.index is not None and error.index > position:
            noun = GAMES[game.kind].entry_noun
            raise ServiceError(f"This change would make {noun} {error.index + 1} impossible: "
                               f"{error.message} Undo the later {noun}s first, or correct "
                               f"them.") from error
        raise
    game.entries[position].doc = doc
    refresh(game, sheet)
    flush_or_conflict(game)
    return sheet


def abandon(game: Game) -> None:
    if game.status != IN_PROGRESS:
        raise ServiceError("Only a game in progress can be abandoned.")
    game.status = ABANDONED
    touch(game)


def flush_or_conflict(game: Game) -> None:
    try:
        db.session.flush()
    except IntegrityError as error:
        db.session.rollback()
        raise Conflict("Another phone saved this score at the same moment. Check the "
                       "sheet, then save again if yours is still missing.") from error
