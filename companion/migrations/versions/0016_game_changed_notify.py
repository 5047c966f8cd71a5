"""PostgreSQL tells the app's processes of every change to a game as it is committed

A following phone's question is held until its game changes (companion/following.py,
holding.py). Each process read the versions of the games it held ten times a second; on
PostgreSQL a trigger now sends `NOTIFY companion_game, '<id>:<version>'` with every new
version of a game (and '<id>:' when it is deleted), delivered at the commit, and each
process LISTENs. SQLite has no such thing: its processes keep reading.

Revision ID: 0016
Revises: 0015
"""
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""
        CREATE FUNCTION companion_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('companion_game', OLD.id || ':');
                RETURN OLD;
            END IF;
            PERFORM pg_notify('companion_game', NEW.id || ':' || NEW.version);
            RETURN NEW;
        END $$""")
    op.execute("""
        CREATE TRIGGER game_changed AFTER UPDATE OF version ON game FOR EACH ROW
        WHEN (OLD.version IS DISTINCT FROM NEW.version)
        EXECUTE FUNCTION companion_game_changed()""")
    op.execute("""
        CREATE TRIGGER game_deleted AFTER DELETE ON game FOR EACH ROW
        EXECUTE FUNCTION companion_game_changed()""")


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER game_deleted ON game")
    op.execute("DROP TRIGGER game_changed ON game")
    op.execute("DROP FUNCTION companion_game_changed()")
