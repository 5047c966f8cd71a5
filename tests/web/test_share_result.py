"""A night's result to share (issue 31): a short text for a chat and the final standings
as a picture; both of the phone's group only, every name escaped."""

import re
from html import unescape

from companion.extensions import db
from companion.models import Night
from companion.services import groups
from tests.web.conftest import parse
from tests.web.history_data import night, restore, skull, skyjo


def test_the_result_reads_as_a_short_text(client, runner, tmp_path):
    restore(runner, tmp_path, night(day="2026-12-01", title="At Ann's",
                                    games=[skyjo(), skull(winner="Ben")]))
    html = client.get("/nights/1").get_data(as_text=True)
    page = parse(html)
    text = unescape(re.search(r'<textarea id="result-1"[^>]*>(.*?)</textarea>', html, re.S)
                    .group(1)).strip()
    # skyjo: ann 5 wins, ben 15, cid 25; skull: ben wins both challenges (2), the others 0
    assert text.splitlines() == [
        "At Ann's · Tue 1 Dec 2026",
        "1. Skyjo: Ann 5 ★, Ben 15, Cid 25",
        "2. Skull: Ben 2 ★, Ann 0, Cid 0",
        "Ann and Ben each won 1 of 2 games."]
    button = page.one("button[data-share]")
    assert button.text == "Share the result" and button.attrs["data-picture"] == \
        "/nights/1/result.svg"


def test_the_picture_is_an_svg_of_the_standings_with_every_name_escaped(client, runner,
                                                                        tmp_path):
    hostile = skyjo(players=["<script>x</script>", "Ben"],
                    scores={"<script>x</script>": 3, "Ben": 12})
    restore(runner, tmp_path, night(title="</text><script>", games=[hostile]))
    answer = client.get("/nights/1/result.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["Content-Security-Policy"] == "default-src 'none'"
    body = answer.get_data(as_text=True)
    assert "<script>" not in body
    assert "&lt;script&gt;x&lt;/script&gt;" in body and "&lt;/text&gt;" in body
    svg = parse(body).one("svg")
    assert [t.text for t in svg.select("text")][1:4] == ["1. Skyjo", "★ <script>x</script>", "3"]


def test_another_groups_night_is_not_shown(app, client, runner, tmp_path):
    restore(runner, tmp_path, night(games=[skyjo()]))
    with app.app_context():
        elsewhere = groups.start_group("Elsewhere", "another phone").group_id
        db.session.commit()
    stranger = app.test_client(joined=False)
    stranger.join(elsewhere)
    assert stranger.get("/nights/1/result.svg").status_code == 404
    with app.app_context():
        assert db.session.get(Night, 1) is not None
