"""Every kind refuses a field it does not define, in an entry and in each part of one."""

import pytest

from companion.rules import GAMES, RuleError

TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cid"]
FOUR = ["Ann", "Ben", "Cid", "Dan"]


def deep(levels):
    """A list nested `levels` deep, built without recursion."""
    value = []
    for _ in range(levels):
        value = [value]
    return value


def skull(challenger, **extra):
    return {"challenger": challenger, "bid": 1, "outcome": "success", **extra}


def skyjo(ann=None, ben=None, **extra):
    return {"finisher": "Ann", "hands": {"Ann": ann or {"score": 3}, "Ben": ben or {"score": 5}},
            **extra}


def cards(ben=None, **extra):
    return {"out": "Ann", "hands": {"Ben": ben or {"aces": 1}, "Cid": {"points": 10},
                                    "Dan": {"twos": 1}}, **extra}


def turn(player, **extra):
    return {"player": player, "row": "1", "dice": [1, 1, 1, 2, 3], **extra}


REFUSED = [
    # id, kind, players, entries, index, message, player
    ("a skull challenge", "skull", THREE, [skull("Ann", junk=1)], 0,
     "Ann's challenge has no field called “junk”.", "Ann"),
    ("a later skull challenge", "skull", THREE, [skull("Ann"), skull("Ben", junk=[[[]]])], 1,
     "Ben's challenge has no field called “junk”.", "Ben"),
    ("a revealed skull", "skull", THREE,
     [{"challenger": "Cid", "bid": 2, "outcome": "skull", "skull_owner": "Ann", "flipped": 2}],
     0, "Cid's challenge has no field called “flipped”.", "Cid"),
    ("a skyjo round", "skyjo", TWO, [skyjo(note="late")], 0,
     "This round has no field called “note”.", None),
    ("a skyjo hand with a score", "skyjo", TWO, [skyjo(), skyjo(ben={"score": 3, "junk": 1})], 1,
     "Ben's hand has no field called “junk”.", "Ben"),
    ("a skyjo hand with a grid", "skyjo", TWO,
     [skyjo(ann={"grid": [0] * 12, "columns": 4})], 0,
     "Ann's hand has no field called “columns”.", "Ann"),
    ("a card game hand", "cards_500", FOUR, [cards(note="x")], 0,
     "This hand has no field called “note”.", None),
    ("a player's cards", "cards_500", FOUR, [cards(), cards(ben={"aces": 1, "queens": 2})], 1,
     "Ben's hand has no card type called “queens”.", "Ben"),
    ("a player's typed points", "cards_500", FOUR, [cards(ben={"points": 5, "bonus": 5})], 0,
     "Ben's hand has no card type called “bonus”.", "Ben"),
    ("a dice poker turn", "dice_poker", TWO, [turn("Ann"), turn("Ben", junk=1)], 1,
     "Ben's turn has no field called “junk”.", "Ben"),
]


@pytest.mark.parametrize("kind, players, entries, index, message, player",
                         [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_an_unknown_field_is_refused_at_its_entry_with_a_sentence(kind, players, entries,
                                                                   index, message, player):
    with pytest.raises(RuleError) as info:
        GAMES[kind].replay(players, {}, entries)
    assert (info.value.index, str(info.value), info.value.player) == (index, message, player)


@pytest.mark.parametrize("kind, players, entry, message", [
    ("skull", THREE, skull("Ann", junk=deep(10_000)),
     "Ann's challenge has no field called “junk”."),
    ("skyjo", TWO, skyjo(ben={"score": 3, "junk": deep(10_000)}),
     "Ben's hand has no field called “junk”."),
    ("cards_500", FOUR, cards(ben={"aces": 1, "junk": deep(10_000)}),
     "Ben's hand has no card type called “junk”."),
    ("dice_poker", TWO, turn("Ann", junk=deep(10_000)), "Ann's turn has no field called “junk”."),
])
def test_a_deeply_nested_unknown_field_is_refused_without_being_read(kind, players, entry,
                                                                     message):
    with pytest.raises(RuleError) as info:
        GAMES[kind].replay(players, {}, [entry])
    assert (info.value.index, str(info.value)) == (0, message)


def test_a_very_long_field_name_is_cut_short_in_the_sentence():
    with pytest.raises(RuleError) as info:
        GAMES["skull"].replay(THREE, {}, [skull("Ann", **{"x" * 10_000: 1})])
    # 39 letters and an ellipsis stand for the name
    assert str(info.value) == f"Ann's challenge has no field called “{'x' * 39}…”."


def test_a_very_long_player_label_is_cut_short_in_the_sentence():
    with pytest.raises(RuleError) as info:
        GAMES["skull"].replay(THREE, {}, [skull("Z" * 10_000)])
    assert str(info.value) == f"{'Z' * 39}… is not playing in this game."
