"""companion/driver.py: a statement run on the driver's own cursor gives the rows that
SQLAlchemy's execute gives, or is refused as one SQLAlchemy converts (on the database the
tests run on: SQLite, or PostgreSQL with TEST_DATABASE_URL). Some columns' rows differ
between the two (a date read as its text, a boolean as 0): those must be refused."""

import pytest
from sqlalchemy import bindparam, select

from companion.driver import Driven
from companion.extensions import db
from companion.models import Game, Night, Seat

COLUMNS = [Game.id, Game.version, Game.options, Game.created_at, Night.date, Night.title,
           Seat.won, Seat.total]


def typed(rows):
    """Rows with each value's type: 0 and False, or a date and its text, are not the same."""
    return [tuple((type(value), value) for value in row) for row in rows]


@pytest.mark.parametrize("column", COLUMNS, ids=lambda column: str(column))
def test_rows_are_sqlalchemys_or_the_statement_is_refused(app, start_game, column):
    start_game("skyjo", ["Ann", "Ben"])
    statement = select(column, bindparam("tag", type_=db.String))
    with app.app_context(), db.engine.connect() as connection:
        theirs = typed(connection.execute(statement, {"tag": "x"}))
        # what the driver itself gives for the same SQL
        compiled = statement.compile(dialect=connection.dialect)
        given = compiled.construct_params({"tag": "x"})
        raw = typed(connection.exec_driver_sql(compiled.string, tuple(
            given[name] for name in compiled.positiontup) if compiled.positional else given))
        try:
            ours = typed(Driven(statement).rows(connection, {"tag": "x"}))
        except TypeError:
            return  # refused (where SQLAlchemy converts, whether or not these rows show it)
    # taken: the rows are SQLAlchemy's, and it was right to take them
    assert ours == theirs == raw


def test_a_statement_of_several_values_at_once_is_refused(app):
    statement = select(Game.id).where(Game.id.in_(bindparam("ids", expanding=True)))
    with app.app_context(), db.engine.connect() as connection:
        with pytest.raises(TypeError):
            Driven(statement).rows(connection, {"ids": [1, 2]})
