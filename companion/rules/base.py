"""The shared machinery of every game kind: errors, options, the sheet and replay.

Pure python: plain data in, plain data out. A kind module subclasses `Rules` and
implements `start`, `apply`, `totals`, `winners` and `extra`; `Rules.replay` does the
rest (setup checks, the per-entry loop, error positions, the end of the game).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


class RuleError(Exception):
    """A setup or an entry that breaks the rules, said as a sentence for the table.

    `index` is the position of the first bad entry (None for a bad setup);
    `player` names the player the problem is about, when there is one, so a form
    can show the message next to that player's fields.
    """

    def __init__(self, message: str, index: int | None = None, player: str | None = None):
        super().__init__(message)
        self.message = message
        self.index = index
        self.player = player

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Option:
    """One per-game setting: how it is stored, what the table reads, what it defaults to."""

    key: str
    label: str
    default: Any
    # "bool", "int" or "choice"
    type: str = "bool"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str], ...] = ()

    def check(self, value: Any) -> Any:
        if self.type == "bool":
            if not isinstance(value, bool):
                raise RuleError(f"The setting “{self.label}” must be on or off.")
        elif self.type == "int":
            if not is_int(value):
                raise RuleError(f"The setting “{self.label}” must be a whole number.")
            if self.minimum is not None and value < self.minimum:
                raise RuleError(f"The setting “{self.label}” must be at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise RuleError(f"The setting “{self.label}” must be at most {self.maximum}.")
        elif self.type == "choice":
            # compared one by one: a list or dict as the value must not break a set lookup
            if not any(value == key for key, _ in self.choices):
                names = ", ".join(label for _, label in self.choices)
                raise RuleError(f"The setting “{self.label}” must be one of: {names}.")
        return value

    def describe(self, value: Any) -> str:
        """The value as the score sheet shows it."""
        if self.type == "bool":
            return "on" if value else "off"
        if self.type == "choice":
            return dict(self.choices).get(value, str(value))
        return str(value)


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
    _dict: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def __getitem__(self, key: str) -> Any:
        return self.extra[key]

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


class Rules:
    """One game kind. Subclasses set the class attributes and the five hooks."""

    kind: str = ""
    title: str = ""
    blurb: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # what an entry is called at the table: "round", "turn", "hand", "challenge"
    entry_noun: str = "entry"
    # what "best" means for player statistics: "high" total, "low" total, or "wins"
    best: str = "low"
    # where entry documents name players: plain keys, and keys of dicts keyed by player
    player_keys: tuple[str, ...] = ()
    player_maps: tuple[str, ...] = ()

    @property
    def default_options(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return self.min_players, self.max_players

    def setup_warnings(self, players: list[str], options: dict[str, Any]) -> list[str]:
        """Advice the table should see at setup, without refusing the game."""
        return []

    # -- hooks for the kind modules --------------------------------------------

    def start(self, players: list[str], options: dict[str, Any]) -> Any:
        """Return a fresh mutable state with a boolean attribute `finished`."""
        raise NotImplementedError

    def apply(self, state: Any, entry: dict[str, Any]) -> None:
        """Check one entry document and fold it into the state, or raise RuleError."""
        raise NotImplementedError

    def totals(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def winners(self, state: Any) -> list[str]:
        raise NotImplementedError

    def extra(self, state: Any) -> dict[str, Any]:
        return {}

    # -- the shared part ---------------------------------------------------------

    def check_setup(self, players: Any, options: Any) -> tuple[list[str], dict[str, Any]]:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RuleError("The game's settings are not readable.")
        known = {option.key: option for option in self.options}
        for key in options:
            if key not in known:
                raise RuleError(f"{self.title} has no setting called “{brief(str(key))}”.")
        merged = {key: known[key].check(options.get(key, option.default))
                  for key, option in known.items()}
        if not isinstance(players, (list, tuple)) or not all(
                isinstance(p, str) and p.strip() for p in players):
            raise RuleError("Players must be a list of names.")
        players = list(players)
        if len({p.casefold() for p in players}) != len(players):
            raise RuleError("Each player can sit at the table only once.")
        low, high = self.player_range(merged)
        if not low <= len(players) <= high:
            raise RuleError(f"{self.title} needs {low} to {high} players, not {len(players)}.")
        return players, merged

    def replay(self, players: Any, options: Any = None, entries: Any = ()) -> Sheet:
        players, options = self.check_setup(players, options)
        if not isinstance(entries, (list, tuple)):
            raise RuleError("The entries must be a list.")
        state = self.start(players, options)
        progress = []
        for index, entry in enumerate(entries):
            try:
                if state.finished:
                    raise RuleError(f"The game is over: no {self.entry_noun} can be added.")
                if not isinstance(entry, dict):
                    raise RuleError(f"This {self.entry_noun} is not readable.")
                self.apply(state, entry)
            except RuleError as error:
                error.index = index
                raise
            progress.append(dict(self.totals(state)))
        return Sheet(
            kind=self.kind,
            players=players,
            options=options,
            totals=self.totals(state),
            finished=state.finished,
            winners=self.winners(state) if state.finished else [],
            extra=self.extra(state),
            progress=progress,
        )

    def rename(self, entry: dict[str, Any], old: str, new: str) -> dict[str, Any]:
        """A copy of an entry document with one player's label changed."""
        renamed = copy.deepcopy(entry)
        for key in self.player_keys:
            if renamed.get(key) == old:
                renamed[key] = new
        for key in self.player_maps:
            if isinstance(renamed.get(key), dict) and old in renamed[key]:
                renamed[key] = {new if k == old else k: v for k, v in renamed[key].items()}
        return renamed

    def describe_options(self, options: dict[str, Any]) -> list[tuple[str, str]]:
        """(label, value) pairs for showing a game's settings on its sheet."""
        merged = {**self.default_options, **(options or {})}
        return [(o.label, o.describe(merged[o.key])) for o in self.options]


# -- small helpers the kind modules share ------------------------------------------


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def need_player(doc: dict, key: str, players: list[str], what: str = "player") -> str:
    """The player named by doc[key], or a RuleError that says what is wrong."""
    name = doc.get(key)
    if not isinstance(name, str) or not name:
        raise RuleError(f"Say which player is the {what}.")
    if name not in players:
        raise RuleError(f"{brief(name)} is not playing in this game.")
    return name


def brief(text: str, most: int = 40) -> str:
    """Text from a document quoted in a sentence, cut short: a document may hold anything."""
    return text if len(text) <= most else text[:most - 1] + "…"


def check_fields(doc: dict, known: Any, what: str, player: str | None = None,
                 field: str = "field") -> None:
    """Refuse the first key of `doc` not in `known`; `what` names the document ("Ben's hand")."""
    for key in doc:
        if key not in known:
            raise RuleError(f"{what} has no {field} called “{brief(str(key))}”.",
                            player=player)


def need_int(value: Any, message: str, player: str | None = None) -> int:
    if not is_int(value):
        raise RuleError(message, player=player)
    return value


def lowest(totals: dict[str, Any]) -> list[str]:
    best = min(totals.values())
    return [p for p, t in totals.items() if t == best]


def highest(totals: dict[str, Any]) -> list[str]:
    best = max(totals.values())
    return [p for p, t in totals.items() if t == best]


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
