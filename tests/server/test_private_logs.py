"""Tokens are never logged (issue 18): gunicorn's access log, as the README's hosting
command can turn it on, holds no invite or watcher token, while the paths stay readable."""

import re

from companion.logs import RedactTokens, redact
from tests.server.conftest import Phone, Server, invite_path


def test_gunicorn_access_log_holds_no_invite_or_watcher_token(skyjo_game, tmp_path):
    url, game_id = skyjo_game
    log = tmp_path / "access.log"
    server = Server(url, workers=1, options=["--access-logfile", str(log)]).start()
    try:
        invite = invite_path(url)
        phone = Phone(server.base)  # joins through the invite
        pad = phone.page(f"/games/{game_id}")
        watch = re.search(r'/watch/\d+/[A-Za-z0-9_-]{22}', phone.page(f"/games/{game_id}/share"))
        assert pad and watch
        # the watcher's page and its follow, which sends the page as its Referer
        watcher = Phone(server.base, joined=False)
        watcher.http.get(server.base + watch.group(0), timeout=30)
        watcher.http.get(server.base + watch.group(0) + "/follow", timeout=30,
                         headers={"Referer": server.base + watch.group(0)})
    finally:
        server.kill()
    written = log.read_text()
    invite_token = invite.rsplit("/", 1)[1]
    watch_token = watch.group(0).rsplit("/", 1)[1]
    assert "/join/1/[token]" in written and f"/watch/{game_id}/[token]" in written
    assert invite_token not in written and watch_token not in written


def test_the_development_servers_request_lines_lose_their_tokens():
    import logging
    record = logging.LogRecord("werkzeug", logging.INFO, "", 0, '%s - - [%s] %s %s %s',
                               ("127.0.0.1", "01/Dec/2026", '"GET /join/12/abcDEF_-123 HTTP/1.1"',
                                "200", "-"), None)
    RedactTokens().filter(record)
    assert record.getMessage() == ('127.0.0.1 - - [01/Dec/2026] "GET /join/12/[token] '
                                   'HTTP/1.1" 200 -')
    assert redact("/watch/3/tok/board/follow?x=1") == "/watch/3/[token]/board/follow?x=1"
    assert redact("/games/3/entries/4") == "/games/3/entries/4"


def test_a_failed_request_logged_by_the_app_loses_its_token(app, caplog):
    """Flask logs the path of a request that raised ("Exception on /join/1/... [POST]")."""
    @app.get("/join/<int:group_id>/<token>/boom")
    def boom(group_id, token):
        raise RuntimeError("boom")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert app.test_client().get("/join/1/secretsecret/boom").status_code == 500
    logged = [r.getMessage() for r in caplog.records if r.name == app.logger.name]
    assert logged == ["Exception on /join/1/[token]/boom [GET]"]
