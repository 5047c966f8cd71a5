"""phones: a phone's groups are rows; one-time keys are the server's; creation limits

A phone's cookie held every membership's id and secret, so a phone in many groups had a
cookie past what browsers keep. Now it holds one secret for the phone, and each membership
row keeps that secret's digest (`member.phone`). Rows from before keep their own secret's
digest until their phone proves it once (views/access.py).

The one-time tokens of creating forms were chosen by the client and shared one table
across phones and groups; the keys are now the server's, scoped to a phone, an action and
a target (companion/once.py). The old rows are dropped: none of their tokens is one the
server gave.

`tally` counts what each phone creates per window of time (companion/limits.py).

On SQLite, groups, players, nights and games take AUTOINCREMENT ids, which are never given
again: a URL's id is checked once by the guard (views/access.py) and the view then loads
the row, and without it an id deleted in between could come back as another group's row.
PostgreSQL's sequences never give an id twice.

Revision ID: 0013
Revises: 0012
"""
import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


# the tables whose ids URLs name (views/access.py, OWNER)
NAMED = ('play_group', 'player', 'night', 'game')


def upgrade():
    if op.get_bind().dialect.name == 'sqlite':
        for table in NAMED:
            # a copy of the table, as SQLite changes one (its foreign keys are off meanwhile)
            with op.batch_alter_table(table, recreate='always',
                                      table_kwargs={'sqlite_autoincrement': True}):
                pass
    with op.batch_alter_table('member') as batch:
        batch.add_column(sa.Column('phone', sa.String(length=64), nullable=True))
        batch.alter_column('secret_digest', existing_type=sa.String(length=64), nullable=True)
        batch.create_index(batch.f('ix_member_phone'), ['phone'], unique=False)
        batch.create_unique_constraint(batch.f('uq_member_group_id'), ['group_id', 'phone'])

    op.drop_table('submission')
    op.create_table(
        'submission',
        sa.Column('key', sa.String(length=32), nullable=False),
        sa.Column('scope', sa.String(length=120), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=True),
        sa.Column('location', sa.String(length=200), nullable=True),
        sa.Column('message', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('key', name=op.f('pk_submission')))
    op.create_index(op.f('ix_submission_created_at'), 'submission', ['created_at'],
                    unique=False)

    op.create_table(
        'tally',
        sa.Column('key', sa.String(length=100), nullable=False),
        sa.Column('window', sa.Integer(), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('key', 'window', name=op.f('pk_tally')))
    op.create_index(op.f('ix_tally_expires'), 'tally', ['expires'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_tally_expires'), table_name='tally')
    op.drop_table('tally')
    op.drop_index(op.f('ix_submission_created_at'), table_name='submission')
    op.drop_table('submission')
    op.create_table(
        'submission',
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('location', sa.String(length=200), nullable=True),
        sa.Column('message', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('token', name=op.f('pk_submission')))
    # memberships only a phone's secret proves cannot be kept without one of their own
    op.execute("delete from member where secret_digest is null")
    with op.batch_alter_table('member') as batch:
        batch.drop_constraint(batch.f('uq_member_group_id'), type_='unique')
        batch.drop_index(batch.f('ix_member_phone'))
        batch.alter_column('secret_digest', existing_type=sa.String(length=64), nullable=False)
        batch.drop_column('phone')
