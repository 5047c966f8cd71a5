"""Pages cost the same number of queries with 10 nights of history as with 200."""

import re

import pytest

from tests.web.conftest import count_queries, select
from tests.web.history_data import restore


def load(runner, tmp_path, nights):
    """Demo data in a database emptied first (an empty backup, restored over everything)."""
    restore(runner, tmp_path, replace=True, players=[])
    result = runner.invoke(args=["demo", "--nights", str(nights), "--seed", "7"])
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
# the filter and the new-game picker)
MOST = {"history": 6, "filtered history": 6, "nights": 3, "home": 1, "night": 3, "player": 4}


@pytest.mark.parametrize("name", PAGES)
def test_a_page_runs_as_many_queries_with_200_nights_as_with_10(app, client, runner, tmp_path,
                                                                 name):
    load(runner, tmp_path, 10)
    few = count_queries(app, client, PAGES[name](client))
    load(runner, tmp_path, 200)
    many = count_queries(app, client, PAGES[name](client))
    assert len(few) == len(many), (few, many)
    assert len(many) <= MOST[name], many
