"""No string escapes translation: every page rendered in a pseudo-language.

The pseudo-language's catalog is made from what `pybabel extract` finds in the code now
(the same command as scripts/translations.sh), and says every message as ⟦message⟧. Each
page of a group with a game of every kind, finished and in progress, is then read as a
browser shows it: every visible text node, and the attributes a person sees or hears
(aria-label, title, placeholder, alt, a button's value, the page's description), must be
made of marked text and data only (the players' and nights' names, numbers, dates that
Babel writes, signs). A string not marked, or marked but built so that extraction cannot
see it, stays unmarked and fails the test with its page and text.
"""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from importlib import import_module

import flask_babel
import pytest
from babel.support import NullTranslations

from companion.extensions import db
from companion.forms.setup import setup_form_class
from companion.models import Game, Group, Night, Player
from companion.kinds.registry import KINDS
from companion.stats.players import kind_stats, place_in
from companion.views.history import NIGHTS
from companion.views.players import CHARTS
from tests.messages import extract

OPEN, CLOSE = "⟦", "⟧"


class Pseudo(NullTranslations):
    """Every message the catalog knows, said as ⟦message⟧ (its places kept)."""

    def __init__(self, catalog):
        super().__init__()
        self.known = {}
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for msgid in ids:
                self.known[(message.context, msgid)] = True

    def mark(self, context, text):
        return f"{OPEN}{text}{CLOSE}" if (context, text) in self.known else text

    def ugettext(self, message):
        return self.mark(None, message)

    gettext = ugettext

    def ungettext(self, singular, plural, n):
        chosen = singular if n == 1 else plural
        return f"{OPEN}{chosen}{CLOSE}" if (None, singular) in self.known else chosen

    ngettext = ungettext

    def upgettext(self, context, message):
        return self.mark(context, message)

    pgettext = upgettext

    def unpgettext(self, context, singular, plural, n):
        chosen = singular if n == 1 else plural
        return f"{OPEN}{chosen}{CLOSE}" if (context, singular) in self.known else chosen

    npgettext = unpgettext


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory):
    return Pseudo(extract(tmp_path_factory.mktemp("pot")))


def forget_what_was_said():
    """The pads' and the setup's form classes, the players' charts, figures and places,
    and the history's pages of nights are kept per language; the pseudo language is English's locale with
    other words, so what English made is forgotten."""
    for kind in KINDS.values():
        cached = getattr(import_module(type(kind).__module__), "form_class", None)
        if cached is not None:
            cached.cache_clear()
    CHARTS.drawn.clear()
    NIGHTS.drawn.clear()
    place_in.cache_clear()
    kind_stats.cache_clear()
    setup_form_class.cache_clear()


@pytest.fixture
def marked(pseudo, monkeypatch):
    monkeypatch.setattr(flask_babel.Domain, "get_translations", lambda self: pseudo)
    forget_what_was_said()
    yield
    forget_what_was_said()


# ---- reading a page as a person does ---------------------------------------------------

SEEN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-description")
HIDDEN = {"script", "style", "template"}


class Visible(HTMLParser):
    """The texts a person sees or hears, skipping what is in a language on purpose (an
    element with its own lang: the language switch's names)."""

    def __init__(self, page_lang):
        super().__init__(convert_charrefs=True)
        self.texts, self.stack, self.page_lang = [], [], page_lang

    def skipping(self):
        # an element with a lang of its own is in that language on purpose, whatever the
        # page's: the switch's "English" on an English page too
        return any(tag in HIDDEN or (lang is not None and tag != "html")
                   for tag, lang in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.page_lang = attrs.get("lang")
        void = tag in {"input", "img", "meta", "br", "hr", "link", "source", "area", "wbr"}
        if not void:
            self.stack.append((tag, attrs.get("lang")))
        if self.skipping() and tag != "meta":
            return
        for name in SEEN_ATTRIBUTES:
            if attrs.get(name):
                self.texts.append((f"{tag}[{name}]", attrs[name]))
        if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            self.texts.append(("input[value]", attrs["value"]))
        if tag == "meta" and attrs.get("name") == "description":
            self.texts.append(("meta description", attrs.get("content", "")))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in {"input", "img", "meta", "br", "hr", "link", "source", "area", "wbr"}:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if data.strip() and not self.skipping():
            self.texts.append(("text", data))


MONTHS = ("January February March April May June July August September October November "
          "December Jan Feb Mar Apr Jun Jul Aug Sep Oct Nov Dec Monday Tuesday Wednesday "
          "Thursday Friday Saturday Sunday Mon Tue Wed Thu Fri Sat Sun").split()
LETTER = re.compile(r"[^\W\d_]")
FLOW = {"text"}


def unmarked(text, data):
    """What is left of `text` once marked messages (nested ones too) and data are taken
    out: empty of letters when everything was translated."""
    inner = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        shorter = inner.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    for word in data:
        text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text)
    return " ".join(text.split()) if LETTER.search(text) else ""


def leaks(html, data):
    """The page's texts read in order as one text (a message may hold markup: "⟦<strong>Ann
    </strong> deals⟧"), then each attribute a person sees or hears; what is left unmarked."""
    reader = Visible(None)
    reader.feed(html)
    flow = " ".join(text for where, text in reader.texts if where in FLOW)
    found = [("text", unmarked(flow, data))]
    found += [(where, text.strip()) for where, text in reader.texts
              if where not in FLOW and unmarked(text, data)]
    return [(where, text) for where, text in found if text]


# ---- the group with everything in it ------------------------------------------------------


@pytest.fixture
def full_group(app, client, runner, start_game):
    """Demo nights in the test group (every kind, finished), a game of every kind in
    progress, and a refused entry on every pad."""
    result = runner.invoke(args=["demo", "--nights", "6", "--seed", "7", "--group", "1"])
    assert result.exit_code == 0, result.output
    going = {kind: start_game(kind, ["Ann", "Ben", "Cid", "Dora"]) for kind in
             KINDS}
    with app.app_context():
        kinds = set(db.session.scalars(db.select(Game.kind)))
        data = set(db.session.scalars(db.select(Player.name)))
        data |= {t for t in db.session.scalars(db.select(Night.title)) if t}
        data |= set(db.session.scalars(db.select(Group.name)))
        for game in db.session.scalars(db.select(Game).where(Game.kind == "any_game")):
            data.add((game.options or {}).get("name") or "")
        ids = {"night_id": db.session.scalar(db.select(Game.night_id).where(
                   Game.id == going["skull"])),
               "player_id": db.session.scalar(db.select(Player.id).order_by(Player.id)),
               # the first finished game of every kind
               "finished": list(db.session.scalars(
                   db.select(db.func.min(Game.id)).where(Game.status == "finished")
                   .group_by(Game.kind).order_by(Game.kind)))}
    assert kinds >= set(going), kinds
    data = sorted((d for d in data | MONTHS_AND_DATA if d), key=len, reverse=True)
    return going, ids, data


MONTHS_AND_DATA = set(MONTHS) | {"Companion"}


def pages(app, client, going, ids):
    """Every page a phone of the group can open, by the URL map: each GET rule once for
    every game (in progress and finished) and every kind it takes."""
    games = list(going.values()) + ids["finished"]
    tokens = {}
    for game_id in games:
        shared = client.get(f"/games/{game_id}/share").get_data(as_text=True)
        found = re.search(rf"/watch/{game_id}/([\w-]+)", shared)
        tokens[game_id] = found.group(1) if found else "x"
    seen = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint in {"static", "main.favicon",
                                                          "main.language_switch"}:
            continue
        for game_id in games if "game_id" in rule.arguments else [None]:
            for kind in going if "kind" in rule.arguments else [None]:
                values = {"game_id": game_id, "kind": kind, "night_id": ids["night_id"],
                          "player_id": ids["player_id"], "group_id": 1, "position": 0,
                          "token": tokens.get(game_id, "x")}
                path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]),
                              rule.rule)
                if path not in seen:
                    seen.add(path)
                    yield path


def test_every_visible_string_of_every_page_is_translated(app, client, full_group, marked):
    going, ids, data = full_group
    found, checked = [], 0
    for path in pages(app, client, going, ids):
        answer = client.get(path)
        if answer.status_code in (301, 302, 303):
            answer = client.get(answer.location)
        kind = answer.mimetype
        body = answer.get_data(as_text=True)
        if kind == "text/html":
            found += [(path, where, text) for where, text in leaks(body, data)]
        elif kind == "text/csv":
            header = next(csv.reader(io.StringIO(body)))
            found += [(path, "csv header", cell) for cell in header if unmarked(cell, data)]
        elif kind == "application/manifest+json":
            manifest = json.loads(body)
            found += [(path, key, manifest[key]) for key in ("name", "short_name",
                                                             "description")
                      if unmarked(manifest[key], data)]
        checked += 1
    assert checked >= 40
    assert not found, "\n".join(f"{path}  <{where}>  {text!r}" for path, where, text in found)


# one entry the rules refuse on each pad (Ann, Ben, Cid and Dora play): its sentence shows
# beside the form
REFUSED = {
    "dice_poker": {"player": "Ann", "row": "1"},
    "cards_500": {"out": "Ann", "points_1": "12"},
    "skyjo": {"finisher": "Ann", "score_0": "999", "score_1": "1", "score_2": "1",
              "score_3": "1"},
    "skull": {"challenger": "Ann", "bid": "0", "outcome": "success"},
    "any_game": {"points_0": "1"},
}


def test_error_pages_refusals_and_messages_are_translated(app, client, full_group, marked):
    going, ids, data = full_group
    found = []
    answers = [("/nowhere", client.get("/nowhere")),
               ("/nights/new (bad date)", client.post("/nights/new", data={"date": "2026-13-45"})),
               ("/nights/new (405)", client.put("/nights/new"))]
    for kind, fields in REFUSED.items():
        game_id = going[kind]
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        version = re.search(r'name="version"[^>]*value="([^"]*)"', page)
        fields = {**fields, "version": version.group(1) if version else ""}
        answers.append((f"/games/{game_id}/entries ({kind})",
                        client.post(f"/games/{game_id}/entries", data=fields)))
    # a flashed message: a player added to the night, then the page that shows it
    client.post(f"/nights/{ids['night_id']}/attendees", data={"name": "Eve"})
    answers.append(("night after adding Eve", client.get(f"/nights/{ids['night_id']}")))
    for path, answer in answers:
        if answer.status_code in (301, 302, 303):
            answer = client.get(answer.location)
        found += [(path, where, text) for where, text in leaks(answer.get_data(as_text=True),
                                                               data + ["Eve"])]
    assert not found, "\n".join(f"{path}  <{where}>  {text!r}" for path, where, text in found)
