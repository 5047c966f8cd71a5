"""What a replay means for the lists: pure, so the services, the restore and the demo derive
it one way and differ only in how they write it."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Sheet
from .rules.sheet import json_number

IN_PROGRESS, FINISHED, ABANDONED = "in_progress", "finished", "abandoned"


@dataclass(frozen=True)
class Outcome:
    # {"totals": [per seat], "winners": [seat, ...], "finished": bool}
    summary: dict
    entry_count: int
    status: str
    # (final total, won) per seat, for a finished game only: (None, False) otherwise
    seats: tuple[tuple[float | None, bool], ...]


def derive(sheet: Sheet, status: str = IN_PROGRESS) -> Outcome:
    """The summary, status and seat results of a replay; an abandoned game stays so."""
    if status != ABANDONED:
        status = FINISHED if sheet.finished else IN_PROGRESS
    totals = [json_number(sheet.totals[name]) for name in sheet.players]
    winners = [seat for seat, name in enumerate(sheet.players) if name in sheet.winners]
    seats = tuple((total, seat in winners) if status == FINISHED else (None, False)
                  for seat, total in enumerate(totals))
    return Outcome(summary={"totals": totals, "winners": winners, "finished": sheet.finished},
                   entry_count=len(sheet.progress), status=status, seats=seats)
