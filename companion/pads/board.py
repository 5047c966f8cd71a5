"""The view model every pad page reads: what the sheet shows, already worked out.

Each kind's pad builds a `Board` (or a subclass with its own figures) from one replay, so
templates read plain attributes and never call into a pad or the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from ..i18n import shown
from ..models import Game
from ..rules import GAMES, Sheet


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


def common(game: Game, sheet: Sheet, docs: list[dict], tell,
           tags: dict[str, list[str]] | None = None,
           turn_player: str | None = None) -> dict[str, Any]:
    """The fields every board has, as keyword arguments for a Board (sub)class;
    `tell(sheet, docs, position)` says one entry as a sentence."""
    rules = GAMES[game.kind]
    noun, number = rules.entry_noun, len(sheet.progress) + 1
    leading = leaders(sheet, rules.best_for(game.options))
    tags = tags or {}
    heading, save, undo, correct = entry_words(noun, number)
    return {
        # a kind's title is a word of the rules; any other game's name is the table's own
        "title": shown(rules.group_title(game.options)), "noun": noun, "next_number": number,
        "players": list(sheet.players),
        "standings": [Standing(p, sheet.totals[p], p in leading, tags.get(p, []))
                      for p in sheet.players],
        "leaders": leading, "finished": sheet.finished, "winners": list(sheet.winners),
        "playing": game.in_progress, "editable": not game.is_abandoned,
        "turn_player": turn_player if game.in_progress else None,
        "told": [Told(i, tell(sheet, docs, i)) for i in range(len(sheet.progress))],
        "settings": [(shown(label), shown(value))
                     for label, value in rules.describe_options(game.options)],
        "undo_label": undo, "entry_heading": heading, "save_label": save,
        "correct_heading": correct,
    }


def entry_words(noun: str, number: int) -> tuple[str, str, str, str]:
    """What the pad says about its entries, as whole phrases for the translators (a noun
    changes its form with its verb in et, pl, lv): the form's heading and Save button for
    entry `number`, the undo button for the one before it, the correction's heading."""
    last = number - 1
    if noun == "round":
        return (gettext("Round %(number)s", number=number),
                gettext("Save round %(number)s", number=number),
                gettext("Undo round %(number)s", number=last), gettext("Correct round"))
    if noun == "hand":
        # TRANSLATORS: a hand of the card game to 500: the cards dealt, played until one
        # player goes out
        return (gettext("Hand %(number)s", number=number),
                gettext("Save hand %(number)s", number=number),
                gettext("Undo hand %(number)s", number=last), gettext("Correct hand"))
    if noun == "challenge":
        # TRANSLATORS: Skull: a challenge is a player flipping as many cards as they bid
        return (gettext("Challenge %(number)s", number=number),
                gettext("Save challenge %(number)s", number=number),
                gettext("Undo challenge %(number)s", number=last), gettext("Correct challenge"))
    if noun == "turn":
        # dice poker numbers its turns by round (its board says so): only the correction
        return ("", "", "", gettext("Correct turn"))
    return (gettext("Entry %(number)s", number=number),
            gettext("Save entry %(number)s", number=number),
            gettext("Undo entry %(number)s", number=last), gettext("Correct entry"))


def save_as_words(noun: str, number: int) -> str | None:
    """The Save button of an entry whose place another phone took meanwhile, typed
    otherwise than what that phone saved: what its tap now does. None for dice poker's
    turns, which have no number to change."""
    if noun == "round":
        return gettext("Save as round %(number)s", number=number)
    if noun == "hand":
        return gettext("Save as hand %(number)s", number=number)
    if noun == "challenge":
        return gettext("Save as challenge %(number)s", number=number)
    if noun == "turn":
        return None
    return gettext("Save as entry %(number)s", number=number)
