"""Private groups (issue 18): a phone sees and changes only what belongs to its groups.

Phones here are test clients with their own cookies. `client` (tests/conftest.py, Phone)
joined the test table's group; `app.test_client(joined=False)` is in no group.
"""

import hashlib

import re
from datetime import timedelta

import pytest
from sqlalchemy import select as sql_select

from companion.extensions import db
from companion.models import Game, Group, Member, Night
from tests.conftest import GROUP
from tests.web.conftest import hidden_value, parse, select, texts

# what group 1 holds that no outsider may ever read
SECRET_TITLE, SECRET_NAME = "Ulrike and the secret night", "Ulrike"


def start_group(phone, name):
    """Start a group on this phone with the first page's one tap; its id."""
    answer = phone.post("/groups/new", data={"name": name})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    with phone.session_transaction() as session:
        return session["group"]


def invite_link(phone):
    """The invite link as the group page shows it to be copied."""
    page = parse(phone.get("/group", follow_redirects=True))
    return page.one("#invite-link").get("value")


def path_of(link):
    return re.sub(r"^https?://[^/]+", "", link)


def join(phone, link):
    """Open the invite and tap Join."""
    assert phone.get(path_of(link)).status_code == 200
    answer = phone.post(path_of(link))
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return answer


@pytest.fixture
def secret_game(client, start_game):
    """Group 1's night, with Ulrike in a game: (night id, game id, player id)."""
    game_id = start_game("any_game", [SECRET_NAME, "Ben"], name="Qwixx")
    with client.application.app_context():
        game = db.session.get(Game, game_id)
        game.night.title = SECRET_TITLE
        db.session.commit()
        return game.night_id, game.id, game.seats[0].player_id


@pytest.fixture
def outsider(app):
    """A phone of another group, with a night and a player of its own."""
    phone = app.test_client(joined=False)
    start_group(phone, "The other club")
    phone.post("/nights/new", data={"date": "2026-12-01", "title": "Their own night"})
    return phone


# ---- the route walk ----------------------------------------------------------------

# a URL that names one of these is a group's; the guard answers it only for its phones
GROUP_ARGS = {"night_id", "game_id", "player_id", "group_id"}
# what stands for the other arguments: a kind, an entry's position, a (wrong) token, a language
OTHER_VALUES = {"kind": "any_game", "position": 0, "token": "x" * 22, "code": "et"}


def walk(app, ids):
    """Every rule in the URL map, with every method it takes, filled with group 1's ids."""
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        values = {**OTHER_VALUES, **ids}
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield rule, path, method


FORM = {"version": "x", "points_0": "1", "points_1": "1", "name": "Eve",
        "date": "2026-12-01", "title": "Hijacked", "end": "y", "refill": "y"}


@pytest.mark.parametrize("who", ["another group's phone", "a phone in no group"])
def test_every_url_of_a_group_is_a_404_to_anyone_outside_it(app, client, secret_game,
                                                            outsider, who):
    night_id, game_id, player_id = secret_game
    stranger = outsider if who == "another group's phone" else app.test_client(joined=False)
    before = client.get(f"/games/{game_id}/sheet.json").get_json()["version"]
    named = others = 0
    for rule, path, method in walk(app, {"night_id": night_id, "game_id": game_id,
                                         "player_id": player_id, "group_id": GROUP}):
        answer = stranger.open(path, method=method, data=FORM if method == "POST" else None)
        body = answer.get_data()
        assert SECRET_NAME.encode() not in body, (method, path)
        if GROUP_ARGS & set(rule.arguments):
            # the watchers' links and the invite are tried with a wrong token: 404 too
            assert answer.status_code == 404, (method, path, answer.status_code)
            named += 1
        elif who == "a phone in no group":
            # the lists send it to the first page, which starts a group or says how to join;
            # once the walk has started a group of its own, it is in that (empty) group,
            # where a form sent without what it needs is refused (422: a backup's file)
            assert answer.status_code in (200, 302, 303, 405, 422), (method, path,
                                                                     answer.status_code)
            if answer.status_code in (302, 303):
                assert not re.search(rf"/(nights/{night_id}|games/{game_id})\b",
                                     answer.location), (method, path)
            others += 1
        else:
            # its own group's lists, or a form refused: never group 1's
            assert answer.status_code < 500, (method, path, answer.status_code)
            others += 1
    assert named >= 30 and others >= 8
    # and nothing of group 1 changed
    assert client.get(f"/games/{game_id}/sheet.json").get_json()["version"] == before
    assert SECRET_TITLE in client.get(f"/nights/{night_id}").get_data(as_text=True)


def test_the_lists_show_only_the_phones_group(client, secret_game, outsider):
    for path in ("/", "/nights/", "/players/", "/history"):
        assert SECRET_NAME not in outsider.get(path).get_data(as_text=True), path
        assert "Their own night" not in client.get(path).get_data(as_text=True), path
    assert "Their own night" in outsider.get("/nights/").get_data(as_text=True)
    assert SECRET_TITLE in client.get("/nights/").get_data(as_text=True)
    backup = outsider.get("/backup.json").get_data(as_text=True)
    assert SECRET_NAME not in backup and "Their own night" in backup


def test_the_same_name_in_two_groups_is_two_players(client, outsider):
    night = client.post("/nights/new", data={"date": "2026-12-01"}).location
    client.post(f"{night}/attendees", data={"name": "Ann"})
    theirs = outsider.get("/nights/")
    link = [a.get("href") for a in select(theirs, "a[href]")
            if re.fullmatch(r"/nights/\d+", a.get("href"))][0]
    answer = outsider.post(f"{link}/attendees", data={"name": "ann"})
    assert answer.status_code == 302
    with client.application.app_context():
        groups = db.session.execute(db.text(
            "select group_id from player where name_key = 'ann' order by group_id")).scalars()
        assert list(groups) == [GROUP, GROUP + 1]


# ---- starting, joining, invites, signing out -----------------------------------------

def test_a_fresh_install_starts_a_group_in_one_tap_and_shows_its_code(tmp_path):
    from tests.conftest import make_app
    app = make_app(f"sqlite:///{tmp_path / 'fresh.sqlite'}")
    phone = app.test_client(joined=False)
    first = parse(phone.get("/"))
    assert texts(first, "h2") == ["Start a group", "Join a group"]
    assert phone.get("/nights/").status_code == 303
    # the one tap: the name may stay as it is
    answer = phone.post("/groups/new", data={
        "once": hidden_value(phone.get("/").get_data(as_text=True), "once")})
    assert answer.status_code == 302 and answer.location == "/groups/1"
    page = parse(phone.get("/group", follow_redirects=True))
    assert texts(page, "h1") == ["Our game nights"]
    assert page.one("svg.qr").get("aria-label")
    assert re.fullmatch(r"http://[^/]+/join/1/[A-Za-z0-9_-]{22}",
                        page.one("#invite-link").get("value"))
    assert phone.get("/nights/").status_code == 200


def test_an_invite_link_brings_a_phone_in_and_a_new_one_replaces_it(app, client, secret_game):
    night_id = secret_game[0]
    old = invite_link(client)
    newcomer = app.test_client(joined=False)
    assert newcomer.get(f"/nights/{night_id}").status_code == 404
    # opening the link asks before joining; joining shows the group
    page = parse(newcomer.get(path_of(old)))
    assert texts(page, "h1") == ["Join Test table"]
    # only the origin goes with Join (its Origin check), never the invite in the path
    assert newcomer.get(path_of(old)).headers["Referrer-Policy"] == "strict-origin"
    join(newcomer, old)
    assert SECRET_TITLE in newcomer.get(f"/nights/{night_id}").get_data(as_text=True)

    assert client.post("/groups/1/invite").status_code == 303
    new = invite_link(client)
    assert new != old
    late = app.test_client(joined=False)
    assert late.get(path_of(old)).status_code == 404
    assert late.post(path_of(old)).status_code == 404
    assert late.get(f"/nights/{night_id}").status_code == 404
    join(late, new)
    assert late.get(f"/nights/{night_id}").status_code == 200
    # the phones that joined before stay in
    assert newcomer.get(f"/nights/{night_id}").status_code == 200


def test_signing_out_every_other_phone_leaves_only_this_one(app, client, secret_game):
    night_id = secret_game[0]
    link = invite_link(client)
    ben, cid = app.test_client(joined=False), app.test_client(joined=False)
    join(ben, link)
    join(cid, link)
    answer = ben.post("/groups/1/sign-out-others", follow_redirects=True)
    assert ("Signed out 2 other phones. They can join again with the invite link."
            in texts(parse(answer), ".flash"))
    assert ben.get(f"/nights/{night_id}").status_code == 200
    # the invite was made new in the same step: the old link lets no one back in
    new = invite_link(ben)
    assert new != link
    for phone in (client, cid):
        assert phone.get(f"/nights/{night_id}").status_code == 404
        assert phone.get("/nights/").status_code == 303
        assert phone.get(path_of(link)).status_code == 404
        # the new one does, as for anyone it is shown to
        join(phone, new)
        assert phone.get(f"/nights/{night_id}").status_code == 200


def test_a_phone_in_two_groups_switches_between_them(app, client, secret_game, outsider):
    night_id = secret_game[0]
    join(client, invite_link(outsider))
    # joining shows the new group's lists; the first group's URLs still open
    assert "Their own night" in client.get("/nights/").get_data(as_text=True)
    assert SECRET_TITLE in client.get(f"/nights/{night_id}").get_data(as_text=True)
    # opening a group's page shows that group's lists from then on
    assert SECRET_TITLE in client.get("/nights/").get_data(as_text=True)
    page = parse(client.get("/group", follow_redirects=True))
    assert texts(page, "h2")[1] == "This phone's groups"
    switch = [f.get("action") for f in select(page, "form")
              if f.get("action", "").endswith("/switch")]
    assert len(switch) == 1
    assert client.post(switch[0]).status_code == 303
    assert "Their own night" in client.get("/nights/").get_data(as_text=True)
    # a group it is not in cannot be switched to
    with app.app_context():
        third = Group(name="Third", invite="t" * 22)
        db.session.add(third)
        db.session.commit()
        third_id = third.id
    assert client.post(f"/groups/{third_id}/switch").status_code == 404


def test_leaving_a_group_keeps_the_phones_other_group(client, secret_game, outsider):
    night_id = secret_game[0]
    join(client, invite_link(outsider))
    client.get(f"/nights/{night_id}")
    assert client.post("/groups/1/leave").status_code == 303
    assert client.get(f"/nights/{night_id}").status_code == 404
    assert "Their own night" in client.get("/nights/").get_data(as_text=True)


def test_a_watchers_link_keeps_working_for_anyone(app, secret_game, outsider):
    game_id = secret_game[1]
    with app.app_context():
        token = db.session.scalar(sql_select(Game.watch_token).where(Game.id == game_id))
    for phone in (outsider, app.test_client(joined=False)):
        assert phone.get(f"/watch/{game_id}/{token}").status_code == 200
        assert phone.get(f"/games/{game_id}").status_code == 404


def test_a_group_can_be_renamed_and_a_long_name_is_refused_beside_the_field(client):
    answer = client.post("/groups/1/name", data={"name": "x" * 61})
    assert answer.status_code == 422
    page = parse(answer)
    assert page.one("#name").get("value") == "x" * 61
    assert texts(page, "#name-error") == ["Keep the group's name to 60 characters."]
    client.post("/groups/1/name", data={"name": "Kolju klubi"})
    assert texts(parse(client.get("/group", follow_redirects=True)), "h1") == ["Kolju klubi"]


# ---- tokens and cookies ---------------------------------------------------------------

def test_the_membership_cookie_is_signed_httponly_and_long_lived(app):
    phone = app.test_client(joined=False)
    answer = phone.post("/groups/new", data={})
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert app.permanent_session_lifetime == timedelta(days=400)
    assert "Expires=" in cookie
    # the cookie holds the phone's secret; the database keeps its sha-256, never the secret
    with phone.session_transaction() as session:
        secret = session["phone"]
        assert set(session) <= {"phone", "group", "groups", "_flashes", "_permanent"}
    with app.app_context():
        member, = db.session.scalars(sql_select(Member).where(Member.group_id != 1)).all()
        assert member.phone == hashlib.sha256(secret.encode()).hexdigest()
        assert len(secret) >= 22 and member.secret_digest is None


def test_a_forged_or_stale_membership_proves_nothing(app, client, secret_game):
    night_id = secret_game[0]
    with client.session_transaction() as session:
        secret = session["phone"]
    forger = app.test_client(joined=False)
    for forged in (secret[:-1] + ("A" if secret[-1] != "A" else "B"), secret + "A", 12,
                   ["list"], hashlib.sha256(secret.encode()).hexdigest()):
        with forger.session_transaction() as session:
            session["phone"] = forged
        assert forger.get(f"/nights/{night_id}").status_code == 404
    with forger.session_transaction() as session:
        session.pop("phone")
        session["members"] = {"not a number": secret, "1": 12, "2": secret}
    assert forger.get(f"/nights/{night_id}").status_code == 404
    assert client.get(f"/nights/{night_id}").status_code == 200


def test_invites_are_128_bits_and_each_groups_own(app, outsider):
    with app.app_context():
        invites = db.session.scalars(sql_select(Group.invite)).all()
    assert len(set(invites)) == 2
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", invite) for invite in invites)


@pytest.mark.parametrize("path", ["/groups/new", "/groups/1/invite",
                                  "/groups/1/sign-out-others", "/groups/1/name",
                                  "/groups/1/leave", "/groups/1/switch", "/join/1/{invite}"])
def test_every_group_form_needs_its_csrf_token(app, path):
    app.config["WTF_CSRF_ENABLED"] = True
    phone = app.test_client()
    with app.app_context():
        invite = db.session.get(Group, GROUP).invite
        members = db.session.scalar(sql_select(db.func.count()).select_from(Member))
    assert phone.post(path.format(invite=invite), data={"name": "Hijacked"}).status_code == 400
    with app.app_context():
        assert db.session.get(Group, GROUP).invite == invite
        assert db.session.get(Group, GROUP).name == "Test table"
        assert db.session.scalar(sql_select(db.func.count()).select_from(Member)) == members
        assert db.session.scalar(sql_select(db.func.count()).select_from(Group)) == 1


def test_night_ids_of_another_group_are_not_mixed_into_a_url(client, secret_game, outsider):
    """A URL naming two things (a night and a player) must name two of one group."""
    night_id, _, player_id = secret_game
    theirs = outsider.get("/nights/")
    their_night = [a.get("href") for a in select(theirs, "a[href]")
                   if re.fullmatch(r"/nights/\d+", a.get("href"))][0]
    answer = outsider.post(f"{their_night}/attendees/{player_id}")
    assert answer.status_code == 404
    with client.application.app_context():
        assert db.session.get(Night, int(their_night.rsplit("/", 1)[1])).attendees == []


def test_a_following_phone_is_not_sent_its_cookie_on_every_question(app):
    """The cookie is sent when the session changes, not with every answer: the follows a
    phone asks every 1.5 s stay a few hundred bytes (issue 16's budget), and an answer
    still on its way never puts back an older session over a newer one."""
    phone = app.test_client(joined=False)
    start_group(phone, "Followers")
    phone.post("/nights/new", data={"date": "2026-12-01"})
    page = phone.get("/nights/")
    night = [a.get("href") for a in select(page, "a[href]")
             if re.fullmatch(r"/nights/\d+", a.get("href"))][0]
    phone.get(night)
    opened = phone.get(night)
    assert "Set-Cookie" not in opened.headers
    tag = parse(opened).one("[data-follow]")
    followed = phone.get(tag.get("data-follow"), headers={
        "If-None-Match": f'"{tag.get("data-tag")}"'})
    assert followed.status_code == 304 and "Set-Cookie" not in followed.headers


def their_night(phone):
    return [a.get("href") for a in select(phone.get("/nights/"), "a[href]")
            if re.fullmatch(r"/nights/\d+", a.get("href"))][0]


def test_another_groups_game_settings_are_not_offered(client, secret_game, outsider):
    """`?settings_of=` names a game by id in the query, which the guard does not see."""
    game_id = secret_game[1]
    page = outsider.get(f"{their_night(outsider)}/games/new/any_game?settings_of={game_id}")
    assert page.status_code == 200 and "Qwixx" not in page.get_data(as_text=True)
    mine = client.get(f"/nights/{secret_game[0]}/games/new/any_game?settings_of={game_id}")
    assert "Qwixx" in mine.get_data(as_text=True)


def test_a_thing_not_there_yet_is_a_404_not_the_views_to_answer(client, outsider,
                                                                 secret_game):
    """Otherwise a URL naming the next id could reach a night another group makes between
    the guard's check and the view's."""
    with client.application.app_context():
        after = db.session.scalar(sql_select(db.func.max(Night.id))) + 1
    player_id = secret_game[2]
    assert client.post(f"/nights/{after}/attendees/{player_id}").status_code == 404
    assert client.get(f"/games/{secret_game[1] + 1}").status_code == 404
    # the delete pages answer a second tap themselves, and check what they find
    assert outsider.post(f"/nights/{secret_game[0]}/delete").status_code == 404


def test_a_phone_in_two_groups_starts_a_night_in_the_group_its_page_showed(
        client, secret_game, outsider):
    join(client, invite_link(outsider))
    home = client.get("/").get_data(as_text=True)
    assert "The other club" in home
    shown_for = hidden_value(home, "group")
    # another tab opens group 1's night: the lists follow it...
    client.get(f"/nights/{secret_game[0]}")
    assert SECRET_TITLE in client.get("/nights/").get_data(as_text=True)
    # ...but the form on the first tab starts its night in the group it showed
    client.post("/nights/new", data={"date": "2026-12-02", "title": "From the first tab",
                                     "group": shown_for})
    assert "From the first tab" in outsider.get("/nights/").get_data(as_text=True)


def test_following_a_night_never_changes_the_group_the_lists_show(client, secret_game,
                                                                  outsider):
    join(client, invite_link(outsider))
    assert "Their own night" in client.get("/nights/").get_data(as_text=True)
    client.get(f"/nights/{secret_game[0]}/follow")
    assert "Their own night" in client.get("/nights/").get_data(as_text=True)


def test_a_second_tap_on_start_a_group_puts_the_phone_in_the_first_tap_s_group(app):
    """The browser drops the first answer when the button is tapped again: its cookie
    never arrives, so the second tap must bring the phone in as well."""
    phone = app.test_client(joined=False)
    once = hidden_value(phone.get("/").get_data(as_text=True), "once")
    # the lost answer: the first tap, sent with the phone's cookie, whose answer (and new
    # cookie) never reaches the phone
    first = app.test_client(joined=False)
    first.set_cookie("session", phone.get_cookie("session").value)
    assert first.post("/groups/new", data={"once": once, "name": "Twice"}).status_code == 302
    again = phone.post("/groups/new", data={"once": once, "name": "Twice"})
    assert again.status_code == 302
    assert texts(parse(phone.get(again.location)), "h1") == ["Twice"]
    with app.app_context():
        assert db.session.scalar(sql_select(db.func.count()).select_from(Group)
                                 .where(Group.name == "Twice")) == 1


def test_a_phone_signed_out_while_following_is_told_on_its_next_page(app, client, secret_game):
    night_id = secret_game[0]
    ben = app.test_client(joined=False)
    join(ben, invite_link(client))
    ben.get("/")  # the join's message is shown
    client.post("/groups/1/sign-out-others")
    assert ben.get(f"/nights/{night_id}/follow").status_code == 404
    page = ben.get(f"/nights/{night_id}")
    assert page.status_code == 404
    assert texts(parse(page), ".flash") == [
        "This phone was signed out of a group on another phone. To get back in, open the "
        "group's invite link."]
