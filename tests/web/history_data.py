"""Builders of backup documents, restored through the CLI as a caller would load past nights.

Each builder has defaults, so a test names only what it is about:
    restore(runner, tmp_path, night(games=[skyjo(winner="Ann")]))
They go into the test table's group, which `app.test_client()` has joined.
"""

import json
import random

from companion.demo_play import play
from companion.rules import GAMES
from companion.kinds.dice_poker.rows import ROWS
from tests.conftest import GROUP

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]


def document(*nights, players=None):
    names = players if players is not None else sorted(
        {name for n in nights for g in n["games"] for name in g["players"]}
        | {name for n in nights for name in n["attendees"]}, key=str.casefold)
    return {"format": "companion-backup", "version": 1, "exported_at": "2026-11-30T20:00:00+00:00",
            "players": names, "nights": list(nights)}


def night(day="2026-11-01", title="Test night", games=(), attendees=None):
    games = list(games)
    came = attendees if attendees is not None else sorted(
        {name for g in games for name in g["players"]}, key=seating)
    return {"date": day, "title": title, "attendees": came, "games": games}


def seating(name):
    return PLAYERS.index(name) if name in PLAYERS else len(PLAYERS)


def game(kind, players, entries, status="finished", **options):
    return {"kind": kind, "options": options, "players": list(players), "status": status,
            "entries": entries}


def skyjo(scores=None, finisher=None, status="finished", players=None):
    """One Skyjo round to a target of 10: the lowest score wins (Ann by default)."""
    players = players or ["Ann", "Ben", "Cid"]
    scores = scores or {p: 5 + 10 * i for i, p in enumerate(players)}
    finisher = finisher or min(scores, key=scores.get)
    entry = {"finisher": finisher, "hands": {p: {"score": s} for p, s in scores.items()}}
    return game("skyjo", players, [entry], status, target=10)


def skull(winner="Ann", players=("Ann", "Ben", "Cid")):
    wins = [{"challenger": winner, "bid": 2, "outcome": "success"}] * 2
    return game("skull", players, wins)


def cards_500(out="Ann", points=None, players=("Ann", "Ben", "Cid", "Dora")):
    """One hand to a target of 50: the player who went out wins with 0."""
    points = points or {p: 50 + 5 * i for i, p in enumerate(players) if p != out}
    return game("cards_500", players, [{"out": out, "hands": {p: {"points": n} for p, n in
                                                              points.items()}}], target=50)


def dice_poker(chance=None, players=("Ann", "Ben")):
    """Every row 0 but chance; the part-1 bonus gives everyone 50 more."""
    chance = chance or {p: 30 - 5 * i for i, p in enumerate(players)}
    entries = [{"player": p, "row": row, "score": chance[p] if row == "chance" else 0}
               for row, _ in ROWS for p in players]
    return game("dice_poker", players, entries)


def played(kind, players=("Ann", "Ben", "Cid", "Dora"), seed=1):
    """A whole random game of any kind in GAMES, through the demo's legal moves."""
    rules = GAMES[kind]
    low, high = rules.player_range(rules.default_options)
    seated = list(players)[:max(low, min(high, len(players)))]
    return game(kind, seated, play(kind, seated, {}, random.Random(seed)),
                **rules.default_options)


def restore(runner, tmp_path, *nights, replace=False, players=None):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document(*nights, players=players)))
    result = runner.invoke(args=["restore", str(path), "--group", str(GROUP),
                                 *(["--replace"] if replace else [])])
    assert result.exit_code == 0, result.output
    return result
