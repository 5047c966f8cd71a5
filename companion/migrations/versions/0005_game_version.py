"""every change to a game is checked against the version it was based on

The game's etag becomes its version, random per game (existing games shared '0'), with the
last change beside it; forms that create something keep the token they were sent with; and
player names are compared by a key that ignores invisible characters, Unicode forms and
compatibility forms.

Revision ID: 0005
Revises: 0004
"""
import secrets

import sqlalchemy as sa
from alembic import op

from companion.text import name_key

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    # plain ALTER TABLE on both databases: a batch copy of the table on SQLite would drop
    # the old game table, which the entries' and seats' foreign keys refuse
    connection = op.get_bind()
    op.execute("ALTER TABLE game RENAME COLUMN etag TO version")
    op.add_column('game', sa.Column('last_change', sa.JSON(), nullable=True))
    if connection.dialect.name == "postgresql":
        op.execute("ALTER TABLE game ALTER COLUMN version DROP DEFAULT")
        # NFKC and case folding can make a key longer than the name (up to 18 times);
        # SQLite does not hold text to its declared length
        op.alter_column('player', 'name_key', existing_type=sa.String(40),
                        type_=sa.String(800), existing_nullable=False)
    op.create_table(
        'submission',
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('location', sa.String(length=200), nullable=True),
        sa.Column('message', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('token', name=op.f('pk_submission')))

    update = sa.text("update game set version = :version where id = :id")
    for (game_id,) in connection.execute(sa.text("select id from game")).all():
        connection.execute(update, {"version": secrets.token_hex(8), "id": game_id})
    # a player whose new key is another's keeps the old one: two players stay two
    players = connection.execute(sa.text("select id, name, name_key from player order by id")).all()
    taken = {key for _, _, key in players}
    for player_id, name, old in players:
        key = name_key(name)
        if key != old and key not in taken:
            connection.execute(sa.text("update player set name_key = :key where id = :id"),
                               {"key": key, "id": player_id})
            taken.add(key)


def downgrade():
    op.drop_table('submission')
    op.drop_column('game', 'last_change')
    op.execute("ALTER TABLE game RENAME COLUMN version TO etag")
