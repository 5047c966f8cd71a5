"""Forms that create something (a night, a game, a player at the night) act once per form
shown: a second tap, or a retry after a lost answer, is told what the first tap did. Only
the same phone, with the key the server gave that form, is answered so (companion/once.py)."""

from flask import abort, flash, g, redirect

from .. import locks
from ..extensions import db


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
