"""Text typed by people, made safe to store and to compare; numbers and dates as the pages
write them.

Two names that look the same must be one player: "José" typed precomposed or decomposed,
"Ann" with a zero-width space after it. Invisible characters (NUL, zero-width spaces, bidi
controls) are removed, every kind of space becomes one plain space, and the text is stored
in NFC; names are compared by a key that also folds case and compatibility forms ("ＡＮＮ"
is "Ann").
"""

import re
import unicodedata
from fractions import Fraction

# removed: controls (Cc, NUL among them), format characters (Cf: zero-width, bidi controls,
# soft hyphens), lone surrogates (Cs), and the letters that draw nothing (Hangul fillers,
# the combining grapheme joiner, Khmer's inherent vowels)
DROPPED = ("Cc", "Cf", "Cs")
BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")


def clean(text: str) -> str:
    """NFC, no invisible characters, runs of white space folded to one space, trimmed."""
    text = unicodedata.normalize("NFC", text or "")
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in DROPPED and char not in BLANK:
            kept.append(char)
    return re.sub(" +", " ", "".join(kept)).strip()


def name_key(name: str) -> str:
    """What makes two names the same player: case and compatibility forms folded."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", clean(name)).casefold())


def day(value, style="date"):
    """A date as the pages write it, in one place: "1 Dec 2026" (date), "Tue 1 Dec 2026"
    (weekday), "Tuesday 1 December 2026" (long). No `%-d`, which only glibc knows."""
    pattern = {"date": "{d} %b %Y", "weekday": "%a {d} %b %Y", "long": "%A {d} %B %Y"}[style]
    return value.strftime(pattern.format(d=value.day))


def points(value) -> str:
    """A score as the pages show it: whole numbers plain, others with one decimal."""
    if value is None:
        return ""
    if isinstance(value, (float, Fraction)) and value != int(value):
        return f"{float(value):.1f}"
    return str(int(value))


def capital(sentence: str) -> str:
    """The sentence with its first letter capitalised, and only that one ("Ann's turn")."""
    return sentence[:1].upper() + sentence[1:]
