"""The form that starts a game: its seats and its settings, built from the kind's rules."""

from __future__ import annotations

from functools import lru_cache

from flask import request
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..i18n import gettext, language, ngettext, term
from ..rules import Rules
from ..text import clean
from .base import Form, Once, WholeNumberField


def game_setup_form(rules: Rules, target: str, attendees: list[str],
                    settings: dict | None = None, seated: list[str] | None = None,
                    first: tuple[str, str] | None = None):
    """Seats in clockwise order plus the game's settings, built from the rules module; a
    form opened from an earlier game (`settings`) starts from that game's settings, and its
    seats hold `seated` (the night's players, when None). `target` is what its one-time key
    is for (the night and the kind). `first`: the label and hint of the choice of who
    starts (Kind.words.first), for a kind whose play goes round from one player."""
    form_class = setup_form_class(rules, tuple(attendees), first, language())
    if request.method != "GET":
        return form_class(action="game", target=target)
    # `filled` takes the seats when the form opens; a submitted form that leaves a seat
    # out leaves it empty
    filled = attendees if seated is None else seated
    seats = {name: filled[seat] if seat < len(filled) else ""
             for seat, name in enumerate(form_class.seat_names)}
    known = {option.key for option in rules.options}
    return form_class(action="game", target=target, data={
        **seats, **{f"option_{key}": value for key, value in (settings or {}).items()
                    if key in known}})


@lru_cache(maxsize=256)
def setup_form_class(rules: Rules, attendees: tuple[str, ...],
                     first: tuple[str, str] | None, lang: str):
    """The setup form's class for a kind, the night's players and who starts, in the
    language `lang`: built once and shared by every request (building it cost as much as
    the rest of the page but its template)."""

    class GameSetupForm(Once, Form):
        seat_names: list[str] = []
        option_names: list[str] = []

        def seated(self) -> list[str]:
            """The players in seat order, from who starts (when chosen) round clockwise."""
            names = [self[n].data for n in self.seat_names if self[n].data]
            starts = self.first.data if first and self.first.data in names else None
            at = names.index(starts) if starts else 0
            return names[at:] + names[:at]

        def options(self) -> dict:
            return {o.key: self[f"option_{o.key}"].data for o in rules.options}

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            seen = set()
            for name in self.seat_names:
                value = self[name].data
                if value and value in seen:
                    self[name].errors.append(gettext("%(name)s already has a seat.",
                                                     name=value))
                    ok = False
                seen.add(value)
            if first and self.first.data and not self.first.errors and \
                    self.first.data not in seen:
                self.first.errors.append(gettext("%(name)s has no seat in this game.",
                                                 name=self.first.data))
                ok = False
            return ok

    # TRANSLATORS: the choice of an empty seat
    choices = [("", gettext("— nobody —"))] + [(a, a) for a in attendees]
    low, high = rules.min_players, rules.max_players
    for seat in range(min(high, max(len(attendees), low))):
        name = f"seat_{seat}"
        setattr(GameSetupForm, name, SelectField(gettext("Seat %(number)s", number=seat + 1),
                                                 choices=choices, default="",
                                                 validate_choice=True))
        GameSetupForm.seat_names = [*GameSetupForm.seat_names, name]
    if first:
        # who starts: seat 1 unless another is chosen, the seats then read round from them
        GameSetupForm.first = SelectField(
            first[0], description=first[1], default="", validate_choice=True,
            # TRANSLATORS: the choice of who starts a game: the player in the first seat
            choices=[("", gettext("Seat 1"))] + [(a, a) for a in attendees])
    for option in rules.options:
        field_name = f"option_{option.key}"
        # its words are said in the reader's language (`lang`)
        label = term(option.label)
        if option.type == "bool":
            field = BooleanField(label, default=option.default)
        elif option.type == "int":
            field = WholeNumberField(label, default=option.default, validators=[
                Optional() if option.optional else
                # TRANSLATORS: setting is a setting's label, as the game's form shows it
                InputRequired(message=gettext("Type a number for “%(setting)s”.",
                                              setting=label)),
                # the validator fills in the numbers
                NumberRange(option.minimum, option.maximum,
                            message=gettext("Pick %(min)s to %(max)s."))],
                render_kw={"inputmode": "numeric"})
        elif option.type == "text":
            field = StringField(
                label, default=option.default,
                filters=[lambda value: clean(value or "")],
                validators=[Length(max=option.maximum, message=ngettext(
                    "Keep it to %(num)d character.", "Keep it to %(num)d characters.",
                    option.maximum))],
                render_kw={"autocomplete": "off"})
        else:
            field = SelectField(label, choices=[(value, term(name))
                                                for value, name in option.choices],
                                default=option.default)
        setattr(GameSetupForm, field_name, field)
        GameSetupForm.option_names = [*GameSetupForm.option_names, field_name]
    return GameSetupForm
