"""The roster in Chromium at phone size: who played how much, and a name added by mistake
taken off again, light and dark."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import real_app, served


@pytest.fixture
def live_server(tmp_path):
    """The app with its real settings and a few weeks of demo nights."""
    yield from served(real_app(tmp_path, "roster", demo_nights=8, seed=3))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_name_added_by_mistake_leaves_the_roster(table, scheme):
    page = table.page
    page.emulate_media(color_scheme=scheme)
    table.goto("/nights/new")
    page.get_by_role("button", name="Start the night").click()
    page.get_by_label("New player's name").fill("Zoë Typo-Name")
    page.get_by_role("button", name="Add player").click()
    page.get_by_role("button", name="Remove Zoë Typo-Name from tonight").click()
    table.goto("/players/")
    expect(page.get_by_role("row", name="Zoë Typo-Name")).to_be_visible()
    table.check(f"roster-{scheme}")
    page.get_by_role("link", name="Zoë Typo-Name").click()
    expect(page.get_by_role("heading", name="Remove from the roster")).to_be_visible()
    table.check(f"never-played-{scheme}")
    page.get_by_role("link", name="Remove Zoë Typo-Name…").click()
    expect(page.get_by_text("they are removed from 0 nights")).to_have_count(0)
    expect(page.get_by_text("they came to no night")).to_be_visible()
    table.check(f"remove-{scheme}")
    page.get_by_role("button", name="Yes, remove Zoë Typo-Name").click()
    expect(page.get_by_text("Zoë Typo-Name is no longer on the roster.")).to_be_visible()
    expect(page.get_by_role("row", name="Zoë Typo-Name")).to_have_count(0)


def test_a_player_who_played_is_told_why_they_stay(table):
    page = table.page
    table.goto("/players/")
    page.locator("table.roster-table tbody a").first.click()
    expect(page.get_by_text("so they stay on the roster")).to_be_visible()
    expect(page.locator("ol.form-list .form-mark").first).to_be_visible()
    table.check("played")
