"""The yardsticks for the app's pages, served the same way: `raw`, a WSGI callable that
returns a fixed page (the floor for any page on that server), and `app`, a bare Flask
endpoint."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "<!doctype html><html lang=en><title>ok</title><p>ok</p></html>"


PAGE = b"<!doctype html><html lang=en><title>ok</title><p>ok</p></html>"


def raw(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                              ("Content-Length", str(len(PAGE)))])
    return [PAGE]
