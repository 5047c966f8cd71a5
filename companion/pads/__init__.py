"""One pad per game kind: its entry form, turning typed values into an entry document.

A pad module provides `build_form(game, sheet, doc=None, position=None)`,
`to_entry(form, game)`, `preview(form, game)` and `context(game, sheet)`, plus the
templates `pads/<kind>_sheet.html` and `pads/<kind>_form.html`.
"""

from . import skyjo

PADS = {"skyjo": skyjo}
