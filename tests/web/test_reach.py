"""Reaching the table over a real network (issue 28), through the test client: forms are
taken only from this site's pages (Origin), a refused form says why, a proxy is trusted
only as far as PROXY_HOPS says, HTTPS brings HSTS, and a phone outside a group is told what
it needs without learning what exists."""

import logging

import pytest

from companion.extensions import db
from companion.models import Night
from tests.conftest import database_url, make_app
from tests.web.conftest import parse


def phone_of(tmp_path, **config):
    """A phone of the test table's group on an app with CSRF on."""
    app = make_app(database_url(tmp_path), WTF_CSRF_ENABLED=True, **config)
    return app, app.test_client()


@pytest.fixture
def logged(caplog):
    """The app's log, for this test only (the migrations' logging set-up replaces the
    handler pytest puts on the root logger)."""
    logger = logging.getLogger("companion")
    logger.addHandler(caplog.handler)
    yield caplog
    logger.removeHandler(caplog.handler)


def token(phone, base_url="http://localhost"):
    return parse(phone.get("/nights/new", base_url=base_url)).one(
        "input[name=csrf_token]").get("value")


def nights(app):
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Night))


@pytest.mark.parametrize("headers", [
    {"Origin": "https://evil.example"},
    {"Origin": "https://localhost:99999"},
    {"Origin": "http://localhost:abc"},
    {"Origin": "https://[::1"},
    {"Origin": "http://localhost.evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Origin": "http://localhost", "Sec-Fetch-Site": "cross-site"},
])
def test_a_form_sent_from_another_site_is_refused_and_says_so(tmp_path, logged, headers):
    app, phone = phone_of(tmp_path)
    data = {"date": "2026-12-01", "csrf_token": token(phone)}
    with logged.at_level(logging.WARNING):
        refused = phone.post("/nights/new", data=data, headers=headers)
    assert refused.status_code == 403
    assert "This request did not come from this site" in parse(refused).text
    assert nights(app) == 0
    assert any("from another site" in r.getMessage() for r in logged.records)


@pytest.mark.parametrize("base, headers", [
    ("http://localhost", {}),
    ("http://localhost", {"Origin": "http://localhost"}),
    ("http://localhost", {"Origin": "HTTP://LOCALHOST", "Sec-Fetch-Site": "same-origin"}),
    # gunicorn serving TLS itself: no Referer needed
    ("https://localhost", {"Origin": "https://localhost", "Sec-Fetch-Site": "same-origin"}),
])
def test_a_form_from_this_site_or_from_no_browser_is_taken(tmp_path, base, headers):
    app, phone = phone_of(tmp_path)
    taken = phone.post("/nights/new", base_url=base, headers=headers,
                       data={"date": "2026-12-01", "csrf_token": token(phone, base)})
    assert taken.status_code == 302
    assert nights(app) == 1


def test_behind_a_proxy_that_drops_the_port_the_public_address_is_this_site(tmp_path):
    """Debian's proxy_params sends Host without the port: the browser's Origin has it,
    and matches the configured public address."""
    app, phone = phone_of(tmp_path, PUBLIC_URL="https://localhost:8443", PROXY_HOPS=1)
    base = "http://localhost"  # what gunicorn sees: nginx's Host, plain HTTP
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    csrf = parse(phone.get("/nights/new", base_url=base, headers=https)).one(
        "input[name=csrf_token]").get("value")
    taken = phone.post("/nights/new", base_url=base, headers={
        **https, "Origin": "https://localhost:8443", "Sec-Fetch-Site": "same-origin"},
        data={"date": "2026-12-01", "csrf_token": csrf})
    assert taken.status_code == 302, parse(taken).text
    # and without a Referer: the join page sends only its origin
    assert nights(app) == 1


def test_a_stale_form_says_why_links_back_and_the_log_has_the_reason(tmp_path, logged):
    app, phone = phone_of(tmp_path)
    token(phone)
    with logged.at_level(logging.WARNING):
        refused = phone.post("/nights/new", data={"date": "2026-12-01", "csrf_token": "old"},
                             headers={"Referer": "http://localhost/nights/new?from=home"})
    page = parse(refused)
    assert refused.status_code == 400
    assert "This page was open too long, so nothing was saved." in page.text
    assert page.one("a.primary").get("href") == "/nights/new?from=home"
    assert any("The CSRF token is invalid." in r.getMessage() for r in logged.records)
    # a Referer of another site is not followed back
    refused = phone.post("/games/1/entries", data={"csrf_token": "old"},
                         headers={"Referer": "https://evil.example/x"})
    assert parse(refused).one("a.primary").get("href") == "/"


def test_proxy_headers_are_trusted_only_when_configured(tmp_path):
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    for hops, secure in ((0, False), (1, True)):
        app = make_app(database_url(tmp_path, f"hops{hops}"), PROXY_HOPS=hops,
                       PUBLIC_URL="https://scores.example.org")
        answer = app.test_client().post("/nights/new", data={"date": "2026-12-01"},
                                        headers=https)
        cookie = answer.headers.get("Set-Cookie", "")
        assert ("Secure" in cookie) is secure
        assert ("Strict-Transport-Security" in answer.headers) is secure


def test_hsts_only_over_https_for_an_https_public_address(tmp_path):
    app = make_app(database_url(tmp_path), PUBLIC_URL="https://scores.example.org")
    client = app.test_client()
    assert client.get("/", base_url="https://scores.example.org").headers[
        "Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/").headers
    plain = make_app(database_url(tmp_path, "plain"), PUBLIC_URL="http://192.168.1.20:5000")
    assert "Strict-Transport-Security" not in plain.test_client().get(
        "/", base_url="https://localhost").headers


def test_a_phone_outside_the_group_is_told_it_needs_the_invite(app, client, start_game):
    game = start_game("any_game", ["Ann", "Ben"])
    stranger = app.test_client(joined=False)
    told = "A group's nights and games open only on the group's phones"
    for path in (f"/games/{game}", "/nights/1", f"/games/{game + 50}", "/nights/77"):
        answer = stranger.get(path)
        # the same page for a game that is there and one that is not
        assert answer.status_code == 404 and told in parse(answer).text, path
    assert told not in parse(client.get("/no-such-page")).text


def test_the_command_line_names_the_same_public_address(app, runner, monkeypatch):
    monkeypatch.setattr("companion.address.lan_address", lambda: "192.168.1.20")
    assert "http://192.168.1.20:5000/join/1/" in runner.invoke(args=["groups"]).output
    app.config["PUBLIC_URL"] = "https://scores.example.org/"
    assert "https://scores.example.org/join/1/" in runner.invoke(args=["groups"]).output


def test_the_serve_banner_prints_the_address_and_a_code_of_it(monkeypatch):
    from companion.serving import banner
    printed = banner("http://192.168.1.20:5000", local=False)
    assert "open:  http://192.168.1.20:5000/" in printed
    # the QR code: rows of block characters
    assert sum(1 for line in printed.splitlines() if set(line) <= set("█▀▄ ") and line) >= 12
    assert "--local" in printed
    local = banner("http://127.0.0.1:5000", local=True)
    assert "only this machine" in local and "█" not in local


def test_a_public_address_with_its_default_port_is_the_same_origin(tmp_path):
    app, phone = phone_of(tmp_path, PUBLIC_URL="https://scores.example.org:443")
    taken = phone.post("/nights/new", base_url="https://localhost:8804", headers={
        "Origin": "https://scores.example.org"},
        data={"date": "2026-12-01", "csrf_token": token(phone, "https://localhost:8804")})
    assert taken.status_code == 302
