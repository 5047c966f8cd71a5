"""python -m bench [--quick] [--skip groups,capacity]: every figure of issue 32 in one run,
printed, and written into docs/benchmark.md between its "python -m bench" markers.

1. pages (bench/pages.py): every GET page of the URL map at 50 and 5,000 nights, each
   against a raw WSGI callable on the same gunicorn; follows and pads answered 304; a
   score entry's POST and its redirect. Targets: flat within 1.3x, pages within 8x raw,
   pad and entry within 6x, a follow's 304 within 1.5x.
2. statements (bench/statements.py): ending a game with 3 players and with 12.
3. groups (bench/groups.py): every page of one group on PostgreSQL holding that group
   alone and 1,000 groups.
4. capacity (bench/follow.py): following phones on one server of 2 gevent workers and
   PostgreSQL, stepped to 3,000 (600 tables of 5, a save per table every ~20 s), and to
   4,000 to show how far past the target one server goes.

Each part says **missed** for a target it missed, and the run ends with the list. The
load generator shares the machine with the server; the report says so. About 15 minutes
(--quick: 500 nights as the large size, fewer requests, capacity to 1,000 phones).
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import pages, statements
from bench.tables import SIZES

ROOT = Path(__file__).parents[1]
DOC = ROOT / "docs" / "benchmark.md"
RESULTS = ROOT / "bench" / "results"
START, END = "<!-- python -m bench: start -->", "<!-- python -m bench: end -->"
CAPACITY = {"phones": 3000, "p95_ms": 100, "seen_s": 2.0}


def run_module(module, *args):
    """Another benchmark of the package, in a process of its own: what it printed."""
    log(f"python -m {module} {' '.join(args)}")
    done = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, check=True,
                          stdout=subprocess.PIPE, text=True)
    return done.stdout


def part(name, parts, missed, measure):
    """One part's section, or a line saying it failed (the other parts go on)."""
    try:
        parts.append(measure())
    except (subprocess.CalledProcessError, RuntimeError, OSError) as error:
        log(f"{name} failed: {error}")
        missed.append(f"{name}: the benchmark failed ({error})")
        parts.append(f"### {name}\n\n**missed**: the benchmark failed: `{error}`\n")


def capacity(quick):
    """The capacity table from bench.follow's figures, and what missed."""
    # past the target, a step says how far one server goes: it is not missed
    steps = "500,1000" if quick else "1000,2000,3000,4000"
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        report = run_module("bench.follow", "--configs", "gevent:2", "--tables", "100",
                            "--rounds", "1", "--seconds", "30", "--steps", steps,
                            "--all-steps", "--json", out.name)
        found = json.loads(Path(out.name).read_text())
    lines = ["| phones | tables | follow p95 ms (after its hold) | of them: 304 / 200 "
             "| every phone saw a save, p95 s | max s | questions/s | failures | CPU, % of a "
             "core: gunicorn / PostgreSQL / load generator |",
             "|---|---|---|---|---|---|---|---|---|"]
    missed = []
    for step in found["steps"]:
        cpu = step["cpu_percent_of_one_core"]
        ok = (step["follow_p95_ms"] is not None and step["follow_p95_ms"] < CAPACITY["p95_ms"]
              and not step["failures"] and step["seen_by_all_max_s"] is not None
              and step["seen_by_all_p95_s"] <= CAPACITY["seen_s"])
        beyond = step["followers"] > CAPACITY["phones"]
        mark = "" if ok else " (past the target: not held)" if beyond else " **missed**"
        if not ok and not beyond:
            missed.append(f"capacity at {step['followers']:,} phones")
        lines.append(f"| {step['followers']:,}{mark} | {step['tables']} | "
                     f"{step['follow_p95_ms']} | {step['follow_304_p95_ms']} / "
                     f"{step['follow_200_p95_ms']} | {step['seen_by_all_p95_s']} | "
                     f"{step['seen_by_all_max_s']} | {step['follows_per_s']} | "
                     f"{step['failures']} | {cpu['server']} / {cpu['postgres']} / "
                     f"{cpu['client']} |")
    reached = [s["followers"] for s in found["steps"] if s["followers"] <= CAPACITY["phones"]
               and f"capacity at {s['followers']:,} phones" not in missed]
    if not reached or max(reached) < CAPACITY["phones"] and not quick:
        missed.append(f"capacity: {CAPACITY['phones']:,} phones not held")
    return "\n".join(lines) + "\n", missed, report


def log(message):
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def write_doc(section):
    text = DOC.read_text()
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    DOC.write_text(f"{before}{START}\n{section}\n{END}{after}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip", default="", help="parts to leave out: groups, capacity")
    parser.add_argument("--no-doc", action="store_true", help="do not write docs/benchmark.md")
    args = parser.parse_args()
    skip = {part.strip() for part in args.skip.split(",") if part.strip()}
    sizes = dict(SIZES)
    if args.quick:
        sizes["large"] = 500
    quick = " --quick" if args.quick else ""
    parts, missed = [], []

    log("pages, one request at a time")
    results = pages.measure(sizes, 25 if args.quick else 60)
    table, page_missed = pages.table(results, sizes)
    missed += page_missed
    parts.append(f"### Every page, one request at a time\n\n`python -m bench.pages{quick}`: "
                 f"{pages.__doc__.split(chr(10) + chr(10))[1]}\n\n{table}")

    log("statements to end a game")
    table, statement_missed = statements.table(statements.measure())
    missed += statement_missed
    parts.append(f"### Ending a game\n\n`python -m bench.statements`\n\n{table}")

    def groups():
        report = run_module("bench.groups", "--requests", "25" if args.quick else "60")
        past = re.search(r"^Past ([0-9.]+x) \(p50\): (.*)\.$", report, re.M)
        if past:
            missed.append(f"groups: past {past.group(1)} with 1,000 groups: {past.group(2)}")
        # the pages' table; the plans stay in bench/results/groups.md
        report = report.split("## Every page's queries")[0]
        return (f"### One group and 1,000 groups on PostgreSQL\n\n"
                f"`python -m bench.groups --requests {25 if args.quick else 60}` (its query "
                f"plans: bench/results/groups.md)\n\n{demote(report)}")

    def following():
        table, capacity_missed, report = capacity(args.quick)
        missed.extend(capacity_missed)
        return (f"### Following phones on one 2-core server\n\n`python -m bench.follow "
                f"--configs gevent:2 ...` (the command above runs it); the load generator "
                f"runs on the same machine as the server and PostgreSQL.\n\n{table}\n"
                f"<details><summary>bench.follow's whole report</summary>\n\n"
                f"{demote(report)}\n</details>\n")

    if "groups" not in skip:
        part("groups", parts, missed, groups)
    if "capacity" not in skip:
        part("capacity", parts, missed, following)

    head = (f"## Results of `python -m bench{quick}` ({datetime.date.today()})\n\n"
            f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, {platform.platform()}. Written by the command; "
            f"edit the command, not this part.\n\n")
    verdict = ("**missed**:\n\n" + "\n".join(f"- {m}" for m in missed) if missed
               else "Every target met.")
    section = head + verdict + "\n\n" + "\n\n".join(parts)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latest.md").write_text(section)
    if not args.no_doc:
        write_doc(section)
    print(section)
    print("\n" + verdict)


def demote(markdown):
    """Another report's headings, two levels lower, so that they sit inside this one."""
    return re.sub(r"^(#+) ", lambda m: "#" * min(6, len(m.group(1)) + 3) + " ", markdown,
                  flags=re.M)


if __name__ == "__main__":
    main()
