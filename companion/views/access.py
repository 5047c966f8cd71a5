"""Who may see what: one guard in front of every route.

A phone's groups are the memberships of the phone its session cookie (signed, HttpOnly,
400 days) names by its secret (companion/once.py), read from the database on every
request. Every URL that names a group's thing, by
`group_id`, `night_id`, `game_id` or `player_id`, is answered only for a phone of that
group; to anyone else it is the app's 404, as if it did not exist. URLs that name nothing
(the nights, the players, the history) show the phone's current group, and send a phone
with no group to the first page, which starts one or explains how to join.

Because the check is here and keyed by the URL's own arguments, a new route cannot forget
it: tests/web/test_groups.py walks the whole URL map.
"""

from __future__ import annotations

from flask import abort, flash, g, redirect, request, session, url_for

from .. import once
from ..extensions import db
from ..i18n import gettext
from ..queries import OWNERS
from ..services.groups import Membership, adopt, memberships

# no group's: the files, the language switch, and the watchers' read-only links (their
# token is the check)
PUBLIC = frozenset({"static", "main.favicon", "main.manifest", "main.language_switch",
                    "live.watch", "live.watch_follow", "live.board", "live.board_follow"})
# a phone without a group may open these: the first page, starting a group, an invite
OPEN = frozenset({"main.home", "groups.start", "groups.join"})
# these answer for a night or game that is gone (a second tap on Delete is answered as the
# first was, from its token); they check the group of whatever they do find (`owned`)
ANSWERS_GONE = frozenset({"nights.delete", "games.delete"})
# asked by a page every 1.5 s: they never change which group the lists show
FOLLOWS = frozenset({"live.follow_game", "live.follow_night"})


def remember(membership: Membership) -> None:
    """This phone joined a group: show that group (the membership is the database's)."""
    session["group"] = membership.group_id
    session["groups"] = len(g.memberships) + 1


def show_group(group_id: int) -> None:
    """The lists show this group from now on (a phone in several)."""
    if session.get("group") != group_id:
        session["group"] = group_id


def forget() -> None:
    """This phone left a group (or was signed out of it by its own tap): not news to it."""
    session["groups"] = max(0, len(g.memberships) - 1)


def adopt_old_cookie() -> None:
    """A cookie from before phones had a secret (migration 0013) holds {member id: secret}
    for each group: those memberships become this phone's, once, and the cookie shrinks."""
    held = session.pop("members")
    claims = {int(key): secret for key, secret in held.items()
              if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 16
              and isinstance(secret, str)} if isinstance(held, dict) else {}
    if claims:
        adopt(claims, once.phone())
        db.session.commit()


def guard():
    endpoint = request.endpoint
    if endpoint is None or endpoint in PUBLIC:
        return None
    if "members" in session:
        adopt_old_cookie()
    phone = once.phone(create=False)
    named = [] if endpoint in OPEN else [key for key in OWNERS
                                         if key in (request.view_args or {})]
    if named and phone is None:
        outsider()
    proved, owners = memberships(phone, named,
                                 {key: request.view_args[key] for key in named})
    if endpoint not in FOLLOWS:
        # signed out on another phone (or its group was replaced by a restore): said once,
        # on a page (a follow's answer is never shown)
        had = session.get("groups")
        if isinstance(had, int) and len(proved) < had:
            flash(gettext("This phone was signed out of a group on another phone. To get "
                          "back in, open the group's invite link."))
        if had != len(proved):
            session["groups"] = len(proved)
    g.memberships = proved
    mine = {m.group_id: m for m in proved}
    shown = session.get("group")
    current = (mine.get(shown) if isinstance(shown, int) else None) or (
        proved[0] if proved else None)
    if named:
        # everything the URL names is there, of one group, and this phone is in it
        known = set(owners)
        if None in known and endpoint in ANSWERS_GONE and current is not None:
            g.membership = current
            return None
        if None in known or len(known) != 1 or not known <= mine.keys():
            outsider()
        g.membership = mine[known.pop()]
        if request.method == "GET" and endpoint not in FOLLOWS:
            show_group(g.membership.group_id)
        return None
    g.membership = current
    if g.membership is None and endpoint not in OPEN:
        return redirect(url_for("main.home"), 303)
    return None


def outsider():
    """A URL naming what is not this phone's, or not there at all: one 404, whose page
    says that a group's things need its invite (views/main.py), never which it was."""
    g.outsider = True
    abort(404)


def owned(group_id: int) -> None:
    """For the views of ANSWERS_GONE: what they loaded must be of this phone's group (it
    may have been made by another group's phone after the guard found nothing)."""
    if group_id != g.membership.group_id:
        abort(404)


def chosen_group_id(value) -> int | None:
    """The group a form was shown for (its hidden field), if this phone is in it; None
    when it names a group this phone is no longer in; the group the lists show when it
    names none."""
    if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 16):
        return current_group_id()
    return int(value) if int(value) in {m.group_id for m in g.memberships} else None


def current_group_id() -> int:
    """The group whose lists this request shows (the guard made sure there is one)."""
    return g.membership.group_id


def init_app(app):
    app.before_request(guard)
