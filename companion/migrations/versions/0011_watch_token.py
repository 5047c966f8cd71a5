"""each game gets its watchers' token

A read-only link to a game carries an unguessable token of its own (128 bits from
`secrets`), so that a watcher's link opens that game's sheet and nothing else. The games
already stored get one each.

Revision ID: 0011
Revises: 0010
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

game = sa.table("game", sa.column("id", sa.Integer), sa.column("watch_token", sa.String))


def upgrade():
    # plain ALTER TABLE on both databases: a batch copy of the table on SQLite would drop
    # the old game table, which the entries' and seats' foreign keys refuse (see 0005)
    # NOT NULL needs a default to add a column to SQLite's rows: an empty token, which no
    # link matches, until each game gets its own below
    op.add_column("game", sa.Column("watch_token", sa.String(32), nullable=False,
                                    server_default=""))
    connection = op.get_bind()
    ids = connection.execute(sa.select(game.c.id)).scalars().all()
    if ids:
        connection.execute(
            game.update().where(game.c.id == sa.bindparam("game"))
            .values(watch_token=sa.bindparam("token")),
            [{"game": i, "token": secrets.token_urlsafe(16)} for i in ids])
    if connection.dialect.name == "postgresql":
        # SQLite cannot drop a column's default in place; new games get theirs from the model
        op.alter_column("game", "watch_token", existing_type=sa.String(32), server_default=None)


def downgrade():
    op.drop_column("game", "watch_token")
