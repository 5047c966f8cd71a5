"""A player's page over time (games played and won night by night) and head to head with
another player of the group, game by game (issue 31). Expected values by hand."""

from companion.extensions import db
from companion.models import Player
from tests.web.conftest import parse, table_rows, texts
from tests.web.history_data import night, restore, skull, skyjo


def player_id(app, name):
    with app.app_context():
        found = db.session.scalars(db.select(Player).where(Player.name == name)).one().id
        db.session.remove()
    return found


def three_nights(runner, tmp_path):
    restore(runner, tmp_path,
            # ann 5, ben 15, cid 25: ann wins (lowest)
            night(day="2026-10-01", title="One", games=[skyjo()]),
            # ben wins both challenges
            night(day="2026-10-08", title="Two", games=[skull(winner="Ben")]),
            # cid wins; ben's 20 beats ann's 30 (lowest is best)
            night(day="2026-10-15", title="Three",
                  games=[skyjo(scores={"Ann": 30, "Ben": 20, "Cid": 10})]))


def test_the_player_page_charts_games_played_and_won_night_by_night(app, client, runner,
                                                                     tmp_path):
    three_nights(runner, tmp_path)
    page = parse(client.get(f"/players/{player_id(app, 'Ann')}"))
    chart = page.one("figure#chart-nights-%d" % player_id(app, "Ann"))
    assert chart.one("figcaption").text == "Night by night"
    assert table_rows(chart, "table") == [
        ["Date", "Games played", "Games won"],
        ["1 Oct 2026", "1", "1"], ["8 Oct 2026", "1", "0"], ["15 Oct 2026", "1", "0"]]
    assert "Ann won 1 of 3 games over the last 3 nights." in chart.one("desc").text


def test_head_to_head_says_who_did_better_game_by_game(app, client, runner, tmp_path):
    three_nights(runner, tmp_path)
    ann, ben = player_id(app, "Ann"), player_id(app, "Ben")
    page = parse(client.get(f"/players/{ann}?against={ben}"))
    assert texts(page, ".versus-sum") == [
        "In 3 finished games together: Ann did better 1 times, Ben 2 times, level 0."]
    assert table_rows(page, "table.versus") == [
        ["Game", "Ann", "Ben", "Level"], ["Skyjo", "1", "1", "0"], ["Skull", "0", "1", "0"]]
    # newest first: ann 30 to ben 20
    assert texts(page, ".versus-games .form-mark")[0] == "30–20"


def test_head_to_head_only_within_the_group(app, client, runner, tmp_path):
    three_nights(runner, tmp_path)
    ann = player_id(app, "Ann")
    for asked in ["999999", "abc", str(ann), "1" * 40]:
        page = parse(client.get(f"/players/{ann}?against={asked}"))
        assert texts(page, ".versus-sum") == []
        assert page.select("table.versus") == []


def test_a_player_of_another_group_is_no_rival(app, client, runner, tmp_path):
    from companion import services
    from companion.services import groups
    three_nights(runner, tmp_path)
    with app.app_context():
        elsewhere = groups.start_group("Elsewhere", "another phone").group_id
        stranger = services.get_or_create_player(elsewhere, "Zed").id
        db.session.commit()
        db.session.remove()
    ann = player_id(app, "Ann")
    page = parse(client.get(f"/players/{ann}?against={stranger}"))
    assert page.select("table.versus") == []
    assert "Zed" not in texts(page, "#against option")
