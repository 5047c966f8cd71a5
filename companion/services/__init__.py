"""The only place where the database meets the rules (see games.py for how)."""

from .errors import Conflict, ServiceError
from .games import (abandon, add_entry, correct_entry, delete_game, mark_abandoned, rematch,
                    replay, seating, start_game, twin_of, undo_last, write)
from .roster import (add_attendee, attending, clean_name, delete_night, find_player,
                     get_or_create_player, join_night, remove_attendee, remove_player,
                     rename_player, start_night)

__all__ = ["Conflict", "ServiceError", "abandon", "add_attendee", "add_entry",
           "attending", "clean_name", "correct_entry", "delete_game",
           "delete_night", "find_player", "get_or_create_player", "join_night",
           "mark_abandoned", "rematch", "remove_attendee", "remove_player", "rename_player",
           "replay", "seating", "start_game", "start_night", "twin_of", "undo_last", "write"]
