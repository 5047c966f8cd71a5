"""Groups and the phones that joined them: the access side of the services.

A phone is a member of a group once it opened the group's invite link. Its cookie holds the
phone's secret (companion/once.py); each of its memberships keeps the secret's digest, so
a phone in any number of groups has one small cookie. Every request reads the phone's
memberships from these rows, so a new invite or a sign-out takes effect at once on every
worker.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from sqlalchemy import delete, select, update

from .. import locks, queries, text, told
from ..extensions import db
from ..i18n import lazy_gettext
from ..models import GROUP_NAME_MAX, Group, Member, new_token, now_utc
from ..once import digest
from .errors import ServiceError

# the name a group starts with when the one tap does not give one, in the language of the
# phone that started it (then it is the group's name, never translated again)
FIRST_GROUP_NAME = lazy_gettext("Our game nights")


@dataclass(frozen=True)
class Membership:
    """One of a phone's groups."""

    member_id: int
    group_id: int
    name: str


def clean_group_name(name: str | None) -> str:
    name = text.clean(name or "")
    if len(name) > GROUP_NAME_MAX:
        raise ServiceError(told.group_name_too_long(GROUP_NAME_MAX))
    return name or str(FIRST_GROUP_NAME)


def new_group(name: str | None) -> Group:
    """A group with its invite and no phone in it yet (`flask groups --start`, a restore)."""
    group = Group(name=clean_group_name(name), invite=new_token())
    db.session.add(group)
    db.session.flush()
    return group


def start_group(name: str | None, phone: str) -> Membership:
    """A new group, with this phone (its digest) as its first member."""
    return add_member(new_group(name), phone)


def add_member(group: Group, phone: str) -> Membership:
    """A phone joins (once, however many taps): the membership, as plain values (the row
    may be deleted by another phone's sign-out the moment this commits)."""
    locks.insert_new(Member.__table__, ["group_id", "phone"], group_id=group.id, phone=phone,
                     created_at=now_utc())
    member_id = db.session.scalar(select(Member.id).where(Member.group_id == group.id,
                                                          Member.phone == phone))
    return Membership(member_id, group.id, group.name)


def invited(group_id: int, invite: str, held: bool = False) -> Group | None:
    """The group whose invite link this is, or None (an old link, a wrong one). `held`:
    the group's row is held first and read afresh, so that a new invite made at this
    moment (a sign-out of the other phones makes one) is the one compared."""
    if held:
        hold(group_id)
    group = db.session.get(Group, group_id, populate_existing=held)
    if group is None or not hmac.compare_digest(group.invite.encode(), invite.encode()):
        return None
    return group


def memberships(phone: str | None, named=(), values=None) -> tuple[list[Membership], list]:
    """A phone's groups, by its digest, in one query; with it the groups that own what the
    URL names (`named`: queries.OWNERS' keys, with their `values`), which are None when the
    phone is in no group."""
    if phone is None:
        return [], [None] * len(named)
    rows = locks.run(queries.memberships_with(tuple(named)),
                     {**(values or {}), "phone": phone}).all()
    proved = [Membership(member_id, group_id, name) for member_id, group_id, name, *_ in rows]
    return proved, list(rows[0][3:]) if rows else [None] * len(named)


def adopt(claims: dict[int, str], phone: str) -> None:
    """Memberships from before phones had a secret (migration 0013), each proved by its own
    secret from the cookie, become this phone's; one whose group the phone is already in
    goes."""
    rows = db.session.execute(select(Member.id, Member.group_id, Member.secret_digest).where(
        Member.id.in_(claims), Member.phone.is_(None))).all()
    mine = set(db.session.scalars(select(Member.group_id).where(Member.phone == phone)))
    for member_id, group_id, kept in rows:
        if not (kept and hmac.compare_digest(kept.encode(), digest(claims[member_id]).encode())):
            continue
        if group_id in mine:
            db.session.execute(delete(Member).where(Member.id == member_id))
        else:
            db.session.execute(update(Member).where(Member.id == member_id)
                               .values(phone=phone, secret_digest=None))
            mine.add(group_id)


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
    """Every phone of the group but this one has to join again, with a new invite made in
    the same transaction (a phone signed out could otherwise join again with the old one,
    or read the new one as it is made): how many were signed out. Two phones asking at
    once: the first signs the second out, which is then told so."""
    hold(group_id)
    if db.session.get(Member, member_id, populate_existing=True) is None:
        raise ServiceError(told.signed_out_meanwhile())
    new_invite(group_id)
    return db.session.execute(delete(Member).where(
        Member.group_id == group_id, Member.id != member_id)).rowcount


def leave(member_id: int) -> None:
    db.session.execute(delete(Member).where(Member.id == member_id))


def rename_group(group_id: int, name: str) -> None:
    db.session.execute(update(Group).where(Group.id == group_id)
                       .values(name=clean_group_name(name)))
