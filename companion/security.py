"""Security headers on every response, and a session cookie that is Secure over HTTPS."""

from flask import request
from flask.sessions import SecureCookieSessionInterface

# everything comes from this app: no inline script or style, no other origin, no framing
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


class SessionInterface(SecureCookieSessionInterface):
    def get_cookie_secure(self, app):
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def add_headers(response):
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers["X-Frame-Options"] = "DENY"
    return response


def init_app(app):
    app.session_interface = SessionInterface()
    app.after_request(add_headers)
