"""Skull's entry form: who challenged, the bid and how it ended, each a tap; and what the
form's template shows beyond its fields (`SkullEntry`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wtforms import HiddenField, RadioField
from wtforms.validators import InputRequired

from ...forms import EntryForm, WholeNumberField
from ...i18n import gettext, lazy_gettext


@dataclass
class SkullEntry:
    """What the challenge form shows beyond its fields, as the table stood then."""
    # the challengers still in, as the challenger field's choices
    # (value, label, checked, render_kw)
    challengers: list[tuple]
    # how it ended: success, or the skull of a player still in, as the outcome's choices
    outcomes: list[tuple]
    # the highest bid: the cards on the mats
    max_bid: int
    # the bids as one tap each: (number, chosen) (see bids)
    bids: list[tuple[int, bool]]
    # on the pad (not a correction), what the table does about the last challenge: who
    # picks the card the challenger loses, and which one (page.lost_card), or None
    lost_card: dict | None


def bids(chosen, most):
    """The bids as one tap each, (number, chosen): 1 up to the cards on the mats, and a bid
    outside them that came back refused, so that it is shown as it was sent."""
    shown = list(range(1, most + 1))
    if isinstance(chosen, int) and chosen not in shown:
        shown.append(chosen)
    return [(n, n == chosen) for n in shown]


@lru_cache(maxsize=64)
def form_class(players, lang):
    """The entry form for one seating in one language, built once and shared by every
    request (the skull owners' choices name the players, said at once: a lazy string would
    be HTML-safe to Jinja): the bids offered are worked out for each form (see
    `Skull.entry_view`)."""

    class SkullForm(EntryForm):
        # TRANSLATORS: Skull: the challenger is the player who bid highest and must flip
        # that many cards, starting with their own
        challenger = RadioField(lazy_gettext("Who challenged?"), choices=[(p, p) for p in players],
                                validators=[InputRequired(lazy_gettext("Say who challenged."))])
        # drawn as a button per bid (see bids), so no keyboard covers the outcomes
        # TRANSLATORS: Skull: how many cards the challenger said they would flip
        bid = WholeNumberField(lazy_gettext("Bid"), validators=[InputRequired(lazy_gettext(
            "Tap the bid: how many cards the challenger had to flip."))])
        outcome = RadioField(lazy_gettext("How did it end?"), choices=outcomes(players),
                             validators=[InputRequired(lazy_gettext(
                                 "Say how the challenge ended."))])
        # the entry being corrected, so the live preview replays up to it
        position = HiddenField()

        def field_name(self, error):
            return {"challenger": "challenger", "outcome": "outcome",
                    "skull_owner": "outcome"}.get(error.field, "bid")

    return SkullForm


def outcomes(players):
    # TRANSLATORS: Skull: how a challenge ended: every card flipped was a flower (success),
    # or a player's skull was flipped
    return [("success", lazy_gettext("Success"))] + [
        # TRANSLATORS: Skull: a challenge ended on this player's skull card
        (f"skull:{p}", gettext("Skull of %(player)s", player=p)) for p in players]


def prefill(doc):
    outcome = doc.get("outcome")
    if outcome == "skull":
        outcome = f"skull:{doc.get('skull_owner')}"
    return {"challenger": doc.get("challenger"), "bid": doc.get("bid"), "outcome": outcome}


def entry_position(text, count):
    """The hidden position field as an entry of the sheet, or None (a new challenge)."""
    # ascii digits only: "²".isdigit() is true, but int("²") raises
    if not (text and text.isascii() and text.isdigit() and len(text) <= len(str(count))):
        return None
    position = int(text)
    return position if position < count else None
