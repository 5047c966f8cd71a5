"""Keeping the database at the newest migration, so a newcomer never runs an init step.

Whatever a migration derives from the data already there (seat results, player records)
it fills in itself, so bringing any database up to date is one Alembic upgrade.
"""

import fcntl
from pathlib import Path

from flask_migrate import stamp as alembic_stamp
from flask_migrate import upgrade as alembic_upgrade
from sqlalchemy import inspect

from .extensions import db

# the first migration: the schema that databases made before migrations already have
BASELINE = "0001"


def upgrade(app):
    """Upgrade to the newest migration; one process at a time on this machine."""
    lock_path = Path(app.instance_path) / ".migrate.lock"
    with open(lock_path, "w") as lock, app.app_context():
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            tables = inspect(db.engine).get_table_names()
            if "game" in tables and "alembic_version" not in tables:
                alembic_stamp(revision=BASELINE)
            alembic_upgrade()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
