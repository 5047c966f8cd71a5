"""A game: starting it, its pad (the score sheet and the entry form) and every change to it.

Each change goes through one pipeline (companion/services/changes.py): a view validates,
hands it the change and replies (views/once.py), or puts the refusal beside its field.
"""

from flask import Blueprint

bp = Blueprint("games", __name__)

from . import confirm, entries, start  # noqa: E402,F401  (their routes join bp)
