"""Looking back: past nights filtered and searched, exports of a night, the full backup."""

from flask import Blueprint, Response, current_app, render_template, request
from sqlalchemy.orm import selectinload
from wtforms import Form, SearchField, SelectField
from wtforms.validators import Length, Optional

from .. import backup, export, locks
from ..extensions import db
from ..models import Game, Night, Player, Seat
from ..rules import GAMES
from ..text import clean
from .helpers import paginate

bp = Blueprint("history", __name__)


class HistoryFilter(Form):
    """The filters, read from the query string (a GET form: nothing to protect)."""

    player = SelectField("Player", default="")
    kind = SelectField("Game", default="")
    # cleaned first: a NUL or other control character is text no database should search for
    q = SearchField("Night title", filters=[clean], validators=[Optional(), Length(max=80)],
                    render_kw={"autocomplete": "off", "placeholder": "e.g. birthday"})

    def __init__(self, formdata, players):
        super().__init__(formdata)
        self.player.choices = [("", "Everyone")] + [(str(p.id), p.name) for p in players]
        self.kind.choices = [("", "Every game")] + [(k, r.title) for k, r in GAMES.items()]

    def filters(self):
        """The filters that passed validation, as query-string values for the pager."""
        return {name: self[name].data.strip() for name in ("player", "kind", "q")
                if self[name].data and not self[name].errors and self[name].data.strip()}


@bp.get("/history")
def index():
    players = db.session.execute(db.select(Player).order_by(Player.name)).scalars().all()
    form = HistoryFilter(request.args, players)
    form.validate()
    filters = form.filters()
    page = paginate(nights_query(**filters), current_app.config["NIGHTS_PER_PAGE"])
    return render_template("history/index.html", form=form, page=page, filters=filters)


def nights_query(player=None, kind=None, q=None):
    """Nights newest first; a kind or player keeps the nights, and games, that match."""
    query = db.select(Night).order_by(Night.date.desc(), Night.id.desc())
    if q:
        query = query.where(Night.title.icontains(q, autoescape=True))
    games = []
    if kind:
        games.append(Game.kind == kind)
    if player:
        games.append(Game.seats.any(Seat.player_id == int(player)))
    if kind:
        query = query.where(Night.games.any(db.and_(*games)))
    elif player:
        query = query.where(Night.attendees.any(Player.id == int(player)))
    shown = selectinload(Night.games.and_(*games) if games else Night.games)
    return query.options(selectinload(Night.attendees),
                         shown.selectinload(Game.seats).joinedload(Seat.player))


@bp.get("/nights/<int:night_id>/export.csv")
def night_csv(night_id):
    night = load_night(night_id)
    return download(export.night_csv(night), "text/csv", export.filename(night, "csv"))


@bp.get("/nights/<int:night_id>/export.json")
def night_json(night_id):
    night = load_night(night_id)
    return download(backup.dumps(export.night_json(night)), "application/json",
                    export.filename(night, "json"))


@bp.get("/backup.json")
def backup_json():
    document = locks.steady(backup.backup)
    day = document["exported_at"][:10]
    return download(backup.dumps(document), "application/json", f"companion-backup-{day}.json")


def load_night(night_id):
    """A night with its games, seats and entries, all of one moment."""
    return locks.steady(lambda: db.get_or_404(Night, night_id, populate_existing=True,
                                              options=backup.night_options()),
                        Game.night_id == night_id)


def download(body, mimetype, filename):
    return Response(body, mimetype=mimetype,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})

