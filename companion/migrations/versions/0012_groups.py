"""groups: every player and night belongs to one group, which phones join by invite

A group is the people who play together; a phone that opened its invite link is a member
(its cookie holds the member's id and secret, of which only a digest is stored). Player
names are unique within a group, not across the server.

A database with players or nights already in it becomes one group, "Our game nights",
so nothing is lost; `flask --app app groups` prints its invite link, which lets its
owner's phones in (README, "Private groups").

Revision ID: 0012
Revises: 0011
"""
import secrets
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

# the name an upgraded database's one group starts with; it can be renamed on its page
UPGRADED_GROUP = "Our game nights"


def upgrade():
    group = op.create_table(
        'play_group',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('invite', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_play_group')))
    op.create_table(
        'member',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('secret_digest', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['play_group.id'],
                                name=op.f('fk_member_group_id_play_group'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_member')))
    op.create_index(op.f('ix_member_group_id'), 'member', ['group_id'], unique=False)

    op.add_column('player', sa.Column('group_id', sa.Integer(), nullable=True))
    op.add_column('night', sa.Column('group_id', sa.Integer(), nullable=True))
    connection = op.get_bind()
    stored = (connection.execute(sa.text("select id from player limit 1")).first()
              or connection.execute(sa.text("select id from night limit 1")).first())
    if stored:
        connection.execute(group.insert().values(
            id=1, name=UPGRADED_GROUP, invite=secrets.token_urlsafe(16),
            created_at=datetime.now(timezone.utc)))
        connection.execute(sa.text("update player set group_id = 1"))
        connection.execute(sa.text("update night set group_id = 1"))
        if connection.dialect.name == "postgresql":
            # the explicit id above did not move the sequence
            connection.execute(sa.text(
                "select setval(pg_get_serial_sequence('play_group', 'id'), 1)"))

    # on SQLite these copy the tables (foreign keys are off meanwhile: migrations/env.py)
    with op.batch_alter_table('player') as batch:
        batch.alter_column('group_id', existing_type=sa.Integer(), nullable=False)
        batch.drop_constraint('uq_player_name_key', type_='unique')
        batch.create_unique_constraint(batch.f('uq_player_group_id'), ['group_id', 'name_key'])
        batch.create_foreign_key(batch.f('fk_player_group_id_play_group'), 'play_group',
                                 ['group_id'], ['id'])
    with op.batch_alter_table('night') as batch:
        batch.alter_column('group_id', existing_type=sa.Integer(), nullable=False)
        batch.create_foreign_key(batch.f('fk_night_group_id_play_group'), 'play_group',
                                 ['group_id'], ['id'])
        batch.create_index('ix_night_group_id_date', ['group_id', 'date'], unique=False)


def downgrade():
    with op.batch_alter_table('night') as batch:
        batch.drop_index('ix_night_group_id_date')
        batch.drop_constraint('fk_night_group_id_play_group', type_='foreignkey')
        batch.drop_column('group_id')
    with op.batch_alter_table('player') as batch:
        batch.drop_constraint('fk_player_group_id_play_group', type_='foreignkey')
        batch.drop_constraint('uq_player_group_id', type_='unique')
        batch.create_unique_constraint('uq_player_name_key', ['name_key'])
        batch.drop_column('group_id')
    op.drop_index(op.f('ix_member_group_id'), table_name='member')
    op.drop_table('member')
    op.drop_table('play_group')
