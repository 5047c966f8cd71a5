"""Phones at one table acting in any interleaving: the game is always what the changes the
app acknowledged make of it, one after the other, and every refusal is for a reason.

Each phone opens the game (it sees a version), and later sends a change based on what it
saw: a round, the round that ends the game, a correction, an undo, abandoning, or its last
request again (a double tap, or a retry after a lost answer). Hypothesis picks the order.
The model keeps the entries and status the acknowledged changes make, and says what the
app must answer: a stale version is a 409, a change the rules refuse a 422, a repeat of the
last change from the same version is answered as before and stores nothing.
"""

import tempfile
from pathlib import Path

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from companion.extensions import db
from companion.rules import GAMES, RuleError
from tests.conftest import database_url, make_app

PLAYERS = ["Ann", "Ben"]
OPTIONS = {"target": 100}
PHONES = 3
SKYJO = GAMES["skyjo"]


def skyjo_round(ann, ben, finisher="Ann"):
    return {"finisher": finisher, "hands": {"Ann": {"score": ann}, "Ben": {"score": ben}}}


def form(doc, version):
    return {"version": version, "finisher": doc["finisher"],
            "score_0": str(doc["hands"]["Ann"]["score"]),
            "score_1": str(doc["hands"]["Ben"]["score"])}


class Table(RuleBasedStateMachine):
    """Several phones, one Skyjo game to 100."""

    @initialize()
    def open_a_game(self):
        self.folder = Path(tempfile.mkdtemp())
        self.app = make_app(database_url(self.folder))
        self.phones = [self.app.test_client() for _ in range(PHONES)]
        phone = self.phones[0]
        phone.post("/nights/new", data={"date": "2026-12-01"})
        for name in PLAYERS:
            phone.post("/nights/1/attendees", data={"name": name})
        answer = phone.post("/nights/1/games/new/skyjo", data={
            "seat_0": "Ann", "seat_1": "Ben", "option_target": "100",
            "option_remove_columns_at_reveal": "y"})
        self.game = int(answer.location.rsplit("/", 1)[1])
        # what the acknowledged changes make of the game
        self.entries, self.status = [], "in_progress"
        self.version = self.sheet()["version"]
        self.seen = [None] * PHONES
        self.sent = [None] * PHONES
        # the last acknowledged change: (request, the version it was based on)
        self.last = None

    def teardown(self):
        if hasattr(self, "app"):
            with self.app.app_context():
                db.session.remove()
                db.engine.dispose()

    def sheet(self):
        return self.phones[0].get(f"/games/{self.game}/sheet.json").get_json()

    @rule(phone=st.integers(0, PHONES - 1))
    def open_the_pad(self, phone):
        self.seen[phone] = self.version

    @rule(phone=st.integers(0, PHONES - 1), ann=st.integers(-5, 30), ben=st.integers(-5, 30),
          finisher=st.sampled_from(PLAYERS))
    def save_a_round(self, phone, ann, ben, finisher):
        doc = skyjo_round(ann, ben, finisher)
        self.send(phone, ("add", doc), lambda entries: entries + [doc])

    @rule(phone=st.integers(0, PHONES - 1), position=st.integers(0, 5),
          ann=st.integers(-5, 30), ben=st.integers(-5, 30))
    def correct_a_round(self, phone, position, ann, ben):
        doc = skyjo_round(ann, ben)
        if position >= len(self.entries):
            return
        self.send(phone, ("correct", position, doc),
                  lambda entries: entries[:position] + [doc] + entries[position + 1:])

    @rule(phone=st.integers(0, PHONES - 1))
    def undo(self, phone):
        self.send(phone, ("undo",), lambda entries: entries[:-1] if entries else None)

    @rule(phone=st.integers(0, PHONES - 1), now=st.integers(0, 3))
    def abandon(self, phone, now):
        # now and then: once abandoned, a game takes nothing more
        if now == 0:
            self.send(phone, ("abandon",), None)

    @rule(phone=st.integers(0, PHONES - 1))
    def tap_again(self, phone):
        if self.sent[phone] is not None:
            request, based_on, change = self.sent[phone]
            self.send(phone, request, change, based_on)

    def send(self, phone, request, change, based_on=None):
        based_on = based_on or self.seen[phone]
        if based_on is None:
            return
        self.sent[phone] = (request, based_on, change)
        answer = self.post(phone, request, based_on)
        expected, after = self.expected(request, based_on, change)
        event(f"{request[0]}: {expected}{' (a repeat)' if self.last == (request, based_on) else ''}")
        assert answer.status_code == expected, (request, answer.get_data(as_text=True)[-800:])
        if expected == 302 and after is not None:
            self.entries, self.status = after
            self.last = (request, based_on)
            self.version = self.sheet()["version"]
            assert self.version != based_on
        if expected in (302, 409):
            # the phone now shows the sheet as it is: the pad it is sent back to, or the
            # refused form that points at the new version
            self.seen[phone] = self.version

    def post(self, phone, request, version):
        client, path = self.phones[phone], f"/games/{self.game}"
        if request[0] == "add":
            return client.post(f"{path}/entries", data=form(request[1], version))
        if request[0] == "correct":
            return client.post(f"{path}/entries/{request[1]}", data=form(request[2], version))
        return client.post(f"{path}/{request[0]}", data={"version": version})

    def expected(self, request, based_on, change):
        """The answer the app owes, and the game after it (None: unchanged)."""
        if self.last == (request, based_on):
            return 302, None
        if based_on != self.version:
            return 409, None
        if request[0] == "abandon":
            return (302, (self.entries, "abandoned")) if self.status == "in_progress" \
                else (422, None)
        if self.status == "abandoned":
            return 422, None
        entries = change(list(self.entries))
        if entries is None:
            return 422, None
        try:
            finished = SKYJO.replay(PLAYERS, OPTIONS, entries).finished
        except RuleError:
            return 422, None
        return 302, (entries, "finished" if finished else "in_progress")

    @invariant()
    def the_game_is_what_the_acknowledged_changes_made(self):
        if not hasattr(self, "game"):
            return
        shown = self.sheet()
        assert shown["entries"] == self.entries
        assert shown["status"] == self.status
        assert shown["version"] == self.version


Table.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
test_phones_in_any_interleaving_act_as_one_after_the_other = Table.TestCase
