"""A worker's connections to a database server: one that waited in the pool for a while is
asked whether it still works before a request is given it (a server restarted meanwhile
closed it: it is replaced, and the request never sees it); one used a moment ago is not.

SQLAlchemy's `pool_pre_ping` asks every time: a round trip more for every request, and for
every question of a following phone in front of Flask (companion/following.py), of which a
busy server answers thousands a minute. A server cannot restart in less than IDLE seconds,
so a connection back in the pool for less than that was working when it came back, and
either still works or failed for a reason no ping would have found first. A connection
that fails in use is answered as the database restarting (views/errors.py: 503, "try
again"), and SQLAlchemy then replaces every connection of the pool opened before.
"""

import time

from sqlalchemy import event
from sqlalchemy.exc import DisconnectionError

from .extensions import db

# seconds in the pool after which a connection is asked before use
IDLE = 1.0


def init_app(app):
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        return

    @event.listens_for(engine, "checkin")
    def back(dbapi_connection, record):
        record.info["back"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def out(dbapi_connection, record, proxy):
        back = record.info.get("back")
        # a connection just opened works; one used a moment ago is not asked
        if back is None or time.monotonic() - back < IDLE:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            # the pool closes it and gives a new one
            raise DisconnectionError() from error
