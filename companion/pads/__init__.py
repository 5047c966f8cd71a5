"""The game kinds the app offers, each a plugin: its rules, its pad and its view model.

A pad module holds `RULES` (its kind's rules, companion/rules), the entry form
(`form_for`, `dress`, `to_entry`, `preview`), the view model of its sheet (`board`, and
`tell` for one entry as a sentence), `sheet_table(game, sheet)` (the whole sheet as a
header row and rows of plain strings and numbers, for the exports), the demo's moves
(`demo_entry`, `demo_options`, `MID_GAME`), and the templates `pads/<kind>_sheet.html` and `pads/<kind>_form.html`, with
`static/css/pads/<kind>.css` and `static/js/pads/<kind>.js` if it has them (a script only
enhances a form that works without it). Everything else walks `KINDS`.
"""

from importlib import import_module
from pathlib import Path
from types import ModuleType

from ..rules import GAMES

STATIC = Path(__file__).resolve().parent.parent.parent / "static"


def load(*kinds: str) -> dict[str, ModuleType]:
    pads = {kind: import_module(f"{__name__}.{kind}") for kind in kinds}
    # GAMES finds the rules modules by file name; every list of kinds follows this order
    rest = {kind: rules for kind, rules in GAMES.items() if kind not in pads}
    GAMES.clear()
    GAMES.update({kind: pad.RULES for kind, pad in pads.items()}, **rest)
    for kind, pad in pads.items():
        pad.STYLESHEET = own_static(f"css/pads/{kind}.css")
        pad.SCRIPT = own_static(f"js/pads/{kind}.js")
    return pads


def own_static(path: str) -> str | None:
    return path if (STATIC / path).exists() else None


# the registry, in the order the new-game picker offers the kinds
KINDS = load("dice_poker", "cards_500", "skyjo", "skull", "any_game")
