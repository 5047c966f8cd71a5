"""python -m bench.statements: the SQL statements ending a game runs, for 3 players and
for 12, in a copy of the 50-night demo history (bench/tables.py).

A game of any kind ("any game", three rounds) is played by the demo's random legal moves
through `services.add_entry`, as a phone's save is; the last entry, which ends the game
and recounts its players' records (companion/records.py), is counted: every statement
the database is sent, the commit included. Target (issue 32, item 4): the same count
whatever the number of players.
"""

from __future__ import annotations

import datetime
import random
from contextlib import ExitStack

from sqlalchemy import event

from bench.tables import prepare

KIND = "any_game"
OPTIONS = {"rounds": 3}
SEATS = (3, 12)


def count(url) -> dict[int, int]:
    """{players: statements of the entry that ends their game}."""
    from companion import create_app, services
    from companion.demo_play import play
    from companion.extensions import db
    from companion.models import Player

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    counted = {}
    with app.app_context():
        group_id = db.session.scalar(db.select(db.func.min(Player.group_id)))
        everyone = db.session.scalars(db.select(Player).where(Player.group_id == group_id)
                                      .order_by(Player.id)).all()
        night = services.start_night(group_id, datetime.date.today(), "Statements")
        db.session.commit()
        for seated in SEATS:
            players = everyone[:seated]
            if len(players) < seated:
                raise SystemExit(f"bench.statements: the demo group has {len(players)} "
                                 f"players, not {seated}")
            game = services.start_game(night, KIND, players, OPTIONS)
            db.session.commit()
            entries = play(KIND, [p.name for p in players], game.options, random.Random(1))
            for doc in entries[:-1]:
                services.add_entry(game, doc, game.version)
                db.session.commit()
            ran = []

            def statement(conn, cursor, text, *args):
                ran.append(text)

            event.listen(db.engine, "before_cursor_execute", statement)
            try:
                services.add_entry(game, entries[-1], game.version)
                db.session.commit()
            finally:
                event.remove(db.engine, "before_cursor_execute", statement)
            if game.in_progress:
                raise SystemExit("bench.statements: the last entry did not end the game")
            counted[seated] = len(ran)
        db.engine.dispose()
    return counted


def measure() -> dict[int, int]:
    with ExitStack() as stack:
        url, *_ = prepare("statements", 50, stack)
        return count(url)


def table(counted) -> tuple[str, list[str]]:
    lines = ["| players | SQL statements to end the game (its last entry, commit included) |",
             "|---|---|"]
    lines += [f"| {players} | {n} |" for players, n in counted.items()]
    flat = len(set(counted.values())) == 1
    verdict = ("The same for every number of players: met." if flat
               else "**missed**: the count grows with the players.")
    return "\n".join(lines) + "\n\n" + verdict + "\n", [] if flat else [verdict]


def main():
    print(table(measure())[0])


if __name__ == "__main__":
    main()
