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
        expect(page.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
    table.check("night")


def start_game(table, title, seats=None):
    """A new game from the night page; `seats` to seat other than the table last sat."""
    page = table.page
    page.get_by_role("link", name=title, exact=True).click()
    expect(page.get_by_role("heading", name=f"New game of {title}")).to_be_visible()
    for i, name in enumerate(seats or []):
        page.get_by_label(f"Seat {i + 1}", exact=True).select_option(name)
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
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 1:")
    table.check("skyjo-round-1")

    # a wrong entry is refused and keeps what was typed
    skyjo_round(page, "Cid", {"Ann": 12, "Ben": 8, "Cid": 3, "Dora": 150})
    expect(page.get_by_text("Dora's score of 150 is more than a Skyjo hand can hold (140 at most).")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Dora", exact=True)).to_have_value("150")
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("8")
    table.check("skyjo-refused")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("15")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 2:")

    # the cards of one player, counted live before saving
    page.get_by_role("radio", name="Ben", exact=True).check()
    for name, score in {"Ann": 20, "Cid": 14, "Dora": 9}.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    page.get_by_text("Or enter Ben's cards").click()
    cards = [5, 0, -1, 2, 5, 1, -1, 2, 5, -2, 3, 4]
    for c, value in enumerate(cards):
        page.get_by_label(f"Ben, row {c // 4 + 1}, column {c % 4 + 1}", exact=True).fill(str(value))
    # the first column of 5s goes at the reveal: -1 + 1 + 8
    expect(page.get_by_text("A column of 5s goes: 8.")).to_be_visible()
    table.check("skyjo-cards")
    # dora's 9 typed as 90 by mistake: undo puts the round back in the form to fix it
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("90")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 3:")
    page.get_by_role("button", name="Undo round 3").click()
    expect(page.get_by_role("status").first).to_contain_text(
        "Undone: Round 3: Ann 20, Ben 8, Cid 14, Dora 90. Its values are back in the form.")
    expect(page.get_by_role("spinbutton", name="Cid", exact=True)).to_have_value("14")
    table.check("skyjo-undo")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("9")
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Round 3:")

    # correct round 1: Ann's 10 was really 4 (no longer doubled)
    page.get_by_role("link", name="Correct round 1").click()
    table.check("skyjo-correct")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("4")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_role("status").first).to_contain_text("Round 1 corrected.")

    # totals: ann 4+12+20+70 = 106 ends the game; cid's 10+3+14+50 = 77 is the lowest
    skyjo_round(page, "Dora", {"Ann": 70, "Ben": 60, "Cid": 50, "Dora": 40})
    expect(page.get_by_text("Cid won the game")).to_be_visible()
    table.check("skyjo-finished")
    page.get_by_role("link", name=re.compile("At Ann's")).click()


# dice that make each row, and what that row then scores
DICE_TURNS = [("Ones", [1, 1, 1, 1, 2], 1), ("Twos", [2, 2, 2, 5, 6], 0),
              ("Threes", [3, 3, 3, 3, 1], 3), ("Fours", [4, 4, 4, 1, 2], 0),
              ("Fives", [5, 5, 5, 5, 5], 10), ("Sixes", [6, 6, 6, 2, 3], 0),
              ("Pair", [6, 6, 1, 2, 3], 12), ("Two pairs", [5, 5, 4, 4, 1], 18),
              ("Three of a kind", [4, 4, 4, 1, 2], 12), ("Small straight", [1, 2, 3, 4, 5], 15),
              ("Big straight", [2, 3, 4, 5, 6], 20), ("Full house", [3, 3, 3, 2, 2], 13),
              ("Four of a kind", [2, 2, 2, 2, 6], 8), ("Poker", [1, 1, 1, 1, 1], 55),
              ("Chance", [6, 6, 5, 5, 4], 26)]


def dice_turn(page, row, dice, first_throw=False):
    for face in dice:
        page.get_by_role("button", name=f"Add a {face}", exact=True).click()
    if first_throw:
        page.get_by_label("First throw: part 2 doubles").check()
    # each open row says what the dice score in it: "Pair 12"
    page.get_by_role("radio", name=re.compile(rf"^{row}( |$)")).check()
    page.get_by_role("button", name="Save the turn").click()


def play_dice_poker(table):
    page = table.page
    # a game for two of the four: the night's seating is cleared from the other two seats
    start_game(table, "Dice poker", seats=["Ann", "Ben", "", ""])
    table.check("dice-new")
    for n, (row, dice, _) in enumerate(DICE_TURNS):
        for seat in range(2):
            # ann throws her pair on the first throw (doubled to 24)
            dice_turn(page, row, dice, first_throw=(row == "Pair" and seat == 0))
            expect(page.get_by_role("status").first).to_contain_text("Saved.")
        if n == 6:
            table.check("dice-part-2")
    expect(page.get_by_text("Ann won the game")).to_be_visible()
    # part 1: 1+0+3+0+10+0 = 14, bonus 50; part 2: 12..26 = 179; ann's pair doubled: +12
    expect(page.get_by_role("table")).to_contain_text("255")
    table.check("dice-finished")
    page.get_by_role("link", name=re.compile("At Ann's")).click()


def cards_hand(page, out, points):
    page.get_by_role("radio", name=f"{out} went out", exact=True).check()
    for name, value in points.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(value))
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()


def play_cards_500(table):
    page = table.page
    start_game(table, "Card game to 500")
    table.check("cards-new")
    # counted cards for Ben: two jokers, one ace, three small cards = 130
    page.get_by_role("radio", name="Ann went out", exact=True).check()
    page.get_by_text("Count the cards instead").click()
    counting = page.locator("fieldset", has_text="Ben’s cards")
    counting.get_by_role("spinbutton", name="Jokers").fill("2")
    counting.get_by_role("spinbutton", name="Aces").fill("1")
    counting.get_by_role("button", name=re.compile("More Three to Nine")).click()
    counting.get_by_role("button", name=re.compile("More Three to Nine")).click()
    counting.get_by_role("button", name=re.compile("More Three to Nine")).click()
    expect(page.get_by_text("130 points").first).to_be_visible()
    page.get_by_role("spinbutton", name="Cid", exact=True).fill("45")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("20")
    table.check("cards-counting")
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved. Hand 1:")

    # a typed total that no hand can make is refused, with the values kept
    cards_hand(page, "Ben", {"Ann": 33, "Cid": 50, "Dora": 60})
    expect(page.locator("#main")).to_contain_text("5")
    expect(page.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("33")
    table.check("cards-refused")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("35")
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()
    for out, points in [("Cid", {"Ann": 150, "Ben": 100, "Dora": 200}),
                        ("Dora", {"Ann": 150, "Ben": 100, "Cid": 5}),
                        ("Ann", {"Ben": 100, "Cid": 5, "Dora": 250})]:
        cards_hand(page, out, points)
    expect(page.get_by_text("Cid won the game")).to_be_visible()
    table.check("cards-finished")
    page.get_by_role("link", name=re.compile("At Ann's")).click()


def skull_challenge(page, challenger, bid, outcome):
    page.get_by_role("radio", name=challenger, exact=True).check()
    page.get_by_role("radio", name=str(bid), exact=True).check()
    page.get_by_role("radio", name=outcome, exact=True).check()
    page.get_by_role("button", name=re.compile(r"^Save challenge")).click()


def play_skull(table):
    page = table.page
    start_game(table, "Skull")
    table.check("skull-new")
    skull_challenge(page, "Ann", 3, "Success")
    # a bid of 1 can only turn the challenger's own skull
    skull_challenge(page, "Ben", 1, "Skull of Cid")
    expect(page.locator("#main")).to_contain_text("own")
    expect(page.get_by_role("radio", name="1", exact=True)).to_be_checked()
    table.check("skull-refused")
    page.get_by_role("radio", name="2", exact=True).check()
    page.get_by_role("button", name=re.compile(r"^Save challenge")).click()
    expect(page.get_by_text("picks one of Ben's")).to_be_visible()
    page.get_by_text(re.compile("^Pick a card for")).click()
    expect(page.get_by_text(re.compile(r"card number \d counting from the left"))).to_be_visible()
    table.check("skull-pick")
    skull_challenge(page, "Dora", 4, "Success")
    skull_challenge(page, "Ann", 5, "Success")
    expect(page.get_by_text("Ann won the game")).to_be_visible()
    table.check("skull-finished")
    page.get_by_role("link", name=re.compile("At Ann's")).click()


def review(table):
    page = table.page
    table.check("night-recap")
    page.get_by_role("link", name="History").click()
    table.check("history")
    page.get_by_role("link", name="Players").click()
    page.get_by_role("link", name="Ann").click()
    table.check("player-ann")


def test_a_whole_game_night_at_the_table(table):
    start_night(table)
    play_skyjo(table)
    play_dice_poker(table)
    play_cards_500(table)
    play_skull(table)
    review(table)
