"""The benchmarks' phones: joining a group, asking in turns, the figures of a sample, and a
score entry."""

import re
import statistics
import threading
import time

import requests
from sqlalchemy import create_engine, text

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def scalar(url, sql, **values):
    """The one value a query gives in the database at `url`, read on a connection of its
    own."""
    engine = create_engine(url)
    with engine.connect() as connection:
        found = connection.execute(text(sql), values).scalar_one()
    engine.dispose()
    return found


def invite_path(url, group_id):
    """The path of a group's invite link (/join/<group>/<invite>), read from the database."""
    invite = scalar(url, "select invite from play_group where id = :id", id=group_id)
    return f"/join/{group_id}/{invite}"


def first_group(url):
    """The id of the database's first group (the demo's, in a database it filled)."""
    return scalar(url, "select min(id) from play_group")


def joined(base, invite, session=None):
    """A phone (a requests.Session) that joined a group as a person does: it opens the
    invite link, and taps Join (the form's POST, with its CSRF token, answered 303)."""
    session = session or requests.Session()
    page = session.get(base + invite, timeout=30)
    page.raise_for_status()
    post = session.post(base + invite, data={"csrf_token": CSRF.search(page.text).group(1)},
                        allow_redirects=False, timeout=30)
    if post.status_code != 303:
        raise RuntimeError(f"joining {invite} answered {post.status_code}")
    return session


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def alternate(calls, requests_total, turn=10, sessions=None):
    """One client taking turns between `calls` ({name: call}), `turn` requests of each in
    turn, until each has made requests_total: one sample per call. Each call is timed
    beside the others' neighbouring turns, so a machine slowing down for a moment weighs
    on all alike, and a turn of several requests keeps each server as warm as when it is
    asked alone. `sessions` ({name: session}) are the phones to ask with, one that joined
    the group for a server of the app; the others get a new session."""
    sessions = {name: (sessions or {}).get(name) or requests.Session() for name in calls}
    samples = {name: {"latencies": [], "queries": [], "wall": 0.0} for name in calls}
    for done in range(0, requests_total, turn):
        for name, call in calls.items():
            for _ in range(min(turn, requests_total - done)):
                started = time.perf_counter()
                count = call(sessions[name])
                spent = time.perf_counter() - started
                samples[name]["latencies"].append(spent * 1000)
                samples[name]["queries"].append(count)
                samples[name]["wall"] += spent
    return samples


def figures(*samples):
    """Median and 95th-percentile latency in ms, requests per second, queries per request."""
    latencies = [ms for sample in samples for ms in sample["latencies"]]
    return {"median_ms": round(statistics.median(latencies), 2),
            "p95_ms": round(percentile(latencies, 0.95), 2),
            "rps": round(len(latencies) / sum(sample["wall"] for sample in samples), 1),
            "queries": max(count for sample in samples for count in sample["queries"])}


UNDO_FORM = re.compile(r'<form method="post" action="[^"]*/undo".*?</form>', re.S)
ENTRY_FORM = re.compile(r'<form method="post" action="[^"]*/entries".*?</form>', re.S)
HIDDEN = re.compile(r'<input name="([a-z_]+)" type="hidden" value="([^"]*)"')


def form_of(page: str) -> dict:
    """The hidden fields of a pad's entry form, which a phone sends with what was typed:
    the CSRF token, the version the form is based on, its one-time key and the entry it
    was opened for."""
    return dict(HIDDEN.findall(ENTRY_FORM.search(page).group(0)))


class ScoreEntry:
    """POST a Skyjo round, follow the redirect, GET the pad: one score entry. Counts the
    POST's queries, and keeps the GET's in page_queries. The scenario is one kind's by
    choice (a fixed round, as docs/benchmark.md describes); every other page the
    benchmark measures comes from the registry.

    `undo`: each entry is then undone, untimed, with the pad's Undo button, so that every
    entry is made at the same point of the game (bench/tables.py sets it at mid-game):
    without it, the game grows by a round an entry, and the figure with how many entries
    the benchmark makes (a Skyjo game of 70 rounds, which no table plays)."""

    KIND = "skyjo"
    # a target nobody reaches with zero scores: the game takes every round
    OPTIONS = {"target": 1000}

    def __init__(self, base, game_id, players, undo=False):
        self.base = base
        self.undo = undo
        self.path = f"/games/{game_id}"
        self.players = players
        self.form = None  # the hidden fields of the pad's entry form
        self.page_queries = 0
        self.lock = threading.Lock()

    def timed(self, session):
        """One entry, its POST and its redirect's GET timed apart: ((ms, queries), (ms,
        queries))."""
        queries = self(session)
        return (self.post_ms, queries), (self.page_ms, self.page_queries)

    def __call__(self, session):
        if self.form is None:
            self.form = form_of(session.get(self.base + self.path, timeout=30).text)
        with self.lock:
            # the entry form as the pad gave it (its version, its one-time key, the entry
            # it was opened for), zero scores typed: nobody ever reaches the target, so the
            # game takes every round
            data = {**self.form, "finisher": self.players[0],
                    **{f"score_{i}": "0" for i in range(len(self.players))}}
            started = time.perf_counter()
            post = session.post(self.base + self.path + "/entries", data=data,
                                allow_redirects=False, timeout=30)
            self.post_ms = (time.perf_counter() - started) * 1000
            if post.status_code != 302:
                raise RuntimeError(f"score entry refused: {post.status_code}")
            started = time.perf_counter()
            page = session.get(self.base + self.path, timeout=30)
            self.page_ms = (time.perf_counter() - started) * 1000
            # the next round is sent from the form this one's page shows
            self.form = form_of(page.text)
            if self.undo:
                self.take_back(session, page.text)
        self.page_queries = max(self.page_queries, int(page.headers.get("X-Query-Count", 0)))
        return int(post.headers.get("X-Query-Count", 0))

    def take_back(self, session, page):
        """The pad's Undo button tapped, and the pad it redirects to read for its form."""
        form = UNDO_FORM.search(page).group(0)
        data = dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', form))
        undone = session.post(self.base + self.path + "/undo", data=data,
                              allow_redirects=True, timeout=30)
        if undone.status_code != 200:
            raise RuntimeError(f"undo refused: {undone.status_code}")
        self.form = form_of(undone.text)
