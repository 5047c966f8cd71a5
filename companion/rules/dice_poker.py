"""Dice poker: a Yatzy variant with a part of face rows and a part of combinations.

See RULES.md section 1. Besides `RULES`, the pure helpers `score_row`, `makes`,
`allowed_rows` and `possible_scores` let the pad preview a throw before it is saved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from .base import (Option, RuleError, Rules, and_list, brief, check_fields, highest, is_int,
                   need_player)

UPPER_ROWS = [("1", "Ones"), ("2", "Twos"), ("3", "Threes"),
              ("4", "Fours"), ("5", "Fives"), ("6", "Sixes")]
LOWER_ROWS = [("pair", "Pair"), ("two_pairs", "Two pairs"),
              ("three_of_a_kind", "Three of a kind"), ("small_straight", "Small straight"),
              ("big_straight", "Big straight"), ("full_house", "Full house"),
              ("four_of_a_kind", "Four of a kind"), ("poker", "Poker"), ("chance", "Chance")]
ROWS = UPPER_ROWS + LOWER_ROWS
LABELS = dict(ROWS)
UPPER = [key for key, _ in UPPER_ROWS]
LOWER = [key for key, _ in LOWER_ROWS]

BONUS = 50
POKER_EXTRA = 50
OPTIONS = (
    Option("four_of_a_kind_is_two_pairs", "Four of a kind counts as two pairs", False),
    Option("five_of_a_kind_is_full_house", "Five of a kind counts as full house", False),
)
ENTRY_KEYS = {"player", "row", "dice", "first_throw", "dash", "score"}


def row_name(row: str) -> str:
    """How a sentence names a row: "row 3", "the pair row"."""
    return f"row {row}" if row in UPPER else f"the {LABELS[row].lower()} row"


def check_row(row: Any) -> str:
    if not isinstance(row, str) or row not in LABELS:
        raise RuleError(f"The sheet has no row called “{row}”.")
    return row


def check_dice(dice: Any, player: str | None = None) -> list[int]:
    if not (isinstance(dice, (list, tuple)) and len(dice) == 5
            and all(is_int(d) and 1 <= d <= 6 for d in dice)):
        whose = f"{player}'s dice" if player else "The dice"
        raise RuleError(f"{whose} must be five numbers from 1 to 6.", player=player,
                        field="dice")
    return dice


def with_defaults(options: dict[str, Any] | None) -> dict[str, Any]:
    return {**{o.key: o.default for o in OPTIONS}, **(options or {})}


def combination(row: str, dice: list[int], options: dict[str, Any]) -> int | None:
    """A part-2 row's points before any doubling or poker extra; None when the dice miss."""
    counts = Counter(dice)
    shape = sorted(counts.values())
    # highest first, so a pair of 5s beats a pair of 2s in the same throw
    twice = sorted((f for f, c in counts.items() if c >= 2), reverse=True)
    most = max(counts, key=counts.get)
    if row == "pair":
        return 2 * twice[0] if twice else None
    if row == "two_pairs":
        if len(twice) == 2:
            return 2 * twice[0] + 2 * twice[1]
        if options["four_of_a_kind_is_two_pairs"] and counts[most] >= 4:
            return 4 * most
        return None
    if row == "three_of_a_kind":
        return 3 * most if counts[most] >= 3 else None
    if row == "small_straight":
        return 15 if sorted(dice) == [1, 2, 3, 4, 5] else None
    if row == "big_straight":
        return 20 if sorted(dice) == [2, 3, 4, 5, 6] else None
    if row == "full_house":
        five_counts = options["five_of_a_kind_is_full_house"] and shape == [5]
        return sum(dice) if shape == [2, 3] or five_counts else None
    if row == "four_of_a_kind":
        return 4 * most if counts[most] >= 4 else None
    if row == "poker":
        return 5 * most if shape == [5] else None
    return sum(dice)  # chance takes any throw


def makes(row: str, dice: list[int], options: dict[str, Any] | None = None) -> bool:
    """Whether the dice form the row's combination (part 1 takes any throw)."""
    check_row(row)
    check_dice(dice)
    return row in UPPER or combination(row, dice, with_defaults(options)) is not None


def score_row(row: str, dice: list[int], first_throw: bool = False,
              options: dict[str, Any] | None = None) -> int:
    """The points the dice score in the row; 0 (a dash) when they miss the combination."""
    check_row(row)
    check_dice(dice)
    if row in UPPER:
        face = int(row)
        return (dice.count(face) - 3) * face
    points = combination(row, dice, with_defaults(options))
    if points is None:
        return 0
    if first_throw and row != "chance":
        points *= 2
    # the poker extra comes after doubling: five 5s on the first throw make 100, not 150
    return points + POKER_EXTRA if row == "poker" else points


@lru_cache(maxsize=None)
def _possible(row: str, four_is_two_pairs: bool, five_is_full_house: bool) -> frozenset[int]:
    options = {"four_of_a_kind_is_two_pairs": four_is_two_pairs,
               "five_of_a_kind_is_full_house": five_is_full_house}
    # every throw, on the first throw or later, plus 0 for a dash: no table to drift out of step
    throws = combinations_with_replacement(range(1, 7), 5)
    return frozenset({0} | {score_row(row, list(dice), first, options)
                            for dice in throws for first in (False, True)})


def possible_scores(row: str, options: dict[str, Any] | None = None) -> list[int]:
    """Every value the row can hold: the scores some throw makes, their doubles, and 0."""
    options = with_defaults(options)
    return sorted(_possible(check_row(row), bool(options["four_of_a_kind_is_two_pairs"]),
                            bool(options["five_of_a_kind_is_full_house"])))


def allowed_rows(filled: dict[str, int | None]) -> list[str]:
    """The open rows a player may use now: part 1 rows first, then the combinations."""
    if not isinstance(filled, dict):
        raise RuleError("The rows filled so far are not readable.")
    open_rows = [key for key, _ in ROWS if filled.get(key) is None]
    return [key for key in open_rows if key in UPPER] or open_rows


@dataclass
class State:
    players: list[str]
    options: dict[str, Any]
    rows: dict[str, dict[str, int | None]]
    dashes: dict[str, list[str]] = field(default_factory=dict)
    doubled: dict[str, list[str]] = field(default_factory=dict)
    finished: bool = False

    def filled(self, player: str) -> int:
        return sum(points is not None for points in self.rows[player].values())

    def next_player(self) -> str | None:
        if self.finished:
            return None
        fewest = min(self.filled(p) for p in self.players)
        return next(p for p in self.players if self.filled(p) == fewest)


class DicePoker(Rules):
    kind = "dice_poker"
    title = "Dice poker"
    phrase = "dice poker"
    blurb = "Five dice, three throws a turn: face rows first, then pairs, straights and poker."
    min_players = 2
    max_players = 4
    options = OPTIONS
    entry_noun = "turn"
    best = "high"
    player_keys = ("player",)

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(players, options, rows={p: dict.fromkeys(LABELS) for p in players},
                     dashes={p: [] for p in players}, doubled={p: [] for p in players})

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        player = need_player(entry, "player", state.players, "one taking this turn")
        check_fields(entry, ENTRY_KEYS, f"{player}'s turn", player)
        turn = state.next_player()
        if state.filled(player) > state.filled(turn):
            raise RuleError(f"It is {turn}'s turn: {player} has already played this round.",
                            player=player, field="player")
        row = entry.get("row")
        if not isinstance(row, str):
            raise RuleError(f"Say which row {player} is filling.", player=player, field="row")
        if row not in LABELS:
            raise RuleError(f"{player}'s sheet has no row called “{brief(row)}”.",
                            player=player, field="row")
        filled = state.rows[player]
        if filled[row] is not None:
            raise RuleError(f"{player} already filled {row_name(row)}.", player=player,
                            field="row")
        if row in LOWER and any(filled[r] is None for r in UPPER):
            raise RuleError(f"{player} must fill rows 1 to 6 before the combinations.",
                            player=player, field="row")
        points, dash, doubled = self.points(state, entry, player, row)
        filled[row] = points
        if dash:
            state.dashes[player].append(row)
        if doubled:
            state.doubled[player].append(row)
        state.finished = all(state.filled(p) == len(ROWS) for p in state.players)

    def points(self, state: State, entry: dict[str, Any], player: str,
               row: str) -> tuple[int, bool, bool]:
        """(points, is a dash, is doubled) from the entry's dice, dash or typed score."""
        forms = [key for key in ("dice", "dash", "score") if key in entry]
        if not forms:
            raise RuleError(f"Give {player}'s dice, a dash or a score for {row_name(row)}.",
                            player=player, field="dice")
        if len(forms) > 1:
            given = and_list([{"dice": "dice", "dash": "a dash", "score": "a score"}[f]
                              for f in forms])
            raise RuleError(f"{player}'s turn has {given} for {row_name(row)}: give one of "
                            "them.", player=player, field=forms[-1])
        first = entry.get("first_throw", False)
        if not isinstance(first, bool):
            raise RuleError(f"{player}'s first throw mark must be on or off.", player=player,
                            field="first_throw")
        if first and forms != ["dice"]:
            raise RuleError(f"Only dice can be marked as a first throw: {player}'s typed "
                            "score already includes any doubling.", player=player,
                            field="first_throw")
        if forms == ["dice"]:
            dice = check_dice(entry["dice"], player)
            if not makes(row, dice, state.options):
                return 0, True, False
            doubled = first and row in LOWER and row != "chance"
            return score_row(row, dice, first, state.options), False, doubled
        if forms == ["dash"]:
            if entry["dash"] is not True:
                raise RuleError(f"{player}'s dash must be written as true.", player=player,
                            field="dash")
            if row in UPPER:
                raise RuleError(f"{player} cannot write a dash in row {row}: "
                                "part 1 scores every throw.", player=player, field="dash")
            return 0, True, False
        points = entry["score"]
        if not is_int(points):
            raise RuleError(f"{player}'s score for {row_name(row)} must be a whole number.",
                            player=player, field="score")
        values = possible_scores(row, state.options)
        if points not in values:
            # the values are listed when they are few enough to read
            takes = (f": it takes {', '.join(map(str, values[:-1]))} or {values[-1]}"
                     if len(values) <= 12 else "")
            raise RuleError(f"{player} cannot score {points} in {row_name(row)}{takes}.",
                            player=player, field="score")
        # a typed 0 in part 2 means the row was given up, exactly like a dash
        return points, points == 0 and row in LOWER, False

    def parts(self, state: State, player: str) -> tuple[int, int, int]:
        """(part 1, bonus, part 2) as the sheet shows them so far."""
        filled = state.rows[player]
        upper = sum(filled[r] or 0 for r in UPPER)
        done = all(filled[r] is not None for r in UPPER)
        bonus = BONUS if done and upper >= 0 else 0
        return upper, bonus, sum(filled[r] or 0 for r in LOWER)

    def totals(self, state: State) -> dict[str, int]:
        return {p: sum(self.parts(state, p)) for p in state.players}

    def winners(self, state: State) -> list[str]:
        return highest(self.totals(state))

    def entry_name(self, docs: list[dict], position: int) -> str:
        """A turn by its player's round, as the pad tells it: "Ann's turn in round 4"; a
        turn no longer in the list (undone) is "the last turn"."""
        if not 0 <= position < len(docs) or not isinstance(docs[position], dict):
            return "the last turn"
        player = docs[position].get("player")
        number = sum(isinstance(doc, dict) and doc.get("player") == player
                     for doc in docs[:position + 1])
        return f"{player}'s turn in round {number}"

    def extra(self, state: State) -> dict[str, Any]:
        totals = self.totals(state)
        results = {}
        if state.finished:
            average = Fraction(sum(totals.values()), len(totals))
            results = {p: total - average for p, total in totals.items()}
        parts = {p: self.parts(state, p) for p in state.players}
        return {
            "rows": {p: dict(state.rows[p]) for p in state.players},
            "upper": {p: parts[p][0] for p in state.players},
            "bonus": {p: parts[p][1] for p in state.players},
            "lower": {p: parts[p][2] for p in state.players},
            "results": results,
            "next_player": state.next_player(),
            "dashes": {p: list(state.dashes[p]) for p in state.players},
            # the rows doubled as made on the first throw
            "doubled": {p: list(state.doubled[p]) for p in state.players},
        }


RULES = DicePoker()
