"""How long each game took, in the night's recap: when it started and ended, in the
table's time zone (issue 31)."""

from datetime import datetime

from companion.extensions import db
from companion.models import Entry, Game
from tests.web.conftest import parse, texts
from tests.web.history_data import night, restore, skull, skyjo


def times(app, game_id, started, *entries):
    """The game started at `started` and its entries saved at `entries` (UTC)."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        game.created_at = started
        for entry, at in zip(db.session.scalars(
                db.select(Entry).where(Entry.game_id == game_id).order_by(Entry.position)),
                entries):
            entry.created_at = at
        db.session.commit()
        db.session.remove()


def test_the_recap_says_when_each_game_started_ended_and_how_long_it_took(
        app, client, runner, tmp_path):
    app.config["TIME_ZONE"] = "Europe/Tallinn"   # UTC+2 in December
    restore(runner, tmp_path, night(day="2026-12-01", games=[skull(), skyjo()]))
    # skull: two challenges, 19:05 to 19:48 UTC; skyjo: 20:10 to 21:25
    times(app, 1, datetime(2026, 12, 1, 19, 5), datetime(2026, 12, 1, 19, 20),
          datetime(2026, 12, 1, 19, 48, 30))
    times(app, 2, datetime(2026, 12, 1, 20, 10), datetime(2026, 12, 1, 21, 25))
    page = client.get("/nights/1")
    assert texts(page, ".recap-time") == ["21:05–21:48 · 43 min", "22:10–23:25 · 1 h 15 min"]
    stamps = [t.attrs["datetime"] for t in parse(page).select(".recap-time time")]
    assert stamps[0] == "2026-12-01T19:05:00+00:00"


def test_a_game_without_its_times_says_none(app, client, runner, tmp_path):
    # restored from a backup, which keeps no times: its entries saved the moment it began
    restore(runner, tmp_path, night(games=[skull()]))
    page = client.get("/nights/1")
    assert texts(page, ".recap-time") == []
    assert texts(page, ".recap-standings")


def test_the_servers_own_zone_keeps_summer_time(app, client, runner, tmp_path, monkeypatch):
    """With no TIME_ZONE, a July game reads in the server's summer time, not today's."""
    import time
    monkeypatch.setenv("TZ", "Europe/Tallinn")
    time.tzset()
    try:
        restore(runner, tmp_path, night(day="2026-07-01", games=[skull()]))
        times(app, 1, datetime(2026, 7, 1, 17, 0), datetime(2026, 7, 1, 17, 20),
              datetime(2026, 7, 1, 17, 45))
        # Tallinn is UTC+3 in July
        assert texts(client.get("/nights/1"), ".recap-time") == ["20:00–20:45 · 45 min"]
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_misspelt_time_zone_stops_the_app_at_its_start(tmp_path):
    import pytest
    from companion import create_app
    with pytest.raises(RuntimeError, match="no time zone"):
        create_app({"SECRET_KEY": "x", "TIME_ZONE": "Europe/Talinn",
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite'}"})
