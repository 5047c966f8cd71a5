"""The rules package is plain python: no web framework or database may leak into it."""

import ast
import subprocess
import sys
from pathlib import Path

COMPANION = Path(__file__).parent.parent / "companion"
RULES = COMPANION / "rules"
# the rules' shared machinery, each kind's rules (and a sheet's rows, dice poker's), and
# the package that loads them
RULES_FILES = [*RULES.glob("*.py"), *COMPANION.glob("kinds/*/rules.py"),
               *COMPANION.glob("kinds/*/rows.py"),
               COMPANION / "kinds" / "__init__.py", *COMPANION.glob("kinds/*/__init__.py")]
FORBIDDEN = {"flask", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms", "werkzeug", "jinja2"}


def imported_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_no_rules_module_imports_a_framework():
    offenders = {str(path.relative_to(COMPANION)): sorted(set(imported_modules(path)) & FORBIDDEN)
                 for path in RULES_FILES}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_importing_the_rules_loads_no_framework():
    code = ("import sys, companion.rules, companion.kinds; companion.rules.GAMES; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=RULES.parent.parent, check=True).stdout.strip()
    assert out == "[]"
