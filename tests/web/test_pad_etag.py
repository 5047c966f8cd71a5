"""A pad is cached the HTTP way: its ETag follows the game's version, a phone that has the
page gets 304 Not Modified, and every change to the game shows on the next reload."""

import re

import pytest

from tests.conftest import make_app
from tests.web.conftest import count_queries, errors, form_version, hidden_value, select, version

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


def revalidate(client, game, tag):
    """A reload as a browser makes it, sending back the ETag of the page it has."""
    return client.get(f"/games/{game}", headers={"If-None-Match": tag})


def seen_twice(client, game):
    """The page and its ETag; asking again with the ETag is answered 304 with no body."""
    response = client.get(f"/games/{game}")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache, private"
    tag = response.headers["ETag"]
    again = revalidate(client, game, tag.strip('"'))
    assert again.status_code == 304 and again.get_data() == b""
    return response.get_data(as_text=True)


def test_a_pad_seen_again_is_not_modified_after_two_queries(app, client, start_game):
    game = start_game("skyjo", PLAYERS)
    save_round(client, game, 7, 11)
    assert "Save round 2" in seen_twice(client, game)
    tag = client.get(f"/games/{game}").headers["ETag"].strip('"')
    queries = count_queries(app, client, f"/games/{game}", warm_up=False,
                            headers={"If-None-Match": tag})
    # the phone's groups with the game's group (views/access.py), then the game's version
    assert len(queries) == 2 and "FROM member" in queries[0], queries


def changed(client, path, data):
    """Post a change to the game: it must be made (and answered with a redirect)."""
    assert client.post(path, data=data).status_code == 302


def rename_ben(client, game):
    links = [a.get("href") for a in select(client.get("/players/"), "a[href^='/players/']")
             if a.text == "Ben" and re.fullmatch(r"/players/\d+", a.get("href"))]
    assert len(links) == 1, links
    assert client.post(links[0], data={"name": "Benedict"}).status_code == 302


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
def test_every_change_shows_on_the_next_reload(client, start_game, change):
    game = start_game("skyjo", PLAYERS)
    save_round(client, game, 7, 11)
    assert "Save round 2" in seen_twice(client, game)
    tag = client.get(f"/games/{game}").headers["ETag"].strip('"')
    make, shown, gone = CHANGES[change]
    make(client, game)
    view(client, game)  # shows the change's message, if it flashed one
    response = revalidate(client, game, tag)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert all(text in page for text in shown), shown
    assert not any(text in page for text in gone), gone


def test_a_change_made_by_another_worker_shows_too(app, client, start_game):
    game = start_game("skyjo", PLAYERS)
    seen_twice(client, game)
    other = make_app(app.config["SQLALCHEMY_DATABASE_URI"]).test_client()
    save_round(other, game, 7, 11)
    assert "Save round 2" in view(client, game)


def test_a_phone_with_another_session_gets_the_whole_page_with_its_own_token(app, start_game):
    game = start_game("skyjo", PLAYERS)
    guarded = make_app(app.config["SQLALCHEMY_DATABASE_URI"], WTF_CSRF_ENABLED=True)
    first, second = guarded.test_client(), guarded.test_client()
    pages = [view(phone, game) for phone in (first, first, second)]
    tokens = [hidden_value(page, "csrf_token") for page in pages]
    assert all(tokens), tokens
    assert tokens[0] != tokens[2]
    tag = first.get(f"/games/{game}").headers["ETag"].strip('"')
    assert revalidate(second, game, tag).status_code == 200
    response = second.post(f"/games/{game}/entries", data={
        "csrf_token": tokens[2], "version": form_version(pages[2]), "finisher": "Ann",
        "score_0": "7", "score_1": "11"})
    assert response.status_code == 302, errors(response)


def test_a_saved_message_shows_once_and_its_page_is_not_tagged(client, start_game):
    game = start_game("skyjo", PLAYERS)
    seen_twice(client, game)
    client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "7", "score_1": "11"})
    response = client.get(f"/games/{game}")
    assert "Saved. Round 1:" in response.get_data(as_text=True)
    assert "ETag" not in response.headers
    assert "Saved. Round 1:" not in view(client, game)


def test_the_pad_a_save_redirects_to_reads_the_game_without_a_version_first(
        app, client, start_game):
    """A page of one moment (the save's "Saved.") is never tagged, so nothing is read
    before the game: the phone's groups, then the game whole (its row, seats and entries,
    and its version once more, which says the three were of one moment)."""
    game = start_game("skyjo", PLAYERS)
    seen_twice(client, game)
    client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "7", "score_1": "11"})
    queries = count_queries(app, client, f"/games/{game}", warm_up=False)
    assert len(queries) == 5 and "FROM member" in queries[0], queries
    assert [("FROM seat" in q, "FROM entry" in q) for q in queries[2:4]] == [
        (True, False), (False, True)], queries
    # the message was shown then: the next reload is tagged again, and shows the round
    response = client.get(f"/games/{game}")
    assert "ETag" in response.headers and "Save round 2" in response.get_data(as_text=True)
