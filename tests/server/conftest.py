"""A real multi-process server (gunicorn) on 127.0.0.1, and phones that talk to it."""

import datetime
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from companion import services
from companion.extensions import db
from tests.conftest import GROUP, TEST_DATABASE_URL, database_url, make_app
from tests.web.conftest import hidden_value, inputs

ROOT = Path(__file__).parents[2]
# seconds a test waits for gunicorn to answer, start or stop before it fails
START_TIMEOUT, STOP_TIMEOUT, REQUEST_TIMEOUT = 30, 10, 30


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# gunicorn's workers a test of changes racing runs on: three sync ones, and on PostgreSQL
# one gevent worker (docs/hosting.md), whose requests run together in one process and wait
# for the database in place (companion/connections.py): a request that gave way while it
# held a lock would block that worker, and the test's requests would time out
WORKERS = {"sync": {"workers": 3},
           "gevent": {"workers": 1, "options": ["--worker-class", "gevent"]}}


def workers(name):
    """Server's arguments for the workers `name` (WORKERS), skipped where they do not run."""
    if name == "gevent" and not TEST_DATABASE_URL:
        pytest.skip("gevent's workers are for PostgreSQL (docs/hosting.md)")
    return WORKERS[name]


def invite_path(url, group_id=GROUP):
    """The path of a group's invite link, read from the database at `url`."""
    invite = scalar(url, "select invite from play_group where id = :id", id=group_id)
    return f"/join/{group_id}/{invite}"


class Server:
    # each running server's invite to the test table's group, by its base url: every
    # Phone made for a server joins that group, as a phone at the table has
    invites = {}

    def __init__(self, url, workers=3, options=(), env=None):
        self.database = url
        self.workers = workers
        self.options = list(options)
        # more of the app's settings (COMPANION_PUBLIC_URL behind a proxy ...)
        self.env = dict(env or {})
        # the port is bound here and the socket handed to gunicorn, so that no other server
        # (another xdist worker's, another run's) takes it between choosing and binding
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        # gunicorn's log goes to a file: a pipe nobody reads would stall it once full
        self.log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log")

    def start(self):
        env = {**os.environ, "DATABASE_URL": self.database, "COMPANION_SECRET_KEY": "test",
               **self.env}
        fd = self.socket.fileno()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--workers", str(self.workers),
                 "--bind", f"fd://{fd}", *self.options, "app:app"],
                cwd=ROOT, env=env, start_new_session=True, pass_fds=(fd,),
                stdout=subprocess.DEVNULL, stderr=self.log)
        finally:
            # gunicorn holds it now; kept here too, it would take connections once gunicorn
            # is killed, where a phone must be refused
            self.socket.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode} while "
                                   f"starting:\n{self.errors()[-3000:]}")
            try:
                if requests.get(self.base + "/", timeout=5).status_code == 200:
                    Server.invites[self.base] = invite_path(self.database)
                    return self
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT} s:\n"
                           f"{self.errors()[-3000:]}")

    def kill(self, sig=signal.SIGKILL):
        """End the master and every worker at once, as a crash would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"gunicorn (pid {self.process.pid}) was still running "
                                   f"{STOP_TIMEOUT} s after signal {sig}") from None

    def errors(self):
        """What gunicorn wrote to its log so far (it never blocks)."""
        return Path(self.log.name).read_text(errors="replace")


class Phone:
    """One browser session: its own cookies and CSRF token."""

    def __init__(self, base, joined=True):
        self.base = base
        self.http = requests.Session()
        self.csrf = None
        if joined and base in Server.invites:
            self.join(Server.invites[base])

    def join(self, invite):
        """Open the group's invite link and tap Join, as a phone scanning its code does."""
        answer = self.post(invite, {}, self.token(invite))
        assert answer.status_code == 303, answer.text[:500]

    @classmethod
    def opened(cls, base):
        """A phone that has opened a page, and so holds its session's CSRF token."""
        phone = cls(base)
        phone.csrf = phone.token("/nights/new")
        return phone

    def page(self, path):
        return self.http.get(self.base + path, timeout=REQUEST_TIMEOUT).text

    def token(self, path):
        """The session's CSRF token, as every form on the page at `path` carries it."""
        found = {i.get("value") for i in inputs(self.page(path), "input[name=csrf_token]")}
        assert len(found) == 1, f"{path} carries {len(found)} different CSRF tokens"
        return found.pop()

    def hidden(self, path, name):
        """The value of the page's one hidden input `name` (a one-time token)."""
        return hidden_value(self.page(path), name)

    def post(self, path, data, token):
        return self.http.post(self.base + path, data={**data, "csrf_token": token},
                              allow_redirects=False, timeout=REQUEST_TIMEOUT)


def at_once(*calls, timeout=60):
    """Run the calls on threads of their own, let go together through a barrier; their
    results in order. Fails, naming the calls still out, when they are not all back
    within `timeout` seconds (the threads are daemons: a stuck one never holds pytest)."""
    barrier = threading.Barrier(len(calls))
    results, failures = [None] * len(calls), [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # handed to the test below
            failures[index] = error

    threads = [threading.Thread(target=run, args=(i, call), daemon=True)
               for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0, deadline - time.monotonic()))
    stuck = [i for i, thread in enumerate(threads) if thread.is_alive()]
    if stuck:
        pytest.fail(f"calls {stuck} of {len(calls)} still had no answer after {timeout} s")
    for error in failures:
        if error is not None:
            raise error
    return results


@pytest.fixture
def skyjo_game(tmp_path):
    """A database holding one long Skyjo game for Ann and Ben; returns (url, game id)."""
    url = database_url(tmp_path, "server")
    app = make_app(url)
    with app.app_context():
        night = services.start_night(GROUP, datetime.date(2026, 11, 30), "Busy table")
        players = [services.get_or_create_player(GROUP, n) for n in ("Ann", "Ben")]
        game = services.start_game(night, "skyjo", players, {"target": 1000})
        db.session.commit()
        game_id = game.id
        db.engine.dispose()
    return url, game_id


@pytest.fixture
def server(skyjo_game):
    started = []

    def start(workers=3):
        started.append(Server(skyjo_game[0], workers).start())
        return started[-1]

    yield start
    for each in started:
        each.kill()


def scalar(url, sql, **values):
    """What one query says about the database at `url`, read afresh."""
    engine = create_engine(url)
    with engine.connect() as connection:
        found = connection.execute(text(sql), values).scalar()
    engine.dispose()
    return found


def count(url, sql):
    """What one counting query says about the database at `url`."""
    return scalar(url, sql)
