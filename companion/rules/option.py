"""One per-game setting of a kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RuleError, is_int


@dataclass(frozen=True)
class Option:
    """One per-game setting: how it is stored, what the table reads, what it defaults to."""

    key: str
    label: str
    default: Any
    # "bool", "int", "choice" or "text" (whose `maximum` is its length)
    type: str = "bool"
    minimum: int | None = None
    maximum: int | None = None
    # None is a value too ("no target")
    optional: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    # the value for a game stored before the setting existed (a backup that lacks it)
    before: Any = None

    def check(self, value: Any) -> Any:
        if value is None and self.optional:
            return value
        if self.type == "text":
            if not isinstance(value, str):
                raise RuleError(f"The setting “{self.label}” must be text.")
            if self.maximum is not None and len(value) > self.maximum:
                raise RuleError(f"Keep “{self.label}” to {self.maximum} characters.")
        elif self.type == "bool":
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
        if value is None or value == "":
            return "none"
        if self.type == "bool":
            return "on" if value else "off"
        if self.type == "choice":
            return dict(self.choices).get(value, str(value))
        return str(value)
