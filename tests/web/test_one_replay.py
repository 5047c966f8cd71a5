"""A score entry replays its game once on the POST and once on the GET after it."""

import pytest

from companion.rules.base import Rules
from tests.web.conftest import version


@pytest.fixture
def replays(monkeypatch):
    calls = []
    replay = Rules.replay

    def counted(self, *args, **kwargs):
        calls.append(self.kind)
        return replay(self, *args, **kwargs)

    monkeypatch.setattr(Rules, "replay", counted)
    return calls


def test_a_saved_round_is_replayed_once_to_save_and_once_to_show(client, start_game, replays):
    game = start_game("skyjo", ["Ann", "Ben"])
    seen = version(client, game)
    replays.clear()
    response = client.post(f"/games/{game}/entries", data={
        "version": seen, "finisher": "Ann", "score_0": "3", "score_1": "9"})
    assert response.status_code == 302 and len(replays) == 1
    replays.clear()
    # ann finished with the lowest score: not doubled
    assert "Saved. Round 1: Ann 3, Ben 9." in client.get(response.location).get_data(as_text=True)
    assert len(replays) == 1
