"""Any other game of the night: points per round, the highest or lowest total wins.

RULES.md section 5. Each entry is a round (every player's points) or the table's decision
to end the game; a target or a number of rounds ends it by itself.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...rules.base import (Message, Option, RoundRules, RuleError, Term, highest, is_int,
                           lowest, not_playing, unknown_field)

POINTS = 100_000
NAME_MAX = 40


@dataclass
class State:
    players: list[str]
    options: dict[str, Any]
    rounds: list[dict[str, int]] = field(default_factory=list)
    # "target", "rounds" or "table": what ended the game
    ended_by: str | None = None
    # each player's total so far, kept as rounds are added (`add`): a replay reads the
    # totals after every round, so summing every round each time would be quadratic
    sums: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.sums = {p: sum(points[p] for points in self.rounds) for p in self.players}

    @property
    def finished(self) -> bool:
        return self.ended_by is not None

    def add(self, points: dict[str, int]) -> None:
        """One more round of every player's points."""
        self.rounds.append(points)
        for player, value in points.items():
            self.sums[player] += value

    def totals(self) -> dict[str, int]:
        return dict(self.sums)


class AnyGame(RoundRules):
    kind = "any_game"
    # TRANSLATORS: the kind of game for every game the app has no rules for
    title = Term("Any game")
    # TRANSLATORS: the kind as a sentence names it, in a list of the kinds ("dice poker,
    # Skull and any other game")
    phrase = Term("any other game")
    blurb = Term("A plain score pad for every other game: points per round, a total per player.")
    min_players = 2
    max_players = 12
    # TRANSLATORS: what an entry of a score sheet is called: one round of a game
    entry_noun = Term("round")
    best = "high"
    player_maps = ("scores",)
    options = (
        Option("name", Term("Name of the game"), "", "text", maximum=NAME_MAX),
        Option("high_wins", Term("Highest total wins"), True),
        # TRANSLATORS: a setting's label, followed by a number: the game ends once a
        # player's total reaches it
        Option("target", Term("Game ends at a total of"), None, "int", minimum=1,
               maximum=POINTS, optional=True),
        Option("rounds", Term("Number of rounds"), None, "int", minimum=1, maximum=1000,
               optional=True),
    )

    def best_for(self, options: dict[str, Any]) -> str:
        return "high" if options.get("high_wins", True) else "low"

    def group(self, options: dict[str, Any]) -> str:
        # "Qwixx", "qwixx" and " QWIXX " are one game, as people would say
        name = unicodedata.normalize("NFKC", typed_name(options))
        return " ".join(name.casefold().split())

    def group_title(self, options: dict[str, Any]) -> str:
        # the name the table typed (plain text, never translated), else the kind's Term
        return " ".join(typed_name(options).split()) or self.title

    def entry_name(self, docs: list[dict], position: int) -> Message:
        # TRANSLATORS: a round of a game by its number, said inside a sentence ("This
        # change would make round 4 ...") and, capitalised, as a heading
        return Message("round {number}", number=position + 1)

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(list(players), options)

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        if (name := unknown_field(entry, ("scores", "end"))) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("This round has no field called “{name}”.", name=name)
        if "end" in entry:
            if "scores" in entry:
                raise RuleError("A round gives the scores or ends the game, not both.")
            if entry["end"] is not True:
                raise RuleError("The end of the game must be written as true.")
            if not state.rounds:
                raise RuleError("The game can end only after at least one round.")
            state.ended_by = "table"
            return
        state.add(self.scores(state, entry.get("scores")))
        options = state.options
        if options["target"] is not None and max(state.sums.values()) >= options["target"]:
            state.ended_by = "target"
        elif options["rounds"] is not None and len(state.rounds) >= options["rounds"]:
            state.ended_by = "rounds"

    def scores(self, state: State, scores: Any) -> dict[str, int]:
        if not isinstance(scores, dict):
            raise RuleError("Give every player's points for this round.")
        for name in scores:
            if name not in state.players:
                raise not_playing(name)
        for player in state.players:
            if player not in scores:
                raise RuleError("{player}'s points are missing from this round.",
                                player=player, field="points")
            points = scores[player]
            if not is_int(points):
                raise RuleError("{player}'s points must be a whole number.", player=player,
                                field="points")
            if not -POINTS <= points <= POINTS:
                raise RuleError("{player}'s points must be from {least} to {most}, "
                                "not {points}.", player=player, field="points",
                                least=-POINTS, most=POINTS, points=points)
        return {p: scores[p] for p in state.players}

    def totals(self, state: State) -> dict[str, int]:
        return state.totals()

    def winners(self, state: State) -> list[str]:
        totals = state.totals()
        return highest(totals) if state.options["high_wins"] else lowest(totals)

    def extra(self, state: State) -> dict[str, Any]:
        return {"rounds": [dict(points) for points in state.rounds],
                "ended_by": state.ended_by}


def typed_name(options: Any) -> str:
    """The game's name as the table typed it; "" for none, and for settings of any other
    shape (a backup may hold anything: `check_setup` refuses it in a sentence)."""
    name = options.get("name") if isinstance(options, dict) else None
    return name if isinstance(name, str) else ""


RULES = AnyGame()
