"""A phone's identity, and the one-time keys of the forms that create or remove things.

A phone is known by a secret of 128 bits that the server puts in its session cookie (signed
and HttpOnly) the first time it needs one; the database keeps only its digest, on each of
the phone's memberships (views/access.py). The cookie stays one small value however many
groups the phone is in.

A form that creates something (a group, a night, a player, a game) or removes it carries a
one-time key so that a second tap, or a retry after a lost answer, is answered as the first
was (companion/locks.py, `claim`). The key is the server's: a random nonce, signed with the
app's secret for one scope, `<phone>:<action>:<target>`. A value the phone made up, or one
issued for another phone, another form or another target, reads as no key at all: the form
then acts as a new tap would, and can never reach what another tap stored. A tap that every
phone of a group shares (Rematch, deleting a game) has a key derived on the server from the
game's version (`shared_key`), never sent to a phone, so nobody can predict it or claim it
first.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from flask import current_app, g, session
from itsdangerous import BadData, URLSafeTimedSerializer

from .models import new_token

# how long a form's key answers a repeated tap; taps older than this are forgotten
KEPT_SECONDS = 7 * 24 * 3600
# what a phone's secret in the cookie looks like (`new_token`'s 128 bits)
SECRET = re.compile(r"[A-Za-z0-9_-]{22}")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def phone_secret(create: bool = True) -> str | None:
    """This phone's secret, from its cookie; given one now (and the cookie kept 400 days)
    when it has none and `create`."""
    secret = session.get("phone")
    if isinstance(secret, str) and SECRET.fullmatch(secret):
        return secret
    if not create:
        return None
    secret = new_token()
    session["phone"] = secret
    session.permanent = True
    return secret


def phone(create: bool = True) -> str | None:
    """This phone's digest, as its memberships keep it."""
    secret = phone_secret(create)
    return digest(secret) if secret else None


def scope(action: str, target: object = "") -> str:
    """What one form of this phone acts on: "<phone>:<action>:<target>"."""
    return f"{phone()[:32]}:{action}:{target}"


def _serializer(scope_: str, secret_key: str | None = None) -> URLSafeTimedSerializer:
    # the scope is the signature's salt: a key signed for one scope fails for any other,
    # and the page carries only the nonce, a time and the signature
    return URLSafeTimedSerializer(secret_key or current_app.secret_key, salt="once " + scope_)


def issue(scope_: str) -> str:
    """A new key for a form of `scope_`, as its hidden field carries it; noted with what it
    is for (the scope without its phone) while a page kept for other phones is rendered
    (views/shared.py)."""
    value = _new_key(scope_)
    issued = g.get("issued")
    if issued is not None:
        issued.append((value, scope_.partition(":")[2]))
    return value


def issue_again(for_what: str) -> str:
    """A new key of this phone's for what `issue` noted another phone's for: `scope`'s
    action and target, which name the form and what it acts on, never the phone."""
    return issue(f"{phone()[:32]}:{for_what}")


def issue_for(phone_: str, for_what: str, secret_key: str) -> str:
    """`issue_again` for the phone whose digest is `phone_`, outside a request (the
    follow's front, companion/following.py, gives a kept page to a phone it proved)."""
    return _new_key(f"{phone_[:32]}:{for_what}", secret_key)


def _new_key(scope_: str, secret_key: str | None = None) -> str:
    return _serializer(scope_, secret_key).dumps(secrets.token_urlsafe(16))


def key(value: object, scope_: str) -> str | None:
    """The nonce of `value` when it is a key the server issued for `scope_` in the last
    KEPT_SECONDS; None for anything else."""
    if not isinstance(value, str) or len(value) > 200:
        return None
    try:
        nonce = _serializer(scope_).loads(value, max_age=KEPT_SECONDS)
    except BadData:
        return None
    return nonce if isinstance(nonce, str) and SECRET.fullmatch(nonce) else None


def shared_key(scope_: str) -> str:
    """The key of a tap every phone of a group shares (Rematch from one version of a game):
    derived from the app's secret, so it is never on a page and nobody can predict it."""
    return hmac.new(current_app.secret_key.encode(), scope_.encode(),
                    hashlib.sha256).hexdigest()[:32]
