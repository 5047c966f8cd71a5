"""What a game kind declares (`Kind`) and says (`Words`); `registry.KINDS` holds one of each.

A kind's `pad.py` subclasses both. Every phrase that names an entry is a whole sentence of
the kind's own (its noun takes another form with the words around it in et, pl and lv),
so nothing generic keeps a table keyed by kind or noun: the defaults here say "entry".
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from markupsafe import Markup

from ..i18n import gettext, ngettext
from ..rules import Rules, Sheet


class Words:
    """What the pages say about a kind's entries, in the reader's language."""

    # entries are numbered as the pad says them ("Round 4")
    numbered = True

    def heading(self, number: int) -> str:
        """The entry form's heading: "Round 4"; empty for a kind that numbers otherwise."""
        return gettext("Entry %(number)s", number=number)

    def save(self, number: int) -> str:
        return gettext("Save entry %(number)s", number=number)

    def undo(self, number: int) -> str:
        return gettext("Undo entry %(number)s", number=number)

    def save_as(self, number: int) -> str | None:
        """The Save button of an entry whose place another phone took meanwhile, typed
        otherwise: what its tap now does. None where entries have no number to change."""
        return gettext("Save as entry %(number)s", number=number)

    def correct(self) -> str:
        return gettext("Correct entry")

    def progress(self, count: int) -> str:
        """Where a game stands after `count` entries, as its chart says it."""
        return (gettext("After entry %(number)s", number=count) if count
                else gettext("Before the first entry"))

    def impossible(self, entry: str, reason: str) -> str:
        """A correction refused because a later entry would break the rules."""
        # TRANSLATORS: entry is the later entry's name ("round 6", "Ann's turn in round
        # 3"), reason the rules' sentence saying why it would be impossible (it ends with
        # its own full stop)
        return gettext("This change would make %(entry)s impossible: %(reason)s Undo the "
                       "later entries first, or correct them.", entry=entry, reason=reason)

    def first(self) -> tuple[str, str] | None:
        """The setup form's choice of who starts (its label and hint), for a kind whose
        play goes round from one player: seat 1 is theirs, the others clockwise after.
        None where nobody starts anything the pad follows."""
        return None

    def undo_question(self) -> str:
        return gettext("Undo the last entry?")

    def abandoned_at(self, last: str) -> Markup:
        """What abandoning the game keeps, `last` being its last entry told."""
        return Markup(gettext("The game stops here and stays in the night's history as "
                              "abandoned, with its sheet as it is: the last entry is "
                              "<strong>%(last)s</strong>.")) % {"last": last}

    def deleted_too(self, count: int) -> str:
        return ngettext("Its %(num)d entry is deleted too.",
                        "Its %(num)d entries are deleted too.", count)

    def won(self) -> str:
        """The figure of a kind where wins decide: how many of its entries one won."""
        # TRANSLATORS: a short label of a player's figures for one game: how many of its
        # entries (rounds, hands) they won
        return gettext("Entries won")


class RoundWords(Words):
    """The words of the kinds whose entries are rounds (any game, Skyjo, Wizard)."""

    def heading(self, number):
        return gettext("Round %(number)s", number=number)

    def save(self, number):
        return gettext("Save round %(number)s", number=number)

    def undo(self, number):
        return gettext("Undo round %(number)s", number=number)

    def save_as(self, number):
        return gettext("Save as round %(number)s", number=number)

    def correct(self):
        return gettext("Correct round")

    def progress(self, count):
        return (gettext("After round %(number)s", number=count) if count
                else gettext("Before the first round"))

    def impossible(self, entry, reason):
        # TRANSLATORS: entry is the later round's name ("round 6"), reason the rules'
        # sentence saying why it would be impossible (it ends with its own full stop)
        return gettext("This change would make %(entry)s impossible: %(reason)s Undo the "
                       "later rounds first, or correct them.", entry=entry, reason=reason)

    def undo_question(self):
        return gettext("Undo the last round?")

    def abandoned_at(self, last):
        return Markup(gettext("The game stops here and stays in the night's history as "
                              "abandoned, with its sheet as it is: the last round is "
                              "<strong>%(last)s</strong>.")) % {"last": last}

    def deleted_too(self, count):
        return ngettext("Its %(num)d round is deleted too.",
                        "Its %(num)d rounds are deleted too.", count)


class Kind:
    """One game kind, declared: its rules, its words, its templates and assets, its entry
    form, its page model and the demo's moves. Subclasses set the class attributes and
    implement the methods; the registry fills in `folder`, `stylesheet` and `script`."""

    rules: ClassVar[Rules]
    words: ClassVar[Words] = Words()
    # entries that make a demo game half-played
    mid_game: ClassVar[int] = 3
    # set by the registry: the package's folder, and its static files by the name the
    # app's static route serves them under ("kinds/<kind>/<kind>.css"), None when it has none
    folder: Path
    stylesheet: str | None = None
    script: str | None = None

    @property
    def name(self) -> str:
        return self.rules.kind

    @property
    def sheet_template(self) -> str:
        return f"pads/{self.name}_sheet.html"

    @property
    def form_template(self) -> str:
        return f"pads/{self.name}_form.html"

    @property
    def setup_template(self) -> str:
        """Notes on the new-game page, if the kind has them (`ignore missing`)."""
        return f"pads/{self.name}_setup.html"

    # -- the entry form ------------------------------------------------------------

    def form_for(self, game, sheet: Sheet | None = None, doc: dict | None = None,
                 position: int | None = None):
        """The entry form of the game (a new entry, or the one at `position`), filled from
        the submitted request, else from `doc`."""
        raise NotImplementedError

    def entry_view(self, form, game, sheet: Sheet, position: int | None = None) -> Any:
        """What the entry form's template shows beyond its fields (who deals, the rows
        still open), for the entry at `position` or a new one: the kind's own typed object,
        or None."""
        return None

    def overtaken(self, form, game) -> bool:
        """Whether a new entry's form is for an entry another phone saved meanwhile, so that
        saved now it would be another entry than the one its page showed: refused then.
        Most kinds save it as the next entry ("Save as round 5")."""
        return False

    def to_entry(self, form, game) -> dict:
        """The entry document of a validated form."""
        raise NotImplementedError

    def preview(self, form, game, sheet: Sheet | None = None,
                position: int | None = None) -> dict:
        """What the form would score, for the live preview: {} when nothing to show. On a
        page showing the entry at `position` as it is stored (a correction opening),
        `sheet` is the game's, replayed keeping the moments before and after that entry
        (`Rules.replay`'s `keep`), so that the preview needs no replay of its own."""
        return {}

    # -- the page model ------------------------------------------------------------

    def board(self, game, sheet: Sheet):
        """The page model of the sheet: a `board.Board` (or the kind's subclass)."""
        raise NotImplementedError

    def tell(self, sheet: Sheet, docs: list[dict], position: int) -> str:
        """The entry at `position` as a sentence: "Round 3: Ann 12, Ben -3"."""
        raise NotImplementedError

    def progress(self, sheet: Sheet) -> list[dict]:
        """The running totals a chart draws, one point per entry (a kind whose entries are
        steps of a round says one per round)."""
        return sheet.progress

    def sheet_table(self, game, sheet: Sheet) -> tuple[list, list[list]]:
        """The whole sheet for the exports: a header row and rows of plain values."""
        raise NotImplementedError

    # -- the demo ------------------------------------------------------------------

    def demo_options(self, seated: list[str], rng: random.Random) -> dict:
        return {}

    def demo_entry(self, state: Any, rng: random.Random) -> dict:
        """One plausible next entry for a game in the rules' `state`."""
        raise NotImplementedError
