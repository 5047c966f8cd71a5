"""Dice poker: a Yatzy variant with a part of face rows and a part of combinations.

See RULES.md section 1. The sheet's rows and what dice score in them are in `rows.py`;
here are the turns, replayed into the sheet, and `RULES`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...rules.base import (Message, RuleError, Rules, Term, brief, highest, is_int, need_player,
                           unknown_field)
from .rows import (BONUS, LABELS, LOWER, OPTIONS, ROWS, UPPER, check_dice, makes,
                   possible_scores, row_name, score_row)

ENTRY_KEYS = {"player", "row", "dice", "first_throw", "dash", "score"}


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

    def game_over(self) -> RuleError:
        return RuleError("The game is over: no turn can be added.")

    def unreadable(self) -> RuleError:
        return RuleError("This turn is not readable.")

    def start(self, players: list[str], options: dict[str, Any]) -> State:
        return State(players, options, rows={p: dict.fromkeys(LABELS) for p in players},
                     dashes={p: [] for p in players}, doubled={p: [] for p in players})

    def apply(self, state: State, entry: dict[str, Any]) -> None:
        player = need_player(entry, "player", state.players,
                             lambda: RuleError("Say which player is the one taking this "
                                               "turn."))
        if (name := unknown_field(entry, ENTRY_KEYS)) is not None:
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
