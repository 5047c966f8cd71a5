"""The reader's language: which one (a cookie set by the switch on every page, else the
phone's Accept-Language), and numbers, dates, lists and the rules' refusals said in it.

Strings are marked with `gettext`, `ngettext` and `pgettext` from this module (Flask-Babel's,
reading the request's catalog once), `lazy_gettext` (the same) where a string is made
before a request, and `_` in templates; the catalogs are in companion/translations (README,
"Languages"). The rules stay pure: a
`RuleError` carries its English sentence as a message key with named places, and
`sentence` says it in the reader's language.
"""

from __future__ import annotations

import functools
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.numbers import get_decimal_symbol
from flask import current_app, g, has_app_context, has_request_context, request
from flask_babel import get_locale, get_translations
from flask_babel.speaklater import LazyString
from jinja2 import pass_eval_context
from markupsafe import Markup

from . import text
from .extensions import babel
from .rules.errors import Counted, Message, Names, Term, Terms

# each language by its own name, as the switch shows it (never translated)
LANGUAGES = {"en": "English", "et": "Eesti", "pl": "Polski", "lv": "Latviešu"}
COOKIE = "lang"
# a year: the choice outlives a session
COOKIE_AGE = 365 * 24 * 3600


def chosen_language() -> str:
    """The switch's choice, else the best of the phone's languages, else English (and
    English outside a request: the command line)."""
    if not has_request_context():
        return "en"
    return language_of(request.cookies, request.accept_languages)


def language_of(cookies, accepted) -> str:
    """The language of a request with these cookies and this Accept-Language (werkzeug's
    LanguageAccept): in front of Flask too (companion/following.py)."""
    chosen = cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return accepted.best_match(LANGUAGES, default="en")


def catalog():
    """This request's translations (its language is chosen once a request); outside a
    request, Flask-Babel's (English). Flask-Babel's `gettext` finds them again for each
    message, which costs several times the message's own lookup."""
    if not has_request_context():
        return get_translations()
    found = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def gettext(string: str, **variables) -> str:
    """Flask-Babel's `gettext`, from this request's catalog (`catalog`)."""
    said = catalog().ugettext(string)
    return said % variables if variables else said


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    """Flask-Babel's `ngettext` (`num` is a place too), from this request's catalog."""
    variables.setdefault("num", num)
    return catalog().ungettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables) -> str:
    """Flask-Babel's `pgettext`, from this request's catalog."""
    said = catalog().upgettext(context, string)
    return said % variables if variables else said


def lazy_gettext(string: str, **variables) -> LazyString:
    """Flask-Babel's `lazy_gettext` (a label made before any request, said in the
    language of the request that shows it), from this request's catalog."""
    return LazyString(gettext, string, **variables)


def lazy_ngettext(singular: str, plural: str, num: int, **variables) -> LazyString:
    """Flask-Babel's `lazy_ngettext`, from this request's catalog."""
    return LazyString(ngettext, singular, plural, num, **variables)


def formatted(eval_ctx, said, variables):
    """A template's message with its places: escaped where the template escapes, and
    always a format string (a message's "%%" is "%"), as Jinja's newstyle gettext has it."""
    if eval_ctx.autoescape:
        said = Markup(said)
    # (a message with neither places nor a "%" is itself: most are, at 1 us a "%")
    return said % variables if variables or "%" in said else said


@pass_eval_context
def template_gettext(eval_ctx, string, /, **variables):
    return formatted(eval_ctx, catalog().ugettext(string), variables)


@pass_eval_context
def template_ngettext(eval_ctx, singular, plural, num, /, **variables):
    variables.setdefault("num", num)
    return formatted(eval_ctx, catalog().ungettext(singular, plural, num), variables)


@pass_eval_context
def template_pgettext(eval_ctx, context, string, /, **variables):
    variables.setdefault("context", context)
    return formatted(eval_ctx, catalog().upgettext(context, string), variables)


@pass_eval_context
def template_npgettext(eval_ctx, context, singular, plural, num, /, **variables):
    variables.setdefault("context", context)
    variables.setdefault("num", num)
    return formatted(eval_ctx, catalog().unpgettext(context, singular, plural, num), variables)


def init_app(app):
    from .kinds.registry import translation_folders

    # each game kind's catalogs (companion/kinds/<kind>/translations), then the app's:
    # Flask-Babel merges them, so a kind's messages need no line in the app's. The app's
    # come last because the last one's plural rule is the one kept, and a kind may lack
    # a language the app has
    babel.init_app(app, locale_selector=chosen_language, default_translation_directories=";".join(
        [*translation_folders(), str(Path(__file__).parent / "translations")]))
    # {% trans %} blocks: runs of white space read as one space, as babel.cfg extracts them
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    # the templates' messages from the request's catalog, found once (Flask-Babel's own
    # callables find it again for each of the fifty or so messages of a page), by
    # callables of our own: Jinja's newstyle ones take the template's context, which it
    # copies for every call in a block (all of a page's content), at several times the
    # message's own cost. Ours take the evaluation context only, and do as Jinja's do
    # (jinja2.ext._make_new_gettext); `{% trans %}` blocks call them with their places
    app.jinja_env.newstyle_gettext = True
    app.jinja_env.globals.update(
        _=template_gettext, gettext=template_gettext, ngettext=template_ngettext,
        pgettext=template_pgettext, npgettext=template_npgettext)
    app.jinja_env.filters.update(points=points, signed=signed, day=day, and_list=and_list,
                                 clock=clock, lasted=lasted)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, lang=language, term=term,
                                 winners_line=winners_line)

    @app.after_request
    def vary(response):
        # a page is in the language of the phone that asked
        response.vary.update(("Accept-Language", "Cookie"))
        return response


def language() -> str:
    """The reader's language code ("et"), found once a request."""
    if not has_request_context():
        return str(get_locale() or "en")
    found = g.get("language")
    if found is None:
        found = g.language = str(get_locale() or "en")
    return found


def points(value) -> str:
    """A score in the reader's numbers: whole numbers plain, others with one decimal
    ("12,5" in et, pl and lv), never grouped (scores are read digit by digit)."""
    shown = text.points(value)
    # the one thing that differs: the decimal sign (the minus and the digits are the same)
    return shown.replace(".", decimal_sign(language())) if "." in shown else shown


@functools.lru_cache(maxsize=None)
def decimal_sign(code: str) -> str:
    """The language's decimal sign (Babel reads its locale data afresh each time)."""
    return get_decimal_symbol(code)


def signed(value) -> str:
    """+20, 0, -3,5: a result against the average."""
    shown = points(value)
    return f"+{shown}" if value is not None and value > 0 else shown


# the date styles the pages use, as CLDR patterns by language: English keeps the
# app's "1 Dec 2026"; the others take their language's own long forms
DATE_STYLES = {
    "en": {"date": "d MMM y", "weekday": "EEE d MMM y", "long": "EEEE d MMMM y"},
    "other": {"date": "long", "weekday": "long", "long": "full"},
}


def day(value, style: str = "date") -> str:
    """A date as the pages write it: "1 Dec 2026", "1. detsember 2026", "1 grudnia 2026",
    "2026. gada 1. decembris"."""
    if not has_app_context():
        return text.day(value, style)
    lang = language()
    return dated(value, DATE_STYLES.get(lang, DATE_STYLES["other"])[style], lang)


@functools.lru_cache(maxsize=4096)
def dated(value, pattern: str, lang: str) -> str:
    """A date in a pattern and language, as Babel writes it (the history's rows are
    written with the same few dates again and again; Babel reads its locale data anew for
    each)."""
    return format_date(value, pattern, locale=lang)


def clock(moment: datetime) -> str:
    """A time of day in the table's zone (the TIME_ZONE setting, an IANA name; else the
    server's, with its summer time on that date) and the reader's language: "19:05"."""
    at = moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment
    name = current_app.config.get("TIME_ZONE") if has_app_context() else None
    local = at.astimezone(ZoneInfo(name)) if name else at.astimezone()
    # English as the app writes its dates ("1 Dec 2026"): the 24-hour clock
    lang = language()
    return format_time(local, "short", locale="en_GB" if lang == "en" else lang)


def lasted(minutes: int) -> str:
    """How long a game took: "43 min", "1 h 5 min"."""
    if minutes < 60:
        # TRANSLATORS: how long a game took, in minutes (abbreviated as on a clock face)
        return gettext("%(minutes)s min", minutes=minutes)
    # TRANSLATORS: how long a game took, in hours and minutes (abbreviated)
    return gettext("%(hours)s h %(minutes)s min", hours=minutes // 60, minutes=minutes % 60)


def and_list(names) -> str:
    """ "Ann, Ben and Cid" in the reader's language ("Ann, Ben ja Cid")."""
    return listed(tuple(names), language())


@functools.lru_cache(maxsize=4096)
def listed(names: tuple, lang: str) -> str:
    # the app's English lists have no comma before "and", as British English writes them
    return format_list(list(names), locale="en_GB" if lang == "en" else lang) if names else ""


def winners_line(names) -> str:
    """Who won a game, as its row in a list says it: "Ann won", "Ann and Ben share the
    win"."""
    if len(names) == 1:
        return gettext("%(name)s won", name=names[0])
    return gettext("%(names)s share the win", names=and_list(names))


def term(word) -> str:
    """A word of the rules (a kind's title, a row, a setting: a `Term`) in the reader's
    language; any other text (a name the table typed) as it is."""
    if isinstance(word, Term):
        return gettext(word)
    return "" if word is None else str(word)


def shown(value) -> str:
    """One place of a rule's sentence: rules' words translated, lists of names joined,
    numbers in the reader's digits, anything else (a name, quoted text) as it is."""
    if isinstance(value, Term):
        return term(value)
    if isinstance(value, Names):
        return and_list(value)
    if isinstance(value, Terms):
        return ", ".join(term(word) for word in value)
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return points(value)
    return str(value)


def sentence(error) -> str:
    """A sentence of the rules (a RuleError, a Message) in the reader's language; a
    ServiceError is said already."""
    if not isinstance(error, Message):
        return error.message
    places = {key: shown(value) for key, value in error.params.items()}
    # the catalog's own lookups: the sentence's places are {named}, not %(named)s
    if isinstance(error, Counted):
        said = get_translations().ungettext(error.key, error.plural, error.params["count"])
    else:
        said = get_translations().ugettext(error.key)
    return said.format(**places)
