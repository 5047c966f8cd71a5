"""The Skull tracker with the seed's rule: a player whose last card is their skull goes out
when it is revealed, and the sheet says why."""

from tests.web.conftest import parse, version

PLAYERS = ["Ann", "Ben", "Cid"]


def challenge(client, game, challenger, bid, outcome):
    response = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "challenger": challenger, "bid": str(bid),
        "outcome": outcome})
    assert response.status_code == 302, response.get_data(as_text=True)


def page_text(client, game):
    return parse(client.get(f"/games/{game}").get_data(as_text=True)).text


def test_a_revealed_last_skull_puts_its_owner_out_and_the_sheet_says_why(client, start_game):
    game = start_game("skull", PLAYERS)
    for _ in range(3):
        challenge(client, game, "Ben", 2, "skull:Ann")
    challenge(client, game, "Ann", 2, "skull:Ben")
    text = page_text(client, game)
    assert "Ben's last card was their skull: Ben is out." in text
    assert "Ann starts the next round as the last challenger." in text
    state = client.get(f"/games/{game}/sheet.json").get_json()["state"]
    assert state["Ben"] == {"points": 0, "cards": 0, "eliminated": True}
    assert state["Ann"]["cards"] == 3


def test_the_rule_can_be_turned_off_at_setup(client):
    client.post("/nights/new", data={"date": "2026-12-01"})
    for name in PLAYERS:
        client.post("/nights/1/attendees", data={"name": name})
    response = client.post("/nights/1/games/new/skull", data={
        "seat_0": "Ann", "seat_1": "Ben", "seat_2": "Cid", "option_variant": "published"})
    assert response.status_code == 302
    options = client.get(response.location + "/sheet.json").get_json()["options"]
    assert options == {"variant": "published", "last_skull_out": False}
