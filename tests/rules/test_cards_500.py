import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import RuleError
from companion.kinds.cards_500.rules import CARD_TYPES, RULES, copies, hand_points

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]
ONE_CARD = {"threes_to_nines": 1}


def hand(out="Ann", players=PLAYERS, **hands):
    """A hand where everyone but `out` holds one small card unless told otherwise."""
    doc = {p: dict(ONE_CARD) for p in players if p != out}
    doc.update(hands)
    return {"out": out, "hands": doc}


def scored(out="Ann", players=PLAYERS, **points):
    """A hand with typed points: 5 for everyone not named."""
    return hand(out, players, **{p: {"points": points.get(p, 5)} for p in players if p != out})


def replay(entries=(), players=PLAYERS, **options):
    return RULES.replay(players, options, list(entries))


def refused(entries, players=PLAYERS, **options):
    with pytest.raises(RuleError) as caught:
        replay(entries, players, **options)
    return caught.value


# -- the module's public figures --------------------------------------------------


def test_rules_describe_the_game():
    assert (RULES.kind, RULES.title, RULES.entry_noun, RULES.best) == (
        "cards_500", "Card game to 500", "hand", "low")
    assert (RULES.min_players, RULES.max_players) == (4, 10)
    assert RULES.default_options == {"extra_jokers": 0, "extra_twos": 0, "target": 500}
    assert "King" in RULES.blurb and "+5" in RULES.blurb


def test_card_types_are_listed_from_jokers_down():
    assert [(key, points) for key, _, points in CARD_TYPES] == [
        ("jokers", 50), ("twos", 20), ("aces", 15), ("tens_to_kings", 10),
        ("threes_to_nines", 5)]


@pytest.mark.parametrize("options, expected", [
    ({}, {"jokers": 8, "twos": 16, "aces": 16, "tens_to_kings": 64, "threes_to_nines": 112}),
    ({"extra_jokers": 3}, {"jokers": 11, "twos": 16, "aces": 16, "tens_to_kings": 64,
                           "threes_to_nines": 112}),
    ({"extra_twos": 4, "extra_jokers": 1}, {"jokers": 9, "twos": 20, "aces": 16,
                                            "tens_to_kings": 64, "threes_to_nines": 112}),
])
def test_shoe_holds_four_decks_plus_extras(options, expected):
    assert copies(options) == expected


# -- scoring a hand ------------------------------------------------------------------


@pytest.mark.parametrize("key, points", [
    ("jokers", 50), ("twos", 20), ("aces", 15), ("tens_to_kings", 10), ("threes_to_nines", 5),
])
def test_each_card_type_scores_its_points(key, points):
    sheet = replay([hand(Ben={key: 1})])
    assert sheet.totals["Ben"] == points


@pytest.mark.parametrize("counts, points", [
    ({"jokers": 1, "twos": 0, "aces": 2, "tens_to_kings": 1, "threes_to_nines": 3}, 105),
    ({"twos": 2, "threes_to_nines": 1}, 45),
    ({"jokers": 2, "aces": 1}, 115),
    ({"tens_to_kings": 4, "threes_to_nines": 4}, 60),
    ({"jokers": 1, "twos": 1, "aces": 1, "tens_to_kings": 1, "threes_to_nines": 1}, 100),
])
def test_mixed_hand_sums_its_cards(counts, points):
    assert hand_points(counts) == points
    assert replay([hand(Ben=counts)]).totals["Ben"] == points


@pytest.mark.parametrize("points", [5, 45, 100, 2160])
def test_typed_points_are_taken_as_given(points):
    assert replay([hand(Cid={"points": points})]).totals["Cid"] == points


def test_typed_points_may_reach_a_shoe_with_extra_cards():
    sheet = replay([hand(Cid={"points": 2160 + 50 * 2 + 20 * 3})], extra_jokers=2, extra_twos=3)
    assert sheet.totals["Cid"] == 2320


def test_player_who_went_out_scores_zero():
    sheet = replay([hand(out="Cid", Ben={"aces": 1}, Ann={"points": 30})])
    assert sheet.to_dict()["hands"] == [{"Ann": 30, "Ben": 15, "Cid": 0, "Dan": 5}]
    assert sheet.to_dict()["outs"] == ["Cid"]


def test_scores_accumulate_over_hands():
    sheet = replay([scored(Ben=20), scored(out="Ben", Ann=40), scored(Ben=10, Dan=35)])
    assert sheet.totals == {"Ann": 40, "Ben": 30, "Cid": 15, "Dan": 45}
    assert sheet.to_dict()["outs"] == ["Ann", "Ben", "Ann"]
    assert [sum(h.values()) for h in sheet.to_dict()["hands"]] == [30, 50, 50]


def test_leaders_have_the_lowest_total_and_nobody_leads_before_a_hand():
    assert replay().to_dict()["leaders"] == []
    sheet = replay([scored(Ben=20), scored(out="Cid", Ann=20)])
    assert sheet.to_dict()["leaders"] == ["Cid"]


def test_to_dict_is_json_and_carries_the_hands():
    data = replay([hand(Ben={"aces": 1})]).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["kind"] == "cards_500"
    assert data["players"] == PLAYERS
    assert data["options"] == {"extra_jokers": 0, "extra_twos": 0, "target": 500}
    assert data["totals"] == {"Ann": 0, "Ben": 15, "Cid": 5, "Dan": 5}
    assert (data["finished"], data["winners"]) == (False, [])
    assert data["hands"] == [{"Ann": 0, "Ben": 15, "Cid": 5, "Dan": 5}]
    assert (data["outs"], data["dealer"], data["leaders"]) == (["Ann"], "Ben", ["Ann"])


# -- the dealer ----------------------------------------------------------------------


@pytest.mark.parametrize("hands", range(12))
@pytest.mark.parametrize("players", [PLAYERS, PLAYERS + ["Eve"]])
def test_dealer_moves_one_seat_each_hand(players, hands):
    sheet = replay([scored(players=players)] * hands, players=players)
    assert sheet.to_dict()["dealer"] == players[hands % len(players)]


# -- the end of the game ---------------------------------------------------------------


def test_game_goes_on_below_the_target():
    sheet = replay([scored(Ben=495)])
    assert (sheet.finished, sheet.winners) == (False, [])


@pytest.mark.parametrize("points", [500, 505, 900])
def test_game_ends_when_a_total_reaches_500(points):
    sheet = replay([scored(Ben=300), scored(Ben=points - 300, Cid=10)])
    assert sheet.finished
    assert sheet.totals["Ben"] == points
    assert sheet.winners == ["Ann"]


def test_game_ends_at_a_custom_target():
    sheet = replay([scored(Ben=95), scored(out="Cid", Ann=10, Ben=5)], target=100)
    assert sheet.finished
    assert sheet.winners == ["Cid"]


def test_custom_target_above_500_lets_the_game_go_on():
    assert not replay([scored(Ben=600)], target=1000).finished


def test_equal_lowest_totals_share_the_win():
    sheet = replay([scored(Ben=300, Dan=10), scored(out="Cid", Ann=5, Ben=200, Dan=10)])
    assert sheet.totals == {"Ann": 5, "Ben": 500, "Cid": 5, "Dan": 20}
    assert sheet.winners == ["Ann", "Cid"]


def test_a_hand_after_the_end_is_refused():
    error = refused([scored(Ben=500), scored()])
    assert error.index == 1
    assert "over" in str(error)


# -- bad hands -------------------------------------------------------------------------


def without(doc, name):
    return {**doc, "hands": {p: h for p, h in doc["hands"].items() if p != name}}


BAD_HANDS = [
    # (why, hand, options, words the message names, player)
    ("nobody went out", {"hands": hand()["hands"]}, {}, ["went out"], None),
    ("unknown player went out", hand(out="Zed"), {}, ["Zed"], None),
    ("out is not a name", {**hand(), "out": 3}, {}, ["went out"], None),
    ("a player is missing", without(hand(), "Dan"), {}, ["Dan"], "Dan"),
    ("an unknown player holds cards", hand(Zed=ONE_CARD), {}, ["Zed"], None),
    ("the out player is listed", hand(Ann=ONE_CARD), {}, ["Ann"], "Ann"),
    ("hands are not a mapping", {"out": "Ann", "hands": ["Ben"]}, {}, ["held"], None),
    ("a hand is not a mapping", hand(Ben=5), {}, ["Ben"], "Ben"),
    ("an unknown part of the hand", {**hand(), "note": "x"}, {}, ["note"], None),
    ("zero cards", hand(Ben={}), {}, ["Ben", "no cards"], "Ben"),
    ("all counts zero", hand(Ben={"jokers": 0, "aces": 0}), {}, ["Ben", "no cards"], "Ben"),
    ("a negative count", hand(Ben={"aces": -1, "jokers": 2}), {}, ["Ben", "-1", "aces"], "Ben"),
    ("a count as text", hand(Cid={"aces": "2"}), {}, ["Cid", "aces"], "Cid"),
    ("a count as float", hand(Cid={"twos": 1.0}), {}, ["Cid", "twos"], "Cid"),
    ("a count as bool", hand(Cid={"jokers": True}), {}, ["Cid", "jokers"], "Cid"),
    ("an unknown card type", hand(Ben={"queens": 1}), {}, ["Ben", "queens"], "Ben"),
    ("typed 0", hand(Ben={"points": 0}), {}, ["Ben", "0", "at least 5"], "Ben"),
    ("typed 3", hand(Ben={"points": 3}), {}, ["Ben", "3"], "Ben"),
    ("typed 7", hand(Ben={"points": 7}), {}, ["Ben", "7", "multiple of 5"], "Ben"),
    ("typed negative", hand(Ben={"points": -5}), {}, ["Ben", "-5"], "Ben"),
    ("typed above the shoe", hand(Ben={"points": 2165}), {}, ["Ben", "2165", "2160"], "Ben"),
    ("typed above a bigger shoe", hand(Ben={"points": 2215}), {"extra_jokers": 1},
     ["Ben", "2215", "2210"], "Ben"),
    ("typed as text", hand(Ben={"points": "45"}), {}, ["Ben", "whole number"], "Ben"),
    ("typed as float", hand(Ben={"points": 45.0}), {}, ["Ben", "whole number"], "Ben"),
    ("typed as bool", hand(Ben={"points": True}), {}, ["Ben", "whole number"], "Ben"),
    ("counts and points together", hand(Ben={"points": 50, "jokers": 1}), {},
     ["Ben", "not both"], "Ben"),
    ("one player over the jokers", hand(Ben={"jokers": 9}), {}, ["Ben holds 9 jokers", "8"],
     "Ben"),
    ("two players over the jokers", hand(Ben={"jokers": 5}, Cid={"jokers": 4}), {},
     ["Ben and Cid hold 9 jokers between them", "four decks have 8"], None),
    ("three players over the twos", hand(Ben={"twos": 6}, Cid={"twos": 6}, Dan={"twos": 5}),
     {}, ["Ben, Cid and Dan", "17 twos", "16"], None),
    ("over the aces", hand(Ben={"aces": 10}, Dan={"aces": 7}), {}, ["Ben and Dan", "17", "16"],
     None),
    ("over the tens to kings", hand(Cid={"tens_to_kings": 65}), {}, ["Cid", "65", "64"], "Cid"),
    ("over the threes to nines", hand(Ben={"threes_to_nines": 100}, Cid={"threes_to_nines": 13},
          Dan={"points": 5}),
     {}, ["Ben and Cid", "113", "112"], None),
    ("over the jokers with extras", hand(Ben={"jokers": 6}, Dan={"jokers": 5}),
     {"extra_jokers": 2}, ["Ben and Dan", "11", "10"], None),
    ("over the twos with extras", hand(Ben={"twos": 20}), {"extra_twos": 3}, ["Ben", "20", "19"],
     "Ben"),
]


@pytest.mark.parametrize("why, bad, options, words, player", BAD_HANDS,
                         ids=[case[0] for case in BAD_HANDS])
def test_bad_hand_is_refused_with_a_sentence(why, bad, options, words, player):
    error = refused([scored(), bad], **options)
    assert error.index == 1
    for word in words:
        assert word in str(error)
    assert error.player == player


@pytest.mark.parametrize("options, hands", [
    ({}, {"Ben": {"jokers": 8}}),
    ({}, {"Ben": {"jokers": 3}, "Cid": {"jokers": 5}}),
    ({}, {"Ben": {"twos": 10}, "Cid": {"twos": 6}}),
    ({}, {"Ben": {"aces": 16}}),
    ({}, {"Ben": {"tens_to_kings": 60}, "Dan": {"tens_to_kings": 4}}),
    ({}, {"Ben": {"threes_to_nines": 112}, "Cid": {"points": 5}, "Dan": {"points": 5}}),
    ({"extra_jokers": 2}, {"Ben": {"jokers": 6}, "Dan": {"jokers": 4}}),
    ({"extra_twos": 16}, {"Ben": {"twos": 32}}),
])
def test_counts_filling_the_shoe_exactly_are_accepted(options, hands):
    sheet = replay([hand(**hands)], **options)
    for player, counts in hands.items():
        assert sheet.totals[player] == counts.get("points", hand_points(counts))


# -- bad setups ------------------------------------------------------------------------


@pytest.mark.parametrize("players, options, words", [
    (PLAYERS[:3], {}, ["4 to 10", "3"]),
    ([f"P{i}" for i in range(11)], {}, ["4 to 10", "11"]),
    (PLAYERS, {"jokers": 2}, ["jokers"]),
    (PLAYERS, {"target": "500"}, ["Game ends at", "whole number"]),
    (PLAYERS, {"extra_twos": True}, ["Extra twos", "whole number"]),
    (PLAYERS, {"target": 40}, ["Game ends at", "50"]),
    (PLAYERS, {"extra_jokers": 17}, ["Extra jokers", "16"]),
])
def test_bad_setup_is_refused_before_any_hand(players, options, words):
    error = refused([], players, **options)
    assert error.index is None
    for word in words:
        assert word in str(error)


# -- properties ------------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


@st.composite
def one_hand(draw, players, shoe):
    """A valid hand: typed points or card counts that keep within the shoe."""
    out = draw(st.sampled_from(players))
    left = dict(shoe)
    hands = {}
    for player in players:
        if player == out:
            continue
        if draw(st.booleans()):
            hands[player] = {"points": draw(st.integers(1, 40)) * 5}
            continue
        counts = {key: draw(st.integers(0, min(left[key], 3))) for key, _, _ in CARD_TYPES}
        if not any(counts.values()):
            counts["threes_to_nines"] = 1
        for key, count in counts.items():
            left[key] -= count
        hands[player] = counts
    return {"out": out, "hands": hands}


def shoe(options):
    """The shoe as RULES.md section 2 counts it: four decks with jokers, plus the extras."""
    return {"jokers": 8 + options["extra_jokers"], "twos": 16 + options["extra_twos"],
            "aces": 16, "tens_to_kings": 64, "threes_to_nines": 112}


@st.composite
def games(draw):
    players = NAMES[:draw(st.integers(4, 10))]
    options = {"extra_jokers": draw(st.integers(0, 16)), "extra_twos": draw(st.integers(0, 16)),
               "target": draw(st.integers(50, 600))}
    entries = [draw(one_hand(players, shoe(options))) for _ in range(draw(st.integers(0, 30)))]
    return players, options, entries


def playable(players, options, entries):
    """The hands up to the first that reaches the target: the rest are refused as late."""
    try:
        RULES.replay(players, options, entries)
    except RuleError as error:
        assert RULES.replay(players, options, entries[:error.index]).finished, str(error)
        return entries[:error.index]
    return entries


@settings(max_examples=200, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_random_valid_games_total_their_hands_and_end_at_the_target(game, random):
    players, options, entries = game
    entries = playable(players, options, entries)
    sheet = RULES.replay(players, options, entries)
    assert len(sheet.to_dict()["hands"]) == len(entries) and sheet.to_dict()["outs"] == [e["out"] for e in entries]
    # the totals are the sums of the hands shown, and the progress their running sums
    assert sheet.totals == {p: sum(h[p] for h in sheet.to_dict()["hands"]) for p in players}
    running = dict.fromkeys(players, 0)
    for shown, progress, entry in zip(sheet.to_dict()["hands"], sheet.progress, entries):
        for p in players:
            running[p] += shown[p]
            doc = entry["hands"].get(p)
            if p == entry["out"]:
                assert shown[p] == 0
            elif "points" in doc:
                assert shown[p] == doc["points"]
            else:
                # every card scores from 5 (Three to Nine) to 50 (a Joker), in fives
                cards = sum(doc.values())
                assert 5 * cards <= shown[p] <= 50 * cards and shown[p] % 5 == 0
        assert progress == running
    # it ends after the first hand that takes a total to the target, and the lowest wins
    reached = [max(t.values()) >= options["target"] for t in sheet.progress]
    assert not any(reached[:-1])
    assert sheet.finished == (reached[-1] if reached else False)
    if sheet.finished:
        low = min(sheet.totals.values())
        assert sheet.winners == [p for p in players if sheet.totals[p] == low]
        assert refused(entries + [entries[-1]], players, **options).index == len(entries)
    else:
        assert sheet.winners == []
        # no hand finishes it, so the order of the hands and of the players in them
        # does not matter to the totals
        shuffled = [{"out": e["out"], "hands": dict(random.sample(list(e["hands"].items()),
                                                                  len(e["hands"])))}
                    for e in random.sample(entries, len(entries))]
        assert RULES.replay(players, options, shuffled).totals == sheet.totals
    # a replay of the first hands is the whole game's sheet as it stood then
    played = random.randint(0, len(entries))
    part = RULES.replay(players, options, entries[:played])
    assert part.to_dict()["hands"] == sheet.to_dict()["hands"][:played]
    assert part.progress == sheet.progress[:played]


json_docs = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=20,
)
names = st.sampled_from(PLAYERS + ["Zed"]) | st.text(max_size=3)
card_keys = st.sampled_from([key for key, _, _ in CARD_TYPES] + ["points"]) | st.text(max_size=3)
near_hands = st.fixed_dictionaries({
    "out": names | json_docs,
    "hands": st.dictionaries(names, st.dictionaries(card_keys, json_docs, max_size=6) | json_docs,
                             max_size=5) | json_docs,
})


@settings(max_examples=200, deadline=None)
@given(st.lists(json_docs | near_hands, max_size=4))
def test_arbitrary_documents_raise_only_rule_errors(entries):
    try:
        RULES.replay(PLAYERS, {}, entries)
    except RuleError as error:
        assert error.index is not None
