"""What the rules refuse, as sentences the app can say in any language.

A refusal carries its English sentence as a message key, with named places
("{player} cannot score {points} in {row}."), and the values of those places. `str(error)`
is the English sentence; the app (companion/i18n.py) looks the key up in the reader's
catalog and fills the same places. The places hold players' names as they are, numbers,
`Term`s (words of the rules: a row's name, a kind's title, which the app translates) and
`Names` (a list of players, joined with the language's "and").

The keys are gathered by `pybabel extract` (babel.cfg names `RuleError`, `Counted` and
`Term` and `Message` as keywords), so nothing here imports a translation library.
"""

from __future__ import annotations

from typing import Any


class Term(str):
    """A word of the rules that a page or a sentence shows in the reader's language:
    a kind's title, a row's name, a setting's label. It is the English word."""

    __slots__ = ()


class Names(tuple):
    """Players named together in a sentence: "Ann, Ben and Cid" in English."""

    def __str__(self) -> str:
        names = list(self)
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Terms(tuple):
    """Words of the rules listed in a sentence (a setting's choices): "a, b, c"."""

    def __str__(self) -> str:
        return ", ".join(self)


class Message:
    """A sentence of the rules said to the table without refusing anything (a setup's
    advice, an entry's name: "round 4"): its English key with {named} places, and their
    values. `str()` is the English sentence; the app says it with companion.i18n.sentence."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params

    @property
    def template(self) -> str:
        return self.key

    @property
    def message(self) -> str:
        """The English sentence."""
        if not self.params:
            return self.template
        return self.template.format(**{k: str(v) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.message

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


class RuleError(Message, Exception):
    """A setup or an entry that breaks the rules, said as a sentence for the table.

    `key` is the English sentence with {named} places, and `params` their values.
    `index` is the position of the first bad entry (None for a bad setup);
    `player` names the player the problem is about, when there is one, and `field` the part
    of the entry ("score", "bid", "grid.4" for a grid's fifth cell ...), so that a form can
    show the message next to the field it concerns; it also fills the sentence's {player}.
    `others`: the refusals about the other players of the same entry, found with this one
    (`each`), so that a form says them all at once; the first is the one raised.
    """

    def __init__(self, key: str, index: int | None = None, player: str | None = None,
                 field: str | None = None, **params: Any):
        # the player the refusal is about is its {player} place, when the sentence has one
        Message.__init__(self, key, **({} if player is None else {"player": player}), **params)
        self.index = index
        self.player = player
        self.field = field
        self.others: tuple[RuleError, ...] = ()
        Exception.__init__(self, self.message)

    __str__ = Message.__str__
    __hash__ = Exception.__hash__

    def __eq__(self, other) -> bool:
        return self is other


class Counted(RuleError):
    """A refusal whose sentence depends on a number, `count`: "{count} card" or
    "{count} cards" in English, as many forms as a language has in its catalog."""

    def __init__(self, key: str, plural: str, index: int | None = None,
                 player: str | None = None, field: str | None = None, **params: Any):
        self.plural = plural
        super().__init__(key, index=index, player=player, field=field, **params)

    @property
    def template(self) -> str:
        return self.key if self.params["count"] == 1 else self.plural


def each(items: Any, read: Any) -> dict:
    """`read(item)` of every item (each player's part of an entry), as {item: result}; the
    refusals of all of them gathered: the first is raised, the others on it (`others`)."""
    results, refused = {}, []
    for item in items:
        try:
            results[item] = read(item)
        except RuleError as error:
            refused.append(error)
    if refused:
        refused[0].others = tuple(refused[1:])
        raise refused[0]
    return results


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
