"""The app's words as a person reading `lang` sees them, for the browser tests to find
elements by and to assert: each is looked up by its msgid (the English text) in that
language's compiled catalogs, the game kinds' and the app's, merged as the app merges them
(companion/kinds/<kind>/translations, companion/translations).

English, or a language whose catalog is missing or lacks the message, gets the msgid
itself, as the app shows it. Places are filled as the app fills them: `%(name)s` for the
app's own strings, `{name}` for the rules' sentences (companion/rules), whose numbers
are written in the reader's digits (companion.i18n.shown).
"""

import functools
import html
import re
from decimal import Decimal
from pathlib import Path

from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

COMPANION = Path(__file__).parents[2] / "companion"
# the kinds' catalogs first, the app's last (companion/i18n.py)
CATALOGS = [*sorted(COMPANION.glob("kinds/*/translations")), COMPANION / "translations"]
# a place in a message: %(name)s, %(num)d (the app's), {name} (the rules')
PLACE = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


@functools.cache
def catalog(lang: str) -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    merged = Translations()
    for folder in CATALOGS:
        found = Translations.load(str(folder), [lang])
        merged.merge(found)
        if hasattr(found, "plural"):
            merged.plural = found.plural
    return merged


def number(lang: str, value) -> str:
    """A number as the pages write it in `lang`: "12,5" in et, pl and lv; never grouped."""
    return format_decimal(Decimal(str(value)), locale=lang, group_separator=False)


def _filled(lang: str, message: str, places: dict) -> str:
    if not places:
        return message
    if "%(" in message:
        return message % places
    # a rules sentence: its numbers in the reader's digits, as companion.i18n.shown does
    return message.format(**{key: number(lang, value) if _is_number(value) else value
                             for key, value in places.items()})


def _is_number(value) -> bool:
    return isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)


def t(lang: str, msgid: str, **places) -> str:
    """The message in `lang`, its places filled: t("et", "Round %(number)s", number=2)."""
    return _filled(lang, catalog(lang).ugettext(msgid), places)


def tn(lang: str, singular: str, plural: str, n: int, **places) -> str:
    """The plural message in `lang` for `n` (its form by the language's plural rule),
    with %(num)d filled by `n` as the app's ngettext fills it."""
    message = catalog(lang).ungettext(singular, plural, n)
    if "%(" in message or "%(" in singular:
        return message % {"num": n, **places}
    return _filled(lang, message, {"count": n, **places})


def capital(text: str) -> str:
    """The first letter capitalised, as the app does for an entry's name starting a
    sentence ("Round 3 corrected.")."""
    return text[:1].upper() + text[1:]


def plain(text: str) -> str:
    """A message with markup inside as a person reads it (and as Playwright's text
    matching sees it): the tags gone, entities read."""
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def _escaped(text: str) -> str:
    # spaces left as they are: the pattern reads as the sentence in a failure's message
    return re.escape(text).replace("\\ ", " ")


def like(lang: str, msgid: str, **places) -> re.Pattern:
    """The message in `lang` as a pattern, for text only partly known: each place not
    given matches anything, each given is matched as it is written (or, given as a
    pattern itself, as that pattern): like("en", "Saved. %(entry)s.") finds
    "Saved. Round 3: Ann 12." wherever it stands."""
    message = catalog(lang).ugettext(msgid)
    parts, at = [], 0
    for match in PLACE.finditer(message):
        parts.append(_escaped(message[at:match.start()]))
        name = match.group(1) or match.group(2)
        if name not in places:
            parts.append(".*?")
        elif isinstance(places[name], re.Pattern):
            parts.append(f"(?:{places[name].pattern})")
        elif match.group(2) and _is_number(places[name]):
            parts.append(_escaped(number(lang, places[name])))
        else:
            parts.append(_escaped(str(places[name])))
        at = match.end()
    parts.append(_escaped(message[at:]))
    return re.compile("".join(parts), re.DOTALL)
