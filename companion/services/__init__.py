"""The only place where the database meets the rules (see games.py for how)."""

from .errors import Conflict, ServiceError
from .games import (abandon, add_entry, changed_message, correct_entry, mark_abandoned,
                    replay, start_game, undo_last, write)
from .roster import (add_attendee, attending, clean_name, find_player,
                     get_or_create_player, join_night, remove_attendee, rename_player,
                     start_night)

__all__ = ["Conflict", "ServiceError", "abandon", "add_attendee", "add_entry",
           "attending", "changed_message", "clean_name", "correct_entry", "find_player",
           "get_or_create_player", "join_night", "mark_abandoned", "remove_attendee",
           "rename_player", "replay", "start_game", "start_night", "undo_last", "write"]
