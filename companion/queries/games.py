"""A game, or a night with its games, read whole and all of one moment: each is read again
if a game changed while it was read (companion/locks.py, `steady`)."""

from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from .. import locks
from ..backup import night_options
from ..extensions import db
from ..models import Entry, Game, Night, Seat

# a game with everything its pad shows, in three statements built once (keying a new one,
# as selectinload does for each collection, cost more than running it): the game with its
# night, its seats (each with its player), its entries
GAME = (db.select(Game).where(Game.id == db.bindparam("game")).options(joinedload(Game.night))
        .execution_options(populate_existing=True))
SEATS = (db.select(Seat).where(Seat.game_id == db.bindparam("game")).order_by(Seat.seat)
         .execution_options(populate_existing=True))
ENTRIES = (db.select(Entry).where(Entry.game_id == db.bindparam("game"))
           .order_by(Entry.position).execution_options(populate_existing=True))


def whole_game(game_id: int) -> Game | None:
    """A game with everything its pad shows, in as few queries as the database allows;
    None if there is no such game."""
    return locks.steady_game(lambda: read_game(game_id))


def read_game(game_id: int) -> Game | None:
    values = {"game": game_id}
    game = db.session.scalars(GAME, values).one_or_none()
    if game is not None:
        # the collections as the relationships order them, loaded as if by the ORM
        set_committed_value(game, "seats", db.session.scalars(SEATS, values).all())
        set_committed_value(game, "entries", db.session.scalars(ENTRIES, values).all())
    return game


def whole_night(night_id: int) -> Night | None:
    """A night with its players, games, seats and entries (an export's); None if there is
    no such night."""
    return locks.steady(lambda: db.session.get(Night, night_id, populate_existing=True,
                                               options=night_options()),
                        Game.night_id == night_id)
