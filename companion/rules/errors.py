"""What the rules refuse, as sentences."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A setup or an entry that breaks the rules, said as a sentence for the table.

    `index` is the position of the first bad entry (None for a bad setup);
    `player` names the player the problem is about, when there is one, and `field` the part
    of the entry ("score", "bid", "grid.4" for a grid's fifth cell ...), so that a form can
    show the message next to the field it concerns.
    """

    def __init__(self, message: str, index: int | None = None, player: str | None = None,
                 field: str | None = None):
        super().__init__(message)
        self.message = message
        self.index = index
        self.player = player
        self.field = field

    def __str__(self) -> str:
        return self.message


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
