"""Wizard at the table on two phones at 390 px: bids then tricks, each number a tap, the
sums said as they are tapped, the bids shown on the other phone while the round is played.
Scores by hand from RULES.md section 6: a bid met 20 + 10 a trick, else -10 a difference."""

import re

from playwright.sync_api import expect

from tests.browser.test_live_table import (LIVE, live_app, base, phones, said, sheet_rows,  # noqa: F401
                                           standings, start_night, told)

PLAYERS = ["Ann", "Ben", "Cid"]


def totals(pairs):
    """A standings row per (name, total): the name, maybe "(Leading)", the total, and the
    dealer's tag."""
    return [re.compile(rf"^\W*{name}\D*?\s{re.escape(str(total))}\s*(Deals)?\s*$")
            for name, total in pairs]


def tap(page, numbers):
    """Tap each player's number in their row of the entry form."""
    entry = page.locator("#entry")
    for name, number in numbers.items():
        entry.get_by_role("group", name=re.compile(rf"^{name}\b")).get_by_role(
            "radio", name=str(number), exact=True).check()


def test_a_round_of_wizard_bid_on_one_phone_and_scored_on_the_other(phones):  # noqa: F811
    a, b = phones("A"), phones("B")
    start_night(a, PLAYERS)
    a.page.get_by_role("link", name="Wizard", exact=True).click()
    a.page.get_by_role("button", name="Start the game").click()
    expect(a.page.get_by_role("heading", name="Round 1: bids")).to_be_visible()
    pad = a.page.url
    b.page.goto(pad)
    # no keyboard: every number is a tap
    expect(a.page.locator("#entry").get_by_role("spinbutton")).to_have_count(0)
    expect(a.page.locator("#entry").get_by_role("textbox")).to_have_count(0)

    tap(a.page, {"Ann": 1, "Ben": 0})
    # the sum as it is tapped (the live preview)
    expect(a.page.get_by_role("status").filter(has_text="Bids so far")).to_have_text(
        "Bids so far: 1 of 1 trick")
    tap(a.page, {"Cid": 1})
    expect(a.page.get_by_role("status").filter(has_text="Bids so far")).to_have_text(
        "Bids so far: 2 of 1 trick")
    a.check("bids-tapped")
    a.page.get_by_role("button", name="Save the bids").click()
    expect(told(a.page, "Saved. Bids of round 1: Ann 1, Ben 0, Cid 1.")).to_be_visible()

    # the other phone shows the bids while the round is played, and asks for the tricks
    expect(b.page.get_by_text("Bids 2 of 1 trick: at least one player will miss.")).to_be_visible(
        timeout=LIVE)
    expect(b.page.get_by_role("heading", name="Round 1: tricks")).to_be_visible()
    expect(said(b.page)).to_have_text("The bidding of round 1 was saved on another phone.",
                                      timeout=LIVE)
    b.check("bids-on-the-other-phone")
    tap(b.page, {"Ann": 1, "Ben": 1, "Cid": 0})
    expect(b.page.get_by_role("status").filter(has_text="Tricks so far")).to_have_text(
        "Tricks so far: 2 of 1")
    b.page.get_by_role("button", name="Save the tricks").click()
    # two tricks of a round of one: refused, with what was tapped kept
    expect(b.page.get_by_text("The tricks add up to 2, not 1")).to_be_visible()
    expect(b.page.locator("#entry").get_by_role("group", name=re.compile("^Ben\\b"))
           .get_by_role("radio", name="1", exact=True)).to_be_checked()
    b.check("tricks-refused")
    tap(b.page, {"Ben": 0})
    b.page.get_by_role("button", name="Save the tricks").click()
    # Ann bid 1 took 1: +30; Ben bid 0 took 0: +20; Cid bid 1 took 0: -10
    expect(told(b.page, "Saved. Round 1: Ann +30, Ben +20, Cid -10.")).to_be_visible()
    expect(standings(b.page)).to_have_text(totals([("Ann", 30), ("Ben", 20), ("Cid", -10)]))
    assert sheet_rows(b.page) == [["Round", *PLAYERS], ["1", "1/1 +30", "0/0 +20", "1/0 -10"],
                                  ["Total", "30", "20", "-10"]]
    b.check("round-1-scored")

    # the first phone follows, ready for round 2's bids with Ben dealing
    expect(standings(a.page)).to_have_text(totals([("Ann", 30), ("Ben", 20), ("Cid", -10)]),
                                           timeout=LIVE)
    expect(a.page.get_by_role("heading", name="Round 2: bids")).to_be_visible()
    expect(a.page.locator("#entry").get_by_role("group", name=re.compile("^Ben\\b"))).to_contain_text(
        "Deals")
    expect(a.page.locator("#entry").get_by_role("group", name=re.compile("^Ann\\b"))
           .get_by_role("radio")).to_have_count(3)
    a.check("round-2-bids")
