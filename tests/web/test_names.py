"""Names that look the same are one player; what no one can see is not kept; a file or a
JSON body sent where a name belongs is refused in a sentence."""

import io

import pytest

from tests.web.conftest import errors


def roster(client):
    return client.get("/nights/1/export.json").get_json()["night"]["attendees"]


@pytest.fixture
def night(client):
    client.post("/nights/new", data={"date": "2026-12-01", "title": "Names"})
    return 1


@pytest.mark.parametrize("typed", [
    "José",                 # decomposed: e + combining acute
    "JOSÉ",
    "José\u200b",                 # a zero-width space after it
    "\u202eJosé",                 # a right-to-left override before it
    "Jo\u00adsé",                 # a soft hyphen inside
    " José\u0000 ",               # a NUL and spaces
])
def test_a_name_that_looks_like_one_on_the_night_is_the_same_player(client, night, typed):
    client.post("/nights/1/attendees", data={"name": "José"})
    again = client.post("/nights/1/attendees", data={"name": typed})
    assert again.status_code == 422
    assert errors(again) == ["José is already here tonight."]
    assert roster(client) == ["José"]


def test_full_width_letters_are_the_same_name(client, night):
    client.post("/nights/1/attendees", data={"name": "Ann"})
    assert client.post("/nights/1/attendees", data={"name": "ＡＮＮ"}).status_code == 422


def test_invisible_characters_are_not_kept_in_a_name(client, night):
    client.post("/nights/1/attendees", data={"name": "Mar\u200bta\u0000  Kowalska\t"})
    assert roster(client) == ["Marta Kowalska"]


def test_a_name_of_nothing_but_invisible_characters_is_refused(client, night):
    refused = client.post("/nights/1/attendees", data={"name": "\u200b\u200d\u2060"})
    assert refused.status_code == 422
    assert errors(refused) == ["Type a name."]


def test_a_rename_to_a_name_that_looks_like_anothers_is_refused(client, night):
    for name in ("Ann", "Ben"):
        client.post("/nights/1/attendees", data={"name": name})
    refused = client.post("/players/2", data={"name": "ann\u200b"})
    assert refused.status_code == 422
    assert errors(refused) == ["There is already a player called Ann."]


def test_a_night_title_keeps_no_invisible_characters(client):
    client.post("/nights/new", data={"date": "2026-12-01", "title": "At\u0000 Ann's\u200b"})
    assert client.get("/nights/1/export.json").get_json()["night"]["title"] == "At Ann's"


def test_a_file_sent_where_a_name_belongs_is_refused_with_the_form(client, night):
    refused = client.post("/nights/1/attendees", content_type="multipart/form-data",
                          data={"name": (io.BytesIO(b"Ann"), "name.txt")})
    assert refused.status_code == 422
    assert errors(refused) == ["Type this in: a file cannot go here."]
    assert roster(client) == []


@pytest.mark.parametrize("path,data", [
    ("/nights/new", {"date": (io.BytesIO(b"2026-12-01"), "d.txt"),
                     "title": (io.BytesIO(b"x"), "t.txt")}),
    ("/players/1", {"name": (io.BytesIO(b"Ann"), "n.txt")}),
])
def test_files_sent_to_other_forms_are_refused_too(client, night, path, data):
    client.post("/nights/1/attendees", data={"name": "Ann"})
    refused = client.post(path, content_type="multipart/form-data", data=data)
    assert refused.status_code == 422
    assert "Type this in: a file cannot go here." in errors(refused)


def test_a_json_body_where_a_form_belongs_is_refused_with_the_form(client, night):
    refused = client.post("/nights/1/attendees", json={"name": {"first": "Ann"}})
    assert refused.status_code == 422
    assert errors(refused) == ["Type a name."]
