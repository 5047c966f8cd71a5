"""The shared machinery of every game kind: errors, options, the sheet and replay.

Pure python: plain data in, plain data out. A kind module subclasses `Rules` and
implements `start`, `apply`, `totals`, `winners` and `extra`; `Rules.replay` does the
rest (setup checks, the per-entry loop, error positions, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# the kind modules take the sentence types from here too
from .errors import Counted, Message, Names, RuleError, Term, each, is_int  # noqa: F401
from .option import Option
from .sheet import Sheet, json_safe

# the most entries one game holds: a score sheet longer than any table plays, which keeps
# every replay (linear in its entries) short
MAX_ENTRIES = 2000


class Rules:
    """One game kind. Subclasses set the class attributes and the five hooks."""

    kind: str = ""
    # the words of a kind a page shows: each kind sets them as Terms, said in the
    # reader's language
    title: str = ""
    blurb: str = ""
    # the kind as a sentence names it ("the card game to 500"); the title when empty
    phrase: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # what an entry is called at the table: "round", "turn", "hand", "challenge"
    # TRANSLATORS: what one entry of a game's score sheet is called, when no better word fits
    entry_noun: Term = Term("entry")
    # what "best" means for player statistics: "high" total, "low" total, or "wins"
    best: str = "low"
    # where entry documents name players: plain keys, and keys of dicts keyed by player
    player_keys: tuple[str, ...] = ()
    player_maps: tuple[str, ...] = ()

    def entry_name(self, docs: list[dict], position: int) -> Message:
        """How the table calls the entry at `position` of `docs` (entries naming players),
        as a message says it: "round 4". A kind numbered otherwise says so."""
        # TRANSLATORS: an entry of a score sheet by its number, said inside a sentence
        # ("This change would make entry 4 ...") and, capitalised, as a heading
        return Message("entry {number}", number=position + 1)

    def game_over(self) -> RuleError:
        """The refusal of an entry after the end of the game, in the kind's words."""
        return RuleError("The game is over: no entry can be added.")

    def unreadable(self) -> RuleError:
        """The refusal of an entry that is not a document at all, in the kind's words."""
        return RuleError("This entry is not readable.")

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
        """The group as the pages name it: a Term (the kind's title), or a name the table
        typed (the plain pad's game name), plain text that is never translated."""
        return self.title

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return self.min_players, self.max_players

    def setup_warnings(self, players: list[str], options: dict[str, Any]) -> list[Message]:
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
                # TRANSLATORS: {title} is the name of a kind of game ("Dice poker", "Skull");
                # {name} is a word from a stored game, quoted as it is
                raise RuleError("{title} has no setting called “{name}”.", title=self.title,
                                name=brief(str(key)))
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
            # TRANSLATORS: {title} is the name of a kind of game ("Dice poker", "Skull")
            raise RuleError("{title} needs {low} to {high} players, not {count}.",
                            title=self.title, low=low, high=high, count=len(players))
        return players, merged

    def replay(self, players: Any, options: Any = None, entries: Any = (),
               keep: tuple[int, ...] = ()) -> Sheet:
        """The sheet of `entries`; `keep`: positions at which the sheet as it stood before
        that entry is kept too (`Sheet.kept`), so that a page about one entry (a correction)
        needs no second replay of the entries up to it."""
        players, options = self.check_setup(players, options)
        if not isinstance(entries, (list, tuple)):
            raise RuleError("The entries must be a list.")
        state = self.start(players, options)
        start, progress, kept = dict(self.totals(state)), [], {}
        for index, entry in enumerate([*entries, None]):
            if index in keep:
                kept[index] = self.moment(players, options, state)
            if index == len(entries):
                break
            try:
                if state.finished:
                    raise self.game_over()
                if index >= MAX_ENTRIES:
                    raise too_many_entries()
                if not isinstance(entry, dict):
                    raise self.unreadable()
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
            start=start,
            kept=kept,
        )

    def moment(self, players: list[str], options: dict[str, Any], state: Any) -> dict[str, Any]:
        """The sheet as it stands, as `Sheet.to_dict` says it (for `replay`'s `keep`)."""
        return json_safe({"kind": self.kind, "players": list(players), "options": dict(options),
                          "totals": self.totals(state), "finished": state.finished,
                          **self.extra(state)})

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

    def describe_options(self, options: dict[str, Any]) -> list[tuple[Term, str]]:
        """(label, value) pairs for showing a game's settings on its sheet: the label is a
        Term, the value a Term ("on", a choice's name) or plain text (a number, a name)."""
        merged = {**self.default_options, **(options or {})}
        return [(o.label, o.describe(merged[o.key])) for o in self.options]


class RoundRules(Rules):
    """A kind whose entries are rounds (any game, Skyjo, Wizard): its refusals say so."""

    def game_over(self) -> RuleError:
        return RuleError("The game is over: no round can be added.")

    def unreadable(self) -> RuleError:
        return RuleError("This round is not readable.")


# -- small helpers the kind modules share ------------------------------------------


def too_many_entries(index: int | None = None) -> Counted:
    """The refusal of an entry beyond the MAX_ENTRIES a game holds (`index`: its position)."""
    # TRANSLATORS: {count} is how many entries (rounds, hands, turns ...) a game's
    # score sheet holds at most: 2000
    return Counted("A score sheet holds at most {count} entry: start a new game to play on.",
                   "A score sheet holds at most {count} entries: start a new game to play "
                   "on.", index=index, count=MAX_ENTRIES)


def need_player(doc: dict, key: str, players: list[str],
                missing: Callable[[], RuleError]) -> str:
    """The player named by doc[key]; `missing()` makes the refusal when none is named
    ("Say which player is the finisher."), and a name not at the table is refused too.
    A refusal is made only when it is raised: every entry of every replay comes here."""
    name = doc.get(key)
    if not isinstance(name, str) or not name:
        raise missing()
    if name not in players:
        raise not_playing(name)
    return name


def not_playing(name: Any) -> RuleError:
    # TRANSLATORS: {name} is a player's name from a stored entry, quoted as it is
    return RuleError("{name} is not playing in this game.", name=brief(str(name)))


def brief(text: str, most: int = 40) -> str:
    """Text from a document quoted in a sentence, cut short: a document may hold anything."""
    return text if len(text) <= most else text[:most - 1] + "…"


def unknown_field(doc: dict, known: Any) -> str | None:
    """The first key of `doc` not in `known`, cut short for a sentence; None when every
    key is known. The caller refuses it in its own sentence ("Ben's hand has no field
    called “{name}”.")."""
    for key in doc:
        if key not in known:
            return brief(str(key))
    return None


def need_int(value: Any, refusal: Callable[[], RuleError]) -> int:
    """The value when it is a whole number, else the refusal `refusal()` makes is
    raised."""
    if not is_int(value):
        raise refusal()
    return value


def lowest(totals: dict[str, Any]) -> list[str]:
    best = min(totals.values())
    return [p for p, t in totals.items() if t == best]


def highest(totals: dict[str, Any]) -> list[str]:
    best = max(totals.values())
    return [p for p, t in totals.items() if t == best]
