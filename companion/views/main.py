"""The home page and the app's own error pages."""

from datetime import date

from flask import Blueprint, current_app, render_template, send_from_directory
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..forms import NightForm
from ..models import Night

bp = Blueprint("main", __name__)


@bp.get("/")
def home():
    recent = db.session.execute(
        db.select(Night).order_by(Night.date.desc(), Night.id.desc()).limit(5)
        .options(selectinload(Night.attendees), selectinload(Night.games))).scalars().all()
    tonight = [night for night in recent if night.date == date.today()]
    return render_template("main/home.html", recent=recent, tonight=tonight, form=NightForm())


@bp.get("/favicon.ico")
def favicon():
    return send_from_directory(current_app.static_folder, "icons/favicon.ico")


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json")


def register_errors(app):
    @app.errorhandler(404)
    def not_found(error):
        return render_template("error.html", title="Not found",
                               message="There is no such page here. It may have been removed."), 404

    @app.errorhandler(400)
    def bad_request(error):
        return render_template("error.html", title="That did not work",
                               message="The form was stale or incomplete. Go back, reload the "
                                       "page and try again."), 400

    @app.errorhandler(405)
    def not_allowed(error):
        return render_template("error.html", title="Not here",
                               message="That page cannot be used this way."), 405

    @app.errorhandler(500)
    def server_error(error):
        db.session.rollback()
        return render_template("error.html", title="Something went wrong",
                               message="Nothing you saved before is lost. Go back and try "
                                       "again."), 500
