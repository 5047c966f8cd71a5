"""The card game to 500: who went out, then each other hand as points or card counts."""

from functools import lru_cache

from wtforms import IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from ..forms import EntryForm
from ..rules import RuleError
from ..rules.cards_500 import CARD_TYPES, RULES, copies, hand_points, noun

COUNT_KEYS = [key for key, _, _ in CARD_TYPES]


def build_form(game, sheet, doc=None, position=None):
    players = tuple(game.players)
    return form_class(players).for_game(game, prefill(doc, players) if doc is not None else None)


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request. The card
    counts carry no render_kw: the template writes their inputs, with the shoe's copies
    of each card type as their maximum."""

    class Cards500Form(EntryForm):
        player_fields = {p: f"points_{i}" for i, p in enumerate(players)}
        out = RadioField("Who went out?", choices=[(p, p) for p in players],
                         validators=[InputRequired("Say who went out.")])

        def validate(self, extra_validators=None):
            super().validate(extra_validators)
            for i, player in enumerate(players):
                if player == self.out.data:
                    # the player who went out scores 0: whatever is in their fields waits unused
                    for name in field_names(i):
                        self[name].errors = []
                    continue
                typed = self[f"points_{i}"].data is not None
                counted = counts_of(self, i) is not None
                if typed and counted:
                    self[f"points_{i}"].errors.append(
                        f"Type {player}'s points or count {player}'s cards, not both.")
                elif not typed and not counted and not has_count_errors(self, i):
                    self[f"points_{i}"].errors.append(
                        f"Type {player}'s points or count {player}'s cards.")
            return not self.errors

    for i, player in enumerate(players):
        setattr(Cards500Form, f"points_{i}", IntegerField(
            player, validators=[Optional()],
            render_kw={"inputmode": "numeric", "min": 5, "step": 5, "placeholder": "points",
                       "autocomplete": "off"}))
        for key, label, _ in CARD_TYPES:
            setattr(Cards500Form, f"count_{i}_{key}", IntegerField(
                label, validators=[Optional(), NumberRange(
                    0, None, f"{player} cannot hold a negative number of {noun(key)}.")]))
    return Cards500Form


def field_names(i):
    return [f"points_{i}", *(f"count_{i}_{key}" for key in COUNT_KEYS)]


def prefill(doc, players):
    """Form data for an entry document, for its correction page."""
    data = {"out": doc.get("out")}
    for i, player in enumerate(players):
        hand = doc.get("hands", {}).get(player, {})
        if "points" in hand:
            data[f"points_{i}"] = hand["points"]
        for key in COUNT_KEYS:
            data[f"count_{i}_{key}"] = hand.get(key) or None
    return data


def counts_of(form, i):
    """The card counts typed for a player, or None when every count is empty or 0."""
    counts = {key: form[f"count_{i}_{key}"].data for key in COUNT_KEYS}
    counts = {key: n for key, n in counts.items() if n}
    return counts or None


def has_count_errors(form, i):
    return any(form[f"count_{i}_{key}"].errors for key in COUNT_KEYS)


def to_entry(form, game):
    hands = {}
    for i, player in enumerate(game.players):
        if player != form.out.data:
            counts = counts_of(form, i)
            hands[player] = counts if counts else {"points": form[f"points_{i}"].data}
    return {"out": form.out.data, "hands": hands}


def preview(form, game):
    """Each counted hand's points, and the whole hand as the rules see it, keyed by output."""
    shown, ready = {}, form.out.data in game.players
    for i, player in enumerate(game.players):
        counts = counts_of(form, i)
        if player == form.out.data:
            shown[f"hand_{i}"] = f"{player} goes out: 0"
        elif counts and all(n > 0 for n in counts.values()):
            cards = sum(counts.values())
            shown[f"hand_{i}"] = (f"{cards} card{'' if cards == 1 else 's'}: "
                                  f"{hand_points(counts)} points")
        else:
            shown[f"hand_{i}"] = ""
        ready = ready and bool(player == form.out.data or counts
                               or form[f"points_{i}"].data is not None)
    shown["check"], shown["problem"] = check(form, game) if ready else ("", "")
    return shown


def check(form, game):
    """The hand on its own through the rules: (every player's points, why it is refused)."""
    problems = [e for name, errors in form.errors.items() if name != "csrf_token"
                for e in errors]
    if problems:
        return "", problems[0]
    try:
        sheet = RULES.replay(game.players, game.options, [to_entry(form, game)])
    except RuleError as error:
        return "", str(error)
    points = sheet.to_dict()["hands"][0]
    return "This hand: " + ", ".join(f"{p} {points[p]}" for p in game.players
                                     if p != form.out.data) + ".", ""


def context(game, sheet):
    view = sheet.to_dict()
    rows = [{"position": h, "dealer": game.players[h % len(game.players)], "out": out,
             "points": points, "totals": totals}
            for h, (out, points, totals) in enumerate(zip(view["outs"], view["hands"],
                                                          sheet.progress))]
    return {"leaders": view["leaders"], "rows": rows, "shoe": copies(game.options)}


def describe(game, sheet, position):
    """One hand as a sentence: "Hand 3: Ann went out; Ben 45, Cid 30"."""
    out = game.entries[position].doc["out"]
    points = ", ".join(f"{p} {n}" for p, n in sheet.to_dict()["hands"][position].items()
                       if p != out)
    return f"Hand {position + 1}: {out} went out; {points}"
