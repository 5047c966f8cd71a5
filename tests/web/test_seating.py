"""Seats remember the table: a night lists its players in the order they came, a new game
opens with the seats the table last sat in, and a finished game is one tap from its
rematch."""

import pytest

from companion.extensions import db
from companion.models import Game
from tests.web.conftest import errors, form_data, parse, texts, version


def new_night(client, *names):
    """A night with `names` added one after the other, as the table types them."""
    started = client.post("/nights/new", data={"date": "2026-11-30", "title": "Seating"})
    night = int(started.location.rsplit("/", 1)[1])
    for name in names:
        client.post(f"/nights/{night}/attendees", data={"name": name})
    return night


def seats(client, night, kind):
    """The names the setup form's seats open with, seat 1 first ("" for nobody)."""
    page = client.get(f"/nights/{night}/games/new/{kind}")
    assert page.status_code == 200
    values = form_data(parse(page))
    return [values[f"seat_{i}"] for i in range(len([n for n in values if n.startswith("seat_")]))]


def start(client, night, kind, names, **options):
    """Start a game from the setup form as it opens, with these seats (the rest empty)."""
    data = form_data(parse(client.get(f"/nights/{night}/games/new/{kind}")))
    data.update({name: "" for name in data if name.startswith("seat_")})
    data.update({f"seat_{i}": name for i, name in enumerate(names)})
    data.update({f"option_{key}": str(value) for key, value in options.items()})
    answer = client.post(f"/nights/{night}/games/new/{kind}", data=data)
    assert answer.status_code == 302, errors(answer)
    return int(answer.location.rsplit("/", 1)[1])


def finish_skyjo(client, game, scores):
    """One round that ends a Skyjo game to 10, its first player finishing."""
    names = list(scores)
    answer = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": names[0],
        **{f"score_{i}": str(scores[name]) for i, name in enumerate(names)}})
    assert answer.status_code == 302, errors(answer)


def test_the_night_lists_its_players_in_the_order_they_came(client):
    night = new_night(client, "Dora", "Ben", "Ann")
    assert texts(client.get(f"/nights/{night}"), "#players li.chip a") == ["Dora", "Ben", "Ann"]


def test_a_player_who_leaves_and_comes_back_is_listed_last(client):
    night = new_night(client, "Dora", "Ben", "Ann")
    client.post(f"/nights/{night}/attendees/1/remove")
    client.post(f"/nights/{night}/attendees/1")
    assert texts(client.get(f"/nights/{night}"), "#players li.chip a") == ["Ben", "Ann", "Dora"]


def test_the_first_game_of_a_night_seats_everyone_in_the_order_they_came(client):
    night = new_night(client, "Dora", "Ben", "Ann")
    assert seats(client, night, "skyjo") == ["Dora", "Ben", "Ann"]


def test_a_new_game_seats_the_table_of_the_nights_last_game_in_its_order(client):
    night = new_night(client, "Ann", "Ben", "Cid", "Dora")
    start(client, night, "skyjo", ["Cid", "Ann"])
    # who sat out the last game is still at the table: seated after its players
    assert seats(client, night, "dice_poker") == ["Cid", "Ann", "Ben", "Dora"]


def test_a_player_who_came_after_the_last_game_is_not_left_out_of_the_next(client):
    """Issue 31: after a 3-player Qwixx, Dana (at the table) was left out of the next."""
    night = new_night(client, "Ann", "Ben", "Cid")
    start(client, night, "any_game", ["Ben", "Cid", "Ann"], title="Qwixx")
    client.post(f"/nights/{night}/attendees", data={"name": "Dana"})
    assert seats(client, night, "any_game")[:4] == ["Ben", "Cid", "Ann", "Dana"]


def test_a_new_game_of_a_kind_played_tonight_seats_as_that_game_did(client):
    night = new_night(client, "Ann", "Ben", "Cid", "Dora")
    start(client, night, "skyjo", ["Ben", "Dora", "Ann", "Cid"])
    start(client, night, "dice_poker", ["Ann", "Ben"])
    assert seats(client, night, "skyjo") == ["Ben", "Dora", "Ann", "Cid"]


@pytest.mark.parametrize("last,kind,expected", [
    # the others here after the last table's players, in the order they came
    (["Dora", "Ben"], "cards_500", ["Dora", "Ben", "Ann", "Cid", "Eve"]),
    # too many for dice poker (4 at most): the first four seats
    (["Eve", "Dora", "Cid", "Ben", "Ann"], "dice_poker", ["Eve", "Dora", "Cid", "Ben"]),
])
def test_the_last_table_is_fitted_to_what_the_kind_seats(client, last, kind, expected):
    night = new_night(client, "Ann", "Ben", "Cid", "Dora", "Eve")
    start(client, night, "skyjo", last)
    assert seats(client, night, kind)[:len(expected)] == expected


def test_a_game_abandoned_with_nothing_entered_is_not_the_table_to_copy(client):
    night = new_night(client, "Ann", "Ben", "Cid")
    start(client, night, "skyjo", ["Cid", "Ben"])
    mistake = start(client, night, "skyjo", ["Ann", "Cid"])
    client.post(f"/games/{mistake}/abandon", data={"version": version(client, mistake)})
    assert seats(client, night, "skyjo") == ["Cid", "Ben", "Ann"]


def test_a_new_night_seats_these_players_as_their_last_game_of_the_kind(client):
    earlier = new_night(client, "Ann", "Ben", "Cid")
    start(client, earlier, "skull", ["Cid", "Ann", "Ben"])
    start(client, earlier, "skyjo", ["Ben", "Ann"])
    # tonight Ben came first; their last Skull sat Cid, Ann, Ben
    tonight = new_night(client, "Ben", "Ann", "Cid")
    assert seats(client, tonight, "skull") == ["Cid", "Ann", "Ben"]
    # a game with someone who is not here tonight is not copied
    new_night(client)
    other = new_night(client, "Ann", "Dora", "Cid")
    assert seats(client, other, "skull") == ["Ann", "Dora", "Cid"]


def test_the_name_field_keeps_the_focus_after_add_player(client):
    night = new_night(client)
    # a night with nobody yet starts at the name field
    assert "autofocus" in parse(client.get(f"/nights/{night}")).one("input[name=name]").attrs
    added = client.post(f"/nights/{night}/attendees", data={"name": "Ann"})
    assert added.status_code == 302
    page = client.get(added.location)
    assert "Ann joined the night." in page.get_data(as_text=True)
    assert "autofocus" in parse(page).one("input[name=name]").attrs
    # the same after a refused name, which comes back with what was typed
    refused = client.post(f"/nights/{night}/attendees", data={"name": "ann"})
    field = parse(refused).one("input[name=name]")
    assert refused.status_code == 422 and "autofocus" in field.attrs
    assert field.get("value") == "ann" and errors(refused) == ["Ann is already here tonight."]
    # the night page opened otherwise leaves the focus alone
    assert "autofocus" not in parse(client.get(f"/nights/{night}")).one(
        "input[name=name]").attrs


def test_rematch_starts_the_same_seats_and_settings_at_the_same_night(app, client):
    night = new_night(client, "Ann", "Ben", "Cid")
    game = start(client, night, "skyjo", ["Cid", "Ann", "Ben"], target=10,
                 double_non_positive="y")
    finish_skyjo(client, game, {"Cid": 1, "Ann": 12, "Ben": 30})
    answer = client.post(f"/games/{game}/rematch")
    assert answer.status_code == 302
    again = int(answer.location.rsplit("/", 1)[1])
    assert again != game
    pad = client.get(answer.location).get_data(as_text=True)
    assert "Rematch: Skyjo with Cid, Ann and Ben, as before." in pad
    with app.app_context():
        old, new = db.session.get(Game, game), db.session.get(Game, again)
        assert new.night_id == night and new.players == ["Cid", "Ann", "Ben"]
        assert new.options == old.options and new.options["target"] == 10
        assert new.options["double_non_positive"] is True
        assert new.in_progress and new.entry_count == 0


def test_rematch_tapped_twice_or_on_two_phones_starts_one_game(app, client):
    night = new_night(client, "Ann", "Ben")
    game = start(client, night, "skyjo", ["Ann", "Ben"], target=10)
    finish_skyjo(client, game, {"Ann": 1, "Ben": 30})
    other_phone = app.test_client()
    answers = [client.post(f"/games/{game}/rematch"), other_phone.post(f"/games/{game}/rematch")]
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0].location == answers[1].location
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 2
    # both phones are told the same
    assert "Rematch: Skyjo" in other_phone.get(answers[1].location).get_data(as_text=True)


def test_a_rematch_of_eight_long_names_is_answered_again_in_a_message_cut_to_fit(app, client):
    # 40-character names: the message naming them all is longer than a stored answer holds
    names = [f"{letter * 39}{n}" for n, letter in enumerate("ABCDEFGH")]
    night = new_night(client, *names)
    game = start(client, night, "skyjo", names, target=10)
    finish_skyjo(client, game, {name: 1 if n == 0 else 30 for n, name in enumerate(names)})
    first = client.post(f"/games/{game}/rematch", follow_redirects=True)
    assert first.status_code == 200
    told = texts(first, "p.flash")[-1]
    assert told.startswith("Rematch: Skyjo with A") and told.endswith("as before.")
    again = app.test_client().post(f"/games/{game}/rematch", follow_redirects=True)
    repeat = texts(again, "p.flash")[-1]
    assert len(repeat) == 200 and repeat.endswith("…") and told.startswith(repeat[:-1])


def test_a_game_being_played_has_no_rematch_yet(app, client):
    night = new_night(client, "Ann", "Ben")
    game = start(client, night, "skyjo", ["Ann", "Ben"])
    answer = client.post(f"/games/{game}/rematch")
    assert answer.status_code == 302 and answer.location.endswith(f"/games/{game}")
    assert "a rematch starts once it is over" in client.get(answer.location).get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 1


def test_an_abandoned_game_can_be_played_again(app, client):
    night = new_night(client, "Ann", "Ben", "Cid")
    game = start(client, night, "skull", ["Ben", "Cid", "Ann"])
    client.post(f"/games/{game}/abandon", data={"version": version(client, game)})
    answer = client.post(f"/games/{game}/rematch")
    with app.app_context():
        new = db.session.get(Game, int(answer.location.rsplit("/", 1)[1]))
        assert new.id != game and new.kind == "skull" and new.players == ["Ben", "Cid", "Ann"]


def test_rematch_of_a_game_that_is_not_there_is_not_found(client):
    assert client.post("/games/99/rematch").status_code == 404
    assert client.get("/games/1/rematch").status_code in (404, 405)


def test_the_setup_form_speaks_each_phone_s_language_and_seats_whoever_came_since(client):
    """The setup form's fields are built once per language and players here (forms/
    setup.py): another language, and a player who came since, are another form."""
    night = new_night(client, "Ann", "Ben")

    def labels():
        page = client.get(f"/nights/{night}/games/new/any_game")
        return texts(page, "form label[for^=seat_]")

    assert labels() == ["Seat 1", "Seat 2"]
    client.get("/language/et")
    assert labels() == ["Koht 1", "Koht 2"]
    client.post(f"/nights/{night}/attendees", data={"name": "Cid"})
    assert labels() == ["Koht 1", "Koht 2", "Koht 3"]
    assert seats(client, night, "any_game") == ["Ann", "Ben", "Cid"]
