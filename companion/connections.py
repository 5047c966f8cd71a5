"""A worker's connections to a database server.

They are asked whether they still work before a request is given one (a server restarted
meanwhile closed it: it is replaced, with every other connection of the pool, and the
request never sees it), as SQLAlchemy's `pool_pre_ping` does; but not for the one SELECT
of a following phone's question in front of Flask (companion/following.py) or of the
watcher (holding.py), a thousand times more frequent on a busy server: there a dead
connection fails that SELECT, the question goes on to Flask, whose connection is asked
first, and the watcher reads again.

**On gevent's workers, a statement is waited for without yielding** (`Unyielding`).
psycopg, seeing gevent, waits for each answer of the database server cooperatively: the
request goes to the back of the worker's queue of runnable requests, and comes back when
every one before it has run its turn. The server answers this app's statements in a
fraction of a millisecond, while that queue is several milliseconds long on a busy worker
(tens at the worst moments: a save wakes a table's phones together), and a page takes
five to ten statements: measured at 3,000 following phones, one indexed SELECT took 3 ms
from send to answer at the median and 23 ms at p95, and the follow p95 was 130-300 ms;
waited for in place, the follow p95 was 25 ms, with less CPU (docs/benchmark.md). So the
app's own connections wait as they would without gevent, and the worker runs something
else only where a request waits for the phone or for another request: a held question,
another phone's render of the same page (views/shared.py), a new connection being made.

This holds only because no request yields while its transaction holds a lock: a request
of the same worker waiting for that lock would block the worker, and with it the request
that holds it. Nothing between a change's first write and its commit waits on anything
but the database (the server tests of changes racing run on one gevent worker too:
tests/server/conftest.py, WORKERS). A lock held by another worker's transaction blocks
this worker until that one commits: a few milliseconds for a save; for as long as it
takes for `flask restore --replace`, which holds the games it replaces (old taps are
purged past the rows another change is purging: locks.py, `claim`). A page waiting for
another phone's render keeps its read transaction: a migration started while these
workers serve (a restart with a new version) waits for that read, and the worker's next
statement on the table waits behind the migration, until gunicorn's timeout restarts the
worker; stop the workers before migrating. The watcher's connection that listens for
notifications (holding.py) is psycopg's own and keeps yielding: it waits a tenth of a
second at a time.
"""

import contextlib
import contextvars
import sys

from sqlalchemy import event
from sqlalchemy.exc import InvalidatePoolError

try:
    import psycopg
    from psycopg import waiting
except ImportError:  # SQLite only
    psycopg = waiting = None

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


if psycopg is not None:
    class Unyielding(psycopg.Connection):
        """A connection whose statements are waited for in place, even where gevent has
        patched what psycopg waits with (the module's docstring)."""

        def wait(self, gen, interval=0.1, timeout=None):
            return waiting.wait_c(gen, self.pgconn.socket, interval=interval, timeout=timeout)


def yielding() -> bool:
    """Whether psycopg yields to gevent's hub while it waits (on gevent's workers), and can
    be made not to (its C wait, of psycopg[binary], is there)."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey and monkey.is_module_patched("select") and
                hasattr(waiting, "wait_c"))


def init_app(app):
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        return
    if engine.dialect.driver == "psycopg" and yielding():
        @event.listens_for(engine, "do_connect")
        def connect(dialect, record, cargs, cparams):
            return Unyielding.connect(*cargs, **cparams)

    @event.listens_for(engine, "checkout")
    def ask(dbapi_connection, record, proxy):
        if UNASKED.get():
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            # closed by a restart, as every other one is: the pool replaces them all
            raise InvalidatePoolError() from error
