"""Random but plausible games for the demo data, played move by move through the rules.

Each kind's pad proposes the next entry from the game's state (`demo_entry`), and `play`
folds it in with the kind's own `apply`, so an illegal move stops the demo instead of
reaching the database.
"""

from __future__ import annotations

import random

from .kinds.registry import KINDS


def play(kind: str, players: list[str], options: dict, rng: random.Random,
         stop_after: int | None = None) -> list[dict]:
    """Entries of one game, to its end or until `stop_after` entries."""
    pad = KINDS[kind]
    rules = pad.rules
    state = rules.start(players, {**rules.default_options, **options})
    entries: list[dict] = []
    while not state.finished and (stop_after is None or len(entries) < stop_after):
        entry = pad.demo_entry(state, rng)
        rules.apply(state, entry)
        entries.append(entry)
    return entries


def options_for(kind: str, seated: int, rng: random.Random) -> dict:
    """Settings a table might choose; mostly the defaults."""
    return KINDS[kind].demo_options(seated, rng)
