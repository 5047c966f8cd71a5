"""The rules of every game kind: pure python, the single source of truth for scoring.

Nothing here may import Flask, SQLAlchemy or WTForms (a test checks it). Adding a
kind means one module with a `RULES` instance and one line in `GAMES`.
"""

from . import cards_500, dice_poker, skull, skyjo
from .base import Option, RuleError, Rules, Sheet

GAMES: dict[str, Rules] = {
    rules.kind: rules for rules in (
        dice_poker.RULES,
        cards_500.RULES,
        skyjo.RULES,
        skull.RULES,
    )
}

__all__ = ["GAMES", "Option", "RuleError", "Rules", "Sheet"]
