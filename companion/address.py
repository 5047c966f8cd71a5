"""Where the phones reach this app: one notion of its public address, for the pages, their
QR codes and the command line alike.

`PUBLIC_URL` (config or `COMPANION_PUBLIC_URL`) says it once: a server behind a proxy sets
it to its HTTPS address, and `flask serve` sets it to the address it prints. Without it, a
page uses the address the phone used, with this machine's network address in place of
"localhost" (the host's own browser opened it so); the command line, which has no phone,
uses this machine's network address on `flask serve`'s port.
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from flask import current_app, has_request_context, request, url_for

# `flask serve`'s port, unless --port or COMPANION_PORT says otherwise
DEFAULT_PORT = 5000
LOOPBACK = {"localhost", "127.0.0.1", "::1"}


def lan_address() -> str | None:
    """This machine's address on the network it would reach others by (no packet is
    sent: connecting a UDP socket only picks the route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
    except OSError:
        return None


def machine_base(port: int = DEFAULT_PORT) -> str:
    """This machine as the other phones on its network open it."""
    return f"http://{lan_address() or '127.0.0.1'}:{port}"


def public_base() -> str:
    """The scheme, host and port (and any prefix) the phones open, without a final "/"."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    if not has_request_context():
        return machine_base()
    parts = urlsplit(request.host_url)
    host = parts.netloc
    if parts.hostname in LOOPBACK and (address := lan_address()):
        host = address + (f":{parts.port}" if parts.port else "")
    return f"{parts.scheme}://{host}"


def public_url(endpoint: str, **values) -> str:
    """An address of this app another phone can open."""
    return public_base() + url_for(endpoint, **values)


def origins() -> set[str]:
    """The origins a form of this app is sent from: the public address's, and the one the
    request names itself by (its Host, which a browser sets and no page can)."""
    found = {origin(f"{request.scheme}://{request.host}")}
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        found.add(origin(configured))
    return found


def origin(url: str) -> str:
    """An address's origin as a browser says it: lower case, without a default port."""
    try:
        parts = urlsplit(url.lower())
        port = parts.port
    except ValueError:
        # no address at all (a port past 65535, a broken IPv6 host): matches no origin
        return url.lower()
    netloc = parts.netloc
    if (parts.scheme, port) in (("https", 443), ("http", 80)):
        netloc = netloc.rsplit(":", 1)[0]
    return f"{parts.scheme}://{netloc}"
