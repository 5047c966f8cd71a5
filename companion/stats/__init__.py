"""Looking back: night recaps and player statistics, generic over every kind in GAMES.

Nothing here replays a game. Lists and statistics read `Game.summary` (the totals,
the end and the winners of the last replay), which the services rebuild on every
change, so a correction shows up here at once.

  nights.py   a night's recap, and the groups of games a players' group played
  players.py  a player's figures per kind and group, their places, their nights
  meetings.py two players head to head
"""

from .nights import (GameRecap, Group, NightRecap, Standing, game_groups, headline, night_recap,
                     result_text, standings, status_notes)
from .meetings import HeadToHead, Meeting, head_to_head
from .players import (BEST_LABELS, RECENT_FORM, RECENT_NIGHTS, RECORDS, KindStats,
                      NightPlayed, PlayerStats, Result, figures, kind_title, lost_text, ordinal,
                      over_time, place_text, player_stats, recent_nights, won_text)

__all__ = [
    "BEST_LABELS", "RECENT_FORM", "RECENT_NIGHTS", "RECORDS", "GameRecap",
    "Group", "HeadToHead", "KindStats", "Meeting", "NightPlayed", "NightRecap", "PlayerStats",
    "Result", "Standing", "figures", "head_to_head", "over_time", "result_text",
    "game_groups", "headline", "kind_title", "lost_text", "night_recap", "ordinal",
    "place_text", "player_stats", "recent_nights", "standings", "status_notes", "won_text",
]
