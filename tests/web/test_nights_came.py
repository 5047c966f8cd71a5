"""Each player's count of the nights they came to (Player.nights_came, which the roster and
the player page show) is kept as who came changes, whatever the way: a name typed or
tapped, a player taken off a night, a game seating someone, a night deleted, a restore,
the sample data."""

import json

import pytest
from sqlalchemy import text

from companion import services

from companion.extensions import db
from companion.models import Game, Night
from tests.web.conftest import form_data, parse, select


def counts(app):
    """{name: (the kept count, the nights they came to, counted)}."""
    with app.app_context():
        rows = db.session.execute(text(
            "select name, nights_came, (select count(*) from night_player "
            "where player_id = player.id) from player")).all()
        db.session.remove()
    return {name: (kept, counted) for name, kept, counted in rows}


def agree(app):
    found = counts(app)
    assert all(kept == counted for kept, counted in found.values()), found
    return {name: kept for name, (kept, _) in found.items()}


def new_night(client, day):
    answer = client.post("/nights/new", data={"date": day, "title": ""})
    assert answer.status_code == 302
    return int(answer.location.rsplit("/", 1)[1])


def test_the_count_follows_every_change_of_who_came(app, client, start_game):
    first = new_night(client, "2026-11-01")
    for name in ("Ann", "Ben", "Cid"):
        client.post(f"/nights/{first}/attendees", data={"name": name})
    # a second tap on a name already here counts nothing
    client.post(f"/nights/{first}/attendees", data={"name": "Ann"})
    assert agree(app) == {"Ann": 1, "Ben": 1, "Cid": 1}

    second = new_night(client, "2026-11-08")
    page = parse(client.get(f"/nights/{second}"))
    chips = [form for form in select(page, "form[method=post]")
             if form.get("action", "").startswith(f"/nights/{second}/attendees/")]
    # a tap on Ann's and on Ben's name, the second of them twice
    for chip in chips[:2] + chips[1:2]:
        client.post(chip.get("action"), data=form_data(chip))
    assert agree(app) == {"Ann": 2, "Ben": 2, "Cid": 1}

    # Ben leaves the second night; the first night is deleted with all three
    assert client.post(f"/nights/{second}/attendees/{player_id(app, 'Ben')}/remove",
                       data={}).status_code == 302
    delete = parse(client.get(f"/nights/{first}/delete"))
    form = next(f for f in select(delete, "form[method=post]"))
    assert client.post(f"/nights/{first}/delete", data=form_data(form)).status_code == 302
    assert agree(app) == {"Ann": 1, "Ben": 0, "Cid": 0}

    # a game seats Dot and Eve at a night of their own: they came to it
    start_game("any_game", ["Dot", "Eve"])
    assert agree(app)["Dot"] == 1

    # the roster's Nights column says it
    rows = select(client.get("/players/"), "tbody tr")
    assert {row.select("a")[0].text: row.select("td")[0].text for row in rows} == {
        "Ann": "1", "Ben": "0", "Cid": "0", "Dot": "1", "Eve": "1"}


def test_a_night_with_a_game_stays_and_so_does_its_count(app, start_game):
    """Deleting a night that has a game is refused by the service itself (a game may be
    started on another phone while the page said the night had none), and in that very
    transaction nobody's count has moved."""
    game = start_game("any_game", ["Ann", "Ben"])
    with app.app_context():
        night = db.session.get(Night, db.session.get(Game, game).night_id)
        with pytest.raises(services.ServiceError):
            services.delete_night(night)
        assert db.session.execute(text("select sum(nights_came) from player")).scalar() == 2
        db.session.rollback()
    assert agree(app) == {"Ann": 1, "Ben": 1}


def test_a_restore_and_the_sample_data_count_them(app, client, runner, tmp_path):
    new_night(client, "2026-11-01")
    backup = tmp_path / "group.json"
    backup.write_text(client.get("/backup.json").get_data(as_text=True))
    document = json.loads(backup.read_text())
    document["players"] = ["Ann", "Ben"]
    document["nights"] = [
        {"date": "2026-10-01", "title": None, "attendees": ["Ann", "Ben"], "games": []},
        {"date": "2026-10-08", "title": None, "attendees": ["Ann"], "games": []}]
    backup.write_text(json.dumps(document))
    result = runner.invoke(args=["restore", str(backup)])
    assert result.exit_code == 0, result.output
    assert agree(app) == {"Ann": 2, "Ben": 1}
    result = runner.invoke(args=["demo", "--nights", "6", "--seed", "3"])
    assert result.exit_code == 0, result.output
    agree(app)


def player_id(app, name):
    with app.app_context():
        found = db.session.execute(text("select id from player where name = :name"),
                                   {"name": name}).scalar()
        db.session.remove()
    return found
