"""A score entry replays its game once on the POST and once on the GET after it."""

import pytest

from companion.extensions import db
from companion.kinds.registry import KINDS
from companion.models import Game
from companion.rules.base import Rules
from tests.web.conftest import version


@pytest.fixture
def replays(monkeypatch):
    calls = []
    replay = Rules.replay

    def counted(self, players, options=None, entries=(), **kwargs):
        # the kind, and how many entries were replayed
        calls.append((self.kind, len(entries)))
        return replay(self, players, options, entries, **kwargs)

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



@pytest.fixture
def finished(app, runner):
    """{kind: a finished game of that kind with entries}, from the demo's nights."""
    result = runner.invoke(args=["demo", "--nights", "6", "--seed", "7", "--group", "1"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        return dict(db.session.execute(
            db.select(Game.kind, db.func.min(Game.id))
            .where(Game.status == "finished", Game.entry_count > 1).group_by(Game.kind)).all())


def test_a_finished_pad_and_its_chart_replay_the_game_once(client, finished, replays):
    assert set(finished) == set(KINDS)
    for kind, game in finished.items():
        replays.clear()
        assert client.get(f"/games/{game}").status_code == 200
        assert [k for k, _ in replays] == [kind], kind


def test_a_correction_page_replays_the_game_once(client, finished, replays):
    for kind, game in finished.items():
        replays.clear()
        assert client.get(f"/games/{game}/entries/1").status_code == 200
        # the game once; the card game's preview also checks the hand alone (a replay of
        # that one entry, not of the game)
        assert [k for k, entries in replays if entries > 1] == [kind], kind
