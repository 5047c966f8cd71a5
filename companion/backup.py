"""A group's game nights, or the whole server's, written as one JSON document (restore.py
reads it back).

The document holds what the players entered (players, nights, each game's kind,
options, seats, status and entry documents), never derived figures: a restore
replays every game through its rules, so a backup that breaks a rule is refused
whole, with the night, the game and the entry that is wrong.

A group's backup (the download) names its group; the whole server's (`flask backup`)
lists every group. Neither holds invites or phones: a restored group gets a new invite
(`flask --app app groups` prints it) and no member.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from . import locks
from .extensions import db
from .models import Game, Group, Night, Player, Seat

FORMAT = "companion-backup"
VERSION = 1


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


def group_games(group_id: int):
    """The condition on a group's games (a game is its night's group's)."""
    return Game.night_id.in_(select(Night.id).where(Night.group_id == group_id))


def load_contents(group_id: int | None = None) -> tuple[list[Player], list[Night]]:
    """Players and nights, by id, of one group or of all; read again what the session
    holds, as `locks.steady` needs."""
    players = db.select(Player).order_by(Player.id)
    nights = db.select(Night).order_by(Night.id).options(*night_options())
    if group_id is not None:
        players = players.where(Player.group_id == group_id)
        nights = nights.where(Night.group_id == group_id)
    fresh = {"populate_existing": True}
    return (db.session.execute(players, execution_options=fresh).scalars().all(),
            db.session.execute(nights, execution_options=fresh).scalars().all())


def group_backup(group_id: int) -> dict[str, Any]:
    """One group's backup (the download): its players and nights, read as of one moment."""
    group = db.session.get(Group, group_id)
    players, nights = locks.steady(lambda: load_contents(group_id), group_games(group_id))
    return {"format": FORMAT, "version": VERSION, "exported_at": now_text(),
            "group": group.name, "players": [p.name for p in players],
            "nights": [night_doc(n) for n in nights]}


def backup() -> dict[str, Any]:
    """The whole server's backup: every group, by id, read as of one moment."""
    players, nights = locks.steady(load_contents)
    # after: a group that players were read in is listed (groups are made, not deleted)
    groups_by_id = db.session.execute(db.select(Group).order_by(Group.id)).scalars().all()
    held = {group.id: {"name": group.name, "players": [], "nights": []}
            for group in groups_by_id}
    for player in players:
        held[player.group_id]["players"].append(player.name)
    for night in nights:
        held[night.group_id]["nights"].append(night_doc(night))
    return {"format": FORMAT, "version": VERSION, "exported_at": now_text(),
            "groups": list(held.values())}


def dumps(document: dict[str, Any], indent: int | None = 1) -> str:
    """Stable text: the same database always gives the same file (but for exported_at).
    Indented, a line a value, for a file a person may open (a backup); `indent=None`, on
    one line, for a program (a night's export): json's C encoder writes only that, about
    five times as fast."""
    return json.dumps(document, sort_keys=True, indent=indent, ensure_ascii=False,
                      separators=(",", ": ") if indent else (",", ":")) + "\n"


def now_text() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
