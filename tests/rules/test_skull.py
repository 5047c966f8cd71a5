import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import RuleError
from companion.kinds.skull.rules import RULES, VARIANTS

THREE = ["Ann", "Ben", "Cid"]
FOUR = ["Ann", "Ben", "Cid", "Dan"]


def win(player, bid=2):
    return {"challenger": player, "bid": bid, "outcome": "success"}


def skull(player, owner, bid=2):
    return {"challenger": player, "bid": bid, "outcome": "skull", "skull_owner": owner}


def own(player, bid=1):
    return skull(player, player, bid)


def out(player, owner):
    """Four lost challenges: the challenger has no cards left."""
    return [skull(player, owner)] * 4


def play(entries=(), players=THREE, variant="published", last_skull_out=False):
    """A game under the published rules unless told (the seed's rule that a last card
    revealed as a skull is out has its own tests in test_skull_last_card.py)."""
    return RULES.replay(players, {"variant": variant, "last_skull_out": last_skull_out},
                        list(entries))


def rejected(entries, players=THREE, variant="published"):
    with pytest.raises(RuleError) as info:
        play(entries, players, variant)
    return info.value


# -- transitions -------------------------------------------------------------------

TRANSITIONS = [
    # id, players, entries, player watched, expected state, finished, winners
    ("first point", THREE, [win("Ann")],
     "Ann", {"points": 1, "cards": 4, "eliminated": False}, False, []),
    ("second point wins", THREE, [win("Ann"), win("Ann")],
     "Ann", {"points": 2, "cards": 4, "eliminated": False}, True, ["Ann"]),
    ("points of two players do not add up", THREE, [win("Ann"), win("Ben")],
     "Ben", {"points": 1, "cards": 4, "eliminated": False}, False, []),
    ("another's skull costs a card", THREE, [skull("Ann", "Ben")],
     "Ann", {"points": 0, "cards": 3, "eliminated": False}, False, []),
    ("own skull costs a card", THREE, [own("Ann")],
     "Ann", {"points": 0, "cards": 3, "eliminated": False}, False, []),
    ("skull owner keeps their cards", THREE, [skull("Ann", "Ben")],
     "Ben", {"points": 0, "cards": 4, "eliminated": False}, False, []),
    ("last card lost eliminates", FOUR, out("Ann", "Ben"),
     "Ann", {"points": 0, "cards": 0, "eliminated": True}, False, []),
    ("last card lost eliminates even with a point", FOUR, [win("Ann"), *out("Ann", "Ben")],
     "Ann", {"points": 1, "cards": 0, "eliminated": True}, False, []),
    ("last player standing wins", THREE, [*out("Ann", "Ben"), *out("Cid", "Cid")],
     "Ben", {"points": 0, "cards": 4, "eliminated": False}, True, ["Ben"]),
    ("last player standing wins without a point", THREE,
     [win("Ann"), *out("Ann", "Cid"), *out("Ben", "Cid")],
     "Cid", {"points": 0, "cards": 4, "eliminated": False}, True, ["Cid"]),
]


@pytest.mark.parametrize("players, entries, player, expected, finished, winners",
                         [case[1:] for case in TRANSITIONS],
                         ids=[case[0] for case in TRANSITIONS])
def test_challenge_changes_the_state(players, entries, player, expected, finished, winners):
    sheet = play(entries, players)
    assert sheet.to_dict()["state"][player] == expected
    assert sheet.finished is finished
    assert sheet.winners == winners


def test_totals_are_each_players_points():
    sheet = play([win("Ann"), win("Ben"), skull("Cid", "Ann")])
    assert sheet.totals == {"Ann": 1, "Ben": 1, "Cid": 0}


def test_a_new_game_has_full_hands_and_no_starter():
    data = play().to_dict()
    assert data["state"]["Ann"] == {"points": 0, "cards": 4, "eliminated": False}
    assert data["next_starter"] is None
    assert data["challenges"] == []
    assert data["max_bid"] == 12
    assert data["active"] == THREE


def test_eliminated_players_leave_the_active_list_and_their_cards_the_mats():
    data = play(out("Ben", "Ann"), FOUR).to_dict()
    assert data["active"] == ["Ann", "Cid", "Dan"]
    assert data["max_bid"] == 12


@pytest.mark.parametrize("entry, picked_by", [
    (win("Ann"), None),
    (skull("Ann", "Ben"), "Ben"),
    (own("Ann"), "Ann"),
], ids=["success", "another's skull", "own skull"])
def test_challenges_record_who_picks_the_lost_card(entry, picked_by):
    [challenge] = play([entry]).to_dict()["challenges"]
    assert challenge == {"challenger": "Ann", "bid": entry["bid"], "outcome": entry["outcome"],
                         "skull_owner": entry.get("skull_owner"), "picked_by": picked_by,
                         "eliminated": False, "owner_out": False}


def test_challenges_record_the_elimination():
    challenges = play(out("Ann", "Ben"), FOUR).to_dict()["challenges"]
    assert [c["eliminated"] for c in challenges] == [False, False, False, True]


def test_progress_follows_the_points():
    assert play([win("Ann"), skull("Ben", "Ann"), win("Ben")]).progress == [
        {"Ann": 1, "Ben": 0, "Cid": 0},
        {"Ann": 1, "Ben": 0, "Cid": 0},
        {"Ann": 1, "Ben": 1, "Cid": 0},
    ]


@pytest.mark.parametrize("entry", [
    win("Ann", bid=12), own("Ann", bid=1), skull("Ann", "Ben", bid=2), win("Ann", bid=1),
], ids=["bid of all cards", "bid 1 own skull", "bid 2 another's skull", "bid 1 success"])
def test_bids_at_the_edges_are_accepted(entry):
    play([entry])


# -- validation --------------------------------------------------------------------

VALIDATION = [
    # id, players, entries (the last one is bad), words in the message, player named
    ("unknown challenger", THREE, [win("Zed")], "Zed is not playing", None),
    ("missing challenger", THREE, [{"bid": 2, "outcome": "success"}], "challenger", None),
    ("challenger not a name", THREE, [win(["Ann"])], "challenger", None),
    ("eliminated challenger", FOUR, [*out("Ann", "Ben"), win("Ann")], "Ann is out", "Ann"),
    ("unknown skull owner", THREE, [skull("Ann", "Zed")], "Zed is not playing", None),
    ("eliminated skull owner", FOUR, [*out("Ann", "Ben"), skull("Ben", "Ann")],
     "Ann is out", "Ann"),
    ("bid 0", THREE, [win("Ann", bid=0)], "at least 1, not 0", "Ann"),
    ("negative bid", THREE, [win("Ann", bid=-3)], "at least 1, not -3", "Ann"),
    ("bid above the cards on the mats", THREE, [win("Ann", bid=13)],
     "A bid of 13 is more than the 12 cards on the mats.", "Ann"),
    ("bid above the cards left after a lost card", THREE, [own("Ben"), win("Ann", bid=12)],
     "A bid of 12 is more than the 11 cards on the mats.", "Ann"),
    ("bid above the cards left after an elimination", FOUR,
     [*out("Ann", "Ben"), skull("Ben", "Cid", bid=13)],
     "A bid of 13 is more than the 12 cards on the mats.", "Ben"),
    ("bid 1 revealing another's skull", THREE, [skull("Ann", "Ben", bid=1)],
     "cannot reveal Ben's skull", "Ann"),
    ("bid true", THREE, [win("Ann", bid=True)], "whole number", "Ann"),
    ("bid false", THREE, [win("Ann", bid=False)], "whole number", "Ann"),
    ("bid as text", THREE, [win("Ann", bid="2")], "whole number", "Ann"),
    ("bid as a float", THREE, [win("Ann", bid=2.0)], "whole number", "Ann"),
    ("missing bid", THREE, [{"challenger": "Ann", "outcome": "success"}], "whole number", "Ann"),
    ("unknown outcome", THREE, [{**win("Ann"), "outcome": "flower"}], "succeeded", "Ann"),
    ("missing outcome", THREE, [{"challenger": "Ann", "bid": 2}], "succeeded", "Ann"),
    ("outcome not text", THREE, [{**win("Ann"), "outcome": ["skull"]}], "succeeded", "Ann"),
    ("missing skull owner", THREE, [{"challenger": "Ann", "bid": 2, "outcome": "skull"}],
     "Say whose skull Ann revealed", "Ann"),
    ("skull owner on a success", THREE, [{**win("Ann"), "skull_owner": "Ben"}],
     "no skull owner", "Ann"),
    ("entry not a document", THREE, [win("Ann"), "Ann wins"], "not readable", None),
]


@pytest.mark.parametrize("players, entries, words, player",
                         [case[1:] for case in VALIDATION],
                         ids=[case[0] for case in VALIDATION])
def test_bad_challenge_is_rejected_at_its_position(players, entries, words, player):
    error = rejected(entries, players)
    assert words in str(error)
    assert error.index == len(entries) - 1
    assert error.player == player


# ENTRIES.md 31 and STYLE.md 2: a refusal is a sentence naming the player and the number
def test_a_bid_below_one_names_the_challenger_and_the_bid():
    assert str(rejected([win("Ben", bid=0)])) == "Ben's bid must be at least 1, not 0."


def test_a_success_may_name_no_skull_owner_as_none():
    assert play([{**win("Ann"), "skull_owner": None}]).totals["Ann"] == 1


@pytest.mark.parametrize("entries", [
    [win("Ann"), win("Ann"), win("Ben")],
    [*out("Ann", "Ben"), *out("Cid", "Ben"), own("Ben")],
], ids=["after a second point", "after the last player standing"])
def test_no_challenge_is_taken_after_the_end(entries):
    error = rejected(entries)
    assert "game is over" in str(error)
    assert error.index == len(entries) - 1


# -- variants ----------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim"]

RANGES = {"published": (3, 6), "suit": (3, 4), "rank": (3, 10), "uno": (3, 4)}


@pytest.mark.parametrize("variant, count", [
    (variant, count) for variant, (low, high) in RANGES.items() for count in (low, high)])
def test_variant_accepts_the_edges_of_its_player_range(variant, count):
    assert play([], NAMES[:count], variant).players == NAMES[:count]


@pytest.mark.parametrize("variant, count", [
    (variant, count) for variant, (low, high) in RANGES.items() for count in (low - 1, high + 1)])
def test_variant_refuses_players_outside_its_range(variant, count):
    error = rejected([], NAMES[:count], variant)
    assert error.index is None
    assert str(count) in str(error)


@pytest.mark.parametrize("variant", RANGES)
def test_variant_table_matches_the_player_ranges(variant):
    assert VARIANTS[variant]["players"] == RANGES[variant]
    assert RULES.player_range({"variant": variant}) == RANGES[variant]
    assert all(isinstance(VARIANTS[variant][key], str)
               for key in ("label", "mat", "flowers", "skull", "note"))


def test_unknown_variant_is_a_setup_error():
    assert rejected([], THREE, "tarot").index is None


# ENTRIES.md 29-34: a bad setup, malformed ones included, is a RuleError with no position
@pytest.mark.parametrize("variant", [["published"], {"name": "suit"}, 3, None])
def test_a_variant_that_is_not_a_name_is_a_setup_error(variant):
    error = rejected([], THREE, variant)
    assert error.index is None
    assert "Cards" in str(error)


def test_default_variant_is_the_published_set_with_the_seeds_last_card_rule():
    assert RULES.default_options == {"variant": "published", "last_skull_out": True}
    assert RULES.replay(THREE).options == {"variant": "published", "last_skull_out": True}


@pytest.mark.parametrize("variant, count, warned", [
    ("rank", 7, True), ("rank", 10, True), ("rank", 6, False), ("published", 6, False),
])
def test_more_than_six_players_by_rank_is_warned(variant, count, warned):
    warnings = RULES.setup_warnings(NAMES[:count], {"variant": variant})
    assert bool(warnings) is warned
    assert all("More than 6 players is not recommended" in str(w) for w in warnings)


# -- who starts the next round -----------------------------------------------------

STARTERS = [
    ("nobody before the first challenge", THREE, [], None),
    ("the challenger after a success", THREE, [win("Ben")], "Ben"),
    ("the challenger after a lost card", THREE, [skull("Ben", "Cid")], "Ben"),
    ("the skull owner when it eliminated the challenger", FOUR, out("Ann", "Cid"), "Cid"),
    ("the next player clockwise after an own skull", FOUR, [own("Ann")] * 4, "Ben"),
    ("clockwise wrapping round and skipping the eliminated", FOUR,
     [*out("Ann", "Ben"), *[own("Dan")] * 4], "Ben"),
    ("nobody once the game is over", THREE, [win("Ann"), win("Ann")], None),
]


@pytest.mark.parametrize("players, entries, starter",
                         [case[1:] for case in STARTERS], ids=[case[0] for case in STARTERS])
def test_next_starter(players, entries, starter):
    assert play(entries, players).to_dict()["next_starter"] == starter


# -- properties --------------------------------------------------------------------


@st.composite
def valid_games(draw):
    """Players and a sequence of challenges that keeps to the rules, ending or not."""
    players = NAMES[:draw(st.integers(3, 6))]
    points = {p: 0 for p in players}
    cards = {p: 4 for p in players}
    entries = []
    for _ in range(draw(st.integers(0, 40))):
        active = [p for p in players if cards[p]]
        if len(active) == 1 or 2 in points.values():
            break
        challenger = draw(st.sampled_from(active))
        max_bid = sum(cards[p] for p in active)
        owner = draw(st.sampled_from([None, *active]))
        if owner is None:
            entries.append(win(challenger, draw(st.integers(1, max_bid))))
            points[challenger] += 1
        else:
            low = 1 if owner == challenger else 2
            entries.append(skull(challenger, owner, draw(st.integers(low, max_bid))))
            cards[challenger] -= 1
    return players, entries


@settings(max_examples=200, deadline=None)
@given(valid_games())
def test_valid_challenges_always_replay_within_bounds(game):
    players, entries = game
    sheet = play(entries, players)
    for state in sheet.to_dict()["state"].values():
        assert 0 <= state["points"] <= 2
        assert 0 <= state["cards"] <= 4
        assert state["eliminated"] is (state["cards"] == 0)
    if sheet.finished:
        assert len(sheet.winners) == 1
        assert sheet.winners[0] in sheet.to_dict()["active"]
    else:
        assert sheet.winners == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
# documents shaped like challenges, so the checks past the first key get reached too
challenge_like = st.dictionaries(
    st.sampled_from(["challenger", "bid", "outcome", "skull_owner"]),
    json_values | st.sampled_from([*THREE, "success", "skull"]) | st.integers(-1, 14),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values | challenge_like, max_size=6))
def test_arbitrary_documents_raise_only_rule_errors(entries):
    try:
        play(entries)
    except RuleError:
        pass
