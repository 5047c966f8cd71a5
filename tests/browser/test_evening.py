"""A whole game night in Chromium at phone size, found by label and role as a person would,
once in each of the app's languages but English (which every other browser test plays):
the phone's browser asks for the language (its Accept-Language), every page must be in it,
and every word the test looks for is the one that language's catalog gives
(tests/browser/words.py); player names stay as typed."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Table, answered
from tests.browser.words import capital, like, plain, t, tn

PLAYERS = ["Ann", "Ben", "Cid", "Dora"]
# English plays every other browser test, its evening on three phones included
# (test_three_phones_evening.py); here the three other languages play the whole night
LANGUAGES = ["et", "pl", "lv"]
# axe-core judges structure, names, colours and spacing: once, in the language of the
# longest words, is enough (every language is checked for sideways scrolling and tap
# targets at 320 to 430 px)
AXE_IN = "lv"


@pytest.fixture(params=LANGUAGES)
def lang(request):
    return request.param


@pytest.fixture
def table(new_context, live_server, lang, request):
    """A phone at the table whose browser speaks `lang` (Playwright's locale sets its
    Accept-Language and navigator.language)."""
    page = new_context(locale=lang).new_page()
    person = Table(page, live_server, request.node.name, lang=lang, axe=lang == AXE_IN)
    yield person
    person.finish()


def tap_pill(radio):
    """Tap a pill as a person does: on it (the label around its radio). The radio itself
    is a 1 px dot at the pill's centre, and in some languages the pill's word lies over
    that dot ("Izgāja" in lv): Playwright's check() takes the word for a cover, though a
    tap on it picks the pill. Found again by id: a chosen pill's name gains a "✓ "."""
    dot = radio.page.locator(f"#{radio.get_attribute('id')}")
    dot.locator("xpath=ancestor::label[1]").click()
    expect(dot).to_be_checked()


def start_night(table):
    page, lang = table.page, table.lang
    table.goto("/")
    table.check("home")
    page.get_by_label(t(lang, "Title (optional)")).fill("At Ann's")
    page.get_by_role("button", name=t(lang, "Start the night")).click()
    expect(page.get_by_role("heading", name="At Ann's")).to_be_visible()
    for name in PLAYERS:
        page.get_by_label(t(lang, "New player's name")).fill(name)
        page.get_by_role("button", name=t(lang, "Add player")).click()
        expect(page.get_by_role("status").first).to_contain_text(
            t(lang, "%(name)s joined the night.", name=name))
    table.check("night")


def start_game(table, title, seats=None):
    """A new game from the night page; `seats` to seat other than the table last sat.
    `title` is the kind's title (a word of the rules), in English."""
    page, lang = table.page, table.lang
    page.get_by_role("link", name=t(lang, title), exact=True).click()
    expect(page.get_by_role("heading", name=t(lang, "New game of %(game)s",
                                                game=t(lang, title)))).to_be_visible()
    for i, name in enumerate(seats or []):
        page.get_by_label(t(lang, "Seat %(number)s", number=i + 1), exact=True).select_option(name)
    table.check(f"setup-{title}")
    page.get_by_role("button", name=t(lang, "Start the game")).click()
    # the form is sent in the background: the pad opens once the server answered
    page.wait_for_url(re.compile(r"/games/\d+$"))
    expect(page.get_by_role("heading", name=re.compile(re.escape(t(lang, title))))).to_be_visible()


def back_to_the_night(page):
    page.get_by_role("link", name=re.compile("At Ann's")).click()


def saved(lang, entry=None):
    """The flash after a save, "Saved. Round 1: …", with the entry's sentence as far as
    `entry` (a pattern) tells it."""
    return like(lang, "Saved. %(entry)s.", **({"entry": entry} if entry else {}))


def save_round(page, lang):
    page.get_by_role("button", name=like(lang, "Save round %(number)s")).click()
    answered(page)


def skyjo_round(page, lang, finisher, scores):
    tap_pill(page.get_by_role("radio", name=finisher, exact=True))
    for name, score in scores.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    save_round(page, lang)


def skyjo_saved(lang, number):
    return saved(lang, like(lang, "Round %(number)s: %(scores)s", number=number))


def play_skyjo(table):
    page, lang = table.page, table.lang
    start_game(table, "Skyjo")
    table.check("skyjo-new")
    skyjo_round(page, lang, "Ann", {"Ann": 10, "Ben": 24, "Cid": 10, "Dora": 30})
    expect(page.get_by_role("status").first).to_contain_text(skyjo_saved(lang, 1))
    table.check("skyjo-round-1")

    # a wrong entry is refused and keeps what was typed
    skyjo_round(page, lang, "Cid", {"Ann": 12, "Ben": 8, "Cid": 3, "Dora": 150})
    expect(page.get_by_text(t(
        lang, "{player}'s score of {score} is more than a Skyjo hand can hold ({most} at most).",
        player="Dora", score=150, most=140))).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Dora", exact=True)).to_have_value("150")
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("8")
    table.check("skyjo-refused")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("15")
    save_round(page, lang)
    expect(page.get_by_role("status").first).to_contain_text(skyjo_saved(lang, 2))

    # the cards of one player, counted live before saving
    tap_pill(page.get_by_role("radio", name="Ben", exact=True))
    for name, score in {"Ann": 20, "Cid": 14, "Dora": 9}.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(score))
    page.get_by_text(plain(t(lang, "<span class=\"visually-hidden\">Or enter %(player)s's "
                                   "</span>Cards", player="Ben"))).click()
    cards = [5, 0, -1, 2, 5, 1, -1, 2, 5, -2, 3, 4]
    for c, value in enumerate(cards):
        page.get_by_label(t(lang, "%(player)s, row %(row)s, column %(column)s", player="Ben",
                            row=c // 4 + 1, column=c % 4 + 1), exact=True).fill(str(value))
    # the first column of 5s goes at the reveal: -1 + 1 + 8
    expect(page.get_by_text(t(lang, "%(columns)s goes: %(score)s.",
                              columns=capital(t(lang, "a column of %(value)ss", value=5)),
                              score=8))).to_be_visible()
    table.check("skyjo-cards")
    # dora's 9 typed as 90 by mistake: undo puts the round back in the form to fix it
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("90")
    save_round(page, lang)
    expect(page.get_by_role("status").first).to_contain_text(skyjo_saved(lang, 3))
    page.get_by_role("button", name=t(lang, "Undo round %(number)s", number=3)).click()
    expect(page.get_by_role("status").first).to_contain_text(
        t(lang, "Undone: %(entry)s. Its values are back in the form.",
          entry=t(lang, "Round %(number)s: %(scores)s", number=3,
                  scores="Ann 20, Ben 8, Cid 14, Dora 90")))
    expect(page.get_by_role("spinbutton", name="Cid", exact=True)).to_have_value("14")
    table.check("skyjo-undo")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("9")
    save_round(page, lang)
    expect(page.get_by_role("status").first).to_contain_text(skyjo_saved(lang, 3))

    # correct round 1: Ann's 10 was really 4 (no longer doubled)
    page.get_by_role("link", name=t(lang, "Correct round %(number)s", number=1)).click()
    table.check("skyjo-correct")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("4")
    page.get_by_role("button", name=t(lang, "Save the correction")).click()
    expect(page.get_by_role("status").first).to_contain_text(
        t(lang, "%(entry)s corrected.", entry=capital(t(lang, "round {number}", number=1))))

    # totals: ann 4+12+20+70 = 106 ends the game; cid's 10+3+14+50 = 77 is the lowest
    skyjo_round(page, lang, "Dora", {"Ann": 70, "Ben": 60, "Cid": 50, "Dora": 40})
    expect(page.get_by_text(t(lang, "%(name)s won the game.", name="Cid"))).to_be_visible()
    table.check("skyjo-finished")
    back_to_the_night(page)


# dice that make each row, and what that row then scores
DICE_TURNS = [("Ones", [1, 1, 1, 1, 2], 1), ("Twos", [2, 2, 2, 5, 6], 0),
              ("Threes", [3, 3, 3, 3, 1], 3), ("Fours", [4, 4, 4, 1, 2], 0),
              ("Fives", [5, 5, 5, 5, 5], 10), ("Sixes", [6, 6, 6, 2, 3], 0),
              ("Pair", [6, 6, 1, 2, 3], 12), ("Two pairs", [5, 5, 4, 4, 1], 18),
              ("Three of a kind", [4, 4, 4, 1, 2], 12), ("Small straight", [1, 2, 3, 4, 5], 15),
              ("Big straight", [2, 3, 4, 5, 6], 20), ("Full house", [3, 3, 3, 2, 2], 13),
              ("Four of a kind", [2, 2, 2, 2, 6], 8), ("Poker", [1, 1, 1, 1, 1], 55),
              ("Chance", [6, 6, 5, 5, 4], 26)]


def dice_turn(page, lang, row, dice, first_throw=False):
    for face in dice:
        page.get_by_role("button", name=t(lang, "Add a %(value)s", value=face), exact=True).click()
    if first_throw:
        page.get_by_label(t(lang, "First throw: part 2 doubles")).check()
    # each open row says what the dice score in it: "Pair 12"
    page.get_by_role("radio", name=re.compile(rf"^{re.escape(t(lang, row))}( |$)")).check()
    page.get_by_role("button", name=t(lang, "Save the turn")).click()
    answered(page)


def play_dice_poker(table):
    page, lang = table.page, table.lang
    # a game for two of the four: the night's seating is cleared from the other two seats
    start_game(table, "Dice poker", seats=["Ann", "Ben", "", ""])
    table.check("dice-new")
    for n, (row, dice, _) in enumerate(DICE_TURNS):
        for seat in range(2):
            # ann throws her pair on the first throw (doubled to 24)
            dice_turn(page, lang, row, dice, first_throw=(row == "Pair" and seat == 0))
            expect(page.get_by_role("status").first).to_contain_text(saved(lang))
        if n == 6:
            table.check("dice-part-2")
    expect(page.get_by_text(t(lang, "%(name)s won the game.", name="Ann"))).to_be_visible()
    # part 1: 1+0+3+0+10+0 = 14, bonus 50; part 2: 12..26 = 179; ann's pair doubled: +12
    expect(page.get_by_role("table")).to_contain_text("255")
    table.check("dice-finished")
    back_to_the_night(page)


def save_hand(page, lang):
    page.get_by_role("button", name=like(lang, "Save hand %(number)s")).click()
    answered(page)


def went_out(lang, player):
    """The button beside a player's points: "Ann went out" (the name is for screen readers)."""
    return plain(t(lang, "<span class=\"visually-hidden\">%(player)s </span>went out",
                   player=player))


def cards_hand(page, lang, out, points):
    tap_pill(page.get_by_role("radio", name=went_out(lang, out), exact=True))
    for name, value in points.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(value))
    save_hand(page, lang)


def play_cards_500(table):
    page, lang = table.page, table.lang
    start_game(table, "Card game to 500")
    table.check("cards-new")
    # counted cards for Ben: two jokers, one ace, three small cards = 130
    tap_pill(page.get_by_role("radio", name=went_out(lang, "Ann"), exact=True))
    page.get_by_text(t(lang, "Count the cards instead")).click()
    counting = page.locator("fieldset", has_text=t(lang, "%(player)s’s cards", player="Ben"))
    # a key a card, as the cards are laid down
    for card, times in [("Jokers", 2), ("Aces", 1), ("Three to Nine", 3)]:
        for _ in range(times):
            counting.get_by_role("button", name=like(lang, "More %(card)s",
                                                     card=t(lang, card))).click()
    expect(page.get_by_text(tn(lang, "%(num)d card: %(points)s points",
                               "%(num)d cards: %(points)s points", 6,
                               points="130")).first).to_be_visible()
    page.get_by_role("spinbutton", name="Cid", exact=True).fill("45")
    page.get_by_role("spinbutton", name="Dora", exact=True).fill("20")
    table.check("cards-counting")
    save_hand(page, lang)
    expect(page.get_by_role("status").first).to_contain_text(
        saved(lang, like(lang, "Hand %(number)s: %(out)s went out; %(scores)s",
                         number=1, out="Ann")))

    # a typed total that no hand can make is refused, with the values kept
    cards_hand(page, lang, "Ben", {"Ann": 33, "Cid": 50, "Dora": 60})
    expect(page.locator("#main")).to_contain_text(t(
        lang, "{player} cannot score {points}: every card is worth a multiple of 5.",
        player="Ann", points=33))
    expect(page.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("33")
    table.check("cards-refused")
    page.get_by_role("spinbutton", name="Ann", exact=True).fill("35")
    save_hand(page, lang)
    for out, points in [("Cid", {"Ann": 150, "Ben": 100, "Dora": 200}),
                        ("Dora", {"Ann": 150, "Ben": 100, "Cid": 5}),
                        ("Ann", {"Ben": 100, "Cid": 5, "Dora": 250})]:
        cards_hand(page, lang, out, points)
    expect(page.get_by_text(t(lang, "%(name)s won the game.", name="Cid"))).to_be_visible()
    table.check("cards-finished")
    back_to_the_night(page)


def skull_challenge(page, lang, challenger, bid, outcome):
    """`outcome`: "Success", or whose skull was flipped ("Cid")."""
    ended = (t(lang, "Success") if outcome == "Success"
             else t(lang, "Skull of %(player)s", player=outcome))
    tap_pill(page.get_by_role("radio", name=challenger, exact=True))
    page.get_by_role("radio", name=str(bid), exact=True).check()
    page.get_by_role("radio", name=ended, exact=True).check()
    save_challenge(page, lang)


def save_challenge(page, lang):
    page.get_by_role("button", name=like(lang, "Save challenge %(number)s")).click()
    answered(page)


def play_skull(table):
    page, lang = table.page, table.lang
    start_game(table, "Skull")
    table.check("skull-new")
    skull_challenge(page, lang, "Ann", 3, "Success")
    # a bid of 1 can only turn the challenger's own skull
    skull_challenge(page, lang, "Ben", 1, "Cid")
    expect(page.locator("#main")).to_contain_text(t(
        lang, "A bid of 1 only flips {player}'s own card, so it cannot reveal {owner}'s skull.",
        player="Ben", owner="Cid"))
    expect(page.get_by_role("radio", name="1", exact=True)).to_be_checked()
    table.check("skull-refused")
    page.get_by_role("radio", name="2", exact=True).check()
    save_challenge(page, lang)
    # Cid's skull: Cid picks which of Ben's four cards Ben loses
    expect(page.get_by_text(plain(tn(
        lang, "<strong>%(who)s loses a card:</strong> <strong>%(picker)s</strong> picks one of "
        "%(who)s's %(count)s card at random: %(who)s shuffles them face down and lays them in "
        "a row.", "<strong>%(who)s loses a card:</strong> <strong>%(picker)s</strong> picks "
        "one of %(who)s's %(count)s cards at random: %(who)s shuffles them face down and "
        "lays them in a row.", 4, who="Ben", picker="Cid", count=4)))).to_be_visible()
    page.get_by_text(t(lang, "Pick a card for %(player)s", player="Cid")).click()
    expect(page.get_by_text(like(
        lang, "%(picker)s takes %(player)s's card number %(number)s counting from the left.",
        picker="Cid", player="Ben", number=re.compile(r"\d")))).to_be_visible()
    table.check("skull-pick")
    skull_challenge(page, lang, "Dora", 4, "Success")
    skull_challenge(page, lang, "Ann", 5, "Success")
    expect(page.get_by_text(t(lang, "%(name)s won the game.", name="Ann"))).to_be_visible()
    table.check("skull-finished")
    back_to_the_night(page)


def review(table):
    page, lang = table.page, table.lang
    table.check("night-recap")
    page.get_by_role("link", name=t(lang, "History")).click()
    table.check("history")
    page.get_by_role("link", name=t(lang, "Players")).click()
    page.get_by_role("link", name="Ann").click()
    table.check("player-ann")
    # head to head with Ben, in the page's language
    page.get_by_label(t(lang, "%(name)s against", name="Ann")).select_option(label="Ben")
    page.get_by_role("button", name=t(lang, "Compare")).click()
    expect(page.locator("table.versus")).to_be_visible()
    table.check("player-ann-vs-ben")


def test_a_whole_game_night_at_the_table(table):
    start_night(table)
    play_skyjo(table)
    play_dice_poker(table)
    play_cards_500(table)
    play_skull(table)
    review(table)
