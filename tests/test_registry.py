"""Each game kind is one package: nothing outside its folder names it, and every generic
part of the app finds it in the registry (companion/kinds/__init__.py, one line)."""

import re
from pathlib import Path

import pytest

from companion.kinds import NAMES
from companion.kinds.base import Kind, Words
from companion.kinds.registry import KINDS
from companion.rules import GAMES, Rules

ROOT = Path(__file__).parent.parent
KINDS_DIR = ROOT / "companion" / "kinds"
# where a kind may be named: its own package, the registry line, and the migrations, which
# record what the data looked like when each was written; the benchmark's one score-entry
# scenario (bench/load.py, ScoreEntry) plays one kind by choice, and everything else in
# the benchmark walks the registry
GENERIC = [*ROOT.glob("companion/**/*.py"), *ROOT.glob("companion/**/*.html"),
           *ROOT.glob("templates/**/*.html"), *ROOT.glob("static/**/*.css"),
           *ROOT.glob("static/**/*.js"), *ROOT.glob("companion/**/*.css"),
           *ROOT.glob("companion/**/*.js"),
           ROOT / "bench/__main__.py", ROOT / "bench/server.py", ROOT / "bench/bare.py"]
# the hooks a kind implements (companion/kinds/base.py): each is its own, not the base's
HOOKS = ("form_for", "to_entry", "board", "tell", "sheet_table", "demo_entry")


def test_the_registry_and_the_rules_know_the_same_kinds_in_one_order():
    assert list(KINDS) == list(GAMES) == list(NAMES)
    assert all(kind.rules is GAMES[name] for name, kind in KINDS.items())


@pytest.mark.parametrize("kind", KINDS)
def test_no_file_outside_a_kinds_own_package_names_it(kind):
    named = re.compile(rf"\b{kind}\b")
    own = KINDS_DIR / kind
    others = [path.relative_to(ROOT).as_posix() for path in GENERIC
              if own not in path.parents and path != KINDS_DIR / "__init__.py"
              and "migrations" not in path.parts and named.search(path.read_text())]
    assert others == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_a_declared_class_with_its_templates_and_words(kind):
    declared = KINDS[kind]
    assert isinstance(declared, Kind) and isinstance(declared.rules, Rules)
    assert isinstance(declared.words, Words) and isinstance(declared.mid_game, int)
    for hook in HOOKS:
        assert getattr(type(declared), hook) is not getattr(Kind, hook), hook
    templates = KINDS_DIR / kind / "templates"
    for template in (declared.sheet_template, declared.form_template):
        assert (templates / template).exists(), template


@pytest.mark.parametrize("kind", KINDS)
def test_a_kinds_static_files_are_served_from_its_package(client, kind):
    declared = KINDS[kind]
    for asset in filter(None, (declared.stylesheet, declared.script)):
        assert asset.startswith(f"kinds/{kind}/")
        assert client.get(f"/static/{asset}").status_code == 200


def test_every_module_reads_in_one_sitting():
    """A module of the app stays under 300 lines and a views module under 200: past that,
    it holds two things and wants splitting (issue "A game kind is one package")."""
    long = {path.relative_to(ROOT).as_posix(): lines for path in ROOT.glob("companion/**/*.py")
            if "migrations" not in path.parts
            and (lines := len(path.read_text().splitlines()))
            >= (200 if "views" in path.parts else 301)}
    assert long == {}
