"""A game, or a night with its games, read whole and all of one moment: each is read again
if a game changed while it was read (companion/locks.py, `steady`)."""

from itertools import groupby

from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from .. import locks
from ..extensions import db
from ..models import Entry, Game, Night, Player, Seat, night_players

# a game with everything its pad shows, in three statements built once (keying a new one,
# as selectinload does for each collection, cost more than running it): the game with its
# night, its seats (each with its player), its entries
GAME = (db.select(Game).where(Game.id == db.bindparam("game")).options(joinedload(Game.night))
        .execution_options(populate_existing=True))
SEATS = (db.select(Seat).where(Seat.game_id == db.bindparam("game")).order_by(Seat.seat)
         .execution_options(populate_existing=True))
ENTRIES = (db.select(Entry).where(Entry.game_id == db.bindparam("game"))
           .order_by(Entry.position).execution_options(populate_existing=True))

# a night with its players, games, seats and entries, the same way: five statements, each
# collection in the order its relationship gives it
FRESH = {"populate_existing": True}
NIGHT = db.select(Night).where(Night.id == db.bindparam("night")).execution_options(**FRESH)
ATTENDEES = (db.select(Player).join(night_players, night_players.c.player_id == Player.id)
             .where(night_players.c.night_id == db.bindparam("night"))
             .order_by(night_players.c.position, Player.name).execution_options(**FRESH))
NIGHT_GAMES = (db.select(Game).where(Game.night_id == db.bindparam("night"))
               .order_by(Game.id).execution_options(**FRESH))
NIGHT_SEATS = (db.select(Seat).join(Game, Game.id == Seat.game_id)
               .where(Game.night_id == db.bindparam("night"))
               .order_by(Seat.game_id, Seat.seat).execution_options(**FRESH))
NIGHT_ENTRIES = (db.select(Entry).join(Game, Game.id == Entry.game_id)
                 .where(Game.night_id == db.bindparam("night"))
                 .order_by(Entry.game_id, Entry.position).execution_options(**FRESH))


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
    no such night. Its games are read before their seats and entries: the versions they
    were read with are the ones before those (locks.steady_read)."""
    return locks.steady_read(
        lambda: read_night(night_id),
        lambda night: {game.id: game.version for game in night.games},
        lambda night: dict(locks.run(locks.NIGHT_VERSIONS, {"night": night.id}).all()))


def read_night(night_id: int) -> Night | None:
    values = {"night": night_id}
    night = db.session.scalars(NIGHT, values).one_or_none()
    if night is None:
        return None
    set_committed_value(night, "attendees", db.session.scalars(ATTENDEES, values).all())
    games = db.session.scalars(NIGHT_GAMES, values).all()
    seats = by_game(db.session.scalars(NIGHT_SEATS, values))
    entries = by_game(db.session.scalars(NIGHT_ENTRIES, values))
    for game in games:
        set_committed_value(game, "night", night)
        set_committed_value(game, "seats", seats.get(game.id, []))
        set_committed_value(game, "entries", entries.get(game.id, []))
    set_committed_value(night, "games", games)
    return night


def by_game(rows) -> dict[int, list]:
    """Seats or entries, read in order of their game, by game."""
    return {game_id: list(group) for game_id, group in groupby(rows, lambda row: row.game_id)}
