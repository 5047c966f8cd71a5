"""Builders for web tests: a night with players and a game of any kind, through the app."""

import re
from html.parser import HTMLParser

import pytest
from sqlalchemy import event

from companion.extensions import db


@pytest.fixture
def start_game(client):
    """start_game("skyjo", ["Ann", "Ben"], target=50) -> the new game's id."""

    def start(kind, players, **options):
        client.post("/nights/new", data={"date": "2026-11-30", "title": "Test night"})
        response = client.get("/nights/")
        night_id = int(re.findall(r'href="/nights/(\d+)"', response.get_data(as_text=True))[0])
        for name in players:
            client.post(f"/nights/{night_id}/attendees", data={"name": name})
        data = {f"seat_{i}": name for i, name in enumerate(players)}
        form = client.get(f"/nights/{night_id}/games/new/{kind}").get_data(as_text=True)
        # keep the defaults the setup form shows, then apply the test's settings
        for tag in re.findall(r"<input[^>]*>", form):
            name = re.search(r'name="(option_\w+)"', tag)
            if name and ('type="checkbox"' not in tag or "checked" in tag):
                data[name.group(1)] = re.search(r'value="([^"]*)"', tag).group(1)
        for select in re.findall(r'<select[^>]*name="(option_\w+)"[^>]*>(.*?)</select>', form, re.S):
            data[select[0]] = re.search(r'<option selected value="([^"]*)"', select[1]).group(1)
        for key, value in options.items():
            if value is False:
                data.pop(f"option_{key}", None)
            else:
                data[f"option_{key}"] = "y" if value is True else str(value)
        response = client.post(f"/nights/{night_id}/games/new/{kind}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.location.rsplit("/", 1)[1])

    return start


def version(client, game_id):
    """The version of the game's sheet as it is now, as a phone reads it from the page it is
    on (the JSON view holds the same value)."""
    return client.get(f"/games/{game_id}/sheet.json").get_json()["version"]


class _Inputs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag == "input":
            self.found.append(dict(attrs))


def form_version(html):
    """The version a page's form says it was filled in on: the value of its one hidden
    `version` input, whatever the order of its attributes."""
    parser = _Inputs()
    parser.feed(html)
    found = [i.get("value") for i in parser.found
             if i.get("name") == "version" and i.get("type") == "hidden"]
    assert len(found) == 1, found
    return found[0]


def errors(response):
    """The error sentences a page shows, next to fields or above the form."""
    html = response.get_data(as_text=True)
    found = re.findall(r'<p class="error"[^>]*>(.*?)</p>', html, re.S)
    found += re.findall(r'<div class="form-errors" role="alert">\s*(.*?)</div>', html, re.S)
    return [re.sub(r"<[^>]+>", " ", e).replace("&#39;", "'").strip() for e in found]


def count_queries(app, client, path, warm_up=True):
    """The statements a page runs; seen once before by default, as anything done once per
    process is not to be counted."""
    if warm_up:
        client.get(path)
    statements = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert client.get(path).status_code == 200
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    return statements
