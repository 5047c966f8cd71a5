"""HTTP caching of a pad: its game's version is the page's ETag.

A phone that reloads a pad it already has sends the ETag back (`If-None-Match`), and gets
`304 Not Modified` after one small query while the game is unchanged. The page holds this
phone's CSRF token, so the tag also carries a digest of the session's token (a phone with a
new session gets a fresh page) and the half hour, so a page's signed token is never older
than Flask-WTF accepts, and the reader's language. A page with a flashed message or query
arguments, or an undone entry put back into its form, is not tagged: it is of one moment.
"""

import hashlib
import time

from flask import current_app, make_response, request, session
from flask_wtf.csrf import generate_csrf

from ..i18n import language

# the session key of an undone entry waiting in this phone's form (views/games/confirm.py)
REFILL = "refill"
# how long a page's CSRF token may be revalidated before the page is rendered afresh
FRESH = 1800


def taggable(game_id: int) -> bool:
    """Whether this phone's pad of the game may be tagged (and answered 304): not when it
    is of one moment (module docstring)."""
    refilling = (session.get(REFILL) or {}).get("game") == game_id
    return not (request.args or session.get("_flashes") or refilling)


def pad_tag(version: str) -> str:
    """The tag of a taggable pad at `version`, for this phone and its language."""
    generate_csrf()
    raw = session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), "")
    digest = hashlib.sha256(raw.encode()).hexdigest()[:12]
    return f"{version}-{digest}-{int(time.time() // FRESH)}-{language()}"


def tagged(response, tag: str | None):
    # revalidate every time: a pad is stale as soon as another phone saves
    response.headers["Cache-Control"] = "no-cache, private"
    if tag:
        response.set_etag(tag)
    return response.make_conditional(request)


def not_modified(tag: str):
    return tagged(make_response("", 200), tag)
