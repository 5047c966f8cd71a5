"""A bare Flask endpoint served the same way, as the yardstick for the app's pages."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "<!doctype html><html lang=en><title>ok</title><p>ok</p></html>"
