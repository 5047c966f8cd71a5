"""A player's page: nights, games and wins per kind, best and average results, recent form."""

import pytest

from companion.rules import GAMES
from tests.web.conftest import errors, parse, table_rows, texts, version
from tests.web.history_data import (cards_500, dice_poker, game, night, played, restore,
                                    skull, skyjo)


def page(client, player_id=1):
    response = client.get(f"/players/{player_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def tiles(html, title):
    """{label: value} of one kind's statistics."""
    found = [s for s in parse(html).select("section.kind-stats") if s.one("h3").text == title]
    assert len(found) == 1, (title, texts(html, "section.kind-stats h3"))
    board = found[0].one("dl")
    return dict(zip(texts(board, "dt"), texts(board, "dd")))


def recent_form(html):
    """(the place, the game's title) of each game in the recent form, as listed."""
    return [(item.one(".form-mark").text, item.one(".form-game").text)
            for item in parse(html).select("ol.form-list li")]


def test_the_page_counts_nights_and_games(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-10-01", games=[skull(), skyjo()]),
            night("2026-10-08", games=[skull()]), night("2026-10-15", attendees=["Ben"]))
    assert "2 nights · 3 games" in page(client)


def test_games_won_and_win_rate_count_finished_games_only(client, runner, tmp_path):
    going = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="in_progress")
    restore(runner, tmp_path, night(games=[skull("Ann"), skull("Ben"), skull("Ann"), going]))
    assert tiles(page(client), "Skull") == {"Played": "3", "Won": "2", "Win rate": "67%",
                                            "Challenges won": "4"}
    assert "1 more was abandoned or is still going" in page(client)


def test_a_game_decided_by_wins_counts_the_challenges_won_not_an_average(
        client, runner, tmp_path):
    # Ann wins one game (two challenges), and in Ben's game wins one before he wins two
    ann_once = {"challenger": "Ann", "bid": 2, "outcome": "success"}
    bens_game = skull("Ben")
    bens_game["entries"] = [ann_once] + bens_game["entries"]
    restore(runner, tmp_path, night(games=[skull("Ann"), bens_game]))
    assert tiles(page(client), "Skull") == {"Played": "2", "Won": "1", "Win rate": "50%",
                                            "Challenges won": "3"}


def test_the_best_of_a_low_scoring_game_is_the_lowest_total(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[
        cards_500(out="Ben", points={"Ann": 80, "Cid": 50, "Dora": 60}),
        cards_500(out="Ann")]))
    stats = tiles(page(client), "Card game to 500")
    assert stats["Lowest total"] == "0" and stats["Average"] == "40"


def test_the_best_of_a_high_scoring_game_is_the_highest_total(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[dice_poker(chance={"Ann": 10, "Ben": 30}),
                                           dice_poker(chance={"Ann": 25, "Ben": 5})]))
    stats = tiles(page(client), "Dice poker")
    assert stats["Highest total"] == "75" and stats["Average"] == "67.5"
    assert stats["Won"] == "1" and stats["Win rate"] == "50%"


def twelve(ann, tied=None, high_wins=True):
    """One round of any game for twelve: the others score 20, 30 ... 120, the last of
    them `tied` instead if given."""
    others = [f"Guest {n}" for n in range(2, 13)]
    scores = {"Ann": ann} | {name: 10 * n for n, name in enumerate(others, 2)}
    if tied is not None:
        scores[others[-1]] = tied
    return game("any_game", ["Ann", *others], [{"scores": scores}], rounds=1,
                high_wins=high_wins)


def test_recent_form_lists_the_last_five_finished_games_newest_first(client, runner, tmp_path):
    restore(runner, tmp_path,
            night("2026-10-01", games=[skull("Ann")] * 3),
            night("2026-10-08", games=[skull("Ben"), skyjo({"Ann": 9, "Ben": 3, "Cid": 20})]),
            night("2026-10-15", games=[cards_500(out="Ann")]))
    assert recent_form(page(client)) == [("Won", "Card game to 500"), ("2nd of 3", "Skyjo"),
                                         ("Shared 2nd of 3", "Skull"), ("Won", "Skull"),
                                         ("Won", "Skull")]


@pytest.mark.parametrize("played, place", [
    # the lowest total wins: ties share the better place
    (skyjo({"Ann": 30, "Ben": 5, "Cid": 20}), "3rd of 3"),
    (skyjo({"Ann": 20, "Ben": 5, "Cid": 20}), "Shared 2nd of 3"),
    (skyjo({"Ann": 5, "Ben": 5, "Cid": 20}, finisher="Cid"), "Shared 1st of 3"),
    (cards_500(out="Ben", points={"Ann": 80, "Cid": 50, "Dora": 60}), "4th of 4"),
    (cards_500(out="Ann"), "Won"),
    # the highest total wins: 50 for the part-1 bonus, plus chance
    (dice_poker(chance={"Ann": 10, "Ben": 30}), "2nd of 2"),
    (dice_poker(chance={"Ann": 20, "Ben": 20}), "Shared 1st of 2"),
    (dice_poker(chance={"Ann": 30, "Ben": 5}), "Won"),
    # the winner first, then the others by points
    (skull("Ben"), "Shared 2nd of 3"),
    # a table of twelve, either way round
    (twelve(ann=1, tied=1), "Shared 11th of 12"),
    (twelve(ann=1, high_wins=False), "Won"),
    (twelve(ann=35, high_wins=False), "3rd of 12"),
    (twelve(ann=130, tied=130), "Shared 1st of 12"),
])
def test_each_game_names_the_players_place_at_the_table(client, runner, tmp_path, played,
                                                        place):
    restore(runner, tmp_path, night(games=[played]))
    assert [mark for mark, _ in recent_form(page(client))] == [place]


def test_a_kind_played_twice_gets_a_results_chart_with_its_numbers(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-10-01", games=[skull("Ann")]),
            night("2026-10-08", games=[skull("Ben")]))
    text = page(client)
    chart = parse(text).one('figure#chart-skull svg[role=img][viewBox="0 0 320 180"]')
    assert chart.one("title").text == "Ann's final totals in Skull"
    assert table_rows(text, "figure#chart-skull table") == [
        ["Date", "Total", "Place"], ["1 Oct 2026", "2", "Won"],
        ["8 Oct 2026", "0", "Shared 2nd of 3"]]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_kind_of_game_gets_its_statistics(client, runner, tmp_path, kind):
    restore(runner, tmp_path, night(games=[played(kind, seed=1), played(kind, seed=2)]))
    text = page(client)
    rules = GAMES[kind]
    assert tiles(text, rules.title)["Played"] == "2"
    assert parse(text).one(f"figure#chart-{kind}")


def test_a_player_who_never_played_has_no_statistics(client, runner, tmp_path):
    restore(runner, tmp_path, night(attendees=["Ann"]))
    text = page(client)
    assert "By game" not in texts(text, "h2") and "Recent form" not in texts(text, "h2")
    assert texts(text, "p.subtitle") == ["1 night · 0 games"]


def test_many_nights_are_listed_as_the_latest_few_with_a_link_to_the_history(
        client, runner, tmp_path):
    restore(runner, tmp_path, *[night(f"2026-10-{d:02d}", f"Night {d}", attendees=["Ann"])
                                for d in range(1, 8)])
    text = page(client)
    assert "Night 7" in text and "Night 3" in text and "Night 2" not in text
    assert parse(text).select('a[href="/history?player=1"]')


def test_renaming_still_works_and_keeps_the_statistics(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull("Ann")]))
    response = client.post("/players/1", data={"name": "Annie"})
    assert response.status_code == 302
    text = page(client)
    assert texts(text, "h1") == ["Annie"] and tiles(text, "Skull")["Won"] == "1"


def test_a_refused_rename_keeps_the_page_whole(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull("Ann")]))
    response = client.post("/players/1", data={"name": "ben"})
    assert response.status_code == 422
    assert errors(response) == ["There is already a player called Ben."]
    assert tiles(response.get_data(as_text=True), "Skull")["Won"] == "1"


def test_correcting_a_finished_game_updates_its_recap_and_the_statistics(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"], target=20)
    for ann, ben in [(5, 9), (4, 12)]:
        client.post(f"/games/{game}/entries", data={
            "version": version(client, game), "finisher": "Ann", "score_0": str(ann),
            "score_1": str(ben)})
    assert "Ann won 1 of 1 game." in client.get("/nights/1").get_data(as_text=True)
    assert tiles(page(client, 1), "Skyjo")["Won"] == "1"
    response = client.post(f"/games/{game}/entries/1", data={
        "version": version(client, game), "finisher": "Ben", "score_0": "30", "score_1": "1"})
    assert response.status_code == 302, errors(response)
    assert "Ben won 1 of 1 game." in client.get("/nights/1").get_data(as_text=True)
    ann, ben = tiles(page(client, 1), "Skyjo"), tiles(page(client, 2), "Skyjo")
    assert (ann["Won"], ann["Lowest total"]) == ("0", "35")
    assert (ben["Won"], ben["Lowest total"]) == ("1", "10")
