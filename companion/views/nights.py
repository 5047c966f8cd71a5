"""Game nights: start one, who came, the games played."""

import hashlib
from datetime import date

from flask import (Blueprint, abort, current_app, flash, redirect, render_template, request,
                   url_for)
from flask_babel import gettext
from sqlalchemy.orm import joinedload, load_only

from .. import limits, locks, services, stats
from ..extensions import db
from ..forms import ConfirmForm, ConfirmOnceForm, NewPlayerForm, NightForm
from ..i18n import sentence
from ..models import Game, Night, Player, Seat, night_players
from ..rules import GAMES
from .access import chosen_group_id, current_group_id, owned
from .once import answer_again, submit_once
from .helpers import exists, night_label, paginate

bp = Blueprint("nights", __name__, url_prefix="/nights")


# how many games each night of a page has, counted by the database
GAME_COUNTS = (db.select(Game.__table__.c.night_id, db.func.count())
               .where(Game.__table__.c.night_id.in_(db.bindparam("nights", expanding=True)))
               .group_by(Game.__table__.c.night_id))


@bp.get("/")
def index():
    page = paginate(db.select(Night).where(Night.group_id == current_group_id())
                    .order_by(Night.date.desc(), Night.id.desc()),
                    current_app.config["NIGHTS_PER_PAGE"])
    counts = dict(db.session.execute(
        GAME_COUNTS, {"nights": [night.id for night in page.items]}).all()) if page.items else {}
    return render_template("nights/index.html", page=page, counts=counts)


@bp.route("/new", methods=["GET", "POST"])
def new():
    group_id = chosen_group_id(request.form.get("group"))
    form = NightForm(action="night", target=group_id)
    if group_id is None:
        # signed out of the group the form was opened for: no night lands in another
        form.validate_on_submit()
        form.form_errors.append(gettext("This phone is no longer in the group this form was "
                                        "opened for, so no night was started."))
        return render_template("nights/new.html", form=form), 422
    if form.validate_on_submit():
        def start():
            limits.count("night")
            night = services.start_night(group_id, form.date.data, form.title.data)
            return (url_for("nights.show", night_id=night.id),
                    gettext("Night started. Add who is playing."))
        try:
            return submit_once(form, start, group_id)
        except limits.Limited as error:
            db.session.rollback()
            form.form_errors.append(sentence(error))
            return render_template("nights/new.html", form=form), 429
    return render_template("nights/new.html", form=form), 422 if form.errors else 200


# Statements built once, the night a parameter: building and keying a statement per
# request cost more than running it.
# the night, its games and their seats (each with its player) in one query, with the
# columns the page shows: a game's row repeats for each seat, its other JSON and dates too
NIGHT = (db.select(Night).where(Night.id == db.bindparam("night")).options(
    load_only(Night.id, Night.group_id, Night.date, Night.title),
    # the options name a game that is one of a group ("Qwixx": Rules.group_title)
    joinedload(Night.games).load_only(Game.id, Game.night_id, Game.kind, Game.status,
                                      Game.summary, Game.options, Game.entry_count)
    .joinedload(Game.seats).load_only(Seat.game_id, Seat.seat, Seat.player_id)
    .joinedload(Seat.player).load_only(Player.id, Player.name)))
# everyone on the group's roster, ids and names, and where they came in the night's list (None:
# they did not come); those who came are listed in that order, the others by name
ATTENDANCE, PLAYER = night_players.c, Player.__table__.c
ROSTER = (db.select(PLAYER.id, PLAYER.name, ATTENDANCE.position.label("came"))
          .outerjoin(night_players, db.and_(ATTENDANCE.player_id == PLAYER.id,
                                            ATTENDANCE.night_id == db.bindparam("night")))
          .where(PLAYER.group_id == db.bindparam("group_id"))
          .order_by(ATTENDANCE.position, PLAYER.name))


# the rows night_tag digests, each as (what, id, text)
def _tagged(what, number, text):
    return db.select(db.literal(what), number, db.cast(text, db.String))


NIGHT_TAG = db.union_all(
    _tagged("n", Night.id, Night.date).where(Night.id == db.bindparam("night"))
    .add_columns(Night.title),
    _tagged("g", Game.id, Game.version).where(Game.night_id == db.bindparam("night"))
    .add_columns(db.literal(None, db.String)),
    _tagged("a", ATTENDANCE.player_id, ATTENDANCE.position)
    .where(ATTENDANCE.night_id == db.bindparam("night")).add_columns(db.literal(None, db.String)),
    _tagged("r", db.func.count(PLAYER.id), db.func.max(PLAYER.id))
    .where(PLAYER.group_id == db.bindparam("group_id")).add_columns(db.literal(None, db.String)))


@bp.get("/<int:night_id>")
def show(night_id, name_form=None, status=200):
    return night_page(night_id, name_form=name_form, status=status, tag=night_tag(night_id))


def night_tag(night_id: int) -> str:
    """What a night's page shows changes with, in one query: its date and title, its
    games' versions (each game's changes, renames of its players), who came in what
    order, and the roster it offers; and the day, by which the page orders itself."""
    rows = db.session.execute(NIGHT_TAG, {"night": night_id,
                                          "group_id": current_group_id()}).all()
    if not any(row[0] == "n" for row in rows):
        abort(404)
    return hashlib.sha256(repr((sorted(rows), date.today())).encode()).hexdigest()[:20]


def night_page(night_id, name_form=None, status=200, template="nights/show.html", **shown):
    """The night's page, or its body alone for a following phone (views/live.py)."""
    night = db.session.execute(NIGHT, {"night": night_id}).unique().scalar_one_or_none()
    if night is None:
        abort(404)
    here, roster = [], []
    for player in db.session.execute(ROSTER, {"night": night.id, "group_id": night.group_id}):
        (roster if player.came is None else here).append(player)
    playing = [game for game in night.games if game.in_progress]
    if name_form is None:
        name_form = NewPlayerForm(action="player", target=night.id)
        # the next name after one was added, or the first of the night
        if request.args.get("adding") or not here:
            name_form.focus()
    return render_template(
        template, night=night, **shown, attendees=here, name_form=name_form,
        roster=roster, confirm=ConfirmForm(), games=GAMES,
        groups=stats.game_groups(night.group_id),
        playing=playing,
        # games abandoned with nothing entered are left out of the recap: listed here, each
        # a tap from its Delete button
        mistakes=[game for game in night.games if game.is_abandoned and not game.entry_count],
        # while a game is played or the night is tonight, playing comes first; after, the recap
        on=bool(playing) or night.date == date.today(),
        recap=stats.night_recap(night, [p.name for p in here]) if night.games else None), status


@bp.post("/<int:night_id>/attendees")
def add_attendee(night_id):
    night = db.get_or_404(Night, night_id)
    form = NewPlayerForm(action="player", target=night.id)
    status = 422
    if form.validate_on_submit():
        def add():
            limits.count("player")
            player = services.add_attendee(night, form.name.data)
            return players_of(night, adding=1), gettext("%(name)s joined the night.",
                                                        name=player.name)
        try:
            return submit_once(form, add, night.group_id)
        except services.ServiceError as error:
            db.session.rollback()
            form.name.errors.append(sentence(error))
            status = 429 if isinstance(error, limits.Limited) else 422
    return show(night_id, name_form=form.focus(), status=status)


@bp.post("/<int:night_id>/attendees/<int:player_id>")
def quick_add(night_id, player_id):
    """One tap on a name from the roster (the night page writes these links from one
    url_for, the player's id last)."""
    night = db.get_or_404(Night, night_id)
    player = db.get_or_404(Player, player_id)
    if ConfirmForm().validate_on_submit():
        # a second tap on the chip finds them there already, and is told the same
        try:
            services.join_night(night, player)
        except services.ServiceError as error:
            db.session.rollback()
            flash(sentence(error), "error")
        else:
            db.session.commit()
            flash(gettext("%(name)s joined the night.", name=player.name))
    return redirect(players_of(night))


@bp.post("/<int:night_id>/attendees/<int:player_id>/remove")
def remove_attendee(night_id, player_id):
    night = db.get_or_404(Night, night_id)
    player = db.get_or_404(Player, player_id)
    if ConfirmForm().validate_on_submit():
        try:
            services.remove_attendee(night, player)
        except services.ServiceError as error:
            flash(sentence(error), "error")
        else:
            db.session.commit()
            flash(gettext("%(name)s left the night.", name=player.name))
    return redirect(players_of(night))


def players_of(night, **args):
    return url_for("nights.show", night_id=night.id, _anchor="players", **args)


@bp.route("/<int:night_id>/delete", methods=["GET", "POST"])
def delete(night_id):
    """Delete a night started by mistake, one with no game, after a page that says so. A
    second tap, once it is gone, is answered as the first was."""
    form, notice = ConfirmOnceForm(action="delete-night", target=night_id), None
    night = db.session.get(Night, night_id)
    if night is None:
        # gone: a second tap of this phone's, on this night, is answered as the first was
        return answer_again(form.key, form.scope) if request.method == "POST" else abort(404)
    owned(night.group_id)
    if night.games:
        notice = gettext("This night has games, so it stays. Delete its games first.")
    elif form.validate_on_submit():
        # TRANSLATORS: night is the night's title and date, or its date alone
        told = gettext("The night of %(night)s was deleted.", night=night_label(night))
        try:
            services.delete_night(night)
        except services.ServiceError as error:
            db.session.rollback()
            if not exists(Night, night_id):
                # deleted by a tap at the same moment: this phone's own is answered as it was
                return answer_again(form.key, form.scope)
            notice = sentence(error)
        else:
            locks.forget_answers(url_for("nights.show", night_id=night_id))
            locks.claim(form.key, form.scope)
            locks.answered(form.key, form.scope, url_for("nights.index"), told, night.group_id)
            db.session.commit()
            flash(told)
            return redirect(url_for("nights.index"))
    return render_template("nights/delete.html", night=night, form=form, notice=notice), \
        409 if notice and form.is_submitted() else 200
