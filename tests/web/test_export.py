"""A night downloaded as CSV for a spreadsheet and as JSON for a program."""

import csv
import io
from fractions import Fraction

import pytest

from companion.kinds.registry import KINDS
from companion.text import rounded_together
from tests.web.history_data import game, night, played, restore, skull, skyjo

BOM = b"\xef\xbb\xbf"


def rows(client, night_id=1):
    response = client.get(f"/nights/{night_id}/export.csv")
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))


def dice(player, row, thrown, first=False):
    return {"player": player, "row": row, "dice": thrown, "first_throw": first}


def typed(player, row, score):
    return {"player": player, "row": row, "score": score}


# Ann: part 1 is 0, so the bonus; a pair of 6s on the first throw (24 doubled), dice that
# miss two pairs (a dash), a written dash, a small straight (15), typed 0s (dashes), poker
# of 5s on the first throw (25 × 2 + 50), chance on the first throw (never doubled): 218.
# Ben: part 1 is -3 - 2 = -5, no bonus; a chance of 20: 15. Average 116.5.
ANN = [dice("Ann", "1", [1, 1, 1, 2, 3]), *(typed("Ann", r, 0) for r in "23456"),
       dice("Ann", "pair", [6, 6, 1, 2, 3], True), dice("Ann", "two_pairs", [1, 2, 3, 4, 5]),
       {"player": "Ann", "row": "three_of_a_kind", "dash": True},
       dice("Ann", "small_straight", [1, 2, 3, 4, 5]),
       *(typed("Ann", r, 0) for r in ("big_straight", "full_house", "four_of_a_kind")),
       dice("Ann", "poker", [5, 5, 5, 5, 5], True), dice("Ann", "chance", [6, 6, 6, 6, 5], True)]
BEN = [dice("Ben", "1", [2, 2, 2, 2, 2]), typed("Ben", "2", -2),
       *(typed("Ben", r, 0) for r in "3456"),
       *(typed("Ben", r, 0) for r in ("pair", "two_pairs", "three_of_a_kind", "small_straight",
                                      "big_straight", "full_house", "four_of_a_kind",
                                      "poker")),
       typed("Ben", "chance", 20)]
DICE_GAME = game("dice_poker", ["Ann", "Ben"],
                 [turn for pair in zip(ANN, BEN) for turn in pair])

WHOLE_SHEETS = {
    "dice poker, finished": (DICE_GAME, [
        ["Game 1: Dice poker", "Finished", "Won by Ann"],
        ["Row", "Ann", "Ben"],
        ["Ones", "0", "-3"], ["Twos", "0", "-2"], ["Threes", "0", "0"], ["Fours", "0", "0"],
        ["Fives", "0", "0"], ["Sixes", "0", "0"],
        ["Part 1", "0", "-5"], ["Bonus", "50", "0"],
        # numbers a spreadsheet adds up: a dash is 0, a doubled row its doubled points
        ["Pair", "24", "0"], ["Two pairs", "0", "0"], ["Three of a kind", "0", "0"],
        ["Small straight", "15", "0"], ["Big straight", "0", "0"], ["Full house", "0", "0"],
        ["Four of a kind", "0", "0"], ["Poker", "100", "0"], ["Chance", "29", "20"],
        ["Total", "218", "15"],
        ["Against the average", "101.5", "-101.5"],
        # the rows struck (a typed 0 in part 2 is a dash too)
        ["Dashes", "Two pairs, Three of a kind, Big straight, Full house, Four of a kind",
         "Pair, Two pairs, Three of a kind, Small straight, Big straight, Full house, "
         "Four of a kind, Poker"],
        ["Doubled", "Pair, Poker", ""],
    ]),
    "dice poker, part 1 open": (game("dice_poker", ["Ann", "Ben"], [
        dice("Ann", "3", [3, 3, 3, 3, 1]), dice("Ben", "6", [6, 1, 1, 1, 1], True),
    ], status="in_progress"), [
        ["Game 1: Dice poker", "In progress", ""],
        ["Row", "Ann", "Ben"],
        ["Ones", "", ""], ["Twos", "", ""], ["Threes", "3", ""], ["Fours", "", ""],
        ["Fives", "", ""], ["Sixes", "", "-12"],
        ["Part 1", "3", "-12"], ["Bonus", "", ""],
        *([label, "", ""] for label in ("Pair", "Two pairs", "Three of a kind",
                                       "Small straight", "Big straight", "Full house",
                                       "Four of a kind", "Poker", "Chance")),
        ["Total", "3", "-12"], ["Dashes", "", ""], ["Doubled", "", ""],
    ]),
    # hand 1: Cid holds a joker and an ace (65); hand 2: a two (20), three tens to kings (30)
    "card game": (game("cards_500", ["Ann", "Ben", "Cid", "Dora"], [
        {"out": "Ann", "hands": {"Ben": {"points": 20}, "Cid": {"jokers": 1, "aces": 1},
                                 "Dora": {"threes_to_nines": 2}}},
        {"out": "Ben", "hands": {"Ann": {"points": 35}, "Cid": {"twos": 1},
                                 "Dora": {"tens_to_kings": 3}}},
    ], status="in_progress", target=200), [
        ["Game 1: Card game to 500", "In progress", ""],
        ["Hand", "Ann", "Ben", "Cid", "Dora", "Went out"],
        ["1", "0", "20", "65", "10", "Ann"],
        ["2", "35", "0", "20", "30", "Ben"],
        ["Total", "35", "20", "85", "40", ""],
    ]),
    # round 1: Ann finished level with Cid, so doubled; round 2: Ben's column of 5s goes
    # (28 left) and Cid scores lower, so Ben is doubled
    "skyjo": (game("skyjo", ["Ann", "Ben", "Cid"], [
        {"finisher": "Ann", "hands": {"Ann": {"score": 10}, "Ben": {"score": 24},
                                      "Cid": {"score": 10}}},
        {"finisher": "Ben", "hands": {"Ann": {"score": 30},
                                      "Ben": {"grid": [5, 1, 2, 3, 5, 2, 3, 4, 5, 3, 4, 6]},
                                      "Cid": {"score": -2}}},
    ], status="in_progress", target=100), [
        ["Game 1: Skyjo", "In progress", ""],
        ["Round", "Ann", "Ben", "Cid", "Finished by", "Doubled"],
        ["1", "20", "24", "10", "Ann", "Ann"],
        ["2", "30", "56", "-2", "Ben", "Ben"],
        ["Total", "50", "80", "8", "", ""],
    ]),
    # Cid flips his own skull three times down to one card; Ann then flips it: Ann loses a
    # card and Cid, whose last card it was, is out; Ann's second success wins
    "skull": (game("skull", ["Ann", "Ben", "Cid"], [
        {"challenger": "Ann", "bid": 2, "outcome": "success"},
        {"challenger": "Ben", "bid": 3, "outcome": "skull", "skull_owner": "Cid"},
        *[{"challenger": "Cid", "bid": 1, "outcome": "skull", "skull_owner": "Cid"}] * 3,
        {"challenger": "Ann", "bid": 2, "outcome": "skull", "skull_owner": "Cid"},
        {"challenger": "Ann", "bid": 2, "outcome": "success"},
    ], variant="published", last_skull_out=True), [
        ["Game 1: Skull", "Finished", "Won by Ann"],
        ["Challenge", "Challenger", "Bid", "Outcome", "Skull of", "Out"],
        ["1", "Ann", "2", "Won", "", ""],
        ["2", "Ben", "3", "Lost", "Cid", ""],
        ["3", "Cid", "1", "Lost", "Cid", ""],
        ["4", "Cid", "1", "Lost", "Cid", ""],
        ["5", "Cid", "1", "Lost", "Cid", ""],
        ["6", "Ann", "2", "Lost", "Cid", "Cid"],
        ["7", "Ann", "2", "Won", "", ""],
        [],
        ["Player", "Points", "Cards left"],
        ["Ann", "2", "3"], ["Ben", "0", "3"], ["Cid", "0", "0"],
    ]),
    # ended by the table, level: the highest total is shared
    "any other game": (game("any_game", ["Ann", "Ben"], [
        {"scores": {"Ann": 12, "Ben": -3}}, {"scores": {"Ann": 5, "Ben": 20}}, {"end": True},
    ], name="Qwixx"), [
        ["Game 1: Qwixx", "Finished", "Won by Ann and Ben"],
        ["Round", "Ann", "Ben"],
        ["1", "12", "-3"],
        ["2", "5", "20"],
        ["Total", "17", "17"],
    ]),
}


@pytest.mark.parametrize("played, expected", WHOLE_SHEETS.values(), ids=WHOLE_SHEETS)
def test_the_csv_holds_each_games_whole_sheet(client, runner, tmp_path, played, expected):
    restore(runner, tmp_path, night(games=[played]))
    assert rows(client)[3:] == expected


@pytest.mark.parametrize("kind", KINDS)
def test_a_whole_game_of_every_kind_exports_the_same_sheet_as_csv_and_json(
        client, runner, tmp_path, kind):
    restore(runner, tmp_path, night(games=[played(kind)]))
    table = rows(client)
    assert table[3][1] == "Finished" and table[3][2].startswith("Won by ")
    sheet = client.get("/nights/1/export.json").get_json()["night"]["games"][0]["sheet"]
    assert [[str(value) for value in row] for row in [sheet["header"], *sheet["rows"]]] \
        == table[4:]


def test_the_csv_has_one_table_per_game_after_a_blank_line_and_a_heading(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-11-01", "At Ann's", games=[skyjo(), skull()]))
    assert rows(client) == [
        ["Night", "2026-11-01", "At Ann's"],
        ["Players", "Ann", "Ben", "Cid"],
        [],
        ["Game 1: Skyjo", "Finished", "Won by Ann"],
        ["Round", "Ann", "Ben", "Cid", "Finished by", "Doubled"],
        ["1", "5", "15", "25", "Ann", ""],
        ["Total", "5", "15", "25", "", ""],
        [],
        ["Game 2: Skull", "Finished", "Won by Ann"],
        ["Challenge", "Challenger", "Bid", "Outcome", "Skull of", "Out"],
        ["1", "Ann", "2", "Won", "", ""],
        ["2", "Ann", "2", "Won", "", ""],
        [],
        ["Player", "Points", "Cards left"],
        ["Ann", "2", "4"], ["Ben", "0", "4"], ["Cid", "0", "4"],
    ]


def test_the_csv_starts_with_a_byte_order_mark_so_spreadsheets_read_it_as_utf8(
        client, runner, tmp_path):
    players = ("Jānis", "Tõnu", "Ann")
    restore(runner, tmp_path, night(games=[skull(winner="Jānis", players=players)],
                                    attendees=list(players)))
    body = client.get("/nights/1/export.csv").get_data()
    assert body.startswith(BOM) and not body[3:].startswith(BOM)
    table = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert table[0][0] == "Night"
    # in the order they came
    assert table[1] == ["Players", "Jānis", "Tõnu", "Ann"]
    assert table[5][1] == "Jānis" and table[-3:] == [["Jānis", "2", "4"], ["Tõnu", "0", "4"],
                                                     ["Ann", "0", "4"]]


def test_the_csv_is_a_download_named_after_the_night(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-11-01", games=[skull()]))
    response = client.get("/nights/1/export.csv")
    assert response.headers["Content-Disposition"] == \
        'attachment; filename="night-2026-11-01-1.csv"'
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_kept_as_text(client, runner, tmp_path):
    game_ = skull(winner="=cmd", players=("=cmd", "Ben", "Cid"))
    restore(runner, tmp_path, night(title="+night", games=[game_]))
    table = rows(client)
    assert table[0][2] == "'+night"
    assert "'=cmd" in table[1]
    # "Won by =cmd" starts with a letter: no formula
    assert table[3][2] == "Won by =cmd"
    assert table[4][:2] == ["Challenge", "Challenger"] and table[5][1] == "'=cmd"
    assert table[-3] == ["'=cmd", "2", "4"]


def test_a_negative_score_stays_a_number_not_an_escaped_text(client, runner, tmp_path):
    played = game("any_game", ["Ann", "Ben"], [{"scores": {"Ann": -4, "Ben": 3}}],
                  status="in_progress")
    restore(runner, tmp_path, night(games=[played]))
    assert rows(client)[5:] == [["1", "-4", "3"], ["Total", "-4", "3"]]


def test_the_json_export_holds_the_games_entries_totals_and_winners(client, runner, tmp_path):
    left = skyjo(scores={"Ann": 1, "Ben": 2, "Cid": 3}, status="abandoned")
    restore(runner, tmp_path, night("2026-11-01", "At Ann's", games=[left, skull()]))
    response = client.get("/nights/1/export.json")
    assert response.headers["Content-Disposition"] == \
        'attachment; filename="night-2026-11-01-1.json"'
    doc = response.get_json()
    assert doc["format"] == "companion-night" and doc["version"] == 1
    assert doc["night"]["date"] == "2026-11-01" and doc["night"]["title"] == "At Ann's"
    left, won = doc["night"]["games"]
    assert left["status"] == "abandoned" and len(left["entries"]) == 1
    assert left["totals"] == {"Ann": 1, "Ben": 2, "Cid": 3} and left["winners"] == []
    assert won["totals"] == {"Ann": 2, "Ben": 0, "Cid": 0} and won["winners"] == ["Ann"]


def test_the_json_export_holds_each_games_sheet_as_the_csv_lays_it_out(
        client, runner, tmp_path):
    played = WHOLE_SHEETS["skyjo"][0]
    restore(runner, tmp_path, night(games=[played]))
    sheet = client.get("/nights/1/export.json").get_json()["night"]["games"][0]["sheet"]
    # names unescaped and numbers as numbers: a program reads the values themselves
    assert sheet == {"header": ["Round", "Ann", "Ben", "Cid", "Finished by", "Doubled"],
                     "rows": [[1, 20, 24, 10, "Ann", "Ann"], [2, 30, 56, -2, "Ben", "Ben"],
                              ["Total", 50, 80, 8, "", ""]]}


def test_the_night_page_links_to_both_downloads(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull()]))
    page = client.get("/nights/1").get_data(as_text=True)
    assert 'href="/nights/1/export.csv"' in page and 'href="/nights/1/export.json"' in page


def test_an_unknown_night_has_no_export(client):
    assert client.get("/nights/9/export.csv").status_code == 404
    assert client.get("/nights/9/export.json").status_code == 404


@pytest.mark.parametrize("results,shown", [
    # 4 players: quarters; one decimal each, the shown ones still adding up to 0
    ([Fraction(119, 4), Fraction(-277, 4), Fraction(81, 4), Fraction(77, 4)],
     [29.8, -69.3, 20.3, 19.2]),
    # 3 players: thirds
    ([Fraction(31, 3), Fraction(-17, 3), Fraction(-14, 3)], [10.4, -5.7, -4.7]),
    ([Fraction(1, 2), Fraction(-1, 2)], [0.5, -0.5]),
])
def test_results_against_the_average_are_rounded_to_add_up_to_0(results, shown):
    assert sum(results) == 0
    rounded = rounded_together(results)
    assert [float(r) for r in rounded] == shown
    assert sum(rounded) == 0
