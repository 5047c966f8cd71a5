"""The game kinds the app offers, each a plugin: its rules, its pad and its view model.

A pad module holds `RULES` (its kind's rules, companion/rules), the entry form
(`form_for`, `dress`, `to_entry`, `preview`), the view model of its sheet (`board`, and
`tell` for one entry as a sentence), the demo's moves (`demo_entry`, `demo_options`,
`MID_GAME`), and the templates `pads/<kind>_sheet.html` and `pads/<kind>_form.html`, with
`static/css/pads/<kind>.css` if it has one. Everything else walks `KINDS`.
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
        pad.STYLESHEET = (f"css/pads/{kind}.css"
                          if (STATIC / "css" / "pads" / f"{kind}.css").exists() else None)
    return pads


# the registry, in the order the new-game picker offers the kinds
KINDS = load("dice_poker", "cards_500", "skyjo", "skull", "any_game")
