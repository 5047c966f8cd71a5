"""Wizard: bid the tricks you will take each round; a bid met scores, a bid missed costs.

RULES.md section 6. A round is entered in two steps: the bids before it is played, then the
tricks each player took. Round r deals r cards; the game has 60 // players rounds (or fewer,
by a setting) and the highest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules.base import (Message, Option, RoundRules, RuleError, Term, highest, is_int,
                           not_playing, unknown_field)

# the cards of the deck: 52 ordinary cards, 4 Wizards and 4 Jesters
DECK = 60
MIN_PLAYERS = 3
MAX_PLAYERS = 6


def round_count(players: int, options: dict[str, Any]) -> int:
    """How many rounds a game of `players` players has: all the deck allows, or the setting."""
    return options.get("rounds") or DECK // players


def points(bid: int, took: int) -> int:
    """A round's points: 20 and 10 a trick for a bid met, else -10 a trick of difference."""
    return 20 + 10 * took if bid == took else -10 * abs(bid - took)


@dataclass
class State:
    players: list[str]
    options: dict[str, Any]
    count: int
    # one per round whose bids are in: {"bids", "tricks" or None, "points" or None}
    rounds: list[dict[str, Any]] = field(default_factory=list)
    # the rounds whose tricks are in
    played: int = 0
    sums: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.sums = {p: 0 for p in self.players}

    @property
    def finished(self) -> bool:
        return self.played >= self.count

    @property
    def open_round(self) -> int | None:
        """The number of the round whose bids are in and whose tricks are not."""
        return len(self.rounds) if len(self.rounds) > self.played else None


class Wizard(RoundRules):
    kind = "wizard"
    # TRANSLATORS: the name of the card game Wizard (a published game's name)
    title = Term("Wizard")
    # TRANSLATORS: the kind as a sentence names it, in a list of the kinds ("dice poker,
    # Skull and Wizard")
    phrase = Term("Wizard")
    blurb = Term("Bid the tricks you will take each round: a bid met scores, a bid missed "
                 "costs.")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # TRANSLATORS: what an entry of a score sheet is called: one round of a game
    entry_noun = Term("round")
    best = "high"
    player_maps = ("bids", "tricks")
    options = (
        # TRANSLATORS: a setting of Wizard: how many rounds the game has, when not all
        # that the deck allows (60 cards shared by the players)
        Option("rounds", Term("Number of rounds"), None, "int", minimum=1,
               maximum=DECK // MIN_PLAYERS, optional=True),
        # TRANSLATORS: a setting of Wizard: the sum of a round's bids may not equal the
        # number of tricks of the round, so that someone must miss
        Option("uneven_bids", Term("Bids may not add up to the tricks"), False),
    )

    def check_setup(self, players: Any, options: Any) -> tuple[list[str], dict[str, Any]]:
        players, options = super().check_setup(players, options)
        most = DECK // len(players)
        if options["rounds"] is not None and options["rounds"] > most:
            # TRANSLATORS: {label} is a setting's label; {count} is how many players are
            # seated, {most} the rounds the 60 cards of Wizard allow them
            raise RuleError("The setting “{label}” must be at most {most} with {count} "
                            "players, not {rounds}.", label=self.options[0].label, most=most,
                            count=len(players), rounds=options["rounds"])
        return players, options

    def entry_name(self, docs: list[dict], position: int) -> Message:
        """A step by its round: "the bidding of round 3", "the result of round 3". A step
        unreadable or past the end (one undone) is named as the step the sheet would take."""
        played, open_ = 0, False
        for doc in docs[:max(position, 0)]:
            if isinstance(doc, dict) and "tricks" in doc:
                played, open_ = played + 1, False
            elif isinstance(doc, dict) and "bids" in doc:
                open_ = True
        doc = docs[position] if 0 <= position < len(docs) else None
        step = [key for key in ("bids", "tricks") if isinstance(doc, dict) and key in doc]
        if step == ["tricks"] or (len(step) != 1 and open_):
            # TRANSLATORS: the second step of a round of Wizard (the tricks each player
            # took, which score the round) by its number, said inside a sentence ("The
            # result of round 4 was saved on another phone") and, capitalised, as a heading
            return Message("the result of round {number}", number=played + 1)
        # TRANSLATORS: the first step of a round of Wizard (every player's bid) by its
        # number, said inside a sentence ("The bidding of round 4 was saved on another
        # phone") and, capitalised, as a heading
        return Message("the bidding of round {number}", number=played + 1)

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(list(players), options, round_count(len(players), options))

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        if (name := unknown_field(entry, ("bids", "tricks"))) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("This round has no field called “{name}”.", name=name)
        if ("bids" in entry) == ("tricks" in entry):
            raise RuleError("Give the bids of a round or its tricks, one at a time.")
        number = state.open_round
        if "bids" in entry:
            if number is not None:
                raise RuleError("The bids of round {number} are in: give its tricks next.",
                                number=number)
            number = state.played + 1
            bids = self.numbers(state, entry["bids"], "bids", number)
            total = sum(bids.values())
            if state.options["uneven_bids"] and total == number:
                # TRANSLATORS: {total} is the sum of the bids, which is {number}, the tricks
                # of the round; the setting "Bids may not add up to the tricks" is on
                raise RuleError("The bids add up to {total}, the tricks of round {number}: "
                                "in this game they may not.", field="bids", total=total,
                                number=number)
            state.rounds.append({"bids": bids, "tricks": None, "points": None})
            return
        if number is None:
            raise RuleError("Round {number} has no bids yet: give them before its tricks.",
                            number=state.played + 1)
        tricks = self.numbers(state, entry["tricks"], "tricks", number)
        total = sum(tricks.values())
        if total != number:
            # TRANSLATORS: {total} is the sum of the tricks typed; round {number} has
            # {number} tricks, each taken by someone
            raise RuleError("The tricks add up to {total}, not {number}: every trick of "
                            "round {number} is taken by someone.", field="tricks",
                            total=total, number=number)
        row = state.rounds[-1]
        row["tricks"] = tricks
        row["points"] = {p: points(row["bids"][p], tricks[p]) for p in state.players}
        for player, value in row["points"].items():
            state.sums[player] += value
        state.played += 1

    def numbers(self, state: State, given: Any, step: str, number: int) -> dict[str, int]:
        """Every player's bid or tricks for round `number`: whole numbers from 0 to `number`."""
        bids = step == "bids"
        if not isinstance(given, dict):
            if bids:
                raise RuleError("Give every player's bid for round {number}.", number=number)
            raise RuleError("Give every player's tricks for round {number}.", number=number)
        for name in given:
            if name not in state.players:
                raise not_playing(name)
        for player in state.players:
            if player not in given:
                if bids:
                    raise RuleError("{player}'s bid is missing from round {number}.",
                                    player=player, field=step, number=number)
                raise RuleError("{player}'s tricks are missing from round {number}.",
                                player=player, field=step, number=number)
            value = given[player]
            if not is_int(value):
                if bids:
                    raise RuleError("{player}'s bid must be a whole number.", player=player,
                                    field=step)
                raise RuleError("{player}'s tricks must be a whole number.", player=player,
                                field=step)
            if not 0 <= value <= number:
                if bids:
                    raise RuleError("{player}'s bid must be from 0 to {number} in round "
                                    "{number}, not {bid}.", player=player, field=step,
                                    number=number, bid=value)
                raise RuleError("{player}'s tricks must be from 0 to {number} in round "
                                "{number}, not {tricks}.", player=player, field=step,
                                number=number, tricks=value)
        return {p: given[p] for p in state.players}

    def totals(self, state: State) -> dict[str, int]:
        return dict(state.sums)

    def winners(self, state: State) -> list[str]:
        return highest(state.sums)

    def extra(self, state: State) -> dict[str, Any]:
        players, number = state.players, state.open_round
        # round r is dealt by seat (r - 1) % n: the open round, else the next one
        dealing = None if state.finished else (number or state.played + 1) - 1
        open_row = state.rounds[-1] if number is not None else None
        return {
            "rounds": [{"bids": dict(row["bids"]),
                        "tricks": None if row["tricks"] is None else dict(row["tricks"]),
                        "points": None if row["points"] is None else dict(row["points"])}
                       for row in state.rounds],
            "open_round": number,
            "round_count": state.count,
            "dealer": None if dealing is None else players[dealing % len(players)],
            # the player after the dealer bids first, and leads
            "first_bidder": None if dealing is None else players[(dealing + 1) % len(players)],
            "bid_sum": None if open_row is None else sum(open_row["bids"].values()),
        }


RULES = Wizard()
