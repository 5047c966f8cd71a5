"""Starting a game and its pad: the score sheet and the entry form."""

from flask import (Blueprint, abort, flash, jsonify, redirect, render_template, request,
                   url_for)
from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from .. import charts, services
from ..extensions import db
from ..forms import ConfirmForm, game_setup_form
from ..models import IN_PROGRESS, Game, Night
from ..pagecache import cached_page
from ..pads import PADS
from ..rules import GAMES, RuleError

bp = Blueprint("games", __name__)


@bp.route("/nights/<int:night_id>/games/new/<kind>", methods=["GET", "POST"])
def new(night_id, kind):
    night = db.get_or_404(Night, night_id)
    rules = GAMES.get(kind) or abort(404)
    form = game_setup_form(rules, [p.name for p in night.attendees])
    if form.validate_on_submit():
        names = form.seated()
        players = [services.find_player(name) for name in names]
        try:
            game = services.start_game(night, kind, players, form.options())
        except RuleError as error:
            db.session.rollback()
            form.form_errors.append(error.message)
        else:
            db.session.commit()
            for warning in rules.setup_warnings(names, game.options):
                flash(warning, "warning")
            return redirect(url_for("games.pad", game_id=game.id))
    return render_template("games/new.html", night=night, rules=rules, form=form), \
        422 if form.errors else 200


@bp.get("/games/<int:game_id>")
def pad(game_id):
    # the phones round the table reload a pad far more often than it changes
    etag = db.session.scalar(select(Game.etag).where(Game.id == game_id)) or abort(404)

    def render():
        game = load_game(game_id)
        return render_pad(game, services.replay(game))

    return cached_page(("pad", game_id, etag), render)


@bp.get("/games/<int:game_id>/sheet.json")
def sheet_json(game_id):
    game = load_game(game_id)
    return jsonify({**services.replay(game).to_dict(), "status": game.status,
                    "entries": [entry.doc for entry in game.entries]})


@bp.post("/games/<int:game_id>/entries")
def add_entry(game_id):
    game = load_game(game_id)
    sheet = services.replay(game)
    pad_ = PADS[game.kind]
    form = pad_.build_form(game, sheet)
    if save(form, game, lambda doc, expected: services.add_entry(game, doc, expected)):
        flash(f"{GAMES[game.kind].entry_noun.capitalize()} {game.entry_count} saved.")
        return redirect(url_for("games.pad", game_id=game.id))
    return render_pad(game, services.replay(game), form, status=status_for(form))


@bp.post("/games/<int:game_id>/preview")
def preview(game_id):
    """What the entry form would score, for the live preview (no saving)."""
    game = load_game(game_id)
    pad_ = PADS[game.kind]
    form = pad_.build_form(game, services.replay(game))
    form.validate()
    return jsonify(pad_.preview(form, game))


@bp.route("/games/<int:game_id>/entries/<int:position>", methods=["GET", "POST"])
def correct(game_id, position):
    game = load_game(game_id)
    if not 0 <= position < len(game.entries):
        abort(404)
    pad_ = PADS[game.kind]
    sheet = services.replay(game)
    if request.method == "GET":
        form = pad_.build_form(game, sheet, doc=game.entries[position].doc, position=position)
    else:
        form = pad_.build_form(game, sheet, position=position)
        if save(form, game, lambda doc, expected:
                services.correct_entry(game, position, doc, expected)):
            flash(f"{GAMES[game.kind].entry_noun.capitalize()} {position + 1} corrected.")
            return redirect(url_for("games.pad", game_id=game.id))
    return render_template("games/correct.html", game=game, sheet=sheet, view=sheet.to_dict(),
                           form=form, position=position, rules=GAMES[game.kind], pad=pad_,
                           preview=shown(pad_, form, game), **pad_.context(game, sheet)), \
        status_for(form)


@bp.route("/games/<int:game_id>/undo", methods=["GET", "POST"])
def undo(game_id):
    game = load_game(game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            services.undo_last(game, int_or_none(form.expected.data))
        except services.ServiceError as error:
            db.session.rollback()
            flash(error.message, "error")
        else:
            db.session.commit()
            flash(f"The last {GAMES[game.kind].entry_noun} was removed.")
        return redirect(url_for("games.pad", game_id=game.id))
    form.expected.data = len(game.entries)
    return render_template("games/confirm.html", game=game, form=form, action="undo",
                           rules=GAMES[game.kind])


@bp.route("/games/<int:game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id):
    game = load_game(game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            services.abandon(game)
        except services.ServiceError as error:
            flash(error.message, "error")
            return redirect(url_for("games.pad", game_id=game.id))
        db.session.commit()
        flash("The game was abandoned. Its sheet stays in the night's history.")
        return redirect(url_for("nights.show", night_id=game.night_id))
    return render_template("games/confirm.html", game=game, form=form, action="abandon",
                           rules=GAMES[game.kind])


def load_game(game_id):
    """A game with everything its pad shows, in as few queries as the database allows."""
    return db.get_or_404(Game, game_id, options=[
        joinedload(Game.night), selectinload(Game.seats), selectinload(Game.entries)])


def render_pad(game, sheet, form=None, status=200):
    pad_ = PADS[game.kind]
    if form is None:
        form = pad_.build_form(game, sheet)
    return render_template(
        "games/pad.html", game=game, sheet=sheet, view=sheet.to_dict(), form=form,
        rules=GAMES[game.kind], pad=pad_, preview=shown(pad_, form, game),
        # the chart is for looking back: while a game is played the sheet says it all
        chart=(charts.game_progress(game.id, GAMES[game.kind], sheet)
               if sheet.progress and game.status != IN_PROGRESS else None),
        **pad_.context(game, sheet)), status


def save(form, game, change):
    """Validate an entry form and hand its entry to `change(doc, expected)`, a service;
    commit and return True, or leave the refusal on the form beside its field."""
    if not form.validate_on_submit() or "preview" in request.form:
        explain_stale(form, game)
        return False
    try:
        change(PADS[game.kind].to_entry(form, game), form.expected_count())
    except (RuleError, services.ServiceError) as error:
        refused(form, error, game)
        return False
    db.session.commit()
    return True


def shown(pad_, form, game):
    """The no-javascript preview: what the typed values would score."""
    return pad_.preview(form, game) if request.method == "POST" else {}


def refused(form, error, game):
    """Put a refusal beside its field; after a conflict the form points at the new sheet."""
    db.session.rollback()
    form.attach(error)
    if isinstance(error, services.Conflict):
        form.expected.data = len(game.entries)


def explain_stale(form, game):
    """A form opened before another phone saved may fail for that reason: say so."""
    if form.errors and form.expected_count() != len(game.entries):
        refused(form, services.Conflict(services.conflict_message(game)), game)


def status_for(form):
    """A refused form comes back as 422, with everything that was typed."""
    return 422 if form.errors or form.form_errors else 200


def int_or_none(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
