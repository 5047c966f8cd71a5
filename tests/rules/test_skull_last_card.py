"""The seed's rule (RULES.md section 4, "The last card is a skull"): a player whose only card
left is their skull is out as soon as it is revealed, by themselves or by another player."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import RuleError
from companion.kinds.skull.rules import RULES

THREE = ["Ann", "Ben", "Cid"]
FOUR = ["Ann", "Ben", "Cid", "Dan"]


def skull(player, owner, bid=2):
    return {"challenger": player, "bid": bid, "outcome": "skull", "skull_owner": owner}


def own(player):
    return skull(player, player, bid=1)


def win(player):
    return {"challenger": player, "bid": 2, "outcome": "success"}


def play(entries, players=THREE, **options):
    return RULES.replay(players, options, entries)


def state(sheet, player):
    return sheet.to_dict()["state"][player]


# Ben loses three cards on the skulls of others, and holds only his skull
BEN_ON_HIS_LAST = [skull("Ben", "Ann")] * 3


def test_the_rule_is_on_by_default():
    assert RULES.default_options["last_skull_out"] is True


def test_a_revealed_last_skull_puts_its_owner_out_and_the_challenger_still_loses_a_card():
    sheet = play(BEN_ON_HIS_LAST + [skull("Ann", "Ben")])
    assert state(sheet, "Ben") == {"points": 0, "cards": 0, "eliminated": True}
    assert state(sheet, "Ann") == {"points": 0, "cards": 3, "eliminated": False}
    last = sheet.to_dict()["challenges"][-1]
    assert (last["owner_out"], last["eliminated"], last["picked_by"]) == (True, False, "Ben")


def test_with_the_rule_off_only_the_challenger_loses_a_card():
    sheet = play(BEN_ON_HIS_LAST + [skull("Ann", "Ben")], last_skull_out=False)
    assert state(sheet, "Ben") == {"points": 0, "cards": 1, "eliminated": False}
    assert state(sheet, "Ann")["cards"] == 3
    assert sheet.to_dict()["challenges"][-1]["owner_out"] is False


def test_an_owner_out_with_a_point_is_out_all_the_same():
    sheet = play([win("Ben"), *BEN_ON_HIS_LAST, skull("Cid", "Ben")])
    assert state(sheet, "Ben") == {"points": 1, "cards": 0, "eliminated": True}


def test_an_own_last_skull_puts_the_challenger_out_as_before():
    sheet = play([own("Ben")] * 4)
    assert state(sheet, "Ben")["eliminated"] and not sheet.to_dict()["challenges"][-1]["owner_out"]


def test_the_challenger_starts_next_when_only_the_owner_went_out():
    sheet = play(BEN_ON_HIS_LAST + [skull("Ann", "Ben")])
    assert sheet.to_dict()["next_starter"] == "Ann" and not sheet.finished


def test_an_owner_out_cannot_challenge_or_be_revealed_again():
    entries = BEN_ON_HIS_LAST + [skull("Ann", "Ben")]
    for bad in (win("Ben"), skull("Ann", "Ben")):
        with pytest.raises(RuleError) as refused:
            play(entries + [bad])
        assert refused.value.index == len(entries)
    with pytest.raises(RuleError, match="Ben is out of the game and cannot be the challenger."):
        play(entries + [win("Ben")])


def test_the_owner_going_out_with_one_other_left_ends_the_game():
    # Cid is out first; then Ann reveals Ben's last card, a skull: Ann is the last one in
    cid_out = [own("Cid")] * 4
    sheet = play(cid_out + BEN_ON_HIS_LAST + [skull("Ann", "Ben")])
    assert sheet.finished and sheet.winners == ["Ann"]
    assert sheet.to_dict()["next_starter"] is None


def test_both_out_on_one_challenge_the_next_one_in_after_the_challenger_starts():
    # Ann and Ben each hold one card; Ann reveals Ben's skull: both go out, Cid starts
    ann_on_her_last = [skull("Ann", "Cid")] * 3
    ben_on_his_last = [own("Ben")] * 3
    sheet = play(ann_on_her_last + ben_on_his_last + [skull("Ann", "Ben")], FOUR)
    assert state(sheet, "Ann")["eliminated"] and state(sheet, "Ben")["eliminated"]
    assert sheet.to_dict()["next_starter"] == "Cid" and not sheet.finished


def test_the_last_two_out_at_once_leave_the_skulls_owner_the_winner():
    cid_out = [own("Cid")] * 4
    ann_on_her_last = [skull("Ann", "Ben")] * 3
    ben_on_his_last = [own("Ben")] * 3
    sheet = play(cid_out + ann_on_her_last + ben_on_his_last + [skull("Ann", "Ben")])
    assert all(state(sheet, p)["eliminated"] for p in THREE)
    assert sheet.finished and sheet.winners == ["Ben"]


def test_games_stored_before_the_setting_replay_under_the_published_rules():
    assert RULES.stored_options({"variant": "published"}) == {
        "variant": "published", "last_skull_out": False}
    assert RULES.stored_options({"variant": "rank", "last_skull_out": True})[
        "last_skull_out"] is True


@st.composite
def games_under_the_seeds_rule(draw):
    """Legal games, each challenge drawn from the players still in."""
    players = FOUR[:draw(st.integers(3, 4))]
    entries = []
    for _ in range(draw(st.integers(0, 20))):
        sheet = play(entries, players)
        if sheet.finished:
            break
        active = sheet.to_dict()["active"]
        challenger = draw(st.sampled_from(active))
        owner = draw(st.sampled_from(active))
        if draw(st.booleans()):
            entries.append(win(challenger))
        else:
            entries.append(skull(challenger, owner, bid=1 if owner == challenger else 2))
    return players, entries


@settings(max_examples=150, deadline=None)
@given(games_under_the_seeds_rule())
def test_under_the_seeds_rule_out_means_no_cards_and_one_player_wins(game):
    players, entries = game
    sheet = play(entries, players)
    view = sheet.to_dict()
    for player in players:
        assert view["state"][player]["eliminated"] is (view["state"][player]["cards"] == 0)
    assert len(sheet.winners) == (1 if sheet.finished else 0)
    # the game goes on while two or more are in and nobody has two points
    still_in = [p for p in players if not view["state"][p]["eliminated"]]
    two_points = any(view["state"][p]["points"] == 2 for p in players)
    assert sheet.finished is (len(still_in) <= 1 or two_points)
