"""Skyjo's grids on the form: each player's twelve cards read by the rules, said under the
grid (its score, the columns that go at the reveal) and beside each wrong card."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup, escape
from wtforms import Field
from wtforms.utils import unset_value

from ... import text
from ...forms import WholeNumberField
from ...i18n import and_list, gettext, points as points_shown, sentence
from ...rules import RuleError
from .rules import CELLS, COLUMNS, DECK, RULES, grid_score, removed_at_reveal

CELL_RANGE = range(CELLS)
ROWS = CELLS // COLUMNS


class GridField(Field):
    """One player's twelve cards, typed in the inputs `<name>_0` to `<name>_11`
    ("card_1_5"): one field for the twelve, as WTForms allows a field of many inputs
    (`Field.process`). WTForms makes every field of a form anew for each request, at
    several microseconds a field: a field per card was a tenth of a score entry's time.

    data: the twelve values, None where empty; typed: what each input shows; cells:
    {card: what is wrong with it}, said beside it; labels: each card's name."""

    # the cards' values, for each input's min and max
    lowest, highest = min(DECK), max(DECK)

    def __init__(self, label=None, labels=(), **kwargs):
        super().__init__(label, **kwargs)
        self.labels = labels

    def process(self, formdata, data=unset_value, extra_filters=None):
        given = data if isinstance(data, (list, tuple)) else ()
        self.data = [given[c] if c < len(given) else None for c in CELL_RANGE]
        self.typed = ["" if value is None else str(value) for value in self.data]
        self.cells, self.process_errors = {}, []
        if formdata is None:
            return
        for c in CELL_RANGE:
            # a card not sent keeps what the form was opened with, as a field of one input
            # does (getlist: MultiDict.get makes a BadRequestKeyError for each card not sent)
            sent = formdata.getlist(f"{self.name}_{c}")
            if not sent:
                continue
            typed = self.typed[c] = sent[0]
            self.data[c] = None
            # an empty card (a column gone) is no number, as an Optional field has it
            if typed.strip():
                try:
                    self.data[c] = WholeNumberField.read(typed)
                except ValueError as error:
                    self.cells[c] = error.args[0]
                    self.process_errors.append(error.args[0])

    def refuse(self, cell: int, message: str) -> None:
        """Say what is wrong with one card, beside it (the first thing said of it)."""
        self.cells.setdefault(cell, message)
        self.errors = [*self.errors, message]

    def drawn(self, read: GridRead, player: int) -> Markup:
        """The grid as the form shows it, drawn here as a WTForms widget draws a field (in
        the template, each card cost a dozen lookups and escapes): its twelve inputs, a
        row of four at a time, each row followed by what is said of its wrong cards
        (`read.cells`, whose inputs are marked and described by it), then "goes" under
        each column that leaves at the reveal. Each part the live preview refills is
        named by the player's place (`player`) in its data-preview (Skyjo.preview)."""
        parts = []
        for row in range(ROWS):
            parts.extend(self.card(c, c in read.cells)
                         for c in range(row * COLUMNS, (row + 1) * COLUMNS))
            parts.append(f'<div data-preview="card_errors_{player}_{row}">')
            parts.extend(f'<p class="error" id="{self.name}_{c}-error">{escape(said)}</p>'
                         for c, said in read.row_errors(row))
            parts.append("</div>")
        goes = escape(gone_mark()) if read.gone else ""
        parts.extend(f'<span aria-hidden="true" data-preview="grid_gone_{player}_{column}">'
                     f'{goes if column in read.gone else ""}</span>'
                     for column in range(COLUMNS))
        return Markup("".join(parts))

    def card(self, c: int, wrong: bool) -> str:
        name, typed = f"{self.name}_{c}", self.typed[c]
        return (f'<input aria-label="{escape(self.labels[c])}" class="c{c % COLUMNS}'
                f'{" invalid" if wrong else ""}" max="{self.highest}" min="{self.lowest}" '
                f'name="{name}" type="number"'
                + (f' value="{escape(typed)}"' if typed != "" else "")
                + (f' aria-invalid="true" aria-describedby="{name}-error"' if wrong else "")
                + ">")


@dataclass
class GridRead:
    """One player's grid as the form shows it: the sentence under it, the columns that go
    at the reveal, and one message per wrong cell."""
    sentence: str = ""
    gone: dict[int, int] = field(default_factory=dict)
    cells: dict[int, str] = field(default_factory=dict)

    def row_errors(self, row):
        """(cell, "Row 2, column 3: ...") for the wrong cells of one row."""
        # TRANSLATORS: Skyjo: a card of a player's grid of 3 rows and 4 columns, and what
        # is wrong with it
        return [(c, gettext("Row %(row)s, column %(column)s: %(message)s", row=row + 1,
                            column=c % COLUMNS + 1, message=message))
                for c, message in sorted(self.cells.items()) if c // COLUMNS == row]


def grid_of(form, i):
    cells = form[f"card_{i}"].data
    return cells if any(value is not None for value in cells) else None


def read_grids(form, game):
    """Each player's grid read by the rules: a wrong cell is said once, beside that cell,
    and then the grid's score is not (it would only repeat it)."""
    # a game stored before the setting existed plays with its default
    remove = {**RULES.default_options, **game.options}["remove_columns_at_reveal"]
    reads = []
    for i, player in enumerate(game.players):
        read = GridRead(cells=dict(form[f"card_{i}"].cells))
        grid = grid_of(form, i)
        if grid is not None and not read.cells:
            try:
                score = grid_score(grid, remove, player)
                read.gone = removed_at_reveal(grid, remove)
                read.sentence = said(score, read.gone)
            except RuleError as error:
                if error.field and error.field.startswith("grid."):
                    read.cells[int(error.field[5:])] = sentence(error)
                else:
                    read.sentence = sentence(error)
        reads.append(read)
    return reads


def said(score, gone):
    """"These cards score 39.", or with a column of 5s gone at the reveal "A column of 5s
    goes: 24."."""
    score = points_shown(score)
    if not gone:
        return gettext("These cards score %(score)s.", score=score)
    parts = [columns_of(count, points_shown(value))
             for value, count in Counter(gone.values()).items()]
    if len(gone) == 1:
        # TRANSLATORS: Skyjo: "A column of 5s goes: 24.": the column leaves, then the score
        return gettext("%(columns)s goes: %(score)s.", columns=text.capital(parts[0]), score=score)
    # TRANSLATORS: Skyjo: "Two columns of 5s go: 14.", "A column of 5s and a column of 7s
    # go: 2.": the columns leave, then the score
    return gettext("%(columns)s go: %(score)s.", columns=text.capital(and_list(parts)), score=score)


def columns_of(count, value):
    """ "a column of 5s", "two columns of 5s": a grid has four columns."""
    if count == 1:
        # TRANSLATORS: Skyjo: a column of three equal cards leaves the grid when the cards
        # are revealed; %(value)s is the cards' value: "a column of 5s" (of three 5s)
        return gettext("a column of %(value)ss", value=value)
    if count == 2:
        return gettext("two columns of %(value)ss", value=value)
    if count == 3:
        return gettext("three columns of %(value)ss", value=value)
    return gettext("four columns of %(value)ss", value=value)


def gone_mark():
    # TRANSLATORS: Skyjo: under a column of three equal cards, which leaves the grid when
    # the cards are revealed: a short word, under a narrow column
    return gettext("goes")
