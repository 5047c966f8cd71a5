"""python -m bench.pages [--quick] [--requests 60]: every GET page of the app, found by
walking its URL map, at two history sizes, each against a raw WSGI callable.

The two demo histories (bench/tables.py: 50 and 5,000 nights, one group; --quick: 500) are
copied, tonight's table is set in each (a game of every kind to mid-game), and each is
served by gunicorn with 2 sync workers on 127.0.0.1, beside the same gunicorn serving
`bench.bare:raw`, a function returning a fixed page: the floor for any page. One phone
that joined the group by its invite asks, one request at a time, taking turns of 10
between the raw callable and the two sizes, so that a machine slowing down weighs on all
three alike. Each page's figure is its median; its ratio is to the raw callable's median
over the same turns.

Every rule of the URL map that answers GET is measured, its arguments filled from the
database (`ARGUMENTS`): a rule with an argument nobody taught the walk to fill stops the
benchmark, so that a new page cannot go unmeasured. A rule naming a game is measured
for a game of every kind. Besides the pages: a follow answered 304 (the phone has the
truth), a pad reloaded with its ETag (304), and a score entry's POST and the GET of its
redirect.

Targets (issue 32): large within FLAT x small; every page within PAGE_TARGET x raw; a pad,
an entry's POST and its redirect within PAD_TARGET x; a follow answered 304 within
FOLLOW_TARGET x. A miss is printed as **missed**.
"""

from __future__ import annotations

import argparse
import re
import time
from contextlib import ExitStack
from dataclasses import dataclass

from sqlalchemy import create_engine, text

from bench.load import alternate, figures, joined
from bench.server import Gunicorn
from bench.tables import SIZES, prepare

FLAT = 1.3
PAGE_TARGET = 8
PAD_TARGET = 6
FOLLOW_TARGET = 1.5
TAG = re.compile(r'data-tag="([^"]+)"')
# endpoints whose answer is a file of the app, not a page of a group's
FILES = {"static": "css/app.css"}
# answers that are the whole history by design: timed a few times, held to no target
WHOLE_HISTORY = {"history.backup_json": "the group's whole history, as a download"}
# how long such an answer may take, the app's gunicorn told so too (its worker timeout is
# 30 s, which the 5,000-night backup, 62 MB in about 25 s, nears on a slow machine)
WHOLE_SECONDS = 120


@dataclass
class Page:
    label: str
    endpoint: str
    paths: dict          # {size: path}
    target: float
    expect: int = 200
    tag: bool = False    # asked with the ETag its page carries: answered 304
    whole: str = ""      # why it is held to no target (WHOLE_HISTORY)

    def call(self, base, path, session_tags):
        """One request as the phone asks it; the number of SQL queries it ran."""
        def ask(session):
            headers = {}
            if self.tag:
                headers["If-None-Match"] = f'"{session_tags[(base, path)]}"'
            response = session.get(base + path, headers=headers, allow_redirects=False,
                                   timeout=WHOLE_SECONDS if self.whole else 30)
            if response.status_code != self.expect and not (self.expect == 200 and response.status_code < 400):
                raise RuntimeError(f"{self.label}: {path} answered {response.status_code}, "
                                   f"not {self.expect}")
            return int(response.headers.get("X-Query-Count", 0))
        return ask


def ids(url, tonight):
    """What fills the URL map's arguments in one database: the busiest night, the player
    with most games, tonight's game of each kind and its watch token, the group's
    invite."""
    engine = create_engine(url)
    with engine.connect() as db:
        one = lambda sql, **values: db.execute(text(sql), values).scalar()  # noqa: E731
        found = {
            "group_id": one("select min(id) from play_group"),
            "night_id": one("select night_id from game group by night_id "
                            "order by count(*) desc, night_id desc limit 1"),
            "player_id": one("select player_id from seat group by player_id "
                             "order by count(*) desc, player_id limit 1"),
            "games": {kind: (game_id, one("select watch_token from game where id = :id",
                                          id=game_id))
                      for kind, game_id in tonight.items()},
        }
        found["invite"] = one("select invite from play_group where id = :id",
                              id=found["group_id"])
    engine.dispose()
    return found


def ids_in_group(url, group_id):
    """`ids` for one group of a database holding many (bench/groups.py): its busiest
    night, its player with most games, its newest finished game of each kind, its
    invite."""
    engine = create_engine(url)
    with engine.connect() as db:
        one = lambda sql: db.execute(text(sql), {"g": group_id}).scalar()  # noqa: E731
        found = {
            "group_id": group_id,
            "night_id": one("select n.id from night n join game g on g.night_id = n.id "
                            "where n.group_id = :g group by n.id order by count(*) desc, "
                            "n.id desc limit 1"),
            "player_id": one("select s.player_id from seat s join player p on "
                             "p.id = s.player_id where p.group_id = :g group by s.player_id "
                             "order by count(*) desc, s.player_id limit 1"),
            "invite": one("select invite from play_group where id = :g"),
            "games": {kind: (game_id, token) for kind, game_id, token in db.execute(text(
                "select g.kind, g.id, g.watch_token from game g join night n on "
                "n.id = g.night_id where n.group_id = :g and g.id = (select max(h.id) from "
                "game h join night m on m.id = h.night_id where m.group_id = :g and "
                "h.kind = g.kind and h.status = 'finished') order by g.kind"),
                {"g": group_id})},
        }
    engine.dispose()
    return found


def variants(rule, found):
    """[(label suffix, {argument: value})] for a rule: one for each game kind where it
    names a game or a kind, one otherwise. Raises for an argument it cannot fill."""
    args = sorted(rule.arguments)
    plain = {}
    for name in args:
        if name in ("group_id", "night_id", "player_id"):
            plain[name] = found[name]
        elif name == "position":
            plain[name] = 1
        elif name == "code":
            plain[name] = "en"
        elif name == "filename":
            plain[name] = FILES[rule.endpoint]
        elif name == "token" and "game_id" not in args:
            plain[name] = found["invite"]
        elif name not in ("game_id", "kind", "token"):
            raise SystemExit(f"bench.pages: nothing fills <{name}> of {rule.rule} "
                             f"({rule.endpoint}); teach `variants` what it names")
    if "game_id" in args or "kind" in args:
        out = []
        for kind, (game_id, token) in found["games"].items():
            values = dict(plain)
            if "game_id" in args:
                values["game_id"] = game_id
            if "kind" in args:
                values["kind"] = kind
            if "token" in args:
                values["token"] = token
            out.append((f" ({kind})", values))
        return out
    return [("", plain)]


def walk(app, found_by_size):
    """Every GET rule of the URL map as pages to measure, each with its path per size."""
    pages = []
    adapters = {size: app.url_map.bind("localhost") for size in found_by_size}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: (r.rule, r.endpoint)):
        if "GET" not in rule.methods:
            continue
        per_size = {size: variants(rule, found) for size, found in found_by_size.items()}
        for n, (suffix, _) in enumerate(next(iter(per_size.values()))):
            paths = {size: adapters[size].build(rule.endpoint, per_size[size][n][1])
                     for size in found_by_size}
            expect = 200
            if rule.endpoint in ("main.language_switch", "groups.current"):
                expect = 303 if rule.endpoint == "main.language_switch" else 302
            target = PAD_TARGET if rule.endpoint == "games.pad" else PAGE_TARGET
            pages.append(Page(f"{rule.rule}{suffix}", rule.endpoint, paths, target, expect,
                              whole=WHOLE_HISTORY.get(rule.endpoint, "")))
    return pages


def extras(found_by_size):
    """The answers that are not a first visit: follows and a pad answered 304."""
    some = {size: found["games"]["skyjo"][0] for size, found in found_by_size.items()}
    night = {size: found["night_id"] for size, found in found_by_size.items()}
    return [
        Page("follow a game, answered 304", "live.follow_game",
             {s: f"/games/{g}/follow" for s, g in some.items()}, FOLLOW_TARGET, 304, tag=True),
        Page("follow a night, answered 304", "live.follow_night",
             {s: f"/nights/{n}/follow" for s, n in night.items()}, FOLLOW_TARGET, 304,
             tag=True),
        Page("pad reloaded with its ETag, answered 304", "games.pad",
             {s: f"/games/{g}" for s, g in some.items()}, PAD_TARGET, 304, tag=True),
    ]


def score_entries(raw, servers, prepared, phones, requests_total):
    """A score entry as a phone makes it, the raw callable asked between: the POST of a
    Skyjo round (timed), then the GET of the pad it redirects to (timed apart), then the
    round undone (untimed), so that each entry is made at mid-game.
    {"POST": samples, "GET": samples}."""
    from bench.load import ScoreEntry

    entries = {name: ScoreEntry(servers[name].base, game_id, names, undo=True)
               for name, (_, _, game_id, names, _) in prepared.items()}
    samples = {part: {name: {"latencies": [], "queries": [], "wall": 0.0}
                      for name in ["raw", *servers]} for part in ("POST", "GET")}
    ask_raw = raw_call(raw.base)
    for n in range(requests_total + 5):
        for part in ("POST", "GET"):
            timed(samples[part]["raw"], ask_raw, phones[next(iter(servers))], n >= 5)
        for name, entry in entries.items():
            post, page = entry.timed(phones[name])
            for part, (ms, queries) in (("POST", post), ("GET", page)):
                if n >= 5:
                    samples[part][name]["latencies"].append(ms)
                    samples[part][name]["queries"].append(queries)
                    samples[part][name]["wall"] += ms / 1000
    return samples


def timed(sample, call, session, keep):
    started = time.perf_counter()
    count = call(session)
    spent = time.perf_counter() - started
    if keep:
        sample["latencies"].append(spent * 1000)
        sample["queries"].append(count)
        sample["wall"] += spent


def measure(sizes, requests_total, only=None, workers=2):
    """{label: {"raw": figures, size: figures, ...}} for every page."""
    from companion import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "bench"})
    with ExitStack() as stack:
        prepared = {name: prepare(name, nights, stack) for name, nights in sizes.items()}
        raw = stack.enter_context(Gunicorn("bench.bare:raw", workers, {}))
        servers = {name: stack.enter_context(Gunicorn("app:app", workers, {
            "DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench",
            "COMPANION_COUNT_QUERIES": "true"}, ["--timeout", str(WHOLE_SECONDS)]))
            for name, (url, *_) in prepared.items()}
        found = {}
        for name, (url, pages, *_) in prepared.items():
            tonight = {label.removeprefix("pad "): int(path.rsplit("/", 1)[1])
                       for label, path in pages.items() if label.startswith("pad ")}
            found[name] = ids(url, tonight)
        phones = {name: joined(servers[name].base, prepared[name][4]) for name in sizes}
        pages = walk(app, found)
        more = extras(found)
        tags = {}
        results = {}
        for page in [p for p in [*pages, *more] if not only or only in p.label]:
            for name in sizes:
                if page.tag:
                    base, path = servers[name].base, page.paths[name]
                    follows = path.endswith("/follow")
                    shown = phones[name].get(base + (path.rsplit("/", 1)[0] if follows
                                                     else path), timeout=30)
                    tags[(base, path)] = (TAG.search(shown.text).group(1) if follows
                                          else shown.headers["ETag"].strip('"'))
            calls = {"raw": raw_call(raw.base),
                     **{name: page.call(servers[name].base, page.paths[name], tags)
                        for name in sizes}}
            asked = 3 if page.whole else requests_total
            alternate(calls, 1 if page.whole else 10, sessions=phones)  # warm up
            samples = alternate(calls, asked, turn=min(10, asked), sessions=phones)
            results[page.label] = {"page": page, **{k: figures(v) for k, v in samples.items()}}
            say(page.label, samples)
        entry = score_entries(raw, servers, prepared, phones, requests_total)
        for part, label, expect in (("POST", "score entry: its POST", 302),
                                    ("GET", "score entry: the pad it redirects to", 200)):
            page = Page(label, "games.add_entry" if part == "POST" else "games.pad",
                        {}, PAD_TARGET, expect)
            results[label] = {"page": page, **{k: figures(v) for k, v in entry[part].items()}}
            say(label, entry[part])
    return results


def say(label, samples):
    print(f"  {label}: " + ", ".join(f"{k} {figures(v)['median_ms']} ms"
                                     for k, v in samples.items()), flush=True)


def raw_call(base):
    def ask(session):
        session.get(base + "/", timeout=30).raise_for_status()
        return 0
    return ask


def table(results, sizes):
    """The markdown table, and the list of what missed its target."""
    small, large = sizes
    lines = [f"| page | {sizes[small]:,} nights, ms | {sizes[large]:,} nights, ms | growth "
             f"| raw WSGI, ms | x raw ({sizes[large]:,}) | target | SQL queries |",
             "|---|---|---|---|---|---|---|---|"]
    missed = []
    for label, r in results.items():
        page = r["page"]
        growth = r[large]["median_ms"] / r[small]["median_ms"]
        ratio = r[large]["median_ms"] / r["raw"]["median_ms"]
        flags = []
        if page.whole:
            lines.append(f"| `{label}` | {r[small]['median_ms']} | {r[large]['median_ms']} "
                         f"| {growth:.2f}x | {r['raw']['median_ms']} | {ratio:.1f}x | none: "
                         f"{page.whole} | {r[small]['queries']} / {r[large]['queries']} |")
            continue
        if growth > FLAT:
            flags.append(f"grows over {FLAT}x")
        if ratio > page.target:
            flags.append(f"over {page.target}x raw")
        if flags:
            missed.append(f"{label}: {', '.join(flags)}")
        mark = " **missed**" if flags else ""
        lines.append(f"| `{label}` | {r[small]['median_ms']} | {r[large]['median_ms']} "
                     f"| {growth:.2f}x | {r['raw']['median_ms']} | {ratio:.1f}x{mark} "
                     f"| {page.target}x | {r[small]['queries']} / {r[large]['queries']} |")
    return "\n".join(lines) + "\n", missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="500 nights as the large size")
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--only", help="measure only pages whose label contains this")
    args = parser.parse_args()
    sizes = dict(SIZES)
    if args.quick:
        sizes["large"] = 500
    results = measure(sizes, args.requests, args.only)
    text_, missed = table(results, sizes)
    print(text_)
    print("\n".join(f"**missed**: {m}" for m in missed) if missed
          else "Every page met its targets.")


if __name__ == "__main__":
    main()
