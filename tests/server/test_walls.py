"""Races and failures a hostile or unlucky table brings (issue 27), against gunicorn with
several workers: an undo racing a correction of the very entry it removes, and the
database going away in the middle of a save."""

import threading
import time

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import TEST_DATABASE_URL
from tests.server.conftest import Phone, Server, at_once, count
from tests.server.races import build_games, correct_doc, round_form

RACES = 12


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    built = build_games(tmp_path_factory.mktemp("walls"), RACES)
    server = Server(built["url"], workers=3).start()
    phones = [Phone.opened(server.base), Phone.opened(server.base)]
    yield built, server, phones
    server.kill()


def sheet(phone, game):
    return phone.http.get(f"{phone.base}/games/{game['id']}/sheet.json", timeout=10).json()


def test_an_undo_racing_a_correction_of_the_last_entry_is_one_or_the_other_never_a_500(table):
    built, server, (undoing, correcting) = table
    outcomes = set()
    for game in built["games"]:
        seen = sheet(undoing, game)["version"]
        undo, correct = at_once(
            lambda: undoing.post(f"/games/{game['id']}/undo", {"version": seen},
                                 undoing.csrf),
            lambda: correcting.post(f"/games/{game['id']}/entries/1",
                                    round_form(game, seen, correct_doc(1)), correcting.csrf))
        entries = count(built["url"], f"select count(*) from entry where game_id = {game['id']}")
        if undo.status_code == 302:
            # the undo came first: the correction is told so on the pad, the entry is gone
            assert correct.status_code == 409, correct.text[-800:]
            assert "was removed on another phone" in correct.text
            assert entries == 1
            outcomes.add("undo first")
        else:
            # the correction came first: the undo was based on the sheet before it
            assert (correct.status_code, undo.status_code) == (302, 409), undo.text[-800:]
            assert entries == 2
            assert sheet(correcting, game)["entries"][1]["hands"][game["names"][0]] == {
                "score": 5}
            outcomes.add("correction first")
    print(f"\n{RACES} races: {sorted(outcomes)}")
    assert "Traceback" not in server.errors()


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: its server restarts")
def test_a_save_cut_off_by_a_database_restart_is_a_503_and_nothing_is_saved(skyjo_game):
    """The save waits for the game's row, which another connection holds; its connection
    is then terminated as a restart terminates every connection."""
    url, game_id = skyjo_game
    server = Server(url, workers=1).start()
    engine = create_engine(url)
    try:
        phone = Phone.opened(server.base)
        version = phone.http.get(f"{server.base}/games/{game_id}/sheet.json",
                                 timeout=10).json()["version"]
        form = {"version": version, "finisher": "Ann", "score_0": "1", "score_1": "5"}
        answers = []
        with engine.connect() as holder:
            holder.execute(text("select id from game where id = :id for update"),
                           {"id": game_id})
            saving = threading.Thread(
                target=lambda: answers.append(phone.post(f"/games/{game_id}/entries", form,
                                                         phone.csrf)), daemon=True)
            saving.start()
            waiting = None
            deadline = time.monotonic() + 20
            while waiting is None and time.monotonic() < deadline:
                waiting = holder.execute(text(
                    "select pid from pg_stat_activity where datname = current_database() "
                    "and wait_event_type = 'Lock' and pid <> pg_backend_pid()")).scalar()
                time.sleep(0.05)
            assert waiting, "the save never waited for the game's row"
            holder.execute(text("select pg_terminate_backend(:pid)"), {"pid": waiting})
            saving.join(timeout=30)
            holder.rollback()
        cut, = answers
        assert cut.status_code == 503, cut.text[-800:]
        assert "The database is restarting" in cut.text and "Nothing was saved" in cut.text
        assert cut.headers["Retry-After"] == "5"
        assert count(url, f"select count(*) from entry where game_id = {game_id}") == 0
        # the next try gets a new connection and is saved
        again = phone.post(f"/games/{game_id}/entries", form, phone.csrf)
        assert again.status_code == 302, again.text[-800:]
        assert count(url, f"select count(*) from entry where game_id = {game_id}") == 1
    finally:
        engine.dispose()
        server.kill()
    assert "Traceback" not in server.errors()
