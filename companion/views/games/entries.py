"""The pad: the score sheet, its entry form, the live preview, and correcting an entry."""

from flask import abort, jsonify, make_response, request, url_for

from ... import once, queries, services, told
from ...kinds.registry import KINDS
from ...services import changes
from ..once import key_of, reply
from ..pad_tag import not_modified, pad_tag, taggable, tagged
from . import bp
from .pages import (REFUSED, followed_pad, kept_pad_page, load_game, pad_page, refill_for,
                    refuse, render_correction, render_pad, status_for)


@bp.get("/games/<int:game_id>")
def pad(game_id):
    # the phones round the table reload a pad far more often than it changes: a phone
    # that has this version of the page is told so (304) after one small query. A page of
    # one moment (the save's "Saved.", a refill) is never tagged: its game is read at once
    tag = None
    if taggable(game_id):
        tag = pad_tag(queries.game_version(game_id) or abort(404))
        if request.if_none_match.contains(tag):
            return not_modified(tag)
    game = load_game(game_id)
    refill = refill_for(game)
    if refill:
        sheet = services.replay(game)
        body, status = render_pad(game, sheet, KINDS[game.kind].form_for(game, sheet,
                                                                          doc=refill))
    else:
        # nothing of this phone's own in it: the body the table's phones follow, kept; and
        # the layout around it too, which a query's arguments would be in (its links)
        around = pad_page if request.args else kept_pad_page
        body, status = around(game, followed_pad(game_id, game.version, game)), 200
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
    form = KINDS[game.kind].form_for(game)
    # read before the commit, which expires the game: reading it after would load it again
    docs = game.docs
    return (save(form, game, "add", None, services.add_entry,
                 lambda made: told.saved(game, made, docs))
            or render_pad(game, services.replay(game), form, status=status_for(form)))


@bp.post("/games/<int:game_id>/preview")
def preview(game_id):
    """What the entry form would score, for the live preview (no saving)."""
    game = load_game(game_id)
    kind = KINDS[game.kind]
    form = kind.form_for(game)
    form.validate()
    return jsonify(kind.preview(form, game))


@bp.post("/games/<int:game_id>/twin")
def twin(game_id):
    """Whether the entry form sent (opened for entry number `entry`, counting from 0) holds
    what another phone has saved since, as that entry or a later one: the pad then clears
    it rather than save it twice (static/js/live.js). Otherwise, when its place was taken,
    what its Save button now does."""
    game = load_game(game_id)
    kind = KINDS[game.kind]
    form = kind.form_for(game)
    opened = form.opened()
    if opened is None or opened >= len(game.entries) or not form.validate():
        return jsonify({})
    same = saved_since(game, kind.to_entry(form, game), opened)
    if same:
        return jsonify({"twin": same})
    label = kind.words.save_as(len(game.entries) + 1)
    return jsonify({"save": label} if label else {})


def saved_since(game, doc, opened):
    """What another phone saved, as it is told, when it is `doc`, saved since this phone's
    form was opened for entry `opened`; else None."""
    position = services.twin_of(game, doc, opened)
    if position is None:
        return None
    return told.twin(KINDS[game.kind].tell(services.replay(game), game.docs, position))


@bp.route("/games/<int:game_id>/entries/<int:position>", methods=["GET", "POST"])
def correct(game_id, position):
    game = load_game(game_id)
    kind = KINDS[game.kind]
    if not 0 <= position < len(game.entries):
        seen = request.form.get("version")
        if request.method == "GET" or not seen or seen == game.version:
            abort(404)
        return undone_meanwhile(game)
    if request.method == "GET":
        form = kind.form_for(game, doc=game.docs[position], position=position)
        return render_correction(game, form, position, 200)
    form = kind.form_for(game, position=position)
    # named before the commit, which expires the game
    name = told.entry_name(game, game.docs, position)
    saved = save(form, game, "correct", position,
                 lambda game_, doc, seen: services.correct_entry(game_, position, doc, seen),
                 lambda made: told.corrected(name))
    if saved:
        return saved
    if position >= len(game.entries):
        # refused because another phone undid this very entry while it was corrected here
        # (the game is read again after the refusal)
        return undone_meanwhile(game)
    return render_correction(game, form, position, status_for(form))


def undone_meanwhile(game):
    """The entry was undone on another phone while this one corrected it: say so on the
    pad as it is now."""
    form = KINDS[game.kind].form_for(game)
    refuse(form, services.Conflict(told.changed(game, game.last_change)), game)
    return render_pad(game, services.replay(game), form, status=409)


def save(form, game, action, position, change, say):
    """Validate an entry form and send its entry through the pipeline: `change(game, doc,
    seen)` is the service, whose replay is the one check of the entry, and `say(made)` what
    the phone is told. Replies, or leaves the refusal on the form and returns None."""
    if not form.validate_on_submit() or "preview" in request.form:
        # a form opened before another phone saved may fail for that reason: say so
        if form.errors and form.seen() != game.version:
            changes.refused(game)
            refuse(form, services.Conflict(told.changed(game, game.last_change)), game)
        return None
    kind = KINDS[game.kind]
    doc, seen = kind.to_entry(form, game), form.seen()

    def act():
        if action == "add" and kind.overtaken(form, game):
            # saved now, it would be another entry than the one its page showed
            raise services.Conflict(told.changed(game, game.last_change))
        return change(game, doc, seen)

    # a new entry whose form another phone's save overtook (the phone followed it, so the
    # form is based on the new version) is not stored again when it is that very entry
    twin_ = (lambda: saved_since(game, doc, form.opened())) if action == "add" else None
    try:
        return reply(changes.change_game(
            game, key_of(form), (action, position, game.labelled(doc), seen),
            act, say, url_for("games.pad", game_id=game.id),
            twin=twin_))
    except REFUSED as error:
        refuse(form, error, game)
        if isinstance(error, changes.SentBefore):
            # this form was saved already, with other values: the new values stay in the
            # form, under a new key, for the person to decide (saved again, they are the
            # next entry)
            form.once.data = once.issue(form.scope)
    return None
