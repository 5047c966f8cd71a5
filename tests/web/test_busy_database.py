"""A write that cannot get the database in time is refused with the app's own page, and
nothing of it is kept."""

import sqlite3

import pytest

from tests.conftest import TEST_DATABASE_URL, database_url, make_app

pytestmark = pytest.mark.skipif(bool(TEST_DATABASE_URL), reason="SQLite's write lock")


def test_a_save_that_waits_too_long_for_another_write_is_refused_and_can_be_sent_again(tmp_path):
    url = database_url(tmp_path)
    client = make_app(url, SQLITE_BUSY_TIMEOUT=0.2).test_client()
    client.post("/nights/new", data={"date": "2026-12-01"})
    for name in ("Ann", "Ben"):
        client.post("/nights/1/attendees", data={"name": name})
    client.post("/nights/1/games/new/skyjo", data={"seat_0": "Ann", "seat_1": "Ben",
                                                   "option_target": "100"})
    version = client.get("/games/1/sheet.json").get_json()["version"]
    data = {"version": version, "finisher": "Ann", "score_0": "3", "score_1": "9"}
    # another process holds the write lock (a restore, a long save)
    other = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("begin immediate")
    try:
        busy = client.post("/games/1/entries", data=data)
    finally:
        other.execute("rollback")
        other.close()
    assert busy.status_code == 409
    # sent in the background, it is sent again by itself (static/js/send.js)
    assert busy.headers["Retry-After"] == "1"
    assert "The table was busy" in busy.get_data(as_text=True)
    assert client.get("/games/1/sheet.json").get_json()["entries"] == []
    assert client.post("/games/1/entries", data=data).status_code == 302
    assert len(client.get("/games/1/sheet.json").get_json()["entries"]) == 1
