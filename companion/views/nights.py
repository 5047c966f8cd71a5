"""Game nights: start one, who came, the games played."""

from datetime import date

from flask import (Blueprint, Response, abort, current_app, flash, redirect, render_template,
                   request, url_for)

from .. import limits, queries, services, stats
from ..extensions import db
from ..forms import ConfirmForm, ConfirmOnceForm, NewPlayerForm, NightForm
from ..i18n import gettext, sentence
from ..models import Night, Player
from ..rules import GAMES
from .access import chosen_group_id, current_group_id, owned
from ..services.changes import Answer, removed
from .once import answer_again, key_of, reply, submit_once
from .helpers import night_label, page_number

bp = Blueprint("nights", __name__, url_prefix="/nights")


@bp.get("/")
def index():
    return render_template("nights/index.html", page=queries.nights_page(
        current_group_id(), page_number(), current_app.config["NIGHTS_PER_PAGE"]))


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
            form.form_errors.append(sentence(error))
            return render_template("nights/new.html", form=form), 429
    return render_template("nights/new.html", form=form), 422 if form.errors else 200


@bp.get("/<int:night_id>")
def show(night_id, name_form=None, status=200):
    return night_page(night_id, name_form=name_form, status=status, tag=night_tag(night_id))


def night_tag(night_id: int) -> str:
    """What a night's page shows changes with, in one query: its date and title, its
    games' versions (each game's changes, renames of its players), who came in what
    order, and the roster it offers; and the day, by which the page orders itself."""
    rows = queries.night_changes(night_id, current_group_id())
    if not any(row[0] == "n" for row in rows):
        abort(404)
    return queries.night_tag_of(rows)


def night_page(night_id, name_form=None, status=200, template="nights/show.html", **shown):
    """The night's page, or its body alone for a following phone (views/live.py)."""
    night = queries.night_with_games(night_id) or abort(404)
    here, roster = queries.night_roster(night)
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


@bp.get("/<int:night_id>/result.svg")
def result_picture(night_id):
    """The night's final standings as a picture to send to a chat (the recap's Share
    button draws it as a PNG on the phone); text only, no script, nothing from outside."""
    night = queries.night_with_games(night_id) or abort(404)
    recap = stats.night_recap(night)
    rows = sum(len(item.standings) for item in recap.games)
    body = render_template("nights/result.svg", night=night, recap=recap,
                           height=96 + 44 * len(recap.games) + 30 * rows + 40)
    return Response(body, mimetype="image/svg+xml",
                    headers={"Cache-Control": "no-store",
                             "Content-Security-Policy": "default-src 'none'"})


@bp.post("/<int:night_id>/attendees")
def add_attendee(night_id):
    night = db.get_or_404(Night, night_id)
    form = NewPlayerForm(action="player", target=night.id)
    status = 422
    if form.validate_on_submit():
        def add():
            # a name already on the roster adds nobody to it, and is not counted
            player = services.add_attendee(night, form.name.data,
                                           before_new=lambda: limits.count("player"))
            return players_of(night, adding=1), gettext("%(name)s joined the night.",
                                                        name=player.name)
        try:
            return submit_once(form, add, night.group_id)
        except services.ServiceError as error:
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
        return answer_again(key_of(form)) if request.method == "POST" else abort(404)
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
            if not queries.exists(Night, night_id):
                # deleted by a tap at the same moment: this phone's own is answered as it was
                return answer_again(key_of(form))
            notice = sentence(error)
        else:
            answer = Answer(url_for("nights.index"), told)
            removed(key_of(form), url_for("nights.show", night_id=night_id), answer,
                    night.group_id)
            return reply(answer)
    return render_template("nights/delete.html", night=night, form=form, notice=notice), \
        409 if notice and form.is_submitted() else 200
