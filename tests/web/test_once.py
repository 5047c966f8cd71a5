"""One-time keys (companion/once.py, companion/locks.py): each layer on its own. A key is
signed for one phone, action and target; and a stored tap answers only its own scope,
whatever key reaches it."""

from datetime import timedelta
from unittest.mock import patch

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from companion import locks, once
from companion.extensions import db
from companion.models import Submission, now_utc
from tests.conftest import TEST_DATABASE_URL


@pytest.fixture
def phone(app):
    """A request of one phone, with its secret in the session."""
    with app.test_request_context("/"):
        once.phone()
        yield


def test_a_key_reads_back_only_for_the_scope_it_was_issued_for(app, phone):
    scope = once.scope("night", 1)
    issued = once.issue(scope)
    nonce = once.key(issued, scope)
    assert nonce and len(nonce) == 22 and nonce not in scope
    for other in (once.scope("night", 2), once.scope("player", 1), once.scope("group"),
                  "another phone's digest:night:1"):
        assert once.key(issued, other) is None
    # a character well inside the signature (the last one's low bits carry no data)
    tampered = issued[:-5] + ("A" if issued[-5] != "A" else "B") + issued[-4:]
    assert once.key(tampered, scope) is None
    for junk in (None, 12, ["x"], "", nonce, "x" * 5000):
        assert once.key(junk, scope) is None


def test_a_key_of_another_phone_reads_as_none(app):
    with app.test_request_context("/"):
        issued, scope = once.issue(once.scope("night", 1)), once.scope("night", 1)
    with app.test_request_context("/"):
        # a new request with no cookie is another phone
        assert once.key(issued, once.scope("night", 1)) is None
        assert scope != once.scope("night", 1)


def test_a_key_older_than_it_is_kept_reads_as_none(app, phone, monkeypatch):
    scope = once.scope("night", 1)
    issued = once.issue(scope)
    monkeypatch.setattr(once, "KEPT_SECONDS", -1)
    assert once.key(issued, scope) is None


def test_a_stored_tap_answers_only_its_own_scope(app, phone):
    locks.claim("k" * 22, "mine:night:1")
    locks.answered("k" * 22, "mine:night:1", "/nights/7", "Night started.", 1)
    # the same key reaching another scope finds nothing to answer, and changes nothing
    assert locks.claim("k" * 22, "theirs:night:1") is None
    locks.answered("k" * 22, "theirs:night:1", "/elsewhere", "Taken", 2)
    first = locks.claim("k" * 22, "mine:night:1")
    assert (first.location, first.message, first.group_id) == ("/nights/7", "Night started.", 1)
    db.session.rollback()


def test_a_shared_key_is_the_server_s_own(app, phone):
    key = once.shared_key("rematch:4:abcdef")
    assert key == once.shared_key("rematch:4:abcdef") and len(key) == 32
    assert key != once.shared_key("rematch:4:abcdeg")
    app.secret_key = "another server"
    assert key != once.shared_key("rematch:4:abcdef")


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL only: row locks")
def test_a_change_purging_old_taps_does_not_wait_for_another_ones_purge(app):
    """A phone's restore purges the old taps as it claims its key and holds them until it
    commits, seconds later; a save meanwhile purges what is left and goes on, instead of
    waiting for that commit (on gevent's workers, with its whole worker:
    companion/connections.py)."""
    old = now_utc() - timedelta(seconds=once.KEPT_SECONDS + 60)
    with app.app_context():
        db.session.add_all([Submission(key=f"{n:022d}", scope="s", created_at=old)
                            for n in range(3)])
        db.session.commit()
        engine = db.engine
    with engine.connect() as restoring, engine.connect() as saving:
        with Session(bind=restoring) as first:
            locks_claim(first, "r" * 22)
            with Session(bind=saving) as second:
                second.execute(text("set local lock_timeout = '2s'"))
                locks_claim(second, "s" * 22)
                second.commit()
            first.commit()
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Submission)) == 2


def locks_claim(session, key):
    """locks.claim in a session of its own (the app's is per request)."""
    with patch.object(db, "session", session):
        assert locks.claim(key, "scope") is None
