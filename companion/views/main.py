"""The home page, the language switch and the app's icons and manifest."""

from datetime import date
from pathlib import Path

import json

from flask import (Blueprint, abort, current_app, g, redirect, render_template, request,
                   send_from_directory, url_for)

from .. import queries
from ..forms import NightForm, StartGroupForm
from ..i18n import COOKIE, COOKIE_AGE, gettext, language, LANGUAGES
from .helpers import kind_names, own_path

bp = Blueprint("main", __name__)

# the manifest's parts in no language
MANIFEST = json.loads(Path(__file__).parents[2].joinpath("static", "manifest.webmanifest")
                      .read_text())
for _key in ("name", "short_name", "description"):
    MANIFEST.pop(_key)


@bp.get("/")
def home():
    if g.membership is None:
        # a phone in no group: start one in a tap, or join one by its code
        return render_template("groups/start.html", form=StartGroupForm(action="group"))
    rows = queries.recent_nights(g.membership.group_id)
    recent = [night for night, _, _ in rows]
    tonight = [row for row in rows if row[0].date == date.today()]
    return render_template("main/home.html", recent=recent, tonight=tonight,
                           form=NightForm(action="night", target=g.membership.group_id))


@bp.get("/favicon.ico")
def favicon():
    return send_from_directory(current_app.static_folder, "icons/favicon.ico")


@bp.get("/manifest.webmanifest")
def manifest():
    # in the reader's language: the name a phone's home screen shows
    body = json.dumps({
        "name": gettext("Game-night companion"),
        "short_name": gettext("Companion"),
        "description": gettext("Score pads for %(kinds)s.", kinds=kind_names()),
        "lang": language(),
        **MANIFEST,
    }, ensure_ascii=False)
    return current_app.response_class(body, mimetype="application/manifest+json")


@bp.get("/language/<code>")
def language_switch(code):
    """The switch at the foot of every page: remember the language, back to the page."""
    if code not in LANGUAGES:
        abort(404)
    response = redirect(own_path(request.args.get("next", "")) or url_for("main.home"), 303)
    response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                        secure=request.is_secure)
    return response
