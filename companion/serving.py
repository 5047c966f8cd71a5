"""`flask --app app serve`: the table's server, in one command.

Waitress, a production WSGI server in pure Python: it runs the same on a Linux, macOS or
Windows laptop, and it reads every request whole in its event loop before a thread of the
app sees it, so a phone on a bad connection (or a client that sends a byte now and then)
holds a socket, never one of the threads the table's phones need. Connections idle for
`channel_timeout` seconds are closed; requests are held to a form's size. gunicorn, the
choice behind a proxy (docs/hosting.md), gives each connection a thread as it comes and
runs on no Windows laptop.

It listens on the network (0.0.0.0), prints the address the other phones open and its QR
code, and makes that address the app's `PUBLIC_URL`, so the invite and share links name
the same address and port. `--local` keeps it to this machine.
"""

from __future__ import annotations

import gc
import io
import sys

import click
import segno
from flask import current_app
from flask.cli import with_appcontext

from . import address

# what waitress is told: see the module's docstring
WAITRESS = {
    "threads": 8,
    "channel_timeout": 30,
    "cleanup_interval": 10,
    "connection_limit": 1000,
    # poll(), not select(): more than 1,024 connections open at once is no failure
    "asyncore_use_poll": True,
    "max_request_header_size": 64 * 1024,
    # a group's backup restored from the History page (the app's MAX_CONTENT_LENGTH)
    "max_request_body_size": 8 * 1024 * 1024,
    "ident": "companion",
}


def settle() -> None:
    """Once the app is loaded, before it serves: what it holds for good (modules, the URL
    map, the catalogs) is put out of the garbage collector's sight. Its full collections,
    which come every few dozen requests, would otherwise walk all of it each time: a pause
    of 50-70 ms in the middle of a request at 5,000 nights (docs/benchmark.md). gunicorn's
    workers call it too (gunicorn.conf.py)."""
    gc.collect()
    gc.freeze()


def banner(base: str, local: bool) -> str:
    """What the terminal shows: the address to open, and its QR code."""
    lines = ["", "Game-night companion is running.", ""]
    if local:
        lines += [f"Open {base} in this machine's browser (only this machine can reach it).",
                  ""]
        return "\n".join(lines)
    code = segno.make(base + "/", error="m")
    lines += [f"On the phones at the table (same Wi-Fi), open:  {base}/",
              "or scan this code:", ""]
    text = _terminal(code)
    lines += [text, "Only for this machine: flask --app app serve --local", ""]
    return "\n".join(lines)


def _terminal(code) -> str:
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    return out.getvalue()


@click.command("serve")
@click.option("--port", type=int, default=address.DEFAULT_PORT, show_default=True,
              envvar="COMPANION_PORT", help="The port to listen on (COMPANION_PORT).")
@click.option("--local", is_flag=True,
              help="Listen on 127.0.0.1 only: no other phone can reach it.")
@with_appcontext
def serve(port: int, local: bool) -> None:
    """Serve the app to the phones at the table (waitress, on the network)."""
    import waitress

    app = current_app._get_current_object()
    host = "127.0.0.1" if local else "0.0.0.0"
    base = app.config.get("PUBLIC_URL") or (
        f"http://127.0.0.1:{port}" if local else address.machine_base(port))
    # every link the app prints or shows names the address printed here
    app.config["PUBLIC_URL"] = base.rstrip("/")
    click.echo(banner(app.config["PUBLIC_URL"], local))
    sys.stdout.flush()
    settle()
    waitress.serve(app, host=host, port=port, **WAITRESS)
