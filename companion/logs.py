"""Logs that never hold a secret: the invite and watcher tokens in URLs are cut out.

An invite link (`/join/<group>/<token>`) lets anyone into a group, and a watcher's link
(`/watch/<game>/<token>`) shows a game, so neither may be written to a log that others
read. The development server's request lines and the app's own log pass through
`RedactTokens`; gunicorn's access log through `GunicornLogger`, which gunicorn.conf.py
names (request line, path, Referer, every header and environ value).
"""

import logging
import re

from gunicorn.glogging import Logger

TOKEN_IN_PATH = re.compile(r"(/(?:join|watch)/\d+/)[^/?#\s\"']+")
HIDDEN = "[token]"


def redact(text: str) -> str:
    return TOKEN_IN_PATH.sub(lambda m: m.group(1) + HIDDEN, text)


class RedactTokens(logging.Filter):
    def filter(self, record):
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


class GunicornLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value
                for key, value in atoms.items()}


def init_app(app):
    # the development server's request lines, and the app's own log, which names the URL
    # of a request that failed ("Exception on /join/1/... [POST]")
    for logger in (logging.getLogger("werkzeug"), app.logger):
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
