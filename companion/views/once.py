"""How a view answers a change that went through the pipeline (companion/services/
changes.py): commit once, flash what the phone is told, redirect where it goes next.

A form the page's script sends in the background (static/js/send.js) says so in a header;
its redirect is answered as a plain 200 naming the page to open next, so that the phone
opens it itself, its flashed message still waiting in the session (a redirect that fetch
followed would have shown the message to nobody)."""

from flask import abort, flash, g, redirect, request

from ..extensions import db
from ..services.changes import Answer, Key, answered_again, once_only

# the header a background send carries, and the one its answer names the next page in
SENT = "X-Companion-Send"
NEXT = "X-Companion-Location"


def reply(answer: Answer):
    """Commit the change answered, flash its message and go where it says. A commit the
    database refuses (what the change needs was deleted meanwhile) is rolled back and the
    caller's."""
    session = db.session()
    # the answer is made, and nothing the session holds is read after this commit: its
    # objects are left as they are, not expired one by one (a tenth of a save's commit)
    session.expire_on_commit = False
    try:
        session.commit()
    except Exception:
        session.rollback()
        raise
    finally:
        session.expire_on_commit = True
    if answer.message:
        flash(answer.message)
    return redirect(answer.location)


def key_of(form) -> Key:
    return Key(form.key, form.scope)


def submit_once(form, act, group_id):
    """Run `act()`, which returns (location, message), once per key of `form`, and reply
    (services/changes.py, `once_only`). Errors raised by `act`, rolled back, are the
    caller's."""
    return reply(once_only(key_of(form), lambda: Answer(*act()), group_id))


def answer_again(key: Key):
    """A second tap on a button whose first tap removed what the page showed: answered as
    the first was, to the phone that made it while it is still in that group; else 404."""
    answer = answered_again(key, {membership.group_id for membership in g.memberships})
    return reply(answer) if answer else abort(404)


def background(response):
    """A background send's redirect, as a 200 naming where it went (module docstring)."""
    if request.headers.get(SENT) and response.status_code in (301, 302, 303, 307, 308):
        response.headers[NEXT] = response.headers.pop("Location")
        response.status_code = 200
        response.headers["Cache-Control"] = "no-store"
    return response
