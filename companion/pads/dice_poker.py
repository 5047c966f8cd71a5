"""Dice poker: one turn at a time, as five dice, a dash or a typed score in one open row."""

from functools import lru_cache

from wtforms import BooleanField, IntegerField, RadioField
from wtforms.validators import InputRequired, Optional

from ..forms import EntryForm
from ..models import IN_PROGRESS
from ..rules.dice_poker import (LABELS, LOWER_ROWS, ROWS, UPPER_ROWS, allowed_rows, makes,
                                possible_scores, score_row)

DICE = range(5)
UPPER = [key for key, _ in UPPER_ROWS]
LOWER = [key for key, _ in LOWER_ROWS]
# what "these dice don't make ..." calls each combination
MAKE = {"pair": "a pair", "two_pairs": "two pairs", "three_of_a_kind": "three of a kind",
        "small_straight": "a small straight", "big_straight": "a big straight",
        "full_house": "a full house", "four_of_a_kind": "four of a kind",
        "poker": "poker (five of a kind)", "chance": "chance"}
# the sheet's row labels, short enough for four columns on a phone
SHORT = {**{key: key for key in UPPER}, "pair": "Pair", "two_pairs": "2 pairs",
         "three_of_a_kind": "3 of a kind", "small_straight": "Small str.",
         "big_straight": "Big str.", "full_house": "Full house",
         "four_of_a_kind": "4 of a kind", "poker": "Poker", "chance": "Chance"}
DASH_LABEL = "Write it as a dash"


def build_form(game, sheet, doc=None, position=None):
    players = game.players
    docs = [entry.doc for i, entry in enumerate(game.entries) if i != position]
    counts = {p: sum(v is not None for v in sheet["rows"][p].values()) for p in players}
    # the next player is only where the form opens: a doc or a submitted form says otherwise
    data = prefill(doc, game.options) if doc is not None else {}
    form = form_class(tuple(players)).for_game(game, {"player": sheet["next_player"], **data})
    form.game_options = game.options
    form.open_rows = {p: allowed_rows({d["row"]: 0 for d in docs if d.get("player") == p})
                      for p in players}
    # a correction may name anyone; a new turn belongs to someone who has not played this round
    form.played = ([] if position is not None or sheet.finished
                   else [p for p in players if counts[p] > min(counts.values())])
    return form


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once: what depends on the sheet goes on the
    instance (see build_form), never on this shared class."""

    class DicePokerForm(EntryForm):
        player_fields = {p: "row" for p in players}
        player = RadioField("Whose turn?", choices=[(p, p) for p in players],
                            validators=[InputRequired("Say whose turn it is.")])
        first_throw = BooleanField("On the first throw")
        row = RadioField("Write it in", choices=list(ROWS),
                         validators=[InputRequired("Pick the row to write it in.")])
        dash = BooleanField(DASH_LABEL)
        score = IntegerField("Score", validators=[Optional()],
                             render_kw={"autocomplete": "off"})
        # the "Show points" button: score what is tapped so far, ask for the rest on saving
        preview = BooleanField()

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            if self.preview.data:
                for field in self:
                    if field.name != "csrf_token":
                        field.errors = []
                return ok
            return check_turn(self, self.game_options) and ok

    for d in DICE:
        setattr(DicePokerForm, f"die_{d}", RadioField(
            f"Die {d + 1}", coerce=int, choices=[(f, str(f)) for f in range(1, 7)],
            validators=[Optional()]))
    return DicePokerForm


def check_turn(form, options):
    """Say beside each field what keeps these values from being one clear turn."""
    chosen = [d for d in (form[f"die_{d}"].data for d in DICE) if d is not None]
    row, dash, score = form.row.data, form.dash.data, form.score.data
    problems = []
    if chosen and len(chosen) < 5:
        problems.append((form.die_0, f"Tap all five dice: {len(chosen)} of 5 so far."))
    elif not chosen and score is None and not dash:
        problems.append((form.die_0, "Tap the five dice, type the score or write a dash."))
    if chosen and score is not None:
        problems.append((form.score, "Tap the dice or type the score, not both."))
    if score is not None and dash:
        problems.append((form.dash, "Type a score or write a dash, not both."))
    elif score is not None and not chosen and row in LABELS:
        values = possible_scores(row, options)
        if score not in values:
            problems.append((form.score, cannot_score(row, score, values)))
    if form.first_throw.data and not chosen and (dash or score is not None):
        problems.append((form.first_throw, "Only dice are marked as a first throw: a typed "
                                           "score already counts any doubling."))
    if row in UPPER and dash:
        problems.append((form.dash, f"Part 1 has no dashes: row {row} scores any throw."))
    elif row in LOWER and dice_of(form):
        made = makes(row, dice_of(form), options)
        if dash and made:
            problems.append((form.dash, f"These dice make {MAKE[row]}: untick "
                                        f"“{DASH_LABEL}” to score them."))
        if not dash and not made:
            problems.append((form.row, refusal(row)))
    for field, message in problems:
        field.errors = [*field.errors, message]
    return not problems


def cannot_score(row, score, values):
    """The refusal of a typed score, listing what the row takes when the list is short."""
    if len(values) > 12:
        return f"{LABELS[row]} cannot score {score}."
    listed = ", ".join(str(v) for v in values[:-1])
    return f"{LABELS[row]} cannot score {score}: it takes {listed} or {values[-1]}."


def refusal(row):
    return (f"These dice don't make {MAKE[row]}: saving writes a dash. "
            f"Tick “{DASH_LABEL}” to save it.")


def prefill(doc, options=None):
    data = {"player": doc.get("player"), "row": doc.get("row")}
    if "dice" in doc:
        data.update({f"die_{d}": value for d, value in enumerate(doc["dice"])})
        data["first_throw"] = bool(doc.get("first_throw"))
        # dice that missed their row were saved as a dash, so saving again must not ask
        data["dash"] = not makes(doc["row"], doc["dice"], options)
    elif doc.get("dash"):
        data["dash"] = True
    else:
        data["score"] = doc.get("score")
    return data


def dice_of(form):
    """The five dice when all five were tapped, else None."""
    dice = [form[f"die_{d}"].data for d in DICE]
    return dice if all(isinstance(d, int) and 1 <= d <= 6 for d in dice) else None


def dice_errors(form):
    return list(dict.fromkeys(e for d in DICE for e in form[f"die_{d}"].errors))


def closed_for(form, row):
    """Classes naming the seats this row is not open to, so css can hide it for them."""
    return " ".join(f"closed-{i}" for i, rows in enumerate(form.open_rows.values())
                    if row not in rows)


def to_entry(form, game):
    doc = {"player": form.player.data, "row": form.row.data}
    dice = dice_of(form)
    if dice:
        return {**doc, "dice": dice, "first_throw": bool(form.first_throw.data)}
    if form.dash.data:
        return {**doc, "dash": True}
    return {**doc, "score": form.score.data}


def preview(form, game):
    """What these dice would score in each row ("—" where they miss), keyed by output."""
    dice = dice_of(form)
    first = bool(form.first_throw.data)
    shown = {}
    for row, _ in ROWS:
        if dice is None:
            shown[f"points_{row}"] = ""
        elif not makes(row, dice, game.options):
            shown[f"points_{row}"] = "—"
        else:
            points = score_row(row, dice, first, game.options)
            shown[f"points_{row}"] = f"{points:+d}" if row in UPPER and points else str(points)
    row = form.row.data
    missed = dice and row in LOWER and not makes(row, dice, game.options)
    shown["row_note"] = ""
    if missed:
        shown["row_note"] = (f"These dice don't make {MAKE[row]}: it is saved as a dash."
                             if form.dash.data else refusal(row))
    return shown


def context(game, sheet):
    view = sheet.to_dict()
    positions = {p: {} for p in view["players"]}
    turns = []
    # the list of turns with their dice is for looking back; during play the cells link
    # to each turn's correction, which keeps the page light on a phone
    reviewing = game.status != IN_PROGRESS
    for i, entry in enumerate(game.entries):
        doc = entry.doc
        positions[doc["player"]][doc["row"]] = i
        if reviewing:
            turns.append({"position": i, "player": doc["player"], "row": LABELS[doc["row"]],
                          "how": entered(doc), "dash": doc["row"] in view["dashes"][doc["player"]],
                          "points": view["rows"][doc["player"]][doc["row"]]})
    totals = view["totals"]
    # nobody leads a sheet where everyone is level, until a tie shares the win
    leaders = [p for p, t in totals.items() if t == max(totals.values())
               and (sheet.finished or len(set(totals.values())) > 1)]
    return {
        "positions": positions, "turns": turns, "short": SHORT, "labels": LABELS,
        "upper_rows": UPPER, "lower_rows": LOWER, "dash_label": DASH_LABEL,
        "leaders": leaders,
        "upper_done": {p: all(view["rows"][p][r] is not None for r in UPPER)
                       for p in view["players"]},
        "allowed": {p: allowed_rows(view["rows"][p]) for p in view["players"]},
    }


def entered(doc):
    """How a turn was entered, for the list of turns: "3 3 1 2 5, first throw"."""
    if "dice" in doc:
        dice = " ".join(str(d) for d in doc["dice"])
        return f"{dice}, first throw" if doc.get("first_throw") else dice
    return "dash" if doc.get("dash") else "typed score"


def describe(game, sheet, position):
    """One turn as a sentence: "Turn 16: Ann, Pair: 12"."""
    doc = game.entries[position].doc
    points = sheet.to_dict()["rows"][doc["player"]][doc["row"]]
    return f"Turn {position + 1}: {doc['player']}, {LABELS[doc['row']]}: {points}"
