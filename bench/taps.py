"""python -m bench.taps [--shots DIR]: one entry of each kind played in Chromium as a person
at the table plays it, counting the taps, the keys pressed and the pixels scrolled.

Every entry starts from the page a save leaves (the game already has one entry; dice poker
has part 1 filled, so that all nine combinations are offered), the way the evening goes. A person scrolls only when what they must tap next is not on the screen
(or is under the sticky standings or Save bar): the script then scrolls it into the middle
of the screen and counts the distance. Keys are every character typed plus the keyboard's
Next key between fields. Figures are printed for 390 × 844 and 320 × 568 against the
targets of issues 15 and 31 and written to bench/results/taps.md.
"""

from __future__ import annotations

import argparse
import logging
import re
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from companion import create_app

logging.getLogger("werkzeug").setLevel(logging.WARNING)

ROOT = Path(__file__).parents[1]
RESULTS = ROOT / "bench" / "results"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-default-apps"]
SCREENS = [(390, 844), (320, 568)]
PLAYERS = ["Marta", "Kasia", "Tõnu", "Jānis"]
# the targets: (taps at most, pixels scrolled at most or None); keys are the digits typed
TARGETS = {"dice poker": (7, 0), "Skyjo, 4 players": (6, 0),
           "card game to 500, 4 players": (5, None),
           "card game to 500, two hands counted by card": (8, 0), "Skull": (4, None),
           "any other game, 4 players": (5, None), "Wizard bids, 4 players": (5, 0),
           "Wizard tricks, 4 players": (5, 0)}


class Person:
    """A phone in one hand: taps what is on screen, scrolls only to reach what is not."""

    def __init__(self, page):
        self.page = page
        self.taps = self.keys = self.scrolled = 0

    def reset(self):
        self.taps = self.keys = self.scrolled = 0

    def reach(self, locator):
        """Scroll, as a thumb would, until the control is on screen and not covered."""
        locator.wait_for(state="visible")
        for _ in range(3):
            if self.page.evaluate(ON_SCREEN, locator.element_handle()):
                return
            before = self.page.evaluate("window.scrollY")
            self.page.evaluate(CENTRE, locator.element_handle())
            self.scrolled += abs(self.page.evaluate("window.scrollY") - before)
        raise AssertionError(f"{locator} stays covered")

    def tap(self, locator):
        self.reach(locator)
        locator.tap()
        self.taps += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.keys += len(text)

    def next_key(self):
        self.page.keyboard.press("Enter")
        self.keys += 1

    def save(self, name):
        with self.page.expect_navigation():
            self.tap(self.page.get_by_role("button", name=name))
        expect(self.page.get_by_role("status").first).to_contain_text("Saved.")


# true when the control's middle is inside the window and it is what a tap there reaches
ON_SCREEN = """el => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (el.contains(hit) || hit.contains(el) || el.closest('label') === hit.closest('label') && hit.closest('label') !== null);
}"""
CENTRE = """el => {
  const box = el.getBoundingClientRect();
  window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
}"""


def serve(folder):
    app = create_app({"SECRET_KEY": "taps", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/taps.sqlite"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def start(page, base, kind_link, players=PLAYERS):
    """A group of this phone's (each kind's browser context is a new phone), a night with
    the players and a new game of the kind, through the pages (not counted)."""
    page.goto(base + "/")
    page.get_by_role("button", name="Start a group").click()
    page.goto(base + "/")
    page.get_by_role("button", name="Start the night").click()
    for name in players:
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        # the form is sent in the background: the next name goes in the page it answers
        expect(page.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
        page.wait_for_load_state("domcontentloaded")
    page.get_by_role("link", name=kind_link, exact=True).click()
    for i, name in enumerate(players):
        seat = page.get_by_label(f"Seat {i + 1}")
        if seat.count():
            seat.select_option(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(kind_link)


# -- one entry of each kind, as a person enters it --------------------------------------


def dice_turn(person, dice, row):
    page = person.page
    for face in dice:
        person.tap(page.get_by_role("button", name=f"Add a {face}", exact=True))
    person.tap(page.get_by_role("radio", name=re.compile(rf"^{row}( |$)")))
    person.save("Save the turn")


UPPER = ["Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"]


def dice_poker(person):
    """Part 1 played by all four (not counted), then a turn in part 2, where all nine
    combinations are open: the longest the form gets."""
    for row in UPPER:
        for _ in PLAYERS:
            dice_turn(person, [UPPER.index(row) + 1] * 3 + [1, 2], row)
    person.reset()
    dice_turn(person, [3, 3, 3, 2, 2], "Full house")


def typed_round(person, scores, first_field):
    """Tap the first field, type each score, the keyboard's Next key between them."""
    person.tap(first_field)
    for n, score in enumerate(scores):
        if n:
            person.next_key()
        person.type(str(score))


def skyjo_round(person, finisher, scores):
    page = person.page
    person.tap(page.get_by_role("radio", name=finisher, exact=True))
    typed_round(person, scores, page.get_by_role("spinbutton", name=PLAYERS[0], exact=True))
    person.save(re.compile(r"^Save round"))


def skyjo(person):
    skyjo_round(person, "Kasia", [12, 5, 20, 9])
    person.reset()
    skyjo_round(person, "Marta", [3, 14, 22, 8])


def cards_hand(person, out, points):
    page = person.page
    person.tap(page.get_by_role("radio", name=f"{out} went out", exact=True))
    others = [p for p in PLAYERS if p != out]
    typed_round(person, points, page.get_by_role("spinbutton", name=others[0], exact=True))
    person.save(re.compile(r"^Save hand"))


def cards_500(person):
    cards_hand(person, "Marta", [35, 50, 20])
    person.reset()
    cards_hand(person, "Kasia", [10, 45, 5])


def counted_hand(person, out, counted, typed):
    """A hand whose players' cards are counted by kind (`counted`: {player: [card, ...]},
    each card a tap on its key) but one's points, typed (`typed`: (player, points))."""
    page = person.page
    person.tap(page.get_by_role("radio", name=f"{out} went out", exact=True))
    fold = page.locator("details.counting")
    if not fold.evaluate("el => el.open"):
        person.tap(page.get_by_text("Count the cards instead"))
    for player, cards in counted.items():
        hand = page.locator("fieldset", has_text=f"{player}’s cards")
        for card in cards:
            person.tap(hand.get_by_role("button", name=f"More {card}"))
    person.tap(page.get_by_role("spinbutton", name=typed[0], exact=True))
    person.type(str(typed[1]))
    person.save(re.compile(r"^Save hand"))


def cards_500_counted(person):
    """The first hand counted too (not counted here), as a table that counts does; then
    two players' hands counted by card: 3 cards and 2."""
    counted_hand(person, "Marta", {"Kasia": ["Twos"], "Tõnu": ["Aces"]}, ("Jānis", 10))
    person.reset()
    counted_hand(person, "Kasia", {"Marta": ["Jokers", "Aces", "Three to Nine"],
                                   "Tõnu": ["Ten to King", "Three to Nine"]}, ("Jānis", 25))


def wizard_step(person, numbers, save):
    """Each player's bid, or tricks taken, tapped on its number; then Save."""
    entry = person.page.locator("#entry")
    for player, number in numbers.items():
        person.tap(entry.get_by_role("group", name=re.compile(rf"^{player}\b")).get_by_role(
            "radio", name=str(number), exact=True))
    person.save(save)


def wizard(person, step):
    """Round 1 (not counted), then round 2's bids or its tricks."""
    wizard_step(person, dict(zip(PLAYERS, [1, 0, 0, 0])), "Save the bids")
    wizard_step(person, dict(zip(PLAYERS, [1, 0, 0, 0])), "Save the tricks")
    if step == "tricks":
        wizard_step(person, dict(zip(PLAYERS, [1, 1, 0, 0])), "Save the bids")
    person.reset()
    if step == "bids":
        wizard_step(person, dict(zip(PLAYERS, [1, 1, 0, 0])), "Save the bids")
    else:
        wizard_step(person, dict(zip(PLAYERS, [1, 0, 1, 0])), "Save the tricks")


def skull_challenge(person, challenger, bid, outcome):
    page = person.page
    person.tap(page.get_by_role("radio", name=challenger, exact=True))
    person.tap(page.get_by_role("radio", name=str(bid), exact=True))
    person.tap(page.get_by_role("radio", name=outcome, exact=True))
    person.save(re.compile(r"^Save challenge"))


def skull(person):
    skull_challenge(person, "Marta", 3, "Success")
    person.reset()
    skull_challenge(person, "Kasia", 2, "Success")


def any_game(person):
    page = person.page
    for scores in ([12, 30, 7, 18], [5, 9, 14, 22]):
        person.reset()
        typed_round(person, scores, page.get_by_role("spinbutton", name=PLAYERS[0], exact=True))
        person.save(re.compile(r"^Save round"))


PLAYS = {"dice poker": ("Dice poker", dice_poker), "Skyjo, 4 players": ("Skyjo", skyjo),
         "card game to 500, 4 players": ("Card game to 500", cards_500),
         "card game to 500, two hands counted by card": ("Card game to 500",
                                                          cards_500_counted),
         "Skull": ("Skull", skull), "any other game, 4 players": ("Any game", any_game),
         "Wizard bids, 4 players": ("Wizard", lambda person: wizard(person, "bids")),
         "Wizard tricks, 4 players": ("Wizard", lambda person: wizard(person, "tricks"))}


def measure(shots=None, only=None):
    rows = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server, base = serve(folder)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for width, height in SCREENS:
            for label, (link, play) in PLAYS.items():
                if only and only.lower() not in label.lower():
                    continue
                context = browser.new_context(viewport={"width": width, "height": height},
                                              device_scale_factor=2, is_mobile=True,
                                              has_touch=True)
                page = context.new_page()
                start(page, base, link)
                person = Person(page)
                play(person)
                rows.append((label, f"{width} × {height}", person.taps, person.keys,
                             person.scrolled))
                if shots:
                    page.screenshot(path=str(Path(shots) / f"{label}-{width}.png"))
                context.close()
        browser.close()
        server.shutdown()
    return rows


def report(rows):
    lines = ["| entry | screen | taps | keys | scrolled (px) | target |",
             "|---|---|---|---|---|---|"]
    for label, screen, taps, keys, scrolled in rows:
        most_taps, most_scroll = TARGETS[label]
        target = f"≤ {most_taps} taps" + (f", {most_scroll} px" if most_scroll is not None else "")
        met = taps <= most_taps and (most_scroll is None or scrolled <= most_scroll)
        if not screen.startswith("390"):
            target, met = "(figures only)", True
        verdict = "" if target.startswith("(") else ": met" if met else ": **missed**"
        lines.append(f"| {label} | {screen} | {taps} | {keys} | {scrolled} | {target}{verdict} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", help="a folder for a screenshot after each kind's entry")
    parser.add_argument("--only", help="only the entries whose name has this word")
    args = parser.parse_args()
    if args.shots:
        Path(args.shots).mkdir(parents=True, exist_ok=True)
    table = report(measure(args.shots, args.only))
    print(table)
    if args.only:
        return
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "taps.md").write_text(
        "# Taps per entry (python -m bench.taps)\n\nFrom the page a save leaves; keys are the "
        "digits typed and the keyboard's Next key.\n\n" + table + "\n")


if __name__ == "__main__":
    main()
