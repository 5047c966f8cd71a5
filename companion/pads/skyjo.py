"""Skyjo: a score or the twelve cards per player, and who finished the round."""

from functools import lru_cache

from wtforms import IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from ..forms import EntryForm
from ..rules import RuleError
from ..rules.skyjo import MAX_SCORE, MIN_SCORE, grid_score

CELLS = range(12)


def build_form(game, sheet, doc=None, position=None):
    players = tuple(game.players)
    return form_class(players).for_game(game, prefill(doc, players) if doc is not None else None)


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request."""

    class SkyjoForm(EntryForm):
        player_fields = {p: f"score_{i}" for i, p in enumerate(players)}
        finisher = RadioField("Who finished the round?", choices=[(p, p) for p in players],
                              validators=[InputRequired("Say who turned all their cards first.")])

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            for i, player in enumerate(players):
                typed = self[f"score_{i}"].data is not None
                cards = any(self[f"card_{i}_{c}"].data is not None for c in CELLS)
                if typed == cards:
                    message = (f"Type {player}'s score or their cards, not both." if typed
                               else f"Type {player}'s score for this round.")
                    self[f"score_{i}"].errors.append(message)
                    ok = False
            return ok

    for i, player in enumerate(players):
        setattr(SkyjoForm, f"score_{i}", IntegerField(player, validators=[
            Optional(), NumberRange(MIN_SCORE, MAX_SCORE,
                                    f"A round score runs from {MIN_SCORE} to {MAX_SCORE}.")]))
        for c in CELLS:
            setattr(SkyjoForm, f"card_{i}_{c}", IntegerField(
                f"{player}, row {c // 4 + 1}, column {c % 4 + 1}",
                validators=[Optional(), NumberRange(-2, 12, "Cards run from -2 to 12.")]))
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
    cells = [form[f"card_{i}_{c}"].data for c in CELLS]
    return cells if any(value is not None for value in cells) else None


def to_entry(form, game):
    hands = {}
    for i, player in enumerate(game.players):
        grid = grid_of(form, i)
        hands[player] = {"grid": grid} if grid else {"score": form[f"score_{i}"].data}
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


def context(game, sheet):
    view = sheet.to_dict()
    leaders = [p for p, t in view["totals"].items() if view["rounds"]
               and t == min(view["totals"].values())]
    return {"leaders": leaders, "finishers": [entry.doc["finisher"] for entry in game.entries]}


def describe(game, sheet, position):
    """One round as a sentence: "Round 4: Ann 12, Ben 30 (doubled)"."""
    view = sheet.to_dict()
    doubled = view["doubled"][position]
    scores = ", ".join(f"{p} {points}{' (doubled)' if p == doubled else ''}"
                       for p, points in view["rounds"][position].items())
    return f"Round {position + 1}: {scores}"
