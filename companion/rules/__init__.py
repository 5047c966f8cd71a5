"""The rules of every game kind: pure python, the single source of truth for scoring.

Nothing here may import Flask, SQLAlchemy or WTForms (a test checks it). A kind is one
module here with a `RULES` instance; `GAMES` finds them all.
"""

import importlib
import pkgutil

from .base import MAX_ENTRIES, Option, RuleError, Rules, Sheet

GAMES: dict[str, Rules] = {}
for _module in pkgutil.iter_modules(__path__):
    _rules = getattr(importlib.import_module(f"{__name__}.{_module.name}"), "RULES", None)
    if isinstance(_rules, Rules):
        GAMES[_rules.kind] = _rules

__all__ = ["GAMES", "MAX_ENTRIES", "Option", "RuleError", "Rules", "Sheet"]
