"""The page model every pad page reads: what the sheet shows, already worked out.

Each kind's pad builds a `Board` (or a subclass with its own figures) from one replay, so
templates read plain attributes and never call into a pad or the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import shown
from ..models import Game
from ..rules import Sheet


@dataclass
class Standing:
    name: str
    total: Any
    leader: bool
    # what the kind says beside the name: "Deals", "Starts"
    tags: list[str] = field(default_factory=list)


@dataclass
class Told:
    position: int
    sentence: str


@dataclass
class Board:
    title: str
    noun: str
    # entries have numbers the pad says ("Round 4"): not dice poker's turns
    numbered: bool
    # the number of the entry the form adds
    next_number: int
    players: list[str]
    standings: list[Standing]
    leaders: list[str]
    finished: bool
    winners: list[str]
    playing: bool
    # entries can still be corrected (not an abandoned game)
    editable: bool
    # the player whose turn it is, marked in the standings; None where turns don't apply
    turn_player: str | None
    # every entry as a sentence, oldest first
    told: list[Told]
    # the game's settings as (label, value), as the sheet lists them
    settings: list[tuple[str, str]]
    # what the undo button says: "Undo round 4"
    undo_label: str
    # the entry form's heading and its Save button: "Round 4", "Save round 4"
    entry_heading: str
    save_label: str
    # the correction page's heading: "Correct round"
    correct_heading: str


def leaders(sheet: Sheet, best: str) -> list[str]:
    """Who leads: the winners once finished; nobody before the first entry or while all
    are level; else the best total, lowest or highest by the kind."""
    if sheet.finished:
        return list(sheet.winners)
    totals = sheet.totals
    if not sheet.progress or len(set(totals.values())) == 1:
        return []
    top = (min if best == "low" else max)(totals.values())
    return [p for p, t in totals.items() if t == top]


def common(kind, game: Game, sheet: Sheet, docs: list[dict],
           tags: dict[str, list[str]] | None = None,
           turn_player: str | None = None) -> dict[str, Any]:
    """The fields every board has, as keyword arguments for a Board (sub)class of `kind`
    (companion/kinds/base.py), whose words and `tell` say the entries."""
    rules, words = kind.rules, kind.words
    noun, number = rules.entry_noun, len(sheet.progress) + 1
    leading = leaders(sheet, rules.best_for(game.options))
    tags = tags or {}
    return {
        # a kind's title is a word of the rules; any other game's name is the table's own
        "title": shown(rules.group_title(game.options)), "noun": noun,
        "numbered": words.numbered, "next_number": number,
        "players": list(sheet.players),
        "standings": [Standing(p, sheet.totals[p], p in leading, tags.get(p, []))
                      for p in sheet.players],
        "leaders": leading, "finished": sheet.finished, "winners": list(sheet.winners),
        "playing": game.in_progress, "editable": not game.is_abandoned,
        "turn_player": turn_player if game.in_progress else None,
        "told": [Told(i, kind.tell(sheet, docs, i)) for i in range(len(sheet.progress))],
        "settings": [(shown(label), shown(value))
                     for label, value in rules.describe_options(game.options)],
        "undo_label": words.undo(number - 1), "entry_heading": words.heading(number),
        "save_label": words.save(number), "correct_heading": words.correct(),
    }
