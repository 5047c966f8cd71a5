"""The card game to 500: lowest total wins once someone reaches the target."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules.base import (Message, Names, Option, RuleError, Rules, Term, each, is_int, lowest,
                           need_player, not_playing, unknown_field)

# (key, label, points per card), in the order the pad shows them
CARD_TYPES = [
    # TRANSLATORS: a kind of card of the card game to 500, as its score pad labels it
    ("jokers", Term("Jokers"), 50),
    ("twos", Term("Twos"), 20),
    ("aces", Term("Aces"), 15),
    # TRANSLATORS: cards of the card game to 500: tens, jacks, queens and kings, as its
    # score pad labels them
    ("tens_to_kings", Term("Ten to King"), 10),
    # TRANSLATORS: cards of the card game to 500: threes to nines, as its score pad labels them
    ("threes_to_nines", Term("Three to Nine"), 5),
]
# the card types as a plural a sentence uses ("Cid holds 17 twos")
NOUNS = {
    # TRANSLATORS: cards of the card game to 500, in a sentence after a number ("17 jokers")
    "jokers": Term("jokers"),
    # TRANSLATORS: cards of the card game to 500, in a sentence after a number ("17 twos")
    "twos": Term("twos"),
    # TRANSLATORS: cards of the card game to 500, in a sentence after a number ("17 aces")
    "aces": Term("aces"),
    # TRANSLATORS: cards of the card game to 500 (tens, jacks, queens and kings), in a
    # sentence after a number ("65 tens to kings")
    "tens_to_kings": Term("tens to kings"),
    # TRANSLATORS: cards of the card game to 500 (threes to nines), in a sentence after a
    # number ("113 threes to nines")
    "threes_to_nines": Term("threes to nines"),
}
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


def noun(key: str) -> Term:
    """The card type as a plural a sentence can use: "tens to kings"."""
    return NOUNS[key]


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
    title = Term("Card game to 500")
    # TRANSLATORS: the kind as a sentence names it, in a list of the kinds ("dice poker,
    # the card game to 500 and Skull")
    phrase = Term("the card game to 500")
    blurb = Term("King reverses, Eight skips, Jack changes suit; Twos and Jokers stack +2 / +5.")
    min_players = 4
    max_players = 10
    # TRANSLATORS: what an entry of a score sheet is called: one hand of a card game
    entry_noun = Term("hand")
    best = "low"
    player_keys = ("out",)
    player_maps = ("hands",)
    options = (
        Option("extra_jokers", Term("Extra jokers"), 0, "int", 0, 16),
        Option("extra_twos", Term("Extra twos"), 0, "int", 0, 16),
        # TRANSLATORS: a setting's label, followed by a number: the game ends once a
        # player's total reaches it
        Option("target", Term("Game ends at"), 500, "int", 50, 5000),
    )

    def game_over(self) -> RuleError:
        return RuleError("The game is over: no hand can be added.")

    def unreadable(self) -> RuleError:
        return RuleError("This hand is not readable.")

    def entry_name(self, docs: list[dict], position: int) -> Message:
        # TRANSLATORS: a hand of the card game by its number, said inside a sentence
        # ("This change would make hand 4 ...") and, capitalised, as a heading
        return Message("hand {number}", number=position + 1)

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(players, options, {p: 0 for p in players})

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        if (name := unknown_field(entry, ENTRY_KEYS)) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("This hand has no field called “{name}”.", name=name)
        out = need_player(entry, "out", state.players,
                          lambda: RuleError("Say which player is the one who went out."))
        hands = entry.get("hands")
        if not isinstance(hands, dict):
            raise RuleError("Say what every player still held in this hand.")
        for name in hands:
            if name not in state.players:
                raise not_playing(name)
        if out in hands:
            raise RuleError("{player} went out and scores 0, so {player} has no cards to "
                            "count.", player=out)
        shoe = copies(state.options)

        def read(player: str) -> tuple[int, dict[str, int]]:
            if player not in hands:
                # TRANSLATORS: {out} is the player who went out (laid their last card)
                raise RuleError("{player}'s hand is missing: everyone but {out} still "
                                "holds cards.", player=player, out=out)
            return self.hand(player, hands[player], shoe)

        # every hand read, what is wrong in each said at once
        read_hands = each([p for p in state.players if p != out], read)
        points = {out: 0, **{player: score for player, (score, _) in read_hands.items()}}
        held = {player: counts for player, (_, counts) in read_hands.items()}
        self.check_shoe(held, shoe, state.options)
        state.hands.append({p: points[p] for p in state.players})
        state.outs.append(out)
        for player in state.players:
            state.totals[player] += points[player]
        state.finished = max(state.totals.values()) >= state.options["target"]

    def hand(self, player: str, doc: Any, shoe: dict[str, int]) -> tuple[int, dict[str, int]]:
        """One player's points and card counts (empty when the points were typed)."""
        if not isinstance(doc, dict):
            raise RuleError("{player}'s hand is not readable.", player=player)
        if (name := unknown_field(doc, HAND_KEYS)) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("{player}'s hand has no card type called “{name}”.",
                            player=player, name=name)
        if "points" in doc:
            if len(doc) > 1:
                raise RuleError("Give either {player}'s cards or {player}'s points, "
                                "not both.", player=player)
            return self.typed_points(player, doc["points"], shoe), {}
        for key, count in doc.items():
            field = f"count.{key}"
            if not is_int(count):
                # TRANSLATORS: {cards} is a kind of card in the plural ("aces", "tens to
                # kings")
                raise RuleError("{player}'s number of {cards} must be a whole number.",
                                player=player, field=field, cards=noun(key))
            if count < 0:
                # TRANSLATORS: {number} is below zero; {cards} is a kind of card in the
                # plural ("aces", "tens to kings")
                raise RuleError("{player} cannot hold {number} {cards}.", player=player,
                                field=field, number=count, cards=noun(key))
        if not any(doc.values()):
            raise RuleError("{player} holds no cards: only the player who went out "
                            "has none.", player=player)
        return hand_points(doc), dict(doc)

    def typed_points(self, player: str, value: Any, shoe: dict[str, int]) -> int:
        if not is_int(value):
            raise RuleError("{player}'s points must be a whole number.", player=player)
        if value < 5:
            raise RuleError("{player} cannot score {points}: a hand still holding cards "
                            "scores at least 5.", player=player, points=value)
        if value % 5:
            raise RuleError("{player} cannot score {points}: every card is worth a "
                            "multiple of 5.", player=player, points=value)
        whole_shoe = hand_points(shoe)
        if value > whole_shoe:
            # TRANSLATORS: the shoe holds every card of the game (four decks and any extras);
            # {shoe} is what all of them are worth together
            raise RuleError("{player} cannot score {points}: the whole shoe is worth "
                            "{shoe}.", player=player, points=value, shoe=whole_shoe)
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
            # a sentence per shape: one holder or several; four decks, or a shoe with extras
            cards, have = noun(key), shoe[key]
            if len(holders) == 1 and not extra:
                # TRANSLATORS: {cards} is a kind of card in the plural ("aces", "tens to kings")
                raise RuleError("{player} holds {number} {cards}; four decks have {copies}.",
                                player=holders[0], number=total, cards=cards, copies=have)
            if len(holders) == 1:
                # TRANSLATORS: {cards} is a kind of card in the plural ("aces", "tens to
                # kings"); the shoe holds every card of the game, extra cards included
                raise RuleError("{player} holds {number} {cards}; the shoe has {copies}.",
                                player=holders[0], number=total, cards=cards, copies=have)
            if not extra:
                # TRANSLATORS: {names} lists players ("Ben and Cid"); {cards} is a kind of
                # card in the plural ("aces", "tens to kings")
                raise RuleError("{names} hold {number} {cards} between them; four decks "
                                "have {copies}.", names=Names(holders), number=total,
                                cards=cards, copies=have)
            # TRANSLATORS: {names} lists players ("Ben and Cid"); {cards} is a kind of card
            # in the plural; the shoe holds every card of the game, extra cards included
            raise RuleError("{names} hold {number} {cards} between them; the shoe has "
                            "{copies}.", names=Names(holders), number=total, cards=cards,
                            copies=have)

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
