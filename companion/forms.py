"""The app's forms. Entry forms for each game kind live in companion/pads/."""

from __future__ import annotations

from datetime import date

from flask import request
from flask_babel import gettext, lazy_gettext, lazy_ngettext, ngettext
from flask_wtf import FlaskForm
from flask_wtf.form import _Auto
from wtforms import BooleanField, DateField, HiddenField, IntegerField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from . import once
from .i18n import sentence, term
from .models import GROUP_NAME_MAX, NAME_MAX
from .text import clean
from .rules import Rules

# WTForms' own messages, said from the app's catalog: WTForms has no catalog for every
# language of the app (none for Latvian), and its English must never show on a page in
# another. The app's fields and validators say their own; these are the ones a field's
# coercion or a validator without a message of its own would say, in the same English
BUILT_IN = {
    "Not a valid choice.": lazy_gettext("Not a valid choice."),
    "Invalid Choice: could not coerce.": lazy_gettext("Invalid Choice: could not coerce."),
    "Not a valid integer value.": lazy_gettext("Not a valid integer value."),
    "Not a valid decimal value.": lazy_gettext("Not a valid decimal value."),
    "Not a valid float value.": lazy_gettext("Not a valid float value."),
    "Not a valid date value.": lazy_gettext("Not a valid date value."),
    "Not a valid datetime value.": lazy_gettext("Not a valid datetime value."),
    "Not a valid time value.": lazy_gettext("Not a valid time value."),
    "This field is required.": lazy_gettext("This field is required."),
    "Invalid input.": lazy_gettext("Invalid input."),
    # the validators fill in %(min)s and %(max)s
    "Number must be at least %(min)s.": lazy_gettext("Number must be at least %(min)s."),
    "Number must be at most %(max)s.": lazy_gettext("Number must be at most %(max)s."),
    "Number must be between %(min)s and %(max)s.": lazy_gettext(
        "Number must be between %(min)s and %(max)s."),
    "Field must be between %(min)d and %(max)d characters long.": lazy_gettext(
        "Field must be between %(min)d and %(max)d characters long."),
    "This field cannot be edited.": lazy_gettext("This field cannot be edited."),
    "This field is disabled and cannot have a value.": lazy_gettext(
        "This field is disabled and cannot have a value."),
}
# and those said by a number of characters (`n`: the validator's min or max), said whole
BUILT_IN_COUNTED = {
    "Field must be at least %(min)d character long.": lambda n: ngettext(
        "Field must be at least %(num)d character long.",
        "Field must be at least %(num)d characters long.", n),
    "Field cannot be longer than %(max)d character.": lambda n: ngettext(
        "Field cannot be longer than %(num)d character.",
        "Field cannot be longer than %(num)d characters.", n),
    "Field must be exactly %(max)d character long.": lambda n: ngettext(
        "Field must be exactly %(num)d character long.",
        "Field must be exactly %(num)d characters long.", n),
}


class Translations:
    """What a form's fields say for WTForms (`Meta.get_translations`): its own messages
    from the app's catalog, anything else (a field's name as its default label) as it is.
    Unformatted: WTForms fills in the places."""

    def gettext(self, string):
        said = BUILT_IN.get(string)
        return string if said is None else str(said)

    def ngettext(self, singular, plural, n):
        ours = BUILT_IN_COUNTED.get(singular)
        return (singular if n == 1 else plural) if ours is None else ours(n)


TRANSLATIONS = Translations()


class WholeNumberField(IntegerField):
    """A number field whose refusal says what to type: WTForms' own says "Not a valid
    integer value." for 1.5, "twelve" or a number of five thousand digits."""

    # past this a number is held at it: every check of a range then refuses it in its own
    # words, and none meets a number too large for a float (WTForms' NumberRange does)
    HELD = 10 ** 18

    def process_formdata(self, valuelist):
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(gettext("Type a whole number, like 12 or -3.")) from None
        if isinstance(self.data, int) and abs(self.data) > self.HELD:
            self.data = self.HELD if self.data > 0 else -self.HELD


class DayField(DateField):
    """A date field whose refusal is the app's catalog's (WTForms' own is in English
    only)."""

    def process_formdata(self, valuelist):
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(gettext("Not a valid date value.")) from None


class Form(FlaskForm):
    """Base of the app's forms."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form):
            return TRANSLATIONS

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
                self[name].errors = [gettext("Type this in: a file cannot go here.")]
                ok = False
        return ok


class Once:
    """For a form that creates or removes something: the one-time key the server gave it
    for this phone, `action` and `target` (companion/once.py), so that a second tap on its
    button answers as the first did (views/once.py). A key sent back that is not one for
    this scope is replaced, as if the form were new."""

    once = HiddenField()

    def __init__(self, *args, action: str, target: object = "", **kwargs):
        super().__init__(*args, **kwargs)
        keyed(self, once.scope(action, target))


def keyed(form, scope: str) -> None:
    """The form's one-time key for `scope`: the one it was sent with when the server gave
    it for this scope, else a new one for its hidden field."""
    form.scope = scope
    form.key = once.key(form.once.data, scope)
    if form.key is None:
        form.once.data = once.issue(scope)


class NightForm(Once, Form):
    # the group the form was shown for (a phone in several may open another in a new tab)
    group = HiddenField()
    date = DayField(lazy_gettext("Date"), default=date.today, validators=[
        DataRequired(message=lazy_gettext("Pick the night's date."))])
    title = StringField(lazy_gettext("Title (optional)"), validators=[
        Optional(), Length(max=80, message=lazy_ngettext("Keep the title to %(num)d character.",
                                                         "Keep the title to %(num)d characters.",
                                                         80))],
        # TRANSLATORS: an example of a night's title: at someone's home
        render_kw={"placeholder": lazy_gettext("At Ann's"), "autocomplete": "off"})


class GroupNameForm(Form):
    name = StringField(lazy_gettext("Group's name"), validators=[
        Optional(), Length(max=GROUP_NAME_MAX, message=lazy_ngettext(
            "Keep the group's name to %(num)d character.",
            "Keep the group's name to %(num)d characters.", GROUP_NAME_MAX))],
        render_kw={"placeholder": lazy_gettext("Our game nights"), "autocomplete": "off",
                   "autocapitalize": "words"})


class StartGroupForm(Once, GroupNameForm):
    """The first page's one tap: the name may stay empty."""


class NameForm(Form):
    name = StringField(lazy_gettext("New player's name"), validators=[
        DataRequired(message=lazy_gettext("Type a name.")),
        Length(max=NAME_MAX, message=lazy_ngettext("Keep names to %(num)d character.",
                                                   "Keep names to %(num)d characters.",
                                                   NAME_MAX))],
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
    """A form that changes a game: it carries the version of the game it was based on,
    and a one-time key of this phone's for the game (companion/once.py), so that a retry
    after a lost answer is answered as the first send was (views/once.py, `first_answer`)
    even once other phones changed the game since."""

    version = HiddenField()
    once = HiddenField()

    @classmethod
    def for_game(cls, game, data=None, **kwargs):
        """The form as submitted, or opened with `data` and the game's version (a form
        sent without one is refused as not knowing what it changes)."""
        form = cls(data=data, **kwargs) if data is not None else cls(**kwargs)
        if not form.is_submitted() and not form.version.data:
            form.version.data = game.version
        keyed(form, once.scope("change", game.id))
        return form

    def seen(self) -> str | None:
        return self.version.data or None


class EntryForm(VersionForm):
    """Base of every pad's entry form. `entry`: the number of the entry it was opened for
    (from 0), which says, when another phone saved meanwhile, whether that was this very
    entry (views/games.py, `saved_since`)."""

    entry = HiddenField()

    @classmethod
    def for_game(cls, game, data=None, **kwargs):
        form = super().for_game(game, data, **kwargs)
        form.game_options = game.options
        if not form.is_submitted():
            form.entry.data = len(game.entries)
        return form

    def opened(self) -> int | None:
        value = str(self.entry.data)
        if value and value.isascii() and value.isdigit() and len(value) <= 9:
            return int(value)
        return None

    def field_name(self, error: Exception) -> str | None:
        """The field a RuleError (its `player` and `field`) is shown beside; None puts it
        above the form. Each pad says it for its own fields."""
        return None

    def attach(self, error: Exception) -> None:
        """Show a refusal next to the field it concerns, or above the form."""
        name = self.field_name(error) if getattr(error, "player", None) else None
        if name is not None and name in self:
            self[name].errors = [*self[name].errors, sentence(error)]
        else:
            self.form_errors.append(sentence(error))


def game_setup_form(rules: Rules, target: str, attendees: list[str],
                    settings: dict | None = None, seated: list[str] | None = None):
    """Seats in clockwise order plus the game's settings, built from the rules module; a
    form opened from an earlier game (`settings`) starts from that game's settings, and its
    seats hold `seated` (the night's players, when None). `target` is what its one-time key
    is for (the night and the kind)."""

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
                    self[name].errors.append(gettext("%(name)s already has a seat.",
                                                     name=value))
                    ok = False
                seen.add(value)
            return ok

    # TRANSLATORS: the choice of an empty seat
    choices = [("", gettext("— nobody —"))] + [(a, a) for a in attendees]
    low, high = rules.min_players, rules.max_players
    seats = {}
    filled = attendees if seated is None else seated
    for seat in range(min(high, max(len(attendees), low))):
        name = f"seat_{seat}"
        # `filled` takes the seats when the form opens; a submitted form that leaves a
        # seat out leaves it empty
        seats[name] = filled[seat] if seat < len(filled) else ""
        setattr(GameSetupForm, name, SelectField(gettext("Seat %(number)s", number=seat + 1),
                                                 choices=choices, default="",
                                                 validate_choice=True))
        GameSetupForm.seat_names = [*GameSetupForm.seat_names, name]
    for option in rules.options:
        field_name = f"option_{option.key}"
        # the form is built for this request: its words are said in the reader's language
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
    if request.method != "GET":
        return GameSetupForm(action="game", target=target)
    known = {option.key for option in rules.options}
    return GameSetupForm(action="game", target=target, data={**seats, **{f"option_{key}": value
                                          for key, value in (settings or {}).items()
                                          if key in known}})


