"""attendance has an index by player: a player's page counts the nights they came to
without reading every night anyone came to

Revision ID: 0007
Revises: 0006
"""
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_player_player_id'), ['player_id'], unique=False)


def downgrade():
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_player_player_id'))
