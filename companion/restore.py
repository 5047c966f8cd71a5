"""A backup (backup.py writes it) loaded into the database: a whole server's into an
empty server, a group's into a group.

Every game is replayed through its rules before it is stored, so a backup that breaks a
rule is refused whole, with the night, the game and the entry that is wrong; reading the
file itself, JSON too deep or too large, is backup_file.py's.
"""

from __future__ import annotations

import reprlib
from datetime import date
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import DataError

from . import locks, records, services, text
from .backup import FORMAT, VERSION, group_games
from .backup_file import BackupError
from .extensions import db
from .models import (ABANDONED, STATUS_LABELS, Entry, Game, Group, Member, Night, Player,
                     PlayerRecord, Seat, Submission, night_players)
from .outcome import derive
from .rules import GAMES, RuleError
from .rules.base import MAX_ENTRIES, brief, too_many_entries
from .services import groups
from .services.roster import recount_nights

TITLE_MAX = Night.title.type.length


def is_empty(group_id: int | None = None) -> bool:
    """Whether a group, or the whole server, has no player and no night."""
    players, nights = db.select(Player.id), db.select(Night.id)
    if group_id is not None:
        players = players.where(Player.group_id == group_id)
        nights = nights.where(Night.group_id == group_id)
    return (db.session.execute(players.limit(1)).first() is None
            and db.session.execute(nights.limit(1)).first() is None)


def restore(document: Any, replace: bool = False,
            group_id: int | None = None) -> dict[str, int]:
    """Load a backup in the current transaction; the caller commits, or rolls back on error.

    A whole server's backup goes into an empty server (`replace`: wipe it first, groups
    and phones too). A group's goes into the group `group_id`, which must be empty
    (`replace`: wipe that group's nights and players first), else into a new group.
    """
    try:
        check_header(document)
        if "groups" in document:
            if group_id is not None:
                raise BackupError("This backup holds every group of a server: restore it "
                                  "without --group.")
            return restore_server(document, replace)
        return restore_one(document, replace, group_id)
    except DataError as error:
        # what only the database refuses (postgresql stores no NUL in text): one sentence
        reason = str(error.orig).strip().partition("\n")[0]
        raise BackupError(f"The database cannot store this backup: {reason}") from None


def restore_for_phone(document: dict, phone: str) -> tuple[groups.Membership, dict]:
    """A backup read by `backup_file.read_for_phone`, restored into a new group that the phone joins,
    in the current transaction (as `restore`)."""
    counts = restore(document)
    membership = groups.add_member(db.session.get(Group, counts["group"]), phone)
    return membership, counts


def restore_server(document: dict, replace: bool) -> dict[str, int]:
    if not is_empty():
        if not replace:
            raise BackupError("The server already holds players or nights. Restore into "
                              "an empty database, or replace everything with --replace.")
        wipe()
    counts = {"players": 0, "nights": 0, "games": 0}
    docs = need(document, "groups", list, "The backup")
    for doc in docs:
        if not isinstance(doc, dict):
            raise BackupError("A group in the backup is not readable.")
        group = new_group(doc.get("name"))
        try:
            restored = restore_group(group.id, doc)
        except BackupError as error:
            raise BackupError(f"In the group {group.name}: {error}") from None
        counts = {key: counts[key] + restored[key] for key in counts}
    db.session.flush()
    return {**counts, "groups": len(docs)}


def restore_one(document: dict, replace: bool, group_id: int | None) -> dict[str, int]:
    if group_id is None:
        group_id = new_group(document.get("group")).id
    elif db.session.get(Group, group_id) is None:
        raise BackupError(f"There is no group {group_id}.")
    elif not is_empty(group_id):
        if not replace:
            raise BackupError(f"Group {group_id} already holds players or nights. Restore "
                              "into an empty group, or replace its players and nights with "
                              "--replace.")
        wipe_group(group_id)
    counts = restore_group(group_id, document)
    # now, so that a refusal by the database comes while restoring, not at the commit
    db.session.flush()
    return {**counts, "group": group_id}


def new_group(name: Any) -> Group:
    """A group with a new invite and no phone (its backup's name, or the first group's)."""
    if name is not None and not isinstance(name, str):
        raise BackupError(f"The group name {reprlib.repr(name)} is not text.")
    try:
        return groups.new_group(name)
    except services.ServiceError as error:
        raise BackupError(f"The group name {reprlib.repr(name)} cannot be used: "
                          f"{error.message}") from None


def restore_group(group_id: int, document: dict) -> dict[str, int]:
    """A group's players and nights into the (empty) group; its records recounted."""
    roster: dict[str, Player] = {}
    for name in need(document, "players", list, "The backup"):
        add_player(group_id, roster, name)
    nights = need(document, "nights", list, "The backup")
    with records.paused():
        games = sum(restore_night(group_id, roster, doc) for doc in nights)
    records.rebuild_all(group_id)
    recount_nights(group_id)
    return {"players": len(roster), "nights": len(nights), "games": games}


def check_header(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("This file is not a backup of this app.")
    if document.get("version") != VERSION:
        version = reprlib.repr(document.get("version"))
        raise BackupError(f"This backup has format version {version}; "
                          f"this app reads version {VERSION}.")


def wipe() -> None:
    # every change in flight ends first, and none starts until the restore is committed
    locks.take_every_game()
    for table in (Entry.__table__, PlayerRecord.__table__, Seat.__table__, Game.__table__,
                  night_players, Night.__table__, Player.__table__, Member.__table__,
                  Group.__table__, Submission.__table__):
        # every tap remembered goes too: none of them may answer for what is restored
        db.session.execute(table.delete())
    db.session.expunge_all()


def wipe_group(group_id: int) -> None:
    """Delete one group's players and nights; its invite and phones stay."""
    # as `wipe`, but only this group's games are held
    db.session.execute(select(Game.id).where(group_games(group_id)).order_by(Game.id)
                       .with_for_update())
    games = select(Game.id).where(group_games(group_id))
    nights = select(Night.id).where(Night.group_id == group_id)
    players = select(Player.id).where(Player.group_id == group_id)
    for statement in (Entry.__table__.delete().where(Entry.game_id.in_(games)),
                      PlayerRecord.__table__.delete().where(PlayerRecord.player_id.in_(players)),
                      Seat.__table__.delete().where(Seat.game_id.in_(games)),
                      Game.__table__.delete().where(Game.night_id.in_(nights)),
                      night_players.delete().where(night_players.c.night_id.in_(nights)),
                      Night.__table__.delete().where(Night.group_id == group_id),
                      Player.__table__.delete().where(Player.group_id == group_id),
                      # the group's taps remembered: none may answer for what is restored
                      Submission.__table__.delete().where(Submission.group_id == group_id)):
        db.session.execute(statement)
    db.session.expunge_all()


def add_player(group_id: int, roster: dict[str, Player], name: Any) -> None:
    if not isinstance(name, str):
        raise BackupError(f"The player list holds {reprlib.repr(name)}, which is not a name.")
    try:
        clean = services.clean_name(name)
    except services.ServiceError as error:
        raise BackupError(f"The player name {reprlib.repr(name)} cannot be used: "
                          f"{error.message}") from None
    if text.name_key(clean) in roster:
        raise BackupError(f"The player {clean} is listed twice.")
    roster[text.name_key(clean)] = services.get_or_create_player(group_id, clean)


def restore_night(group_id: int, roster: dict[str, Player], doc: Any) -> int:
    if not isinstance(doc, dict):
        raise BackupError("A night in the backup is not readable.")
    where = f"The night {reprlib.repr(doc.get('date'))}"
    try:
        day = date.fromisoformat(need(doc, "date", str, where))
    except ValueError:
        raise BackupError(f"{where} has no readable date.") from None
    title = doc.get("title")
    if title is not None and not isinstance(title, str):
        raise BackupError(f"{where} has a title that is not text.")
    # as a title typed in the app is kept: one line, no invisible characters (nor NUL)
    title = text.clean(title) or None
    if title and len(title) > TITLE_MAX:
        raise BackupError(f"{where} has a title longer than {TITLE_MAX} characters.")
    night = services.start_night(group_id, day, title)
    where = f"The night of {day.isoformat()}" + (f" “{title}”" if title else "")
    came = []
    for name in need(doc, "attendees", list, where):
        player = find(roster, name, where)
        if player not in came:
            came.append(player)
    # the order they came in is kept (night_player.position)
    if came:
        db.session.execute(insert(night_players), [
            {"night_id": night.id, "player_id": p.id, "position": i} for i, p in enumerate(came)])
        db.session.expire(night, ["attendees"])
    games = need(doc, "games", list, where)
    for number, game in enumerate(games, start=1):
        restore_game(roster, night, game, f"{where}, game {number}")
    return len(games)


def restore_game(roster: dict[str, Player], night: Night, doc: Any, where: str) -> Game:
    if not isinstance(doc, dict):
        raise BackupError(f"{where} is not readable.")
    kind = need(doc, "kind", str, where)
    if kind not in GAMES:
        raise BackupError(f"{where} is of an unknown kind, “{brief(kind)}”.")
    rules = GAMES[kind]
    where = f"{where} ({rules.group_title(need(doc, 'options', dict, where))})"
    players = [find(roster, name, where) for name in need(doc, "players", list, where)]
    # a backup from before a setting existed holds games played without it
    options = rules.stored_options(need(doc, "options", dict, where))
    status = need(doc, "status", str, where)
    entries = need(doc, "entries", list, where)
    if status not in STATUS_LABELS:
        raise BackupError(f"{where} has an unknown status, “{brief(status)}”.")
    try:
        game = services.start_game(night, kind, players, options)
        if len(entries) > MAX_ENTRIES:
            # the replay refuses the entry after the last one a game holds: said at once,
            # without first replaying a list that may be ever so long
            raise too_many_entries(index=MAX_ENTRIES)
        sheet = services.replay(game, entries)
    except RuleError as error:
        if error.index is None:
            raise BackupError(f"{where}: {error.message}") from None
        raise BackupError(f"{where}, {rules.entry_noun} {error.index + 1}: "
                          f"{error.message}") from None
    game.entries = [Entry(position=i, doc=game.labelled(entry))
                    for i, entry in enumerate(entries)]
    services.write(game, derive(sheet))
    if status == ABANDONED:
        try:
            services.mark_abandoned(game)
        except services.ServiceError as error:
            raise BackupError(f"{where} is marked abandoned, but it is over: "
                              f"{error.message}") from None
    elif status != game.status:
        raise BackupError(f"{where} is marked {STATUS_LABELS[status].lower()}, but its "
                          f"{rules.entry_noun}s make it {game.status_label.lower()}.")
    return game


def find(roster: dict[str, Player], name: Any, where: str) -> Player:
    player = roster.get(text.name_key(name)) if isinstance(name, str) else None
    if player is None:
        raise BackupError(f"{where} names {reprlib.repr(name)}, who is not in the player "
                          "list.")
    return player


def need(doc: dict, key: str, kind: type, where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind):
        what = {list: "a list", dict: "a set of settings", str: "text"}[kind]
        raise BackupError(f"{where} has no “{key}” ({what}).")
    return value
