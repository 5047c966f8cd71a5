"""Groups and the phones that joined them: the access side of the services.

A phone is a member of a group once it opened the group's invite link; its cookie holds
the member's id and secret (views/access.py), and the database only a digest of the
secret. Every request checks the cookie against these rows, so a new invite or a sign-out
takes effect at once on every worker.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from flask_babel import gettext, lazy_gettext, ngettext
from sqlalchemy import delete, select, update

from .. import text
from ..extensions import db
from ..models import GROUP_NAME_MAX, Group, Member, new_token
from .errors import ServiceError

# the name a group starts with when the one tap does not give one, in the language of the
# phone that started it (then it is the group's name, never translated again)
FIRST_GROUP_NAME = lazy_gettext("Our game nights")


@dataclass(frozen=True)
class Membership:
    """One of a phone's groups, as its cookie proved it."""

    member_id: int
    group_id: int
    name: str


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def clean_group_name(name: str | None) -> str:
    name = text.clean(name or "")
    if len(name) > GROUP_NAME_MAX:
        raise ServiceError(ngettext("Keep the group's name to %(num)d character.",
                                    "Keep the group's name to %(num)d characters.",
                                    GROUP_NAME_MAX))
    return name or str(FIRST_GROUP_NAME)


def new_group(name: str | None) -> Group:
    """A group with its invite and no phone in it yet (`flask groups --start`, a restore)."""
    group = Group(name=clean_group_name(name), invite=new_token())
    db.session.add(group)
    db.session.flush()
    return group


def start_group(name: str | None) -> tuple[Membership, str]:
    """A new group, with this phone as its first member: the membership and its secret."""
    return add_member(new_group(name))


def add_member(group: Group) -> tuple[Membership, str]:
    """A phone joins: what its cookie keeps, as plain values (the row may be deleted by
    another phone's sign-out the moment this commits)."""
    secret = new_token()
    member = Member(group_id=group.id, secret_digest=digest(secret))
    db.session.add(member)
    db.session.flush()
    return Membership(member.id, group.id, group.name), secret


def invited(group_id: int, invite: str) -> Group | None:
    """The group whose invite link this is, or None (an old link, a wrong one)."""
    group = db.session.get(Group, group_id)
    if group is None or not hmac.compare_digest(group.invite.encode(), invite.encode()):
        return None
    return group


def memberships(claims: dict[int, str], also=(), values=None) -> tuple[list[Membership], list]:
    """The groups that a phone's cookie claims, {member id: secret}, and proves, in one
    query; with it the scalar subqueries `also` (the owners of what a URL names) with
    their `values`, which are None when the phone proved nothing. A member that was signed
    out, or a secret that does not match, proves nothing."""
    if not claims:
        return [], [None] * len(also)
    rows = db.session.execute(
        select(Member.id, Member.group_id, Member.secret_digest, Group.name, *also)
        .join(Group, Group.id == Member.group_id).where(Member.id.in_(claims))
        .order_by(Group.name, Group.id), values or {}).all()
    proved = [Membership(member_id, group_id, name)
              for member_id, group_id, kept, name, *_ in rows
              if hmac.compare_digest(kept.encode(), digest(claims[member_id]).encode())]
    return proved, list(rows[0][4:]) if proved else [None] * len(also)


def new_invite(group_id: int) -> str:
    """Replace the group's invite: the old link stops working."""
    invite = new_token()
    db.session.execute(update(Group).where(Group.id == group_id).values(invite=invite))
    return invite


def hold(group_id: int) -> None:
    """Hold the group's row until the commit (an UPDATE that changes nothing): its changes
    to members happen one after the other, whatever worker they reach (SQLite's write
    lock, PostgreSQL's row lock), and what is read after this is what is there."""
    db.session.execute(update(Group).where(Group.id == group_id).values(invite=Group.invite))


def sign_out_others(group_id: int, member_id: int) -> int:
    """Every phone of the group but this one has to join again: how many were signed out.
    Two phones asking at once: the first signs the second out, which is then told so."""
    hold(group_id)
    if db.session.get(Member, member_id, populate_existing=True) is None:
        raise ServiceError(gettext("This phone was signed out on another phone a moment ago. "
                                   "Join again with the group's invite link."))
    return db.session.execute(delete(Member).where(
        Member.group_id == group_id, Member.id != member_id)).rowcount


def leave(member_id: int) -> None:
    db.session.execute(delete(Member).where(Member.id == member_id))


def rename_group(group_id: int, name: str) -> None:
    db.session.execute(update(Group).where(Group.id == group_id)
                       .values(name=clean_group_name(name)))
