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
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers["X-Frame-Options"] = "DENY"
    if request.is_secure and str(current_app.config.get("PUBLIC_URL", "")).startswith("https:"):
        # the phones come back over HTTPS only, for a year
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def init_app(app):
    app.session_interface = SessionInterface()
    app.before_request(check_origin)
    app.after_request(add_headers)
