"""What the pages say about dice poker's entries, its turns: whole sentences of their own,
as the words around "turn" change with it in et, pl and lv."""

from __future__ import annotations

from markupsafe import Markup

from ...i18n import gettext, ngettext
from ..base import Words


class DiceWords(Words):
    # a turn is numbered by its player's round ("Round 4: Ann, Pair 24"), which the board
    # works out: no "Turn N" is said
    numbered = False

    def heading(self, number):
        """Empty: the board heads the form with the round of the player to play."""
        return ""

    def save(self, number):
        return gettext("Save the turn")

    def undo(self, number):
        return gettext("Undo the last turn")

    def save_as(self, number):
        """None: a turn has no number that another phone's save could change."""
        return None

    def correct(self):
        return gettext("Correct turn")

    def progress(self, count):
        return (gettext("After turn %(number)s", number=count) if count
                else gettext("Before the first turn"))

    def impossible(self, entry, reason):
        # TRANSLATORS: entry is the later turn's name ("Ann's turn in round 3"), reason the
        # rules' sentence saying why it would be impossible (it ends with its own full stop)
        return gettext("This change would make %(entry)s impossible: %(reason)s Undo the "
                       "later turns first, or correct them.", entry=entry, reason=reason)

    def undo_question(self):
        return gettext("Undo the last turn?")

    def abandoned_at(self, last):
        return Markup(gettext("The game stops here and stays in the night's history as "
                              "abandoned, with its sheet as it is: the last turn is "
                              "<strong>%(last)s</strong>.")) % {"last": last}

    def deleted_too(self, count):
        return ngettext("Its %(num)d turn is deleted too.",
                        "Its %(num)d turns are deleted too.", count)
