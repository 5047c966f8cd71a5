"""A form with several wrong values says every one at once, each beside its own field and
each once on the page (issue 31): the person fixes them in one go, not one save at a time."""

from tests.web.conftest import errors, parse, version
from tests.web.test_cards_500_pad import hand_
from tests.web.test_skyjo_pad import round_


def beside(response, field):
    """The error sentences shown inside the field `field` (its name) belongs to."""
    page = parse(response)
    return [p.text for box in page.select(".field")
            if box.select(f'[name="{field}"]') for p in box.select("p.error")]


def test_skyjo_says_every_score_out_of_range(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben", "Cid"])
    response = client.post(f"/games/{game}/entries", data=round_(
        version(client, game), "Cid", ["Ann", "Ben", "Cid"], {"Ann": 150, "Ben": -20, "Cid": 3}))
    assert response.status_code == 422
    said = errors(response)
    # a hand of twelve cards holds at most 12 x 12 = 144 and at least -2 x 4 + ... (RULES.md 3)
    ann = [s for s in said if s.startswith("Ann's score of 150 is more than")]
    ben = [s for s in said if s.startswith("Ben's score of -20 is less than")]
    assert len(ann) == 1 and len(ben) == 1, said
    assert len(said) == 2, said
    assert beside(response, "score_0") == ann and beside(response, "score_1") == ben


def test_the_card_game_says_every_impossible_total_once(client, start_game):
    players = ["Ann", "Ben", "Cid", "Dan"]
    game = start_game("cards_500", players)
    response = client.post(f"/games/{game}/entries", data=hand_(
        version(client, game), "Ann", Ben=7, Cid=3, Dan=20))
    assert response.status_code == 422
    said = errors(response)
    ben = [s for s in said if s.startswith("Ben cannot score 7: every card is worth a multiple")]
    cid = [s for s in said if s.startswith("Cid cannot score 3: a hand still holding cards")]
    assert len(ben) == 1 and len(cid) == 1, said
    assert len(said) == 2, said


def test_a_refused_card_count_is_said_beside_its_field_not_again_below(client, start_game):
    players = ["Ann", "Ben", "Cid", "Dan"]
    game = start_game("cards_500", players)
    response = client.post(f"/games/{game}/entries", data=hand_(
        version(client, game), "Ann", Ben={"aces": 1}, Cid={"jokers": -1}, Dan=20))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert page.count("Cid cannot hold -1 jokers.") == 1
    assert beside(response, "count_2_jokers") == ["Cid cannot hold -1 jokers."]
