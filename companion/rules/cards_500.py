"""The card game to 500: lowest total wins once someone reaches the target."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import (Option, RuleError, Rules, and_list, brief, check_fields, is_int, lowest,
                   need_player)

# (key, label, points per card), in the order the pad shows them
CARD_TYPES = [
    ("jokers", "Jokers", 50),
    ("twos", "Twos", 20),
    ("aces", "Aces", 15),
    ("tens_to_kings", "Ten to King", 10),
    ("threes_to_nines", "Three to Nine", 5),
]
POINTS = {key: points for key, _, points in CARD_TYPES}
# the card types a setting can add copies of
EXTRA_OPTION = {"jokers": "extra_jokers", "twos": "extra_twos"}
# what an entry and a player's hand in it may hold
ENTRY_KEYS = ("out", "hands")
HAND_KEYS = ("points", *POINTS)
# four full decks with jokers
DECK_COPIES = {"jokers": 8, "twos": 16, "aces": 16, "tens_to_kings": 64, "threes_to_nines": 112}


def copies(options: dict[str, Any]) -> dict[str, int]:
    """How many cards of each type the shoe holds with these settings."""
    return {key: DECK_COPIES[key] + options.get(EXTRA_OPTION.get(key, ""), 0)
            for key, _, _ in CARD_TYPES}


def hand_points(counts: dict[str, int]) -> int:
    return sum(POINTS[key] * counts.get(key, 0) for key in POINTS)


def noun(key: str) -> str:
    """The card type as a plural a sentence can use: "tens to kings"."""
    return key.replace("_", " ")


@dataclass
class State:
    players: list[str]
    options: dict[str, Any]
    totals: dict[str, int]
    hands: list[dict[str, int]] = field(default_factory=list)
    outs: list[str] = field(default_factory=list)
    finished: bool = False


class Cards500(Rules):
    kind = "cards_500"
    title = "Card game to 500"
    phrase = "the card game to 500"
    blurb = "King reverses, Eight skips, Jack changes suit; Twos and Jokers stack +2 / +5."
    min_players = 4
    max_players = 10
    entry_noun = "hand"
    best = "low"
    player_keys = ("out",)
    player_maps = ("hands",)
    options = (
        Option("extra_jokers", "Extra jokers", 0, "int", 0, 16),
        Option("extra_twos", "Extra twos", 0, "int", 0, 16),
        Option("target", "Game ends at", 500, "int", 50, 5000),
    )

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(players, options, {p: 0 for p in players})

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        check_fields(entry, ENTRY_KEYS, "This hand")
        out = need_player(entry, "out", state.players, "one who went out")
        hands = entry.get("hands")
        if not isinstance(hands, dict):
            raise RuleError("Say what every player still held in this hand.")
        for name in hands:
            if name not in state.players:
                raise RuleError(f"{brief(str(name))} is not playing in this game.")
        if out in hands:
            raise RuleError(f"{out} went out and scores 0, so {out} has no cards to count.",
                            player=out)
        shoe = copies(state.options)
        points, held = {out: 0}, {}
        for player in state.players:
            if player == out:
                continue
            if player not in hands:
                raise RuleError(f"{player}'s hand is missing: everyone but {out} still "
                                "holds cards.", player=player)
            points[player], held[player] = self.hand(player, hands[player], shoe)
        self.check_shoe(held, shoe, state.options)
        state.hands.append({p: points[p] for p in state.players})
        state.outs.append(out)
        for player in state.players:
            state.totals[player] += points[player]
        state.finished = max(state.totals.values()) >= state.options["target"]

    def hand(self, player: str, doc: Any, shoe: dict[str, int]) -> tuple[int, dict[str, int]]:
        """One player's points and card counts (empty when the points were typed)."""
        if not isinstance(doc, dict):
            raise RuleError(f"{player}'s hand is not readable.", player=player)
        check_fields(doc, HAND_KEYS, f"{player}'s hand", player, "card type")
        if "points" in doc:
            if len(doc) > 1:
                raise RuleError(f"Give either {player}'s cards or {player}'s points, "
                                "not both.", player=player)
            return self.typed_points(player, doc["points"], shoe), {}
        for key, count in doc.items():
            if not is_int(count):
                raise RuleError(f"{player}'s number of {noun(key)} must be a whole number.",
                                player=player, field=f"count.{key}")
            if count < 0:
                raise RuleError(f"{player} cannot hold {count} {noun(key)}.", player=player,
                                field=f"count.{key}")
        if not any(doc.values()):
            raise RuleError(f"{player} holds no cards: only the player who went out "
                            "has none.", player=player)
        return hand_points(doc), dict(doc)

    def typed_points(self, player: str, value: Any, shoe: dict[str, int]) -> int:
        if not is_int(value):
            raise RuleError(f"{player}'s points must be a whole number.", player=player)
        if value < 5:
            raise RuleError(f"{player} cannot score {value}: a hand still holding cards "
                            "scores at least 5.", player=player)
        if value % 5:
            raise RuleError(f"{player} cannot score {value}: every card is worth a "
                            "multiple of 5.", player=player)
        whole_shoe = hand_points(shoe)
        if value > whole_shoe:
            raise RuleError(f"{player} cannot score {value}: the whole shoe is worth "
                            f"{whole_shoe}.", player=player)
        return value

    def check_shoe(self, held: dict[str, dict[str, int]], shoe: dict[str, int],
                   options: dict[str, Any]) -> None:
        """Refuse more cards of one type, over all players of the hand, than the shoe has."""
        for key, _, _ in CARD_TYPES:
            holders = [p for p, counts in held.items() if counts.get(key, 0)]
            total = sum(held[p][key] for p in holders)
            if total <= shoe[key]:
                continue
            extra = options.get(EXTRA_OPTION.get(key, ""), 0)
            has = f"four decks have {shoe[key]}" if not extra else f"the shoe has {shoe[key]}"
            if len(holders) == 1:
                raise RuleError(f"{holders[0]} holds {total} {noun(key)}; {has}.",
                                player=holders[0])
            raise RuleError(f"{and_list(holders)} hold {total} {noun(key)} between them; "
                            f"{has}.")

    def totals(self, state: State) -> dict[str, int]:
        return dict(state.totals)

    def winners(self, state: State) -> list[str]:
        return lowest(state.totals)

    def extra(self, state: State) -> dict[str, Any]:
        return {
            "hands": [dict(h) for h in state.hands],
            "outs": list(state.outs),
            "dealer": state.players[len(state.hands) % len(state.players)],
            # nobody leads before the first hand is scored
            "leaders": lowest(state.totals) if state.hands else [],
        }


RULES = Cards500()
