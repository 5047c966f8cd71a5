"""a game group's first and newest game found by an index

The new-game buttons and the history filter list the groups a players' group played its
games in ("Qwixx"), each named as its first game named it and started from its newest
game's settings (companion/stats/nights.py). The groups are read from the players'
records; their first and newest games through this index, so neither grows with the
history.

Revision ID: 0014
Revises: 0013
"""
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_game_kind_group_key_id', 'game', ['kind', 'group_key', 'id'],
                    unique=False)


def downgrade():
    op.drop_index('ix_game_kind_group_key_id', table_name='game')
