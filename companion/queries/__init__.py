"""The queries the pages read, built once (the values are parameters): building and keying
a statement per request cost more than running it. Lists read rows, not objects, and are
paged by `base.paged`, the one pager. The views ask here, never the database themselves.
"""

from .base import Page, paged
from .games import whole_game, whole_night
from .history import group_players, history_page, night_rows
from .nights import (night_changes, night_tag_of, night_roster, night_with_games, nights_page,
                     recent_nights)
from .people import (OWNERS, exists, game_version, has_played, members, memberships_with,
                     roster, settings_of, watch_row)

__all__ = ["OWNERS", "Page", "exists", "game_version", "group_players", "has_played",
           "history_page", "members", "memberships_with", "night_changes", "night_roster",
           "night_rows", "night_tag_of", "night_with_games", "nights_page", "paged",
           "recent_nights", "roster", "settings_of", "watch_row", "whole_game", "whole_night"]
