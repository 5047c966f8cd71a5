"""What the rules of every game kind share: pure python, the single source of truth for
scoring. Each kind's own rules are `companion/kinds/<kind>/rules.py`.

Nothing here may import Flask, SQLAlchemy or WTForms (a test checks it).
"""

from .base import MAX_ENTRIES, Option, RuleError, Rules, Sheet


def __getattr__(name):
    # GAMES, the rules of every registered kind, loads the kinds' rules on first use: they
    # import this package's machinery themselves
    if name == "GAMES":
        from ..kinds import GAMES
        return GAMES
    raise AttributeError(name)


__all__ = ["GAMES", "MAX_ENTRIES", "Option", "RuleError", "Rules", "Sheet"]
