"""An entry wrong for several players is refused with every player's refusal (the first
raised, the others on it), so that a form says them all at once."""

import pytest

from companion.rules import GAMES, RuleError


@pytest.mark.parametrize("kind,players,entry,said", [
    ("skyjo", ["Ann", "Ben", "Cid"],
     {"finisher": "Cid", "hands": {"Ann": {"score": 150}, "Ben": {"score": -20},
                                   "Cid": {"score": 3}}},
     ["Ann's score of 150 is more than", "Ben's score of -20 is less than"]),
    ("skyjo", ["Ann", "Ben", "Cid"],
     {"finisher": "Cid", "hands": {"Ann": {"score": 10}, "Cid": {"score": "x"}}},
     ["Ben's hand is missing", "Cid's score must be a whole number"]),
    ("cards_500", ["Ann", "Ben", "Cid", "Dan"],
     {"out": "Ann", "hands": {"Ben": {"points": 7}, "Cid": {"points": 3},
                              "Dan": {"points": 20}}},
     ["Ben cannot score 7", "Cid cannot score 3"]),
    ("cards_500", ["Ann", "Ben", "Cid", "Dan"],
     {"out": "Ann", "hands": {"Ben": {"aces": -1}, "Dan": {"points": 20}}},
     ["Ben cannot hold -1 aces", "Cid's hand is missing"]),
])
def test_every_players_refusal_comes_together(kind, players, entry, said):
    rules = GAMES[kind]
    with pytest.raises(RuleError) as caught:
        rules.replay(players, rules.default_options, [entry])
    error = caught.value
    sentences = [str(e) for e in (error, *error.others)]
    assert len(sentences) == len(said), sentences
    for sentence, start in zip(sentences, said):
        assert sentence.startswith(start), sentences
    # the first is the one raised, at the entry's place
    assert error.index == 0


def test_a_single_refusal_has_no_others():
    rules = GAMES["skyjo"]
    with pytest.raises(RuleError) as caught:
        rules.replay(["Ann", "Ben"], rules.default_options,
                     [{"finisher": "Ann", "hands": {"Ann": {"score": 200}, "Ben": {"score": 3}}}])
    assert caught.value.others == ()
