"""Backups and restores per group, the whole server's, and `flask groups` (issue 18)."""

import datetime
import json
import re
from urllib.parse import urlsplit

import pytest

from companion import backup, services
from companion.extensions import db
from companion.models import Group
from companion.services import groups
from tests.conftest import GROUP
from tests.web.history_data import document, night, restore, skull, skyjo


def start_group(app, name="Friday club"):
    with app.app_context():
        group_id = groups.start_group(name, "a phone's digest").group_id
        db.session.commit()
    return group_id


def add_night(app, group_id, title, player):
    with app.app_context():
        night_row = services.start_night(group_id, datetime.date(2026, 11, 20), title)
        services.join_night(night_row, services.get_or_create_player(group_id, player))
        db.session.commit()


def group_doc(*nights, name=None):
    doc = document(*nights)
    if name is not None:
        doc["group"] = name
    return doc


def restore_file(runner, tmp_path, doc, *args):
    path = tmp_path / "restore.json"
    path.write_text(json.dumps(doc))
    return runner.invoke(args=["restore", str(path), *args])


def backed_up(runner, *args):
    result = runner.invoke(args=["backup", "-", *args])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    doc.pop("exported_at")
    return doc


def titles(doc):
    return [n["title"] for n in doc["nights"]]


def invite(app, group_id):
    with app.app_context():
        return db.session.get(Group, group_id).invite


# -- a group's backup --------------------------------------------------------------


def test_a_groups_backup_holds_only_its_group(app):
    other = start_group(app)
    add_night(app, GROUP, "Ours", "Ann")
    add_night(app, other, "Theirs", "Dora")
    with app.app_context():
        ours, theirs = backup.group_backup(GROUP), backup.group_backup(other)
    assert (ours["group"], ours["players"], titles(ours)) == ("Test table", ["Ann"], ["Ours"])
    assert (theirs["group"], theirs["players"], titles(theirs)) == \
        ("Friday club", ["Dora"], ["Theirs"])
    assert ours["format"] == "companion-backup" and ours["version"] == 1


def test_the_download_of_a_phone_of_another_group_has_nothing_of_the_first(app, runner,
                                                                           tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skull()]))
    other = start_group(app)
    add_night(app, other, "Theirs", "Dora")
    phone = app.test_client(joined=False)
    phone.join(other)
    doc = phone.get("/backup.json").get_json()
    assert (doc["group"], doc["players"], titles(doc)) == ("Friday club", ["Dora"], ["Theirs"])
    assert doc["nights"][0]["games"] == []


def test_the_cli_backs_up_one_group_with_group(app, runner, tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skyjo()]))
    start_group(app)
    assert titles(backed_up(runner, "--group", str(GROUP))) == ["Ours"]
    assert backed_up(runner, "--group", "2")["players"] == []
    result = runner.invoke(args=["backup", "-", "--group", "9"])
    assert result.exit_code == 1 and "There is no group 9" in result.output


# -- restoring a group's backup ---------------------------------------------------


def test_a_groups_backup_restores_into_a_new_group_by_its_name(app, runner, tmp_path):
    result = restore_file(runner, tmp_path, group_doc(night(title="Theirs", games=[skyjo()]),
                                                      name="Friday club"))
    assert result.exit_code == 0, result.output
    assert ("Restored 3 players, 1 nights and 1 games into group 2, Friday club. "
            "`flask --app app groups` prints its invite.") in result.output
    assert titles(backed_up(runner, "--group", "2")) == ["Theirs"]
    assert backed_up(runner, "--group", str(GROUP))["nights"] == []


def test_a_backup_from_before_groups_restores_into_our_game_nights(runner, tmp_path):
    old = document(night(title="Before groups", games=[skull()]))
    assert "group" not in old
    result = restore_file(runner, tmp_path, old)
    assert "into group 2, Our game nights." in result.output
    doc = backed_up(runner, "--group", "2")
    assert (doc["group"], titles(doc)) == ("Our game nights", ["Before groups"])


def test_a_groups_backup_restores_into_an_empty_group_named_by_group(app, runner, tmp_path):
    other = start_group(app)
    result = restore_file(runner, tmp_path, group_doc(night(title="Theirs"), name="Elsewhere"),
                          "--group", str(other))
    assert result.exit_code == 0, result.output
    # the group keeps its name: the backup's is only for a new group
    assert "Restored 0 players, 1 nights and 0 games into group 2, Friday club." in \
        result.output
    assert titles(backed_up(runner, "--group", str(other))) == ["Theirs"]


def test_a_group_that_is_not_empty_is_refused(app, runner, tmp_path):
    restore(runner, tmp_path, night(title="Kept"))
    result = restore_file(runner, tmp_path, document(night(title="New")), "--group", str(GROUP))
    assert result.exit_code == 1
    assert "Group 1 already holds players or nights." in result.output
    assert titles(backed_up(runner, "--group", str(GROUP))) == ["Kept"]


def test_a_group_that_does_not_exist_is_refused(runner, tmp_path):
    result = restore_file(runner, tmp_path, document(night()), "--group", "9")
    assert result.exit_code == 1 and "There is no group 9." in result.output


def test_replace_replaces_only_that_groups_nights(app, runner, tmp_path):
    other = start_group(app)
    add_night(app, other, "Theirs", "Dora")
    restore(runner, tmp_path, night(title="Old", games=[skull()]))
    result = restore_file(runner, tmp_path, document(night(title="New", games=[skyjo()])),
                          "--group", str(GROUP), "--replace")
    assert result.exit_code == 0, result.output
    ours = backed_up(runner, "--group", str(GROUP))
    assert [(n["title"], [g["kind"] for g in n["games"]]) for n in ours["nights"]] == \
        [("New", ["skyjo"])]
    theirs = backed_up(runner, "--group", str(other))
    assert (theirs["players"], titles(theirs)) == (["Dora"], ["Theirs"])


def test_replacing_a_group_keeps_its_phones(app, runner, tmp_path, client):
    restore(runner, tmp_path, night(title="Old"))
    restore(runner, tmp_path, night(title="New"), replace=True)
    page = client.get("/nights/").get_data(as_text=True)
    assert "New" in page and "Old" not in page


# -- the whole server's ------------------------------------------------------------


def two_groups(app, runner, tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skull()]))
    other = start_group(app)
    restore_file(runner, tmp_path, document(night(title="Theirs", games=[skyjo(
        players=["Dora", "Eve", "Fay"])])), "--group", str(other))


def test_the_whole_servers_backup_lists_every_group_by_id(app, runner, tmp_path):
    two_groups(app, runner, tmp_path)
    doc = backed_up(runner)
    assert "players" not in doc and doc["version"] == 1
    assert [(g["name"], g["players"], titles(g)) for g in doc["groups"]] == [
        ("Test table", ["Ann", "Ben", "Cid"], ["Ours"]),
        ("Friday club", ["Dora", "Eve", "Fay"], ["Theirs"])]


def test_the_whole_server_restores_with_replace_as_it_was(app, runner, tmp_path):
    two_groups(app, runner, tmp_path)
    first = backed_up(runner)
    result = restore_file(runner, tmp_path, first, "--replace")
    assert result.exit_code == 0, result.output
    assert "Restored 6 players, 2 nights and 2 games in 2 groups" in result.output
    assert backed_up(runner) == first


def test_a_whole_server_restore_makes_new_invites_and_no_phones(app, runner, tmp_path,
                                                                client):
    two_groups(app, runner, tmp_path)
    before = invite(app, GROUP)
    restore_file(runner, tmp_path, backed_up(runner), "--replace")
    # the phone's group is gone: it is sent to the first page
    assert client.get("/nights/").status_code == 303
    with app.app_context():
        invites = db.session.execute(db.select(Group.invite)).scalars().all()
    assert len(invites) == 2 and before not in invites
    assert "0 phones" in runner.invoke(args=["groups"]).output


def test_a_whole_server_backup_is_refused_by_a_server_that_is_not_empty(app, runner,
                                                                       tmp_path):
    two_groups(app, runner, tmp_path)
    doc = backed_up(runner)
    result = restore_file(runner, tmp_path, doc)
    assert result.exit_code == 1 and "The server already holds players or nights" in \
        result.output
    result = restore_file(runner, tmp_path, doc, "--group", str(GROUP), "--replace")
    assert result.exit_code == 1 and "restore it without --group" in result.output
    assert backed_up(runner) == doc


def test_a_whole_server_backup_restores_into_a_server_without_players(runner, tmp_path):
    doc = {"format": "companion-backup", "version": 1, "groups": [
        {"name": "Friday club", **document(night(title="Theirs", games=[skull()]))}]}
    result = restore_file(runner, tmp_path, doc)
    assert "Restored 3 players, 1 nights and 1 games in 1 group" in result.output
    assert [g["name"] for g in backed_up(runner)["groups"]] == ["Test table", "Friday club"]


def test_a_refusal_in_a_whole_server_backup_names_the_group(runner, tmp_path):
    broken = skyjo(scores={"Ann": 5, "Ben": 141, "Cid": 7})
    doc = {"format": "companion-backup", "version": 1, "groups": [
        {"name": "Friday club", **document(night("2026-11-08", None, games=[broken]))}]}
    result = restore_file(runner, tmp_path, doc)
    assert result.exit_code == 1
    assert ("Nothing was restored. In the group Friday club: The night of 2026-11-08, "
            "game 1 (Skyjo), round 1: Ben's score of 141") in result.output
    assert [g["name"] for g in backed_up(runner)["groups"]] == ["Test table"]


# -- flask groups ------------------------------------------------------------------


LINK = re.compile(r"http://192.168.1.20:5000/join/(\d+)/([\w-]+)")


@pytest.fixture(autouse=True)
def on_a_home_network(monkeypatch):
    """This machine's network address, as `flask serve` prints it and the links name it."""
    monkeypatch.setattr("companion.address.lan_address", lambda: "192.168.1.20")


def test_groups_lists_names_counts_and_invite_links(app, runner, tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skull()]))
    result = runner.invoke(args=["groups", "--start", "Friday club"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Started group 2, Friday club.")
    # the test table's group starts with no phone (tests/conftest.py): one joins
    app.test_client()
    lines = runner.invoke(args=["groups"]).output.splitlines()
    assert lines[0] == "1. Test table: 3 players, 1 night, 1 phone"
    assert lines[1].strip() == f"http://192.168.1.20:5000/join/1/{invite(app, GROUP)}"
    assert lines[2] == "2. Friday club: 0 players, 0 nights, 0 phones"
    assert lines[3].strip() == f"http://192.168.1.20:5000/join/2/{invite(app, 2)}"


def test_a_listed_invite_link_lets_a_phone_join_the_group(app, runner, tmp_path):
    restore(runner, tmp_path, night(title="Ours", games=[skull()]))
    link = LINK.search(runner.invoke(args=["groups"]).output).group(0)
    phone = app.test_client(joined=False)
    assert phone.get("/nights/").status_code == 303
    path = urlsplit(link).path
    assert phone.get(path).status_code == 200
    assert phone.post(path).status_code == 303
    assert "Ours" in phone.get("/nights/").get_data(as_text=True)


def test_links_use_the_url_option_or_the_public_url(app, runner):
    token = invite(app, GROUP)
    output = runner.invoke(args=["groups", "--url", "https://example.org/scores"]).output
    assert f"https://example.org/scores/join/1/{token}" in output
    app.config["PUBLIC_URL"] = "https://games.example.org"
    assert f"https://games.example.org/join/1/{token}" in runner.invoke(args=["groups"]).output


def test_a_new_invite_makes_the_old_link_a_404(app, runner):
    old = invite(app, GROUP)
    result = runner.invoke(args=["groups", "--new-invite", str(GROUP)])
    assert result.exit_code == 0, result.output
    new = invite(app, GROUP)
    assert new != old
    assert f"http://192.168.1.20:5000/join/1/{new}" in result.output
    phone = app.test_client(joined=False)
    assert phone.get(f"/join/1/{old}").status_code == 404
    assert phone.get(f"/join/1/{new}").status_code == 200


def test_a_new_invite_for_no_group_is_refused(runner):
    result = runner.invoke(args=["groups", "--new-invite", "9"])
    assert result.exit_code == 1 and "There is no group 9" in result.output
