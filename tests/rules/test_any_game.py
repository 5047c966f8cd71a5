"""Any other game (RULES.md section 5): points per round, highest or lowest total wins."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import GAMES
from companion.rules.base import RuleError

RULES = GAMES["any_game"]
TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cid"]


def round_(*points, players=THREE):
    return {"scores": dict(zip(players, points))}


END = {"end": True}


def play(entries, players=THREE, **options):
    return RULES.replay(players, options, entries)


def refusal(entries, players=THREE, **options):
    with pytest.raises(RuleError) as refused:
        play(entries, players, **options)
    return refused.value


def test_the_settings_default_to_a_nameless_game_the_highest_total_winning():
    assert RULES.default_options == {"name": "", "high_wins": True, "target": None,
                                     "rounds": None}


@pytest.mark.parametrize("count", [2, 12])
def test_two_to_twelve_players_can_play(count):
    players = [f"P{i}" for i in range(count)]
    assert play([], players).players == players


@pytest.mark.parametrize("count", [1, 13])
def test_fewer_than_two_or_more_than_twelve_is_a_setup_error(count):
    error = refusal([], [f"P{i}" for i in range(count)])
    assert error.index is None and str(error) == f"Any game needs 2 to 12 players, not {count}."


def test_totals_are_running_sums_and_negative_points_count():
    sheet = play([round_(12, -3, 0), round_(5, 10, -7)])
    assert sheet.totals == {"Ann": 17, "Ben": 7, "Cid": -7}
    assert sheet.to_dict()["rounds"] == [{"Ann": 12, "Ben": -3, "Cid": 0},
                                         {"Ann": 5, "Ben": 10, "Cid": -7}]
    assert sheet.progress == [{"Ann": 12, "Ben": -3, "Cid": 0}, {"Ann": 17, "Ben": 7, "Cid": -7}]
    assert not sheet.finished and sheet.winners == []


def test_the_edges_of_a_round_are_accepted():
    assert play([round_(100000, -100000, 0)]).totals == {"Ann": 100000, "Ben": -100000,
                                                          "Cid": 0}


@pytest.mark.parametrize("entries, index, message", [
    ([round_(100001, 0, 0)], 0, "Ann's points must be from -100000 to 100000, not 100001."),
    ([round_(1, 2, 3), round_(0, -100001, 0)], 1,
     "Ben's points must be from -100000 to 100000, not -100001."),
    ([round_(True, 0, 0)], 0, "Ann's points must be a whole number."),
    ([round_(1.5, 0, 0)], 0, "Ann's points must be a whole number."),
    ([round_(1, "2", 0)], 0, "Ben's points must be a whole number."),
    ([round_(1, 2)], 0, "Cid's points are missing from this round."),
    ([{"scores": {"Ann": 1, "Ben": 2, "Cid": 3, "Dan": 4}}], 0, "Dan is not playing in this game."),
    ([{"scores": [1, 2, 3]}], 0, "Give every player's points for this round."),
    ([{}], 0, "Give every player's points for this round."),
    ([{"scores": {"Ann": 1, "Ben": 2, "Cid": 3}, "note": "x"}], 0,
     "This round has no field called “note”."),
    ([END], 0, "The game can end only after at least one round."),
    ([round_(1, 2, 3), {"end": 1}], 1, "The end of the game must be written as true."),
    ([round_(1, 2, 3), {"end": True, "scores": {}}], 1,
     "A round gives the scores or ends the game, not both."),
    ([round_(1, 2, 3), END, round_(1, 2, 3)], 2, "The game is over: no round can be added."),
    ([round_(1, 2, 3), END, END], 2, "The game is over: no round can be added."),
    (["12"], 0, "This round is not readable."),
])
def test_a_bad_entry_is_refused_with_its_index_and_a_sentence(entries, index, message):
    error = refusal(entries)
    assert (error.index, str(error)) == (index, message)


def test_a_refusal_about_one_player_names_them_for_the_form():
    error = refusal([round_(1, 200000, 0)])
    assert (error.player, error.field) == ("Ben", "points")


def test_the_table_ends_the_game_and_the_highest_total_wins():
    sheet = play([round_(10, 30, 20), END])
    assert sheet.finished and sheet.winners == ["Ben"]
    assert sheet.to_dict()["rounds"] == [{"Ann": 10, "Ben": 30, "Cid": 20}]
    assert sheet.to_dict()["ended_by"] == "table"


def test_with_highest_total_wins_off_the_lowest_total_wins():
    assert play([round_(10, 30, 20), END], high_wins=False).winners == ["Ann"]


def test_equal_totals_share_the_win():
    assert play([round_(30, 30, 20), END]).winners == ["Ann", "Ben"]
    assert play([round_(5, 30, 5), END], high_wins=False).winners == ["Ann", "Cid"]


def test_the_game_ends_after_the_round_in_which_a_total_reaches_the_target():
    entries = [round_(40, 10, 0), round_(9, 10, 0)]
    assert not play(entries, target=50).finished
    sheet = play(entries + [round_(1, 0, 0)], target=50)
    assert sheet.finished and sheet.totals["Ann"] == 50 and sheet.winners == ["Ann"]
    assert sheet.to_dict()["ended_by"] == "target"


def test_a_target_passed_by_more_also_ends_the_game():
    assert play([round_(70, 10, 0)], target=50).finished


def test_a_target_ends_a_lowest_wins_game_too_and_the_lowest_wins():
    sheet = play([round_(60, 10, 30)], target=50, high_wins=False)
    assert sheet.finished and sheet.winners == ["Ben"]


def test_the_game_ends_after_its_number_of_rounds():
    entries = [round_(1, 2, 3)] * 3
    assert not play(entries[:2], rounds=3).finished
    sheet = play(entries, rounds=3)
    assert sheet.finished and sheet.winners == ["Cid"] and sheet.to_dict()["ended_by"] == "rounds"


@pytest.mark.parametrize("entries, ended_by", [
    ([round_(60, 0, 0)], "target"),
    ([round_(1, 0, 0), round_(1, 0, 0)], "rounds"),
])
def test_with_a_target_and_a_number_of_rounds_whichever_comes_first_ends_it(entries, ended_by):
    sheet = play(entries, target=50, rounds=2)
    assert sheet.finished and sheet.to_dict()["ended_by"] == ended_by


def test_the_table_may_end_a_game_before_its_target_or_rounds():
    assert play([round_(1, 2, 3), END], target=50, rounds=10).finished


@pytest.mark.parametrize("options, message", [
    ({"target": 0}, "The setting “Game ends at a total of” must be at least 1."),
    ({"target": 100001}, "The setting “Game ends at a total of” must be at most 100000."),
    ({"target": "50"}, "The setting “Game ends at a total of” must be a whole number."),
    ({"rounds": 0}, "The setting “Number of rounds” must be at least 1."),
    ({"rounds": 1001}, "The setting “Number of rounds” must be at most 1000."),
    ({"name": "x" * 41}, "Keep “Name of the game” to 40 characters."),
    ({"name": 7}, "The setting “Name of the game” must be text."),
    ({"high_wins": "yes"}, "The setting “Highest total wins” must be on or off."),
])
def test_a_bad_setting_is_a_setup_error(options, message):
    error = refusal([], **options)
    assert error.index is None and str(error) == message


def test_the_setting_edges_are_accepted():
    sheet = play([], name="x" * 40, target=100000, rounds=1000)
    assert sheet.options == {"name": "x" * 40, "high_wins": True, "target": 100000,
                             "rounds": 1000}
    assert play([], target=1, rounds=1).options["target"] == 1


@pytest.mark.parametrize("a, b", [("Qwixx", "qwixx"), ("Qwixx", "  QWIXX "),
                                  ("Ｑｗｉｘｘ", "qwixx"), ("Ticket to Ride", "ticket  to ride")])
def test_games_are_grouped_by_their_name_as_people_would_compare_it(a, b):
    assert RULES.group({"name": a}) == RULES.group({"name": b})


def test_different_names_are_different_groups_and_no_name_is_any_game():
    assert RULES.group({"name": "Qwixx"}) != RULES.group({"name": "Carcassonne"})
    assert RULES.group_title({"name": " Qwixx "}) == "Qwixx"
    assert RULES.group_title({"name": ""}) == "Any game"


def test_what_is_best_follows_the_games_own_setting():
    assert RULES.best_for({"high_wins": True}) == "high"
    assert RULES.best_for({"high_wins": False}) == "low"


points = st.integers(-100000, 100000)


@st.composite
def games(draw):
    players = THREE[:draw(st.integers(2, 3))]
    options = {"high_wins": draw(st.booleans()),
               "target": draw(st.none() | st.integers(1, 100000)),
               "rounds": draw(st.none() | st.integers(1, 8))}
    rounds = draw(st.lists(st.fixed_dictionaries({p: points for p in players}), max_size=8))
    return players, options, rounds


@settings(max_examples=200, deadline=None)
@given(games())
def test_any_sequence_of_rounds_totals_its_rounds_and_ends_where_the_settings_say(game):
    players, options, rounds = game
    entries = []
    for scores in rounds:
        try:
            sheet = play(entries + [{"scores": scores}], players, **options)
        except RuleError as error:
            # only a round after the end is refused
            assert str(error) == "The game is over: no round can be added."
            assert play(entries, players, **options).finished
            break
        entries.append({"scores": scores})
    sheet = play(entries, players, **options)
    played = sheet.to_dict()["rounds"]
    assert sheet.totals == {p: sum(r[p] for r in played) for p in players}
    # it ends after the first round at which a total reached the target, or the last round
    reached = options["target"] is not None and any(
        max(progress.values()) >= options["target"] for progress in sheet.progress)
    counted = options["rounds"] is not None and len(played) == options["rounds"]
    assert sheet.finished is (reached or counted)
    if sheet.finished:
        best = (max if options["high_wins"] else min)(sheet.totals.values())
        assert sheet.winners == [p for p in players if sheet.totals[p] == best]
    json.dumps(sheet.to_dict())
