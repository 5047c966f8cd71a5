"""Private groups (issue 18) in Chromium at phone size: the first phone starts a group in
one tap and shows its code; another phone joins by the link; a new invite locks the old
link out; signing out every other phone sends them back to the first page. Each person
is a browser context of their own (their own cookies), checked as every page is."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Table, real_app, served


@pytest.fixture
def base(tmp_path):
    # a fresh install: no group yet, as the Quick start gives
    yield from served(real_app(tmp_path, "groups", fresh=True))


@pytest.fixture
def people(new_context, base, request):
    made = []

    def person(label):
        context = new_context()
        table = Table(context.new_page(), base, f"{request.node.name}-{label}", joined=False)
        made.append(table)
        return table

    yield person
    for table in made:
        table.finish()


def invite_of(table):
    table.goto("/group")
    return table.page.get_by_label("Invite link").input_value()


def join(table, link):
    table.page.goto(link)
    table.check("join")
    table.page.get_by_role("button", name=re.compile(r"^Join ")).click()
    expect(table.page.get_by_role("heading", name="Start a night")).to_be_visible()


def test_a_group_is_started_joined_rotated_and_signed_out(people):
    ann, ben, cid = people("Ann"), people("Ben"), people("Cid")

    # the first phone: one tap, and the code that brings the others in
    ann.goto("/")
    ann.check("first-page")
    ann.page.get_by_role("button", name="Start a group").click()
    page = ann.page
    expect(page.get_by_role("heading", name="Our game nights", level=1)).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("QR code"))).to_be_visible()
    ann.check("group-page")
    link = page.get_by_label("Invite link").input_value()
    assert re.fullmatch(r"http://[^/]+/join/1/[A-Za-z0-9_-]{22}", link)

    # Ben's phone opens the link (the share page's host is this machine's address; the
    # browser here reaches the server as 127.0.0.1)
    link = re.sub(r"^http://[^/]+", ann.base, link)
    join(ben, link)
    ben.page.get_by_role("button", name="Start the night").click()
    ben.page.get_by_label("New player's name").fill("Ben")
    ben.page.get_by_role("button", name="Add player").click()
    expect(ben.page.get_by_text("Ben joined the night.")).to_be_visible()
    night = ben.page.url.split("?")[0]
    ann.page.goto(night)
    expect(ann.page.get_by_text("Ben joined the night.")).to_be_hidden()
    expect(ann.page.get_by_role("listitem").filter(has_text="Ben").first).to_be_visible()

    # a new invite: the old link stops working, the new one brings Cid in
    ann.goto("/group")
    ann.page.get_by_role("button", name="Make a new invite link").click()
    expect(ann.page.get_by_text("The old invite link and code no longer work.")).to_be_visible()
    new = re.sub(r"^http://[^/]+", ann.base, ann.page.get_by_label("Invite link").input_value())
    assert new != link
    cid.page.goto(link)
    expect(cid.page.get_by_role("heading", name="This invite no longer works")).to_be_visible()
    cid.check("old-invite")
    cid.page.goto(night)
    expect(cid.page.get_by_role("heading", name="Not found")).to_be_visible()
    join(cid, new)
    cid.page.goto(night)
    expect(cid.page.get_by_role("heading", level=1)).not_to_have_text("Not found")

    # Cid signs out every other phone: Ann and Ben are back at the first page
    cid.goto("/group")
    cid.page.get_by_role("button", name="Sign out every other phone").click()
    expect(cid.page.get_by_text("Signed out 2 other phones.")).to_be_visible()
    cid.check("signed-out-others")
    for table in (ann, ben):
        table.page.goto(night)
        expect(table.page.get_by_role("heading", name="Not found")).to_be_visible()
        table.goto("/nights/")
        expect(table.page.get_by_role("button", name="Start a group")).to_be_visible()
    # the pages above answered 404 on purpose, which Chromium logs as a failed load
    for table in (ann, ben, cid):
        table.console_errors = [e for e in table.console_errors if "status of 404" not in e]


def test_the_pages_of_a_phone_outside_and_of_a_stale_form_pass_every_check(people):
    """What a phone outside the group sees at a night's link, and a form whose CSRF token
    went stale: said in words, accessible, valid, at every width."""
    ann, stranger = people("Ann"), people("Stranger")
    ann.goto("/")
    ann.page.get_by_role("button", name="Start a group").click()
    ann.goto("/")
    ann.page.get_by_role("button", name="Start the night").click()
    night = re.sub(r"^https?://[^/]+", "", ann.page.url).split("?")[0]

    stranger.goto(night)
    expect(stranger.page.get_by_text("open only on the group's phones")).to_be_visible()
    stranger.check("outsider")
    # the 404 the page answers with is its point
    stranger.console_errors = [e for e in stranger.console_errors if "status of 404" not in e]

    ann.goto("/nights/new")
    ann.page.locator("input[name=csrf_token]").evaluate("input => input.value = 'stale'")
    ann.page.get_by_role("button", name="Start the night").click()
    expect(ann.page.get_by_text("This page was open too long")).to_be_visible()
    ann.check("stale-form")
    ann.page.get_by_role("link", name="Open the page again").click()
    expect(ann.page.get_by_role("heading", name="Start a night")).to_be_visible()
    ann.console_errors = [e for e in ann.console_errors if "status of 400" not in e]
