"""Following a game across gunicorn workers: whichever worker a phone's question reaches,
it is told of a change saved through any other (the database is the one source of truth,
nothing is kept in a process)."""

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server.conftest import Phone, Server, at_once
from tests.server.races import build_games, round_form, skyjo_round


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    built = build_games(tmp_path_factory.mktemp("follow"), 1)
    server = Server(built["url"], workers=4).start()
    yield built, server
    server.kill()


def ask(phone, game, tag):
    return phone.http.get(f"{phone.base}/games/{game['id']}/follow",
                          headers={"If-None-Match": f'"{tag}"'}, timeout=10)


def test_every_worker_tells_every_following_phone_of_a_save_made_through_another(table):
    built, server = table
    game = built["games"][0]
    saver, *followers = [Phone.opened(server.base) for _ in range(6)]
    tag = saver.http.get(f"{saver.base}/games/{game['id']}/sheet.json",
                         timeout=10).json()["version"]
    # unchanged: every question, on whichever worker, is a 304 without a body
    for phone in followers:
        for _ in range(4):
            unchanged = ask(phone, game, tag)
            assert unchanged.status_code == 304 and unchanged.content == b""
    saved = saver.post(f"/games/{game['id']}/entries", round_form(game, tag, skyjo_round(2, 3)),
                       saver.csrf)
    assert saved.status_code == 302, saved.text[-800:]
    # all five ask at the same moment, again and again: each is told, with the new tag
    answers = at_once(*[lambda phone=phone: ask(phone, game, tag) for phone in followers])
    new_tags = {answer.headers["ETag"] for answer in answers}
    assert [a.status_code for a in answers] == [200] * 5 and len(new_tags) == 1
    assert all("was saved on another phone" in a.text for a in answers)
    new = new_tags.pop().strip('"')
    assert new != tag
    for phone in followers:
        for _ in range(4):
            assert ask(phone, game, new).status_code == 304
    assert "Traceback" not in server.errors()


def test_gevent_workers_hold_a_question_until_a_save_through_another_worker(tmp_path):
    """docs/hosting.md's server for thousands of phones: gunicorn's gevent workers hold an
    unchanged question (companion/following.py) and answer it with the new page as soon
    as a save made through any worker is in the database."""
    built = build_games(tmp_path, 1)
    server = Server(built["url"], workers=2, options=["--worker-class", "gevent"]).start()
    try:
        game = built["games"][0]
        saver, *followers = [Phone.opened(server.base) for _ in range(4)]
        tag = saver.http.get(f"{saver.base}/games/{game['id']}/sheet.json",
                             timeout=10).json()["version"]
        pool = ThreadPoolExecutor(len(followers))
        started = time.monotonic()
        held = [pool.submit(ask, phone, game, tag) for phone in followers]
        time.sleep(1.5)
        assert not any(answer.done() for answer in held)  # held, not answered 304
        saved_at = time.monotonic()
        saved = saver.post(f"/games/{game['id']}/entries",
                           round_form(game, tag, skyjo_round(2, 3)), saver.csrf)
        assert saved.status_code == 302, saved.text[-800:]
        for answer in held:
            answer = answer.result(timeout=10)
            assert answer.status_code == 200 and answer.headers["ETag"] != f'"{tag}"'
            assert "hold;dur=" in answer.headers["Server-Timing"]
        # every phone was told within 2 s of the save (the watcher reads every 0.1 s)
        assert time.monotonic() - saved_at < 2, time.monotonic() - started
    finally:
        server.kill()
