"""python -m bench.replay [--repeat N]: one game's replay through its rules at 250, 500,
1,000 and 2,000 entries (MAX_ENTRIES, the most a game holds), for every kind whose games
can run that long: the CPU time of one replay (a busy machine's other work does not
count), best of 3, the sizes taking turns.

Every figure the app shows comes from replaying a game's entries (companion/rules), on
every page and every change, and a restore replays every game it loads: a replay must be
linear in its entries. The ratio of 2,000 entries to 1,000 (or of the largest size a kind
reaches to its half) is then about 2; above 2.6 the script says OVER TARGET. The games are
long legal games (seed 1); a size a kind's games cannot reach (they end first) shows as -.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import time
from typing import Iterator

from companion.rules import GAMES, MAX_ENTRIES

SIZES = [250, 500, 1000, MAX_ENTRIES]
PLAYERS = ["Marta", "Kasia", "Tõnu", "Jānis"]
# the ratio of 2,000 entries' time to 1,000's: 2 is linear, 4 quadratic
TARGET = 2.6


def any_game(rng: random.Random) -> Iterator[dict]:
    """Rounds of points as a table types them; no target, no number of rounds."""
    while True:
        yield {"scores": {p: rng.randint(-20, 60) for p in PLAYERS}}


def skyjo(rng: random.Random) -> Iterator[dict]:
    """Rounds of typed scores and of whole grids in turn, each won by its finisher, who
    takes turns; the totals drift slowly below 0, so the target is never reached."""
    for number in itertools.count():
        finisher = PLAYERS[number // 2 % len(PLAYERS)]
        if number % 2:
            # -7 for the finisher, 6 for each other grid; the cards within the deck
            low = [-2, -2, -2, -2, -2, 0, 0, 0, 0, 0, 0, 3]
            others = [-1, 0, 1, 2, 0, 1, 2, -1, 1, 2, -1, 0]
            yield {"finisher": finisher,
                   "hands": {p: {"grid": low if p == finisher else others} for p in PLAYERS}}
        else:
            yield {"finisher": finisher, "hands": {
                p: {"score": rng.choice([-6, -5]) if p == finisher else -3}
                for p in PLAYERS}}


def cards_500(rng: random.Random) -> Iterator[dict]:
    """The fewest points a hand can give, at the highest target: the longest games."""
    for number in itertools.count():
        out = PLAYERS[number % len(PLAYERS)]
        yield {"out": out, "hands": {p: {"threes_to_nines": 1} if rng.random() < 0.5
                                     else {"points": 5} for p in PLAYERS if p != out}}


# kind: (options, the entries of a long game)
GAMES_PLAYED = {
    "any_game": ({}, any_game),
    "skyjo": ({"target": 1000}, skyjo),
    "cards_500": ({"target": 5000}, cards_500),
}


def entries_for(kind: str, count: int) -> list[dict] | None:
    """The first `count` entries of the kind's long game, each applied as it is made;
    None when the game ends before."""
    rules = GAMES[kind]
    options, play = GAMES_PLAYED[kind]
    state = rules.start(PLAYERS, {**rules.default_options, **options})
    entries: list[dict] = []
    for entry in play(random.Random(1)):
        if len(entries) == count:
            return entries
        if state.finished:
            return None
        rules.apply(state, entry)
        entries.append(entry)
    return None


def replay_ms(kind: str, entries: list[dict]) -> float:
    rules = GAMES[kind]
    gc.collect()
    started = time.process_time()
    sheet = rules.replay(PLAYERS, GAMES_PLAYED[kind][0], entries)
    spent = (time.process_time() - started) * 1000
    assert len(sheet.progress) == len(entries)
    return spent


def measure(repeat: int) -> dict[str, dict[int, float | None]]:
    """The best of `repeat` replays of each kind at each size, taking turns between them
    (a warm-up first), so that a machine slowing down or speeding up meanwhile weighs on
    every size alike."""
    games = {kind: {size: entries_for(kind, size) for size in SIZES} for kind in GAMES_PLAYED}
    played = [(kind, size, entries) for kind, sizes in games.items()
              for size, entries in sizes.items() if entries is not None]
    for kind, _, entries in played:
        replay_ms(kind, entries)
    best = {kind: dict.fromkeys(SIZES) for kind in games}
    for _ in range(repeat):
        for kind, size, entries in played:
            spent = replay_ms(kind, entries)
            held = best[kind][size]
            best[kind][size] = spent if held is None else min(held, spent)
    return best


def ratio(figures: dict[int, float | None]) -> tuple[float, int] | None:
    """The time of the largest size the kind reached over the size half as large (2,000
    over 1,000 where the games run that long), with that largest size."""
    reached = [size for size in SIZES if figures[size] is not None]
    if len(reached) < 2 or reached[-1] // 2 not in reached:
        return None
    return figures[reached[-1]] / figures[reached[-1] // 2], reached[-1]


def report(timings: dict[str, dict[int, float | None]], repeat: int) -> str:
    lines = [f"| kind, {len(PLAYERS)} players | "
             + " | ".join(f"{size:,} entries, ms" for size in SIZES)
             + f" | {MAX_ENTRIES:,} / {MAX_ENTRIES // 2:,} |",
             "|---|" + "---|" * len(SIZES) + "---|"]
    over = []
    for kind, figures in timings.items():
        shown = " | ".join("-" if ms is None else f"{ms:.1f}" for ms in figures.values())
        found = ratio(figures)
        said = "-"
        if found is not None:
            times, size = found
            said = f"{times:.2f}x"
            if size != MAX_ENTRIES:
                said += f" ({size:,} / {size // 2:,})"
            if times > TARGET:
                said += " **over**"
                over.append(f"{kind} ({times:.2f}x)")
        lines.append(f"| {GAMES[kind].title} | {shown} | {said} |")
    lines += ["", f"CPU time of one replay, best of {repeat}. Target: twice the entries in at "
              f"most {TARGET}x the time (linear is 2x).",
              "Not timed: dice poker (a game is 15 turns a player, 60 at most) and Skull "
              "(two points win; four lost cards put a player out)."]
    if over:
        lines += ["", "!" * 72,
                  f"OVER TARGET: replay is not linear for {', '.join(over)}: above {TARGET}x.",
                  "!" * 72]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3,
                        help="replays of each size (the best counts)")
    args = parser.parse_args()
    print(report(measure(args.repeat), args.repeat))


if __name__ == "__main__":
    main()
