"""No score lost or doubled when the network fails (issue 29), in Chromium at phone size.

The network is broken on purpose with Playwright: the context offline at the moment of
Save, a request aborted before it reaches the server, one aborted after the server answered
(`route.fetch()` runs it, then the connection is reset), one held for 5 s, and a reload
while offline. Each test asserts what the server stored (once, exactly, as typed: the
expected entries are written out by hand), what the page says, and that what was typed is
never lost. Two phones typing the same entry end with one entry. These run on SQLite and,
in the PostgreSQL pass, on PostgreSQL (tests/conftest.py).
"""

import re
import time

import pytest
from playwright.sync_api import Error, expect

from companion.extensions import db
from companion.models import Game
from tests.browser.conftest import Table, add_players, answered, follow, real_app, served
from tests.browser.test_evening import cards_hand, dice_turn, skull_challenge, skyjo_round
from tests.web.test_lost_answers import other_phone_saves, stored

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]
TITLES = {"any_game": "Any game", "skyjo": "Skyjo", "dice_poker": "Dice poker",
          "cards_500": "Card game to 500", "skull": "Skull"}
LIVE = 3000  # ms: the other phone's follower asks every 1.5 s, then asks about its form


class Phone(Table):
    """A phone whose network the test breaks: the browser logs each failed request as a
    console error, and a refused form (409) as a failed load; those are the point here."""

    def _console(self, message):
        if re.search(r"net::ERR_|status of (409|502)", message.text):
            return
        super()._console(message)


@pytest.fixture
def app(tmp_path):
    return real_app(tmp_path, "network")


@pytest.fixture
def base(app):
    yield from served(app)


@pytest.fixture
def phones(new_context, base, request):
    made = []

    def phone(label="A"):
        context = new_context()
        person = Phone(context.new_page(), base, f"{request.node.name}-{label}")
        person.context = context
        made.append(person)
        return person

    yield phone
    for person in made:
        person.finish()


# ---- the table and what the server holds ------------------------------------------------

def start_game(a, kind):
    """A night of PLAYERS and a game of `kind` on phone A, its pad open: its id."""
    page = a.page
    a.goto("/")
    page.get_by_role("button", name="Start the night").click()
    add_players(page, PLAYERS)
    follow(page.get_by_role("link", name=TITLES[kind], exact=True))
    if kind == "any_game":
        page.get_by_label("Name of the game").fill("Qwixx")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.wait_for_load_state("domcontentloaded")
    return int(page.url.rsplit("/", 1)[1])


def games(app):
    with app.app_context():
        count = db.session.query(Game).count()
        db.session.remove()
    return count


# each kind: typing its first entry and tapping Save, and that entry as the server must
# store it (by hand, from what was typed)
def any_game_round(page):
    for name, points in zip(PLAYERS, (12, 30, 7, 0)):
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name="Save round 1").click()


ENTRY = {
    "any_game": (any_game_round, {"scores": {"Ann": 12, "Ben": 30, "Cid": 7, "Dora": 0}}),
    "skyjo": (lambda page: skyjo_round(page, "en", "Ann", {"Ann": 5, "Ben": 24, "Cid": 10,
                                                            "Dora": 30}),
              {"finisher": "Ann", "hands": {"Ann": {"score": 5}, "Ben": {"score": 24},
                                            "Cid": {"score": 10}, "Dora": {"score": 30}}}),
    "dice_poker": (lambda page: dice_turn(page, "en", "Fives", [5, 5, 5, 5, 5]),
                   {"player": "Ann", "row": "5", "dice": [5, 5, 5, 5, 5],
                    "first_throw": False}),
    "cards_500": (lambda page: cards_hand(page, "en", "Ann",
                                          {"Ben": 100, "Cid": 5, "Dora": 250}),
                  {"out": "Ann", "hands": {"Ben": {"points": 100}, "Cid": {"points": 5},
                                           "Dora": {"points": 250}}}),
    "skull": (lambda page: skull_challenge(page, "en", "Ann", 3, "Success"),
              {"challenger": "Ann", "bid": 3, "outcome": "success"}),
}
# what the pad says once the first entry of each kind is saved
SAVED = {"any_game": "Saved. Round 1: Ann 12, Ben 30, Cid 7, Dora 0.",
         "skyjo": "Saved. Round 1:", "dice_poker": "Saved.", "cards_500": "Saved. Hand 1:",
         "skull": "Saved. Challenge 1:"}


def form_line(page):
    """The entry form's line that says what became of its last Save."""
    return page.locator("#entry [data-send-line]")


def flash(page):
    """What the page says its last tap did: the one message at the top of the page."""
    return page.locator("#main > .flash")


def lose_answers(page, url, then=None, times=1):
    """The next request to `url` reaches the server, which answers; then (after `then()`,
    another phone's doing) the connection is reset before the answer reaches the phone.
    Nothing of the answer reaches it: not its cookie either (Playwright would keep the
    cookies of what `route.fetch()` got, the flashed message in the session with them)."""
    context = page.context

    def handler(route):
        cookies = context.cookies()
        route.fetch()
        # the cookies as they were, each written over (clearing them first would leave a
        # moment in which the page's follower asks as a phone in no group)
        context.add_cookies(cookies)
        if then:
            then()
        route.abort("connectionreset")
    page.route(url, handler, times=times)


def posts(page, url_end):
    """Every POST the page sends to a url ending with `url_end`, as it is sent."""
    sent = []
    page.on("request", lambda r: r.method == "POST" and r.url.endswith(url_end)
            and sent.append(r.url))
    return sent


# ---- an entry of every kind -----------------------------------------------------------

@pytest.mark.parametrize("kind", list(ENTRY))
def test_offline_at_save_the_entry_stays_says_so_and_is_stored_once_back_online(
        phones, app, kind):
    a = phones()
    game_id = start_game(a, kind)
    page = a.page
    type_and_save, expected = ENTRY[kind]
    a.context.set_offline(True)
    type_and_save(page)
    line = form_line(page)
    expect(line).to_contain_text("Not sent: no connection.")
    if kind != "dice_poker":
        expect(line).to_contain_text("will be sent when this phone is back online")
    # still the pad, with everything typed
    assert page.url.endswith(f"/games/{game_id}")
    assert stored(app, game_id) == []
    if kind == "any_game":
        expect(line).to_have_text("Not sent: no connection. Round 1 will be sent when this "
                                  "phone is back online.")
        expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("30")
        a.check("offline-not-sent")
    a.context.set_offline(False)
    expect(flash(page)).to_contain_text(SAVED[kind])
    assert stored(app, game_id) == [expected]


@pytest.mark.parametrize("kind", list(ENTRY))
def test_an_answer_lost_after_the_server_saved_is_never_a_second_entry(phones, app, kind):
    """The server saves; the connection resets before its answer arrives; meanwhile
    another phone saves the next entry. The phone sends again by itself with the same key
    and is told what was saved: one entry of its own, the other phone's after it."""
    a = phones()
    game_id = start_game(a, kind)
    page = a.page
    type_and_save, expected = ENTRY[kind]
    sent = posts(page, f"/games/{game_id}/entries")
    # the other phone's entry: the same as this one is valid after it (and ends no game)
    # in every kind but dice poker, where Ben's turn follows Ann's, and the card game,
    # where Dora would reach 500
    other = {"dice_poker": {"player": "Ben", "row": "5", "dice": [5, 5, 5, 1, 2],
                            "first_throw": False},
             "cards_500": {"out": "Ben", "hands": {"Ann": {"points": 5}, "Cid": {"points": 5},
                                                   "Dora": {"points": 5}}}
             }.get(kind, expected)
    lose_answers(page, f"**/games/{game_id}/entries",
                 then=lambda: other_phone_saves(app, game_id, other))
    type_and_save(page)
    expect(flash(page)).to_contain_text(SAVED[kind], timeout=10000)
    assert stored(app, game_id) == [expected, other]
    assert len(sent) == 2


@pytest.mark.parametrize("failure", ["reset", "502"])
def test_a_send_the_server_did_not_answer_is_sent_again_by_itself(phones, app, failure):
    """The connection reset before the request reached the server, or a proxy without its
    app answered 502 (the app answers 503 while its database restarts): no answer to the
    form, which is sent again, and stored once."""
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    sent = posts(page, f"/games/{game_id}/entries")
    # the first send fails; the second, the page's own retry, waits while the page is
    # looked at
    tries = []

    def handler(route):
        tries.append(route)
        if len(tries) == 1 and failure == "reset":
            route.abort("connectionreset")
        elif len(tries) == 1:
            route.fulfill(status=502, body="Bad Gateway")
    page.route(f"**/games/{game_id}/entries", handler, times=2)
    any_game_round(page)
    expect(form_line(page)).to_have_text("No answer from the server yet: it will be sent "
                                         "again shortly, and saved only once.")
    if failure == "reset":
        a.check("not-answered")
    while len(tries) < 2:
        page.wait_for_timeout(100)
    assert stored(app, game_id) == []
    tries[1].continue_()
    expect(flash(page)).to_have_text(SAVED["any_game"])
    assert stored(app, game_id) == [ENTRY["any_game"][1]]
    assert len(sent) == 2


def test_a_slow_answer_says_sending_and_a_second_tap_sends_nothing(phones, app):
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    sent = posts(page, f"/games/{game_id}/entries")
    held = []
    page.route(f"**/games/{game_id}/entries", lambda route: held.append(route), times=1)
    started = time.monotonic()
    any_game_round(page)
    line = form_line(page)
    expect(line).to_have_text("Sending…")
    save = page.get_by_role("button", name="Save round 1")
    expect(save).to_have_attribute("aria-disabled", "true")
    # a person taps it again (it looks pressed, and a tap still lands), and presses Enter
    save.click(force=True)
    page.keyboard.press("Enter")
    a.check("sending")
    time.sleep(max(0, 5 - (time.monotonic() - started)))
    assert len(sent) == 1 and len(held) == 1
    held[0].continue_()
    expect(flash(page)).to_have_text(SAVED["any_game"])
    assert stored(app, game_id) == [ENTRY["any_game"][1]]
    assert len(sent) == 1


# ---- a reload or a closed tab while an entry waits ------------------------------------

def test_an_unsent_entry_outlives_a_reload_offline_and_is_sent_once_back(phones, app):
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    a.context.set_offline(True)
    any_game_round(page)
    expect(form_line(page)).to_contain_text("Not sent: no connection.")
    with pytest.raises(Error):
        page.reload()
    # the tab with the browser's error page closed (left open, it loads the pad again by
    # itself once back online: the same send twice, which the server answers once)
    page.close()
    a.context.set_offline(False)
    a.page = page = a.context.new_page()
    a.goto(f"/games/{game_id}")
    expect(flash(page)).to_have_text(SAVED["any_game"])
    assert stored(app, game_id) == [ENTRY["any_game"][1]]
    # answered: not kept any more, so a later visit sends nothing
    a.goto(f"/games/{game_id}")
    expect(page.get_by_role("button", name="Save round 2")).to_be_visible()
    assert page.evaluate("localStorage.getItem('companion-unsent')") == "{}"
    assert stored(app, game_id) == [ENTRY["any_game"][1]]


def test_an_unsent_entry_whose_sheet_moved_comes_back_in_the_form_unsaved(phones, app):
    """While the phone was offline another phone saved round 1: what was kept is sent with
    the page, refused as stale, and its values are back in the form for the person."""
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    a.context.set_offline(True)
    any_game_round(page)
    expect(form_line(page)).to_contain_text("Not sent: no connection.")
    page.close()
    other = {"scores": {"Ann": 1, "Ben": 2, "Cid": 3, "Dora": 4}}
    other_phone_saves(app, game_id, other)
    a.context.set_offline(False)
    # the tab opened again
    a.page = page = a.context.new_page()
    a.goto(f"/games/{game_id}")
    expect(page.locator(".form-errors")).to_contain_text(
        "Round 1 was saved on another phone while you were on this page")
    for name, points in zip(PLAYERS, (12, 30, 7, 0)):
        expect(page.get_by_role("spinbutton", name=name, exact=True)).to_have_value(str(points))
    expect(form_line(page)).to_have_text("Not saved: see the form.")
    expect(page.get_by_role("button", name="Save round 2")).to_be_visible()
    a.check("sheet-moved")
    assert stored(app, game_id) == [other]


# ---- a correction, an undo, a new game --------------------------------------------------

def test_a_correction_whose_answer_was_lost_is_made_once(phones, app):
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    any_game_round(page)
    answered(page)
    follow(page.get_by_role("link", name="Correct round 1"))
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("13")
    second = {"scores": {"Ann": 5, "Ben": 5, "Cid": 5, "Dora": 5}}
    lose_answers(page, f"**/games/{game_id}/entries/0",
                 then=lambda: other_phone_saves(app, game_id, second))
    page.get_by_role("button", name="Save the correction").click()
    expect(flash(page)).to_have_text("Round 1 corrected.", timeout=10000)
    assert stored(app, game_id) == [
        {"scores": {"Ann": 13, "Ben": 30, "Cid": 7, "Dora": 0}}, second]


def test_an_undo_whose_answer_was_lost_removes_one_entry(phones, app):
    a = phones()
    game_id = start_game(a, "any_game")
    page = a.page
    any_game_round(page)
    answered(page)
    again = {"scores": {"Ann": 1, "Ben": 1, "Cid": 1, "Dora": 1}}
    lose_answers(page, f"**/games/{game_id}/undo",
                 then=lambda: other_phone_saves(app, game_id, again))
    page.get_by_role("button", name="Undo round 1").click()
    # the retry is told what was undone (its values went back into a form in the lost
    # answer)
    expect(flash(page)).to_have_text("Undone: Round 1: Ann 12, Ben 30, Cid 7, Dora 0.",
                                     timeout=10000)
    # round 1 undone once; the round the other phone saved after it stays
    assert stored(app, game_id) == [again]


def test_a_new_game_whose_answer_was_lost_is_started_once(phones, app):
    a = phones()
    start_game(a, "any_game")
    page = a.page
    follow(page.get_by_role("link", name="← Tonight"))
    follow(page.get_by_role("link", name="Skyjo", exact=True))
    lose_answers(page, "**/games/new/skyjo")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"), timeout=10000)
    expect(page.get_by_role("heading", name=re.compile("^Skyjo"))).to_be_visible()
    assert games(app) == 2


# ---- two phones, one entry --------------------------------------------------------------

def skyjo_typed(page, scores):
    page.get_by_role("radio", name="Ann", exact=True).locator("xpath=ancestor::label[1]").click()
    for name, score in scores.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))


def dice_typed(page, dice):
    for face in dice:
        page.get_by_role("button", name=f"Add a {face}", exact=True).click()
    page.get_by_role("radio", name=re.compile(r"^Fives( |$)")).check()


SAME_SKYJO = {"Ann": 5, "Ben": 24, "Cid": 10, "Dora": 30}


@pytest.mark.parametrize("kind", ["skyjo", "dice_poker"])
def test_the_same_entry_typed_on_two_phones_is_saved_once(phones, app, kind):
    a, b = phones("A"), phones("B")
    game_id = start_game(a, kind)
    b.goto(f"/games/{game_id}")
    if kind == "skyjo":
        skyjo_typed(b.page, SAME_SKYJO)
    else:
        dice_typed(b.page, [5, 5, 5, 5, 5])
    ENTRY[kind][0](a.page)
    answered(a.page)
    expected = "Another phone already saved this: " + (
        "Round 1: Ann 5, Ben 24, Cid 10, Dora 30." if kind == "skyjo" else
        "Round 1: Ann, Fives +10.")
    expect(b.page.get_by_role("status").filter(has_text="Another phone already saved this")
           ).to_contain_text(expected, timeout=LIVE)
    # B's form is the next entry's, empty
    if kind == "skyjo":
        expect(b.page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("")
        expect(b.page.get_by_role("button", name="Save round 2")).to_be_visible()
    else:
        expect(b.page.locator("input[name=face_5]")).to_have_value("")
    b.check("twin-cleared")
    assert stored(app, game_id) == [ENTRY[kind][1]]


@pytest.mark.parametrize("kind", ["skyjo", "dice_poker"])
def test_another_entry_typed_meanwhile_is_kept_and_its_button_says_what_it_does(
        phones, app, kind):
    a, b = phones("A"), phones("B")
    game_id = start_game(a, kind)
    b.goto(f"/games/{game_id}")
    if kind == "skyjo":
        skyjo_typed(b.page, {**SAME_SKYJO, "Dora": 31})
    else:
        dice_typed(b.page, [5, 5, 5, 5, 2])
    ENTRY[kind][0](a.page)
    answered(a.page)
    expect(b.page.get_by_role("status").filter(has_text="saved on another phone")
           ).to_be_visible(timeout=LIVE)
    if kind == "skyjo":
        expect(b.page.get_by_role("button", name="Save as round 2")).to_be_visible(
            timeout=LIVE)
        expect(b.page.get_by_role("spinbutton", name="Dora", exact=True)).to_have_value("31")
    else:
        expect(b.page.locator("input[name=face_5]")).to_have_value("4")
        expect(b.page.get_by_role("button", name="Save the turn")).to_be_visible()
    b.check("twin-differs")
    assert stored(app, game_id) == [ENTRY[kind][1]]


def test_the_same_round_finished_after_another_phone_saved_it_is_not_stored_twice(
        phones, app):
    """B had typed three of the four scores when A saved the round (not yet the same, so
    B's form followed the sheet); B types the fourth, the same as A's, and taps Save."""
    a, b = phones("A"), phones("B")
    game_id = start_game(a, "skyjo")
    b.goto(f"/games/{game_id}")
    skyjo_typed(b.page, {name: SAME_SKYJO[name] for name in ("Ann", "Ben", "Cid")})
    ENTRY["skyjo"][0](a.page)
    answered(a.page)
    expect(b.page.get_by_role("status").filter(has_text="saved on another phone")
           ).to_be_visible(timeout=LIVE)
    b.page.get_by_role("spinbutton", name="Dora", exact=True).fill("30")
    b.page.get_by_role("button", name=re.compile(r"^Save")).click()
    answered(b.page)
    expect(flash(b.page)).to_have_text(
        "Another phone already saved this: Round 1: Ann 5, Ben 24, Cid 10, Dora 30.")
    assert stored(app, game_id) == [ENTRY["skyjo"][1]]
