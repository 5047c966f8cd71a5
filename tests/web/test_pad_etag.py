"""A pad seen again is served from its worker's cache, and every change to the game shows."""

import re

import pytest

from tests.conftest import make_app
from tests.web.conftest import count_queries, errors, form_version, version

PLAYERS = ["Ann", "Ben"]


def save_round(client, game, ann, ben):
    """Save a round from a form filled in on the sheet as it is now."""
    response = client.post(f"/games/{game}/entries", follow_redirects=True, data={
        "version": version(client, game), "finisher": "Ann", "score_0": str(ann),
        "score_1": str(ben)})
    assert response.status_code == 200, errors(response)


def view(client, game):
    """A plain reload of the pad, as another phone at the table makes it."""
    response = client.get(f"/games/{game}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def seen_twice(client, game):
    """The page as the cache keeps it: the second view is the stored one."""
    first = view(client, game)
    assert view(client, game) == first
    return first


def test_a_pad_seen_again_costs_one_query(app, client, start_game):
    game = start_game("skyjo", PLAYERS)
    save_round(client, game, 7, 11)
    assert len(count_queries(app, client, f"/games/{game}")) == 1
    assert "Save round 2" in seen_twice(client, game)


def changed(client, path, data):
    """Post a change to the game: it must be made (and answered with a redirect)."""
    assert client.post(path, data=data).status_code == 302


def rename_ben(client, game):
    player = re.search(r'href="/players/(\d+)">Ben<', client.get("/players/").get_data(as_text=True))
    assert client.post(f"/players/{player.group(1)}", data={"name": "Benedict"}).status_code == 302


CHANGES = {
    "a new round": (lambda client, game: save_round(client, game, 4, 9),
                    ["Save round 3"], ["Save round 2"]),
    "an undo": (lambda client, game: changed(client, f"/games/{game}/undo", {
        "version": version(client, game)}),
        ["Save round 1"], ["Save round 2", "Undo round"]),
    "a correction": (lambda client, game: changed(client, f"/games/{game}/entries/0", {
        "version": version(client, game), "finisher": "Ben", "score_0": "31", "score_1": "2"}),
        ["<td>31</td>"], ["<td>7</td>"]),
    "abandoning": (lambda client, game: changed(client, f"/games/{game}/abandon", {
        "version": version(client, game)}),
        ["badge-abandoned"], ["Save round"]),
    "renaming a player": (rename_ben, ["Benedict"], [">Ben<"]),
}


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_shows_on_the_next_plain_reload(client, start_game, change):
    game = start_game("skyjo", PLAYERS)
    save_round(client, game, 7, 11)
    assert "Save round 2" in seen_twice(client, game)
    make, shown, gone = CHANGES[change]
    make(client, game)
    view(client, game)  # shows the change's message, if it flashed one
    page = view(client, game)
    assert all(text in page for text in shown), shown
    assert not any(text in page for text in gone), gone


def test_a_change_made_by_another_worker_shows_too(app, client, start_game):
    game = start_game("skyjo", PLAYERS)
    seen_twice(client, game)
    other = make_app(app.config["SQLALCHEMY_DATABASE_URI"]).test_client()
    save_round(other, game, 7, 11)
    assert "Save round 2" in view(client, game)


def test_each_phone_gets_its_own_form_token_from_a_cached_pad(app, start_game):
    game = start_game("skyjo", PLAYERS)
    guarded = make_app(app.config["SQLALCHEMY_DATABASE_URI"], WTF_CSRF_ENABLED=True)
    first, second = guarded.test_client(), guarded.test_client()
    token = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
    pages = [view(phone, game) for phone in (first, first, second)]
    tokens = [token.search(page).group(1) for page in pages]
    assert tokens[0] != tokens[2]
    response = second.post(f"/games/{game}/entries", data={
        "csrf_token": tokens[2], "version": form_version(pages[2]), "finisher": "Ann",
        "score_0": "7", "score_1": "11"})
    assert response.status_code == 302, errors(response)


def test_a_saved_message_shows_once_even_on_a_cached_pad(client, start_game):
    game = start_game("skyjo", PLAYERS)
    seen_twice(client, game)
    client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "7", "score_1": "11"})
    assert "Round 1 saved." in view(client, game)
    assert "Round 1 saved." not in view(client, game)


def test_a_pad_asked_for_with_arguments_is_made_for_that_request(client, start_game):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    client.post(f"/games/{game}/entries", follow_redirects=True, data={
        "version": version(client, game), "challenger": "Ann", "bid": "2",
        "outcome": "skull:Ben"})
    assert "counting from the left" not in seen_twice(client, game)
    assert "counting from the left" in view(client, f"{game}?pick=1")


@pytest.mark.parametrize("size, queries", [(0, 5), (1, 5), (2, 1)])
def test_the_cache_keeps_at_most_its_size_in_pages(app, start_game, size, queries):
    games = [start_game("skyjo", PLAYERS) for _ in range(2)]
    small = make_app(app.config["SQLALCHEMY_DATABASE_URI"], PAGE_CACHE_SIZE=size)
    client = small.test_client()
    view(client, games[0])
    view(client, games[1])
    assert len(count_queries(small, client, f"/games/{games[0]}", warm_up=False)) == queries
