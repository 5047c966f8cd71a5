"""The score sheet a replay produces, and its numbers made JSON-safe."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass
class Sheet:
    """The score sheet a replay produces. Per-kind figures live in `extra`."""

    kind: str
    players: list[str]
    options: dict[str, Any]
    totals: dict[str, Any]
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    # running totals after each entry, oldest first (for charts and stats)
    progress: list[dict[str, Any]] = field(default_factory=list)
    # the totals before the first entry (a chart's first point)
    start: dict[str, Any] = field(default_factory=dict)
    # {position: the sheet as it stood before that entry, as to_dict says it} for the
    # positions a replay was asked to keep
    kept: dict[int, dict[str, Any]] = field(default_factory=dict)
    _dict: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON-safe data; built once, so treat it as read-only."""
        if self._dict is None:
            self._dict = {
                "kind": self.kind,
                "players": list(self.players),
                "options": dict(self.options),
                "totals": json_number_dict(self.totals),
                "finished": self.finished,
                "winners": list(self.winners),
                # json_safe builds new containers all the way down
                **json_safe(self.extra),
            }
        return self._dict


def json_number(value: Any) -> Any:
    """Fractions become an int when whole, else a float (results against an average)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def json_number_dict(values: dict[str, Any]) -> dict[str, Any]:
    return {k: json_number(v) for k, v in values.items()}


def json_safe(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return json_number(value)
