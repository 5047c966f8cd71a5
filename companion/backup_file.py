"""Reading a backup file: JSON refused in one sentence when it is too deep, too large or
holds what no database stores, before any code walks it."""

from __future__ import annotations

import io
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


# what a phone may restore from the History page: a restore holds the database's write
# lock (SQLite's one writer) for its length, about 6.5 ms a game; a larger group's backup
# is the command line's. And the JSON's objects and lists, counted in the file's bytes
# before it is parsed (each costs memory once parsed)
PHONE_MOST = {"players": 500, "nights": 500, "games": 1000, "entries": 20_000}
STRUCTURES_MOST = 500_000


def read_for_phone(source: IO[bytes]) -> dict:
    """A group's backup file sent by a phone (the History page), read and measured before
    anything is written: a BackupError for what is not one, a whole server's (the command
    line's alone: it would make every group it holds) or one over PHONE_MOST."""
    raw = source.read()
    if raw.count(b"{") + raw.count(b"[") > STRUCTURES_MOST:
        raise BackupError("The file holds far more than a group's backup a phone restores.")
    try:
        # a byte-order mark, as some editors write one, is no part of the text
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BackupError("The file is not text in UTF-8, as a backup is.") from None
    document = load(io.StringIO(text), "The file")
    if isinstance(document, dict) and "groups" in document:
        raise BackupError("This backup holds every group of a server: only the command line "
                          "restores it.")
    for what, count in sizes(document).items():
        if count > PHONE_MOST[what]:
            raise BackupError(f"This backup holds {count:,} {what}; a phone restores at most "
                              f"{PHONE_MOST[what]:,}. The command line restores any size.")
    return document


def sizes(document: Any) -> dict[str, int]:
    """How many players, nights, games and entries a backup lists (what is not a list
    counts nothing here: `restore` refuses it with its place)."""
    def listed(value: Any) -> list:
        return value if isinstance(value, list) else []

    doc = document if isinstance(document, dict) else {}
    nights = listed(doc.get("nights"))
    games = [game for night in nights if isinstance(night, dict)
             for game in listed(night.get("games"))]
    return {"players": len(listed(doc.get("players"))), "nights": len(nights),
            "games": len(games),
            "entries": sum(len(listed(game.get("entries"))) for game in games
                           if isinstance(game, dict))}
