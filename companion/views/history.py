"""Looking back: past nights filtered and searched, exports of a night, the full backup."""

from flask import (Blueprint, Response, abort, current_app, g, get_template_attribute,
                   render_template, request, url_for)
from wtforms import Form, SearchField, SelectField
from wtforms.validators import Length, Optional

from .. import backup, backup_file, export, limits, once, queries, stats
from .. import restore as restores
from ..backup_file import BackupError
from ..extensions import db
from ..forms import TRANSLATIONS, RestoreForm
from ..i18n import (and_list, gettext, language, lazy_gettext, lazy_ngettext, ngettext, sentence,
                    term)
from ..rules import GAMES
from ..rules.errors import Term
from ..text import clean
from ..services.changes import Answer, answered_again, once_only
from .access import current_group_id, remember, show_group
from .drawn import Drawn
from .helpers import page_number
from .once import key_of, reply

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
def index(restore_form=None, status=200):
    group_id = current_group_id()
    form = HistoryFilter(request.args, queries.group_players(group_id), {
        kind: [(f"{kind}:{group.key}", group.title) for group in groups]
        for kind, groups in stats.game_groups(group_id).items()})
    form.validate()
    filters = form.filters()
    page = queries.history_page(group_id, page_number(),
                                current_app.config["NIGHTS_PER_PAGE"], **filters)
    return render_template("history/index.html", form=form, page=page, filters=filters,
                           listed=listed(queries.night_rows(group_id, page.items, **filters),
                                         bool(filters)),
                           restore_form=restore_form or RestoreForm(action="restore")), status


# pages of nights as drawn (views/drawn.py): most phones open the first page, the same
# until a night or a game on it changes
NIGHTS = Drawn(256)


def listed(nights, filtered):
    """A page of the history's nights (queries.NightLine), kept under all it shows: each
    night's link, title, date, who came, and each game's title (a kind's, said in the
    reader's language, or one typed), status and winners."""
    key = (language(), request.script_root, filtered, tuple(
        (line.night.id, line.night.title, line.night.date, line.people,
         tuple((isinstance(game.title, Term), game.title, game.status, tuple(game.winners))
               for game in line.games))
        for line in nights))
    return NIGHTS.kept(key, lambda: get_template_attribute(
        "history/_nights.html", "nights_list")(nights, filtered))


@bp.post("/history/restore")
def restore_backup():
    """A group's backup restored into a new group, which this phone joins and is shown.
    The file is read and measured before anything is written (backup_file.read_for_phone), so
    the database waits for no phone's upload."""
    form = RestoreForm(action="restore")
    if not form.validate_on_submit():
        return index(form, 422)
    # a second tap, or a retry after a lost answer: the group the first one made
    again = answered_again(key_of(form), {m.group_id for m in g.memberships})
    if again:
        show_group(again.group_id)
        return reply(again)
    try:
        # counted as a new group, refused or not: reading a file is work a phone must
        # not ask for without end (a short write, committed before the file is read)
        limits.count("group")
        db.session.commit()
    except limits.Limited as error:
        db.session.rollback()
        form.backup.errors.append(sentence(error))
        return index(form, 429)
    try:
        document = backup_file.read_for_phone(form.backup.data.stream)
    except BackupError as error:
        return refused(form, error)

    def restore_it():
        membership, counts = restores.restore_for_phone(document, once.phone())
        made.append(membership)
        return Answer(url_for("history.index"), restored(membership.name, counts),
                      membership.group_id)

    made = []
    try:
        answer = once_only(key_of(form), restore_it)
    except BackupError as error:
        return refused(form, error)
    if answer.repeat:
        show_group(answer.group_id)
    else:
        remember(made[0])
    return reply(answer)


def refused(form, error):
    form.backup.errors.append(gettext("Nothing was restored: %(reason)s", reason=str(error)))
    return index(form, 422)


def restored(group, counts):
    counted = and_list([ngettext("%(num)d player", "%(num)d players", counts["players"]),
                        ngettext("%(num)d night", "%(num)d nights", counts["nights"]),
                        ngettext("%(num)d game", "%(num)d games", counts["games"])])
    # TRANSLATORS: after a backup was restored from the History page: group is the new
    # group's name, counts what came back ("12 players, 40 nights and 160 games")
    return gettext("Restored into the new group %(group)s: %(counts)s.", group=group,
                   counts=counted)


@bp.get("/nights/<int:night_id>/export.csv")
def night_csv(night_id):
    night = load_night(night_id)
    return download(export.night_csv(night), "text/csv", export.filename(night, "csv"))


@bp.get("/nights/<int:night_id>/export.json")
def night_json(night_id):
    night = load_night(night_id)
    return download(backup.dumps(export.night_json(night), indent=None), "application/json",
                    export.filename(night, "json"))


@bp.get("/backup.json")
@bp.get("/groups/<int:group_id>/backup.json")
def backup_json(group_id=None):
    """The group's backup: the group page names it, the history the group it shows."""
    document = backup.group_backup(group_id or current_group_id())
    day = document["exported_at"][:10]
    return download(backup.dumps(document), "application/json", f"companion-backup-{day}.json")


def load_night(night_id):
    """A night with its games, seats and entries, all of one moment; 404 if there is none."""
    return queries.whole_night(night_id) or abort(404)


def download(body, mimetype, filename):
    return Response(body, mimetype=mimetype,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})

