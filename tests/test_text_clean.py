"""What clean() keeps of a name and what it drops: invisible characters that could make two
names look alike or turn text around go; the joiners and tags that are part of how a name
is written (an emoji, a Persian or Hindi word, a flag) stay where they join something."""

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.text import clean, name_key

ZWNJ, ZWJ = "\u200c", "\u200d"
ASTRONAUT = "\U0001f469\U0001f3fd\u200d\U0001f680"       # woman, skin tone, ZWJ, rocket
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"     # man, woman, girl
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
RAINBOW = "\U0001f3f3\ufe0f\u200d\U0001f308"              # white flag, VS16, ZWJ, rainbow
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # می‌خواهم
HINDI = "\u0915\u094d\u200d\u0937"                          # क्‍ष: ka, virama, ZWJ, ssa
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


@pytest.mark.parametrize("name", [
    ASTRONAUT, FAMILY, SCOTLAND, RAINBOW, PERSIAN, HINDI,
    "Ann " + ASTRONAUT,
    "Ann" + ENGLAND,
    "\U0001f441\ufe0f\u200d\U0001f5e8\ufe0f",               # eye in speech bubble
    "\u0dc1\u0dca\u200d\u0dbb\u0dd3",                         # Sinhala "shri", ZWJ after al-lakuna
    "\u0c95\u0ccd\u200c\u0c95",                               # Kannada ka, virama, ZWNJ, ka
    "Caf\u00e9 \u2615\ufe0f",                                 # variation selector (Mn) stays
])
def test_what_joins_a_name_together_is_kept(name):
    assert clean(name) == name


@pytest.mark.parametrize("typed,kept", [
    ("Ann\u200b", "Ann"),                    # zero-width space
    ("A\u200bnn", "Ann"),
    ("\u200eAnn\u200f", "Ann"),              # left-to-right and right-to-left marks
    ("\u202eAnn", "Ann"),                    # right-to-left override
    ("A" + BIDI + "nn", "Ann"),              # every bidi control
    ("\ufeffAnn", "Ann"),                    # BOM, zero width no-break space
    ("An\u00adn", "Ann"),                    # soft hyphen
    ("An\u2060n", "Ann"),                    # word joiner
    ("A\u2061\u2062\u2063\u2064nn", "Ann"),  # invisible operators
    ("Ann\u180e", "Ann"),                    # Mongolian vowel separator
    ("A\ufff9nn\ufffa\ufffb", "Ann"),        # interlinear annotation
    ("Ann\U000e0041\U000e007f", "Ann"),      # tags outside a flag
    ("\U0001f3f4\U000e0067\U000e0062", "\U0001f3f4"),  # a flag never cancelled
    ("\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", ""),  # no black flag
    ("\u200b\u200d\u2060", ""),              # nothing but invisible characters
    ("Ann\uffff\ufffe", "Ann"),              # noncharacters, which no XML holds
    ("A\ufdd0nn\U0001fffe", "Ann"),
])
def test_what_no_one_can_see_is_dropped(typed, kept):
    assert clean(typed) == kept


@pytest.mark.parametrize("typed,kept", [
    ("Ann\u200d", "Ann"),                    # at the end
    ("\u200dAnn", "Ann"),                    # at the start
    ("\u200cAnn\u200c", "Ann"),
    ("Ann \u200dBen", "Ann Ben"),            # next to a space
    ("Ann\u200d Ben", "Ann Ben"),
    ("Ann \u200c Ben", "Ann Ben"),
    ("An\u200d\u200dn", "Ann"),              # doubled
    ("An\u200c\u200dn", "Ann"),
    ("\U0001f469\u200d\u200d\U0001f680", "\U0001f469\U0001f680"),
    ("Ann\u200d\U0001f680", "Ann\U0001f680"),     # between a letter and an emoji
    ("\U0001f469\u200cA", "\U0001f469A"),         # ZWNJ does not join emoji
    ("\U0001f469\u200c\U0001f680", "\U0001f469\U0001f680"),
    ("1\u200d2", "12"),                           # nor digits
    (SCOTLAND + "\u200d\U0001f680", SCOTLAND + "\U0001f680"),
    ("Ann\u200b\u200dBen", "Ann\u200dBen"),       # judged once the invisible is gone
])
def test_a_joiner_that_joins_nothing_is_dropped(typed, kept):
    assert clean(typed) == kept


@pytest.mark.parametrize("typed,kept", [
    ("Ann\u0000", "Ann"),
    ("A\u0001n\u007fn\u009f", "Ann"),
    ("An\u001bn", "Ann"),
    ("Ann\ud800", "Ann"),                    # a lone surrogate
    ("\u3164Ann\u115f", "Ann"),              # Hangul fillers
    ("An\u034fn", "Ann"),                    # combining grapheme joiner
])
def test_controls_surrogates_and_blank_letters_are_dropped_as_before(typed, kept):
    assert clean(typed) == kept


@pytest.mark.parametrize("typed,kept", [
    ("  Ann   Ben  ", "Ann Ben"),
    ("Ann\t\n\r Ben", "Ann Ben"),
    ("Ann\u00a0\u3000\u2009Ben", "Ann Ben"),  # no-break, ideographic and thin spaces
    ("Ann\u2028Ben\u0085", "Ann Ben"),        # line separator, next line (a control)
    ("Jose\u0301", "Jos\u00e9"),              # NFC
    ("Jose\u200b\u0301", "Jos\u00e9"),        # NFC once the zero-width space is gone
    ("Ann \u200b Ben", "Ann Ben"),
    ("", ""),
    (None, ""),
])
def test_spaces_are_folded_and_text_is_nfc_as_before(typed, kept):
    assert clean(typed) == kept


@pytest.mark.parametrize("one,other", [
    ("An\u200dn", "Ann"),
    ("An\u200cn", "Ann"),
    ("Ann\u200d", "Ann"),
    (PERSIAN, PERSIAN.replace(ZWNJ, "")),
    (HINDI, HINDI.replace(ZWJ, "")),
    ("Ann " + FAMILY, "ann \U0001f468\U0001f469\U0001f467"),
    ("Ann" + SCOTLAND, "Ann\U0001f3f4"),     # a screen without the flag draws a black flag
    ("Ann" + SCOTLAND, "Ann" + ENGLAND),
    ("\uff21\uff2e\uff2e\u200b", "ann"),
])
def test_names_that_can_look_alike_have_one_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize("one,other", [
    ("Ann", "Anne"),
    ("Ann " + ASTRONAUT, "Ann \U0001f469\U0001f3fd"),
    ("Ann \u2615", "Ann"),
])
def test_names_that_differ_have_two_keys(one, other):
    assert name_key(one) != name_key(other)


# any text, with the pieces clean() must judge more often than chance would give them
PIECES = [ZWJ, ZWNJ, " ", "\u00a0", "\u200b", "\u202e", "\ufeff", "\u0000", "\ud800",
          "\ufe0f", "\u0301", "\u094d", "\U0001f3fd", "\U0001f3f4", "\U000e0067",
          "\U000e007f", "\u3164", "e", "A", "\u0915", "\u06cc", "\U0001f469", "1",
          ASTRONAUT, FAMILY, SCOTLAND, PERSIAN, HINDI]
texts = st.lists(st.one_of(st.characters(), st.sampled_from(PIECES)), max_size=30).map("".join)
TEXT = settings(max_examples=400, deadline=None, database=None)
FLAG = re.compile("\U0001f3f4[\U000e0061-\U000e007a]{2}"
                  "[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,4}\U000e007f")


@TEXT
@given(texts)
def test_clean_is_idempotent(text):
    assert clean(clean(text)) == clean(text)


@TEXT
@given(texts)
def test_clean_leaves_no_control_surrogate_nor_bidi_control(text):
    cleaned = clean(text)
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert unicodedata.is_normalized("NFC", cleaned)
    assert not [c for c in cleaned if unicodedata.category(c) in ("Cc", "Cs") or c in BIDI]
    # the only format characters left: lone joiners, and tags inside a flag
    rest = FLAG.sub("", cleaned)
    assert {c for c in rest if unicodedata.category(c) == "Cf"} <= {ZWJ, ZWNJ}
    for joiner in re.finditer("[\u200c\u200d]+", cleaned):
        assert len(joiner.group()) == 1 and 0 < joiner.start() < len(cleaned) - 1
        assert " " not in cleaned[joiner.start() - 1:joiner.end() + 1]


def key_before_joiners_were_kept(name):
    """name_key as it was when clean() dropped every format character: the keys stored."""
    name = unicodedata.normalize("NFC", name)
    kept = "".join(" " if c.isspace() else c for c in name
                   if c.isspace() or (unicodedata.category(c) not in ("Cc", "Cf", "Cs")
                                      and c not in "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0"))
    kept = re.sub(" +", " ", kept).strip()
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", kept).casefold())


@TEXT
@given(texts)
def test_name_key_is_what_it_was_so_the_stored_keys_stand(text):
    assert name_key(text) == key_before_joiners_were_kept(text)
