"""The Skyjo pad through the test client, as a scorer at the table would use it."""

import pytest

from tests.web.conftest import errors, form_version, parse, select, version


def round_(seen, finisher, players, scores):
    """The entry form as a phone posts it, filled in on the sheet at version `seen`."""
    data = {"version": seen, "finisher": finisher}
    for i, player in enumerate(players):
        data[f"score_{i}"] = str(scores[player])
    return data


PLAYERS = ["Ann", "Ben", "Cid"]


def test_a_whole_game_from_a_new_night_to_its_winner(client, start_game):
    game = start_game("skyjo", PLAYERS)
    rounds = [("Ann", {"Ann": 10, "Ben": 24, "Cid": 10}),   # ann tied, so doubled to 20
              ("Ben", {"Ann": 30, "Ben": 5, "Cid": 40}),
              ("Cid", {"Ann": 20, "Ben": 35, "Cid": 12}),
              ("Ann", {"Ann": 40, "Ben": 40, "Cid": 45})]
    for finisher, scores in rounds:
        response = client.post(f"/games/{game}/entries",
                               data=round_(version(client, game), finisher, PLAYERS, scores))
        assert response.status_code == 302, errors(response)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    assert sheet["totals"] == {"Ann": 20 + 30 + 20 + 80, "Ben": 104, "Cid": 107}
    assert sheet["finished"] and sheet["winners"] == ["Ben"]
    assert "Ben won the game" in page
    assert "Save round" not in page


def test_a_doubled_finisher_is_marked_on_the_sheet(client, start_game):
    game = start_game("skyjo", PLAYERS)
    client.post(f"/games/{game}/entries", data=round_(
        version(client, game), "Ann", PLAYERS, {"Ann": 10, "Ben": 24, "Cid": 10}))
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'class="doubled"' in page and "×2" in page
    assert "Starts next" in page


def test_a_card_grid_is_scored_with_its_columns_removed(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    grid = [12, 5, 0, None, 12, -1, 3, None, 12, 8, 7, None]
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3"}
    data.update({f"card_1_{c}": "" if v is None else str(v) for c, v in enumerate(grid)})
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)
    assert client.get(f"/games/{game}/sheet.json").get_json()["totals"]["Ben"] == 22


def test_the_preview_counts_a_grid_without_saving(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3", "preview": "1"}
    data.update({f"card_1_{c}": str(c + 1) for c in range(12)})
    response = client.post(f"/games/{game}/entries", data=data)
    assert "These cards score 78." in response.get_data(as_text=True)
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


def test_a_score_out_of_range_comes_back_with_the_values_typed(client, start_game):
    game = start_game("skyjo", PLAYERS)
    response = client.post(f"/games/{game}/entries",
                           data=round_(version(client, game), "Ben", PLAYERS,
                                       {"Ann": 12, "Ben": 3, "Cid": 141}))
    assert response.status_code == 422
    assert errors(response) == ["Cid's score of 141 is more than a Skyjo hand can hold (140 at most)."]
    html = response.get_data(as_text=True)
    assert 'value="141"' in html and 'value="12"' in html
    assert 'checked id="finisher-1"' in html


def test_a_missing_score_is_named_beside_the_player(client, start_game):
    game = start_game("skyjo", PLAYERS)
    data = round_(version(client, game), "Ben", PLAYERS, {"Ann": 12, "Ben": 3, "Cid": 1})
    data["score_2"] = ""
    response = client.post(f"/games/{game}/entries", data=data)
    assert errors(response) == ["Type Cid's score for this round."]


def test_a_missing_finisher_is_asked_for(client, start_game):
    game = start_game("skyjo", PLAYERS)
    data = round_(version(client, game), "Ben", PLAYERS, {"Ann": 12, "Ben": 3, "Cid": 1})
    del data["finisher"]
    response = client.post(f"/games/{game}/entries", data=data)
    assert "Say who turned all their cards first." in errors(response)


def test_a_rule_broken_across_grids_is_shown_above_the_form(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann"}
    for i in range(2):
        data.update({f"card_{i}_{c}": "-2" for c in range(3)})
        data.update({f"card_{i}_{c}": "5" for c in range(3, 12)})
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 422
    assert any("-2" in e and "deck has 5" in e for e in errors(response))
    assert 'value="-2"' in response.get_data(as_text=True)


def test_undo_removes_the_last_round_after_confirmation(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries",
                data=round_(version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9}))
    seen = version(client, game)
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 1
    confirm = client.get(f"/games/{game}/undo?version={seen}").get_data(as_text=True)
    assert "Undo the last round?" in confirm
    client.post(f"/games/{game}/undo", data={"version": seen})
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


def test_correcting_a_round_recounts_the_sheet(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries",
                data=round_(version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9}))
    client.post(f"/games/{game}/entries",
                data=round_(version(client, game), "Ben", ["Ann", "Ben"], {"Ann": 8, "Ben": 2}))
    form = client.get(f"/games/{game}/entries/0").get_data(as_text=True)
    assert 'value="9"' in form
    response = client.post(f"/games/{game}/entries/0", data=round_(
        version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 19}))
    assert response.status_code == 302, errors(response)
    assert client.get(f"/games/{game}/sheet.json").get_json()["totals"] == {"Ann": 9, "Ben": 21}


def test_a_second_phone_saving_the_same_round_gets_a_conflict_and_keeps_its_values(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    seen = version(client, game)  # both phones open the empty sheet
    client.post(f"/games/{game}/entries",
                data=round_(seen, "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9}))
    response = client.post(f"/games/{game}/entries",
                           data=round_(seen, "Ben", ["Ann", "Ben"], {"Ann": 7, "Ben": 3}))
    assert response.status_code == 409
    assert errors(response)[0] == ("Round 1 was saved on another phone while you were on this "
                                   "page: here is the sheet as it is now.")
    html = response.get_data(as_text=True)
    assert 'value="7"' in html
    # saving again from this form is based on the sheet as it is now
    assert form_version(html) == version(client, game) != seen
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 1


def test_a_double_tap_saves_one_round(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = round_(version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9})
    assert client.post(f"/games/{game}/entries", data=data).status_code == 302
    assert client.post(f"/games/{game}/entries", data=data).status_code == 302
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 1


def test_an_abandoned_game_takes_no_more_rounds(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/abandon", data={"version": version(client, game)})
    # a phone that has seen the abandoned sheet
    response = client.post(f"/games/{game}/entries", data=round_(
        version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9}))
    assert "abandoned" in " ".join(errors(response))
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []
    assert client.get(f"/games/{game}/sheet.json").get_json()["status"] == "abandoned"


def test_a_stale_form_that_is_also_incomplete_says_the_sheet_changed(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    seen = version(client, game)
    client.post(f"/games/{game}/entries",
                data=round_(seen, "Ann", ["Ann", "Ben"], {"Ann": 1, "Ben": 9}))
    data = round_(seen, "Ann", ["Ann", "Ben"], {"Ann": 7, "Ben": 3})
    del data["finisher"]
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 409
    assert ("Round 1 was saved on another phone while you were on this page: here is the "
            "sheet as it is now.") in errors(response)
    assert parse(response).one("input#score_0").get("value") == "7"


def finishers(html):
    return [i.get("value") for i in select(html, "input[type=radio][name=finisher][required]")]


def test_games_opened_one_after_another_each_show_their_own_players(client, start_game):
    # the form class is shared by games with the same seating, and built once per seating
    three = start_game("skyjo", PLAYERS)
    saved = client.post(f"/games/{three}/entries", data=round_(
        version(client, three), "Ann", PLAYERS, {"Ann": 10, "Ben": 24, "Cid": 10}))
    assert saved.status_code == 302, errors(saved)
    two = start_game("skyjo", ["Dan", "Eve"])
    again = start_game("skyjo", PLAYERS)
    for _ in range(2):
        html = parse(client.get(f"/games/{three}"))
        assert finishers(html) == PLAYERS
        assert html.one("label[for=card_2_11]").text == "Cid, row 3, column 4"
        assert form_version(html) == version(client, three)
        html = parse(client.get(f"/games/{two}"))
        assert finishers(html) == ["Dan", "Eve"]
        assert html.one("label[for=score_1]").text == "Eve" and not html.select("#score_2")
        html = parse(client.get(f"/games/{again}"))
        assert form_version(html) == version(client, again)


def test_nobody_leads_a_sheet_before_its_first_round(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    assert "Leading" not in client.get(f"/games/{game}").get_data(as_text=True)
    client.post(f"/games/{game}/entries", data=round_(version(client, game), "Ann",
                                                      ["Ann", "Ben"], {"Ann": 3, "Ben": 9}))
    # Skyjo's lowest total leads: Ann's 3 against Ben's 9
    assert "Leading" in client.get(f"/games/{game}").get_data(as_text=True)


@pytest.mark.parametrize("position", [1, 99])
def test_a_correction_page_past_the_last_round_is_not_found(client, start_game, position):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries", data=round_(version(client, game), "Ann",
                                                      ["Ann", "Ben"], {"Ann": 3, "Ben": 9}))
    assert client.get(f"/games/{game}/entries/{position}").status_code == 404
    assert client.get(f"/games/{game}/entries/0").status_code == 200
