"""Skull: bluffing with flowers and skulls; two successful challenges win.

Each entry is one challenge. The state tracks points, cards left and who is out;
the variant only changes the cards on the table and how many may play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import Option, RuleError, Rules, check_fields, is_int, need_player

CARDS_PER_PLAYER = 4
POINTS_TO_WIN = 2

VARIANTS: dict[str, dict[str, Any]] = {
    "published": {
        "label": "Published set",
        "players": (3, 6),
        "mat": "Each player takes a mat: dark side up means no point yet, light side one point.",
        "flowers": "Each player takes the three flower cards of their colour.",
        "skull": "Each player takes the skull card of their colour.",
        "note": "The game as published, for 3 to 6 players.",
    },
    "suit": {
        "label": "Standard deck by suit",
        "players": (3, 4),
        "mat": "Each player takes the Ace of one suit as their mat: face down means no point yet.",
        "flowers": "The Jack, Queen and King of that suit are the player's three flowers.",
        "skull": "The 2 of that suit is the player's skull.",
        "note": "One suit per player, so 3 or 4 players.",
    },
    "rank": {
        "label": "Standard deck by rank",
        "players": (3, 10),
        "mat": ("Each player takes a Jack, Queen or King as their mat: "
                "face down means no point yet."),
        "flowers": ("Each player takes the four cards of one rank: "
                    "the three that are not spades are the flowers."),
        "skull": "The spade of that rank is the player's skull.",
        "note": "Up to 10 players, though more than 6 is not recommended.",
    },
    "uno": {
        "label": "UNO deck",
        "players": (3, 4),
        "mat": "Each player takes a Wild card as their mat: face down means no point yet.",
        "flowers": "The Reverse, Skip and Draw Two of one colour are the player's three flowers.",
        "skull": "A Wild Draw Four is the player's skull.",
        "note": "One colour per player, so 3 or 4 players.",
    },
}

OUTCOMES = ("success", "skull")
ENTRY_KEYS = ("challenger", "bid", "outcome", "skull_owner")


@dataclass
class State:
    players: list[str]
    points: dict[str, int]
    cards: dict[str, int]
    eliminated: dict[str, bool]
    # the seed's rule: a skull revealed as its owner's last card puts the owner out
    last_skull_out: bool = True
    challenges: list[dict[str, Any]] = field(default_factory=list)
    next_starter: str | None = None
    winner: str | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def active(self) -> list[str]:
        return [p for p in self.players if not self.eliminated[p]]

    @property
    def max_bid(self) -> int:
        return sum(self.cards[p] for p in self.active)

    def next_active_after(self, player: str) -> str:
        """The next player clockwise (in seating order) who is still in."""
        seat = self.players.index(player)
        for step in range(1, len(self.players)):
            other = self.players[(seat + step) % len(self.players)]
            if not self.eliminated[other]:
                return other
        return player


class Skull(Rules):
    kind = "skull"
    # which physical cards each player takes, per set: shown when a game starts
    variants = VARIANTS
    title = "Skull"
    blurb = "Bluff with flowers and skulls; flip as many flowers as you bid, twice, to win."
    min_players = 3
    max_players = 10
    entry_noun = "challenge"
    best = "wins"
    player_keys = ("challenger", "skull_owner")
    options = (
        Option("variant", "Cards", "published", "choice",
               choices=tuple((key, v["label"]) for key, v in VARIANTS.items())),
        # games stored before this setting existed were played without it
        Option("last_skull_out", "A last card that is a revealed skull is out", True,
               before=False),
    )

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        variant = VARIANTS.get((options or {}).get("variant", "published"))
        return variant["players"] if variant else (self.min_players, self.max_players)

    def setup_warnings(self, players: list[str], options: dict[str, Any]) -> list[str]:
        if (options or {}).get("variant") == "rank" and len(players) > 6:
            return [f"More than 6 players is not recommended, even with a standard deck "
                    f"by rank ({len(players)} are seated)."]
        return []

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(
            players=list(players),
            points={p: 0 for p in players},
            cards={p: CARDS_PER_PLAYER for p in players},
            eliminated={p: False for p in players},
            last_skull_out=options["last_skull_out"],
        )

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        challenger, bid, outcome, owner = self.check(state, entry)
        record = {"challenger": challenger, "bid": bid, "outcome": outcome,
                  "skull_owner": owner, "picked_by": None, "eliminated": False,
                  "owner_out": False}
        state.challenges.append(record)
        state.next_starter = challenger
        if outcome == "success":
            state.points[challenger] += 1
            if state.points[challenger] >= POINTS_TO_WIN:
                state.winner = challenger
        else:
            self.skull_revealed(state, record, challenger, owner)
        if state.finished:
            state.next_starter = None

    def skull_revealed(self, state: State, record: dict[str, Any], challenger: str,
                       owner: str) -> None:
        """The challenger loses a card (the skull's owner picks it; own skull: the
        challenger discards one); the owner is out too if the skull was their last card."""
        record["picked_by"] = owner
        owner_last = owner != challenger and state.cards[owner] == 1 and state.last_skull_out
        state.cards[challenger] -= 1
        if owner_last:
            state.cards[owner] = 0
            state.eliminated[owner] = record["owner_out"] = True
        if state.cards[challenger] == 0:
            state.eliminated[challenger] = record["eliminated"] = True
            # the skull's owner starts; own skull, or the owner out too: the next one in
            state.next_starter = (owner if owner != challenger and not owner_last
                                  else state.next_active_after(challenger))
        if not state.active:
            # the last two went out on one challenge: the skull did its job
            state.winner = owner
        elif len(state.active) == 1:
            state.winner = state.active[0]

    def check(self, state: State, entry: dict[str, Any]) -> tuple[str, int, str, str | None]:
        """The entry's fields once they pass every rule, or the first RuleError."""
        challenger = self.active_player(state, entry, "challenger")
        check_fields(entry, ENTRY_KEYS, f"{challenger}'s challenge", challenger)
        bid = entry.get("bid")
        if not is_int(bid):
            raise RuleError(f"Say {challenger}'s bid as a whole number.", player=challenger,
                            field="bid")
        if bid < 1:
            raise RuleError(f"{challenger}'s bid must be at least 1, not {bid}.",
                            player=challenger, field="bid")
        if bid > state.max_bid:
            raise RuleError(f"A bid of {bid} is more than the {state.max_bid} cards on the mats.",
                            player=challenger, field="bid")
        outcome = entry.get("outcome")
        if not isinstance(outcome, str) or outcome not in OUTCOMES:
            raise RuleError(f"Say whether {challenger}'s challenge succeeded or revealed a skull.",
                            player=challenger, field="outcome")
        if outcome == "success":
            if entry.get("skull_owner") is not None:
                raise RuleError(f"{challenger}'s challenge succeeded, so no skull owner "
                                f"can be named.", player=challenger)
            return challenger, bid, outcome, None
        if entry.get("skull_owner") is None:
            raise RuleError(f"Say whose skull {challenger} revealed.", player=challenger,
                            field="outcome")
        owner = self.active_player(state, entry, "skull_owner")
        if bid == 1 and owner != challenger:
            # own cards are flipped first and every mat holds at least one card
            raise RuleError(f"A bid of 1 only flips {challenger}'s own card, so it cannot "
                            f"reveal {owner}'s skull.", player=challenger, field="bid")
        return challenger, bid, outcome, owner

    def active_player(self, state: State, entry: dict[str, Any], key: str) -> str:
        what = "challenger" if key == "challenger" else "owner of the revealed skull"
        name = need_player(entry, key, state.players, what)
        if state.eliminated[name]:
            raise RuleError(f"{name} is out of the game and cannot be the {what}.", player=name,
                            field=key)
        return name

    def totals(self, state: State) -> dict[str, int]:
        return dict(state.points)

    def winners(self, state: State) -> list[str]:
        return [state.winner] if state.winner else []

    def extra(self, state: State) -> dict[str, Any]:
        return {
            "state": {p: {"points": state.points[p], "cards": state.cards[p],
                          "eliminated": state.eliminated[p]} for p in state.players},
            "next_starter": state.next_starter,
            "challenges": [dict(c) for c in state.challenges],
            "max_bid": state.max_bid,
            "active": state.active,
        }


RULES = Skull()
