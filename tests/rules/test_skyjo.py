import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import RuleError
from companion.kinds.skyjo.rules import (DECK, MAX_SCORE, MIN_SCORE, RULES, grid_score,
                                   removed_at_reveal)

PAIR = ["Ann", "Ben"]
TRIO = ["Ann", "Ben", "Cid"]
# the example grid of ENTRIES.md: a column of 12s standing, the last column gone in play
BEN_GRID = [12, 5, 0, None, 12, -1, 3, None, 12, 8, 7, None]


def round_(finisher, **scores):
    """A round whose hands are typed scores, or grids when the value is a list."""
    hands = {name: {"grid": value} if isinstance(value, list) else {"score": value}
             for name, value in scores.items()}
    return {"finisher": finisher, "hands": hands}


def grid(*columns):
    """Four columns (top card first, None for a column gone in play) read row by row."""
    filled = [column or (None, None, None) for column in columns]
    return [filled[c][r] for r in range(3) for c in range(4)]


def play(*entries, players=PAIR, **options):
    return RULES.replay(list(players), options, list(entries))


def error_of(*entries, players=PAIR, **options):
    with pytest.raises(RuleError) as caught:
        play(*entries, players=players, **options)
    return caught.value


# -- the kind itself -----------------------------------------------------------------


def test_kind_describes_itself():
    assert (RULES.kind, RULES.title, RULES.entry_noun, RULES.best) == (
        "skyjo", "Skyjo", "round", "low")
    assert (RULES.min_players, RULES.max_players) == (2, 8)
    assert RULES.blurb
    assert RULES.default_options == {
        "double_non_positive": False, "remove_columns_at_reveal": True, "target": 100}


def test_deck_holds_150_cards():
    assert sum(DECK.values()) == 150
    assert (DECK[-2], DECK[-1], DECK[0], DECK[12]) == (5, 10, 15, 10)
    assert (MIN_SCORE, MAX_SCORE) == (-17, 140)


def test_new_game_has_zero_totals_and_no_starter():
    sheet = play(players=TRIO)
    assert sheet.totals == {"Ann": 0, "Ben": 0, "Cid": 0}
    assert not sheet.finished and sheet.winners == []
    assert sheet.to_dict()["next_starter"] is None


def test_sheet_dict_has_every_key_and_is_json():
    data = play(round_("Ann", Ann=10, Ben=BEN_GRID)).to_dict()
    assert set(data) >= {"kind", "players", "options", "totals", "finished", "winners",
                         "rounds", "raw", "doubled", "next_starter"}
    assert json.loads(json.dumps(data)) == data
    assert data["raw"] == [{"Ann": 10, "Ben": 22}]


# -- the examples of RULES.md and ENTRIES.md --------------------------------------------


@pytest.mark.parametrize("entry, players, options, rounds, doubled", [
    pytest.param(round_("Ann", Ann=10, Ben=BEN_GRID), PAIR, {},
                 {"Ann": 10, "Ben": 22}, None, id="ben's grid scores 22"),
    pytest.param(round_("Ann", Ann=10, Ben=BEN_GRID), PAIR, {"remove_columns_at_reveal": False},
                 {"Ann": 10, "Ben": 58}, None, id="ben's grid scores 58 keeping columns"),
    pytest.param(round_("Ann", Ann=10, Ben=24, Cid=10), TRIO, {},
                 {"Ann": 20, "Ben": 24, "Cid": 10}, "Ann", id="finisher tied at 10 scores 20"),
    pytest.param(round_("Ann", Ann=-4, Ben=-5), PAIR, {},
                 {"Ann": -4, "Ben": -5}, None, id="finisher at -4 stays -4"),
])
def test_rule_book_examples_score_as_written(entry, players, options, rounds, doubled):
    sheet = play(entry, players=players, **options)
    assert sheet.to_dict()["rounds"] == [rounds]
    assert sheet.to_dict()["doubled"] == [doubled]
    assert sheet.totals == rounds


# -- the finisher penalty ------------------------------------------------------------------


@pytest.mark.parametrize("finisher, other, double_non_positive, points, doubled", [
    (10, 11, False, 10, False),
    (10, 10, False, 20, True),
    (10, 9, False, 20, True),
    (1, 1, False, 2, True),
    (0, 0, False, 0, False),
    (0, -3, True, 0, True),
    (-4, -5, False, -4, False),
    (-4, -4, True, -8, True),
    (-4, -3, True, -4, False),
])
def test_finisher_is_doubled_only_when_not_strictly_lowest(
        finisher, other, double_non_positive, points, doubled):
    sheet = play(round_("Ann", Ann=finisher, Ben=other), double_non_positive=double_non_positive)
    assert sheet.to_dict()["rounds"] == [{"Ann": points, "Ben": other}]
    assert sheet.to_dict()["doubled"] == ["Ann" if doubled else None]
    assert sheet.to_dict()["raw"] == [{"Ann": finisher, "Ben": other}]


def test_other_players_are_never_doubled():
    sheet = play(round_("Ben", Ann=30, Ben=5, Cid=30), players=TRIO)
    assert sheet.to_dict()["rounds"] == [{"Ann": 30, "Ben": 5, "Cid": 30}]


# -- grids and columns ---------------------------------------------------------------------


@pytest.mark.parametrize("cards, remove_columns, score", [
    (grid((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)), True, 78),
    (grid((1, 2, 3), (4, 5, 6), (7, 8, 9), None), True, 45),
    (grid(None, None, None, None), True, 0),
    (grid((5, 5, 5), (1, 2, 3), None, None), True, 6),
    (grid((5, 5, 5), (1, 2, 3), None, None), False, 21),
    (grid((-2, -2, -2), (0, 0, 1), None, None), True, 1),
    (grid((-2, -2, -2), (0, 0, 1), None, None), False, -5),
    (BEN_GRID, True, 22),
    (BEN_GRID, False, 58),
])
def test_grid_score_drops_columns_gone_in_play_and_equal_columns_at_reveal(
        cards, remove_columns, score):
    assert grid_score(cards, remove_columns) == score


@pytest.mark.parametrize("cards", [
    None, "12", [1] * 11, [1] * 13, [1.0] * 12, [True] * 12, [13] + [0] * 11,
    [None] + [0] * 11, [12] * 11 + [0],
])
def test_grid_score_refuses_a_bad_grid(cards):
    with pytest.raises(RuleError):
        grid_score(cards, True)


@pytest.mark.parametrize("cards, remove_columns, removed", [
    (grid((5, 5, 5), (1, 2, 3), (4, 5, 0), (6, 2, 1)), True, {0: 5}),
    (grid((5, 5, 5), (1, 2, 3), (4, 5, 0), (6, 2, 1)), False, {}),
    (grid((1, 2, 3), (12, 12, 12), (0, 0, 1), (-2, -2, -2)), True, {1: 12, 3: -2}),
    # a column gone in play is not one removed at the reveal
    (grid(None, (1, 2, 3), None, None), True, {}),
    (BEN_GRID, True, {0: 12}),
    (grid((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)), True, {}),
])
def test_removed_at_reveal_names_each_column_of_three_equal_cards(cards, remove_columns, removed):
    assert removed_at_reveal(cards, remove_columns) == removed


def test_removed_at_reveal_refuses_a_bad_grid():
    with pytest.raises(RuleError):
        removed_at_reveal([13] + [0] * 11, True)


@pytest.mark.parametrize("cards, message, field", [
    ([1] * 5 + [13] + [1] * 6, "Ben's grid has a card of 13; cards run from -2 to 12.", "grid.5"),
    ([None] + [1] * 11, "Ben's grid has an empty place in column 1 beside cards still "
     "standing; a column is discarded whole.", None),
])
def test_grid_score_names_the_player_whose_grid_is_wrong(cards, message, field):
    with pytest.raises(RuleError) as caught:
        grid_score(cards, True, "Ben")
    assert (str(caught.value), caught.value.player, caught.value.field) == (message, "Ben", field)


def test_grid_cards_count_as_the_player_scores():
    cards = grid((5, 5, 5), (1, 2, 3), None, None)
    kept = play(round_("Ann", Ann=cards, Ben=40), remove_columns_at_reveal=False)
    removed = play(round_("Ann", Ann=cards, Ben=40))
    assert (kept.totals["Ann"], removed.totals["Ann"]) == (21, 6)


# -- the deck ----------------------------------------------------------------------------


def test_grids_may_share_out_the_whole_deck_of_a_value():
    ann = grid((-2, -2, 0), (-2, 1, 1), None, None)
    ben = grid((-2, -2, 3), None, None, None)
    assert play(round_("Ann", Ann=ann, Ben=ben)).totals == {"Ann": -4, "Ben": -1}


def test_grids_may_not_hold_more_of_a_value_than_the_deck():
    ann = grid((-2, -2, 0), (-2, 1, 1), None, None)
    ben = grid((-2, -2, -2), None, None, None)
    error = error_of(round_("Ann", Ann=ann, Ben=ben))
    assert str(error) == "Ann and Ben hold 6 cards of -2 between them; the deck has 5."
    assert error.index == 0


# ENTRIES.md 31 and STYLE.md 2: a refusal is a sentence naming the players and the number
def test_a_deck_overflow_names_only_the_players_whose_grids_hold_that_value():
    ann, ben = grid((-2, -2, -2), (-2, 1, 2), None, None), grid((-2, -2, 4), None, None, None)
    error = error_of(round_("Ann", Ann=ann, Ben=5, Cid=[0] * 12, Dan=ben),
                     players=["Ann", "Ben", "Cid", "Dan"])
    assert str(error) == "Ann and Dan hold 6 cards of -2 between them; the deck has 5."


def test_cards_in_columns_removed_at_reveal_still_count_against_the_deck():
    ann = grid((12, 12, 12), (12, 12, 12), (12, 12, 12), None)
    ben = grid((12, 12, 1), None, None, None)
    assert "11 cards of 12" in str(error_of(round_("Ann", Ann=ann, Ben=ben)))


def test_typed_scores_and_discarded_columns_do_not_count_against_the_deck():
    ann = grid((-2, -2, 1), (-2, -2, 1), (-2, 1, 1), None)
    sheet = play(round_("Ann", Ann=ann, Ben=-17, Cid=grid(None, None, None, None)),
                 players=TRIO)
    assert sheet.totals == {"Ann": -6, "Ben": -17, "Cid": 0}


# -- score range -------------------------------------------------------------------------


@pytest.mark.parametrize("score", [-17, 140])
def test_score_at_the_range_edge_is_accepted(score):
    assert play(round_("Ann", Ann=0, Ben=score)).totals["Ben"] == score


@pytest.mark.parametrize("score, message", [
    (-18, "Ben's score of -18 is less than a Skyjo hand can hold (-17 at least)."),
    (141, "Ben's score of 141 is more than a Skyjo hand can hold (140 at most)."),
    (150, "Ben's score of 150 is more than a Skyjo hand can hold (140 at most)."),
])
def test_score_outside_the_range_is_refused(score, message):
    error = error_of(round_("Ann", Ann=0, Ben=score))
    assert (str(error), error.index, error.player) == (message, 0, "Ben")


# -- end of the game ---------------------------------------------------------------------


def test_game_goes_on_below_the_target():
    sheet = play(round_("Ann", Ann=40, Ben=99))
    assert not sheet.finished and sheet.winners == []


def test_game_ends_when_a_total_reaches_the_target():
    sheet = play(round_("Ann", Ann=40, Ben=60), round_("Ann", Ann=10, Ben=40))
    assert sheet.totals == {"Ann": 50, "Ben": 100}
    assert sheet.finished and sheet.winners == ["Ann"]


def test_custom_target_ends_the_game_sooner():
    sheet = play(round_("Ann", Ann=5, Ben=30), target=30)
    assert sheet.finished and sheet.winners == ["Ann"]


def test_equal_lowest_totals_share_the_win():
    sheet = play(round_("Ben", Ann=10, Ben=5, Cid=90), round_("Ann", Ann=-5, Ben=0, Cid=20),
                 players=TRIO)
    assert sheet.totals == {"Ann": 5, "Ben": 5, "Cid": 110}
    assert sheet.finished and sheet.winners == ["Ann", "Ben"]


def test_a_round_after_the_end_is_refused():
    error = error_of(round_("Ann", Ann=5, Ben=30), round_("Ann", Ann=5, Ben=5), target=30)
    assert error.index == 1
    assert "over" in str(error)


# -- who starts the next round ------------------------------------------------------------


@pytest.mark.parametrize("rounds, starter", [
    pytest.param([], None, id="nobody before round one"),
    pytest.param([round_("Ann", Ann=5, Ben=3, Cid=9)], "Ben", id="lowest round score"),
    pytest.param([round_("Ann", Ann=5, Ben=5, Cid=9)], "Ben", id="after doubling"),
    pytest.param([round_("Ann", Ann=9, Ben=3, Cid=3)], "Ben", id="tie in round one from seat one"),
    pytest.param([round_("Ben", Ann=3, Ben=9, Cid=3)], "Ann", id="tie in round one, first seat"),
    pytest.param([round_("Ann", Ann=9, Ben=3, Cid=9), round_("Ben", Ann=1, Ben=5, Cid=1)], "Cid",
                 id="tie counts from the previous starter"),
    pytest.param([round_("Ann", Ann=9, Ben=9, Cid=3), round_("Ben", Ann=1, Ben=5, Cid=1)], "Cid",
                 id="tie won by the previous starter"),
])
def test_next_starter_is_the_last_round_winner(rounds, starter):
    assert play(*rounds, players=TRIO).to_dict()["next_starter"] == starter


# -- bad entries -------------------------------------------------------------------------

OK = round_("Ann", Ann=10, Ben=20)


@pytest.mark.parametrize("entry, words, player", [
    ("round", ["not readable"], None),
    ({"hands": OK["hands"]}, ["finisher"], None),
    ({"finisher": 5, "hands": OK["hands"]}, ["finisher"], None),
    ({"finisher": "Zed", "hands": OK["hands"]}, ["Zed"], None),
    ({"finisher": "Ann"}, ["hand"], None),
    ({"finisher": "Ann", "hands": [10, 20]}, ["hand"], None),
    (round_("Ann", Ann=10, Ben=20, Zed=5), ["Zed"], None),
    (round_("Ann", Ann=10), ["Ben", "missing"], "Ben"),
    ({"finisher": "Ann", "hands": {"Ann": {"score": 1}, "Ben": 20}}, ["Ben"], "Ben"),
    ({"finisher": "Ann", "hands": {"Ann": {"score": 1}, "Ben": {}}}, ["Ben"], "Ben"),
    ({"finisher": "Ann", "hands": {"Ann": {"score": 1}, "Ben": {"score": 2, "grid": BEN_GRID}}},
     ["Ben", "both"], "Ben"),
    (round_("Ann", Ann=10, Ben=True), ["Ben", "whole number"], "Ben"),
    (round_("Ann", Ann=10, Ben=5.0), ["Ben", "whole number"], "Ben"),
    (round_("Ann", Ann=10, Ben="5"), ["Ben", "whole number"], "Ben"),
    (round_("Ann", Ann=10, Ben=None), ["Ben", "whole number"], "Ben"),
    ({"finisher": "Ann", "hands": {"Ann": {"score": 1}, "Ben": {"grid": "12"}}}, ["Ben", "12"],
     "Ben"),
    (round_("Ann", Ann=10, Ben=[1] * 11), ["Ben", "11"], "Ben"),
    (round_("Ann", Ann=10, Ben=[1] * 13), ["Ben", "13"], "Ben"),
    (round_("Ann", Ann=10, Ben=[True] + [1] * 11), ["Ben", "place 1"], "Ben"),
    (round_("Ann", Ann=10, Ben=[1] * 11 + [2.0]), ["Ben", "place 12"], "Ben"),
    (round_("Ann", Ann=10, Ben=[1] * 5 + ["x"] + [1] * 6), ["Ben", "place 6"], "Ben"),
    (round_("Ann", Ann=10, Ben=[13] + [1] * 11), ["Ben", "13"], "Ben"),
    (round_("Ann", Ann=10, Ben=[-3] + [1] * 11), ["Ben", "-3"], "Ben"),
    (round_("Ann", Ann=10, Ben=grid((1, 2, 3), (None, None, 4), None, None)),
     ["Ben", "column 2"], "Ben"),
    (round_("Ann", Ann=10, Ben=[12] * 11 + [1]), ["Ben", "11 cards of 12", "10"], "Ben"),
    (round_("Ann", Ann=[0] * 12, Ben=[0, 0, 0, 1] * 3), ["Ann and Ben", "15", "21 cards of 0"],
     None),
])
def test_bad_round_is_refused_with_its_position_and_player(entry, words, player):
    error = error_of(OK, entry)
    assert error.index == 1
    assert error.player == player
    for word in words:
        assert word in str(error)


def test_bad_first_round_has_position_zero():
    assert error_of(round_("Ann", Ann=10, Ben=141), OK).index == 0


def test_entries_that_are_not_a_list_are_refused():
    with pytest.raises(RuleError):
        RULES.replay(PAIR, {}, "round")


# -- bad setups --------------------------------------------------------------------------


@pytest.mark.parametrize("players, options", [
    (["Ann"], {}),
    ([f"P{n}" for n in range(9)], {}),
    (["Ann", "ann"], {}),
    (["Ann", ""], {}),
    ("Ann", {}),
    (PAIR, {"jokers": 2}),
    (PAIR, {"target": "100"}),
    (PAIR, {"target": 5}),
    (PAIR, {"target": 1001}),
    (PAIR, {"double_non_positive": 1}),
    (PAIR, {"remove_columns_at_reveal": "yes"}),
    (PAIR, []),
])
def test_bad_setup_is_refused_without_a_position(players, options):
    with pytest.raises(RuleError) as caught:
        RULES.replay(players, options, [])
    assert caught.value.index is None


def test_eight_players_may_play():
    players = [f"P{n}" for n in range(8)]
    assert play(players=players).totals == {p: 0 for p in players}


# -- properties --------------------------------------------------------------------------


@st.composite
def games(draw):
    players = [f"P{n}" for n in range(draw(st.integers(2, 8)))]
    target = draw(st.integers(10, 400))
    options = {"target": target, "double_non_positive": draw(st.booleans()),
               "remove_columns_at_reveal": draw(st.booleans())}
    entries = []
    for _ in range(draw(st.integers(0, 8))):
        deck = [value for value, copies in DECK.items() for _ in range(copies)]
        draw(st.randoms(use_true_random=False)).shuffle(deck)
        hands = {}
        for seat, player in enumerate(players):
            if draw(st.booleans()):
                hands[player] = {"score": draw(st.integers(MIN_SCORE, MAX_SCORE))}
                continue
            cards = deck[seat * 12:seat * 12 + 12]
            for column in range(4):
                if draw(st.booleans()) and draw(st.booleans()):
                    cards[column::4] = [None] * 3
            hands[player] = {"grid": cards}
        entries.append({"finisher": draw(st.sampled_from(players)), "hands": hands})
    return players, options, entries


@settings(max_examples=200, deadline=None)
@given(games())
def test_valid_games_replay_and_totals_are_the_sum_of_rounds(game):
    players, options, entries = game
    for played in range(len(entries) + 1):
        sheet = RULES.replay(players, options, entries[:played])
        if sheet.finished:
            break
    assert len(sheet.to_dict()["rounds"]) == played
    assert sheet.totals == {p: sum(points[p] for points in sheet.to_dict()["rounds"]) for p in players}
    assert sheet.finished == any(t >= options["target"] for t in sheet.totals.values())
    for points, raw, doubled in zip(sheet.to_dict()["rounds"], sheet.to_dict()["raw"], sheet.to_dict()["doubled"]):
        assert all(points[p] == raw[p] for p in players if p != doubled)
        if doubled:
            assert points[doubled] == 2 * raw[doubled]
    assert (sheet.to_dict()["next_starter"] is None) == (played == 0)


LEAVES = (st.none() | st.booleans() | st.integers(-20, 200) | st.integers()
          | st.floats() | st.text(max_size=5))
JSONISH = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=13)
                       | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
NAMES = st.sampled_from(TRIO + ["Zed", ""]) | st.text(max_size=4)
HANDS = (JSONISH
         | st.fixed_dictionaries({"score": JSONISH})
         | st.fixed_dictionaries({"grid": st.lists(st.none() | st.integers(-3, 13),
                                                   min_size=11, max_size=13)
                                  | st.lists(LEAVES, min_size=11, max_size=13)}))
# mostly near-valid rounds, so that the checks deep inside a hand are reached too
ENTRIES = (st.fixed_dictionaries({"finisher": st.sampled_from(TRIO),
                                  "hands": st.fixed_dictionaries({p: HANDS for p in TRIO})})
           | st.fixed_dictionaries({"finisher": NAMES | JSONISH,
                                    "hands": st.dictionaries(NAMES, HANDS, max_size=4) | JSONISH})
           | JSONISH)


@settings(max_examples=200, deadline=None)
@given(st.lists(ENTRIES, max_size=4) | JSONISH, st.booleans())
def test_any_document_raises_nothing_but_a_rule_error(entries, remove_columns):
    try:
        sheet = RULES.replay(TRIO, {"remove_columns_at_reveal": remove_columns}, entries)
    except RuleError as error:
        assert str(error)
    else:
        json.dumps(sheet.to_dict(), allow_nan=False)
