"""python -m bench.weight: every pad's bytes with everything it loads (uncompressed), for
four players mid-game and one entry before the end, against the 40 KB target.

Games are the demo's (random legal entries, seed 1), stored through the services; the
pad and its stylesheets and scripts are fetched through the test client.
"""

from __future__ import annotations

import datetime
import random
import re
import tempfile

from companion import create_app, demo_play, services
from companion.extensions import db
from companion.pads import KINDS

PLAYERS = ["Marta", "Kasia", "Tõnu", "Jānis"]
TARGET = 40 * 1024
ASSETS = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')


def game_at(app, kind, stop_after):
    """A new game of `kind` with the demo's first `stop_after` entries (None: all but the
    last); returns its id and how many entries it has."""
    with app.app_context():
        night = services.start_night(datetime.date(2026, 12, 1), kind)
        players = [services.get_or_create_player(name) for name in PLAYERS]
        pad = KINDS[kind]
        options = {**pad.RULES.default_options, **pad.demo_options(len(players), random.Random(1))}
        game = services.start_game(night, kind, players, options)
        entries = demo_play.play(kind, PLAYERS, game.options, random.Random(1))
        entries = entries[:stop_after] if stop_after is not None else entries[:-1]
        for entry in entries:
            services.add_entry(game, entry, game.version)
        db.session.commit()
        return game.id, len(entries)


def weight(client, path):
    html = client.get(path).get_data()
    assets = sorted(set(ASSETS.findall(html.decode())))
    return len(html) + sum(len(client.get(asset).get_data()) for asset in assets)


def main():
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "weight",
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/weight.sqlite"})
        client = app.test_client()
        print("| pad, 4 players | entries | bytes | target |")
        print("|---|---|---|---|")
        for kind, pad in KINDS.items():
            for label, stop in (("mid-game", pad.MID_GAME), ("one entry before the end", None)):
                game, count = game_at(app, kind, stop)
                size = weight(client, f"/games/{game}")
                verdict = "met" if size <= TARGET else "**over**"
                print(f"| {pad.RULES.title}, {label} | {count} | {size / 1024:.1f} KB | {verdict} |")


if __name__ == "__main__":
    main()
