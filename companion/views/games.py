"""Starting a game and its pad: the score sheet and the entry form."""

from flask import (Blueprint, abort, flash, jsonify, make_response, redirect,
                   render_template, request, session, url_for)
from flask_babel import gettext
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload, selectinload

from .. import bgstats, charts, locks, once, services, text
from ..extensions import db
from ..forms import ConfirmForm, VersionForm, game_setup_form
from ..i18n import and_list, sentence, term
from ..models import Game, Night
from ..pads import KINDS
from ..pads.board import save_as_words
from ..rules import RuleError
from .access import current_group_id, owned
from .helpers import exists
from .once import answer_again, answered_before, first_answer, remember, submit_once
from .pad_tag import REFILL, not_modified, pad_tag, tagged

bp = Blueprint("games", __name__)


@bp.route("/nights/<int:night_id>/games/new/<kind>", methods=["GET", "POST"])
def new(night_id, kind):
    night = db.get_or_404(Night, night_id)
    pad_ = KINDS.get(kind) or abort(404)
    rules = pad_.RULES
    # the seats open as the table last sat (companion/services/games.py, `seating`)
    seated = ([p.name for p in services.seating(night, kind)]
              if request.method == "GET" else None)
    form = game_setup_form(rules, f"{night.id}/{kind}", [p.name for p in night.attendees],
                           settings_of(kind), seated)
    if form.validate_on_submit():
        def start():
            names = form.seated()
            players = [services.find_player(night.group_id, n) for n in names]
            game = services.start_game(night, kind, players, form.options())
            for warning in rules.setup_warnings(names, game.options):
                flash(sentence(warning), "warning")
            return url_for("games.pad", game_id=game.id), None
        try:
            return submit_once(form, start, night.group_id)
        except (RuleError, services.ServiceError) as error:
            db.session.rollback()
            form.form_errors.append(sentence(error))
        except IntegrityError:
            # the night was deleted on another phone while this one started a game there,
            # or one of the players was removed from the roster
            db.session.rollback()
            if db.session.get(Night, night_id) is None:
                abort(404)
            form.form_errors.append(gettext("A player was removed from the roster on another "
                                            "phone at this moment: choose the seats again."))
    return render_template("games/new.html", night=night, rules=rules, form=form,
                           **assets(pad_)), \
        422 if form.errors else 200


@bp.get("/games/<int:game_id>")
def pad(game_id):
    # the phones round the table reload a pad far more often than it changes: a phone
    # that has this version of the page is told so (304) after one small query
    version = db.session.scalar(select(Game.version).where(Game.id == game_id)) or abort(404)
    tag = pad_tag(version, game_id)
    if tag and request.if_none_match.contains(tag):
        return not_modified(tag)
    game = load_game(game_id)
    sheet = services.replay(game)
    refill = refill_for(game)
    form = KINDS[game.kind].form_for(game, sheet, doc=refill) if refill else None
    body, status = render_pad(game, sheet, form)
    # the tag is of the version read first: a change since then makes the next one differ
    return tagged(make_response(body, status), tag if status == 200 else None)


@bp.get("/games/<int:game_id>/sheet.json")
def sheet_json(game_id):
    game = load_game(game_id)
    return jsonify({**services.replay(game).to_dict(), "status": game.status,
                    "version": game.version, "entries": game.docs})


@bp.post("/games/<int:game_id>/entries")
def add_entry(game_id):
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    form = pad_.form_for(game)
    # read before the commit, which expires the game: reading it after would load it again
    docs = game.docs

    def told(change):
        # what was saved, as the pad tells it ("Saved. Round 3: Ann 12, Ben 30."); a
        # repeated tap, answered as the first was, names the entry only
        entry = (pad_.tell(change["sheet"], docs + [change["named"]], change["position"])
                 if "sheet" in change
                 else text.capital(sentence(pad_.RULES.entry_name(docs, change["position"]))))
        # TRANSLATORS: entry is what was saved, as a sentence: "Round 3: Ann 12, Ben 30"
        return gettext("Saved. %(entry)s.", entry=entry)

    return (save(form, game, ("add", None),
                 lambda doc, seen: services.add_entry(game, doc, seen), told)
            or render_pad(game, services.replay(game), form, status=status_for(form)))


@bp.post("/games/<int:game_id>/preview")
def preview(game_id):
    """What the entry form would score, for the live preview (no saving)."""
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    form = pad_.form_for(game)
    form.validate()
    return jsonify(pad_.preview(form, game))


@bp.post("/games/<int:game_id>/twin")
def twin(game_id):
    """Whether the entry form sent (opened for entry number `entry`, counting from 0) holds
    what another phone has saved since, as that entry or a later one: the pad then clears
    it rather than save it twice (static/js/live.js). Otherwise, when its place was taken,
    what its Save button now does."""
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    form = pad_.form_for(game)
    opened = form.opened()
    if opened is None or opened >= len(game.entries) or not form.validate():
        return jsonify({})
    same = saved_since(game, pad_.to_entry(form, game), opened)
    if same:
        return jsonify({"twin": same})
    label = save_as_words(pad_.RULES.entry_noun, len(game.entries) + 1)
    return jsonify({"save": label} if label else {})


def saved_since(game, doc, opened):
    """When `doc` was saved as entry `opened` (from 0) or a later one, by another phone
    while this one typed it: "Another phone already saved this: Round 3: Ann 12, Ben 30.";
    else None."""
    if opened is None or opened >= len(game.entries):
        return None
    typed = game.labelled(doc)
    for position in range(opened, len(game.entries)):
        if game.entries[position].doc == typed:
            pad_ = KINDS[game.kind]
            told = pad_.tell(services.replay(game), game.docs, position)
            # TRANSLATORS: entry is what another phone saved, as a sentence: "Round 3: Ann
            # 12, Ben 30"
            return gettext("Another phone already saved this: %(entry)s.", entry=told)
    return None


@bp.route("/games/<int:game_id>/entries/<int:position>", methods=["GET", "POST"])
def correct(game_id, position):
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    if not 0 <= position < len(game.entries):
        seen = request.form.get("version")
        if request.method == "GET" or not seen or seen == game.version:
            abort(404)
        return undone_meanwhile(game)
    if request.method == "GET":
        form = pad_.form_for(game, doc=game.docs[position], position=position)
    else:
        form = pad_.form_for(game, position=position)
        # named before the commit, which expires the game
        name = pad_.RULES.entry_name(game.docs, position)
        saved = save(form, game, ("correct", position),
                     lambda doc, seen: services.correct_entry(game, position, doc, seen),
                     # TRANSLATORS: entry is the entry's name, capitalised: "Round 4"
                     lambda made: gettext("%(entry)s corrected.",
                                          entry=text.capital(sentence(name))))
        if saved:
            return saved
        if position >= len(game.entries):
            # refused because another phone undid this very entry while it was corrected
            # here (the game is read again after the refusal)
            return undone_meanwhile(game)
    sheet = services.replay(game)
    pad_.dress(form, game, sheet, position)
    # a correction opens with its entry already scored
    return render_template("games/correct.html", game=game, form=form, position=position,
                           board=pad_.board(game, sheet), **assets(pad_),
                           preview=pad_.preview(form, game)), status_for(form)


def undone_meanwhile(game):
    """The entry was undone on another phone while this one corrected it: say so on the
    pad as it is now."""
    form = KINDS[game.kind].form_for(game)
    refused(form, services.Conflict(services.changed_message(game, game.last_change)), game)
    return render_pad(game, services.replay(game), form, status=409)


@bp.route("/games/<int:game_id>/undo", methods=["GET", "POST"])
def undo(game_id):
    """Undo the last entry: the pad's button posts here at once and gets the entry's
    values back in its form (one tap from a mistake to its fix); a link without the
    form asks first."""
    game = load_game(game_id)
    pad_ = KINDS[game.kind]
    noun = pad_.RULES.entry_noun

    def undo_last(game_, seen):
        docs = game_.docs
        made = services.undo_last(game_, seen)
        if "removed" not in made:
            return made
        if request.form.get("refill"):
            session[REFILL] = {"game": game_.id, "version": game_.version,
                               "doc": made["removed"]}
        # told from the sheet that still had it: the one replay an undo adds
        return {**made, "told": pad_.tell(services.replay(game_, docs), docs, len(docs) - 1)}

    def done(made):
        if "told" not in made:
            # TRANSLATORS: entry is what an entry is called, capitalised ("Round"), number
            # its number
            return gettext("%(entry)s %(number)s was removed.",
                           entry=text.capital(term(noun)), number=made["position"] + 1)
        if request.form.get("refill"):
            # TRANSLATORS: entry is the entry undone, as a sentence: "Round 3: Ann 12, Ben 30"
            return gettext("Undone: %(entry)s. Its values are back in the form.",
                           entry=made["told"])
        return gettext("Undone: %(entry)s.", entry=made["told"])

    # a retry after a lost answer is told what was undone; the values that went back into
    # the form were in the answer it lost
    return confirm(game, "undo", undo_last, url_for("games.pad", game_id=game.id), done,
                   again=lambda made: gettext("Undone: %(entry)s.", entry=made["told"])
                   if "told" in made else done(made))


@bp.route("/games/<int:game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id):
    game = load_game(game_id)
    return confirm(game, "abandon", services.abandon,
                   url_for("nights.show", night_id=game.night_id),
                   lambda made: gettext("The game was abandoned. Its sheet stays in the "
                                        "night's history."))


def confirm(game, action, change, then, done, again=None):
    """A confirm page that says what the change does to the sheet the phone saw (the pad's
    link carries its version), and acts only if the game is still as it showed. `done(made)`
    is what the phone is told; `again(made)`, what a retry of the same send is told
    (`done` when None)."""
    form = VersionForm.for_game(game, version=request.args.get("version"))
    status, notice = 200, None
    if form.validate_on_submit():
        first = first_answer(form, action, form.seen())
        if first:
            return first
        try:
            made = change(game, form.seen())
        except services.ServiceError as error:
            rolled_back(game)
            status = 409 if isinstance(error, services.Conflict) else 422
            notice, form.version.data = sentence(error), game.version
        else:
            message = done(made)
            remember(form, then, (again or done)(made), game.night.group_id)
            db.session.commit()
            flash(message)
            return redirect(then)
    elif form.seen() != game.version:
        # the pad this phone showed is out of date: say so, and ask about the sheet as it is
        notice = services.changed_message(game, game.last_change)
        form.version.data = game.version
    board = KINDS[game.kind].board(game, services.replay(game))
    return render_template("games/confirm.html", game=game, form=form, action=action,
                           rules=KINDS[game.kind].RULES, notice=notice,
                           last=board.told[-1].sentence if board.told else None), status


def settings_of(kind):
    """The settings of the game `?settings_of=` names, when it is of this kind: a new game
    of a group played before ("Qwixx") starts from them."""
    asked = request.args.get("settings_of", "")
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 9):
        return None
    # of this group: another group's game ids say nothing here
    return db.session.scalar(select(Game.options).join(Night).where(
        Game.id == int(asked), Game.kind == kind, Night.group_id == current_group_id()))


def load_game(game_id):
    """A game with everything its pad shows, in as few queries as the database allows, all
    of one state of the game (companion/locks.py, `steady`)."""
    options = [joinedload(Game.night), selectinload(Game.seats), selectinload(Game.entries)]
    return locks.steady_game(
        lambda: db.get_or_404(Game, game_id, populate_existing=True, options=options))


def refill_for(game):
    """The entry this phone just undid, to put back into its form, while the game is as
    the undo left it; dropped once the game has moved on."""
    refill = session.get(REFILL)
    if not refill or refill.get("game") != game.id:
        return None
    if refill.get("version") != game.version or not game.in_progress:
        session.pop(REFILL)
        return None
    return game.named(refill["doc"])


def assets(pad_):
    return {"stylesheet": pad_.STYLESHEET, "script": pad_.SCRIPT}


def render_pad(game, sheet, form=None, status=200, template="games/pad.html", said=None):
    """The pad page, or its body alone for a following phone (views/live.py), which is
    told `said`: what another phone did."""
    pad_ = KINDS[game.kind]
    if form is None:
        form = pad_.form_for(game, sheet)
    pad_.dress(form, game, sheet)
    return render_template(
        template, game=game, form=form, board=pad_.board(game, sheet), said=said,
        # the undo button's own form and key (not the entry form's, sent back on a refusal)
        undo_form=VersionForm.for_game(game, formdata=None), **assets(pad_),
        bg_stats=bgstats.play_url(game, sheet) if sheet.finished else None,
        preview=pad_.preview(form, game) if request.method == "POST" else {},
        # the chart is for looking back: while a game is played the sheet says it all
        chart=(charts.game_progress(game.id, game.title, pad_.RULES, sheet)
               .by_player([seat.player_id for seat in game.seats])
               if sheet.progress and not game.in_progress else None)), status


def save(form, game, what, change, told):
    """Validate an entry form and hand its entry to `change(doc, seen)`, a service, whose
    replay is the one check of the entry; commit, flash `told(change made)` and redirect
    to the pad, or leave the refusal on the form beside its field and return None. `what`:
    the action and the entry's position, which with the entry is what the form's key is
    claimed for (a retry of this very send is answered as the first)."""
    if not form.validate_on_submit() or "preview" in request.form:
        explain_stale(form, game)
        return None
    doc = KINDS[game.kind].to_entry(form, game)
    first = first_answer(form, *what, game.labelled(doc), form.seen())
    if first:
        return first
    before = answered_before(form)
    if before is not None:
        # this form was saved already, with other values: said, and the new values stay
        # in the form for the person to decide (saved again, they are the next entry)
        refused(form, services.Conflict(gettext(
            "This form was saved already: %(answer)s Here is the sheet as it is now.",
            answer=before)), game)
        form.once.data = once.issue(form.scope)
        return None
    # a new entry whose form another phone's save overtook (the phone followed it, so the
    # form is based on the new version) is not stored again when it is that very entry
    same = saved_since(game, doc, form.opened()) if what[0] == "add" else None
    if same:
        db.session.rollback()
        flash(same)
        return redirect(url_for("games.pad", game_id=game.id))
    try:
        made = change(doc, form.seen())
    except (RuleError, services.ServiceError) as error:
        refused(form, error, game)
        return None
    pad_url, message = url_for("games.pad", game_id=game.id), told(made)
    remember(form, pad_url, message, game.night.group_id)
    db.session.commit()
    flash(message)
    return redirect(pad_url)


def refused(form, error, game):
    """Put a refusal beside its field; after a conflict the form points at the new sheet,
    so that the next save is based on what the phone now shows."""
    rolled_back(game)
    form.attach(error)
    if isinstance(error, services.Conflict):
        form.conflict = True
        form.version.data = game.version


def explain_stale(form, game):
    """A form opened before another phone saved may fail for that reason: say so."""
    if form.errors and form.seen() != game.version:
        refused(form, services.Conflict(services.changed_message(game, game.last_change)), game)


def status_for(form):
    """A refused form comes back with everything that was typed: 409 when another phone
    changed the game first, 422 when what was typed is refused."""
    if getattr(form, "conflict", False):
        return 409
    return 422 if form.errors or form.form_errors else 200


@bp.post("/games/<int:game_id>/rematch")
def rematch(game_id):
    """The same seats and settings again, at the same night, in one tap. Phones tapping
    at the same moment (or one phone twice) start one game: the tap is known by the game
    and the version it was over at, and answered as the first was (companion/locks.py)."""
    game = load_game(game_id)
    back = url_for("games.pad", game_id=game.id)
    if not ConfirmForm().validate_on_submit():
        return redirect(back)
    # every phone of the group shares this tap: its key is the server's, from the version
    scope = f"rematch:{game.id}:{game.version}"
    key = once.shared_key(scope)
    first = locks.claim(key, scope)
    if first is not None and first.location:
        db.session.rollback()
        location, message = first.location, first.message
    else:
        try:
            new_game = services.rematch(game)
        except (RuleError, services.ServiceError) as error:
            db.session.rollback()
            flash(sentence(error), "error")
            return redirect(back)
        for warning in KINDS[game.kind].RULES.setup_warnings(new_game.players, new_game.options):
            flash(sentence(warning), "warning")
        location = url_for("games.pad", game_id=new_game.id)
        # TRANSLATORS: game is the game's name ("Skyjo"), players who play it: "Ann, Ben and Cid"
        message = gettext("Rematch: %(game)s with %(players)s, as before.",
                          game=term(new_game.title), players=and_list(new_game.players))
        locks.answered(key, scope, location, message, game.night.group_id)
        db.session.commit()
    flash(message)
    return redirect(location)


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
def delete(game_id):
    """Delete a game started by mistake, after a page that says what goes (`confirm`). A
    second tap, or another phone's at the same moment, is sent where the first one went."""
    # every phone of the group shares this tap, from the version its page showed
    scope = f"delete-game:{game_id}:{request.form.get('version', '')}"[:120]
    key = once.shared_key(scope)
    if request.method == "POST" and not exists(Game, game_id):
        return answer_again(key, scope)
    game = load_game(game_id)
    group_id = game.night.group_id
    owned(group_id)
    then = url_for("nights.show", night_id=game.night_id)
    # TRANSLATORS: game is the game's name ("Skyjo"), players who played it: "Ann, Ben and Cid"
    told = gettext("%(game)s with %(players)s was deleted.", game=term(game.title),
                   players=and_list(game.players))

    def delete_game(game_, seen):
        try:
            made = services.delete_game(game_, seen)
        except services.Conflict:
            if exists(Game, game_id):
                raise
            # deleted by a tap that came first: answered as it was
            db.session.rollback()
            return {"action": "delete", "repeat": True}
        locks.claim(key, scope)
        locks.answered(key, scope, then, told, group_id)
        locks.forget_answers(url_for("games.pad", game_id=game_id))
        return made

    return confirm(game, "delete", delete_game, then, lambda made: told)


def rolled_back(game):
    """Roll back a refused change; a game deleted on another phone meanwhile is gone (410)
    rather than read again."""
    game_id = inspect(game).identity[0]
    db.session.rollback()
    if not exists(Game, game_id):
        abort(410)

