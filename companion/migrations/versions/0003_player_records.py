"""player records: each player's figures per kind, derived from their seats

The app counts them when it upgrades an existing database past this revision
(companion/schema.py), with the same code that keeps them current afterwards.

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('player_record',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('played', sa.Integer(), nullable=False),
    sa.Column('won', sa.Integer(), nullable=False),
    sa.Column('average', sa.Float(), nullable=True),
    sa.Column('highest', sa.Float(), nullable=True),
    sa.Column('lowest', sa.Float(), nullable=True),
    sa.Column('recent', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_player_record_player_id_player')),
    sa.PrimaryKeyConstraint('player_id', 'kind', name=op.f('pk_player_record'))
    )


def downgrade():
    op.drop_table('player_record')
