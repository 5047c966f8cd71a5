"""Command-line tools: `flask --app app backup | restore | demo`.

The schema needs no command: the app upgrades it when it starts (`flask db upgrade` too).
"""

import time

import click

from . import backup as backups
from . import backup_file, locks
from . import demo as demos
from .extensions import db


def register(app):
    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
    def backup(path):
        """Write every player, night, game and entry to PATH as JSON ("-": print it)."""
        text = backups.dumps(locks.steady(backups.backup))
        with click.open_file(path, "w", encoding="utf-8") as out:
            out.write(text)
        if path != "-":
            click.echo(f"Backup written to {path}.")

    @app.cli.command("restore")
    @click.argument("path", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
    @click.option("--replace", is_flag=True,
                  help="Delete everything in the database first (in the same transaction).")
    def restore(path, replace):
        """Load a backup into an empty database; every game is replayed first.

        On any error nothing is restored and the wrong game and entry are named.
        """
        try:
            with click.open_file(path, encoding="utf-8") as source:
                document = backup_file.load(source, path)
        except backups.BackupError as error:
            raise click.ClickException(str(error)) from None
        try:
            counts = backups.restore(document, replace=replace)
        except backups.BackupError as error:
            db.session.rollback()
            raise click.ClickException(f"Nothing was restored. {error}") from None
        db.session.commit()
        click.echo(f"Restored {counts['players']} players, {counts['nights']} nights and "
                   f"{counts['games']} games.")

    @app.cli.command("demo")
    @click.option("--nights", default=40, show_default=True, type=click.IntRange(1),
                  help="How many game nights to make up.")
    @click.option("--seed", type=int, help="The same seed makes the same data.")
    def demo(nights, seed):
        """Fill an empty database with sample players, nights and games."""
        started = time.perf_counter()
        try:
            counts = demos.generate(nights=nights, seed=seed)
        except demos.DemoError as error:
            raise click.ClickException(str(error)) from None
        click.echo(f"Made {counts['players']} players, {counts['nights']} nights and "
                   f"{counts['games']} games in {time.perf_counter() - started:.1f} s.")
