"""Undo and abandon ask first, on a page that says exactly what goes, and act only if the
game is still as that page showed it."""

import re
from html import unescape

import pytest

from tests.web.conftest import version


def shown(response):
    """The page's words, without its markup."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def skyjo(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    for ann, ben in ((3, 9), (12, 4)):
        # Ben's 4 is lower than Ann's 12 in round 2: Ann finished, so hers is doubled
        client.post(f"/games/{game}/entries", data={
            "version": version(client, game), "finisher": "Ann",
            "score_0": str(ann), "score_1": str(ben)})
    return game


def test_the_undo_page_names_the_round_it_removes_with_everyones_points(client, start_game):
    game = skyjo(client, start_game)
    page = shown(client.get(f"/games/{game}/undo?version={version(client, game)}"))
    assert "Round 2: Ann 24 (doubled), Ben 4" in page
    assert "Yes, undo it" in page


@pytest.mark.parametrize("kind,players,entry,said", [
    ("cards_500", ["Ann", "Ben", "Cid", "Dan"],
     {"out": "Ann", "points_1": "45", "points_2": "30", "points_3": "5"},
     "Hand 1: Ann went out; Ben 45, Cid 30, Dan 5"),
    ("dice_poker", ["Ann", "Ben"], {"player": "Ann", "row": "3", "score": "-6"},
     "Round 1: Ann, Threes -6"),
    ("skull", ["Ann", "Ben", "Cid"], {"challenger": "Ann", "bid": "2", "outcome": "skull:Ben"},
     "Challenge 1: Ann bid 2 and flipped Ben's skull"),
])
def test_the_undo_page_says_what_each_kind_removes(client, start_game, kind, players, entry,
                                                   said):
    game = start_game(kind, players)
    saved = client.post(f"/games/{game}/entries", data={"version": version(client, game),
                                                        **entry})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert said in shown(client.get(f"/games/{game}/undo?version={version(client, game)}"))


def test_an_undo_page_opened_from_a_stale_pad_says_what_changed_and_asks_about_the_sheet_now(
        client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries", data={"version": version(client, game),
                                                "finisher": "Ann", "score_0": "3", "score_1": "9"})
    pad_version = version(client, game)
    # another phone saves round 2 while this one still shows round 1 as the last
    client.post(f"/games/{game}/entries", data={"version": pad_version, "finisher": "Ann",
                                                "score_0": "1", "score_1": "5"})
    page = shown(client.get(f"/games/{game}/undo?version={pad_version}"))
    assert "Round 2 was saved on another phone" in page
    assert "Round 2: Ann 1, Ben 5" in page


def test_an_undo_confirmed_after_another_phone_saved_removes_nothing(client, start_game):
    game = skyjo(client, start_game)
    confirmed = version(client, game)
    client.post(f"/games/{game}/entries", data={"version": confirmed, "finisher": "Ben",
                                                "score_0": "5", "score_1": "2"})
    refused = client.post(f"/games/{game}/undo", data={"version": confirmed})
    assert refused.status_code == 409
    assert "Round 3 was saved on another phone" in shown(refused)
    # the page now asks about round 3, the last one as the sheet is now
    assert "Round 3: Ann 5, Ben 2" in shown(refused)
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 3


def test_the_abandon_page_says_where_the_game_stops_and_a_stale_one_abandons_nothing(
        client, start_game):
    game = skyjo(client, start_game)
    seen = version(client, game)
    page = shown(client.get(f"/games/{game}/abandon?version={seen}"))
    assert "the last round is Round 2: Ann 24 (doubled), Ben 4" in page
    client.post(f"/games/{game}/undo", data={"version": seen})
    refused = client.post(f"/games/{game}/abandon", data={"version": seen})
    assert refused.status_code == 409
    assert "Round 2 was removed on another phone" in shown(refused)
    assert client.get(f"/games/{game}/sheet.json").get_json()["status"] == "in_progress"


def test_undo_with_nothing_to_undo_says_so(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    assert "There is nothing to undo yet." in shown(
        client.get(f"/games/{game}/undo?version={version(client, game)}"))
    refused = client.post(f"/games/{game}/undo", data={"version": version(client, game)})
    assert refused.status_code == 422
    assert "There is nothing to undo yet." in shown(refused)
