"""The history list: past nights, filtered by player and game, searched by title, in pages."""

import html
import re

import pytest

from companion.rules import GAMES
from tests.web.history_data import cards_500, night, restore, skull, skyjo


def titles(response):
    return [html.unescape(t) for t in re.findall(
        r'<span class="history-night"><strong>(.*?)</strong>', response.get_data(as_text=True))]


@pytest.fixture
def nights(runner, tmp_path):
    restore(runner, tmp_path,
            night("2026-10-01", "Skull only", games=[skull(players=("Ann", "Ben", "Cid"))]),
            night("2026-10-08", "Cards at Dora's", games=[cards_500(), skull()]),
            night("2026-10-15", "Skyjo with Eve",
                  games=[skyjo(players=["Eve", "Ben"], scores={"Eve": 3, "Ben": 12})]))


def player_id(client, name):
    page = client.get("/players/").get_data(as_text=True)
    return re.search(rf'href="/players/(\d+)">{name}</a>', page).group(1)


def test_history_lists_every_night_newest_first(client, nights):
    response = client.get("/history")
    assert titles(response) == ["Skyjo with Eve", "Cards at Dora's", "Skull only"]
    assert "3 nights" in response.get_data(as_text=True)


def test_each_night_shows_who_came_and_who_won_each_game(client, nights):
    page = client.get("/history").get_data(as_text=True)
    assert "Ben, Eve" in page
    assert '<span class="game-title">Card game to 500</span>: Ann won' in page


def test_filtering_by_player_keeps_the_nights_they_came_to(client, nights):
    response = client.get(f"/history?player={player_id(client, 'Dora')}")
    assert titles(response) == ["Cards at Dora's"]


def test_filtering_by_kind_keeps_those_nights_and_only_those_games(client, nights):
    response = client.get("/history?kind=skull")
    assert titles(response) == ["Cards at Dora's", "Skull only"]
    assert "Card game to 500" not in response.get_data(as_text=True).split("nights found")[1]


def test_player_and_kind_together_keep_the_games_the_player_sat_in(client, nights):
    response = client.get(f"/history?kind=skyjo&player={player_id(client, 'Ben')}")
    assert titles(response) == ["Skyjo with Eve"]


def test_searching_finds_nights_by_a_part_of_their_title(client, nights):
    assert titles(client.get("/history?q=dora")) == ["Cards at Dora's"]


def test_a_search_with_wildcard_characters_matches_them_literally(client, nights):
    assert titles(client.get("/history?q=%25")) == []


def test_the_filters_come_back_selected(client, nights):
    page = client.get("/history?kind=skull&q=only").get_data(as_text=True)
    assert '<option selected value="skull">Skull</option>' in page
    assert 'value="only"' in page


def test_an_unknown_filter_value_is_named_and_ignored(client, nights):
    response = client.get("/history?kind=chess")
    assert "Not a valid choice." in response.get_data(as_text=True)
    assert len(titles(response)) == 3


def test_every_kind_in_the_registry_is_offered_as_a_filter(client):
    page = client.get("/history").get_data(as_text=True)
    for kind, rules in GAMES.items():
        assert f'value="{kind}">{rules.title}</option>' in page


def test_history_is_paginated_and_the_pager_keeps_the_filters(app, client, runner, tmp_path):
    app.config["NIGHTS_PER_PAGE"] = 2
    restore(runner, tmp_path, *[night(f"2026-10-0{d}", f"Night {d}", games=[skull()])
                                for d in range(1, 6)])
    first = client.get("/history?kind=skull")
    assert titles(first) == ["Night 5", "Night 4"]
    assert 'href="/history?page=2&amp;kind=skull" rel="next"' in first.get_data(as_text=True)
    assert titles(client.get("/history?page=3&kind=skull")) == ["Night 1"]


def test_names_and_titles_are_escaped(client, runner, tmp_path):
    evil = "<script>alert(1)</script>"
    game = skull(winner=evil, players=(evil, "B", "C"))
    restore(runner, tmp_path, night(title=evil, games=[game]))
    page = client.get("/history").get_data(as_text=True)
    assert evil not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_main_navigation_leads_to_the_history(client):
    assert '<a href="/history">History</a>' in client.get("/").get_data(as_text=True)
