"""A real browser at phone size against a live server, with the checks every page must pass.

Debian's Chromium is driven by Playwright (see ../shared/TOOLING.md). Every page visited
through `table.visit()` is screenshotted into artifacts/, checked with axe-core, checked
for sideways scrolling from 320 to 430 px, and kept for the Nu HTML checker. A phone given
a language (`Table(..., lang="et")`) also checks that every page it opens says it is in
that language (`<html lang>`).
"""

import functools
import json
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion.extensions import db
from companion.models import Group
from tests.browser.words import like
from tests.conftest import GROUP, database_url, make_app

ROOT = Path(__file__).parents[2]
ARTIFACTS = ROOT / "artifacts"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
WIDTHS = (320, 390, 430)


@functools.cache
def axe_source():
    return (ROOT / "node_modules/axe-core/axe.min.js").read_text()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


# each served app's invite to the test table's group, by address: a person's phone
# (`Table`) joins it first, as it would by scanning the code on another phone
INVITES = {}


def served(app):
    """The app on 127.0.0.1, in a thread: yields its address, stops after."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    with app.app_context():
        group = db.session.get(Group, GROUP)
        if group:
            INVITES[base] = f"/join/{GROUP}/{group.invite}"
        db.session.remove()
    yield base
    INVITES.pop(base, None)
    server.shutdown()


def real_app(tmp_path, name, demo_nights=0, seed=1, fresh=False):
    """The app with its real settings (CSRF on), with `demo_nights` of sample data in the
    test table's group; or `fresh`, a new install with no group at all."""
    url = f"sqlite:///{tmp_path / (name + '.sqlite')}" if fresh else database_url(tmp_path, name)
    app = make_app(url, TESTING=False, WTF_CSRF_ENABLED=True)
    if demo_nights:
        result = app.test_cli_runner().invoke(args=[
            "demo", "--nights", str(demo_nights), "--seed", str(seed), "--group", str(GROUP)])
        assert result.exit_code == 0, result.output
    return app


@pytest.fixture
def live_server(tmp_path):
    yield from served(real_app(tmp_path, "browser"))


# each page the phone opens writes down its <html lang> where the test can read it, the
# tab's sessionStorage (it outlives the page, not the tab); through devtools, as the
# page's strict CSP allows no script of ours
LANG_SEEN = "lang-seen-by-test"
RECORD_LANG = """document.addEventListener("DOMContentLoaded", () => {
    const seen = JSON.parse(sessionStorage.getItem("%s") || "[]");
    seen.push([location.pathname, document.documentElement.lang]);
    sessionStorage.setItem("%s", JSON.stringify(seen));
});""" % (LANG_SEEN, LANG_SEEN)


class Table:
    """A person at the table with a phone: visits pages and checks each one. `lang`: the
    language the phone reads (its browser context's locale), which every page must be in."""

    def __init__(self, page, base, name, joined=True, lang=None, axe=True):
        self.page = page
        self.base = base
        self.lang = lang
        # axe-core's rules judge a page's structure, names and colours, which are the same
        # in every language: a walk that repeats pages in another language may skip it
        self.axe = axe
        self.folder = ARTIFACTS / re.sub(r"\W+", "-", name).strip("-")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.count = 0
        self.outside = []
        self.console_errors = []
        page.route("**/*", self._only_local)
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        if lang:
            page.add_init_script(RECORD_LANG)
        if joined and base in INVITES:
            self.join(INVITES[base])

    def join(self, invite):
        """Open the group's invite and tap Join, as a phone that scanned its code."""
        self.goto(invite)
        self.page.get_by_role("button", name=like(self.lang or "en", "Join %(group)s")).click()
        self.page.wait_for_url(self.base + "/")

    def _console(self, message):
        # a refused form answers 422 on purpose; chromium logs that as a failed load
        if message.type == "error" and "status of 422" not in message.text:
            self.console_errors.append(message.text)

    def _only_local(self, route):
        url = route.request.url
        if re.match(r"^(http://127\.0\.0\.1[:/]|data:|blob:)", url):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def goto(self, path):
        self.page.goto(self.base + path)

    def check(self, name):
        """Screenshot, accessibility, no sideways scrolling; keep the html for the checker."""
        page = self.page
        page.wait_for_load_state("load")
        if self.lang:
            assert page.locator("html").get_attribute("lang") == self.lang, name
        self.count += 1
        stem = f"{self.count:02d}-{name}"
        page.screenshot(path=str(self.folder / f"{stem}.png"), full_page=True)
        (self.folder / f"{stem}.html").write_text(page.content())
        if self.axe:
            self.run_axe(name)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name} scrolls sideways by {overflow}px at {width}px"
        page.set_viewport_size({"width": 390, "height": 844})
        self.check_tap_targets(name)

    def run_axe(self, name):
        page = self.page
        # evaluated through devtools, which the page's strict CSP rightly does not allow a tag for
        page.evaluate(axe_source())
        # the sticky standings strip and Save bar cover whatever scrolls beneath them, by
        # design; axe would count that as targets too close together, so it judges the page
        # with them in their place in the flow
        result = page.evaluate("""tags => {
            const sticky = [...document.querySelectorAll('.strip, .action-bar')];
            sticky.forEach(el => el.style.setProperty('position', 'static', 'important'));
            return axe.run(document, {runOnly: {type: 'tag', values: tags}})
                .finally(() => sticky.forEach(el => el.style.removeProperty('position')));
        }""", AXE_TAGS)
        violations = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
                      for v in result["violations"]]
        assert violations == [], f"{name}: {violations}"

    def check_tap_targets(self, name):
        small = self.page.evaluate("""() => {
            const controls = document.querySelectorAll(
                'form input:not([type=hidden]), form select, form button, form textarea');
            const out = [];
            for (const el of controls) {
                const target = el.closest('label') || el;
                const box = target.getBoundingClientRect();
                if (box.width === 0 && box.height === 0) continue;  // not shown
                if (el.closest('.visually-hidden')) continue;
                if (box.width < 43.5 || box.height < 43.5)
                    out.push((el.name || el.textContent.trim()) + ' ' +
                             Math.round(box.width) + 'x' + Math.round(box.height));
            }
            return out;
        }""")
        assert small == [], f"{name}: tap targets under 44 px: {small[:8]}"

    def languages_seen(self):
        """Each page this tab opened, as (path, its <html lang>)."""
        seen = self.page.evaluate(f"() => sessionStorage.getItem('{LANG_SEEN}')")
        return [tuple(page) for page in json.loads(seen or "[]")]

    def finish(self):
        if self.lang:
            seen = self.languages_seen()
            assert seen, "no page wrote down its language"
            other = [(path, lang) for path, lang in seen if lang != self.lang]
            assert other == [], f"pages not in {self.lang}: {other}"
        assert self.outside == [], f"requests that left 127.0.0.1: {self.outside}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        CHECKED.extend(sorted(self.folder.glob("*.html")))


# every page the browser tests saved, for the Nu HTML checker at the end of the session
CHECKED: list[Path] = []


@pytest.fixture(scope="session", autouse=True)
def valid_html():
    """The Nu HTML checker over every saved page in one run (its Java start costs five
    seconds): no errors allowed on any of them."""
    yield
    validate_html(CHECKED)


def validate_html(files):
    """No errors, listed as (the test's folder and page, line, message)."""
    if not files:
        return
    jar = ROOT / "node_modules/vnu-jar/build/dist/vnu.jar"
    run = subprocess.run(["java", "-jar", str(jar), "--format", "json", "--exit-zero-always",
                          *map(str, files)], capture_output=True, text=True, check=True)
    messages = json.loads(run.stderr or run.stdout)["messages"]
    errors = [("/".join(Path(m.get("url", "")).parts[-2:]), m.get("lastLine"), m["message"])
              for m in messages if m["type"] == "error"]
    assert errors == [], errors


def answered(page):
    """Wait for the server's answer to the form just sent: the pages send their forms in
    the background (static/js/send.js), so a tap does not start a navigation Playwright
    would wait for; the page is changed (to the next page, or the form as refused) once
    the answer came."""
    expect(page.locator("form[data-sending]")).to_have_count(0)
    # the next page's scripts ran (they enhance its forms at DOMContentLoaded)
    page.wait_for_load_state("domcontentloaded")


def add_players(page, names):
    """Names added to the night on its page, each once the page said the last joined."""
    for name in names:
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.get_by_role("status").first).to_contain_text(f"{name} joined the night.")
        answered(page)


def follow(link):
    """Follow `link` (a locator) and wait until the next page's scripts ran: a form tapped
    before them posts as a plain form (static/js/send.js enhances it at DOMContentLoaded),
    which a test of what the scripts do when the network fails must not race."""
    with link.page.expect_navigation(wait_until="domcontentloaded"):
        link.click()


@pytest.fixture
def table(page, live_server, request):
    person = Table(page, live_server, request.node.name)
    yield person
    person.finish()
