"""The card game to 500: who went out, then each other hand as points or card counts."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup
from wtforms import Field, RadioField
from wtforms.validators import InputRequired, Optional

from ...forms import EntryForm, WholeNumberField
from ...i18n import gettext, lazy_gettext, ngettext, points as points_shown, sentence
from ...rules import RuleError
from ..base import Kind, Words
from ..board import Board, common
from .rules import CARD_TYPES, RULES, copies, hand_points

COUNT_KEYS = [key for key, _, _ in CARD_TYPES]
# the demo's hands: per card type, how likely a hand holds some, and at most how many
CARD_ODDS = {"jokers": (0.06, 1), "twos": (0.2, 2), "aces": (0.3, 2),
             "tens_to_kings": (0.6, 3), "threes_to_nines": (0.8, 4)}


@dataclass
class CardsBoard(Board):
    target: int
    # per hand, oldest first: {"number", "position", "cells": [points, or None if out]}
    hands: list[dict]


@dataclass
class CardsEntry:
    """What the form shows beyond its fields."""
    # who deals the hand the form enters (or corrects)
    dealer: str
    # per player, per card type: (its count field, the points of each card, the shoe's
    # copies as the most one can hold)
    counts: list[list[tuple[Field, int, int]]]
    # the counting opens by itself only when some cards were counted or refused
    counting_open: bool


class HandWords(Words):
    def first(self):
        # TRANSLATORS: the card game to 500's setup: who deals the first hand (the deal
        # goes clockwise from them)
        return (gettext("Deals the first hand"),
                gettext("The deal goes clockwise from them, hand after hand."))

    """The words of a hand: the cards dealt, played until one player goes out."""

    def heading(self, number):
        # TRANSLATORS: a hand of the card game to 500: the cards dealt, played until one
        # player goes out
        return gettext("Hand %(number)s", number=number)

    def save(self, number):
        return gettext("Save hand %(number)s", number=number)

    def undo(self, number):
        return gettext("Undo hand %(number)s", number=number)

    def save_as(self, number):
        return gettext("Save as hand %(number)s", number=number)

    def correct(self):
        return gettext("Correct hand")

    def progress(self, count):
        return (gettext("After hand %(number)s", number=count) if count
                else gettext("Before the first hand"))

    def impossible(self, entry, reason):
        # TRANSLATORS: entry is the later hand's name ("hand 6"), reason the rules'
        # sentence saying why it would be impossible (it ends with its own full stop)
        return gettext("This change would make %(entry)s impossible: %(reason)s Undo the "
                       "later hands first, or correct them.", entry=entry, reason=reason)

    def undo_question(self):
        return gettext("Undo the last hand?")

    def abandoned_at(self, last):
        return Markup(gettext("The game stops here and stays in the night's history as "
                              "abandoned, with its sheet as it is: the last hand is "
                              "<strong>%(last)s</strong>.")) % {"last": last}

    def deleted_too(self, count):
        return ngettext("Its %(num)d hand is deleted too.",
                        "Its %(num)d hands are deleted too.", count)


class Cards500(Kind):
    rules = RULES
    words = HandWords()
    mid_game = 3

    def form_for(self, game, sheet=None, doc=None, position=None):
        players = tuple(game.players)
        return form_class(players).for_game(
            game, prefill(doc, players) if doc is not None else None)

    def entry_view(self, form, game, sheet, position=None):
        """Who deals the hand, and each player's card counts with the points of each card
        and the shoe's copies as the most one can hold."""
        hands = len(sheet.progress) if position is None else position
        shoe = copies(game.options)
        counts = [[(form[f"count_{i}_{key}"], points, shoe[key])
                   for key, _, points in CARD_TYPES] for i in range(len(game.players))]
        return CardsEntry(
            dealer=game.players[hands % len(game.players)], counts=counts,
            counting_open=any(counts_of(form, i) is not None
                              or any(f.errors for f, _, _ in counts[i])
                              for i in range(len(game.players))))

    def to_entry(self, form, game):
        """The hand as the rules read it: points and counts both typed are sent as both,
        for the rules to refuse."""
        hands = {}
        for i, player in enumerate(game.players):
            if player != form.out.data:
                points = form[f"points_{i}"].data
                hands[player] = {**(counts_of(form, i) or {}),
                                 **({"points": points} if points is not None else {})}
        return {"out": form.out.data, "hands": hands}

    def preview(self, form, game, sheet=None, position=None):
        """Each counted hand's points, and the whole hand as the rules see it, keyed by
        output."""
        shown, ready = {}, form.out.data in game.players
        for i, player in enumerate(game.players):
            counts = counts_of(form, i)
            if player == form.out.data:
                shown[f"hand_{i}"] = gettext("%(player)s goes out: 0", player=player)
            elif counts and all(n > 0 for n in counts.values()):
                cards = sum(counts.values())
                # TRANSLATORS: the cards counted in a player's hand and what they score
                shown[f"hand_{i}"] = ngettext("%(num)d card: %(points)s points",
                                              "%(num)d cards: %(points)s points", cards,
                                              points=points_shown(hand_points(counts)))
            else:
                shown[f"hand_{i}"] = ""
            ready = ready and bool(player == form.out.data or counts
                                   or form[f"points_{i}"].data is not None)
        # the hand as stored: its points are the page's sheet's
        stored = sheet.to_dict()["hands"][position] if sheet is not None else None
        shown["check"], shown["problem"] = (check(self, form, game, stored) if ready
                                            else ("", ""))
        return shown

    def board(self, game, sheet):
        view, docs = sheet.to_dict(), game.docs
        target = game.options["target"]
        hands = [{"number": h + 1, "position": h,
                  "cells": [None if out == p else points[p] for p in sheet.players]}
                 for h, (out, points) in enumerate(zip(view["outs"], view["hands"]))]
        dealer = None if sheet.finished else view["dealer"]
        # the player dealing the hand being played, the one the form enters; once someone
        # reaches the target the game is over and the totals say why
        # TRANSLATORS: a tag beside the player who deals the cards for this hand
        tags = {dealer: [gettext("Deals")]} if dealer and game.in_progress else None
        return CardsBoard(**common(self, game, sheet, docs, tags), target=target, hands=hands)

    def tell(self, sheet, docs, position):
        """One hand as a sentence: "Hand 3: Ann went out; Ben 45, Cid 30"."""
        out = docs[position]["out"]
        points = ", ".join(f"{p} {points_shown(n)}"
                           for p, n in sheet.to_dict()["hands"][position].items() if p != out)
        # TRANSLATORS: %(out)s played their last card (went out); %(scores)s: "Ben 45, Cid 30"
        return gettext("Hand %(number)s: %(out)s went out; %(scores)s", number=position + 1,
                       out=out, scores=points)

    def sheet_table(self, game, sheet):
        """Every hand's points per player and who went out, then the totals."""
        view, players = sheet.to_dict(), sheet.players
        rows = [[number, *(hand[p] for p in players), out]
                for number, (hand, out) in enumerate(zip(view["hands"], view["outs"]), start=1)]
        rows.append([gettext("Total"), *(view["totals"][p] for p in players), ""])
        return [gettext("Hand"), *players, gettext("Went out")], rows

    # the demo: a few cards left in every hand but the one who went out

    def demo_options(self, seated, rng):
        return {}

    def demo_entry(self, state, rng: random.Random) -> dict:
        out = rng.choice(state.players)
        left = copies(state.options)
        hands = {}
        for player in state.players:
            if player == out:
                continue
            if rng.random() < 0.2:
                hands[player] = {"points": 5 * rng.randint(1, 24)}
                continue
            counts = {}
            for key, (odds, most) in CARD_ODDS.items():
                count = min(rng.randint(1, most), left[key]) if rng.random() < odds else 0
                if count:
                    counts[key], left[key] = count, left[key] - count
            hands[player] = counts or {"threes_to_nines": 1}
        return {"out": out, "hands": hands}


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request."""

    class Cards500Form(EntryForm):
        # TRANSLATORS: the card game to 500: who played their last card, ending the hand
        out = RadioField(lazy_gettext("Who went out?"), choices=[(p, p) for p in players],
                         validators=[InputRequired(lazy_gettext("Say who went out."))])

        def field_name(self, error):
            if error.player not in players:
                return None
            i = players.index(error.player)
            if error.field and error.field.startswith("count."):
                return f"count_{i}_{error.field[6:]}"
            return f"points_{i}"

        def validate(self, extra_validators=None):
            super().validate(extra_validators)
            for i, player in enumerate(players):
                if player == self.out.data:
                    # the player who went out scores 0: whatever is in their fields waits unused
                    for name in field_names(i):
                        self[name].errors = []
                elif self[f"points_{i}"].data is None and counts_of(self, i) is None \
                        and not any(self[name].errors for name in field_names(i)):
                    self[f"points_{i}"].errors.append(gettext(
                        "Type %(player)s's points or count %(player)s's cards.", player=player))
            return not self.errors

    for i, player in enumerate(players):
        # the phone's keyboard offers "next" from one player's points to the next
        setattr(Cards500Form, f"points_{i}", WholeNumberField(
            player, validators=[Optional()],
            render_kw={"inputmode": "numeric", "min": 5, "step": 5,
                       # TRANSLATORS: the placeholder of a player's points field: short
                       "placeholder": lazy_gettext("points"),
                       "autocomplete": "off",
                       "enterkeyhint": "next" if i < len(players) - 1 else "done"}))
        for key, label, _ in CARD_TYPES:
            # the card type's name is a word of the rules (companion/kinds/cards_500/rules.py)
            setattr(Cards500Form, f"count_{i}_{key}", WholeNumberField(lazy_gettext(label),
                                                                   validators=[Optional()]))
    return Cards500Form


def field_names(i):
    return [f"points_{i}", *(f"count_{i}_{key}" for key in COUNT_KEYS)]


def prefill(doc, players):
    """Form data for an entry document, for its correction page."""
    data = {"out": doc.get("out")}
    for i, player in enumerate(players):
        hand = doc.get("hands", {}).get(player, {})
        if "points" in hand:
            data[f"points_{i}"] = hand["points"]
        for key in COUNT_KEYS:
            data[f"count_{i}_{key}"] = hand.get(key) or None
    return data


def counts_of(form, i):
    """The card counts typed for a player, or None when every count is empty or 0."""
    counts = {key: form[f"count_{i}_{key}"].data for key in COUNT_KEYS}
    counts = {key: n for key, n in counts.items() if n}
    return counts or None


def check(kind, form, game, points=None):
    """The hand on its own through the rules: (every player's points, why it is refused);
    `points`: the hand's, when it is one the sheet already holds."""
    problems = [str(e) for name, errors in form.errors.items() if name != "csrf_token"
                for e in errors]
    if problems:
        return "", " ".join(problems)
    if points is None:
        try:
            sheet = RULES.replay(game.players, game.options, [kind.to_entry(form, game)])
        except RuleError as error:
            return "", " ".join(sentence(each) for each in (error, *error.others))
        points = sheet.to_dict()["hands"][0]
    scores = ", ".join(f"{p} {points_shown(points[p])}" for p in game.players
                       if p != form.out.data)
    # TRANSLATORS: %(scores)s lists the points of each player who did not go out: "Ann 45, Ben 30"
    return gettext("This hand: %(scores)s.", scores=scores), ""


KIND = Cards500()
