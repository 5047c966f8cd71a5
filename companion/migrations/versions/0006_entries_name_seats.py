"""entries name seats, not players, so that a rename changes one row

Every entry document (and the last change's) names players by seat label ("0", "1", ...)
instead of by name; a game's summary holds its totals per seat and its winners as seats.
The unused updated_at and finished_at columns go.

Revision ID: 0006
Revises: 0005
"""
import json

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

# where each kind's entry documents named players when this revision was written: plain
# keys, and keys of dicts keyed by player
PLAYER_KEYS = {"dice_poker": (("player",), ()), "cards_500": (("out",), ("hands",)),
               "skyjo": (("finisher",), ("hands",)), "skull": (("challenger", "skull_owner"), ())}

game = sa.table("game", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                sa.column("summary", sa.JSON), sa.column("last_change", sa.JSON))
seat = sa.table("seat", sa.column("game_id", sa.Integer), sa.column("seat", sa.Integer),
                sa.column("player_id", sa.Integer))
player = sa.table("player", sa.column("id", sa.Integer), sa.column("name", sa.String))
entry = sa.table("entry", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer),
                 sa.column("doc", sa.JSON))


def relabel(kind, doc, mapping):
    if not isinstance(doc, dict):
        return doc
    keys, maps = PLAYER_KEYS.get(kind, ((), ()))
    doc = dict(doc)
    for key in keys:
        if isinstance(doc.get(key), str) and doc[key] in mapping:
            doc[key] = mapping[doc[key]]
    for key in maps:
        if isinstance(doc.get(key), dict):
            doc[key] = {mapping.get(k, k): v for k, v in doc[key].items()}
    return doc


def convert(to_seats):
    connection = op.get_bind()
    names = {}
    for game_id, number, name in connection.execute(
            sa.select(seat.c.game_id, seat.c.seat, player.c.name)
            .join(player, player.c.id == seat.c.player_id).order_by(seat.c.game_id, seat.c.seat)):
        names.setdefault(game_id, []).append(name)
    for game_id, kind, summary, last in connection.execute(
            sa.select(game.c.id, game.c.kind, game.c.summary, game.c.last_change)).all():
        seated = names.get(game_id, [])
        labels = [str(i) for i in range(len(seated))]
        mapping = dict(zip(seated, labels) if to_seats else zip(labels, seated))
        docs = connection.execute(sa.select(entry.c.id, entry.c.doc)
                                  .where(entry.c.game_id == game_id)).all()
        for entry_id, doc in docs:
            connection.execute(entry.update().where(entry.c.id == entry_id)
                               .values(doc=relabel(kind, load(doc), mapping)))
        last = load(last)
        if isinstance(last, dict) and last.get("doc") is not None:
            last = {**last, "doc": relabel(kind, last["doc"], mapping)}
        connection.execute(game.update().where(game.c.id == game_id).values(
            summary=summary_for(load(summary) or {}, seated, to_seats), last_change=last))


def summary_for(summary, seated, to_seats):
    totals, winners = summary.get("totals", {}), summary.get("winners", [])
    if to_seats:
        return {"totals": [totals.get(name) for name in seated],
                "winners": [i for i, name in enumerate(seated) if name in winners],
                "finished": bool(summary.get("finished"))}
    return {"totals": {name: totals[i] for i, name in enumerate(seated) if i < len(totals)},
            "winners": [seated[i] for i in winners], "finished": bool(summary.get("finished"))}


def load(value):
    # a JSON column read through a lightweight table comes back decoded; be safe anyway
    return json.loads(value) if isinstance(value, str) else value


def upgrade():
    convert(to_seats=True)
    # plain ALTER TABLE (SQLite 3.35 and later): a batch copy of the game table would drop
    # it, which the entries' and seats' foreign keys refuse
    op.execute("ALTER TABLE game DROP COLUMN updated_at")
    op.execute("ALTER TABLE game DROP COLUMN finished_at")


def downgrade():
    op.add_column("game", sa.Column("updated_at", sa.DateTime(), nullable=True))
    op.add_column("game", sa.Column("finished_at", sa.DateTime(), nullable=True))
    convert(to_seats=False)
