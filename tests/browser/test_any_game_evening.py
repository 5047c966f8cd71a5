"""A game of Qwixx at the table in Chromium at phone size: set up by name, rounds with
negative points, ended by the table, found again in the history and on a player's page."""

import re

from playwright.sync_api import expect

PLAYERS = ["Ann", "Ben", "Cid"]


def play_round(page, points):
    for name, value in points.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(value))
    page.get_by_role("button", name=re.compile(r"^Save round")).click()


def test_a_game_of_qwixx_from_setup_to_the_players_page(table):
    page = table.page
    table.goto("/")
    page.get_by_role("button", name="Start the night").click()
    for name in PLAYERS:
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
    page.get_by_role("link", name="Any game", exact=True).click()
    page.get_by_label("Name of the game").fill("Qwixx")
    table.check("setup-any-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile("^Qwixx"))).to_be_visible()
    table.check("qwixx-new")

    play_round(page, {"Ann": 12, "Ben": -5, "Cid": 0})
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 1: Ann 12, Ben -5, Cid 0.")
    # a forgotten score comes back with what was typed
    play_round(page, {"Ann": 20, "Ben": 31})
    expect(page.get_by_text("Type Cid's points, or 0.")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("31")
    table.check("qwixx-refused")
    page.get_by_role("spinbutton", name="Cid", exact=True).fill("-10")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 2: Ann 20, Ben 31, Cid -10.")
    table.check("qwixx-round-2")

    page.get_by_role("button", name="End the game now").click()
    # Ann 32, Ben 26, Cid -10
    expect(page.get_by_text("Ann won the game")).to_be_visible()
    expect(page.get_by_role("status").first).to_contain_text("Saved. The game ended after round 2.")
    expect(page.get_by_role("button", name="Undo the end of the game")).to_be_visible()
    table.check("qwixx-finished")

    page.get_by_role("link", name="History").click()
    page.get_by_label("Game").select_option(label="Qwixx")
    page.get_by_role("button", name="Show nights").click()
    expect(page.get_by_role("heading", name="1 night found")).to_be_visible()
    table.check("history-qwixx")
    page.get_by_role("link", name="Players").click()
    page.get_by_role("link", name="Ann").click()
    expect(page.get_by_role("heading", name="Qwixx", level=3)).to_be_visible()
    table.check("player-ann-qwixx")
