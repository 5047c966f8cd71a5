"""The one pipeline every change a phone sends goes through: a game's entries, undo,
abandon, delete and rematch, and what starts or removes something (a night, a game, a
player at a night).

Each change carries a one-time key of the phone's (companion/once.py), claimed in the
change's own transaction together with what the change does. A retry of that very send
(its answer was lost) is answered as the first was and changes nothing; the same key sent
with other values is refused (`SentBefore`); a refused change rolls back, and a game
deleted meanwhile is `Gone`. What a change is answered with (`Answer`) is kept with its
key. Nothing here commits: the view commits once, flashes the answer's message and
redirects to its location.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import inspect

from .. import locks, once, queries, told
from ..extensions import db
from ..models import Game
from ..rules import RuleError
from .errors import Conflict, ServiceError


@dataclass(frozen=True)
class Answer:
    """Where the phone goes next, and what it is told there; the group it acted in (when
    the caller does not know it beforehand: a group started); `repeat` when it is the
    answer of an earlier tap with the same key."""

    location: str
    message: str | None
    group_id: int | None = None
    repeat: bool = False


@dataclass(frozen=True)
class Key:
    """A form's one-time key and the scope it was signed for (None: the form had none)."""

    key: str | None
    scope: str


class SentBefore(Conflict):
    """This key was sent before with other values, answered with `answer`."""

    def __init__(self, answer: str):
        super().__init__(told.sent_before(answer))


class Gone(Exception):
    """The game was deleted on another phone while this one changed it (410)."""


def once_only(key: Key, act: Callable[[], Answer], group_id: int | None = None) -> Answer:
    """Run `act()` once per key: a second tap, or a retry after a lost answer, is answered
    as the first was. An error raised by `act` (a refusal) rolls back everything, the
    claim included, and is the caller's. `group_id`: the group it acts in, else the
    answer's."""
    first = locks.claim(key.key, key.scope)
    if first is not None and first.location:
        db.session.rollback()
        return Answer(first.location, first.message, first.group_id, repeat=True)
    try:
        answer = act()
    except Exception:
        db.session.rollback()
        raise
    locks.answered(key.key, key.scope, answer.location, answer.message,
                   answer.group_id if group_id is None else group_id)
    return answer


def answered_again(key: Key, groups: set[int]) -> Answer | None:
    """A second tap on a button whose first tap removed what the page showed: the first
    answer, to the phone that made it while it is still in that group; else None."""
    first = locks.claim(key.key, key.scope)
    db.session.rollback()
    if first is None or not first.location or first.group_id not in groups:
        return None
    return Answer(first.location, first.message, first.group_id)


def change_game(game: Game, key: Key, what: tuple, act: Callable[[], Any],
                told: Callable[[Any], str], location: str,
                again: Callable[[Any], str] | None = None,
                twin: Callable[[], str | None] | None = None) -> Answer:
    """The pipeline of one change to `game`. `what` is what the change does (its action,
    the entry's position, the entry, the version it was based on), for which the key is
    claimed; `act()` makes it (a service function: version check, replay, store, derive)
    and returns what it made; `told(made)` says it, `again(made)` says it to a retry (the
    same when None). `twin()` names the entry another phone saved meanwhile that this send
    holds: then nothing is stored and the phone is told that."""
    claimed = f"{key.scope}:{once.digest(json.dumps(what, sort_keys=True, default=str))[:20]}"
    # no purge of old keys here: this claim comes before the game is taken, and old keys
    # locked by a purge here while waiting for the game could be what a change holding the
    # game (deleting it) purges next; the keys' purge runs with each thing created
    first = locks.claim(key.key, claimed, purge=False)
    if first is not None and first.location:
        db.session.rollback()
        return Answer(first.location, first.message)
    before = sent_before(key)
    if before is not None:
        refused(game)
        raise SentBefore(before)
    same = twin() if twin else None
    if same:
        db.session.rollback()
        return Answer(location, same)
    try:
        made = act()
    except (RuleError, ServiceError):
        refused(game)
        raise
    message = told(made)
    locks.answered(key.key, claimed, location, (again or told)(made), game.night.group_id)
    return Answer(location, message)


def sent_before(key: Key) -> str | None:
    """What an earlier send of this key with other values was answered with: the person
    changed what they typed while the first send's answer was lost, or a second tab showed
    the same page. None when the key was not used."""
    if key.key is None:
        return None
    first = locks.first_send(key.key)
    if first is None or not first.location or not first.scope.startswith(key.scope + ":"):
        return None
    return first.message or ""


def refused(game: Game) -> None:
    """Roll back a refused change and read the game again, whole and of one moment, for
    the page that says so (read attribute by attribute as the page drew it, a game
    deleted or restored meanwhile would be half gone); a game deleted on another phone
    meanwhile is `Gone`."""
    game_id = inspect(game).identity[0]
    db.session.rollback()
    if queries.whole_game(game_id) is None:
        raise Gone()


def shared(scope: str, act: Callable[[], Answer], group_id: int) -> Answer:
    """A tap every phone of the group shares (a rematch: its key is the server's, from the
    game and its version): the phones tapping at once start one thing, all told the same."""
    key = Key(once.shared_key(scope), scope)
    return once_only(key, act, group_id)


def removed(key: Key, page: str, answer: Answer, group_id: int) -> None:
    """After deleting what `page` shows: the taps answered with it forget it (the next row
    may get its id), and this tap keeps its answer for a second tap."""
    locks.forget_answers(page)
    locks.claim(key.key, key.scope)
    locks.answered(key.key, key.scope, answer.location, answer.message, group_id)
