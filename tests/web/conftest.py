"""Builders for web tests: a night with players and a game of any kind, through the app."""

import re
from html.parser import HTMLParser

import pytest
from sqlalchemy import event

from companion.extensions import db


@pytest.fixture
def start_game(client):
    """start_game("skyjo", ["Ann", "Ben"], target=50) -> the new game's id."""

    def start(kind, players, **options):
        client.post("/nights/new", data={"date": "2026-11-30", "title": "Test night"})
        nights = [a.get("href") for a in select(client.get("/nights/"), "a[href]")
                  if re.fullmatch(r"/nights/\d+", a.get("href"))]
        night_id = int(nights[0].rsplit("/", 1)[1])
        for name in players:
            client.post(f"/nights/{night_id}/attendees", data={"name": name})
        data = {f"seat_{i}": name for i, name in enumerate(players)}
        form = client.get(f"/nights/{night_id}/games/new/{kind}")
        # keep the defaults the setup form shows, then apply the test's settings
        data.update({name: value for name, value in form_data(parse(form)).items()
                     if name.startswith("option_")})
        for key, value in options.items():
            if value is False:
                data.pop(f"option_{key}", None)
            else:
                data[f"option_{key}"] = "y" if value is True else str(value)
        response = client.post(f"/nights/{night_id}/games/new/{kind}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.location.rsplit("/", 1)[1])

    return start


def version(client, game_id):
    """The version of the game's sheet as it is now, as a phone reads it from the page it is
    on (the JSON view holds the same value)."""
    return client.get(f"/games/{game_id}/sheet.json").get_json()["version"]


# -- pages read as a browser reads them ------------------------------------------------
#
# parse(html) gives a tree of elements; select(html, "form[method=post] input[type=hidden]")
# the elements a small CSS selector matches (tag, #id, .class, [attr], [attr=value],
# [attr^=value], descendants by a space, alternatives by a comma), in document order.
# Attribute order, quoting and entities never matter; texts are unescaped, with runs of
# whitespace read as one space.

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


class Element:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.parent, self.children = tag, parent, []
        # a bare attribute (checked, selected, novalidate) reads as "", as in the DOM
        self.attrs = {name: "" if value is None else value for name, value in attrs}

    def get(self, name, default=None):
        return self.attrs.get(name, default)

    @property
    def classes(self):
        return self.attrs.get("class", "").split()

    def iter(self):
        """Every element below this one, in document order."""
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.iter()

    @property
    def text(self):
        pieces = []

        def walk(element):
            for child in element.children:
                pieces.append(child) if isinstance(child, str) else walk(child)

        walk(self)
        return " ".join("".join(pieces).split())

    def select(self, selector):
        groups = [[_compound(part) for part in _TOKENS.findall(group)]
                  for group in _split_groups(selector)]
        return [e for e in self.iter() if any(_matches(e, chain) for chain in groups)]

    def one(self, selector):
        """The one element the selector matches; fails saying how many it found."""
        found = self.select(selector)
        assert len(found) == 1, f"{len(found)} elements match {selector!r}"
        return found[0]

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>"


class _Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Element("#document", [])

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Element(tag, attrs, self.current))

    def handle_endtag(self, tag):
        # close up to the matching open element; a stray end tag changes nothing
        open_element = self.current
        while open_element is not self.root and open_element.tag != tag:
            open_element = open_element.parent
        if open_element is not self.root:
            self.current = open_element.parent

    def handle_data(self, data):
        self.current.children.append(data)


_TOKENS = re.compile(r"(?:[^\s\[]|\[[^\]]*\])+")
_SIMPLE = re.compile(r"([#.])([\w-]+)"  # #id, .class
                     r"""|\[\s*([\w:-]+)\s*(?:(\^?=)\s*("[^"]*"|'[^']*'|[^\]]*?)\s*)?\]""")


def _split_groups(selector):
    groups, depth, start = [], 0, 0
    for at, char in enumerate(selector):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            groups.append(selector[start:at])
            start = at + 1
    return [g for g in groups + [selector[start:]] if g.strip()]


def _compound(text):
    """A compound selector as (tag or None, [(attr, operator, value)])."""
    tag = re.match(r"\*|[\w-]*", text).group(0)
    rest, tests = text[len(tag):], []
    for match in _SIMPLE.finditer(rest):
        mark, word, name, operator, value = match.groups()
        if mark == "#":
            tests.append(("id", "=", word))
        elif mark == ".":
            tests.append(("class", "~=", word))
        else:
            if value and value[0] in "\"'":
                value = value[1:-1]
            tests.append((name.lower(), operator, value))
    assert _SIMPLE.sub("", rest) == "", f"cannot read the selector {text!r}"
    return (tag.lower() if tag not in ("", "*") else None), tests


def _matches_one(element, compound):
    tag, tests = compound
    if tag and element.tag != tag:
        return False
    for name, operator, value in tests:
        have = element.attrs.get(name)
        if have is None:
            return False
        if operator == "=" and have != value or operator == "^=" and not have.startswith(value):
            return False
        if operator == "~=" and value not in have.split():
            return False
    return True


def _matches(element, chain):
    """The last compound matches the element, the others its ancestors in order."""
    if not _matches_one(element, chain[-1]):
        return False
    rest, ancestor = chain[:-1], element.parent
    while rest and ancestor is not None:
        if _matches_one(ancestor, rest[-1]):
            rest = rest[:-1]
        ancestor = ancestor.parent
    return not rest


def parse(html):
    """The page as a tree of elements: from its text, a test client response or an element."""
    if isinstance(html, Element):
        return html
    if hasattr(html, "get_data"):
        html = html.get_data(as_text=True)
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root


def select(html, selector):
    return parse(html).select(selector)


def texts(html, selector):
    """The text of every element the selector matches."""
    return [element.text for element in select(html, selector)]


def inputs(html, selector="input"):
    """The attributes of every <input> (or of what `selector` matches), as dicts."""
    return [element.attrs for element in select(html, selector)]


def hidden_value(html, name):
    """The value of the page's one hidden input called `name`, whatever the order of its
    attributes."""
    found = [i.get("value") for i in inputs(html, f"input[type=hidden][name={name}]")]
    assert len(found) == 1, f"{len(found)} hidden inputs called {name!r}: {found}"
    return found[0]


def form_data(html):
    """What a browser sends for the controls in `html` (a form, or a whole page) as they
    stand: checked boxes only, each select's chosen option, no buttons or files."""
    data = {}
    for control in select(html, "input[name], select[name], textarea[name]"):
        name, kind = control.get("name"), control.get("type", "text").lower()
        if control.tag == "select":
            options = control.select("option")
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            if chosen:
                data[name] = chosen[-1].get("value", chosen[-1].text)
        elif control.tag == "textarea":
            # a browser drops the newline that may open the text
            text = "".join(c for c in control.children if isinstance(c, str))
            data[name] = text.removeprefix("\n")
        elif kind in ("checkbox", "radio"):
            if "checked" in control.attrs:
                data[name] = control.get("value", "on")
        elif kind not in ("submit", "button", "reset", "image", "file"):
            data[name] = control.get("value", "")
    return data


def table_rows(html, selector="table"):
    """Each row of the tables the selector matches, as the texts of its cells."""
    return [[cell.text for cell in row.select("th, td")]
            for table in select(html, selector) for row in table.select("tr")]


def form_version(html):
    """The version a page's forms say they were filled in on (a pad has the entry form and
    the undo button: both name the one version the page shows), whatever the order of
    their attributes."""
    found = {i.get("value") for i in inputs(html, "input[type=hidden][name=version]")}
    assert len(found) == 1, f"forms on one page name versions {found}"
    return found.pop()


def errors(response):
    """The error sentences a page shows, next to fields or above the form."""
    page = parse(response)
    found = texts(page, "p.error")
    for box in page.select("div.form-errors"):
        found += texts(box, "p") or [box.text]
    return found


def count_queries(app, client, path, warm_up=True, headers=None):
    """The statements a page runs; seen once before by default, as anything done once per
    process is not to be counted. `headers` go with the counted request (a 304 counts)."""
    if warm_up:
        client.get(path)
    statements = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert client.get(path, headers=headers).status_code in (200, 304)
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    return statements
