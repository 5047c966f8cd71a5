"""An evening on three phones (issue 31, "Done when"): every fix and feature of the table
flow's second round used as a table uses it, each page checked (axe, no sideways scroll,
the Nu checker) and its screenshot kept. Phone A at 390 px light, B at 390 dark, C at 320.
Scores by hand from RULES.md."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import answered, follow
from tests.browser.test_live_table import LIVE, base, live_app, phones, told  # noqa: F401


def add_players(a, names):
    """Names typed one after the other: one tap on the field, then a tap on Add each."""
    page = a.page
    field = page.get_by_label("New player's name")
    field.tap()
    for name in names:
        page.keyboard.type(name)
        page.get_by_role("button", name="Add player").tap()
        expect(told(page, f"{name} joined the night.")).to_be_visible()
        # the keyboard stays open: the field keeps the focus
        expect(field).to_be_focused()


def new_game(phone, title, **choices):
    page = phone.page
    follow(page.get_by_role("link", name=title, exact=True))
    for label, value in choices.items():
        page.get_by_label(label, exact=True).select_option(value)
    phone.check(f"setup-{title}")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    answered(page)
    return page.url


def test_an_evening_on_three_phones(phones):  # noqa: F811
    a, b, c = phones("A"), phones("B"), phones("C")
    b.page.emulate_media(color_scheme="dark")
    c.page.set_viewport_size({"width": 320, "height": 640})

    # ---- the night, three players; a game of Qwixx for them
    a.goto("/")
    a.page.get_by_role("button", name="Start the night").click()
    answered(a.page)
    add_players(a, ["Ann", "Ben", "Cid"])
    night = a.page.url.split("?")[0].split("#")[0]
    a.page.get_by_role("link", name="Any game", exact=True).click()
    a.page.get_by_label("Name of the game").fill("Qwixx")
    a.page.get_by_role("button", name="Start the game").click()
    a.page.wait_for_url(re.compile(r"/games/\d+$"))
    answered(a.page)
    for name, points in {"Ann": 10, "Ben": 20, "Cid": 30}.items():
        a.page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    a.page.get_by_role("button", name="Save round 1").click()
    expect(told(a.page, "Saved. Round 1")).to_be_visible()
    answered(a.page)
    a.page.get_by_role("button", name="End the game now").click()
    expect(a.page.get_by_text("Cid won the game.")).to_be_visible()

    # ---- Dana comes: the next game seats her too
    a.goto(night.removeprefix(a.base))
    add_players(a, ["Dana"])
    follow(a.page.get_by_role("link", name="Skyjo", exact=True))
    seats = [a.page.get_by_label(f"Seat {n}", exact=True).input_value() for n in range(1, 5)]
    assert sorted(seats) == ["Ann", "Ben", "Cid", "Dana"]
    # Ben starts round 1 (the highest two cards)
    a.page.get_by_label("Starts round 1", exact=True).select_option("Ben")
    a.check("setup-skyjo")
    a.page.get_by_role("button", name="Start the game").click()
    a.page.wait_for_url(re.compile(r"/games/\d+$"))
    answered(a.page)
    skyjo = a.page.url
    chips = a.page.locator("ol.standings li")
    expect(chips.first.locator(".name")).to_have_text("Ben")
    expect(chips.first.locator(".tag")).to_have_text("Starts")

    # ---- B enters round 1 (the seats from Ben round: Ben, Cid, Dana, Ann); two wrong
    # scores are said at once, each beside its field
    b.page.goto(skyjo)
    answered(b.page)
    page = b.page
    page.get_by_role("radio", name="Ben", exact=True).locator("xpath=ancestor::label[1]").tap()
    for name, score in {"Ann": 150, "Ben": 5, "Cid": -20}.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    page.get_by_text("Or enter Dana's cards").tap()
    keys = page.locator(".player-entry", has=page.get_by_label("Dana, row 1, column 1",
                                                               exact=True)).get_by_role(
        "group", name="Card values")
    # a card a tap, as fast as the browser can: 1 then 2 are two cards
    for value in ["1", "2", "3", "4", "−1", "−2", "5", "12", "3", "4", "0", "6"]:
        keys.get_by_role("button", name=value, exact=True).tap()
    page.get_by_role("button", name="Save round 1").tap()
    errors = page.locator(".has-error p.error")
    expect(errors).to_have_count(2)
    expect(errors.filter(has_text="Ann's score of 150 is more than")).to_have_count(1)
    expect(errors.filter(has_text="Cid's score of -20 is less than")).to_have_count(1)
    b.check("skyjo-two-errors")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("10")
    page.get_by_role("spinbutton", name="Cid", exact=True).fill("12")
    page.get_by_role("button", name="Save round 1").tap()
    # ben finished lowest (5): not doubled; dana's cards 1+2+3+4 -1-2+5+12 +3+4+0+6 = 37
    expect(told(page, "Saved. Round 1: Ben 5, Cid 12, Dana 37, Ann 10")).to_be_visible()

    # ---- C follows at 320: the round within 2 s, the finisher flagged, the leader starred
    c.page.goto(skyjo)
    expect(c.page.locator("table.rounds tbody tr").first.get_by_role("cell")).to_have_text(
        ["5⚑", "12", "37", "10"], timeout=LIVE)
    leader = c.page.locator("ol.standings li.leader .name")
    expect(leader).to_have_text("Ben")
    assert not leader.evaluate("el => el.scrollWidth > el.clientWidth")
    c.check("skyjo-followed-320")

    # ---- C: a card game, Cid deals first; two hands counted on the card keys
    c.goto(night.removeprefix(c.base))
    new_game(c, "Card game to 500", **{"Deals the first hand": "Cid"})
    expect(c.page.locator("p.deal-hint strong")).to_have_text("Cid")
    page = c.page
    page.get_by_role("radio", name="Ann went out", exact=True).tap()
    page.get_by_text("Count the cards instead").tap()
    for player, cards in {"Ben": ["Jokers", "Aces"], "Cid": ["Twos"]}.items():
        hand = page.locator("fieldset", has_text=f"{player}’s cards")
        for card in cards:
            hand.get_by_role("button", name=f"More {card}").tap()
    page.get_by_role("spinbutton", name="Dana", exact=True).fill("15")
    c.check("cards-counted-320")
    page.get_by_role("button", name="Save hand 1").tap()
    # ben a joker and an ace: 50 + 15; cid a two: 20
    # the seats from Cid round: Cid, Dana, Ann, Ben
    expect(told(page, "Saved. Hand 1: Ann went out; Cid 20, Dana 15, Ben 65")).to_be_visible()
    expect(page.locator("table.hands-500 td.out")).to_contain_text("0⚑")

    # ---- A: the night's result shared in one tap (copied: this Chromium has no share sheet)
    a.context.grant_permissions(["clipboard-read", "clipboard-write"])
    a.goto(night.removeprefix(a.base))
    a.page.get_by_role("button", name="Share the result").tap()
    expect(a.page.get_by_role("button", name="Copied: paste it in the chat")).to_be_visible()
    lines = a.page.evaluate("navigator.clipboard.readText()").splitlines()
    assert lines[1:] == ["1. Qwixx: Cid 30 ★, Ben 20, Ann 10", "Cid won 1 of 1 game."]
    a.check("night-shared")

    # ---- A: Ann's page, head to head with Cid
    a.page.get_by_role("link", name="Players").first.click()
    a.page.get_by_role("link", name="Ann", exact=True).click()
    a.page.get_by_label("Ann against").select_option(label="Cid")
    a.page.get_by_role("button", name="Compare").click()
    expect(a.page.locator(".versus-sum")).to_have_text(
        "In 1 finished game together: Ann did better 0 times, Cid 1 times, level 0.")
    a.check("head-to-head")

    # ---- A: the group's backup, restored from the History page into a new group
    a.page.get_by_role("link", name="History").first.click()
    with a.page.expect_download() as download:
        a.page.get_by_role("link", name="Download a backup (JSON)").click()
    a.page.get_by_label("Backup file").set_input_files(download.value.path())
    a.page.get_by_role("button", name="Restore into a new group").click()
    expect(told(a.page, "Restored into the new group")).to_contain_text(
        "4 players, 1 night and 3 games")
    a.check("restored")
