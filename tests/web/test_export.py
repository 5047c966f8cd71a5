"""A night downloaded as CSV for a spreadsheet and as JSON for a program."""

import csv
import io

from tests.web.history_data import night, restore, skull, skyjo


def rows(client, night_id=1):
    response = client.get(f"/nights/{night_id}/export.csv")
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def test_the_csv_has_one_table_per_game_after_a_blank_line_and_a_heading(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-11-01", "At Ann's", games=[skyjo(), skull()]))
    assert rows(client) == [
        ["Night", "2026-11-01", "At Ann's"],
        ["Players", "Ann", "Ben", "Cid"],
        [],
        ["Game 1: Skyjo", "Finished", "Won by Ann"],
        ["After round", "Ann", "Ben", "Cid"],
        ["1", "5", "15", "25"],
        ["Total", "5", "15", "25"],
        [],
        ["Game 2: Skull", "Finished", "Won by Ann"],
        ["After challenge", "Ann", "Ben", "Cid"],
        ["1", "1", "0", "0"],
        ["2", "2", "0", "0"],
        ["Total", "2", "0", "0"],
    ]


def test_the_csv_is_a_download_named_after_the_night(client, runner, tmp_path):
    restore(runner, tmp_path, night("2026-11-01", games=[skull()]))
    response = client.get("/nights/1/export.csv")
    assert response.headers["Content-Disposition"] == \
        'attachment; filename="night-2026-11-01-1.csv"'


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_kept_as_text(client, runner, tmp_path):
    game = skull(winner="=SUM(A1)", players=("=SUM(A1)", "Ben", "Cid"))
    restore(runner, tmp_path, night(title="+night", games=[game]))
    table = rows(client)
    assert table[0][2] == "'+night"
    assert "'=SUM(A1)" in table[1] and table[4][1] == "'=SUM(A1)"


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


def test_the_night_page_links_to_both_downloads(client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skull()]))
    page = client.get("/nights/1").get_data(as_text=True)
    assert 'href="/nights/1/export.csv"' in page and 'href="/nights/1/export.json"' in page


def test_an_unknown_night_has_no_export(client):
    assert client.get("/nights/9/export.csv").status_code == 404
    assert client.get("/nights/9/export.json").status_code == 404
