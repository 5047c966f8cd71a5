"""One night as a download: CSV for a spreadsheet, JSON for a program."""

from __future__ import annotations

import csv
import io
from typing import Any

from . import services
from .backup import night_doc, now_text
from .i18n import and_list, gettext, shown
from .models import Night
from .kinds.registry import KINDS
from .rules.sheet import json_number

NIGHT_FORMAT = "companion-night"
# a spreadsheet runs a cell starting with one of these as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# without it Excel reads the file in the local code page and garbles "Jānis", "Tõnu"
BOM = "\ufeff"


def night_json(night: Night) -> dict[str, Any]:
    """The night as a backup holds it, plus each game's final totals, winners and sheet."""
    doc = night_doc(night)
    for game, shown in zip(night.games, doc["games"]):
        shown["totals"] = game.totals_by_name
        shown["winners"] = game.winner_names
        header, rows = KINDS[game.kind].sheet_table(game, services.replay(game))
        shown["sheet"] = {"header": header, "rows": rows}
    return {"format": NIGHT_FORMAT, "version": 1, "exported_at": now_text(), "night": doc}


def night_csv(night: Night) -> str:
    """One table per game, each after a blank line and a heading row: the game's whole
    sheet as its kind lays it out. Its words are in the reader's language; its numbers
    and dates stay as a spreadsheet reads them (a dot, ISO dates)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    # TRANSLATORS: the first cell of a night's CSV download, before its date and title
    writer.writerow([gettext("Night"), night.date.isoformat(), text(night.title or "")])
    writer.writerow([gettext("Players"), *(text(p.name) for p in night.attendees)])
    for number, game in enumerate(night.games, start=1):
        sheet = services.replay(game)
        header, rows = KINDS[game.kind].sheet_table(game, sheet)
        writer.writerow([])
        # TRANSLATORS: a game's heading in a night's CSV download: its number in the
        # night and its name ("Game 1: Skyjo")
        heading = gettext("Game %(number)s: %(game)s", number=number, game=shown(game.title))
        writer.writerow([text(heading), game.status_label, text(won(sheet.winners))])
        for row in [header, *rows]:
            writer.writerow([cell(value) for value in row])
    return BOM + out.getvalue()


def cell(value: Any) -> Any:
    """Text is escaped, numbers stay numbers (a negative score is not a formula)."""
    return text(value) if isinstance(value, str) else json_number(value)


def won(winners: list[str]) -> str:
    # TRANSLATORS: who won a game, in a night's CSV download: "Won by Ann and Ben"
    return gettext("Won by %(names)s", names=and_list(winners)) if winners else ""


def text(value: str) -> str:
    """A name or title as a cell a spreadsheet shows, never runs."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def filename(night: Night, extension: str) -> str:
    return f"night-{night.date.isoformat()}-{night.id}.{extension}"
