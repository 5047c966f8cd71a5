import os

import pytest
from sqlalchemy import create_engine, text

from companion import create_app
from companion.extensions import db

# set by scripts/test.sh for the postgresql run; sqlite files in tmp_path otherwise
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")


def database_url(tmp_path, name="test"):
    """A fresh, empty database for one test."""
    if not TEST_DATABASE_URL:
        return f"sqlite:///{tmp_path / (name + '.sqlite')}"
    engine = create_engine(TEST_DATABASE_URL)
    with engine.begin() as connection:
        connection.execute(text("drop schema public cascade"))
        connection.execute(text("create schema public"))
    engine.dispose()
    return TEST_DATABASE_URL


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
