"""Player records stay true to the games: kept at every change, rebuilt after bulk loads."""

import datetime

import pytest
from flask_migrate import upgrade
from sqlalchemy import text

from companion import records, services
from companion.extensions import db
from companion.models import PlayerRecord
from tests.conftest import GROUP, database_url, make_app
from tests.web.history_data import night, restore, skull


def record(name, kind="skyjo"):
    player = services.find_player(GROUP, name)
    return db.session.get(PlayerRecord, (player.id, kind, ""))


def round_(ann, ben, finisher="Ann"):
    return {"finisher": finisher, "hands": {"Ann": {"score": ann}, "Ben": {"score": ben}}}


@pytest.fixture
def game(app):
    with app.app_context():
        tonight = services.start_night(GROUP, datetime.date(2026, 11, 30), None)
        players = [services.get_or_create_player(GROUP, n) for n in ("Ann", "Ben")]
        yield services.start_game(tonight, "skyjo", players, {"target": 50})


def test_a_game_started_counts_as_unfinished(game):
    assert (record("Ann").games, record("Ann").played) == (1, 0)


def test_a_finished_game_counts_its_totals_and_winner(game):
    services.add_entry(game, round_(10, 60), game.version)
    ann, ben = record("Ann"), record("Ben")
    assert (ann.played, ann.won, ann.lowest) == (1, 1, 10)
    assert (ben.played, ben.won, ben.highest) == (1, 0, 60)
    assert ann.recent[0]["total"] == 10 and ann.recent[0]["won"] is True


def test_undoing_the_last_round_takes_the_result_back(game):
    services.add_entry(game, round_(10, 60), game.version)
    services.undo_last(game, game.version)
    assert (record("Ann").played, record("Ann").won, record("Ann").recent) == (0, 0, [])


def test_correcting_a_finished_game_moves_the_win(game):
    services.add_entry(game, round_(10, 60), game.version)
    services.correct_entry(game, 0, round_(60, 10, finisher="Ben"), game.version)
    assert (record("Ann").won, record("Ben").won) == (0, 1)
    assert record("Ann").highest == 60


def test_a_restore_counts_every_record_once_at_the_end(runner, tmp_path, app):
    restore(runner, tmp_path, night(games=[skull(winner="Ann"), skull(winner="Ben")]))
    with app.app_context():
        assert (record("Ann", "skull").played, record("Ann", "skull").won) == (2, 1)


def test_upgrading_past_the_records_migration_counts_existing_games(tmp_path):
    url = database_url(tmp_path, "records", empty=True)
    old = make_app(url, AUTO_MIGRATE=False)
    with old.app_context():
        upgrade(revision="0002")
        db.session.execute(text(
            "insert into player (id, name, name_key, created_at) values "
            "(1, 'Ann', 'ann', '2026-01-02 20:00:00')"))
        db.session.execute(text(
            "insert into night (id, date, created_at) values (1, '2026-01-02', '2026-01-02')"))
        db.session.execute(text(
            "insert into game (id, night_id, kind, options, status, summary, entry_count, "
            "created_at, updated_at) values (1, 1, 'skull', '{}', 'finished', "
            "'{\"totals\": {\"Ann\": 2}, \"finished\": true, \"winners\": [\"Ann\"]}', 2, "
            "'2026-01-02', '2026-01-02')"))
        db.session.execute(text(
            "insert into seat (game_id, seat, player_id, total, won) values (1, 0, 1, 2, :t)"),
            {"t": True})
        db.session.commit()
        db.engine.dispose()

    app = make_app(url)
    with app.app_context():
        assert (record("Ann", "skull").played, record("Ann", "skull").won) == (1, 1)


@pytest.mark.parametrize("mine, table, best, place", [
    # (total, won) of the player, of every seat at the table, what "best" means
    ((10, True), [(10, True), (60, False)], "low", (1, 2, False)),
    ((60, False), [(10, True), (60, False), (40, False)], "low", (3, 3, False)),
    ((40, False), [(10, True), (40, False), (40, False)], "low", (2, 3, True)),
    ((80, True), [(80, True), (80, True), (20, False)], "high", (1, 3, True)),
    ((20, False), [(80, True), (20, False), (50, False)], "high", (3, 3, False)),
    # the last one standing wins with fewer points than a player knocked out with one
    ((0, True), [(0, True), (1, False), (0, False)], "wins", (1, 3, False)),
    ((0, False), [(0, True), (1, False), (0, False)], "wins", (3, 3, False)),
    ((1, False), [(0, True), (1, False), (0, False)], "wins", (2, 3, False)),
])
def test_a_place_puts_the_winners_first_then_the_best_totals(mine, table, best, place):
    found = records.place(mine, table, best)
    assert (found["place"], found["of"], found["shared"]) == place


def test_a_record_keeps_the_place_of_each_finished_game(game):
    services.add_entry(game, round_(60, 10, finisher="Ben"), game.version)
    assert record("Ann").recent[0] | {"date": None} == {
        "game": game.id, "night": game.night_id, "date": None, "total": 60, "won": False,
        "place": 2, "of": 2, "shared": False}
