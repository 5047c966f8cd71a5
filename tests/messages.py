"""The messages the code marks now, as `pybabel extract` finds them with the command of
scripts/translations.sh (for the catalog test and the pseudo-language test)."""

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


def read(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


def extract(folder: Path):
    """The catalog template extracted into `folder`, read."""
    pot = folder / "messages.pot"
    subprocess.run(["bash", str(ROOT / "scripts" / "translations.sh"), "extract"], check=True,
                   cwd=ROOT, env={"POT": str(pot), "PATH": "/usr/bin:/bin",
                                  "PYBABEL": str(Path(sys.executable).parent / "pybabel")})
    return read(pot)
