"""Markup drawn from what it shows, kept in each worker (a player's charts, a page of the
history's nights).

The key holds everything the markup shows, as read from the database for the request that
asks, and the reader's language: a change to any of it, made by any worker, is a new key,
so what is kept is never out of date. The last `size` drawn are kept."""

from collections import OrderedDict
from threading import Lock


class Drawn:
    def __init__(self, size):
        self.size = size
        self.drawn = OrderedDict()
        self.lock = Lock()

    def kept(self, key, draw):
        """The markup kept under `key`, else `draw()`'s, kept from now on."""
        with self.lock:
            drawn = self.drawn.get(key)
            if drawn is not None:
                self.drawn.move_to_end(key)
                return drawn
        drawn = draw()
        with self.lock:
            self.drawn[key] = drawn
            while len(self.drawn) > self.size:
                self.drawn.popitem(last=False)
        return drawn
