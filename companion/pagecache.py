"""Rendered pages kept in each worker's memory, under a key that changes with what they show.

The phones round a table reload a game's pad far more often than anyone changes it, and
rendering a pad costs about ten times more than asking the database whether it changed.
The caller derives the key from the database (a game's version changes with every change to
it), so whatever another worker or process wrote, a stored page is served only while the
key still holds.

What belongs to one request stays out of the stored copy: the CSRF token is written back
per request, and a page with flashed messages or query arguments is neither served from
nor kept in the cache.
"""

import secrets
from collections import OrderedDict
from threading import Lock

from flask import current_app, get_flashed_messages, request
from flask_wtf.csrf import generate_csrf

# stands for the CSRF token in a stored page
HOLE = secrets.token_hex(16)


class PageCache:
    """At most `size` pages, the least recently used dropped first; 0 keeps none."""

    def __init__(self, size: int):
        self.size = size
        self.pages: OrderedDict = OrderedDict()
        self.lock = Lock()

    def page(self, key, render):
        """The stored page for `key` with this request's token, or `render()`'s
        (body, status), kept when it is a 200 page that holds nothing of this request."""
        token = generate_csrf()
        shared = not request.args and not get_flashed_messages()
        if shared:
            with self.lock:
                stored = self.pages.get(key)
                if stored is not None:
                    self.pages.move_to_end(key)
            if stored is not None:
                return stored.replace(HOLE, token)
        body, status = render()
        if shared and status == 200 and self.size:
            with self.lock:
                self.pages[key] = body.replace(token, HOLE)
                while len(self.pages) > self.size:
                    self.pages.popitem(last=False)
        return body, status


def init_app(app):
    app.extensions["page_cache"] = PageCache(app.config["PAGE_CACHE_SIZE"])


def cached_page(key, render):
    return current_app.extensions["page_cache"].page(key, render)
