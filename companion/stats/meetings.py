"""Head to head: two players' finished games together, and who of them did better."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..extensions import db
from ..models import FINISHED, Game, Night, Player, Seat
from ..rules import GAMES
from .players import kind_title

MEETINGS_READ = 200
MINE, THEIRS = db.aliased(Seat), db.aliased(Seat)
MEETINGS = (
    db.select(Game.id, Game.kind, Game.options, Game.group_key, Night.date,
              MINE.total.label("mine"), MINE.won.label("i_won"),
              THEIRS.total.label("theirs"), THEIRS.won.label("they_won"))
    .join(MINE, db.and_(MINE.game_id == Game.id, MINE.player_id == db.bindparam("player")))
    .join(THEIRS, db.and_(THEIRS.game_id == Game.id, THEIRS.player_id == db.bindparam("other")))
    .join(Night, Night.id == Game.night_id)
    .where(Game.status == FINISHED)
    .order_by(Game.id.desc()).limit(MEETINGS_READ))


@dataclass(frozen=True)
class Meeting:
    """One finished game two players sat at: who of them did better (1 the first, -1 the
    other, 0 level)."""

    game_id: int
    date: date
    title: str
    mine: object
    theirs: object
    better: int


@dataclass
class HeadToHead:
    other: Player
    # the games together, newest first (at most MEETINGS_READ)
    meetings: list[Meeting]
    # per kind or group: (title, ahead, behind, level), the kinds' order
    by_kind: list[tuple[str, int, int, int]]

    @property
    def ahead(self) -> int:
        return sum(m.better == 1 for m in self.meetings)

    @property
    def behind(self) -> int:
        return sum(m.better == -1 for m in self.meetings)

    @property
    def level(self) -> int:
        return sum(m.better == 0 for m in self.meetings)


def better(best: str, mine, theirs, i_won: bool, they_won: bool) -> int:
    """1 when the first did better, -1 the other, 0 level: a win beats no win; else the
    totals by the kind's idea of best ("high" or "low"); anything else is level."""
    if i_won != they_won:
        return 1 if i_won else -1
    if mine is None or theirs is None or mine == theirs or best not in ("high", "low"):
        return 0
    return 1 if (mine > theirs) == (best == "high") else -1


def head_to_head(player: Player, other: Player) -> HeadToHead:
    rows = db.session.execute(MEETINGS, {"player": player.id, "other": other.id}).all()
    meetings, tally = [], {}
    order = list(GAMES)
    for r in rows:
        rules = GAMES.get(r.kind)
        if rules is None:
            continue
        title = kind_title(r.kind, r.group_key, rules.group_title(r.options))
        meeting = Meeting(r.id, r.date, title, r.mine, r.theirs,
                          better(rules.best_for(r.options), r.mine, r.theirs, r.i_won,
                                 r.they_won))
        meetings.append(meeting)
        counts = tally.setdefault((order.index(r.kind), title), [0, 0, 0])
        counts[{1: 0, -1: 1, 0: 2}[meeting.better]] += 1
    by_kind = [(title, *counts) for (_, title), counts in sorted(tally.items())]
    return HeadToHead(other, meetings, by_kind)
