"""Races a hostile or unlucky table brings (issue 27), against gunicorn with several
workers: an undo racing a correction of the very entry it removes, and taps at the same
moment on a night, a player or a group that one of them removes or makes."""

import pytest

from tests.server.conftest import Phone, Server, at_once, count, scalar
from tests.server.races import build_games, correct_doc, round_form
from tests.web.conftest import hidden_value

RACES = 12


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    built = build_games(tmp_path_factory.mktemp("walls"), RACES)
    server = Server(built["url"], workers=3).start()
    phones = [Phone.opened(server.base), Phone.opened(server.base)]
    yield built, server, phones
    server.kill()


def sheet(phone, game):
    return phone.http.get(f"{phone.base}/games/{game['id']}/sheet.json", timeout=10).json()


def test_an_undo_racing_a_correction_of_the_last_entry_is_one_or_the_other_never_a_500(table):
    built, server, (undoing, correcting) = table
    outcomes = set()
    for game in built["games"]:
        seen = sheet(undoing, game)["version"]
        undo, correct = at_once(
            lambda: undoing.post(f"/games/{game['id']}/undo", {"version": seen},
                                 undoing.csrf),
            lambda: correcting.post(f"/games/{game['id']}/entries/1",
                                    round_form(game, seen, correct_doc(1)), correcting.csrf))
        entries = count(built["url"], f"select count(*) from entry where game_id = {game['id']}")
        if undo.status_code == 302:
            # the undo came first: the correction is told so on the pad, the entry is gone
            assert correct.status_code == 409, correct.text[-800:]
            assert "was removed on another phone" in correct.text
            assert entries == 1
            outcomes.add("undo first")
        else:
            # the correction came first: the undo was based on the sheet before it
            assert (correct.status_code, undo.status_code) == (302, 409), undo.text[-800:]
            assert entries == 2
            assert sheet(correcting, game)["entries"][1]["hands"][game["names"][0]] == {
                "score": 5}
            outcomes.add("correction first")
    print(f"\n{RACES} races: {sorted(outcomes)}")
    assert "Traceback" not in server.errors()


# ---- taps at the same moment on what goes away (found by a hostile probe) ----------------

def new_night(phone, title):
    answer = phone.post("/nights/new", {"date": "2026-12-01", "title": title}, phone.csrf)
    assert answer.status_code == 302, answer.text[-500:]
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def new_player(phone, url, night, name):
    assert phone.post(f"/nights/{night}/attendees", {"name": name},
                      phone.csrf).status_code == 302
    player = scalar(url, "select id from player where name = :name", name=name)
    # off the night again, so that only the roster holds them
    phone.post(f"/nights/{night}/attendees/{player}/remove", {}, phone.csrf)
    return player


def test_a_double_tap_on_delete_night_is_answered_twice_as_the_first(table):
    built, server, (phone, _) = table
    for number in range(4):
        night = new_night(phone, f"Twice {number}")
        key = phone.hidden(f"/nights/{night}/delete", "once")
        answers = at_once(*[lambda: phone.post(f"/nights/{night}/delete", {"once": key},
                                               phone.csrf)] * 2)
        assert [a.status_code for a in answers] == [302, 302], [a.text[-300:] for a in answers]
        assert {a.headers["Location"] for a in answers} == {"/nights/"}
        assert count(built["url"], f"select count(*) from night where id = {night}") == 0
    assert "Traceback" not in server.errors()


def test_two_phones_deleting_one_night_at_once_is_no_500(table):
    built, server, (ann, ben) = table
    for number in range(4):
        night = new_night(ann, f"Both {number}")
        answers = at_once(*[lambda phone=phone: phone.post(f"/nights/{night}/delete", {},
                                                           phone.csrf) for phone in (ann, ben)])
        assert sorted(a.status_code for a in answers) in ([302, 302], [302, 404])
    assert "Traceback" not in server.errors()


def test_removing_and_renaming_one_player_at_once_is_no_500(table):
    built, server, (ann, ben) = table
    night = new_night(ann, "Roster")
    for number in range(6):
        player = new_player(ann, built["url"], night, f"Zed{number}")
        removing = lambda: ann.post(f"/players/{player}/remove", {}, ann.csrf)  # noqa: E731
        other = (lambda: ben.post(f"/players/{player}/remove", {}, ben.csrf)) if number % 2 \
            else (lambda: ben.post(f"/players/{player}", {"name": f"Yves{number}"}, ben.csrf))
        answers = at_once(removing, other)
        assert all(a.status_code in (302, 303, 404) for a in answers), \
            [(a.status_code, a.text[-300:]) for a in answers]
    assert "Traceback" not in server.errors()


def test_a_double_tap_on_start_a_group_lands_both_in_the_group(table):
    built, server, _ = table
    for number in range(4):
        phone = Phone(server.base, joined=False)
        first = phone.page("/")
        data = {"once": hidden_value(first, "once"), "name": f"Twice {number}"}
        token = hidden_value(first, "csrf_token")
        answers = at_once(*[lambda: phone.post("/groups/new", data, token)] * 2)
        assert [a.status_code for a in answers] == [302, 302], \
            [(a.status_code, a.headers.get("Location")) for a in answers]
        assert len({a.headers["Location"] for a in answers}) == 1
        assert count(built["url"], f"select count(*) from play_group where name = "
                                   f"'Twice {number}'") == 1
    assert "Traceback" not in server.errors()
