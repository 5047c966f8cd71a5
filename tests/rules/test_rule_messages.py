"""The rules' sentences can be said in any language: every refusal, advice and entry name
is a literal English key with {named} places and their values (issue 19), and every word
of the rules a page shows is a Term written as a literal, so `pybabel extract` finds it."""

import ast
import string
from pathlib import Path

import pytest

from companion.rules import GAMES, RuleError
from companion.kinds.cards_500.rules import CARD_TYPES, NOUNS
from companion.kinds.dice_poker.rows import LABELS, ROW_NAMES
from companion.rules.errors import Counted, Message, Names, Term
from companion.kinds.skull.rules import VARIANTS

COMPANION = Path(__file__).resolve().parents[2] / "companion"
# the rules' shared machinery and each kind's rules (and a sheet's rows, dice poker's)
RULES_FILES = [*sorted((COMPANION / "rules").glob("*.py")),
               *sorted((COMPANION / "kinds").glob("*/rules.py")),
               *sorted((COMPANION / "kinds").glob("*/rows.py"))]
# the calls whose first argument (Counted: first two) is a message key or a Term
KEYWORDS = {"RuleError": 1, "Message": 1, "Term": 1, "Counted": 2}

TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cid"]
FOUR = ["Ann", "Ben", "Cid", "Dan"]


def calls():
    """(file, line, name, call) for every keyword call of the rules' files."""
    for path in RULES_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            if name in KEYWORDS:
                yield path.name, node.lineno, name, node


def literal_keys() -> set[str]:
    return {arg.value for _, _, name, node in calls() for arg in node.args[:KEYWORDS[name]]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}


def places(key: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(key) if field is not None}


# -- (b) every key and term is a literal ------------------------------------------------


def test_the_rules_have_keyword_calls_to_check():
    found = {name for _, _, name, _ in calls()}
    assert found == set(KEYWORDS)


def test_every_key_and_term_is_a_literal_string():
    """No f-string, variable, concatenation or call as a key: pybabel reads only literals."""
    bad = []
    for file, line, name, node in calls():
        wanted = KEYWORDS[name]
        args = node.args[:wanted]
        if len(args) < wanted or not all(
                isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in args):
            bad.append(f"{file}:{line} {name}(...)")
    assert bad == []


def test_every_key_names_its_places_and_keeps_no_positional_braces():
    for key in literal_keys():
        assert all(place.isidentifier() for place in places(key)), key


# -- (a) sample refusals of every kind, said in English by hand ---------------------------


def skyjo_hand(score):
    return {"score": score}


REFUSALS = [
    # id, kind, players, options, entries, key, English sentence
    ("too few players", "skyjo", ["Ann"], {}, [],
     "{title} needs {low} to {high} players, not {count}.", "Skyjo needs 2 to 8 players, not 1."),
    ("an unknown setting", "skull", THREE, {"colour": "red"}, [],
     "{title} has no setting called “{name}”.", "Skull has no setting called “colour”."),
    ("a setting below its least", "cards_500", FOUR, {"target": 10}, [],
     "The setting “{label}” must be at least {least}.",
     "The setting “Game ends at” must be at least 50."),
    ("a name too long", "any_game", TWO, {"name": "x" * 41}, [],
     "Keep “{label}” to {count} characters.", "Keep “Name of the game” to 40 characters."),
    ("an entry after the end", "any_game", TWO, {},
     [{"scores": {"Ann": 1, "Ben": 2}}, {"end": True}, {"end": True}],
     "The game is over: no round can be added.", "The game is over: no round can be added."),
    ("points out of range", "any_game", TWO, {}, [{"scores": {"Ann": 1, "Ben": 100001}}],
     "{player}'s points must be from {least} to {most}, not {points}.",
     "Ben's points must be from -100000 to 100000, not 100001."),
    ("a name not at the table", "any_game", TWO, {}, [{"scores": {"Ann": 1, "Zed": 2}}],
     "{name} is not playing in this game.", "Zed is not playing in this game."),
    ("jokers over the decks", "cards_500", FOUR, {},
     [{"out": "Ann", "hands": {"Ben": {"jokers": 5}, "Cid": {"jokers": 4},
                               "Dan": {"aces": 1}}}],
     "{names} hold {number} {cards} between them; four decks have {copies}.",
     "Ben and Cid hold 9 jokers between them; four decks have 8."),
    ("a hand missing", "cards_500", FOUR, {},
     [{"out": "Ann", "hands": {"Ben": {"aces": 1}, "Cid": {"aces": 1}}}],
     "{player}'s hand is missing: everyone but {out} still holds cards.",
     "Dan's hand is missing: everyone but Ann still holds cards."),
    ("a score a row cannot take", "dice_poker", TWO, {},
     [{"player": "Ann", "row": "3", "score": 7}],
     "{player} cannot score {points} in {row}: it takes {values} or {last}.",
     "Ann cannot score 7 in row 3: it takes -9, -6, -3, 0, 3 or 6."),
    ("dice and a score", "dice_poker", TWO, {},
     [{"player": "Ann", "row": "1", "dice": [1, 1, 1, 2, 3], "score": 0}],
     "{player}'s turn has dice and a score for {row}: give one of them.",
     "Ann's turn has dice and a score for row 1: give one of them."),
    ("a turn out of order", "dice_poker", TWO, {},
     [{"player": "Ann", "row": "1", "score": 0}, {"player": "Ann", "row": "2", "score": 0}],
     "It is {next_player}'s turn: {player} has already played this round.",
     "It is Ben's turn: Ann has already played this round."),
    ("a bid over the mats", "skull", THREE, {},
     [{"challenger": "Ann", "bid": 13, "outcome": "success"}],
     "A bid of {bid} is more than the {count} cards on the mats.",
     "A bid of 13 is more than the 12 cards on the mats."),
    ("no skull owner named", "skull", THREE, {},
     [{"challenger": "Ann", "bid": 2, "outcome": "skull"}],
     "Say whose skull {player} revealed.", "Say whose skull Ann revealed."),
    ("no finisher", "skyjo", TWO, {}, [{"hands": {"Ann": skyjo_hand(3), "Ben": skyjo_hand(4)}}],
     "Say which player is the finisher.", "Say which player is the finisher."),
    ("a score over a hand", "skyjo", TWO, {},
     [{"finisher": "Ann", "hands": {"Ann": skyjo_hand(3), "Ben": skyjo_hand(141)}}],
     "{player}'s score of {score} is more than a Skyjo hand can hold ({most} at most).",
     "Ben's score of 141 is more than a Skyjo hand can hold (140 at most)."),
    ("minus twos over the deck", "skyjo", TWO, {},
     [{"finisher": "Ann", "hands": {"Ann": {"grid": [-2] * 3 + [0] * 9},
                                    "Ben": {"grid": [-2] * 3 + [1] * 9}}}],
     "{names} hold {count} cards of {value} between them; the deck has {deck}.",
     "Ann and Ben hold 6 cards of -2 between them; the deck has 5."),
    ("a grid with a card no deck has", "skyjo", TWO, {},
     [{"finisher": "Ann", "hands": {"Ann": {"grid": [13] + [0] * 11}, "Ben": skyjo_hand(4)}}],
     "{player}'s grid has a card of {value}; cards run from -2 to 12.",
     "Ann's grid has a card of 13; cards run from -2 to 12."),
]


def refusal(kind, players, options, entries) -> RuleError:
    with pytest.raises(RuleError) as raised:
        GAMES[kind].replay(players, options, entries)
    return raised.value


@pytest.mark.parametrize("kind, players, options, entries, key, english",
                         [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_a_refusal_is_a_literal_key_with_its_places_filled(kind, players, options, entries,
                                                           key, english):
    error = refusal(kind, players, options, entries)
    # the key the catalog is looked up by: Counted's English form for this number
    said_key = error.template
    assert said_key == key
    assert error.key in literal_keys()
    if isinstance(error, Counted):
        assert error.plural in literal_keys()
        assert places(error.key) == places(error.plural)
    # every place is filled; the player the refusal is about comes along even when the
    # sentence does not name them (the form shows it beside their field)
    assert places(error.key) <= set(error.params)
    assert set(error.params) - places(error.key) <= {"player"}
    assert str(error) == error.message == english
    assert error.args == (english,)


def test_the_places_hold_names_numbers_and_terms_as_they_are():
    error = refusal(*REFUSALS[7][1:5])
    assert error.params == {"names": ("Ben", "Cid"), "number": 9, "cards": "jokers",
                            "copies": 8}
    assert isinstance(error.params["names"], Names)
    assert isinstance(error.params["cards"], Term)
    title = refusal(*REFUSALS[0][1:5]).params["title"]
    assert isinstance(title, Term) and title == "Skyjo"
    row = refusal(*REFUSALS[9][1:5]).params["row"]
    assert isinstance(row, Term) and row == "row 3"
    assert isinstance(refusal(*REFUSALS[2][1:5]).params["label"], Term)


def test_a_refusal_that_counts_things_has_a_form_for_one():
    error = refusal(*REFUSALS[12][1:5])
    assert isinstance(error, Counted)
    assert error.key == "A bid of {bid} is more than the {count} card on the mats."
    assert error.params["count"] == 12


def test_the_player_a_refusal_is_about_fills_its_player_place():
    error = refusal(*REFUSALS[5][1:5])
    assert error.player == "Ben" and error.params["player"] == "Ben"
    assert error.field == "points"


# -- what the rules give the pages besides refusals ----------------------------------------


@pytest.mark.parametrize("kind, name", [
    ("any_game", "round 3"), ("skyjo", "round 3"), ("cards_500", "hand 3"),
    ("skull", "challenge 3"),
])
def test_an_entry_is_named_by_a_message(kind, name):
    named = GAMES[kind].entry_name([{}, {}, {}], 2)
    assert isinstance(named, Message)
    assert named.key == "{noun} {number}".replace("{noun}", str(GAMES[kind].entry_noun))
    assert named.params == {"number": 3}
    assert str(named) == name


def test_a_dice_poker_turn_is_named_by_a_message():
    docs = [{"player": "Ann"}, {"player": "Ben"}, {"player": "Ann"}]
    named = GAMES["dice_poker"].entry_name(docs, 2)
    assert named.key == "{player}'s turn in round {number}"
    assert named.params == {"player": "Ann", "number": 2}
    assert str(named) == "Ann's turn in round 2"
    assert GAMES["dice_poker"].entry_name(docs, 3).key == "the last turn"


def test_setup_advice_is_a_message():
    warnings = GAMES["skull"].setup_warnings(["P%d" % i for i in range(8)], {"variant": "rank"})
    assert [w.key for w in warnings] == [
        "More than 6 players is not recommended, even with a standard deck by rank "
        "({count} are seated)."]
    assert warnings[0].params == {"count": 8}
    assert str(warnings[0]) == ("More than 6 players is not recommended, even with a "
                                "standard deck by rank (8 are seated).")


@pytest.mark.parametrize("kind", GAMES)
def test_a_kinds_words_are_terms(kind):
    rules = GAMES[kind]
    for word in (rules.title, rules.blurb, rules.entry_noun):
        assert isinstance(word, Term) and word
    assert rules.phrase == "" or isinstance(rules.phrase, Term)
    assert isinstance(rules.group_title({}), Term)
    for option in rules.options:
        assert isinstance(option.label, Term)
        assert all(isinstance(name, Term) for _, name in option.choices)
    for label, value in rules.describe_options({}):
        assert isinstance(label, Term)
        # the defaults are words (on, off, none, a choice) or numbers, shown as they are
        assert isinstance(value, Term) or value.lstrip("-").isdigit()


def test_the_sheets_words_are_terms():
    assert all(isinstance(label, Term) for label in LABELS.values())
    assert all(isinstance(name, Term) for name in ROW_NAMES.values())
    assert ROW_NAMES["3"] == "row 3" and ROW_NAMES["full_house"] == "the full house row"
    assert all(isinstance(label, Term) for _, label, _ in CARD_TYPES)
    assert all(isinstance(noun, Term) for noun in NOUNS.values())
    assert all(isinstance(value, Term) for variant in VARIANTS.values()
               for key, value in variant.items() if key != "players")


def test_a_typed_name_stays_plain_text():
    title = GAMES["any_game"].group_title({"name": " Qwixx "})
    assert title == "Qwixx" and not isinstance(title, Term)
    described = dict(GAMES["any_game"].describe_options({"name": "Qwixx", "target": 50}))
    assert described["Name of the game"] == "Qwixx"
    assert not isinstance(described["Name of the game"], Term)
    assert described["Game ends at a total of"] == "50"
    assert described["Number of rounds"] == "none"
    assert isinstance(described["Number of rounds"], Term)
