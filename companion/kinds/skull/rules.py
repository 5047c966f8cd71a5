"""Skull: bluffing with flowers and skulls; two successful challenges win.

Each entry is one challenge. The state tracks points, cards left and who is out;
the variant only changes the cards on the table and how many may play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules.base import (Counted, Message, Option, RuleError, Rules, Term, is_int, need_player,
                           unknown_field)

CARDS_PER_PLAYER = 4
POINTS_TO_WIN = 2

# what each set of cards is called, and which cards each player takes from it (Terms:
# the page that starts a game shows them)
VARIANTS: dict[str, dict[str, Any]] = {
    "published": {
        # TRANSLATORS: a choice of cards to play Skull with: the game's own box
        "label": Term("Published set"),
        "players": (3, 6),
        # TRANSLATORS: Skull's setup; the mat is the round card each player puts their cards on
        "mat": Term("Each player takes a mat: dark side up means no point yet, light side "
                    "one point."),
        "flowers": Term("Each player takes the three flower cards of their colour."),
        "skull": Term("Each player takes the skull card of their colour."),
        "note": Term("The game as published, for 3 to 6 players."),
    },
    "suit": {
        # TRANSLATORS: a choice of cards to play Skull with: an ordinary deck, a suit per player
        "label": Term("Standard deck by suit"),
        "players": (3, 4),
        # TRANSLATORS: Skull's setup; the mat is the card each player puts their cards on
        "mat": Term("Each player takes the Ace of one suit as their mat: face down means no "
                    "point yet."),
        "flowers": Term("The Jack, Queen and King of that suit are the player's three "
                        "flowers."),
        "skull": Term("The 2 of that suit is the player's skull."),
        "note": Term("One suit per player, so 3 or 4 players."),
    },
    "rank": {
        # TRANSLATORS: a choice of cards to play Skull with: an ordinary deck, a rank per player
        "label": Term("Standard deck by rank"),
        "players": (3, 10),
        # TRANSLATORS: Skull's setup; the mat is the card each player puts their cards on
        "mat": Term("Each player takes a Jack, Queen or King as their mat: "
                    "face down means no point yet."),
        "flowers": Term("Each player takes the four cards of one rank: "
                        "the three that are not spades are the flowers."),
        "skull": Term("The spade of that rank is the player's skull."),
        "note": Term("Up to 10 players, though more than 6 is not recommended."),
    },
    "uno": {
        # TRANSLATORS: a choice of cards to play Skull with: a deck of the card game UNO
        "label": Term("UNO deck"),
        "players": (3, 4),
        # TRANSLATORS: Skull's setup; the mat is the card each player puts their cards on
        "mat": Term("Each player takes a Wild card as their mat: face down means no point "
                    "yet."),
        # TRANSLATORS: Reverse, Skip and Draw Two are the names of UNO's cards
        "flowers": Term("The Reverse, Skip and Draw Two of one colour are the player's three "
                        "flowers."),
        # TRANSLATORS: Wild Draw Four is the name of an UNO card
        "skull": Term("A Wild Draw Four is the player's skull."),
        "note": Term("One colour per player, so 3 or 4 players."),
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
    # TRANSLATORS: the name of the board game Skull (a published game's name)
    title = Term("Skull")
    blurb = Term("Bluff with flowers and skulls; flip as many flowers as you bid, twice, to "
                 "win.")
    min_players = 3
    max_players = 10
    # TRANSLATORS: what an entry of a Skull score sheet is called: one challenge (a player
    # flips as many cards as they bid)
    entry_noun = Term("challenge")
    best = "wins"
    player_keys = ("challenger", "skull_owner")
    options = (
        # TRANSLATORS: a setting's label: which cards the table plays Skull with
        Option("variant", Term("Cards"), "published", "choice",
               choices=tuple((key, v["label"]) for key, v in VARIANTS.items())),
        # games stored before this setting existed were played without it
        # TRANSLATORS: a setting of Skull: a player whose skull is revealed as their last
        # card is out of the game
        Option("last_skull_out", Term("A last card that is a revealed skull is out"), True,
               before=False),
    )

    def game_over(self) -> RuleError:
        return RuleError("The game is over: no challenge can be added.")

    def unreadable(self) -> RuleError:
        return RuleError("This challenge is not readable.")

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        variant = VARIANTS.get((options or {}).get("variant", "published"))
        return variant["players"] if variant else (self.min_players, self.max_players)

    def setup_warnings(self, players: list[str], options: dict[str, Any]) -> list[Message]:
        if (options or {}).get("variant") == "rank" and len(players) > 6:
            # TRANSLATORS: advice when a game starts; {count} is how many players are
            # seated, 7 to 10
            return [Message("More than 6 players is not recommended, even with a standard "
                            "deck by rank ({count} are seated).", count=len(players))]
        return []

    def entry_name(self, docs: list[dict], position: int) -> Message:
        # TRANSLATORS: a challenge of Skull by its number, said inside a sentence ("This
        # change would make challenge 4 ...") and, capitalised, as a heading
        return Message("challenge {number}", number=position + 1)

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
        if (name := unknown_field(entry, ENTRY_KEYS)) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("{player}'s challenge has no field called “{name}”.",
                            player=challenger, name=name)
        bid = entry.get("bid")
        if not is_int(bid):
            raise RuleError("Say {player}'s bid as a whole number.", player=challenger,
                            field="bid")
        if bid < 1:
            raise RuleError("{player}'s bid must be at least 1, not {bid}.",
                            player=challenger, field="bid", bid=bid)
        if bid > state.max_bid:
            # TRANSLATORS: {count} is how many cards lie on all the players' mats
            raise Counted("A bid of {bid} is more than the {count} card on the mats.",
                          "A bid of {bid} is more than the {count} cards on the mats.",
                          player=challenger, field="bid", bid=bid, count=state.max_bid)
        outcome = entry.get("outcome")
        if not isinstance(outcome, str) or outcome not in OUTCOMES:
            raise RuleError("Say whether {player}'s challenge succeeded or revealed a skull.",
                            player=challenger, field="outcome")
        if outcome == "success":
            if entry.get("skull_owner") is not None:
                raise RuleError("{player}'s challenge succeeded, so no skull owner "
                                "can be named.", player=challenger)
            return challenger, bid, outcome, None
        if entry.get("skull_owner") is None:
            raise RuleError("Say whose skull {player} revealed.", player=challenger,
                            field="outcome")
        owner = self.active_player(state, entry, "skull_owner")
        if bid == 1 and owner != challenger:
            # own cards are flipped first and every mat holds at least one card
            # TRANSLATORS: {player} made the challenge; {owner} is the player whose skull
            # it revealed
            raise RuleError("A bid of 1 only flips {player}'s own card, so it cannot "
                            "reveal {owner}'s skull.", player=challenger, field="bid",
                            owner=owner)
        return challenger, bid, outcome, owner

    def active_player(self, state: State, entry: dict[str, Any], key: str) -> str:
        if key == "challenger":
            name = need_player(entry, key, state.players,
                               lambda: RuleError("Say which player is the challenger."))
            if state.eliminated[name]:
                raise RuleError("{player} is out of the game and cannot be the challenger.",
                                player=name, field=key)
            return name
        name = need_player(entry, key, state.players,
                           lambda: RuleError("Say which player is the owner of the "
                                             "revealed skull."))
        if state.eliminated[name]:
            raise RuleError("{player} is out of the game and cannot be the owner of the "
                            "revealed skull.", player=name, field=key)
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
