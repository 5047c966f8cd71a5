"""A game started by mistake, or an empty night, can be deleted after a page that says
what goes; a game changed on another phone meanwhile is kept, and the players' records
stay what their remaining games make them."""

import datetime
import re
from html import unescape

import pytest
from sqlalchemy import text

from companion import services
from companion.extensions import db
from companion.models import Game, Night, Player, PlayerRecord
from tests.conftest import GROUP
from tests.web.conftest import errors, hidden_value, select, texts, version


def shown(response):
    """The page's words, without its markup."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def skyjo_rounds(client, game, *rounds):
    for ann, ben in rounds:
        answer = client.post(f"/games/{game}/entries", data={
            "version": version(client, game), "finisher": "Ann",
            "score_0": str(ann), "score_1": str(ben)})
        assert answer.status_code == 302, errors(answer)


def ask(client, game):
    return client.get(f"/games/{game}/delete?version={version(client, game)}")


def records(app):
    """{(player name, kind): (games, played, won)} as the player pages read them."""
    with app.app_context():
        rows = db.session.execute(db.select(PlayerRecord)).scalars()
        names = {p.id: p.name for p in db.session.execute(db.select(Player)).scalars()}
        return {(names[r.player_id], r.kind): (r.games, r.played, r.won) for r in rows}


@pytest.mark.parametrize("rounds,said", [
    ([(3, 9), (4, 12), (1, 2)], "Its 3 rounds are deleted too."),
    ([(3, 9)], "Its 1 round is deleted too."),
    ([], "Nothing was entered in it."),
])
def test_the_delete_page_says_which_game_goes_with_how_many_entries(client, start_game, rounds,
                                                                    said):
    game = start_game("skyjo", ["Ann", "Ben"])
    skyjo_rounds(client, game, *rounds)
    page = ask(client, game)
    assert page.status_code == 200
    assert texts(page, "h1") == ["Delete Skyjo with Ann, Ben?"]
    assert said in shown(page) and "Yes, delete the game" in shown(page)


def test_deleting_a_game_removes_it_and_its_entries_from_the_night(app, client, start_game):
    kept = start_game("skull", ["Ann", "Ben", "Cid"])
    game = start_game("skyjo", ["Ann", "Ben"])
    skyjo_rounds(client, game, (3, 9))
    night = 2
    answer = client.post(f"/games/{game}/delete", data={"version": version(client, game)})
    assert answer.status_code == 302 and answer.location.endswith(f"/nights/{night}")
    page = client.get(answer.location)
    assert "Skyjo with Ann and Ben was deleted." in shown(page)
    assert not select(page, f"a[href='/games/{game}']")
    assert client.get(f"/games/{game}").status_code == 404
    assert client.get(f"/games/{kept}").status_code == 200
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(
            db.metadata.tables["entry"])) == 0


def test_a_game_changed_on_another_phone_meanwhile_is_not_deleted(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    skyjo_rounds(client, game, (3, 9))
    confirmed = version(client, game)
    # another phone saves round 2 while this one asks
    client.post(f"/games/{game}/entries", data={"version": confirmed, "finisher": "Ben",
                                                "score_0": "5", "score_1": "2"})
    refused = client.post(f"/games/{game}/delete", data={"version": confirmed})
    assert refused.status_code == 409
    assert "Round 2 was saved on another phone" in shown(refused)
    # the page now asks about the game as it is
    assert "Its 2 rounds are deleted too." in shown(refused)
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 2


def test_a_delete_page_opened_from_a_stale_pad_says_what_changed(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    seen = version(client, game)
    skyjo_rounds(client, game, (3, 9))
    page = client.get(f"/games/{game}/delete?version={seen}")
    assert "Round 1 was saved on another phone" in shown(page)
    assert "Its 1 round is deleted too." in shown(page)


def test_a_second_tap_on_delete_is_answered_as_the_first(app, client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    seen = version(client, game)
    first = client.post(f"/games/{game}/delete", data={"version": seen})
    again = app.test_client().post(f"/games/{game}/delete", data={"version": seen})
    assert [first.status_code, again.status_code] == [302, 302]
    assert first.location == again.location
    # a made-up version is not an answer to anything
    assert client.post(f"/games/{game}/delete", data={"version": "0" * 16}).status_code == 404


def test_the_players_records_count_only_the_games_left(app, client, start_game):
    first = start_game("skyjo", ["Ann", "Ben"], target=10)
    skyjo_rounds(client, first, (1, 20))
    second = start_game("skyjo", ["Ann", "Ben"], target=10)
    skyjo_rounds(client, second, (30, 2))
    skull = start_game("skull", ["Ann", "Ben", "Cid"])
    assert records(app)[("Ann", "skyjo")] == (2, 2, 1)
    for game in (second, skull):
        client.post(f"/games/{game}/delete", data={"version": version(client, game)})
    found = records(app)
    # Ann won the first game, Ben the second, which is gone
    assert found[("Ann", "skyjo")] == (1, 1, 1) and found[("Ben", "skyjo")] == (1, 1, 0)
    # Cid's only game went: no record of no game is left
    assert ("Cid", "skull") not in found and ("Ann", "skull") not in found


def test_a_rematch_deleted_by_mistake_can_be_started_again(app, client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"], target=10)
    skyjo_rounds(client, game, (1, 20))
    rematch = client.post(f"/games/{game}/rematch").location
    again = rematch.rsplit("/", 1)[1]
    client.post(f"/games/{again}/delete", data={"version": version(client, again)})
    answer = client.post(f"/games/{game}/rematch")
    assert client.get(answer.location).status_code == 200
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 2


def test_an_empty_night_is_deleted_after_its_page_says_what_goes(client):
    client.post("/nights/new", data={"date": "2026-11-30", "title": "By mistake"})
    client.post("/nights/1/attendees", data={"name": "Ann"})
    night = client.get("/nights/1")
    link = select(night, "a[href='/nights/1/delete']")
    assert [a.text for a in link] == ["Delete this night"]
    page = client.get("/nights/1/delete")
    assert "Delete the night of By mistake" in shown(page)
    assert "No game was played at it. Ann stays on the roster." in shown(page)
    answer = client.post("/nights/1/delete")
    assert answer.status_code == 302 and answer.location.endswith("/nights/")
    assert "was deleted." in shown(client.get(answer.location))
    assert client.get("/nights/1").status_code == 404
    assert "Ann" in texts(client.get("/players/"), "main a")


def test_a_night_with_a_game_is_not_deleted(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    assert not select(client.get("/nights/1"), "a[href='/nights/1/delete']")
    assert "This night has games, so it stays." in shown(client.get("/nights/1/delete"))
    refused = client.post("/nights/1/delete")
    assert refused.status_code == 409 and "Delete its games first." in shown(refused)
    assert client.get(f"/games/{game}").status_code == 200
    # once its game is deleted, the night can go too
    client.post(f"/games/{game}/delete", data={"version": version(client, game)})
    assert client.post("/nights/1/delete").status_code == 302
    assert client.get("/nights/1").status_code == 404


def test_a_second_tap_on_delete_night_is_answered_as_the_first(app, client):
    client.post("/nights/new", data={"date": "2026-11-30", "title": "By mistake"})
    once = hidden_value(client.get("/nights/1/delete"), "once")
    other = app.test_client()
    first = client.post("/nights/1/delete", data={"once": once})
    again = client.post("/nights/1/delete", data={"once": once})
    assert [first.status_code, again.status_code] == [302, 302]
    assert first.location == again.location and again.location.endswith("/nights/")
    assert "The night of By mistake" in shown(client.get(again.location))
    # the key is this phone's: another phone of the group sending it is told nothing
    assert other.post("/nights/1/delete", data={"once": once}).status_code == 404
    # a made-up token is not an answer to anything
    made_up = client.post("/nights/1/delete", data={"once": "x" * 22})
    assert made_up.status_code == 404


def test_a_night_that_is_not_there_cannot_be_deleted(client):
    assert client.get("/nights/9/delete").status_code == 404
    assert client.post("/nights/9/delete").status_code == 404


def test_joining_a_night_deleted_on_another_phone_a_moment_before_is_refused_not_a_500(app):
    with app.app_context():
        night = services.start_night(GROUP, datetime.date(2026, 12, 1), "Gone")
        player = services.get_or_create_player(GROUP, "Ann")
        db.session.commit()
        night = db.session.get(Night, night.id)
        # the other phone's delete, done after this phone loaded the night (as PostgreSQL
        # lets it happen between this phone's read and its insert)
        db.session.execute(text("delete from night where id = :id"), {"id": night.id})
        with pytest.raises(services.ServiceError, match="Ann could not join"):
            services.join_night(night, player)
        db.session.rollback()


def test_a_form_sent_again_after_its_night_was_deleted_is_not_sent_to_the_next_night(client):
    once = hidden_value(client.get("/nights/new"), "once")
    first = client.post("/nights/new", data={"date": "2026-11-30", "title": "By mistake",
                                             "once": once})
    assert client.post(first.location + "/delete").status_code == 302
    # the next night may take the deleted one's id
    client.post("/nights/new", data={"date": "2026-12-01", "title": "The real one",
                                     "once": hidden_value(client.get("/nights/new"), "once")})
    again = client.post("/nights/new", data={"date": "2026-11-30", "title": "By mistake",
                                             "once": once}, follow_redirects=True)
    assert texts(again, "h1") == ["By mistake"]
