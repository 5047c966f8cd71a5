"""Random but plausible games for the demo data, played move by move through the rules.

Pure python like the rules: each kind has a function that proposes the next entry
from the game's state, and `play` folds it in with the kind's own `apply`, so an
illegal move stops the demo instead of reaching the database.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .rules import GAMES
from .rules import cards_500, dice_poker, skyjo

Move = Callable[[Any, random.Random], dict]


def play(kind: str, players: list[str], options: dict, rng: random.Random,
         stop_after: int | None = None) -> list[dict]:
    """Entries of one game, to its end or until `stop_after` entries."""
    rules, move = GAMES[kind], MOVES[kind]
    state = rules.start(players, {**rules.default_options, **options})
    entries: list[dict] = []
    while not state.finished and (stop_after is None or len(entries) < stop_after):
        entry = move(state, rng)
        rules.apply(state, entry)
        entries.append(entry)
    return entries


# -- dice poker: up to three throws, keeping the dice that serve the best open row ----


def dice_turn(state: Any, rng: random.Random) -> dict:
    player = state.next_player()
    rows = dice_poker.allowed_rows(state.rows[player])
    upper = rows[0] in dice_poker.UPPER
    kept: list[int] = []
    for throw in (1, 2, 3):
        dice = kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]
        row, points = best_row(rows, dice, throw == 1, state.options)
        if throw == 3 or (upper and points > 0) or (not upper and points >= 20):
            break
        faces = [int(r) for r in rows] if upper else list(range(1, 7))
        face = max(faces, key=lambda f: (dice.count(f), f))
        kept = [face] * dice.count(face)
    return {"player": player, "row": row, "dice": dice, "first_throw": throw == 1}


def best_row(rows: list[str], dice: list[int], first: bool, options: dict) -> tuple[str, int]:
    """The open row these dice score most in; a miss goes to the hardest row left."""
    scored = [(dice_poker.score_row(r, dice, first, options), -i, r) for i, r in enumerate(rows)]
    points, _, row = max(scored)
    if points == 0 and rows[0] not in dice_poker.UPPER:
        row = rows[-1]
    return row, points


# -- the card game to 500: a few cards left in every hand but the one who went out ---

CARD_ODDS = {"jokers": (0.06, 1), "twos": (0.2, 2), "aces": (0.3, 2),
             "tens_to_kings": (0.6, 3), "threes_to_nines": (0.8, 4)}


def card_hand(state: Any, rng: random.Random) -> dict:
    out = rng.choice(state.players)
    left = cards_500.copies(state.options)
    hands = {}
    for player in state.players:
        if player == out:
            continue
        if rng.random() < 0.2:
            hands[player] = {"points": 5 * rng.randint(1, 24)}
            continue
        counts = {}
        for key, (odds, most) in CARD_ODDS.items():
            count = min(rng.randint(1, most), left[key]) if rng.random() < odds else 0
            if count:
                counts[key], left[key] = count, left[key] - count
        hands[player] = counts or {"threes_to_nines": 1}
    return {"out": out, "hands": hands}


# -- skyjo: mostly typed round scores, sometimes the twelve cards from one deck ---------


def skyjo_round(state: Any, rng: random.Random) -> dict:
    players = state.players
    finisher = rng.choice(players)
    if rng.random() < 0.25:
        deck = [value for value, copies in skyjo.DECK.items() for _ in range(copies)]
        rng.shuffle(deck)
        draw = min(18, len(deck) // len(players))
        hands = {}
        for seat, player in enumerate(players):
            grid = sorted(deck[seat * draw:(seat + 1) * draw])[:skyjo.CELLS]
            rng.shuffle(grid)
            hands[player] = {"grid": grid}
        if rng.random() < 0.7:
            # whoever turned all their cards first usually holds the lowest grid
            finisher = min(players, key=lambda p: sum(hands[p]["grid"]))
        return {"finisher": finisher, "hands": hands}
    hands = {p: {"score": max(skyjo.MIN_SCORE, min(skyjo.MAX_SCORE, round(rng.gauss(17, 9))))}
             for p in players}
    hands[finisher] = {"score": rng.randint(-4, 18)}
    return {"finisher": finisher, "hands": hands}


# -- skull: challenges until two wins or one player left --------------------------------


def skull_challenge(state: Any, rng: random.Random) -> dict:
    active = state.active
    challenger = rng.choice(active)
    bid = rng.randint(1, min(state.max_bid, len(active) + 1))
    if rng.random() < 0.55:
        return {"challenger": challenger, "bid": bid, "outcome": "success"}
    owner = rng.choice(active) if bid > 1 else challenger
    return {"challenger": challenger, "bid": bid, "outcome": "skull", "skull_owner": owner}


MOVES: dict[str, Move] = {
    "dice_poker": dice_turn,
    "cards_500": card_hand,
    "skyjo": skyjo_round,
    "skull": skull_challenge,
}


def options_for(kind: str, seated: int, rng: random.Random) -> dict:
    """Settings a table might choose; mostly the defaults."""
    if kind == "skull":
        return {"variant": "published" if seated <= 6 else "rank"}
    if kind == "dice_poker" and rng.random() < 0.3:
        return {"four_of_a_kind_is_two_pairs": True}
    if kind == "skyjo" and rng.random() < 0.15:
        return {"target": 150}
    return {}

