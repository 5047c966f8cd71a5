"""One player, one colour: on every chart of the app, whatever the seat."""

import re

from tests.web.conftest import select
from tests.web.history_data import cards_500, night, restore, skyjo


def links(client, path, pattern):
    return [a.get("href") for a in select(client.get(path), "a[href]")
            if re.fullmatch(pattern, a.get("href"))]


def legend(html):
    """{player: the style of their line} in the charts of a page."""
    return {item.text.rsplit(" ", 1)[0]: " ".join(item.one("line").classes)
            for item in select(html, "figure.chart .chart-legend li")}


def roster_ids(client):
    return {a.text: int(a.get("href").rsplit("/", 1)[1])
            for a in select(client.get("/players/"), "table.roster-table a")}


def test_a_player_keeps_their_colour_across_games_seated_differently(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[
        skyjo(players=["Cid", "Ann", "Ben"], scores={"Cid": 5, "Ann": 15, "Ben": 25}),
        cards_500(out="Ben", players=("Dora", "Ben", "Ann", "Cid")),
        skyjo(players=["Ben", "Ann"], scores={"Ben": 9, "Ann": 12})]))
    ids = roster_ids(client)
    games = links(client, links(client, "/nights/", r"/nights/\d+")[0], r"/games/\d+")
    assert len(games) == 3
    for game in games:
        drawn = legend(client.get(game))
        assert drawn and drawn == {name: f"chart-line series-{ids[name] % 8}"
                                   for name in drawn}


def test_a_players_own_results_chart_is_in_their_colour(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skyjo(), skyjo()]))
    ids = roster_ids(client)
    page = client.get(f"/players/{ids['Ben']}")
    lines = select(page, "figure.chart g.chart-line")
    assert [line.classes for line in lines] == [["chart-line", f"series-{ids['Ben'] % 8}"]]
