"""python -m bench [--quick] [--in-process | --one-at-a-time]: build two history sizes,
serve them with gunicorn, measure.

Results go to bench/results/latest.json and latest.md, or one-at-a-time.md (see
docs/benchmark.md).
"""

import argparse
import datetime
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from sqlalchemy import create_engine, text

from bench.load import (CSRF, ScoreEntry, alternate, figures, first_group, get, hammer,
                        invite_path, joined, page_bytes)
from bench.server import Gunicorn

ROOT = Path(__file__).parents[1]
DATA = ROOT / "bench" / "data"
RESULTS = ROOT / "bench" / "results"
SIZES = {"small": 50, "large": 5000}
ROUNDS = 3
# a page may take at most this many times the bare endpoint's time, one request at a time
BARE_TARGET = 5


def measure(sizes, requests_total, clients, workers):
    """Serve the bare endpoint and every size at once, and measure each page in ROUNDS
    rounds that take turns between them, so that a machine slowing down or speeding up
    meanwhile weighs on all of them alike."""
    with ExitStack() as stack:
        prepared = {name: prepare(name, nights, stack) for name, nights in sizes.items()}
        bare = stack.enter_context(Gunicorn("bench.bare:app", workers, {}))
        servers = {name: stack.enter_context(Gunicorn("app:app", workers, {
            "DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench",
            "COMPANION_COUNT_QUERIES": "true"})) for name, (url, *_) in prepared.items()}
        # each client is a phone that joined the group by its invite, kept for the run
        phones = {name: [joined(servers[name].base, prepared[name][4]) for _ in range(clients)]
                  for name in sizes}
        bare_samples, samples = [], {name: {} for name in sizes}
        for label in prepared[next(iter(sizes))][1]:
            # a phone reloading a pad sends back its ETag, as a browser does
            calls = {name: get(servers[name].base + prepared[name][1][label],
                               revalidate=label.startswith("pad")) for name in sizes}
            hammer(get(bare.base + "/"), 20, clients)  # warm up
            for name, call in calls.items():
                hammer(call, 20, clients, phones[name].__getitem__)
            for _ in range(ROUNDS):
                bare_samples.append(hammer(get(bare.base + "/"), requests_total // ROUNDS, clients))
                for name, call in calls.items():
                    samples[name].setdefault(label, []).append(
                        hammer(call, requests_total // ROUNDS, clients, phones[name].__getitem__))
        results = {name: {label: figures(*runs) for label, runs in pages.items()}
                   for name, pages in samples.items()}
        for name, (_, pages, game_id, names, invite) in prepared.items():
            for label, path in pages.items():
                results[name][label]["bytes"] = page_bytes(servers[name].base + path,
                                                           phones[name][0])
            entry = ScoreEntry(servers[name].base, game_id, names)
            scoring = figures(hammer(entry, max(50, requests_total // 4), 1,
                                     lambda n: joined(servers[name].base, invite)))
            scoring["queries"] = f"{scoring['queries']} + {entry.page_queries}"  # POST + GET
            results[name]["score entry"] = scoring
    return figures(*bare_samples), results


def report(results, bare, args):
    lines = [f"# Benchmark results ({datetime.date.today()})", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}, {platform.platform()}",
             f"Command: `python -m bench{' --quick' if args.quick else ''}` "
             f"({args.requests} requests per page, {args.clients} clients, "
             f"{args.workers} gunicorn workers)", "",
             f"Bare Flask endpoint: median {bare['median_ms']} ms, p95 {bare['p95_ms']} ms, "
             f"{bare['rps']} req/s", "",
             "| page | size | median ms | p95 ms | req/s | vs bare | SQL queries | bytes |",
             "|---|---|---|---|---|---|---|---|"]
    for label in results["small"]:
        for size in results:
            r = results[size][label]
            ratio = f"{r['rps'] / bare['rps']:.0%}" if label != "score entry" else ""
            lines.append(f"| {label} | {size} | {r['median_ms']} | {r['p95_ms']} | {r['rps']} "
                         f"| {ratio} | {r['queries']} | {r.get('bytes', '')} |")
    lines += ["", "Large against small (median latency; target at most 1.5x):", ""]
    for label in results["small"]:
        small, large = results["small"][label], results["large"][label]
        lines.append(f"- {label}: {large['median_ms'] / small['median_ms']:.2f}x")
    return "\n".join(lines) + "\n"


def in_process(sizes, requests_total):
    """The same pages timed in one process with the test client, both sizes side by side:
    no server, no load generator, so scaling shows through a noisy machine. Pads are
    timed twice: reloaded with their ETag (304), and rendered."""
    from bench.bare import app as bare
    from companion import create_app

    def timed(client, path, revalidate=False):
        tag = client.get(path).headers.get("ETag", "").strip('"') if revalidate else None
        headers = {"If-None-Match": tag} if tag else {}
        for _ in range(10):
            client.get(path, headers=headers)
        spent = []
        for _ in range(requests_total):
            started = time.perf_counter()
            client.get(path, headers=headers)
            spent.append((time.perf_counter() - started) * 1000)
        return statistics.median(spent)

    def join(client, invite):
        """The test client opens the group's invite and taps Join, as a phone does."""
        page = client.get(invite).get_data(as_text=True)
        answer = client.post(invite, data={"csrf_token": CSRF.search(page).group(1)})
        if answer.status_code != 303:
            raise RuntimeError(f"joining {invite} answered {answer.status_code}")

    timings = {"bare Flask endpoint": dict.fromkeys(sizes, timed(bare.test_client(), "/"))}
    with ExitStack() as stack:
        for name, nights in sizes.items():
            url, pages, _, _, invite = prepare(name, nights, stack)
            config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"}
            client = create_app(config).test_client()
            join(client, invite)
            for label, path in pages.items():
                pad = label.startswith("pad")
                timings.setdefault(label, {})[name] = timed(client, path, revalidate=pad)
                if pad:
                    timings.setdefault(f"{label}, rendered", {})[name] = timed(client, path)
    small, large = sizes
    lines = [f"| page | {small} median ms | {large} median ms | ratio |", "|---|---|---|---|"]
    lines += [f"| {label} | {t[small]:.2f} | {t[large]:.2f} | {t[large] / t[small]:.2f}x |"
              for label, t in timings.items()]
    return "\n".join(lines) + "\n"


def one_at_a_time(sizes, requests_total, workers):
    """Each page (not the pads) against the bare endpoint, one request at a time: a single
    client taking turns between the bare endpoint and the page at each size, on the same
    gunicorn setup. That is the page's own cost, which concurrent clients on two cores
    blur; each page's ratio is to the bare endpoint's requests made in between."""
    lists = {"nights": "/nights/", "players": "/players/"}
    with ExitStack() as stack:
        prepared = {name: prepare(name, nights, stack) for name, nights in sizes.items()}
        bare = stack.enter_context(Gunicorn("bench.bare:app", workers, {}))
        servers = {name: stack.enter_context(Gunicorn("app:app", workers, {
            "DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench",
            "COMPANION_COUNT_QUERIES": "true"})) for name, (url, *_) in prepared.items()}
        paths = {name: {label: path for label, path in {**pages, **lists}.items()
                        if not label.startswith("pad")}
                 for name, (_, pages, *_) in prepared.items()}
        phones = {name: joined(servers[name].base, prepared[name][4]) for name in sizes}
        rows = []
        for label in paths[next(iter(sizes))]:
            calls = {"bare": get(bare.base + "/"),
                     **{name: get(servers[name].base + paths[name][label]) for name in sizes}}
            alternate(calls, 20, sessions=phones)  # warm up
            samples = alternate(calls, requests_total, sessions=phones)
            yardstick = figures(samples["bare"])["median_ms"]
            for name in sizes:
                r = figures(samples[name])
                rows.append((label, sizes[name], r["median_ms"], yardstick,
                             r["median_ms"] / yardstick, r["queries"]))
    lines = ["| page | nights | median ms | bare endpoint, median ms | x bare | SQL queries |",
             "|---|---|---|---|---|---|"]
    for label, nights, ms, yardstick, ratio, queries in rows:
        flag = f" **over {BARE_TARGET}x**" if ratio > BARE_TARGET else ""
        lines.append(f"| {label} | {nights:,} | {ms} | {yardstick} | {ratio:.1f}x{flag} "
                     f"| {queries} |")
    over = [f"{label} ({nights:,})" for label, nights, *_, ratio, _ in rows
            if ratio > BARE_TARGET]
    lines += ["", f"Over {BARE_TARGET}x the bare endpoint: {', '.join(over)}." if over
              else f"Every page within {BARE_TARGET}x the bare endpoint."]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer requests, smaller large size")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--in-process", action="store_true",
                        help="time the pages with the test client instead of a server")
    parser.add_argument("--one-at-a-time", action="store_true",
                        help="each page against the bare endpoint, one request at a time")
    args = parser.parse_args()
    sizes = dict(SIZES)
    if args.quick:
        args.requests, sizes["large"] = 60, 500
    if args.one_at_a_time:
        table = one_at_a_time(sizes, args.requests, args.workers)
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "one-at-a-time.md").write_text(
            f"# One request at a time ({datetime.date.today()})\n\n"
            f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}; `python -m bench --one-at-a-time"
            f"{' --quick' if args.quick else ''}` ({args.requests} requests per page, size and "
            f"bare endpoint, taking turns; 1 client, {args.workers} gunicorn workers)\n\n{table}")
        print(table)
        return
    if args.in_process:
        print(in_process(sizes, min(args.requests, 60)))
        return
    bare, results = measure(sizes, args.requests, args.clients, args.workers)
    RESULTS.mkdir(parents=True, exist_ok=True)
    summary = report(results, bare, args)
    (RESULTS / "latest.json").write_text(json.dumps(
        {"bare": bare, "sizes": sizes, "results": results, "args": vars(args)}, indent=2))
    (RESULTS / "latest.md").write_text(summary)
    print(summary)


if __name__ == "__main__":
    main()
