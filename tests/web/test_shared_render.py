"""One render for the whole table (companion/views/shared.py): the phones following a game
are woken by the same change, the first one's page is kept, and every other phone gets it
with its own CSRF token and one-time keys, never another phone's, and can save from it."""

import re
import threading
import time
from types import SimpleNamespace

import pytest
from flask import abort
from sqlalchemy import event
from sqlalchemy.engine import Engine

from companion.views import live, shared
from companion.views.games import pages
from tests.conftest import make_app
from tests.web.conftest import errors, form_data, select, texts
from companion.extensions import db
from companion.models import Group, new_token

PLAYERS = ["Ann", "Ben"]
# what is signed for one phone: the CSRF token and the forms' one-time keys
SIGNED = re.compile(r'(name="(?:csrf_token|once)"[^>]*value=")[^"]*(")')


@pytest.fixture
def table(app, start_game):
    """(two phones of the group, with CSRF checked as on a real server; a game with one
    round saved; the renders of a followed pad counted)."""
    game = start_game("any_game", PLAYERS)
    guarded = make_app(app.config["SQLALCHEMY_DATABASE_URI"], WTF_CSRF_ENABLED=True)
    ann, ben = guarded.test_client(), guarded.test_client()
    save(ann, game, 3, 4)
    return ann, ben, game


@pytest.fixture
def renders(monkeypatch):
    counted = []
    real = pages.render_pad

    def render_pad(*args, **kwargs):
        counted.append(args[0].id)
        return real(*args, **kwargs)

    monkeypatch.setattr(pages, "render_pad", render_pad)
    return counted


def pad_form(page):
    return next(form for form in select(page, "form[method=post]")
                if "points_0" in form_data(form))


def save(phone, game, *points, page=None):
    page = page or phone.get(f"/games/{game}").get_data(as_text=True)
    data = {**form_data(pad_form(page)), **{f"points_{i}": str(p) for i, p in enumerate(points)}}
    answer = phone.post(f"/games/{game}/entries", data=data)
    assert answer.status_code == 302, errors(answer)
    return answer


def follow(phone, game, **headers):
    answer = phone.get(f"/games/{game}/follow", headers=headers)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def signed(page):
    """The values signed for the phone a page was made for."""
    return [match[0].rsplit('value="', 1)[1][:-1] for match in
            re.finditer(r'name="(?:csrf_token|once)"[^>]*value="[^"]*"', page)]


def without_signed(page):
    return SIGNED.sub(r"\1…\2", page)


def test_the_second_phone_gets_the_first_ones_render_with_its_own_token_and_keys(
        table, renders):
    ann, ben, game = table
    anns = follow(ann, game)
    bens = follow(ben, game)
    assert renders == [game]
    # the same page but for what is signed for each phone: a token and two keys (the
    # entry form's and Undo's), each of them new
    assert without_signed(bens) == without_signed(anns)
    assert len(signed(anns)) == len(signed(bens)) == 5
    assert not set(signed(anns)) & set(signed(bens))
    # and just what Ben's own render would have been
    with ben.application.app_context():
        shared.kept_pages().pages.clear()
    assert without_signed(follow(ben, game)) == without_signed(bens)
    assert renders == [game, game]


def test_a_phone_saves_from_the_page_it_was_given(table):
    ann, ben, game = table
    follow(ann, game)
    save(ben, game, 10, 20, page=follow(ben, game))
    sheet = ann.get(f"/games/{game}/sheet.json").get_json()
    assert [entry["scores"] for entry in sheet["entries"]] == [
        {"Ann": 3, "Ben": 4}, {"Ann": 10, "Ben": 20}]


def test_another_phones_key_is_not_this_phones(table):
    """Ben sends the page kept from Ann's render as it was made for Ann: her CSRF token
    is not his session's, so nothing is stored."""
    ann, ben, game = table
    anns = follow(ann, game)
    data = {**form_data(pad_form(anns)), "points_0": "10", "points_1": "20"}
    assert ben.post(f"/games/{game}/entries", data=data).status_code == 400
    assert len(ann.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 1


def test_each_change_and_each_language_is_a_render_of_its_own(table, renders):
    ann, ben, game = table
    follow(ann, game)
    follow(ben, game, **{"Accept-Language": "et"})
    save(ann, game, 5, 6)
    follow(ben, game)
    follow(ann, game)
    assert renders == [game] * 3


def test_phones_woken_together_wait_for_one_render(table, renders):
    """Six phones' held questions released at the same moment: one render, which the
    others wait for, each then given its own token and keys."""
    ann, ben, game = table
    app = ann.application
    phones = [ann, ben, *(app.test_client() for _ in range(4))]
    gate, pages = threading.Barrier(len(phones)), {}

    def ask(phone):
        gate.wait()
        pages[phone] = follow(phone, game)

    threads = [threading.Thread(target=ask, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert renders == [game]
    assert len({without_signed(page) for page in pages.values()}) == 1
    # each phone's own: its CSRF token (on three forms) and its two keys
    assert len({value for page in pages.values() for value in signed(page)}) == 6 * 3


def test_a_night_is_rendered_for_each_phone(table, monkeypatch):
    """A night's tag is made of ids and versions and can come back to an earlier value
    while a name on the page changed: its page is never kept."""
    ann, ben, game = table
    night = int(re.search(r'href="/nights/(\d+)"', ann.get(f"/games/{game}").get_data(
        as_text=True))[1])
    counted = []
    real = live.night_page
    monkeypatch.setattr(live, "night_page",
                        lambda *args, **kwargs: counted.append(1) or real(*args, **kwargs))
    for phone in (ann, ben, ann):
        assert phone.get(f"/nights/{night}/follow").status_code == 200
    assert counted == [1, 1, 1]


# ---- given in front of Flask (companion/following.py) --------------------------------

def tag_of(page):
    return re.search(r'data-tag="([^"]+)"', page)[1]


def asked(phone, game, tag, **headers):
    """A follow with the tag the phone has, as static/js/live.js asks: (the answer, the
    statements it ran)."""
    ran = []

    def count(conn, cursor, statement, *args):
        ran.append(statement)

    event.listen(Engine, "before_cursor_execute", count)
    try:
        answer = phone.get(f"/games/{game}/follow",
                           headers={"If-None-Match": f'"{tag}"', **headers})
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    return answer, ran


# what differs from one answer to the next, or is only Flask's: the session cookie it
# refreshes, the body's length (its signed values), the timing of a hold
OWN = {"Set-Cookie", "Content-Length", "Server-Timing"}


def test_a_phone_behind_on_the_sheet_is_given_the_kept_page_by_one_read(table, renders):
    """Ben's page shows the sheet before Ann's last save; Ann's phone has followed it
    since. Ben's question is answered in front of Flask: one read (its membership and the
    game's version), the page rendered for Ann with Ben's own token and keys, from which
    he saves."""
    ann, ben, game = table
    old = tag_of(ben.get(f"/games/{game}").get_data(as_text=True))
    save(ann, game, 5, 6)
    renders.clear()
    flasks = ann.get(f"/games/{game}/follow")
    anns = flasks.get_data(as_text=True)
    answer, ran = asked(ben, game, old)
    bens = answer.get_data(as_text=True)
    assert answer.status_code == 200 and renders == [game]
    assert len(ran) == 1 and "member" in ran[0].lower(), ran
    assert answer.headers["ETag"] == f'"{tag_of(anns)}"'
    assert without_signed(bens) == without_signed(anns)
    assert not set(signed(anns)) & set(signed(bens))
    # the headers of the app's own answer
    assert {k: v for k, v in answer.headers.items() if k not in OWN} == \
        {k: v for k, v in flasks.headers.items() if k not in OWN}
    save(ben, game, 7, 8, page=bens)
    sheet = ann.get(f"/games/{game}/sheet.json").get_json()
    assert [entry["scores"] for entry in sheet["entries"]][-1] == {"Ann": 7, "Ben": 8}


def woken_together(phones, game, tag):
    """The phones' questions, each with `tag`, released at the same moment, as a save
    wakes the held questions of a table: {phone: (status, page)}."""
    gate, answers = threading.Barrier(len(phones)), {}

    def ask(phone):
        gate.wait()
        answer = phone.get(f"/games/{game}/follow", headers={"If-None-Match": f'"{tag}"'})
        answers[phone] = answer.status_code, answer.get_data(as_text=True)

    threads = [threading.Thread(target=ask, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.fixture
def slow_flask(monkeypatch):
    """Flask's answer to a follow takes a while before it renders (its reads on a busy
    server): every phone woken with the first asks meanwhile. `reached`: the game ids the
    app's follow was asked for; `fail_first`: the first of them is the 404 of a game
    deleted at that moment."""
    slow = SimpleNamespace(reached=[], fail_first=False)
    real = live.game_version

    def game_version(game_id):
        slow.reached.append(game_id)
        time.sleep(0.3)
        if slow.fail_first and len(slow.reached) == 1:
            abort(404)
        return real(game_id)

    monkeypatch.setattr(live, "game_version", game_version)
    return slow


@pytest.fixture
def behind(table, renders):
    """Six phones of the table hold the pad as it was before Ann's save: (the phones, the
    game, the tag they have)."""
    ann, ben, game = table
    phones = [ann, ben, *(ann.application.test_client() for _ in range(4))]
    old = tag_of(ann.get(f"/games/{game}").get_data(as_text=True))
    for phone in phones[1:]:
        phone.get(f"/games/{game}")
    save(ann, game, 5, 6)
    renders.clear()
    return phones, game, old


def test_phones_woken_together_with_their_tags_reach_flask_once(behind, renders,
                                                                slow_flask):
    """Six phones hold the page before Ann's save and are woken by it together: the first
    to ask claims the new page's render in front of Flask and goes on to the app; the five
    others wait for that render in front of Flask, not in it, and are given it, each with
    its own token and keys."""
    phones, game, old = behind
    answers = woken_together(phones, game, old)
    assert slow_flask.reached == [game] and renders == [game]
    assert {status for status, _ in answers.values()} == {200}
    assert len({without_signed(page) for _, page in answers.values()}) == 1
    assert len({value for _, page in answers.values() for value in signed(page)}) == 6 * 3


def test_a_claimed_render_that_keeps_nothing_lets_the_others_go_on(behind, renders,
                                                                   slow_flask):
    """The first phone's request ends without a page (the game deleted as it read): the
    five others stop waiting for it at once and get their answer from the app."""
    phones, game, old = behind
    slow_flask.fail_first = True
    started = time.monotonic()
    answers = woken_together(phones, game, old)
    assert time.monotonic() - started < shared.WAIT
    assert sorted(status for status, _ in answers.values()) == [200] * 5 + [404]
    assert renders == [game]


def test_an_outsider_with_any_tag_gets_the_404_not_the_kept_page(table):
    ann, ben, game = table
    old = tag_of(ann.get(f"/games/{game}").get_data(as_text=True))
    save(ann, game, 5, 6)
    ann.get(f"/games/{game}/follow")  # kept
    app = ann.application
    with app.app_context():
        other = Group(name="The other club", invite=new_token())
        db.session.add(other)
        db.session.commit()
        other = other.id
    outsider = app.test_client(joined=False)
    outsider.join(other)
    outsider.get("/")  # a session with its CSRF secret, as after any page
    signed_out = app.test_client()
    signed_out.get(f"/games/{game}")
    ann.post("/groups/1/sign-out-others", data=form_data(
        select(ann.get("/groups/1"), "form[action='/groups/1/sign-out-others']")[0]))
    for phone in (outsider, signed_out, ann.application.test_client(joined=False)):
        answer, _ = asked(phone, game, old)
        assert answer.status_code == 404
        assert "points_0" not in answer.get_data(as_text=True)


def test_a_phone_in_another_language_is_not_given_the_kept_page(table, renders):
    ann, ben, game = table
    old = tag_of(ben.get(f"/games/{game}").get_data(as_text=True))
    save(ann, game, 5, 6)
    renders.clear()
    ann.get(f"/games/{game}/follow")
    ben.set_cookie("lang", "pl")
    answer, ran = asked(ben, game, old)
    assert answer.status_code == 200 and renders == [game, game]
    assert 'lang="pl"' in ben.get(f"/games/{game}").get_data(as_text=True)
    assert len(ran) > 1


def test_the_page_opened_after_a_save_is_the_body_the_table_then_follows(table, renders):
    """Ann taps Save and her phone opens the pad again, with its "Saved" line: that page's
    body is kept, and Ben's phone, behind, is given it without a render of its own."""
    ann, ben, game = table
    old = tag_of(ben.get(f"/games/{game}").get_data(as_text=True))
    saved = save(ann, game, 5, 6)
    renders.clear()
    page = ann.get(saved.headers["Location"]).get_data(as_text=True)
    answer, ran = asked(ben, game, old)
    bens = answer.get_data(as_text=True)
    assert renders == [game] and len(ran) == 1
    assert "Saved. Round 2: Ann 5, Ben 6." in texts(page, "p.flash")
    assert not texts(bens, "p.flash")
    assert without_signed(bens) in without_signed(page)
    assert not set(signed(page)) & set(signed(bens))


def test_a_page_with_an_undone_entry_in_its_form_is_its_phones_alone(table):
    """Ann undoes her round: her pad puts its values back into her form. Neither Ben's
    page nor what his phone follows has them, and Ann's page is not kept for the table."""
    ann, ben, game = table
    save(ann, game, 17, 19)
    pad = ann.get(f"/games/{game}").get_data(as_text=True)
    undo = next(form for form in select(pad, "form[method=post]")
                if form.get("action").endswith("/undo"))
    old = tag_of(pad)
    assert ann.post(f"/games/{game}/undo", data=form_data(undo)).status_code == 302
    anns = ann.get(f"/games/{game}").get_data(as_text=True)
    assert form_data(pad_form(anns))["points_0"] == "17"
    bens, _ = asked(ben, game, old)
    for page in (bens.get_data(as_text=True), ben.get(f"/games/{game}").get_data(as_text=True)):
        assert form_data(pad_form(page))["points_0"] == ""


def without_flash(page):
    """The page without its flashed lines (and the white space about them), nor what is
    signed for its phone."""
    page = re.sub(r'<p class="flash[^>]*>[^<]*</p>', "", page)
    return without_signed(re.sub(r">\s+<", "><", page))


def test_a_reloaded_pad_is_the_same_page_as_the_phones_own_render(table, renders):
    """Ben reloads the pad after Ann did: his whole page, its layout too, is what his own
    render would have been, but for what is signed for him; a phone's own line (a save's
    "Saved") is on its page alone, which is otherwise the table's."""
    ann, ben, game = table
    ann.get(f"/games/{game}")
    bens = ben.get(f"/games/{game}").get_data(as_text=True)
    assert renders == [game]
    with ben.application.app_context():
        shared.kept_pages().pages.clear()
    own = ben.get(f"/games/{game}").get_data(as_text=True)
    assert without_signed(bens) == without_signed(own)
    assert bens.startswith("<!doctype html>") and bens.rstrip().endswith("</html>")
    assert "\x00" not in bens
    saved = save(ann, game, 5, 6)
    anns = ann.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Saved. Round 2: Ann 5, Ben 6." in texts(anns, "p.flash")
    bens = ben.get(f"/games/{game}").get_data(as_text=True)
    assert not texts(bens, "p.flash")
    assert without_flash(anns) == without_flash(bens)
    assert texts(ann.get(f"/games/{game}").get_data(as_text=True), "p.flash") == []
    # and Ann's next reload, with nothing of hers left on it, is the table's page
    assert without_signed(ann.get(f"/games/{game}").get_data(as_text=True)) == \
        without_signed(bens)
