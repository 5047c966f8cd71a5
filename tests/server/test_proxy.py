"""HTTPS behind a real proxy (issue 28): two Chromium phones play the start of an evening
through nginx with Debian's stock proxy_params on a port other than 443, through nginx with
docs/hosting.md's site, and through Caddy with docs/hosting.md's Caddyfile, each in front
of gunicorn on 127.0.0.1 with the settings docs/hosting.md gives. Only 127.0.0.1."""

import json
import os
import re

import pytest
from playwright.sync_api import expect

from tests.server.conftest import Server, count
from tests.server.proxy import CADDY, NGINX, Caddy, Nginx, certificate
from tests.conftest import database_url

SITES = {"nginx-stock": NGINX, "nginx-hosting": NGINX, "caddy-hosting": CADDY}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # a self-signed certificate, as a phone would be told to accept once
    return {**browser_context_args, "viewport": {"width": 390, "height": 844},
            "is_mobile": True, "has_touch": True, "ignore_https_errors": True}


@pytest.fixture(params=list(SITES))
def site(request, tmp_path):
    """(public https address, database url) of gunicorn behind the proxy."""
    if not os.path.exists(SITES[request.param]):
        pytest.skip(f"{SITES[request.param]} is installed by scripts/test.sh")
    url = database_url(tmp_path, "proxy")
    server = Server(url, workers=2, options=["--worker-class", "gthread", "--threads", "4"])
    tls = certificate(tmp_path)
    proxy = (Caddy(server.port, tls) if request.param.startswith("caddy")
             else Nginx(server.port, request.param.split("-")[1], tls))
    server.env.update({"COMPANION_PUBLIC_URL": proxy.base, "COMPANION_PROXY_HOPS": "1"})
    server.start()
    proxy.start()
    yield proxy.base, url
    proxy.stop()
    server.kill()
    assert "Traceback" not in server.errors()


def test_two_phones_start_join_play_undo_and_follow_through_the_proxy(site, new_context):
    base, url = site
    ann, ben = new_context().new_page(), new_context().new_page()

    # the first phone starts a group; the invite names the proxy's address and port
    ann.goto(base + "/")
    ann.get_by_role("button", name="Start a group").click()
    expect(ann.get_by_role("heading", name="Our game nights", level=1)).to_be_visible()
    invite = ann.get_by_label("Invite link").input_value()
    assert re.fullmatch(re.escape(base) + r"/join/\d+/[A-Za-z0-9_-]{22}", invite)

    # the second joins by it
    ben.goto(invite)
    ben.get_by_role("button", name=re.compile(r"^Join ")).click()
    expect(ben.get_by_role("heading", name="Start a night")).to_be_visible()

    # a night, its players, a game and a round
    ann.goto(base + "/")
    ann.get_by_label("Title (optional)").fill("Behind the proxy")
    ann.get_by_role("button", name="Start the night").click()
    expect(ann.get_by_role("heading", name="Behind the proxy")).to_be_visible()
    night_url = ann.url
    for name in ("Ann", "Ben"):
        ann.get_by_label("New player's name").fill(name)
        ann.get_by_role("button", name="Add player").click()
        expect(ann.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
    ann.get_by_role("link", name="Any game", exact=True).click()
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("heading", name=re.compile("^Any game"))).to_be_visible()
    pad = ann.url
    ann.get_by_role("spinbutton", name="Ann", exact=True).fill("12")
    ann.get_by_role("spinbutton", name="Ben", exact=True).fill("30")
    ann.get_by_role("button", name="Save round 1").click()
    expect(ann.get_by_role("status").first).to_contain_text("Saved. Round 1: Ann 12, Ben 30.")

    # undone on the other phone; the first sees it within 2 s of following
    ben.goto(pad)
    ben.get_by_role("button", name="Undo round 1").click()
    expect(ben.get_by_role("status").first).to_contain_text("Undone: Round 1: Ann 12, Ben 30.")
    expect(ann.get_by_text("Round 1 was removed on another phone")).to_be_visible(timeout=5000)
    game = pad.rsplit("/", 1)[1]
    assert count(url, f"select count(*) from entry where game_id = {game}") == 0

    # exports and the backup come through, over HTTPS with HSTS and a Secure cookie
    night = night_url.rsplit("/", 1)[1].split("?")[0]
    csv = ann.request.get(f"{base}/nights/{night}/export.csv")
    assert csv.status == 200 and "Ann" in csv.text()
    backup = ann.request.get(f"{base}/backup.json")
    assert backup.status == 200
    assert "Behind the proxy" in json.dumps(backup.json())
    assert backup.headers["strict-transport-security"] == "max-age=31536000"
    cookie, = [c for c in ann.context.cookies() if c["name"] == "session"]
    assert cookie["secure"] and cookie["httpOnly"]
