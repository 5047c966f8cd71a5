"""The roster: each player with the nights they came to, the games they played and won."""

from tests.web.conftest import count_queries, table_rows
from tests.web.history_data import night, restore, skull, skyjo


def roster(client):
    response = client.get("/players/")
    assert response.status_code == 200
    return table_rows(response, "table.roster-table")


def test_each_player_is_listed_with_nights_games_and_wins(client, runner, tmp_path):
    going = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="in_progress")
    restore(runner, tmp_path,
            night("2026-10-01", games=[skull("Ann"), skyjo(), going]),
            night("2026-10-08", games=[skull("Ben")]),
            night("2026-10-15", attendees=["Dora"]))
    assert roster(client) == [["Player", "Nights", "Games", "Won"],
                              ["Ann", "2", "4", "2"],
                              ["Ben", "2", "4", "1"],
                              ["Cid", "2", "4", "0"],
                              ["Dora", "1", "0", "0"]]


def test_a_shared_win_counts_as_won_for_each_winner(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[
        skyjo({"Ann": 5, "Ben": 5, "Cid": 20}, finisher="Cid")]))
    assert [row[3] for row in roster(client)[1:]] == ["1", "1", "0"]


def test_an_empty_roster_says_where_players_come_from(client):
    assert "players are added on a night" in client.get("/players/").get_data(as_text=True)


def test_the_roster_is_one_query_however_long_the_history(app, client, runner, tmp_path):
    restore(runner, tmp_path, *[night(f"2026-10-{d:02d}", games=[skull("Ann"), skyjo()])
                                for d in range(1, 13)])
    # the phone's groups (views/access.py), then the roster
    assert len(count_queries(app, client, "/players/")) == 2
