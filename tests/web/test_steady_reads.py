"""A page read in several statements while another phone's change commits in between
still shows one state of the game: the read starts again when a version moved."""

import pytest
from sqlalchemy import event

from companion import services
from companion.extensions import db
from companion.models import Player
from tests.conftest import make_app
from tests.web.conftest import version


@pytest.fixture
def rename_midway(app):
    """Rename Ann to Anna from another worker between two of this one's reads: after it
    has read a game's seats or its entries, before it reads the other."""
    other = make_app(app.config["SQLALCHEMY_DATABASE_URI"])
    renamed, seen = [], []

    def between(conn, cursor, statement, *args):
        if "FROM entry" in statement or "FROM seat" in statement:
            seen.append(statement)
        if len(seen) == 2 and not renamed:
            renamed.append(True)
            with other.app_context():
                player = db.session.execute(db.select(Player).filter_by(name="Ann")).scalar_one()
                services.rename_player(player, "Anna")
                db.session.commit()

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", between)
    yield renamed
    with app.app_context():
        event.remove(db.engine, "before_cursor_execute", between)
    with other.app_context():
        db.engine.dispose()


@pytest.fixture
def game(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"])
    saved = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "3", "score_1": "9"})
    assert saved.status_code == 302
    return game


@pytest.mark.parametrize("path", ["/games/{game}", "/games/{game}/sheet.json",
                                  "/nights/1/export.csv", "/nights/1/export.json",
                                  "/backup.json"])
def test_a_page_read_while_a_rename_commits_shows_the_names_after_it(
        client, game, rename_midway, path):
    page = client.get(path.format(game=game))
    assert rename_midway, "the rename did not happen between the reads"
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Anna" in text and "Ann," not in text and '"Ann"' not in text
