"""Pages cost the same number of queries with 10 nights of history as with 200."""

import re

import pytest

from companion.extensions import db
from tests.conftest import database_url, make_app
from tests.web.conftest import count_queries, select
from tests.web.history_data import restore


def load(runner, tmp_path, nights):
    """Demo data in a database emptied first (an empty backup, restored over everything)."""
    restore(runner, tmp_path, replace=True, players=[])
    result = runner.invoke(args=["demo", "--nights", str(nights), "--seed", "7", "--group", "1"])
    assert result.exit_code == 0, result.output


def newest(client, pattern, path):
    """The first link on the page at `path` to a page like `pattern` (/players/<id>)."""
    links = [a.get("href") for a in select(client.get(path), "a[href]")
             if re.fullmatch(pattern, a.get("href"))]
    assert links, f"no link like {pattern} on {path}"
    return links[0]


PAGES = {
    "history": lambda client: "/history",
    "filtered history": lambda client: "/history?kind=skull&q=a&player="
                                       + newest(client, r"/players/\d+", "/players/")
                                       .removeprefix("/players/"),
    "nights": lambda client: "/nights/",
    "home": lambda client: "/",
    "night": lambda client: newest(client, r"/nights/\d+", "/nights/"),
    # ids differ between databases (postgresql does not reuse them): follow a link
    "player": lambda client: newest(client, r"/players/\d+", "/players/"),
}
# what each page runs at most (issue 14: the lists read rows, the night page its games in
# one query; history and the night page also ask which groups of games were played, for
# the filter and the new-game picker; the night page its live tag, issue 16; and every
# page the phone's groups, issue 18; the player page its nights chart and the group's
# players to compare with, issue 31)
MOST = {"history": 7, "filtered history": 7, "nights": 4, "home": 2, "night": 5, "player": 7}


@pytest.fixture(scope="module")
def counted(tmp_path_factory):
    """Every page's queries with 10 nights of history, then with 200: one database, loaded
    twice (the demo is the slow part)."""
    folder = tmp_path_factory.mktemp("queries")
    app = make_app(database_url(folder))
    client, runner = app.test_client(), app.test_cli_runner()
    found = {name: [] for name in PAGES}
    for nights in (10, 200):
        load(runner, folder, nights)
        for name, page in PAGES.items():
            found[name].append(count_queries(app, client, page(client)))
    yield found
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.parametrize("name", PAGES)
def test_a_page_runs_as_many_queries_with_200_nights_as_with_10(counted, name):
    few, many = counted[name]
    assert len(few) == len(many), (few, many)
    assert len(many) <= MOST[name], many
