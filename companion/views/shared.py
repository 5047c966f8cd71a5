"""One render for the whole table: every phone following a game is woken by the same change
(companion/following.py, holding.py) and asks for the same page, so the first phone's
answer is kept and the others get it with their own keys in it.

A game's page differs from one phone to the next only by what is signed for that phone:
its CSRF token (Flask-WTF, from its session) and the one-time keys of its forms
(companion/once.py, signed for its phone, the form's action and its target). While a page
is rendered, the keys issued for it are noted with what they were issued for (`once.issue`
notes them in `g.issued`); a kept page is given to another phone with each of those
values replaced by one signed for that phone, the same way, for the same forms. Nothing
else on a followed pad depends on the phone (an undone entry goes back into the form of
the pad reloaded, not of a follow's answer; tests/web/test_shared_render.py compares a
kept page with the phone's own render).

A page is kept under its game's version, which every change to what the pad shows
replaces (a rename of one of its players included), and the reader's language. A night's
page is not kept: its tag is made of ids and versions, and can come back to an earlier
value while what it shows (a name) has changed. Phones woken together ask together: the
ones that ask while the page is being rendered wait for that render instead of making
their own. Each app keeps the last KEPT pages.
"""

from __future__ import annotations

import collections
import threading

from flask import current_app, g
from flask_wtf.csrf import generate_csrf

from .. import once
from ..i18n import language

# pages kept by an app: a table's page each, for the tables being played at once
KEPT = 512
# how long a phone waits for another phone's render of the same page before its own
WAIT = 5.0


class Kept:
    def __init__(self):
        self.lock = threading.Lock()
        # {(what, version, language): (the page, its CSRF token, its keys)}
        self.pages: collections.OrderedDict[tuple, tuple[str, str | None, tuple]] = \
            collections.OrderedDict()
        # {key: set when the render of that page under way ends}
        self.rendering: dict[tuple, threading.Event] = {}

    def get_or_claim(self, key) -> tuple | threading.Event | None:
        """The kept page; else the event of a render under way; else None, and this
        request renders it (`put` or `drop` ends the claim)."""
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
                return page
            if key in self.rendering:
                return self.rendering[key]
            self.rendering[key] = threading.Event()
            return None

    def get(self, key):
        with self.lock:
            return self.pages.get(key)

    def put(self, key, page):
        with self.lock:
            self.pages[key] = page
            while len(self.pages) > KEPT:
                self.pages.popitem(last=False)
        self.drop(key)

    def drop(self, key):
        with self.lock:
            rendering = self.rendering.pop(key, None)
        if rendering is not None:
            rendering.set()


def kept_pages() -> Kept:
    return current_app.extensions.setdefault("companion.kept_pages", Kept())


def shared(key: tuple, render) -> str:
    """The page `key` names, rendered by `render()` for the first phone that asks and
    given to the next ones with their own token and keys in it. `render()` returns the
    page and whether it is the one `key` names (a change may have come in between)."""
    key = (*key, language())
    store = kept_pages()
    found = store.get_or_claim(key)
    if isinstance(found, threading.Event):
        # another phone is rendering this very page: its render, when it ends
        found.wait(WAIT)
        found = store.get(key)
        if found is None:
            return render()[0]
    if found is not None:
        return for_this_phone(*found)
    g.issued = []
    try:
        page, keep = render()
        issued = tuple(g.issued)
    except BaseException:
        store.drop(key)
        raise
    finally:
        del g.issued
    if keep:
        store.put(key, (page, csrf_rendered(), issued))
    else:
        store.drop(key)
    return page


def csrf_rendered() -> str | None:
    """The CSRF token this request's page was rendered with, if it had one."""
    return g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def for_this_phone(page: str, token: str | None, issued: tuple) -> str:
    """A kept page with this phone's CSRF token and keys for its forms."""
    if token is not None:
        page = page.replace(token, generate_csrf())
    for value, for_what in issued:
        page = page.replace(value, once.issue_again(for_what))
    return page
