"""The Skull pad through the test client, as the table's scorer would use it."""

import html
import re

import pytest

from companion.kinds.skull.rules import VARIANTS
from tests.web.conftest import (errors, form_data, form_version, hidden_value, parse, select,
                                texts, version)

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]


def challenge(seen, challenger, bid, outcome):
    """The entry form as the pad posts it, filled in on the sheet at version `seen`."""
    return {"version": seen, "challenger": challenger, "bid": str(bid), "outcome": outcome}


@pytest.fixture
def play(client):
    """play(game, ("Ann", 2, "success"), ...) saves the challenges in order, each from the
    sheet as it is then."""

    def save(game, *challenges):
        for args in challenges:
            response = client.post(f"/games/{game}/entries",
                                   data=challenge(version(client, game), *args))
            assert response.status_code == 302, errors(response)

    return save


def page(client, url):
    return html.unescape(client.get(url).get_data(as_text=True))


def tree(client, url):
    """The page as a browser reads it."""
    return parse(client.get(url))


def sentences(client, url):
    """The page's text without its markup, for reading sentences."""
    return tree(client, url).text


def checked(html, name):
    """The value of the ticked choice called `name`, or None."""
    found = [i.get("value") for i in select(html, f"input[name={name}]") if "checked" in i.attrs]
    assert len(found) <= 1, f"{len(found)} {name!r} choices ticked: {found}"
    return found[0] if found else None


def bids(html):
    """The bids the form offers, one tap each."""
    return [int(i.get("value")) for i in select(html, "input[type=radio][name=bid][required]")]


def seat(html, name):
    """What one seat at the table says: its name, side line and tags."""
    found = [li for li in select(html, "li.seat") if li.one("span.name").text == name]
    assert len(found) == 1
    return found[0]


def test_two_won_challenges_win_the_game(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"), ("Ann", 5, "success"))
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    assert sheet["finished"] and sheet["winners"] == ["Ann"]
    shown = page(client, f"/games/{game}")
    assert "Ann won the game" in shown
    assert "Ann's second point: the game" in shown
    assert "Save challenge" not in shown


def test_the_last_player_standing_wins_the_game(client, start_game, play):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    play(game, ("Ann", 2, "success"), *[("Ben", 2, "skull:Cid")] * 4,
         *[("Ann", 1, "skull:Ann")] * 4)
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    assert sheet["winners"] == ["Cid"]
    assert sheet["state"]["Ann"] == {"points": 1, "cards": 0, "eliminated": True}
    shown = tree(client, f"/games/{game}")
    assert "Cid won the game" in shown.text
    cid = seat(shown, "Cid")
    assert cid.one("span.side").text == "The last player in · 0 points"
    assert texts(cid, "span.tag") == ["Winner"]
    assert "Won" not in texts(shown, "ul.seats span")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_new_game_page_shows_what_each_player_takes_with_every_set(client, start_game,
                                                                       variant):
    start_game("skull", ["Ann", "Ben", "Cid"])
    shown = page(client, "/nights/1/games/new/skull")
    cards = VARIANTS[variant]
    assert cards["label"] in shown
    assert cards["mat"] in shown and cards["flowers"] in shown and cards["skull"] in shown


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_tracker_shows_the_cards_of_its_own_set(client, start_game, variant):
    game = start_game("skull", ["Ann", "Ben", "Cid"], variant=variant)
    shown = page(client, f"/games/{game}")
    assert f"Cards for this game: {VARIANTS[variant]['label']}" in shown
    assert VARIANTS[variant]["mat"] in shown and VARIANTS[variant]["skull"] in shown
    others = [v["skull"] for key, v in VARIANTS.items() if key != variant]
    assert not any(text in shown for text in others)


def test_each_player_has_a_mat_and_four_cards_drawn(client, start_game, play):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    play(game, ("Ann", 2, "success"), ("Ben", 2, "skull:Cid"))
    shown = tree(client, f"/games/{game}")
    assert len(shown.select(".mat.mat-round.dark")) == 2
    assert len(shown.select(".mat.mat-round.light")) == 1
    assert shown.select("[role=img][aria-label='3 of 4 cards left']")
    assert len(shown.select("span.lost")) == 1


def test_a_card_deck_mat_is_drawn_as_a_card(client, start_game):
    game = start_game("skull", ["Ann", "Ben", "Cid"], variant="uno")
    shown = tree(client, f"/games/{game}")
    assert len(shown.select(".mat.mat-card.dark")) == 3
    assert "Face down · 0 points" in shown.text


def test_the_next_starter_is_marked(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Cid", 2, "success"))
    shown = tree(client, f"/games/{game}")
    said = sentences(client, f"/games/{game}")
    assert "Cid starts the next round as the last challenger." in said
    assert [seat.one("span.name").text for seat in shown.select("li.seat.starts")] == ["Cid"]


def test_an_eliminated_player_is_greyed_out_and_left_out_of_the_form(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, *[("Ben", 2, "skull:Dan")] * 4)
    shown = tree(client, f"/games/{game}")
    assert [seat.one("span.name").text for seat in shown.select("li.seat.out")] == ["Ben"]
    said = sentences(client, f"/games/{game}")
    assert "Ben is out" in said
    assert "Dan starts the next round as the owner of the skull that put Ben out." in said
    assert not shown.select("[value=Ben]") and "Skull of Ben" not in shown.text


def test_the_bids_offered_stop_at_the_cards_on_the_mats(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "skull:Ben"))
    shown = tree(client, f"/games/{game}")
    assert bids(shown) == list(range(1, 16))
    assert "From 1 to 15, the cards on the mats." in shown.text


def test_a_bid_above_the_cards_on_the_mats_is_refused_with_the_choices_kept(client, start_game):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    response = client.post(f"/games/{game}/entries", data=challenge(
        version(client, game), "Ben", 13, "skull:Cid"))
    assert response.status_code == 422
    assert errors(response) == ["A bid of 13 is more than the 12 cards on the mats."]
    shown = parse(response)
    # the refused bid is shown, chosen, after the bids the table can make
    assert bids(shown) == [*range(1, 13), 13] and checked(shown, "bid") == "13"
    assert checked(shown, "challenger") == "Ben" and checked(shown, "outcome") == "skull:Cid"


def test_a_bid_of_one_cannot_reveal_another_players_skull(client, start_game):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    response = client.post(f"/games/{game}/entries", data=challenge(
        version(client, game), "Ann", 1, "skull:Ben"))
    assert response.status_code == 422
    assert html.unescape(errors(response)[0]) == (
        "A bid of 1 only flips Ann's own card, so it cannot reveal Ben's skull.")
    assert select(response, "#bid-error")
    assert checked(response, "outcome") == "skull:Ben"


def test_a_missing_outcome_is_asked_for_beside_the_choices(client, start_game):
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    data = challenge(version(client, game), "Ann", 2, "success")
    del data["outcome"]
    response = client.post(f"/games/{game}/entries", data=data)
    assert errors(response) == ["Say how the challenge ended."]
    assert checked(response, "challenger") == "Ann"


def test_the_skull_owner_is_told_to_pick_the_lost_card(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 3, "skull:Cid"))
    assert "Cid picks one of Ann's 4 cards at random" in sentences(client, f"/games/{game}")
    assert "Pick a card for Cid" in sentences(client, f"/games/{game}")


def picked(html):
    """The sentence that says which card is lost, and the card's number."""
    said = parse(html).one("p.picked").text
    found = re.search(r"(\w+ (?:takes \w+'s|discards their own) card number (\d) counting "
                      r"from the left\.)", said)
    return found.group(1), int(found.group(2))


def test_every_phone_at_the_table_is_shown_the_same_random_card(app, client, start_game,
                                                                 play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 3, "skull:Cid"), ("Ann", 2, "skull:Ben"))
    shown, number = picked(client.get(f"/games/{game}"))
    # Ann holds 3 cards after losing one
    assert shown.startswith("Ben takes Ann's card number") and 1 <= number <= 3
    assert picked(app.test_client().get(f"/games/{game}")) == (shown, number)


def test_an_own_skull_makes_the_challenger_discard_at_random(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Dan", 1, "skull:Dan"))
    shown = tree(client, f"/games/{game}")
    assert "Dan revealed their own skull, so they discard one of their 4 cards" in shown.text
    sentence, number = picked(shown)
    assert sentence.startswith("Dan discards their own card number") and 1 <= number <= 4


def test_the_preview_says_who_takes_the_lost_card_without_saving(client, start_game):
    game = start_game("skull", PLAYERS)
    response = client.post(f"/games/{game}/preview", data=challenge(
        version(client, game), "Ann", 3, "skull:Cid"))
    assert response.get_json() == {
        "consequence": "Cid takes one of Ann's cards at random. Ann starts the next round."}
    assert client.get(f"/games/{game}/sheet.json").get_json()["entries"] == []


def test_the_preview_of_a_correction_replays_up_to_that_challenge(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ann", 2, "skull:Cid"))
    data = {**challenge(version(client, game), "Ann", 2, "success"), "position": "1"}
    response = client.post(f"/games/{game}/preview", data=data)
    assert response.get_json() == {"consequence": "Ann wins a second challenge and the game."}


def test_the_history_links_each_challenge_to_its_correction(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"))
    shown = tree(client, f"/games/{game}")
    assert shown.select(f"a[href='/games/{game}/entries/0']")
    assert shown.select(f"a[href='/games/{game}/entries/1']")
    assert "Cid picked Ben's lost card at random" in shown.text


def test_correcting_an_earlier_challenge_recounts_the_game(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"))
    form = tree(client, f"/games/{game}/entries/0")
    assert checked(form, "challenger") == "Ann" and checked(form, "outcome") == "success"
    response = client.post(f"/games/{game}/entries/0", data=challenge(
        version(client, game), "Ann", 2, "skull:Dan"))
    assert response.status_code == 302, errors(response)
    state = client.get(f"/games/{game}/sheet.json").get_json()["state"]
    assert state["Ann"] == {"points": 0, "cards": 3, "eliminated": False}


def test_the_correction_form_offers_the_players_who_were_in_at_the_time(client, start_game,
                                                                         play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), *[("Ben", 2, "skull:Dan")] * 4)
    assert "Skull of Ben" in page(client, f"/games/{game}/entries/0")
    assert "Skull of Ben" not in page(client, f"/games/{game}")


def test_undo_removes_the_last_challenge(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"))
    seen = version(client, game)
    assert "Undo the last challenge?" in page(client, f"/games/{game}/undo?version={seen}")
    client.post(f"/games/{game}/undo", data={"version": seen})
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    assert len(sheet["entries"]) == 1 and sheet["state"]["Ben"]["cards"] == 4


def choices(html, name):
    return [i.get("value") for i in select(html, f"input[type=radio][name={name}][required]")]


def test_games_opened_one_after_another_each_show_their_own_players_and_bid(client,
                                                                            start_game, play):
    # games with the same players still in share a form class: the bid's maximum is each
    # game's own
    lost_one = start_game("skull", PLAYERS)
    play(lost_one, ("Ann", 2, "skull:Ben"))
    fresh = start_game("skull", PLAYERS)
    ben_out = start_game("skull", PLAYERS)
    play(ben_out, *[("Ben", 2, "skull:Dan")] * 4)
    for _ in range(2):
        shown = tree(client, f"/games/{lost_one}")
        assert choices(shown, "challenger") == PLAYERS and bids(shown) == list(range(1, 16))
        assert "From 1 to 15," in shown.text
        shown = tree(client, f"/games/{fresh}")
        assert choices(shown, "challenger") == PLAYERS and bids(shown) == list(range(1, 17))
        assert form_version(shown) == version(client, fresh)
        shown = tree(client, f"/games/{ben_out}")
        assert choices(shown, "challenger") == ["Ann", "Cid", "Dan"]
        assert choices(shown, "outcome") == ["success", "skull:Ann", "skull:Cid", "skull:Dan"]
        assert bids(shown) == list(range(1, 13))


def test_a_refused_correction_of_a_later_challenge_comes_back_with_its_message(client,
                                                                             start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"))
    response = client.post(f"/games/{game}/entries/1", data=challenge(
        version(client, game), "Ben", 99, "skull:Cid"))
    assert response.status_code == 422
    assert errors(response) == ["A bid of 99 is more than the 16 cards on the mats."]
    assert hidden_value(response, "position") == "1"


def test_what_happens_on_a_correction_page_replays_up_to_that_challenge(client, start_game,
                                                                       play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "success"))
    data = {**challenge(version(client, game), "Ben", 3, "success"), "preview": "1"}
    said = html.unescape(client.post(f"/games/{game}/entries/0", data=data).get_data(as_text=True))
    assert "Ben's mat turns to its light side: one point." in said
    assert "wins a second challenge" not in said


def test_a_challenge_is_three_choices_and_save_with_nothing_to_type(client, start_game):
    # four taps: who challenged, the bid, how it ended, Save; no keyboard opens
    game = start_game("skull", PLAYERS)
    form = tree(client, f"/games/{game}").one("section#entry form")
    typed = [i.get("name") for i in form.select("input")
             if i.get("type") not in ("radio", "hidden")]
    assert typed == []
    data = {**form_data(form), "challenger": "Cid", "bid": "4", "outcome": "skull:Dan"}
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 302, errors(response)
    entries = client.get(f"/games/{game}/sheet.json").get_json()["entries"]
    assert entries == [{"challenger": "Cid", "bid": 4, "outcome": "skull", "skull_owner": "Dan"}]


def test_a_missing_bid_is_asked_for_beside_the_bids(client, start_game):
    game = start_game("skull", PLAYERS)
    data = challenge(version(client, game), "Ann", 2, "success")
    del data["bid"]
    response = client.post(f"/games/{game}/entries", data=data)
    assert response.status_code == 422
    assert texts(response, "#bid-error") == [
        "Tap the bid: how many cards the challenger had to flip."]
    assert checked(response, "challenger") == "Ann" and checked(response, "outcome") == "success"


def test_the_challenges_are_listed_oldest_first(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"), ("Dan", 1, "skull:Dan"))
    shown = tree(client, f"/games/{game}")
    assert texts(shown, "ol.challenges span.who") == ["Ann bid 2", "Ben bid 3", "Dan bid 1"]


def test_the_lost_card_is_told_at_the_top_of_the_form_and_not_on_a_correction(client,
                                                                               start_game,
                                                                               play):
    # right after a save the form is what the phone shows: the pick comes before it
    game = start_game("skull", PLAYERS)
    play(game, ("Ann", 2, "success"), ("Ben", 3, "skull:Cid"))
    form = tree(client, f"/games/{game}").one("section#entry form")
    assert "Cid picks one of Ben's 4 cards at random" in form.one("div.lost-card").text
    assert not tree(client, f"/games/{game}/entries/1").select("div.lost-card")


def test_the_standings_tag_who_starts_and_then_the_winner(client, start_game, play):
    game = start_game("skull", PLAYERS)
    play(game, ("Cid", 2, "success"))

    def tagged(tag):
        return [li.one("span.name").text for li in tree(client, f"/games/{game}").select(
            "ol.standings li") if tag in texts(li, "span.tag")]

    assert tagged("Starts") == ["Cid"]
    play(game, ("Cid", 3, "success"))
    assert tagged("Winner") == ["Cid"] and tagged("Starts") == []
    assert texts(seat(tree(client, f"/games/{game}"), "Cid"), "span.tag") == ["Winner"]
