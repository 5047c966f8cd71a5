"""Bad input a caller can send: numbers past what the database holds, digits that are not
ascii, control characters, backups built to break the loader. Each gets the app's own page,
a form with a sentence, or one line from the command line; never a 500 or a traceback."""

import json
import re

import pytest

from tests.conftest import GROUP
from tests.web.conftest import errors, inputs, parse, texts
from tests.web.history_data import document, night, skull

NOT_FOUND = "There is no such page here"
# past the ids of every database: their INTEGER columns are 32 bits on postgresql
PAST_THE_IDS = [str(2**31), str(2**63), "9" * 20, "9" * 10_000]


def int_routes(app):
    """(path template, method, names of its <int:...> parts) for every such route."""
    routes = []
    for rule in app.url_map.iter_rules():
        ints = re.findall(r"<int:(\w+)>", rule.rule)
        routes += [(rule.rule, method, ints) for method in sorted(rule.methods & {"GET", "POST"})
                   if ints]
    return routes


def path_for(template, values):
    """The route's path with the given value for each <int:...> part, "skull" for a kind."""
    path = re.sub(r"<int:(\w+)>", lambda match: values[match.group(1)], template)
    return re.sub(r"<\w+>", "skull", path)


@pytest.fixture
def played(start_game, client):
    """Night 1, players 1 to 3 and a skull game 1 with one challenge: every id 1 exists."""
    game = start_game("skull", ["Ann", "Ben", "Cid"])
    response = client.post(f"/games/{game}/entries",
                           data=challenge(client, f"/games/{game}", "Ann", 1))
    assert response.status_code == 302, errors(response)
    return game


def challenge(client, page, challenger, bid, **extra):
    """A success as the entry form on `page` sends it, with its hidden fields (the sheet's
    version) as the page gave them."""
    form = parse(client.get(page)).one("form[method=post][novalidate]")
    fields = {i["name"]: i.get("value", "") for i in inputs(form, "input[type=hidden][name]")}
    return {**fields, "challenger": challenger, "bid": str(bid), "outcome": "success", **extra}


# -- ids in urls --------------------------------------------------------------------


def test_the_check_below_finds_every_route_with_an_id(app):
    # a new <int:...> route is covered without being named here
    assert len(int_routes(app)) >= 15
    assert ("/games/<int:game_id>/entries/<int:position>", "POST",
            ["game_id", "position"]) in int_routes(app)


@pytest.mark.parametrize("number", PAST_THE_IDS + [str(2**31 - 1), "１", "١", "²"])
def test_an_id_past_the_database_or_in_other_digits_is_not_found(app, client, played, number):
    for template, method, ints in int_routes(app):
        for name in ints:
            path = path_for(template, {n: number if n == name else "1" for n in ints})
            response = client.open(path, method=method)
            assert response.status_code == 404, (method, path)
            body = response.get_data(as_text=True)
            # an invite to a group that is not there says so, as an old invite does
            assert NOT_FOUND in body or (path.startswith("/join/")
                                         and "This invite no longer works" in body), path


def test_the_largest_id_every_database_holds_is_still_read_as_a_number(client, played):
    # 2**31 - 1 reaches the database, which finds nothing; 2**31 never gets that far
    assert client.get(f"/games/{2**31 - 1}/sheet.json").status_code == 404
    assert client.get("/games/1/sheet.json").status_code == 200
    assert client.get("/games/0001/sheet.json").status_code == 200


# -- page numbers -------------------------------------------------------------------


@pytest.fixture
def three_nights(app, client):
    """Three nights, two a page: pages 1 and 2."""
    app.config["NIGHTS_PER_PAGE"] = 2
    for day in ("2026-11-01", "2026-11-02", "2026-11-03"):
        assert client.post("/nights/new", data={"date": day, "title": f"Night {day}"}
                           ).status_code == 302


@pytest.mark.parametrize("path", ["/nights/", "/history"])
@pytest.mark.parametrize("page, shown", [
    # past the end: the last page, as a link kept from when there were more nights expects
    ("3", 2), ("1000001", 2), ("9" * 25, 2), ("9" * 10_000, 2),
    # not a page number: the first page
    ("-1", 1), ("0", 1), ("000", 1), ("abc", 1), ("²", 1), ("１", 1), ("1.5", 1), ("", 1),
    ("2", 2), ("02", 2),
])
def test_any_page_number_shows_a_page_of_the_list(client, three_nights, path, page, shown):
    response = client.get(path, query_string={"page": page})
    assert response.status_code == 200
    assert f"Page {shown} of 2" in response.get_data(as_text=True)


def test_a_page_past_the_end_of_an_empty_list_is_the_empty_first_page(client):
    for path in ("/nights/", "/history"):
        response = client.get(path, query_string={"page": "9" * 25})
        assert response.status_code == 200
        assert "No nights yet" in response.get_data(as_text=True)


# -- the skull pad's hidden position ------------------------------------------------

ODD_POSITIONS = ["²", "١", "０", "9" * 5000, "-1", "1.0", " 0", "0x0"]


@pytest.mark.parametrize("position", ODD_POSITIONS)
def test_a_preview_with_an_odd_position_previews_a_new_challenge(client, played, position):
    data = challenge(client, f"/games/{played}", "Ben", 1, position=position)
    response = client.post(f"/games/{played}/preview", data=data)
    assert response.status_code == 200
    # Ben's first point: he starts the next round (Ann already has one)
    assert response.get_json() == {
        "consequence": "Ben's mat turns to its light side: one point. Ben starts the next round."}


@pytest.mark.parametrize("position", ODD_POSITIONS)
def test_a_refused_save_with_an_odd_position_comes_back_with_its_sentence(client, played,
                                                                          position):
    # three mats of four cards hold 12
    refused = "A bid of 13 is more than the 12 cards on the mats."
    for page, path in ((f"/games/{played}", f"/games/{played}/entries"),
                       (f"/games/{played}/entries/0", f"/games/{played}/entries/0")):
        response = client.post(path, data=challenge(client, page, "Ben", 13, position=position))
        assert response.status_code == 422, path
        assert refused in errors(response), path


# -- the history's filters ----------------------------------------------------------


@pytest.fixture
def titled(client):
    for day, title in (("2026-11-01", "Birthday"), ("2026-11-02", "Quiz night")):
        assert client.post("/nights/new", data={"date": day, "title": title}).status_code == 302


def listed(response):
    return texts(response, "ul.history span.history-night strong")


@pytest.mark.parametrize("q, found", [
    ("Birth\x00day", ["Birthday"]),
    ("\x00", ["Quiz night", "Birthday"]),
    ("quiz\x1b", ["Quiz night"]),
    ("quiz\u009b", ["Quiz night"]),
    ("Quiz\tnight", ["Quiz night"]),
    ("Quiz\r\n night", ["Quiz night"]),
    ("\u200bBirthday\u202e", ["Birthday"]),
])
def test_control_characters_are_taken_out_of_the_search(client, titled, q, found):
    response = client.get("/history", query_string={"q": q})
    assert response.status_code == 200
    assert listed(response) == found


def test_a_search_too_long_is_named_and_ignored(client, titled):
    response = client.get("/history", query_string={"q": "x\x00" * 5000})
    assert response.status_code == 200
    assert "Field cannot be longer than 80 characters." in response.get_data(as_text=True)
    assert listed(response) == ["Quiz night", "Birthday"]


def test_a_search_given_many_times_uses_the_first(client, titled):
    response = client.get("/history", query_string=[("q", "quiz")] + [("q", "birth")] * 49)
    assert response.status_code == 200
    assert listed(response) == ["Quiz night"]


@pytest.mark.parametrize("player", ["abc", "-1", "1.0", "１", "²", str(2**63), "9" * 25,
                                    "9" * 10_000, "1\x00"])
def test_a_player_filter_that_is_not_a_player_is_named_and_ignored(client, titled, player):
    response = client.get("/history", query_string={"player": player})
    assert response.status_code == 200
    assert "Not a valid choice." in response.get_data(as_text=True)
    assert listed(response) == ["Quiz night", "Birthday"]


# -- restoring a backup built to break the loader -----------------------------------


def restore_text(runner, tmp_path, text):
    """Restore a file holding `text` (a lone surrogate in it stands for a byte that is not
    utf-8)."""
    path = tmp_path / "restore.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return runner.invoke(args=["restore", str(path), "--group", str(GROUP)])


def refusal(result):
    """The one line a refused restore prints; an error it did not expect would be raised
    (the runner keeps it in result.exception) rather than printed."""
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output[:500]
    return lines[0]


def header(players="[]", nights="[]"):
    return ('{"format": "companion-backup", "version": 1, "exported_at": "2026-11-30", '
            f'"players": {players}, "nights": {nights}}}')


def nested(levels):
    return "[" * levels + "]" * levels


def big():
    """50 MB of text, made only when a test runs."""
    return "x" * 50_000_000


TOO_DEEP = "is nested too deeply to be a backup."
TOO_LONG = "holds text 50,000,000 characters long"
NOT_A_BACKUP = "This file is not a backup of this app."

BROKEN = [
    # id, the file's text (made when the test runs), what the line says
    ("nested 100,000 deep", lambda: nested(100_000), TOO_DEEP),
    ("nested 500 deep", lambda: nested(500), TOO_DEEP),
    ("a name nested 10,000 deep", lambda: header(players=nested(10_000)), TOO_DEEP),
    ("a name nested 100 deep", lambda: header(players=f"[{nested(100)}]"), TOO_DEEP),
    ("a 50 MB name", lambda: header(players=json.dumps([big()])), TOO_LONG),
    ("a 50 MB title", lambda: header(nights=json.dumps([{**night(), "title": big()}])),
     TOO_LONG),
    ("a 50 MB key", lambda: header(nights=json.dumps([{big(): 1}])), TOO_LONG),
    ("a number past any float", lambda: header(players="[1e999]"),
     "holds the number 1e999, too large for a backup."),
    ("a negative one", lambda: header(players="[-1e999]"), "holds the number -1e999"),
    ("a number of 5,000 digits", lambda: header(players="[" + "9" * 5000 + "]"),
     f"holds the number {'9' * 39}…, too large for a backup."),
    ("NaN", lambda: "NaN", "holds NaN, which is not a number a backup can hold."),
    ("Infinity in a game",
     lambda: header(nights='[{"date": "2026-11-01", "games": [Infinity]}]'),
     "holds Infinity, which is not a number a backup can hold."),
    ("a lone surrogate", lambda: header(players='["\\ud800nn"]'),
     "holds text that is not valid Unicode"),
    ("an array at the top", lambda: "[]", NOT_A_BACKUP),
    ("a string at the top", lambda: '"companion-backup"', NOT_A_BACKUP),
    # shown six lists deep, as reprlib shows anything
    ("a version nested deep",
     lambda: '{"format": "companion-backup", "version": [[[[[[[[1]]]]]]]]}',
     "This backup has format version [[[[[[[...]]]]]]]; this app reads version 1."),
    ("not utf-8", lambda: "\udcff", "is not readable JSON"),
    ("empty", lambda: "", "is not readable JSON"),
]


@pytest.mark.parametrize("text, says", [case[1:] for case in BROKEN],
                         ids=[case[0] for case in BROKEN])
def test_a_broken_backup_is_refused_in_one_line(runner, tmp_path, text, says):
    line = refusal(restore_text(runner, tmp_path, text()))
    assert says in line
    assert len(line) < 300


def test_a_very_long_name_is_quoted_short(runner, tmp_path):
    line = refusal(restore_text(runner, tmp_path, json.dumps(document(players=["A" * 900]))))
    assert line.startswith("Error: Nothing was restored. The player name 'AAAA")
    assert len(line) < 200


def test_a_night_title_keeps_no_control_characters(runner, tmp_path, client):
    doc = document(night(title="Quiz\x00 night\u200b\x1b", games=[skull()]))
    result = restore_text(runner, tmp_path, json.dumps(doc))
    assert result.exit_code == 0, result.output
    backup = client.get("/backup.json").get_json()
    assert [n["title"] for n in backup["nights"]] == ["Quiz night"]


def test_a_night_title_of_only_control_characters_is_no_title(runner, tmp_path, client):
    result = restore_text(runner, tmp_path, json.dumps(document(night(title="\x00\x01"))))
    assert result.exit_code == 0, result.output
    assert client.get("/backup.json").get_json()["nights"][0]["title"] is None


def test_a_name_with_a_nul_is_restored_without_it_or_refused_in_one_line(runner, tmp_path,
                                                                         client):
    doc = document(night(games=[skull(players=("A\x00nn", "Ben", "Cid"), winner="A\x00nn")]))
    result = restore_text(runner, tmp_path, json.dumps(doc))
    if result.exit_code == 0:
        assert client.get("/backup.json").get_json()["players"] == ["Ann", "Ben", "Cid"]
    else:
        assert refusal(result).startswith("Error: Nothing was restored.")


def test_an_entry_with_an_unknown_field_is_refused_naming_it(runner, tmp_path):
    game = skull()
    game["entries"][0] = {**game["entries"][0], "junk": [[[[[]]]]]}
    line = refusal(restore_text(runner, tmp_path, json.dumps(document(night(games=[game])))))
    assert line.endswith("game 1 (Skull), challenge 1: Ann's challenge has no field called "
                         "“junk”.")
