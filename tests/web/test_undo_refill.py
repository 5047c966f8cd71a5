"""Undo on the pad is one tap, says what it removed, and puts the entry back into the form:
from a mistake to its fix is one tap and the one value that was wrong."""

import random

import pytest

from companion import demo_play, services
from companion.extensions import db
from companion.models import Game
from companion.kinds.registry import KINDS
from tests.web.conftest import form_data, parse, texts, version

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]


def played(app, client, start_game, kind, count=2):
    """A game of `kind` with `count` plausible entries saved; returns (id, the entries)."""
    game_id = start_game(kind, PLAYERS)
    with app.app_context():
        game = db.session.get(Game, game_id)
        entries = demo_play.play(kind, PLAYERS, game.options, random.Random(7), count)
        for entry in entries:
            services.add_entry(game, entry, game.version)
            db.session.commit()
    return game_id, entries


def without_own_fields(data):
    """A form's values without what says which sheet or entry it is for, or its key."""
    return {key: value for key, value in data.items()
            if key not in ("version", "position", "once", "entry")}


def entry_form(html):
    """What the pad's entry form would send as it stands."""
    return without_own_fields(form_data(parse(html).one("#entry form")))


def sheet_of(client, game, sheet=None):
    """What a sheet shows, without the version it is at and the entries' own order."""
    sheet = sheet or client.get(f"/games/{game}/sheet.json").get_json()
    return {key: value for key, value in sheet.items() if key not in ("version", "entries")}


def undo_button(html):
    return form_data(parse(html).one("section.undo form"))


@pytest.mark.parametrize("kind", KINDS)
def test_undo_puts_the_entry_back_into_the_form_and_saving_it_again_restores_the_sheet(
        app, client, start_game, kind):
    game, entries = played(app, client, start_game, kind)
    before = client.get(f"/games/{game}/sheet.json").get_json()
    # the correction form of the last entry is that entry as its form shows it
    expected = without_own_fields(
        form_data(parse(client.get(f"/games/{game}/entries/1")).one("form")))
    pad = client.get(f"/games/{game}").get_data(as_text=True)
    last = parse(pad).one("section.undo p.last").text.removeprefix("Last: ")

    response = client.post(f"/games/{game}/undo", data=undo_button(pad))
    assert response.status_code == 302
    page = client.get(response.location).get_data(as_text=True)
    assert texts(page, "p.flash") == [f"Undone: {last}. Its values are back in the form."]
    assert entry_form(page) == expected
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == before["entries"][:1]

    resend = {**entry_form(page), "version": version(client, game)}
    assert client.post(f"/games/{game}/entries", data=resend).status_code == 302
    # the same sheet again (a form may store an entry in its own order: dice lowest first)
    assert sheet_of(client, game) == sheet_of(client, game, before)
    # once saved, the form is empty again: the next entry's
    assert entry_form(client.get(f"/games/{game}")) != expected


def test_the_undone_values_are_dropped_once_another_phone_changes_the_game(
        app, client, start_game):
    game, entries = played(app, client, start_game, "any_game")
    pad = client.get(f"/games/{game}").get_data(as_text=True)
    client.post(f"/games/{game}/undo", data=undo_button(pad))
    other = app.test_client()
    other.post(f"/games/{game}/entries", data={
        "version": version(other, game), "points_0": "1", "points_1": "2", "points_2": "3",
        "points_3": "4"})
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert {key: value for key, value in entry_form(page).items()
            if key.startswith("points_")} == {f"points_{i}": "" for i in range(4)}


def test_the_undo_link_without_the_button_still_asks_first_and_puts_nothing_back(
        app, client, start_game):
    game, entries = played(app, client, start_game, "any_game")
    seen = version(client, game)
    confirm = client.get(f"/games/{game}/undo?version={seen}").get_data(as_text=True)
    assert "Round 2" in confirm
    response = client.post(f"/games/{game}/undo", data={"version": seen}, follow_redirects=True)
    told = texts(response, "p.flash")[-1]
    assert told.startswith("Undone: Round 2: ") and "back in the form" not in told
    assert {value for key, value in entry_form(response).items()
            if key.startswith("points_")} == {""}


def test_a_correction_of_an_entry_undone_on_another_phone_is_told_so_not_lost_in_a_404(
        app, client, start_game):
    game, entries = played(app, client, start_game, "any_game")
    correction = form_data(parse(client.get(f"/games/{game}/entries/1")).one("form"))
    other = app.test_client()
    pad = other.get(f"/games/{game}").get_data(as_text=True)
    assert other.post(f"/games/{game}/undo", data=undo_button(pad)).status_code == 302
    response = client.post(f"/games/{game}/entries/1", data=correction)
    assert response.status_code == 409
    assert ("Round 2 was removed on another phone while you were on this page: here is the "
            "sheet as it is now.") in texts(response, ".form-errors p")


def test_a_pad_with_undone_values_in_its_form_is_not_cached_and_other_pads_still_are(
        app, client, start_game):
    game, _ = played(app, client, start_game, "any_game")
    other, _ = played(app, client, start_game, "any_game")
    client.get(f"/games/{game}")        # shows the flashes of the saves
    client.post(f"/games/{game}/undo", data=undo_button(client.get(f"/games/{game}")))
    client.get(f"/games/{game}")        # shows "Undone: ..."
    assert "ETag" not in client.get(f"/games/{game}").headers
    tag = client.get(f"/games/{other}").headers["ETag"]
    again = client.get(f"/games/{other}", headers={"If-None-Match": tag})
    assert again.status_code == 304
