"""Template filters and globals shared by every page."""

from fractions import Fraction

from ..rules import GAMES


def points(value):
    """A score as the sheet shows it: whole numbers plain, others with one decimal."""
    if value is None:
        return ""
    if isinstance(value, (float, Fraction)) and value != int(value):
        return f"{float(value):+.1f}".replace("+", "") if value >= 0 else f"{float(value):.1f}"
    return str(int(value))


def signed(value):
    """A result against the average: +20, 0, -3.5."""
    if value is None:
        return ""
    text = points(value)
    return f"+{text}" if value > 0 else text


def register(app):
    app.jinja_env.filters["points"] = points
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals["GAMES"] = GAMES
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
