"""What every game's output shares: a console that never sends a control character of user text to the terminal,
styled lines, and tables that fit the terminal (a table when every cell fits whole, else a line a row: a phone's
terminal of 40 columns must never see a number or a name cut to «…»).
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bbscore.errors import visible


class _SafeConsole(Console):
    """A console whose text never carries a raw control character: pair names, notes, titles and file names are user
    text, and an ESC in them would reach the terminal, a line break in them would forge a line of output (see
    :func:`bbscore.errors.visible`)."""

    def render_str(self, text: str, *args, **kwargs) -> Text:
        return super().render_str(visible(text), *args, **kwargs)

    def render(self, renderable, options=None):
        """Every rich :class:`~rich.text.Text` too (one built by hand, a table's cell): its control characters named
        as :func:`visible` names them, its styles kept — the one output path of every command and game."""
        if isinstance(renderable, Text):
            renderable = named(renderable)
        return super().render(renderable, options)


def named(text: Text) -> Text:
    """``text`` with each control or format character of it named (``<U+202E>``), its styles kept."""
    plain = text.plain
    if plain.isprintable():  # the common case, quickly (nothing to name)
        return text
    for index in reversed(range(len(plain))):
        character = plain[index]
        shown = visible(character)
        if shown != character:
            text = text[:index] + Text(shown) + text[index + 1:]
    return text


def console(wrap: bool = False) -> Console:
    """A console that takes every text literally: no markup, no emoji codes (names and contracts are user text), no
    control character (named instead).

    Its lines are as long as they need (a terminal folds them), or with ``wrap`` broken between words at the width
    (the sheet's lines: a number is never split across two lines of a narrow terminal).
    """
    return _SafeConsole(highlight=False, soft_wrap=not wrap, markup=False, emoji=False)


def styled(text: str, style: str) -> Text:
    """A line in a style (bold, red, yellow), its text taken literally (control characters named)."""
    return Text(visible(text), style=style)


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
    """A cell's text as it is shown (control characters named: what its width is measured by)."""
    return visible(cell.plain if isinstance(cell, Text) else str(cell))
