"""The only place where the database meets the rules (see games.py for how)."""

from .errors import Conflict, ServiceError
from .games import (abandon, add_entry, changed_message, correct_entry, delete_game,
                    mark_abandoned, rematch, replay, said, seating, start_game, undo_last,
                    write)
from .roster import (add_attendee, attending, clean_name, delete_night, find_player,
                     get_or_create_player, join_night, remove_attendee, remove_player,
                     rename_player, start_night)

__all__ = ["Conflict", "ServiceError", "abandon", "add_attendee", "add_entry",
           "attending", "changed_message", "clean_name", "correct_entry", "delete_game",
           "delete_night", "find_player", "get_or_create_player", "join_night",
           "mark_abandoned", "rematch", "remove_attendee", "remove_player", "rename_player",
           "replay", "said", "seating", "start_game", "start_night", "undo_last", "write"]
