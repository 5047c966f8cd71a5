"""Ending a game recounts its players' records in as many statements for 12 players as
for 3 (companion/records.py: one query per figure for all of them, not one per player)."""

from contextlib import contextmanager

import pytest
from sqlalchemy import delete, event

from companion import records, services
from companion.extensions import db
from companion.models import PlayerRecord
from tests.conftest import GROUP
from tests.web.conftest import errors, form_data, parse, version

# what the recount at the end of a game runs at most: the players' lock, the figures with
# the first and newest game's settings, the recent games, their tables, the records as
# they are, and one UPDATE of all the changed ones (one INSERT of the new ones besides)
MOST = 7


@contextmanager
def counted(app, monkeypatch):
    """{"all": every statement run inside, "recount": those `records.rebuild_game` runs,
    "recounts": how many times it ran}. The game's own changes are flushed before the
    recount starts: they are the game's statements, not the recount's."""
    found = {"all": [], "recount": [], "recounts": 0}
    inside = False
    rebuild_game = records.rebuild_game

    def recount(game):
        nonlocal inside
        db.session.flush()
        found["recounts"] += 1
        inside = True
        try:
            rebuild_game(game)
        finally:
            inside = False

    def count(conn, cursor, statement, *args):
        found["all"].append(statement)
        if inside:
            found["recount"].append(statement)

    monkeypatch.setattr(records, "rebuild_game", recount)
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            yield found
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
            monkeypatch.setattr(records, "rebuild_game", rebuild_game)


def night_of(client, players):
    """A new night with `players` at it: its id. (A night per game would soon meet the
    limit of players a phone adds in a minute.)"""
    response = client.post("/nights/new", data={"date": "2026-11-30", "title": "Test night"})
    assert response.status_code == 302, errors(response)
    night_id = int(response.location.rsplit("/", 1)[1])
    for name in players:
        response = client.post(f"/nights/{night_id}/attendees", data={"name": name})
        assert response.status_code in (200, 302), errors(response)
    return night_id


def save_round(client, game, points=None, end=False):
    data = {"version": version(client, game)}
    if end:
        data["end"] = "y"
    else:
        data.update({f"points_{i}": str(p) for i, p in enumerate(points)})
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)


def play(client, night_id, players, name, end=True):
    """A game of `name` at the night with a round of points (a tie for the first two),
    ended by the table when `end`: its id."""
    path = f"/nights/{night_id}/games/new/any_game"
    data = {name_: value for name_, value in form_data(parse(client.get(path))).items()
            if name_.startswith("option_")}
    data.update({f"seat_{i}": player for i, player in enumerate(players)}, option_name=name)
    response = client.post(path, data=data)
    assert response.status_code == 302, errors(response)
    game = int(response.location.rsplit("/", 1)[1])
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["totals"]) == len(players)
    save_round(client, game, [10, 10] + list(range(len(players) - 2)))
    if end:
        save_round(client, game, end=True)
    return game


def ending(app, client, monkeypatch, players):
    """The statements of the POST that ends a game of `players`, who played one before it
    of the same name and one of another."""
    night = night_of(client, players)
    play(client, night, players, "Qwixx")
    play(client, night, players, "Golf")
    game = play(client, night, players, "qwixx", end=False)
    with counted(app, monkeypatch) as found:
        save_round(client, game, end=True)
    assert found["recounts"] == 1
    assert client.get(f"/games/{game}/sheet.json").get_json()["finished"]
    return found


def test_ending_a_game_of_12_recounts_in_as_many_statements_as_a_game_of_3(
        app, client, monkeypatch):
    few = ending(app, client, monkeypatch, [f"Few {i}" for i in range(3)])
    many = ending(app, client, monkeypatch, [f"Many {i}" for i in range(12)])
    print(f"\nend of game POST: {len(few['all'])} statements for 3 players, "
          f"{len(many['all'])} for 12; recount: {len(few['recount'])}, "
          f"{len(many['recount'])}")
    assert len(many["recount"]) == len(few["recount"]), (few["recount"], many["recount"])
    assert len(many["recount"]) <= MOST, many["recount"]
    assert len(many["all"]) == len(few["all"]), (few["all"], many["all"])


@pytest.mark.parametrize("players", [3, 12])
def test_the_records_of_the_ended_game_count_it(app, client, players):
    names = [f"P{i}" for i in range(players)]
    night = night_of(client, names)
    first = play(client, night, names, "Qwixx")
    game = play(client, night, names, " QWIXX ")
    with app.app_context():
        for i, name in enumerate(names):
            player = services.find_player(GROUP, name)
            record = db.session.get(PlayerRecord, (player.id, "any_game", "qwixx"))
            # the first game's name, both games' points: 10 each for the first two
            assert record.title == "Qwixx" and record.best == "high"
            total = 10 if i < 2 else i - 2
            assert (record.games, record.played, record.won) == (2, 2, 2 if i < 2 else 0)
            assert (record.highest, record.lowest, record.average) == (total,) * 3
            assert [r["game"] for r in record.recent] == [first, game]
            assert record.recent[-1]["place"] == (1 if i < 2 else players - i + 2)
            assert record.recent[-1]["shared"] == (i < 2)
            assert record.recent[-1]["of"] == players


def test_rebuilding_every_record_costs_the_same_for_3_players_as_for_15(
        app, client):
    found = []
    for players in ([f"Few {i}" for i in range(3)], [f"Many {i}" for i in range(12)]):
        night = night_of(client, players)
        play(client, night, players, "Qwixx")
        play(client, night, players, "Golf")
        with app.app_context():
            db.session.execute(delete(PlayerRecord))
            statements = []

            def count(conn, cursor, statement, *args):
                statements.append(statement)

            event.listen(db.engine, "before_cursor_execute", count)
            try:
                assert records.rebuild_all() == 2 * (3 if not found else 15)
            finally:
                event.remove(db.engine, "before_cursor_execute", count)
            db.session.commit()
        found.append(statements)
    print(f"\nrebuild_all: {len(found[0])} statements for 6 records, "
          f"{len(found[1])} for 30")
    assert len(found[0]) == len(found[1]) <= MOST, found
