"""Deleting a game while another phone saves to it, and two phones tapping Rematch at the
same moment, against gunicorn with several workers."""

import pytest

from tests.server.conftest import WORKERS, Phone, Server, at_once, count, workers
from tests.server.races import build_games, round_form, skyjo_round

RACES = 4


@pytest.fixture(scope="module", params=list(WORKERS))
def table(request, tmp_path_factory):
    setup = workers(request.param)
    built = build_games(tmp_path_factory.mktemp("delete"), 2 * RACES)
    server = Server(built["url"], **setup).start()
    phones = [Phone.opened(server.base), Phone.opened(server.base)]
    yield built, server, phones
    server.kill()


def version_of(phone, game):
    return phone.http.get(f"{phone.base}/games/{game['id']}/sheet.json", timeout=10).json()["version"]


def test_a_game_deleted_while_another_phone_saves_a_round_is_either_saved_then_kept_or_gone(
        table):
    built, server, (deleting, saving) = table
    for game in built["games"][:RACES]:
        seen = version_of(deleting, game)
        delete, save = at_once(
            lambda: deleting.post(f"/games/{game['id']}/delete", {"version": seen},
                                  deleting.csrf),
            lambda: saving.post(f"/games/{game['id']}/entries",
                                round_form(game, seen, skyjo_round(2, 3)), saving.csrf))
        entries = count(built["url"], f"select count(*) from entry where game_id = {game['id']}")
        kept = count(built["url"], f"select count(*) from game where id = {game['id']}")
        if delete.status_code == 302:
            # the delete came first: the round finds the game gone, and nothing is left of it
            assert save.status_code in (404, 410), save.text[-800:]
            assert (kept, entries) == (0, 0)
        else:
            # the round came first: the delete was based on the sheet before it, so it is
            # refused and says so; the game keeps its three rounds
            assert (save.status_code, delete.status_code) == (302, 409), delete.text[-800:]
            assert "saved on another phone" in delete.text
            assert (kept, entries) == (1, 3)
    assert "Traceback" not in server.errors()


def test_two_phones_tapping_rematch_at_once_start_one_new_game(table):
    built, server, phones = table
    for game in built["games"][RACES:]:
        # p1 passes the target: the game ends
        phones[0].post(f"/games/{game['id']}/entries",
                       round_form(game, version_of(phones[0], game), skyjo_round(0, 100)),
                       phones[0].csrf)
        before = count(built["url"], "select count(*) from game")
        answers = at_once(*[lambda phone=phone: phone.post(
            f"/games/{game['id']}/rematch", {}, phone.csrf) for phone in phones])
        assert [a.status_code for a in answers] == [302, 302]
        assert answers[0].headers["Location"] == answers[1].headers["Location"]
        assert count(built["url"], "select count(*) from game") == before + 1
        new = int(answers[0].headers["Location"].rsplit("/", 1)[1])
        seats = count(built["url"], f"select count(*) from seat where game_id = {new}")
        assert seats == 2
    assert "Traceback" not in server.errors()
