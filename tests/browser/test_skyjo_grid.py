"""A Skyjo round by cards in Chromium at phone size: a keypad under the grid types a card a
tap (no digits to merge, at any speed), a keyboard moves on cell to cell, the grid says the
column that goes, and a round of typed scores fits the screen with its Save button."""

import pytest
from playwright.sync_api import expect

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]


def start_skyjo(table):
    page = table.page
    table.goto("/")
    page.get_by_label("Title (optional)").fill("Cards at Cid's")
    page.get_by_role("button", name="Start the night").click()
    for name in PLAYERS:
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
    page.get_by_role("link", name="Skyjo", exact=True).click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    # the scripts are run by then, as they are before a person's first tap
    page.wait_for_load_state()


def cell(page, player, c):
    return page.get_by_label(f"{player}, row {c // 4 + 1}, column {c % 4 + 1}", exact=True)


def score(page, player):
    return page.get_by_role("spinbutton", name=player, exact=True)


def in_view(page, locator):
    """Wholly on the screen as it is, without scrolling."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_round_by_cards_moves_on_cell_by_cell_and_says_the_column_that_goes(table, scheme):
    page = table.page
    page.emulate_media(color_scheme=scheme)
    start_skyjo(table)
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.get_by_text("Or enter Dora's cards").click()

    # scores typed, the keyboard's enter key moving on: to Dora's score, then her cards
    score(page, "Ann").click()
    for name, value in [("Ann", "12"), ("Ben", "20"), ("Cid", "7")]:
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    expect(score(page, "Dora")).to_be_focused()
    expect(score(page, "Dora")).to_have_attribute("enterkeyhint", "next")
    page.keyboard.press("Enter")
    expect(cell(page, "Dora", 0)).to_be_focused()

    # row 1: 5 and 0 are whole at once, 1 then 2 make 12, a lone 1 waits for the key that
    # decides, however long: Enter moves on
    page.keyboard.type("5120")
    expect(cell(page, "Dora", 3)).to_be_focused()
    page.keyboard.type("1")
    page.wait_for_timeout(1500)
    expect(cell(page, "Dora", 3)).to_be_focused()
    page.keyboard.press("Enter")
    expect(cell(page, "Dora", 4)).to_be_focused()
    # row 2: -1 is whole; row 3: a 1 followed by a minus sign moves on with it, to -2
    page.keyboard.type("5-142")
    expect(cell(page, "Dora", 8)).to_be_focused()
    page.keyboard.type("51-2")
    expect(cell(page, "Dora", 11)).to_be_focused()
    page.keyboard.type("6")
    expect(cell(page, "Dora", 11)).not_to_be_focused()
    typed = [cell(page, "Dora", c).input_value() for c in range(12)]
    assert typed == ["5", "12", "0", "1", "5", "-1", "4", "2", "5", "1", "-2", "6"]

    # the column of 5s goes at the reveal: 12 - 1 + 1, 0 + 4 - 2, 1 + 2 + 6
    expect(page.get_by_text("A column of 5s goes: 23.", exact=True)).to_be_visible()
    expect(page.locator(".card-grid").last.get_by_text("goes", exact=True)).to_have_count(1)
    table.check(f"skyjo-grid-{scheme}")
    page.get_by_role("button", name="Save round 1").click()
    # ann finished but cid's 7 is lower: her 12 is doubled
    expect(page.get_by_role("status").first).to_contain_text(
        "Round 1: Ann 24 (doubled), Ben 20, Cid 7, Dora 23")


def test_a_wrong_card_is_said_once_beside_its_cell(table):
    page = table.page
    start_skyjo(table)
    page.get_by_role("radio", name="Ben", exact=True).check()
    for name, value in [("Ann", 12), ("Ben", 3), ("Cid", 30)]:
        score(page, name).fill(str(value))
    page.get_by_text("Or enter Dora's cards").click()
    for c in range(12):
        cell(page, "Dora", c).fill("13" if c == 5 else str(c % 4))
    message = "Row 2, column 2: Dora's grid has a card of 13; cards run from -2 to 12."
    # the live preview says it below the row, and the grid's score is not shown
    expect(page.get_by_text(message)).to_have_count(1)
    expect(page.locator("#grid_score_3")).to_have_text("")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_text(message)).to_have_count(1)
    expect(page.get_by_text("cards run from", exact=False)).to_have_count(1)
    expect(cell(page, "Dora", 5)).to_have_value("13")
    expect(cell(page, "Dora", 5)).to_have_attribute("aria-invalid", "true")
    table.check("skyjo-wrong-card")


def test_a_round_of_four_scores_fits_the_screen_after_a_save(table):
    page = table.page
    start_skyjo(table)
    rounds = [("Ann", {"Ann": 10, "Ben": 24, "Cid": 10, "Dora": 30}),
              ("Cid", {"Ann": 12, "Ben": 8, "Cid": 3, "Dora": 15})]
    for number, (finisher, scores) in enumerate(rounds, start=1):
        # what a person reaches from the view a save leaves: finisher, the scores, Save
        controls = [page.get_by_role("radio", name=finisher, exact=True),
                    *(score(page, name) for name in scores),
                    page.get_by_role("button", name=f"Save round {number}")]
        if number > 1:
            assert all(in_view(page, control) for control in controls)
        controls[0].check()
        score(page, "Ann").click()
        for name, value in scores.items():
            if name != "Ann":
                page.keyboard.press("Enter")
            expect(score(page, name)).to_be_focused()
            page.keyboard.type(str(value))
        expect(score(page, "Dora")).to_have_attribute("enterkeyhint", "done")
        expect(page.get_by_role("button", name=f"Save round {number}")).to_be_in_viewport()
        controls[-1].click()
        expect(page.get_by_role("status").first).to_contain_text(f"Saved. Round {number}:")
        page.wait_for_load_state()
    table.check("skyjo-two-rounds")
    # the rounds oldest first
    rows = page.locator("table.rounds tbody tr")
    expect(rows.first.get_by_role("cell")).to_have_text(["20⚑×2", "24", "10", "30"])
    expect(rows.last.get_by_role("cell")).to_have_text(["12", "8", "3⚑", "15"])


def keys(page, player):
    """The keypad under `player`'s grid."""
    return page.locator(".player-entry").filter(
        has=page.get_by_label(f"{player}, row 1, column 1", exact=True)).get_by_role(
        "group", name="Card values")


@pytest.mark.parametrize("width,scheme", [(390, "light"), (320, "dark")])
def test_the_keypad_types_a_card_a_tap_at_any_speed(table, width, scheme):
    page = table.page
    page.set_viewport_size({"width": width, "height": 844})
    page.emulate_media(color_scheme=scheme)
    start_skyjo(table)
    page.get_by_role("radio", name="Ann", exact=True).tap()
    score(page, "Ann").fill("5")
    score(page, "Ben").fill("20")

    # Dora's cards, row by row, tapped as fast as the browser can: 1 then 2 are two cards
    page.get_by_text("Or enter Dora's cards").tap()
    pad = keys(page, "Dora")
    for value in ["1", "2", "3", "4", "−1", "−2", "5", "12", "3", "4", "0", "6"]:
        pad.get_by_role("button", name=value, exact=True).tap()
    typed = [cell(page, "Dora", c).input_value() for c in range(12)]
    assert typed == ["1", "2", "3", "4", "-1", "-2", "5", "12", "3", "4", "0", "6"]
    # no cell took the focus: the phone's keyboard stays closed, the keypad in view
    assert page.evaluate("document.activeElement.tagName") != "INPUT"
    # 1+2+3+4, -1-2+5+12, 3+4+0+6
    expect(page.locator("#grid_score_3")).to_contain_text("37")

    # a mistake: a cell tapped is the one the next key fills; ⌫ clears the card before
    cell(page, "Dora", 1).tap()
    assert page.evaluate("document.activeElement.tagName") != "INPUT"
    pad.get_by_role("button", name="9", exact=True).tap()
    expect(cell(page, "Dora", 1)).to_have_value("9")
    expect(cell(page, "Dora", 2)).to_have_value("3")
    pad.get_by_role("button", name="Clear a card").tap()
    expect(cell(page, "Dora", 2)).to_have_value("")
    pad.get_by_role("button", name="3", exact=True).tap()
    expect(page.locator("#grid_score_3")).to_contain_text("44")

    # Cid's column 2 went during play: — leaves its places empty
    page.get_by_text("Or enter Cid's cards").tap()
    pad = keys(page, "Cid")
    for value in ["5", "—", "7", "8", "0", "—", "1", "2", "3", "—", "4", "−2"]:
        if value == "—":
            pad.get_by_role("button", name="No card: a column gone").tap()
        else:
            pad.get_by_role("button", name=value, exact=True).tap()
    assert [cell(page, "Cid", c).input_value() for c in range(12)] == [
        "5", "", "7", "8", "0", "", "1", "2", "3", "", "4", "-2"]
    table.check(f"skyjo-keypad-{width}-{scheme}")
    page.get_by_role("button", name="Save round 1").tap()
    # Ann finished lowest: not doubled; Cid 5+7+8+0+1+2+3+4-2 = 28; Dora 1+9+3+4+...: 44
    expect(page.get_by_role("status").first).to_contain_text(
        "Round 1: Ann 5, Ben 20, Cid 28, Dora 44")
