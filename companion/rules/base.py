"""The shared machinery of every game kind: errors, options, the sheet and replay.

Pure python: plain data in, plain data out. A kind module subclasses `Rules` and
implements `start`, `apply`, `totals`, `winners` and `extra`; `Rules.replay` does the
rest (setup checks, the per-entry loop, error positions, the end of the game).
"""

from __future__ import annotations

from typing import Any

from .errors import RuleError, is_int
from .option import Option
from .sheet import Sheet


class Rules:
    """One game kind. Subclasses set the class attributes and the five hooks."""

    kind: str = ""
    title: str = ""
    blurb: str = ""
    # the kind as a sentence names it ("the card game to 500"); the title when empty
    phrase: str = ""
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

    def entry_name(self, docs: list[dict], position: int) -> str:
        """How the table calls the entry at `position` of `docs` (entries naming players),
        as a message says it: "round 4". A kind numbered otherwise says so."""
        return f"{self.entry_noun} {position + 1}"

    @property
    def default_options(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def best_for(self, options: dict[str, Any]) -> str:
        """What "best" means for one game's statistics, by its settings."""
        return self.best

    def group(self, options: dict[str, Any]) -> str:
        """What statistics group this kind's games by, besides the kind: "" (the default)
        groups them all together; a kind may group by a setting (a game's name)."""
        return ""

    def group_title(self, options: dict[str, Any]) -> str:
        """The group as the pages name it."""
        return self.title

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

    def relabel(self, entry: Any, mapping: dict[str, str]) -> Any:
        """An entry document with the player labels in `mapping` swapped (the app stores
        seats and replays with names); anything unreadable is left for `apply` to refuse."""
        if not isinstance(entry, dict):
            return entry
        relabelled = dict(entry)
        for key in self.player_keys:
            value = relabelled.get(key)
            if isinstance(value, str) and value in mapping:
                relabelled[key] = mapping[value]
        for key in self.player_maps:
            value = relabelled.get(key)
            if isinstance(value, dict):
                relabelled[key] = {mapping.get(k, k) if isinstance(k, str) else k: v
                                   for k, v in value.items()}
        return relabelled

    def stored_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options as stored before some settings existed, with those settings as the game
        was played then (`Option.before`), so that it replays as it was played."""
        return {**{o.key: o.before for o in self.options
                   if o.before is not None and o.key not in options}, **options}

    def describe_options(self, options: dict[str, Any]) -> list[tuple[str, str]]:
        """(label, value) pairs for showing a game's settings on its sheet."""
        merged = {**self.default_options, **(options or {})}
        return [(o.label, o.describe(merged[o.key])) for o in self.options]


# -- small helpers the kind modules share ------------------------------------------


def and_list(names: list[str]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cid" """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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


def need_int(value: Any, message: str, player: str | None = None,
             field: str | None = None) -> int:
    if not is_int(value):
        raise RuleError(message, player=player, field=field)
    return value


def lowest(totals: dict[str, Any]) -> list[str]:
    best = min(totals.values())
    return [p for p, t in totals.items() if t == best]


def highest(totals: dict[str, Any]) -> list[str]:
    best = max(totals.values())
    return [p for p, t in totals.items() if t == best]
