"""Forms that create something (a night, a game, a player at the night) act once per form
shown: a second tap, or a retry after a lost answer, is told what the first tap did."""

from flask import flash, redirect

from .. import locks
from ..extensions import db


def submit_once(form, act):
    """Run `act()`, which returns (location, message), commit, flash and redirect; or, when
    this form's token was used already, answer as that first submission did. Errors
    raised by `act` are the caller's, with nothing kept (the token claim goes too)."""
    token = form.once.data
    first = locks.claim(token)
    if first is not None and first.location:
        location, message = first.location, first.message
        db.session.rollback()
    else:
        location, message = act()
        locks.answered(token, location, message)
        db.session.commit()
    if message:
        flash(message)
    return redirect(location)
