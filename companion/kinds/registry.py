"""Every kind's declared class (`KINDS`), in the order of `NAMES`: what the app walks.

A kind's `pad.py` defines `KIND`, an instance of its `Kind` subclass. Its templates are
found through a blueprint of its own (no routes); its static files are served by the app's
static route under `kinds/<kind>/`; its catalogs are merged with the app's (i18n.py).
"""

from importlib import import_module
from pathlib import Path

from flask import Blueprint

from . import NAMES
from .base import Kind


def load(name: str) -> Kind:
    kind = import_module(f"{__package__}.{name}.pad").KIND
    kind.folder = Path(import_module(f"{__package__}.{name}").__file__).parent
    kind.stylesheet, kind.script = (
        f"kinds/{name}/{name}{suffix}" if (kind.folder / "static" / f"{name}{suffix}").exists()
        else None for suffix in (".css", ".js"))
    return kind


KINDS: dict[str, Kind] = {name: load(name) for name in NAMES}


def static_folder(name: str) -> Path | None:
    """The static folder of the kind `name`, for the app's static route."""
    kind = KINDS.get(name)
    return kind.folder / "static" if kind else None


def translation_folders() -> list[str]:
    # only those there: a missing catalog would be merged as English's plural rule
    return [str(folder) for kind in KINDS.values()
            if (folder := kind.folder / "translations").is_dir()]


def init_app(app):
    for name, kind in KINDS.items():
        app.register_blueprint(Blueprint(f"kind_{name}", f"{__package__}.{name}",
                                         template_folder=str(kind.folder / "templates")))
