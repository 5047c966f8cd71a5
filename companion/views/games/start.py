"""Starting a game: the setup form, and a rematch in one tap."""

from flask import abort, flash, redirect, render_template, request, url_for
from sqlalchemy.exc import IntegrityError

from ... import queries, services, told
from ...extensions import db
from ...forms import ConfirmForm, game_setup_form
from ...i18n import gettext, sentence
from ...kinds.registry import KINDS
from ...models import Night
from ...services.changes import Answer, shared
from ..access import current_group_id
from ..once import reply, submit_once
from . import bp
from .pages import REFUSED, load_game


@bp.route("/nights/<int:night_id>/games/new/<kind>", methods=["GET", "POST"])
def new(night_id, kind):
    night, kind_ = db.get_or_404(Night, night_id), KINDS.get(kind) or abort(404)
    # the seats open as the table last sat (companion/services/games.py, `seating`)
    seated = [p.name for p in services.seating(night, kind)] if request.method == "GET" else None
    asked = request.args.get("settings_of", "")
    form = game_setup_form(kind_.rules, f"{night.id}/{kind}", [p.name for p in night.attendees],
                           queries.settings_of(int(asked), kind, current_group_id())
                           if asked.isascii() and asked.isdigit() and len(asked) <= 9 else None,
                           seated, kind_.words.first())
    if form.validate_on_submit():
        def start():
            names = form.seated()
            players = [services.find_player(night.group_id, n) for n in names]
            game = services.start_game(night, kind, players, form.options())
            for warning in kind_.rules.setup_warnings(names, game.options):
                flash(sentence(warning), "warning")
            return url_for("games.pad", game_id=game.id), None
        try:
            return submit_once(form, start, night.group_id)
        except REFUSED as error:
            form.form_errors.append(sentence(error))
        except IntegrityError:
            # the night was deleted on another phone while this one started a game there,
            # or one of the players was removed from the roster
            if not queries.exists(Night, night_id):
                abort(404)
            form.form_errors.append(gettext("A player was removed from the roster on another "
                                            "phone at this moment: choose the seats again."))
    return render_template("games/new.html", night=night, rules=kind_.rules, form=form,
                           kind=kind_), 422 if form.errors else 200


@bp.post("/games/<int:game_id>/rematch")
def rematch(game_id):
    """The same seats and settings again, at the same night, in one tap. Phones tapping
    at the same moment (or one phone twice) start one game: the tap is known by the game
    and the version it was over at, and answered as the first was."""
    game = load_game(game_id)
    back = url_for("games.pad", game_id=game.id)
    if not ConfirmForm().validate_on_submit():
        return redirect(back)

    def start():
        new_game = services.rematch(game)
        for warning in KINDS[game.kind].rules.setup_warnings(new_game.players,
                                                              new_game.options):
            flash(sentence(warning), "warning")
        return Answer(url_for("games.pad", game_id=new_game.id), told.rematch(new_game))

    try:
        # every phone of the group shares this tap: its key is the server's, from the version
        return reply(shared(f"rematch:{game.id}:{game.version}", start, game.night.group_id))
    except REFUSED as error:
        flash(sentence(error), "error")
        return redirect(back)
