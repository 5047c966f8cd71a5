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
