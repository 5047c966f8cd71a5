"""A finished game handed to BG Stats, the play logger many board gamers keep.

BG Stats documents a link for creating a play from another app: its `createPlay.html`
page with the whole play as url-encoded JSON in `data`. Opening it on a phone with BG
Stats shows the play (game, date, players, scores, winners) in BG Stats' own import
screen, to be checked and saved there; without the app, the page says how to get it.
Nothing is sent from this server: it is a plain link.
"""

import json
from datetime import datetime, timezone
from urllib.parse import urlencode

from .i18n import shown
from .rules import GAMES

URL = "https://app.bgstatsapp.com/createPlay.html"
# how BG Stats knows this app across plays: the same in every language
SOURCE = "Game-night companion"


def play(game, sheet) -> dict:
    """The play in BG Stats' import format. The game and players carry ids of this app
    (`sourceGameId`, `sourcePlayerId`): BG Stats remembers what they were matched to, so
    Ann and "Skyjo" are matched once, not at every play."""
    rules = GAMES[game.kind]
    return {
        "sourceName": SOURCE,
        "sourcePlayId": str(game.id),
        # BG Stats reads the date and time in UTC
        "playDate": utc(game.created_at).strftime("%Y-%m-%d %H:%M:%S"),
        # a kind's title in the reader's language (BG Stats matches the game by its id),
        # the name a table typed as it is
        "game": {"name": shown(rules.group_title(game.options)),
                 "sourceGameId": ":".join(filter(None, (game.kind, game.group_key))),
                 "highestWins": rules.best_for(game.options) != "low",
                 "noPoints": False},
        "players": [{"name": seat.player.name, "sourcePlayerId": str(seat.player_id),
                     "score": sheet.totals[seat.player.name],
                     "winner": seat.player.name in sheet.winners}
                    for seat in game.seats],
    }


def utc(moment: datetime) -> datetime:
    # stored in UTC; the databases give it back without its zone
    return moment.astimezone(timezone.utc) if moment.tzinfo else moment


def play_url(game, sheet) -> str:
    data = json.dumps(play(game, sheet), ensure_ascii=False, separators=(",", ":"))
    return f"{URL}?{urlencode({'data': data})}"
