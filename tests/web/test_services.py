"""Services: the only place entries are added, undone and corrected."""

import threading
import time

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from companion import services
from companion.services import changes
from companion.extensions import db
from companion.models import Entry, Game, Night, Player
from companion.rules import RuleError
from tests.conftest import GROUP, TEST_DATABASE_URL


@pytest.fixture
def game(app):
    with app.app_context():
        night = services.start_night(GROUP, __import__("datetime").date(2026, 11, 30), "Test")
        players = [services.get_or_create_player(GROUP, n) for n in ("Ann", "Ben", "Cid")]
        game = services.start_game(night, "skyjo", players, {})
        db.session.commit()
        yield game


def round_(finisher="Ann", **scores):
    scores = {"Ann": 5, "Ben": 10, "Cid": 15, **scores}
    return {"finisher": finisher, "hands": {p: {"score": s} for p, s in scores.items()}}


def docs(game):
    """The stored entries as the app reads them: naming the players."""
    return db.session.get(Game, game.id).docs


def stored(game):
    return [entry.doc for entry in db.session.get(Game, game.id).entries]


def test_adding_an_entry_stores_it_and_caches_the_summary(game):
    services.add_entry(game, round_(), game.version)
    db.session.commit()
    assert docs(game) == [round_()]
    assert game.totals_by_name == {"Ann": 5, "Ben": 10, "Cid": 15}
    assert game.winner_names == [] and game.entry_count == 1


def test_entries_are_stored_by_seat_so_a_rename_changes_no_entry(game):
    services.add_entry(game, round_(finisher="Ben"), game.version)
    db.session.commit()
    assert stored(game) == [{"finisher": "1", "hands": {"0": {"score": 5}, "1": {"score": 10},
                                                         "2": {"score": 15}}}]
    assert game.summary == {"totals": [5, 20, 15], "winners": [], "finished": False}


def test_an_entry_the_rules_refuse_is_not_stored(game):
    with pytest.raises(RuleError, match="Cid"):
        services.add_entry(game, round_(Cid=141), game.version)
    db.session.rollback()
    assert docs(game) == []


def test_a_stale_version_is_a_conflict(game):
    seen = game.version
    services.add_entry(game, round_(), seen)
    db.session.commit()
    with pytest.raises(services.Conflict, match="Round 1 was saved on another phone"):
        services.add_entry(game, round_(Ben=3), seen)
    db.session.rollback()
    assert docs(game) == [round_()]


def test_the_same_entry_sent_twice_is_stored_once(game):
    seen = game.version
    first = services.add_entry(game, round_(), seen)
    again = services.add_entry(game, round_(), seen)
    db.session.commit()
    assert len(docs(game)) == 1
    assert not first["repeat"] and again["repeat"]


def test_the_database_refuses_two_entries_at_one_position(game):
    db.session.add(Entry(game_id=game.id, position=0, doc=round_()))
    db.session.commit()
    db.session.add(Entry(game_id=game.id, position=0, doc=round_(Ben=1)))
    with pytest.raises(IntegrityError):
        db.session.commit()


def test_undo_removes_the_last_entry_and_reopens_a_finished_game(game):
    services.add_entry(game, round_(Cid=140), game.version)
    assert game.status == "finished"
    services.undo_last(game, game.version)
    db.session.commit()
    assert docs(game) == [] and game.status == "in_progress"


def test_undo_with_nothing_to_undo_is_refused(game):
    with pytest.raises(services.ServiceError, match="nothing to undo"):
        services.undo_last(game, game.version)


def test_correcting_an_entry_replays_everything_after_it(game):
    services.add_entry(game, round_(), game.version)
    services.add_entry(game, round_(Ann=1), game.version)
    services.correct_entry(game, 0, round_(Ann=2), game.version)
    db.session.commit()
    assert game.totals_by_name == {"Ann": 3, "Ben": 20, "Cid": 30}


def test_a_correction_that_breaks_a_later_entry_is_refused_with_its_number(game):
    services.add_entry(game, round_(), game.version)
    services.add_entry(game, round_(), game.version)
    db.session.commit()
    # ending the game in round 1 would leave round 2 after the end
    with pytest.raises(services.ServiceError, match="round 2 impossible"):
        services.correct_entry(game, 0, round_(Cid=130), game.version)
    db.session.rollback()
    assert docs(game)[0] == round_()


def test_a_correction_of_a_finished_game_updates_its_winners(game):
    services.add_entry(game, round_(Cid=140), game.version)
    assert game.winner_names == ["Ann"]
    services.correct_entry(game, 0, round_(Ann=120, Cid=0), game.version)
    assert game.winner_names == ["Cid"]


def test_an_abandoned_game_takes_no_entries(game):
    services.abandon(game, game.version)
    with pytest.raises(services.ServiceError, match="abandoned"):
        services.add_entry(game, round_(), game.version)


def test_players_are_one_whatever_the_case_of_their_name(app):
    with app.app_context():
        ann = services.get_or_create_player(GROUP, "Ann")
        assert services.get_or_create_player(GROUP, "  aNN ") is ann
        assert db.session.execute(db.select(db.func.count(Player.id))).scalar() == 1


def test_renaming_a_player_renames_them_inside_their_games(game):
    services.add_entry(game, round_(finisher="Ben"), game.version)
    db.session.commit()
    before = stored(game)
    ben = services.find_player(GROUP, "Ben")
    services.rename_player(ben, "Benedict")
    db.session.commit()
    assert stored(game) == before
    assert docs(game)[0]["finisher"] == "Benedict"
    assert "Benedict" in docs(game)[0]["hands"]
    # benedict finished without the lowest score: doubled
    assert services.replay(game).totals["Benedict"] == 20


def test_renaming_to_a_taken_name_is_refused(game):
    with pytest.raises(services.ServiceError, match="already a player called Ann"):
        services.rename_player(services.find_player(GROUP, "Ben"), "ann")


def test_a_player_in_a_game_stays_on_the_night(game):
    night = db.session.get(Night, game.night_id)
    with pytest.raises(services.ServiceError, match="plays in a game"):
        services.remove_attendee(night, services.find_player(GROUP, "Ann"))


def test_a_setup_the_rules_refuse_starts_no_game(app):
    with app.app_context():
        night = services.start_night(GROUP, __import__("datetime").date(2026, 11, 30), None)
        with pytest.raises(RuleError, match="2 to 8 players"):
            services.start_game(night, "skyjo", [services.get_or_create_player(GROUP, "Ann")], {})


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL: two transactions at once")
def test_a_game_started_while_its_player_is_renamed_gets_a_new_version_too(app):
    """Ann is renamed while another phone starts a game seating her: the start holds
    her row until it commits (its records' lock), and the rename, waiting for it, then
    gives that game a new version too, so that no page of it keeps her old name."""
    with app.app_context():
        night = services.start_night(GROUP, __import__("datetime").date(2026, 11, 30), "T")
        ann, ben, cid = [services.get_or_create_player(GROUP, n) for n in ("Ann", "Ben", "Cid")]
        services.start_game(night, "skyjo", [ann, ben], {})
        other = services.start_game(night, "skyjo", [ben, cid], {})
        db.session.commit()
        ann_id, other_id, before = ann.id, other.id, other.version
    engine = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    renamed = []

    def rename():
        with app.app_context():
            services.rename_player(db.session.get(Player, ann_id), "Anne")
            db.session.commit()
            renamed.append(True)

    try:
        with engine.connect() as starting:
            # the other phone's start, as far as its lock of the players it seats
            starting.execute(text("select id from player where id = :p for no key update"),
                             {"p": ann_id})
            thread = threading.Thread(target=rename)
            thread.start()
            deadline = time.monotonic() + 10
            while not starting.execute(text(
                    "select count(*) from pg_stat_activity where wait_event_type = 'Lock' "
                    "and datname = current_database()")).scalar():
                assert time.monotonic() < deadline, "the rename never waited for Ann's row"
                time.sleep(0.05)
            starting.execute(text("insert into seat (game_id, seat, player_id, total, won) "
                                  "values (:g, 2, :p, 0, false)"), {"g": other_id, "p": ann_id})
            starting.commit()
        thread.join(10)
    finally:
        engine.dispose()
    assert renamed
    with app.app_context():
        assert db.session.get(Game, other_id).version != before


def test_a_refused_change_holds_the_game_whole_for_the_page_that_says_so(app, game):
    """After a refusal the game is read again, all at once: a restore deleting it while
    the refusal's page is drawn takes nothing out from under that page (read attribute
    by attribute as the page drew it, the game was half gone: a 500)."""
    services.add_entry(game, round_(), game.version)
    db.session.commit()
    version = game.version
    changes.refused(game)
    other = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    with other.begin() as connection:
        for table in ("entry", "seat", "game"):
            connection.execute(text(f"delete from {table}"))
    other.dispose()
    assert game.version == version
    assert [seat.player.name for seat in game.seats] == ["Ann", "Ben", "Cid"]
    assert game.docs == [round_()]
    assert game.night.title == "Test"


def test_a_change_refused_after_its_game_was_deleted_is_told_it_is_gone(app, game):
    with db.engine.begin() as connection:
        for table in ("entry", "seat", "game"):
            connection.execute(text(f"delete from {table}"))
    with pytest.raises(changes.Gone):
        changes.refused(game)
