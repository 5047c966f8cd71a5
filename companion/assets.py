"""Scripts and stylesheets served minified, so that a pad with everything it loads stays
within its 40 KB (docs/benchmark.md, "Taps and bytes per entry") while the files in
static/ keep their comments.

rjsmin and rcssmin take out comments and spaces only; each file is minified once per
process, when first asked for, and again only if it changes. Nothing is written to disk,
so any number of workers serve the same bytes. In debug mode files are served as they are.
"""

import functools
import hashlib
import os

import rcssmin
import rjsmin
from flask import abort, current_app, make_response, request, send_from_directory
from werkzeug.security import safe_join

from .kinds import registry

MINIFY = {".js": (rjsmin.jsmin, "text/javascript"), ".css": (rcssmin.cssmin, "text/css")}


@functools.lru_cache(maxsize=64)
def minified(path: str, changed: float) -> tuple[bytes, str]:
    """The file's text minified, and its digest for the ETag (`changed`: its mtime, so a
    new version of the file is read again)."""
    minify, _ = MINIFY[os.path.splitext(path)[1]]
    with open(path, encoding="utf-8") as handle:
        body = minify(handle.read()).encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


def static(filename):
    """The app's static files, scripts and stylesheets minified."""
    kind = MINIFY.get(os.path.splitext(filename)[1])
    if kind is None or current_app.debug:
        return send_from_directory(*folder_of(filename))
    path = safe_join(*folder_of(filename))
    if path is None or not os.path.isfile(path):
        abort(404)
    body, digest = minified(path, os.path.getmtime(path))
    response = make_response(body)
    response.mimetype = kind[1]
    response.charset = "utf-8"
    response.set_etag(digest)
    # revalidated, as Flask serves static files by default
    response.cache_control.no_cache = True
    return response.make_conditional(request)


def folder_of(filename):
    """(folder, file): a game kind's files are its own, under kinds/<kind>/ (its package's
    static folder); the others are the app's."""
    if filename.startswith("kinds/"):
        name, _, rest = filename[len("kinds/"):].partition("/")
        folder = registry.static_folder(name)
        if folder is None or not rest:
            abort(404)
        return str(folder), rest
    return current_app.static_folder, filename


def init_app(app):
    app.view_functions["static"] = static
