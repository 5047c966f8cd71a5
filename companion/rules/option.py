"""One per-game setting of a kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import Counted, RuleError, Term, Terms, is_int


@dataclass(frozen=True)
class Option:
    """One per-game setting: how it is stored, what the table reads, what it defaults to."""

    key: str
    # what the table reads: a Term, as is every choice's name
    label: Term
    default: Any
    # "bool", "int", "choice" or "text" (whose `maximum` is its length)
    type: str = "bool"
    minimum: int | None = None
    maximum: int | None = None
    # None is a value too ("no target")
    optional: bool = False
    choices: tuple[tuple[str, Term], ...] = ()
    # the value for a game stored before the setting existed (a backup that lacks it)
    before: Any = None

    def check(self, value: Any) -> Any:
        label = self.label
        if value is None and self.optional:
            return value
        if self.type == "text":
            if not isinstance(value, str):
                raise RuleError("The setting “{label}” must be text.", label=label)
            if self.maximum is not None and len(value) > self.maximum:
                # TRANSLATORS: {label} is a setting's label as the game's form shows it
                raise Counted("Keep “{label}” to {count} character.",
                              "Keep “{label}” to {count} characters.", label=label,
                              count=self.maximum)
        elif self.type == "bool":
            if not isinstance(value, bool):
                raise RuleError("The setting “{label}” must be on or off.", label=label)
        elif self.type == "int":
            if not is_int(value):
                raise RuleError("The setting “{label}” must be a whole number.", label=label)
            if self.minimum is not None and value < self.minimum:
                raise RuleError("The setting “{label}” must be at least {least}.", label=label,
                                least=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise RuleError("The setting “{label}” must be at most {most}.", label=label,
                                most=self.maximum)
        elif self.type == "choice":
            # compared one by one: a list or dict as the value must not break a set lookup
            if not any(value == key for key, _ in self.choices):
                # TRANSLATORS: {choices} lists the setting's choices, separated by commas
                raise RuleError("The setting “{label}” must be one of: {choices}.",
                                label=label, choices=Terms(name for _, name in self.choices))
        return value

    def describe(self, value: Any) -> str:
        """The value as the score sheet shows it: a Term ("on", "off", "none", a choice's
        name) or plain text (a number, a name the table typed)."""
        if value is None or value == "":
            # TRANSLATORS: a setting's value on a score sheet: no target, no name ...
            return Term("none")
        if self.type == "bool":
            # TRANSLATORS: a setting's value on a score sheet (a rule in use or not)
            return Term("on") if value else Term("off")
        if self.type == "choice":
            return dict(self.choices).get(value, str(value))
        return str(value)
