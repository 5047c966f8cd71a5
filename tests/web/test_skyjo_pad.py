"""The Skyjo pad through the test client, as a scorer at the table would use it."""

import io

import pytest

from tests.web.conftest import (errors, form_data, form_version, parse, select, table_rows,
                                texts, version)


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
    # ann's 10 doubled to 20 (cid's 10 ties it): cid's 10 is the round's lowest, so cid
    # leads and starts round 2
    starts = [li for li in select(page, ".strip li") if "Starts" in texts(li, ".tag")]
    assert [li.one(".name").text for li in starts] == ["Cid"]
    assert starts[0].classes == ["leader"]


def test_the_winner_of_a_finished_game_is_tagged_winner(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"], target=10)
    client.post(f"/games/{game}/entries", data=round_(version(client, game), "Ann",
                                                      ["Ann", "Ben"], {"Ann": 3, "Ben": 12}))
    page = parse(client.get(f"/games/{game}"))
    assert texts(page, ".standings li.leader .tag-lead") == ["Winner"]
    assert not any("Won" in tag for tag in texts(page, ".tag"))


def test_rounds_are_listed_oldest_first_with_the_totals_below(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    for finisher, scores in [("Ann", {"Ann": 1, "Ben": 9}), ("Ben", {"Ann": 8, "Ben": 2}),
                             ("Ann", {"Ann": 5, "Ben": 5})]:
        client.post(f"/games/{game}/entries",
                    data=round_(version(client, game), finisher, ["Ann", "Ben"], scores))
    rows = table_rows(client.get(f"/games/{game}"), "table.rounds")
    # ann tied at 5 in round 3, so her 5 is doubled
    assert rows == [["Round", "Ann", "Ben"], ["1", "1⚑", "9"], ["2", "8", "2⚑"],
                    ["3", "10⚑×2", "5"], ["Total", "19", "16"]]


def test_a_card_grid_is_scored_with_its_columns_removed(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    grid = [12, 5, 0, None, 12, -1, 3, None, 12, 8, 7, None]
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3"}
    data.update({f"card_1_{c}": "" if v is None else str(v) for c, v in enumerate(grid)})
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)
    assert client.get(f"/games/{game}/sheet.json").get_json()["totals"]["Ben"] == 22
    # the correction opens with the cards, the column of 12s said to go
    form = parse(client.get(f"/games/{game}/entries/0"))
    assert form.one("output#grid_score_1").text == "A column of 12s goes: 22."
    assert [m.text for m in form.select("[data-preview^=grid_gone_1_]")] == ["goes", "", "", ""]


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
        assert html.one("input[name=card_2_11]").get("aria-label") == "Cid, row 3, column 4"
        assert form_version(html) == version(client, three)
        html = parse(client.get(f"/games/{two}"))
        assert finishers(html) == ["Dan", "Eve"]
        assert html.one("label[for=score_1]").text == "Eve" and not html.select("#score_2")
        html = parse(client.get(f"/games/{again}"))
        assert form_version(html) == version(client, again)


def leaders(client, game):
    return texts(client.get(f"/games/{game}"), ".standings li.leader .name")


def test_nobody_leads_a_sheet_before_its_first_round(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    assert leaders(client, game) == []
    client.post(f"/games/{game}/entries", data=round_(version(client, game), "Ann",
                                                      ["Ann", "Ben"], {"Ann": 3, "Ben": 9}))
    # Skyjo's lowest total leads: Ann's 3 against Ben's 9
    assert leaders(client, game) == ["Ann"]


@pytest.mark.parametrize("position", [1, 99])
def test_a_correction_page_past_the_last_round_is_not_found(client, start_game, position):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries", data=round_(version(client, game), "Ann",
                                                      ["Ann", "Ben"], {"Ann": 3, "Ben": 9}))
    assert client.get(f"/games/{game}/entries/{position}").status_code == 404
    assert client.get(f"/games/{game}/entries/0").status_code == 200


# -- the card grid: columns that go, one message per wrong card, moving on cell to cell ----


def cards(i, *columns):
    """Player i's grid as the form sends it, from four columns (top card first; None for a
    column gone in play)."""
    filled = [column or (None, None, None) for column in columns]
    return {f"card_{i}_{r * 4 + c}": "" if filled[c][r] is None else str(filled[c][r])
            for r in range(3) for c in range(4)}


# 39 in all, a column of 5s among them
WORTH_39 = ((5, 5, 5), (1, 2, 3), (4, 5, 0), (6, 2, 1))


@pytest.mark.parametrize("columns, remove, sentence, gone", [
    (WORTH_39, True, "A column of 5s goes: 24.", [0]),
    (WORTH_39, False, "These cards score 39.", []),
    (((1, 2, 3), (12, 12, 12), (0, 0, 1), (5, 5, 5)), True,
     "A column of 12s and a column of 5s go: 7.", [1, 3]),
    (((5, 5, 5), (1, 2, 3), (5, 5, 5), (0, 0, 1)), True, "Two columns of 5s go: 7.", [0, 2]),
    (((-2, -2, -2), (0, 0, 1), None, None), True, "A column of -2s goes: 1.", [0]),
    # columns gone during play are not said: they were never at the reveal
    (((1, 2, 3), None, (4, 5, 6), None), True, "These cards score 21.", []),
])
def test_the_preview_says_the_columns_that_go_at_the_reveal(
        client, start_game, columns, remove, sentence, gone):
    game = start_game("skyjo", ["Ann", "Ben"], remove_columns_at_reveal=remove)
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3",
            "preview": "1", **cards(1, *columns)}
    page = parse(client.post(f"/games/{game}/entries", data=data))
    assert page.one("output#grid_score_1").text == sentence
    marks = page.select("[data-preview^=grid_gone_1_]")
    assert [c for c, mark in enumerate(marks) if mark.text == "goes"] == gone
    # the live preview fills the same elements with the same words
    shown = client.post(f"/games/{game}/preview", data=data).get_json()
    assert shown["grid_score_1"] == sentence
    assert [c for c in range(4) if shown[f"grid_gone_1_{c}"] == "goes"] == gone
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


@pytest.mark.parametrize("counting", [False, True], ids=["save", "count the cards"])
@pytest.mark.parametrize("typed, message", [
    ("13", "Row 2, column 2: Ben's grid has a card of 13; cards run from -2 to 12."),
    ("-3", "Row 2, column 2: Ben's grid has a card of -3; cards run from -2 to 12."),
    ("1.5", "Row 2, column 2: Type a whole number, like 12 or -3."),
    ("x", "Row 2, column 2: Type a whole number, like 12 or -3."),
    # past 64 bits: held at 10^18, which no card is
    ("9" * 30, "Row 2, column 2: Ben's grid has a card of 1000000000000000000; cards run "
               "from -2 to 12."),
])
def test_a_wrong_card_is_said_once_below_its_row(client, start_game, typed, message, counting):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3",
            **cards(1, (1, 2, 3), (4, 5, 6), (7, 8, 9), (0, 1, 2)), "card_1_5": typed}
    if counting:
        data["preview"] = "1"
    response = client.post(f"/games/{game}/entries", data=data)
    assert errors(response) == [message]
    page = parse(response)
    cell, error = page.one("input[name=card_1_5]"), page.one("p.error")
    assert cell.get("value") == typed and cell.get("aria-invalid") == "true"
    assert cell.get("aria-describedby") == error.get("id") == "card_1_5-error"
    assert error.parent.get("data-preview") == "card_errors_1_1"
    # the grid's score is not said while a card is wrong
    assert page.one("output#grid_score_1").text == ""
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


def test_the_live_preview_says_a_wrong_card_below_its_row_and_no_score(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3",
            **cards(1, (1, 2, 3), (4, 5, 6), (7, 8, 9), (0, 1, 2)), "card_1_5": "13"}
    shown = client.post(f"/games/{game}/preview", data=data).get_json()
    assert [shown[f"card_errors_1_{row}"] for row in range(3)] == [
        "", "Row 2, column 2: Ben's grid has a card of 13; cards run from -2 to 12.", ""]
    assert shown["grid_score_1"] == "" and shown["grid_score_0"] == ""


def test_an_unfinished_grid_is_said_in_its_preview_once(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3",
            "card_1_0": "4", "card_1_1": "5"}
    shown = client.post(f"/games/{game}/preview", data=data).get_json()
    assert shown["grid_score_1"] == ("Ben's grid has an empty place in column 1 beside cards "
                                     "still standing; a column is discarded whole.")
    assert [shown[f"card_errors_1_{row}"] for row in range(3)] == ["", "", ""]


def test_cells_move_on_by_themselves_in_reading_order_and_scores_by_enter(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    page = parse(client.get(f"/games/{game}"))
    grids = page.select("[data-advance=auto]")
    assert [[c.get("name") for c in grid.select("input")] for grid in grids] == [
        [f"card_{i}_{c}" for c in range(12)] for i in range(2)]
    assert {(c.get("type"), c.get("min"), c.get("max"))
            for grid in grids for c in grid.select("input")} == {("number", "-2", "12")}
    for i in range(2):
        score = page.one(f"#score_{i}")
        # no numeric keypad: it has no minus sign, and scores and cards go below 0
        assert (score.get("data-advance"), score.get("inputmode")) == ("", None)
    script = page.one("script[src='/static/js/app.js']")
    assert "defer" in script.attrs
    assert client.get(script.get("src")).status_code == 200


def test_a_file_sent_where_a_card_belongs_is_said_below_its_row(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {"version": version(client, game), "finisher": "Ann", "score_0": "3",
            **cards(1, (1, 2, 3), (4, 5, 6), (7, 8, 9), (0, 1, 2)),
            "card_1_5": (io.BytesIO(b"5"), "card.txt")}
    response = client.post(f"/games/{game}/entries", data=data,
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert errors(response) == ["Row 2, column 2: Type this in: a file cannot go here."]
    assert parse(response).one("input[name=card_1_5]").get("aria-invalid") == "true"
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


def test_a_round_typed_as_cards_comes_back_as_cards_to_correct_and_after_undo(
        client, start_game):
    from tests.web.test_undo_refill import entry_form, sheet_of, undo_button
    game = start_game("skyjo", ["Ann", "Ben"])
    typed = cards(1, *WORTH_39)
    saved = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "3", **typed})
    assert saved.status_code == 302, errors(saved)
    before = client.get(f"/games/{game}/sheet.json").get_json()
    # the correction page: Ben's twelve cards as typed, his grid open
    page = parse(client.get(f"/games/{game}/entries/0"))
    assert {key: value for key, value in form_data(page).items()
            if key.startswith("card_1_")} == typed
    assert "open" in page.select("details")[1].attrs
    # undone, the pad's form holds them again, and saving it restores the sheet
    pad = client.get(f"/games/{game}").get_data(as_text=True)
    undone = client.post(f"/games/{game}/undo", data=undo_button(pad), follow_redirects=True)
    form = entry_form(undone.get_data(as_text=True))
    assert {key: value for key, value in form.items() if key.startswith("card_1_")} == typed
    resaved = client.post(f"/games/{game}/entries", data={**form, "version": version(client, game)})
    assert resaved.status_code == 302, errors(resaved)
    assert sheet_of(client, game) == sheet_of(client, game, before)


def test_a_file_under_a_name_no_input_has_is_not_read(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    data = {**round_(version(client, game), "Ann", ["Ann", "Ben"], {"Ann": 3, "Ben": 9}),
            "card_1": (io.BytesIO(b"5"), "grid.txt")}
    saved = client.post(f"/games/{game}/entries", data=data, content_type="multipart/form-data")
    assert saved.status_code == 302, errors(saved)
    assert client.get(f"/games/{game}/sheet.json").get_json()["totals"] == {"Ann": 3, "Ben": 9}
