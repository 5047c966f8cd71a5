"""What every page shares: template filters and globals, the id converter, paging."""

import unicodedata
from urllib.parse import urlsplit

from flask import request
from werkzeug.routing import IntegerConverter

from .. import stats
from ..i18n import and_list, day, term
from ..kinds.registry import KINDS
from ..rules import GAMES

# the largest id every database holds: ids are INTEGER columns, 32 bits on postgresql
# (sqlite's hold 64), and a larger number fails the query rather than finding nothing
ID_MAX = 2**31 - 1
# far past any real list; a larger ?page= is read as this, then as the last page
PAGE_MAX = 10**6


class IdConverter(IntegerConverter):
    """`<int:...>` in every route: ascii digits up to ID_MAX, so a longer number is a 404
    rather than a query the database cannot run."""

    regex = r"[0-9]+"

    def __init__(self, map, fixed_digits=0, min=0, max=ID_MAX, signed=False):
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


def page_number() -> int:
    """?page= as 1..PAGE_MAX: 1 when missing or not a plain number, PAGE_MAX when larger."""
    text = request.args.get("page", "")
    if not (text.isascii() and text.isdigit()):
        return 1
    # int() of thousands of digits raises; anything past seven is past PAGE_MAX anyway
    digits = text.lstrip("0") or "0"
    return max(1, min(int(digits) if len(digits) <= 7 else PAGE_MAX, PAGE_MAX))


def own_path(back: str) -> str | None:
    """`back` when it is a path of this site, else None: no scheme or host, no backslash,
    no control character or space (a browser drops a tab or a new line in a location, so a
    tab between two slashes makes "//evil"), nothing a browser would read as another host."""
    # "//x", and "///x" too, are another host to a browser
    if not back.startswith("/") or back.startswith("//") or len(back) > 2000:
        return None
    if any(char == "\\" or char.isspace() or unicodedata.category(char) in ("Cc", "Cf")
           for char in back):
        return None
    parts = urlsplit(back)
    if parts.scheme or parts.netloc or parts.path.startswith("//"):
        return None
    return back


def kind_names() -> str:
    """For the page description: "dice poker, the card game to 500, Skyjo and Skull"."""
    return and_list([term(pad.rules.phrase or pad.rules.title) for pad in KINDS.values()])


def night_label(night) -> str:
    """A night as lists and messages name it, in the reader's language: its title and
    date ("Ann's birthday · Tue 1 Dec 2026"), or its date alone."""
    shown = day(night.date, "weekday")
    return f"{night.title} · {shown}" if night.title else shown


def register(app):
    app.jinja_env.globals["GAMES"] = GAMES
    app.jinja_env.globals["kind_names"] = kind_names
    app.jinja_env.globals["night_label"] = night_label
    app.jinja_env.globals["result_text"] = lambda night, recap: stats.result_text(
        night_label(night), recap)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
