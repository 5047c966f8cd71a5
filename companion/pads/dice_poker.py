"""Dice poker: one turn at a time, as five dice, a dash or a typed score in one open row."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from flask_babel import gettext, lazy_gettext
from wtforms import BooleanField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from ..forms import EntryForm, WholeNumberField
from ..i18n import points as points_text, signed, term
from ..rules.dice_poker import (BONUS, LABELS, LOWER, ROWS, RULES, UPPER, allowed_rows, makes,
                                score_row)
from .board import Board, common

FACES = range(1, 7)
# entries that make a demo game half-played: 8 of 60 turns
MID_GAME = 8
# what the form says when the dice miss the combination row tapped, by row: whole
# sentences, for the languages whose nouns change with the verb
# TRANSLATORS: dice poker: the dice tapped do not make the combination of the row chosen;
# saving writes a dash (no points, the row is closed) in that row
MAKE = {"pair": lazy_gettext("These dice don't make a pair: Save writes a dash there."),
        "two_pairs": lazy_gettext("These dice don't make two pairs: Save writes a dash there."),
        "three_of_a_kind": lazy_gettext(
            "These dice don't make three of a kind: Save writes a dash there."),
        "small_straight": lazy_gettext(
            "These dice don't make a small straight: Save writes a dash there."),
        "big_straight": lazy_gettext(
            "These dice don't make a big straight: Save writes a dash there."),
        "full_house": lazy_gettext(
            "These dice don't make a full house: Save writes a dash there."),
        "four_of_a_kind": lazy_gettext(
            "These dice don't make four of a kind: Save writes a dash there."),
        "poker": lazy_gettext(
            "These dice don't make poker (five of a kind): Save writes a dash there."),
        "chance": lazy_gettext("These dice don't make chance: Save writes a dash there.")}
# TRANSLATORS: dice poker: a dash closes a row of the sheet with no points
DASH_LABEL = lazy_gettext("A dash, without dice")
# where each part of a turn the rules refuse is shown on the form
FIELDS = {"player": "player", "row": "row", "dice": "face_1", "dash": "dash", "score": "score",
          "first_throw": "first_throw"}


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


def form_for(game, sheet=None, doc=None, position=None):
    data = prefill(doc, game.options) if doc is not None else {}
    if sheet is not None and doc is None:
        # the next player is only where a new turn's form opens
        data = {"player": sheet.to_dict()["next_player"]}
    return form_class(tuple(game.players)).for_game(game, data or None)


def dress(form, game, sheet, position=None):
    """The rows each player may fill (css hides the others) and who already played this
    round, as a correction or a new turn sees them."""
    rows = {p: dict(sheet.to_dict()["rows"][p]) for p in game.players}
    if position is not None:
        doc = game.docs[position]
        rows[doc["player"]][doc["row"]] = None
    open_rows = [allowed_rows(rows[p]) for p in game.players]
    # rows nobody may fill are left out; the others say whom they are closed to
    form.offered = {row for allowed in open_rows for row in allowed}
    form.closed = {row: " ".join(f"closed-{i}" for i, allowed in enumerate(open_rows)
                                 if row not in allowed) for row, _ in ROWS}
    counts = [sum(v is not None for v in rows[p].values()) for p in game.players]
    form.played = ([] if position is not None or sheet.finished else
                   [p for p, n in zip(game.players, counts) if n > min(counts)])
    form.dice_errors = list(dict.fromkeys(e for f in FACES for e in form[f"face_{f}"].errors))
    return form


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once: what depends on the sheet goes on the
    instance (see dress), never on this shared class."""

    class DicePokerForm(EntryForm):
        player = RadioField(lazy_gettext("Whose turn?"), choices=[(p, p) for p in players],
                            validators=[InputRequired(lazy_gettext("Say whose turn it is."))])
        # TRANSLATORS: dice poker: dice made on the first of a turn's three throws score
        # double in part 2 (the combination rows)
        first_throw = BooleanField(lazy_gettext("First throw: part 2 doubles"))
        # TRANSLATORS: dice poker: the legend over the rows of the sheet to write the turn in
        row = RadioField(lazy_gettext("Write it in"),
                         choices=[(key, lazy_gettext(label)) for key, label in ROWS],
                         validators=[InputRequired(lazy_gettext("Pick the row to write it in."))])
        dash = BooleanField(DASH_LABEL)
        score = WholeNumberField(lazy_gettext("Score"), validators=[Optional()],
                             render_kw={"autocomplete": "off"})
        # the "Show points" button: score what is tapped so far, ask for the rest on saving
        preview = BooleanField()

        def field_name(self, error):
            return FIELDS.get(error.field, "row")

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            if self.preview.data:
                for field in self:
                    if field.name != "csrf_token":
                        field.errors = []
                return ok
            return read_turn(self) and ok

    # the dice as how many show each face: their order never counts, and six fields are
    # what a phone without javascript fills in (static/js/pads/dice_poker.js taps them)
    for f in FACES:
        setattr(DicePokerForm, f"face_{f}", WholeNumberField(
            # TRANSLATORS: how many of the five dice show this face (%(face)s: 1 to 6)
            lazy_gettext("Dice showing %(face)s", face=f), validators=[Optional(), NumberRange(
                0, 5, lazy_gettext("Dice showing %(face)s: from 0 to 5.", face=f))],
            render_kw={"min": 0, "max": 5, "inputmode": "numeric", "autocomplete": "off"}))
    return DicePokerForm


def read_turn(form):
    """What keeps the form from being read as one turn (the rules judge the turn itself):
    other than five dice (once each count is one a die can have)."""
    if any(form[f"face_{f}"].errors for f in FACES):
        return False
    count = sum(form[f"face_{f}"].data or 0 for f in FACES)
    if count and count != 5:
        told = (gettext("Tap five dice: %(count)s of 5 so far.", count=count) if count < 5
                else gettext("Tap five dice: that is %(count)s.", count=count))
        form.face_1.errors = [*form.face_1.errors, told]
        return False
    return True


def prefill(doc, options=None):
    data = {"player": doc.get("player"), "row": doc.get("row")}
    if "dice" in doc:
        data.update({f"face_{f}": doc["dice"].count(f) or None for f in FACES})
        data["first_throw"] = bool(doc.get("first_throw"))
    elif doc.get("dash"):
        data["dash"] = True
    else:
        data["score"] = doc.get("score")
    return data


def dice_of(form):
    """The five dice, lowest first, when the counts make five; else None."""
    counts = [form[f"face_{f}"].data for f in FACES]
    if not all(c is None or (isinstance(c, int) and 0 <= c <= 5) for c in counts):
        return None
    dice = [f for f, c in zip(FACES, counts) for _ in range(c or 0)]
    return dice if len(dice) == 5 else None


def to_entry(form, game):
    """The turn as the rules read it: dice that miss their row score it as a dash, as
    the form says before saving; whatever was given twice (dice and a score, a dash and
    dice that make the row) is sent as given, for the rules to refuse."""
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


def preview(form, game):
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


def board(game, sheet):
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
    fields = common(game, sheet, docs, tell, turn_player=nxt)
    number = 1 + min((rounds_played(docs, p) for p in players), default=0)
    fields.update(next_number=number, entry_heading=gettext("Round %(number)s", number=number),
                  save_label=gettext("Save the turn"), undo_label=gettext("Undo the last turn"))
    return DiceBoard(
        **fields,
        next_player=nxt if game.in_progress else None, upper=group(UPPER), lower=group(LOWER),
        part1=[view["upper"][p] for p in players],
        bonus=[view["bonus"][p] if d else None for p, d in zip(players, done)],
        bonus_points=BONUS, totals=[view["totals"][p] for p in players],
        results=[view["results"][p] for p in players] if sheet.finished else None,
        turns=turns)


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


def tell(sheet, docs, position):
    """One turn as a sentence, numbered by the player's round: "Round 4: Ann, Pair 24 ×2",
    "Round 5: Ben, Poker: dash"."""
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
        return gettext("Round %(number)s: %(player)s, %(row)s %(points)s ×2", number=number,
                       player=player, row=name, points=shown)
    return gettext("Round %(number)s: %(player)s, %(row)s %(points)s", number=number,
                   player=player, row=name, points=shown)


# -- the demo: up to three throws, keeping the dice that serve the best open row ----------


def demo_options(seated, rng):
    return {"four_of_a_kind_is_two_pairs": True} if rng.random() < 0.3 else {}


def demo_entry(state, rng: random.Random) -> dict:
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


def best_row(rows, dice, first, options):
    """The open row these dice score most in; a miss goes to the hardest row left."""
    scored = [(score_row(r, dice, first, options), -i, r) for i, r in enumerate(rows)]
    points, _, row = max(scored)
    if points == 0 and rows[0] not in UPPER:
        row = rows[-1]
    return row, points


# -- the export: the whole sheet as a spreadsheet reads it ---------------------------------


def sheet_table(game, sheet):
    """Every row of every player ("24 ×2" doubled on the first throw, "—" a dash, empty
    while open), part 1, the bonus, the total and, once over, the result against the
    average."""
    view, players = sheet.to_dict(), sheet.players

    def cell(player, row):
        value = view["rows"][player][row]
        if value is None:
            return ""
        if row in view["dashes"][player]:
            return "—"
        return f"{value} ×2" if row in view["doubled"][player] else value

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
        rows.append(line(gettext("Against the average"),
                         (round(view["results"][p], 1) for p in players)))
    # TRANSLATORS: the heading of the export's first column: the rows of the dice poker sheet
    return [gettext("Row"), *players], rows
