"""The Wizard pad through the test client, as the table's scorer would use it: a round's
bids, then its tricks, a tap each. Expected scores are worked out by hand from RULES.md
section 6: a bid met scores 20 and 10 a trick, a bid missed -10 a trick of difference."""

import csv
import io

import pytest

from tests.web.conftest import errors, form_version, parse, select, table_rows, texts, version

FOUR = ["Ann", "Ben", "Cid", "Dan"]
THREE = ["Ann", "Ben", "Cid"]


def numbers(values):
    """The form as the pad posts it: one tapped number per seat."""
    return {f"n_{i}": str(n) for i, n in enumerate(values)}


@pytest.fixture
def step(client):
    """step(game, [1, 0, 2, 1]) saves the next step (bids or tricks) from the pad's own
    form, as the page showed it; returns the response."""

    def save(game, values, expect=302):
        page = parse(client.get(f"/games/{game}"))
        hidden = {i.get("name"): i.get("value", "") for i in select(page, "form input[type=hidden]")
                  if i.get("name") in ("step", "round", "once", "entry", "version")}
        response = client.post(f"/games/{game}/entries", data={**hidden, **numbers(values)})
        assert response.status_code == expect, errors(response)
        return response

    return save


def heading(client, game):
    return texts(parse(client.get(f"/games/{game}")), "#entry-heading")[0]


def taps(client, game, seat):
    """The numbers seat `seat` may tap."""
    page = parse(client.get(f"/games/{game}"))
    return [int(i.get("value")) for i in select(page, f"input[type=radio][name=n_{seat}]")]


def test_a_round_is_its_bids_then_its_tricks_scored_as_the_rules_say(client, start_game, step):
    game = start_game("wizard", FOUR)
    assert heading(client, game) == "Round 1: bids"
    # round 1 deals one card: each bid is 0 or 1, a tap each
    assert taps(client, game, 0) == [0, 1]
    step(game, [1, 0, 0, 0])
    assert heading(client, game) == "Round 1: tricks"
    step(game, [1, 0, 0, 0])
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    # Ann bid 1 and took it: 20 + 10; the others bid 0 and took 0: 20 each
    assert sheet["totals"] == {"Ann": 30, "Ben": 20, "Cid": 20, "Dan": 20}
    assert heading(client, game) == "Round 2: bids"
    assert taps(client, game, 0) == [0, 1, 2]


def test_the_spec_example_round_three(client, start_game, step):
    game = start_game("wizard", FOUR)
    for bids, tricks in (([0, 0, 0, 1], [0, 0, 0, 1]), ([0, 1, 1, 0], [1, 0, 1, 0])):
        step(game, bids)
        step(game, tricks)
    before = client.get(f"/games/{game}/sheet.json").get_json()["totals"]
    step(game, [1, 0, 2, 1])
    step(game, [1, 1, 1, 0])
    after = client.get(f"/games/{game}/sheet.json").get_json()["totals"]
    assert {p: after[p] - before[p] for p in FOUR} == {"Ann": 30, "Ben": -10, "Cid": -10,
                                                     "Dan": -10}


def test_the_bids_are_on_the_pad_while_the_round_is_played(client, start_game, step):
    game = start_game("wizard", FOUR)
    step(game, [1, 0, 0, 0])
    step(game, [0, 0, 0, 1])
    step(game, [2, 1, 1, 1])
    page = parse(client.get(f"/games/{game}"))
    # bids 5 of round 2's 2 tricks: someone must miss
    assert texts(page, "#entry .wz-open") == [
        "Bids 5 of 2 tricks: at least one player will miss."]
    # each player's bid is beside their tricks
    assert texts(page, ".wz-bid") == ["bid 2", "bid 1", "bid 1", "bid 1"]
    step(game, [1, 1, 0, 0])
    assert texts(parse(client.get(f"/games/{game}")), ".wz-open") == []


def test_bids_that_add_up_say_everyone_can_make_it(client, start_game, step):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    assert texts(parse(client.get(f"/games/{game}")), ".wz-open") == [
        "Bids 1 of 1 trick: everyone can make it."]


def test_tricks_that_do_not_add_up_come_back_with_what_was_tapped(client, start_game, step):
    game = start_game("wizard", FOUR)
    step(game, [1, 0, 0, 0])
    response = step(game, [1, 1, 0, 0], expect=422)
    page = parse(response)
    assert "The tricks add up to 2, not 1: every trick of round 1 is taken by someone." in \
        page.text
    checked = [i.get("value") for i in select(page, "input[type=radio]") if "checked" in i.attrs]
    assert checked == ["1", "1", "0", "0"]
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == [
        {"bids": {"Ann": 1, "Ben": 0, "Cid": 0, "Dan": 0}}]


def test_a_player_left_without_a_number_is_named_beside_their_row(client, start_game):
    game = start_game("wizard", THREE)
    page = parse(client.get(f"/games/{game}"))
    data = {"version": form_version(page), "step": "bids", "round": "1", "n_0": "1",
            "n_1": "0"}
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 422
    assert texts(parse(response), "#n_2-error") == ["Tap Cid's number."]


def test_uneven_bids_are_refused_with_the_sum_when_the_setting_is_on(client, start_game,
                                                                     step):
    game = start_game("wizard", THREE, uneven_bids=True)
    response = step(game, [1, 0, 0], expect=422)
    assert ("The bids add up to 1, the tricks of round 1: in this game they may not."
            in parse(response).text)
    step(game, [0, 0, 0])


def test_the_game_ends_after_the_tricks_of_its_last_round(client, start_game, step):
    game = start_game("wizard", THREE, rounds=2)
    for bids, tricks in (([1, 0, 0], [1, 0, 0]), ([0, 2, 0], [0, 1, 1])):
        step(game, bids)
        step(game, tricks)
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    # round 1: 30, 20, 20; round 2: Ann 0/0 +20, Ben 2/1 -10, Cid 0/1 -10
    assert sheet["finished"] and sheet["totals"] == {"Ann": 50, "Ben": 10, "Cid": 10}
    assert sheet["winners"] == ["Ann"]
    page = parse(client.get(f"/games/{game}"))
    assert select(page, "#entry") == []


def test_undo_takes_back_the_last_step_only(client, start_game, step):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    step(game, [1, 0, 0])
    page = parse(client.get(f"/games/{game}"))
    assert [b.text for b in select(page, "form button")
            if b.text.startswith("Undo")] == ["Undo the tricks of round 1"]
    undo = next(form for form in select(page, "form") if form.get("action", "").endswith("/undo"))
    once = next(i.get("value") for i in undo.iter() if i.get("name") == "once")
    response = client.post(f"/games/{game}/undo",
                           data={"version": version(client, game), "once": once})
    assert response.status_code == 302
    assert client.get(f"/games/{game}/sheet.json").get_json()["open_round"] == 1
    assert heading(client, game) == "Round 1: tricks"


def test_a_bid_is_corrected_on_its_own_page(client, start_game, step):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    step(game, [1, 0, 0])
    page = parse(client.get(f"/games/{game}/entries/0"))
    assert texts(page, "h1") == ["Correct round"]
    data = {i.get("name"): i.get("value", "") for i in select(page, "form input[type=hidden]")}
    response = client.post(f"/games/{game}/entries/0", data={**data, **numbers([0, 0, 0])})
    assert response.status_code == 302, errors(response)
    # Ann bid 0 and took 1 now: -10
    assert client.get(f"/games/{game}/sheet.json").get_json()["totals"]["Ann"] == -10


def test_the_sheet_shows_bid_tricks_and_points_per_round(client, start_game, step):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    step(game, [0, 1, 0])
    rows = table_rows(parse(client.get(f"/games/{game}")), "table.wz-sheet")
    assert ["1", "1/0 -10", "0/1 -10", "0/0 +20"] in rows
    assert ["Total", "-10", "-10", "20"] in rows


def test_the_export_lists_each_players_bid_tricks_and_points(client, start_game, step):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    step(game, [1, 0, 0])
    night = client.get(f"/games/{game}/sheet.json")
    rows = list(csv.reader(io.StringIO(client.get("/nights/1/export.csv").get_data(as_text=True))))
    assert night.status_code == 200
    assert ["Round", "Ann: bid", "Ann: tricks", "Ann: points", "Ben: bid", "Ben: tricks",
            "Ben: points", "Cid: bid", "Cid: tricks", "Cid: points"] in rows
    assert ["1", "1", "1", "30", "0", "0", "20", "0", "0", "20"] in rows


@pytest.mark.parametrize("language, said", [
    ("et", None), ("pl", None), ("lv", None)])
def test_the_pad_is_in_the_readers_language(client, start_game, step, language, said):
    game = start_game("wizard", THREE)
    step(game, [1, 0, 0])
    client.set_cookie("lang", language)
    text = parse(client.get(f"/games/{game}")).text
    for english in ("Round 1: tricks", "Save the tricks", "Bids 1 of 1 trick",
                    "Tap the tricks each player took"):
        assert english not in text, (language, english)


def test_bids_typed_for_a_round_another_phone_finished_are_not_saved_for_the_next(
        client, start_game, step):
    """Another phone saved round 1's bids and tricks while this one tapped round 1's bids:
    saved now, they would be round 2's without a word. Refused, and the page asks for
    round 2's bids, the taps kept."""
    game = start_game("wizard", THREE)
    page = parse(client.get(f"/games/{game}"))
    mine = {i.get("name"): i.get("value", "") for i in select(page, "form input[type=hidden]")
            if i.get("name") in ("step", "round", "once", "entry", "version")}
    step(game, [1, 0, 0])
    step(game, [1, 0, 0])
    # this phone followed the sheet: its form is based on the version as it is now
    response = client.post(f"/games/{game}/entries", data={
        **mine, "version": version(client, game), **numbers([0, 1, 1])})
    assert response.status_code == 409
    assert "The result of round 1 was saved on another phone" in parse(response).text
    assert len(client.get(f"/games/{game}/sheet.json").get_json()["entries"]) == 2
    page = parse(response)
    assert texts(page, "#entry-heading") == ["Round 2: bids"]
    assert [i.get("value") for i in select(page, "input[name=round]")] == ["2"]
    checked = [i.get("value") for i in select(page, "input[type=radio]") if "checked" in i.attrs]
    assert checked == ["0", "1", "1"]


def test_a_round_number_sent_from_a_page_is_only_believed_up_to_the_sheets(client,
                                                                          start_game):
    game = start_game("wizard", THREE)
    page = parse(client.get(f"/games/{game}"))
    response = client.post(f"/games/{game}/entries", data={
        "version": form_version(page), "step": "bids", "round": "99", "n_0": "1"})
    assert response.status_code == 422
    # round 1 deals one card: each bid is 0 or 1, whatever the form said
    assert [int(i.get("value")) for i in select(parse(response), "input[name=n_1]")] == [0, 1]
