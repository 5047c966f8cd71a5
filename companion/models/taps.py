"""What phones' taps leave behind: the answer a repeated tap is given, and how many things
each phone created lately (the limits)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import now_utc

# the longest message a repeated tap is answered with (Submission.message)
MESSAGE_MAX = 200


class Submission(db.Model):
    """A tap that created something (a group, a night, a game) or removed it, by the
    one-time key the server gave its form (companion/once.py): a second tap is sent to what
    the first one did instead of doing it again, and only for the same phone, action and
    target (`scope`)."""

    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    # "<action>:<target>", with the phone's digest for a phone's own form
    scope: Mapped[str] = mapped_column(String(120))
    # the group it acted in: a restore that replaces the group forgets its taps
    group_id: Mapped[int | None]
    location: Mapped[str | None] = mapped_column(String(200))
    message: Mapped[str | None] = mapped_column(String(MESSAGE_MAX))
    created_at: Mapped[datetime] = mapped_column(default=now_utc, index=True)


class Tally(db.Model):
    """How many things one phone (or one address) created in one window of time: the
    limits of companion/limits.py, kept in the database so that every worker and machine
    counts together."""

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    # the window's number: whole seconds since the epoch divided by its length
    window: Mapped[int] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(default=0)
    # when the window is over and the row can go
    expires: Mapped[int] = mapped_column(index=True)
