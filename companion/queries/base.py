"""What every query module shares: the tables' columns, and the one pager."""

import math
from dataclasses import dataclass

from ..extensions import db
from ..models import Game, Night, Player, PlayerRecord, Seat, night_players

NIGHT, GAME, SEAT, PLAYER, RECORD = (t.c for t in (
    Night.__table__, Game.__table__, Seat.__table__, Player.__table__, PlayerRecord.__table__))
ATTENDANCE = night_players.c


@dataclass
class Page:
    """One page of a list, as the pager shows it (the fields of Flask-SQLAlchemy's)."""

    items: list
    page: int
    pages: int
    total: int

    @property
    def has_prev(self):
        return self.page > 1

    @property
    def has_next(self):
        return self.page < self.pages

    @property
    def prev_num(self):
        return self.page - 1 if self.has_prev else None

    @property
    def next_num(self):
        return self.page + 1 if self.has_next else None


def paged(items, count, values: dict, number: int, per_page: int) -> Page:
    """Page `number` of the rows of `items` (a statement with :limit and :offset), counted
    by `count` first: a page past the end shows the last one, as a stale link expects."""
    total = db.session.execute(count, values).scalar_one()
    pages = math.ceil(total / per_page)
    number = min(number, max(pages, 1))
    rows = db.session.execute(items, {**values, "limit": per_page,
                                      "offset": (number - 1) * per_page}).all()
    return Page(rows, number, pages, total)
