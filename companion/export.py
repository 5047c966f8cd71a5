"""One night as a download: CSV for a spreadsheet, JSON for a program."""

from __future__ import annotations

import csv
import io
from typing import Any

from . import services
from .backup import night_doc, now_text
from .models import Night
from .rules import GAMES
from .rules.sheet import json_number

NIGHT_FORMAT = "companion-night"
# a spreadsheet runs a cell starting with one of these as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def night_json(night: Night) -> dict[str, Any]:
    """The night as a backup holds it, plus each game's final totals and winners."""
    doc = night_doc(night)
    for game, shown in zip(night.games, doc["games"]):
        shown["totals"] = game.totals_by_name
        shown["winners"] = game.winner_names
    return {"format": NIGHT_FORMAT, "version": 1, "exported_at": now_text(), "night": doc}


def night_csv(night: Night) -> str:
    """One table per game, each after a blank line and a heading row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Night", night.date.isoformat(), text(night.title or "")])
    writer.writerow(["Players", *(text(p.name) for p in night.attendees)])
    for number, game in enumerate(night.games, start=1):
        rules = GAMES[game.kind]
        sheet = services.replay(game)
        players = game.players
        writer.writerow([])
        writer.writerow([f"Game {number}: {game.title}", game.status_label,
                         text(won(sheet.winners))])
        writer.writerow([f"After {rules.entry_noun}", *(text(p) for p in players)])
        for count, totals in enumerate(sheet.progress, start=1):
            writer.writerow([count, *(json_number(totals[p]) for p in players)])
        writer.writerow(["Total", *(json_number(sheet.totals[p]) for p in players)])
    return out.getvalue()


def won(winners: list[str]) -> str:
    return f"Won by {' and '.join(winners)}" if winners else ""


def text(value: str) -> str:
    """A name or title as a cell a spreadsheet shows, never runs."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def filename(night: Night, extension: str) -> str:
    return f"night-{night.date.isoformat()}-{night.id}.{extension}"
