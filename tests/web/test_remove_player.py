"""A roster player who never played can be removed, after a page that says what goes;
one who played stays, and is told why."""

import threading
import time

from sqlalchemy import create_engine, text

from companion import queries

from tests.web.conftest import errors, parse, select, table_rows, texts
from tests.web.history_data import night, restore, skull


def ids(client):
    return {a.text: int(a.get("href").rsplit("/", 1)[1])
            for a in select(client.get("/players/"), "table.roster-table a")}


def names(client):
    return [row[0] for row in table_rows(client.get("/players/"), "table.roster-table")[1:]]


def two_nights_and_a_game(runner, tmp_path):
    """Dora came to two nights and never played; Ann, Ben and Cid played Skull."""
    restore(runner, tmp_path, night("2026-10-01", games=[skull("Ann")],
                                    attendees=["Ann", "Ben", "Cid", "Dora"]),
            night("2026-10-08", attendees=["Dora"]), night("2026-10-15", attendees=["Ann"]))


def test_the_confirmation_says_what_goes_and_removing_takes_them_off_every_night(
        client, runner, tmp_path):
    two_nights_and_a_game(runner, tmp_path)
    dora = ids(client)["Dora"]
    page = client.get(f"/players/{dora}")
    link = parse(page).one("section.remove-player a.button")
    assert link.text == "Remove Dora…"
    confirm = client.get(link.get("href"))
    assert texts(confirm, "h1") == ["Remove Dora from the roster?"]
    assert ("Dora has played no game; they are removed from 2 nights' attendance."
            in parse(confirm).one("main").text)
    response = client.post(parse(confirm).one("form[method=post]").get("action"))
    assert response.status_code == 302 and response.location.endswith("/players/")
    assert "Dora is no longer on the roster." in texts(client.get("/players/"), "p.flash")
    assert names(client) == ["Ann", "Ben", "Cid"]
    assert client.get(f"/players/{dora}").status_code == 404
    for night_id in (1, 2):
        shown = client.get(f"/nights/{night_id}")
        assert shown.status_code == 200 and "Dora" not in shown.get_data(as_text=True)


def test_a_player_who_came_once_or_never_is_told_so(client, runner, tmp_path):
    restore(runner, tmp_path, night(attendees=["Ann"]), players=["Ann", "Ben"])
    found = ids(client)
    once = parse(client.get(f"/players/{found['Ann']}/remove")).one("main").text
    never = parse(client.get(f"/players/{found['Ben']}/remove")).one("main").text
    assert "Ann has played no game; they are removed from 1 night's attendance." in once
    assert "Ben has played no game; they came to no night, so only the name goes." in never


def test_a_removed_name_is_no_longer_offered_on_a_night(client, runner, tmp_path):
    two_nights_and_a_game(runner, tmp_path)
    before = texts(client.get("/nights/3"), "details.roster button")
    client.post(f"/players/{ids(client)['Dora']}/remove")
    after = texts(client.get("/nights/3"), "details.roster button")
    assert "+ Dora" in before and "+ Dora" not in after


def test_a_player_who_played_has_no_remove_button_and_is_told_why(client, runner, tmp_path):
    two_nights_and_a_game(runner, tmp_path)
    page = parse(client.get(f"/players/{ids(client)['Ann']}"))
    section = page.one("section.remove-player")
    assert not section.select("a, button")
    assert section.one("p").text == ("Ann has played 1 game, so they stay on the roster: "
                                     "the games keep who played them.")


def test_removing_a_player_who_played_is_refused_and_changes_nothing(client, runner, tmp_path):
    two_nights_and_a_game(runner, tmp_path)
    ann = ids(client)["Ann"]
    assert texts(client.get(f"/players/{ann}/remove"), "h1") == ["Ann stays on the roster"]
    response = client.post(f"/players/{ann}/remove")
    assert response.status_code == 409
    assert errors(response) == ["Ann has played, so they stay on the roster."]
    assert not select(response, "form[method=post]")
    assert names(client) == ["Ann", "Ben", "Cid", "Dora"]
    assert client.get(f"/players/{ann}").status_code == 200


def test_a_second_tap_on_remove_finds_the_player_gone(client, runner, tmp_path):
    two_nights_and_a_game(runner, tmp_path)
    dora = ids(client)["Dora"]
    client.post(f"/players/{dora}/remove")
    again = client.post(f"/players/{dora}/remove")
    assert again.status_code == 404
    assert "It may have been removed." in parse(again).one("main").text
    assert names(client) == ["Ann", "Ben", "Cid"]


def test_a_refused_removal_whose_player_a_restore_deletes_meanwhile_says_so(
        app, client, runner, tmp_path, monkeypatch):
    """Removing Ann is refused (she played), and a restore replacing the group deletes her
    while the refusal's page is drawn: the phone is told she was deleted, not a 500."""
    two_nights_and_a_game(runner, tmp_path)
    ann = ids(client)["Ann"]
    there = queries.exists

    def restored_meanwhile(model, row_id):
        found = there(model, row_id)
        other = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
        with other.begin() as connection:
            for table in ("entry", "seat", "player_record", "game", "night_player", "night",
                          "player"):
                connection.execute(text(f"delete from {table}"))
        other.dispose()
        return found

    monkeypatch.setattr(queries, "exists", restored_meanwhile)
    response = client.post(f"/players/{ann}/remove")
    assert response.status_code == 410
    assert "This was deleted on another phone" in parse(response).one("main").text


def test_a_player_seated_while_being_removed_stays(app, client, runner, tmp_path):
    """Another phone seats Dora at a game and has not committed yet when the removal
    starts: the removal waits for it and refuses, and the game keeps its player."""
    two_nights_and_a_game(runner, tmp_path)
    dora = ids(client)["Dora"]
    other = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    seating = other.connect()
    writes = seating.begin()
    seating.execute(text("insert into seat (game_id, seat, player_id, won) "
                         "values (1, 3, :dora, :no)"), {"dora": dora, "no": False})
    answers = []
    removal = threading.Thread(
        target=lambda: answers.append(client.post(f"/players/{dora}/remove")))
    removal.start()
    time.sleep(0.5)
    writes.commit()
    removal.join(20)
    seating.close()
    other.dispose()
    assert answers and answers[0].status_code == 409
    assert "Dora" in names(client)
    assert client.get(f"/players/{dora}").status_code == 200
