"""Command-line tools: `flask --app app init-db`."""

import click

from .extensions import db


def register(app):
    @app.cli.command("init-db")
    def init_db():
        """Create any missing tables (the app also does this when it starts)."""
        db.create_all()
        click.echo("The database is ready.")
