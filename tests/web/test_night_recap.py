"""A past night's recap, the order of the night page, and each game's result page with its
running-totals chart."""

from datetime import date

import pytest

from tests.web.conftest import errors, parse, select, table_rows, texts, version
from tests.web.history_data import cards_500, dice_poker, night, restore, skull, skyjo


def recap_section(client, night_id=1):
    """The night page's recap section, or None."""
    found = select(client.get(f"/nights/{night_id}"), "section.recap")
    assert len(found) <= 1, found
    return found[0] if found else None


def recap(client, night_id=1):
    """The recap's text as it reads, or "" when the page has none."""
    section = recap_section(client, night_id)
    return section.text if section else ""


def ids_in_order(page, *ids):
    """The given element ids in the order the page has them."""
    return [e.get("id") for e in parse(page).iter() if e.get("id") in ids]


def standings(section, number):
    """(name, total, won) of the recap's line for game `number`."""
    games = [g for g in section.select("div.recap-game")
             if g.one("h3").text.startswith(f"{number}. ")]
    assert len(games) == 1, texts(section, "div.recap-game h3")
    found = []
    for row in games[0].select("p.recap-standings span.recap-standing"):
        total, won = row.one("strong").text, row.select("span.tag-lead")
        found.append((row.text.split(" " + total)[0], int(total), bool(won)))
    return found


def test_the_recap_says_who_came_and_who_won_most(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skyjo(), skull(winner="Ann"), skull(winner="Ben")],
                                    attendees=["Ann", "Ben", "Cid", "Dora"]))
    section = recap_section(client)
    assert texts(section, "p.recap-headline") == ["Ann won 2 of 3 games."]
    assert texts(section, "p.recap-came") == ["Who came: Ann, Ben, Cid, Dora"]


def test_a_tie_for_most_wins_names_everyone_in_it(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull(winner="Ann"), skull(winner="Ben")]))
    assert "Ann and Ben each won 1 of 2 games." in recap(client)


def test_each_game_lists_its_final_totals_with_the_winner_first(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[
        skyjo(scores={"Ann": 30, "Ben": 4, "Cid": 12}),
        skull(winner="Cid")]))
    section = recap_section(client)
    assert standings(section, 1) == [("Ben", 4, True), ("Cid", 12, False), ("Ann", 30, False)]
    assert standings(section, 2)[0] == ("Cid", 2, True)


def test_a_high_scoring_game_puts_the_highest_total_first(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[dice_poker(chance={"Ann": 5, "Ben": 30})]))
    assert [row[:2] for row in standings(recap_section(client), 1)] == [("Ben", 80), ("Ann", 55)]


def test_each_game_in_the_recap_links_to_its_result_page(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skyjo(), cards_500()]))
    links = [(a.get("href"), a.text) for a in recap_section(client).select("h3 a")]
    assert links == [("/games/1", "1. Skyjo"), ("/games/2", "2. Card game to 500")]


def test_unfinished_games_are_counted_apart(client, runner, tmp_path):
    going = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="in_progress")
    left = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="abandoned")
    restore(runner, tmp_path, night(games=[skull(), going, left]))
    section = recap(client)
    assert "Ann won 1 of 1 game." in section
    assert "1 game is still in progress." in section and "1 game was abandoned." in section
    # the game being played is shown above, as playing now, and not again in the recap
    assert texts(recap_section(client), "div.recap-game h3") == ["1. Skull", "2. Skyjo Abandoned"]
    assert texts(client.get("/nights/1"), "#playing li .game-title") == ["Skyjo"]


def test_a_game_abandoned_before_anything_was_entered_leaves_the_recap(client, runner, tmp_path):
    mistake = skyjo(status="abandoned")
    mistake["entries"] = []
    restore(runner, tmp_path, night(games=[skull(), mistake, cards_500(out="Ben")]))
    section = recap_section(client)
    assert texts(section, "div.recap-game h3") == ["1. Skull", "2. Card game to 500"]
    assert "abandoned" not in section.text
    # it is still a tap away, to be deleted
    page = client.get("/nights/1")
    mistakes = parse(page).one("section[aria-labelledby=mistakes-heading]")
    links = [a.get("href") for a in mistakes.select("a[href]")]
    assert texts(mistakes, ".game-title") == ["Skyjo"] and len(links) == 1
    pad = client.get(links[0]).get_data(as_text=True)
    assert "Delete game" in pad


def test_a_night_without_a_finished_game_says_so(client, runner, tmp_path):
    left = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="abandoned")
    restore(runner, tmp_path, night(games=[left]))
    assert "No game has finished yet." in recap(client)


def test_a_night_that_is_over_shows_its_recap_first_and_its_games_once(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull(), skyjo()]))
    page = client.get("/nights/1")
    assert ids_in_order(page, "recap", "players", "start") == ["recap", "players", "start"]
    # one list of the games: the recap's
    assert [a.get("href") for a in select(page, "main a[href^='/games/']")] == \
        ["/games/1", "/games/2"]


def test_a_night_still_playing_puts_the_game_and_start_a_game_first(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull(), skyjo(
        scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="in_progress")]))
    page = client.get("/nights/1")
    assert ids_in_order(page, "playing", "start", "players", "recap") == \
        ["playing", "start", "players", "recap"]
    assert [a.get("href") for a in select(page, "main a[href^='/games/']")] == \
        ["/games/2", "/games/1"]


@pytest.mark.parametrize("played,order", [
    (False, ["start", "players"]),
    # between two games tonight: what to start next comes before the recap so far
    (True, ["start", "players", "recap"]),
])
def test_tonight_keeps_start_a_game_first_while_nothing_is_played(client, runner, tmp_path,
                                                                  played, order):
    restore(runner, tmp_path, night(day=date.today().isoformat(),
                                    games=[skull()] if played else [],
                                    attendees=["Ann", "Ben", "Cid"]))
    page = client.get("/nights/1")
    assert ids_in_order(page, "playing", "start", "players", "recap") == order
    assert texts(page, "h2#recap-heading") == (["So far"] if played else [])


def test_a_night_whose_games_are_all_being_played_has_no_recap_yet(client, start_game):
    start_game("skyjo", ["Ann", "Ben"])
    page = client.get("/nights/1")
    assert not select(page, "#recap") and texts(page, "#playing .game-title") == ["Skyjo"]


def test_a_night_with_no_games_has_no_recap(client, start_game):
    client.post("/nights/new", data={"date": "2026-11-30", "title": "Empty"})
    assert recap_section(client) is None and not select(client.get("/nights/1"), "#recap")


def test_a_finished_game_page_shows_the_running_totals_as_a_chart_and_a_table(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"], target=20)
    for ann, ben in [(5, 9), (4, 12)]:
        response = client.post(f"/games/{game}/entries", data={
            "version": version(client, game), "finisher": "Ann", "score_0": str(ann),
            "score_1": str(ben)})
        assert response.status_code == 302, errors(response)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    chart = parse(page).one('figure#chart-game-1 svg[role=img][viewBox="0 0 320 180"]')
    assert chart.one("desc#chart-game-1-desc").text == "After round 2: Ann 9, Ben 21. Ann won."
    assert ["2", "9", "21"] in table_rows(page, "figure#chart-game-1 table")
    # the chart comes before the game's settings
    order = [e for e in parse(page).iter() if e.get("id") == "chart-game-1"
             or "settings" in e.classes]
    assert order and order[0].get("id") == "chart-game-1", order


def test_a_game_with_no_entries_has_no_chart_yet(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    assert not select(client.get(f"/games/{game}"), "figure.chart")


def test_chart_labels_are_escaped(client, runner, tmp_path):
    evil = "<b>Eve</b>"
    restore(runner, tmp_path, night(games=[skull(winner=evil, players=(evil, "Ben", "Cid"))]))
    page = client.get("/games/1").get_data(as_text=True)
    assert "<b>Eve</b>" not in page and "&lt;b&gt;Eve&lt;/b&gt;" in page


def test_a_game_being_played_shows_its_sheet_without_the_chart(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.post(f"/games/{game}/entries", data={"version": version(client, game),
                                                "finisher": "Ann", "score_0": "3", "score_1": "9"})
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Saved. Round 1:" in page and not select(page, "figure.chart")
