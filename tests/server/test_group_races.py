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
    answers = at_once(lambda: ann.post("/group/sign-out-others", {}, ann.csrf),
                      lambda: ben.post("/group/sign-out-others", {}, ben.csrf))
    assert [a.status_code for a in answers] == [303, 303]
    # one of them is still in, alone; the other was signed out by the first (and told so,
    # when its request was already past the door), back at the first page
    inside = [phone.http.get(live.base + "/nights/", allow_redirects=False).status_code == 200
              for phone in (ann, ben, cid)]
    assert inside.count(True) == 1 and not inside[2], inside
    assert count(url, "select count(*) from member") == 1
    assert "Start a group" in (ben if inside[0] else ann).page("/")


def test_a_phone_joining_while_another_signs_everyone_out_ends_in_or_out_whole(
        server, skyjo_game):
    url, _ = skyjo_game
    live = server(workers=3)
    ann = Phone.opened(live.base)
    newcomer = Phone(live.base, joined=False)
    invite = live.invites[live.base]
    token = newcomer.token(invite)
    answers = at_once(lambda: ann.post("/group/sign-out-others", {}, ann.csrf),
                      lambda: newcomer.post(invite, {}, token))
    assert [a.status_code for a in answers] == [303, 303]
    members = count(url, "select count(*) from member")
    status = newcomer.http.get(live.base + "/nights/", allow_redirects=False).status_code
    # joined after the sign-out (two members, the newcomer in) or before it (one, out)
    assert (members, status) in ((2, 200), (1, 303))


def test_a_new_invite_and_a_sign_out_hold_at_once_on_every_worker(server, skyjo_game):
    """Nothing is remembered in a worker: the next request anywhere sees the change."""
    url, game_id = skyjo_game
    live = server(workers=3)
    ann, ben = Phone.opened(live.base), Phone.opened(live.base)
    old = live.invites[live.base]
    assert ann.post("/group/invite", {}, ann.csrf).status_code == 303
    stranger = Phone(live.base, joined=False)
    # many requests, spread over the workers by the kernel
    assert {stranger.http.get(live.base + old, timeout=30).status_code
            for _ in range(12)} == {404}
    assert ben.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code == 200
    assert ann.post("/group/sign-out-others", {}, ann.csrf).status_code == 303
    assert {ben.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code
            for _ in range(12)} == {404}
    assert {ann.http.get(f"{live.base}/games/{game_id}", timeout=30).status_code
            for _ in range(12)} == {200}
