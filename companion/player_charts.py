"""A player's charts: their final totals per kind, and their games night by night
(the shapes are companion/charts.py's)."""

from __future__ import annotations

from typing import Any

from .charts import RESULT_X_LABELS, Chart, every_nth, line_chart, month, number
from .i18n import day, gettext, ngettext


def month_axis(dates: list) -> list[str]:
    """A dated chart's axis: a few of its dates named by their month ("Mar 2026"), the
    same ones x_ticks picks, the others empty."""
    picked = set(every_nth(len(dates), RESULT_X_LABELS))
    return [month(d) if i in picked else "" for i, d in enumerate(dates)]


def results_chart(chart_id: str, title: str, name: str, results: list[Any],
                  dates: dict | None = None, player_id: int = 0) -> Chart:
    """One player's final totals in one kind of game, oldest first; wins are filled dots,
    the line in the player's colour.

    `results` holds objects with `date`, `total`, `won` and `place` (how the player's
    place in the game reads: "Won", "2nd of 4"); `dates` keeps each date as written for
    the charts of one page (their games share nights).
    """
    dates = {} if dates is None else dates
    labels = []
    for r in results:
        label = dates.get(r.date)
        if label is None:
            label = dates[r.date] = day(r.date)
        labels.append(label)
    short = month_axis([r.date for r in results])
    totals = [r.total for r in results]
    wins = sum(r.won for r in results)
    # TRANSLATORS: a chart's description: name is a player's, totals their final totals
    # ("12, 30, 5"), num how many games
    said = ngettext("%(name)s's final totals in the last %(num)d finished game, oldest "
                    "first: %(totals)s.",
                    "%(name)s's final totals in the last %(num)d finished games, oldest "
                    "first: %(totals)s.", len(results), name=name,
                    totals=", ".join(number(t) for t in totals))
    # TRANSLATORS: the end of a chart's description: num is how many of the games the
    # player won, drawn as filled dots
    filled = ngettext("Filled dots are the %(num)d won.", "Filled dots are the %(num)d won.",
                      wins)
    chart = line_chart(chart_id, title, f"{said} {filled}", gettext("Date"), labels,
                       {name: totals}, marked={name: [r.won for r in results]}, legend=False,
                       axis_labels=short, most_labels=RESULT_X_LABELS,
                       rows=[(label, [r.total, r.place])
                             for label, r in zip(labels, results)])
    # TRANSLATORS: the key under a player's results chart
    chart.note = gettext("Filled dots: games won.")
    # TRANSLATORS: the headers of a results chart's table: a game's final total, the
    # player's place in it ("2nd of 4")
    chart.columns = [gettext("Total"), gettext("Place")]
    return chart.by_player([player_id])


def player_charts(name: str, kinds: list[Any], most: int = 30, player_id: int = 0
                  ) -> list[Chart]:
    """A results chart per kind with two or more finished games (`kinds`: KindStats, whose
    titles are as the pages show them)."""
    dates: dict = {}
    # TRANSLATORS: a chart's title: name is a player's, game the game's ("Skyjo")
    return [results_chart(f"chart-{kind.ref}",
                          gettext("%(name)s's final totals in %(game)s", name=name,
                                  game=kind.title),
                          name, kind.results[-most:], dates, player_id)
            for kind in kinds if len(kind.results) > 1]


def nights_chart(name: str, nights: list[Any], player_id: int = 0) -> Chart:
    """One player's games played and won at each of their last nights, oldest first
    (`nights`: objects with `date`, `played` and `won`)."""
    labels = [day(n.date) for n in nights]
    short = month_axis([n.date for n in nights])
    won = sum(n.won for n in nights)
    played = sum(n.played for n in nights)
    # TRANSLATORS: a chart's description: name is a player's; nights how many of their
    # last nights it shows, won and played the games at them
    desc = ngettext("%(name)s won %(won)s of %(played)s games over the last %(num)d night.",
                    "%(name)s won %(won)s of %(played)s games over the last %(num)d nights.",
                    len(nights), name=name, won=won, played=played)
    # TRANSLATORS: the two lines of a player's chart over their nights: finished games
    # played, and won, at each night
    series = {gettext("Games played"): [n.played for n in nights],
              gettext("Games won"): [n.won for n in nights]}
    # TRANSLATORS: the title of a player's chart of their last nights
    return line_chart(f"chart-nights-{player_id}", gettext("Night by night"), desc,
                      gettext("Date"), labels, series, axis_labels=short,
                      most_labels=RESULT_X_LABELS)
