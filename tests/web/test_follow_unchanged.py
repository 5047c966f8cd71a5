"""A follow answered "unchanged" in front of Flask (companion/following.py): one indexed
query, no session written, and never for a phone outside the group, whatever it sends."""

import threading
import time

import pytest
import sqlalchemy.exc
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import event
from sqlalchemy.engine import Engine

from companion import following, holding

from companion.extensions import db
from tests.conftest import TEST_DATABASE_URL
from tests.web.conftest import form_data, parse
from tests.web.test_groups import invite_link, join, outsider, secret_game  # noqa: F401


def followed(page):
    """(follow URL, tag) of the page a phone has open."""
    root = parse(page).one("[data-follow]")
    return root.get("data-follow"), root.get("data-tag")


def ask(phone, url, tag):
    return phone.get(url, headers={"If-None-Match": f'"{tag}"'})


def statements(phone, url, tag):
    """(the answer, the statements it ran on any engine: on PostgreSQL the follow's front
    has an engine of its own)."""
    ran = []

    def count(conn, cursor, statement, *args):
        ran.append(statement)

    event.listen(Engine, "before_cursor_execute", count)
    try:
        answer = ask(phone, url, tag)
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    return answer, ran


@pytest.fixture(params=["game", "night"])
def page_of(request, secret_game):  # noqa: F811
    night_id, game_id, _ = secret_game
    return f"/games/{game_id}" if request.param == "game" else f"/nights/{night_id}"


def test_a_member_with_the_truth_gets_304_from_one_query_and_no_cookie(app, client, page_of):
    url, tag = followed(client.get(page_of))
    ask(client, url, tag)  # anything done once per process is not counted
    answer, ran = statements(client, url, tag)
    assert answer.status_code == 304
    assert answer.headers["ETag"] == f'"{tag}"'
    assert answer.headers["Cache-Control"] == "no-cache, private"
    assert "Set-Cookie" not in answer.headers
    assert len(ran) == 1, ran
    # the membership is in that one statement
    assert "member" in ran[0].lower()


def test_a_changed_page_is_rendered_by_the_app(client, page_of, secret_game):  # noqa: F811
    url, tag = followed(client.get(page_of))
    game_id = secret_game[1]
    data = {**form_data(parse(client.get(f"/games/{game_id}"))), "points_0": "3",
            "points_1": "4"}
    assert client.post(f"/games/{game_id}/entries", data=data).status_code == 302
    answer = ask(client, url, tag)
    assert answer.status_code == 200
    assert 'data-follow' in answer.get_data(as_text=True)
    assert followed(answer)[1] != tag


def test_the_right_tag_from_outside_the_group_is_a_404(app, client, page_of,
                                                       outsider):  # noqa: F811
    """A phone of another group, a phone in none, and one with no cookie, each sending
    the tag a member has: none is told "unchanged"; the app answers its 404."""
    url, tag = followed(client.get(page_of))
    nobody = app.test_client(joined=False)
    nobody.get("/")  # a session with a phone secret, in no group
    cookieless = app.test_client(joined=False)
    for phone in (outsider, nobody, cookieless):
        assert ask(phone, url, tag).status_code == 404


def test_a_cookie_the_app_did_not_sign_proves_nothing(app, client, page_of):
    """The member's own phone secret, in a cookie signed with another key, or in one
    with its signature cut off."""
    url, tag = followed(client.get(page_of))
    with client.session_transaction() as session:
        secret = session["phone"]
    forged = URLSafeTimedSerializer("not the app's key", salt="cookie-session",
                                    signer_kwargs={"key_derivation": "hmac",
                                                   "digest_method": "sha1"})
    for cookie in (forged.dumps({"phone": secret}),
                   app.session_interface.get_signing_serializer(app)
                   .dumps({"phone": secret}).rsplit(".", 1)[0],
                   "garbage", "", "a" * 5000):
        forger = app.test_client(joined=False)
        forger.set_cookie("session", cookie)
        assert ask(forger, url, tag).status_code == 404


def test_a_phone_signed_out_or_a_deleted_game_is_not_told_unchanged(app, client,
                                                                    secret_game):  # noqa: F811
    night_id, game_id, _ = secret_game
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    pad, night = followed(ben.get(f"/games/{game_id}")), followed(ben.get(f"/nights/{night_id}"))
    assert ask(ben, *pad).status_code == 304 and ask(ben, *night).status_code == 304
    client.post("/groups/1/sign-out-others")
    assert ask(ben, *pad).status_code == 404 and ask(ben, *night).status_code == 404

    url, tag = followed(client.get(f"/games/{game_id}"))
    with app.app_context():
        db.session.execute(db.text("delete from seat where game_id = :g"), {"g": game_id})
        db.session.execute(db.text("delete from entry where game_id = :g"), {"g": game_id})
        db.session.execute(db.text("delete from game where id = :g"), {"g": game_id})
        db.session.commit()
    assert ask(client, url, tag).status_code == 404


@pytest.mark.parametrize("path", ["/games/99999999999999999999999/follow",
                                  "/games/" + "9" * 5000 + "/follow", "/games/2147483648/follow",
                                  "/games/1/follow/", "/nights/x/follow"])
def test_a_url_the_app_does_not_route_goes_to_the_app(client, path):
    assert ask(client, path, "x").status_code == 404


# ---- held questions (FOLLOW_HOLD: gevent's workers hold them by default) ----------------

def held(phone, url, tag):
    """Ask in a thread of its own: (a function giving the answer, the seconds it took)."""
    found = {}

    def run():
        started = time.monotonic()
        found["answer"] = ask(phone, url, tag)
        found["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=run)
    thread.start()

    def result():
        thread.join(30)
        return found["answer"], found["seconds"]
    return result


def save_round(client, game_id):
    data = {**form_data(parse(client.get(f"/games/{game_id}"))), "points_0": "5",
            "points_1": "6"}
    assert client.post(f"/games/{game_id}/entries", data=data).status_code == 302


def test_a_held_question_is_answered_with_a_change_as_soon_as_it_is_saved(app, client,
                                                                         secret_game):  # noqa: F811
    night_id, game_id, _ = secret_game
    app.config["FOLLOW_HOLD"] = 10
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    pad, night = followed(ben.get(f"/games/{game_id}")), followed(ben.get(f"/nights/{night_id}"))
    answers = [held(ben, *pad), held(app.test_client(joined=False), *pad)]
    time.sleep(0.5)
    # Ben's is held; a phone in no group, with the same tag, is answered at once
    assert answers[1]()[0].status_code == 404 and answers[1]()[1] < 0.5
    ben_night = held(ben, *night)
    time.sleep(0.3)
    save_round(client, game_id)
    answer, seconds = answers[0]()
    assert answer.status_code == 200 and 0.5 < seconds < 2
    assert followed(answer)[1] != pad[1]
    # the game's new version changes the night's page too
    answer, seconds = ben_night()
    assert answer.status_code == 200 and seconds < 2
    assert followed(answer)[1] != night[1]


def test_a_held_question_with_nothing_new_is_answered_304_when_the_hold_ends(app, client,
                                                                            page_of):
    app.config["FOLLOW_HOLD"] = 0.6
    url, tag = followed(client.get(page_of))
    answer, seconds = held(client, url, tag)()
    assert answer.status_code == 304 and 0.6 <= seconds < 2


def test_a_phone_signed_out_while_held_is_answered_the_404(app, client,
                                                          secret_game):  # noqa: F811
    game_id = secret_game[1]
    app.config["FOLLOW_HOLD"] = 10
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    pad = followed(ben.get(f"/games/{game_id}"))
    answer = held(ben, *pad)
    time.sleep(0.3)
    client.post("/groups/1/sign-out-others")
    save_round(client, game_id)
    assert answer()[0].status_code == 404


@pytest.mark.parametrize("hold", ["20", True, -1, 56, [1]])
def test_a_hold_that_is_not_seconds_stops_the_app_at_its_start(tmp_path, hold):
    from companion import create_app

    with pytest.raises(RuntimeError, match="FOLLOW_HOLD"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/x.sqlite",
                    "SECRET_KEY": "x", "FOLLOW_HOLD": hold})


def test_a_phone_signed_out_while_held_with_nothing_new_is_not_told_unchanged(
        app, client, secret_game):  # noqa: F811
    night_id, game_id, _ = secret_game
    app.config["FOLLOW_HOLD"] = 1.5
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    pad, night = followed(ben.get(f"/games/{game_id}")), followed(ben.get(f"/nights/{night_id}"))
    answers = [held(ben, *pad), held(ben, *night)]
    time.sleep(0.3)
    client.post("/groups/1/sign-out-others")
    assert [answer()[0].status_code for answer in answers] == [404, 404]


@pytest.mark.parametrize("bound, most", [("PER_PHONE", 6), ("PER_GROUP", 2)])
def test_past_its_bound_a_question_is_answered_at_once(app, client, secret_game,  # noqa: F811
                                                       monkeypatch, bound, most):
    """Past six questions of one phone (more than a browser opens) or PER_GROUP of one
    group, a question is answered at once, as on a server that holds nothing: no phone or
    group takes the connections the others need."""
    monkeypatch.setattr(holding, bound, most)
    app.config["FOLLOW_HOLD"] = 2
    url, tag = followed(client.get(f"/games/{secret_game[1]}"))
    first = [held(client, url, tag) for _ in range(most)]
    time.sleep(0.4)
    answer, seconds = held(client, url, tag)()
    assert answer.status_code == 304 and seconds < 0.3
    assert all(result()[1] >= 1.9 for result in first)


def test_a_database_error_in_front_of_flask_is_answered_by_flask(
        app, client, secret_game, monkeypatch):  # noqa: F811
    url, tag = followed(client.get(f"/games/{secret_game[1]}"))

    def busy(*args):
        raise sqlalchemy.exc.TimeoutError("QueuePool limit reached")

    monkeypatch.setattr(following.Unchanged, "read_tag", busy)
    answer = ask(client, url, tag)
    assert answer.status_code == 304 and "Server-Timing" not in answer.headers


def test_a_driver_error_in_front_of_flask_is_answered_by_flask(
        app, client, secret_game, monkeypatch):  # noqa: F811
    """The SELECT in front of Flask runs on the driver's cursor (companion/driver.py): an
    error of the driver's is answered by Flask, as an error of SQLAlchemy's is."""
    url, tag = followed(client.get(f"/games/{secret_game[1]}"))
    assert "Server-Timing" in ask(client, url, tag).headers  # answered in front, compiled
    with app.app_context():
        dialect = (db.engine.dialect.name, db.engine.dialect.driver)
    sql, order, own = following.GAME_VERSION.compiled[dialect]
    monkeypatch.setitem(following.GAME_VERSION.compiled, dialect,
                        (sql.replace("game.version", "game.no_such_column"), order, own))
    answer = ask(client, url, tag)
    assert answer.status_code == 304 and "Server-Timing" not in answer.headers
    # and the next question, with the statement as it was, is answered in front again
    monkeypatch.undo()
    assert "Server-Timing" in ask(client, url, tag).headers


# ---- on PostgreSQL the watcher is told (holding.py: LISTEN, migration 0016) ------------

on_postgresql = pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL's NOTIFY")


def held_pad(app, client, game_id, monkeypatch):
    """Ben's question on the pad, held, with the watcher reading the games it holds only
    once a minute: what wakes it within a second is the database's notification."""
    monkeypatch.setattr(holding, "READ_EVERY", 60)
    app.config["FOLLOW_HOLD"] = 10
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    answer = held(ben, *followed(ben.get(f"/games/{game_id}")))
    time.sleep(0.5)  # held, and the watcher listening
    return answer


@on_postgresql
def test_a_save_is_notified_to_the_question_held(app, client, secret_game,  # noqa: F811
                                                 monkeypatch):
    game_id = secret_game[1]
    answer = held_pad(app, client, game_id, monkeypatch)
    save_round(client, game_id)
    answer, seconds = answer()
    assert answer.status_code == 200 and seconds < 1.5


@on_postgresql
def test_a_game_deleted_is_notified_and_its_phones_told_the_404(
        app, client, secret_game, monkeypatch):  # noqa: F811
    game_id = secret_game[1]
    answer = held_pad(app, client, game_id, monkeypatch)
    with app.app_context():
        for table in ("seat", "entry", "game"):
            column = "id" if table == "game" else "game_id"
            db.session.execute(db.text(f"delete from {table} where {column} = :g"),
                               {"g": game_id})
        db.session.commit()
    answer, seconds = answer()
    assert answer.status_code == 404 and seconds < 1.5


@on_postgresql
def test_without_a_connection_to_listen_on_the_watcher_reads(
        app, client, secret_game, monkeypatch):  # noqa: F811
    """The database refuses the watcher's own connection: it reads the games it holds
    every tenth of a second, as on SQLite."""
    monkeypatch.setattr(following.Unchanged, "listen_url",
                        lambda self: "postgresql://postgres@127.0.0.1:1/nothing")
    app.config["FOLLOW_HOLD"] = 10
    game_id = secret_game[1]
    url, tag = followed(client.get(f"/games/{game_id}"))
    answer = held(client, url, tag)
    time.sleep(0.5)
    save_round(client, game_id)
    answer, seconds = answer()
    assert answer.status_code == 200 and seconds < 1.5
