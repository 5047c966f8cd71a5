"""python -m bench.follow [--tables 100] [--phones 5] [--seconds 20] [--steps 100,250,...]:
following a live table, measured: many tables each with one game in progress, every phone
asking its pad's /follow as static/js/live.js does (1.5 s after its last question, or at
once when the server held it until something changed: companion/following.py), while one
phone at each table saves a round every ~20 s. A held question's latency is counted from
the end of its hold (the server says how long in `Server-Timing`). docs/benchmark.md,
"Following a live table", says what the figures mean.

gunicorn serves the app from a throwaway PostgreSQL server of the benchmark's own
(bench/postgres.py; or --database-url). First each worker setup (--configs: by default
sync workers, and gthread workers with threads and keep-alive) carries the main load,
--tables x --phones followers, in turns; the one with the lower follow p95 is kept and
the number of followers is stepped up (--steps) until the follow p95 passes 100 ms.

The load generator runs in this process: asyncio over raw sockets, one HTTP/1.1
connection per phone kept alive as long as the server allows, so that every byte each way
is counted as it went, headers included. It competes with the server for the same cores.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import math
import os
import platform
import random
import re
import resource
import statistics
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from urllib.parse import urlencode

from bench.load import form_of, percentile, scalar
from bench.postgres import Postgres
from bench.server import Gunicorn

SECRET = "bench"
EVERY = 1.5          # live.js: seconds from one answer to the next question
SLOWEST = 30.0       # live.js: the longest wait after failures
WARMUP = 3.0         # seconds at the start of a run left out of every figure
TIMEOUT = 30.0       # seconds a request may take before it counts as failed
TARGET_MS = 100      # capacity: the follow p95 under this
SEEN_TARGET = 2.0    # the target: a change seen by every phone within 2 s
HELD = re.compile(r"hold;dur=([0-9.]+)")
KIND = "any_game"    # the pad whose entry is easiest to post: one number per player
NAMES = ["Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]
CONFIGS = "gevent:2,gthread:2x4"
WORKER_CONNECTIONS = 4000  # docs/hosting.md
FOLLOW_HOLD = 20           # companion/following.py: a question held on gevent's workers
STEPS = "100,250,500,750,1000,1500"

# what a phone's Chrome sends with live.js's fetch (cache: "no-store" adds the two
# no-cache headers); the same set, as a navigation or a form post, for the pad and saves
USER_AGENT = ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/131.0.0.0 Mobile Safari/537.36")
LANGUAGE = "en-GB,en;q=0.9"
PAGE_ACCEPT = ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
               "image/apng,*/*;q=0.8")

TAG = re.compile(rb'data-tag="([0-9a-f]+)"')
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')


# ---- the tables ----------------------------------------------------------------------

def set_tables(url, count, players):
    """`count` tables, each a group of its own (a club's server hosts many groups) with a
    night and `players` people in a game of "any game" just started, stored through the
    services as bench/__main__.py's `tonight` does; their game ids, and the path of each
    table's invite link, which its phones open first."""
    from companion import create_app, services
    from companion.extensions import db
    from companion.services import groups

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET})
    with app.app_context():
        games, invites = [], []
        for table in range(1, count + 1):
            group = groups.new_group(f"Table {table}")
            night = services.start_night(group.id, datetime.date.today(), f"Table {table}")
            seated = [services.get_or_create_player(group.id, f"{name} {table}")
                      for name in NAMES[:players]]
            games.append(services.start_game(night, KIND, seated, {"name": "Qwixx"}))
            invites.append(f"/join/{group.id}/{group.invite}")
        db.session.commit()
        ids = [game.id for game in games]
        db.engine.dispose()
    return ids, invites


# ---- one phone's connection: raw HTTP/1.1, every byte counted ------------------------

@dataclass
class Answer:
    status: int
    headers: dict
    cookies: list
    body: bytes
    sent: int
    received: int
    head: int          # bytes of the status line and headers
    raw_head: bytes


class Http:
    """A phone's connection to the server, kept alive while the server allows (a sync
    worker closes it after every answer); a kept connection the server has closed meanwhile
    is opened again and the request sent once more, as a browser does."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None
        self.connects = 0

    def close(self):
        if self.writer is not None:
            try:
                self.writer.close()
            except RuntimeError:  # its event loop is over: the socket went with it
                pass
        self.reader = self.writer = None

    async def exchange(self, request: bytes) -> Answer:
        for attempt in (1, 2):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.connects += 1
            try:
                self.writer.write(request)
                await self.writer.drain()
                head = await self.reader.readuntil(b"\r\n\r\n")
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if fresh or attempt == 2:
                    raise
                continue
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ", 2)[1])
            headers, cookies = {}, []
            for line in lines[1:]:
                if line:
                    name, _, value = line.partition(":")
                    name, value = name.strip().lower(), value.strip()
                    if name == "set-cookie":
                        cookies.append(value)
                    headers[name] = value
            if "chunked" in headers.get("transfer-encoding", ""):
                raise ValueError("a chunked answer: this client reads Content-Length only")
            length = int(headers.get("content-length", 0)) if status not in (204, 304) else 0
            body = await self.reader.readexactly(length) if length else b""
            if headers.get("connection", "").lower() == "close":
                self.close()
            return Answer(status, headers, cookies, body, len(request),
                          len(head) + len(body), len(head), head)
        raise AssertionError("unreachable")


# ---- a phone at a table ----------------------------------------------------------------

class Phone:
    def __init__(self, table, seat, game_id, players, invite):
        self.table, self.seat, self.game_id, self.players = table, seat, game_id, players
        self.invite = invite
        self.joined = False
        self.path = f"/games/{game_id}"
        self.cookie = None
        # the hidden fields of the pad's entry form, sent with each save as a browser does
        # (the CSRF token, the version, the one-time key, the entry it was opened for)
        self.tag = self.version = self.form = None
        self.http = self.saving = None

    def connect(self, port):
        if self.http is not None:
            self.http.close()
            self.saving.close()
        self.http = Http(port)
        # a save goes on a connection of its own while a question may be held
        self.saving = Http(port)
        self.origin = f"127.0.0.1:{port}"

    def request(self, method, path, headers, body=b""):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.origin}", "Connection: keep-alive",
                 *headers, "Accept-Encoding: gzip, deflate", f"Accept-Language: {LANGUAGE}"]
        if self.cookie:
            lines.append(f"Cookie: {self.cookie}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body

    def follow_request(self):
        return self.request("GET", self.path + "/follow", [
            "Pragma: no-cache", "Cache-Control: no-cache", f"User-Agent: {USER_AGENT}",
            f'If-None-Match: "{self.tag}"', "Accept: */*",
            f"Referer: http://{self.origin}{self.path}"])

    def page_request(self, path):
        return self.request("GET", path, [
            "Upgrade-Insecure-Requests: 1", f"User-Agent: {USER_AGENT}",
            f"Accept: {PAGE_ACCEPT}"])

    def save_request(self, points):
        form = urlencode({**self.form,
                          **{f"points_{i}": str(p) for i, p in enumerate(points)}}).encode()
        return self.request("POST", self.path + "/entries", [
            f"Content-Length: {len(form)}", "Cache-Control: max-age=0",
            f"Origin: http://{self.origin}", "Content-Type: application/x-www-form-urlencoded",
            "Upgrade-Insecure-Requests: 1", f"User-Agent: {USER_AGENT}",
            f"Accept: {PAGE_ACCEPT}", f"Referer: http://{self.origin}{self.path}"], form)

    def keep_cookies(self, answer):
        for cookie in answer.cookies:
            name, _, rest = cookie.partition("=")
            if name == "session":
                value = rest.split(";", 1)[0]
                self.cookie = f"session={value}" if value else None

    def read_page(self, answer):
        """What the pad's page tells the phone: the tag it follows with, and its entry
        form's hidden fields (the version it is based on among them)."""
        if answer.status != 200:
            raise RuntimeError(f"{self.path} answered {answer.status}")
        self.keep_cookies(answer)
        self.tag = TAG.search(answer.body).group(1).decode()
        self.form = form_of(answer.body.decode())
        self.version = self.form["version"]

    async def join(self):
        """The phone opens the group's invite link and taps Join (not measured): its
        session cookie then proves it is in the group."""
        page = await self.http.exchange(self.page_request(self.invite))
        if page.status != 200:
            raise RuntimeError(f"{self.invite} answered {page.status}")
        self.keep_cookies(page)
        form = urlencode({"csrf_token": CSRF.search(page.body).group(1).decode()}).encode()
        post = await self.http.exchange(self.request("POST", self.invite, [
            f"Content-Length: {len(form)}", f"Origin: http://{self.origin}",
            "Content-Type: application/x-www-form-urlencoded", f"User-Agent: {USER_AGENT}",
            f"Accept: {PAGE_ACCEPT}", f"Referer: http://{self.origin}{self.invite}"], form))
        if post.status != 303:
            raise RuntimeError(f"joining {self.invite} answered {post.status}")
        self.keep_cookies(post)
        self.joined = True

    async def open(self, http=None):
        """The phone opens the pad (not measured): its session cookie, tag and token;
        first, once, it joins the group."""
        if not self.joined:
            await self.join()
        self.read_page(await (http or self.http).exchange(self.page_request(self.path)))


# ---- one run ---------------------------------------------------------------------------

@dataclass
class Run:
    start: float
    end: float
    follows: list = field(default_factory=list)   # (at, ms, status, sent, received, head, lag)
    failures: list = field(default_factory=list)  # (at, what)
    saves: list = field(default_factory=list)     # (table, at, post ms, reload ms, version)
    changes: list = field(default_factory=list)   # (table, seat, at, tag): each 200
    mismatched: int = 0                            # a 200 whose body's tag is not its ETag
    connects: int = 0                              # TCP connections the phones opened
    sample_304: tuple = (b"", b"")                 # one question and its 304, as sent
    cpu: dict = field(default_factory=dict)

    def counted(self, at):
        return self.start + WARMUP <= at < self.end


async def follow(phone, run, planned):
    loop = asyncio.get_running_loop()
    at = loop.time()
    request = phone.follow_request()
    try:
        answer = await asyncio.wait_for(phone.http.exchange(request), TIMEOUT)
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
        phone.http.close()
        run.failures.append((at, f"follow: {type(error).__name__}"))
        return False
    done = loop.time()
    # a question the server held (companion/following.py) says for how long: the answer
    # was late only by what came after
    held = HELD.search(answer.headers.get("server-timing", ""))
    held_ms = float(held.group(1)) if held else 0.0
    if answer.status not in (200, 304):
        run.failures.append((at, f"follow: {answer.status}"))
        return False
    if answer.status == 200:
        tag = answer.headers.get("etag", "").strip('"')
        body_tag = TAG.search(answer.body)
        if not body_tag or body_tag.group(1).decode() != tag:
            run.mismatched += 1
        phone.tag = tag
        run.changes.append((phone.table, phone.seat, done, tag))
    elif not run.sample_304[0]:
        run.sample_304 = (request, answer.raw_head)
    run.follows.append((at, (done - at) * 1000 - held_ms, answer.status, answer.sent,
                        answer.received, answer.head, (at - planned) * 1000, held_ms))
    return True


async def save(phone, run, rng):
    """Type a round and tap Save: the POST, its redirect to the pad, the pad's GET (which
    the phone's page is then), as a browser does."""
    loop = asyncio.get_running_loop()
    at = loop.time()
    points = [rng.randint(0, 30) for _ in range(phone.players)]
    try:
        post = await asyncio.wait_for(phone.saving.exchange(phone.save_request(points)),
                                      TIMEOUT)
        posted = loop.time()
        phone.keep_cookies(post)
        if post.status != 302:
            run.failures.append((at, f"save: {post.status}"))
            # the page the refusal showed: the sheet as it is now
            await phone.open(phone.saving)
            return
        page = await asyncio.wait_for(
            phone.saving.exchange(phone.page_request(post.headers["location"])), TIMEOUT)
        phone.read_page(page)
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError,
            RuntimeError, AttributeError) as error:
        phone.saving.close()
        run.failures.append((at, f"save: {type(error).__name__}"))
        return
    run.saves.append((phone.table, at, (posted - at) * 1000, (loop.time() - posted) * 1000,
                      phone.version))


async def play(phone, saver, run, save_every, rng):
    """One phone: a question 1.5 s after it last asked, or at once when the server held
    it (live.js, doubling the wait after a failure); the table's saver also saves every
    ~`save_every` s, on a connection of its own while its question may be held, as a
    browser does."""
    loop = asyncio.get_running_loop()
    saving = asyncio.ensure_future(saves(phone, run, save_every, rng)) if saver else None
    next_poll = run.start + rng.uniform(0, EVERY)
    wait = EVERY
    while next_poll < run.end:
        await asyncio.sleep(max(0.0, next_poll - loop.time()))
        asked = loop.time()
        answered = await follow(phone, run, next_poll)
        wait = EVERY if answered else min(wait * 2, SLOWEST)
        next_poll = max(asked + wait, loop.time()) if answered else loop.time() + wait
    if saving is not None:
        await saving


async def saves(phone, run, save_every, rng):
    loop = asyncio.get_running_loop()
    next_save = run.start + rng.uniform(0, save_every)
    while next_save < run.end:
        await asyncio.sleep(max(0.0, next_save - loop.time()))
        await save(phone, run, rng)
        next_save = loop.time() + save_every * rng.uniform(0.5, 1.5)


# ---- CPU: where the two cores went ---------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def processes():
    """(pid, ppid, pgrp, cpu seconds) of every process; a process's cpu seconds count
    those of its children that ended (PostgreSQL's backends come and go with the app's
    pool)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found.append((int(name), int(fields[1]), int(fields[2]),
                          sum(int(n) for n in fields[11:15]) / TICK))
    return found


def machine_busy():
    """CPU seconds the machine spent on processes, since it started (not interrupts: the
    loopback traffic's share of them is ours, and no process is charged for it)."""
    with open("/proc/stat") as stat:
        user, nice, system = [int(n) for n in stat.readline().split()[1:4]]
    return (user + nice + system) / TICK


def busy_now(seconds=1.0):
    """The machine's busy share of one core over the next `seconds`, in %."""
    before, started = machine_busy(), time.monotonic()
    time.sleep(seconds)
    return round(100 * (machine_busy() - before) / (time.monotonic() - started))


def wait_for_quiet(limit, patience, quiet_for=3):
    """Wait, up to `patience` seconds, until other work has left the machine under
    `limit`% of a core busy for `quiet_for` seconds in a row (nothing of ours runs between
    runs); what it was over the last second."""
    deadline = time.monotonic() + patience
    calm = 0
    while True:
        busy = busy_now()
        calm = calm + 1 if busy <= limit else 0
        if calm >= quiet_for or time.monotonic() >= deadline:
            return busy


def snapshot(gunicorn_pid, postgres_pid):
    table = processes()
    ours = {os.getpid()}
    workers = {pid: cpu for pid, ppid, _, cpu in table if ppid == gunicorn_pid}
    return {"server": sum(cpu for _, _, pgrp, cpu in table if pgrp == gunicorn_pid),
            "workers": workers,
            "postgres": sum(cpu for pid, ppid, _, cpu in table
                            if postgres_pid and postgres_pid in (pid, ppid)),
            "client": time.process_time(), "machine": machine_busy(),
            "others": {pid: cpu for pid, ppid, pgrp, cpu in table
                       if pgrp != gunicorn_pid and pid not in ours
                       and not (postgres_pid and postgres_pid in (pid, ppid))},
            "wall": time.monotonic()}


def command(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            return line.read().replace(b"\0", b" ").decode(errors="replace").strip()[:70]
    except OSError:
        return f"pid {pid}"


def cpu_between(before, after):
    """Each part's CPU seconds over the window, and the window's seconds."""
    used = {part: after[part] - before[part]
            for part in ("server", "postgres", "client", "machine", "wall")}
    used["workers"] = [cpu - before["workers"].get(pid, 0)
                       for pid, cpu in sorted(after["workers"].items())]
    # the other processes that took most, for the log: (% of a core, command)
    took = sorted(((cpu - before["others"].get(pid, 0), pid)
                   for pid, cpu in after["others"].items()), reverse=True)[:3]
    used["busiest_others"] = [(round(100 * cpu / used["wall"]), command(pid))
                              for cpu, pid in took if cpu > 0.01 * used["wall"]]
    return used


def cpu_shares(runs):
    """Each part's share of one core over the runs' windows, in %: gunicorn (and each
    worker), PostgreSQL, this client, and everything else on the machine."""
    wall = sum(run.cpu["wall"] for run in runs)
    share = {part: round(100 * sum(run.cpu[part] for run in runs) / wall)
             for part in ("server", "postgres", "client", "machine")}
    share["other"] = max(0, share["machine"] - share["server"] - share["postgres"]
                         - share["client"])
    share["workers"] = [round(100 * sum(cpus) / wall)
                        for cpus in zip(*(run.cpu["workers"] for run in runs))]
    return share


async def load(port, tables, seconds, save_every, seed, pids):
    """Every phone of `tables` (lists of phones; the first at each saves) following for
    WARMUP + `seconds`: the run's records."""
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    for phone in (phone for table in tables for phone in table):
        phone.connect(port)
    start = loop.time() + 0.2
    run = Run(start, start + WARMUP + seconds)
    marks = {}

    async def mark(name, at):
        await asyncio.sleep(max(0.0, at - loop.time()))
        marks[name] = snapshot(*pids)

    await asyncio.gather(mark("from", run.start + WARMUP), mark("to", run.end),
                         *(play(phone, seat == 0, run, save_every,
                                random.Random(rng.random()))
                           for table in tables for seat, phone in enumerate(table)))
    for table in tables:
        for phone in table:
            run.connects += phone.http.connects + phone.saving.connects
            phone.http.close()
            phone.saving.close()
    run.cpu = cpu_between(marks["from"], marks["to"])
    return run


async def open_phones(port, phones, at_once=4):
    """Each phone opens its pad once (its session), a few at a time: not measured."""
    queue = list(phones)

    async def opener():
        while queue:
            phone = queue.pop()
            phone.connect(port)
            await phone.open()
            phone.http.close()

    await asyncio.gather(*(opener() for _ in range(at_once)))


# ---- figures ---------------------------------------------------------------------------

def ms(values, q):
    return round(percentile(values, q), 1) if values else None


def figures(runs, tables):
    """The figures of one or more runs of the same phones, pooled."""
    follows = [f for run in runs for f in run.follows if run.counted(f[0])]
    latencies = [f[1] for f in follows]
    idle = [f for f in follows if f[2] == 304]
    changed = [f for f in follows if f[2] == 200]
    saves = [s for run in runs for s in run.saves if run.counted(s[1])]
    failures = [what for run in runs for at, what in run.failures if run.counted(at)]
    followers = sum(len(table) for table in tables)
    window = sum(run.end - run.start - WARMUP for run in runs)
    # seconds from one question to the next: 1.5 s after it was asked, or the hold
    poll_s = (statistics.mean(max(EVERY, (f[1] + f[7]) / 1000) for f in follows)
              if follows else EVERY)
    result = {
        "followers": followers, "tables": len(tables), "seconds": round(window),
        "runs": len(runs),
        "follow_p50_ms": ms(latencies, 0.5), "follow_p95_ms": ms(latencies, 0.95),
        "follow_p99_ms": ms(latencies, 0.99),
        "follow_max_ms": round(max(latencies), 1) if latencies else None,
        # told nothing new (after any hold), and told of a change (the page rendered)
        "follow_304_p95_ms": ms([f[1] for f in follows if f[2] == 304], 0.95),
        "follow_200_p95_ms": ms([f[1] for f in follows if f[2] == 200], 0.95),
        "follows": len(follows), "follows_per_s": round(len(follows) / window, 1),
        "expected_per_s": round(followers / poll_s, 1),
        "answers_304": len(idle), "answers_200": len(changed),
        "failures": len(failures), "failure_kinds": sorted(set(failures)),
        "mismatched_tags": sum(run.mismatched for run in runs),
        "connections_opened": sum(run.connects for run in runs),
        "client_lag_p95_ms": ms([f[6] for f in follows], 0.95),
        "saves": len(saves),
        "save_p50_ms": ms([s[2] for s in saves], 0.5),
        "save_p95_ms": ms([s[2] for s in saves], 0.95),
        "save_and_reload_p50_ms": ms([s[2] + s[3] for s in saves], 0.5),
        "save_and_reload_p95_ms": ms([s[2] + s[3] for s in saves], 0.95),
        "cpu_percent_of_one_core": cpu_shares(runs),
        # CPU milliseconds per follow request (saves and renders included)
        "server_cpu_ms_per_follow": round(1000 * sum(r.cpu["server"] for r in runs)
                                          / max(1, len(follows)), 2),
        "postgres_cpu_ms_per_follow": round(1000 * sum(r.cpu["postgres"] for r in runs)
                                            / max(1, len(follows)), 2),
        "client_cpu_ms_per_follow": round(1000 * sum(r.cpu["client"] for r in runs)
                                          / max(1, len(follows)), 2),
    }
    sample = next((run.sample_304 for run in runs if run.sample_304[0]), None)
    if idle and sample:
        # each line of a question and of its 304 as they went: name -> bytes with CRLF
        for key, head in zip(("idle_request_headers", "idle_answer_headers"), sample):
            result[key] = {line.split(b":", 1)[0].decode() if b": " in line else
                           line.split(b" ", 1)[0].decode(): len(line) + 2
                           for line in head.split(b"\r\n") if line}
        sent = statistics.mean(f[3] for f in idle)
        received = statistics.mean(f[4] for f in idle)
        result["idle_request_bytes"] = round(sent)
        result["idle_answer_bytes"] = round(received)
        result["idle_polls_per_minute"] = round(60 / poll_s, 1)
        result["idle_bytes_per_minute"] = round((sent + received) * 60 / poll_s)
    if changed:
        result["changed_answer_bytes_mean"] = round(statistics.mean(f[4] for f in changed))
        result["changed_answer_bytes_max"] = max(f[4] for f in changed)
    last, each, unseen = [], [], 0
    for run in runs:
        run_last, run_each, run_unseen = seen(run, tables)
        last += run_last
        each += run_each
        unseen += run_unseen
    result.update({
        "seen_by_all_p50_s": round(percentile(last, 0.5), 2) if last else None,
        "seen_by_all_p95_s": round(percentile(last, 0.95), 2) if last else None,
        "seen_by_all_max_s": round(max(last), 2) if last else None,
        "seen_by_each_p50_s": round(percentile(each, 0.5), 2) if each else None,
        "seen_within_target": (f"{sum(d <= SEEN_TARGET for d in last)}/{len(last)}"
                               if last else None),
        "seen_missing": unseen})
    return result


def seen(run, tables):
    """For each save in the window (and at least 2 x EVERY before its end), how long after
    the tap on Save every other phone at the table had a page with it: the first 200
    each one got carrying that version or a later one. Returns the last phone's delay for
    each save, every phone's, and how many phones never saw a save."""
    order = {}   # table -> {version: its place in the table's saves}
    for table, at, _, _, version in sorted(run.saves, key=lambda s: s[1]):
        places = order.setdefault(table, {})
        places[version] = len(places)
    arrivals = {}
    for table, seat, at, tag in run.changes:
        arrivals.setdefault((table, seat), []).append((at, order.get(table, {}).get(tag, -1)))
    last, each, unseen = [], [], 0
    for table, at, _, _, version in run.saves:
        if not (run.start + WARMUP <= at < run.end - 2 * EVERY - 1):
            continue
        place = order[table][version]
        delays = []
        for seat in range(1, len(tables[table])):
            got = [t for t, p in arrivals.get((table, seat), []) if p >= place and t >= at]
            if got:
                delays.append(min(got) - at)
            else:
                unseen += 1
        each += delays
        if delays:
            last.append(max(delays))
    return last, each, unseen


# ---- the server --------------------------------------------------------------------------

@dataclass(frozen=True)
class Config:
    kind: str
    workers: int
    threads: int = 1

    @classmethod
    def parse(cls, spec):
        kind, _, size = spec.partition(":")
        workers, _, threads = size.partition("x")
        return cls(kind, int(workers), int(threads or 1))

    def __str__(self):
        return (f"{self.kind}, {self.workers} workers" +
                (f" x {self.threads} threads" if self.kind == "gthread" else ""))


def gunicorn(config, url, keep_alive):
    """bench/server.py's gunicorn, with the worker class of `config`."""
    server = Gunicorn("app:app", config.workers, {
        "DATABASE_URL": url, "COMPANION_SECRET_KEY": SECRET})
    extra = ["--worker-class", config.kind]
    if config.kind == "gthread":
        extra += ["--threads", str(config.threads), "--keep-alive", str(keep_alive)]
    if config.kind == "gevent":
        # every phone's connection open at once, its question held (docs/hosting.md)
        extra += ["--worker-connections", str(WORKER_CONNECTIONS),
                  "--keep-alive", str(FOLLOW_HOLD + 10)]
    server.command[-1:-1] = extra
    return server


def measure(server, tables, args, pg_pid, seed, opened):
    """The phones of `tables` open their pads if they have not (not measured), then follow
    for a run against `server`: the run. The machine may be shared: a run starts once
    other work leaves it quiet, and one that other work took more than --max-other % of a
    core from is made again, as long as the whole benchmark's --patience (seconds of
    waiting) and --retries last."""
    fresh = [p for table in tables for p in table if p not in opened]
    if fresh:
        log(f"{len(fresh)} phones open their pads")
    asyncio.run(open_phones(server.port, fresh))
    opened.update(fresh)
    for attempt in range(100):
        waited = time.monotonic()
        before = wait_for_quiet(args.max_other, args.patience)
        args.patience = max(0, args.patience - (time.monotonic() - waited))
        run = asyncio.run(load(server.port, tables, args.seconds, args.save_every,
                               seed * 10 + attempt, (server.process.pid, pg_pid)))
        other = cpu_shares([run])["other"]
        log(f"  other work: {before}% of a core before, {other}% during; busiest: "
            f"{run.cpu['busiest_others']}")
        if other <= args.max_other or not args.retries:
            return run
        args.retries -= 1
        log("  made again: other work took more than --max-other")


# ---- the report ------------------------------------------------------------------------

def cpu_text(r):
    c = r["cpu_percent_of_one_core"]
    return (f"{c['server']}% ({' + '.join(f'{w}%' for w in c['workers'])}) / "
            f"{c['postgres']}% / {c['client']}% / {c['other']}%")


def per_follow(r):
    return (f"{r['server_cpu_ms_per_follow']} + {r['postgres_cpu_ms_per_follow']} "
            f"(+ {r['client_cpu_ms_per_follow']})")


def config_table(results):
    lines = ["| server | follow p50 ms | p95 ms | p99 ms | save p50 ms | p95 ms | follows/s "
             "(asked) | 304 | 200 | failures | CPU % of a core: gunicorn (workers) / "
             "postgres / client / other | CPU ms a follow: gunicorn + postgres (+ client) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        lines.append(f"| {name} | {r['follow_p50_ms']} | {r['follow_p95_ms']} | "
                     f"{r['follow_p99_ms']} | {r['save_p50_ms']} | {r['save_p95_ms']} | "
                     f"{r['follows_per_s']} ({r['expected_per_s']}) | {r['answers_304']} | "
                     f"{r['answers_200']} | {r['failures']} | {cpu_text(r)} | "
                     f"{per_follow(r)} |")
    return lines


def step_table(steps):
    lines = ["| followers | tables | follow p50 ms | p95 ms | p99 ms | follows/s (asked) | "
             "save p95 ms | seen by all, p95 s | failures | CPU %: gunicorn / postgres / "
             "client / other | CPU ms a follow | p95 < 100 ms |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in steps:
        ok = "yes" if passes(r) else "**no**"
        lines.append(f"| {r['followers']} | {r['tables']} | {r['follow_p50_ms']} | "
                     f"{r['follow_p95_ms']} | {r['follow_p99_ms']} | {r['follows_per_s']} "
                     f"({r['expected_per_s']}) | {r['save_p95_ms']} | "
                     f"{r['seen_by_all_p95_s']} | {r['failures']} | {cpu_text(r)} | "
                     f"{per_follow(r)} | {ok} |")
    return lines


def passes(r):
    return r["follow_p95_ms"] is not None and r["follow_p95_ms"] < TARGET_MS and not r["failures"]


def report(args, pg_version, results, chosen, steps, elapsed, background):
    main = results[str(chosen)]
    capacity = [r["followers"] for r in steps if passes(r)]
    largest = max(capacity) if capacity else None
    stepped_past = any(not passes(r) for r in steps)
    lines = [
        f"# Following a live table ({datetime.date.today()})", "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.platform()}; PostgreSQL {pg_version} "
        f"({'--database-url' if args.database_url else 'a throwaway server of its own, fsync on'})",
        f"Command: `python -m bench.follow --tables {args.tables} --phones {args.phones} "
        f"--seconds {args.seconds} --rounds {args.rounds} --steps {args.steps}` "
        f"({elapsed:.0f} s)",
        f"Load: {args.tables} tables x {args.phones} phones = {args.tables * args.phones} "
        f"followers, each asking every {EVERY} s after its last answer with the tag it has; "
        f"at each table one phone saves a round of \"{KIND}\" every {args.save_every} s "
        f"(x0.5-1.5, random). Each run: {args.seconds} s measured after {WARMUP:.0f} s of "
        f"warm-up; the worker setups served at once, {args.rounds} runs each, taking turns.",
        "",
        "Caveat: the load generator (asyncio, raw sockets, one kept-alive connection per "
        "phone, in one Python process) runs on the same machine and takes its share of the "
        "same cores (the client column); on loopback there is no network delay. A server "
        "of its own would do better than these figures. The machine was "
        f"{background}% of a core busy with other work just before the runs; \"other\" "
        "below is that during each run.", "",
        "## Worker classes, at the main load", "", *config_table(results), "",
        f"Chosen: **{chosen}** (the lower follow p95). sync workers cannot hold a "
        "connection open: every question is a new TCP connection (`Connection: close`); "
        f"gthread keeps each phone's connection (keep-alive {args.keep_alive} s, longer "
        f"than the {EVERY} s between questions).", "",
        f"## Under the main load ({chosen})", "",
        f"- follow: p50 {main['follow_p50_ms']} ms, p95 {main['follow_p95_ms']} ms, p99 "
        f"{main['follow_p99_ms']} ms, max {main['follow_max_ms']} ms; "
        f"{main['follows']} questions: {main['answers_304']} answered 304, "
        f"{main['answers_200']} answered 200, over {main['connections_opened']} TCP "
        f"connections (the whole run, warm-up included); {main['failures']} failed"
        + (f" ({', '.join(main['failure_kinds'])})" if main["failures"] else ""),
        f"- save (POST, answered 302): p50 {main['save_p50_ms']} ms, p95 "
        f"{main['save_p95_ms']} ms; with the redirect's GET of the pad: p50 "
        f"{main['save_and_reload_p50_ms']} ms, p95 {main['save_and_reload_p95_ms']} ms "
        f"({main['saves']} saves)",
        f"- a save seen by every other phone at its table, from the tap on Save: p50 "
        f"{main['seen_by_all_p50_s']} s, p95 {main['seen_by_all_p95_s']} s, max "
        f"{main['seen_by_all_max_s']} s; within {SEEN_TARGET:.0f} s: "
        f"{main['seen_within_target']} saves (each phone: p50 {main['seen_by_each_p50_s']} s"
        f"; never seen: {main['seen_missing']})",
    ]
    if "idle_bytes_per_minute" in main:
        lines.append(
            f"- an idle phone (its game unchanged): {main['idle_polls_per_minute']} questions "
            f"a minute, each {main['idle_request_bytes']} bytes sent and "
            f"{main['idle_answer_bytes']} received (a 304: status line and headers) = "
            f"**{main['idle_bytes_per_minute']:,} bytes a minute** "
            f"({main['idle_bytes_per_minute'] * 60 / 1e6:.1f} MB an hour), HTTP only (TCP/IP "
            "headers and TLS not counted)")
    if "idle_request_headers" in main:
        def biggest(lines):
            top = sorted(lines.items(), key=lambda item: -item[1])[:3]
            return ", ".join(f"{name} {size}" for name, size in top)
        lines.append(f"  - the biggest lines of the question: "
                     f"{biggest(main['idle_request_headers'])} bytes; of the 304: "
                     f"{biggest(main['idle_answer_headers'])} bytes")
    if "changed_answer_bytes_mean" in main:
        lines.append(f"- a 200 (the game changed): {main['changed_answer_bytes_mean']:,} bytes "
                     f"on average, at most {main['changed_answer_bytes_max']:,}")
    lines.append(f"- the client's lag (a question sent later than planned), p95: "
                 f"{main['client_lag_p95_ms']} ms; 200s whose body's data-tag is not their "
                 f"ETag: {main['mismatched_tags']}")
    lines += ["", f"## Capacity ({chosen}), follow p95 under {TARGET_MS} ms", "",
              *step_table(steps), ""]
    if not steps:
        lines.append("No capacity steps were asked for (--steps '').")
    elif largest is None:
        lines.append(f"No step met follow p95 < {TARGET_MS} ms without failures.")
    else:
        lines.append(f"Largest count with follow p95 under {TARGET_MS} ms: **{largest} "
                     f"followers** ({largest / args.phones:.0f} tables of {args.phones})"
                     + ("" if stepped_past else " (the largest step measured)") + ".")
    return "\n".join(lines) + "\n"


STARTED = time.monotonic()


def log(message):
    print(f"[{time.monotonic() - STARTED:5.0f} s] {message}", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--phones", type=int, default=5, help="phones (players) per table")
    parser.add_argument("--seconds", type=int, default=20, help="measured seconds per run")
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of each worker setup, taking turns")
    parser.add_argument("--steps", default=STEPS, help="follower counts for capacity; '' for none")
    parser.add_argument("--all-steps", action="store_true",
                        help="go on stepping after a step misses the target")
    parser.add_argument("--configs", default=CONFIGS,
                        help="worker setups to compare: sync:WORKERS, gthread:WORKERSxTHREADS")
    parser.add_argument("--keep-alive", type=int, default=5, help="gthread's keep-alive, s")
    parser.add_argument("--save-every", type=float, default=20.0)
    parser.add_argument("--max-other", type=int, default=25,
                        help="%% of a core other work may take during a run before it is "
                        "made again")
    parser.add_argument("--retries", type=int, default=2,
                        help="runs made again, in all, when other work took the machine")
    parser.add_argument("--patience", type=float, default=60,
                        help="seconds, in all, to wait for a quiet machine before runs")
    parser.add_argument("--database-url", help="an existing PostgreSQL database (its "
                        "tables are added to); by default a throwaway server is started")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    args.phones = max(2, min(args.phones, len(NAMES)))
    steps = [int(n) for n in args.steps.split(",") if n.strip()]
    configs = [Config.parse(spec) for spec in args.configs.split(",")]
    started = time.monotonic()

    # a phone is a socket here, and on each gunicorn worker
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    table_count = math.ceil(max([args.tables * args.phones, *steps]) / args.phones)

    with ExitStack() as stack:
        if args.database_url:
            url, pg_pid = args.database_url, None
        else:
            pg = stack.enter_context(Postgres())
            url, pg_pid = pg.url, pg.pid
        log(f"database ready; {table_count} tables")
        games, invites = set_tables(url, table_count, args.phones)
        everyone = [[Phone(t, seat, game, args.phones, invite) for seat in range(args.phones)]
                    for t, (game, invite) in enumerate(zip(games, invites))]

        def phones_of(count, followers=None):
            """The first `count` tables; with `followers`, the last one trimmed to it."""
            tables = [list(table) for table in everyone[:count]]
            if followers is not None:
                extra = count * args.phones - followers
                if extra:
                    tables[-1] = tables[-1][:max(2, args.phones - extra)]
            return tables

        background = busy_now(3.0)
        log(f"the machine, before any run: {background}% of a core busy")
        opened = set()
        servers = {}
        try:
            # every setup served at once, each run in turn: a machine that slows down or
            # speeds up meanwhile weighs on them alike
            for config in configs:
                servers[config] = gunicorn(config, url, args.keep_alive).__enter__()
            runs = {config: [] for config in configs}
            for turn in range(args.rounds):
                for config in configs if turn % 2 == 0 else configs[::-1]:
                    log(f"{config}: {args.tables * args.phones} followers, round {turn + 1}")
                    runs[config].append(measure(servers[config], phones_of(args.tables), args,
                                                pg_pid, len(runs[config]), opened))
            results = {str(c): figures(runs[c], phones_of(args.tables)) for c in configs}
            for name, result in results.items():
                log(f"{name}: {json.dumps(result)}")
            chosen = min(configs, key=lambda c: (results[str(c)]["failures"] > 0,
                                                 results[str(c)]["follow_p95_ms"]))
            for config in configs:
                if config != chosen:
                    servers.pop(config).__exit__()
            stepped = []
            for n, followers in enumerate(steps):
                log(f"{chosen}: {followers} followers")
                tables = phones_of(math.ceil(followers / args.phones), followers)
                stepped.append(figures([measure(servers[chosen], tables, args, pg_pid,
                                                100 + n, opened)], tables))
                log(json.dumps(stepped[-1]))
                if not passes(stepped[-1]) and not args.all_steps:
                    break
        finally:
            for server in servers.values():
                server.__exit__()
        version = scalar(url, "show server_version")
    text_ = report(args, version, results, chosen, stepped, time.monotonic() - started,
                   background)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"args": vars(args), "configs": results, "chosen": str(chosen),
                       "steps": stepped}, out, indent=2)
    print(text_)


if __name__ == "__main__":
    main()
