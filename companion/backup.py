"""A whole database as one JSON document, and back.

The document holds what the players entered (players, nights, each game's kind,
options, seats, status and entry documents), never derived figures: a restore
replays every game through its rules, so a backup that breaks a rule is refused
whole, with the night, the game and the entry that is wrong.
"""

from __future__ import annotations

import json
import reprlib
from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import insert
from sqlalchemy.exc import DataError
from sqlalchemy.orm import selectinload

from . import locks, records, services, text
from .extensions import db
from .backup_file import BackupError
from .models import (ABANDONED, STATUS_LABELS, Entry, Game, Night, Player, PlayerRecord, Seat,
                     night_players)
from .outcome import derive
from .rules import GAMES, RuleError
from .rules.base import brief

FORMAT = "companion-backup"
VERSION = 1
TITLE_MAX = Night.title.type.length


# -- writing -------------------------------------------------------------------------


def game_doc(game: Game) -> dict[str, Any]:
    return {"kind": game.kind, "options": dict(game.options), "players": game.players,
            "status": game.status, "entries": game.docs}


def night_doc(night: Night) -> dict[str, Any]:
    return {"date": night.date.isoformat(), "title": night.title,
            # in the order they came
            "attendees": [p.name for p in night.attendees],
            "games": [game_doc(game) for game in night.games]}


def night_options():
    """Loader options for serialising nights without a query per game."""
    games = selectinload(Night.games)
    return [selectinload(Night.attendees), games.selectinload(Game.entries),
            games.selectinload(Game.seats).joinedload(Seat.player)]


def backup() -> dict[str, Any]:
    players = db.session.execute(db.select(Player).order_by(Player.id)).scalars().all()
    nights = db.session.execute(
        db.select(Night).order_by(Night.id).options(*night_options())).scalars().all()
    return {"format": FORMAT, "version": VERSION, "exported_at": now_text(),
            "players": [p.name for p in players], "nights": [night_doc(n) for n in nights]}


def dumps(document: dict[str, Any]) -> str:
    """Stable text: the same database always gives the same file (but for exported_at)."""
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def now_text() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


# -- reading ------------------------------------------------------------------------


def is_empty() -> bool:
    return (db.session.execute(db.select(Player.id).limit(1)).first() is None
            and db.session.execute(db.select(Night.id).limit(1)).first() is None)


def restore(document: Any, replace: bool = False) -> dict[str, int]:
    """Load a backup in the current transaction; the caller commits, or rolls back on error."""
    try:
        return restore_all(document, replace)
    except DataError as error:
        # what only the database refuses (postgresql stores no NUL in text): one sentence
        reason = str(error.orig).strip().partition("\n")[0]
        raise BackupError(f"The database cannot store this backup: {reason}") from None


def restore_all(document: Any, replace: bool) -> dict[str, int]:
    check_header(document)
    if not is_empty():
        if not replace:
            raise BackupError("The database already holds players or nights. Restore into "
                              "an empty database, or replace everything with --replace.")
        wipe()
    roster: dict[str, Player] = {}
    for name in need(document, "players", list, "The backup"):
        add_player(roster, name)
    nights = need(document, "nights", list, "The backup")
    with records.paused():
        games = sum(restore_night(roster, doc) for doc in nights)
    records.rebuild_all()
    # now, so that a refusal by the database comes while restoring, not at the commit
    db.session.flush()
    return {"players": len(roster), "nights": len(nights), "games": games}


def check_header(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("This file is not a backup of this app.")
    if document.get("version") != VERSION:
        version = reprlib.repr(document.get("version"))
        raise BackupError(f"This backup has format version {version}; "
                          f"this app reads version {VERSION}.")


def wipe() -> None:
    # every change in flight ends first, and none starts until the restore is committed
    locks.take_every_game()
    for table in (Entry.__table__, PlayerRecord.__table__, Seat.__table__, Game.__table__,
                  night_players,
                  Night.__table__, Player.__table__):
        db.session.execute(table.delete())
    db.session.expunge_all()


def add_player(roster: dict[str, Player], name: Any) -> None:
    if not isinstance(name, str):
        raise BackupError(f"The player list holds {reprlib.repr(name)}, which is not a name.")
    try:
        clean = services.clean_name(name)
    except services.ServiceError as error:
        raise BackupError(f"The player name {reprlib.repr(name)} cannot be used: "
                          f"{error.message}") from None
    if text.name_key(clean) in roster:
        raise BackupError(f"The player {clean} is listed twice.")
    roster[text.name_key(clean)] = services.get_or_create_player(clean)


def restore_night(roster: dict[str, Player], doc: Any) -> int:
    if not isinstance(doc, dict):
        raise BackupError("A night in the backup is not readable.")
    where = f"The night {reprlib.repr(doc.get('date'))}"
    try:
        day = date.fromisoformat(need(doc, "date", str, where))
    except ValueError:
        raise BackupError(f"{where} has no readable date.") from None
    title = doc.get("title")
    if title is not None and not isinstance(title, str):
        raise BackupError(f"{where} has a title that is not text.")
    # as a title typed in the app is kept: one line, no invisible characters (nor NUL)
    title = text.clean(title) or None
    if title and len(title) > TITLE_MAX:
        raise BackupError(f"{where} has a title longer than {TITLE_MAX} characters.")
    night = services.start_night(day, title)
    where = f"The night of {day.isoformat()}" + (f" “{title}”" if title else "")
    came = []
    for name in need(doc, "attendees", list, where):
        player = find(roster, name, where)
        if player not in came:
            came.append(player)
    # the order they came in is kept (night_player.position)
    if came:
        db.session.execute(insert(night_players), [
            {"night_id": night.id, "player_id": p.id, "position": i} for i, p in enumerate(came)])
        db.session.expire(night, ["attendees"])
    games = need(doc, "games", list, where)
    for number, game in enumerate(games, start=1):
        restore_game(roster, night, game, f"{where}, game {number}")
    return len(games)


def restore_game(roster: dict[str, Player], night: Night, doc: Any, where: str) -> Game:
    if not isinstance(doc, dict):
        raise BackupError(f"{where} is not readable.")
    kind = need(doc, "kind", str, where)
    if kind not in GAMES:
        raise BackupError(f"{where} is of an unknown kind, “{brief(kind)}”.")
    rules = GAMES[kind]
    where = f"{where} ({rules.group_title(need(doc, 'options', dict, where))})"
    players = [find(roster, name, where) for name in need(doc, "players", list, where)]
    # a backup from before a setting existed holds games played without it
    options = rules.stored_options(need(doc, "options", dict, where))
    status = need(doc, "status", str, where)
    entries = need(doc, "entries", list, where)
    if status not in STATUS_LABELS:
        raise BackupError(f"{where} has an unknown status, “{brief(status)}”.")
    try:
        game = services.start_game(night, kind, players, options)
        sheet = services.replay(game, entries)
    except RuleError as error:
        if error.index is None:
            raise BackupError(f"{where}: {error.message}") from None
        raise BackupError(f"{where}, {rules.entry_noun} {error.index + 1}: "
                          f"{error.message}") from None
    game.entries = [Entry(position=i, doc=game.labelled(entry))
                    for i, entry in enumerate(entries)]
    services.write(game, derive(sheet))
    if status == ABANDONED:
        try:
            services.mark_abandoned(game)
        except services.ServiceError as error:
            raise BackupError(f"{where} is marked abandoned, but it is over: "
                              f"{error.message}") from None
    elif status != game.status:
        raise BackupError(f"{where} is marked {STATUS_LABELS[status].lower()}, but its "
                          f"{rules.entry_noun}s make it {game.status_label.lower()}.")
    return game


def find(roster: dict[str, Player], name: Any, where: str) -> Player:
    player = roster.get(text.name_key(name)) if isinstance(name, str) else None
    if player is None:
        raise BackupError(f"{where} names {reprlib.repr(name)}, who is not in the player "
                          "list.")
    return player


def need(doc: dict, key: str, kind: type, where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind):
        what = {list: "a list", dict: "a set of settings", str: "text"}[kind]
        raise BackupError(f"{where} has no “{key}” ({what}).")
    return value
