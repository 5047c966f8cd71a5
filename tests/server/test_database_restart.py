"""The database going away in the middle of a save (issue 27): the phone is told, nothing is
stored, and the next try works. Against gunicorn on PostgreSQL."""

import re
import threading
import time

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import TEST_DATABASE_URL
from tests.server.conftest import WORKERS, Phone, Server, count


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: its server restarts")
@pytest.mark.parametrize("workers", list(WORKERS))
def test_a_save_cut_off_by_a_database_restart_is_a_503_and_nothing_is_saved(skyjo_game,
                                                                            workers):
    """The save waits for the game's row, which another connection holds; its connection
    is then terminated as a restart terminates every connection."""
    url, game_id = skyjo_game
    server = Server(url, workers=1, options=WORKERS[workers].get("options", ())).start()
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


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: its server restarts")
@pytest.mark.parametrize("workers", list(WORKERS))
def test_a_connection_the_server_closed_while_it_waited_in_the_pool_is_replaced(skyjo_game,
                                                                                 workers):
    """Every connection of the app's is closed by the server between two requests, as a
    restart closes them (a fast one takes a fifth of a second): the next request is
    answered as ever (companion/connections.py asks a connection before a request uses
    it), its page and its follow alike."""
    url, game_id = skyjo_game
    server = Server(url, workers=1, options=WORKERS[workers].get("options", ())).start()
    engine = create_engine(url)
    try:
        phone = Phone.opened(server.base)
        pad = phone.http.get(f"{server.base}/games/{game_id}", timeout=10)
        tag = '"%s"' % re.search(r'data-tag="([^"]+)"', pad.text)[1]
        for asking in range(2):
            with engine.connect() as killer:
                closed = killer.execute(text(
                    "select count(pg_terminate_backend(pid)) from pg_stat_activity "
                    "where datname = current_database() and pid <> pg_backend_pid()")).scalar()
            assert closed >= 1
            if asking:
                follow = phone.http.get(f"{server.base}/games/{game_id}/follow", timeout=10,
                                        headers={"If-None-Match": tag})
                assert follow.status_code == 304
            else:
                assert phone.http.get(f"{server.base}/games/{game_id}",
                                      timeout=10).status_code == 200
    finally:
        engine.dispose()
        server.kill()
    assert "Traceback" not in server.errors()
