"""What a new user's evening tripped on (issue 31), in Chromium at 320 px light and 390 px
dark where the layout is the point (each page check sweeps 320 to 430 px as well): the
layout measured, the words read as a person reads them."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Table, add_players, answered, follow, real_app, served
from tests.web.test_lost_answers import other_phone_saves

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]
SIZES = [(320, "light"), (390, "dark")]


@pytest.fixture
def app(tmp_path):
    return real_app(tmp_path, "round2")


@pytest.fixture
def table(page, app, request):
    for base in served(app):
        person = Table(page, base, request.node.name)
        yield person
        person.finish()


def game_id(page):
    return int(page.url.rsplit("/", 1)[1])


def start(table, title, players=PLAYERS, width=390, scheme="light"):
    """A night of `players` and a game of `title` on the table's phone, its pad open."""
    page = table.page
    page.set_viewport_size({"width": width, "height": 844})
    page.emulate_media(color_scheme=scheme)
    table.goto("/")
    page.get_by_role("button", name="Start the night").click()
    add_players(page, players)
    follow(page.get_by_role("link", name=title, exact=True))
    if title == "Any game":
        page.get_by_label("Name of the game").fill("Qwixx")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    answered(page)


def outside(page, selector, within):
    """How far each `selector` reaches past the `within` box around it (px, > 0 is out),
    and each whose text is cut (its content wider than its box)."""
    return page.evaluate("""([selector, within]) => [...document.querySelectorAll(selector)]
        .filter(el => el.getClientRects().length)
        .map(el => {
            const box = el.getBoundingClientRect();
            const around = el.closest(within).getBoundingClientRect();
            const cut = [...el.querySelectorAll('*')].some(
                child => child.scrollWidth > child.clientWidth + 1);
            return [el.textContent.trim(), Math.round(box.right - around.right), cut];
        })
        .filter(([, over, cut]) => over > 0 || cut)""", [selector, within])


def covered_by_save_bar(page, locator):
    """Whether `locator` is on screen but under the sticky Save bar."""
    box = locator.bounding_box()
    bar = page.locator(".action-bar").bounding_box()
    return box["y"] + box["height"] > bar["y"]


# ---- 2. dice poker's rows ------------------------------------------------------------

@pytest.mark.parametrize("width,scheme", SIZES)
def test_dice_poker_rows_fit_their_card_and_the_warning_is_above_save(table, app, width,
                                                                      scheme):
    page = table.page
    start(table, "Dice poker", players=["Ann", "Ben"], width=width, scheme=scheme)
    # part 1 played on another phone: part 2's rows are open
    for row in range(1, 7):
        for player in ["Ann", "Ben"]:
            other_phone_saves(app, game_id(page), {"player": player, "row": str(row),
                                                   "dice": [row] * 3 + [1, 2]})
    page.reload()
    for face in [1, 2, 3, 4, 6]:
        page.get_by_role("button", name=f"Add a {face}", exact=True).click()
    page.get_by_role("radio", name=re.compile(r"^Two pairs( |$)")).check()
    warning = page.get_by_text("These dice don't make two pairs", exact=False)
    expect(warning).to_be_visible()
    assert outside(page, ".dp-row", ".card") == []
    # the warning is read where the row was tapped, not under the Save bar
    assert not covered_by_save_bar(page, warning)
    table.check(f"dice-rows-{width}-{scheme}")


# ---- 4. counting a card hand by type -------------------------------------------------

def tap_in_view(page, locator):
    """A tap on what is on screen as it is (not under the sticky bars): no scrolling."""
    box = locator.bounding_box()
    in_bar = locator.evaluate("el => el.closest('.action-bar') !== null")
    bottom = page.viewport_size["height"] if in_bar else \
        page.locator(".action-bar").bounding_box()["y"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bottom, locator
    locator.tap()


@pytest.mark.parametrize("width,scheme", SIZES)
def test_two_hands_counted_by_card_in_eight_taps_without_scrolling(table, width, scheme):
    page = table.page
    start(table, "Card game to 500", width=width, scheme=scheme)
    more = "More %s"

    def key(player, card):
        return page.locator("fieldset", has_text=f"{player}’s cards").get_by_role(
            "button", name=more % card)

    # hand 1: the table opens the counting once
    page.get_by_role("radio", name="Ann went out", exact=True).tap()
    page.get_by_text("Count the cards instead").tap()
    key("Ben", "Twos").tap()
    page.get_by_role("spinbutton", name="Cid", exact=True).fill("5")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("10")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Hand 1:")
    answered(page)

    # hand 2 from the page the save left: the counting is still open
    if width == 390:
        taps = [page.get_by_role("radio", name="Ben went out", exact=True),
                key("Ann", "Jokers"), key("Ann", "Aces"), key("Ann", "Three to Nine"),
                key("Cid", "Ten to King"), key("Cid", "Three to Nine"),
                page.get_by_role("spinbutton", name="Dora", exact=True)]
        for control in taps:
            tap_in_view(page, control)
        page.keyboard.type("25")
        save = page.get_by_role("button", name="Save hand 2")
        tap_in_view(page, save)
        assert len(taps) + 1 <= 8
    else:
        page.get_by_role("radio", name="Ben went out", exact=True).tap()
        for player, card in [("Ann", "Jokers"), ("Ann", "Aces"), ("Ann", "Three to Nine"),
                             ("Cid", "Ten to King"), ("Cid", "Three to Nine")]:
            key(player, card).tap()
        page.get_by_role("spinbutton", name="Dora", exact=True).fill("25")
        table.check(f"cards-counting-{width}-{scheme}")
        page.get_by_role("button", name="Save hand 2").tap()
    # ann 50 + 15 + 5, cid 10 + 5, dora typed
    expect(page.get_by_role("status").first).to_contain_text(
        "Saved. Hand 2: Ben went out; Ann 70, Cid 15, Dora 25")


# ---- 5. one mark, one meaning ---------------------------------------------------------

@pytest.mark.parametrize("width,scheme", [(390, "dark")])
def test_the_leaders_star_is_not_the_finishers_mark(table, app, width, scheme):
    page = table.page
    start(table, "Skyjo", players=["Ann", "Ben", "Cid"], width=width, scheme=scheme)
    # ann finishes lowest (5): she leads; ben finishes round 2 not lowest: doubled
    other_phone_saves(app, game_id(page), {"finisher": "Ann", "hands": {
        "Ann": {"score": 5}, "Ben": {"score": 20}, "Cid": {"score": 12}}})
    other_phone_saves(app, game_id(page), {"finisher": "Ben", "hands": {
        "Ann": {"score": 3}, "Ben": {"score": 9}, "Cid": {"score": 4}}})
    page.reload()
    # the standings: ann 8 leads, with the star
    expect(page.locator("ol.standings li.leader .name")).to_have_text("Ann")
    star = page.locator("ol.standings li.leader .total").evaluate(
        "el => getComputedStyle(el, '::before').content")
    assert "★" in star
    # the sheet: who finished each round is flagged, and nothing there is starred
    sheet = page.get_by_role("table")
    rows = sheet.locator("tbody tr")
    expect(rows.first.get_by_role("cell")).to_have_text(["5⚑", "20", "12"])
    expect(rows.last.get_by_role("cell")).to_have_text(["3", "18⚑×2", "4"])
    assert "★" not in sheet.inner_text()
    expect(page.get_by_text("⚑ finished the round", exact=False)).to_be_visible()
    table.check(f"marks-{width}-{scheme}")


# ---- 7. the winner's name whole at 320 -------------------------------------------------

# the name was cut at 320 px only
@pytest.mark.parametrize("width,scheme", [(320, "light")])
def test_the_leaders_name_is_whole_in_the_standings(table, app, width, scheme):
    page = table.page
    start(table, "Any game", players=["Ann", "Ben", "Cid", "Dana"], width=width, scheme=scheme)
    other_phone_saves(app, game_id(page), {"scores": {"Ann": 3, "Ben": 5, "Cid": 7,
                                                      "Dana": 40}})
    page.reload()
    leader = page.locator("ol.standings li.leader")
    expect(leader.locator(".name")).to_have_text("Dana")
    cut = leader.locator(".name").evaluate("el => el.scrollWidth > el.clientWidth")
    assert not cut
    assert "★" in leader.locator(".total").evaluate(
        "el => getComputedStyle(el, '::before').content")
    table.check(f"leader-{width}-{scheme}")


# ---- 8. small things ------------------------------------------------------------------

def test_after_add_player_the_name_field_keeps_the_focus(table):
    page = table.page
    table.goto("/")
    page.get_by_role("button", name="Start the night").click()
    answered(page)
    field = page.get_by_label("New player's name")
    field.tap()
    page.evaluate("window.stayed = 'here'")
    for name in ["Ann", "Ben", "Cid"]:
        # one tap a player: the name typed, Add tapped; the keyboard never closes
        page.keyboard.type(name)
        page.get_by_role("button", name="Add player").tap()
        expect(page.get_by_role("status").first).to_have_text(f"{name} joined the night.")
        expect(field).to_be_focused()
        expect(field).to_have_value("")
    # the same page all along, its list of who is here swapped in
    assert page.evaluate("window.stayed") == "here"
    expect(page.locator("#players li.chip a")).to_have_text(["Ann", "Ben", "Cid"])
    # and the night knows them: a new game seats them
    page.reload()
    expect(page.locator("#players li.chip a")).to_have_text(["Ann", "Ben", "Cid"])
    table.check("players-added")


@pytest.mark.parametrize("width,scheme", [(320, "dark")])
def test_the_share_pages_other_links_look_like_controls_that_open(table, width, scheme):
    page = table.page
    start(table, "Any game", players=["Ann", "Ben"], width=width, scheme=scheme)
    follow(page.get_by_role("link", name="Show on another phone"))
    for name in ["To watch, read only", "For a TV or a laptop"]:
        fold = page.locator("summary", has_text=name)
        looks = fold.evaluate("""el => {
            const style = getComputedStyle(el), heading = getComputedStyle(el.querySelector('h2'));
            const body = getComputedStyle(document.body);
            return {border: parseFloat(style.borderTopWidth), arrow: getComputedStyle(el, '::after').content,
                    colour: heading.color, text: body.color};
        }""")
        # an outline and an arrow, in the accent's colour rather than the text's
        assert looks["border"] >= 1 and "▾" in looks["arrow"] and looks["colour"] != looks["text"]
        fold.tap()
        expect(page.get_by_role("link", name="Open it on this screen").last).to_be_visible()
    table.check(f"share-{width}-{scheme}")


# ---- sharing a night's result ---------------------------------------------------------

@pytest.mark.parametrize("width,scheme", [(320, "light")])
def test_the_result_is_shared_in_one_tap(table, app, width, scheme):
    page = table.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start(table, "Any game", players=["Ann", "Ben"], width=width, scheme=scheme)
    other_phone_saves(app, game_id(page), {"scores": {"Ann": 12, "Ben": 30}})
    other_phone_saves(app, game_id(page), {"end": True})
    follow(page.get_by_role("link", name="← Tonight"))
    share = page.get_by_role("button", name="Share the result")
    table.check(f"share-result-{width}-{scheme}")
    # this Chromium has no share sheet: the text is copied, and the button says so
    share.tap()
    expect(page.get_by_role("button", name="Copied: paste it in the chat")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[1:] == ["1. Qwixx: Ben 30 ★, Ann 12", "Ben won 1 of 1 game."]
    # the picture a share sheet gets: the standings drawn as a PNG
    size = page.evaluate("""url => new Promise(done => {
        const image = new Image();
        image.onload = () => {
            const canvas = document.createElement('canvas');
            canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
            canvas.getContext('2d').drawImage(image, 0, 0);
            canvas.toBlob(blob => done([image.naturalWidth, blob && blob.type, blob && blob.size]));
        };
        image.onerror = () => done(null);
        image.src = url;
    })""", share.get_attribute("data-picture"))
    assert size[0] == 600 and size[1] == "image/png" and size[2] > 1000
