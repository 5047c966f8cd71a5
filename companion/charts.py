"""Line charts placed on the server: pure functions from numbers to coordinates.

Nothing here writes markup. `templates/_charts.html` draws a `Chart` as inline SVG, so
every name and label goes through the template's autoescaping. Series are styled by
class (`series-0` ... `series-7`), which history.css colours for the light and dark themes;
a player's line takes its colour from the player's id (`player_styles`), so one person is
drawn in one colour on every chart of the app.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Sequence

from babel.dates import format_skeleton

from . import text
from .i18n import and_list, gettext, language, ngettext, shown, term
from .i18n import points as score_text

# the drawing's own units; the svg scales to the width of the phone
WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 36, 10, 10, 26
SERIES_STYLES = 8
MAX_X_LABELS = 6
# a player's results chart names only a few dates under its axis
RESULT_X_LABELS = 3
MAX_DOTS = 24


@dataclass
class Tick:
    label: str
    at: float
    anchor: str = "middle"


@dataclass
class Line:
    label: str
    css: str
    points: str
    dots: list[tuple[float, float, bool]]
    last: Any


@dataclass
class Chart:
    id: str
    title: str
    desc: str
    lines: list[Line]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    x_name: str
    # the same numbers as a table: a header per series, a row per x value
    columns: list[str]
    rows: list[tuple[str, list[Any]]]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    legend: bool = True
    note: str = ""

    def by_player(self, ids: Sequence[int]) -> Chart:
        """The chart with each line styled by its player (`ids`: a player id per line, in
        the lines' order; a line without one keeps its style)."""
        styles = player_styles(ids)
        return replace(self, lines=[replace(line, css=styles[i]) if i < len(styles) else line
                                    for i, line in enumerate(self.lines)])


def player_styles(ids: Sequence[int]) -> list[str]:
    """A line style per player: the colour of the player's id, the same in every chart.
    Two players of one chart never share a style: a player whose colour an earlier one
    already has takes the next colour nobody here has, and past eight players the colours
    come again as dashed lines."""
    taken: set[str] = set()
    styles = []
    for player_id in ids:
        own = player_id % SERIES_STYLES
        candidates = [f"series-{(own + step) % SERIES_STYLES}{dash}"
                      for dash in ("", " dashed") for step in range(SERIES_STYLES)]
        style = next((c for c in candidates if c not in taken), candidates[0])
        taken.add(style)
        styles.append(style)
    return styles


def nice_step(span: float, count: int = 4) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about `count` intervals."""
    if span <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def nice_ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round tick values from at or below `low` to at or above `high`."""
    if low == high:
        high = low + 1
    step = nice_step(high - low, count)
    if whole and not float(step).is_integer():
        step = math.ceil(step)
    start, end = math.floor(low / step), math.ceil(high / step)
    return [round(n * step, 10) for n in range(start, end + 1)]


def number(value: Any) -> str:
    """A tick label: whole numbers plain, others with one decimal, as the pages write
    scores (a decimal comma in et, pl and lv)."""
    return score_text(value)


def month(value) -> str:
    """A month under a results chart's axis, in the reader's language: "Mar 2026"."""
    return format_skeleton("yMMM", value, locale=language())


def every_nth(count: int, most: int = MAX_X_LABELS) -> list[int]:
    """Indexes of at most `most` evenly spread labels, the first and the last included."""
    if count <= most:
        return list(range(count))
    step = math.ceil((count - 1) / (most - 1))
    picked = list(range(0, count - 1, step))
    if count - 1 - picked[-1] <= step / 2 and len(picked) > 1:
        picked.pop()
    return picked + [count - 1]


def x_ticks(labels: Sequence[str], x_at: Any, most: int) -> list[Tick]:
    """Spread labels under the x axis; the outer ones lean inwards to stay in the frame."""
    picked = every_nth(len(labels), most)
    ticks = [Tick(labels[i], x_at(i)) for i in picked]
    if len(ticks) > 1:
        ticks[0].anchor, ticks[-1].anchor = "start", "end"
    return ticks


def line_chart(chart_id: str, title: str, desc: str, x_name: str, x_labels: Sequence[str],
               series: dict[str, Sequence[Any]], marked: dict[str, Sequence[bool]] | None = None,
               legend: bool = True, axis_labels: Sequence[str] | None = None,
               most_labels: int = MAX_X_LABELS, rows: list | None = None) -> Chart:
    """One line per series over shared x positions; `marked` fills chosen dots.

    `x_labels` name the rows of the table; `axis_labels` (shorter, if given) the axis;
    `rows` replace the table's rows (by default each x label with its series' values).
    """
    values = [float(v) for points in series.values() for v in points if v is not None]
    whole = all(v.is_integer() for v in values)
    ticks = nice_ticks(min(values, default=0), max(values, default=0), whole=whole)
    low, high = ticks[0], ticks[-1]
    count = len(x_labels)

    def x_at(index: int) -> float:
        if count <= 1:
            return (LEFT + WIDTH - RIGHT) / 2
        return round(LEFT + index * (WIDTH - RIGHT - LEFT) / (count - 1), 1)

    def y_at(value: Any) -> float:
        share = (float(value) - low) / (high - low)
        return round(HEIGHT - BOTTOM - share * (HEIGHT - BOTTOM - TOP), 1)

    lines = []
    for index, (label, points) in enumerate(series.items()):
        flags = (marked or {}).get(label) or [False] * len(points)
        placed = [(x_at(i), y_at(v), bool(flags[i])) for i, v in enumerate(points) if v is not None]
        # past a few dozen points the dots only clutter; marked dots always carry meaning
        dots = placed if marked or count <= MAX_DOTS else []
        css = f"series-{index % SERIES_STYLES}" + (" dashed" if index >= SERIES_STYLES else "")
        lines.append(Line(label=label, css=css, points=" ".join(f"{x},{y}" for x, y, _ in placed),
                          dots=dots, last=next((v for v in reversed(points) if v is not None),
                                                 None)))
    return Chart(
        id=chart_id, title=title, desc=desc, lines=lines, x_name=x_name, legend=legend,
        y_ticks=[Tick(number(t), y_at(t)) for t in ticks],
        x_ticks=x_ticks(axis_labels or x_labels, x_at, most_labels),
        columns=list(series),
        rows=rows if rows is not None else [
            (x_labels[i], [points[i] for points in series.values()]) for i in range(count)],
    )


def progress_chart(chart_id: str, title: str, kind: Any, players: list[str],
                   start: dict[str, Any], progress: list[dict[str, Any]],
                   winners: list[str]) -> Chart:
    """Each player's running total after every entry of one game of `kind` (its
    registry entry, whose words say the entries), from its start."""
    steps = [start, *progress]
    # TRANSLATORS: the first row of a game's running totals: before anything was entered
    labels = [gettext("Start")] + [str(n) for n in range(1, len(steps))]
    series = {player: [step[player] for step in steps] for player in players}
    last = steps[-1]
    standing = ", ".join(f"{p} {number(last[p])}" for p in players)
    # TRANSLATORS: a chart's description: when is where the game stands ("After round
    # 3"), standings each player's total ("Ann 12, Ben 30")
    desc = gettext("%(when)s: %(standings)s.", when=kind.words.progress(len(progress)),
                   standings=standing)
    if winners:
        # TRANSLATORS: the end of a chart's description: who won the game ("Ann", "Ann
        # and Ben")
        won = ngettext("%(names)s won.", "%(names)s won.", len(winners),
                       names=and_list(winners))
        desc = f"{desc} {won}"
    return line_chart(chart_id, title, desc, text.capital(term(kind.rules.entry_noun)), labels, series)


def game_progress(game_id: int, title: str, kind: Any, sheet: Any) -> Chart:
    """The running-totals chart of one game's sheet (`kind` is its registry entry,
    `title` the game's: its kind, or its group of the kind)."""
    # TRANSLATORS: a chart's title; game is the game's name ("Skyjo", "Qwixx")
    return progress_chart(f"chart-game-{game_id}",
                          gettext("Running totals, %(game)s", game=shown(title)),
                          kind, sheet.players, sheet.start, kind.progress(sheet),
                          sheet.winners)
