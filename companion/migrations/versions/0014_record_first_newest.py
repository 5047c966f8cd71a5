"""player records keep the player's first and newest game of each group

The new-game buttons and the history filter list the groups a players' group played its
games in ("Qwixx"), each named as its first game named it and started from its newest
game's settings (companion/stats/nights.py). Reading them from every game grew with the
history and with the groups in the database; each player's record now keeps its first and
newest game, and the group's are the least and greatest of its players'. Filled here
from the seats; kept by every recount (companion/records.py).

Revision ID: 0014
Revises: 0013
"""
import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player_record') as batch:
        batch.add_column(sa.Column('first_game', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('newest_game', sa.Integer(), nullable=True))
    for column, end in (('first_game', 'min'), ('newest_game', 'max')):
        op.execute(f"""
            UPDATE player_record SET {column} = (
                SELECT {end}(game.id) FROM seat JOIN game ON game.id = seat.game_id
                WHERE seat.player_id = player_record.player_id
                  AND game.kind = player_record.kind
                  AND game.group_key = player_record.group_key)""")


def downgrade():
    with op.batch_alter_table('player_record') as batch:
        batch.drop_column('newest_game')
        batch.drop_column('first_game')
