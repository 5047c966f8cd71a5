"""Two games that share players, changed at the same instant: each player's record counts
both (on PostgreSQL two transactions could each miss the other's game)."""

import datetime

import pytest
from sqlalchemy import create_engine, text

from companion import services
from companion.extensions import db
from tests.conftest import GROUP, database_url, make_app
from tests.server.conftest import WORKERS, Phone, Server, at_once, workers
from tests.server.races import OPTIONS, START, finish_doc, relabel, round_form

RACES = 6


@pytest.fixture(scope="module", params=list(WORKERS))
def table(request, tmp_path_factory):
    """Per race: Ann, Ben and Cid; Ann plays Skyjo with Ben and with Cid, both games one
    round from the end; and two nights both attended by Dan and Eve, who have no game."""
    setup = workers(request.param)
    url = database_url(tmp_path_factory.mktemp("shared"), "shared")
    app = make_app(url)
    races = []
    with app.app_context():
        for number in range(RACES):
            night = services.start_night(GROUP, datetime.date(2026, 12, 1), f"Shared {number}")
            ann, ben, cid, dan, eve = [services.get_or_create_player(GROUP, f"{who}{number}")
                                       for who in ("Ann", "Ben", "Cid", "Dan", "Eve")]
            games = []
            for other in (ben, cid):
                game = services.start_game(night, "skyjo", [ann, other], OPTIONS)
                for doc in START:
                    services.add_entry(game, relabel(doc, [ann.name, other.name]), game.version)
                games.append({"id": game.id, "names": (ann.name, other.name)})
            nights = [services.start_night(GROUP, datetime.date(2026, 12, 2), f"Apart {number}")
                      for _ in range(2)]
            for apart in nights:
                services.add_attendee(apart, dan.name)
                services.add_attendee(apart, eve.name)
            db.session.commit()
            races.append({"ann": ann.id, "dan": dan.id, "games": games,
                          "nights": [n.id for n in nights], "pair": (dan.name, eve.name)})
        db.engine.dispose()
    server = Server(url, **setup).start()
    phones = [Phone.opened(server.base), Phone.opened(server.base)]
    yield url, races, phones
    server.kill()


def together(phones, requests):
    """Each phone sends its (path, data) at the same instant."""
    def send(phone, path, data):
        return lambda: phone.post(path, data, phone.csrf)

    return at_once(*[send(phone, *request) for phone, request in zip(phones, requests)])


def record(url, player, column):
    engine = create_engine(url)
    with engine.connect() as connection:
        value = connection.execute(text(
            f"select {column} from player_record where player_id = :p and kind = 'skyjo'"),
            {"p": player}).scalar()
    engine.dispose()
    return value


def test_two_games_of_one_player_ending_at_once_both_count_in_their_record(table):
    url, races, phones = table
    for race in races:
        requests = []
        for game in race["games"]:
            version = phones[0].http.get(f"{phones[0].base}/games/{game['id']}/sheet.json",
                                         timeout=10).json()["version"]
            requests.append((f"/games/{game['id']}/entries",
                             round_form(game, version, finish_doc(0))))
        answers = together(phones, requests)
        assert [a.status_code for a in answers] == [302, 302], [a.text[-1500:] for a in answers]
        # Ann won both (Ben and Cid passed 100)
        assert record(url, race["ann"], "played") == 2
        assert record(url, race["ann"], "won") == 2


def test_the_first_games_of_a_kind_started_at_once_on_two_nights_both_count(table):
    url, races, phones = table
    for race in races:
        seats = {"seat_0": race["pair"][0], "seat_1": race["pair"][1], "option_target": "100",
                 "option_remove_columns_at_reveal": "y"}
        answers = together(phones, [(f"/nights/{night}/games/new/skyjo", seats)
                                    for night in race["nights"]])
        assert [a.status_code for a in answers] == [302, 302], [a.text[-1500:] for a in answers]
        assert record(url, race["dan"], "games") == 2
