"""Dice poker scoring and refusals, replayed from entry documents (RULES.md section 1)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import RuleError
from companion.kinds.dice_poker.rows import (
    LOWER_ROWS, ROWS, UPPER_ROWS, allowed_rows, makes, possible_scores, score_row,
)
from companion.kinds.dice_poker.rules import RULES

UPPER = [key for key, _ in UPPER_ROWS]
LOWER = [key for key, _ in LOWER_ROWS]
KEYS = [key for key, _ in ROWS]
PLAYERS = ["Ann", "Ben"]
FUZZ = settings(max_examples=200, deadline=None)


# -- builders ------------------------------------------------------------------------


def turn(player="Ann", row="1", **fields):
    """One entry document; a typed 0 unless dice, a dash or a score are given."""
    if not {"dice", "dash", "score"} & fields.keys():
        fields["score"] = 0
    return {"player": player, "row": row, **fields}


def rounds(rows, players=PLAYERS, fills=None):
    """Entries for the given rows, one round per row in seating order.

    `fills` maps player -> row -> entry fields; every other cell is a typed 0.
    """
    fills = fills or {}
    return [turn(p, row, **fills.get(p, {}).get(row, {})) for row in rows for p in players]


def full_game(players=PLAYERS, fills=None):
    return rounds(KEYS, players, fills)


def replay(entries, players=PLAYERS, **options):
    return RULES.replay(list(players), options, entries)


def points_for(row, dice, first_throw=False, **options):
    """What Ann's row holds after she writes these dice in it (part 1 filled first if needed)."""
    before = rounds(UPPER) if row in LOWER else []
    entry = turn("Ann", row, dice=list(dice), first_throw=first_throw)
    return replay(before + [entry], **options).to_dict()["rows"]["Ann"][row]


def refusal(entries, players=PLAYERS, **options):
    with pytest.raises(RuleError) as caught:
        replay(entries, players, **options)
    return caught.value


# -- part 1 --------------------------------------------------------------------------


@pytest.mark.parametrize("row, dice, expected", [
    ("6", [6, 6, 6, 6, 6], 12),
    ("2", [2, 2, 1, 3, 4], -2),
    ("6", [1, 2, 3, 4, 5], -18),
    ("1", [1, 1, 1, 5, 6], 0),
    ("1", [1, 2, 3, 4, 5], -2),
    ("3", [3, 3, 3, 3, 1], 3),
    ("4", [4, 4, 4, 4, 4], 8),
    ("5", [5, 5, 5, 5, 2], 5),
    ("5", [1, 2, 3, 4, 6], -15),
])
def test_a_face_row_scores_its_count_minus_three_times_the_face(row, dice, expected):
    assert points_for(row, dice) == expected


def test_a_face_row_is_never_doubled_on_the_first_throw():
    assert points_for("6", [6, 6, 6, 6, 6], first_throw=True) == 12


def test_a_face_row_scored_zero_is_a_real_zero_not_a_dash():
    sheet = replay([turn("Ann", "1", dice=[1, 1, 1, 2, 3])])
    assert sheet.to_dict()["rows"]["Ann"]["1"] == 0
    assert sheet.to_dict()["dashes"]["Ann"] == []


@pytest.mark.parametrize("upper, bonus", [
    ({"1": {"score": 2}, "2": {"score": -2}}, 50),
    ({"1": {"score": 1}, "2": {"score": -2}}, 0),
    ({}, 50),
    ({"6": {"score": 12}}, 50),
])
def test_the_bonus_needs_a_part_one_sum_of_at_least_zero(upper, bonus):
    sheet = replay(rounds(UPPER, fills={"Ann": upper}))
    assert sheet.to_dict()["bonus"]["Ann"] == bonus
    assert sheet.totals["Ann"] == sum(f["score"] for f in upper.values()) + bonus


def test_the_bonus_waits_until_all_six_face_rows_are_filled():
    sheet = replay(rounds(UPPER[:5]))
    assert sheet.to_dict()["bonus"] == {"Ann": 0, "Ben": 0}
    assert sheet.totals == {"Ann": 0, "Ben": 0}


# -- part 2 --------------------------------------------------------------------------


@pytest.mark.parametrize("row, dice, expected", [
    ("pair", [3, 3, 1, 2, 5], 6),
    ("pair", [2, 2, 5, 5, 1], 10),
    ("pair", [6, 6, 6, 6, 6], 12),
    ("pair", [1, 2, 3, 4, 6], 0),
    ("two_pairs", [2, 2, 5, 5, 1], 14),
    ("two_pairs", [3, 3, 3, 6, 6], 18),
    ("two_pairs", [4, 4, 4, 4, 1], 0),
    ("two_pairs", [4, 4, 4, 4, 4], 0),
    ("two_pairs", [4, 4, 1, 2, 3], 0),
    ("three_of_a_kind", [5, 5, 5, 1, 2], 15),
    ("three_of_a_kind", [2, 2, 2, 2, 6], 6),
    ("three_of_a_kind", [5, 5, 1, 1, 2], 0),
    ("small_straight", [5, 3, 1, 2, 4], 15),
    ("small_straight", [2, 3, 4, 5, 6], 0),
    ("small_straight", [1, 2, 3, 4, 4], 0),
    ("big_straight", [6, 2, 5, 3, 4], 20),
    ("big_straight", [1, 2, 3, 4, 5], 0),
    ("full_house", [2, 2, 6, 6, 6], 22),
    ("full_house", [1, 1, 1, 2, 2], 7),
    ("full_house", [3, 3, 3, 3, 3], 0),
    ("full_house", [3, 3, 3, 3, 2], 0),
    ("four_of_a_kind", [6, 6, 6, 6, 1], 24),
    ("four_of_a_kind", [2, 2, 2, 2, 2], 8),
    ("four_of_a_kind", [6, 6, 6, 1, 1], 0),
    ("poker", [4, 4, 4, 4, 4], 70),
    ("poker", [1, 1, 1, 1, 1], 55),
    ("poker", [4, 4, 4, 4, 3], 0),
    ("chance", [1, 2, 3, 4, 6], 16),
    ("chance", [1, 1, 1, 1, 1], 5),
])
def test_a_combination_row_scores_the_dice_that_form_it_or_zero(row, dice, expected):
    assert points_for(row, dice) == expected


@pytest.mark.parametrize("row, dice, expected", [
    ("pair", [3, 3, 1, 2, 5], 12),
    ("two_pairs", [2, 2, 5, 5, 1], 28),
    ("three_of_a_kind", [5, 5, 5, 1, 2], 30),
    ("small_straight", [1, 2, 3, 4, 5], 30),
    ("big_straight", [2, 3, 4, 5, 6], 40),
    ("full_house", [2, 2, 6, 6, 6], 44),
    ("four_of_a_kind", [6, 6, 6, 6, 1], 48),
    ("poker", [5, 5, 5, 5, 5], 100),
    ("poker", [1, 1, 1, 1, 1], 60),
    ("chance", [6, 6, 6, 6, 5], 29),
    ("pair", [1, 2, 3, 4, 6], 0),
])
def test_the_first_throw_doubles_a_combination_but_not_chance_or_the_poker_extra(
        row, dice, expected):
    assert points_for(row, dice, first_throw=True) == expected


@pytest.mark.parametrize("dice, first_throw, expected", [
    ([4, 4, 4, 4, 1], False, 16),
    ([4, 4, 4, 4, 4], False, 16),
    ([4, 4, 4, 4, 1], True, 32),
    ([2, 2, 5, 5, 1], False, 14),
    ([4, 4, 4, 1, 2], False, 0),
])
def test_four_of_a_kind_can_count_as_two_pairs(dice, first_throw, expected):
    assert points_for("two_pairs", dice, first_throw,
                      four_of_a_kind_is_two_pairs=True) == expected


@pytest.mark.parametrize("dice, first_throw, expected", [
    ([3, 3, 3, 3, 3], False, 15),
    ([6, 6, 6, 6, 6], True, 60),
    ([2, 2, 6, 6, 6], False, 22),
    ([3, 3, 3, 3, 2], False, 0),
])
def test_five_of_a_kind_can_count_as_a_full_house(dice, first_throw, expected):
    assert points_for("full_house", dice, first_throw,
                      five_of_a_kind_is_full_house=True) == expected


@pytest.mark.parametrize("fields, dashed", [
    ({"dice": [1, 2, 3, 4, 6]}, True),
    ({"dash": True}, True),
    ({"score": 0}, True),
    ({"dice": [3, 3, 1, 2, 5]}, False),
    ({"score": 6}, False),
])
def test_a_combination_row_scoring_zero_is_shown_as_a_dash(fields, dashed):
    sheet = replay(rounds(UPPER) + [turn("Ann", "pair", **fields)])
    assert (sheet.to_dict()["dashes"]["Ann"] == ["pair"]) is dashed


@pytest.mark.parametrize("fields, doubled", [
    ({"dice": [3, 3, 1, 2, 5], "first_throw": True}, ["pair"]),
    ({"dice": [3, 3, 1, 2, 5], "first_throw": False}, []),
    ({"dice": [3, 3, 1, 2, 5]}, []),
    ({"dice": [1, 2, 3, 4, 6], "first_throw": True}, []),
    ({"score": 12}, []),
])
def test_the_sheet_lists_the_rows_doubled_by_a_first_throw(fields, doubled):
    sheet = replay(rounds(UPPER) + [turn("Ann", "pair", **fields)])
    assert sheet.to_dict()["doubled"] == {"Ann": doubled, "Ben": []}


def test_chance_on_the_first_throw_is_not_listed_as_doubled():
    entry = turn("Ann", "chance", dice=[6, 6, 6, 6, 5], first_throw=True)
    assert replay(rounds(UPPER) + [entry]).to_dict()["doubled"]["Ann"] == []


@pytest.mark.parametrize("row, score", [
    ("3", -9), ("3", 6), ("1", 2), ("pair", 24), ("pair", 2), ("two_pairs", 44),
    ("small_straight", 30), ("big_straight", 40), ("full_house", 56), ("full_house", 7),
    ("poker", 55), ("poker", 110), ("chance", 5), ("chance", 30), ("chance", 0),
])
def test_a_typed_score_the_row_can_take_is_written_as_is(row, score):
    before = rounds(UPPER) if row in LOWER else []
    sheet = replay(before + [turn("Ann", row, score=score)])
    assert sheet.to_dict()["rows"]["Ann"][row] == score


# -- turns, totals and the end -------------------------------------------------------


def test_a_new_game_starts_with_an_empty_sheet_and_the_first_seat_to_play():
    data = replay([]).to_dict()
    assert data["rows"]["Ann"] == dict.fromkeys(KEYS)
    assert data["next_player"] == "Ann"
    assert data["totals"] == {"Ann": 0, "Ben": 0}
    assert data["results"] == {}
    assert not data["finished"] and data["winners"] == []


@pytest.mark.parametrize("entries, next_player", [
    ([turn("Ann")], "Ben"),
    ([turn("Ann"), turn("Ben")], "Ann"),
    ([turn("Ben")], "Ann"),
    ([turn("Ben"), turn("Ann", "2")], "Ann"),
    ([turn("Ben"), turn("Ann", "2"), turn("Ann", "3")], "Ben"),
])
def test_the_next_player_is_the_first_seat_with_the_fewest_rows(entries, next_player):
    assert replay(entries).to_dict()["next_player"] == next_player


def test_the_totals_add_part_one_the_bonus_and_part_two():
    fills = {"Ann": {"6": {"score": 12}, "chance": {"score": 30}, "pair": {"score": 12}}}
    data = replay(full_game(fills=fills)).to_dict()
    assert (data["upper"]["Ann"], data["bonus"]["Ann"], data["lower"]["Ann"]) == (12, 50, 42)
    assert data["totals"] == {"Ann": 104, "Ben": 50}


def test_the_results_compare_each_total_with_the_average():
    fills = {"Ann": {"chance": {"score": 30}, "big_straight": {"score": 20}},
             "Ben": {"chance": {"score": 30}},
             "Cid": {"chance": {"score": 10}}}
    players = ["Ann", "Ben", "Cid"]
    data = replay(full_game(players, fills), players).to_dict()
    assert data["totals"] == {"Ann": 100, "Ben": 80, "Cid": 60}
    assert data["results"] == {"Ann": 20, "Ben": 0, "Cid": -20}
    assert data["finished"] and data["winners"] == ["Ann"]
    assert data["next_player"] is None


def test_fractional_results_are_json_floats():
    fills = {"Ann": {"chance": {"score": 6}}}
    players = ["Ann", "Ben", "Cid"]
    data = replay(full_game(players, fills), players).to_dict()
    assert data["results"]["Ann"] == pytest.approx(4)
    assert data["results"]["Ben"] == pytest.approx(-2)
    json.dumps(data)


def test_equal_highest_totals_share_the_win():
    sheet = replay(full_game())
    assert sheet.finished and sheet.winners == ["Ann", "Ben"]


# -- refusals ------------------------------------------------------------------------

UPPER_DONE = rounds(UPPER)
DONE = full_game()


@pytest.mark.parametrize("entries, index, message", [
    ([turn(dice=[1, 2, 3, 4])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice=[1, 2, 3, 4, 5, 6])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice=[1, 2, 3, 4, 7])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice=[0, 2, 3, 4, 5])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice=[True, 2, 3, 4, 5])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice=[1.0, 2, 3, 4, 5])], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dice="12345")], 0, "Ann's dice must be five numbers from 1 to 6."),
    ([turn(dash=True)], 0, "Ann cannot write a dash in row 1: part 1 scores every throw."),
    (UPPER_DONE + [turn(row="pair", dash=False)], 12, "Ann's dash must be written as true."),
    ([turn(), turn("Ben"), turn()], 2, "Ann already filled row 1."),
    (UPPER_DONE + [turn(row="pair"), turn("Ben", "pair"), turn(row="pair")], 14,
     "Ann already filled the pair row."),
    ([turn(row="pair")], 0, "Ann must fill rows 1 to 6 before the combinations."),
    ([turn(), turn(row="2")], 1, "It is Ben's turn: Ann has already played this round."),
    ([turn("Ben"), turn("Ben", "2")], 1, "It is Ann's turn: Ben has already played this round."),
    (UPPER_DONE + [turn(row="pair", score=7)], 12, "Ann cannot score 7 in the pair row: it takes 0, 2, 4, 6, 8, 10, 12, 16, 20 or 24."),
    (UPPER_DONE + [turn(row="poker", score=50)], 12, "Ann cannot score 50 in the poker row: it takes 0, 55, 60, 65, 70, 75, 80, 90, 100 or 110."),
    (UPPER_DONE + [turn(row="chance", score=31)], 12, "Ann cannot score 31 in the chance row."),
    (UPPER_DONE + [turn(row="chance", score=4)], 12, "Ann cannot score 4 in the chance row."),
    (UPPER_DONE + [turn(row="small_straight", score=20)], 12,
     "Ann cannot score 20 in the small straight row: it takes 0, 15 or 30."),
    ([turn(row="3", score=1)], 0, "Ann cannot score 1 in row 3: it takes -9, -6, -3, 0, 3 or 6."),
    ([turn(row="6", score=18)], 0, "Ann cannot score 18 in row 6: it takes -18, -12, -6, 0, 6 or 12."),
    ([turn(score="6")], 0, "Ann's score for row 1 must be a whole number."),
    ([turn(score=True)], 0, "Ann's score for row 1 must be a whole number."),
    ([turn(score=1.0)], 0, "Ann's score for row 1 must be a whole number."),
    ([turn(row="seven")], 0, "Ann's sheet has no row called “seven”."),
    ([{"player": "Ann", "score": 0}], 0, "Say which row Ann is filling."),
    ([turn("Zed")], 0, "Zed is not playing in this game."),
    ([{"row": "1", "score": 0}], 0, "Say which player is the one taking this turn."),
    ([{"player": "Ann", "row": "1"}], 0, "Give Ann's dice, a dash or a score for row 1."),
    ([turn(score=0, dice=[1, 1, 1, 1, 1])], 0,
     "Ann's turn has dice and a score for row 1: give one of them."),
    ([turn(dice=[1, 1, 1, 1, 1], first_throw="yes")], 0,
     "Ann's first throw mark must be on or off."),
    ([turn(score=2, first_throw=True)], 0,
     "Only dice can be marked as a first throw: Ann's typed score already includes any "
     "doubling."),
    ([turn(dice=[1, 1, 1, 1, 1], first_trow=True)], 0,
     "Ann's turn has no field called “first_trow”."),
    ([["Ann", "1", 0]], 0, "This turn is not readable."),
    (DONE + [turn()], len(DONE), "The game is over: no turn can be added."),
])
def test_a_bad_entry_is_refused_with_its_position_and_a_sentence(entries, index, message):
    error = refusal(entries)
    assert (error.index, str(error)) == (index, message)


@pytest.mark.parametrize("entry", [
    turn(dice=[1, 2, 3]), turn(dash=True), turn(row="3", score=1), turn(row="pair"),
])
def test_a_refusal_about_a_players_entry_names_that_player(entry):
    assert refusal([entry]).player == "Ann"


# ENTRIES.md 31 and STYLE.md 2: a refusal is a sentence naming the player and the number
@pytest.mark.parametrize("entry, words", [
    (turn(row="pair", score=7), ["Ann", "7"]),
    (turn(row="3", score=1), ["Ann", "1"]),
    (turn(row="pair", dash=False), ["Ann"]),
    (turn(dice=[1, 1, 1, 1, 1], first_throw="yes"), ["Ann"]),
    (turn(row="seven"), ["Ann", "seven"]),
    (turn(dice=[1, 1, 1, 1, 1], note=1), ["Ann", "note"]),
])
def test_a_refusal_about_a_players_entry_names_that_player_in_its_sentence(entry, words):
    before = UPPER_DONE if entry["row"] in LOWER else []
    error = refusal(before + [entry])
    assert all(word in str(error) for word in words)


@pytest.mark.parametrize("players, options, message", [
    (["Ann"], {}, "Dice poker needs 2 to 4 players, not 1."),
    (["A", "B", "C", "D", "E"], {}, "Dice poker needs 2 to 4 players, not 5."),
    (PLAYERS, {"jokers": True}, "Dice poker has no setting called “jokers”."),
])
def test_a_bad_setup_is_refused_without_a_position(players, options, message):
    error = refusal([], players, **options)
    assert (error.index, str(error)) == (None, message)


# -- the pad's helpers ---------------------------------------------------------------


def test_the_helpers_agree_with_the_worked_examples():
    assert score_row("6", [6, 6, 6, 6, 6]) == 12
    assert score_row("pair", [3, 3, 1, 2, 5], first_throw=True) == 12
    assert score_row("poker", [5, 5, 5, 5, 5], True) == 100
    assert makes("pair", [3, 3, 1, 2, 5]) and not makes("pair", [1, 2, 3, 4, 6])
    assert makes("two_pairs", [4, 4, 4, 4, 1], {"four_of_a_kind_is_two_pairs": True})
    assert makes("3", [1, 1, 1, 1, 1])


def test_allowed_rows_keeps_part_two_closed_until_part_one_is_full():
    assert allowed_rows({}) == UPPER
    assert allowed_rows({"1": 0, "2": None}) == UPPER[1:]
    assert allowed_rows(dict.fromkeys(UPPER, 0)) == LOWER
    assert allowed_rows({**dict.fromkeys(UPPER, 0), "pair": 6}) == LOWER[1:]


@pytest.mark.parametrize("row, scores", [
    ("3", [-9, -6, -3, 0, 3, 6]),
    ("small_straight", [0, 15, 30]),
    ("poker", [0, 55, 60, 65, 70, 75, 80, 90, 100, 110]),
    ("chance", [0, *range(5, 31)]),
])
def test_possible_scores_lists_every_value_a_row_can_hold(row, scores):
    assert possible_scores(row) == scores


@pytest.mark.parametrize("call", [
    lambda: score_row("seven", [1, 1, 1, 1, 1]),
    lambda: score_row("1", [1, 1, 1]),
    lambda: makes("pair", None),
    lambda: possible_scores(["pair"]),
    lambda: allowed_rows(None),
])
def test_the_helpers_refuse_bad_input_with_a_rule_error(call):
    with pytest.raises(RuleError):
        call()


# -- properties ----------------------------------------------------------------------

dice_st = st.lists(st.integers(1, 6), min_size=5, max_size=5)
options_st = st.fixed_dictionaries({"four_of_a_kind_is_two_pairs": st.booleans(),
                                    "five_of_a_kind_is_full_house": st.booleans()})


@st.composite
def valid_games(draw):
    """A finished game in any legal turn order, each row filled by dice, a dash or a score."""
    players = ["Ann", "Ben", "Cid", "Dee"][:draw(st.integers(2, 4))]
    options = draw(options_st)
    plans = {p: draw(st.permutations(UPPER)) + draw(st.permutations(LOWER)) for p in players}
    done = dict.fromkeys(players, 0)
    entries = []
    while min(done.values()) < len(KEYS):
        fewest = min(done.values())
        player = draw(st.sampled_from([p for p in players if done[p] == fewest]))
        row = plans[player][done[player]]
        forms = ["dice", "score"] + (["dash"] if row in LOWER else [])
        form = draw(st.sampled_from(forms))
        if form == "dice":
            fields = {"dice": draw(dice_st), "first_throw": draw(st.booleans())}
        elif form == "score":
            fields = {"score": draw(st.sampled_from(possible_scores(row, options)))}
        else:
            fields = {"dash": True}
        entries.append(turn(player, row, **fields))
        done[player] += 1
    return players, options, entries


@FUZZ
@given(valid_games(), st.data())
def test_any_legal_full_game_replays_and_its_sheet_adds_up(game, data):
    players, options, entries = game
    sheet = RULES.replay(players, options, entries)
    assert sheet.finished and sheet.to_dict()["next_player"] is None
    totals = sheet.totals
    for p in players:
        rows = sheet.to_dict()["rows"][p]
        assert None not in rows.values()
        # the totals are the sum of the rows shown, with the bonus for a part 1 of 0 or more
        assert sheet.to_dict()["upper"][p] == sum(rows[r] for r in UPPER)
        assert sheet.to_dict()["lower"][p] == sum(rows[r] for r in LOWER)
        assert sheet.to_dict()["bonus"][p] == (50 if sheet.to_dict()["upper"][p] >= 0 else 0)
        assert totals[p] == sum(rows.values()) + sheet.to_dict()["bonus"][p]
        # the results keep the totals' differences and sum to zero
        # (exact fractions, as the rules keep them; to_dict() makes them floats)
        results = sheet.extra["results"]
        for q in players:
            assert results[p] - results[q] == totals[p] - totals[q]
    assert sum(sheet.extra["results"].values()) == 0
    assert sheet.winners == [p for p in players if totals[p] == max(totals.values())]
    # each turn's row holds what it says: a typed score as typed, a dash as 0
    for entry in entries:
        shown = sheet.to_dict()["rows"][entry["player"]][entry["row"]]
        if "score" in entry:
            assert shown == entry["score"]
        elif "dash" in entry:
            assert shown == 0 and entry["row"] in sheet.to_dict()["dashes"][entry["player"]]
    # a replay of the first turns is the whole game's sheet as it stood then
    played = data.draw(st.integers(0, len(entries)), label="turns replayed")
    part = RULES.replay(players, options, entries[:played])
    assert part.progress == sheet.progress[:played]
    for p in players:
        for row, points in part.to_dict()["rows"][p].items():
            assert points is None or points == sheet.to_dict()["rows"][p][row]
    json.dumps(sheet.to_dict())


# the lowest and highest a row can hold, by hand from RULES.md section 1: a face row scores
# (count - 3) * face, from -3f to +2f, and is never doubled; a combination row is 0 at worst
# (a dash); the first throw doubles it, except chance, and the poker 50 comes after doubling
ROW_RANGE = {  # row: (lowest, highest on a later throw, highest on the first throw)
    "1": (-3, 2, 2), "2": (-6, 4, 4), "3": (-9, 6, 6),
    "4": (-12, 8, 8), "5": (-15, 10, 10), "6": (-18, 12, 12),
    "pair": (0, 12, 24),                # 6 6
    "two_pairs": (0, 22, 44),           # 6 6 5 5
    "three_of_a_kind": (0, 18, 36),     # 6 6 6
    "small_straight": (0, 15, 30),
    "big_straight": (0, 20, 40),
    "full_house": (0, 28, 56),          # 6 6 6 5 5
    "four_of_a_kind": (0, 24, 48),      # 6 6 6 6
    "poker": (0, 80, 110),              # 30 + 50, 2 * 30 + 50
    "chance": (0, 30, 30),              # never doubled; any five dice make at least 5
}
# the settings raise two rows: four 6s as two pairs (24), five 6s as a full house (30)
ROW_RANGE_WITH = {"four_of_a_kind_is_two_pairs": ("two_pairs", (0, 24, 48)),
                  "five_of_a_kind_is_full_house": ("full_house", (0, 30, 60))}


def row_range(row, options):
    for option, (raised, bounds) in ROW_RANGE_WITH.items():
        if options.get(option) and row == raised:
            return bounds
    return ROW_RANGE[row]


def test_the_row_table_covers_every_row():
    assert list(ROW_RANGE) == KEYS


# dice that reach each bound of the table, so that its highs and lows are not just loose
@pytest.mark.parametrize("row, dice, first_throw, options, bound", [
    ("1", [2, 3, 4, 5, 6], False, {}, "lowest"),
    ("1", [1, 1, 1, 1, 1], False, {}, "later"),
    ("1", [1, 1, 1, 1, 1], True, {}, "first"),
    ("6", [1, 2, 3, 4, 5], True, {}, "lowest"),
    ("6", [6, 6, 6, 6, 6], True, {}, "first"),
    ("pair", [1, 2, 3, 4, 6], True, {}, "lowest"),
    ("pair", [6, 6, 1, 2, 3], False, {}, "later"),
    ("pair", [6, 6, 5, 5, 5], True, {}, "first"),
    ("two_pairs", [6, 6, 6, 6, 1], True, {}, "lowest"),
    ("two_pairs", [6, 6, 5, 5, 4], False, {}, "later"),
    ("two_pairs", [5, 6, 5, 6, 6], True, {}, "first"),
    ("two_pairs", [6, 6, 6, 6, 1], False, {"four_of_a_kind_is_two_pairs": True}, "later"),
    ("two_pairs", [6, 6, 6, 6, 6], True, {"four_of_a_kind_is_two_pairs": True}, "first"),
    ("three_of_a_kind", [6, 6, 6, 1, 2], False, {}, "later"),
    ("three_of_a_kind", [6, 6, 6, 6, 6], True, {}, "first"),
    ("small_straight", [5, 4, 3, 2, 1], False, {}, "later"),
    ("small_straight", [1, 2, 3, 4, 5], True, {}, "first"),
    ("small_straight", [2, 3, 4, 5, 6], True, {}, "lowest"),
    ("big_straight", [2, 3, 4, 5, 6], False, {}, "later"),
    ("big_straight", [6, 5, 4, 3, 2], True, {}, "first"),
    ("full_house", [6, 6, 6, 5, 5], False, {}, "later"),
    ("full_house", [5, 6, 5, 6, 6], True, {}, "first"),
    ("full_house", [6, 6, 6, 6, 6], True, {}, "lowest"),
    ("full_house", [6, 6, 6, 6, 6], True, {"five_of_a_kind_is_full_house": True}, "first"),
    ("four_of_a_kind", [6, 6, 6, 6, 5], False, {}, "later"),
    ("four_of_a_kind", [6, 6, 6, 6, 6], True, {}, "first"),
    ("poker", [6, 6, 6, 6, 5], True, {}, "lowest"),
    ("poker", [6, 6, 6, 6, 6], False, {}, "later"),
    ("poker", [6, 6, 6, 6, 6], True, {}, "first"),
    ("chance", [6, 6, 6, 6, 6], False, {}, "later"),
    ("chance", [6, 6, 6, 6, 6], True, {}, "first"),
])
def test_the_row_table_bounds_are_reached_by_these_dice(row, dice, first_throw, options, bound):
    low, later, first = row_range(row, options)
    expected = {"lowest": low, "later": later, "first": first}[bound]
    assert points_for(row, dice, first_throw, **options) == expected


@FUZZ
@given(st.sampled_from(KEYS), dice_st, st.booleans(), options_st)
def test_dice_never_score_outside_the_rows_range(row, dice, first_throw, options):
    low, later, first = row_range(row, options)
    points = points_for(row, dice, first_throw, **options)
    assert low <= points <= (first if first_throw else later)
    # what the dice made can be typed in as a score, and reads the same
    before = rounds(UPPER) if row in LOWER else []
    typed = replay(before + [turn("Ann", row, score=points)], **options)
    assert typed.to_dict()["rows"]["Ann"][row] == points


@FUZZ
@given(st.sampled_from(KEYS), dice_st, options_st)
def test_the_first_throw_only_ever_doubles_a_combination(row, dice, options):
    later = points_for(row, dice, False, **options)
    first = points_for(row, dice, True, **options)
    if row in UPPER or row == "chance":
        assert first == later
    elif row == "poker" and later:
        assert first - 50 == 2 * (later - 50)
    else:
        assert first == 2 * later


json_st = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=6),
    max_leaves=20,
)
# turns in seating order with any field possibly replaced, so the fuzz reaches the deep checks
turn_like_st = st.fixed_dictionaries(
    # part 1 rows twice as often, since part 2 is closed until they are filled
    {"row": st.sampled_from(KEYS) | st.sampled_from(UPPER) | json_st},
    optional={"player": json_st, "dice": dice_st | json_st, "dash": st.just(True) | json_st,
              "score": st.integers(-20, 120) | json_st, "first_throw": st.booleans() | json_st},
)


@FUZZ
@given(st.booleans(), st.lists(turn_like_st | json_st, max_size=8))
def test_any_json_document_as_an_entry_is_refused_only_with_a_rule_error(after_part_one, docs):
    for position, doc in enumerate(docs):
        if isinstance(doc, dict):
            doc.setdefault("player", PLAYERS[position % 2])
    entries = (UPPER_DONE if after_part_one else []) + docs
    try:
        replay(entries)
    except RuleError as error:
        assert error.index is not None and str(error)


TURNS = [{"player": "Ann", "row": "1", "score": 0}, {"player": "Ben", "row": "1", "score": 0},
         {"player": "Ann", "row": "2", "score": 0}, {"player": "Ann", "row": "3", "score": 0}]


@pytest.mark.parametrize("position, name", [
    (0, "Ann's turn in round 1"), (1, "Ben's turn in round 1"), (2, "Ann's turn in round 2"),
    (3, "Ann's turn in round 3"), (4, "the last turn"), (-1, "the last turn"),
])
def test_a_turn_is_named_by_its_players_round_not_its_place_in_the_list(position, name):
    assert RULES.entry_name(TURNS, position) == name
