"""Dice poker: one turn at a time, as five dice, a dash or a typed score in one open row."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...i18n import gettext, points as points_text, signed, term
from ...text import rounded_together
from ..base import Kind
from ..board import Board, common
from .form import MAKE, dice_errors, dice_of, form_class, prefill
from .rows import BONUS, LABELS, LOWER, ROWS, UPPER, allowed_rows, makes, score_row
from .rules import RULES
from .words import DiceWords


@dataclass
class DiceBoard(Board):
    next_player: str | None
    # {"key", "label", "cells": [{"value", "dash", "doubled", "position", "now"}]}
    upper: list[dict]
    lower: list[dict]
    part1: list[int]
    # per player: None while part 1 is open, else the bonus (0 or BONUS)
    bonus: list[int | None]
    bonus_points: int
    totals: list[int]
    results: list | None
    # the turns with their dice, oldest first, for looking back once the game is over
    turns: list[dict]


@dataclass
class DiceEntry:
    """What the turn form shows beyond its fields, as a correction or a new turn sees it."""
    # the rows someone may still fill: the form leaves the others out
    offered: set[str]
    # per row, the classes of the players it is closed to ("closed-0 closed-2"): css hides
    # the row while one of them is chosen
    closed: dict[str, str]
    # who already played this round (a new turn's form only): not offered
    played: list[str]
    # what the form says about the dice, once each, below all six faces
    dice_errors: list[str]


class DicePoker(Kind):
    rules = RULES
    words = DiceWords()
    # entries that make a demo game half-played: 8 of 60 turns
    mid_game = 8

    def form_for(self, game, sheet=None, doc=None, position=None):
        data = prefill(doc, game.options) if doc is not None else {}
        if sheet is not None and doc is None:
            # the next player is only where a new turn's form opens
            data = {"player": sheet.to_dict()["next_player"]}
        return form_class(tuple(game.players)).for_game(game, data or None)

    def entry_view(self, form, game, sheet, position=None):
        """The rows each player may fill (css hides the others) and who already played
        this round, as a correction or a new turn sees them."""
        rows = {p: dict(sheet.to_dict()["rows"][p]) for p in game.players}
        if position is not None:
            doc = game.docs[position]
            rows[doc["player"]][doc["row"]] = None
        open_rows = [allowed_rows(rows[p]) for p in game.players]
        counts = [sum(v is not None for v in rows[p].values()) for p in game.players]
        return DiceEntry(
            # rows nobody may fill are left out; the others say whom they are closed to
            offered={row for allowed in open_rows for row in allowed},
            closed={row: " ".join(f"closed-{i}" for i, allowed in enumerate(open_rows)
                                  if row not in allowed) for row, _ in ROWS},
            played=([] if position is not None or sheet.finished else
                    [p for p, n in zip(game.players, counts) if n > min(counts)]),
            dice_errors=dice_errors(form))

    def to_entry(self, form, game):
        """The turn as the rules read it: dice that miss their row score it as a dash, as
        the form says before saving; whatever was given twice (dice and a score, a dash
        and dice that make the row) is sent as given, for the rules to refuse."""
        doc = {"player": form.player.data, "row": form.row.data}
        dice = dice_of(form)
        if dice:
            doc.update(dice=dice, first_throw=bool(form.first_throw.data))
            if form.dash.data and makes(doc["row"], dice, game.options):
                doc["dash"] = True
        elif form.dash.data:
            doc["dash"] = True
        if form.score.data is not None:
            doc["score"] = form.score.data
        return doc

    def preview(self, form, game, sheet=None, position=None):
        """What these dice would score in each row ("dash" where they miss), keyed by the
        element that shows it."""
        dice = dice_of(form)
        first = bool(form.first_throw.data)
        shown = {}
        for row, _ in ROWS:
            if dice is None:
                shown[f"points_{row}"] = ""
            elif not makes(row, dice, game.options):
                # TRANSLATORS: dice poker: beside a row these dice miss: saving writes a dash
                shown[f"points_{row}"] = gettext("dash")
            else:
                points = score_row(row, dice, first, game.options)
                shown[f"points_{row}"] = signed(points) if row in UPPER else points_text(points)
        row = form.row.data
        missed = dice and row in LOWER and not makes(row, dice, game.options)
        shown["row_note"] = str(MAKE[row]) if missed else ""
        return shown

    def board(self, game, sheet):
        view, docs = sheet.to_dict(), game.docs
        players = sheet.players
        positions = {(doc["player"], doc["row"]): i for i, doc in enumerate(docs)}
        nxt = view["next_player"]

        def cells(row):
            allowed = {p: row in allowed_rows(view["rows"][p]) for p in players}
            return [{"value": view["rows"][p][row], "dash": row in view["dashes"][p],
                     "doubled": row in view["doubled"][p], "position": positions.get((p, row)),
                     "now": p == nxt and allowed[p] and view["rows"][p][row] is None}
                    for p in players]

        def group(keys):
            return [{"key": k, "label": term(LABELS[k]), "cells": cells(k)} for k in keys]

        done = [all(view["rows"][p][r] is not None for r in UPPER) for p in players]
        turns = [] if game.in_progress else [
            {"position": i, "player": doc["player"], "row": term(LABELS[doc["row"]]),
             "how": entered(doc),
             "dash": doc["row"] in view["dashes"][doc["player"]],
             "points": view["rows"][doc["player"]][doc["row"]]} for i, doc in enumerate(docs)]
        fields = common(self, game, sheet, docs, turn_player=nxt)
        # the form is headed by the round of the player to play, not by a turn's number
        number = 1 + min((rounds_played(docs, p) for p in players), default=0)
        fields.update(next_number=number, entry_heading=gettext("Round %(number)s", number=number))
        return DiceBoard(
            **fields,
            next_player=nxt if game.in_progress else None, upper=group(UPPER), lower=group(LOWER),
            part1=[view["upper"][p] for p in players],
            bonus=[view["bonus"][p] if d else None for p, d in zip(players, done)],
            bonus_points=BONUS, totals=[view["totals"][p] for p in players],
            # as shown, they still add up to 0
            results=(rounded_together([view["results"][p] for p in players])
                     if sheet.finished else None),
            turns=turns)

    def tell(self, sheet, docs, position):
        """One turn as a sentence, numbered by the player's round: "Round 4: Ann, Pair 24
        ×2", "Round 5: Ben, Poker: dash"."""
        doc = docs[position]
        player, row = doc["player"], doc["row"]
        view = sheet.to_dict()
        number = rounds_played(docs[:position + 1], player)
        name = term(LABELS[row])
        if row in view["dashes"][player]:
            # TRANSLATORS: dice poker: a turn written as a dash (no points) in a row of the sheet
            return gettext("Round %(number)s: %(player)s, %(row)s: dash", number=number,
                           player=player, row=name)
        points = view["rows"][player][row]
        shown = signed(points) if row in UPPER else points_text(points)
        if row in view["doubled"][player]:
            # TRANSLATORS: dice poker: ×2: the points doubled, made on the first throw
            return gettext("Round %(number)s: %(player)s, %(row)s %(points)s ×2",
                           number=number, player=player, row=name, points=shown)
        return gettext("Round %(number)s: %(player)s, %(row)s %(points)s", number=number,
                       player=player, row=name, points=shown)

    def sheet_table(self, game, sheet):
        """Every row of every player (its points, empty while open), part 1, the bonus, the
        total and, once over, the result against the average, rounded so that the results
        still add up to 0."""
        view, players = sheet.to_dict(), sheet.players

        def cell(player, row):
            # numbers a spreadsheet adds up: a dash is its 0, a row doubled on the first
            # throw its doubled points (the sheet on the page marks both)
            value = view["rows"][player][row]
            return "" if value is None else value

        def line(label, values):
            return [label, *values]

        done = [all(view["rows"][p][r] is not None for r in UPPER) for p in players]
        rows = [line(term(LABELS[r]), (cell(p, r) for p in players)) for r in UPPER]
        rows.append(line(gettext("Part 1"), (view["upper"][p] for p in players)))
        # no bonus is decided while part 1 is open
        rows.append(line(gettext("Bonus"),
                         (view["bonus"][p] if d else "" for p, d in zip(players, done))))
        rows += [line(term(LABELS[r]), (cell(p, r) for p in players)) for r in LOWER]
        rows.append(line(gettext("Total"), (view["totals"][p] for p in players)))
        if sheet.finished:
            shown = rounded_together([view["results"][p] for p in players])
            rows.append(line(gettext("Against the average"),
                             (int(r) if r.denominator == 1 else float(r) for r in shown)))
        # what the page's sheet marks, as the rows' names
        for label, marked in ((gettext("Dashes"), view["dashes"]),
                              (gettext("Doubled"), view["doubled"])):
            rows.append(line(label, (", ".join(term(LABELS[r]) for r in marked[p])
                                     for p in players)))
        # TRANSLATORS: the heading of the export's first column: the rows of the dice poker
        # sheet
        return [gettext("Row"), *players], rows

    # the demo: up to three throws, keeping the dice that serve the best open row

    def demo_options(self, seated, rng):
        return {"four_of_a_kind_is_two_pairs": True} if rng.random() < 0.3 else {}

    def demo_entry(self, state, rng: random.Random) -> dict:
        player = state.next_player()
        rows = allowed_rows(state.rows[player])
        upper = rows[0] in UPPER
        kept: list[int] = []
        for throw in (1, 2, 3):
            dice = kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]
            row, points = best_row(rows, dice, throw == 1, state.options)
            if throw == 3 or (upper and points > 0) or (not upper and points >= 20):
                break
            faces = [int(r) for r in rows] if upper else list(range(1, 7))
            face = max(faces, key=lambda f: (dice.count(f), f))
            kept = [face] * dice.count(face)
        return {"player": player, "row": row, "dice": dice, "first_throw": throw == 1}


def entered(doc):
    """How a turn was entered, for the list of turns: "3 3 1 2 5, first throw"."""
    if "dice" in doc:
        dice = " ".join(str(d) for d in doc["dice"])
        # TRANSLATORS: dice poker: the five dice of a turn (%(dice)s: "3 3 1 2 5"), thrown at once
        return gettext("%(dice)s, first throw", dice=dice) if doc.get("first_throw") else dice
    # TRANSLATORS: dice poker: how a turn was entered: a dash (no points) or a score typed in
    return gettext("dash") if doc.get("dash") else gettext("typed score")


def rounds_played(docs, player):
    return sum(doc["player"] == player for doc in docs)


def best_row(rows, dice, first, options):
    """The open row these dice score most in; a miss goes to the hardest row left."""
    scored = [(score_row(r, dice, first, options), -i, r) for i, r in enumerate(rows)]
    points, _, row = max(scored)
    if points == 0 and rows[0] not in UPPER:
        row = rows[-1]
    return row, points


KIND = DicePoker()
