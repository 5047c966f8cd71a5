"""Dice poker's turn form: the dice as counts per face, the row, or a dash or a typed score;
and how a form and a turn document read each other."""

from __future__ import annotations

from functools import lru_cache

from wtforms import BooleanField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from ...forms import EntryForm, WholeNumberField
from ...i18n import gettext, lazy_gettext
from .rows import ROWS

FACES = range(1, 7)
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


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once: what depends on the sheet is the entry
    view's (pad.py, `DiceEntry`), never on this shared class."""

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
    # what a phone without javascript fills in (static/dice_poker.js taps them)
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


def dice_errors(form):
    """What the form says about the dice, once each: every face's refusals together."""
    return list(dict.fromkeys(e for f in FACES for e in form[f"face_{f}"].errors))


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
