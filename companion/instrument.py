"""Opt-in measurement: COUNT_QUERIES adds an X-Query-Count header to every response."""

from flask import g, has_request_context
from sqlalchemy import event
from sqlalchemy.engine import Engine


def count_query(conn, cursor, statement, parameters, context, executemany):
    if has_request_context():
        g.query_count = g.get("query_count", 0) + 1


def add_count(response):
    response.headers["X-Query-Count"] = str(g.get("query_count", 0))
    return response


def init_app(app):
    if app.config.get("COUNT_QUERIES"):
        if not event.contains(Engine, "before_cursor_execute", count_query):
            event.listen(Engine, "before_cursor_execute", count_query)
        app.after_request(add_count)
