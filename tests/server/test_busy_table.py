"""Several phones at one table, and a server that is killed: nothing lost, nothing doubled."""

import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests
from sqlalchemy import create_engine, text

from tests.server.conftest import Phone

ROUNDS = 120


def round_data(version, ann, ben):
    return {"version": version, "finisher": "Ann", "score_0": str(ann), "score_1": str(ben)}


def version(phone, path):
    return phone.http.get(phone.base + path + "/sheet.json", timeout=10).json()["version"]


def stored_entries(url, game_id):
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text(
            "select position, doc from entry where game_id = :g order by position"),
            {"g": game_id}).all()
    engine.dispose()
    return rows


def test_two_phones_saving_the_same_round_at_once_store_exactly_one(server, skyjo_game):
    url, game_id = skyjo_game
    live = server(workers=3)
    phones = [Phone(live.base), Phone(live.base)]
    path = f"/games/{game_id}"
    tokens = [phone.token(path) for phone in phones]
    barrier = threading.Barrier(2)
    outcomes = []

    def save(phone, token, seen, score):
        barrier.wait(timeout=10)
        return phone.post(path + "/entries", round_data(seen, score, 0), token)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in range(ROUNDS):
            # each phone sends a different round, based on the sheet both see
            seen = version(phones[0], path)
            futures = [pool.submit(save, phones[i], tokens[i], seen, i) for i in (0, 1)]
            outcomes.append([f.result(timeout=60) for f in futures])

    statuses = [sorted(r.status_code for r in pair) for pair in outcomes]
    assert statuses == [[302, 409]] * ROUNDS
    refused = [r for pair in outcomes for r in pair if r.status_code == 409]
    assert all("another phone" in r.text.lower() for r in refused)
    assert not any("database is locked" in r.text for pair in outcomes for r in pair)
    assert [row.position for row in stored_entries(url, game_id)] == list(range(ROUNDS))


def test_entries_that_were_confirmed_survive_the_server_being_killed(server, skyjo_game):
    url, game_id = skyjo_game
    live = server(workers=2)
    phone = Phone(live.base)
    path = f"/games/{game_id}"
    token = phone.token(path)
    confirmed = []

    def burst():
        for position in range(1000):
            try:
                seen = version(phone, path)
                response = phone.post(path + "/entries", round_data(seen, position % 7, 1), token)
            except (requests.ConnectionError, ValueError):
                return
            if response.status_code != 302:
                return
            confirmed.append(position)

    writer = threading.Thread(target=burst)
    writer.start()
    deadline = time.monotonic() + 60
    while len(confirmed) < 40 and time.monotonic() < deadline:
        threading.Event().wait(0.01)
    assert len(confirmed) >= 40, "the server stopped confirming saves"
    live.kill()
    writer.join(timeout=60)
    assert not writer.is_alive(), "the writer was still saving 60 s after the server was killed"

    server(workers=2)
    stored = [row.position for row in stored_entries(url, game_id)]
    assert set(confirmed) <= set(stored)
    assert stored == list(range(len(stored)))
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
            assert connection.execute("pragma integrity_check").fetchone() == ("ok",)
