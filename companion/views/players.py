"""The roster of players reused across nights, and each player's record."""

from flask import (Blueprint, abort, flash, get_template_attribute, redirect, render_template,
                   request, url_for)
from sqlalchemy.orm.exc import StaleDataError

from .. import player_charts, queries, services, stats
from ..extensions import db
from ..forms import ConfirmForm, NameForm
from ..i18n import gettext, language, sentence
from ..models import Player
from .access import current_group_id
from .drawn import Drawn

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("/")
def index():
    return render_template("players/index.html", players=queries.roster(current_group_id()))


@bp.route("/<int:player_id>", methods=["GET", "POST"])
def show(player_id):
    player = db.get_or_404(Player, player_id)
    form = NameForm(obj=player)
    form.name.label.text = gettext("Name")
    if form.validate_on_submit():
        try:
            services.rename_player(player, form.name.data)
        except (services.ServiceError, StaleDataError) as error:
            db.session.rollback()
            # removed from the roster on another phone at this moment
            if not queries.exists(Player, player_id):
                abort(404)
            form.name.errors.append(sentence(error))
        else:
            # read before the commit: a removal on another phone may follow it at once
            name = player.name
            db.session.commit()
            flash(gettext("Renamed to %(name)s.", name=name))
            return redirect(url_for("players.show", player_id=player_id))
    record = stats.player_stats(player)
    nights = stats.over_time(player)
    return render_template(
        "players/show.html", player=player, form=form, stats=record,
        nights=stats.recent_nights(player),
        charts=CHARTS.get(player.id, player.name, record.kinds),
        over_time=CHARTS.nights(player.id, player.name, nights) if len(nights) > 1 else None,
        rivals=[p for p in queries.group_players(player.group_id) if p.id != player.id],
        versus=versus(player),
    ), 422 if form.errors else 200


def versus(player):
    """The head to head the page was asked for (?against=id), with another player of the
    same group; None for anything else."""
    asked = request.args.get("against", "")
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 9):
        return None
    other = db.session.get(Player, int(asked))
    if other is None or other.group_id != player.group_id or other.id == player.id:
        return None
    return stats.head_to_head(player, other)


@bp.route("/<int:player_id>/remove", methods=["GET", "POST"])
def remove(player_id):
    """Take a player who never played off the roster, after a page that says what goes."""
    # a second tap on the button finds them gone: the not-found page says they may be
    player = db.get_or_404(Player, player_id)
    form, refusal = ConfirmForm(), None
    if form.validate_on_submit():
        name = player.name
        try:
            services.remove_player(player)
        except services.ServiceError as error:
            db.session.rollback()
            # a tap on another phone (or this one's first) removed them a moment ago
            if not queries.exists(Player, player_id):
                abort(404)
            refusal = sentence(error)
        else:
            db.session.commit()
            flash(gettext("%(name)s is no longer on the roster.", name=name))
            return redirect(url_for("players.index"))
    nights = player.nights_came
    played = queries.has_played(player.id)
    return render_template("players/remove.html", player=player, form=form, nights=nights,
                           played=played, refusal=refusal), 409 if refusal else 200


class DrawnCharts(Drawn):
    """A player's charts as drawn (views/drawn.py), kept under everything they show: the
    reader's language, the player's id (their colour) and name, and what the chart draws
    (each kind's last results with their places, their last nights)."""

    def get(self, player_id, name, kinds):
        """{chart id: its markup} for the player's kinds (stats.KindStats)."""
        key = ("kinds", language(), player_id, name,
               tuple((kind.ref, kind.title, tuple((r.date, r.total, r.won, r.place)
                                                  for r in kind.results))
                     for kind in kinds))
        return self.charted(key, lambda line_chart: {
            chart.id: line_chart(chart, gettext("The numbers, game by game"))
            for chart in player_charts.player_charts(name, kinds, player_id=player_id)})

    def nights(self, player_id, name, nights):
        """The chart of the player's last nights (stats.NightPlayed), two or more."""
        return self.charted(("nights", language(), player_id, name, tuple(nights)),
                            lambda line_chart: line_chart(
                                player_charts.nights_chart(name, nights, player_id),
                                # TRANSLATORS: the caption of the table of a player's chart
                                # of their nights
                                gettext("The numbers, night by night")))

    def charted(self, key, draw):
        return self.kept(key, lambda: draw(get_template_attribute("_charts.html",
                                                                  "line_chart")))


CHARTS = DrawnCharts(256)
