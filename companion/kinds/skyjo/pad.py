"""Skyjo: a score or the twelve cards per player, and who finished the round."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from flask import request
from markupsafe import Markup
from wtforms import RadioField
from wtforms.validators import InputRequired, Optional

from ...forms import EntryForm, WholeNumberField, file_refused
from ...i18n import gettext, language, lazy_gettext, points as points_shown, sentence
from ..base import Kind, RoundWords
from ..board import Board, common
from .grid import CELL_RANGE, ROWS, GridField, GridRead, gone_mark, grid_of, read_grids
from .rules import CELLS, COLUMNS, DECK, MAX_SCORE, MIN_SCORE, RULES


class SkyjoWords(RoundWords):
    def first(self):
        # TRANSLATORS: Skyjo's setup: who starts round 1; the hint is the rule that decides
        return (gettext("Starts round 1"),
                gettext("Everyone turns two cards: the highest sum starts. Each later round "
                        "starts with the last round's lowest score."))


@dataclass
class SkyjoBoard(Board):
    target: int
    # per round: {"number", "position", "cells": [(points, finished, doubled) per player]}
    rounds: list[dict]
    totals: list


@dataclass
class SkyjoEntry:
    """What the form shows beyond its fields, per player (nothing the saving needs)."""
    # the player's twelve cards are open: typed, or wrong
    grids_open: list[bool]
    # the player's cards as the rules read them
    grids_read: list[GridRead]
    # the player's grid: its cards' inputs, what is wrong with them, the columns that go
    # (GridField.drawn)
    grids: list[Markup]


class Skyjo(Kind):
    rules = RULES
    words = SkyjoWords()
    mid_game = 3

    def form_for(self, game, sheet=None, doc=None, position=None):
        players = tuple(game.players)
        return form_class(players, language()).for_game(
            game, prefill(doc, players) if doc is not None else None)

    def entry_view(self, form, game, sheet, position=None):
        reads = read_grids(form, game)
        grids = [form[f"card_{i}"] for i in range(len(game.players))]
        return SkyjoEntry(
            grids_open=[grid_of(form, i) is not None or bool(grid.cells)
                        for i, grid in enumerate(grids)],
            grids_read=reads,
            grids=[grid.drawn(read, i) for i, (grid, read) in enumerate(zip(grids, reads))])

    def to_entry(self, form, game):
        """The round as the rules read it: a hand with both a score and cards is sent as
        both, for the rules to refuse."""
        hands = {}
        for i, player in enumerate(game.players):
            grid, score = grid_of(form, i), form[f"score_{i}"].data
            hands[player] = {**({"grid": grid} if grid else {}),
                             **({"score": score} if score is not None or not grid else {})}
        return {"finisher": form.finisher.data, "hands": hands}

    def preview(self, form, game, sheet=None, position=None):
        """What the form shows of each grid, keyed by the data-preview of its element: the
        sentence, the mark under each column that goes, each row's wrong cells."""
        shown = {}
        for i, read in enumerate(read_grids(form, game)):
            shown[f"grid_score_{i}"] = read.sentence
            for column in range(COLUMNS):
                shown[f"grid_gone_{i}_{column}"] = gone_mark() if column in read.gone else ""
            for row in range(ROWS):
                shown[f"card_errors_{i}_{row}"] = " ".join(
                    text for _, text in read.row_errors(row))
        return shown

    def board(self, game, sheet):
        view, docs = sheet.to_dict(), game.docs
        finishers = [doc["finisher"] for doc in docs]
        rounds = [{"number": r + 1, "position": r,
                   "cells": [(points[p], finishers[r] == p, view["doubled"][r] == p)
                             for p in sheet.players]}
                  for r, points in enumerate(view["rounds"])]
        # round 1 is started by seat 1 (who the setup said starts: Words.first)
        starter = view["next_starter"] if docs else sheet.players[0]
        # TRANSLATORS: a tag beside the player who starts the next round
        tags = {starter: [gettext("Starts")]} if starter and not sheet.finished else {}
        return SkyjoBoard(**common(self, game, sheet, docs, tags),
                          target=game.options["target"], rounds=rounds,
                          totals=[sheet.totals[p] for p in sheet.players])

    def tell(self, sheet, docs, position):
        """One round as a sentence: "Round 4: Ann 12, Ben 30 (doubled)"."""
        view = sheet.to_dict()
        doubled = view["doubled"][position]
        # TRANSLATORS: Skyjo: the finisher's score is doubled when it is not the lowest
        scores = ", ".join(gettext("%(player)s %(points)s (doubled)", player=p,
                                   points=points_shown(points)) if p == doubled
                           else f"{p} {points_shown(points)}"
                           for p, points in view["rounds"][position].items())
        return gettext("Round %(number)s: %(scores)s", number=position + 1, scores=scores)

    def sheet_table(self, game, sheet):
        """Every round's points per player (numbers a spreadsheet adds up, a doubled score
        doubled), who finished it and whose score was doubled, then the totals."""
        view, players = sheet.to_dict(), sheet.players
        rows = [[number, *(points[p] for p in players), doc["finisher"], doubled or ""]
                for number, (points, doubled, doc)
                in enumerate(zip(view["rounds"], view["doubled"], game.docs), start=1)]
        rows.append([gettext("Total"), *(view["totals"][p] for p in players), "", ""])
        # TRANSLATORS: the export's headings over who finished each Skyjo round and whose
        # score was doubled for it
        return [gettext("Round"), *players, gettext("Finished by"), gettext("Doubled")], rows

    # the demo: mostly typed round scores, sometimes the twelve cards from one deck

    def demo_options(self, seated, rng):
        return {"target": 150} if rng.random() < 0.15 else {}

    def demo_entry(self, state, rng: random.Random) -> dict:
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


@lru_cache(maxsize=64)
def form_class(players, lang):
    """The entry form for one seating in one language, built once and shared by every
    request: the grid's labels name the players, so they are said at once (a lazy string
    would be HTML-safe to Jinja, and a name may hold anything)."""

    class SkyjoForm(EntryForm):
        # TRANSLATORS: Skyjo: the player who first turned all their cards face up, which
        # ends the round
        finisher = RadioField(lazy_gettext("Who finished the round?"),
                              choices=[(p, p) for p in players],
                              validators=[InputRequired(lazy_gettext(
                                  "Say who turned all their cards first."))])

        def field_name(self, error):
            return f"score_{players.index(error.player)}" if error.player in players else None

        def say(self, error):
            # a wrong card ("grid.5"), beside that card
            field = getattr(error, "field", None) or ""
            if getattr(error, "player", None) in players and field.startswith("grid."):
                self[f"card_{players.index(error.player)}"].refuse(int(field[5:]),
                                                                   sentence(error))
            else:
                super().say(error)

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            for i, player in enumerate(players):
                typed = self[f"score_{i}"].data is not None
                cards = grid_of(self, i) is not None
                if not typed and not cards and not self[f"score_{i}"].errors:
                    self[f"score_{i}"].errors.append(
                        gettext("Type %(player)s's score for this round.", player=player))
                    ok = False
            # a file sent where a card belongs (Form.validate knows the fields' own names)
            files = request.files if self.is_submitted() else {}
            for i in range(len(players)) if files else ():
                grid = self[f"card_{i}"]
                for c in CELL_RANGE:
                    if f"{grid.name}_{c}" in files:
                        grid.refuse(c, file_refused())
                        ok = False
            return ok

    for i, player in enumerate(players):
        setattr(SkyjoForm, f"score_{i}", WholeNumberField(
            player, validators=[Optional()],
            # no inputmode: a phone's numeric keypad has no minus sign, and scores go below
            # 0; the keyboard's enter key moves on to the next score, the last one's saves
            render_kw={"min": MIN_SCORE, "max": MAX_SCORE, "data-advance": True,
                       "enterkeyhint": "next" if i < len(players) - 1 else "done"}))
        setattr(SkyjoForm, f"card_{i}", GridField(player, labels=[
            # TRANSLATORS: Skyjo: one card of a player's grid of 3 rows and 4 columns
            gettext("%(player)s, row %(row)s, column %(column)s", player=player,
                    row=c // 4 + 1, column=c % 4 + 1) for c in CELL_RANGE]))
    return SkyjoForm


def prefill(doc, players):
    data = {"finisher": doc.get("finisher")}
    for i, player in enumerate(players):
        hand = doc["hands"].get(player, {})
        if "grid" in hand:
            data[f"card_{i}"] = hand["grid"]
        else:
            data[f"score_{i}"] = hand.get("score")
    return data


KIND = Skyjo()
