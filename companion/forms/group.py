"""The forms of a group's pages: its name, its nights, its players, and the buttons that
change them."""

from __future__ import annotations

from datetime import date

from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, StringField
from wtforms.validators import DataRequired, Length, Optional

from ..i18n import lazy_gettext, lazy_ngettext
from ..models import GROUP_NAME_MAX, NAME_MAX
from .base import DayField, Form, Once


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


class RestoreForm(Once, Form):
    """A group's backup file, restored into a new group this phone joins."""

    backup = FileField(lazy_gettext("Backup file"), validators=[FileRequired(
        lazy_gettext("Choose the backup file to restore (a .json file)."))],
        render_kw={"accept": ".json,application/json"})
