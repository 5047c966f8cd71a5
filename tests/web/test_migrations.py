"""The schema is kept by migrations: new, old and pre-migration databases all end up current."""

import json
import re

import pytest
from alembic.script import ScriptDirectory
from flask_migrate import upgrade
from sqlalchemy import text

from companion.extensions import db, migrate
from tests.conftest import database_url, make_app


@pytest.fixture
def url(tmp_path):
    return database_url(tmp_path, "old", empty=True)


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
        if db.engine.dialect.name == "postgresql":
            # the rows above name their ids: the next one the app adds takes the id after
            for table in ("player", "night", "game"):
                db.session.execute(text(
                    f"select setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"coalesce(max(id), 0) + 1, false) from {table}"))
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
    # the same page twice, but for its forms' one-time keys: the version stays put
    assert versions_on(client.get("/games/1")) == versions_on(client.get("/games/1")) != set()
    seen = client.get("/games/1/sheet.json").get_json()["version"]
    assert seen
    client.post("/games/1/entries", follow_redirects=True, data={
        "version": seen, "finisher": "Ann", "score_0": "7", "score_1": "11"})
    assert "Save round 2" in client.get("/games/1").get_data(as_text=True)


def versions_on(page):
    return set(re.findall(r'name="version"[^>]*value="(\w+)"', page.get_data(as_text=True)))


def game(game_id, night_id, kind, status):
    return ("insert into game (id, night_id, kind, options, status, summary, entry_count, "
            "created_at, updated_at) values (:id, :night, :kind, '{}', :status, '{}', 1, "
            "'2026-01-02 20:00:00', '2026-01-02 21:00:00')",
            {"id": game_id, "night": night_id, "kind": kind, "status": status})


def seat(game_id, position, player_id, total=None, won=False):
    return ("insert into seat (game_id, seat, player_id, total, won) "
            "values (:game, :seat, :player, :total, :won)",
            {"game": game_id, "seat": position, "player": player_id, "total": total, "won": won})


def records(app):
    with app.app_context():
        rows = db.session.execute(text(
            "select player_id, kind, games, played, won, average, highest, lowest, recent "
            "from player_record")).all()
    found = {}
    for player_id, kind, *figures, recent in rows:
        found[player_id, kind] = (*figures, json.loads(recent) if isinstance(recent, str)
                                  else recent)
    return found


def test_games_from_before_0003_are_counted_into_player_records(url):
    def night(night_id, day):
        return (f"insert into night (id, date, title, created_at) "
                f"values ({night_id}, '{day}', null, '{day} 20:00:00')")

    def player(player_id, name):
        return (f"insert into player (id, name, name_key, created_at) "
                f"values ({player_id}, '{name}', '{name.lower()}', '2026-01-02 20:00:00')")

    # night 1 (2026-01-02) and Ann (1) come from fill(); night 2 has a higher id but an
    # earlier date, so the recent games go by date first
    statements = [
        night(2, "2025-12-20"), night(3, "2026-02-01"),
        night(4, "2026-03-01"), night(5, "2026-03-02"),
        player(2, "Ben"), player(3, "Cid"), player(4, "Dee"),
        game(1, 1, "skyjo", "finished"), seat(1, 0, 1, 42, True), seat(1, 1, 2, 57),
        game(2, 2, "skyjo", "finished"), seat(2, 0, 1, 30), seat(2, 1, 2, 12.5, True),
        # in progress and abandoned: counted in games, not played, not recent
        game(3, 1, "skyjo", "in_progress"), seat(3, 0, 1), seat(3, 1, 2),
        game(4, 3, "dice_poker", "finished"), seat(4, 0, 1, 210, True), seat(4, 1, 3, 180),
        game(5, 3, "skyjo", "abandoned"), seat(5, 0, 1),
        game(6, 3, "skyjo", "finished"), seat(6, 0, 1, 20), seat(6, 1, 2, 25),
    ]
    # Dee: 32 finished games of skull scoring 1 to 32, the first 16 on the later night 5,
    # the last 16 on night 4; she wins those with an even score
    for n in range(1, 33):
        statements += [game(100 + n, 5 if n <= 16 else 4, "skull", "finished"),
                       seat(100 + n, 0, 4, n, n % 2 == 0)]
    old_database(url, "0002", *statements)

    app = make_app(url)
    assert version(app) != "0002"
    found = records(app)

    def recent(*games):
        return [{"game": g, "night": n, "date": d, "total": t, "won": w}
                for g, n, d, t, w in games]

    expected = {
        (1, "skyjo"): (5, 3, 1, 92 / 3, 42, 20, recent(
            (2, 2, "2025-12-20", 30, False), (1, 1, "2026-01-02", 42, True),
            (6, 3, "2026-02-01", 20, False))),
        (2, "skyjo"): (4, 3, 1, 31.5, 57, 12.5, recent(
            (2, 2, "2025-12-20", 12.5, True), (1, 1, "2026-01-02", 57, False),
            (6, 3, "2026-02-01", 25, False))),
        (1, "dice_poker"): (1, 1, 1, 210, 210, 210, recent(
            (4, 3, "2026-02-01", 210, True))),
        (3, "dice_poker"): (1, 1, 0, 180, 180, 180, recent(
            (4, 3, "2026-02-01", 180, False))),
        # the last 30: night 4's games but its first two (117, 118), then night 5's
        (4, "skull"): (32, 32, 16, 16.5, 32, 1, recent(
            *[(100 + n, 4, "2026-03-01", n, n % 2 == 0) for n in range(19, 33)],
            *[(100 + n, 5, "2026-03-02", n, n % 2 == 0) for n in range(1, 17)])),
    }
    assert found.keys() == expected.keys()
    for key, (games, played, won, average, highest, lowest, latest) in expected.items():
        assert found[key][:3] == (games, played, won), key
        assert found[key][3:6] == (pytest.approx(average), highest, lowest), key
        assert found[key][6] == latest, key
        # whole totals are kept as ints, the others as they are
        assert [type(g["total"]) for g in found[key][6]] == \
            [type(g["total"]) for g in latest], key
    # the player page reads the record
    assert "12.5" in app.test_client().get("/players/2").get_data(as_text=True)


def test_entries_naming_players_are_upgraded_to_name_seats(url):
    summary = json.dumps({"totals": {"Ann": 12, "Ben": 30}, "finished": False, "winners": []})
    round_ = json.dumps({"finisher": "Ben", "hands": {"Ann": {"score": 12}, "Ben": {"score": 15}}})
    old_database(
        url, "0005",
        "insert into player (id, name, name_key, created_at) "
        "values (2, 'Ben', 'ben', '2026-01-02 20:00:00')",
        ("insert into game (id, night_id, kind, options, status, summary, entry_count, "
         "created_at, updated_at, version, last_change) values (1, 1, 'skyjo', "
         "'{\"double_non_positive\": false, \"remove_columns_at_reveal\": true, "
         "\"target\": 100}', 'in_progress', :summary, 1, '2026-01-02 20:00:00', "
         "'2026-01-02 20:00:00', 'abcdef0123456789', :last)",
         {"summary": summary, "last": json.dumps({"action": "add", "position": 0,
                                                  "doc": json.loads(round_)})}),
        "insert into seat (game_id, seat, player_id, won) values (1, 0, 1, false), (1, 1, 2, false)",
        ("insert into entry (id, game_id, position, doc, created_at) "
         "values (1, 1, 0, :doc, '2026-01-02 20:00:00')", {"doc": round_}))
    app = make_app(url)
    def loaded(value):
        # text on sqlite, already decoded on postgresql
        return json.loads(value) if isinstance(value, str) else value

    with app.app_context():
        stored = loaded(db.session.execute(text("select doc from entry")).scalar())
        summary, last = db.session.execute(text("select summary, last_change from game")).one()
    assert stored == {"finisher": "1", "hands": {"0": {"score": 12}, "1": {"score": 15}}}
    # ben finished without the lowest score: his 15 was doubled
    assert loaded(summary) == {"totals": [12, 30], "winners": [], "finished": False}
    assert loaded(last)["doc"] == stored
    sheet = app.test_client().get("/games/1/sheet.json").get_json()
    assert sheet["entries"] == [json.loads(round_)] and sheet["totals"] == {"Ann": 12, "Ben": 30}


def test_skull_games_stored_before_the_last_card_setting_keep_the_published_rule(url):
    old_database(
        url, "0007",
        "insert into game (id, night_id, kind, options, status, summary, entry_count, "
        "created_at, version) values (1, 1, 'skull', '{\"variant\": \"published\"}', "
        "'in_progress', '{}', 0, '2026-01-02 20:00:00', 'abcdef0123456789')")
    app = make_app(url)
    with app.app_context():
        options = db.session.execute(text("select options from game")).scalar()
    options = json.loads(options) if isinstance(options, str) else options
    assert options == {"variant": "published", "last_skull_out": False}


def test_the_models_describe_the_schema_the_migrations_make(app):
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    with app.app_context(), db.engine.connect() as connection:
        # sqlite holds no text to its declared length, and 0005 widened name_key only where
        # the length is kept (postgresql)
        context = MigrationContext.configure(connection, opts={
            "compare_type": connection.dialect.name != "sqlite"})
        differences = compare_metadata(context, db.metadata)
    assert differences == []


def test_nights_from_before_0010_keep_their_players_in_alphabetical_order(url):
    # fill() brought Ann to night 1; Cid and Ben came after her
    old_database(
        url, "0009",
        "insert into player (id, name, name_key, created_at) "
        "values (2, 'Cid', 'cid', '2026-01-02 20:00:00'), "
        "(3, 'Ben', 'ben', '2026-01-02 20:00:00')",
        "insert into night (id, date, title, created_at) "
        "values (2, '2026-01-09', null, '2026-01-09 20:00:00')",
        "insert into night_player (night_id, player_id) values (1, 2), (1, 3), (2, 2)")

    app = make_app(url)
    with app.app_context():
        rows = db.session.execute(text(
            "select night_id, player_id, position from night_player "
            "order by night_id, position")).all()
    assert [tuple(row) for row in rows] == [(1, 1, 0), (1, 3, 1), (1, 2, 2), (2, 2, 0)]
    client = app.test_client()
    chips = client.get("/nights/1").get_data(as_text=True)
    assert chips.index(">Ann<") < chips.index(">Ben<") < chips.index(">Cid<")
    # who comes next is listed after them
    client.post("/nights/1/attendees", data={"name": "Abe"})
    with app.app_context():
        assert db.session.execute(text(
            "select position from night_player where night_id = 1 and player_id = 4")
        ).scalar() == 3


def test_a_database_from_before_groups_becomes_one_group_that_its_owner_can_join(url):
    """Issue 18: everything stored goes into one group, "Our game nights"; nobody is in it
    until a phone opens its invite (which `flask groups` prints), and then sees it all."""
    old_database(url, "0011", "insert into player (id, name, name_key, created_at) "
                              "values (2, 'Ben', 'ben', '2026-01-02 20:00:00')")
    app = make_app(url)
    assert version(app) == head(app)
    with app.app_context():
        groups = db.session.execute(text("select id, name, invite from play_group")).all()
        assert [(g.id, g.name) for g in groups] == [(1, "Our game nights")]
        assert len(groups[0].invite) == 22
        assert db.session.execute(text("select count(*) from member")).scalar() == 0
        owners = db.session.execute(text(
            "select group_id from player union all select group_id from night")).scalars()
        assert set(owners) == {1}
    assert app.test_client(joined=False).get("/nights/1").status_code == 404
    result = app.test_cli_runner().invoke(args=["groups"])
    assert result.exit_code == 0, result.output
    link = re.search(r"https?://\S+/join/1/[A-Za-z0-9_-]{22}", result.output).group(0)
    owner = app.test_client(joined=False)
    invite = re.sub(r"^https?://[^/]+", "", link)
    assert owner.get(invite).status_code == 200
    assert owner.post(invite).status_code == 303
    assert "Before the upgrade" in owner.get("/nights/1").get_data(as_text=True)
    assert "Ben" in owner.get("/players/").get_data(as_text=True)
    # names stay unique within the group, and a new group is numbered after it
    with app.app_context():
        from companion.services import groups as group_services
        membership = group_services.start_group("Second", "a phone's digest")
        db.session.commit()
        assert membership.group_id == 2


def test_players_from_before_0015_have_their_nights_counted(url):
    # fill() brought Ann to night 1; she came to night 2 too, Cid to night 2 alone
    old_database(
        url, "0009",
        "insert into player (id, name, name_key, created_at) "
        "values (2, 'Cid', 'cid', '2026-01-02 20:00:00')",
        "insert into night (id, date, title, created_at) "
        "values (2, '2026-01-09', null, '2026-01-09 20:00:00')",
        "insert into night_player (night_id, player_id) values (2, 1), (2, 2)")
    app = make_app(url)
    with app.app_context():
        counted = dict(db.session.execute(text("select name, nights_came from player")).all())
    assert counted == {"Ann": 2, "Cid": 1}
