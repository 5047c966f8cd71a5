"""Skyjo: rounds of twelve-card grids; once a total reaches the target, the lowest total wins."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...rules.base import (Counted, Message, Names, Option, RoundRules, RuleError, Term,
                           each, is_int, lowest, need_int, need_player, not_playing,
                           unknown_field)

# copies of each card value in the 150-card deck
DECK: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
# the range of a raw round score a player may type
MIN_SCORE = -17
MAX_SCORE = 140
COLUMNS = 4
CELLS = 12


def _check_grid(grid: Any, player: str | None = None) -> list:
    """The grid itself, or a RuleError saying what is wrong with it; the sentence names
    `player`'s grid when given, else "the grid"."""
    if not isinstance(grid, list):
        if player:
            raise RuleError("{player}'s grid must be a list of {cells} cards.", player=player,
                            cells=CELLS)
        raise RuleError("The grid must be a list of {cells} cards.", cells=CELLS)
    if len(grid) != CELLS:
        if player:
            raise RuleError("{player}'s grid must have {cells} cards, not {count}.",
                            player=player, cells=CELLS, count=len(grid))
        raise RuleError("The grid must have {cells} cards, not {count}.", cells=CELLS,
                        count=len(grid))
    for place, cell in enumerate(grid, start=1):
        if cell is None:
            continue
        field = f"grid.{place - 1}"
        if not is_int(cell):
            if player:
                # TRANSLATORS: {place} is a card's place in a Skyjo grid, 1 to 12, row by row
                raise RuleError("{player}'s grid has no card number in place {place}.",
                                player=player, field=field, place=place)
            # TRANSLATORS: {place} is a card's place in a Skyjo grid, 1 to 12, row by row
            raise RuleError("The grid has no card number in place {place}.", field=field,
                            place=place)
        if cell not in DECK:
            if player:
                # TRANSLATORS: {value} is a number that is no Skyjo card's value
                raise RuleError("{player}'s grid has a card of {value}; cards run from -2 to "
                                "12.", player=player, field=field, value=cell)
            # TRANSLATORS: {value} is a number that is no Skyjo card's value
            raise RuleError("The grid has a card of {value}; cards run from -2 to 12.",
                            field=field, value=cell)
    for number, column in enumerate(_columns(grid), start=1):
        # a column leaves the table only as three equal cards, so never in part
        if None in column and column != [None] * 3:
            if player:
                # TRANSLATORS: {number} is a column of a Skyjo grid, 1 to 4
                raise RuleError("{player}'s grid has an empty place in column {number} beside "
                                "cards still standing; a column is discarded whole.",
                                player=player, number=number)
            # TRANSLATORS: {number} is a column of a Skyjo grid, 1 to 4
            raise RuleError("The grid has an empty place in column {number} beside cards "
                            "still standing; a column is discarded whole.", number=number)
    over = _over_deck([grid])
    if over:
        value, count = over
        if player:
            # TRANSLATORS: {value} is a Skyjo card's value, -2 to 12; {deck} is how many
            # cards of it the deck has
            raise Counted("{player}'s grid holds {count} card of {value}; the deck has "
                          "{deck}.",
                          "{player}'s grid holds {count} cards of {value}; the deck has "
                          "{deck}.", player=player, count=count, value=value,
                          deck=DECK[value])
        # TRANSLATORS: {value} is a Skyjo card's value, -2 to 12; {deck} is how many cards
        # of it the deck has
        raise Counted("The grid holds {count} card of {value}; the deck has {deck}.",
                      "The grid holds {count} cards of {value}; the deck has {deck}.",
                      count=count, value=value, deck=DECK[value])
    return grid


def _over_deck(grids: list[list]) -> tuple[int, int] | None:
    """The lowest card value the grids hold more of than the deck, with its count."""
    counts = Counter(cell for grid in grids for cell in grid if cell is not None)
    for value, count in sorted(counts.items()):
        if count > DECK[value]:
            return value, count
    return None


def _columns(grid: list) -> list[list]:
    """The four columns, top card first (cells i, i+4, i+8)."""
    return [grid[number::COLUMNS] for number in range(COLUMNS)]


def _removed(grid: list, remove_columns: bool) -> dict[int, int]:
    if not remove_columns:
        return {}
    return {number: column[0] for number, column in enumerate(_columns(grid))
            if None not in column and len(set(column)) == 1}


def _sum_columns(grid: list, remove_columns: bool) -> int:
    removed = _removed(grid, remove_columns)
    return sum(sum(column) for number, column in enumerate(_columns(grid))
               if None not in column and number not in removed)


def grid_score(grid: Any, remove_columns: bool, player: str | None = None) -> int:
    """A grid's raw score; columns emptied during play count nothing. Messages name
    `player`'s grid when given."""
    return _sum_columns(_check_grid(grid, player), remove_columns)


def removed_at_reveal(grid: Any, remove_columns: bool) -> dict[int, int]:
    """The columns (numbered from 0) of three equal cards that leave at the final reveal,
    each with its card value."""
    return _removed(_check_grid(grid), remove_columns)


def _read_hand(hand: Any, player: str, remove_columns: bool) -> tuple[int, list | None]:
    """The hand's raw score and its grid (None when a score was typed)."""
    if not isinstance(hand, dict):
        raise RuleError("{player}'s hand is not readable.", player=player)
    if (name := unknown_field(hand, ("score", "grid"))) is not None:
        # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
        raise RuleError("{player}'s hand has no field called “{name}”.", player=player,
                        name=name)
    if "score" in hand and "grid" in hand:
        raise RuleError("{player}'s hand has both a score and a grid; give one of them.",
                        player=player)
    if "score" not in hand and "grid" not in hand:
        raise RuleError("Give {player}'s score or {player}'s cards.", player=player)
    if "grid" in hand:
        grid = _check_grid(hand["grid"], player)
        return _sum_columns(grid, remove_columns), grid
    score = need_int(hand["score"], lambda: RuleError("{player}'s score must be a whole "
                                                      "number.", player=player))
    if score > MAX_SCORE:
        raise RuleError("{player}'s score of {score} is more than a Skyjo hand can hold "
                        "({most} at most).", player=player, field="score", score=score,
                        most=MAX_SCORE)
    if score < MIN_SCORE:
        raise RuleError("{player}'s score of {score} is less than a Skyjo hand can hold "
                        "({least} at least).", player=player, field="score", score=score,
                        least=MIN_SCORE)
    return score, None


@dataclass
class SkyjoState:
    players: list[str]
    options: dict[str, Any]
    raw: list[dict[str, int]] = field(default_factory=list)
    rounds: list[dict[str, int]] = field(default_factory=list)
    doubled: list[str | None] = field(default_factory=list)
    # seat of whoever starts the next round; None until a round is played
    starter: int | None = None
    finished: bool = False
    # each player's total so far, kept as rounds are scored: a replay reads the totals
    # after every round, so summing every round each time would be quadratic
    sums: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.sums = {p: sum(points[p] for points in self.rounds) for p in self.players}


class Skyjo(RoundRules):
    kind = "skyjo"
    # TRANSLATORS: the name of the card game Skyjo (a published game's name)
    title = Term("Skyjo")
    blurb = Term("Turn and swap twelve cards to keep your grid low; the lowest total wins.")
    min_players = 2
    max_players = 8
    # TRANSLATORS: what an entry of a score sheet is called: one round of a game
    entry_noun = Term("round")
    best = "low"
    player_keys = ("finisher",)
    player_maps = ("hands",)
    options = (
        # TRANSLATORS: a setting of Skyjo: the finisher's round score is doubled when it is
        # not the lowest; with this on, also when it is zero or less
        Option("double_non_positive", Term("Double non-positive scores too"), False),
        # TRANSLATORS: a setting of Skyjo: a column of three equal cards left when all cards
        # are turned at the end of a round is removed too
        Option("remove_columns_at_reveal", Term("Remove equal columns at the final reveal"),
               True),
        # TRANSLATORS: a setting's label, followed by a number: the game ends once a
        # player's total reaches it
        Option("target", Term("Game ends at"), 100, "int", minimum=10, maximum=1000),
    )

    def entry_name(self, docs: list[dict], position: int) -> Message:
        # TRANSLATORS: a round of a game by its number, said inside a sentence ("This
        # change would make round 4 ...") and, capitalised, as a heading
        return Message("round {number}", number=position + 1)

    def start(self, players: list[str], options: dict[str, Any]) -> SkyjoState:
        return SkyjoState(players, options)

    def apply(self, state: SkyjoState, entry: dict[str, Any]) -> None:
        players, options = state.players, state.options
        # TRANSLATORS: the finisher is the player who turned all their cards first
        finisher = need_player(entry, "finisher", players,
                               lambda: RuleError("Say which player is the finisher."))
        if (name := unknown_field(entry, ("finisher", "hands"))) is not None:
            # TRANSLATORS: {name} is a word from a stored entry, quoted as it is
            raise RuleError("This round has no field called “{name}”.", name=name)
        hands = entry.get("hands")
        if not isinstance(hands, dict):
            raise RuleError("Give every player's hand for this round.")
        for name in hands:
            if name not in players:
                raise not_playing(name)

        def read(player: str) -> tuple[int, list | None]:
            if player not in hands:
                raise RuleError("{player}'s hand is missing from this round.",
                                player=player)
            return _read_hand(hands[player], player, options["remove_columns_at_reveal"])

        # every player's hand read, what is wrong in each said at once
        read_hands = each(players, read)
        raw = {player: score for player, (score, _) in read_hands.items()}
        grids = {player: grid for player, (_, grid) in read_hands.items() if grid is not None}
        over = _over_deck(list(grids.values()))
        if over:
            value, count = over
            # one grid alone is checked on reading, so at least two players hold the value
            holders = [p for p, grid in grids.items() if value in grid]
            # TRANSLATORS: {names} lists players ("Ann and Ben"); {value} is a Skyjo card's
            # value, -2 to 12; {deck} is how many cards of it the deck has
            raise Counted("{names} hold {count} card of {value} between them; the deck has "
                          "{deck}.",
                          "{names} hold {count} cards of {value} between them; the deck has "
                          "{deck}.", names=Names(holders), count=count, value=value,
                          deck=DECK[value])
        self._score_round(state, finisher, raw)

    def _score_round(self, state: SkyjoState, finisher: str, raw: dict[str, int]) -> None:
        players = state.players
        mine = raw[finisher]
        beaten = any(raw[p] <= mine for p in players if p != finisher)
        doubled = beaten and (mine > 0 or state.options["double_non_positive"])
        points = {**raw, finisher: 2 * mine} if doubled else dict(raw)
        state.raw.append(raw)
        state.rounds.append(points)
        for player in players:
            state.sums[player] += points[player]
        state.doubled.append(finisher if doubled else None)
        # the first round's starter (highest two turned cards) is never entered, so a tie
        # in round one is broken counting from the first seat
        first = state.starter or 0
        order = players[first:] + players[:first]
        best = min(points.values())
        state.starter = players.index(next(p for p in order if points[p] == best))
        state.finished = any(total >= state.options["target"] for total in state.sums.values())

    def totals(self, state: SkyjoState) -> dict[str, int]:
        return dict(state.sums)

    def winners(self, state: SkyjoState) -> list[str]:
        return lowest(self.totals(state))

    def extra(self, state: SkyjoState) -> dict[str, Any]:
        starter = state.starter
        return {
            "rounds": [dict(points) for points in state.rounds],
            "raw": [dict(raw) for raw in state.raw],
            "doubled": list(state.doubled),
            "next_starter": None if starter is None else state.players[starter],
        }


RULES = Skyjo()
