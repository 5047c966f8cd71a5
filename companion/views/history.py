"""Looking back: past nights filtered and searched, exports of a night, the full backup."""

import functools
import math
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request
from flask_babel import gettext, lazy_gettext, lazy_ngettext
from wtforms import Form, SearchField, SelectField
from wtforms.validators import Length, Optional

from .. import backup, export, locks, stats
from ..extensions import db
from ..forms import TRANSLATIONS
from ..i18n import term
from ..models import FINISHED, STATUS_LABELS, Game, Night, Player, Seat, night_players
from ..rules import GAMES
from ..text import clean
from .access import current_group_id
from .helpers import page_number

bp = Blueprint("history", __name__)


class HistoryFilter(Form):
    """The filters, read from the query string (a GET form: nothing to protect)."""

    class Meta:
        def get_translations(self, form):
            # WTForms' own messages ("Not a valid choice.") in the app's catalog
            return TRANSLATIONS

    player = SelectField(lazy_gettext("Player"), default="")
    kind = SelectField(lazy_gettext("Game"), default="")
    # cleaned first: a NUL or other control character is text no database should search for
    q = SearchField(lazy_gettext("Night title"), filters=[clean], validators=[
        Optional(), Length(max=80, message=lazy_ngettext(
            "Field cannot be longer than %(num)d character.",
            "Field cannot be longer than %(num)d characters.", 80))],
        # TRANSLATORS: an example of a night's title to search for
        render_kw={"autocomplete": "off", "placeholder": lazy_gettext("e.g. birthday")})

    def __init__(self, formdata, players, groups):
        super().__init__(formdata)
        self.player.choices = [("", gettext("Everyone"))] + [(str(p.id), p.name)
                                                             for p in players]
        # each kind, then the groups of a kind that groups its games (`Rules.group`): the
        # value is "kind" or "kind:group"
        self.kind.choices = [("", gettext("Every game"))] + [
            choice for kind, rules in GAMES.items()
            for choice in [(kind, term(rules.title))] + groups.get(kind, [])]

    def filters(self):
        """The filters that passed validation, as query-string values for the pager."""
        return {name: self[name].data.strip() for name in ("player", "kind", "q")
                if self[name].data and not self[name].errors and self[name].data.strip()}


@bp.get("/history")
def index():
    players = db.session.execute(PLAYERS, {"group_id": current_group_id()}).all()
    form = HistoryFilter(request.args, players, {
        kind: [(f"{kind}:{group.key}", group.title) for group in groups]
        for kind, groups in stats.game_groups(current_group_id()).items()})
    form.validate()
    filters = form.filters()
    page = night_page(current_app.config["NIGHTS_PER_PAGE"], **filters)
    return render_template("history/index.html", form=form, page=page, filters=filters,
                           nights=night_rows(page.items, **filters))


# The list reads rows, not objects, with statements built once per shape of filter (the
# values are parameters): building and keying a statement cost more than running it.
NIGHT, GAME, SEAT, PLAYER = (t.c for t in (Night.__table__, Game.__table__, Seat.__table__,
                                             Player.__table__))
ATTENDANCE = night_players.c
PLAYERS = (db.select(PLAYER.id, PLAYER.name).where(PLAYER.group_id == db.bindparam("group_id"))
           .order_by(PLAYER.name))
# who came to each night of a page, by name
CAME = (db.select(ATTENDANCE.night_id, PLAYER.name)
        .join_from(night_players, Player.__table__, PLAYER.id == ATTENDANCE.player_id)
        .where(ATTENDANCE.night_id.in_(db.bindparam("nights", expanding=True)),
               # the group's players by their index, not every player on the server
               PLAYER.group_id == db.bindparam("group_id"))
        .order_by(PLAYER.name))
# a game is shown with who won it: the seats that won, in seat order (Seat.won is derived
# with the summary, in the same transaction, and lists what `Game.winner_names` lists)
WON = db.and_(SEAT.game_id == GAME.id, SEAT.won, GAME.status == FINISHED)


def escape_like(text):
    """`text` to be matched literally by LIKE ... ESCAPE '/' (what SQLAlchemy's autoescape
    does, which takes no parameter)."""
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def game_filters(kind, player):
    """What a game must be to be shown (`kind` as `shape` says it): of this kind (:kind)
    or this group of it (:group), with this player seated (:player)."""
    games = []
    if kind:
        games.append(GAME.kind == db.bindparam("kind"))
    if kind == "group":
        games.append(GAME.group_key == db.bindparam("group"))
    if player:
        seated = Seat.__table__.alias("seated")
        games.append(db.exists().where(seated.c.game_id == GAME.id,
                                       seated.c.player_id == db.bindparam("player")))
    return games


@functools.cache
def nights_statements(kind: str, player: bool, q: bool):
    """Nights newest first (a page of them, and how many in all): a title search keeps the
    titles that contain :q, a kind the nights with a game that matches, a player alone the
    nights they came to (night_rows shows only the games that match)."""
    where = [NIGHT.group_id == db.bindparam("group_id")]
    if q:
        where.append(NIGHT.title.icontains(db.bindparam("q"), escape="/"))
    if kind:
        where.append(db.exists().where(GAME.night_id == NIGHT.id, *game_filters(kind, player)))
    elif player:
        where.append(db.exists().where(ATTENDANCE.night_id == NIGHT.id,
                                       ATTENDANCE.player_id == db.bindparam("player")))
    items = (db.select(NIGHT.id, NIGHT.date, NIGHT.title).where(*where)
             .order_by(NIGHT.date.desc(), NIGHT.id.desc())
             .limit(db.bindparam("limit")).offset(db.bindparam("offset")))
    return items, db.select(db.func.count()).select_from(Night.__table__).where(*where)


@functools.cache
def games_statement(kind: str, player: bool):
    """The games of a page's nights (:nights) that match, one row per winner."""
    return (db.select(GAME.id, GAME.night_id, GAME.kind, GAME.options, GAME.status,
                      PLAYER.name)
            .select_from(Game.__table__.outerjoin(Seat.__table__, WON)
                         .outerjoin(Player.__table__, PLAYER.id == SEAT.player_id))
            .where(GAME.night_id.in_(db.bindparam("nights", expanding=True)),
                   *game_filters(kind, player))
            .order_by(GAME.id, SEAT.seat))


def parameters(player=None, kind=None, q=None):
    kind, _, group = (kind or "").partition(":")
    return {"group_id": current_group_id(), "player": int(player) if player else None,
            "kind": kind or None,
            "group": group or None, "q": escape_like(q) if q else None}


def shape(kind):
    """What the kind filter asks of a game, for the statements' cache: none, a kind, or a
    kind's group."""
    return "" if not kind else "group" if ":" in kind else "kind"


@dataclass
class Page:
    """One page of nights, as the pager shows it (the fields of Flask-SQLAlchemy's)."""

    items: list
    page: int
    pages: int
    total: int

    @property
    def has_prev(self):
        return self.page > 1

    @property
    def has_next(self):
        return self.page < self.pages

    @property
    def prev_num(self):
        return self.page - 1 if self.has_prev else None

    @property
    def next_num(self):
        return self.page + 1 if self.has_next else None


def night_page(per_page, player=None, kind=None, q=None):
    """The asked page of nights, counted first: a page past the end shows the last one,
    as a stale link expects (as `helpers.paginate` does)."""
    items, count = nights_statements(shape(kind), bool(player), bool(q))
    values = parameters(player, kind, q)
    total = db.session.execute(count, values).scalar_one()
    pages = math.ceil(total / per_page)
    number = min(page_number(), max(pages, 1))
    rows = db.session.execute(items, {**values, "limit": per_page,
                                      "offset": (number - 1) * per_page}).all()
    return Page(rows, number, pages, total)


@dataclass
class GameLine:
    title: str
    status: str
    status_label: str
    winners: list[str] = field(default_factory=list)


@dataclass
class NightLine:
    night: Any
    people: str
    games: list[GameLine] = field(default_factory=list)


def night_rows(nights, player=None, kind=None, q=None):
    """What the list shows of each night, in two queries for the whole page: who came, and
    each game that matches with who won it."""
    ids = [night.id for night in nights]
    if not ids:
        return []
    came = {}
    for night_id, name in db.session.execute(CAME, {"nights": ids,
                                                    "group_id": current_group_id()}):
        came.setdefault(night_id, []).append(name)
    games, lines = {}, {}
    for game_id, night_id, kind_, options, status, name in db.session.execute(
            games_statement(shape(kind), bool(player)),
            {**parameters(player, kind), "nights": ids}):
        line = lines.get(game_id)
        if line is None:
            line = lines[game_id] = GameLine(GAMES[kind_].group_title(options), status,
                                             STATUS_LABELS[status])
            games.setdefault(night_id, []).append(line)
        if name is not None:
            line.winners.append(name)
    return [NightLine(night, ", ".join(came.get(night.id, ())), games.get(night.id, []))
            for night in nights]


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
@bp.get("/groups/<int:group_id>/backup.json")
def backup_json(group_id=None):
    """The group's backup: the group page names it, the history the group it shows."""
    document = backup.group_backup(group_id or current_group_id())
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

