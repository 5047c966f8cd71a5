"""The pages of one game: its pad (also the body a following phone swaps in), the
correction and confirm pages, and the game each of them reads."""

from flask import (abort, get_flashed_messages, get_template_attribute, render_template,
                   request, session)
from markupsafe import Markup

from ... import bgstats, charts, queries, services, told
from ...forms import VersionForm
from ...i18n import language, shown
from ...kinds.registry import KINDS
from ...rules import RuleError
from ..pad_tag import REFILL
from ..shared import kept_pages, pad_key, shared

# what a change may be refused with, said beside the form
REFUSED = (RuleError, services.ServiceError)


def load_game(game_id):
    """A game with everything its pad shows, all of one moment; 404 if there is none."""
    return queries.whole_game(game_id) or abort(404)


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


def render_pad(game, sheet, form=None, status=200, template="games/pad.html", said=None):
    """The pad page, or its body alone for a following phone (views/live.py), which is
    told `said`: what another phone did. `sheet` is the game's one replay."""
    kind = KINDS[game.kind]
    if form is None:
        form = kind.form_for(game, sheet)
    board = kind.board(game, sheet)
    return render_template(
        template, game=game, form=form, board=board, title=board.title, said=said, kind=kind,
        entry=kind.entry_view(form, game, sheet),
        # the undo button's own key (not the entry form's, sent back on a refusal)
        undo_key=VersionForm.new_key(game),
        bg_stats=bgstats.play_url(game, sheet) if sheet.finished else None,
        preview=kind.preview(form, game) if request.method == "POST" else {},
        # the chart is for looking back: while a game is played the sheet says it all
        chart=(charts.game_progress(game.id, game.title, kind, sheet)
               .by_player([seat.player_id for seat in game.seats])
               if sheet.progress and not game.in_progress else None)), status


def followed_pad(game_id: int, version: str, game=None) -> str:
    """The pad's body at `version` as a following phone fetches it (its data-said: what
    was last done), rendered once for the table (views/shared.py); the game is read, if
    it is not given, only when the page is not kept."""
    def render():
        found = game or load_game(game_id)
        body, _ = render_pad(found, services.replay(found), template="games/_pad.html",
                             said=told.said(found, found.last_change))
        return body, found.version == version

    return shared(pad_key(game_id, version), render)


def pad_page(game, body: str, **layout) -> str:
    """The pad page around a body of `followed_pad`: what a phone opens or reloads when
    nothing on it is its own (no undone entry to put back, no refused form)."""
    return render_template("games/pad.html", body=Markup(body), **layout_of(game), **layout)


def layout_of(game) -> dict:
    """All that the layout around a pad's body shows of its game."""
    return {"kind": KINDS[game.kind], "title": shown(game.title),
            "chart": bool(game.entries) and not game.in_progress}


# where the body goes in a kept layout (no page holds it: a NUL is never written)
SPOT = "\x00body\x00"


def kept_pad_page(game, body: str) -> str:
    """`pad_page` for a page opened without query arguments: the layout is then the same
    for every phone, and is rendered once for what it shows of a game (`layout_of`), its
    path and the reader's language, without flashed lines. This phone's ("Saved. Round
    3: ...") go in where the layout would have said them, just before the body. The
    layout holds nothing signed for a phone (the body's forms do)."""
    shows = layout_of(game)
    # its language links name the page's own path
    key = ("pad-layout", request.path, game.kind, shows["title"], shows["chart"], language())
    store = kept_pages()
    around = store.get(key)
    if around is None:
        around = tuple(pad_page(game, SPOT, flashed=[]).split(SPOT))
        store.put(key, around)
    before, after = around
    said = get_flashed_messages(with_categories=True)
    return before + (flash_lines(said) if said else "") + body + after


def flash_lines(messages) -> str:
    # as plain text: a Markup added to the layout's text would escape it
    return str(get_template_attribute("_macros.html", "flash_lines")(messages))


def render_correction(game, form, position, status):
    """The correction page of the entry at `position`, opened with it already scored."""
    kind = KINDS[game.kind]
    # the one replay, keeping the sheet before the entry and after it
    sheet = services.replay(game, keep=(position, position + 1))
    stored = request.method == "GET"
    return render_template("games/correct.html", game=game, form=form, position=position,
                           board=kind.board(game, sheet), kind=kind,
                           entry=kind.entry_view(form, game, sheet, position),
                           preview=kind.preview(form, game, sheet if stored else None,
                                                position)), status


def render_confirm(game, form, action, notice, status):
    """The page asking to undo, abandon or delete, saying what that does to the sheet."""
    kind = KINDS[game.kind]
    board = kind.board(game, services.replay(game))
    return render_template("games/confirm.html", game=game, form=form, action=action,
                           kind=kind, notice=notice,
                           last=board.told[-1].sentence if board.told else None), status


def refuse(form, error, game):
    """Put a refusal beside its field (the change was rolled back); after a conflict the
    form points at the sheet as it is now, so that the next save is based on it."""
    form.attach(error)
    if isinstance(error, services.Conflict):
        form.conflict = True
        form.version.data = game.version


def status_for(form):
    """A refused form comes back with everything that was typed: 409 when another phone
    changed the game first, 422 when what was typed is refused."""
    if getattr(form, "conflict", False):
        return 409
    return 422 if form.errors or form.form_errors else 200
