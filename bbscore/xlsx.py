"""A spreadsheet workbook (``.xlsx``) of plain rows, for ``bbscore export --format xlsx``: written with openpyxl, which
is imported here only (and only when a workbook is asked for).

Each game's export gives its rows; this module writes them as they are: a number stays a number (an ``int`` or a
``float`` cell), a text stays text, nothing is a formula — a text that a spreadsheet would read as one (it starts with
``=``, ``+``, ``-`` or ``@``, or with a tab or a carriage return) gets a leading ``'``, as the CSV export does.
"""

from __future__ import annotations

from typing import Sequence, Union

Cell = Union[str, int, float, None]
# What starts a formula (or hides one) when a spreadsheet reads a text cell (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A worksheet's title may not hold these, nor be longer than 31 characters (the format's own limits).
_TITLE_FORBIDDEN = str.maketrans({ch: " " for ch in "[]:*?/\\"})


def neutral(text: str) -> str:
    """A text cell that no spreadsheet reads as a formula: a leading ``'`` before :data:`FORMULA_STARTS`."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _cell(text: str) -> str:
    """A text as a workbook may hold it: neutral (:func:`neutral`), and a control character the format cannot hold
    (all but tab, line feed and carriage return) named as ``<U+001B>``."""
    import re

    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", lambda match: f"<U+{ord(match.group(0)):04X}>", neutral(text))


def sheet_title(title: str, taken: Sequence[str] = ()) -> str:
    """A worksheet's title from any text: without the characters the format refuses, at most 31 characters, and not
    one of ``taken`` (a number is added)."""
    base = " ".join(title.translate(_TITLE_FORBIDDEN).split())[:31] or "1"
    candidate, number = base, 1
    while candidate.casefold() in {name.casefold() for name in taken}:
        number += 1
        suffix = f" ({number})"
        candidate = base[: 31 - len(suffix)] + suffix
    return candidate


def workbook(sheets: Sequence[tuple[str, Sequence[Sequence[Cell]]]]) -> bytes:
    """The ``.xlsx`` bytes of a workbook with one worksheet per ``(title, rows)``: each row a list of cells (text,
    whole or decimal numbers, None for an empty cell); the first row of each is its header, kept in view when the
    rows scroll."""
    import io

    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    taken: list[str] = []
    for title, rows in sheets:
        name = sheet_title(title, taken)
        taken.append(name)
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append([_cell(cell) if isinstance(cell, str) else cell for cell in row])
        for cell in sheet[1] if rows else ():
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        for column in sheet.columns:
            width = max((len(str(cell.value)) for cell in column if cell.value is not None), default=4)
            sheet.column_dimensions[column[0].column_letter].width = min(60, max(6, width + 2))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
