"""A gevent worker keeps its connections to PostgreSQL open for the requests it runs at once
(companion/__init__.py, DATABASE_POOL): a table's phones woken together by a save, asking
again and again, open no new connection once the first such burst has. A connection
opened and closed for each request beyond the pool cost the database server more CPU
than the request's own queries (docs/benchmark.md, "What one server holds")."""

import subprocess
import sys
import time

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import TEST_DATABASE_URL
from tests.server.conftest import ROOT, Phone, Server, at_once
from tests.server.races import build_games

PHONES = 16


def sessions(engine) -> int:
    """How many connections the database has been opened, ever (PostgreSQL counts them as
    each one starts or ends: read once they have)."""
    time.sleep(1.5)
    with engine.connect() as connection:
        connection.execute(text("select pg_stat_clear_snapshot()"))
        return connection.execute(text(
            "select sessions from pg_stat_database where datname = current_database()")
        ).scalar_one()


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: a pool of connections "
                    "to a database server")
def test_a_burst_of_questions_opens_no_new_connection_once_the_pool_is_filled(tmp_path):
    built = build_games(tmp_path, 1)
    game = built["games"][0]
    server = Server(built["url"], workers=1, options=["--worker-class", "gevent"]).start()
    engine = create_engine(built["url"])
    try:
        phones = [Phone.opened(server.base) for _ in range(PHONES)]

        def burst():
            answers = at_once(*[lambda phone=phone: phone.http.get(
                f"{server.base}/games/{game['id']}", timeout=30) for phone in phones])
            assert [answer.status_code for answer in answers] == [200] * PHONES

        burst()
        before = sessions(engine)
        for _ in range(3):
            burst()
        # the test's own connection is the one more
        assert sessions(engine) - before <= 1
    finally:
        engine.dispose()
        server.kill()
    assert "Traceback" not in server.errors()


# what a gevent worker's app is given by the pool, and what the watcher listens on
CONNECTIONS = """
from gevent import monkey
monkey.patch_all()
import sys
from companion import create_app, holding
from companion.extensions import db
app = create_app({"SQLALCHEMY_DATABASE_URI": sys.argv[1], "SECRET_KEY": "test"})
with app.app_context():
    print(type(db.engine.raw_connection().driver_connection).__name__)
listener = holding.Listener(app.wsgi_app.listen_url())
assert listener.listening()
print(type(listener.connection).__name__)
"""


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: psycopg's connections")
@pytest.mark.parametrize("gevent", [True, False])
def test_on_gevent_the_apps_statements_are_waited_for_in_place(tmp_path, gevent):
    """companion/connections.py: under gevent, the connections of the app's pool wait for
    the database without yielding to the hub, and the watcher's listening connection
    yields; elsewhere psycopg's own connection waits in place by itself."""
    built = build_games(tmp_path, 1)
    script = CONNECTIONS if gevent else CONNECTIONS.replace("monkey.patch_all()", "")
    ran = subprocess.run([sys.executable, "-c", script, built["url"]], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == (["Unyielding", "Connection"] if gevent
                                  else ["Connection", "Connection"])
