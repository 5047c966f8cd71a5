"""each player keeps how many nights they came to

The roster and the player page said it by counting the player's rows of night_player,
which grew with the history (a regular had thousands). The count is now the player's own
column, filled here and kept by every change of who came (companion/services/roster.py,
restore.py, demo.py).

Revision ID: 0015
Revises: 0014
"""
import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player') as batch:
        batch.add_column(sa.Column('nights_came', sa.Integer(), nullable=False,
                                   server_default='0'))
    op.execute("""
        UPDATE player SET nights_came = (
            SELECT count(*) FROM night_player WHERE night_player.player_id = player.id)""")


def downgrade():
    with op.batch_alter_table('player') as batch:
        batch.drop_column('nights_came')
