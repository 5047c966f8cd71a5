"""Choosing who starts when a game is set up (issue 31): the card game's first dealer,
Skyjo's first-round starter, Wizard's first dealer; the seats then read round from them."""

import pytest

from tests.web.conftest import errors, form_data, parse, texts
from tests.web.test_seating import new_night

SEATED = ["Ann", "Ben", "Cid", "Dora"]


def set_up(client, night, kind, first, seats=SEATED):
    data = form_data(parse(client.get(f"/nights/{night}/games/new/{kind}")))
    data.update({name: "" for name in data if name.startswith("seat_")})
    data.update({f"seat_{i}": name for i, name in enumerate(seats)})
    data["first"] = first
    return client.post(f"/nights/{night}/games/new/{kind}", data=data)


@pytest.mark.parametrize("kind,label,tagged", [
    ("cards_500", "Deals the first hand", "Deals"),
    ("wizard", "Deals round 1", "Deals"),
    ("skyjo", "Starts round 1", "Starts"),
])
def test_who_starts_is_chosen_and_the_seats_go_round_from_them(client, kind, label, tagged):
    night = new_night(client, *SEATED)
    form = parse(client.get(f"/nights/{night}/games/new/{kind}"))
    assert label in texts(form, "label")
    answer = set_up(client, night, kind, "Cid")
    assert answer.status_code == 302, errors(answer)
    game = int(answer.location.rsplit("/", 1)[1])
    sheet = client.get(f"/games/{game}/sheet.json").get_json()
    # clockwise from Cid
    assert sheet["players"] == ["Cid", "Dora", "Ann", "Ben"]
    pad = parse(client.get(f"/games/{game}"))
    starting = [li.one("span.name").text for li in pad.select("ol.standings li")
                if tagged in texts(li, "span.tag")]
    assert starting == ["Cid"]


def test_by_default_seat_1_starts(client):
    night = new_night(client, *SEATED)
    answer = set_up(client, night, "cards_500", "")
    game = int(answer.location.rsplit("/", 1)[1])
    assert client.get(f"/games/{game}/sheet.json").get_json()["players"] == SEATED


def test_someone_not_seated_cannot_start(client):
    night = new_night(client, *SEATED, "Eve")
    answer = set_up(client, night, "cards_500", "Eve")
    assert answer.status_code == 422
    assert "Eve has no seat in this game." in errors(answer)


def test_a_kind_where_nobody_starts_anything_does_not_ask(client):
    night = new_night(client, *SEATED)
    form = parse(client.get(f"/nights/{night}/games/new/dice_poker"))
    assert form.select("select[name=first]") == []
