"""Two phones of one group acting at the same instant on a real multi-process server
(issue 18): whatever the order, the group ends as one of the two orders would leave it."""

import pytest

from tests.server.conftest import Phone, at_once, count

ROUNDS = 3


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_phones_signing_out_every_other_phone_at_once_leave_one(server, skyjo_game,
                                                                    round_):
    url, _ = skyjo_game
    live = server(workers=3)
    ann, ben, cid = (Phone.opened(live.base) for _ in range(3))
    answers = at_once(lambda: ann.post("/groups/1/sign-out-others", {}, ann.csrf),
                      lambda: ben.post("/groups/1/sign-out-others", {}, ben.csrf))
    # one of them is still in, alone; the other was signed out by the first and is told
    # so: by the sign-out itself (303), or, when the first had already committed, by the
    # door, which no longer knows the group's URL (404)
    winner = 0 if ann.http.get(live.base + "/nights/", allow_redirects=False).status_code \
        == 200 else 1
    loser = (ann, ben)[1 - winner]
    assert answers[winner].status_code == 303
    assert answers[1 - winner].status_code in (303, 404)
    for phone in (loser, cid):
        assert phone.http.get(live.base + "/nights/", allow_redirects=False).status_code == 303
    assert count(url, "select count(*) from member") == 1
    told = answers[1 - winner].text if answers[1 - winner].status_code == 404 else loser.page("/")
    assert "signed out" in told and "on another phone" in told


def test_a_phone_joining_while_another_signs_everyone_out_ends_in_or_out_whole(
        server, skyjo_game):
    url, _ = skyjo_game
    live = server(workers=3)
    ann = Phone.opened(live.base)
    newcomer = Phone(live.base, joined=False)
    invite = live.invites[live.base]
    token = newcomer.token(invite)
    answers = at_once(lambda: ann.post("/groups/1/sign-out-others", {}, ann.csrf),
                      lambda: newcomer.post(invite, {}, token))
    # the sign-out makes a new invite in the same step: a join before it was signed out
    # with the others (303), one after it finds its invite gone (404); never in with the
    # old invite after the sign-out
    assert answers[0].status_code == 303 and answers[1].status_code in (303, 404)
    if answers[1].status_code == 404:
        assert "This invite no longer works" in answers[1].text
    assert count(url, "select count(*) from member") == 1
    assert newcomer.http.get(live.base + "/nights/", allow_redirects=False).status_code == 303


def test_a_new_invite_and_a_sign_out_hold_at_once_on_every_worker(server, skyjo_game):
    """Nothing is remembered in a worker: the next request anywhere sees the change."""
    url, game_id = skyjo_game
    live = server(workers=3)
    ann, ben = Phone.opened(live.base), Phone.opened(live.base)
    old = live.invites[live.base]
    assert ann.post("/groups/1/invite", {}, ann.csrf).status_code == 303
    stranger = Phone(live.base, joined=False)
    # many requests, spread over the workers by the kernel
    assert {stranger.http.get(live.base + old, timeout=30).status_code
            for _ in range(12)} == {404}
    assert ben.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code == 200
    assert ann.post("/groups/1/sign-out-others", {}, ann.csrf).status_code == 303
    assert {ben.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code
            for _ in range(12)} == {404}
    assert {ann.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code
            for _ in range(12)} == {200}
