"""Skyjo: rounds of twelve-card grids; once a total reaches the target, the lowest total wins."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .base import (Option, RuleError, Rules, brief, check_fields, is_int, lowest, need_int,
                   need_player)

# copies of each card value in the 150-card deck
DECK: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
# the range of a raw round score a player may type
MIN_SCORE = -17
MAX_SCORE = 140
COLUMNS = 4
CELLS = 12


def _check_grid(grid: Any, whose: str = "The grid", player: str | None = None) -> list:
    """The grid itself, or a RuleError saying what is wrong with it."""
    if not isinstance(grid, list):
        raise RuleError(f"{whose} must be a list of {CELLS} cards.", player=player)
    if len(grid) != CELLS:
        raise RuleError(f"{whose} must have {CELLS} cards, not {len(grid)}.", player=player)
    for place, cell in enumerate(grid, start=1):
        if cell is None:
            continue
        if not is_int(cell):
            raise RuleError(f"{whose} has no card number in place {place}.", player=player,
                            field=f"grid.{place - 1}")
        if cell not in DECK:
            raise RuleError(f"{whose} has a card of {cell}; cards run from -2 to 12.",
                            player=player, field=f"grid.{place - 1}")
    for number, column in enumerate(_columns(grid), start=1):
        # a column leaves the table only as three equal cards, so never in part
        if None in column and column != [None] * 3:
            raise RuleError(f"{whose} has an empty place in column {number} beside cards "
                            "still standing; a column is discarded whole.", player=player)
    over = _over_deck([grid])
    if over:
        value, count = over
        raise RuleError(f"{whose} holds {count} cards of {value}; the deck has {DECK[value]}.",
                        player=player)
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
    whose = f"{_whose(player)} grid" if player else "The grid"
    return _sum_columns(_check_grid(grid, whose, player), remove_columns)


def removed_at_reveal(grid: Any, remove_columns: bool) -> dict[int, int]:
    """The columns (numbered from 0) of three equal cards that leave at the final reveal,
    each with its card value."""
    return _removed(_check_grid(grid), remove_columns)


def _whose(player: str) -> str:
    return f"{player}'s"


def _read_hand(hand: Any, player: str, remove_columns: bool) -> tuple[int, list | None]:
    """The hand's raw score and its grid (None when a score was typed)."""
    whose = _whose(player)
    if not isinstance(hand, dict):
        raise RuleError(f"{whose} hand is not readable.", player=player)
    check_fields(hand, ("score", "grid"), f"{whose} hand", player)
    if "score" in hand and "grid" in hand:
        raise RuleError(f"{whose} hand has both a score and a grid; give one of them.",
                        player=player)
    if "score" not in hand and "grid" not in hand:
        raise RuleError(f"Give {whose} score or {whose} cards.", player=player)
    if "grid" in hand:
        grid = _check_grid(hand["grid"], f"{whose} grid", player)
        return _sum_columns(grid, remove_columns), grid
    score = need_int(hand["score"], f"{whose} score must be a whole number.", player)
    if score > MAX_SCORE:
        raise RuleError(f"{whose} score of {score} is more than a Skyjo hand can hold "
                        f"({MAX_SCORE} at most).", player=player, field="score")
    if score < MIN_SCORE:
        raise RuleError(f"{whose} score of {score} is less than a Skyjo hand can hold "
                        f"({MIN_SCORE} at least).", player=player, field="score")
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


class Skyjo(Rules):
    kind = "skyjo"
    title = "Skyjo"
    blurb = "Turn and swap twelve cards to keep your grid low; the lowest total wins."
    min_players = 2
    max_players = 8
    entry_noun = "round"
    best = "low"
    player_keys = ("finisher",)
    player_maps = ("hands",)
    options = (
        Option("double_non_positive", "Double non-positive scores too", False),
        Option("remove_columns_at_reveal", "Remove equal columns at the final reveal", True),
        Option("target", "Game ends at", 100, "int", minimum=10, maximum=1000),
    )

    def start(self, players: list[str], options: dict[str, Any]) -> SkyjoState:
        return SkyjoState(players, options)

    def apply(self, state: SkyjoState, entry: dict[str, Any]) -> None:
        players, options = state.players, state.options
        finisher = need_player(entry, "finisher", players, "finisher")
        check_fields(entry, ("finisher", "hands"), "This round")
        hands = entry.get("hands")
        if not isinstance(hands, dict):
            raise RuleError("Give every player's hand for this round.")
        for name in hands:
            if name not in players:
                raise RuleError(f"{brief(str(name))} is not playing in this game.")
        raw, grids = {}, {}
        for player in players:
            if player not in hands:
                raise RuleError(f"{_whose(player)} hand is missing from this round.",
                                player=player)
            raw[player], grid = _read_hand(hands[player], player,
                                           options["remove_columns_at_reveal"])
            if grid is not None:
                grids[player] = grid
        over = _over_deck(list(grids.values()))
        if over:
            value, count = over
            # one grid alone is checked on reading, so at least two players hold the value
            holders = [p for p, grid in grids.items() if value in grid]
            names = ", ".join(holders[:-1]) + " and " + holders[-1]
            raise RuleError(f"{names} hold {count} cards of {value} between them; "
                            f"the deck has {DECK[value]}.")
        self._score_round(state, finisher, raw)

    def _score_round(self, state: SkyjoState, finisher: str, raw: dict[str, int]) -> None:
        players = state.players
        mine = raw[finisher]
        beaten = any(raw[p] <= mine for p in players if p != finisher)
        doubled = beaten and (mine > 0 or state.options["double_non_positive"])
        points = {**raw, finisher: 2 * mine} if doubled else dict(raw)
        state.raw.append(raw)
        state.rounds.append(points)
        state.doubled.append(finisher if doubled else None)
        # the first round's starter (highest two turned cards) is never entered, so a tie
        # in round one is broken counting from the first seat
        first = state.starter or 0
        order = players[first:] + players[:first]
        best = min(points.values())
        state.starter = players.index(next(p for p in order if points[p] == best))
        totals = self.totals(state)
        state.finished = any(total >= state.options["target"] for total in totals.values())

    def totals(self, state: SkyjoState) -> dict[str, int]:
        return {p: sum(points[p] for points in state.rounds) for p in state.players}

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
