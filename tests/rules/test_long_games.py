"""Long games: a game holds at most MAX_ENTRIES entries, and a replay is linear in them.

A score sheet of 2,000 entries replays; the 2,001st entry is refused in a sentence, at its
own position. Kinds that end by themselves long before (dice poker's fixed turns, Skull's
two wins, the card game's target) cannot reach the cap: their longest games say so.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import GAMES, MAX_ENTRIES, RuleError
from companion.rules.errors import Counted

TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cid"]
FOUR = ["Ann", "Ben", "Cid", "Dan"]
# the refusal of the entry after the last one a game holds, spelled out by hand
ONE_TOO_MANY = "A score sheet holds at most 2000 entries: start a new game to play on."


def any_game_round(number, players):
    """A round of small points that never ends a game without a target."""
    return {"scores": {p: (number + seat) % 7 - 3 for seat, p in enumerate(players)}}


def skyjo_round(number, players):
    """A round the finisher wins with -1 while the others score 1, the finisher taking
    turns: totals stay within a point of 0, so the target is never reached."""
    finisher = players[number % len(players)]
    return {"finisher": finisher,
            "hands": {p: {"score": -1 if p == finisher else 1} for p in players}}


# the kinds whose games can go on past MAX_ENTRIES: (players, options, the entry numbered n)
ENDLESS = {
    "any_game": (THREE, {}, any_game_round),
    "skyjo": (TWO, {}, skyjo_round),
}


def game(kind, count):
    players, options, entry = ENDLESS[kind]
    return players, options, [entry(number, players) for number in range(count)]


def refusal(kind, players, options, entries):
    with pytest.raises(RuleError) as refused:
        GAMES[kind].replay(players, options, entries)
    return refused.value


def test_a_game_holds_two_thousand_entries():
    assert MAX_ENTRIES == 2000


@pytest.mark.parametrize("kind", ENDLESS)
def test_a_game_of_exactly_the_most_entries_replays(kind):
    players, options, entries = game(kind, MAX_ENTRIES)
    sheet = GAMES[kind].replay(players, options, entries)
    assert not sheet.finished
    assert len(sheet.progress) == MAX_ENTRIES
    assert sheet.progress[-1] == sheet.totals


@pytest.mark.parametrize("kind", ENDLESS)
def test_the_entry_after_the_most_is_refused_in_a_sentence(kind):
    players, options, entries = game(kind, MAX_ENTRIES + 1)
    error = refusal(kind, players, options, entries)
    assert error.index == MAX_ENTRIES
    assert str(error) == error.message == ONE_TOO_MANY
    assert error.args == (ONE_TOO_MANY,)
    assert isinstance(error, Counted)
    assert error.key == ("A score sheet holds at most {count} entry: start a new game to "
                         "play on.")
    assert error.plural == ("A score sheet holds at most {count} entries: start a new game "
                            "to play on.")
    assert error.params == {"count": 2000}


@pytest.mark.parametrize("kind", ENDLESS)
def test_a_list_far_longer_is_refused_at_the_same_entry(kind):
    players, options, entries = game(kind, MAX_ENTRIES + 1)
    entries += entries[-2:] * 20_000
    error = refusal(kind, players, options, entries)
    assert error.index == MAX_ENTRIES and str(error) == ONE_TOO_MANY


@pytest.mark.parametrize("kind", ENDLESS)
def test_an_earlier_bad_entry_is_refused_first(kind):
    players, options, entries = game(kind, MAX_ENTRIES + 10)
    entries[1500] = "oops"
    error = refusal(kind, players, options, entries)
    assert error.index == 1500 and str(error) == "This round is not readable."


@pytest.mark.parametrize("kind", ENDLESS)
def test_the_entry_after_the_most_is_refused_even_when_unreadable(kind):
    players, options, entries = game(kind, MAX_ENTRIES)
    error = refusal(kind, players, options, entries + ["oops"])
    assert error.index == MAX_ENTRIES and str(error) == ONE_TOO_MANY


def test_a_game_over_at_the_most_entries_says_it_is_over():
    entries = [any_game_round(n, THREE) for n in range(MAX_ENTRIES - 1)] + [{"end": True}]
    sheet = GAMES["any_game"].replay(THREE, {}, entries)
    assert sheet.finished
    error = refusal("any_game", THREE, {}, entries + [any_game_round(0, THREE)])
    assert error.index == MAX_ENTRIES
    assert str(error) == "The game is over: no round can be added."


# -- the kinds that end by themselves well before the cap ---------------------------------


def test_dice_poker_ends_after_fifteen_turns_a_player():
    rules = GAMES["dice_poker"]
    rows = ["1", "2", "3", "4", "5", "6", "pair", "two_pairs", "three_of_a_kind",
            "small_straight", "big_straight", "full_house", "four_of_a_kind", "poker", "chance"]
    entries = [{"player": p, "row": row, "score": 0} for row in rows for p in FOUR]
    assert rules.max_players == 4 and len(entries) == 60 < MAX_ENTRIES
    assert rules.replay(FOUR, {}, entries).finished
    error = refusal("dice_poker", FOUR, {}, entries + [entries[0]])
    assert error.index == 60 and str(error) == "The game is over: no turn can be added."


def test_the_card_game_ends_before_the_cap_even_at_its_highest_target():
    """Every hand adds at least 5 to all players but the one who went out, so four players
    (the fewest; more add more a hand) at the highest target reach it within
    4 * 4995 / 15 + 1 = 1333 hands. The longest such game: 5 points each, out in turn."""
    rules = GAMES["cards_500"]
    target = max(o.maximum for o in rules.options if o.key == "target")
    assert target == 5000 and rules.min_players == 4
    entries = []
    for number in range(MAX_ENTRIES):
        out = FOUR[number % 4]
        entries.append({"out": out, "hands": {p: {"points": 5} for p in FOUR if p != out}})
    error = refusal("cards_500", FOUR, {"target": target}, entries)
    assert error.index < 1334 and str(error) == "The game is over: no hand can be added."
    sheet = rules.replay(FOUR, {"target": target}, entries[:error.index])
    assert sheet.finished and max(sheet.totals.values()) == target


def test_skull_ends_within_a_few_challenges_a_player():
    """A challenge gives a point (a second one wins) or costs a card (four put a player
    out), so ten players play fewer than 10 * (1 + 4) + 1 challenges before someone wins."""
    rules = GAMES["skull"]
    assert rules.max_players * (1 + 4) + 1 < MAX_ENTRIES
    # a long game: everyone loses three cards to their own skull, then scores a point,
    # and the first seat a second one
    players = [f"P{i}" for i in range(10)]
    lose = [{"challenger": p, "bid": 1, "outcome": "skull", "skull_owner": p}
            for _ in range(3) for p in players]
    win = [{"challenger": p, "bid": 1, "outcome": "success"} for p in players]
    entries = lose + win + win[:1]
    sheet = rules.replay(players, {"variant": "rank"}, entries)
    assert sheet.finished and sheet.winners == ["P0"] and len(entries) == 41
    error = refusal("skull", players, {"variant": "rank"}, entries + win[1:2])
    assert error.index == 41 and str(error) == "The game is over: no challenge can be added."


# -- totals: running sums, counted here by hand --------------------------------------------


def hand_summed(rounds, players):
    """Each player's total after each round, added up here one number at a time."""
    running = {p: 0 for p in players}
    after = []
    for scores in rounds:
        for p in players:
            running[p] = running[p] + scores[p]
        after.append(dict(running))
    return after


@pytest.mark.parametrize("count", [1, 2, 37, 500, MAX_ENTRIES])
def test_any_game_totals_after_many_rounds_are_the_hand_summed_totals(count):
    rng = random.Random(count)
    players = THREE
    rounds = [{p: rng.randint(-100_000, 100_000) for p in players} for _ in range(count)]
    sheet = GAMES["any_game"].replay(players, {}, [{"scores": r} for r in rounds])
    expected = hand_summed(rounds, players)
    assert sheet.totals == expected[-1]
    assert sheet.progress == expected
    assert sheet.to_dict()["rounds"] == rounds


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-100_000, 100_000), min_size=4, max_size=4),
                min_size=1, max_size=60),
       st.booleans())
def test_any_game_totals_and_winners_match_sums_made_by_hand(rows, high_wins):
    players = FOUR
    rounds = [dict(zip(players, row)) for row in rows]
    sheet = GAMES["any_game"].replay(players, {"high_wins": high_wins},
                                     [{"scores": r} for r in rounds] + [{"end": True}])
    totals = {p: sum(row[seat] for row in rows) for seat, p in enumerate(players)}
    assert sheet.totals == totals
    assert sheet.progress[:-1] == hand_summed(rounds, players)
    best = (max if high_wins else min)(totals.values())
    assert sheet.winners == [p for p in players if totals[p] == best]


@pytest.mark.parametrize("count", [1, 2, 501])
def test_skyjo_totals_after_many_rounds_are_the_hand_summed_totals(count):
    rng = random.Random(count)
    rounds = []
    for _ in range(count):
        finisher = rng.choice(TWO)
        # the finisher lowest, so no doubling: the points are the scores as typed
        scores = {finisher: rng.randint(-17, -1), **{p: rng.randint(0, 5)
                                                       for p in TWO if p != finisher}}
        rounds.append((finisher, scores))
    entries = [{"finisher": f, "hands": {p: {"score": s[p]} for p in TWO}} for f, s in rounds]
    sheet = GAMES["skyjo"].replay(TWO, {"target": 1000}, entries)
    expected = hand_summed([s for _, s in rounds], TWO)
    assert sheet.totals == expected[-1]
    assert sheet.progress == expected
