"""Any other game: one number per player for each round, and the table may end the game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from wtforms import BooleanField
from wtforms.validators import Optional

from ...forms import EntryForm, WholeNumberField
from ...i18n import gettext, ngettext, points as points_shown
from ..base import Kind, RoundWords
from ..board import Board, common
from .rules import POINTS, RULES

DEMO_NAMES = ["Qwixx", "Carcassonne", "Ticket to Ride", "Azul", ""]


@dataclass
class AnyBoard(Board):
    # what ends the game, as the sheet says it ("Game ends at 100 · 10 rounds"), or None
    ending: str | None
    # per round: {"number", "position", "points": [per player]}
    rounds: list[dict]
    totals: list


@dataclass
class AnyEntry:
    # a correction of the end of the game: nothing to fill in
    ends: bool


class AnyGame(Kind):
    rules = RULES
    words = RoundWords()

    def form_for(self, game, sheet=None, doc=None, position=None):
        players = tuple(game.players)
        return form_class(players).for_game(
            game, prefill(doc, players) if doc is not None else None)

    def entry_view(self, form, game, sheet, position=None):
        return AnyEntry(ends=position is not None and "end" in game.docs[position])

    def to_entry(self, form, game):
        if form.end.data:
            return {"end": True}
        return {"scores": {player: form[f"points_{i}"].data
                           for i, player in enumerate(game.players)}}

    def board(self, game, sheet):
        view, docs = sheet.to_dict(), game.docs
        rounds = [{"number": r + 1, "position": r, "points": [points[p] for p in sheet.players]}
                  for r, points in enumerate(view["rounds"])]
        fields = common(self, game, sheet, docs)
        if docs and "end" in docs[-1]:
            fields["undo_label"] = gettext("Undo the end of the game")
        return AnyBoard(**fields, ending=ending_of(game.options),
                        rounds=rounds, totals=[sheet.totals[p] for p in sheet.players])

    def tell(self, sheet, docs, position):
        """One round as a sentence: "Round 3: Ann 12, Ben -3"; or the end of the game."""
        if "end" in docs[position]:
            return gettext("The game ended after round %(number)s", number=position)
        scores = ", ".join(f"{p} {points_shown(n)}" for p, n in docs[position]["scores"].items())
        # TRANSLATORS: %(scores)s lists each player's points: "Ann 12, Ben -3"
        return gettext("Round %(number)s: %(scores)s", number=position + 1, scores=scores)

    def progress(self, sheet):
        # a round a point: the entry that ends the game adds none
        return sheet.progress[:len(sheet.to_dict()["rounds"])]

    def sheet_table(self, game, sheet):
        """Every round's points per player, then the totals (the table ending the game is
        no round: the game's status says it)."""
        view, players = sheet.to_dict(), sheet.players
        rows = [[number, *(points[p] for p in players)]
                for number, points in enumerate(view["rounds"], start=1)]
        rows.append([gettext("Total"), *(view["totals"][p] for p in players)])
        return [gettext("Round"), *players], rows

    # the demo: a few rounds of a game with a name, ended by the table or by its rounds

    def demo_options(self, seated, rng):
        return {"name": rng.choice(DEMO_NAMES), "high_wins": rng.random() < 0.8,
                "rounds": rng.choice([None, 5, 8])}

    def demo_entry(self, state, rng: random.Random) -> dict:
        if len(state.rounds) >= 4 and rng.random() < 0.3:
            return {"end": True}
        return {"scores": {p: rng.randint(-5, 30) for p in state.players}}


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request."""

    class AnyGameForm(EntryForm):
        # the "End the game" button
        end = BooleanField()

        def field_name(self, error):
            return f"points_{players.index(error.player)}" if error.player in players else None

        def validate(self, extra_validators=None):
            ok = super().validate(extra_validators)
            typed = [self[f"points_{i}"].data is not None for i in range(len(players))]
            if self.end.data and any(typed):
                self.form_errors.append(gettext("Save the points typed as a round first, or "
                                                "clear them, before ending the game."))
                ok = False
            elif not self.end.data:
                for i, player in enumerate(players):
                    if not typed[i] and not self[f"points_{i}"].errors:
                        self[f"points_{i}"].errors.append(
                            gettext("Type %(player)s's points, or 0.", player=player))
                        ok = False
            return ok

    for i, player in enumerate(players):
        # type=number without an inputmode: the keypad a phone shows then has a minus sign
        setattr(AnyGameForm, f"points_{i}", WholeNumberField(
            player, validators=[Optional()],
            render_kw={"min": -POINTS, "max": POINTS, "step": 1, "autocomplete": "off",
                       # the keyboard's key goes to the next player, and saves after the last
                       "enterkeyhint": "next" if i < len(players) - 1 else "done"}))
    return AnyGameForm


def prefill(doc, players):
    scores = doc.get("scores") or {}
    return {f"points_{i}": scores.get(player) for i, player in enumerate(players)}


def ending_of(options):
    """Who wins and what ends the game: "The highest total wins; game ends at 100 · 10
    rounds."."""
    ending = " · ".join(part for part in (
        gettext("game ends at %(target)s", target=points_shown(options["target"]))
        if options["target"] is not None else "",
        ngettext("%(num)d round", "%(num)d rounds", options["rounds"])
        if options["rounds"] is not None else "") if part)
    if not ending:
        return (gettext("The highest total wins.") if options["high_wins"]
                else gettext("The lowest total wins."))
    # TRANSLATORS: %(ending)s is what ends the game: "game ends at 100 · 10 rounds"
    return (gettext("The highest total wins; %(ending)s.", ending=ending) if options["high_wins"]
            # TRANSLATORS: %(ending)s is what ends the game: "game ends at 100 · 10 rounds"
            else gettext("The lowest total wins; %(ending)s.", ending=ending))


KIND = AnyGame()
