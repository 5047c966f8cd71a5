"""Forms that create something (a night, a game, a player at the night) or change a game
act once per form shown: a second tap, or a retry after a lost answer, is told what the
first tap did. Only the same phone, with the key the server gave that form, is answered so
(companion/once.py).

A form the page's script sends in the background (static/js/send.js) says so in a header;
its redirect is answered as a plain 200 naming the page to open next, so that the phone
opens it itself, its flashed message still waiting in the session (a redirect that fetch
followed would have shown the message to nobody)."""

import json

from flask import abort, flash, g, redirect, request

from .. import locks, once
from ..extensions import db
from ..models import Submission

# the header a background send carries, and the one its answer names the next page in
SENT = "X-Companion-Send"
NEXT = "X-Companion-Location"


def submit_once(form, act, group_id):
    """Run `act()`, which returns (location, message), commit, flash and redirect; or, when
    this form's key was used already, answer as that first submission did. Errors
    raised by `act` are the caller's, with nothing kept (the key's claim goes too).
    `group_id`: the group it acts in."""
    first = locks.claim(form.key, form.scope)
    if first is not None and first.location:
        location, message = first.location, first.message
        db.session.rollback()
    else:
        location, message = act()
        locks.answered(form.key, form.scope, location, message, group_id)
        db.session.commit()
    if message:
        flash(message)
    return redirect(location)


def answer_again(key, scope):
    """A second tap on a button whose first tap removed what the page showed: answered as
    the first was, to the phone that made it, while it is still in that group; else 404."""
    first = locks.claim(key, scope)
    db.session.rollback()
    mine = {membership.group_id for membership in g.memberships}
    if first is None or not first.location or first.group_id not in mine:
        abort(404)
    flash(first.message)
    return redirect(first.location)


def first_answer(form, *change):
    """Claim the key of `form` (a VersionForm) for this `change` (what it does, to which
    entry, with what, from which version): None to go ahead, or the answer of the earlier
    send of this very change, which had made it. The same key sent with another change
    (two tabs of one phone showing one cached page) goes ahead as a new tap would."""
    what = json.dumps(change, sort_keys=True, default=str)
    form.claimed = f"{form.scope}:{once.digest(what)[:20]}"
    # no purge of old keys here: this claim comes before the game is taken, and old keys
    # locked by a purge here while waiting for the game could be what a change holding the
    # game (deleting it) purges next; the keys' purge runs with each thing created
    first = locks.claim(form.key, form.claimed, purge=False)
    if first is None or not first.location:
        return None
    db.session.rollback()
    if first.message:
        flash(first.message)
    return redirect(first.location)


def answered_before(form):
    """What an earlier send of `form` with other values was answered with (after
    `first_answer` found none for this change): the person changed what they typed while
    the first send's answer was lost, or a second tab showed the same page. None when the
    key was not used."""
    if form.key is None:
        return None
    first = db.session.get(Submission, form.key)
    if first is None or not first.location or not first.scope.startswith(form.scope + ":"):
        return None
    return first.message or ""


def remember(form, location, message, group_id):
    """What the send of `form` claimed by `first_answer` was answered with."""
    locks.answered(form.key, form.claimed, location, message, group_id)


def background(response):
    """A background send's redirect, as a 200 naming where it went (module docstring)."""
    if request.headers.get(SENT) and response.status_code in (301, 302, 303, 307, 308):
        response.headers[NEXT] = response.headers.pop("Location")
        response.status_code = 200
        response.headers["Cache-Control"] = "no-store"
    return response
