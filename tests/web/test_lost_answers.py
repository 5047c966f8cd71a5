"""A phone whose answer the network lost sends the same form again, with the same one-time
key (static/js/send.js). The server answers it as it answered the first time, stores
nothing twice, and that holds even when another phone changed the game in between, where
the version alone would have called the retry stale. Also: the answer a background send
gets, and the pad's question "was what I am typing just saved on another phone?"
(`games.twin`)."""

import random

import pytest

from companion import demo_play, services
from companion.extensions import db
from companion.models import Game
from companion.kinds.registry import KINDS
from tests.web.conftest import form_data, parse, texts
from tests.web.test_undo_refill import PLAYERS, played

SENT = {"X-Companion-Send": "1"}


def other_phone_saves(app, game_id, entry):
    """Another phone's save, straight through the service as its request would."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        services.add_entry(game, entry, game.version)
        db.session.commit()
        db.session.remove()


def stored(app, game_id, what="docs"):
    """The game's entries as the server stored them, naming the players (or another of
    its attributes, `what`)."""
    with app.app_context():
        value = getattr(db.session.get(Game, game_id), what)
        db.session.remove()
        return value


def refilled(client, game_id):
    """Entry 2 undone on the pad: the pad's entry form holds it again, with its own key."""
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    undo = form_data(parse(pad).one("section.undo form"))
    assert client.post(f"/games/{game_id}/undo", data=undo).status_code == 302
    return form_data(parse(client.get(f"/games/{game_id}")).one("#entry form"))


def flashes(client, response):
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return texts(client.get(response.location), "p.flash")


@pytest.mark.parametrize("kind", KINDS)
def test_an_entry_sent_again_after_another_phone_saved_is_answered_as_the_first(
        app, client, start_game, kind):
    game_id, entries = played(app, client, start_game, kind)
    form = refilled(client, game_id)
    assert form["once"]
    first = flashes(client, client.post(f"/games/{game_id}/entries", data=form))
    assert first and first[0].startswith("Saved. ")
    # the answer never reached the phone; meanwhile another phone saves the next entry
    # (the demo's third move from the same dice: valid after the first two)
    options = stored(app, game_id, "options")
    third = demo_play.play(kind, PLAYERS, options, random.Random(7), 3)[2]
    other_phone_saves(app, game_id, third)
    expected = stored(app, game_id)
    assert len(expected) == 3

    again = client.post(f"/games/{game_id}/entries", data=form)
    assert flashes(client, again) == first
    assert stored(app, game_id) == expected


def test_the_same_form_sent_again_with_other_values_is_told_it_was_saved(
        app, client, start_game):
    """The answer was lost and the person fixed a value before the phone sent again (or
    a second tab showed the same cached pad, with its key): not stored as another entry
    without the person knowing; the new values stay in the form, and saved from there they
    are the next entry."""
    game_id, _ = played(app, client, start_game, "any_game")
    form = refilled(client, game_id)
    first = flashes(client, client.post(f"/games/{game_id}/entries", data=form))
    other = {**form, "points_0": str(int(form["points_0"] or 0) + 5)}
    response = client.post(f"/games/{game_id}/entries", data=other)
    assert response.status_code == 409
    page = parse(response)
    assert texts(response, ".form-errors p") == [
        f"This form was saved already: {first[0]} Here is the sheet as it is now."]
    returned = form_data(page.one("#entry form"))
    assert returned["points_0"] == other["points_0"]
    assert len(stored(app, game_id)) == 2
    # the person saves what they typed: the next entry, from a form with a new key
    assert returned["once"] != form["once"]
    assert flashes(client, client.post(f"/games/{game_id}/entries", data=returned))[0] \
        .startswith("Saved. Round 3")
    assert len(stored(app, game_id)) == 3


def test_an_undo_sent_again_after_another_phone_saved_is_answered_as_the_first(
        app, client, start_game):
    game_id, entries = played(app, client, start_game, "skyjo", count=2)
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    undo = form_data(parse(pad).one("section.undo form"))
    first = flashes(client, client.post(f"/games/{game_id}/undo", data=undo))
    assert first[0].startswith("Undone: Round 2")
    assert first[0].endswith(". Its values are back in the form.")
    other_phone_saves(app, game_id, entries[1])
    again = client.post(f"/games/{game_id}/undo", data=undo)
    # what was undone; its values went back into a form in the answer that was lost
    assert flashes(client, again) == [
        first[0].removesuffix(" Its values are back in the form.")]
    # the other phone's round 2 stays
    assert len(stored(app, game_id)) == 2


def test_an_undo_sent_again_from_the_sheet_it_left_is_told_and_given_a_new_key(
        app, client, start_game):
    """The answer of an undo was lost while the page followed the sheet it left: the same
    key sent from that version undoes nothing more, and the page it gets back can undo
    again (with a key of its own) once the person decides to."""
    game_id, _ = played(app, client, start_game, "skyjo", count=3)
    undo = form_data(parse(client.get(f"/games/{game_id}")).one("section.undo form"))
    first = flashes(client, client.post(f"/games/{game_id}/undo", data=undo))
    assert first[0].startswith("Undone: Round 3")
    again = client.post(f"/games/{game_id}/undo",
                        data={**undo, "version": stored(app, game_id, "version")})
    assert again.status_code == 409
    assert texts(again, ".form-errors p")[0].startswith("This form was saved already: Undone")
    assert len(stored(app, game_id)) == 2
    form = form_data(parse(again).one("form.actions"))
    assert form["once"] != undo["once"]
    assert flashes(client, client.post(f"/games/{game_id}/undo", data=form))[0].startswith(
        "Undone: Round 2")
    assert len(stored(app, game_id)) == 1


def test_a_correction_sent_again_after_another_phone_saved_is_answered_as_the_first(
        app, client, start_game):
    game_id, entries = played(app, client, start_game, "any_game", count=2)
    form = form_data(parse(client.get(f"/games/{game_id}/entries/0")).one("form"))
    form["points_0"] = str(int(form["points_0"]) + 1)
    first = flashes(client, client.post(f"/games/{game_id}/entries/0", data=form))
    assert first == ["Round 1 corrected."]
    after = stored(app, game_id)
    other_phone_saves(app, game_id, entries[1])
    again = client.post(f"/games/{game_id}/entries/0", data=form)
    assert flashes(client, again) == first
    assert stored(app, game_id) == after + [after[1]]


def test_a_key_of_another_phone_or_made_up_is_no_key(app, client, start_game):
    """Another phone's key (or a forged one) never reaches the answer stored for it: the
    send is judged as a new one, and from the old version it is stale."""
    game_id, _ = played(app, client, start_game, "any_game")
    form = refilled(client, game_id)
    assert client.post(f"/games/{game_id}/entries", data=form).status_code == 302
    # what it sends differs from what the key's phone saved: only its key could make it
    # the same send
    other = {**form, "points_0": str(int(form["points_0"]) + 1)}
    thief = app.test_client()
    for key in (form["once"], form["once"][:-2] + "xx", "made-up", "x" * 5000):
        response = thief.post(f"/games/{game_id}/entries", data={**other, "once": key})
        assert response.status_code == 409, key
    assert len(stored(app, game_id)) == 2


def test_a_background_send_is_told_the_next_page_and_its_message_waits_there(
        app, client, start_game):
    game_id, _ = played(app, client, start_game, "any_game")
    form = refilled(client, game_id)
    response = client.post(f"/games/{game_id}/entries", data=form, headers=SENT)
    assert response.status_code == 200
    assert response.headers["X-Companion-Location"] == f"/games/{game_id}"
    assert "Location" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"
    assert texts(client.get(f"/games/{game_id}"), "p.flash")[0].startswith("Saved. Round 2")
    # a refusal is the page itself, as without the header
    refused = client.post(f"/games/{game_id}/entries", data={**form, "points_0": "x"},
                          headers=SENT)
    assert refused.status_code in (409, 422)
    assert "X-Companion-Location" not in refused.headers


def test_twin_says_whether_what_is_typed_was_saved_since(app, client, start_game):
    game_id, entries = played(app, client, start_game, "any_game", count=2)
    form = refilled(client, game_id)
    # the phone opened its form for entry 2 (position 1); another phone saves it
    other_phone_saves(app, game_id, entries[1])
    same = client.post(f"/games/{game_id}/twin", data={**form, "entry": "1"}).get_json()
    scores = ", ".join(f"{name} {points}" for name, points in entries[1]["scores"].items())
    assert same == {"twin": f"Another phone already saved this: Round 2: {scores}."}
    changed = {**form, "points_0": str(int(form["points_0"]) + 1), "entry": "1"}
    assert client.post(f"/games/{game_id}/twin", data=changed).get_json() == {
        "save": "Save as round 3"}
    # nothing was saved since the entry it was opened for: nothing to say
    assert client.post(f"/games/{game_id}/twin", data={**form, "entry": "2"}).get_json() == {}


@pytest.mark.parametrize("entry", ["", "-1", "1.5", "٣", "9" * 30, "x"])
def test_twin_takes_any_entry_number_without_harm(app, client, start_game, entry):
    game_id, _ = played(app, client, start_game, "any_game")
    form = refilled(client, game_id)
    response = client.post(f"/games/{game_id}/twin", data={**form, "entry": entry})
    assert response.status_code == 200
    assert response.get_json() == {}


def test_twin_of_another_groups_game_is_not_found(app, client, start_game):
    game_id, _ = played(app, client, start_game, "any_game")
    stranger = app.test_client(joined=False)
    assert stranger.post(f"/games/{game_id}/twin", data={"entry": "0"}).status_code == 404


def test_a_stale_save_of_what_another_phone_saved_is_said_and_not_stored_twice(
        app, client, start_game):
    """Without a key the phone's save is judged by its version: stale, because another
    phone saved this very entry (and then the next one). It is not stored again, and the
    pad says who did."""
    game_id, entries = played(app, client, start_game, "any_game", count=2)
    form = refilled(client, game_id)
    other_phone_saves(app, game_id, entries[1])
    other_phone_saves(app, game_id, entries[0])
    response = client.post(f"/games/{game_id}/entries", data={**form, "once": ""})
    scores = ", ".join(f"{name} {points}" for name, points in entries[1]["scores"].items())
    assert flashes(client, response) == [
        f"Another phone already saved this: Round 2: {scores}."]
    assert len(stored(app, game_id)) == 3
    # what it opened for was saved otherwise: the form comes back, stale, with the values
    changed = {**form, "once": "", "points_0": str(int(form["points_0"]) + 1)}
    assert client.post(f"/games/{game_id}/entries", data=changed).status_code == 409
    assert len(stored(app, game_id)) == 3


def test_an_overtaken_form_that_followed_the_sheet_is_not_stored_twice(app, client, start_game):
    """The phone's form followed another phone's save (its version is the new one) while
    its entry was typed the same: saving it stores nothing twice."""
    game_id, entries = played(app, client, start_game, "any_game", count=2)
    form = refilled(client, game_id)
    other_phone_saves(app, game_id, entries[1])
    followed = {**form, "once": "", "version": client.get(
        f"/games/{game_id}/sheet.json").get_json()["version"]}
    response = client.post(f"/games/{game_id}/entries", data=followed)
    assert flashes(client, response)[0].startswith("Another phone already saved this: Round 2")
    assert len(stored(app, game_id)) == 2
    # the same values typed afresh for the next round are that round
    fresh = form_data(parse(client.get(f"/games/{game_id}")).one("#entry form"))
    again = {**fresh, **{k: v for k, v in form.items() if k.startswith("points_")}}
    assert flashes(client, client.post(f"/games/{game_id}/entries", data=again))[0] \
        .startswith("Saved. Round 3")
    assert len(stored(app, game_id)) == 3
