"""What every game's referee prints alike: each card and contract through one function (:func:`notation`), and the
tricks as a compact table that fits a phone's 40 columns (:func:`trick_table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from bbscore.i18n import N_, _

# Marks after a card in the table.
ILLEGAL_MARK, UNDECIDED_MARK = "!", "?"
HEADERS = (N_("№"), N_("ход"), N_("карты"), N_("взял"), N_("висты"))  # translated where shown


def notation(value: object) -> str:
    """A card or a contract as the reader's notation writes it: every card and contract the referee prints goes
    through here (the value's ``shown()`` where it has one — the language in use — else its normal form)."""
    shown = getattr(value, "shown", None)
    return shown() if callable(shown) else str(value)


def trick_table(rows: Sequence[Sequence], headers: Sequence[str] = HEADERS, left: Sequence[int] = (2,)) -> list[str]:
    """The tricks as lines of a table: each row's cells in the order of ``headers`` (the default: number, leader, its
    cards in play order — a list, each card with its mark —, winner, points); a list cell's cards padded to one
    width, so that they stand in columns; the columns in ``left`` aligned left, the rest right.  With four cards of up
    to three letters and a mark, and the seats by their number, a row is some 35 columns."""
    width = max((cell_len(card) for row in rows for cell in row if isinstance(cell, list) for card in cell), default=0)
    cells = [[" ".join(card.ljust(width) for card in cell).rstrip() if isinstance(cell, list) else cell for cell in row]
             for row in rows]
    titles = [_(header) for header in headers]
    widths = [max([cell_len(titles[column])] + [cell_len(row[column]) for row in cells]) for column in range(len(titles))]

    def line(row: Sequence[str]) -> str:
        return " ".join(_pad(cell, widths[column], column not in left) for column, cell in enumerate(row)).rstrip()

    return [line(titles)] + [line(row) for row in cells]


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * (width - cell_len(text))
    return gap + text if right else text + gap
