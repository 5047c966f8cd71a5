"""Any other game through the test client: a whole Qwixx game, found again in the history,
on the players' pages and in the night's picker (RULES.md section 5)."""

import pytest

from tests.web.conftest import errors, form_data, parse, select, texts, version

PLAYERS = ["Ann", "Ben", "Cid"]


def save_round(client, game, *points, end=False, expect=302):
    data = {"version": version(client, game),
            **{f"points_{i}": str(p) for i, p in enumerate(points) if p is not None}}
    if end:
        data["end"] = "y"
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == expect, errors(response)
    return response


def sheet(client, game):
    return client.get(f"/games/{game}/sheet.json").get_json()


def pad(client, game):
    return parse(client.get(f"/games/{game}"))


def test_a_whole_qwixx_game_ends_after_its_rounds_and_the_highest_total_wins(client,
                                                                           start_game):
    game = start_game("any_game", PLAYERS, name="Qwixx", rounds=3)
    save_round(client, game, 12, -3, 0)
    save_round(client, game, 20, 30, -5)
    page = pad(client, game)
    assert page.one("h1").text.startswith("Qwixx")
    assert "Save round 3" in page.text
    save_round(client, game, 1, 2, 3)
    # Ann 33, Ben 29, Cid -2
    result = sheet(client, game)
    assert result["totals"] == {"Ann": 33, "Ben": 29, "Cid": -2}
    assert result["finished"] and result["winners"] == ["Ann"]
    assert "Ann won the game." in pad(client, game).text


def test_the_table_ends_the_game_and_the_lowest_total_wins_when_asked(client, start_game):
    game = start_game("any_game", PLAYERS, name="Golf", high_wins=False)
    save_round(client, game, 5, 3, 9)
    assert "End the game now" in texts(pad(client, game), "button")
    save_round(client, game, end=True)
    result = sheet(client, game)
    assert result["finished"] and result["winners"] == ["Ben"]
    assert result["entries"][-1] == {"end": True}


def test_where_the_lowest_total_wins_the_lowest_leads_while_it_is_played(client,
                                                                          start_game):
    game = start_game("any_game", PLAYERS, name="Golf", high_wins=False)
    save_round(client, game, 5, 3, 9)
    # Ben's 3 is the best round of golf: his chip leads, not Cid's 9
    assert texts(pad(client, game), ".standings li.leader .name") == ["Ben"]


def test_a_target_ends_the_game_after_the_round_that_reaches_it(client, start_game):
    game = start_game("any_game", ["Ann", "Ben"], target=50)
    save_round(client, game, 30, 10)
    assert not sheet(client, game)["finished"]
    save_round(client, game, 25, 10)
    assert sheet(client, game)["winners"] == ["Ann"]


def test_a_missing_score_comes_back_with_what_was_typed_and_a_sentence_beside_it(client,
                                                                              start_game):
    game = start_game("any_game", PLAYERS)
    response = save_round(client, game, 12, None, -4, expect=422)
    assert errors(response) == ["Type Ben's points, or 0."]
    page = parse(response)
    assert page.one("#points_1-error").text == "Type Ben's points, or 0."
    assert form_data(page)["points_0"] == "12" and form_data(page)["points_2"] == "-4"


def test_points_past_the_limit_are_refused_by_the_rules_beside_the_players_field(client,
                                                                               start_game):
    game = start_game("any_game", PLAYERS)
    response = save_round(client, game, 1, 100001, 2, expect=422)
    assert parse(response).one("#points_1-error").text == (
        "Ben's points must be from -100000 to 100000, not 100001.")
    assert sheet(client, game)["entries"] == []


def test_ending_with_points_typed_is_refused_and_keeps_them(client, start_game):
    game = start_game("any_game", PLAYERS)
    save_round(client, game, 1, 2, 3)
    data = {"version": version(client, game), "points_0": "7", "end": "y"}
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 422
    assert errors(response) == ["Save the points typed as a round first, or clear them, "
                                "before ending the game."]
    assert form_data(parse(response))["points_0"] == "7"


def test_the_game_cannot_end_before_a_round(client, start_game):
    game = start_game("any_game", PLAYERS)
    assert "End the game now" not in texts(pad(client, game), "button")
    response = save_round(client, game, end=True, expect=422)
    assert errors(response) == ["The game can end only after at least one round."]


def test_a_round_is_corrected_and_the_end_undone(client, start_game):
    game = start_game("any_game", ["Ann", "Ben"])
    save_round(client, game, 10, 20)
    save_round(client, game, end=True)
    undo = client.post(f"/games/{game}/undo", data={"version": version(client, game)})
    assert undo.status_code == 302 and not sheet(client, game)["finished"]
    correct = client.post(f"/games/{game}/entries/0", data={
        "version": version(client, game), "points_0": "-15", "points_1": "20"})
    assert correct.status_code == 302
    assert sheet(client, game)["totals"] == {"Ann": -15, "Ben": 20}


def finished_game(start_game, client, name, points):
    game = start_game("any_game", ["Ann", "Ben"], name=name)
    save_round(client, game, *points)
    save_round(client, game, end=True)
    return game


def test_games_are_grouped_by_their_name_in_the_history_and_on_the_player_page(client,
                                                                             start_game):
    finished_game(start_game, client, "Qwixx", (30, 10))
    finished_game(start_game, client, "qwixx ", (5, 40))
    finished_game(start_game, client, "Carcassonne", (70, 60))
    history = parse(client.get("/history"))
    choices = {o.text: o.get("value") for o in select(history, "#kind option")}
    assert "Qwixx" in choices and "Carcassonne" in choices
    qwixx = parse(client.get("/history", query_string={"kind": choices["Qwixx"]}))
    # both games, each named as it was typed
    assert sorted(texts(qwixx, "span.game-title")) == ["Qwixx", "qwixx"]
    ann = next(a.get("href") for a in select(parse(client.get("/players/")), "a[href]")
               if a.text == "Ann")
    player = parse(client.get(ann))
    sections = {s.one("h3").text: s for s in select(player, "section.kind-stats")}
    assert set(sections) >= {"Qwixx", "Carcassonne"}
    tiles = {d.one("dt").text: d.one("dd").text for d in select(sections["Qwixx"], "dl div")}
    assert (tiles["Played"], tiles["Won"], tiles["Highest total"]) == ("2", "1", "30")


def test_the_night_offers_a_game_played_before_with_its_settings(client, start_game):
    finished_game(start_game, client, "Qwixx", (30, 10))
    night = parse(client.get("/nights/")).select("a[href]")
    link = next(a.get("href") for a in select(parse(client.get("/nights/1")), "a[href]")
                if a.text == "Qwixx")
    assert night and "settings_of=" in link
    setup = form_data(parse(client.get(link)))
    assert setup["option_name"] == "Qwixx" and setup["option_high_wins"] == "y"


@pytest.mark.parametrize("typed", ["1.5", "twelve", "9" * 5000])
def test_points_that_are_not_a_whole_number_are_refused_with_what_to_type(client, start_game,
                                                                         typed):
    game = start_game("any_game", ["Ann", "Ben"])
    response = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "points_0": typed, "points_1": "4"})
    assert response.status_code == 422
    page = parse(response)
    assert page.one("#points_0-error").text == "Type a whole number, like 12 or -3."
    assert form_data(page)["points_0"] == typed and form_data(page)["points_1"] == "4"
