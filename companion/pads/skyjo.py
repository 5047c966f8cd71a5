"""Skyjo: a score or the twelve cards per player, and who finished the round."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from wtforms import IntegerField, RadioField
from wtforms.validators import InputRequired, Optional

from ..forms import EntryForm
from ..rules import RuleError
from ..rules.skyjo import CELLS, DECK, MAX_SCORE, MIN_SCORE, RULES, grid_score
from .board import Board, common

CELL_RANGE = range(CELLS)
# entries that make a demo game half-played
MID_GAME = 3


@dataclass
class SkyjoBoard(Board):
    target: int
    # per round: {"number", "position", "cells": [(points, finished, doubled) per player]}
    rounds: list[dict]
    totals: list


def form_for(game, sheet=None, doc=None, position=None):
    players = tuple(game.players)
    return form_class(players).for_game(game, prefill(doc, players) if doc is not None else None)


def dress(form, game, sheet, position=None):
    """What the form shows beyond its fields, for a page (nothing the saving needs)."""
    form.grids_open = [grid_of(form, i) is not None or any(
        form[f"card_{i}_{c}"].errors for c in CELL_RANGE) for i in range(len(game.players))]
    return form


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request."""

    class SkyjoForm(EntryForm):
        finisher = RadioField("Who finished the round?", choices=[(p, p) for p in players],
                              validators=[InputRequired("Say who turned all their cards first.")])

        def field_name(self, error):
            if error.player not in players:
                return None
            i = players.index(error.player)
            if error.field and error.field.startswith("grid."):
                return f"card_{i}_{error.field[5:]}"
            return f"score_{i}"

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            for i, player in enumerate(players):
                typed = self[f"score_{i}"].data is not None
                cards = grid_of(self, i) is not None
                if not typed and not cards and not self[f"score_{i}"].errors:
                    self[f"score_{i}"].errors.append(f"Type {player}'s score for this round.")
                    ok = False
            return ok

    for i, player in enumerate(players):
        setattr(SkyjoForm, f"score_{i}", IntegerField(
            player, validators=[Optional()],
            # no inputmode: a phone's numeric keypad has no minus sign, and scores go below 0
            render_kw={"min": MIN_SCORE, "max": MAX_SCORE}))
        for c in CELL_RANGE:
            setattr(SkyjoForm, f"card_{i}_{c}", IntegerField(
                f"{player}, row {c // 4 + 1}, column {c % 4 + 1}", validators=[Optional()],
                render_kw={"min": min(DECK), "max": max(DECK)}))
    return SkyjoForm


def prefill(doc, players):
    data = {"finisher": doc.get("finisher")}
    for i, player in enumerate(players):
        hand = doc["hands"].get(player, {})
        if "grid" in hand:
            for c, value in enumerate(hand["grid"]):
                data[f"card_{i}_{c}"] = value
        else:
            data[f"score_{i}"] = hand.get("score")
    return data


def grid_of(form, i):
    cells = [form[f"card_{i}_{c}"].data for c in CELL_RANGE]
    return cells if any(value is not None for value in cells) else None


def to_entry(form, game):
    """The round as the rules read it: a hand with both a score and cards is sent as both,
    for the rules to refuse."""
    hands = {}
    for i, player in enumerate(game.players):
        grid, score = grid_of(form, i), form[f"score_{i}"].data
        hands[player] = {**({"grid": grid} if grid else {}),
                         **({"score": score} if score is not None or not grid else {})}
    return {"finisher": form.finisher.data, "hands": hands}


def preview(form, game):
    """The score each entered grid makes, keyed by the output's id."""
    shown = {}
    for i, player in enumerate(game.players):
        grid = grid_of(form, i)
        if grid is None:
            shown[f"grid_score_{i}"] = ""
            continue
        try:
            score = grid_score(grid, game.options["remove_columns_at_reveal"])
            shown[f"grid_score_{i}"] = f"These cards score {score}."
        except RuleError as error:
            shown[f"grid_score_{i}"] = str(error)
    return shown


def board(game, sheet):
    view, docs = sheet.to_dict(), game.docs
    finishers = [doc["finisher"] for doc in docs]
    rounds = [{"number": r + 1, "position": r,
               "cells": [(points[p], finishers[r] == p, view["doubled"][r] == p)
                         for p in sheet.players]}
              for r, points in enumerate(view["rounds"])]
    starter = view["next_starter"]
    tags = {starter: ["Starts next"]} if starter and not sheet.finished else {}
    return SkyjoBoard(**common(game, sheet, docs, tell,
                               f"{starter} starts round {len(rounds) + 1}" if starter else None,
                               tags),
                      target=game.options["target"], rounds=rounds,
                      totals=[sheet.totals[p] for p in sheet.players])


def tell(sheet, docs, position):
    """One round as a sentence: "Round 4: Ann 12, Ben 30 (doubled)"."""
    view = sheet.to_dict()
    doubled = view["doubled"][position]
    scores = ", ".join(f"{p} {points}{' (doubled)' if p == doubled else ''}"
                       for p, points in view["rounds"][position].items())
    return f"Round {position + 1}: {scores}"


# -- the demo: mostly typed round scores, sometimes the twelve cards from one deck --------


def demo_options(seated, rng):
    return {"target": 150} if rng.random() < 0.15 else {}


def demo_entry(state, rng: random.Random) -> dict:
    players = state.players
    finisher = rng.choice(players)
    if rng.random() < 0.25:
        deck = [value for value, copies in DECK.items() for _ in range(copies)]
        rng.shuffle(deck)
        draw = min(18, len(deck) // len(players))
        hands = {}
        for seat, player in enumerate(players):
            grid = sorted(deck[seat * draw:(seat + 1) * draw])[:CELLS]
            rng.shuffle(grid)
            hands[player] = {"grid": grid}
        if rng.random() < 0.7:
            # whoever turned all their cards first usually holds the lowest grid
            finisher = min(players, key=lambda p: sum(hands[p]["grid"]))
        return {"finisher": finisher, "hands": hands}
    hands = {p: {"score": max(MIN_SCORE, min(MAX_SCORE, round(rng.gauss(17, 9))))}
             for p in players}
    hands[finisher] = {"score": rng.randint(-4, 18)}
    return {"finisher": finisher, "hands": hands}
