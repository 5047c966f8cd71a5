"""The demo's random games are legal: each kind's own rules replay them to the end."""

import random

import pytest

from companion.demo_play import options_for, play
from companion.kinds.registry import KINDS
from companion.rules import GAMES

SEEDS = range(12)


def test_every_kind_in_the_registry_has_a_demo_player():
    assert set(KINDS) == set(GAMES)
    assert all(callable(pad.demo_entry) and callable(pad.demo_options) for pad in KINDS.values())


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("seats", [3, 4, 6])
def test_a_demo_game_replays_to_its_end(kind, seats):
    rules = GAMES[kind]
    for seed in SEEDS:
        rng = random.Random(seed)
        options = {**rules.default_options, **options_for(kind, seats, rng)}
        low, high = rules.player_range(options)
        players = ["Ann", "Ben", "Cid", "Dora", "Eve", "Finn"][:max(low, min(high, seats))]
        sheet = rules.replay(players, options, play(kind, players, options, rng))
        assert sheet.finished and sheet.winners


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_demo_game_can_stop_early(kind):
    players = ["Ann", "Ben", "Cid", "Dora"]
    entries = play(kind, players, {}, random.Random(1), stop_after=1)
    assert len(entries) == 1
    assert not GAMES[kind].replay(players, {}, entries).finished


def test_the_same_seed_plays_the_same_game():
    def game():
        return play("dice_poker", ["Ann", "Ben"], {}, random.Random(5))

    assert game() == game()
