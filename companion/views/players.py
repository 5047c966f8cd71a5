"""The roster of players reused across nights, and each player's record."""

from flask import Blueprint, flash, redirect, render_template, url_for

from .. import charts, services, stats
from ..extensions import db
from ..forms import NameForm
from ..models import Player

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("/")
def index():
    players = db.session.execute(db.select(Player).order_by(Player.name)).scalars().all()
    return render_template("players/index.html", players=players)


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
        nights=stats.recent_nights(player), charts=charts.player_charts(player.name, record.kinds),
    ), 422 if form.errors else 200
