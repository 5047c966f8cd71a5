"""each game carries an etag that changes with every change to it: the key of its cached pads

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    # existing games share a first tag: pages are cached per game, and the first change
    # to a game gives it a random one
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('etag', sa.String(length=16), server_default='0',
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('etag')
