"""Dice poker's sheet: its rows, what a throw of five dice scores in each, and the
settings that change which throws make a combination (RULES.md section 1).

The pure helpers `score_row`, `makes`, `allowed_rows` and `possible_scores` let the pad
preview a throw before it is saved; `rules.py` replays the turns with them.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ...rules.base import Option, RuleError, Term, is_int

UPPER_ROWS = [
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 1
    ("1", Term("Ones")),
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 2
    ("2", Term("Twos")),
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 3
    ("3", Term("Threes")),
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 4
    ("4", Term("Fours")),
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 5
    ("5", Term("Fives")),
    # TRANSLATORS: a row of the dice poker sheet: the points of the dice showing 6
    ("6", Term("Sixes")),
]
LOWER_ROWS = [
    # TRANSLATORS: a row of the dice poker sheet (two dice alike)
    ("pair", Term("Pair")),
    # TRANSLATORS: a row of the dice poker sheet (two different pairs of dice)
    ("two_pairs", Term("Two pairs")),
    # TRANSLATORS: a row of the dice poker sheet (three dice alike)
    ("three_of_a_kind", Term("Three of a kind")),
    # TRANSLATORS: a row of the dice poker sheet (dice 1, 2, 3, 4, 5)
    ("small_straight", Term("Small straight")),
    # TRANSLATORS: a row of the dice poker sheet (dice 2, 3, 4, 5, 6)
    ("big_straight", Term("Big straight")),
    # TRANSLATORS: a row of the dice poker sheet (three dice alike and two others alike)
    ("full_house", Term("Full house")),
    # TRANSLATORS: a row of the dice poker sheet (four dice alike)
    ("four_of_a_kind", Term("Four of a kind")),
    # TRANSLATORS: a row of the dice poker sheet (all five dice alike)
    ("poker", Term("Poker")),
    # TRANSLATORS: a row of the dice poker sheet (any throw, the sum of the dice)
    ("chance", Term("Chance")),
]
ROWS = UPPER_ROWS + LOWER_ROWS
LABELS = dict(ROWS)
UPPER = [key for key, _ in UPPER_ROWS]
LOWER = [key for key, _ in LOWER_ROWS]

BONUS = 50
POKER_EXTRA = 50
OPTIONS = (
    Option("four_of_a_kind_is_two_pairs", Term("Four of a kind counts as two pairs"), False),
    Option("five_of_a_kind_is_full_house", Term("Five of a kind counts as full house"), False),
)


# How a sentence names a row: "row 3", "the pair row" (a Term, the {row} of a sentence)
ROW_NAMES = {
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 1."): the row of the dice showing 1
    "1": Term("row 1"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 2."): the row of the dice showing 2
    "2": Term("row 2"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 3."): the row of the dice showing 3
    "3": Term("row 3"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 4."): the row of the dice showing 4
    "4": Term("row 4"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 5."): the row of the dice showing 5
    "5": Term("row 5"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled row 6."): the row of the dice showing 6
    "6": Term("row 6"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the pair row.")
    "pair": Term("the pair row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the two pairs row.")
    "two_pairs": Term("the two pairs row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the three of a kind row.")
    "three_of_a_kind": Term("the three of a kind row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the small straight row.")
    "small_straight": Term("the small straight row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the big straight row.")
    "big_straight": Term("the big straight row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the full house row.")
    "full_house": Term("the full house row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the four of a kind row.")
    "four_of_a_kind": Term("the four of a kind row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the poker row.")
    "poker": Term("the poker row"),
    # TRANSLATORS: a row of the dice poker sheet as a sentence names it ("Ann already
    # filled the chance row.")
    "chance": Term("the chance row"),
}


def row_name(row: str) -> Term:
    """How a sentence names a row: "row 3", "the pair row"."""
    return ROW_NAMES[row]


def check_row(row: Any) -> str:
    if not isinstance(row, str) or row not in LABELS:
        # TRANSLATORS: {name} is a word from a stored entry or a request, quoted as it is
        raise RuleError("The sheet has no row called “{name}”.", name=str(row))
    return row


def check_dice(dice: Any, player: str | None = None) -> list[int]:
    if not (isinstance(dice, (list, tuple)) and len(dice) == 5
            and all(is_int(d) and 1 <= d <= 6 for d in dice)):
        if player:
            raise RuleError("{player}'s dice must be five numbers from 1 to 6.",
                            player=player, field="dice")
        raise RuleError("The dice must be five numbers from 1 to 6.", field="dice")
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
