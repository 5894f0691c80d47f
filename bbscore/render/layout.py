"""What every game's output shares: one layout for every line any command prints.

* A console (:func:`console`) that never sends a control character of user text to the terminal (named instead,
  :func:`bbscore.errors.visible`), takes every text literally (no markup, no emoji codes) and breaks its lines
  **between words** at the terminal's width: a number, a contract, a card or a name is never split across two
  lines.  What must stay together although it has spaces in it — a pair of totals ``86 : 174``, an amount ``7,80 ₽``,
  a name of two words — is glued (:func:`keep`, :func:`keep_names`).  Lines are broken when the width is known (a
  terminal, or ``COLUMNS`` set); into a file or a pipe they stay whole.  A continued line is indented under the text
  of its first line (after its leading spaces and a list mark ``1.`` or ``-``, or a label: :func:`labelled`).
* Tables that fit (:func:`print_fitting`): a table when every cell fits whole and the terminal has at least
  :data:`COMPACT_BELOW` columns, else its title and then one line a row («first — header value; header value …»),
  so that no cell is ever cut; a column of prose (a note, a description) may wrap between words inside the table.
* :func:`question_lines`: a question broken the same way, its last line left short enough to type after.
"""

from __future__ import annotations

import os
import re
import sys
from functools import cache
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from rich.cells import cell_len

from bbscore.errors import shown, visible
from bbscore.seats import MAX_NOTE

if TYPE_CHECKING:  # (rich's console is imported by the first console that needs it: plain lines need none)
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

GLUE = "\u00a0"  # a space that never breaks a line (printed as a plain space)
COMPACT_BELOW = 60  # columns: below this a table is a list of lines, one a row (a phone's terminal)
_kept: set[str] = set()  # names of the sheet being shown that have spaces in them: never broken
# A line's lead that its continued lines are indented past: its spaces, then a list mark («1.», «-») or a label glued to
# the text after it (:func:`labelled`: «2 было.», «Было:»).
_MARK = re.compile(r"^( *)((?:\d+\.|[-•]|\d+\))[ ]+|\S+(?:\u00a0\S+)*[.:]\u00a0)?")
_FROM_CARD = re.compile(r"(?<=\S) (?:от|from) \S{1,3}(?=[\s.,;:)]|$)")


def keep(text: object) -> str:
    """``text`` with its spaces glued: it is never broken across lines (``86 : 174``, ``7,80 ₽``)."""
    return str(text).replace(" ", GLUE)


def labelled(label: str, text: str) -> str:
    """``label`` (``2 было.``, ``Было:``) then ``text``, on a line whose continued lines are indented under ``text``,
    past the label — never broken inside the label nor right after it."""
    return f"{keep(label)}{GLUE}{text}"


def keep_names(names: Iterable[str]) -> None:
    """Names (pairs, players) that are never broken across lines wherever they appear in this run's output."""
    for name in names:
        if isinstance(name, str) and " " in name.strip():
            _kept.add(name)


def _glued(plain: str) -> str:
    """``plain`` with what must stay together glued (the same length: styles stay where they are): a pair of numbers
    written ``86 : 174`` or ``28 / 301``, a construction named by its top card (``терц от ДП``), the kept names."""
    plain = plain.replace(" : ", f"{GLUE}:{GLUE}").replace(" / ", f"{GLUE}/{GLUE}")
    if " от " in plain or " from " in plain:  # a sequence by its top card, «терц от ДП», is one construction
        plain = _FROM_CARD.sub(lambda match: match.group(0).replace(" ", GLUE), plain)
    for name in _kept:
        if name in plain:
            plain = plain.replace(name, keep(name))
    return plain


def _split_long(word: str, room: int) -> list[str]:
    """A word wider than ``room``: broken at its glued spaces where it must, folded by cells only when one piece of
    it is still too wide (a name longer than the terminal is wide)."""
    pieces: list[str] = []
    current = ""
    for part in word.split(GLUE):
        candidate = f"{current}{GLUE}{part}" if current else part
        if cell_len(candidate) <= room or not current:
            current = candidate
        else:
            pieces.append(current)
            current = part
    pieces.append(current)
    folded: list[str] = []
    for piece in pieces:
        while cell_len(piece) > room:
            cut = room
            while cut > 1 and cell_len(piece[:cut]) > room:
                cut -= 1
            slash = max(piece.rfind(mark, 0, cut) for mark in "/\\")  # a path: broken after a folder's name
            if slash >= cut // 2:
                cut = slash + 1
            cut = _outside_names(piece, cut)
            folded.append(piece[:cut])
            piece = piece[cut:]
        folded.append(piece)
    return folded


# A character named as bbscore.errors.visible names it (<U+0007>, a byte of a file name <0x9B>): one word, never cut.
_NAMED = re.compile(r"<U\+[0-9A-F]{4,6}>|<0x[0-9A-F]{2}>")


def _outside_names(piece: str, cut: int) -> int:
    """``cut`` moved before a named character it would split (after it, when the piece starts with it)."""
    for match in _NAMED.finditer(piece, 0, cut + 12):
        if match.start() < cut < match.end():
            return match.start() or match.end()
    return cut


def break_points(plain: str, width: int) -> list[tuple[int, int, int]]:
    """Where one line of text (no ``\\n`` in it) breaks at ``width`` cells: ``(start, end, indent)`` of each line —
    the text from ``start`` to ``end`` (the spaces at a break left out), after ``indent`` spaces (a continued line's
    hanging indent, under the text of the first line)."""
    width = max(width, 8)
    text = _glued(plain)
    mark = _MARK.match(text)
    hang = len(mark.group(0)) if mark else 0
    if hang > width // 3:
        hang = 0
    lines: list[tuple[int, int, int]] = []
    start, end, used, indent = 0, 0, 0, 0  # the open line: its text, its width so far, its indent
    opened = False  # whether the open line has a word
    for match in re.finditer(r"[^ ]+", text):
        word_start, word_end = match.span()
        size = cell_len(match.group(0))
        if opened:
            gap = cell_len(text[end:word_start])
            if indent + used + gap + size <= width:
                used, end = used + gap + size, word_end
                continue
            lines.append((start, end, indent))
            start, used, indent = word_start, 0, hang
        else:  # the first word: after the line's leading spaces
            used = cell_len(text[:word_start])
        opened = True
        room = width - indent - used
        if size <= room:
            used, end = used + size, word_end
            continue
        pieces = _split_long(match.group(0), width - hang)
        if cell_len(pieces[0]) > room and used:  # not even its first piece fits after the leading spaces
            pieces = _split_long(match.group(0), room) if room >= 8 else pieces
        position = word_start
        for piece in pieces[:-1]:
            lines.append((start, position + len(piece), indent))
            position += len(piece) + (1 if text[position + len(piece):position + len(piece) + 1] == GLUE else 0)
            start, used, indent = position, 0, hang
        used, end = used + cell_len(pieces[-1]), word_end
    lines.append((start, end if opened else len(text), indent))
    return lines


def wrapped(text: Text, width: int) -> Text:
    """``text`` broken between words at ``width`` cells (its styles kept), glue printed as spaces."""
    from rich.text import Text

    out = Text(end=text.end)
    offset = 0
    for number, paragraph in enumerate(text.split("\n", allow_blank=True)):
        if number:
            out.append("\n")
        plain = paragraph.plain
        points = break_points(plain, width) if cell_len(plain) > width else [(0, len(plain), 0)]
        for index, (start, end, indent) in enumerate(points):
            if index:
                out.append("\n" + " " * indent)
            out.append_text(paragraph[start:end])
        offset += len(plain) + 1
    out.plain = out.plain.replace(GLUE, " ")
    return out


@cache
def _safe_console() -> type:
    """The class of :func:`console`'s rich console (defined at its first use: rich's console module is imported only
    then)."""
    from rich.console import Console
    from rich.text import Text

    class _SafeConsole(Console):
        """A console whose text never carries a raw control character (pair names, notes, titles and file names are user
        text: an ESC in them would reach the terminal, a line break in them would forge a line of output) and whose lines
        break between words (see the module's docstring)."""

        breaking = False  # whether lines are broken at the width (a terminal, or COLUMNS given)
        printing_named = False  # whether :meth:`print` renders a text it has named itself

        def render_str(self, text: str, *args, **kwargs) -> Text:
            return super().render_str(visible(text).replace(GLUE, " "), *args, **kwargs)

        def _as_text(self, item: str | Text) -> Text:
            return named(item.copy()) if isinstance(item, Text) else Text(visible(item))

        def print(self, *objects, sep: str = " ", end: str = "\n", style=None, **kwargs) -> None:  # type: ignore[override]
            if not objects or not all(isinstance(item, (str, Text)) for item in objects) or kwargs.get("soft_wrap") is False:
                return super().print(*objects, sep=sep, end=end, style=style, **kwargs)
            text = Text(sep).join(self._as_text(item) for item in objects)
            if self.breaking:
                text = wrapped(text, self.width)
            else:
                text.plain = text.plain.replace(GLUE, " ")
            kwargs.pop("highlight", None)
            kwargs["soft_wrap"] = True
            self.printing_named = True  # (named above, and its line breaks are the console's own)
            try:
                return super().print(text, end=end, style=style, highlight=False, **kwargs)
            finally:
                self.printing_named = False

        def render(self, renderable, options=None):
            """Every rich :class:`~rich.text.Text` too (one built by hand, a table's cell): its control characters named
            as :func:`visible` names them, its styles kept — the one output path of every command and game.  (A text
            :meth:`print` has named and broken into lines keeps its line breaks.)"""
            if isinstance(renderable, Text) and not self.printing_named:
                renderable = named(renderable)
            return super().render(renderable, options)

    return _SafeConsole


def named(text: Text) -> Text:
    """``text`` with each control or format character of it named (``<U+202E>``), its styles kept."""
    plain = text.plain
    if plain.isprintable():  # the common case, quickly (nothing to name)
        return text
    from rich.text import Text

    for index in reversed(range(len(plain))):
        character = plain[index]
        shown = visible(character)
        if shown != character:
            text = text[:index] + Text(shown) + text[index + 1:]
    return text


def given_columns() -> int | None:
    """The width ``COLUMNS`` gives — a whole number of at least 1 — or None where it gives none (unset, empty, ``0``,
    not a number: taken as unset, as :func:`shutil.get_terminal_size` takes them; a width of 0 printed nothing)."""
    columns = os.environ.get("COLUMNS")
    return int(columns) if columns is not None and columns.isdigit() and int(columns) > 0 else None


def breaks_lines(out: Console) -> bool:
    """Whether ``out`` breaks its lines at its width: at a terminal, or when ``COLUMNS`` gives the width."""
    return bool(out.is_terminal or given_columns())


def console(wrap: bool = True, *, plain: bool = False) -> Console:
    """A console that takes every text literally: no markup, no emoji codes (names and contracts are user text), no
    control character (named instead); its lines broken between words at the terminal's width (see the module's
    docstring), or with ``wrap=False`` left whole whatever the width.

    ``plain``: the caller prints only text (str, and :func:`styled` of this console) and tables of text made by
    :func:`table` — then, where rich would write them as plain text (:func:`rich_adds_nothing`), a console that writes
    the same bytes itself without importing rich's console (start-up: issue 24)."""
    if plain and rich_adds_nothing():
        return PlainConsole(_rich_width(), wrap and bool(given_columns()))  # (breaks_lines: no terminal)
    # (a COLUMNS that gives no width, as unset: rich would take "0" for a width of nothing)
    width = _rich_width() if os.environ.get("COLUMNS") is not None and given_columns() is None else None
    out = _safe_console()(highlight=False, soft_wrap=True, markup=False, emoji=False, width=width)
    out.breaking = wrap and breaks_lines(out)
    return out


def styled(text: str, style: str, out: object = None) -> Text | str:
    """A line in a style (bold, red, yellow), its text taken literally (control characters named); for a
    :class:`PlainConsole` ``out``, which shows no style, the text alone."""
    if isinstance(out, PlainConsole):
        return visible(text)
    from rich.text import Text

    return Text(visible(text), style=style)


def table(out: object, title: str | None = None, title_justify: str = "left") -> Table | PlainTable:
    """A table for ``out`` (:func:`console`): rich's :class:`~rich.table.Table`, or a :class:`PlainTable` for a
    :class:`PlainConsole`."""
    if isinstance(out, PlainConsole):
        return PlainTable(title=title)
    from rich.table import Table

    return Table(title=title, title_justify=title_justify)


def rich_adds_nothing() -> bool:
    """Whether rich's console would write standard output as plain text — not a terminal by rich's own test, nor
    forced to be one (no style, no control code), in a UTF encoding (rich's own box characters), on a POSIX system,
    outside Jupyter and IDLE.  Where unsure (``FORCE_COLOR``, ``TTY_COMPATIBLE`` set), False: rich decides."""
    import builtins

    stream = sys.stdout
    if (os.name != "posix" or stream is None or hasattr(stream, "rich_proxied_file") or hasattr(builtins, "get_ipython")
            or str(getattr(sys.stdin, "__module__", "") or "").startswith("idlelib")
            or "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ):
        return False
    if not (getattr(stream, "encoding", "utf-8") or "utf-8").lower().startswith("utf"):
        return False  # (rich would draw its tables in ASCII)
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed file: rich takes it for no terminal too
        return True


def _rich_width() -> int:
    """The width rich's console takes when it writes to no terminal: ``COLUMNS`` when it is a number, else that of
    the first standard stream that is a terminal, else 80."""
    columns = given_columns()
    if columns is not None:
        return columns
    width = None
    for stream, default in ((sys.__stdin__, 0), (sys.__stdout__, 1), (sys.__stderr__, 2)):
        try:
            descriptor = stream.fileno()  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # no stream, or one with no descriptor (as rich takes it)
            descriptor = default
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
        break
    return width or 80


class PlainTable:
    """A table of text cells for a :class:`PlainConsole`: the part of rich's :class:`~rich.table.Table` that
    :func:`print_fitting` reads (``title``, ``columns`` with their ``header``, ``justify`` and ``cells``), printed as
    rich prints its table to no terminal — its default box (``rich.box.HEAVY_HEAD``), a space of padding either side
    of each cell, each column as wide as its widest cell, no cell wrapped."""

    def __init__(self, title: str | None = None) -> None:
        self.title = title
        self.columns: list[_PlainColumn] = []

    def add_column(self, header: str = "", justify: str = "left", min_width: int | None = None,
                   no_wrap: bool = True) -> None:
        """A column, as rich's ``add_column`` takes it (a plain table wraps no cell: ``no_wrap`` only True)."""
        if not no_wrap:
            raise ValueError("a column that wraps needs rich's table")
        self.columns.append(_PlainColumn(header, justify, min_width))

    def add_row(self, *cells: str) -> None:
        for column, cell in zip(self.columns, cells, strict=True):
            column.cells.append(cell)

    def lines(self) -> list[str]:
        """The table's lines, as rich draws them (its cells' text as :func:`visible` shows it)."""
        from rich.box import HEAVY_HEAD as box  # (rich's Table default; the module imports no console)

        if any(column.overflow != "ellipsis" for column in self.columns):
            raise ValueError("a column of prose (print_fitting's prose) needs rich's table")
        # (rich shows a text cell as its console shows any text: control characters named, glue as a space)
        texts = [[visible(text).replace(GLUE, " ") for text in (column.header, *column.cells)] for column in self.columns]
        widths = [max([cell_len(text) for text in texts_of] + [column.min_width or 0])
                  for texts_of, column in zip(texts, self.columns)]
        padded = [width + 2 for width in widths]
        lines = [box.get_top(padded)]
        rows = list(zip(*texts))
        for index, row in enumerate(rows):
            left, vertical, right = ((box.head_left, box.head_vertical, box.head_right) if index == 0 else
                                     (box.foot_left, box.foot_vertical, box.foot_right) if index == len(rows) - 1 else
                                     (box.mid_left, box.mid_vertical, box.mid_right))
            cells = [f" {_justified(text, width, column.justify)} "
                     for text, width, column in zip(row, widths, self.columns)]
            lines.append(left + vertical.join(cells) + right)
            if index == 0:
                lines.append(box.get_row(padded, "head", edge=True))
        lines.append(box.get_bottom(padded))
        return lines


class _PlainColumn:
    def __init__(self, header: str, justify: str, min_width: int | None = None) -> None:
        self.header, self.justify = header, justify
        self.cells: list[str] = []
        self.no_wrap, self.overflow, self.min_width = True, "ellipsis", min_width  # (print_fitting sets them; no prose)


def _justified(text: str, width: int, justify: str) -> str:
    """A cell's text in its column's width, as rich justifies a line that fits (right: its trailing spaces dropped)."""
    if justify == "right":
        text = text.rstrip()
        return " " * (width - cell_len(text)) + text
    return text + " " * (width - cell_len(text))


class PlainConsole:
    """The console of :func:`console` with ``plain``, where rich would add nothing to what it prints: each text
    written as :class:`rich.console.Console` would write it to no terminal — control characters named, lines broken
    between words at the width when ``breaking`` (``COLUMNS`` given), glue as spaces — and a :class:`PlainTable` drawn
    as rich draws its table; each print written and flushed at once, a reader gone away (``| head``) answered as rich
    answers it."""

    is_terminal = False

    def __init__(self, width: int, breaking: bool) -> None:
        self.width, self.breaking = width, breaking

    def print(self, item: str | PlainTable) -> None:
        """One text (a line, or the lines it is broken into) or one table, and a line break."""
        if isinstance(item, PlainTable):
            lines = item.lines()
        else:
            text = visible(item)
            if self.breaking and cell_len(text) > self.width:
                text = "\n".join(" " * indent + text[start:end] for start, end, indent in break_points(text, self.width))
            lines = [text.replace(GLUE, " ")]
        try:
            sys.stdout.write("\n".join(lines) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:  # as rich: the rest of the output to nowhere, and SystemExit (bbscore.cli.printed)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(1)


def question_lines(question: str, width: int, room: int = 10) -> list[str]:
    """A question broken between words at ``width`` (see :func:`break_points`), its last line leaving at least
    ``room`` columns to type the answer in (its last words moved to a line of their own when it would not); the
    glue printed as spaces."""
    plain = visible(question)
    lines: list[str] = []
    for paragraph in plain.split("\n"):
        points = break_points(paragraph, width) if cell_len(paragraph) > width - room else [(0, len(paragraph), 0)]
        for start, end, indent in points:
            lines.append(" " * indent + _glued(paragraph)[start:end])
        lines[-1] = lines[-1].rstrip(" ") + paragraph[len(paragraph.rstrip(" ")):]  # the space after its colon
        last = lines[-1]
        if cell_len(last) > width - room and " " in last.strip():
            head, _space, tail = last.rstrip(" ").rpartition(" ")
            trailing = last[len(last.rstrip(" ")):]
            lines[-1:] = [head, tail + trailing]
    return [line.replace(GLUE, " ") for line in lines]


def print_fitting(out: Console, table: Table, prose: Sequence[int] = (), title: str | Text | None = None,
                  row_headers: Sequence[Mapping[int, str]] = ()) -> None:
    """Print ``table`` when its cells fit whole at the console's width (at least :data:`COMPACT_BELOW` columns);
    else its title, then each row as one line («first — header value; header value …»), so that no cell is ever cut.

    ``prose``: the columns of running text (notes, descriptions), which may wrap between words inside the table (at
    least 16 columns wide, no word of theirs cut).  ``title``: printed above the table (else the table's own).
    ``row_headers``: for the rows as lines, each row's own headers of some columns (by column index) — what a row's
    cell is when the column's header names the kinds of several rows («пары или игроки»: a пуля's «игроки»).
    """
    title = title if title is not None else table.title
    table.title = None
    headers = [_plain(column.header) for column in table.columns]
    cells = [[_plain(cell) for cell in column.cells] for column in table.columns]
    widths = []
    for index, (header, column) in enumerate(zip(headers, cells)):
        if index in prose:
            longest_word = max([cell_len(word) for cell in column for word in cell.split()] + [cell_len(header), 16])
            widths.append(min(longest_word, max([cell_len(cell) for cell in column] + [cell_len(header)])))
        else:
            widths.append(max([cell_len(header)] + [cell_len(cell) for cell in column]))
    needed = sum(widths) + 3 * len(widths) + 1  # each cell, a space of padding either side and a border
    if needed <= out.width and (out.width >= COMPACT_BELOW or not breaks_lines(out)):
        for index, column in enumerate(table.columns):
            column.no_wrap = index not in prose
            if index in prose:
                column.overflow = "fold"
                column.min_width = widths[index]
        if title:
            out.print(title)
        out.print(table)
        return
    if title:
        out.print(title)
    for number, row in enumerate(zip(*cells)):
        first, *rest = row
        own = row_headers[number] if number < len(row_headers) else {}
        parts = [_part(own.get(index, header), value, out.width)
                 for index, (header, value) in enumerate(zip(headers[1:], rest), start=1) if value]
        out.print(f"{keep(first)} — " + "; ".join(parts) if parts else keep(first))


def _part(header: str, value: str, width: int) -> str:
    """One cell of a compact row, «header value»: kept on one line when it is short, else only the value whole."""
    if not header:
        return keep(value)
    part = f"{header} {value}"
    return keep(part) if cell_len(part) <= width // 2 else f"{header} {keep(value)}"


def _plain(cell: object) -> str:
    """A cell's text as it is shown (control characters named: what its width is measured by)."""
    if isinstance(cell, str):
        return visible(cell)
    from rich.text import Text

    return visible(cell.plain if isinstance(cell, Text) else str(cell))


LONGEST_SHOWN = 2 * MAX_NOTE  # the longest text printed whole where a sheet's own text is shown back


def cut(text: str, limit: int = LONGEST_SHOWN) -> str:
    """``text`` as it is when at most ``limit`` characters long, else cut as a refusal cuts a value
    (:func:`bbscore.errors.shown`: its start and its length)."""
    return text if len(text) <= limit else shown(text, limit)
