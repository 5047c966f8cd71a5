"""Skull games played so far keep the published rule for a last card that is a skull

The setting `last_skull_out` (a revealed skull that was its owner's last card puts the owner
out) is on for new games, as the seed says; every game stored before it was played without
it, so it is written into their options as off.

Revision ID: 0008
Revises: 0007
"""
import json

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None

game = sa.table("game", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                sa.column("options", sa.JSON))


def set_rule(change):
    connection = op.get_bind()
    for game_id, options in connection.execute(
            sa.select(game.c.id, game.c.options).where(game.c.kind == "skull")).all():
        options = json.loads(options) if isinstance(options, str) else dict(options or {})
        changed = change(options)
        if changed is not None:
            connection.execute(game.update().where(game.c.id == game_id).values(options=changed))


def upgrade():
    set_rule(lambda options: None if "last_skull_out" in options
             else {**options, "last_skull_out": False})


def downgrade():
    set_rule(lambda options: {k: v for k, v in options.items() if k != "last_skull_out"})
