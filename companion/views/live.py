"""Following a game or a night as it is played, bringing another phone to it, and
watching a game read-only.

Every phone at the table keeps its page true by asking, every second and a half, whether
what it shows is still the truth (static/js/live.js). It sends the tag of what it has
(`If-None-Match`): unchanged, it gets `304 Not Modified` after one small query, answered
in front of Flask (companion/following.py; on gevent's workers the question is held
until something changes); changed, the page's body from here, whose `data-live` parts it
swaps in. The database is the one source of
truth, so this works the same across workers and across machines sharing one database:
a process keeps nothing but a game's page already rendered for that game's version
(views/shared.py), for the other phones of its table. A page reloaded without JavaScript
shows the same truth.

A watcher's link carries the game's own token (`Game.watch_token`): it opens that game's
sheet and scoreboard, read only. Nothing under /watch changes anything, and its pages
hold no form and no CSRF token.
"""

import dataclasses
import functools
import hmac

import segno
from flask import Blueprint, abort, make_response, render_template, request, url_for
from markupsafe import Markup, escape

from .. import queries, services, told
from ..address import public_url
from ..extensions import db
from ..i18n import gettext, term
from ..models import Game, Night
from ..kinds.registry import KINDS
from .games.pages import followed_pad, load_game
from .nights import night_page, night_tag

bp = Blueprint("live", __name__)


def follow(tag: str, render):
    """A following phone's answer: 304 while it has the page of `tag`, else the page's
    body from `render()`, tagged."""
    if request.if_none_match.contains(tag):
        response = make_response("", 304)
    else:
        response = make_response(render())
    response.set_etag(tag)
    # asked again every time; no shared cache may keep a phone's page
    response.headers["Cache-Control"] = "no-cache, private"
    return response


# ---- a game's pad --------------------------------------------------------------------

def game_version(game_id: int) -> str:
    return queries.game_version(game_id) or abort(404)


@bp.get("/games/<int:game_id>/follow")
def follow_game(game_id):
    version = game_version(game_id)
    # the table's phones are woken together: one render for them all (views/shared.py)
    return follow(version, lambda: followed_pad(game_id, version))


# ---- a night's page ------------------------------------------------------------------

@bp.get("/nights/<int:night_id>/follow")
def follow_night(night_id):
    tag = night_tag(night_id)
    return follow(tag, lambda: night_page(night_id, template="nights/_night.html", tag=tag,
                                          said=gettext("The night was updated on another "
                                                       "phone"))[0])


# ---- bringing another phone ----------------------------------------------------------

def qr_svg(url: str) -> Markup:
    """The link as a QR code, drawn here as inline SVG (nothing is fetched from outside):
    dark modules on a white ground, which phone cameras read in a dark theme too."""
    label = escape(gettext("QR code of the link below"))
    return Markup(qr_drawing(url).replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))


@functools.lru_cache(maxsize=256)
def qr_drawing(url: str) -> str:
    """Drawing a code takes several milliseconds, and a link's code never changes: the
    last few hundred links' are kept (an invite or a game's links, a few KB each)."""
    return segno.make(url, error="m").svg_inline(scale=1, border=4, omitsize=True,
                                                 dark="#000", light="#fff", svgclass="qr")


@bp.get("/games/<int:game_id>/share")
def share(game_id):
    game = db.get_or_404(Game, game_id)
    watch = dict(game_id=game.id, token=game.watch_token)
    links = [
        ("play", gettext("To play along"),
         gettext("Opens this score pad: that phone can enter and correct scores too."),
         public_url("games.pad", game_id=game.id)),
        ("watch", gettext("To watch, read only"),
         gettext("Shows the sheet as it is played. Nothing can be changed through this link."),
         public_url("live.watch", **watch)),
        ("board", gettext("For a TV or a laptop"),
         gettext("Big standings, updated as the game is played, with nothing to tap."),
         public_url("live.board", **watch)),
    ]
    return render_template("live/share.html", title=term(KINDS[game.kind].rules.group_title(
        game.options)), back=url_for("games.pad", game_id=game.id), links=links, qr=qr_svg)


@bp.get("/nights/<int:night_id>/share")
def share_night(night_id):
    night = db.get_or_404(Night, night_id)
    links = [("night", gettext("To join the night"),
              gettext("Opens tonight's page: its games, who is playing, and starting a game."),
              public_url("nights.show", night_id=night.id))]
    return render_template("live/share.html", title=night.title or gettext("Game night"),
                           back=url_for("nights.show", night_id=night.id), links=links,
                           qr=qr_svg)


# ---- watchers ------------------------------------------------------------------------

def watched(game_id: int, token: str) -> str:
    """The version of the game this token opens; the app's 404 for any other token, so a
    wrong one says nothing of what exists. Compared in constant time."""
    row = queries.watch_row(game_id)
    if row is None or not hmac.compare_digest(row.watch_token.encode(), token.encode()):
        abort(404)
    return row.version


def watch_page(game_id: int, token: str, template: str, following: str):
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    sheet = services.replay(game)
    # read only: no correction links, no end-game button (the sheets ask the board)
    board = dataclasses.replace(pad_.board(game, sheet), editable=False, playing=False)
    best = pad_.rules.best_for(game.options)
    ranked = sorted(board.standings, key=lambda row: row.total,
                    reverse=best != "low") if sheet.progress else board.standings
    here = dict(game_id=game.id, token=token)
    return render_template(
        template, game=game, board=board, ranked=ranked, kind=pad_,
        said=told.said(game, game.last_change), follow_url=url_for(following, **here),
        sheet_url=url_for("live.watch", **here), board_url=url_for("live.board", **here))


@bp.get("/watch/<int:game_id>/<token>")
def watch(game_id, token):
    watched(game_id, token)
    return watch_page(game_id, token, "live/watch.html", "live.watch_follow")


@bp.get("/watch/<int:game_id>/<token>/follow")
def watch_follow(game_id, token):
    return follow(watched(game_id, token),
                  lambda: watch_page(game_id, token, "live/_watch.html", "live.watch_follow"))


@bp.get("/watch/<int:game_id>/<token>/board")
def board(game_id, token):
    watched(game_id, token)
    return watch_page(game_id, token, "live/board.html", "live.board_follow")


@bp.get("/watch/<int:game_id>/<token>/board/follow")
def board_follow(game_id, token):
    return follow(watched(game_id, token),
                  lambda: watch_page(game_id, token, "live/_board.html", "live.board_follow"))
