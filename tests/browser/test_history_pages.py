"""Looking back at past nights in Chromium at phone size: history, recap, player, results."""

import pytest
from playwright.sync_api import expect

from companion.rules import GAMES
from tests.browser.conftest import real_app, served


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The app with its real settings and a few months of demo nights, shared by this
    module's tests: they only read."""
    yield from served(real_app(tmp_path_factory.mktemp("history"), "history", demo_nights=30,
                               seed=5))


def test_browsing_the_history_of_past_nights(table):
    page = table.page
    table.goto("/")
    page.get_by_role("link", name="History").click()
    expect(page.get_by_role("heading", name="History", level=1)).to_be_visible()
    table.check("history")
    page.get_by_label("Game").select_option(label="Skull")
    page.get_by_role("button", name="Show nights").click()
    expect(page.get_by_role("heading", name="nights found")).to_be_visible()
    table.check("history-skull")
    page.get_by_role("list", name="nights found").get_by_role("link").nth(1).click()
    expect(page.get_by_role("heading", name="Recap")).to_be_visible()
    table.check("night-recap")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_player_page_with_statistics_and_charts(table, scheme):
    page = table.page
    page.emulate_media(color_scheme=scheme)
    table.goto("/players/1")
    expect(page.get_by_role("heading", name="Recent form")).to_be_visible()
    expect(page.get_by_role("img", name="final totals in Skyjo")).to_be_visible()
    table.check(f"player-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_finished_game_shows_how_it_went(table, scheme):
    page = table.page
    page.emulate_media(color_scheme=scheme)
    open_finished_game(table, "skyjo")
    page.get_by_text("The totals after each round").click()
    expect(page.get_by_role("cell").first).to_be_visible()
    table.check(f"skyjo-{scheme}")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_kind_of_finished_game_has_a_running_totals_chart(table, kind):
    title = open_finished_game(table, kind)
    chart = table.page.get_by_role("img", name=f"Running totals, {title}")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390
    table.check(f"result-{kind}")


def open_finished_game(table, kind):
    """From the history filtered by kind, the second night's first game of that kind, by
    the name the list gives it (its kind's, or its group's: "Qwixx"); returns the name."""
    page = table.page
    table.goto(f"/history?kind={kind}")
    night = page.get_by_role("list", name="nights found").get_by_role("listitem").nth(1)
    title = night.locator(".game-title").first.inner_text()
    night.get_by_role("link").first.click()
    page.get_by_role("link", name=f". {title}").first.click()
    return title
