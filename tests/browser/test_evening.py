"""A whole game night in Chromium at phone size, found by label and role as a person would."""

import re

from playwright.sync_api import expect

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]


def start_night(table):
    page = table.page
    table.goto("/")
    table.check("home")
    page.get_by_label("Title (optional)").fill("At Ann's")
    page.get_by_role("button", name="Start the night").click()
    expect(page.get_by_role("heading", name="At Ann's")).to_be_visible()
    for name in PLAYERS:
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.get_by_role("status")).to_contain_text(f"{name} joined the night.")
    table.check("night")


def start_game(table, title):
    page = table.page
    page.get_by_role("link", name=title, exact=True).click()
    expect(page.get_by_role("heading", name=f"New game of {title}")).to_be_visible()
    table.check(f"setup-{title}")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile(title))).to_be_visible()


def skyjo_round(page, finisher, scores):
    page.get_by_role("radio", name=finisher, exact=True).check()
    for name, score in scores.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    page.get_by_role("button", name=re.compile(r"^Save round")).click()


def play_skyjo(table):
    page = table.page
    start_game(table, "Skyjo")
    table.check("skyjo-new")
    skyjo_round(page, "Ann", {"Ann": 10, "Ben": 24, "Cid": 10, "Dora": 30})
    expect(page.get_by_role("status")).to_contain_text("Round 1 saved.")
    table.check("skyjo-round-1")

    # a wrong entry is refused and keeps what was typed
    skyjo_round(page, "Cid", {"Ann": 12, "Ben": 8, "Cid": 3, "Dora": 150})
    expect(page.get_by_text("A round score runs from -17 to 140.")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Dora", exact=True)).to_have_value("150")
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("8")
    table.check("skyjo-refused")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("15")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status")).to_contain_text("Round 2 saved.")

    # the cards of one player, counted live before saving
    page.get_by_role("radio", name="Ben", exact=True).check()
    for name, score in {"Ann": 20, "Cid": 14, "Dora": 9}.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    page.get_by_text("Or enter Ben's cards").click()
    cards = [5, 0, -1, 2, 5, 1, -1, 2, 5, -2, 3, 4]
    for c, value in enumerate(cards):
        page.get_by_label(f"Ben, row {c // 4 + 1}, column {c % 4 + 1}", exact=True).fill(str(value))
    # the first column of 5s goes at the reveal: -1 + 1 + 8
    expect(page.get_by_text("These cards score 8.")).to_be_visible()
    table.check("skyjo-cards")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status")).to_contain_text("Round 3 saved.")

    # undo the last round, then enter it again
    page.get_by_role("link", name="Undo round 3").click()
    table.check("skyjo-undo")
    page.get_by_role("button", name="Yes, undo round 3").click()
    expect(page.get_by_role("status")).to_contain_text("The last round was removed.")

    # correct round 1: Ann's 10 was really 4 (no longer doubled)
    page.get_by_role("link", name="Correct round 1").click()
    table.check("skyjo-correct")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("4")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_role("status")).to_contain_text("Round 1 corrected.")

    skyjo_round(page, "Ben", {"Ann": 20, "Ben": 10, "Cid": 14, "Dora": 9})
    skyjo_round(page, "Dora", {"Ann": 70, "Ben": 60, "Cid": 50, "Dora": 40})
    expect(page.get_by_text("Cid won the game")).to_be_visible()
    table.check("skyjo-finished")
    page.get_by_role("link", name=re.compile("At Ann's")).click()


def test_a_whole_game_night_at_the_table(table):
    start_night(table)
    play_skyjo(table)
    table.check("night-after-games")
