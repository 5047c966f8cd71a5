"""A game, or a night with its games, read whole and all of one moment: each is read again
if a game changed while it was read (companion/locks.py, `steady`)."""

from sqlalchemy.orm import joinedload, selectinload

from .. import locks
from ..backup import night_options
from ..extensions import db
from ..models import Game, Night

# a game with everything its pad shows: its night, its seats, its entries (one statement
# built once: keying a new one on every request cost a millisecond)
GAME_WHOLE = (db.select(Game).where(Game.id == db.bindparam("game"))
              .options(joinedload(Game.night), selectinload(Game.seats),
                       selectinload(Game.entries))
              .execution_options(populate_existing=True))


def whole_game(game_id: int) -> Game | None:
    """A game with everything its pad shows, in as few queries as the database allows;
    None if there is no such game."""
    return locks.steady_game(lambda: db.session.scalars(GAME_WHOLE, {"game": game_id})
                             .unique().one_or_none())


def whole_night(night_id: int) -> Night | None:
    """A night with its players, games, seats and entries (an export's); None if there is
    no such night."""
    return locks.steady(lambda: db.session.get(Night, night_id, populate_existing=True,
                                               options=night_options()),
                        Game.night_id == night_id)
