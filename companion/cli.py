"""Command-line tools: `flask --app app serve | backup | restore | groups | demo`.

The schema needs no command: the app upgrades it when it starts (`flask db upgrade` too).
`groups` is the only place an invite link is printed outside the app: the way into a
group no phone is in (an upgraded database's, a restored one's).
"""

import time

import click
from flask import current_app, url_for

from . import address
from . import backup as backups
from . import backup_file
from . import demo as demos
from . import restore as restores
from . import serving
from .extensions import db
from .models import Group, Member, Night, Player
from .services import groups as group_services

def group_or_fail(group_id: int) -> Group:
    group = db.session.get(Group, group_id)
    if group is None:
        raise click.ClickException(f"There is no group {group_id} (`flask --app app groups` "
                                   "lists them).")
    return group


def invite_link(group: Group, base_url: str) -> str:
    """The group's invite as the app's own route builds it, at `base_url`."""
    with current_app.test_request_context(base_url=base_url):
        return url_for("groups.join", group_id=group.id, token=group.invite, _external=True)


def counted(column, by) -> dict[int, int]:
    return dict(db.session.execute(db.select(by, db.func.count(column)).group_by(by)).all())


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def register(app):
    app.cli.add_command(serving.serve)

    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
    @click.option("--group", "group_id", type=int,
                  help="Only this group's players and nights (its id).")
    def backup(path, group_id):
        """Write every group's players, nights, games and entries to PATH as JSON ("-":
        print it), or one group's."""
        if group_id is None:
            document = backups.backup()
        else:
            document = backups.group_backup(group_or_fail(group_id).id)
        text = backups.dumps(document)
        with click.open_file(path, "w", encoding="utf-8") as out:
            out.write(text)
        if path != "-":
            click.echo(f"Backup written to {path}.")

    @app.cli.command("restore")
    @click.argument("path", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
    @click.option("--replace", is_flag=True,
                  help="Delete what is there first, in the same transaction: everything, or "
                       "with --group that group's players and nights.")
    @click.option("--group", "group_id", type=int,
                  help="Restore a group's backup into this group (its id), which must be "
                       "empty unless --replace; without it, into a new group.")
    def restore(path, replace, group_id):
        """Load a backup: a whole server's into an empty server, a group's into a group;
        every game is replayed first.

        On any error nothing is restored and the wrong game and entry are named.
        """
        try:
            with click.open_file(path, encoding="utf-8") as source:
                document = backup_file.load(source, path)
        except backup_file.BackupError as error:
            raise click.ClickException(str(error)) from None
        try:
            counts = restores.restore(document, replace=replace, group_id=group_id)
        except backup_file.BackupError as error:
            db.session.rollback()
            raise click.ClickException(f"Nothing was restored. {error}") from None
        db.session.commit()
        restored = (f"Restored {counts['players']} players, {counts['nights']} nights and "
                    f"{counts['games']} games")
        if "groups" in counts:
            click.echo(f"{restored} in {plural(counts['groups'], 'group')} "
                       "(`flask --app app groups` prints their invites).")
        else:
            group = db.session.get(Group, counts["group"])
            where = f"{restored} into group {group.id}, {group.name}."
            click.echo(where if group_id else
                       f"{where} `flask --app app groups` prints its invite.")

    @app.cli.command("groups")
    @click.option("--new-invite", "renew", type=int, metavar="ID",
                  help="Replace this group's invite: the old link stops working.")
    @click.option("--start", metavar="NAME", help="Start a group no phone is in yet.")
    @click.option("--url", help="The app's address in the links (default: PUBLIC_URL, else "
                                "this machine's network address on `serve`'s port).")
    def groups(renew, start, url):
        """List every group with its players, nights, phones and invite link."""
        base_url = url or address.public_base()
        if renew is not None:
            group = group_or_fail(renew)
            group_services.new_invite(group.id)
            db.session.commit()
            db.session.refresh(group)
            click.echo(f"The old invite of group {group.id}, {group.name}, no longer works. "
                       f"The new one: {invite_link(group, base_url)}")
            return
        if start is not None:
            try:
                group = group_services.new_group(start)
            except group_services.ServiceError as error:
                raise click.ClickException(error.message) from None
            db.session.commit()
            click.echo(f"Started group {group.id}, {group.name}. Open its invite to join it: "
                       f"{invite_link(group, base_url)}")
            return
        every = db.session.execute(db.select(Group).order_by(Group.id)).scalars().all()
        players = counted(Player.id, Player.group_id)
        nights = counted(Night.id, Night.group_id)
        phones = counted(Member.id, Member.group_id)
        for group in every:
            click.echo(f"{group.id}. {group.name}: {plural(players.get(group.id, 0), 'player')}, "
                       f"{plural(nights.get(group.id, 0), 'night')}, "
                       f"{plural(phones.get(group.id, 0), 'phone')}")
            click.echo(f"   {invite_link(group, base_url)}")
        if not every:
            click.echo("There is no group yet.")

    @app.cli.command("demo")
    @click.option("--nights", default=40, show_default=True, type=click.IntRange(1),
                  help="How many game nights to make up.")
    @click.option("--seed", type=int, help="The same seed makes the same data.")
    @click.option("--group", "group_id", type=int,
                  help="Fill this empty group (its id) instead of a new one.")
    def demo(nights, seed, group_id):
        """Fill a new group with sample players, nights and games."""
        started = time.perf_counter()
        try:
            counts = demos.generate(nights=nights, seed=seed, group_id=group_id)
        except demos.DemoError as error:
            raise click.ClickException(str(error)) from None
        click.echo(f"Made {counts['players']} players, {counts['nights']} nights and "
                   f"{counts['games']} games in {time.perf_counter() - started:.1f} s, in "
                   f"group {counts['group']} (`flask --app app groups` prints its invite).")
