"""The roster of players reused across nights, and each player's record."""

from collections import OrderedDict
from threading import Lock

from flask import Blueprint, flash, get_template_attribute, redirect, render_template, url_for

from .. import charts, services, stats
from ..extensions import db
from ..forms import NameForm
from ..models import Player

bp = Blueprint("players", __name__, url_prefix="/players")


# ids and names, built once: the roster can be long, and it is only listed
ROSTER = db.select(Player.__table__.c.id, Player.__table__.c.name).order_by(Player.__table__.c.name)


@bp.get("/")
def index():
    return render_template("players/index.html", players=db.session.execute(ROSTER).all())


@bp.route("/<int:player_id>", methods=["GET", "POST"])
def show(player_id):
    player = db.get_or_404(Player, player_id)
    form = NameForm(obj=player)
    form.name.label.text = "Name"
    if form.validate_on_submit():
        try:
            services.rename_player(player, form.name.data)
        except services.ServiceError as error:
            db.session.rollback()
            form.name.errors.append(error.message)
        else:
            db.session.commit()
            flash(f"Renamed to {player.name}.")
            return redirect(url_for("players.show", player_id=player.id))
    record = stats.player_stats(player)
    return render_template(
        "players/show.html", player=player, form=form, stats=record,
        nights=stats.recent_nights(player), charts=drawn_charts(player.name, record.kinds),
    ), 422 if form.errors else 200


class DrawnCharts:
    """A player's results charts as drawn, kept in each worker under everything they show:
    the player's name and each kind's last results, as read from the database for this
    request. A change to any of them, made by any worker, is a new key, so a chart kept
    here is never out of date; the last `size` players' are kept."""

    def __init__(self, size):
        self.size = size
        self.drawn = OrderedDict()
        self.lock = Lock()

    def get(self, name, kinds):
        """{chart id: its markup} for the player's kinds (stats.KindStats)."""
        key = (name, tuple((kind.ref, kind.title, tuple((r.date, r.total, r.won)
                                                         for r in kind.results))
                           for kind in kinds))
        with self.lock:
            drawn = self.drawn.get(key)
            if drawn is not None:
                self.drawn.move_to_end(key)
                return drawn
        line_chart = get_template_attribute("_charts.html", "line_chart")
        drawn = {chart.id: line_chart(chart, "The numbers, game by game")
                 for chart in charts.player_charts(name, kinds)}
        with self.lock:
            self.drawn[key] = drawn
            while len(self.drawn) > self.size:
                self.drawn.popitem(last=False)
        return drawn


drawn_charts = DrawnCharts(128).get
