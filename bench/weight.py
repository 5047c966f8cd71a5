"""python -m bench.weight: every pad's bytes with everything it loads (uncompressed), for
four players mid-game and one entry before the end, in each of the app's languages, against
the 40 KB target.

Games are the demo's (random legal entries, seed 1), stored through the services in one
group; the pad and its stylesheets and scripts are fetched through the test client, which
joined the group by its invite link first.
"""

from __future__ import annotations

import datetime
import random
import re
import tempfile

from companion import create_app, demo_play, services
from companion.extensions import db
from companion.i18n import LANGUAGES
from companion.kinds.registry import KINDS
from companion.services import groups

PLAYERS = ["Marta", "Kasia", "Tõnu", "Jānis"]
TARGET = 40 * 1024
ASSETS = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')


def game_at(app, group_id, kind, stop_after):
    """A new game of `kind` with the demo's first `stop_after` entries (None: all but the
    last); returns its id and how many entries it has."""
    with app.app_context():
        night = services.start_night(group_id, datetime.date(2026, 12, 1), kind)
        players = [services.get_or_create_player(group_id, name) for name in PLAYERS]
        pad = KINDS[kind]
        options = {**pad.rules.default_options, **pad.demo_options(len(players), random.Random(1))}
        game = services.start_game(night, kind, players, options)
        entries = demo_play.play(kind, PLAYERS, game.options, random.Random(1))
        entries = entries[:stop_after] if stop_after is not None else entries[:-1]
        for entry in entries:
            services.add_entry(game, entry, game.version)
        db.session.commit()
        return game.id, len(entries)


def join(app, client):
    """A new group, and the test client in it as a phone joins: the invite link opened,
    Join tapped with the form's CSRF token. The group's id."""
    with app.app_context():
        group = groups.new_group("Weight")
        db.session.commit()
        group_id, invite = group.id, f"/join/{group.id}/{group.invite}"
    page = client.get(invite).get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    answer = client.post(invite, data={"csrf_token": token})
    if answer.status_code != 303:
        raise RuntimeError(f"joining {invite} answered {answer.status_code}")
    return group_id


def weight(client, path):
    html = client.get(path).get_data()
    assets = sorted(set(ASSETS.findall(html.decode())))
    return len(html) + sum(len(client.get(asset).get_data()) for asset in assets)


def main():
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "weight",
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/weight.sqlite"})
        client = app.test_client()
        group_id = join(app, client)
        print("| pad, 4 players | entries | " + " | ".join(LANGUAGES) + " | target |")
        print("|---|---|" + "---|" * len(LANGUAGES) + "---|")
        for kind, pad in KINDS.items():
            for label, stop in (("mid-game", pad.mid_game), ("one entry before the end", None)):
                game, count = game_at(app, group_id, kind, stop)
                sizes = []
                for lang in LANGUAGES:
                    client.set_cookie("lang", lang)
                    sizes.append(weight(client, f"/games/{game}"))
                verdict = "met" if max(sizes) <= TARGET else "**over**"
                shown = " | ".join(f"{size / 1024:.1f} KB" for size in sizes)
                print(f"| {pad.rules.title}, {label} | {count} | {shown} | {verdict} |")


if __name__ == "__main__":
    main()
