"""A real multi-process server (gunicorn) on 127.0.0.1, and phones that talk to it."""

import datetime
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from companion import services
from companion.extensions import db
from tests.conftest import database_url, make_app

ROOT = Path(__file__).parents[2]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, url, workers=3):
        self.database = url
        self.workers = workers
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        env = {**os.environ, "DATABASE_URL": self.database, "COMPANION_SECRET_KEY": "test"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", str(self.workers),
             "--bind", f"127.0.0.1:{self.port}", "app:app"],
            cwd=ROOT, env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if requests.get(self.base + "/", timeout=5).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("gunicorn did not start")

    def kill(self, sig=signal.SIGKILL):
        """End the master and every worker at once, as a crash would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=10)

    def errors(self):
        return self.process.stderr.read().decode() if self.process.stderr else ""


class Phone:
    """One browser session: its own cookies and CSRF token."""

    def __init__(self, base):
        self.base = base
        self.http = requests.Session()

    def token(self, path):
        page = self.http.get(self.base + path, timeout=10).text
        return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)

    def post(self, path, data, token):
        return self.http.post(self.base + path, data={**data, "csrf_token": token},
                              allow_redirects=False, timeout=30)


@pytest.fixture
def skyjo_game(tmp_path):
    """A database holding one long Skyjo game for Ann and Ben; returns (url, game id)."""
    url = database_url(tmp_path, "server")
    app = make_app(url)
    with app.app_context():
        night = services.start_night(datetime.date(2026, 11, 30), "Busy table")
        players = [services.get_or_create_player(n) for n in ("Ann", "Ben")]
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
