"""a night's players keep the order they came in

Attendance gets a position. The nights already stored listed their players by name, so
that is the order they keep: each night's players are numbered alphabetically.

Revision ID: 0010
Revises: 0009
"""
import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

attendance = sa.table("night_player", sa.column("night_id", sa.Integer),
                      sa.column("player_id", sa.Integer), sa.column("position", sa.Integer))
player = sa.table("player", sa.column("id", sa.Integer), sa.column("name", sa.String))


def upgrade():
    op.add_column("night_player", sa.Column("position", sa.Integer(), nullable=False,
                                            server_default="0"))
    connection = op.get_bind()
    # ordered by the database, as the list was: its collation is the one people saw
    rows = connection.execute(
        sa.select(attendance.c.night_id, attendance.c.player_id)
        .join(player, player.c.id == attendance.c.player_id)
        .order_by(attendance.c.night_id, player.c.name)).all()
    numbered, counts = [], {}
    for night_id, player_id in rows:
        counts[night_id] = counts.get(night_id, -1) + 1
        numbered.append({"night": night_id, "player": player_id, "at": counts[night_id]})
    if numbered:
        connection.execute(
            attendance.update()
            .where(attendance.c.night_id == sa.bindparam("night"),
                   attendance.c.player_id == sa.bindparam("player"))
            .values(position=sa.bindparam("at")), numbered)


def downgrade():
    # nothing refers to attendance: a batch copy of it (sqlite) is safe
    with op.batch_alter_table("night_player") as batch:
        batch.drop_column("position")
