"""Hostile and careless input: never a 500, never unescaped, never without a CSRF token."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.kinds.registry import KINDS
from tests.conftest import database_url, make_app
from tests.web.conftest import parse, form_version, select

PAYLOAD = '<script>alert("x")</script><img src=x onerror=alert(1)>'

# what a curious guest might type into any field
junk = st.one_of(
    st.text(max_size=60),
    st.sampled_from([PAYLOAD, "-1", "0", "99999999999999999999", "-99999999999", "1e9", "NaN",
                     " ", "", "Ann", "'; drop table entry; --", "１２", "ⅻ", "\u202e12", "3.5"]),
    st.integers(min_value=-10**30, max_value=10**30).map(str),
)
HYPOTHESIS = settings(max_examples=25, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture])


def form_fields(html):
    """Names of every control in the page's forms except the CSRF token."""
    names = {c.get("name") for c in select(html, "input[name], select[name], textarea[name]")}
    return sorted(n for n in names if n and n != "csrf_token")


def fill(fields, data):
    values = data.draw(st.lists(junk, min_size=len(fields), max_size=len(fields)))
    return dict(zip(fields, values))


@pytest.mark.parametrize("kind", KINDS)
@HYPOTHESIS
@given(data=st.data())
def test_junk_in_any_entry_form_is_refused_politely(client, start_game, kind, data):
    # as few players as the kind takes with its default settings
    rules = KINDS[kind].rules
    game = start_game(kind, ["Ann", "Ben", "Cid", "Dan"][:rules.player_range(
        rules.default_options)[0]])
    page = client.get(f"/games/{game}").get_data(as_text=True)
    sent = fill(form_fields(page), data)
    # the version the pad gave its form, so that the rules see the junk; or junk there too
    sent["version"] = data.draw(st.one_of(st.just(form_version(page)), junk))
    response = client.post(f"/games/{game}/entries", data=sent)
    if sent["version"] == form_version(page):
        assert response.status_code in (200, 302, 422)
    else:
        # a form that does not name the sheet as it is is refused as filled in on another
        assert response.status_code == 409
    assert PAYLOAD not in response.get_data(as_text=True)
    preview = client.post(f"/games/{game}/preview", data=fill(form_fields(page), data))
    assert preview.status_code == 200


@HYPOTHESIS
@given(data=st.data())
def test_junk_in_the_night_and_player_forms_is_refused_politely(client, start_game, data):
    game = start_game("skyjo", ["Ann", "Ben"])
    for path in ("/nights/new", "/nights/1/attendees", "/players/1", "/nights/1/games/new/skull"):
        page = client.get(path if path != "/nights/1/attendees" else "/nights/1")
        fields = form_fields(page.get_data(as_text=True)) or ["name"]
        response = client.post(path, data=fill(fields, data))
        assert response.status_code in (200, 302, 422), path
        assert PAYLOAD not in response.get_data(as_text=True)
    assert client.get(f"/games/{game}").status_code == 200


def test_a_name_full_of_html_is_shown_as_text_everywhere(client, start_game):
    game = start_game("skyjo", [PAYLOAD[:40], "Ben"])
    for path in ("/", "/nights/", "/nights/1", f"/games/{game}", "/players/", "/players/1"):
        html = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in html, path
    assert "&lt;script&gt;" in client.get(f"/games/{game}").get_data(as_text=True)


@pytest.fixture
def csrf_client(tmp_path):
    return make_app(database_url(tmp_path), WTF_CSRF_ENABLED=True).test_client()


@pytest.mark.parametrize("token", [None, "", "forged-token"])
def test_a_form_without_a_valid_csrf_token_is_refused_with_the_apps_own_page(csrf_client, token):
    data = {"date": "2026-11-30", "title": "x"}
    if token is not None:
        data["csrf_token"] = token
    response = csrf_client.post("/nights/new", data=data)
    assert response.status_code == 400
    # it says why, and opens the page again with a fresh token
    page = parse(response)
    assert "This page was open too long, so nothing was saved." in page.text
    assert page.one("a.primary").get("href") == "/nights/new"
    assert "No nights yet" in csrf_client.get("/nights/").get_data(as_text=True)


@pytest.mark.parametrize("path", ["/", "/nights/", "/no-such-page", "/static/css/app.css",
                                  "/games/999"])
def test_every_response_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert "default-src 'self'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def session_cookie(client, base_url="http://localhost"):
    client.post("/nights/new", data={"date": "2026-11-30"}, base_url=base_url)
    return client.get_cookie("session", domain="localhost")


def test_the_session_cookie_is_httponly_and_samesite_lax(client):
    cookie = session_cookie(client)
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure


def test_the_session_cookie_is_secure_over_https(client):
    assert session_cookie(client, "https://localhost").secure


def test_unknown_ids_get_the_apps_own_404_page(client):
    for path in ("/nights/42", "/games/42", "/players/42", "/games/42/entries/0",
                 "/nights/1/games/new/chess"):
        response = client.get(path)
        assert response.status_code == 404
        assert "There is no such page here" in response.get_data(as_text=True)


def test_a_game_setup_that_leaves_out_seats_seats_nobody_there(client):
    client.post("/nights/new", data={"date": "2026-11-30"})
    for name in ("Ann", "Ben", "Cid"):
        client.post("/nights/1/attendees", data={"name": name})
    response = client.post("/nights/1/games/new/skyjo", data={"seat_0": "Cid", "seat_1": "Ann",
                                                              "option_target": "100"})
    game = response.location.rsplit("/", 1)[1]
    assert client.get(f"/games/{game}/sheet.json").get_json()["players"] == ["Cid", "Ann"]
