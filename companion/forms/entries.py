"""The forms that change a game: each carries the version of the game it was based on.
Each kind's entry form (companion/kinds/) is an EntryForm."""

from __future__ import annotations

from wtforms import HiddenField

from .. import once
from ..i18n import sentence
from .base import Form, keyed


class VersionForm(Form):
    """A form that changes a game: it carries the version of the game it was based on,
    and a one-time key of this phone's for the game (companion/once.py), so that a retry
    after a lost answer is answered as the first send was (services/changes.py, `change_game`)
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
        keyed(form, cls.scope_of(game))
        return form

    @staticmethod
    def scope_of(game) -> str:
        """What this phone's one-time keys for changing `game` are signed for."""
        return once.scope("change", game.id)

    @classmethod
    def new_key(cls, game) -> str:
        """A new one-time key for a button of the pad that changes `game` (the undo
        button's), as the form's hidden field would carry it, without making the form."""
        return once.issue(cls.scope_of(game))

    def seen(self) -> str | None:
        return self.version.data or None


class EntryForm(VersionForm):
    """Base of every pad's entry form. `entry`: the number of the entry it was opened for
    (from 0), which says, when another phone saved meanwhile, whether that was this very
    entry (views/games/entries.py, `saved_since`)."""

    entry = HiddenField()

    @classmethod
    def for_game(cls, game, data=None, **kwargs):
        form = super().for_game(game, data, **kwargs)
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
        """Show a refusal next to the field it concerns, or above the form; with the
        refusals found with it about the entry's other players (RuleError.others)."""
        for each in (error, *getattr(error, "others", ())):
            self.say(each)

    def say(self, error: Exception) -> None:
        """Show one refusal next to its field (`field_name`), or above the form."""
        name = self.field_name(error) if getattr(error, "player", None) else None
        if name is not None and name in self:
            self[name].errors = [*self[name].errors, sentence(error)]
        else:
            self.form_errors.append(sentence(error))
