"""Text typed by people, made safe to store and to compare; numbers and dates as the pages
write them.

Two names that look the same must be one player: "José" typed precomposed or decomposed,
"Ann" with a zero-width space after it. Invisible characters (NUL, zero-width spaces, bidi
controls) are removed, every kind of space becomes one plain space, and the text is stored
in NFC; names are compared by a key that also folds case and compatibility forms ("ＡＮＮ"
is "Ann") and leaves out the joiners and tags that clean() keeps.
"""

import re
import unicodedata
from fractions import Fraction

# removed: controls (Cc, NUL among them), lone surrogates (Cs), format characters (Cf:
# zero-width space, bidi controls, soft hyphen, word joiner, BOM, tags...), and the
# letters that draw nothing (Hangul fillers, the combining grapheme joiner, Khmer's
# inherent vowels). two kinds of format character are part of how some names are written,
# so they stay where they do something, and nowhere else:
# - a zero width joiner (U+200D) or non-joiner (U+200C), alone between two letters (or
#   their marks): Persian "می‌خواهم", Hindi "क्‍ष"; a joiner also between two emoji,
#   "👩🏽‍🚀" (one astronaut, not a woman and a rocket). at either end, next to a space or
#   next to another joiner it joins nothing, so it goes ("Ann\u200d" is "Ann")
# - tags (U+E0001, U+E0020-E007F) in a subdivision flag only: black flag, region and
#   subdivision in tag letters, cancel tag ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", Scotland); anywhere else they are
#   hidden text
DROPPED = ("Cc", "Cf", "Cs")
BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
ZWNJ, ZWJ = "\u200c", "\u200d"
JOINERS = re.compile("[\u200c\u200d]+")
FLAG = re.compile("\U0001f3f4[\U000e0061-\U000e007a]{2}"
                  "[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,4}\U000e007f")
# what name_key leaves out of a cleaned name: it is never shown, and a joiner or a flag
# the screen cannot draw must not make two names that look alike two players
UNSEEN = re.compile("[\u200c\u200d\U000e0020-\U000e007f]")
# emoji are symbols (So); the one before a joiner may end in a skin tone (Sk) or U+FE0F
SKIN_TONES = range(0x1F3FB, 0x1F400)


def clean(text: str) -> str:
    """NFC, no invisible characters, runs of white space folded to one space, trimmed.
    Idempotent: what it returns, it returns unchanged."""
    text = unicodedata.normalize("NFC", text or "")
    kept, start = [], 0
    for flag in FLAG.finditer(text):
        kept += [_visible(text[start:flag.start()]), flag.group()]
        start = flag.end()
    text = JOINERS.sub(_joining, "".join(kept) + _visible(text[start:]))
    # NFC again: a character gone from between a letter and its accent lets them compose
    return unicodedata.normalize("NFC", re.sub(" +", " ", text).strip())


def _visible(text: str) -> str:
    """Every space a plain one; no control, surrogate, blank letter, format character but
    the joiners (which _joining() then judges in what is left), nor noncharacter (U+FFFF
    and its kind, which no XML holds: the night's picture is SVG)."""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif char in (ZWNJ, ZWJ) or (unicodedata.category(char) not in DROPPED
                                     and char not in BLANK and not _noncharacter(char)):
            kept.append(char)
    return "".join(kept)


def _noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def _joining(run: re.Match) -> str:
    """The joiner if it is alone between two letters, or ZWJ between two emoji; else ""."""
    text, start, end = run.string, run.start(), run.end()
    if end - start > 1 or start == 0 or end == len(text):
        return ""
    before, after = text[start - 1], text[end]
    if _letter(before) and _letter(after):
        return run.group()
    if run.group() == ZWJ and unicodedata.category(after) == "So" and (
            unicodedata.category(before) == "So" or ord(before) in SKIN_TONES
            or before == "\ufe0f"):
        return run.group()
    return ""


def _letter(char: str) -> bool:
    return unicodedata.category(char)[0] in "LM"


def name_key(name: str) -> str:
    """What makes two names the same player: case and compatibility forms folded, and no
    joiners nor tags, so "An\u200dn" is "Ann"."""
    name = UNSEEN.sub("", clean(name))
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", name).casefold())


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


def rounded_together(values: list, places: int = 1) -> list[Fraction]:
    """`values` rounded to `places` decimals so that the rounded ones add up as the exact
    ones do, rounded (results against the average, which add up to 0, still do as shown):
    each rounded down, then the largest remainders up, as many as the sum needs (ties: the
    greater value first)."""
    scale = 10 ** places
    exact = [Fraction(value) * scale for value in values]
    down = [x.numerator // x.denominator for x in exact]
    short = round(sum(exact)) - sum(down)
    order = sorted(range(len(exact)), key=lambda i: (exact[i] - down[i], exact[i]),
                   reverse=True)
    for i in order[:short]:
        down[i] += 1
    return [Fraction(n, scale) for n in down]


def capital(sentence: str) -> str:
    """The sentence with its first letter capitalised, and only that one ("Ann's turn")."""
    return sentence[:1].upper() + sentence[1:]
