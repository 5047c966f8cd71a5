"""Game nights: start one, who came, the games played."""

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from sqlalchemy.orm import selectinload

from .. import services, stats
from ..extensions import db
from ..forms import ConfirmForm, NewPlayerForm, NightForm
from ..models import Game, Night, Player, Seat
from ..rules import GAMES
from .once import submit_once
from .helpers import paginate

bp = Blueprint("nights", __name__, url_prefix="/nights")


@bp.get("/")
def index():
    page = paginate(db.select(Night).order_by(Night.date.desc(), Night.id.desc())
                    .options(selectinload(Night.games)), current_app.config["NIGHTS_PER_PAGE"])
    return render_template("nights/index.html", page=page)


@bp.route("/new", methods=["GET", "POST"])
def new():
    form = NightForm()
    if form.validate_on_submit():
        def start():
            night = services.start_night(form.date.data, form.title.data)
            return url_for("nights.show", night_id=night.id), "Night started. Add who is playing."
        return submit_once(form, start)
    return render_template("nights/new.html", form=form), 422 if form.errors else 200


@bp.get("/<int:night_id>")
def show(night_id, name_form=None, status=200):
    night = db.get_or_404(Night, night_id, options=[
        selectinload(Night.attendees),
        selectinload(Night.games).selectinload(Game.seats).joinedload(Seat.player)])
    roster = db.session.execute(db.select(Player).order_by(Player.name)).scalars().all()
    here = {p.id for p in night.attendees}
    return render_template(
        "nights/show.html", night=night, name_form=name_form or NewPlayerForm(),
        roster=[p for p in roster if p.id not in here], confirm=ConfirmForm(),
        games=GAMES, recap=stats.night_recap(night) if night.games else None), status


@bp.post("/<int:night_id>/attendees")
def add_attendee(night_id):
    night = db.get_or_404(Night, night_id)
    form = NewPlayerForm()
    if form.validate_on_submit():
        def add():
            player = services.add_attendee(night, form.name.data)
            return players_of(night), f"{player.name} joined the night."
        try:
            return submit_once(form, add)
        except services.ServiceError as error:
            db.session.rollback()
            form.name.errors.append(error.message)
    return show(night_id, name_form=form, status=422)


@bp.post("/<int:night_id>/attendees/<int:player_id>")
def quick_add(night_id, player_id):
    """One tap on a name from the roster."""
    night = db.get_or_404(Night, night_id)
    player = db.get_or_404(Player, player_id)
    if ConfirmForm().validate_on_submit():
        # a second tap on the chip finds them there already, and is told the same
        services.join_night(night, player)
        db.session.commit()
        flash(f"{player.name} joined the night.")
    return redirect(players_of(night))


@bp.post("/<int:night_id>/attendees/<int:player_id>/remove")
def remove_attendee(night_id, player_id):
    night = db.get_or_404(Night, night_id)
    player = db.get_or_404(Player, player_id)
    if ConfirmForm().validate_on_submit():
        try:
            services.remove_attendee(night, player)
        except services.ServiceError as error:
            flash(error.message, "error")
        else:
            db.session.commit()
            flash(f"{player.name} left the night.")
    return redirect(players_of(night))


def players_of(night):
    return url_for("nights.show", night_id=night.id, _anchor="players")
