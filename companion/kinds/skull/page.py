"""Skull's page model: the seats around the table, the challenges oldest first, who starts
next and why, and the sentences that tell what a challenge did."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import gettext, lazy_gettext, ngettext
from ..board import Board
from .rules import CARDS_PER_PLAYER, POINTS_TO_WIN

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
