"""Each game kind is one plugin: nothing outside its own files names it, and every generic
part of the app finds it in the registry."""

import re
from pathlib import Path

import pytest

from companion.pads import KINDS
from companion.rules import GAMES

ROOT = Path(__file__).parent.parent
# where a kind may be named: its own files, the registry line, and the migrations, which
# record what the data looked like when each was written; the benchmark's one score-entry
# scenario (bench/load.py, ScoreEntry) plays one kind by choice, and everything else in
# the benchmark walks the registry
GENERIC = [*ROOT.glob("companion/**/*.py"), *ROOT.glob("templates/**/*.html"),
           *ROOT.glob("static/**/*.css"), *ROOT.glob("static/**/*.js"),
           ROOT / "bench/__main__.py", ROOT / "bench/server.py", ROOT / "bench/bare.py"]


def own_files(kind):
    return {ROOT / f"companion/rules/{kind}.py", ROOT / f"companion/pads/{kind}.py",
            ROOT / f"static/css/pads/{kind}.css",
            ROOT / f"static/js/pads/{kind}.js", *ROOT.glob(f"templates/pads/{kind}_*.html"),
            ROOT / "companion/pads/__init__.py"}


def test_the_registry_and_the_rules_know_the_same_kinds_in_one_order():
    assert list(KINDS) == list(GAMES)
    assert all(pad.RULES is GAMES[kind] for kind, pad in KINDS.items())


@pytest.mark.parametrize("kind", KINDS)
def test_no_file_outside_a_kinds_own_names_it(kind):
    named = re.compile(rf"\b{kind}\b")
    others = [path.relative_to(ROOT).as_posix() for path in GENERIC
              if path not in own_files(kind) and "migrations" not in path.parts
              and named.search(path.read_text())]
    assert others == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_a_pad_its_templates_and_a_demo(kind):
    pad = KINDS[kind]
    for name in ("form_for", "dress", "to_entry", "preview", "board", "tell", "demo_entry",
                 "demo_options", "sheet_table"):
        assert callable(getattr(pad, name)), name
    assert isinstance(pad.MID_GAME, int)
    for part in ("sheet", "form"):
        assert (ROOT / f"templates/pads/{kind}_{part}.html").exists()
