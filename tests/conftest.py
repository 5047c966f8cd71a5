import functools
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from companion import create_app
from companion.extensions import db

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
    engine = create_engine(TEST_DATABASE_URL)
    with engine.begin() as connection:
        connection.execute(text("drop schema public cascade"))
        connection.execute(text("create schema public"))
    engine.dispose()
    return TEST_DATABASE_URL


@functools.cache
def migrated_sqlite():
    """An SQLite file at the newest migration, made once per run."""
    path = Path(tempfile.mkdtemp(prefix="migrated-")) / "template.sqlite"
    app = make_app(f"sqlite:///{path}")
    with app.app_context():
        db.engine.dispose()
    return path


def pytest_ignore_collect(collection_path, config):
    """The PostgreSQL run (scripts/test.sh) repeats what meets the database; the rules,
    the plain unit tests and the browser, whose pages tests/web serves from PostgreSQL
    too, are the same on either."""
    if not TEST_DATABASE_URL:
        return None
    tests = Path(__file__).parent
    if collection_path.parent == tests and collection_path.name.startswith("test_"):
        return True
    if collection_path.parent == tests and collection_path.name in ("rules", "browser"):
        return True
    return None


def make_app(url, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": url, **config})


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
