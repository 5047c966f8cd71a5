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
value while what it shows (a name) has changed. The layout around a pad's body is kept
beside it, for a reload with nothing of the phone's own on it (views/games/pages.py,
`kept_pad_page`). Phones woken together ask together: the ones that ask while the page is
being rendered wait for that render instead of making their own. Each app keeps the last
KEPT pages.

A phone whose question is held in front of Flask (companion/following.py) is given a kept
page there once its membership is proved again (`given`); the first to find the page
neither kept nor being rendered claims its render and goes on to Flask (`render_claimed`),
the others wait for it there, holding no connection to the database.
"""

from __future__ import annotations

import collections
import threading

from flask import current_app, g, request
from flask_wtf.csrf import generate_csrf
from itsdangerous import URLSafeTimedSerializer

from .. import once
from ..i18n import language

# pages kept by an app: a table's page each, for the tables being played at once
KEPT = 512
# how long a phone waits for another phone's render of the same page before its own
WAIT = 5.0
# the request's environ key of a page claimed for it in front of Flask (`Kept.claim`)
CLAIMED = "companion.claimed"


class Kept:
    def __init__(self):
        self.lock = threading.Lock()
        # {(what, version, language): (the page, its CSRF token, its keys)}; and a pad's
        # layout, (before the body, after it) (views/games/pages.py, `kept_pad_page`)
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

    def claim(self, key) -> threading.Event | None:
        """A claim on rendering the page `key` names when it is neither kept nor being
        rendered (ended by `release`, `put` or `drop`); else None."""
        with self.lock:
            if key in self.pages or key in self.rendering:
                return None
            self.rendering[key] = claimed = threading.Event()
            return claimed

    def release(self, key, claimed: threading.Event):
        """End the claim `claimed` if its render did not (it kept no page)."""
        with self.lock:
            if self.rendering.get(key) is claimed:
                del self.rendering[key]
        claimed.set()

    def get(self, key):
        with self.lock:
            return self.pages.get(key)

    def awaited(self, key):
        """The kept page, once the render of it under way (if any) has ended."""
        with self.lock:
            page, rendering = self.pages.get(key), self.rendering.get(key)
        if page is None and rendering is not None:
            rendering.wait(WAIT)
            page = self.get(key)
        return page

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


def kept_pages(app=None) -> Kept:
    return (app or current_app).extensions.setdefault("companion.kept_pages", Kept())


def shared(key: tuple, render) -> str:
    """The page `key` names, rendered by `render()` for the first phone that asks and
    given to the next ones with their own token and keys in it. `render()` returns the
    page and whether it is the one `key` names (a change may have come in between)."""
    key = (*key, language())
    store = kept_pages()
    # claimed for this request in front of Flask (companion/following.py), or claimed here
    found = None if request.environ.pop(CLAIMED, None) == key else store.get_or_claim(key)
    if isinstance(found, threading.Event):
        # another phone is rendering this very page: its render, when it ends
        found.wait(WAIT)
        found = store.get(key)
        if found is None:
            return render()[0]
    if found is not None:
        return for_phone(*found, generate_csrf, once.issue_again)
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


def for_phone(page: str, token: str | None, issued: tuple, csrf, key_for) -> str:
    """A kept page with a phone's CSRF token (`csrf()`) and its keys for the page's forms
    (`key_for(what the key is for)`)."""
    if token is not None:
        page = page.replace(token, csrf())
    for value, for_what in issued:
        page = page.replace(value, key_for(for_what))
    return page


def pad_key(game_id: int, version: str) -> tuple:
    """What a game's followed pad is kept under (with the reader's language)."""
    return "pad", game_id, version


def render_claimed(app, key: tuple, environ: dict, answer):
    """The app's `answer()` to the first phone to find the page `key` names neither kept
    nor being rendered: it renders it (`shared`, told by CLAIMED) while the others wait
    in front of Flask (`given`). None when the page is kept or being rendered."""
    store = kept_pages(app)
    claimed = store.claim(key)
    if claimed is None:
        return None
    environ[CLAIMED] = key
    try:
        return answer()
    finally:
        environ.pop(CLAIMED, None)
        store.release(key, claimed)


def given(app, key: tuple, phone: str, csrf: str | None) -> str | None:
    """The page `key` names (its language too), kept or once its render under way ends,
    for the phone of digest `phone` and session CSRF secret `csrf` (from its verified
    cookie), signed as Flask-WTF and companion/once.py sign them in a request. None when
    not kept, or when the page has a token and the session no CSRF secret yet."""
    found = kept_pages(app).awaited(key)
    if found is None or (found[1] is not None and csrf is None):
        return None
    signer = URLSafeTimedSerializer(app.config.get("WTF_CSRF_SECRET_KEY") or app.secret_key,
                                    salt="wtf-csrf-token")
    return for_phone(*found, lambda: signer.dumps(csrf),
                     lambda for_what: once.issue_for(phone, for_what, app.secret_key))
