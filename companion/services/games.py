"""The only place where the database meets the rules.

Every change to a game goes through here: the game is locked against the version the
phone saw (companion/locks.py), the entries are replayed through the game's rules module,
and the summary, seat results and player records are derived from that one replay in the
same transaction. Functions flush but never commit: the view commits once.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import delete, exists, select
from sqlalchemy.exc import IntegrityError

from . import locks, records, text
from .extensions import db
from .models import (ABANDONED, FINISHED, IN_PROGRESS, Entry, Game, Night, Player, Seat,
                     night_players, now_utc)
from .rules import GAMES, RuleError, Sheet

NAME_MAX = 40


class ServiceError(Exception):
    """A request the app refuses, said as a sentence."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(ServiceError):
    """Someone else changed the game since this form was opened."""


# -- players and nights ------------------------------------------------------------


def clean_name(name: str) -> str:
    name = text.clean(name)
    if not name:
        raise ServiceError("Type a name.")
    if len(name) > NAME_MAX:
        raise ServiceError(f"Keep names to {NAME_MAX} characters.")
    return name


def find_player(name: str) -> Player | None:
    return db.session.execute(
        select(Player).filter_by(name_key=text.name_key(clean_name(name)))).scalar_one_or_none()


def get_or_create_player(name: str) -> Player:
    """The player of that name, added to the roster if new (once, when two phones add the
    same new name at the same moment)."""
    name = clean_name(name)
    player = find_player(name)
    if player is None:
        locks.insert_new(Player.__table__, ["name_key"], name=name, name_key=text.name_key(name),
                         created_at=now_utc())
        player = find_player(name)
    return player


def rename_player(player: Player, new_name: str) -> None:
    """Rename a player everywhere, including inside every game they played; the games are
    locked first, so a change to one of them waits, or is refused as based on the old
    names."""
    new_name = clean_name(new_name)
    other = find_player(new_name)
    if other is not None and other.id != player.id:
        raise ServiceError(f"There is already a player called {other.name}.")
    if new_name == player.name:
        return
    games = [seat.game for seat in player.seats]
    locks.take_all(games, {"action": "rename", "old": player.name, "new": new_name})
    # what the player and the games hold now that no one else can change them
    db.session.refresh(player, ["name"])
    for game in games:
        db.session.refresh(game, ["entries"])
    old = player.name
    player.rename(new_name)
    for game in games:
        rules = GAMES[game.kind]
        for entry in game.entries:
            entry.doc = rules.rename(entry.doc, old, new_name)
        refresh(game, replay(game))
    try:
        db.session.flush()
    except IntegrityError:
        # another phone gave someone this name at the same moment
        db.session.rollback()
        raise ServiceError(f"There is already a player called {new_name}.") from None


def start_night(day: date, title: str | None) -> Night:
    night = Night(date=day, title=text.clean(title or "") or None)
    db.session.add(night)
    db.session.flush()
    return night


def attending(night: Night, player: Player) -> bool:
    return db.session.execute(select(exists().where(
        night_players.c.night_id == night.id, night_players.c.player_id == player.id))).scalar()


def join_night(night: Night, player: Player) -> None:
    """Put a player on the night's list (once, however many phones do it at once)."""
    locks.insert_new(night_players, ["night_id", "player_id"], night_id=night.id,
                     player_id=player.id)
    db.session.expire(night, ["attendees"])


def add_attendee(night: Night, name: str) -> Player:
    player = get_or_create_player(name)
    if attending(night, player):
        raise ServiceError(f"{player.name} is already here tonight.")
    join_night(night, player)
    return player


def remove_attendee(night: Night, player: Player) -> None:
    seated = (select(Seat.game_id).join(Game, Game.id == Seat.game_id)
              .where(Game.night_id == night.id, Seat.player_id == player.id))
    if db.session.execute(seated.limit(1)).first() is not None:
        raise ServiceError(f"{player.name} plays in a game tonight, so they stay on the list.")
    db.session.execute(delete(night_players).where(
        night_players.c.night_id == night.id, night_players.c.player_id == player.id,
        ~seated.exists()))
    db.session.expire(night, ["attendees"])


# -- games ---------------------------------------------------------------------------


def start_game(night: Night, kind: str, players: list[Player], options: dict) -> Game:
    """Start a game; raises RuleError (index None) for a setup the rules refuse."""
    rules = GAMES[kind]
    names, options = rules.check_setup([p.name for p in players], options)
    game = Game(night=night, kind=kind, options=options, status=IN_PROGRESS,
                seats=[Seat(seat=i, player=p) for i, p in enumerate(players)])
    db.session.add(game)
    refresh(game, rules.replay(names, options, []))
    db.session.flush()
    for player in players:
        join_night(night, player)
    records.rebuild_game(game)
    return game


def replay(game: Game, docs: list[dict] | None = None) -> Sheet:
    if docs is None:
        docs = [entry.doc for entry in game.entries]
    return GAMES[game.kind].replay(game.players, game.options, docs)


def refresh(game: Game, sheet: Sheet) -> None:
    """Cache what lists need from a replay on the game itself and on its seats, and
    recount its players' records when the game's result changed (a game still being built
    has no id yet: start_game counts it once it exists)."""
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


def results_of(game: Game) -> tuple:
    """What a game means for its players' records: finished or not, and who scored what."""
    return game.status, [(seat.total, seat.won) for seat in game.seats]


def seat_result(status: str, summary: dict, name: str) -> tuple[float | None, bool]:
    """A player's final total and whether they won, for a finished game only."""
    if status != FINISHED:
        return None, False
    return summary["totals"].get(name), name in summary["winners"]


def take(game: Game, seen: str | None, action: str, position: int | None = None,
         doc: dict | None = None) -> dict:
    """Lock the game for a change based on version `seen` (see companion/locks.py) and
    return the change, which holds `"repeat": True` when an earlier request made it."""
    change = {"action": action, "position": position, "doc": doc}
    if not seen:
        raise Conflict("This form did not say which sheet it was filled in on: here is the "
                       "sheet as it is now.")
    try:
        made, repeat = locks.take(game, seen, change)
    except locks.Stale as stale:
        raise Conflict(changed_message(game, stale.last)) from None
    return {**made, "repeat": repeat}


def changed_message(game: Game, last: dict | None) -> str:
    """What another phone did, as the refused phone is told it."""
    noun = GAMES[game.kind].entry_noun
    last = last or {}
    number = (last.get("position") or 0) + 1
    done = {"add": f"{noun.capitalize()} {number} was saved on another phone",
            "undo": f"{noun.capitalize()} {number} was removed on another phone",
            "correct": f"{noun.capitalize()} {number} was corrected on another phone",
            "abandon": "The game was abandoned on another phone",
            "rename": f"{last.get('old')} was renamed {last.get('new')} on another phone",
            }.get(last.get("action"), "The score sheet changed on another phone")
    return f"{done} while you were on this page: here is the sheet as it is now."


def add_entry(game: Game, doc: dict, seen: str | None) -> dict:
    """Append one entry; the same entry sent twice from one version is stored once."""
    change = take(game, seen, "add", len(game.entries), doc)
    if change.get("repeat"):
        return change
    check_open(game)
    docs = [entry.doc for entry in game.entries]
    sheet = replay(game, docs + [doc])
    game.entries.append(Entry(position=len(docs), doc=doc))
    refresh(game, sheet)
    db.session.flush()
    return change


def undo_last(game: Game, seen: str | None) -> dict:
    change = take(game, seen, "undo", len(game.entries) - 1)
    if change.get("repeat"):
        return change
    check_open(game)
    if not game.entries:
        raise ServiceError("There is nothing to undo yet.")
    db.session.delete(game.entries.pop())
    refresh(game, replay(game))
    db.session.flush()
    return change


def correct_entry(game: Game, position: int, doc: dict, seen: str | None) -> dict:
    """Replace an earlier entry, refusing if any later entry would stop being valid."""
    change = take(game, seen, "correct", position, doc)
    if change.get("repeat"):
        return change
    check_open(game)
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
    db.session.flush()
    return change


def abandon(game: Game, seen: str | None) -> dict:
    change = take(game, seen, "abandon")
    if not change.get("repeat"):
        mark_abandoned(game)
    return change


def mark_abandoned(game: Game) -> None:
    if game.status != IN_PROGRESS:
        raise ServiceError("Only a game in progress can be abandoned.")
    game.status = ABANDONED


def check_open(game: Game) -> None:
    if game.status == ABANDONED:
        raise ServiceError("This game was abandoned; it takes no more changes.")
