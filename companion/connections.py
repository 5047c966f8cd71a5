"""A worker's connections to a database server are asked whether they still work before a
request is given one (a server restarted meanwhile closed it: it is replaced, with every
other connection of the pool, and the request never sees it), as SQLAlchemy's
`pool_pre_ping` does; but not for the one SELECT of a following phone's question in front
of Flask (companion/following.py) or of the watcher (holding.py), a thousand times more
frequent on a busy server: there a dead connection fails that SELECT, the question goes on
to Flask, whose connection is asked first, and the watcher reads again.
"""

import contextlib
import contextvars

from sqlalchemy import event
from sqlalchemy.exc import InvalidatePoolError

from .extensions import db

# set while a connection is taken for a SELECT that needs no ping
UNASKED = contextvars.ContextVar("unasked", default=False)


@contextlib.contextmanager
def unasked():
    """Connections taken in this block are not asked first."""
    token = UNASKED.set(True)
    try:
        yield
    finally:
        UNASKED.reset(token)


def init_app(app):
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        return

    @event.listens_for(engine, "checkout")
    def ask(dbapi_connection, record, proxy):
        if UNASKED.get():
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            # closed by a restart, as every other one is: the pool replaces them all
            raise InvalidatePoolError() from error
