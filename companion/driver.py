"""Statements run on the driver's own cursor, for the app's most frequent question: a
following phone's, asked by every phone at every table every 1.5 s and answered in front
of Flask in one indexed SELECT (companion/following.py).

SQLAlchemy's `Connection.execute` of a statement built once costs more than the SELECT
itself (its compiled cache's lookup, the parameters' dictionary, the execution context,
the result's rows): in process, on the 5,000-night history, a night's tag read in 46 us
through it and in 19 us here, a game's version in 26 us and about 10 us. A `Driven`
statement is compiled once for each dialect and driver, and run on the cursor of an
SQLAlchemy connection, which keeps everything else of it: the pool, the isolation level
it was opened with (AUTOCOMMIT on PostgreSQL: no BEGIN and ROLLBACK), the way psycopg waits
(companion/connections.py), the engine's `before_cursor_execute` listeners (the
statements counted, though with no execution context). The driver's errors are raised
as SQLAlchemy raises them, and a lost connection is invalidated; the pool's others are
asked by the next request through Flask, whose connection is asked first.

Only for statements whose rows SQLAlchemy would give as the driver does and whose values
it would send as given (integers and text): `Driven` refuses any other when it compiles
(tests/web/test_driver.py).
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError


class Driven:
    def __init__(self, statement):
        self.statement = statement
        # {(dialect, driver): (its SQL, its parameters' names in order for a positional
        # driver or None, the statement's own values)}
        self.compiled: dict[tuple[str, str], tuple[str, tuple | None, dict]] = {}

    def rows(self, connection, values: dict) -> list[tuple]:
        """The statement's rows for `values`, on `connection` (an SQLAlchemy Connection)."""
        dialect = connection.dialect
        sql, order, own = (self.compiled.get((dialect.name, dialect.driver))
                           or self.compile(dialect, values))
        given = {**own, **values}
        parameters = given if order is None else [given[name] for name in order]
        dbapi_connection = connection.connection.dbapi_connection
        cursor = None
        try:
            cursor = dbapi_connection.cursor()
            if connection.dispatch.before_cursor_execute:  # told as SQLAlchemy tells them
                connection.dispatch.before_cursor_execute(connection, cursor, sql, parameters,
                                                          None, False)
            cursor.execute(sql, parameters)
            return cursor.fetchall()
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, cursor):
                connection.invalidate(error)
            raise DBAPIError.instance(sql, parameters, error,
                                      dialect.loaded_dbapi.Error) from error
        finally:
            try:
                if cursor is not None:
                    cursor.close()
            except dialect.loaded_dbapi.Error:  # a connection already lost
                pass

    def compile(self, dialect, values: dict) -> tuple[str, tuple | None, dict]:
        compiled = self.statement.compile(dialect=dialect)
        for bind in compiled.binds.values():
            if bind.expanding or bind.literal_execute or \
                    bind.type.dialect_impl(dialect).bind_processor(dialect) is not None:
                raise TypeError(f"{bind.key}: not a value the driver takes as given")
        for column in self.statement.selected_columns:
            if column.type.dialect_impl(dialect).result_processor(dialect, None) is not None:
                raise TypeError(f"{column}: not a value the driver gives as SQLAlchemy does")
        # the statement's own values (its literals), named as the compiled SQL names them
        own = {name: value for name, value in compiled.construct_params(values).items()
               if name not in values}
        found = (compiled.string, tuple(compiled.positiontup) if compiled.positional else None,
                 own)
        self.compiled[dialect.name, dialect.driver] = found
        return found
