"""player records: each player's figures per kind, derived from their seats

The records of the games already played are counted here, from the seats, the games and
the nights as they are at this revision (lightweight tables, not today's models), to the
same figures as companion/records.py `rebuild` keeps current afterwards.

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

# finished games per player and kind kept for the charts and the recent form
# (companion/records.py RECENT at this revision)
RECENT = 30
FINISHED = 'finished'

# the tables as 0001 and 0002 left them, only the columns read here
night = sa.table('night', sa.column('id', sa.Integer), sa.column('date', sa.Date))
game = sa.table('game', sa.column('id', sa.Integer), sa.column('night_id', sa.Integer),
                sa.column('kind', sa.String), sa.column('status', sa.String))
seat = sa.table('seat', sa.column('game_id', sa.Integer), sa.column('player_id', sa.Integer),
                sa.column('total', sa.Float), sa.column('won', sa.Boolean))
player_record = sa.table(
    'player_record', sa.column('player_id', sa.Integer), sa.column('kind', sa.String),
    sa.column('games', sa.Integer), sa.column('played', sa.Integer),
    sa.column('won', sa.Integer), sa.column('average', sa.Float),
    sa.column('highest', sa.Float), sa.column('lowest', sa.Float),
    sa.column('recent', sa.JSON))


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
    count_records(op.get_bind())


def count_records(connection):
    """Every player's record per kind, from their seats: all games they sat in, the played
    (those with a total), the won, average, highest and lowest total, and their last RECENT
    finished games oldest first."""
    seated = seat.join(game, game.c.id == seat.c.game_id)
    figures = connection.execute(
        sa.select(seat.c.player_id, game.c.kind, sa.func.count(), sa.func.count(seat.c.total),
                  sa.func.sum(sa.case((seat.c.won, 1), else_=0)), sa.func.avg(seat.c.total),
                  sa.func.max(seat.c.total), sa.func.min(seat.c.total))
        .select_from(seated).group_by(seat.c.player_id, game.c.kind)).all()

    # newest first, as records.rebuild reads them; each pair keeps its first RECENT
    latest = {}
    finished = connection.execute(
        sa.select(seat.c.player_id, game.c.kind, game.c.id, game.c.night_id, night.c.date,
                  seat.c.total, seat.c.won)
        .select_from(seated.join(night, night.c.id == game.c.night_id))
        .where(game.c.status == FINISHED)
        .order_by(night.c.date.desc(), game.c.id.desc()))
    for player_id, kind, game_id, night_id, day, total, win in finished:
        games = latest.setdefault((player_id, kind), [])
        if len(games) < RECENT:
            games.append({"game": game_id, "night": night_id, "date": day.isoformat(),
                          "total": number(total), "won": bool(win)})

    rows = [{"player_id": player_id, "kind": kind, "games": games, "played": played,
             "won": won or 0, "average": average, "highest": highest, "lowest": lowest,
             "recent": latest.get((player_id, kind), [])[::-1]}
            for player_id, kind, games, played, won, average, highest, lowest in figures]
    if rows:
        connection.execute(player_record.insert(), rows)


def number(value):
    """Totals come back from the database as floats: whole ones read better as ints."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def downgrade():
    op.drop_table('player_record')
