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


def catalog_folder(name: str) -> Path:
    """Where the catalogs of `name` are: the app's, or a game kind's own."""
    return ROOT / ("companion/translations" if name == "app"
                   else f"companion/kinds/{name}/translations")


def extract_each(folder: Path) -> dict:
    """Each catalog's template (the app's, then each kind's) extracted into `folder`, read:
    {"app": catalog, kind: catalog, ...}."""
    subprocess.run(["bash", str(ROOT / "scripts" / "translations.sh"), "extract"], check=True,
                   cwd=ROOT, env={"POTDIR": str(folder), "PATH": "/usr/bin:/bin",
                                  "PYBABEL": str(Path(sys.executable).parent / "pybabel")})
    return {pot.stem: read(pot) for pot in sorted(folder.glob("*.pot"))}


def extract(folder: Path):
    """Every message the code marks, the app's and the kinds', as one catalog."""
    catalogs = extract_each(folder)
    merged = catalogs.pop("app")
    for catalog in catalogs.values():
        for message in catalog:
            if message.id and merged.get(message.id, message.context) is None:
                merged.add(message.id, context=message.context, flags=message.flags)
    return merged
