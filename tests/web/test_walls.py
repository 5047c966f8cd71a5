"""A hostile phone (issue 27, "Walls that hold"): each story of the probe, played through
the test client as a phone that sends whatever it likes, and what must come of it.

The one-time keys of creating forms are the server's (companion/once.py), a phone's groups
are rows keyed by its one secret (views/access.py), and creating is limited per phone
(companion/limits.py)."""

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import func, select as sql_select

from companion.extensions import db
from companion.models import Entry, Game, Group, Member, Night, Player, Submission
from companion.rules import MAX_ENTRIES
from tests.conftest import GROUP
from tests.web.conftest import hidden_value, parse
from tests.web.test_groups import invite_link, join, start_group


def shown(response):
    return parse(response).text


def count(app, model, *where):
    with app.app_context():
        return db.session.scalar(sql_select(func.count()).select_from(model).where(*where))


def groups_of(app, phone):
    """The ids of the groups the phone is in, as the database has it."""
    with phone.session_transaction() as session:
        secret = session.get("phone")
    with app.app_context():
        from companion.once import digest
        return set(db.session.scalars(sql_select(Member.group_id)
                                      .where(Member.phone == digest(secret))))


# ---- 1. a phone joins groups it was never invited to -------------------------------------

def test_a_founder_signed_out_cannot_get_back_in_by_sending_its_first_form_again(app):
    founder = app.test_client(joined=False)
    once = hidden_value(founder.get("/").get_data(as_text=True), "once")
    started = founder.post("/groups/new", data={"once": once, "name": "Founders"})
    group_id = int(started.location.rsplit("/", 1)[1])
    other = app.test_client(joined=False)
    join(other, invite_link(founder))
    other.post(f"/groups/{group_id}/sign-out-others")
    other.post(f"/groups/{group_id}/invite")
    again = founder.post("/groups/new", data={"once": once, "name": "Founders"})
    assert again.status_code == 303 and again.location.endswith("/")
    assert "no longer in" in shown(founder.get("/"))
    assert group_id not in groups_of(app, founder)
    assert founder.get(f"/groups/{group_id}").status_code == 404
    assert count(app, Group) == 2  # the test table's and the founders': no group was added


def test_a_key_of_one_form_starts_nothing_else_and_joins_no_stranger_s_group(app, client):
    """Phone A keeps the keys of its night forms; a stranger's group then gets the id that
    A's nights had. Sent on Start a group, each key is no key at all: A gets a new group of
    its own, never the stranger's."""
    keys = []
    for day in (1, 2, 3):
        key = hidden_value(client.get("/nights/new"), "once")
        client.post("/nights/new", data={"date": f"2026-12-0{day}", "once": key,
                                          "group": str(GROUP)})
        keys.append(key)
    stranger = app.test_client(joined=False)
    stranger_groups = {start_group(stranger, f"Stranger {n}") for n in range(3)}
    stranger.post("/nights/new", data={"date": "2026-12-05", "title": "Private"})
    for key in keys:
        assert client.post("/groups/new", data={"once": key, "name": "Mine"}).status_code == 302
    mine = groups_of(app, client)
    assert not mine & stranger_groups
    assert len(mine) == 1 + len(keys)  # the table's, and a new group for each tap
    for group_id in stranger_groups:
        assert client.get(f"/groups/{group_id}").status_code == 404
    assert "Private" not in shown(client.get("/nights/"))


@pytest.mark.parametrize("made_up", ["x" * 22, "re-abc-1", "", "é" * 40, "a.b.c",
                                     "x" * 5000])
def test_a_key_the_phone_made_up_is_no_key(app, client, made_up):
    first = client.post("/nights/new", data={"date": "2026-12-01", "once": made_up})
    again = client.post("/nights/new", data={"date": "2026-12-01", "once": made_up})
    assert [first.status_code, again.status_code] == [302, 302]
    # two taps, two nights: a made-up key claims nothing, and nothing was stored for it
    assert first.location != again.location
    assert count(app, Submission) == 0


def test_another_phone_s_key_is_answered_only_to_that_phone(app, client):
    key = hidden_value(client.get("/nights/new"), "once")
    first = client.post("/nights/new", data={"date": "2026-12-01", "title": "Ann's",
                                              "once": key, "group": str(GROUP)})
    thief = app.test_client()  # a phone of the same group, with Ann's key
    taken = thief.post("/nights/new", data={"date": "2026-12-01", "title": "Thief's",
                                             "once": key, "group": str(GROUP)})
    assert taken.status_code == 302 and taken.location != first.location
    assert count(app, Night, Night.title == "Thief's") == 1
    # the same phone again: answered as its first tap was
    again = client.post("/nights/new", data={"date": "2026-12-01", "title": "Ann's",
                                              "once": key, "group": str(GROUP)})
    assert again.location == first.location
    assert count(app, Night, Night.title == "Ann's") == 1


def test_a_key_for_one_night_adds_nobody_to_another(app, client):
    client.post("/nights/new", data={"date": "2026-12-01", "title": "One"})
    client.post("/nights/new", data={"date": "2026-12-02", "title": "Two"})
    key = hidden_value(client.get("/nights/1"), "once")
    assert client.post("/nights/1/attendees", data={"name": "Ann", "once": key}).status_code == 302
    # the key of night 1's form, on night 2: a fresh tap, which adds Bea there
    moved = client.post("/nights/2/attendees", data={"name": "Bea", "once": key})
    assert moved.status_code == 302 and "/nights/2" in moved.location
    assert "Bea" in shown(client.get("/nights/2"))


# ---- 2. a watcher blocks the players' Rematch --------------------------------------------

def test_a_watcher_cannot_claim_the_players_rematch_first(app, client, start_game):
    game = start_game("any_game", ["Ann", "Ben"], rounds=1)
    client.post(f"/games/{game}/entries", data={
        "version": client.get(f"/games/{game}/sheet.json").get_json()["version"],
        "points_0": "3", "points_1": "5"})
    with app.app_context():
        token = db.session.scalar(sql_select(Game.watch_token).where(Game.id == game))
    watcher = app.test_client(joined=False)
    start_group(watcher, "Watchers")
    etag = watcher.get(f"/watch/{game}/{token}/follow").headers["ETag"].strip('"')
    # every key the old app would have used, and the tag itself, claimed first on a form
    # of the watcher's own
    for guess in (f"re-{etag}-{game}", etag, f"rematch:{game}:{etag}"):
        watcher.post("/nights/new", data={"date": "2026-12-01", "once": guess})
    tapped = client.post(f"/games/{game}/rematch")
    assert tapped.status_code == 302 and re.search(r"/games/\d+$", tapped.location)
    rematch = client.get(tapped.location)
    assert rematch.status_code == 200 and "Rematch" in shown(rematch)
    with app.app_context():
        new = db.session.get(Game, int(tapped.location.rsplit("/", 1)[1]))
        assert new.night.group_id == GROUP and new.players == ["Ann", "Ben"]


# ---- 3. open redirect ---------------------------------------------------------------------

ELSEWHERE = ["/%09/evil.example/x", "/%0a/x", "/%0d/x", "//evil.example", "///evil.example",
             "/%2F/evil.example", "/\\evil.example", "https://evil.example/",
             "javascript:alert(1)", "/%E2%80%AE/x", "/ /evil.example", "/%00/x",
             "%2F%2Fevil.example", "/" + "x" * 3000]


@pytest.mark.parametrize("payload", ELSEWHERE)
def test_the_language_switch_never_leads_elsewhere_nor_fails(client, payload):
    answer = client.get(f"/language/et?next={payload}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"


def test_the_language_switch_goes_back_to_a_page_of_this_site(client):
    answer = client.get("/language/pl", query_string={"next": "/nights/?page=2"})
    assert answer.headers["Location"] == "/nights/?page=2"


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=40))
def test_whatever_next_is_the_switch_answers_a_path_of_this_site(client, payload):
    answer = client.get("/language/lv", query_string={"next": payload})
    assert answer.status_code == 303
    location = answer.headers["Location"]
    assert location.startswith("/") and not location.startswith("//")
    assert not re.search(r"[\x00-\x20\\]", location)


# ---- 4. a phone in many groups, and creating without end -----------------------------------

def test_a_phone_in_150_groups_keeps_every_one_and_a_small_cookie(app):
    app.config["CREATE_LIMITS"] = {"group": (1000, 60), "group@": (1000, 60)}
    phone = app.test_client(joined=False)
    ids = [start_group(phone, f"Club {n}") for n in range(150)]
    page = shown(phone.get(f"/groups/{ids[0]}"))
    # the phone's secret, the group shown, how many it is in (the messages were shown)
    assert len(phone.get_cookie("session").value) < 200
    assert "Club 0" in page and "one of this phone's 150 groups" in shown(phone.get("/"))
    assert phone.get(f"/groups/{ids[-1]}").status_code == 200
    assert groups_of(app, phone) == set(ids)


def test_a_sixth_group_in_a_minute_is_refused_with_a_sentence_and_nothing_made(app):
    phone = app.test_client(joined=False)
    for n in range(5):
        start_group(phone, f"Club {n}")
    refused = phone.post("/groups/new", data={"name": "One too many"})
    assert refused.status_code == 429
    assert "This phone has started 5 groups in the last minute." in shown(refused)
    assert parse(refused).one("input[name=name]").get("value") == "One too many"
    assert count(app, Group, Group.name == "One too many") == 0


def test_phones_without_a_cookie_are_limited_by_their_address(app):
    app.config["CREATE_LIMITS"] = {"group@": (3, 3600)}
    for n in range(3):
        start_group(app.test_client(joined=False), f"Cookieless {n}")
    refused = app.test_client(joined=False).post("/groups/new", data={"name": "Fourth"})
    assert refused.status_code == 429
    assert "This network has started 3 groups in the last hour." in shown(refused)
    assert count(app, Group, Group.name == "Fourth") == 0


def test_nights_players_and_invites_are_limited_each_with_a_sentence(app, client):
    app.config["CREATE_LIMITS"] = {"night": (2, 60), "player": (2, 60), "invite": (1, 60)}
    for day in (1, 2):
        client.post("/nights/new", data={"date": f"2026-12-0{day}"})
    night = client.post("/nights/new", data={"date": "2026-12-03", "title": "Third"})
    assert night.status_code == 429
    assert "This phone has started 2 nights in the last minute." in shown(night)
    assert parse(night).one("input[name=title]").get("value") == "Third"
    for name in ("Ann", "Ben"):
        client.post("/nights/1/attendees", data={"name": name})
    player = client.post("/nights/1/attendees", data={"name": "Cid"})
    assert player.status_code == 429
    assert "This phone has added 2 players in the last minute." in shown(player)
    assert parse(player).one("input[name=name]").get("value") == "Cid"
    # a name from the roster adds nobody to it: it is not counted
    assert client.post("/nights/2/attendees", data={"name": "ann"}).status_code == 302
    with app.app_context():
        assert [p.name for p in db.session.get(Night, 2).attendees] == ["Ann"]
    client.post(f"/groups/{GROUP}/invite")
    with app.app_context():
        invite = db.session.get(Group, GROUP).invite
    client.post(f"/groups/{GROUP}/invite")
    assert "This phone has made 1 new invite in the last minute." in shown(
        client.get(f"/groups/{GROUP}"))
    with app.app_context():
        assert db.session.get(Group, GROUP).invite == invite
    assert count(app, Night) == 2


# ---- 5. a game without end ----------------------------------------------------------------

def test_the_pad_refuses_the_round_after_the_last_a_game_holds(app, client, start_game):
    game_id = start_game("any_game", ["Ann", "Ben"])
    with app.app_context():
        docs = [{"scores": {"0": 1, "1": 2}}] * MAX_ENTRIES
        db.session.add_all(Entry(game_id=game_id, position=i, doc=doc)
                           for i, doc in enumerate(docs))
        db.session.commit()
    version = client.get(f"/games/{game_id}/sheet.json").get_json()["version"]
    refused = client.post(f"/games/{game_id}/entries", data={
        "version": version, "points_0": "1", "points_1": "2"})
    assert refused.status_code == 422
    assert ("A score sheet holds at most 2000 entries: start a new game to play on."
            in shown(refused))
    assert count(app, Entry, Entry.game_id == game_id) == MAX_ENTRIES


# ---- tokens do not survive a restore that replaces ---------------------------------------------

def test_after_restore_replace_an_old_form_key_answers_nothing(app, client, runner, tmp_path):
    founder = app.test_client(joined=False)
    once = hidden_value(founder.get("/").get_data(as_text=True), "once")
    founder.post("/groups/new", data={"once": once, "name": "Before"})
    founder.post("/nights/new", data={"date": "2026-12-01", "title": "Kept night"})
    backup = tmp_path / "all.json"
    assert runner.invoke(args=["backup", str(backup)]).exit_code == 0
    result = runner.invoke(args=["restore", str(backup), "--replace"])
    assert result.exit_code == 0, result.output
    assert count(app, Submission) == 0
    # the founder's first form again: it starts a new group, and the restored one stays
    # closed to it (restored groups come back with no phone)
    again = founder.post("/groups/new", data={"once": once, "name": "Before"})
    assert again.status_code == 302
    mine = groups_of(app, founder)
    with app.app_context():
        befores = set(db.session.scalars(sql_select(Group.id).where(Group.name == "Before")))
    assert len(befores) == 2 and len(mine) == 1 and mine < befores
    restored, = befores - mine
    assert founder.get(f"/groups/{restored}").status_code == 404
    assert "Kept night" not in shown(founder.get("/nights/"))


def test_a_group_restore_forgets_the_group_s_taps_only(app, client, runner, tmp_path):
    key = hidden_value(client.get("/nights/new"), "once")
    client.post("/nights/new", data={"date": "2026-12-01", "once": key, "group": str(GROUP)})
    other = app.test_client(joined=False)
    other.post("/groups/new", data={"name": "Others",
                                    "once": hidden_value(other.get("/"), "once")})
    assert count(app, Submission) == 2
    backup = tmp_path / "group.json"
    assert runner.invoke(args=["backup", str(backup), "--group", str(GROUP)]).exit_code == 0
    result = runner.invoke(args=["restore", str(backup), "--replace", "--group", str(GROUP)])
    assert result.exit_code == 0, result.output
    assert count(app, Submission) == 1
    # the key again: a new night, not an answer pointing at what the restore replaced
    again = client.post("/nights/new", data={"date": "2026-12-01", "once": key,
                                              "group": str(GROUP)})
    assert again.status_code == 302
    assert count(app, Night, Night.group_id == GROUP) == 2


# ---- the old cookie ------------------------------------------------------------------------

def test_a_cookie_from_before_phones_is_adopted_once(app):
    """A phone that joined before migration 0013 holds {member id: secret}: its groups
    become its phone's, and the cookie shrinks to the phone's one secret."""
    from companion.once import digest
    with app.app_context():
        member = Member(group_id=GROUP, secret_digest=digest("old secret"))
        db.session.add(member)
        db.session.commit()
        member_id = member.id
    old = app.test_client(joined=False)
    with old.session_transaction() as session:
        session["members"] = {str(member_id): "old secret", "99": "forged"}
    assert old.get("/nights/").status_code == 200
    with old.session_transaction() as session:
        assert "members" not in session and "phone" in session
    assert groups_of(app, old) == {GROUP}
    # a forged old cookie adopts nothing
    forger = app.test_client(joined=False)
    with forger.session_transaction() as session:
        session["members"] = {str(member_id): "old secret"}
    assert forger.get("/nights/").status_code == 303
    assert groups_of(app, forger) == set()


# ---- found by a hostile probe after the first round ----------------------------------------

def test_an_id_is_never_given_again_so_a_url_never_names_another_group_s_row(app, client):
    """SQLite gave a deleted row's id to the next row (another group's), between the
    guard's check of a URL and the view's load of its row; AUTOINCREMENT (migration 0013)
    gives every id once, as PostgreSQL's sequences do."""
    client.post("/nights/new", data={"date": "2026-12-01"})
    client.post("/nights/1/attendees", data={"name": "Gone"})
    with app.app_context():
        gone = db.session.scalar(sql_select(func.max(Night.id))), db.session.scalar(
            sql_select(func.max(Player.id)))
    client.post("/nights/1/attendees/%d/remove" % gone[1])
    client.post(f"/players/{gone[1]}/remove")
    client.post("/nights/1/delete")
    other = app.test_client(joined=False)
    start_group(other, "Others")
    other.post("/nights/new", data={"date": "2026-12-02"})
    other.post("/nights/%d/attendees" % (gone[0] + 1), data={"name": "New"})
    with app.app_context():
        night = db.session.scalar(sql_select(func.max(Night.id)))
        player = db.session.scalar(sql_select(func.max(Player.id)))
    assert night > gone[0] and player > gone[1]
    assert client.get(f"/players/{gone[1]}").status_code == 404


@pytest.mark.parametrize("path, field", [
    ("/nights/1/games/new/any_game", "option_target"),
    ("/nights/1/games/new/skyjo", "option_target"),
    ("/nights/1/games/new/cards_500", "option_extra_jokers"),
])
def test_a_number_past_any_float_is_refused_beside_its_field(client, start_game, path, field):
    start_game("skyjo", ["Ann", "Ben"])
    form = parse(client.get(path))
    data = {i.get("name"): i.get("value", "") for i in form.select("input[name], select[name]")
            if i.get("type") != "checkbox"}
    data[field] = "2" + "0" * 400
    refused = client.post(path, data=data)
    assert refused.status_code == 422
    assert parse(refused).one(f"input[name={field}]").get("value") == "2" + "0" * 400


def test_dice_that_are_too_many_to_count_are_refused_not_a_500(client, start_game):
    game = start_game("dice_poker", ["Ann", "Ben"])
    version = client.get(f"/games/{game}/sheet.json").get_json()["version"]
    for path in (f"/games/{game}/entries", f"/games/{game}/preview"):
        answer = client.post(path, data={"version": version, "face_1": "9" * 400})
        assert answer.status_code in (200, 422), path


def test_joining_is_limited_per_address_with_a_sentence(app, client):
    app.config["CREATE_LIMITS"] = {"join@": (2, 3600)}
    link = invite_link(client)
    for _ in range(2):
        join(app.test_client(joined=False), link)
    refused = app.test_client(joined=False).post(re.sub(r"^https?://[^/]+", "", link))
    assert refused.status_code == 429
    assert "This network has brought 2 phones into groups in the last hour." in shown(refused)


def test_an_ipv6_client_is_counted_by_its_64():
    from companion.limits import network
    assert network("2001:db8:1:2::1") == network("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert network("2001:db8:1:3::1") != network("2001:db8:1:2::1")
    assert network("203.0.113.9") == "203.0.113.9" == network("::ffff:203.0.113.9")
    assert network("::ffff:8.8.8.8") != network("::ffff:203.0.113.9")
    assert network(None) == "None"


def test_a_night_form_of_a_group_this_phone_left_starts_nothing_elsewhere(app, client):
    other = app.test_client(joined=False)
    start_group(other, "Second")
    join(other, invite_link(client))  # in both groups now
    form = parse(other.get("/nights/new"))
    shown_for = form.one("input[name=group]").get("value")
    other.post(f"/groups/{shown_for}/leave")
    left = other.post("/nights/new", data={"date": "2026-12-01", "title": "Stale",
                                            "group": shown_for})
    assert left.status_code == 422
    assert "This phone is no longer in the group this form was opened for" in shown(left)
    assert count(app, Night, Night.title == "Stale") == 0
