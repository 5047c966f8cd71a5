"""each seat keeps its final total and whether it won, for player statistics

Revision ID: 0002
Revises: 0001
"""
import json

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('total', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('won', sa.Boolean(), server_default=sa.false(),
                                      nullable=False))

    # fill them in for the games already finished, from the summary cached on each game
    connection = op.get_bind()
    finished = connection.execute(sa.text(
        "select id, summary from game where status = 'finished'")).all()
    seats = sa.text("select s.seat, p.name from seat s join player p on p.id = s.player_id "
                    "where s.game_id = :game")
    update = sa.text("update seat set total = :total, won = :won "
                     "where game_id = :game and seat = :seat")
    for game_id, summary in finished:
        if isinstance(summary, str):
            summary = json.loads(summary)
        for seat, name in connection.execute(seats, {"game": game_id}).all():
            connection.execute(update, {"total": summary["totals"].get(name),
                                        "won": name in summary["winners"],
                                        "game": game_id, "seat": seat})


def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('won')
        batch_op.drop_column('total')
