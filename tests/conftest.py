import functools
import itertools
import os
import re
import secrets
import shutil
import tempfile
from pathlib import Path

import pytest
from jinja2 import BytecodeCache
from sqlalchemy import create_engine, make_url, text

from flask.testing import FlaskClient

from companion import create_app, once
from companion.extensions import db
from companion.models import Group, new_token
from companion.services import groups

# set by scripts/test.sh for the postgresql run; sqlite files in tmp_path otherwise
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")


def database_url(tmp_path, name="test", empty=False):
    """A fresh database for one test, at the newest migration (as the app would bring it
    on starting), or `empty` for a test that builds an older schema itself."""
    if not TEST_DATABASE_URL:
        path = tmp_path / (name + ".sqlite")
        if not empty:
            # migrating takes a third of a second: done once, then copied
            shutil.copyfile(migrated_sqlite(), path)
        return f"sqlite:///{path}"
    return fresh_postgres(empty)


@functools.cache
def migrated_sqlite():
    """An SQLite file at the newest migration, made once per run, with the table's group."""
    path = Path(tempfile.mkdtemp(prefix="migrated-")) / "template.sqlite"
    app = make_app(f"sqlite:///{path}")
    with app.app_context():
        start_table_group()
        # every connection closed: the last one writes the WAL back into the file copied
        db.session.remove()
        db.engine.dispose()
    return path


# the group every test database starts with, which the test clients join (`Phone`)
TABLE_GROUP = "Test table"
GROUP = 1


def start_table_group():
    """The group, with no phone in it yet (as `flask groups --start` makes one)."""
    group = Group(name=TABLE_GROUP, invite=new_token())
    db.session.add(group)
    db.session.commit()
    assert group.id == GROUP


# -- PostgreSQL: a database of its own for each call, copied from a migrated template ------
#
# CREATE DATABASE ... TEMPLATE copies the template's files, a fraction of what running the
# migrations for every test costs. The names carry the process id, so runs side by side (or
# pytest-xdist workers) never meet. As with the one database this used to wipe, a new
# database replaces the ones this process made before it; the rest go when the session ends.

_made = []  # this process's databases for tests
_templates = []  # and its template
_numbers = itertools.count(1)


def fresh_postgres(empty):
    drop_postgres(_made)
    _made.clear()
    name = f"{make_url(TEST_DATABASE_URL).database}_{os.getpid()}_{next(_numbers)}"
    # an empty one is made as TEST_DATABASE_URL's own was: from template1
    create_postgres(name, None if empty else migrated_postgres())
    _made.append(name)
    return postgres_url(name)


@functools.cache
def migrated_postgres():
    """A database at the newest migration, made once per run, that the others copy."""
    drop_postgres(stale_postgres())
    name = f"{make_url(TEST_DATABASE_URL).database}_{os.getpid()}_template"
    create_postgres(name)
    _templates.append(name)
    app = make_app(postgres_url(name))
    with app.app_context():
        start_table_group()
        db.session.remove()
        # a template that is being copied must have no connections
        db.engine.dispose()
    return name


def stale_postgres():
    """Databases a run that was killed left behind: named for a process that is gone."""
    base = make_url(TEST_DATABASE_URL).database
    pattern = re.compile(re.escape(base) + r"_(\d+)_(\d+|template)")
    with postgres_admin().connect() as connection:
        names = connection.execute(text("select datname from pg_database")).scalars().all()
    stale = []
    for name in names:
        match = pattern.fullmatch(name)
        if match and not process_exists(int(match.group(1))):
            stale.append(name)
    return stale


def process_exists(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@functools.cache
def postgres_admin():
    """An autocommit engine on TEST_DATABASE_URL's own database, for creating and
    dropping the others (CREATE DATABASE cannot run in a transaction)."""
    return create_engine(TEST_DATABASE_URL, isolation_level="AUTOCOMMIT")


def postgres_url(name):
    return make_url(TEST_DATABASE_URL).set(database=name).render_as_string(hide_password=False)


def quoted(name):
    return '"' + name.replace('"', '""') + '"'


def create_postgres(name, template=None):
    with postgres_admin().connect() as connection:
        connection.execute(text(f"drop database if exists {quoted(name)} with (force)"))
        connection.execute(text(f"create database {quoted(name)}"
                                + (f" template {quoted(template)}" if template else "")))


def drop_postgres(names):
    if not names:
        return
    with postgres_admin().connect() as connection:
        for name in names:
            # with (force): a connection that a test left open does not keep it
            connection.execute(text(f"drop database if exists {quoted(name)} with (force)"))


def pytest_sessionfinish(session):
    if TEST_DATABASE_URL and (_made or _templates):
        drop_postgres(_made + _templates)
        _made.clear()
        _templates.clear()
        migrated_postgres.cache_clear()
        postgres_admin().dispose()


# the browser tests that the PostgreSQL run repeats: what a broken network leaves in the
# database (one entry, never two) is the database's to keep. scripts/test.sh runs them in
# its PostgreSQL pass alone (TEST_SQLITE_PASS=1 in the other), so that the suite stays well
# under 15 minutes; tests/web/test_lost_answers.py tests the same server on both databases
BROWSER_ON_POSTGRES = {"test_network.py"}


def pytest_ignore_collect(collection_path, config):
    """The PostgreSQL run (scripts/test.sh) repeats what meets the database; the rules,
    the plain unit tests and the browser, whose pages tests/web serves from PostgreSQL
    too, are the same on either (but for BROWSER_ON_POSTGRES)."""
    tests = Path(__file__).parent
    if not TEST_DATABASE_URL:
        return True if (os.environ.get("TEST_SQLITE_PASS") and collection_path.parent
                        == tests / "browser" and collection_path.name in BROWSER_ON_POSTGRES
                        ) else None
    if collection_path.parent == tests and collection_path.name.startswith("test_"):
        return True
    if collection_path.parent == tests and collection_path.name == "rules":
        return True
    if collection_path.parent == tests / "browser" and collection_path.name.startswith(
            "test_") and collection_path.name not in BROWSER_ON_POSTGRES:
        return True
    return None


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept for the whole run.

    Every test makes an app of its own, and each app's Jinja environment would lex, parse
    and compile every template it renders afresh: a third of what a page test costs. This
    hands each new environment the code an earlier one compiled from the very same source
    (the key holds the source's checksum, so an edited template compiles again) with the
    same lexer settings; rendering is still each app's own."""

    def __init__(self):
        self.codes = {}

    @staticmethod
    def key(bucket):
        env = bucket.environment
        return (bucket.key, bucket.checksum, env.trim_blocks, env.lstrip_blocks,
                env.keep_trailing_newline, env.newline_sequence, env.block_start_string,
                env.variable_start_string, env.comment_start_string,
                env.line_statement_prefix, env.line_comment_prefix,
                tuple(sorted(env.extensions)), env.optimized, env.is_async)

    def load_bytecode(self, bucket):
        bucket.code = self.codes.get(self.key(bucket))

    def dump_bytecode(self, bucket):
        self.codes[self.key(bucket)] = bucket.code


TEMPLATES = CompiledTemplates()


class Phone(FlaskClient):
    """A phone at the table: it joined the database's first group (the test group, or the
    one an upgraded database became) when it was made, as opening the invite does.
    `app.test_client(joined=False)` is a phone in no group."""

    def __init__(self, *args, joined=True, **kwargs):
        super().__init__(*args, **kwargs)
        if joined:
            self.join()

    def join(self, group_id=None):
        with self.session_transaction() as session:
            secret = session.setdefault("phone", secrets.token_urlsafe(16))
        with self.application.app_context():
            group = db.session.get(Group, group_id) if group_id else db.session.scalars(
                db.select(Group).order_by(Group.id).limit(1)).first()
            if group is None:
                return None
            membership = groups.add_member(group, once.digest(secret))
            db.session.commit()
            db.session.remove()
        with self.session_transaction() as session:
            session["group"] = membership.group_id
            session["groups"] = session.get("groups", 0) + 1
        return membership


# Debian's Chromium, as the browser tests (tests/browser) and the proxy tests
# (tests/server/test_proxy.py) drive it through Playwright (../shared/TOOLING.md)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-default-apps"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": CHROMIUM_ARGS}


def make_app(url, **config):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": url, **config})
    app.jinja_env.bytecode_cache = TEMPLATES
    app.test_client_class = Phone
    return app


@pytest.fixture
def app(tmp_path):
    app = make_app(database_url(tmp_path))
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
