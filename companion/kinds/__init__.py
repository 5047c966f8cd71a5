"""The game kinds the app offers: one package each, `companion/kinds/<kind>/`.

A kind's package holds everything of it: `rules.py` (pure python: replay entries into a
sheet, the only judge of what is allowed), `pad.py` (its declared `Kind` class: the entry
form, the page model, its words, the exports and the demo's moves), `templates/`,
`static/` and `translations/` (its own catalogs, merged with the app's). Nothing generic
names a kind: it walks `NAMES`, `GAMES` (the rules) or `registry.KINDS` (the pads).

Importing this package loads only the rules, so it stays free of any framework.
"""

from importlib import import_module

# the registry, one line: the kinds in the order the new-game picker offers them
NAMES = ("dice_poker", "cards_500", "skyjo", "skull", "any_game", "wizard")

GAMES = {name: import_module(f"{__name__}.{name}.rules").RULES for name in NAMES}
