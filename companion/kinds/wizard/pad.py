"""Wizard: each round's bids before it is played (shown on every phone while it is), then
the tricks each player took; a tap per player and number."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate

from ...i18n import gettext, ngettext, signed
from ..base import Kind, RoundWords, Words
from ..board import Board, common
from .form import BIDS, TRICKS, Seat, WizardEntry, form_class, numbers, prefill, typed
from .rules import RULES


@dataclass
class WizardBoard(Board):
    # per round: {"number", "dealer", "bids_at", "tricks_at" (positions; None: not yet),
    # "cells": [(bid, tricks or None, points or None, made) per player]}
    rounds: list[dict]
    totals: list
    round_count: int
    # while a round is played (its bids in): "Bids 5 of 4 tricks: at least one player
    # will miss."; else None
    open_bids: str | None


class WizardWords(RoundWords):
    def first(self):
        # TRANSLATORS: Wizard's setup: who deals round 1 (the deal goes clockwise after)
        return (gettext("Deals round 1"),
                gettext("The deal goes clockwise from them, round after round."))

    """A round is two entries, its bids and its tricks: what counts rounds counts them."""

    def save_as(self, number):
        # another phone's save turned the step: Save would not take this form's numbers
        return None

    def undo_question(self):
        return Words.undo_question(self)

    def deleted_too(self, count):
        return super().deleted_too((count + 1) // 2)


class Wizard(Kind):
    rules = RULES
    words = WizardWords()
    mid_game = 6

    def form_for(self, game, sheet=None, doc=None, position=None):
        players = tuple(game.players)
        step, number = step_at(game.docs, len(game.docs) if position is None else position)
        data = prefill(doc, players) if doc is not None else {"step": step}
        return form_class(players).for_game(game, {**data, "round": number})

    def entry_view(self, form, game, sheet, position=None):
        # the step the sheet takes now (or the corrected entry's): what the form's hidden
        # fields say again, whatever a page sent back had said
        step, number = step_at(game.docs, len(game.docs) if position is None else position)
        rounds = sheet.to_dict()["rounds"]
        bids = rounds[number - 1]["bids"] if step == TRICKS and number <= len(rounds) else {}
        players = game.players
        tags = {players[(number - 1) % len(players)]: [gettext("Deals")],
                players[number % len(players)]: [gettext("Bids first")]}
        return WizardEntry(step, number, [
            Seat(i, p, numbers(form[f"n_{i}"].data, number), tags.get(p, []), bids.get(p),
                 list(form[f"n_{i}"].errors)) for i, p in enumerate(players)],
            sum_said(step, number, typed(form, players)))

    def overtaken(self, form, game):
        # the bids of a round saved for the next one would be other bids
        return step_of(form, game.docs, None) != step_at(game.docs, len(game.docs))

    def to_entry(self, form, game):
        step, _ = step_of(form, game.docs, None)
        return {step: typed(form, game.players)}

    def preview(self, form, game, sheet=None, position=None):
        step, number = step_of(form, game.docs, None)
        return {"sum": sum_said(step, number, typed(form, game.players))}

    def board(self, game, sheet):
        view, docs, players = sheet.to_dict(), game.docs, sheet.players
        rows = []
        for r, row in enumerate(view["rounds"]):
            played = row["tricks"] is not None
            rows.append({"number": r + 1, "dealer": players[r % len(players)],
                         "bids_at": 2 * r, "tricks_at": 2 * r + 1 if played else None,
                         "cells": [(row["bids"][p], row["tricks"][p] if played else None,
                                    row["points"][p] if played else None,
                                    played and row["bids"][p] == row["tricks"][p])
                                   for p in players]})
        dealer = view["dealer"]
        tags = {dealer: [gettext("Deals")]} if dealer and game.in_progress else None
        fields = common(self, game, sheet, docs, tags)
        step, number = step_at(docs, len(docs))
        fields.update(entry_heading=heading(step, number), save_label=(
            gettext("Save the bids") if step == BIDS else gettext("Save the tricks")))
        if docs:
            last_step, last_round = step_at(docs, len(docs) - 1)
            fields["undo_label"] = (
                gettext("Undo the bids of round %(number)s", number=last_round)
                if last_step == BIDS else
                gettext("Undo the tricks of round %(number)s", number=last_round))
        open_round = view["open_round"]
        return WizardBoard(**fields, rounds=rows,
                           totals=[sheet.totals[p] for p in players],
                           round_count=view["round_count"],
                           open_bids=bids_verdict(view["bid_sum"], open_round)
                           if open_round and game.in_progress else None)

    def tell(self, sheet, docs, position):
        """"Bids of round 3: Ann 1, Ben 0, Cid 2"; "Round 3: Ann +30, Ben -10, Cid -10"."""
        step, number = step_at(docs, position)
        if step == BIDS:
            said = ", ".join(f"{p} {n}" for p, n in docs[position][BIDS].items())
            # TRANSLATORS: Wizard: %(bids)s lists each player's bid: "Ann 1, Ben 0"
            return gettext("Bids of round %(number)s: %(bids)s", number=number, bids=said)
        row = sheet.to_dict()["rounds"][number - 1]
        said = ", ".join(f"{p} {signed(row['points'][p])}" for p in sheet.players)
        # TRANSLATORS: Wizard: %(points)s lists what each player scored: "Ann +30, Ben -10"
        return gettext("Round %(number)s: %(points)s", number=number, points=said)

    def progress(self, sheet):
        # the totals after each round's tricks: its bids change nothing
        return list(accumulate(
            (row["points"] for row in sheet.to_dict()["rounds"] if row["points"]),
            lambda totals, points: {p: totals[p] + points[p] for p in totals}))

    def sheet_table(self, game, sheet):
        """Per round each player's bid, tricks and points, then the totals."""
        view, players = sheet.to_dict(), sheet.players
        header = [gettext("Round")]
        for p in players:
            header += [gettext("%(player)s: bid", player=p),
                       gettext("%(player)s: tricks", player=p),
                       gettext("%(player)s: points", player=p)]
        rows = []
        for number, row in enumerate(view["rounds"], start=1):
            cells = [number]
            for p in players:
                cells += [row["bids"][p], *((row["tricks"][p], row["points"][p])
                                            if row["tricks"] is not None else ("", ""))]
            rows.append(cells)
        rows.append([gettext("Total"), *(cell for p in players
                                         for cell in ("", "", view["totals"][p]))])
        return header, rows

    def demo_options(self, seated, rng):
        return {"rounds": rng.choice([None, 5, 8, 10]), "uneven_bids": rng.random() < 0.3}

    def demo_entry(self, state, rng: random.Random) -> dict:
        players, number = state.players, state.open_round
        if number is None:
            number = state.played + 1
            bids = {p: min(number, max(0, round(rng.gauss(number / len(players), 1))))
                    for p in players}
            if state.options["uneven_bids"] and sum(bids.values()) == number:
                # the last bidder, the dealer, makes it uneven
                dealer = players[(number - 1) % len(players)]
                bids[dealer] += 1 if bids[dealer] < number else -1
            return {BIDS: bids}
        tricks = {p: 0 for p in players}
        for _ in range(number):
            tricks[rng.choice(players)] += 1
        return {TRICKS: tricks}


def step_at(docs, position):
    """(step, round) of the entry at `position` of `docs` (stored entries, readable), or of
    the next one when `position` is past the end: a round's bids, then its tricks."""
    played = sum(TRICKS in doc for doc in docs[:position])
    if position < len(docs):
        return (BIDS if BIDS in docs[position] else TRICKS), played + 1
    return (TRICKS if docs and BIDS in docs[-1] else BIDS), played + 1


def step_of(form, docs, position):
    """The step and round a form enters: as it says (its hidden fields, as the page that
    sent it knew them: a round up to the next one), else as the sheet stands now."""
    step, number = step_at(docs, len(docs) if position is None else position)
    said, at = form.step.data, str(form["round"].data or "")
    if said in (BIDS, TRICKS):
        step = said
    if at.isascii() and at.isdigit() and len(at) <= 2 and 1 <= int(at) <= number:
        number = int(at)
    return step, number


def heading(step, number):
    return (gettext("Round %(number)s: bids", number=number) if step == BIDS
            else gettext("Round %(number)s: tricks", number=number))


def sum_said(step, number, values):
    """The numbers tapped so far, added up against the round's tricks."""
    total = sum(v for v in values.values() if isinstance(v, int))
    if step == BIDS:
        # TRANSLATORS: Wizard: the sum of the bids tapped so far, against the tricks of
        # the round (as many as the cards dealt)
        return ngettext("Bids so far: %(sum)s of %(num)d trick",
                        "Bids so far: %(sum)s of %(num)d tricks", number, sum=total)
    # TRANSLATORS: Wizard: the sum of the tricks tapped so far; they must add up to the
    # tricks of the round
    return ngettext("Tricks so far: %(sum)s of %(num)d", "Tricks so far: %(sum)s of %(num)d",
                    number, sum=total)


def bids_verdict(total, number):
    """What the bids of the round being played mean: someone must miss unless they add up
    to its tricks."""
    if total == number:
        return ngettext("Bids %(sum)s of %(num)d trick: everyone can make it.",
                        "Bids %(sum)s of %(num)d tricks: everyone can make it.",
                        number, sum=total)
    return ngettext("Bids %(sum)s of %(num)d trick: at least one player will miss.",
                    "Bids %(sum)s of %(num)d tricks: at least one player will miss.",
                    number, sum=total)


KIND = Wizard()
