"""The app's forms. Entry forms for each game kind live in companion/pads/."""

from __future__ import annotations

import secrets
from datetime import date

from flask import request
from flask_wtf import FlaskForm
from flask_wtf.form import _Auto
from wtforms import BooleanField, DateField, HiddenField, IntegerField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from .models import GROUP_NAME_MAX, NAME_MAX
from .text import clean
from .rules import Rules


class WholeNumberField(IntegerField):
    """A number field whose refusal says what to type: WTForms' own says "Not a valid
    integer value." for 1.5, "twelve" or a number of five thousand digits."""

    def process_formdata(self, valuelist):
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError("Type a whole number, like 12 or -3.") from None


class Form(FlaskForm):
    """Base of the app's forms."""

    class Meta(FlaskForm.Meta):
        def wrap_formdata(self, form, formdata):
            # only the form's text fields: no form here takes a file or a JSON body
            if formdata is _Auto:
                return request.form if form.is_submitted() else None
            return formdata

        def render_field(self, field, render_kw):
            # hidden inputs need no id, and a page with several forms must not repeat one
            if getattr(field.widget, "input_type", None) == "hidden":
                render_kw = {"id": False, **render_kw}
            return super().render_field(field, render_kw)

    def validate(self, extra_validators=None):
        ok = super().validate(extra_validators)
        # a file sent where text belongs: said beside the field, instead of its default
        for name in request.files if self.is_submitted() else ():
            if name in self._fields:
                self[name].errors = ["Type this in: a file cannot go here."]
                ok = False
        return ok


class Once:
    """For a form that creates something: the token it was rendered with, so that a second
    tap on its button answers as the first did (companion/locks.py, `claim`)."""

    once = HiddenField(default=lambda: secrets.token_urlsafe(16))


class NightForm(Once, Form):
    # the group the form was shown for (a phone in several may open another in a new tab)
    group = HiddenField()
    date = DateField("Date", default=date.today, validators=[
        DataRequired("Pick the night's date.")])
    title = StringField("Title (optional)", validators=[
        Optional(), Length(max=80, message="Keep the title to 80 characters.")],
        render_kw={"placeholder": "At Ann's", "autocomplete": "off"})


class GroupNameForm(Form):
    name = StringField("Group's name", validators=[
        Optional(), Length(max=GROUP_NAME_MAX,
                           message=f"Keep the group's name to {GROUP_NAME_MAX} characters.")],
        render_kw={"placeholder": "Our game nights", "autocomplete": "off",
                   "autocapitalize": "words"})


class StartGroupForm(Once, GroupNameForm):
    """The first page's one tap: the name may stay empty."""


class NameForm(Form):
    name = StringField("New player's name", validators=[
        DataRequired("Type a name."),
        Length(max=NAME_MAX, message=f"Keep names to {NAME_MAX} characters.")],
        render_kw={"autocomplete": "off", "autocapitalize": "words"})


class NewPlayerForm(Once, NameForm):
    def focus(self) -> NewPlayerForm:
        """The name field takes the focus when the page opens (the next name, after one
        was added), without any script."""
        self.name.render_kw = {**(self.name.render_kw or {}), "autofocus": True}
        return self


class ConfirmForm(Form):
    """A form with nothing but its CSRF token, for buttons that change things."""


class ConfirmOnceForm(Once, ConfirmForm):
    """A button that removes something: a second tap, once it is gone, is answered as the
    first (views/nights.py, `delete`)."""


class VersionForm(Form):
    """A form that changes a game: it carries the version of the game it was based on."""

    version = HiddenField()

    @classmethod
    def for_game(cls, game, data=None, **kwargs):
        """The form as submitted, or opened with `data` and the game's version (a form
        sent without one is refused as not knowing what it changes)."""
        form = cls(data=data, **kwargs) if data is not None else cls(**kwargs)
        if not form.is_submitted() and not form.version.data:
            form.version.data = game.version
        return form

    def seen(self) -> str | None:
        return self.version.data or None


class EntryForm(VersionForm):
    """Base of every pad's entry form."""

    @classmethod
    def for_game(cls, game, data=None, **kwargs):
        form = super().for_game(game, data, **kwargs)
        form.game_options = game.options
        return form

    def field_name(self, error: Exception) -> str | None:
        """The field a RuleError (its `player` and `field`) is shown beside; None puts it
        above the form. Each pad says it for its own fields."""
        return None

    def attach(self, error: Exception) -> None:
        """Show a refusal next to the field it concerns, or above the form."""
        name = self.field_name(error) if getattr(error, "player", None) else None
        if name is not None and name in self:
            self[name].errors = [*self[name].errors, str(error)]
        else:
            self.form_errors.append(str(error))


def game_setup_form(rules: Rules, attendees: list[str], settings: dict | None = None,
                    seated: list[str] | None = None):
    """Seats in clockwise order plus the game's settings, built from the rules module; a
    form opened from an earlier game (`settings`) starts from that game's settings, and its
    seats hold `seated` (the night's players, when None)."""

    class GameSetupForm(Once, Form):
        seat_names: list[str] = []
        option_names: list[str] = []

        def seated(self) -> list[str]:
            return [self[n].data for n in self.seat_names if self[n].data]

        def options(self) -> dict:
            return {o.key: self[f"option_{o.key}"].data for o in rules.options}

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            seen = set()
            for name in self.seat_names:
                value = self[name].data
                if value and value in seen:
                    self[name].errors.append(f"{value} already has a seat.")
                    ok = False
                seen.add(value)
            return ok

    choices = [("", "— nobody —")] + [(a, a) for a in attendees]
    low, high = rules.min_players, rules.max_players
    seats = {}
    filled = attendees if seated is None else seated
    for seat in range(min(high, max(len(attendees), low))):
        name = f"seat_{seat}"
        # `filled` takes the seats when the form opens; a submitted form that leaves a
        # seat out leaves it empty
        seats[name] = filled[seat] if seat < len(filled) else ""
        setattr(GameSetupForm, name, SelectField(f"Seat {seat + 1}", choices=choices,
                                                 default="", validate_choice=True))
        GameSetupForm.seat_names = [*GameSetupForm.seat_names, name]
    for option in rules.options:
        field_name = f"option_{option.key}"
        if option.type == "bool":
            field = BooleanField(option.label, default=option.default)
        elif option.type == "int":
            field = WholeNumberField(option.label, default=option.default, validators=[
                Optional() if option.optional else
                InputRequired(f"Type a number for “{option.label}”."),
                NumberRange(option.minimum, option.maximum,
                            f"Pick {option.minimum} to {option.maximum}.")],
                render_kw={"inputmode": "numeric"})
        elif option.type == "text":
            field = StringField(
                option.label, default=option.default,
                filters=[lambda value: clean(value or "")],
                validators=[Length(max=option.maximum,
                                   message=f"Keep it to {option.maximum} characters.")],
                render_kw={"autocomplete": "off"})
        else:
            field = SelectField(option.label, choices=list(option.choices),
                                default=option.default)
        setattr(GameSetupForm, field_name, field)
        GameSetupForm.option_names = [*GameSetupForm.option_names, field_name]
    if request.method != "GET":
        return GameSetupForm()
    known = {option.key for option in rules.options}
    return GameSetupForm(data={**seats, **{f"option_{key}": value
                                          for key, value in (settings or {}).items()
                                          if key in known}})


