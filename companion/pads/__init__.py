"""One pad per game kind: its entry form, turning typed values into an entry document.

A pad module provides `build_form(game, sheet, doc=None, position=None)`,
`to_entry(form, game)`, `preview(form, game)`, `context(game, sheet)` and
`describe(game, sheet, position)` (one entry as a sentence, for the undo page), plus the
templates `pads/<kind>_sheet.html` and `pads/<kind>_form.html`.
"""

from . import cards_500, dice_poker, skull, skyjo

PADS = {"cards_500": cards_500, "dice_poker": dice_poker, "skull": skull, "skyjo": skyjo}
