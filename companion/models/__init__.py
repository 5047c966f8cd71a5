"""Players, nights, games and the entries that are the games' only record.

One module per part, every name importable from here (`from companion.models import Game`):
  groups.py  a group, the phones that joined it, its players and its nights
  games.py   a night's games: their seats, their entries and the players' records
  taps.py    what phones' taps leave behind: answers to repeated taps, the limits' counts
  base.py    what they share: the clock, and each SQLite connection's settings
"""

from ..outcome import ABANDONED, FINISHED, IN_PROGRESS
from .base import now_utc, sqlite_pragmas
from .games import (STATUS_LABELS, Entry, Game, PlayerRecord, Seat, new_version,
                    new_watch_token)
from .groups import (GROUP_NAME_MAX, NAME_MAX, Group, Member, Night, Player, new_token,
                     night_players)
from .taps import MESSAGE_MAX, Submission, Tally

__all__ = [
    "ABANDONED", "FINISHED", "IN_PROGRESS", "GROUP_NAME_MAX", "MESSAGE_MAX", "NAME_MAX",
    "STATUS_LABELS", "Entry", "Game", "Group", "Member", "Night", "Player", "PlayerRecord",
    "Seat", "Submission", "Tally", "new_token", "new_version", "new_watch_token",
    "night_players", "now_utc", "sqlite_pragmas",
]
