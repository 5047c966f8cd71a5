"""Slow clients cannot stall the table (issue 27): connections that trickle their headers a
byte at a time, sent to each documented set-up while a phone plays on through it: nginx
with docs/hosting.md's site in front of gunicorn's threaded workers on 127.0.0.1, and the
one-command `flask serve` (waitress). Bounded: about 10 s of trickling, only 127.0.0.1; run
in the SQLite pass only, as nothing of it meets the database.

SLOW_CLIENTS_DIRECT=1 sends the same trickle and the phone straight to gunicorn, the guard
removed: the phone's requests then wait (this test fails), which is why the proxy is there.
"""

import os
import socket
import subprocess
import sys
import threading
import time

import pytest
import requests

from tests.conftest import TEST_DATABASE_URL
from tests.server.conftest import ROOT, Phone, Server, invite_path
from tests.server.proxy import NGINX, Nginx, free_port, stop, wait_for

SLOW = 48  # connections trickling their headers
SECONDS = 10  # for how long
EVERY = 2.0  # a byte every this many seconds on each
LIMIT = 1.0  # the most a phone's request may take meanwhile

# the trickle meets the HTTP servers in front of the app, never its database: the
# PostgreSQL pass (scripts/test.sh) would add nothing
pytestmark = pytest.mark.skipif(bool(TEST_DATABASE_URL), reason="the same on either database")


def trickle(port, stop):
    """Open SLOW connections and send each a header a byte at a time until `stop`."""
    sockets = []
    for _ in range(SLOW):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.setblocking(False)
        sockets.append(sock)
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
    sent = 0
    try:
        while not stop.wait(EVERY if sent else 0):
            for sock in sockets:
                try:
                    sock.send(head[sent:sent + 1])
                except OSError:
                    pass  # closed by the far side for taking too long: as it should be
            sent += 1
    finally:
        for sock in sockets:
            sock.close()


@pytest.fixture(params=["nginx", "serve"])
def front(request, skyjo_game):
    """The address a phone opens, and what serves it: (base, log of the app's server)."""
    url, _ = skyjo_game
    if request.param == "serve":
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "app", "serve", "--local", "--port",
             str(port)], cwd=ROOT, env={**os.environ, "DATABASE_URL": url,
                                        "COMPANION_SECRET_KEY": "test"},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        wait_for(process, port, "flask serve")
        yield f"http://127.0.0.1:{port}", None
        stop(process)
        return
    if not os.path.exists(NGINX):
        pytest.skip("nginx is installed by scripts/test.sh")
    server = Server(url, workers=2, options=["--worker-class", "gthread", "--threads", "4",
                                             "--timeout", "60"]).start()
    direct = os.environ.get("SLOW_CLIENTS_DIRECT") == "1"
    proxy = None if direct else Nginx(server.port).start()
    yield (server.base if direct else proxy.base), server
    if proxy:
        proxy.stop()
    server.kill()
    assert "Traceback" not in server.errors()


def test_slow_clients_do_not_stall_a_phone(front, skyjo_game):
    url, game_id = skyjo_game
    base, server = front
    stop_ = threading.Event()
    trickling = threading.Thread(target=trickle, args=(int(base.rsplit(":", 1)[1]), stop_),
                                 daemon=True)
    try:
        phone = Phone(base, joined=False)
        phone.join(invite_path(url))
        csrf = phone.token(f"/games/{game_id}")
        trickling.start()
        time.sleep(EVERY)  # every slow connection is open and has sent its first byte
        took, saved = [], 0
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            for ask in ("pad", "follow", "save"):
                started = time.monotonic()
                try:
                    if ask == "pad":
                        answer = phone.http.get(f"{base}/games/{game_id}", timeout=LIMIT * 5)
                    elif ask == "follow":
                        answer = phone.http.get(f"{base}/games/{game_id}/follow",
                                                timeout=LIMIT * 5)
                    else:
                        version = phone.http.get(f"{base}/games/{game_id}/sheet.json",
                                                 timeout=LIMIT * 5).json()["version"]
                        answer = phone.post(f"/games/{game_id}/entries", {
                            "version": version, "finisher": "Ann", "score_0": "1",
                            "score_1": "5"}, csrf)
                        saved += answer.status_code == 302
                    assert answer.status_code in (200, 302), answer.text[-500:]
                except requests.Timeout:
                    pytest.fail(f"a phone's {ask} had no answer within {LIMIT * 5} s while "
                                f"{SLOW} connections trickled their headers")
                took.append(time.monotonic() - started)
            time.sleep(0.3)
        print(f"\n{len(took)} requests with {SLOW} slow connections open: slowest "
              f"{max(took) * 1000:.0f} ms, median {sorted(took)[len(took) // 2] * 1000:.0f} ms")
        assert max(took) < LIMIT
        assert saved >= SECONDS // 2
    finally:
        stop_.set()
        trickling.join(timeout=EVERY + 5)
