"""`flask demo`: sample nights for trying the app, in a new group or an empty one."""

import json

from companion.rules import GAMES
from tests.conftest import GROUP
from tests.web.history_data import night, restore, skull

# the test table's group: the demo fills it when it is empty
IN_GROUP = ("--group", str(GROUP))


def demo(runner, *args):
    return runner.invoke(args=["demo", *args, *IN_GROUP])


def backup(runner, group=GROUP):
    doc = json.loads(runner.invoke(args=["backup", "-", "--group", str(group)]).output)
    doc.pop("exported_at")
    return doc


def test_the_demo_makes_a_group_of_its_own(runner):
    result = runner.invoke(args=["demo", "--nights", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "in group 2 (" in result.output
    doc = backup(runner, 2)
    assert doc["group"] == "Demo game nights" and len(doc["nights"]) == 3
    assert backup(runner)["nights"] == []


def test_the_demo_fills_an_empty_database_with_months_of_nights(runner):
    result = demo(runner, "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Made 12 players, 40 nights and" in result.output
    doc = backup(runner)
    days = sorted(n["date"] for n in doc["nights"])
    assert len(doc["players"]) == 12 and len(doc["nights"]) == 40
    assert days[0][:7] < days[-1][:7]


def test_the_demo_plays_every_kind_and_leaves_games_finished_abandoned_and_going(runner):
    demo(runner, "--seed", "1")
    games = [g for n in backup(runner)["nights"] for g in n["games"]]
    assert {g["kind"] for g in games} == set(GAMES)
    assert {g["status"] for g in games} == {"finished", "abandoned", "in_progress"}


def test_the_newest_night_has_a_game_still_going(runner):
    demo(runner, "--seed", "2")
    newest = max(backup(runner)["nights"], key=lambda n: n["date"])
    assert newest["games"][-1]["status"] == "in_progress"


def test_the_number_of_nights_can_be_chosen(runner):
    result = demo(runner, "--nights", "7")
    assert "7 nights" in result.output and len(backup(runner)["nights"]) == 7


def test_the_same_seed_makes_the_same_data(app, runner, tmp_path):
    demo(runner, "--nights", "12", "--seed", "9")
    first = backup(runner)
    restore(runner, tmp_path, replace=True, players=[])
    demo(runner, "--nights", "12", "--seed", "9")
    assert backup(runner) == first


def test_the_demo_refuses_a_database_that_is_not_empty(runner, tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skull()]))
    result = demo(runner)
    assert result.exit_code == 1 and "not empty" in result.output
    assert [n["title"] for n in backup(runner)["nights"]] == ["Ours"]


def test_demo_data_passes_a_restore_which_replays_every_game(runner, tmp_path):
    demo(runner, "--nights", "20", "--seed", "4")
    path = tmp_path / "demo.json"
    path.write_text(runner.invoke(args=["backup", "-", *IN_GROUP]).output)
    result = runner.invoke(args=["restore", str(path), "--replace", *IN_GROUP])
    assert result.exit_code == 0, result.output
