"""The game-night companion: a scorekeeper for physical play."""

import os
import secrets
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# a worker's connections to a database server: kept open, and opened for a moment past them
DATABASE_POOL = 20
DATABASE_OVERFLOW = 10


def create_app(test_config=None):
    # imported here so that `companion.rules` can be used without flask installed
    from flask import Flask

    app = Flask(__name__, instance_relative_config=True,
                template_folder="../templates", static_folder="../static")
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app, test_config)
    from . import following

    # a follow's 304 is answered in front of Flask, behind ProxyFix (trust_proxies)
    following.init_app(app)
    trust_proxies(app)
    register_extensions(app)
    register_converters(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_template_helpers(app)
    register_commands(app)
    return app


def load_config(app, test_config):
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "companion.sqlite"),
        NIGHTS_PER_PAGE=20,
        # the table's time zone (an IANA name, "Europe/Tallinn") for the times a recap
        # shows; None: the server's own (COMPANION_TIME_ZONE sets it)
        TIME_ZONE=None,
        # the largest request: a group's backup restored from the History page (a form
        # is a few KB; serving.py and docs/hosting.md's nginx take as much); more is
        # refused with the app's 413 page before it is read
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,
        # seconds a following phone's question with nothing new is held (companion/
        # following.py); None: 20 on gevent's workers, 0 (answered at once) elsewhere
        FOLLOW_HOLD=None,
        # seconds a write on SQLite waits for another to finish (PostgreSQL waits for locks)
        SQLITE_BUSY_TIMEOUT=10,
        # bring the database to the newest schema when the app starts
        AUTO_MIGRATE=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # a phone stays in its groups (views/access.py) for as long as browsers keep cookies
        PERMANENT_SESSION_LIFETIME=400 * 24 * 3600,
        # the cookie is sent again only when the session changes (a join, a flash): sent
        # with every answer, an answer still on its way (a preview, a follow) would put back
        # the session from before a save and lose its "Saved." message; and a following
        # phone would carry it every 1.5 s
        SESSION_REFRESH_EACH_REQUEST=False,
        # how many proxies in front set X-Forwarded-For and -Proto (docs/hosting.md): 0
        # trusts none, 1 the one nginx or Caddy sets
        PROXY_HOPS=0,
        # a form's CSRF token holds for a game night (a pad stays open for hours); it is
        # bound to the phone's session all the same
        WTF_CSRF_TIME_LIMIT=12 * 3600,
        # Flask-WTF's Referer check compares with the Host header, which a proxy may give
        # without its port: forms are checked by their Origin instead (security.py)
        WTF_CSRF_SSL_STRICT=False,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("COMPANION")
    if os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = normalise_db_url(os.environ["DATABASE_URL"])
    if test_config:
        app.config.update(test_config)
    if app.config["TIME_ZONE"]:
        # a misspelt zone stops the app here, not on the first page that shows a time
        try:
            ZoneInfo(app.config["TIME_ZONE"])
        except (ValueError, ZoneInfoNotFoundError):
            raise RuntimeError(f"TIME_ZONE {app.config['TIME_ZONE']!r} is no time zone: "
                               "give an IANA name such as Europe/Tallinn.") from None
    hold = app.config["FOLLOW_HOLD"]
    if hold is not None and (isinstance(hold, bool) or not isinstance(hold, (int, float))
                             or not 0 <= hold <= 55):
        # held longer, a question would outlast a proxy's 60 s read timeout
        raise RuntimeError(f"FOLLOW_HOLD {hold!r} is not a number of seconds from 0 to 55.")
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # a writer waits this long for another phone's write to end before giving up
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {
            "connect_args": {"timeout": app.config["SQLITE_BUSY_TIMEOUT"]}})
    else:
        # connections kept open for as many requests as a gevent worker runs at once (a
        # table's phones woken together): past the pool, each request's connection would
        # be opened and closed again, which costs the database server more than the
        # request's queries (docs/hosting.md: workers x 30 within max_connections). One the
        # server closed (a restart) is found out and replaced before use (connections.py)
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {
            "pool_size": DATABASE_POOL, "max_overflow": DATABASE_OVERFLOW})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path) / "secret_key")


def normalise_db_url(url):
    # hosting platforms hand out postgres:// urls, which sqlalchemy no longer accepts
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    return url


def instance_secret(path):
    """A secret key generated once and kept in the instance folder."""
    if not path.exists():
        # write aside, then link into place: several workers may start at once
        temp = path.with_name(f"{path.name}.{os.getpid()}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(temp, path)
        except FileExistsError:
            pass
        finally:
            temp.unlink()
    return path.read_text().strip()


def trust_proxies(app):
    """Behind PROXY_HOPS proxies, the request is what the phone sent to the first one: its
    scheme (HTTPS) and address (Werkzeug's ProxyFix). Its host stays the Host header, which
    nginx and Caddy set from the phone's request; X-Forwarded-Host is not trusted (Debian's
    proxy_params passes a client's own through), the public address says the rest."""
    hops = int(app.config["PROXY_HOPS"])
    if hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)


def register_extensions(app):
    from . import (assets, connections, i18n, instrument, logs, models,  # noqa: F401 (models)
                   schema, security)
    from .extensions import csrf, db, migrate

    db.init_app(app)
    connections.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    # before the CSRF check: a form from another site is refused as that, whatever its token
    security.init_app(app)
    csrf.init_app(app)
    i18n.init_app(app)
    assets.init_app(app)
    instrument.init_app(app)
    logs.init_app(app)
    if app.config["AUTO_MIGRATE"]:
        schema.upgrade(app)


def register_converters(app):
    from .views.helpers import IdConverter

    # before the blueprints: a rule takes its converters when it is added
    app.url_map.converters["int"] = IdConverter


def register_blueprints(app):
    from .kinds import registry
    from .views import access, games, groups, history, live, main, nights, once, players

    access.init_app(app)
    # each game kind's templates are its own
    registry.init_app(app)
    for module in (main, groups, nights, games, players, history, live):
        app.register_blueprint(module.bp)
    app.after_request(once.background)


def register_errorhandlers(app):
    from .views.errors import register_errors

    register_errors(app)


def register_template_helpers(app):
    from .views.helpers import register

    register(app)


def register_commands(app):
    from . import cli

    cli.register(app)
