"""The changes two phones race with, what a serial order of them makes of a game, and
the games they race on."""

import datetime
import itertools
import json
from dataclasses import dataclass
from typing import Callable

from companion import services
from companion.extensions import db
from companion.rules import GAMES
from tests.conftest import GROUP, database_url, make_app

LABELS = ("P0", "P1")
OPTIONS = {"target": 100}
SKYJO = GAMES["skyjo"]


def skyjo_round(first, second):
    """A round that P0 finished with the lower score, so nothing is doubled."""
    return {"finisher": "P0", "hands": {"P0": {"score": first}, "P1": {"score": second}}}


START = (skyjo_round(1, 5), skyjo_round(1, 5))


def round_form(game, version, doc):
    return {"version": version, "finisher": game["names"][0],
            "score_0": str(doc["hands"]["P0"]["score"]),
            "score_1": str(doc["hands"]["P1"]["score"])}


@dataclass(frozen=True)
class Action:
    name: str
    # based on the version the phone saw (a rename is not: it changes a player)
    versioned: bool
    # (game, version, which phone) -> (path, form data)
    request: Callable
    # (state, game, which phone) -> the state after it, or None where it cannot happen
    apply: Callable
    # both phones send the very same change (an undo, abandoning): one change, sent twice
    same_for_both: bool = False


def add_doc(which):
    return skyjo_round(2 + which, 3 + which)


def finish_doc(which):
    # P1 passes the target of 100: the game ends, P0 wins
    return skyjo_round(0, 100 + which)


def correct_doc(which):
    return skyjo_round(4 + which, 6)


def new_name(game, which):
    return f"{game['names'][1]}-{which}"


def appended(doc):
    def apply(state, game, which):
        entries, status, names = state
        if status != "in_progress":
            return None
        return recount((*entries, doc(which)), status, names)
    return apply


def undone(state, game, which):
    entries, status, names = state
    return recount(entries[:-1], status, names) if status != "abandoned" else None


def corrected(state, game, which):
    entries, status, names = state
    return recount((correct_doc(which), *entries[1:]), status, names) \
        if status != "abandoned" else None


def abandoned(state, game, which):
    entries, status, names = state
    return (entries, "abandoned", names) if status == "in_progress" else None


def renamed(state, game, which):
    entries, status, names = state
    return entries, status, (names[0], new_name(game, which))


def recount(entries, status, names):
    if status == "abandoned":
        return entries, status, names
    finished = SKYJO.replay(list(LABELS), OPTIONS, list(entries)).finished
    return entries, "finished" if finished else "in_progress", names


ACTIONS = [
    Action("add", True, lambda g, v, w: (f"/games/{g['id']}/entries",
                                         round_form(g, v, add_doc(w))), appended(add_doc)),
    Action("finish", True, lambda g, v, w: (f"/games/{g['id']}/entries",
                                            round_form(g, v, finish_doc(w))), appended(finish_doc)),
    Action("undo", True, lambda g, v, w: (f"/games/{g['id']}/undo", {"version": v}), undone,
           same_for_both=True),
    Action("correct", True, lambda g, v, w: (f"/games/{g['id']}/entries/0",
                                             round_form(g, v, correct_doc(w))), corrected),
    Action("abandon", True, lambda g, v, w: (f"/games/{g['id']}/abandon", {"version": v}),
           abandoned, same_for_both=True),
    Action("rename", False, lambda g, v, w: (f"/players/{g['player_ids'][1]}",
                                             {"name": new_name(g, w)}), renamed),
]


def canonical(doc, label=None):
    """An entry as comparable text, its players by seat label."""
    label = label or {}
    return json.dumps({"finisher": label.get(doc["finisher"], doc["finisher"]),
                       "hands": {label.get(p, p): h for p, h in doc["hands"].items()}},
                      sort_keys=True)


def state_of(sheet):
    """(entries, status, names) of a game as its sheet.json shows it."""
    names = tuple(sheet["players"])
    label = dict(zip(names, LABELS))
    return (tuple(canonical(doc, label) for doc in sheet["entries"]), sheet["status"], names)


def expected_states(game, acknowledged):
    """Every state that some serial order of the acknowledged changes, [(phone, action)],
    leaves the game in."""
    found = []
    for order in itertools.permutations(acknowledged):
        state = (START, "in_progress", game["names"])
        for which, action in order:
            state = state and action.apply(state, game, which)
        if state:
            entries, status, names = state
            found.append((tuple(canonical(doc) for doc in entries), status, names))
    return found


def build_games(folder, count):
    """A database with `count` Skyjo games two rounds in, each on a night and with players
    of its own; returns its url and each game's id, names and player ids."""
    url = database_url(folder, "races")
    app = make_app(url)
    games = []
    with app.app_context():
        for number in range(count):
            night = services.start_night(GROUP, datetime.date(2026, 12, 1), f"Race {number}")
            players = [services.get_or_create_player(GROUP, f"{who}{number}") for who in ("Ann", "Ben")]
            game = services.start_game(night, "skyjo", players, OPTIONS)
            names = [p.name for p in players]
            for doc in START:
                services.add_entry(game, relabel(doc, names), game.version)
            db.session.commit()
            games.append({"id": game.id, "names": tuple(names),
                          "player_ids": tuple(p.id for p in players)})
        db.engine.dispose()
    return {"url": url, "games": games}


def relabel(doc, names):
    label = dict(zip(LABELS, names))
    return {"finisher": label[doc["finisher"]],
            "hands": {label[p]: h for p, h in doc["hands"].items()}}
