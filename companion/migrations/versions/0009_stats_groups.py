"""statistics group a kind's games by what the kind says (a game's name), each group
with its own idea of the best total

Every game gets the group its kind puts it in ("" for the four kinds so far: one group per
kind), and player records are kept per kind and group, with the group's title and what
"best" means for it.

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

# the kinds' titles and what "best" meant for each when this revision was written
TITLES = {"dice_poker": "Dice poker", "cards_500": "Card game to 500", "skyjo": "Skyjo",
          "skull": "Skull"}
BEST = {"dice_poker": "high", "cards_500": "low", "skyjo": "low", "skull": "wins"}

record = sa.table("player_record", sa.column("kind", sa.String),
                  sa.column("title", sa.String), sa.column("best", sa.String))


def upgrade():
    op.add_column("game", sa.Column("group_key", sa.String(200), nullable=False,
                                    server_default=""))
    op.create_index(op.f("ix_game_group_key"), "game", ["group_key"])
    # the player record table has no foreign keys pointing at it: copying it is safe
    with op.batch_alter_table("player_record", recreate="always") as batch:
        batch.add_column(sa.Column("group_key", sa.String(200), nullable=False,
                                   server_default=""))
        batch.add_column(sa.Column("title", sa.String(80), nullable=False, server_default=""))
        batch.add_column(sa.Column("best", sa.String(8), nullable=False, server_default="low"))
        batch.drop_constraint("pk_player_record", type_="primary")
        batch.create_primary_key("pk_player_record", ["player_id", "kind", "group_key"])
    connection = op.get_bind()
    for kind, title in TITLES.items():
        connection.execute(record.update().where(record.c.kind == kind)
                           .values(title=title, best=BEST[kind]))


def downgrade():
    op.execute("DELETE FROM player_record WHERE group_key <> ''")
    with op.batch_alter_table("player_record", recreate="always") as batch:
        batch.drop_constraint("pk_player_record", type_="primary")
        batch.create_primary_key("pk_player_record", ["player_id", "kind"])
        batch.drop_column("best")
        batch.drop_column("title")
        batch.drop_column("group_key")
    # plain ALTER TABLE: a batch copy of the game table would drop it, which the entries'
    # and seats' foreign keys refuse
    op.drop_index(op.f("ix_game_group_key"), table_name="game")
    op.execute("ALTER TABLE game DROP COLUMN group_key")
