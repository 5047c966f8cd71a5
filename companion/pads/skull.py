"""Skull: one entry per challenge; who challenged, the bid, and what was revealed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from wtforms import HiddenField, RadioField
from wtforms.validators import InputRequired

from ..forms import EntryForm, WholeNumberField
from ..rules import RuleError
from ..rules.skull import CARDS_PER_PLAYER, POINTS_TO_WIN, RULES, VARIANTS
from .board import Board, common

# what the mat's two sides are called with each set of cards
SIDES = {"published": ("Dark side up", "Light side up")}
CARD_SIDES = ("Face down", "Face up")
# entries that make a demo game half-played
MID_GAME = 2


@dataclass
class SkullBoard(Board):
    variant: dict
    # "round" mats for the published game, "card" for a deck of cards
    shape: str
    seats: list[dict]
    # the challenges, oldest first, as every pad lists its entries
    history: list[dict]
    next_starter: str | None
    starter_reason: str | None
    points_to_win: int = POINTS_TO_WIN
    cards_per_player: int = CARDS_PER_PLAYER


def form_for(game, sheet=None, doc=None, position=None):
    # every player is a choice: the rules say it when one is already out
    form = form_class(tuple(game.players)).for_game(
        game, prefill(doc) if doc is not None else None)
    if position is not None:
        # a string, as a submitted form would carry it
        form.position.data = str(position)
    return form


def dress(form, game, sheet, position=None):
    """The challengers still in and the bids they can make, as the table stood then; on
    the pad (not a correction), what the table does about the last challenge."""
    before = (sheet if position is None else state_before(game, position)).to_dict()
    active = set(before["active"])
    form.challengers = [choice for choice in form.challenger.iter_choices()
                        if choice[0] in active]
    form.outcomes = [choice for choice in form.outcome.iter_choices()
                     if choice[0] == "success" or choice[0][6:] in active]
    form.max_bid = before["max_bid"]
    form.bids = bids(form.bid.data, before["max_bid"])
    # what the table does now: only on the pad, a correction is about another moment
    on_pad = position is None
    form.lost_card = lost_card(before, game.version) if on_pad else None
    return form


def bids(chosen, most):
    """The bids as one tap each, (number, chosen): 1 up to the cards on the mats, and a bid
    outside them that came back refused, so that it is shown as it was sent."""
    shown = list(range(1, most + 1))
    if isinstance(chosen, int) and chosen not in shown:
        shown.append(chosen)
    return [(n, n == chosen) for n in shown]


@lru_cache(maxsize=64)
def form_class(players):
    """The entry form for one seating, built once and shared by every request: the bid's
    maximum is set on each form (see dress)."""

    class SkullForm(EntryForm):
        challenger = RadioField("Who challenged?", choices=[(p, p) for p in players],
                                validators=[InputRequired("Say who challenged.")])
        # drawn as a button per bid (see bids), so no keyboard covers the outcomes
        bid = WholeNumberField("Bid", validators=[
            InputRequired("Tap the bid: how many cards the challenger had to flip.")])
        outcome = RadioField("How did it end?", choices=outcomes(players),
                             validators=[InputRequired("Say how the challenge ended.")])
        # the entry being corrected, so the live preview replays up to it
        position = HiddenField()

        def field_name(self, error):
            return {"challenger": "challenger", "outcome": "outcome",
                    "skull_owner": "outcome"}.get(error.field, "bid")

    return SkullForm


def outcomes(players):
    return [("success", "Success")] + [(f"skull:{p}", f"Skull of {p}") for p in players]


def state_before(game, position):
    """The sheet as it stood when the challenge at `position` was made."""
    return RULES.replay(game.players, game.options, game.docs[:position])


def prefill(doc):
    outcome = doc.get("outcome")
    if outcome == "skull":
        outcome = f"skull:{doc.get('skull_owner')}"
    return {"challenger": doc.get("challenger"), "bid": doc.get("bid"), "outcome": outcome}


def to_entry(form, game):
    doc = {"challenger": form.challenger.data, "bid": form.bid.data}
    outcome, _, owner = (form.outcome.data or "").partition(":")
    doc["outcome"] = outcome
    if outcome == "skull":
        doc["skull_owner"] = owner
    return doc


def preview(form, game):
    """What saving the challenge would do, as a sentence for the table."""
    if not form.challenger.data or form.bid.data is None or not form.outcome.data:
        return {"consequence": ""}
    docs = game.docs
    at = entry_position(form.position.data, len(docs))
    try:
        after = RULES.replay(game.players, game.options, docs[:at] + [to_entry(form, game)])
    except RuleError as error:
        shown = [e for field in form for e in field.errors]
        return {"consequence": "" if str(error) in shown else str(error)}
    view = after.to_dict()
    return {"consequence": " ".join(story(view["challenges"][-1], view))}


def entry_position(text, count):
    """The hidden position field as an entry of the sheet, or None (a new challenge)."""
    # ascii digits only: "²".isdigit() is true, but int("²") raises
    if not (text and text.isascii() and text.isdigit() and len(text) <= len(str(count))):
        return None
    position = int(text)
    return position if position < count else None


def story(challenge, view):
    """Sentences for one challenge, given the sheet right after it."""
    who, owner = challenge["challenger"], challenge["skull_owner"]
    if challenge["outcome"] == "success":
        if view["state"][who]["points"] >= POINTS_TO_WIN:
            return [f"{who} wins a second challenge and the game."]
        lines = [f"{who}'s mat turns to its light side: one point."]
    elif challenge["eliminated"]:
        lines = [f"{who} loses their last card and is out."]
    elif owner == who:
        lines = [f"{who} discards one of their own cards at random."]
    else:
        lines = [f"{owner} takes one of {who}'s cards at random."]
    if challenge["owner_out"]:
        lines.append(out_sentence(owner) + ".")
    if view["finished"]:
        winner = view["winners"][0]
        lines.append(f"{winner} is the last player in and wins." if winner in view["active"]
                     else f"{winner} wins: their skull put the last two players out.")
    elif view["next_starter"]:
        lines.append(f"{view['next_starter']} starts the next round.")
    return lines


def board(game, sheet):
    view = sheet.to_dict()
    variant = view["options"]["variant"]
    starter = view["next_starter"]
    return SkullBoard(
        **common(game, sheet, game.docs, tell,
                 {starter: ["Starts"]} if starter and game.in_progress else None),
        variant=VARIANTS[variant], shape="round" if variant == "published" else "card",
        seats=seats(view, variant), history=history(view, sheet.progress),
        next_starter=starter, starter_reason=starter_reason(view))


def seats(view, variant):
    down, up = SIDES.get(variant, CARD_SIDES)
    shown = []
    for player in view["players"]:
        state = view["state"][player]
        shown.append({
            "name": player, "points": state["points"], "cards": state["cards"],
            "lost": CARDS_PER_PLAYER - state["cards"], "out": state["eliminated"],
            "won": player in view["winners"], "starts": player == view["next_starter"],
            "mat": up if state["points"] else down,
            "side": side(state, player in view["winners"], up, down)})
    return shown


def side(state, won, up, down):
    """What a seat says under the name: the mat's side and the points, or why it is out
    (the winner is tagged "Winner" beside it)."""
    points = f"{state['points']} point{'' if state['points'] == 1 else 's'}"
    if won and state["points"] < POINTS_TO_WIN:
        return f"The last player in · {points}"
    if state["eliminated"]:
        return f"Out · {points}"
    return f"{up if state['points'] else down} · {points}"


def out_sentence(owner):
    return f"{owner}'s last card was their skull: {owner} is out"


def history(view, progress):
    """The challenges, oldest first, each with what it did to the challenger (and to the
    skull's owner), from the points after each challenge."""
    rows = []
    for position, challenge in enumerate(view["challenges"]):
        who, owner = challenge["challenger"], challenge["skull_owner"]
        if challenge["outcome"] == "success":
            outcome = "Success"
            detail = (f"{who}'s second point: the game"
                      if progress[position][who] >= POINTS_TO_WIN else f"{who}'s first point")
        else:
            outcome = "Own skull" if owner == who else f"{owner}'s skull"
            if challenge["eliminated"]:
                detail = f"{who} lost their last card and is out"
            elif owner == who:
                detail = f"{who} discarded a card at random"
            else:
                detail = f"{owner} picked {who}'s lost card at random"
            if challenge["owner_out"]:
                detail += "; " + out_sentence(owner)
        rows.append({"position": position, "challenger": who, "bid": challenge["bid"],
                     "success": challenge["outcome"] == "success", "outcome": outcome,
                     "detail": detail,
                     "eliminated": challenge["eliminated"] or challenge["owner_out"]})
    return rows


def lost_card(view, version):
    """After a failed challenge: who picks the card the challenger loses, and which one.
    The pick is drawn from the game's version, which is random and new with every change,
    so every phone at the table shows the same card until the next challenge."""
    if not view["challenges"] or view["finished"]:
        return None
    last = view["challenges"][-1]
    if last["outcome"] != "skull":
        return None
    who, picker = last["challenger"], last["picked_by"]
    held = view["state"][who]["cards"] + 1
    number = int(version, 16) % held + 1
    return {"challenger": who, "picker": picker, "own": picker == who, "held": held,
            "out": last["eliminated"], "pick": number,
            "owner_out": out_sentence(picker) + "." if last["owner_out"] else None,
            "sentence": (f"{who} discards their own card number {number} counting from "
                         "the left." if picker == who else
                         f"{picker} takes {who}'s card number {number} counting from the "
                         "left.")}


def starter_reason(view):
    """Why the next starter starts, since an elimination changes the usual rule."""
    if not view["challenges"] or not view["next_starter"]:
        return None
    last = view["challenges"][-1]
    who = last["challenger"]
    if not last["eliminated"]:
        return "as the last challenger"
    if last["skull_owner"] != who and not last["owner_out"]:
        return f"as the owner of the skull that put {who} out"
    return f"as the next player still in after {who}, clockwise"


def tell(sheet, docs, position):
    """One challenge as a sentence: "Challenge 3: Ann bid 3 and flipped Ben's skull"."""
    made = sheet.to_dict()["challenges"][position]
    end = ("won it" if made["outcome"] == "success"
           else "flipped their own skull" if made["skull_owner"] == made["challenger"]
           else f"flipped {made['skull_owner']}'s skull")
    return f"Challenge {position + 1}: {made['challenger']} bid {made['bid']} and {end}"


# -- the demo: challenges until two wins or one player left -------------------------------


def demo_options(seated, rng):
    return {"variant": "published" if seated <= 6 else "rank"}


def demo_entry(state, rng: random.Random) -> dict:
    active = state.active
    challenger = rng.choice(active)
    bid = rng.randint(1, min(state.max_bid, len(active) + 1))
    if rng.random() < 0.55:
        return {"challenger": challenger, "bid": bid, "outcome": "success"}
    owner = rng.choice(active) if bid > 1 else challenger
    return {"challenger": challenger, "bid": bid, "outcome": "skull", "skull_owner": owner}


# -- the export: the whole sheet as a spreadsheet reads it ---------------------------------


def sheet_table(game, sheet):
    """Every challenge in order (who, the bid, won or lost on whose skull, who went out),
    then each player's points and cards left."""
    view = sheet.to_dict()
    rows = []
    for number, made in enumerate(view["challenges"], start=1):
        who, owner = made["challenger"], made["skull_owner"]
        out = [p for p, gone in ((who, made["eliminated"]), (owner, made["owner_out"])) if gone]
        outcome = "Won" if made["outcome"] == "success" else "Lost"
        rows.append([number, who, made["bid"], outcome, owner or "", " and ".join(out)])
    rows += [[], ["Player", "Points", "Cards left"]]
    rows += [[p, view["state"][p]["points"], view["state"][p]["cards"]]
             for p in sheet.players]
    return ["Challenge", "Challenger", "Bid", "Outcome", "Skull of", "Out"], rows
