"""Keeping the database at the newest migration, so a newcomer never runs an init step."""

import fcntl
from pathlib import Path

from alembic.runtime.migration import MigrationContext
from flask_migrate import stamp as alembic_stamp
from flask_migrate import upgrade as alembic_upgrade
from sqlalchemy import inspect

from . import records
from .extensions import db

# the first migration: the schema that databases made before migrations already have
BASELINE = "0001"
# the migration that adds player records, which existing games must then be counted into
RECORDS = "0003"


def upgrade(app):
    """Upgrade to the newest migration; one process at a time on this machine."""
    lock_path = Path(app.instance_path) / ".migrate.lock"
    with open(lock_path, "w") as lock, app.app_context():
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            tables = inspect(db.engine).get_table_names()
            if "game" in tables and "alembic_version" not in tables:
                alembic_stamp(revision=BASELINE)
            before = current_revision()
            alembic_upgrade()
            if before is not None and before < RECORDS:
                records.rebuild_all()
                db.session.commit()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def current_revision():
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
