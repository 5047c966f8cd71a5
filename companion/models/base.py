"""What the tables share: the clock their rows are stamped by, and how each SQLite
connection is set up."""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import event
from sqlalchemy.engine import Engine


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


@event.listens_for(Engine, "connect")
def sqlite_pragmas(dbapi_connection, connection_record):
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        # wal lets phones read while one writes (the busy timeout, which makes a writer
        # wait its turn, is the connection's: SQLITE_BUSY_TIMEOUT)
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
