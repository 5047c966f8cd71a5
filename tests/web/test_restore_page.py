"""A group's backup restored from the History page into a new group this phone joins, as
the command line does (issue 31); every refusal said beside the file field, nothing kept."""

import io
import json

from companion.extensions import db
from companion.models import Group, Night
from tests.web.conftest import errors, hidden_value, parse, texts
from tests.web.history_data import document, night, skull, skyjo


def backup_file(doc):
    return (io.BytesIO(json.dumps(doc).encode()), "companion-backup.json")


def send(client, file, **data):
    page = client.get("/history")
    key = hidden_value(page, "once")
    return client.post("/history/restore", data={"once": key, "backup": file, **data},
                       content_type="multipart/form-data")


def group_names(app):
    with app.app_context():
        names = [g.name for g in db.session.scalars(db.select(Group).order_by(Group.id))]
        db.session.remove()
    return names


def nights_of(app, name):
    with app.app_context():
        group = db.session.scalars(db.select(Group).where(Group.name == name)).one()
        titles = [n.title for n in db.session.scalars(
            db.select(Night).where(Night.group_id == group.id).order_by(Night.id))]
        db.session.remove()
    return titles


def test_a_groups_backup_comes_back_as_a_new_group_this_phone_is_shown(app, client):
    doc = document(night(title="At Ann's", games=[skyjo()]),
                   night(title="Cards at Cid's", games=[skull()]))
    doc["group"] = "Friday club"
    before = group_names(app)
    answer = send(client, backup_file(doc))
    assert answer.status_code in (302, 303), errors(answer)
    assert group_names(app) == [*before, "Friday club"]
    assert sorted(nights_of(app, "Friday club")) == ["At Ann's", "Cards at Cid's"]
    # this phone is in the new group and sees it: its nights on the History page
    page = client.get(answer.location)
    assert "Restored into the new group Friday club: 3 players, 2 nights and 2 games." in \
        page.get_data(as_text=True)
    assert sorted(texts(page, "ul.history span.history-night strong")) == [
        "At Ann's", "Cards at Cid's"]
    # the group the phone was in is untouched
    assert nights_of(app, before[0]) == []


def test_a_second_tap_restores_once_and_says_so_again(app, client):
    app.config["CREATE_LIMITS"] = {"group": [2, 3600]}
    doc = document(night(title="Once", games=[skyjo()]))
    doc["group"] = "Friday club"
    page = client.get("/history")
    key = hidden_value(page, "once")
    for _ in range(4):
        # a retry after a lost answer: the same key, the cookie from before the restore
        with client.session_transaction() as session:
            session["group"] = 1
        answer = client.post("/history/restore", data={"once": key,
                                                       "backup": backup_file(doc)},
                             content_type="multipart/form-data")
        assert answer.status_code in (302, 303)
        shown = client.get(answer.location).get_data(as_text=True)
        # told again, and shown the group it made (not counted again toward the limit)
        assert "Restored into the new group Friday club" in shown
        assert "Once" in shown
    assert len(group_names(app)) == 2


def refused(app, client, file, said):
    before = group_names(app)
    answer = send(client, file)
    assert answer.status_code == 422
    shown = parse(answer).select(".has-error p.error")
    assert [p.text for p in shown if said in p.text], errors(answer)
    assert group_names(app) == before


def test_a_file_that_is_not_json_is_refused_beside_the_field(app, client):
    refused(app, client, (io.BytesIO(b"\x89PNG\r\n\x1a\n..."), "photo.png"),
            "Nothing was restored: The file is not text in UTF-8")


def test_a_servers_backup_is_the_command_lines_alone(app, client):
    refused(app, client, backup_file({"format": "companion-backup", "version": 3,
                                      "groups": []}),
            "only the command line restores it")


def test_a_backup_that_breaks_a_rule_is_refused_whole(app, client):
    bad = skyjo()
    bad["entries"][0]["hands"]["Ann"] = {"score": 999}
    refused(app, client, backup_file(document(night(games=[bad]))), "Nothing was restored")


def test_no_file_or_text_where_the_file_belongs_is_refused(app, client):
    for given in [(io.BytesIO(b""), ""), "just some text"]:
        refused(app, client, given, "Choose the backup file to restore")


def test_more_than_the_app_takes_is_refused_before_it_is_read(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 10_000
    answer = send(client, (io.BytesIO(b" " * 20_000), "big.json"))
    assert answer.status_code == 413
    assert "more than the app takes" in answer.get_data(as_text=True)
    assert len(group_names(app)) == 1


def test_a_phone_in_no_group_cannot_restore(app):
    outsider = app.test_client(joined=False)
    answer = outsider.post("/history/restore", data={"backup": backup_file(document())},
                           content_type="multipart/form-data")
    assert answer.status_code in (302, 303, 404)
    assert len(group_names(app)) == 1


def test_refused_files_count_toward_the_phones_limit(app, client):
    app.config["CREATE_LIMITS"] = {"group": [2, 3600]}
    bad = lambda: (io.BytesIO(b"not json"), "x.json")  # noqa: E731
    assert send(client, bad()).status_code == 422
    assert send(client, bad()).status_code == 422
    answer = send(client, backup_file(document(night(games=[skyjo()]))))
    assert answer.status_code == 429
    assert len(group_names(app)) == 1


def test_a_backup_larger_than_a_phone_restores_is_refused_before_anything_is_written(
        app, client):
    doc = document(night(games=[skyjo()]), players=[f"P{i}" for i in range(501)])
    refused(app, client, backup_file(doc), "a phone restores at most 500")
    with app.app_context():
        from companion.models import Player
        assert db.session.scalar(db.select(db.func.count()).select_from(Player)) == 0


def test_a_file_of_nothing_but_brackets_is_refused_unparsed(app, client):
    refused(app, client, (io.BytesIO(b"[" + b"[]," * 600_000 + b"[]]"), "x.json"),
            "far more than a group's backup")


def test_a_file_with_a_byte_order_mark_restores(app, client):
    doc = document(night(title="Marked", games=[skyjo()]))
    answer = send(client, (io.BytesIO(b"\xef\xbb\xbf" + json.dumps(doc).encode()), "b.json"))
    assert answer.status_code in (302, 303), errors(answer)
    assert len(group_names(app)) == 2
