"""The schema is kept by migrations: new, old and pre-migration databases all end up current."""

import pytest
from alembic.script import ScriptDirectory
from flask_migrate import upgrade
from sqlalchemy import text

from companion.extensions import db, migrate
from tests.conftest import database_url, make_app


@pytest.fixture
def url(tmp_path):
    return database_url(tmp_path, "old")


def head(app):
    with app.app_context():
        return ScriptDirectory.from_config(migrate.get_config()).get_current_head()


def version(app):
    with app.app_context():
        return db.session.execute(text("select version_num from alembic_version")).scalar()


def fill(app):
    with app.app_context():
        db.session.execute(text(
            "insert into night (id, date, title, created_at) "
            "values (1, '2026-01-02', 'Before the upgrade', '2026-01-02 20:00:00')"))
        db.session.execute(text(
            "insert into player (id, name, name_key, created_at) "
            "values (1, 'Ann', 'ann', '2026-01-02 20:00:00')"))
        db.session.execute(text("insert into night_player (night_id, player_id) values (1, 1)"))
        db.session.commit()


def test_a_new_database_starts_at_the_newest_migration(app):
    assert version(app) == head(app)


def old_database(url, revision, *statements):
    """A database left at `revision`, holding fill()'s night and player, then `statements`
    (SQL, or SQL with its parameters)."""
    old = make_app(url, AUTO_MIGRATE=False)
    with old.app_context():
        upgrade(revision=revision)
    fill(old)
    with old.app_context():
        for statement in statements:
            sql, parameters = statement if isinstance(statement, tuple) else (statement, {})
            db.session.execute(text(sql), parameters)
        db.session.commit()
        db.engine.dispose()


def test_a_database_at_the_first_migration_is_upgraded_and_keeps_its_data(url):
    old_database(url, "0001")

    app = make_app(url)
    assert version(app) == head(app)
    night = app.test_client().get("/nights/1/export.json").get_json()["night"]
    assert night["title"] == "Before the upgrade" and night["attendees"] == ["Ann"]


def test_a_database_made_before_migrations_is_adopted(url):
    # the app once made its tables with create_all: the first migration's schema, unversioned
    old_database(url, "0001", "drop table alembic_version")

    app = make_app(url)
    assert version(app) == head(app)
    assert "Before the upgrade" in app.test_client().get("/nights/").get_data(as_text=True)


def test_finished_games_get_their_seat_results_when_upgraded_to_0002(url):
    summary = '{"totals": {"Ann": 42}, "finished": true, "winners": ["Ann"]}'
    old_database(
        url, "0001",
        ("insert into game (id, night_id, kind, options, status, summary, entry_count, "
         "created_at, updated_at) values (1, 1, 'skyjo', '{}', 'finished', :summary, 1, "
         "'2026-01-02 20:00:00', '2026-01-02 21:00:00')", {"summary": summary}),
        "insert into seat (game_id, seat, player_id) values (1, 0, 1)")

    app = make_app(url)
    with app.app_context():
        assert db.session.execute(text("select total, won from seat")).one() == (42, True)
    assert "42" in app.test_client().get("/players/1").get_data(as_text=True)


def test_games_from_before_0004_get_a_version_and_their_pads_follow_changes(url):
    old_database(
        url, "0003",
        "insert into player (id, name, name_key, created_at) "
        "values (2, 'Ben', 'ben', '2026-01-02 20:00:00')",
        "insert into game (id, night_id, kind, options, status, summary, entry_count, "
        "created_at, updated_at) values (1, 1, 'skyjo', '{\"target\": 100}', "
        "'in_progress', '{}', 0, '2026-01-02 20:00:00', '2026-01-02 20:00:00')",
        "insert into seat (game_id, seat, player_id, won) "
        "values (1, 0, 1, false), (1, 1, 2, false)")

    client = make_app(url).test_client()
    assert client.get("/games/1").get_data(as_text=True) == \
        client.get("/games/1").get_data(as_text=True)
    seen = client.get("/games/1/sheet.json").get_json()["version"]
    assert seen
    client.post("/games/1/entries", follow_redirects=True, data={
        "version": seen, "finisher": "Ann", "score_0": "7", "score_1": "11"})
    assert "Save round 2" in client.get("/games/1").get_data(as_text=True)
