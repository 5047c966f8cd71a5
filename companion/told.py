"""What the phones are told: every outcome of a change, said as a sentence in the reader's
language. The services and the views hand outcomes (what was made, what another phone did)
here; a kind's own words come from its registry entry (companion/kinds)."""

from __future__ import annotations

from . import text
from .i18n import and_list, gettext, ngettext, sentence, term
from .kinds.registry import KINDS
from .models import Game


def entry_name(game: Game, docs: list[dict], position: int) -> str:
    """The entry at `position` of `docs` by its name, capitalised: "Round 4"."""
    return text.capital(sentence(KINDS[game.kind].rules.entry_name(docs, position)))


def saved(game: Game, made: dict, docs: list[dict]) -> str:
    """An entry added, as the pad tells it ("Saved. Round 3: Ann 12, Ben 30."); a repeated
    tap, answered as the first was, names the entry only. `docs`: the entries before it."""
    entry = (KINDS[game.kind].tell(made["sheet"], docs + [made["named"]], made["position"])
             if "sheet" in made else entry_name(game, docs, made["position"]))
    # TRANSLATORS: entry is what was saved, as a sentence: "Round 3: Ann 12, Ben 30"
    return gettext("Saved. %(entry)s.", entry=entry)


def corrected(name: str) -> str:
    # TRANSLATORS: entry is the entry's name, capitalised: "Round 4"
    return gettext("%(entry)s corrected.", entry=name)


def undone(game: Game, made: dict, refilled: bool = False) -> str:
    """An undo, by what it removed ("Undone: Round 3: Ann 12, Ben 30."): `refilled` when
    its values went back into the form."""
    if "told" not in made:
        # TRANSLATORS: entry is what an entry is called, capitalised ("Round"), number
        # its number
        return gettext("%(entry)s %(number)s was removed.",
                       entry=text.capital(term(KINDS[game.kind].rules.entry_noun)),
                       number=made["position"] + 1)
    if refilled:
        # TRANSLATORS: entry is the entry undone, as a sentence: "Round 3: Ann 12, Ben 30"
        return gettext("Undone: %(entry)s. Its values are back in the form.",
                       entry=made["told"])
    return gettext("Undone: %(entry)s.", entry=made["told"])


def abandoned() -> str:
    return gettext("The game was abandoned. Its sheet stays in the night's history.")


def rematch(game: Game) -> str:
    # TRANSLATORS: game is the game's name ("Skyjo"), players who play it: "Ann, Ben and Cid"
    return gettext("Rematch: %(game)s with %(players)s, as before.",
                   game=term(game.title), players=and_list(game.players))


def deleted(game: Game) -> str:
    # TRANSLATORS: game is the game's name ("Skyjo"), players who played it: "Ann, Ben and Cid"
    return gettext("%(game)s with %(players)s was deleted.", game=term(game.title),
                   players=and_list(game.players))


def twin(told: str) -> str:
    # TRANSLATORS: entry is what another phone saved, as a sentence: "Round 3: Ann
    # 12, Ben 30"
    return gettext("Another phone already saved this: %(entry)s.", entry=told)


def sent_before(answer: str) -> str:
    return gettext("This form was saved already: %(answer)s Here is the sheet as it is now.",
                   answer=answer)


def changed(game: Game, last: dict | None) -> str:
    """What another phone did, as the refused phone is told it."""
    # TRANSLATORS: change is what another phone did, said as a clause: "Round 4 was saved
    # on another phone", "The game was abandoned on another phone"
    return gettext("%(change)s while you were on this page: here is the sheet as it is now.",
                   change=said(game, last))


def said(game: Game, last: dict | None) -> str:
    """What another phone did last, as a following phone is told it ("Round 4 was saved
    on another phone"): one whole sentence per action, in the reader's language."""
    last = last or {}
    action = last.get("action")
    if action == "abandon":
        return gettext("The game was abandoned on another phone")
    if action == "rename":
        # TRANSLATORS: old and new are a player's names before and after the rename
        return gettext("%(old)s was renamed %(new)s on another phone",
                       old=last.get("old"), new=last.get("new"))
    if action not in ("add", "undo", "correct"):
        return gettext("The score sheet changed on another phone")
    position = last.get("position") or 0
    docs = game.docs
    if last.get("doc") is not None:
        # the entry as the other phone made it: the entries read here may be from before
        docs = docs[:position] + [game.named(last["doc"])] + docs[position + 1:]
    name = entry_name(game, docs, position)
    if action == "add":
        # TRANSLATORS: entry is the entry's name, capitalised: "Round 4", "Ann's turn in
        # round 2"
        return gettext("%(entry)s was saved on another phone", entry=name)
    if action == "undo":
        # TRANSLATORS: entry is the entry's name, capitalised: "Round 4"
        return gettext("%(entry)s was removed on another phone", entry=name)
    # TRANSLATORS: entry is the entry's name, capitalised: "Round 4"
    return gettext("%(entry)s was corrected on another phone", entry=name)


# -- refusals ------------------------------------------------------------------------------

def no_version() -> str:
    return gettext("This form did not say which sheet it was filled in on: here is the sheet "
                   "as it is now.")


def impossible(game: Game, docs: list[dict], error) -> str:
    """A correction refused because a later entry (`error.index` of `docs`) would break
    the rules, in the kind's words."""
    return KINDS[game.kind].words.impossible(
        sentence(KINDS[game.kind].rules.entry_name(docs, error.index)), sentence(error))


def nothing_to_undo() -> str:
    return gettext("There is nothing to undo yet.")


def not_in_progress() -> str:
    return gettext("Only a game in progress can be abandoned.")


def abandoned_game() -> str:
    return gettext("This game was abandoned; it takes no more changes.")


def still_played() -> str:
    return gettext("This game is still being played: a rematch starts once it is over.")


def no_name() -> str:
    return gettext("Type a name.")


def name_too_long(most: int) -> str:
    return ngettext("Keep names to %(num)d character.", "Keep names to %(num)d characters.",
                    most)


def group_name_too_long(most: int) -> str:
    return ngettext("Keep the group's name to %(num)d character.",
                    "Keep the group's name to %(num)d characters.", most)


def player_exists(name: str) -> str:
    return gettext("There is already a player called %(name)s.", name=name)


def could_not_join(name: str) -> str:
    return gettext("%(name)s could not join: the night or the player was just deleted on "
                   "another phone.", name=name)


def already_here(name: str) -> str:
    return gettext("%(name)s is already here tonight.", name=name)


def plays_tonight(name: str) -> str:
    return gettext("%(name)s plays in a game tonight, so they stay on the list.", name=name)


def not_on_roster(name: str) -> str:
    return gettext("%(name)s is no longer on the roster.", name=name)


def has_played(name: str) -> str:
    return gettext("%(name)s has played, so they stay on the roster.", name=name)


def just_seated(name: str) -> str:
    return gettext("%(name)s has just sat down at a game, so they stay on the roster.",
                   name=name)


def night_has_games() -> str:
    return gettext("A game was started at this night, so it stays. Delete its games first.")


def signed_out_meanwhile() -> str:
    return gettext("This phone was signed out on another phone a moment ago. Join again "
                   "with the group's invite link.")


def limited(action: str, most: int, per_address: bool) -> str:
    """Too many of one action from this phone in a minute (or this network in an hour)."""
    if per_address and action == "join":
        return ngettext("This network has brought %(num)d phone into groups in the last hour. "
                        "Try again later.", "This network has brought %(num)d phones into "
                        "groups in the last hour. Try again later.", most)
    if per_address:
        return ngettext("This network has started %(num)d group in the last hour. Try again "
                        "later.", "This network has started %(num)d groups in the last hour. "
                        "Try again later.", most)
    return {
        "group": lambda: ngettext(
            "This phone has started %(num)d group in the last minute. Wait a minute, then "
            "try again.", "This phone has started %(num)d groups in the last minute. Wait a "
            "minute, then try again.", most),
        "night": lambda: ngettext(
            "This phone has started %(num)d night in the last minute. Wait a minute, then "
            "try again.", "This phone has started %(num)d nights in the last minute. Wait a "
            "minute, then try again.", most),
        "player": lambda: ngettext(
            "This phone has added %(num)d player in the last minute. Wait a minute, then "
            "try again.", "This phone has added %(num)d players in the last minute. Wait a "
            "minute, then try again.", most),
        "invite": lambda: ngettext(
            "This phone has made %(num)d new invite in the last minute. Wait a minute, then "
            "try again.", "This phone has made %(num)d new invites in the last minute. Wait "
            "a minute, then try again.", most),
    }[action]()
