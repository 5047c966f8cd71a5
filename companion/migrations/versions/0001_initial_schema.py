"""the schema of nights, players, games and entries

Revision ID: 0001
Revises: 


"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():

    op.create_table('night',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('title', sa.String(length=80), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night'))
    )
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_date'), ['date'], unique=False)

    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_player')),
    sa.UniqueConstraint('name_key', name=op.f('uq_player_name_key'))
    )
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('summary', sa.JSON(), nullable=False),
    sa.Column('entry_count', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_game_night_id_night')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game'))
    )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_night_id'), ['night_id'], unique=False)

    op.create_table('night_player',
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_player_night_id_night'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_night_player_player_id_player'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('night_id', 'player_id', name=op.f('pk_night_player'))
    )
    op.create_table('entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('doc', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_entry_game_id_game')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_entry')),
    sa.UniqueConstraint('game_id', 'position', name=op.f('uq_entry_game_id'))
    )
    op.create_table('seat',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_game_id_game')),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_seat_player_id_player')),
    sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_seat')),
    sa.UniqueConstraint('game_id', 'player_id', name=op.f('uq_seat_game_id'))
    )
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_player_id'), ['player_id'], unique=False)




def downgrade():

    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_player_id'))

    op.drop_table('seat')
    op.drop_table('entry')
    op.drop_table('night_player')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_night_id'))

    op.drop_table('game')
    op.drop_table('player')
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_date'))

    op.drop_table('night')

