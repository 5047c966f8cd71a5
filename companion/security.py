"""Security headers on every response, a session cookie that is Secure over HTTPS, and
forms accepted only from this site's own pages."""

from flask import current_app, g, request
from flask.sessions import SecureCookieSessionInterface

from .address import origin, origins

# everything comes from this app: no inline script or style, no other origin, no framing
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


class SessionInterface(SecureCookieSessionInterface):
    def get_cookie_secure(self, app):
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


class ForeignRequest(Exception):
    """A form sent from a page of another site (its Origin says so)."""


def check_origin():
    """A form that changes something must come from this site: a browser names the page's
    origin in `Origin` (and says `Sec-Fetch-Site`), which another site's page cannot
    change. With neither (a client that is no browser), the CSRF token still decides."""
    if request.method in ("GET", "HEAD", "OPTIONS", "TRACE") or \
            not current_app.config.get("WTF_CSRF_ENABLED", True):
        return
    sent = request.headers.get("Origin")
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        g.refusal = f"Sec-Fetch-Site: cross-site (Origin {sent})"
    elif sent is not None and origin(sent) not in origins():
        g.refusal = f"Origin {sent} is not one of {sorted(origins())}"
    else:
        return
    raise ForeignRequest()


def add_headers(response):
    for name, value in page_headers(current_app, request.is_secure):
        if name in ("X-Content-Type-Options", "X-Frame-Options"):
            response.headers[name] = value
        else:
            response.headers.setdefault(name, value)
    return response


def page_headers(app, secure: bool) -> list[tuple[str, str]]:
    """What every page says besides itself (a page may say its own CSP or Referrer-Policy),
    asked over HTTPS or not: in front of Flask too (companion/following.py)."""
    headers = [("Content-Security-Policy", CSP), ("X-Content-Type-Options", "nosniff"),
               ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY")]
    if secure and str(app.config.get("PUBLIC_URL", "")).startswith("https:"):
        # the phones come back over HTTPS only, for a year
        headers.append(("Strict-Transport-Security", "max-age=31536000"))
    return headers


def init_app(app):
    app.session_interface = SessionInterface()
    app.before_request(check_origin)
    app.after_request(add_headers)
