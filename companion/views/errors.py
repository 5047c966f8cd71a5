"""The app's own error pages, each a sentence of what happened and what to do."""

from urllib.parse import urlsplit

from flask import current_app, g, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm.exc import ObjectDeletedError
from werkzeug.exceptions import HTTPException

from ..address import origin, origins
from ..extensions import db
from ..i18n import gettext
from ..security import ForeignRequest
from ..services import changes
from .helpers import own_path


def page_of_form() -> str:
    """The page a refused form was on: its Referer when that is a page of this site, else
    the form's own address when it answers GET, else the first page."""
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc and origin(request.referrer) in origins():
        back = own_path(referrer.path + (f"?{referrer.query}" if referrer.query else ""))
        if back:
            return back
    adapter = current_app.create_url_adapter(request)
    try:
        adapter.match(request.path, method="GET")
        return own_path(request.path) or url_for("main.home")
    except HTTPException:
        return url_for("main.home")


# PostgreSQL's deadlock_detected, serialization_failure and lock_not_available
BUSY_CODES = {"40P01", "40001", "55P03"}


def is_gone(error):
    """The database server is out of reach or cut the connection (a PostgreSQL restart):
    SQLAlchemy calls it a disconnect, or psycopg could not connect at all."""
    return error.connection_invalidated or type(error.orig).__module__.startswith("psycopg")


def is_busy(error):
    code = getattr(error.orig, "sqlstate", None)
    return code in BUSY_CODES or "database is locked" in str(error.orig)


def register_errors(app):
    @app.errorhandler(404)
    def not_found(error):
        if g.get("outsider"):
            # the same page whether the night or game is there or not
            return render_template("error.html", title=gettext("Not found"), message=gettext(
                "There is no such page here. It may have been removed. A group's nights and "
                "games open only on the group's phones: to join, open the group's invite link "
                "on this phone (ask someone in the group to show you its code).")), 404
        return render_template("error.html", title=gettext("Not found"), message=gettext(
            "There is no such page here. It may have been removed.")), 404

    @app.errorhandler(ObjectDeletedError)
    def deleted_while_drawn(error):
        # what a refused change's page reads again after its rollback, deleted meanwhile
        # (a restore replacing the group while the page was drawn)
        current_app.logger.warning("deleted while drawn %s %s: %s", request.method,
                                   request.path, error)
        return gone(error)

    @app.errorhandler(410)
    @app.errorhandler(changes.Gone)
    def gone(error):
        db.session.rollback()
        return render_template("error.html", title=gettext("Deleted"), message=gettext(
            "This was deleted on another phone while you were on its page. Nothing you typed "
            "was saved.")), 410

    @app.errorhandler(400)
    def bad_request(error):
        return render_template("error.html", title=gettext("That did not work"), message=gettext(
            "The form was stale or incomplete. Go back, reload the page and try again.")), 400

    @app.errorhandler(ForeignRequest)
    def foreign(error):
        current_app.logger.warning("refused %s %s from another site: %s", request.method,
                                   request.path, g.get("refusal"))
        return render_template("error.html", title=gettext("Not from this site"), message=gettext(
            "This request did not come from this site, so nothing was changed. Open the app's "
            "own page and try there.")), 403

    @app.errorhandler(CSRFError)
    def stale_form(error):
        # the form's token is missing, out of date, or of another session (the cookie was
        # lost or the server's secret changed): the page, opened again, has a good one
        current_app.logger.warning("refused %s %s: %s", request.method, request.path,
                                   error.description)
        return render_template("error.html", title=gettext("That did not work"),
                               message=gettext("This page was open too long, so nothing was "
                                               "saved. Open it again and try once more."),
                               again=page_of_form()), 400

    @app.errorhandler(413)
    def too_large(error):
        return render_template("error.html", title=gettext("Too large"), message=gettext(
            "This is more than the app takes in one go (8 MB). A larger group's backup is "
            "restored from the command line."), again=page_of_form()), 413

    @app.errorhandler(405)
    def not_allowed(error):
        return render_template("error.html", title=gettext("Not here"),
                               message=gettext("That page cannot be used this way.")), 405

    @app.errorhandler(OperationalError)
    def busy(error):
        db.session.rollback()
        if not is_busy(error):
            if not is_gone(error):
                raise error
            # the database went away (PostgreSQL restarting, its connection cut): the
            # change was not committed, and the next try gets a new connection
            current_app.logger.warning("database unavailable: %s", str(error.orig).strip())
            return render_template("error.html", title=gettext("The database is restarting"),
                                   message=gettext(
                "Nothing was saved. Wait a moment, then go back and try again.")), 503, \
                {"Retry-After": "5"}
        # a lock waited for longer than the database allows (SQLite's busy timeout, a
        # PostgreSQL deadlock or serialization failure): nothing was stored, try again
        return render_template("error.html", title=gettext("The table was busy"), message=gettext(
            "Another phone was saving at the same moment. Nothing was saved: go back, check the "
            "sheet and try again.")), 409, {"Retry-After": "1"}

    @app.errorhandler(500)
    def server_error(error):
        db.session.rollback()
        return render_template("error.html", title=gettext("Something went wrong"),
                               message=gettext("Nothing you saved before is lost. Go back and "
                                               "try again.")), 500
