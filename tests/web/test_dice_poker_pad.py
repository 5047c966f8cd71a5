"""The dice poker pad through the test client, one turn at a time as the scorer enters it."""

import pytest

from tests.web.conftest import errors, form_version, parse, select, texts, version

UPPER = ["1", "2", "3", "4", "5", "6"]
LOWER = ["pair", "two_pairs", "three_of_a_kind", "small_straight", "big_straight",
         "full_house", "four_of_a_kind", "poker", "chance"]
DASH_NOTE = "These dice don't make a full house: Save writes a dash there."


def turn(seen, player, row, dice=None, first=False, dash=False, score=None, preview=False):
    """The form as the pad posts it, filled in on the sheet at version `seen`: how many
    dice show each face, the toggles, and a typed score."""
    data = {"version": seen, "player": player, "row": row}
    for face in set(dice or []):
        data[f"face_{face}"] = str(dice.count(face))
    if first:
        data["first_throw"] = "y"
    if dash:
        data["dash"] = "y"
    if score is not None:
        data["score"] = str(score)
    if preview:
        data["preview"] = "1"
    return data


def play(client, game, turns):
    """Save turns given as (player, row, fields) in order, each from the sheet as it is
    then; every one must be accepted."""
    for n, (player, row, fields) in enumerate(turns):
        response = client.post(f"/games/{game}/entries",
                               data=turn(version(client, game), player, row, **fields))
        assert response.status_code == 302, (n, errors(response))


def checked(html, input_id):
    return "checked" in parse(html).one(f"input#{input_id}").attrs


def counts(html):
    """How many dice the form says show each face, as typed (blank for none)."""
    return [parse(html).one(f"input#face_{f}").get("value", "") for f in range(1, 7)]


def row_marks(html, row):
    """The classes of the row choice that writes in `row`, besides `dp-row` itself."""
    found = [div for div in select(html, "label.dp-row")
             if div.select(f"input[type=radio][name=row][value={row}]")]
    assert len(found) == 1, f"{len(found)} row choices for {row!r}"
    return [name for name in found[0].classes if name != "dp-row"]


def sheet(client, game):
    return client.get(f"/games/{game}/sheet.json").get_json()


def zeros(players, rows=UPPER):
    """Rounds of typed zeros in the given rows (part 1 zeros sum to 0, which earns the bonus)."""
    return [(p, row, {"score": 0}) for row in rows for p in players]


# Ann and Ben, hand-counted: Ann 14 + 50 + 267 = 331, Ben -16 + 0 + 134 = 118
ANN = {
    "1": {"dice": [1, 1, 1, 1, 2]},                        # four 1s: +1
    "2": {"dice": [2, 2, 2, 5, 5]},                        # three 2s: 0
    "3": {"dice": [3, 3, 3, 3, 1]},                        # +3
    "4": {"dice": [4, 4, 4, 1, 1]},                        # 0
    "5": {"dice": [5, 5, 5, 5, 5]},                        # five 5s: +10
    "6": {"dice": [6, 6, 6, 2, 2]},                        # 0 -> part 1 = 14, bonus 50
    "pair": {"dice": [6, 6, 1, 2, 3], "first": True},      # 12 doubled: 24
    "two_pairs": {"dice": [5, 5, 4, 4, 1]},                # 18
    "three_of_a_kind": {"dice": [4, 4, 4, 2, 1]},          # 12
    "small_straight": {"dice": [1, 2, 3, 4, 5], "first": True},  # 30
    "big_straight": {"dice": [2, 3, 4, 5, 6]},             # 20
    "full_house": {"dice": [3, 3, 3, 2, 2]},               # 13
    "four_of_a_kind": {"dice": [6, 6, 6, 6, 1]},           # 24
    "poker": {"dice": [5, 5, 5, 5, 5], "first": True},     # 25 * 2 + 50 = 100
    "chance": {"dice": [6, 6, 5, 5, 4], "first": True},    # 26, chance is never doubled
}
BEN = {
    "1": {"dice": [2, 3, 4, 5, 6]},                        # no 1s: -3
    "2": {"dice": [2, 3, 3, 4, 5]},                        # -4
    "3": {"dice": [3, 3, 1, 1, 2]},                        # -3
    "4": {"dice": [1, 2, 3, 5, 6]},                        # -12
    "5": {"dice": [5, 5, 5, 1, 2]},                        # 0
    "6": {"dice": [6, 6, 6, 6, 1]},                        # +6 -> part 1 = -16, no bonus
    "pair": {"dice": [2, 2, 3, 3, 6]},                     # the higher pair: 6
    "two_pairs": {"dice": [1, 2, 3, 4, 6], "dash": True},  # missed, confirmed: 0
    "three_of_a_kind": {"score": 15},                      # typed
    "small_straight": {"dash": True},                      # 0
    "big_straight": {"dice": [2, 3, 4, 5, 6], "first": True},    # 40
    "full_house": {"dice": [4, 4, 6, 6, 6], "first": True},      # 26 doubled: 52
    "four_of_a_kind": {"dice": [3, 3, 3, 3, 3]},           # 12
    "poker": {"dash": True},                               # 0
    "chance": {"dice": [1, 1, 2, 2, 3]},                   # 9
}


def test_a_whole_two_player_game_ends_with_the_hand_counted_totals_and_winner(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [(p, row, fills[row]) for row in UPPER + LOWER
                        for p, fills in (("Ann", ANN), ("Ben", BEN))])
    result = sheet(client, game)
    assert result["upper"] == {"Ann": 14, "Ben": -16}
    assert result["bonus"] == {"Ann": 50, "Ben": 0}
    assert result["totals"] == {"Ann": 331, "Ben": 118}
    assert result["finished"] and result["winners"] == ["Ann"]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Ann won the game" in page
    assert "Save turn" not in page


def test_a_four_player_game_shows_each_result_against_the_average(client, start_game):
    players = ["Ann", "Ben", "Cid", "Dan"]
    game = start_game("dice_poker", players)
    upper = zeros(players)
    upper[players.index("Cid")] = ("Cid", "1", {"score": -3})   # no 1s: no bonus for Cid
    chance = {"Ann": 30, "Ben": 22, "Cid": 5, "Dan": 30}
    lower = zeros(players, LOWER[:-1]) + [(p, "chance", {"score": chance[p]}) for p in players]
    play(client, game, upper + lower)
    result = sheet(client, game)
    assert result["totals"] == {"Ann": 80, "Ben": 72, "Cid": 2, "Dan": 80}   # average 58.5
    assert result["results"] == {"Ann": 21.5, "Ben": 13.5, "Cid": -56.5, "Dan": 21.5}
    page = parse(client.get(f"/games/{game}"))
    assert texts(page.one("tr.result"), "td") == ["+21.5", "+13.5", "-56.5", "+21.5"]
    assert "Ann and Dan share the win" in page.text


def test_the_result_row_waits_for_the_end_of_the_game(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"], ["1"]))
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Result" not in page and select(page, "tr.total")


def test_dice_that_miss_their_row_are_said_to_write_a_dash_and_saving_writes_it(client,
                                                                               start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    tapped = turn(version(client, game), "Ann", "full_house", dice=[1, 2, 3, 4, 6], first=True)
    shown = client.post(f"/games/{game}/preview", data=tapped).get_json()
    assert shown["points_full_house"] == "dash" and shown["row_note"] == DASH_NOTE
    response = client.post(f"/games/{game}/entries", data=tapped, follow_redirects=True)
    assert texts(response, "p.flash")[-1] == "Saved. Round 7: Ann, Full house: dash."
    result = sheet(client, game)
    assert result["rows"]["Ann"]["full_house"] == 0
    assert "full_house" in result["dashes"]["Ann"]


def test_a_confirmed_dash_saves_the_missed_dice_as_a_dash(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    play(client, game, [("Ann", "full_house", {"dice": [1, 2, 3, 4, 6], "dash": True})])
    result = sheet(client, game)
    assert result["entries"][-1] == {"player": "Ann", "row": "full_house",
                                     "dice": [1, 2, 3, 4, 6], "first_throw": False}
    assert result["rows"]["Ann"]["full_house"] == 0
    assert "full_house" in result["dashes"]["Ann"]


def test_a_dash_on_dice_that_make_the_row_is_refused(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "pair", dice=[3, 3, 1, 2, 5], dash=True))
    assert errors(response) == ["Ann's turn has dice and a dash for the pair row: give one of them."]


def test_each_way_of_entering_a_turn_is_stored_as_its_entry_document(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    play(client, game, [("Ann", "pair", {"dice": [3, 3, 1, 2, 5], "first": True}),
                        ("Ben", "pair", {"dash": True}),
                        ("Ann", "chance", {"score": 17})])
    assert sheet(client, game)["entries"][12:] == [
        # the dice as the form counts them: lowest first
        {"player": "Ann", "row": "pair", "dice": [1, 2, 3, 3, 5], "first_throw": True},
        {"player": "Ben", "row": "pair", "dash": True},
        {"player": "Ann", "row": "chance", "score": 17},
    ]


def test_a_typed_score_is_saved_in_its_row(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "3", {"score": -6})])
    assert sheet(client, game)["rows"]["Ann"]["3"] == -6


def test_a_typed_score_the_row_cannot_take_is_refused_beside_the_score(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "3", score=7))
    assert response.status_code == 422
    assert errors(response) == ["Ann cannot score 7 in row 3: it takes -9, -6, -3, 0, 3 or 6."]
    typed = parse(response).one("details.dp-typed")
    assert "open" in typed.attrs and typed.one("input[name=score]").get("value") == "7"


def test_dice_and_a_typed_score_together_are_refused(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "3", dice=[3, 3, 3, 1, 2], score=0))
    assert errors(response) == ["Ann's turn has dice and a score for row 3: give one of them."]


@pytest.mark.parametrize("faces, said", [
    ({"face_3": "2"}, "Tap five dice: 2 of 5 so far."),
    ({"face_3": "4", "face_6": "3"}, "Tap five dice: that is 7."),
    ({"face_2": "6"}, "Dice showing 2: from 0 to 5."),
    ({"face_2": "-1", "face_4": "5"}, "Dice showing 2: from 0 to 5."),
    ({"face_5": "99999999999999999999"}, "Dice showing 5: from 0 to 5."),
])
def test_other_than_five_dice_are_refused_beside_the_dice_with_the_counts_kept(
        client, start_game, faces, said):
    game = start_game("dice_poker", ["Ann", "Ben"])
    response = client.post(f"/games/{game}/entries",
                           data={**turn(version(client, game), "Ann", "3"), **faces})
    assert response.status_code == 422
    assert errors(response) == [said]
    assert parse(response).one("#dice-error").text == said
    typed = {f"face_{f}": v for f, v in enumerate(counts(response), start=1) if v}
    assert typed == faces


def test_show_points_scores_every_open_row_without_saving(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "", dice=[3, 3, 3, 2, 2], first=True, preview=True))
    assert response.status_code == 200 and errors(response) == []
    shown = {output.get("data-preview").removeprefix("points_"): output.text
             for output in select(response, "[data-preview^=points_]")}
    assert shown["pair"] == "12" and shown["three_of_a_kind"] == "18"
    assert shown["full_house"] == "26" and shown["chance"] == "13"
    assert shown["small_straight"] == "dash" and shown["poker"] == "dash"
    assert len(sheet(client, game)["entries"]) == 12


def test_the_live_preview_answers_with_the_points_of_each_row(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    shown = client.post(f"/games/{game}/preview", data=turn(
        version(client, game), "Ann", "full_house", dice=[1, 1, 1, 1, 2])).get_json()
    assert shown["points_1"] == "+1" and shown["points_2"] == "-4" and shown["points_6"] == "-18"
    assert shown["points_four_of_a_kind"] == "4" and shown["points_full_house"] == "dash"
    assert shown["row_note"].startswith("These dice don't make a full house")


def test_the_player_whose_turn_it_is_comes_preselected(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben", "Cid"])
    play(client, game, [("Ann", "1", {"score": 0})])
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert checked(html, "player-1")
    assert "disabled" in parse(html).one("input#player-0").attrs
    assert select(html, "th.turn[scope=col]")


def test_rows_are_offered_only_to_the_players_they_are_open_to(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "1", {"score": 0})])
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert row_marks(html, "1") == ["closed-0"]
    # nobody may write a combination before rows 1 to 6: it is not offered
    assert not [label for label in select(html, "label.dp-row")
                if label.select("input[value=pair]")]


def test_a_filled_row_is_refused_beside_the_row_field(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "1", {"score": 0}), ("Ben", "2", {"score": 0})])
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "1", score=0))
    assert errors(response) == ["Ann already filled row 1."]
    assert parse(response).one("#row-error").text.startswith("Ann already filled row 1.")


def test_combinations_are_refused_until_rows_one_to_six_are_filled(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    response = client.post(f"/games/{game}/entries", data=turn(
        version(client, game), "Ann", "pair", dice=[2, 2, 1, 3, 4]))
    assert errors(response) == ["Ann must fill rows 1 to 6 before the combinations."]
    assert select(response, "#row-error")


def test_the_sheet_marks_dashes_first_throws_and_open_rows(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    play(client, game, [("Ann", "pair", {"dice": [3, 3, 1, 2, 5], "first": True}),
                        ("Ben", "pair", {"dash": True})])
    page = parse(client.get(f"/games/{game}"))
    doubled = page.one(f"td a[href='/games/{game}/entries/12']")
    assert doubled.parent.classes == ["doubled"]
    mark = doubled.one("span.mark")
    assert mark.text == "×2" and doubled.text.removesuffix(mark.text).strip() == "12"
    dash = page.one(f"td a[href='/games/{game}/entries/13']")
    assert dash.parent.classes == ["dash"] and dash.text.startswith("—")
    assert len(page.select("td.open.now")) == 8        # Ann's open combinations
    assert page.one(".strip li.turn .name").text == "Ann"
    assert page.one("#entry-heading").text == "Round 8"


def test_correcting_an_earlier_turn_recounts_the_sheet(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "1", {"dice": [1, 1, 1, 1, 2]}), ("Ben", "1", {"score": 0})])
    form = client.get(f"/games/{game}/entries/0").get_data(as_text=True)
    assert counts(form) == ["4", "1", "", "", "", ""]
    assert parse(form).one("[data-preview=points_1]").text == "+1"
    response = client.post(f"/games/{game}/entries/0",
                           data=turn(version(client, game), "Ann", "1", dice=[1, 1, 1, 1, 1]))
    assert response.status_code == 302, errors(response)
    assert sheet(client, game)["totals"] == {"Ann": 2, "Ben": 0}


def test_a_turn_saved_as_a_dash_reopens_with_its_dice_and_saves_again_unchanged(client,
                                                                                start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, zeros(["Ann", "Ben"]))
    play(client, game, [("Ann", "poker", {"dice": [1, 2, 3, 4, 6]})])
    page = client.get(f"/games/{game}/entries/12")
    form = page.get_data(as_text=True)
    assert counts(form) == ["1", "1", "1", "1", "", "1"] and not checked(form, "dash")
    assert parse(form).one("[data-preview=row_note]").text == (
        "These dice don't make poker (five of a kind): Save writes a dash there.")
    response = client.post(f"/games/{game}/entries/12", data=turn(
        version(client, game), "Ann", "poker", dice=[1, 2, 3, 4, 6]))
    assert response.status_code == 302, errors(response)
    assert "poker" in sheet(client, game)["dashes"]["Ann"]


def test_a_correction_that_would_break_a_later_turn_is_refused(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "1", {"score": 0}), ("Ben", "1", {"score": 0}),
                        ("Ann", "2", {"score": 0})])
    response = client.post(f"/games/{game}/entries/0", data=turn(
        version(client, game), "Ann", "2", score=0))
    assert response.status_code == 422
    assert "would make Ann's turn in round 2 impossible" in errors(response)[0]


def test_undo_removes_the_last_turn_after_confirmation(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "4", {"dice": [4, 4, 4, 4, 1]})])
    seen = version(client, game)
    assert len(sheet(client, game)["entries"]) == 1
    confirm = client.get(f"/games/{game}/undo?version={seen}").get_data(as_text=True)
    assert "Undo the last turn?" in confirm
    client.post(f"/games/{game}/undo", data={"version": seen})
    result = sheet(client, game)
    assert result["entries"] == [] and result["rows"]["Ann"]["4"] is None


def player_choices(html):
    """Each player radio as (name, checked, disabled), in seat order."""
    return [(radio.get("value"), "checked" in radio.attrs, "disabled" in radio.attrs)
            for radio in select(html, "input[name=player]")]


def test_games_opened_one_after_another_each_show_their_own_players_turn_and_rows(client,
                                                                                start_game):
    # the form class is shared by games with the same seating: nothing of one game's sheet
    # may stay on it for the next
    played = start_game("dice_poker", ["Ann", "Ben"])
    play(client, played, [("Ann", "1", {"score": 0})])
    fresh = start_game("dice_poker", ["Ann", "Ben"])
    other = start_game("dice_poker", ["Cid", "Dan", "Eve"])
    for _ in range(2):
        html = client.get(f"/games/{played}").get_data(as_text=True)
        assert player_choices(html) == [("Ann", False, True), ("Ben", True, False)]
        assert form_version(html) == version(client, played)
        assert row_marks(html, "1") == ["closed-0"]
        html = client.get(f"/games/{fresh}").get_data(as_text=True)
        assert player_choices(html) == [("Ann", True, False), ("Ben", False, False)]
        assert form_version(html) == version(client, fresh)
        assert row_marks(html, "1") == []
        html = client.get(f"/games/{other}").get_data(as_text=True)
        assert player_choices(html) == [("Cid", True, False), ("Dan", False, False),
                                         ("Eve", False, False)]
        assert row_marks(html, "1") == []


def test_a_phone_refused_after_another_saved_is_told_whose_turn_in_which_round(client, app,
                                                                              start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    play(client, game, [("Ann", "1", {"score": 0}), ("Ben", "1", {"score": 0})])
    seen = version(client, game)
    other = app.test_client()
    assert other.post(f"/games/{game}/entries", data=turn(
        seen, "Ann", "2", dice=[2, 2, 2, 1, 1])).status_code == 302
    response = client.post(f"/games/{game}/entries", data=turn(seen, "Ann", "3", score=0))
    assert response.status_code == 409
    assert errors(response)[0].startswith("Ann's turn in round 2 was saved on another phone")
