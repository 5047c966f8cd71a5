"""A second tap on a button while the first is on its way is stored once and answered as
the first was: every change to a game, starting nights and games, adding a player."""

import pytest

from tests.server.conftest import WORKERS, Phone, Server, at_once, count, workers
from tests.server.races import ACTIONS, build_games, expected_states, state_of

TAPS = 5


@pytest.fixture(scope="module", params=list(WORKERS))
def table(request, tmp_path_factory):
    setup = workers(request.param)
    built = build_games(tmp_path_factory.mktemp("taps"), len(ACTIONS) * TAPS)
    server = Server(built["url"], **setup).start()
    phone = Phone.opened(server.base)
    yield built, server, phone
    server.kill()


def twice(phone, path, data):
    """The same request sent twice at the same instant, from one phone (one session)."""
    def tap():
        return phone.post(path, data, phone.csrf)

    return at_once(tap, tap)


def sheet(phone, game):
    return phone.http.get(f"{phone.base}/games/{game['id']}/sheet.json", timeout=10).json()


@pytest.mark.parametrize("action", ACTIONS, ids=[a.name for a in ACTIONS])
def test_a_double_tap_on_a_change_is_stored_once_and_both_taps_are_told_it_was_done(
        table, action):
    built, server, phone = table
    for game in built["games"][ACTIONS.index(action) * TAPS:][:TAPS]:
        before = sheet(phone, game)
        path, data = action.request(game, before["version"], 0)
        answers = twice(phone, path, data)
        assert [a.status_code for a in answers] == [302, 302], [a.text[-1500:] for a in answers]
        assert answers[0].headers["Location"] == answers[1].headers["Location"]
        # as if it had been tapped once
        assert state_of(sheet(phone, game)) in expected_states(game, [(0, action)])


def test_a_double_tap_on_start_night_makes_one_night(table):
    built, server, phone = table
    once = phone.hidden("/nights/new", "once")
    answers = twice(phone, "/nights/new", {"date": "2026-12-01", "title": "Doubled", "once": once})
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    assert count(built["url"], "select count(*) from night where title = 'Doubled'") == 1


def test_a_double_tap_on_adding_a_new_player_adds_them_once(table):
    built, server, phone = table
    night = int(phone.post("/nights/new", {"date": "2026-12-01", "title": "Names"},
                           phone.csrf).headers["Location"].rsplit("/", 1)[1])
    once = phone.hidden(f"/nights/{night}", "once")
    answers = twice(phone, f"/nights/{night}/attendees", {"name": "Zed", "once": once})
    assert [a.status_code for a in answers] == [302, 302]
    assert count(built["url"], "select count(*) from player where name = 'Zed'") == 1
    assert count(built["url"], f"select count(*) from night_player where night_id = {night}") == 1


def test_two_phones_adding_the_same_new_name_in_any_case_make_one_player(table):
    built, server, phone = table
    other = Phone.opened(server.base)
    night = int(phone.post("/nights/new", {"date": "2026-12-01", "title": "Same name"},
                           phone.csrf).headers["Location"].rsplit("/", 1)[1])

    def add(who, name):
        return lambda: who.post(f"/nights/{night}/attendees", {"name": name}, who.csrf)

    answers = at_once(add(phone, "Yves"), add(other, "yves"))
    assert all(a.status_code in (302, 422) for a in answers), [a.text[-1500:] for a in answers]
    assert count(built["url"], "select count(*) from player where name_key = 'yves'") == 1
    assert count(built["url"], f"select count(*) from night_player where night_id = {night}") == 1


def test_a_double_tap_on_a_roster_name_puts_them_on_the_night_once(table):
    built, server, phone = table
    night = int(phone.post("/nights/new", {"date": "2026-12-01", "title": "Chips"},
                           phone.csrf).headers["Location"].rsplit("/", 1)[1])
    player = built["games"][0]["player_ids"][0]
    answers = twice(phone, f"/nights/{night}/attendees/{player}", {})
    assert [a.status_code for a in answers] == [302, 302]
    data = phone.http.get(f"{server.base}/nights/{night}/export.json", timeout=10).json()
    assert len(data["night"]["attendees"]) == 1

