"""Following the table (issue 16) through the test client: a phone asks whether its page is
still the truth and gets 304 or the changed body; watchers read and can change nothing;
the share page, the scoreboard and the BG Stats link."""

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import select as sql_select

from companion.extensions import db
from companion.models import Game, Group
from tests.web.conftest import parse, select, texts, version


def save_round(client, game, *points):
    response = client.post(f"/games/{game}/entries", data={
        "version": version(client, game),
        **{f"points_{i}": str(p) for i, p in enumerate(points)}})
    assert response.status_code == 302, response.get_data(as_text=True)


def follow(client, url, tag):
    return client.get(url, headers={"If-None-Match": f'"{tag}"'})


def watch_token(app, game):
    with app.app_context():
        return db.session.scalar(sql_select(Game.watch_token).where(Game.id == game))


@pytest.fixture
def game(start_game):
    return start_game("any_game", ["Ann", "Ben"], name="Qwixx")


def test_an_unchanged_pad_is_a_304_of_no_body_and_a_change_is_its_body_told(client, game):
    page = parse(client.get(f"/games/{game}"))
    root = page.one("[data-follow]")
    url, tag = root.get("data-follow"), root.get("data-tag")
    assert url == f"/games/{game}/follow" and tag == version(client, game)

    unchanged = follow(client, url, tag)
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert "Set-Cookie" not in unchanged.headers

    other = client.application.test_client()
    save_round(other, game, 12, 30)
    changed = follow(client, url, tag)
    assert changed.status_code == 200
    body = parse(changed)
    fresh = body.one("[data-follow]")
    assert fresh.get("data-tag") == version(client, game) != tag
    assert changed.headers["ETag"] == f'"{fresh.get("data-tag")}"'
    assert fresh.get("data-said") == "Round 1 was saved on another phone"
    # the body alone: no page around it, the standings and the next entry's form in it
    assert "<html" not in changed.get_data(as_text=True)
    assert texts(body, ".standings .total") == ["12", "30"]
    assert texts(body, "[data-live-text=heading]") == ["Round 2"]
    assert {part.get("data-live") for part in select(body, "[data-live]")} >= {
        "standings", "entry", "undo", "sheet"}
    # and the tag it now has is answered 304 again
    assert follow(client, url, fresh.get("data-tag")).status_code == 304


def test_following_leaves_this_phones_flashed_message_for_its_page(client, game):
    save_round(client, game, 1, 2)
    # the save's redirect is not followed yet when the follower asks
    assert follow(client, f"/games/{game}/follow", "old").status_code == 200
    assert texts(client.get(f"/games/{game}"), "p.flash") == ["Saved. Round 1: Ann 1, Ben 2."]


def test_a_deleted_game_is_a_404_to_its_follower(client, game):
    page = client.get(f"/games/{game}/delete?version={version(client, game)}")
    token = select(page, "input[name=csrf_token]")
    data = {"version": version(client, game)}
    if token:
        data["csrf_token"] = token[0].get("value")
    assert client.post(f"/games/{game}/delete", data=data).status_code == 302
    assert follow(client, f"/games/{game}/follow", "x").status_code == 404


def test_a_night_page_follows_its_games_and_players(client, game):
    night = parse(client.get(f"/games/{game}")).one(".back a").get("href")
    root = parse(client.get(night)).one("[data-follow]")
    url, tag = root.get("data-follow"), root.get("data-tag")
    assert follow(client, url, tag).status_code == 304

    save_round(client, game, 5, 6)
    changed = follow(client, url, tag)
    assert changed.status_code == 200
    tag = parse(changed).one("[data-follow]").get("data-tag")
    assert follow(client, url, tag).status_code == 304

    client.post(f"{night}/attendees", data={"name": "Cid"})
    joined = follow(client, url, tag)
    assert joined.status_code == 200
    assert "Cid" in texts(joined, "[data-live=here] .chip a")


def test_the_watcher_link_shows_the_sheet_and_its_scoreboard_without_a_form(app, client,
                                                                          game):
    save_round(client, game, 12, 30)
    token = watch_token(app, game)
    watcher = app.test_client(joined=False)
    for path in (f"/watch/{game}/{token}", f"/watch/{game}/{token}/board"):
        response = watcher.get(path)
        assert response.status_code == 200
        assert "Set-Cookie" not in response.headers
        page = parse(response)
        assert not select(page, "form") and not select(page, "input")
        assert not any("/entries/" in a.get("href") for a in select(page, "a[href]"))
        root = page.one("[data-follow]")
        assert follow(watcher, root.get("data-follow"), root.get("data-tag")).status_code == 304
    board = parse(watcher.get(f"/watch/{game}/{token}/board"))
    # ranked, highest first in Qwixx; the last entry told as a sentence; dark by default
    assert texts(board, ".sb-name") == ["★ Ben", "Ann"]
    assert texts(board, ".sb-total") == ["30", "12"]
    assert texts(board, ".sb-last") == ["Round 1: Ann 12, Ben 30"]
    assert texts(board, ".sb-round") == ["Round 2"]
    assert board.one("meta[name=color-scheme]").get("content") == "dark"


@pytest.mark.parametrize("wrong", ["x", "0" * 22, "ü" * 22, "a" * 500])
def test_a_wrong_watcher_token_is_the_apps_404(app, client, game, wrong):
    token = watch_token(app, game)
    for path in (f"/watch/{game}/{wrong}", f"/watch/{game}/{wrong}/board",
                 f"/watch/{game}/{wrong}/follow", f"/watch/{game + 1}/{token}"):
        assert client.get(path).status_code == 404, path


def test_watcher_tokens_are_unguessable_and_each_games_own(app, start_game):
    games = [start_game("any_game", ["Ann", "Ben"]) for _ in range(3)]
    tokens = {watch_token(app, g) for g in games}
    assert len(tokens) == 3
    # 128 bits of secrets.token_urlsafe: 22 characters of base64url
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", t) for t in tokens)


def fill(rule, game_id, night_id, player_id, token):
    values = {"game_id": game_id, "night_id": night_id, "player_id": player_id, "group_id": 1,
              "position": 0, "kind": "any_game", "token": token}
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), rule.rule)


def test_a_watcher_can_change_nothing_through_any_route(app, client, game):
    """A phone that only has the watcher link tries every state-changing route of the
    app, with the game's own version: all are refused and nothing changes."""
    save_round(client, game, 12, 30)
    token = watch_token(app, game)
    with app.app_context():
        before = db.session.get(Game, game)
        seen, night_id = before.version, before.night_id
        player_id = before.seats[0].player_id
    app.config["WTF_CSRF_ENABLED"] = True
    watcher = app.test_client(joined=False)
    assert watcher.get(f"/watch/{game}/{token}").status_code == 200
    tried = 0
    for rule in app.url_map.iter_rules():
        for method in rule.methods - {"GET", "HEAD", "OPTIONS"}:
            path = fill(rule, game, night_id, player_id, token)
            response = watcher.open(path, method=method, data={
                "version": seen, "points_0": "1", "points_1": "1", "name": "Eve",
                "date": "2026-12-01", "end": "y", "refill": "y"})
            assert response.status_code in (400, 404, 405), (path, response.status_code)
            tried += 1
    assert tried >= 15
    # and nothing under /watch takes anything but GET
    for path in (f"/watch/{game}/{token}", f"/watch/{game}/{token}/board"):
        assert watcher.post(path).status_code == 405
    assert client.get(f"/games/{game}/sheet.json").get_json()["version"] == seen


def test_the_share_page_draws_the_links_as_qr_codes_on_the_server(app, client, game):
    app.config["PUBLIC_URL"] = "https://scores.example.org/"
    token = watch_token(app, game)
    page = parse(client.get(f"/games/{game}/share"))
    links = [i.get("value") for i in select(page, "input[readonly]")]
    assert links == [f"https://scores.example.org/games/{game}",
                     f"https://scores.example.org/watch/{game}/{token}",
                     f"https://scores.example.org/watch/{game}/{token}/board"]
    codes = select(page, "svg.qr")
    assert len(codes) == 3 and all(c.get("role") == "img" for c in codes)
    # nothing fetched: the code is paths in the page
    assert not select(page, "img[src^=http]") and select(page, "svg.qr path")


def test_a_page_opened_on_localhost_shares_the_machines_network_address(client, game,
                                                                        monkeypatch):
    monkeypatch.setattr("companion.address.lan_address", lambda: "192.168.1.20")
    page = parse(client.get(f"/games/{game}/share", base_url="http://localhost:5000"))
    assert select(page, "input[readonly]")[0].get("value") == \
        f"http://192.168.1.20:5000/games/{game}"
    night = parse(client.get(f"/games/{game}")).one(".back a").get("href")
    # a phone that opened the app as 127.0.0.1 (its cookie is that host's)
    other = client.application.test_client(joined=False)
    with client.application.app_context():
        invite = f"/join/1/{db.session.get(Group, 1).invite}"
    assert other.post(invite, base_url="http://127.0.0.1:5000").status_code == 303
    shared = parse(other.get(f"{night}/share", base_url="http://127.0.0.1:5000"))
    assert [i.get("value") for i in select(shared, "input[readonly]")] == \
        [f"http://192.168.1.20:5000{night}"]


def bg_stats(client, game):
    links = [a.get("href") for a in select(client.get(f"/games/{game}"), "a[href]")
             if a.get("href").startswith("https://app.bgstatsapp.com/")]
    if not links:
        return None
    parts = urlsplit(links[0])
    assert parts.path == "/createPlay.html"
    return json.loads(parse_qs(parts.query)["data"][0])


def test_a_finished_game_links_to_bg_stats_with_its_players_scores_and_winners(client,
                                                                            start_game):
    game = start_game("any_game", ["Ann", "Ben", "Cid"], name="Golf", high_wins=False,
                      rounds=2)
    save_round(client, game, 5, 3, 9)
    assert bg_stats(client, game) is None  # not before it is over
    save_round(client, game, 4, 4, 1)
    play = bg_stats(client, game)
    # by hand: Ann 5+4 = 9, Ben 3+4 = 7, Cid 9+1 = 10; the lowest wins
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ann", 9, False), ("Ben", 7, True), ("Cid", 10, False)]
    assert play["game"]["name"] == "Golf" and play["game"]["highestWins"] is False
    assert play["sourceName"] == "Game-night companion"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert len({p["sourcePlayerId"] for p in play["players"]}) == 3
