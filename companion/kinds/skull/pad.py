"""Skull: one entry per challenge; who challenged, the bid, and what was revealed.

The form is in form.py, the page model in page.py; here the kind is declared (`KIND`).
"""

from __future__ import annotations

import random

from markupsafe import Markup

from ...i18n import and_list, gettext, language, ngettext, pgettext, sentence
from ...rules import RuleError
from ..base import Kind, Words
from ..board import common
from .form import SkullEntry, bids, entry_position, form_class, prefill
from .page import SkullBoard, history, lost_card, seats, starter_reason, story
from .rules import RULES, VARIANTS


class ChallengeWords(Words):
    """The words of a challenge: a player flipping as many cards as they bid."""

    def heading(self, number):
        # TRANSLATORS: Skull: a challenge is a player flipping as many cards as they bid
        return gettext("Challenge %(number)s", number=number)

    def save(self, number):
        return gettext("Save challenge %(number)s", number=number)

    def undo(self, number):
        return gettext("Undo challenge %(number)s", number=number)

    def save_as(self, number):
        return gettext("Save as challenge %(number)s", number=number)

    def correct(self):
        return gettext("Correct challenge")

    def progress(self, count):
        # TRANSLATORS: Skull: a challenge is a player flipping as many cards as they bid
        return (gettext("After challenge %(number)s", number=count) if count
                else gettext("Before the first challenge"))

    def impossible(self, entry, reason):
        # TRANSLATORS: entry is the later challenge's name ("challenge 6"), reason the
        # rules' sentence saying why it would be impossible (it ends with its own full stop)
        return gettext("This change would make %(entry)s impossible: %(reason)s Undo the "
                       "later challenges first, or correct them.", entry=entry, reason=reason)

    def undo_question(self):
        return gettext("Undo the last challenge?")

    def abandoned_at(self, last):
        return Markup(gettext("The game stops here and stays in the night's history as "
                              "abandoned, with its sheet as it is: the last challenge is "
                              "<strong>%(last)s</strong>.")) % {"last": last}

    def deleted_too(self, count):
        return ngettext("Its %(num)d challenge is deleted too.",
                        "Its %(num)d challenges are deleted too.", count)

    def won(self):
        # TRANSLATORS: a short label of a player's figures for Skull: how many challenges
        # they won (a challenge: flipping as many cards as one bid)
        return gettext("Challenges won")


class Skull(Kind):
    rules = RULES
    words = ChallengeWords()
    mid_game = 2

    def form_for(self, game, sheet=None, doc=None, position=None):
        # every player is a choice: the rules say it when one is already out
        form = form_class(tuple(game.players), language()).for_game(
            game, prefill(doc) if doc is not None else None)
        if position is not None:
            # a string, as a submitted form would carry it
            form.position.data = str(position)
        return form

    def entry_view(self, form, game, sheet, position=None):
        """The challengers still in and the bids they can make, as the table stood then; on
        the pad (not a correction), what the table does about the last challenge."""
        # a correction's sheet keeps the moment before its entry (`Rules.replay`'s `keep`)
        before = sheet.to_dict() if position is None else sheet.kept[position]
        active = set(before["active"])
        return SkullEntry(
            challengers=[choice for choice in form.challenger.iter_choices()
                         if choice[0] in active],
            outcomes=[choice for choice in form.outcome.iter_choices()
                      if choice[0] == "success" or choice[0][6:] in active],
            max_bid=before["max_bid"], bids=bids(form.bid.data, before["max_bid"]),
            # what the table does now: only on the pad, a correction is about another moment
            lost_card=lost_card(before, game.version) if position is None else None)

    def to_entry(self, form, game):
        doc = {"challenger": form.challenger.data, "bid": form.bid.data}
        outcome, _, owner = (form.outcome.data or "").partition(":")
        doc["outcome"] = outcome
        if outcome == "skull":
            doc["skull_owner"] = owner
        return doc

    def preview(self, form, game, sheet=None, position=None):
        """What saving the challenge would do, as a sentence for the table."""
        if not form.challenger.data or form.bid.data is None or not form.outcome.data:
            return {"consequence": ""}
        docs = game.docs
        at = entry_position(form.position.data, len(docs))
        # the challenge as stored: the sheet after it was kept by the page's replay
        view = sheet.kept.get(position + 1) if sheet is not None and at == position else None
        if view is None:
            try:
                view = RULES.replay(game.players, game.options,
                                    docs[:at] + [self.to_entry(form, game)]).to_dict()
            except RuleError as error:
                shown = [e for field in form for e in field.errors]
                said = sentence(error)
                return {"consequence": "" if said in shown or str(error) in shown else said}
        return {"consequence": " ".join(story(view["challenges"][-1], view))}

    def board(self, game, sheet):
        view = sheet.to_dict()
        variant = view["options"]["variant"]
        starter = view["next_starter"]
        # TRANSLATORS: a tag beside the player who starts the next round
        starts = gettext("Starts")
        return SkullBoard(
            **common(self, game, sheet, game.docs,
                     {starter: [starts]} if starter and game.in_progress else None),
            variant=VARIANTS[variant], shape="round" if variant == "published" else "card",
            seats=seats(view, variant), history=history(view, sheet.progress),
            next_starter=starter, starter_reason=starter_reason(view))

    def tell(self, sheet, docs, position):
        """One challenge as a sentence: "Challenge 3: Ann bid 3 and flipped Ben's skull"."""
        made = sheet.to_dict()["challenges"][position]
        number, who, bid = position + 1, made["challenger"], made["bid"]
        if made["outcome"] == "success":
            # TRANSLATORS: Skull: %(player)s bid to flip %(bid)s cards and flipped only flowers
            return gettext("Challenge %(number)s: %(player)s bid %(bid)s and won it",
                           number=number, player=who, bid=bid)
        if made["skull_owner"] == who:
            return gettext("Challenge %(number)s: %(player)s bid %(bid)s and flipped their own "
                           "skull", number=number, player=who, bid=bid)
        return gettext("Challenge %(number)s: %(player)s bid %(bid)s and flipped %(owner)s's "
                       "skull", number=number, player=who, bid=bid, owner=made["skull_owner"])

    def sheet_table(self, game, sheet):
        """Every challenge in order (who, the bid, won or lost on whose skull, who went out),
        then each player's points and cards left."""
        view = sheet.to_dict()
        rows = []
        for number, made in enumerate(view["challenges"], start=1):
            who, owner = made["challenger"], made["skull_owner"]
            out = [p for p, gone in ((who, made["eliminated"]), (owner, made["owner_out"]))
                   if gone]
            # TRANSLATORS: Skull, the exported sheet: how a challenge ended (the challenger
            # flipped only flowers, or met a skull)
            outcome = (pgettext("a challenge's outcome", "Won") if made["outcome"] == "success"
                       else pgettext("a challenge's outcome", "Lost"))
            rows.append([number, who, made["bid"], outcome, owner or "", and_list(out)])
        rows += [[], [gettext("Player"), gettext("Points"), gettext("Cards left")]]
        rows += [[p, view["state"][p]["points"], view["state"][p]["cards"]]
                 for p in sheet.players]
        # TRANSLATORS: the headings of a Skull game's export: "Skull of" is whose skull was flipped
        return [gettext("Challenge"), gettext("Challenger"), gettext("Bid"), gettext("Outcome"),
                gettext("Skull of"), gettext("Out")], rows

    # the demo: challenges until two wins or one player left

    def demo_options(self, seated, rng):
        return {"variant": "published" if seated <= 6 else "rank"}

    def demo_entry(self, state, rng: random.Random) -> dict:
        active = state.active
        challenger = rng.choice(active)
        bid = rng.randint(1, min(state.max_bid, len(active) + 1))
        if rng.random() < 0.55:
            return {"challenger": challenger, "bid": bid, "outcome": "success"}
        owner = rng.choice(active) if bid > 1 else challenger
        return {"challenger": challenger, "bid": bid, "outcome": "skull", "skull_owner": owner}


KIND = Skull()
