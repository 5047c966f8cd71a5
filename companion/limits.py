"""How much one phone may create in a while: groups, nights, players, invites.

Anyone can reach a hosted server, and one client could start thousands of groups a minute.
Each creating action counts against its phone (and starting a group, which a phone with no
cookie can do, and joining one, which makes a new phone, against its network address) in a
fixed window of time; past the limit the action is refused with a sentence, and nothing is
created.

The counts live in the database (`Tally`), in the action's own transaction: every worker and
machine counts together, a refused or failed action counts nothing, and the embedded install
needs no other server. (Flask-Limiter keeps its counts in memory per process, or in Redis or
Memcached, which the one-command install does not have.)
"""

from __future__ import annotations

import ipaddress
import time

from flask import current_app, request
from sqlalchemy import delete

from . import locks, once, told
from .extensions import db
from .models import Tally
from .services.errors import ServiceError

# action: (how many, in how many seconds) for one phone; a person at a table never gets near
PER_PHONE = {"group": (5, 60), "night": (10, 60), "player": (40, 60), "invite": (10, 60)}
# action: (how many, in how many seconds) for one network address, whatever the phone: a
# phone with no cookie starts groups, and a join makes a new phone (each new phone could
# start its own nights)
PER_ADDRESS = {"group": (30, 3600), "join": (60, 3600)}


class Limited(ServiceError):
    """Too many of one action in too short a time: nothing was created."""


def count(action: str) -> None:
    """Count one `action` of this phone (and address); raises Limited past a limit."""
    limits = current_app.config.get("CREATE_LIMITS", {})
    checks = []
    if action in PER_PHONE:
        checks.append((f"{action}:{once.phone()[:32]}", limits.get(action, PER_PHONE[action]),
                       False))
    if action in PER_ADDRESS:
        checks.append((f"{action}@{network(request.remote_addr)}"[:100],
                       limits.get(action + "@", PER_ADDRESS[action]), True))
    now = int(time.time())
    db.session.execute(delete(Tally).where(Tally.expires < now))
    for key, (most, seconds), per_address in checks:
        if hit(key, now // seconds, (now // seconds + 1) * seconds) > most:
            raise Limited(told.limited(action, most, per_address))


def network(address: str | None) -> str:
    """What one client's address is counted as: an IPv4 address, or an IPv6 address's /64
    (one home or phone is given a whole /64)."""
    try:
        found = ipaddress.ip_address(address or "")
    except ValueError:
        return str(address)
    if found.version == 6 and found.ipv4_mapped:
        # an IPv4 client of a server listening on both ([::]): its own IPv4 address
        return str(found.ipv4_mapped)
    if found.version == 6:
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)


def hit(key: str, window: int, expires: int) -> int:
    """Add one to the key's count in this window; the count now."""
    table = Tally.__table__
    statement = (locks.dialect().insert(table).values(key=key, window=window, count=1, expires=expires)
                 .on_conflict_do_update(index_elements=["key", "window"],
                                        set_={"count": table.c.count + 1})
                 .returning(table.c.count))
    return db.session.execute(statement).scalar_one()
