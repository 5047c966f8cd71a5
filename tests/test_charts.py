"""Charts are placed by pure functions: numbers in, coordinates and labels out."""

from datetime import date
from types import SimpleNamespace

import pytest

from companion import charts, player_charts
from companion.kinds.registry import KINDS
from companion.rules import GAMES


@pytest.mark.parametrize("low, high, whole, ticks", [
    (0, 102, True, [0, 25, 50, 75, 100, 125]),
    (-9, 230, True, [-50, 0, 50, 100, 150, 200, 250]),
    (0, 2, True, [0, 1, 2]),
    (0, 0, True, [0, 1]),
    (3, 3.5, False, [3.0, 3.1, 3.2, 3.3, 3.4, 3.5]),
])
def test_ticks_are_round_values_covering_the_data(low, high, whole, ticks):
    assert charts.nice_ticks(low, high, whole=whole) == pytest.approx(ticks)


@pytest.mark.parametrize("count, shown", [
    (1, [0]), (4, [0, 1, 2, 3]), (8, [0, 2, 4, 7]), (31, [0, 6, 12, 18, 24, 30]),
])
def test_at_most_six_x_labels_are_shown_and_always_the_last(count, shown):
    assert charts.every_nth(count) == shown


def test_a_running_total_chart_starts_before_the_first_entry():
    chart = charts.progress_chart("c", "Running totals", KINDS["any_game"], ["Ann", "Ben"],
                                  {"Ann": 0, "Ben": 0}, [{"Ann": 5, "Ben": 10}], [])
    assert [label for label, _ in chart.rows] == ["Start", "1"]
    assert chart.rows[1] == ("1", [5, 10])
    assert [len(line.dots) for line in chart.lines] == [2, 2]


def test_the_description_reads_the_last_totals_and_the_winner():
    chart = charts.progress_chart("c", "t", KINDS["cards_500"], ["Ann", "Ben"], {"Ann": 0, "Ben": 0},
                                  [{"Ann": 0, "Ben": 50}], ["Ann"])
    assert chart.desc == "After hand 1: Ann 0, Ben 50. Ann won."


def test_a_higher_total_is_drawn_higher_up():
    chart = charts.progress_chart("c", "t", KINDS["any_game"], ["Ann", "Ben"], {"Ann": 0, "Ben": 0},
                                  [{"Ann": 5, "Ben": 40}], [])
    ann, ben = (line.dots[-1][1] for line in chart.lines)
    assert ben < ann
    assert all(chart.top <= y <= chart.bottom for line in chart.lines for _, y, _ in line.dots)


def test_the_outer_x_labels_lean_inwards_to_stay_inside_the_drawing():
    chart = charts.line_chart("c", "t", "d", "x", ["a", "b", "c"], {"s": [1, 2, 3]})
    assert [t.anchor for t in chart.x_ticks] == ["start", "middle", "end"]


def test_more_players_than_colours_get_dashed_lines():
    series = {f"P{i}": [i] for i in range(10)}
    chart = charts.line_chart("c", "t", "d", "x", ["1"], series)
    assert [line.css for line in chart.lines][7:] == ["series-7", "series-0 dashed",
                                                      "series-1 dashed"]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_kind_of_game_gets_a_running_total_chart(kind):
    rules = GAMES[kind]
    players = ["Ann", "Ben", "Cid", "Dora"][:max(rules.min_players, 2)]
    sheet = rules.replay(players, {}, [])
    chart = charts.game_progress(7, rules.title, KINDS[rules.kind], sheet)
    assert chart.id == "chart-game-7" and chart.title == f"Running totals, {rules.title}"
    assert chart.columns == players


def test_a_players_results_mark_the_games_won_and_name_each_place():
    results = [SimpleNamespace(date=date(2026, 1, d), total=t, won=w, place=p)
               for d, t, w, p in ((3, 120, False, "2nd of 4"), (10, 90, True, "Won"))]
    chart = player_charts.results_chart("c", "Ann's totals", "Ann", results)
    assert [filled for _, _, filled in chart.lines[0].dots] == [False, True]
    assert chart.rows == [("3 Jan 2026", [120, "2nd of 4"]), ("10 Jan 2026", [90, "Won"])]
    assert "1 won" in chart.desc


@pytest.mark.parametrize("ids, styles", [
    # a player's colour is their id's, whatever the seat
    ([1, 2, 3], ["series-1", "series-2", "series-3"]),
    ([3, 1, 2], ["series-3", "series-1", "series-2"]),
    ([9], ["series-1"]),
    # the later of two players with one colour takes the next colour nobody here has
    ([3, 11], ["series-3", "series-4"]),
    ([3, 4, 11], ["series-3", "series-4", "series-5"]),
    ([7, 15], ["series-7", "series-0"]),
    # past eight players the colours come again, dashed, still one style per player
    (list(range(10)), [f"series-{n}" for n in range(8)] + ["series-0 dashed",
                                                           "series-1 dashed"]),
    ([0, 8, 16, 24, 32, 40, 48, 56, 64],
     [f"series-{n}" for n in range(8)] + ["series-0 dashed"]),
])
def test_each_player_keeps_the_colour_of_their_id_unless_another_has_it(ids, styles):
    assert charts.player_styles(ids) == styles


def test_a_chart_drawn_by_player_restyles_its_lines_in_their_order():
    chart = charts.progress_chart("c", "t", KINDS["any_game"], ["Ann", "Ben"], {"Ann": 0, "Ben": 0},
                                  [{"Ann": 5, "Ben": 10}], [])
    drawn = chart.by_player([12, 5])
    assert [(line.label, line.css) for line in drawn.lines] == [("Ann", "series-4"),
                                                                ("Ben", "series-5")]
    assert [line.points for line in drawn.lines] == [line.points for line in chart.lines]


def test_a_players_results_are_drawn_in_the_players_colour():
    results = [SimpleNamespace(date=date(2026, 1, 3), total=1, won=True, place="Won")]
    chart = player_charts.results_chart("c", "t", "Ann", results, player_id=14)
    assert chart.lines[0].css == "series-6"


def test_a_long_game_is_drawn_as_lines_without_dots():
    progress = [{"Ann": n, "Ben": 2 * n} for n in range(1, 41)]
    chart = charts.progress_chart("c", "t", KINDS["dice_poker"], ["Ann", "Ben"], {"Ann": 0, "Ben": 0},
                                  progress, [])
    assert all(line.dots == [] and len(line.points.split()) == 41 for line in chart.lines)


def test_a_game_the_table_ended_is_drawn_to_its_last_round():
    """Issue 31: ended by the table after round 3, the chart showed a flat round 4."""
    rules = GAMES["any_game"]
    sheet = rules.replay(["Ann", "Ben"], {}, [
        {"scores": {"Ann": 5, "Ben": 2}}, {"scores": {"Ann": 1, "Ben": 9}},
        {"scores": {"Ann": 4, "Ben": 0}}, {"end": True}])
    chart = charts.game_progress(7, "Qwixx", KINDS["any_game"], sheet)
    assert chart.rows == [("Start", [0, 0]), ("1", [5, 2]), ("2", [6, 11]), ("3", [10, 11])]
    assert chart.desc == "After round 3: Ann 10, Ben 11. Ben won."
