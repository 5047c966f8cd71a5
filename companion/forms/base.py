"""The base of the app's forms: WTForms said in the app's catalog, number and date fields
that refuse in its words, and the one-time key of a form that creates or removes something."""

from __future__ import annotations

from flask import request
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.form import _Auto
from werkzeug.datastructures import CombinedMultiDict
from wtforms import DateField, HiddenField, IntegerField

from .. import once
from ..i18n import gettext, lazy_gettext, ngettext

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
        if valuelist:
            self.data = None
            self.data = self.read(valuelist[0])

    @classmethod
    def read(cls, typed: str) -> int:
        """A whole number as typed, held at HELD; a ValueError says what to type."""
        try:
            number = int(typed)
        except ValueError:
            raise ValueError(gettext("Type a whole number, like 12 or -3.")) from None
        return max(-cls.HELD, min(cls.HELD, number))


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
            # only the form's text fields (never a JSON body); files only for a form with
            # a file field (the History page's backup), each where its field is
            if formdata is _Auto:
                if not form.is_submitted():
                    return None
                if any(isinstance(field, FileField) for field in form):
                    return CombinedMultiDict((request.files, request.form))
                return request.form
            return formdata

        def render_field(self, field, render_kw):
            # hidden inputs need no id, and a page with several forms must not repeat one
            if getattr(field.widget, "input_type", None) == "hidden":
                render_kw = {"id": False, **render_kw}
            return super().render_field(field, render_kw)

    def validate(self, extra_validators=None):
        ok = super().validate(extra_validators)
        # a file sent where text belongs: said beside the field, instead of its default (a
        # field without a widget has no input of its own name: a field of many, which says
        # it beside the input it came for)
        for name in request.files if self.is_submitted() else ():
            if name in self._fields and self[name].widget is not None and \
                    not isinstance(self[name], FileField):
                self[name].errors = [file_refused()]
                ok = False
        return ok


def file_refused() -> str:
    return gettext("Type this in: a file cannot go here.")


class Once:
    """For a form that creates or removes something: the one-time key the server gave it
    for this phone, `action` and `target` (companion/once.py), so that a second tap on its
    button answers as the first did (services/changes.py). A key sent back not one for
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
