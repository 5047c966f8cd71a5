"""Skull: one entry per challenge; who challenged, the bid, and what was revealed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from flask_babel import gettext, lazy_gettext, ngettext, pgettext
from wtforms import HiddenField, RadioField
from wtforms.validators import InputRequired

from ..forms import EntryForm, WholeNumberField
from ..i18n import and_list, language, sentence
from ..rules import RuleError
from ..rules.skull import CARDS_PER_PLAYER, POINTS_TO_WIN, RULES, VARIANTS
from .board import Board, common

# what the mat's two sides are called with each set of cards: the published game's mat is
# a round card, dark on one side and light on the other; the card sets' mat is a card
SIDES = {"published": (
    # TRANSLATORS: Skull: a player's mat (the round card the flowers and skull are played
    # on) lies with its dark side up: no point yet
    lazy_gettext("Dark side up"),
    # TRANSLATORS: Skull: a player's mat lies with its light side up: one point
    lazy_gettext("Light side up"))}
CARD_SIDES = (
    # TRANSLATORS: Skull played with a deck of cards: the card used as a player's mat lies
    # face down: no point yet
    lazy_gettext("Face down"),
    # TRANSLATORS: Skull played with a deck of cards: the mat card lies face up: one point
    lazy_gettext("Face up"))
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
    # why the next starter starts: {"why": "last" | "skull" | "next", "player"} (see
    # starter_reason), or None
    starter_reason: dict | None
    points_to_win: int = POINTS_TO_WIN
    cards_per_player: int = CARDS_PER_PLAYER


def form_for(game, sheet=None, doc=None, position=None):
    # every player is a choice: the rules say it when one is already out
    form = form_class(tuple(game.players), language()).for_game(
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
def form_class(players, lang):
    """The entry form for one seating in one language, built once and shared by every
    request (the skull owners' choices name the players, said at once: a lazy string would
    be HTML-safe to Jinja): the bid's maximum is set on each form (see dress)."""

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
        said = sentence(error)
        return {"consequence": "" if said in shown or str(error) in shown else said}
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
            return [gettext("%(player)s wins a second challenge and the game.", player=who)]
        # TRANSLATORS: Skull: the mat (the round card played on) turns over when its player
        # wins a challenge
        lines = [gettext("%(player)s's mat turns to its light side: one point.", player=who)]
    elif challenge["eliminated"]:
        lines = [gettext("%(player)s loses their last card and is out.", player=who)]
    elif owner == who:
        lines = [gettext("%(player)s discards one of their own cards at random.", player=who)]
    else:
        # TRANSLATORS: Skull: %(owner)s owns the skull that %(player)s flipped
        lines = [gettext("%(owner)s takes one of %(player)s's cards at random.", owner=owner,
                         player=who)]
    if challenge["owner_out"]:
        lines.append(out_sentence(owner, full_stop=True))
    if view["finished"]:
        winner = view["winners"][0]
        lines.append(
            gettext("%(player)s is the last player in and wins.", player=winner)
            if winner in view["active"] else
            gettext("%(player)s wins: their skull put the last two players out.", player=winner))
    elif view["next_starter"]:
        lines.append(gettext("%(player)s starts the next round.", player=view["next_starter"]))
    return lines


def board(game, sheet):
    view = sheet.to_dict()
    variant = view["options"]["variant"]
    starter = view["next_starter"]
    # TRANSLATORS: a tag beside the player who starts the next round
    starts = gettext("Starts")
    return SkullBoard(
        **common(game, sheet, game.docs, tell,
                 {starter: [starts]} if starter and game.in_progress else None),
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
            "mat_label": mat_label(variant, state["points"]),
            "side": side(state, player in view["winners"], up, down)})
    return shown


def side(state, won, up, down):
    """What a seat says under the name: the mat's side and the points, or why it is out
    (the winner is tagged "Winner" beside it)."""
    points = ngettext("%(num)d point", "%(num)d points", state["points"])
    if won and state["points"] < POINTS_TO_WIN:
        # TRANSLATORS: Skull: the winner who won by being the only player left
        return gettext("The last player in · %(points)s", points=points)
    if state["eliminated"]:
        # TRANSLATORS: Skull: a player who lost all their cards and left the game
        return gettext("Out · %(points)s", points=points)
    # TRANSLATORS: %(side)s is how the player's mat lies ("Dark side up"), %(points)s "1 point"
    return gettext("%(side)s · %(points)s", side=up if state["points"] else down, points=points)


def mat_label(variant, points):
    """What a seat's mat is, for a screen reader: "Mat dark side up: 0 of 2 points"."""
    light = bool(points)
    if variant == "published":
        if light:
            # TRANSLATORS: Skull: a player's mat, light side up (a point won)
            return ngettext("Mat light side up: %(points)s of %(num)d point",
                            "Mat light side up: %(points)s of %(num)d points", POINTS_TO_WIN,
                            points=points)
        # TRANSLATORS: Skull: a player's mat, dark side up (no point yet)
        return ngettext("Mat dark side up: %(points)s of %(num)d point",
                        "Mat dark side up: %(points)s of %(num)d points", POINTS_TO_WIN,
                        points=points)
    if light:
        # TRANSLATORS: Skull played with a deck of cards: the mat is a card, turned face up
        # when its player wins a point
        return ngettext("Mat face up: %(points)s of %(num)d point",
                        "Mat face up: %(points)s of %(num)d points", POINTS_TO_WIN,
                        points=points)
    # TRANSLATORS: Skull played with a deck of cards: the mat is a card, face down (no point)
    return ngettext("Mat face down: %(points)s of %(num)d point",
                    "Mat face down: %(points)s of %(num)d points", POINTS_TO_WIN, points=points)


def out_sentence(owner, full_stop=False):
    if full_stop:
        # TRANSLATORS: Skull: a failed challenge flipped the last card %(player)s held
        return gettext("%(player)s's last card was their skull: %(player)s is out.",
                       player=owner)
    # TRANSLATORS: Skull: a failed challenge flipped the last card %(player)s held
    return gettext("%(player)s's last card was their skull: %(player)s is out", player=owner)


def history(view, progress):
    """The challenges, oldest first, each with what it did to the challenger (and to the
    skull's owner), from the points after each challenge."""
    rows = []
    for position, challenge in enumerate(view["challenges"]):
        who, owner = challenge["challenger"], challenge["skull_owner"]
        if challenge["outcome"] == "success":
            outcome = gettext("Success")
            detail = (gettext("%(player)s's second point: the game", player=who)
                      if progress[position][who] >= POINTS_TO_WIN
                      else gettext("%(player)s's first point", player=who))
        else:
            # TRANSLATORS: Skull: the challenger flipped their own skull
            outcome = (gettext("Own skull") if owner == who
                       else gettext("%(player)s's skull", player=owner))
            if challenge["eliminated"]:
                detail = gettext("%(player)s lost their last card and is out", player=who)
            elif owner == who:
                detail = gettext("%(player)s discarded a card at random", player=who)
            else:
                detail = gettext("%(owner)s picked %(player)s's lost card at random",
                                 owner=owner, player=who)
            if challenge["owner_out"]:
                # TRANSLATORS: what a failed challenge did, then that the skull's owner is
                # out too: "Ann lost their last card and is out; Ben's last card was ..."
                detail = gettext("%(detail)s; %(owner_out)s", detail=detail,
                                 owner_out=out_sentence(owner))
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
            "owner_out": out_sentence(picker, full_stop=True) if last["owner_out"] else None,
            "sentence": (gettext("%(player)s discards their own card number %(number)s "
                                 "counting from the left.", player=who, number=number)
                         if picker == who else
                         gettext("%(picker)s takes %(player)s's card number %(number)s "
                                 "counting from the left.", picker=picker, player=who,
                                 number=number))}


def starter_reason(view):
    """Why the next starter starts, since an elimination changes the usual rule: "last"
    (the last challenger), "skull" (the owner of the skull that put `player` out) or "next"
    (the next player still in after `player`), as {"why", "player"}; the sheet says it."""
    if not view["challenges"] or not view["next_starter"]:
        return None
    last = view["challenges"][-1]
    who = last["challenger"]
    if not last["eliminated"]:
        return {"why": "last", "player": who}
    if last["skull_owner"] != who and not last["owner_out"]:
        return {"why": "skull", "player": who}
    return {"why": "next", "player": who}


def tell(sheet, docs, position):
    """One challenge as a sentence: "Challenge 3: Ann bid 3 and flipped Ben's skull"."""
    made = sheet.to_dict()["challenges"][position]
    number, who, bid = position + 1, made["challenger"], made["bid"]
    if made["outcome"] == "success":
        # TRANSLATORS: Skull: %(player)s bid to flip %(bid)s cards and flipped only flowers
        return gettext("Challenge %(number)s: %(player)s bid %(bid)s and won it", number=number,
                       player=who, bid=bid)
    if made["skull_owner"] == who:
        return gettext("Challenge %(number)s: %(player)s bid %(bid)s and flipped their own "
                       "skull", number=number, player=who, bid=bid)
    return gettext("Challenge %(number)s: %(player)s bid %(bid)s and flipped %(owner)s's skull",
                   number=number, player=who, bid=bid, owner=made["skull_owner"])


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
