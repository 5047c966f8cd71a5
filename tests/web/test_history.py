"""The history list: past nights, filtered by player and game, searched by title, in pages."""

import pytest

from companion.extensions import db
from companion.models import Game, Night
from companion.rules import GAMES
from tests.web.conftest import parse, select, texts
from tests.web.history_data import cards_500, night, restore, skull, skyjo


def titles(response):
    return texts(response, "ul.history span.history-night strong")


@pytest.fixture
def nights(runner, tmp_path):
    restore(runner, tmp_path,
            night("2026-10-01", "Skull only", games=[skull(players=("Ann", "Ben", "Cid"))]),
            night("2026-10-08", "Cards at Dora's", games=[cards_500(), skull()]),
            night("2026-10-15", "Skyjo with Eve",
                  games=[skyjo(players=["Eve", "Ben"], scores={"Eve": 3, "Ben": 12})]))


def player_id(client, name):
    links = [a.get("href") for a in select(client.get("/players/"), 'a[href^="/players/"]')
             if a.text == name]
    assert len(links) == 1, (name, links)
    return links[0].rsplit("/", 1)[1]


def filter_choices(page, name):
    """(value, label, selected) of each option of the history filter's `name` list."""
    return [(o.get("value"), o.text, "selected" in o.attrs)
            for o in parse(page).one(f"form.history-filter select[name={name}]").select("option")]


def test_history_lists_every_night_newest_first(client, nights):
    response = client.get("/history")
    assert titles(response) == ["Skyjo with Eve", "Cards at Dora's", "Skull only"]
    assert "3 nights" in response.get_data(as_text=True)


def test_each_night_shows_who_came_and_who_won_each_game(client, nights):
    page = client.get("/history").get_data(as_text=True)
    assert "Ben, Eve" in texts(page, "span.history-people")
    assert "Card game to 500: Ann won" in texts(page, "span.history-game")


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
    assert [(v, label) for v, label, chosen in filter_choices(page, "kind") if chosen] == [
        ("skull", "Skull")]
    assert parse(page).one("form.history-filter input[name=q]").get("value") == "only"


def test_an_unknown_filter_value_is_named_and_ignored(client, nights):
    response = client.get("/history?kind=chess")
    assert "Not a valid choice." in response.get_data(as_text=True)
    assert len(titles(response)) == 3


def test_every_kind_in_the_registry_is_offered_as_a_filter(client):
    page = client.get("/history")
    offered = {(value, label) for value, label, _ in filter_choices(page, "kind")}
    for kind, rules in GAMES.items():
        assert (kind, rules.title) in offered


def test_history_is_paginated_and_the_pager_keeps_the_filters(app, client, runner, tmp_path):
    app.config["NIGHTS_PER_PAGE"] = 2
    restore(runner, tmp_path, *[night(f"2026-10-0{d}", f"Night {d}", games=[skull()])
                                for d in range(1, 6)])
    first = client.get("/history?kind=skull")
    assert titles(first) == ["Night 5", "Night 4"]
    assert parse(first).one("nav.pager a[rel=next]").get("href") == "/history?page=2&kind=skull"
    assert titles(client.get("/history?page=3&kind=skull")) == ["Night 1"]


def test_names_and_titles_are_escaped(client, runner, tmp_path):
    evil = "<script>alert(1)</script>"
    game = skull(winner=evil, players=(evil, "B", "C"))
    restore(runner, tmp_path, night(title=evil, games=[game]))
    page = client.get("/history").get_data(as_text=True)
    assert evil not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_main_navigation_leads_to_the_history(client):
    links = [(a.get("href"), a.text) for a in select(client.get("/"), "nav[aria-label=Main] a")]
    assert ("/history", "History") in links


def won(names):
    return f"{names[0]} won" if len(names) == 1 else (
        f"{', '.join(names[:-1])} and {names[-1]} share the win")


def test_the_list_names_the_winners_each_game_names(app, client, runner, tmp_path):
    """The list reads who won from the seats (Seat.won), not from each game: the same
    names, in the same order, as Game.winner_names."""
    restore(runner, tmp_path, replace=True, players=[])
    assert runner.invoke(args=["demo", "--nights", "40", "--seed", "3", "--group", "1"]).exit_code == 0
    app.config["NIGHTS_PER_PAGE"] = 40
    shown = texts(client.get("/history"), "span.history-game")
    with app.app_context():
        games = db.session.execute(db.select(Game).join(Night).order_by(
            Night.date.desc(), Night.id.desc(), Game.id)).scalars().all()
        expected = [f"{g.title}: " + (won(g.winner_names) if g.status == "finished"
                                      else g.status_label.lower()) for g in games]
    assert shown == expected


def test_a_shared_win_names_the_winners_in_seat_order(client, runner, tmp_path):
    tie = skyjo(players=["Cid", "Ben", "Ann"], scores={"Cid": 3, "Ben": 12, "Ann": 3},
                finisher="Ben")
    restore(runner, tmp_path, night(games=[tie]))
    assert texts(client.get("/history"), "span.history-game") == [
        "Skyjo: Cid and Ann share the win"]


def test_a_page_of_nights_shows_what_changed_since_it_was_last_shown(client, nights):
    """A page of nights is drawn once for what it shows (views/history.py): a rename, and
    another language, are a new drawing."""
    assert "Card game to 500: Ann won" in texts(client.get("/history"), "span.history-game")
    ann = player_id(client, "Ann")
    assert client.post(f"/players/{ann}", data={"name": "Anneli"}).status_code == 302
    renamed = client.get("/history")
    assert "Card game to 500: Anneli won" in texts(renamed, "span.history-game")
    assert "Anneli, Ben, Cid" in texts(renamed, "span.history-people")
    client.get("/language/et")
    assert texts(client.get("/history"), "span.history-date")[0] == "15. oktoober 2026"
