"""Tables that fit the terminal, for every game's output: a table when every cell fits whole, else a line a row.

Shared by the Bazar-Belot and the preferans rendering: a phone's terminal of 40 columns must never see a number or a
name cut to «…».
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text


def print_fitting(out: Console, table: Table) -> None:
    """Print ``table`` when its cells fit whole at the console's width; else its title, then each row as one line
    («header value; header value …»), so that no cell is ever cut."""
    from rich.cells import cell_len

    widths = [max([cell_len(_plain(column.header))] + [cell_len(_plain(cell)) for cell in column.cells])
              for column in table.columns]
    needed = sum(widths) + 3 * len(widths) + 1  # each cell, a space of padding either side and a border
    if needed <= out.width:
        for column in table.columns:
            column.no_wrap = True
        out.print(table)
        return
    if table.title:
        out.print(table.title)
    headers = [_plain(column.header) for column in table.columns]
    rows = zip(*(list(column.cells) for column in table.columns))
    for cells in rows:
        first, *rest = (_plain(cell) for cell in cells)
        out.print(f"{first} — " + "; ".join(f"{header} {value}" for header, value in zip(headers[1:], rest) if value))


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)
