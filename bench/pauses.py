"""python -m bench.pauses [--requests 400]: the garbage collector's pauses, with and without
gunicorn.conf.py's `post_worker_init` (companion/serving.py, `settle`).

The 5,000-night history (bench/tables.py) is served twice by gunicorn with one sync worker:
once with the repository's gunicorn.conf.py, and once with an empty configuration file in
its place, so that nothing is frozen. One phone that joined the group asks the history
pages a table looks at, one request at a time, `--requests` of each page and server, in
turns of 10. A full collection walks everything the worker holds and stops the request it
falls in; it comes every few dozen requests, so it shows in the slowest requests (p99 and
the maximum), not in the median.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from contextlib import ExitStack
from pathlib import Path

from bench.load import alternate, joined, percentile
from bench.server import Gunicorn
from bench.tables import SIZES, prepare


def measure(requests_total):
    with ExitStack() as stack:
        url, pages, _, _, invite = prepare("pauses", SIZES["large"], stack)
        empty = Path(tempfile.mkdtemp(prefix="bench-pauses-")) / "gunicorn.conf.py"
        empty.write_text("")
        env = {"DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench"}
        servers = {
            "frozen": stack.enter_context(Gunicorn("app:app", 1, env)),
            "not frozen": stack.enter_context(
                Gunicorn("app:app", 1, env, options=["--config", str(empty)])),
        }
        phones = {name: joined(server.base, invite) for name, server in servers.items()}
        rows = []
        for label in ("history", "player", "night", "pad skyjo"):
            path = "/history" if label == "history" else pages[label]
            calls = {name: ask(server.base + path) for name, server in servers.items()}
            # the first requests compile the templates and warm the caches
            alternate(calls, 20, sessions=phones)
            samples = alternate(calls, requests_total, sessions=phones)
            rows.append((label, path, {name: shape(samples[name]["latencies"])
                                       for name in servers}))
        return rows


def ask(url):
    def call(session):
        session.get(url, timeout=30).raise_for_status()
        return 0
    return call


def shape(latencies):
    return {"median": statistics.median(latencies), "p99": percentile(latencies, 0.99),
            "max": max(latencies)}


def table(rows, requests_total):
    lines = [f"`python -m bench.pauses --requests {requests_total}`: one sync worker, "
             "the 5,000-night history, ms", "",
             "| page | path | median, frozen | not | p99, frozen | not | max, frozen | not |",
             "|---|---|---|---|---|---|---|---|"]
    for label, path, by in rows:
        cells = [f"{by[name][figure]:.2f}" for figure in ("median", "p99", "max")
                 for name in ("frozen", "not frozen")]
        lines.append(f"| {label} | `{path}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    args = parser.parse_args()
    print(table(measure(args.requests), args.requests))


if __name__ == "__main__":
    main()
