"""The card game to 500 pad through the test client, as a scorer at the table would use it."""

from tests.web.conftest import errors, form_version, parse, select, version

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]


def hand_(seen, out, players=PLAYERS, **hands):
    """Form data for a hand filled in on the sheet at version `seen`: an int is typed
    points, a dict is card counts."""
    data = {"version": seen, "out": out}
    for i, player in enumerate(players):
        given = hands.get(player)
        if isinstance(given, dict):
            data.update({f"count_{i}_{key}": str(n) for key, n in given.items()})
        elif given is not None:
            data[f"points_{i}"] = str(given)
    return data


def post_hand(client, game, *args, **hands):
    """Save a hand from a form filled in on the sheet as it is now."""
    return client.post(f"/games/{game}/entries",
                       data=hand_(version(client, game), *args, **hands))


def sheet_of(client, game):
    return client.get(f"/games/{game}/sheet.json").get_json()


def dealer_shown(client, game):
    return parse(client.get(f"/games/{game}")).one("strong.deal-who").text


def test_a_whole_game_ends_after_the_hand_that_reaches_the_target(client, start_game):
    game = start_game("cards_500", PLAYERS)
    hands = [("Ann", {"Ben": 150, "Cid": 40, "Dan": 200}),
             ("Cid", {"Ann": 90, "Ben": 200, "Dan": 100}),
             ("Ben", {"Ann": 60, "Cid": 35, "Dan": 210})]   # dan reaches 510
    for out, points in hands:
        response = post_hand(client, game, out, **points)
        assert response.status_code == 302, errors(response)
    sheet = sheet_of(client, game)
    assert sheet["totals"] == {"Ann": 150, "Ben": 350, "Cid": 75, "Dan": 510}
    assert sheet["finished"] and sheet["winners"] == ["Cid"]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Cid won the game" in page
    assert "Save hand" not in page and "Deals next" not in page


def test_counts_and_typed_points_can_be_mixed_in_one_hand(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ben",
                         Ann={"jokers": 1, "aces": 2, "threes_to_nines": 3}, Cid=45,
                         Dan={"tens_to_kings": 1})
    assert response.status_code == 302, errors(response)
    sheet = sheet_of(client, game)
    assert sheet["entries"] == [{"out": "Ben", "hands": {
        "Ann": {"jokers": 1, "aces": 2, "threes_to_nines": 3},
        "Cid": {"points": 45}, "Dan": {"tens_to_kings": 1}}}]
    assert sheet["totals"] == {"Ann": 95, "Ben": 0, "Cid": 45, "Dan": 10}


def test_the_player_who_went_out_has_their_fields_ignored(client, start_game):
    game = start_game("cards_500", PLAYERS)
    data = hand_(version(client, game), "Ann", Ann=35, Ben=5, Cid=5, Dan=5)
    data["count_0_jokers"] = "-3"
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)
    assert "Ann" not in sheet_of(client, game)["entries"][0]["hands"]


def test_the_shoe_limit_is_refused_with_the_values_kept(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ann", Ben={"jokers": 5}, Cid={"jokers": 4}, Dan=20)
    assert response.status_code == 422
    assert errors(response) == ["Ben and Cid hold 9 jokers between them; four decks have 8."]
    page = parse(response)
    assert page.one("input#count_1_jokers").get("value") == "5"
    assert page.one("input#count_2_jokers").get("value") == "4"
    assert page.one("input#points_3").get("value") == "20"
    assert "checked" in page.one("input#out-0").attrs
    assert sheet_of(client, game)["entries"] == []


def test_one_player_over_the_shoe_is_told_beside_their_hand(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ann", Ben=10, Cid={"twos": 17}, Dan=20)
    assert errors(response) == ["Cid holds 17 twos; four decks have 16."]
    assert select(response, "#points_2-error")


def test_a_missing_hand_is_asked_for_beside_the_player(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ann", Ben=10, Dan=20)
    assert response.status_code == 422
    assert errors(response) == ["Type Cid's points or count Cid's cards."]
    assert select(response, "#points_2-error")


def test_points_and_counts_for_one_player_are_refused(client, start_game):
    game = start_game("cards_500", PLAYERS)
    data = hand_(version(client, game), "Ann", Ben=10, Cid=20, Dan=15)
    data["count_3_aces"] = "1"
    response = client.post(f"/games/{game}/entries", data=data)
    assert errors(response) == ["Give either Dan's cards or Dan's points, not both."]


def test_a_typed_total_off_the_five_point_steps_is_named(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ann", Ben=10, Cid=22, Dan=15)
    assert errors(response) == ["Cid cannot score 22: every card is worth a multiple of 5."]
    assert parse(response).one("input#points_2").get("value") == "22"


def test_a_missing_out_player_is_asked_for(client, start_game):
    game = start_game("cards_500", PLAYERS)
    data = hand_(version(client, game), "Ann", Ben=10, Cid=20, Dan=15)
    del data["out"]
    assert "Say who went out." in errors(client.post(f"/games/{game}/entries", data=data))


def test_the_preview_counts_the_points_without_saving(client, start_game):
    game = start_game("cards_500", PLAYERS)
    data = hand_(version(client, game), "Ann", Ben={"jokers": 1, "twos": 2}, Cid=20, Dan=15)
    data["preview"] = "1"
    html = client.post(f"/games/{game}/entries", data=data).get_data(as_text=True)
    assert "3 cards: 90 points" in html
    assert "Ann goes out: 0" in html
    assert "This hand: Ben 90, Cid 20, Dan 15." in html
    assert sheet_of(client, game)["entries"] == []


def test_the_live_preview_names_a_rule_the_hand_breaks(client, start_game):
    game = start_game("cards_500", PLAYERS)
    data = hand_(version(client, game), "Ann", Ben={"aces": 10}, Cid={"aces": 7}, Dan=5)
    shown = client.post(f"/games/{game}/preview", data=data).get_json()
    assert shown["hand_1"] == "10 cards: 150 points"
    assert shown["problem"] == "Ben and Cid hold 17 aces between them; four decks have 16."
    assert shown["check"] == ""


def test_correcting_an_earlier_hand_recounts_the_sheet(client, start_game):
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Ann", Ben={"aces": 2}, Cid=20, Dan=15)
    post_hand(client, game, "Ben", Ann=5, Cid=5, Dan=5)
    form = parse(client.get(f"/games/{game}/entries/0"))
    assert form.one("input#count_1_aces").get("value") == "2"
    assert "checked" in form.one("input#out-0").attrs
    response = client.post(f"/games/{game}/entries/0",
                           data=hand_(version(client, game), "Cid", Ann=50, Ben={"aces": 2},
                                      Dan=15))
    assert response.status_code == 302, errors(response)
    assert sheet_of(client, game)["totals"] == {"Ann": 55, "Ben": 30, "Cid": 5, "Dan": 20}


def test_each_hand_links_to_its_correction(client, start_game):
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Ann", Ben=10, Cid=20, Dan=15)
    assert select(client.get(f"/games/{game}"), f"a[href='/games/{game}/entries/0']")


def test_undo_removes_the_last_hand(client, start_game):
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Ann", Ben=10, Cid=20, Dan=15)
    seen = version(client, game)
    assert len(sheet_of(client, game)["entries"]) == 1
    confirm = client.get(f"/games/{game}/undo?version={seen}").get_data(as_text=True)
    assert "Undo the last hand?" in confirm
    client.post(f"/games/{game}/undo", data={"version": seen})
    assert sheet_of(client, game)["entries"] == []


def test_the_dealer_moves_one_seat_clockwise_each_hand(client, start_game):
    game = start_game("cards_500", PLAYERS)
    shown = [dealer_shown(client, game)]
    for _ in range(4):
        post_hand(client, game, "Ann", Ben=10, Cid=20, Dan=15)
        shown.append(dealer_shown(client, game))
    assert shown == ["Ann", "Ben", "Cid", "Dan", "Ann"]


def test_the_leader_and_who_went_out_are_marked_on_the_sheet(client, start_game):
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Cid", Ann=10, Ben=20, Dan=15)
    page = parse(client.get(f"/games/{game}"))
    assert [li.one("span.name").text for li in page.select("li.leader")] == ["Cid"]
    assert any("★ out" in cell.text for cell in page.select("td.out"))


def test_a_correction_opens_with_the_hand_already_counted(client, start_game):
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Ann", Ben={"aces": 2}, Cid=20, Dan=15)
    form = client.get(f"/games/{game}/entries/0").get_data(as_text=True)
    assert "2 cards: 30 points" in form
    assert "This hand: Ben 30, Cid 20, Dan 15." in form


def jokers_input(page, i=0):
    return page.one(f"input[name=count_{i}_jokers]")


def went_out_choices(page):
    return [i.get("value") for i in page.select("input[type=radio][name=out][required]")]


def test_games_opened_one_after_another_each_show_their_own_players_and_shoe(client,
                                                                            start_game):
    # the form class is shared by games with the same seating: a shoe or a sheet must not
    # stay on it for the next game
    plain = start_game("cards_500", PLAYERS)
    saved = post_hand(client, plain, "Ann", Ben=150, Cid=40, Dan=200)
    assert saved.status_code == 302, errors(saved)
    jokers = start_game("cards_500", PLAYERS, extra_jokers=4)
    others = start_game("cards_500", ["Eve", "Fay", "Gus", "Hal", "Ivy"], extra_jokers=2)
    for _ in range(2):
        page = parse(client.get(f"/games/{plain}"))
        assert went_out_choices(page) == PLAYERS
        assert jokers_input(page).get("max") == "8"
        assert form_version(page) == version(client, plain)
        page = parse(client.get(f"/games/{jokers}"))
        assert jokers_input(page).get("max") == "12"
        assert form_version(page) == version(client, jokers)
        page = parse(client.get(f"/games/{others}"))
        assert went_out_choices(page) == ["Eve", "Fay", "Gus", "Hal", "Ivy"]
        assert jokers_input(page, 4).get("max") == "10"
        assert page.one("label[for=points_4]").text == "Ivy"
