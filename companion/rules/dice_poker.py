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

from .base import (Message, Option, RuleError, Rules, Term, brief, highest, is_int, need_player,
                   unknown_field)

# the rows as the sheet labels them (Terms)
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
ENTRY_KEYS = {"player", "row", "dice", "first_throw", "dash", "score"}


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
    title = Term("Dice poker")
    # TRANSLATORS: the kind as a sentence names it, in a list of the kinds ("dice poker,
    # the card game to 500 and Skull")
    phrase = Term("dice poker")
    blurb = Term("Five dice, three throws a turn: face rows first, then pairs, straights and "
                 "poker.")
    min_players = 2
    max_players = 4
    options = OPTIONS
    # TRANSLATORS: what an entry of a score sheet is called: one player's turn at the dice
    entry_noun = Term("turn")
    best = "high"
    player_keys = ("player",)

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(players, options, rows={p: dict.fromkeys(LABELS) for p in players},
                     dashes={p: [] for p in players}, doubled={p: [] for p in players})

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        player = need_player(entry, "player", state.players,
                             RuleError("Say which player is the one taking this turn."))
        if (name := unknown_field(entry, ENTRY_KEYS)):
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("{player}'s turn has no field called “{name}”.", player=player,
                            name=name)
        turn = state.next_player()
        if state.filled(player) > state.filled(turn):
            # TRANSLATORS: {next_player} is the player whose turn it is now
            raise RuleError("It is {next_player}'s turn: {player} has already played this "
                            "round.", player=player, field="player", next_player=turn)
        row = entry.get("row")
        if not isinstance(row, str):
            raise RuleError("Say which row {player} is filling.", player=player, field="row")
        if row not in LABELS:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("{player}'s sheet has no row called “{name}”.",
                            player=player, field="row", name=brief(row))
        filled = state.rows[player]
        if filled[row] is not None:
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            raise RuleError("{player} already filled {row}.", player=player, field="row",
                            row=row_name(row))
        if row in LOWER and any(filled[r] is None for r in UPPER):
            raise RuleError("{player} must fill rows 1 to 6 before the combinations.",
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
        name = row_name(row)
        if not forms:
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            raise RuleError("Give {player}'s dice, a dash or a score for {row}.",
                            player=player, field="dice", row=name)
        if len(forms) > 1:
            raise self.more_than_one(forms, player, name)
        first = entry.get("first_throw", False)
        if not isinstance(first, bool):
            # TRANSLATORS: the mark that the dice were made on the first throw of the turn
            raise RuleError("{player}'s first throw mark must be on or off.", player=player,
                            field="first_throw")
        if first and forms != ["dice"]:
            raise RuleError("Only dice can be marked as a first throw: {player}'s typed "
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
                raise RuleError("{player}'s dash must be written as true.", player=player,
                                field="dash")
            if row in UPPER:
                # TRANSLATORS: {number} is 1 to 6, a row of part 1 of the dice poker sheet
                raise RuleError("{player} cannot write a dash in row {number}: "
                                "part 1 scores every throw.", player=player, field="dash",
                                number=int(row))
            return 0, True, False
        points = entry["score"]
        if not is_int(points):
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            raise RuleError("{player}'s score for {row} must be a whole number.",
                            player=player, field="score", row=name)
        values = possible_scores(row, state.options)
        if points not in values:
            # the values are listed when they are few enough to read
            if len(values) <= 12:
                # TRANSLATORS: {row} names a row of the dice poker sheet ("row 3", "the pair
                # row"); {values} lists numbers with commas, {last} is the last of them
                raise RuleError("{player} cannot score {points} in {row}: it takes {values} "
                                "or {last}.", player=player, field="score", points=points,
                                row=name, values=", ".join(map(str, values[:-1])),
                                last=values[-1])
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            raise RuleError("{player} cannot score {points} in {row}.", player=player,
                            field="score", points=points, row=name)
        # a typed 0 in part 2 means the row was given up, exactly like a dash
        return points, points == 0 and row in LOWER, False

    @staticmethod
    def more_than_one(forms: list[str], player: str, row: Term) -> RuleError:
        """The refusal of a turn giving more than one of dice, a dash and a score."""
        field = forms[-1]
        if forms == ["dice", "dash"]:
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            return RuleError("{player}'s turn has dice and a dash for {row}: give one of "
                             "them.", player=player, field=field, row=row)
        if forms == ["dice", "score"]:
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            return RuleError("{player}'s turn has dice and a score for {row}: give one of "
                             "them.", player=player, field=field, row=row)
        if forms == ["dash", "score"]:
            # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
            return RuleError("{player}'s turn has a dash and a score for {row}: give one of "
                             "them.", player=player, field=field, row=row)
        # TRANSLATORS: {row} names a row of the dice poker sheet: "row 3", "the pair row"
        return RuleError("{player}'s turn has dice, a dash and a score for {row}: give one "
                         "of them.", player=player, field=field, row=row)

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

    def entry_name(self, docs: list[dict], position: int) -> Message:
        """A turn by its player's round, as the pad tells it: "Ann's turn in round 4"; a
        turn no longer in the list (undone) is "the last turn"."""
        if not 0 <= position < len(docs) or not isinstance(docs[position], dict):
            # TRANSLATORS: a turn of dice poker said inside a sentence ("Undo the last
            # turn?") and, capitalised, as a heading
            return Message("the last turn")
        player = docs[position].get("player")
        number = sum(isinstance(doc, dict) and doc.get("player") == player
                     for doc in docs[:position + 1])
        # TRANSLATORS: a turn of dice poker said inside a sentence ("This change would
        # make Ann's turn in round 4 ...") and, capitalised, as a heading
        return Message("{player}'s turn in round {number}", player=player, number=number)

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
