"""python -m bench.groups [--quick] [--requests 300] [--groups 1000]: private groups at
scale (issue 18): every page of one group, served from a database that holds only that
group and from one that holds 1,000 groups, side by side.

On a throwaway PostgreSQL server of the benchmark's own (bench/postgres.py), two
databases: "one_group", the demo's 50 nights (`flask --app app demo --nights 50 --seed 1`)
in its one group; and "many_groups", the same demo group copied in SQL (INSERT ... SELECT
with generate_series, every id remapped) to --groups groups of 50 nights each, rows of the
groups interleaved as groups playing at the same time would leave them. The measured
group there is a copy in the middle (its data the demo's, row for row). Both are
VACUUM ANALYZEd. gunicorn (bench/server.py, 2 workers) serves each; one phone per server
joins the measured group by its invite link (read from the database, GET the join page,
POST it with its CSRF token) and asks each page one request at a time, taking turns of
10 between the two servers (bench/load.py's `alternate`), so that noise weighs on both.

It prints p50 and p95 per page and server, the ratio (many groups / one group, target
within 1.3x), then EXPLAIN (ANALYZE, BUFFERS) of the queries of the two heaviest pages
in the many-groups database (the SQL each page runs, caught in process with the test
client), and for every page whether its queries use the group indexes or scan a whole
table. Results go to bench/results/groups.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from sqlalchemy import create_engine, event, text

from bench import pages
from bench.load import CSRF, alternate, figures, invite_path, joined
from bench.postgres import Postgres
from bench.server import Gunicorn

ROOT = Path(__file__).parents[1]
RESULTS = ROOT / "bench" / "results"
SECRET = "bench"
NIGHTS = 50
SEED = 1
TARGET = 1.3  # issue 32: flat from 1 to 1,000 groups
TAG = re.compile(r'data-tag="([0-9a-f]+)"')
GROUP_INDEXES = ("ix_night_group_id_date", "uq_player_group_id")

# the tables the demo fills, in the order their rows may be written, and for each its
# columns that hold an id of a table copied (the id itself included)
COPIED = {
    "play_group": {"id": "play_group"},
    "member": {"id": "member", "group_id": "play_group"},
    "player": {"id": "player", "group_id": "play_group"},
    "night": {"id": "night", "group_id": "play_group"},
    "night_player": {"night_id": "night", "player_id": "player"},
    "game": {"id": "game", "night_id": "night"},
    "seat": {"game_id": "game", "player_id": "player"},
    "entry": {"id": "entry", "game_id": "game"},
    "player_record": {"player_id": "player", "first_game": "game", "newest_game": "game"},
}
# secrets that must be each group's (or game's) own
FRESH = {("play_group", "invite"), ("game", "watch_token")}


def log(message):
    print(f"[{time.monotonic() - STARTED:5.0f} s] {message}", file=sys.stderr, flush=True)


STARTED = time.monotonic()


# ---- the two databases ---------------------------------------------------------------

def database_url(pg, name):
    return pg.url.rsplit("/", 1)[0] + "/" + name


def create_database(pg, name):
    engine = create_engine(pg.url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"create database {name}"))
    engine.dispose()
    return database_url(pg, name)


def demo(url):
    """The demo's 50 nights (seed 1) in a new group of an empty database: its id."""
    env = {**os.environ, "DATABASE_URL": url, "COMPANION_SECRET_KEY": SECRET}
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "demo", "--nights",
                           str(NIGHTS), "--seed", str(SEED)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    log(done.stdout.strip())
    return int(re.search(r"in group (\d+)", done.stdout).group(1))


def copy_groups(url, copies):
    """The database's one group copied `copies` times, in one INSERT ... SELECT a table:
    copy k (1..copies) of a row whose id is `old` gets the id top + (old - 1) * copies + k,
    where top is the table's largest id, so every copy's ids are new and the groups' rows
    interleave (written row by row across the groups, as groups playing on the same
    evenings write them). The players' records keep game and night ids in their JSON
    (`recent`): remapped too. The measured copy is k = copies // 2 + 1."""
    engine = create_engine(url)
    with engine.begin() as db:
        top = {table: db.execute(text(f"select coalesce(max(id), 0) from {table}")).scalar()
               for table in COPIED if "id" in COPIED[table]}
        groups = db.execute(text("select count(*) from play_group")).scalar()
        if groups != 1:
            raise RuntimeError(f"expected the demo's one group, found {groups}")

        def new(column, table):
            return f"({top[table]} + ({column} - 1) * {copies} + k)"

        for table, ids in COPIED.items():
            columns = db.execute(text(
                "select column_name from information_schema.columns where table_name = :t "
                "order by ordinal_position"), {"t": table}).scalars().all()
            chosen = []
            for column in columns:
                if column in ids:
                    chosen.append(new(f"src.{column}", ids[column]))
                elif (table, column) in FRESH:
                    chosen.append("substr(md5(random()::text || clock_timestamp()::text || k),"
                                  " 1, 22)")
                elif (table, column) == ("player_record", "recent"):
                    chosen.append(
                        "(select coalesce(json_agg(jsonb_set(jsonb_set(e, '{game}', "
                        f"to_jsonb({new('(e->>$$game$$)::int', 'game')})), '{{night}}', "
                        f"to_jsonb({new('(e->>$$night$$)::int', 'night')}))::json "
                        "order by n), '[]'::json) "
                        "from jsonb_array_elements(src.recent::jsonb) with ordinality as r(e, n))")
                else:
                    chosen.append(f"src.{column}")
            order = "src.id" if "id" in ids else ", ".join(f"src.{c}" for c in ids)
            started = time.perf_counter()
            count = db.execute(text(
                f"insert into {table} ({', '.join(columns)}) "
                f"select {', '.join(chosen)} from {table} src, "
                f"generate_series(1, {copies}) k order by {order}, k")).rowcount
            log(f"  {table}: {count:,} rows copied in {time.perf_counter() - started:.1f} s")
        for table in top:
            db.execute(text(f"select setval(pg_get_serial_sequence('{table}', 'id'), "
                            f"(select max(id) from {table}))"))
    engine.dispose()
    return 1 + copies // 2 + 1  # the play_group id of copy k = copies // 2 + 1


def vacuum_analyze(url):
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text("vacuum analyze"))
    engine.dispose()


def sizes(url):
    engine = create_engine(url)
    with engine.connect() as db:
        found = {table: db.execute(text(f"select count(*) from {table}")).scalar()
                 for table in ("play_group", "player", "night", "game", "seat", "entry")}
        found["bytes"] = db.execute(text("select pg_database_size(current_database())")).scalar()
    engine.dispose()
    return found


def pages_of(urls, group_ids):
    """{database: {label: path}} and {label: the status it answers}: every GET page of the
    URL map (bench/pages.py's walk), by the same rules in either database, with the
    follows answered 304. The answers that are the group's whole history by design (its
    backup) are left out: their cost is the group's own rows, not the other groups'."""
    from companion import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": SECRET})
    found = {name: pages.ids_in_group(url, group_ids[name]) for name, url in urls.items()}
    walked = [page for page in pages.walk(app, found) if not page.whole]
    paths = {name: {page.label: page.paths[name] for page in walked} for name in urls}
    expect = {page.label: page.expect for page in walked}
    for page in pages.extras(found):
        if page.tag and page.endpoint.startswith("live."):
            for name in urls:
                paths[name][f"follow (304): {page.label}"] = page.paths[name]
            expect[f"follow (304): {page.label}"] = 304
    return paths, expect


# ---- measuring -----------------------------------------------------------------------

def page(url, tag=None, expected=200):
    """A GET as the phone that joined: the page itself (200, or the redirect the walk
    expects), or with `tag` the follow's question, which must be answered 304."""
    expected = 304 if tag else expected
    headers = {"If-None-Match": f'"{tag}"'} if tag else {}

    def call(session):
        response = session.get(url, headers=headers, allow_redirects=False, timeout=30)
        # a page or the redirect it makes to a member (the invite, once joined)
        if response.status_code != expected and not (expected == 200
                                                     and response.status_code < 400):
            raise RuntimeError(f"{url} answered {response.status_code}, not {expected}")
        return int(response.headers.get("X-Query-Count", 0))
    return call


def measure(servers, paths, expect, phones, requests_total):
    """{page: {server: figures}}, each page asked of both servers in turns."""
    results = {}
    for label in paths[next(iter(servers))]:
        calls = {}
        for name, server in servers.items():
            path = paths[name][label]
            tag = None
            if label.startswith("follow (304)"):
                pad = phones[name].get(server.base + path.rsplit("/", 1)[0], timeout=30)
                tag = TAG.search(pad.text).group(1)
            calls[name] = page(server.base + path, tag, expect[label])
        alternate(calls, 20, sessions=phones)  # warm up
        samples = alternate(calls, requests_total, sessions=phones)
        results[label] = {name: figures(sample) for name, sample in samples.items()}
        log(f"  {label}: " + ", ".join(f"{name} p50 {r['median_ms']} ms"
                                       for name, r in results[label].items()))
    return results


# ---- the queries each page runs, and their plans ---------------------------------------

def caught_queries(url, group_id, invite, pages):
    """{page: [(statement, parameters)]}: what each page runs, through the test client of
    a phone that joined the group (the guard's membership query included)."""
    from companion import create_app
    from companion.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET})
    client = app.test_client()
    form = client.get(invite).get_data(as_text=True)
    if client.post(invite, data={"csrf_token": CSRF.search(form).group(1)}).status_code != 303:
        raise RuntimeError("the test client could not join")
    caught = []
    with app.app_context():
        engine = db.engine

    def catch(conn, cursor, statement, parameters, context, executemany):
        caught.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", catch)
    found = {}
    try:
        for label, path in pages.items():
            headers = {}
            if label.startswith("follow (304)"):
                pad = client.get(path.rsplit("/", 1)[0]).get_data(as_text=True)
                headers = {"If-None-Match": f'"{TAG.search(pad).group(1)}"'}
            client.get(path, headers=headers)  # warm: statements built, caches filled
            caught.clear()
            status = client.get(path, headers=headers).status_code
            if status >= 400:
                raise RuntimeError(f"{path} answered {status} in process")
            found[label] = list(caught)
    finally:
        event.remove(engine, "before_cursor_execute", catch)
        with app.app_context():
            db.engine.dispose()
    return found


def explain(url, queries):
    """[(statement, parameters, plan text, execution ms)], each plan the second of two
    runs (the first warms the cache)."""
    import psycopg

    engine = create_engine(url)
    raw = engine.raw_connection()
    out = []
    try:
        # the values written into the statement (client-side binding): the plan PostgreSQL
        # makes for these values, as for the first executions of a server-side statement
        cursor = psycopg.ClientCursor(raw.driver_connection)
        for statement, parameters in queries:
            for _ in range(2):
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters)
                plan = "\n".join(row[0] for row in cursor.fetchall())
            spent = float(re.search(r"Execution Time: ([\d.]+) ms", plan).group(1))
            out.append((statement, parameters, plan, spent))
        raw.rollback()
    finally:
        raw.close()
        engine.dispose()
    return out


SCAN = re.compile(r"(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan)(?: Backward)?"
                  r"(?: using (\S+))? on (\S+)")
BITMAP = re.compile(r"Bitmap Index Scan on (\S+)")
ROWS = re.compile(r"rows=(\d+) loops=(\d+)\)")


def scans(plan):
    """What a plan reads: [(how, index or None, table)], Bitmap Index Scans as ("Bitmap
    Index Scan", index, None)."""
    found = []
    for line in plan.splitlines():
        match = SCAN.search(line)
        if match:
            found.append((match.group(1), match.group(2), match.group(3)))
        match = BITMAP.search(line)
        if match:
            found.append(("Bitmap Index Scan", match.group(1), None))
    return found


def short(statement, limit=160):
    one = " ".join(statement.split())
    return one if len(one) <= limit else one[:limit] + " ..."


# ---- the report ------------------------------------------------------------------------

def report(args, many, versions, databases, pages, results, plans, heaviest, elapsed):
    one_label, many_label = "1 group", f"{args.groups:,} groups"
    lines = [f"# Private groups: {args.groups:,} groups on one server ({datetime.date.today()})",
             "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}, {platform.platform()}; PostgreSQL {versions} "
             "(a throwaway server of its own, fsync on)",
             f"Command: `python -m bench.groups{' --quick' if args.quick else ''} --requests "
             f"{args.requests} --groups {args.groups}` ({elapsed:.0f} s). "
             f"gunicorn, 2 sync workers per database, `COUNT_QUERIES` on; one phone per "
             f"server that joined the measured group by its invite; one request at a time, "
             f"turns of 10 between the two servers, {args.requests} requests per page and "
             "server after 20 to warm up.", "",
             "| database | groups | players | nights | games | seats | entries | size |",
             "|---|---|---|---|---|---|---|---|"]
    for name, found in databases.items():
        lines.append(f"| {name} | {found['play_group']:,} | {found['player']:,} | "
                     f"{found['night']:,} | {found['game']:,} | {found['seat']:,} | "
                     f"{found['entry']:,} | {found['bytes'] / 1e6:.0f} MB |")
    lines += ["", f"Measured group: the demo's in \"1 group\", group {many} (a copy in the "
              f"middle, same rows) in \"{many_label}\".", "",
              f"| page | path (1 group) | {one_label} p50 ms | p95 ms | {many_label} p50 ms "
              f"| p95 ms | ratio p50 | ratio p95 | queries | within {TARGET}x |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    failed = []
    for label, by in results.items():
        a, b = by[one_label], by[many_label]
        ratio, ratio95 = b["median_ms"] / a["median_ms"], b["p95_ms"] / a["p95_ms"]
        ok = ratio <= TARGET
        if not ok:
            failed.append(label)
        queries = (f"{a['queries']}" if a["queries"] == b["queries"]
                   else f"{a['queries']} / {b['queries']}")
        lines.append(f"| {label} | `{pages[one_label][label]}` | {a['median_ms']} | "
                     f"{a['p95_ms']} | {b['median_ms']} | {b['p95_ms']} | {ratio:.2f}x | "
                     f"{ratio95:.2f}x | {queries} | {'met' if ok else '**missed**'} |")
    lines += ["", f"Past {TARGET}x (p50): {', '.join(failed)}." if failed
              else f"Every page within {TARGET}x (p50).", "",
              f"## Every page's queries in the {many_label} database", "",
              "EXPLAIN (ANALYZE, BUFFERS) of each query a page runs (the second of two runs), "
              "in process with the test client of a joined phone: execution time, and what "
              "it reads.", "",
              "| page | query | ms | reads |", "|---|---|---|---|"]
    for label, explained in plans.items():
        for n, (statement, _, plan, spent) in enumerate(explained, 1):
            reads = "; ".join(sorted({f"{how} {index or ''} on {table or ''}".replace("  ", " ")
                                      for how, index, table in scans(plan)})) or "(no table)"
            lines.append(f"| {label} | {n}: `{short(statement, 90)}` | {spent:.3f} | {reads} |")
    seq = sorted({(label, table) for label, explained in plans.items()
                  for *_, plan, _ in explained for how, _, table in scans(plan)
                  if how == "Seq Scan" and table not in ("play_group",)})
    lines += ["", "Whole-table scans: " + (", ".join(f"{t} ({p})" for p, t in seq) if seq
                                          else "none.")]
    used = sorted({index for explained in plans.values() for *_, plan, _ in explained
                   for _, index, _ in scans(plan) if index in GROUP_INDEXES})
    lines.append("Group indexes used: " + (", ".join(used) if used else "none") + ".")
    lines += ["", f"## Plans of the two heaviest pages ({' and '.join(repr(h) for h in heaviest)}"
              f", {many_label})", ""]
    for label in heaviest:
        for n, (statement, parameters, plan, spent) in enumerate(plans[label], 1):
            lines += [f"### {label}, query {n} ({spent:.3f} ms)", "", "```sql",
                      statement.strip(), f"-- parameters: {parameters}", "```", "", "```",
                      plan, "```", ""]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="60 requests a page")
    parser.add_argument("--requests", type=int, default=300, help="requests per page and server")
    parser.add_argument("--groups", type=int, default=1000, help="groups in the large database")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.quick:
        args.requests = 60
    started = time.monotonic()
    one_label, many_label = "1 group", f"{args.groups:,} groups"
    with ExitStack() as stack:
        pg = stack.enter_context(Postgres())
        urls = {one_label: create_database(pg, "one_group"),
                many_label: create_database(pg, "many_groups")}
        log("demo groups")
        measured = {name: demo(url) for name, url in urls.items()}
        log(f"copying the group {args.groups - 1:,} times")
        measured[many_label] = copy_groups(urls[many_label], args.groups - 1)
        for url in urls.values():
            vacuum_analyze(url)
        databases = {name: sizes(url) for name, url in urls.items()}
        log(f"databases: {databases}")
        paths, expect = pages_of(urls, measured)
        invites = {name: invite_path(url, measured[name]) for name, url in urls.items()}
        with ExitStack() as serving:
            servers = {name: serving.enter_context(Gunicorn("app:app", args.workers, {
                "DATABASE_URL": url, "COMPANION_SECRET_KEY": SECRET,
                "COMPANION_COUNT_QUERIES": "true"})) for name, url in urls.items()}
            phones = {name: joined(server.base, invites[name])
                      for name, server in servers.items()}
            log("measuring")
            results = measure(servers, paths, expect, phones, args.requests)
        log("plans")
        queries = caught_queries(urls[many_label], measured[many_label], invites[many_label],
                                 paths[many_label])
        plans = {label: explain(urls[many_label], caught) for label, caught in queries.items()}
        engine = create_engine(urls[many_label])
        with engine.connect() as db:
            version = db.execute(text("show server_version")).scalar()
        engine.dispose()
        heaviest = sorted(results, key=lambda label: -results[label][many_label]["median_ms"])[:2]
        summary = report(args, measured[many_label], version, databases, paths, results,
                         plans, heaviest, time.monotonic() - started)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "groups.md").write_text(summary)
    print(summary)


if __name__ == "__main__":
    main()
