"""The card game to 500 pad through the test client, as a scorer at the table would use it."""

import pytest

from companion.kinds.registry import KINDS
from tests.web.conftest import (errors, form_data, form_version, parse, select, table_rows,
                                texts, version)

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
    """Who the pad says deals the hand its form enters: the form's first line and the
    standings' tag, which must agree."""
    page = parse(client.get(f"/games/{game}"))
    said = page.one("p.deal-hint strong").text
    tagged = [li.one("span.name").text for li in page.select("ol.standings li")
              if "Deals" in texts(li, "span.tag")]
    assert tagged == [said]
    return said


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
    assert "Save hand" not in page and "Deals" not in page


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
    assert texts(page, "td.out") == ["0⚑"]


def test_the_sheet_lists_each_hand_oldest_first_with_the_totals_at_the_foot(client,
                                                                            start_game):
    # as the other pads' sheets: a row per hand, then the totals
    game = start_game("cards_500", PLAYERS)
    post_hand(client, game, "Cid", Ann=10, Ben=20, Dan=15)
    post_hand(client, game, "Ann", Ben=5, Cid=40, Dan=100)
    assert table_rows(client.get(f"/games/{game}"), "table.hands-500") == [
        ["Hand", "Ann", "Ben", "Cid", "Dan"],
        ["1", "10", "20", "0⚑", "15"],
        ["2", "0⚑", "5", "40", "100"],
        ["Total", "10", "25", "40", "115"]]


def test_the_hand_is_one_row_per_player_with_the_counting_folded_below(client, start_game):
    # the keyboard's next key goes from one player's points to the next: nothing to type
    # lies between them, and the card counts wait in one closed fold after the rows
    game = start_game("cards_500", PLAYERS)
    form = parse(client.get(f"/games/{game}")).one("section#entry form")
    counting = form.one("details.counting")
    assert "open" not in counting.attrs
    typed = [i for i in form.select("input[type=number]") if i not in counting.select("input")]
    assert [(i.get("id"), i.get("inputmode"), i.get("enterkeyhint")) for i in typed] == [
        ("points_0", "numeric", "next"), ("points_1", "numeric", "next"),
        ("points_2", "numeric", "next"), ("points_3", "numeric", "done")]
    assert texts(counting, "legend") == [f"{p}’s cards" for p in PLAYERS]
    assert len(counting.select("input[type=number]")) == 5 * len(PLAYERS)


def test_a_hand_saves_with_one_tap_for_who_went_out_and_the_typed_points(client, start_game):
    # what a phone sends after: tap "Ben went out", type three totals, tap Save
    game = start_game("cards_500", PLAYERS)
    page = parse(client.get(f"/games/{game}"))
    data = form_data(page.one("section#entry form"))
    data.update(out="Ben", points_0="25", points_2="5", points_3="60")
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)
    assert sheet_of(client, game)["totals"] == {"Ann": 25, "Ben": 0, "Cid": 5, "Dan": 60}


def test_the_counting_opens_by_itself_when_counted_cards_come_back(client, start_game):
    game = start_game("cards_500", PLAYERS)
    response = post_hand(client, game, "Ann", Ben={"jokers": 5}, Cid={"jokers": 4}, Dan=20)
    assert response.status_code == 422
    assert "open" in parse(response).one("details.counting").attrs


@pytest.mark.parametrize("kind", ["cards_500", "skull"])
def test_the_pads_own_style_leaves_keep_the_screen_awake_as_the_frame_draws_it(client,
                                                                              start_game,
                                                                              kind):
    # the wake toggle looks the same on every pad: no pad's stylesheet selects its class
    game = start_game(kind, PLAYERS)
    label = parse(client.get(f"/games/{game}")).one("p.wake label")
    css = client.get(f"/static/{KINDS[kind].stylesheet}").get_data(as_text=True)
    assert label.classes and not any(f".{name}" in css for name in label.classes)


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
