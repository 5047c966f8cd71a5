"""After phones have raced on a database: does everything it stores and shows agree?"""

from sqlalchemy import select

from companion import backup, records, restore, services
from companion.extensions import db
from companion.models import ABANDONED, FINISHED, Game, Night, PlayerRecord
from tests.conftest import make_app


def check_database(url, folder):
    """Every game's stored summary, seats and status are its entries' replay; its pad,
    sheet and its night's page and exports answer; the player records are what a recount
    gives; and the whole backup restores into an empty database."""
    app = make_app(url)
    client = app.test_client()
    with app.app_context():
        games = db.session.execute(select(Game)).scalars().all()
        for game in games:
            check_game(game)
        by_night = {}
        for game in games:
            by_night.setdefault(game.night_id, []).append(game)
        for number, (night_id,) in enumerate(db.session.execute(select(Night.id)).all()):
            # the night page lists the whole roster: a sample of them is enough
            check_night(client, night_id, by_night.get(night_id, []), page=number < 50)
        check_records()
        document = backup.backup()
        db.session.remove()
        db.engine.dispose()
    copy = make_app(f"sqlite:///{folder / 'restored.sqlite'}")
    with copy.app_context():
        counts = restore.restore(document)
        db.session.commit()
        assert counts["games"] == len(games)
        db.engine.dispose()


def check_game(game):
    where = f"game {game.id}"
    assert [e.position for e in game.entries] == list(range(len(game.entries))), where
    sheet = services.replay(game)
    # what the lists show, recounted by hand from the sheet
    assert game.totals_by_name == sheet.to_dict()["totals"], where
    assert game.winner_names == sheet.winners and game.entry_count == len(game.entries), where
    if game.status == ABANDONED:
        # an abandoned game stopped before its end
        assert not sheet.finished, where
    else:
        assert (game.status == FINISHED) == sheet.finished, where
    for seat in game.seats:
        name = seat.player.name
        expected = ((sheet.to_dict()["totals"][name], name in sheet.winners)
                    if game.status == FINISHED else (None, False))
        assert (seat.total, seat.won) == expected, where


def check_night(client, night_id, games, page=True):
    if page:
        assert client.get(f"/nights/{night_id}").status_code == 200, night_id
    exported = client.get(f"/nights/{night_id}/export.json").get_json()["night"]["games"]
    assert client.get(f"/nights/{night_id}/export.csv").status_code == 200
    assert len(exported) == len(games)
    for game, shown in zip(games, exported):
        sheet = client.get(f"/games/{game.id}/sheet.json").get_json()
        assert shown["totals"] == sheet["totals"] and shown["winners"] == sheet["winners"]
        assert shown["entries"] == sheet["entries"] and shown["status"] == sheet["status"]
        assert client.get(f"/games/{game.id}").status_code == 200


def check_records():
    """The records kept as games changed are the records counted afresh."""
    def snapshot():
        rows = db.session.execute(select(PlayerRecord)).scalars().all()
        return {(r.player_id, r.kind): (r.games, r.played, r.won, r.average, r.highest,
                                        r.lowest, r.recent) for r in rows}

    kept = snapshot()
    records.rebuild_all()
    db.session.flush()
    assert snapshot() == kept
    db.session.rollback()
