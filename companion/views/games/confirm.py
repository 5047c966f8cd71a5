"""The changes a page asks about first: undo, abandon and delete a game."""

from flask import request, session, url_for

from ... import once, queries, services, told
from ...extensions import db
from ...forms import VersionForm
from ...i18n import sentence
from ...kinds.registry import KINDS
from ...models import Game
from ...services.changes import Answer, Key, SentBefore, change_game, removed
from ..access import owned
from ..once import answer_again, key_of, reply
from ..pad_tag import REFILL
from . import bp
from .pages import load_game, render_confirm


@bp.route("/games/<int:game_id>/undo", methods=["GET", "POST"])
def undo(game_id):
    """Undo the last entry: the pad's button posts here at once and gets the entry's
    values back in its form (one tap from a mistake to its fix); a link without the
    form asks first."""
    game = load_game(game_id)
    refill = bool(request.form.get("refill"))

    def undo_last(game_, seen):
        docs = game_.docs
        made = services.undo_last(game_, seen)
        if "removed" not in made:
            return made
        if refill:
            session[REFILL] = {"game": game_.id, "version": game_.version,
                               "doc": made["removed"]}
        # told from the sheet that still had it: the one replay an undo adds
        return {**made, "told": KINDS[game_.kind].tell(services.replay(game_, docs), docs,
                                                       len(docs) - 1)}

    # a retry after a lost answer is told what was undone; the values that went back into
    # the form were in the answer it lost
    return confirm(game, "undo", undo_last, url_for("games.pad", game_id=game.id),
                   lambda made: told.undone(game, made, refill),
                   again=lambda made: told.undone(game, made))


@bp.route("/games/<int:game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id):
    game = load_game(game_id)
    return confirm(game, "abandon", services.abandon,
                   url_for("nights.show", night_id=game.night_id), lambda made: told.abandoned())


def confirm(game, action, change, then, say, again=None):
    """A confirm page that says what the change does to the sheet the phone saw (the pad's
    link carries its version), and acts only if the game is still as it showed."""
    form = VersionForm.for_game(game, version=request.args.get("version"))
    status, notice = 200, None
    if form.validate_on_submit():
        seen = form.seen()
        try:
            return reply(change_game(game, key_of(form), (action, seen),
                                     lambda: change(game, seen), say, then, again=again))
        except services.ServiceError as error:
            status = 409 if isinstance(error, services.Conflict) else 422
            notice, form.version.data = sentence(error), game.version
            if isinstance(error, SentBefore):
                # its key was used by a send with other values: the next tap is a new one
                form.once.data = once.issue(form.scope)
    elif form.seen() != game.version:
        # the pad this phone showed is out of date: say so, and ask about the sheet as it is
        notice = told.changed(game, game.last_change)
        form.version.data = game.version
    return render_confirm(game, form, action, notice, status)


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
def delete(game_id):
    """Delete a game started by mistake, after a page that says what goes (`confirm`). A
    second tap, or another phone's at the same moment, is sent where the first one went."""
    # every phone of the group shares this tap, from the version its page showed
    scope = f"delete-game:{game_id}:{request.form.get('version', '')}"[:120]
    key = Key(once.shared_key(scope), scope)
    if request.method == "POST" and not queries.exists(Game, game_id):
        return answer_again(key)
    game = load_game(game_id)
    group_id = game.night.group_id
    owned(group_id)
    answer = Answer(url_for("nights.show", night_id=game.night_id), told.deleted(game))

    def delete_game(game_, seen):
        try:
            made = services.delete_game(game_, seen)
        except services.Conflict:
            if queries.exists(Game, game_id):
                raise
            # deleted by a tap that came first: answered as it was
            db.session.rollback()
            return {"action": "delete", "repeat": True}
        removed(key, url_for("games.pad", game_id=game_id), answer, group_id)
        return made

    return confirm(game, "delete", delete_game, answer.location, lambda made: answer.message)
