"""The app's forms, every one importable from here (`from companion.forms import NightForm`).

  base.py     the base of every form: WTForms in the app's catalog, fields, one-time keys
  group.py    a group's pages: its name, nights and players, and confirmation buttons
  entries.py  the forms that change a game, and the base of each kind's entry form
  setup.py    the form that starts a game (`game_setup_form`)

Each kind's entry form lives with the kind, in companion/kinds/.
"""

from .base import (BUILT_IN, BUILT_IN_COUNTED, TRANSLATIONS, DayField, Form, Once, Translations,
                   WholeNumberField, file_refused, keyed)
from .entries import EntryForm, VersionForm
from .group import (ConfirmForm, ConfirmOnceForm, GroupNameForm, NameForm, NewPlayerForm,
                    NightForm, RestoreForm, StartGroupForm)
from .setup import game_setup_form

__all__ = [
    "BUILT_IN", "BUILT_IN_COUNTED", "TRANSLATIONS", "ConfirmForm", "ConfirmOnceForm",
    "DayField", "EntryForm", "Form", "GroupNameForm", "NameForm", "NewPlayerForm", "RestoreForm",
    "NightForm", "Once", "StartGroupForm", "Translations", "VersionForm", "WholeNumberField",
    "file_refused", "game_setup_form", "keyed",
]
