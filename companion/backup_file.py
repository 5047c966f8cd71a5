"""Reading a backup file: JSON refused in one sentence when it is too deep, too large or
holds what no database stores, before any code walks it."""

from __future__ import annotations

import json
import math
import re
import reprlib
from typing import IO, Any

from .rules.base import brief


class BackupError(Exception):
    """A backup that cannot be restored, said as a sentence naming where."""


# a backup is 10 levels deep (document, nights, a night, games, a game, entries, an entry,
# hands, a hand, a grid): anything much deeper is refused before code recurses into it
MAX_DEPTH = 16
# every whole number a backup holds fits in 64 bits; longer digit strings are refused
NUMBER_MAX = 20
# its longest text is a night's title (80 characters): far longer text is refused unread
TEXT_MAX = 1000
SURROGATE = re.compile("[\ud800-\udfff]")


def load(source: IO[str], name: str) -> Any:
    """The JSON document in an open file, or a BackupError; `name` is the file in sentences."""

    def too_large(text: str) -> BackupError:
        return BackupError(f"{name} holds the number {brief(text)}, too large for a backup.")

    def whole(text: str) -> int:
        # checked before int(), which refuses thousands of digits in a programmer's words
        if len(text) > NUMBER_MAX:
            raise too_large(text)
        return int(text)

    def fraction(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise too_large(text)
        return value

    def constant(text: str) -> None:
        raise BackupError(f"{name} holds {text}, which is not a number a backup can hold.")

    try:
        document = json.load(source, parse_int=whole, parse_float=fraction,
                             parse_constant=constant)
    except RecursionError:
        raise BackupError(f"{name} is nested too deeply to be a backup.") from None
    except ValueError as error:
        raise BackupError(f"{name} is not readable JSON: {error}") from None
    check_shape(document, name)
    return document


def check_shape(document: Any, name: str) -> None:
    """Refuse nesting deeper than a backup's, text longer than its longest, and text no
    database stores (a lone surrogate, from an escape such as \\ud800); walked level by
    level, as recursing could overflow."""
    level, depth = [document], 0
    while level:
        inner = []
        for value in level:
            if isinstance(value, str) and len(value) > TEXT_MAX:
                raise BackupError(f"{name} holds text {len(value):,} characters long: "
                                  f"{reprlib.repr(value)}; nothing in a backup is that long.")
            if isinstance(value, str) and SURROGATE.search(value):
                raise BackupError(f"{name} holds text that is not valid Unicode: "
                                  f"{reprlib.repr(value)}.")
            if isinstance(value, (dict, list)):
                if depth == MAX_DEPTH:
                    raise BackupError(f"{name} is nested too deeply to be a backup.")
                inner.extend(value)
                if isinstance(value, dict):
                    inner.extend(value.values())
        level, depth = inner, depth + 1
