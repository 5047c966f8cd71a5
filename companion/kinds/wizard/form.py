"""Wizard's entry form: a round's bids, then its tricks, a tap per player and number; and
what the form's template shows beyond its fields (`WizardEntry`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wtforms import HiddenField
from wtforms.validators import Optional

from ...forms import EntryForm, WholeNumberField
from ...i18n import gettext

BIDS, TRICKS = "bids", "tricks"


@dataclass
class Seat:
    """One player's row of the form: their numbers as taps, and what the table said."""
    index: int
    name: str
    # (number, chosen) for 0 up to the round's cards, and a refused number sent
    numbers: list[tuple[int, bool]]
    # "Deals", "Bids first"
    tags: list[str]
    # on the tricks step, the player's bid
    bid: int | None
    errors: list[str]


@dataclass
class WizardEntry:
    """What the round's form shows, as the table stands for the step it enters."""
    # "bids" or "tricks"
    step: str
    # the round, and its cards (the same number)
    round: int
    seats: list[Seat]
    # the sum so far, as the form says it ("Bids: 3 of 4 tricks"), for the page without
    # its script; the live preview says it again as numbers are tapped
    sum_said: str


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request; the numbers
    each player may tap are drawn from the round (see `numbers`)."""

    class WizardForm(EntryForm):
        # which step this form enters (the bids, or the tricks of the open round) and of
        # which round, as the page that sent it showed them
        step = HiddenField()
        round = HiddenField()

        def field_name(self, error):
            if error.player in players:
                return f"n_{players.index(error.player)}"
            return None

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            for i, player in enumerate(players):
                field = self[f"n_{i}"]
                if field.data is None and not field.errors:
                    field.errors.append(gettext("Tap %(player)s's number.", player=player))
                    ok = False
            return ok

    for i, player in enumerate(players):
        setattr(WizardForm, f"n_{i}", WholeNumberField(player, validators=[Optional()]))
    return WizardForm


def numbers(chosen, most):
    """The numbers as one tap each, (number, chosen): 0 up to the round's cards, and a number
    outside them that came back refused, so that it is shown as it was sent."""
    shown = list(range(most + 1))
    if isinstance(chosen, int) and chosen not in shown:
        shown.append(chosen)
    return [(n, n == chosen) for n in shown]


def prefill(doc, players):
    step = BIDS if BIDS in doc else TRICKS
    given = doc.get(step) or {}
    return {"step": step, **{f"n_{i}": given.get(p) for i, p in enumerate(players)}}


def typed(form, players):
    """{player: number} of what was tapped, None where nothing was."""
    return {p: form[f"n_{i}"].data for i, p in enumerate(players)}
