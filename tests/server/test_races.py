"""Two phones acting on one game at the same instant, for every pair of changes.

Each race gets a Skyjo game of its own, two rounds in, for two players of its own. Both
phones read the game's version as their pad shows it, then send their change together
through a barrier to gunicorn with three sync workers, and on PostgreSQL again to one
gevent worker. Afterwards the game must be what some
serial order of the acknowledged changes makes of it, and at the end every game's stored
figures, records, pages and exports must agree and the backup must restore.

RACES_PER_PAIR sets how many races each pair runs (a few in CI; 200 for the full run).
"""

import itertools
import os

import pytest

from tests.server.conftest import WORKERS, Phone, at_once, workers
from tests.server.consistency import check_database
from tests.server.races import ACTIONS, build_games, expected_states, state_of

RACES = int(os.environ.get("RACES_PER_PAIR", "3"))
PAIRS = list(itertools.combinations_with_replacement(ACTIONS, 2))


@pytest.fixture(scope="module", params=list(WORKERS))
def race_db(request, tmp_path_factory):
    setup = workers(request.param)
    return {**build_games(tmp_path_factory.mktemp("races"), len(PAIRS) * RACES),
            "server": setup}


@pytest.fixture(scope="module")
def live(race_db):
    from tests.server.conftest import Server
    server = Server(race_db["url"], **race_db["server"]).start()
    yield server
    server.kill()


@pytest.fixture(scope="module")
def phones(live):
    return [Phone.opened(live.base), Phone.opened(live.base)]


def race(phones, game, first, second):
    """Both phones open the game, then send their changes at the same instant."""
    seen = [phone.http.get(f"{phone.base}/games/{game['id']}/sheet.json", timeout=10)
            .json()["version"] for phone in phones]

    def send(phone, action, version, which):
        path, data = action.request(game, version, which)
        return lambda: phone.post(path, data, phone.csrf)

    return seen, at_once(*[send(phone, action, version, which)
                           for which, (phone, action, version) in
                           enumerate(zip(phones, (first, second), seen))])


@pytest.mark.parametrize("first,second", PAIRS, ids=[f"{a.name}+{b.name}" for a, b in PAIRS])
def test_two_phones_changing_one_game_at_once_act_as_one_after_the_other(
        race_db, live, phones, first, second):
    games = race_db["games"][PAIRS.index((first, second)) * RACES:][:RACES]
    for game in games:
        seen, answers = race(phones, game, first, second)
        statuses = [answer.status_code for answer in answers]
        assert all(status < 500 for status in statuses), [a.text[-3000:] for a in answers]
        assert set(statuses) <= {302, 409}, [a.text[:2000] for a in answers]
        acknowledged = [(which, action) for which, (action, status)
                        in enumerate(zip((first, second), statuses)) if status == 302]
        assert seen[0] == seen[1] and acknowledged, statuses
        if first is second and first.same_for_both:
            # the very same change from the same version: made once, and both are told so
            assert statuses == [302, 302]
            acknowledged = acknowledged[:1]
        else:
            # both phones saw one version: only one change based on it goes through
            assert len([a for _, a in acknowledged if a.versioned]) <= 1, statuses
        shown = phones[0].http.get(f"{live.base}/games/{game['id']}/sheet.json",
                                   timeout=10).json()
        assert state_of(shown) in expected_states(game, acknowledged), (statuses, shown)
        # the pad reads the same sheet, on every worker
        assert phones[1].http.get(f"{live.base}/games/{game['id']}", timeout=10).status_code == 200


def test_after_the_races_every_figure_page_export_and_the_backup_agree(race_db, live, phones,
                                                                     tmp_path):
    live.kill()
    check_database(race_db["url"], tmp_path)

