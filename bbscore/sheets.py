"""Score-sheet files, for every game: one TOML file of a ``[game]`` table and ``[[hand]]`` tables.

The one place where a sheet's text is read and changed; nothing here knows a game.  A game says how its hands
are written (:class:`Style`) and checks them; this module finds them in the text, changes the text and proves the
change before anything is written:

* :func:`read_text`, :func:`parse` and :class:`Sheet`: the text (size-checked, UTF-8, a byte-order mark noted and
  kept), its TOML (read by tomllib, :func:`bbscore.files.parse_toml`) and where each hand's ``[[hand]]`` table
  starts (:meth:`Sheet.hand_lines`, for the lines of messages);
* :func:`create` (exclusive, never through a link), :func:`append`, :func:`remove_last`, :func:`replace` (hand N
  written anew, other hands' own keys changed in place) and :func:`rewrite` (``--fix``: keys changed in place, a
  backup first);
* :func:`check_sheet_path`, :func:`sheet_header`: what every sheet's path and ``[game]`` table must be.

**Where the hands are.**  A hand is found by parsing, never trusted to a pattern over the raw text.  The quick look
(:func:`_quick_starts`) counts the lines ``[[hand]]``; it is trusted only when the text has no multi-line string
(``\"\"\"``, ``'''``) and no ``[[`` line with a quoted key, because then such a line can only be a table header (a bare
word is no value, inside a list or anywhere else), and only when it finds exactly as many as tomllib parsed.
Otherwise every statement of the text is read in order (:func:`_scan`: strings, lists, comments and headers as TOML
has them) and the headers found there are the hands.  The hands of an inline array (``hand = [{…}]``) and a text the
scan cannot follow are refused for editing, with the reason; such a sheet stays readable.

**Every change is proven before it replaces the file** (:func:`_commit`).  A change is a list of edits, each
replacing a span of the old text — whole hands (from a ``[[hand]]`` header to the end of the hand's last
statement, its sub-tables included), or the blank lines around them — by new text; the rest of the text is copied
byte for byte.  The new text must hold exactly the intended hands and ``[game]`` table, value for value (types
too).  Up to :data:`WHOLE_CHECK_BYTES`, and whenever the hands were found by the full scan, ``[game]`` changes or
the spans would be more to parse than the new text, the whole new text is parsed and compared.  Otherwise each old
span is parsed alone and must be exactly the hands it held, each new span parsed alone exactly the hands meant, and
the quick look at the new text must find one header per hand (counted from the old text's headers and the spans'
alone when no new span holds a multi-line string: :func:`_count_by_spans`).  That is a proof: each span starts at a header the
trusted quick look found, where TOML is between statements; one that parses alone to exactly its hands ends there
too (a string, list or table left open would not parse, a key of the hand written further on would be missing);
so the text before and after it means in the new file what it meant in the old one.  It costs a parse of the hands
changed, not of the file.  A value changed where it is written (every later running total of an edit) is a span of
its own: its old text is what it held when it is that value written in decimal, as the file's parse read it (by
TOML's grammar then that value's whole text), else when it parses alone to it; every new text is parsed, all of them
in one parse (:func:`_values_proven`).  A run of pairs of whole numbers changed so (the later running totals of an
edit) is proven as it is found, by that same rule, in one pass (:func:`_pair_edits`).  A change that fails is
refused with one line (:class:`~bbscore.errors.ProtocolError`) and nothing is written.

**What stays.**  Comments and the layout of every hand not changed; the comments of a hand whose change is only
values of its own top-level keys (``score``, ``total``: each value replaced where it is written); the line ends
(CRLF stays CRLF) and the byte-order mark.  New text is written by tomli-w (every string and key escaped by it).
"""

from __future__ import annotations

import contextvars
import enum
import itertools
import operator
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NamedTuple

from bbscore.errors import NOT_A_FILE, BBScoreError, ProtocolError, os_reason, ref, shown
from bbscore.files import (
    BATCH_FILE_BYTES,
    MAX_FILE_BYTES,
    FileRefused,
    expand_user,
    key_line,
    lock_path,
    locked,
    parse_toml,
    read_regular,
    replace_with_backup,
    toml_problem,
    why_missing,
    write_atomic,
)
from bbscore.i18n import LANGUAGES, N_, _

# Up to this size (UTF-8 bytes of the new text, about a hundred hands) a change is proven by parsing the whole new
# text; above it by parsing the spans changed, so that a hand written at hand 300 of a session costs a parse of two
# hands, not of the game (issue 24; tests lower it to exercise both).
WHOLE_CHECK_BYTES = 16 * 1024

BOM = "\ufeff"

# Why a sheet is not edited (translated where shown).
INLINE_HANDS = N_("сдачи записаны списком hand = […], а не таблицами [[hand]]: такой файл bbscore только читает, не правит")
NOT_FOUND = N_("не нахожу в тексте таблицу [[hand]] каждой сдачи: такой файл bbscore только читает, не правит")
NOT_PROVEN = N_("после правки в файле было бы не то, что задумано ({what}): файл не меняю")
UNREADABLE_NEW = N_("такой файл не прочла бы ни одна команда ({problem}): не создаю")
NO_GAME_TABLE = N_("таблица [game] записана так, что bbscore не может её дополнить: файл не меняю")


class Style(enum.Enum):
    """How a game writes a table's keys.

    ``TABLES``: as tomli-w writes a document (a list one item a line, a table value as its own ``[hand.key]``
    table); ``INLINE``: one line a key, lists and tables inline (``whist = { "Боря" = 3 }``).
    """

    TABLES = "tables"
    INLINE = "inline"


# --- Reading ---


def read_text(path: Path, *, kind: str, missing: str, limit: int = MAX_FILE_BYTES) -> tuple[str, bool]:
    """A score sheet's text (at most ``limit`` bytes, UTF-8) without its byte-order mark, and whether it had one.

    ``kind`` names the sheet for a folder given in its place («файл протокола»); ``missing`` is the reason given when
    there is no such file (with the command that starts one); ``limit``: :data:`~bbscore.files.MAX_FILE_BYTES` for
    what a command changes or shows, :data:`~bbscore.files.BATCH_FILE_BYTES` for the batch checks.  Raises
    :class:`ProtocolError`.
    """
    if path.is_dir() or not path.name:  # (".", "..": a folder; "" is refused as it is typed, see cli.options)
        raise ProtocolError(str(path) or "«»", None, (_("нужен {kind}, а это папка") if path.is_dir()
                                                     else _("нужен {kind}, а это пустое имя")).format(kind=kind))
    try:
        raw = read_regular(path, limit)
    except FileNotFoundError:
        raise ProtocolError(str(path), None, why_missing(path) or missing) from None
    except OSError as error:
        raise ProtocolError(str(path), None, _("файл не читается ({reason})").format(reason=os_reason(error))) from None
    except FileRefused as refused:
        raise ProtocolError(str(path), None, refused.reason) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(str(path), None, _("файл не в кодировке UTF-8")) from None
    return (text[1:], True) if text.startswith(BOM) else (text, False)


def parse(path: Path, text: str) -> dict[str, Any]:
    """A sheet's TOML (:class:`ProtocolError` with the line of a syntax error, or for nesting too deep)."""
    from bbscore.errors import TOO_DEEP

    try:
        return parse_toml(text)
    except ValueError as error:  # tomllib.TOMLDecodeError
        line, reason = toml_problem(error, text)
        raise ProtocolError(str(path), line, reason) from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise ProtocolError(str(path), None, TOO_DEEP) from None


@dataclass(frozen=True, kw_only=True, eq=False)
class Sheet:
    """A sheet as read: its path, its text (no byte-order mark; ``bom`` says whether the file had one) and the
    text's TOML.  Where its hands are written is found on first use (:meth:`hand_lines`)."""

    path: Path
    text: str
    bom: bool
    data: dict[str, Any]
    _found: list = field(default_factory=list, repr=False)  # the _Layout, once found

    @property
    def hands(self) -> list[dict[str, Any]]:
        """The ``[[hand]]`` tables as parsed (empty when there are none, or when ``hand`` is not a list)."""
        hands = self.data.get("hand")
        return hands if isinstance(hands, list) else []

    @property
    def layout(self) -> "_Layout":
        if not self._found:
            self._found.append(_locate(self.text, self.data))
        return self._found[0]

    def hand_lines(self) -> tuple[list[int | None], list[int] | None]:
        """(the line of each hand's ``[[hand]]`` header, their offsets in the text); unknown lines (None) and no
        offsets when the hands are not found as ``[[hand]]`` tables (an inline array)."""
        starts = self.layout.starts
        count = len(self.hands)
        if starts is None:
            return [None] * count, None
        lines: list[int | None] = []
        line, offset = 1, 0
        for start in starts:
            line += self.text.count("\n", offset, start)
            offset = start
            lines.append(line)
        return lines, list(starts)

    def hand_line(self, number: int) -> int | None:
        """The line of hand ``number``'s ``[[hand]]`` header (1-based, as in :meth:`hand_lines`), or None when the
        hands are not found as ``[[hand]]`` tables."""
        starts = self.layout.starts
        return None if starts is None else self.text.count("\n", 0, starts[number - 1]) + 1


_TABLE_LINE = re.compile(r"^[ \t]*\[", re.M)


def field_line(text: str, starts: list[int] | None, number: int, line: int | None, key: str) -> int | None:
    """The line of ``key = …`` inside hand ``number``'s table (1-based), or the hand's own ``line``."""
    if line is None or starts is None:
        return line
    start = starts[number - 1]
    end = starts[number] if number < len(starts) else len(text)
    header_end = text.find("\n", start, end)
    if header_end < 0:
        return line
    table = _TABLE_LINE.search(text, header_end, end)  # a sub-table ([hand.melds]) ends the hand's own keys
    found = re.compile(rf"^[ \t]*\"?{re.escape(key)}\"?[ \t]*=", re.M).search(text, header_end, table.start() if table else end)
    if found is None:
        return line
    return line + text.count("\n", start, found.start())


def carried_error(sheet: Sheet, number: int, key: str, error: BBScoreError, typed: tuple[str, ...] = ("note",)) -> ProtocolError:
    """An edit's refusal of a value it carried from the file, not typed (hand ``number``'s ``key``: its note, dealer,
    time), as the file's problem: the file, the key's line, the key, the value, what is allowed — and how to replace
    it (``typed``: the keys the edit takes a new value of; any other is mended in the file)."""
    line = field_line(sheet.text, sheet.layout.starts, number, sheet.hand_line(number), key)
    mend = (_("замените: {option} \"…\"").format(option=ref(key)) if key in typed
            else _("исправьте его в файле"))
    return ProtocolError(str(sheet.path), line, _("{key}: {value} — {explanation}; {mend}").format(
        key=key, value=shown(error.value), explanation=error.explanation(), mend=mend))


# What an edit of either game says of hands whose inputs are bad: the sheet's first bad hand is the one to mend first.


def mend_first(path: Path, line: int | None, hand: int, message: str) -> ProtocolError:
    """An edit of another hand refused while hand ``hand`` — the sheet's first bad hand, which an edit can mend — has
    bad inputs (``message``, why), at its ``line``."""
    return ProtocolError(str(path), line, _("в сдаче {hand} ошибка ({message}); сначала исправьте её: не меняю").format(
        hand=hand, message=message))


def made_bad(path: Path, line: int | None, number: int, hand: int, message: str) -> ProtocolError:
    """An edit of hand ``number`` refused because it makes hand ``hand``'s inputs bad (``message``), at ``line``."""
    return ProtocolError(str(path), line, _("после такой правки сдачи {number} сдача {hand} неверна ({message}): "
                                            "не меняю").format(number=number, hand=hand, message=message))


def still_bad(warning: str | None, hand: int, message: str) -> str:
    """``warning`` (an edit's, or None) with the line that hand ``hand``, after the hand mended, is bad as it was."""
    still = _("сдача {hand} неверна, как и до правки ({message}): исправьте и её").format(hand=hand, message=message)
    return (warning + "; " if warning else "") + still


# --- The path and the [game] table every sheet shares ---


def check_sheet_path(path: Path, *, must_exist: bool, kind: str, example: str, missing: str) -> None:
    """Refuse a path that cannot be a score sheet (``kind``: «файл протокола», «файл пули»): empty, a folder, in a
    missing folder, missing (``missing``: the reason, with the command that starts one), not a regular file, not
    readable or not writable by the running user (the file or its folder), or — for a new file — a link.  Called before the lock is
    taken: a refused file gets no lock file either.  Raises :class:`ProtocolError`."""
    if not path.name or str(path) in (".", ".."):
        raise ProtocolError(str(path) or "«»", None, _("нужно имя: {kind}, например {example}").format(kind=kind, example=example))
    if path.is_dir():
        raise ProtocolError(str(path), None, _("это папка, а нужен {kind}").format(kind=kind))
    if not path.parent.is_dir():
        raise ProtocolError(str(path), None, _("нет папки {folder}").format(folder=path.parent))
    if path.exists() and not path.is_file():
        raise ProtocolError(str(path), None, _(NOT_A_FILE))
    if must_exist and not path.is_file():
        reason = why_missing(path)
        raise ProtocolError(str(path), None, reason or missing)
    if not must_exist and os.path.islink(path):  # a new file is never created through a link
        raise ProtocolError(str(path), None, _("на месте файла символическая ссылка — не пишу через неё"))
    real = Path(os.path.realpath(path))
    if path.is_file() and not os.access(real, os.R_OK):  # (mode 000: it cannot even be read — said so, as show says it)
        import errno

        raise ProtocolError(str(path), None, _("файл не читается ({reason})").format(
            reason=os_reason(PermissionError(errno.EACCES, ""))))
    if path.is_file() and (not real.stat().st_mode & 0o222 or not os.access(real, os.W_OK)):
        raise ProtocolError(str(path), None, _("файл только для чтения (нет права записи) — не меняю"))
    if not os.access(real.parent, os.W_OK | os.X_OK):  # the new text, the lock and a backup are written beside it
        raise ProtocolError(str(path), None, _("нет права записи в папку {folder} — не меняю").format(folder=real.parent))


def names_a_path(name: str) -> bool:
    """Whether a sheet's ``[game] convention`` names a file (a folder in it, or ``.toml``) rather than a convention's name."""
    return "/" in name or "\\" in name or name.endswith(".toml")


def stored_convention(name: str, sheet: Path) -> str:
    """How a sheet names its convention: a name as is, a file relative to the sheet's folder (or absolute on another
    drive)."""
    if not names_a_path(name):
        return name
    convention_file = (expand_user(name) or Path(name)).resolve()
    try:
        return Path(os.path.relpath(convention_file, sheet.resolve().parent)).as_posix()
    except ValueError:  # another drive
        return str(convention_file)


MAX_TARGET = 10**15 - 1  # far beyond a game (`new` takes up to 100000; the benchmark's files 10**9); printable in any sum


def sheet_header(path: Path, text: str, game: dict, *, keys: tuple[str, ...], format: int,
                 example: str) -> tuple[str, str | None, int]:
    """The checks every sheet's ``[game]`` table shares: only ``keys``, its ``format``, the rules (a name or path;
    ``example`` shows one), their content hash, the target.  Returns (convention, its SHA-256 or None, target).
    Raises :class:`ProtocolError` with the key's line."""
    from bbscore.errors import shown

    def refuse(key: str, problem: str) -> ProtocolError:
        return ProtocolError(str(path), key_line(text, key), f"[game] {key}: {problem}")

    for key in game:
        if key not in keys:
            raise refuse(key, _("неизвестный ключ; допустимы: {keys}").format(keys=", ".join(sorted(keys))))
    if game.get("format") != format:
        raise refuse("format", _("поддерживается format = {format}, а дано {given}").format(
            format=format, given=shown(game.get("format"))))
    convention = game.get("convention")
    if not isinstance(convention, str) or not convention:
        raise refuse("convention", _("нужно имя правил или путь, например \"{example}\"").format(example=example))
    sha = game.get("convention_sha256")
    if sha is not None and not (isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{64}", sha)):
        raise refuse("convention_sha256", _("ожидается SHA-256 правил (64 шестнадцатеричных знака)"))
    if "lang" in game and game["lang"] not in LANGUAGES:
        raise refuse("lang", _("язык, на котором ведётся игра: {languages}, а дано {given}").format(
            languages=_(" или ").join(LANGUAGES), given=shown(game["lang"])))
    target = game.get("target")
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
        raise refuse("target", _("ожидается целое число от 1 (не длиннее 15 цифр) без кавычек, а дано {given}").format(
            given=shown(target)))
    return convention, sha, target


_LANG_KEY = re.compile(rb"""^[ \t]*lang[ \t]*=[ \t]*["']([a-z]{2})["'][ \t]*(?:#[^\n]*)?\r?$""", re.M)
_HEADER_LINE = re.compile(rb"^[ \t]*\[", re.M)  # a table's header, where no line is inside a multi-line string
_GAME_HEADER = re.compile(rb"^[ \t]*\[[ \t]*game[ \t]*\][ \t]*(?:#[^\n]*)?\r?$", re.M)
_HEAD_BYTES = 65536  # how much of a sheet is read for its language


def peek_language(path: Path) -> str | None:
    """The language a sheet is kept in (``[game] lang``), read from the start of the file without parsing it — for
    the command line to speak it before the command reads the sheet; None when the file says none, is not a regular
    file or cannot be read (the command then says why, in its own language)."""
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as file:
            head = file.read(_HEAD_BYTES)
    except (OSError, ValueError):
        return None
    return _language_in(head)


def _language_in(head: bytes) -> str | None:
    """The ``[game] lang`` of a sheet whose first :data:`_HEAD_BYTES` bytes are ``head``, or None.

    Quickly, when no line can be inside a multi-line string (none is written) and the first table header is a bare
    ``[game]`` line: its ``lang = "…"`` line among the lines before the next header.  Otherwise the head is parsed
    when it is the whole file (a multi-line note, ``[game]`` after the hands, a quoted key: a line that looks like
    ``lang`` may not be it), and a longer such file says none (the command then says what it says in the default
    language)."""
    whole = len(head) < _HEAD_BYTES
    if head.startswith(b"\xef\xbb\xbf"):  # a byte-order mark: the first line is the one after it
        head = head[3:]
    if b'"""' not in head and b"'''" not in head:
        first = _HEADER_LINE.search(head)
        game = _GAME_HEADER.match(head, first.start()) if first is not None else None
        if game is not None:
            following = _HEADER_LINE.search(head, game.end())
            found = _LANG_KEY.search(head, game.end(), following.start() if following else len(head))
            code = found.group(1).decode() if found else None
            return code if code in LANGUAGES else None
    if not whole:
        return None
    try:
        game = parse_toml(head.decode("utf-8")).get("game")
    except (ValueError, RecursionError, UnicodeDecodeError):
        return None
    code = game.get("lang") if isinstance(game, dict) else None
    return code if code in LANGUAGES else None


def peek_languages(paths: list[Path], folders: str = "walk") -> str | None:
    """The language of every sheet read by a command over several files and folders (``recompute``, ``export``,
    ``list``, ``stats``, ``rating``, ``tournament standings``): a folder stands for the sheets under it, found as
    :func:`protocol_files` finds them (``folders``: ``"walk"``, every subfolder; ``"top"``, the folder's own files, as
    in a tournament's; ``"none"``, a folder stands for nothing); a file that cannot be read (the command names it)
    does not count.  The language when every sheet counted records the same one; None when one records none (or
    another), or none is found.  Read without parsing, stopping at the first sheet that settles it (a Russian
    archive: at its first)."""
    import stat

    language = None
    for path in paths:
        if not os.path.isdir(path):
            candidates = (path,)
        elif folders == "walk":
            candidates = _sheets_under(path)
        elif folders == "top":
            try:
                candidates = [Path(path) / name for name in sorted(os.listdir(path)) if _is_candidate(name)]
            except OSError:
                continue
        else:
            continue
        for candidate in candidates:
            try:
                if not stat.S_ISREG(os.stat(candidate).st_mode):
                    continue
                with open(candidate, "rb") as file:
                    head = file.read(_HEAD_BYTES)
            except (OSError, ValueError):
                continue
            if candidate is not path and not _is_sheet(candidate, head):  # not a sheet (tournament.toml, a rule file)
                continue
            code = _language_in(head)
            if code is None or language not in (None, code):
                return None
            language = code
    return language


def _sheets_under(folder: Path):
    """The files under a folder that may be sheets (see :func:`_is_candidate`), hidden subfolders left out."""
    for place, subfolders, names in os.walk(folder):
        subfolders[:] = _shown_subfolders(subfolders)
        for name in names:
            if _is_candidate(name):
                yield Path(place) / name


# A line that opens the [game] table, bare or quoted ("[game" too: a protocol with a slip is still one), a byte-order
# mark before the first line skipped.
_GAME_TABLE = re.compile(rb"""^(?:\xef\xbb\xbf)?[ \t]*\[[ \t]*(?:game\b|"game"|'game')""", re.M)


def _is_sheet(path: Path | str, head: bytes) -> bool:
    """Whether a ``*.toml`` file met in a folder is a sheet to read, as every single-file command would read it: one
    whose TOML has a ``[game]`` table (however written: a quoted key, after the hands, a dotted or inline one).
    ``head`` is the file's first :data:`_HEAD_BYTES` bytes.  Quickly when a line of the head opens ``[game]`` (most
    sheets); otherwise the file, when a batch command would read it (at most
    :data:`~bbscore.files.BATCH_FILE_BYTES`), is parsed: a file that holds a table ``game`` is one, and so is one that
    does not parse but has a line opening ``[game]`` after the head (the command names what is wrong with it); a
    ``.toml`` file of something else (``pyproject.toml``, a rule set, a file that is not TOML) is not."""
    if _GAME_TABLE.search(head):
        return True
    if len(head) < _HEAD_BYTES:
        raw = head
    else:
        try:
            if os.stat(path).st_size > BATCH_FILE_BYTES:
                return False
            with open(path, "rb") as file:
                raw = file.read(BATCH_FILE_BYTES + 1)
        except (OSError, ValueError):
            return False
    if b"game" not in raw and b"\\" not in raw:  # no key can spell it (pyproject.toml): no need to parse
        return False
    try:
        data = parse_toml(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):  # not TOML (UnicodeDecodeError is a ValueError): a sheet with a slip?
        return _GAME_TABLE.search(raw) is not None
    return isinstance(data.get("game"), dict)


def _shown_subfolders(names: list[str]) -> list[str]:
    """The subfolders of a folder that hold sheets to read (not hidden ones — ``.venv``, ``.git`` — nor caches)."""
    return [name for name in names if not name.startswith(".") and name != "__pycache__"]


def _is_candidate(name: str) -> bool:
    """Whether a file in a folder may be a sheet to read (``*.toml``, not hidden: locks and temporary files)."""
    return not name.startswith(".") and name.endswith(".toml")


# --- Writing TOML text (every string and key by tomli-w) ---


def _key(key: str) -> str:
    """A key as tomli-w writes it (bare, or a quoted string)."""
    import tomli_w

    return tomli_w.dumps({key: 0})[:-5]  # '<key> = 0\n'


def _scalar(value: Any) -> str:
    """A string, number, boolean or date as tomli-w writes it."""
    import tomli_w

    return tomli_w.dumps({"v": value})[4:-1]  # 'v = <value>\n'


def _inline(value: Any) -> str:
    """A value on one line: lists and tables inline, everything else as tomli-w writes it."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    return _scalar(value)


def _value_text(value: Any, style: Style, *, one_line: bool = False) -> str:
    """A top-level key's value: in the ``TABLES`` style a list of plain values one item a line (as tomli-w writes it)
    unless ``one_line`` (the value it replaces was on one line); inline otherwise."""
    if value.__class__ is list and len(value) == 2:  # (a running total of two: the same text as below, at once)
        first, second = value
        if first.__class__ is int and second.__class__ is int:
            return f"[\n    {first},\n    {second},\n]" if style is Style.TABLES and not one_line else f"[{first}, {second}]"
    if value.__class__ is list and value and all(item.__class__ is int for item in value):
        # whole numbers (a running total): the very text tomli-w writes for them, without its machinery
        if style is Style.TABLES and not one_line:
            return "[\n    " + ",\n    ".join(map(str, value)) + ",\n]"
        return "[" + ", ".join(map(str, value)) + "]"
    if (style is Style.TABLES and not one_line and isinstance(value, (list, tuple))
            and not any(isinstance(item, (dict, list, tuple)) for item in value)):
        return _scalar(list(value))
    return _inline(value)


def table_text(name: str, table: dict[str, Any], style: Style) -> str:
    """The text of a table ``[name]`` (``[game]``) written in ``style``."""
    import tomli_w

    if style is Style.TABLES:
        return tomli_w.dumps({name: table})
    return f"[{_key(name)}]\n" + "".join(f"{_key(key)} = {_inline(value)}\n" for key, value in table.items())


def hand_text(fields: dict[str, Any], style: Style) -> str:
    """The text of one ``[[hand]]`` table holding ``fields`` (in their order), written in ``style``."""
    import tomli_w

    if style is Style.INLINE:
        return "[[hand]]\n" + "".join(f"{_key(key)} = {_inline(value)}\n" for key, value in fields.items())
    text = tomli_w.dumps({"hand": fields})  # '[hand]\n' + the keys + '\n[hand.x]\n…' for table values
    return "[[hand]]\n" + text.removeprefix("[hand]\n")


# --- Finding the hands in the text ---

# A "[[" and what follows it: the rest of a bare [[hand]] header line, or a quoted key.
_ARRAY_OPEN = re.compile(r"""\[\[(?:(?P<bare>[ \t]*+hand[ \t]*+\]\][ \t]*+(?:#[^\n]*+)?\r?(?:\n|\Z))|(?P<quoted>[ \t]*+["']))?""")

_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\.)*+"|'[^'\n]*+')"""
_KEY = rf"{_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART})*+"
_PART = re.compile(_KEY_PART)
# One statement, at a line's start where TOML is between statements: a blank or comment line, a header, a key.
_STATEMENT = re.compile(rf"[ \t]*+(?:(?P<blank>(?:#[^\n]*+)?\r?(?:\n|\Z))|(?P<header>\[)|(?P<key>{_KEY})[ \t]*+=[ \t]*+)")
_HEADER = re.compile(rf"[ \t]*+\[(?P<array>\[)?[ \t]*+(?P<key>{_KEY})[ \t]*+\](?(array)\])[ \t]*+(?:#[^\n]*+)?\r?(?:\n|\Z)")
# The tokens of a value: strings (a multi-line one may end in up to two more quotes), comments, brackets, newlines.
_VALUE_TOKEN = re.compile(
    "(?P<string>" + '"""(?:[^"\\\\]++|\\\\[\\s\\S]|"(?!""))*+"{3,5}+'
    + "|'''(?:[^']++|'(?!''))*+'{3,5}+"
    + '|"(?:[^"\\\\\\n]++|\\\\.)*+"'
    + "|'[^'\\n]*+')"
    + "|(?P<comment>#[^\\n]*+)|(?P<open>[\\[{])|(?P<close>[\\]}])|(?P<newline>\\n)"
    + "|(?P<other>[^\"'#\\[\\]{}\\n]++)")


def _key_parts(text: str) -> tuple[str, ...]:
    """The parts of a key as written (``a."b.c"`` → ``("a", "b.c")``), quoted parts decoded."""
    parts = []
    for match in _PART.finditer(text):
        part = match.group()
        if part[0] == "'":
            parts.append(part[1:-1])
        elif part[0] == '"':
            parts.append(part[1:-1] if "\\" not in part else parse_toml(f"k = {part}")["k"])
        else:
            parts.append(part)
    return tuple(parts)


def _value_end(text: str, position: int) -> tuple[int, int] | None:
    """Where the value starting at ``position`` ends (its last character, before a comment) and where its statement
    ends (after the newline); None when the text there is not a value this reader follows."""
    depth, value_end, size = 0, position, len(text)
    match = _VALUE_TOKEN.match
    while position < size:
        token = match(text, position)
        if token is None:
            return None
        kind = token.lastgroup
        if kind == "newline":
            if depth == 0:
                return value_end, token.end()
        elif kind == "other":
            written = token.group().rstrip(" \t\r")
            if written:
                value_end = token.start() + len(written)
        elif kind == "open":
            depth += 1
            value_end = token.end()
        elif kind == "close":
            depth -= 1
            if depth < 0:
                return None
            value_end = token.end()
        elif kind == "string":
            value_end = token.end()
        position = token.end()
    return (value_end, size) if depth == 0 else None


@dataclass(frozen=True, slots=True)
class _Statement:
    """A ``key = value`` statement: its key's parts and where it, its value and its line(s) start and end."""

    parts: tuple[str, ...]
    start: int
    value_start: int
    value_end: int
    end: int


@dataclass(frozen=True, slots=True)
class _Region:
    """A table in the text: from its header line to the end of its last statement (its sub-tables' included, the
    blank and comment lines after it not); its own ``key = value`` statements; where a new own key goes."""

    start: int
    end: int
    keys: tuple[_Statement, ...]
    keys_end: int


def _statements(text: str, position: int, end: int):
    """Each statement of ``text`` from ``position`` (between statements) up to ``end``, blank lines and comments
    passed over: ``("header", the header's match or None when this reader does not follow it, None)``, ``("key", the
    statement's match, (its value's start, its value's end and line's))``; ``(None, None, None)`` last when the text is
    not one this reader follows.  After a header not followed, nothing more."""
    while position < end:
        statement = _STATEMENT.match(text, position)
        if statement is None:
            yield None, None, None
            return
        kind = statement.lastgroup
        if kind == "blank":
            position = statement.end()
            continue
        if kind == "header":
            header = _HEADER.match(text, statement.start())
            yield "header", header, None
            if header is None:
                return
            position = header.end()
            continue
        found = _value_end(text, statement.end())
        if found is None:
            yield None, None, None
            return
        yield "key", statement, found
        position = found[1]


def _region(text: str, start: int, path: tuple[str, ...]) -> _Region | None:
    """The table ``path`` whose header line starts at ``start`` (``path`` () and any ``start``: the top-level
    statements before the first header); None when the text there is not one this reader follows."""
    if path:
        header = _HEADER.match(text, start)
        if header is None:
            return None
        position = end = keys_end = header.end()
    else:
        position = end = keys_end = start
    keys: list[_Statement] = []
    in_sub = False
    for kind, match, found in _statements(text, position, len(text)):
        if kind is None:
            return None
        if kind == "header":
            if not path:
                break
            if match is None:
                return None
            parts = _key_parts(match.group("key"))
            if len(parts) > len(path) and parts[: len(path)] == path:  # [hand.melds]: still this table
                in_sub = True
                end = match.end()
                continue
            break
        if not in_sub:
            keys.append(_Statement(_key_parts(match.group("key")), match.start(), match.end(), *found))
            keys_end = found[1]
        end = found[1]
    return _Region(start, end, tuple(keys), keys_end)


def _scan(text: str) -> tuple[list[int] | None, int | None, str | None]:
    """Every statement of the text read in order: the offsets of the ``[[hand]]`` headers and of the ``[game]``
    header (None when there is none), or None and why."""
    position, size, table, game = 0, len(text), None, None
    starts: list[int] = []
    while position < size:
        statement = _STATEMENT.match(text, position)
        if statement is None:
            return None, None, NOT_FOUND
        kind = statement.lastgroup
        if kind == "blank":
            position = statement.end()
        elif kind == "header":
            header = _HEADER.match(text, statement.start())
            if header is None:
                return None, None, NOT_FOUND
            table = _key_parts(header.group("key"))
            if table == ("hand",) and header.group("array"):
                starts.append(statement.start())
            elif table == ("game",) and not header.group("array"):
                game = statement.start()
            position = header.end()
        else:
            if table is None and _key_parts(statement.group("key"))[0] == "hand":
                return None, None, INLINE_HANDS
            found = _value_end(text, statement.end())
            if found is None:
                return None, None, NOT_FOUND
            position = found[1]
    return starts, game, None


_PLAIN_HEADER = re.compile(r"\n\[\[hand\]\](?=\r?\n)")


def _multi_line_strings(text: str) -> bool:
    """Whether a text may hold a multi-line string (``\"\"\"`` or ``'''``; a text without ``'`` is looked at once
    for the second)."""
    return '"""' in text or ("'" in text and "'''" in text)


def _quick_starts(text: str) -> list[int] | None:
    """The offsets of the bare ``[[hand]]`` lines, when such lines are surely table headers: the text holds no
    multi-line string and no line starting ``[[`` with a quoted key (see the module's docstring); else None."""
    if _multi_line_strings(text):
        return None
    # Most texts (every sheet bbscore writes): each "[[" is a header "[[hand]]" alone on its line — then those lines
    # are what the look below finds, found faster.
    starts = [match.start() + 1 for match in _PLAIN_HEADER.finditer(text)]
    if text.startswith(("[[hand]]\n", "[[hand]]\r\n")):
        starts.insert(0, 0)
    if len(starts) == text.count("[["):
        return starts
    starts = []
    for match in _ARRAY_OPEN.finditer(text):
        start = match.start()
        if start and text[start - 1] != "\n":  # indented, or inside a line
            line = text.rfind("\n", 0, start) + 1
            if text[line:start].strip(" \t"):
                continue
            start = line
        kind = match.lastgroup
        if kind == "quoted":
            return None
        if kind == "bare":
            starts.append(start)
    return starts


def _quick_count(text: str) -> int | None:
    """``len(_quick_starts(text))``, or None where that is None: in most texts counted, not found (a count of the bare
    header lines that misses one can only fall short of the count of ``[[``, and then they are found)."""
    if _multi_line_strings(text):
        return None
    found = (text.count("\n[[hand]]\n") + text.count("\n[[hand]]\r\n")
             + text.startswith(("[[hand]]\n", "[[hand]]\r\n")))
    if found == text.count("[["):
        return found
    starts = _quick_starts(text)
    return None if starts is None else len(starts)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the hands are: each ``[[hand]]`` header's offset (None, with ``refusal``, when they cannot be found);
    ``scanned``: found by the full scan (then every change is proven by parsing the whole new text)."""

    starts: tuple[int, ...] | None
    scanned: bool
    refusal: str | None = None


def _locate(text: str, data: dict[str, Any]) -> _Layout:
    hands = data.get("hand")
    count = len(hands) if isinstance(hands, list) else 0
    if "hand" in data and count == 0:  # `hand = []`: no [[hand]] table ever makes an empty list
        return _Layout(None, True, INLINE_HANDS)
    quick = _quick_starts(text)
    if quick is not None and len(quick) == count:
        return _Layout(tuple(quick), False)
    starts, _game, refusal = _scan(text)
    if starts is not None and len(starts) != count:
        starts, refusal = None, NOT_FOUND
    return _Layout(None if starts is None else tuple(starts), True, refusal)


# --- Changing the text, proven ---


class _Edit(NamedTuple):
    """The old text's span [start, end) replaced by ``text``: the span held the hands ``old``, ``text`` holds ``new``.

    A value edit (``key`` given): the span is the value of a hand's own top-level ``key``, ``old`` and ``new`` then
    being that value before and after (see :func:`_value_edits`).  (A named tuple: an edit of every later running
    total makes one a hand.)"""

    start: int
    end: int
    text: str
    old: Any
    new: Any
    key: str | None = None


def _refuse(sheet: Sheet, reason: str, line: int | None = None, **values: Any) -> ProtocolError:
    return ProtocolError(str(sheet.path), line, _(reason).format(**values))


def _starts(sheet: Sheet) -> tuple[int, ...]:
    layout = sheet.layout
    if layout.starts is None:
        raise _refuse(sheet, layout.refusal or NOT_FOUND)
    return layout.starts


def check_editable(sheet: Sheet) -> None:
    """Refuse (:class:`ProtocolError`, with the reason) a sheet whose hands cannot be found as ``[[hand]]`` tables:
    it is read by every command but never edited.  Called before the lock too, so that it gets no lock file."""
    _starts(sheet)


def _hand_region(sheet: Sheet, index: int) -> _Region:
    region = _region(sheet.text, _starts(sheet)[index], ("hand",))
    if region is None:
        raise _refuse(sheet, NOT_FOUND)
    return region


def _newline(text: str) -> str:
    end = text.find("\n")
    return "\r\n" if end > 0 and text[end - 1] == "\r" else "\n"


def _lines(text: str, newline: str) -> str:
    return text if newline == "\n" else text.replace("\n", newline)


def _plain(value: Any) -> Any:
    """A value as tomllib would read it back (a tuple is a list)."""
    kind = value.__class__
    if kind is int or kind is str:
        return value
    if kind is list:  # (a running total, quickly)
        if len(value) == 2 and value[0].__class__ is int and value[1].__class__ is int:
            return [value[0], value[1]]
        if all(item.__class__ is int for item in value):
            return list(value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def same(a: Any, b: Any) -> bool:
    """Whether two TOML values are the same, value for value and type for type (``1``, ``1.0`` and ``true`` differ;
    a NaN is the same as a NaN)."""
    kind = a.__class__
    if kind is not b.__class__:
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same(value, b[key]) for key, value in a.items())
    if kind is list:
        return len(a) == len(b) and all(map(same, a, b))
    if kind is float:
        return repr(a) == repr(b)
    return a == b


_START = operator.itemgetter(0)  # an edit's start


def _commit(sheet: Sheet, edits: list[_Edit | _Values], hands: list[dict[str, Any]], game: Any,
            columns: tuple[Column, ...] = (), held: bool = True) -> Sheet | list[str]:
    """The new text of ``sheet`` after ``edits``, proven to hold exactly ``hands`` and ``game`` (see the module's
    docstring) — ``hands`` as the ``columns`` (runs of :func:`_pair_run`, proven as found) make them.  Raises
    :class:`ProtocolError` (nothing written) when it does not.  With ``held`` False the caller only writes the text:
    the hands of the columns are then made only where the proof needs them (the whole text parsed), and where it
    needs no whole text either, the new text's pieces in order are returned (written as they are: never joined)."""
    text = sheet.text
    edits = sorted(edits, key=_START)
    pieces: list[str] = []
    values: list[_Edit] = []  # the value edits (the others: whole hands)
    regions: list[_Edit] = []
    position, size, spans = 0, len(text), 0  # spans: what parsing the spans alone reads
    for edit in edits:
        start, piece = edit.start, edit.text
        if start < position:
            raise _refuse(sheet, NOT_PROVEN, what=_("правки перекрываются"))
        pieces.append(text[position:start])
        position = edit.end
        if edit.__class__ is _Values:  # (values proven as they were found: _pair_edits)
            pieces += piece  # (its parts: the new text is joined once)
            spans += edit.changed
            continue
        pieces.append(piece)
        spans += position - start + len(piece)
        if edit.key is not None:
            values.append(edit)
            continue
        regions.append(edit)  # when text follows a new span, the span ends a line (a value's: the rest of its line does)
        last = piece[-1:] if piece else text[start - 1] if start else "\n"
        if position < size and last != "\n":
            raise _refuse(sheet, NOT_PROVEN, what=_("строки сливаются"))
    pieces.append(text[position:])
    length = sum(map(len, pieces))  # (characters: at least the UTF-8 bytes)
    new_text = None if not held and length > WHOLE_CHECK_BYTES else "".join(pieces)
    quick = None
    if (not sheet.layout.scanned and same(game, sheet.data.get("game")) and spans < length
            and (new_text is None or _size(new_text) > WHOLE_CHECK_BYTES)):
        quick = _count_by_spans(text, sheet.layout.starts, regions, values)
        if quick is None:
            new_text = "".join(pieces) if new_text is None else new_text
            quick = _quick_count(new_text)
    if quick is None or quick != len(hands):
        new_text = "".join(pieces) if new_text is None else new_text
        data = _data(sheet, _columns_set(hands, columns), game)
        _check_whole(sheet, new_text, data)
    else:
        for edit in regions:
            for piece, held in ((text[edit.start:edit.end], edit.old), (edit.text, edit.new)):
                if not same(_parsed(piece), {"hand": list(held)} if held else {}):
                    number = next((i + 1 for i, hand in enumerate(sheet.hands) if edit.old and hand is edit.old[0]), None)
                    raise _refuse(sheet, NOT_PROVEN, what=_("сдача {hand}").format(hand=number) if number
                                  else _("новая сдача"))
        if values and not _values_proven(text, values):
            raise _refuse(sheet, NOT_PROVEN, what=_("значения в сдачах"))
        if new_text is None:
            return pieces
        data = _data(sheet, _columns_set(hands, columns), game) if held else None
    return Sheet(path=sheet.path, text=new_text, bom=sheet.bom, data=data)


def _data(sheet: Sheet, hands: list[dict[str, Any]], game: Any) -> dict[str, Any]:
    """The TOML of ``sheet`` with ``hands`` and ``game`` (what the new text must hold)."""
    data = dict(sheet.data)
    data["game"] = game
    if hands:
        data["hand"] = hands
    else:
        data.pop("hand", None)
    return data


def _columns_set(hands: list[dict[str, Any]], columns: tuple[Column, ...]) -> list[dict[str, Any]]:
    """``hands`` with each column's values set: the hands it reaches copied (the old ones are the old sheet's),
    then set (faster than ``{**hand, key: value}``)."""
    for key, first, values in columns:
        start = first - 1
        changed = list(map(dict.copy, hands[start:start + len(values)]))
        for hand, value in zip(changed, values):
            hand[key] = value
        hands[start:start + len(values)] = changed
    return hands


def _count_by_spans(text: str, starts: tuple[int, ...], regions: list[_Edit], values: list[_Edit]) -> int | None:
    """What :func:`_quick_count` of the new text gives, counted from the old text's quick look (``starts``: one
    ``[[hand]]`` header a hand, no multi-line string) and the spans alone, when no new span holds a multi-line string
    or a ``[[``; else None (then the new text is looked at whole).  The rest of the new text is the old one's: its
    headers are the old ones but those of the spans, each still at a line's start (a new span that text follows ends a
    line: :func:`_commit`).  A run of pairs (:class:`_Values`) changes only pairs of whole numbers written as this
    module writes them — brackets, digits, commas, blanks and line ends, each ``[`` followed by a digit, a minus or a
    line end — so it holds the same headers before and after, and no quote."""
    count = len(starts)
    for edit in values:
        if "[[" in edit.text or '"""' in edit.text or "'''" in edit.text:
            return None
    for edit in regions:
        new, old = _quick_count(edit.text), _quick_count(text[edit.start:edit.end])
        if new is None or old is None:
            return None
        count += new - old
    return count


# A value's text that is one TOML value token however it is surrounded: a whole number, or a list with no list, table,
# string, comment (or NUL) inside it.  (What _PLAIN_VALUE finds, and what a running total is written as.)
_ONE_TOKEN = r"""(?:\[[^\[\]{}"'#\x00]*\]|-?[0-9]+)"""
_TOKENS_APART = re.compile(rf"{_ONE_TOKEN}(?:\x00{_ONE_TOKEN})*")


def _values_proven(text: str, values: list[_Edit]) -> bool:
    """Whether each value edit's old span is exactly what it held (``old``) and its new text is exactly what is meant
    (``new``), value for value and type for type.

    A span, old or new, is its value when it is that value written in decimal (:func:`_decimal_text`: by TOML's
    grammar such a text after ``key =`` is that value's whole text and nothing else, and is read as that value), or
    else when it parses alone to it.  What is parsed is parsed at once, by one parse of one text: when each piece is
    one value token (:data:`_ONE_TOKEN`: then it cannot end early or run on into the next, whatever is written beside
    it), as the items of one list, one item each, ``v = [piece, piece, …]``; otherwise each as a statement of its own,
    one a line (a value left open would take the next line in, which no value holds)."""
    pieces, meant = [], []
    for edit in values:
        span, old, new = text[edit.start:edit.end], edit.old, edit.new
        if (old.__class__ is list and new.__class__ is list and len(old) == 2 and len(new) == 2
                and old[0].__class__ is int and old[1].__class__ is int and new[0].__class__ is int
                and new[1].__class__ is int):  # (quickly: a running total, as _decimal_text sees it)
            if "\n" in span:
                if (span == f"[\n    {old[0]},\n    {old[1]},\n]"
                        and edit.text == f"[\n    {new[0]},\n    {new[1]},\n]"):
                    continue
            elif span == f"[{old[0]}, {old[1]}]" and edit.text == f"[{new[0]}, {new[1]}]":
                continue
        if not _decimal_text(span, old):
            pieces.append(span)
            meant.append(edit.old)
        if not _decimal_text(edit.text, edit.new):
            pieces.append(edit.text)
            meant.append(edit.new)
    if not pieces:
        return True
    joined = "\x00".join(pieces)
    if _bracketed_apart(joined, len(pieces)) or _TOKENS_APART.fullmatch(joined):
        parsed = _parsed("v = [\n" + joined.replace("\x00", ",\n") + "\n]\n", nesting=3)  # (a table of lists of lists)
        return parsed is not None and (_same_bytes(parsed, {"v": meant}) or same(parsed, {"v": meant}))
    parsed = _parsed("".join(f"v{number} = {piece}\n" for number, piece in enumerate(pieces)))
    return same(parsed, {f"v{number}": value for number, value in enumerate(meant)})


def _bracketed_apart(joined: str, count: int) -> bool:
    """Whether ``joined`` is ``count`` pieces joined by NUL, each ``[…]`` with no list, table, string, comment or NUL
    inside — :data:`_TOKENS_APART`'s lists, seen by counting characters (faster than the pattern, on every running
    total of a long sheet): each piece opens and closes with a bracket, and there are no more brackets than that."""
    return (joined.startswith("[") and joined.endswith("]") and joined.count("\x00") == count - 1
            and joined.count("\x00[") == count - 1 and joined.count("]\x00") == count - 1
            and joined.count("[") == count and joined.count("]") == count
            and not any(character in joined for character in "{}\"'#"))


def _decimal_text(text: str, value: Any) -> bool:
    """Whether ``text`` is ``value`` — a whole number, or a list of them — with each number written in decimal as
    ``str`` writes it: the number alone; the list on one line (``[1, 2]``), or one number a line, each followed by a
    comma (``[\n    1,\n    2,\n]``, as tomli-w writes it; CRLF line ends too)."""
    kind = value.__class__
    if kind is int:
        return text == str(value)
    if kind is list and len(value) == 2 and value[0].__class__ is int and value[1].__class__ is int:  # (quickly)
        first, second = value
        if "\n" not in text:
            return text == f"[{first}, {second}]"
        written = f"[\n    {first},\n    {second},\n]"
        return text == written or text.replace("\r\n", "\n") == written
    if kind is not list or not value or not all(item.__class__ is int for item in value):
        return False
    numbers = list(map(str, value))
    if "\n" not in text:
        return text == "[" + ", ".join(numbers) + "]"
    return text.replace("\r\n", "\n") == "[\n    " + ",\n    ".join(numbers) + ",\n]"


def _same_bytes(a: Any, b: Any) -> bool:
    """Whether two values are written alike by ``marshal`` (its version 2, which keeps no references): then they are
    :func:`same` — it writes only values of the exact built-in types, each type its own way, lists and tables item by
    item in order — at a fraction of the cost of walking them.  False also when it cannot write one (a date)."""
    import marshal

    try:
        return marshal.dumps(a, 2) == marshal.dumps(b, 2)
    except ValueError:
        return False


def _size(text: str) -> int:
    """The UTF-8 size of a text, or a bound that is enough to compare with :data:`WHOLE_CHECK_BYTES`."""
    if len(text) > WHOLE_CHECK_BYTES:  # a character is at least a byte
        return len(text)
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError:  # refused by the write itself, in its words
        return 0


def _parsed(text: str, nesting: int | None = None) -> Any:
    try:
        return parse_toml(text, nesting=nesting)
    except (ValueError, RecursionError):
        return None


def _check_whole(sheet: Sheet, new_text: str, data: dict[str, Any]) -> None:
    parsed = _parsed(new_text)
    if parsed is None:
        raise _refuse(sheet, NOT_PROVEN, what=_("текст не читается как TOML"))
    if same(parsed, data):
        return
    if not same(parsed.get("game"), data.get("game")):
        raise _refuse(sheet, NOT_PROVEN, what="[game]")
    written, meant = parsed.get("hand", []), data.get("hand", [])
    if not isinstance(written, list):
        raise _refuse(sheet, NOT_PROVEN, what=_("сдачи"))
    number = next((i + 1 for i, (a, b) in enumerate(zip(written, meant)) if not same(a, b)), min(len(written), len(meant)) + 1)
    raise _refuse(sheet, NOT_PROVEN, what=_("сдача {hand}").format(hand=number))


def _keyed(text: str, region: _Region, old: dict[str, Any], updates: dict[str, Any], order: list[str], style: Style,
           newline: str, prefix: tuple[str, ...] = (), as_written: bool = False) -> str | None:
    """A table's text with the values of its own keys ``updates`` changed where they are written; a key it lacks is
    added after the statement of the key before it in ``order`` (the table's keys as intended), else after its last
    own statement.  ``old``: the table as parsed; ``prefix``: the table's own path when its keys are dotted top-level
    keys (``game.x = …``).  None when a key the table has is not written as one ``key = value`` statement of it (a
    sub-table, dotted keys: then it is written anew), or with ``as_written`` when a value changed is not written as
    this module writes it (a comment inside, a layout of its own: then :func:`_in_place` changes only its items that
    differ)."""
    statements = {statement.parts: statement for statement in region.keys}
    if any(prefix[:depth] in statements for depth in range(1, len(prefix) + 1)):
        return None  # the table itself written inline (game = { … })
    changes: list[tuple[int, int, str]] = []
    for key, value in updates.items():
        statement = statements.get((*prefix, key))
        if statement is not None:
            was = text[statement.value_start:statement.value_end]
            if as_written and was != _lines(_value_text(old.get(key), style, one_line="\n" not in was), newline):
                return None
            changes.append((statement.value_start, statement.value_end,
                            _lines(_value_text(value, style, one_line="\n" not in was), newline)))
            continue
        if key in old:
            return None  # written as a sub-table [hand.key] or as dotted keys (key.x = …)
        earlier = order[: order.index(key)] if key in order else order
        before = next((statements[(*prefix, k)] for k in reversed(earlier) if (*prefix, k) in statements), None)
        at = region.keys_end if before is None else before.end
        written = "".join(f"{_key(part)}." for part in prefix) + f"{_key(key)} = {_value_text(value, style)}\n"
        changes.append((at, at, ("" if at == 0 or text[at - 1] == "\n" else newline) + _lines(written, newline)))
    pieces, position = [], region.start
    for start, end, piece in sorted(changes, key=lambda change: (change[0], change[1])):
        pieces += (text[position:start], piece)
        position = end
    pieces.append(text[position:region.end])
    return "".join(pieces)


# --- Changing a hand's values where they are written, wherever that is (``--fix`` of a sheet typed by hand) ---


class _Node(NamedTuple):
    """A value as written inside a statement: ``kind`` ``"array"`` (``items``: its items' nodes), ``"table"`` (an
    inline table; ``items``: (its key's parts, the value's node)) or ``"scalar"``; [start, end) its text."""

    kind: str
    start: int
    end: int
    items: tuple = ()


_GAP = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")  # between the items of a list: spaces, line ends, comments
_SPACE = re.compile(r"[ \t]*+")
_STRING = re.compile('"""(?:[^"\\\\]++|\\\\[\\s\\S]|"(?!""))*+"{3,5}+' + "|'''(?:[^']++|'(?!''))*+'{3,5}+"
                     + '|"(?:[^"\\\\\\n]++|\\\\.)*+"' + "|'[^'\\n]*+'")  # (a string, as _VALUE_TOKEN reads one)
_LINE_REST = re.compile(r"[ \t]*+(?P<comma>,)?[ \t]*+(?:#[^\n]*+)?\r?\n")  # after a list's item: to its line's end
_BARE_VALUE = re.compile(r"[^\s,\[\]{}#\"']++(?: [0-9][^\s,\[\]{}#\"']*+)?")  # a number, a boolean, a date (and time)
_KEY_TEXT = re.compile(_KEY)


def _node(text: str, position: int) -> _Node | None:
    """The value written at ``position`` (an array or inline table item by item), or None when this reader does not
    follow it (then it is written anew as a whole)."""
    opening = text[position:position + 1]
    if opening == "[":
        items, at = [], _GAP.match(text, position + 1).end()
        while text[at:at + 1] != "]":
            item = _node(text, at)
            if item is None:
                return None
            items.append(item)
            at = _GAP.match(text, item.end).end()
            if text[at:at + 1] == ",":
                at = _GAP.match(text, at + 1).end()
            elif text[at:at + 1] != "]":
                return None
        return _Node("array", position, at + 1, tuple(items))
    if opening == "{":
        entries, at = [], _SPACE.match(text, position + 1).end()
        while text[at:at + 1] != "}":
            key = _KEY_TEXT.match(text, at)
            if key is None:
                return None
            at = _SPACE.match(text, key.end()).end()
            if text[at:at + 1] != "=":
                return None
            value = _node(text, _SPACE.match(text, at + 1).end())
            if value is None:
                return None
            entries.append((_key_parts(key.group()), value))
            at = _SPACE.match(text, value.end).end()
            if text[at:at + 1] == ",":
                at = _SPACE.match(text, at + 1).end()
            elif text[at:at + 1] != "}":
                return None
        return _Node("table", position, at + 1, tuple(entries))
    found = _STRING.match(text, position) or _BARE_VALUE.match(text, position)
    return None if found is None else _Node("scalar", position, found.end())


def _node_edits(text: str, node: _Node, old: Any, new: Any, whole: str, newline: str) -> list[tuple[int, int, str]]:
    """The edits turning ``node``, the text of ``old``, into ``new``: only the items that differ, each where it is
    written (a list's items added after its last one, those taken out cut with their lines); ``whole``: the node's
    new text when it is written anew (a type changed, an inline table's keys)."""
    if same(old, new):
        return []
    anew = [(node.start, node.end, whole)]
    if node.kind == "array" and old.__class__ is list and new.__class__ is list and len(node.items) == len(old):
        kept = min(len(old), len(new))
        if kept == 0:
            return anew
        edits = []
        for item, was, now in zip(node.items, old, new):
            edits += _node_edits(text, item, was, now, _inline(now), newline)
        last = node.items[kept - 1]
        if len(new) > kept:  # after the last item: a line each when the items are written so, else on its line
            line = text.rfind("\n", 0, last.start) + 1
            indent, rest = text[line:last.start], _LINE_REST.match(text, last.end)
            if line > node.start and not indent.strip(" \t") and rest is not None:
                if rest.group("comma") is None:
                    edits.append((last.end, last.end, ","))
                edits.append((rest.end(), rest.end(), "".join(f"{indent}{_inline(item)},{newline}" for item in new[kept:])))
            else:
                edits.append((last.end, last.end, "".join(", " + _inline(item) for item in new[kept:])))
        elif len(old) > kept:
            first, end = node.items[kept], node.items[-1].end
            line = text.rfind("\n", 0, first.start) + 1
            rest = _LINE_REST.match(text, end)
            if line > node.start and not text[line:first.start].strip(" \t") and rest is not None:
                edits.append((line, rest.end(), ""))  # the lines of the items taken out, their comments with them
            else:
                edits.append((last.end, end, ""))
        return edits
    if node.kind == "table" and old.__class__ is dict and new.__class__ is dict and old.keys() == new.keys():
        written = {parts[0]: value for parts, value in node.items if len(parts) == 1}
        if written.keys() != old.keys() or len(node.items) != len(old):
            return anew
        edits = []
        for key, was in old.items():
            edits += _node_edits(text, written[key], was, new[key], _inline(new[key]), newline)
        return edits
    return anew


def _in_place(text: str, region: _Region, old: dict[str, Any], updates: dict[str, Any], order: list[str],
              style: Style, newline: str) -> str | None:
    """A hand's text (``region``, ``old`` as parsed) with ``updates`` (key → value, or :data:`REMOVE`) written where
    each value is: only the values that differ changed, wherever they sit — a key of the hand, of a sub-table
    (``[hand.gora]``), of an item of an array of tables (``[[hand.vists]]``), an item of a list or an inline table, a
    dotted key (``pulya.Аня = 2``) — a key added after the key before it (in ``order``, the hand's keys as meant, or
    after the last key of its table), one taken out with its line; every other line, comment and the layout as they
    were.  None when a value is written in a way this does not follow (the hand is then written anew)."""
    header = _HEADER.match(text, region.start)
    if header is None:
        return None
    leaves: dict[tuple, tuple[tuple, _Statement]] = {}  # a value's path in the hand → (its table's path, statement)
    tables: dict[tuple, list[int]] = {(): [region.start, header.end()]}  # a table's path → [header, its last key's end]
    counts: dict[tuple, int] = {}  # an array of tables ([[hand.vists]]) → how many of its tables so far
    table: tuple = ()
    for kind, match, found in _statements(text, header.end(), region.end):
        if kind is None:
            return None
        if kind == "header":
            parts = None if match is None else _key_parts(match.group("key"))
            if parts is None or parts[:1] != ("hand",) or len(parts) < 2:
                return None
            if match.group("array"):
                counts[parts[1:]] = counts.get(parts[1:], 0) + 1
            table = ()
            for depth, part in enumerate(parts[1:], 2):
                table += (part, counts[parts[1:depth]] - 1) if parts[1:depth] in counts else (part,)
            if table in tables:
                return None
            tables[table] = [match.start(), match.end()]
            continue
        parts = _key_parts(match.group("key"))
        leaves[table + parts] = (table, _Statement(parts, match.start(), match.end(), *found))
        tables[table][1] = found[1]

    def ends(path: tuple) -> int:  # where the text of a table (an item of an array of tables) ends, its own included
        return max([end for at, (_start, end) in tables.items() if at[:len(path)] == path]
                   + [statement.end for at, (_table, statement) in leaves.items() if at[:len(path)] == path])

    def added(path: tuple, key: str, value: Any) -> list[tuple[int, int, str]] | None:
        value_text = _value_text(value, style) if not path else _inline(value)
        if path in tables:  # after the key before it (the hand's own, in order), else after its table's last key
            before = None
            if not path and key in order:
                before = next((leaves[(k,)][1] for k in reversed(order[:order.index(key)])
                               if (k,) in leaves and leaves[(k,)][0] == ()), None)
            at, written = tables[path][1] if before is None else before.end, _key(key)
        else:  # a table written as dotted keys (pulya.Аня = 2): after the last of them, as they are written
            under = [(table, statement) for at, (table, statement) in leaves.items()
                     if len(at) > len(path) and at[:len(path)] == path and at[:len(table)] == table]
            if not under:
                return None
            table, last = max(under, key=lambda found: found[1].end)
            if any(isinstance(part, int) for part in path[len(table):]):
                return None
            at, written = last.end, ".".join(_key(part) for part in (*path[len(table):], key))
        return [(at, at, ("" if text[at - 1] == "\n" else newline) + _lines(f"{written} = {value_text}\n", newline))]

    def removed(path: tuple) -> list[tuple[int, int, str]] | None:
        if any(at[:len(path)] == path for at in tables):
            return None  # (a table of its own: not taken out here)
        cut = [(statement.start, statement.end, "") for at, (_table, statement) in leaves.items()
               if at[:len(path)] == path]
        return cut or None

    def placed(path: tuple, was: Any, now: Any) -> list[tuple[int, int, str]] | None:
        if now is REMOVE:
            return removed(path)
        if same(was, now):
            return []
        if path in leaves:
            statement = leaves[path][1]
            start, end = statement.value_start, statement.value_end
            whole = _lines(_value_text(now, style, one_line="\n" not in text[start:end]) if len(path) == 1
                           else _inline(now), newline)
            node = _node(text, start)
            return [(start, end, whole)] if node is None or node.end != end else _node_edits(
                text, node, was, now, whole, newline)
        if was.__class__ is dict and now.__class__ is dict:
            edits = []
            for key, value in now.items():
                found = placed(path + (key,), was[key], value) if key in was else added(path, key, value)
                if found is None:
                    return None
                edits += found
            for key in was.keys() - now.keys():
                found = removed(path + (key,))
                if found is None:
                    return None
                edits += found
            return edits
        if (was.__class__ is list and now.__class__ is list and was and all(item.__class__ is dict for item in now)
                and all(path + (index,) in tables for index in range(len(was))) and path + (len(was),) not in tables):
            edits, kept = [], min(len(was), len(now))
            for index in range(kept):
                found = placed(path + (index,), was[index], now[index])
                if found is None:
                    return None
                edits += found
            first = tables[path + (0,)][0]
            header_text = text[first:text.find("]]", first) + 2].strip(" \t")
            blank = newline if text.endswith(("\n\n", "\n\r\n"), 0, first) else ""  # (as the first is set apart)
            at = ends(path + (len(was) - 1,))
            for item in now[kept:]:  # a new table of the array after its last one
                lines = "".join(f"{_key(key)} = {_inline(value)}\n" for key, value in item.items())
                edits.append((at, at, ("" if text[at - 1] == "\n" else newline) + blank
                              + _lines(f"{header_text}\n{lines}", newline)))
            for index in range(kept, len(was)):  # a table taken out: from its header to its last line
                start = tables[path + (index,)][0]
                if any(at[:len(path) + 1] == path + (index,) and len(at) > len(path) + 1 for at in tables):
                    return None
                edits.append((start, ends(path + (index,)), ""))
            if not now and len(path) == 1:  # no table of it left: the key written as an empty list
                found = added((), path[0], [])
                if found is None:
                    return None
                edits += found
            return edits
        return None

    edits: list[tuple[int, int, str]] = []
    try:
        for key, value in updates.items():
            found = placed((key,), old[key], value) if key in old else [] if value is REMOVE else added((), key, value)
            if found is None:
                return None
            edits += found
    except RecursionError:
        return None
    pieces, position = [], region.start
    for start, end, piece in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        if start < position:
            return None
        pieces += (text[position:start], piece)
        position = end
    pieces.append(text[position:region.end])
    return "".join(pieces)


def _comments_kept(old_text: str, new_text: str, newline: str) -> str:
    """A hand written anew (``new_text``, its ``[[hand]]`` line first) with every comment of its old text
    (``old_text``) kept, each on a line of its own after the header, in their order."""
    comments, position, size = [], 0, len(old_text)
    while position < size:
        token = _VALUE_TOKEN.match(old_text, position)
        if token is None:
            break
        if token.lastgroup == "comment":
            comments.append(token.group().rstrip("\r"))
        position = token.end()
    if not comments:
        return new_text
    header_end = new_text.find("\n") + 1
    return new_text[:header_end] + "".join(comment + newline for comment in comments) + new_text[header_end:]


REMOVE = object()  # a value in the changes of a hand: the key is taken out of it


class Column(NamedTuple):
    """One own key of consecutive hands changed: hand ``first`` (1-based) and each after it made the value of
    ``values`` in turn (None: that hand's key left as it is) — a later running total of every hand after an edit,
    given as one column rather than a table a hand (issue 24)."""

    key: str
    first: int
    values: list[Any]


def _hand_edits(sheet: Sheet, anew: dict[int, dict[str, Any]], changes: dict[int, dict[str, Any]],
                style: Style, column: Column | None = None
                ) -> tuple[list[_Edit], list[dict[str, Any]], tuple[Column, ...]]:
    """The edits writing hands ``anew`` (index → all its fields) and changing the keys of others in place (index →
    {key: value}, and ``column``; a value already the same is left alone; :data:`REMOVE` takes the key out, the hand
    then written anew), the hands the text will hold but for ``column`` when it was taken as one run, and that column
    then (:func:`_columns_set` sets it in the hands, when they are needed)."""
    hands = list(sheet.hands)
    newline = _newline(sheet.text)
    edits: list[Any] = []  # (_Edit and _Values)
    columns: tuple[Column, ...] = ()
    layout = sheet.layout
    rest = set(anew)
    quick_layout = not layout.scanned and layout.starts is not None
    whole_runs = True  # (_pair_edits: a run of one key's changes looked for, to change at once)
    if column is not None:
        first, values = column.first - 1, column.values
        taken = None
        if (quick_layout and len(values) > 1 and first not in anew and None not in values
                and changes.keys().isdisjoint(range(first, first + len(values)))):  # (the column as one run)
            whole_runs = False  # (not looked for again among the hands' changes, if not found so)
            taken = _pair_run(sheet.text, layout.starts, hands, first, column.key, values, style is Style.TABLES,
                              newline)
        if taken is not None:
            edits.append(taken)
            columns = (column,)
        else:  # (each value a change of its hand's, as any other)
            changes = dict(changes)
            for index, value in enumerate(values, first):
                if value is not None:
                    updates = changes.get(index)
                    changes[index] = {**updates, column.key: value} if updates else {column.key: value}
    if changes and quick_layout:
        # (quickly, in one loop: the running totals, each a pair of whole numbers written as this module writes one)
        quick = changes if anew.keys().isdisjoint(changes) else {i: u for i, u in changes.items() if i not in anew}
        pairs, done = _pair_edits(sheet.text, layout.starts, hands, quick, style is Style.TABLES, newline, whole_runs)
        edits += pairs
        rest.update(index for index in changes if index not in done)
    else:
        rest.update(changes)
    changed = [index for index in rest if index not in anew]  # (their values: each changed where it is written)
    written = _own_values(sheet, min(changed), frozenset(key for index in changed for key in changes[index])
                          ) if changed else {}
    for index in sorted(rest):
        old = hands[index]
        if index in anew:
            fields, updates = _plain(anew[index]), None
        else:
            updates, removes = {}, False
            for key, value in changes[index].items():
                if value is REMOVE:
                    if key in old:
                        updates[key], removes = value, True
                    continue
                value = _plain(value)
                if key not in old or not same(old[key], value):
                    updates[key] = value
            if not updates:
                continue
            fields = {**old, **updates}
            if removes:
                fields = {key: value for key, value in fields.items() if value is not REMOVE}
        if updates is not None:  # the values changed where they are written, each alone when it can be
            quick = _value_edits(sheet, index, old, updates, style, newline, written.get(index))
            if quick is not None:
                edits += quick
                hands[index] = fields
                continue
        region = _hand_region(sheet, index)
        removes = updates is not None and any(value is REMOVE for value in updates.values())
        piece = None if updates is None or removes else _keyed(sheet.text, region, old, updates, list(fields), style,
                                                               newline, as_written=True)
        if piece is None and updates is not None:  # each value where it is, wherever it sits (proven here: else anew)
            piece = _in_place(sheet.text, region, old, updates, list(fields), style, newline)
            if piece is not None and not same(_parsed(piece), {"hand": [fields]}):
                piece = None
            if piece is None:  # (a shape not followed: the hand written anew, its comments kept)
                piece = _comments_kept(sheet.text[region.start:region.end], _lines(hand_text(fields, style), newline),
                                       newline)
        if piece is None:  # (a hand typed again: its comments kept after its header, as a shape not followed)
            piece = _comments_kept(sheet.text[region.start:region.end], _lines(hand_text(fields, style), newline),
                                   newline)
        edits.append(_Edit(region.start, region.end, piece, (old,), (fields,)))
        hands[index] = fields
    return edits, hands, columns


class _Values(NamedTuple):
    """The old text's span [start, end) replaced by ``text`` (its parts, in order: joined once with the rest of the
    new text): values changed where they are written, each proven as it was found (:func:`_pair_edits`) — the rest of
    the span copied as it was; ``changed``: how many characters of the old span and of ``text`` are the values (what
    parsing them would read)."""

    start: int
    end: int
    text: list[str]
    changed: int


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_MAYBE_HEADER = re.compile(r"\n[ \t]*\[")  # a line that may be a table's header (or an item of a list of lists)
_LINE_ENDS = ("\n", "\r")


def _pair_edits(text: str, starts: tuple[int, ...], hands: list[dict[str, Any]], changes: dict[int, dict[str, Any]],
                tables: bool, newline: str, whole_runs: bool = True) -> tuple[list[_Values], set[int]]:
    """What :func:`_hand_edits` makes of the ``changes`` of hands' own keys (index → {key: value}) when each value, old
    and new, is a pair of whole numbers (a running total, a score) written as this module writes one: the edits of the
    values that change, a run of consecutive hands in one, and the indices of the hands so changed (or left as they
    are, every value already the same); ``hands`` then holds each such hand as it will be.  A hand with any other
    update, or a value written any other way, is left to the general way (not among the indices).

    Each value is proven as it is found, which is what :func:`_values_proven` would do with it: the line
    ``key = `` (a bare key, alone at the line's start) in the hand's text (from its header, ``starts``, found by the
    quick look) with no line before it that may be a table's header — so, in a text the quick look trusts (no
    multi-line string), the statement of the hand's own key; after it the old pair written in decimal exactly as
    ``str`` writes it (``[a, b]``, or one number a line as tomli-w writes it), so that is its whole text and it reads
    as the old value; then the end of the line.  The new text is the new pair in decimal, in the old one's form
    (one number a line only in tables).  ``whole_runs``: each run of one key alone first tried at once
    (:func:`_pair_runs`)."""
    runs: list[_Values] = []
    done: set[int] = set()
    if whole_runs:
        changes = _pair_runs(text, starts, hands, changes, tables, newline, runs, done)
    needles: dict[str, str | None] = {}
    pieces: list[str] = []
    run_start = position = changed = 0
    previous, count, size = -2, len(starts), len(text)
    find, startswith = text.find, text.startswith
    lines = f"[{newline}    %d,{newline}    %d,{newline}]"  # (a pair one number a line; %d writes an int as str does)
    for index in sorted(changes):
        if pieces and index != previous + 1:  # (a hand between: it may be edited otherwise, by an edit of its own)
            runs.append(_Values(run_start, position, pieces, changed))
            pieces, changed = [], 0
        previous = index
        old = hands[index]
        start = starts[index]
        end = starts[index + 1] if index + 1 < count else size
        found = []
        deepest = start
        for key, value in changes[index].items():
            was = old.get(key)
            if not (value.__class__ is list and was.__class__ is list and len(value) == 2 and len(was) == 2):
                break
            first, second = value
            if not (first.__class__ is int and second.__class__ is int and was[0].__class__ is int
                    and was[1].__class__ is int):
                break
            if first == was[0] and second == was[1]:
                continue
            needle = needles.get(key, "")
            if needle == "":
                needle = needles[key] = f"\n{key} = " if _BARE_KEY.fullmatch(key) else None
            at = -1 if needle is None else find(needle, start, end)
            if at < 0:
                break
            value_start = at + len(needle)
            if text[value_start + 1:value_start + 2] in _LINE_ENDS:  # (the form the old text must have)
                was_text = lines % (was[0], was[1])
                piece = (lines if tables else "[%d, %d]") % (first, second)
            else:
                was_text, piece = "[%d, %d]" % (was[0], was[1]), "[%d, %d]" % (first, second)
            value_end = value_start + len(was_text)
            if not (startswith(was_text, value_start)
                    and (value_end == size or startswith("\n", value_end) or startswith("\r\n", value_end))):
                break
            found.append((value_start, value_end, piece, key, [first, second]))
            if at > deepest:
                deepest = at
        else:
            if not found:
                done.add(index)
                continue
            if _MAYBE_HEADER.search(text, start, deepest) is None:
                done.add(index)
                found.sort()
                if not pieces:
                    run_start = position = found[0][0]
                new = hands[index] = old.copy()
                for value_start, value_end, piece, key, value in found:
                    pieces += (text[position:value_start], piece)
                    changed += value_end - value_start + len(piece)
                    position = value_end
                    new[key] = value
                continue
        previous = -2  # (this hand is left to the general way: the run ends before it)
    if pieces:
        runs.append(_Values(run_start, position, pieces, changed))
    return runs, done


_PAIR_FORMS: dict[tuple[str, str, bool], re.Pattern] = {}


def _pair_runs(text: str, starts: tuple[int, ...], hands: list[dict[str, Any]], changes: dict[int, dict[str, Any]],
               tables: bool, newline: str, runs: list[_Values], done: set[int]) -> dict[int, dict[str, Any]]:
    """:func:`_pair_edits` for each run of consecutive hands whose changes are one and the same key alone (the running
    totals after an edit), a run at once, by one split of its text: each run's edit added to ``runs``, its hands to
    ``done`` and to ``hands`` as they will be; the changes left (the other hands, and each run not found so) returned.

    A run's text, from its first hand's header to the next hand's, is proven as :func:`_pair_edits` proves each value.
    It has no table header but the hands' own, seen by counting brackets: its only ``[[`` are the hands' headers (two
    brackets each) and every other ``[`` follows ``= `` — a header's bracket opens its line (after blanks), so none
    is left; every line in it is then a hand's own statement, in a text with no multi-line string (the quick look).
    It has no inline table.  Its lines ``key = `` followed by a pair of whole numbers in one form (``[a, b]``, or one
    number a line) and the end of the line are as many as its hands — a hand's own key is written once at most (no
    table holds a key twice), so they are the hands' own, one a hand, in order — and each pair is the hand's old one
    in decimal as ``str`` writes it (a check of what was found).  The new pairs are whole numbers, written in
    that form (one number a line only in tables)."""
    left: dict[int, dict[str, Any]] = {}
    run: list[int] = []
    key = None
    for index in (*sorted(changes), None):
        update = None if index is None else changes[index]
        single = update is not None and len(update) == 1
        if single and run and index == run[-1] + 1 and key in update:
            run.append(index)
            continue
        news = [changes[i][key] for i in run] if len(run) >= 2 else None
        taken = None if news is None else _pair_run(text, starts, hands, run[0], key, news, tables, newline)
        if taken is not None:
            runs.append(taken)
            done.update(run)
            _columns_set(hands, (Column(key, run[0] + 1, news),))
        else:
            left.update((i, changes[i]) for i in run)
        run, key = [], None
        if single:
            run, key = [index], next(iter(update))
        elif update is not None:
            left[index] = update
    return left


_RUN_CHUNK = 256  # hands of a run changed at a time: a chunk's text and its parts are small, and their memory used again


def _pair_run(text: str, starts: tuple[int, ...], hands: list[dict[str, Any]], first: int, key: str,
              news: list[Any], tables: bool, newline: str) -> _Values | None:
    """One run of :func:`_pair_runs` — ``key`` of the hands from index ``first`` on made ``news``, one value each —
    when it is found so: its edit (``hands`` left as they are: :func:`_columns_set` makes them as they will be); else
    None.  The run is split, proven and written :data:`_RUN_CHUNK` hands at a time (each chunk's text from a hand's
    header to the next chunk's: what holds of each holds of the run)."""
    size = len(news)
    last = first + size - 1
    if not (0 <= first <= last < len(starts) and _BARE_KEY.fullmatch(key)
            and set(map(type, news)) == {list} and set(map(len, news)) == {2}
            and set(map(type, itertools.chain.from_iterable(news))) == {int}):
        return None
    count = len(starts)
    start, end = starts[first], starts[last + 1] if last + 1 < count else len(text)
    needle = f"\n{key} = "
    at = text.find(needle, start, end)
    if at < 0:
        return None
    at += len(needle)
    one_a_line = text[at + 1:at + 2] in _LINE_ENDS
    pattern = _PAIR_FORMS.get((key, newline, one_a_line))
    if pattern is None:  # (the pair, then the end of the line: a lone CR is no TOML outside a string)
        number, end_line = "-?[0-9]+", re.escape(newline)
        value = (rf"\[{end_line}    {number},{end_line}    {number},{end_line}\]" if one_a_line
                 else rf"\[{number}, {number}\]")
        pattern = _PAIR_FORMS[(key, newline, one_a_line)] = re.compile(rf"{re.escape(needle)}({value})(?![^\r\n])")
    lines = f"[{newline}    %d,{newline}    %d,{newline}]"
    old_form = (lines if one_a_line else "[%d, %d]") + "\0"
    new_form = needle + (lines if one_a_line and tables else "[%d, %d]") + "\0"
    pieces: list[str] = []
    changed = 0
    for low in range(first, last + 1, _RUN_CHUNK):
        high = min(low + _RUN_CHUNK, last + 1)  # (hands low … high - 1)
        hands_in = high - low
        region = text[starts[low]:starts[high] if high < count else len(text)]
        # The region's own headers are its hands' (each "[[hand]]", at starts): with as many "[" besides as values
        # opening "= [", there is no other "[" in it — no other header, no sub-table, no list inside a list.
        if "{" in region or region.count("[") != 2 * hands_in + region.count("= ["):  # (no inline table either,
            return None                                                              # which TOML 1.1 lets span lines)
        parts = pattern.split(region)  # (text, a pair's text, text, …: one pair a hand, in order, when as many)
        if len(parts) != 2 * hands_in + 1:
            return None
        written = "\0".join(parts[1::2]) + "\0"
        try:  # (all at once: one format of every pair)
            was = (old_form * hands_in) % tuple(itertools.chain.from_iterable(hand[key] for hand in hands[low:high]))
        except (KeyError, TypeError, ValueError):  # (not pairs of numbers: never as written, then)
            return None
        if written != was:
            return None
        new = (new_form * hands_in) % tuple(itertools.chain.from_iterable(news[low - first:high - first]))
        parts[1::2] = new.split("\0")[:-1]
        pieces.append("".join(parts))
        changed += len(written) + len(new) - hands_in * (2 + len(needle))
    return _Values(start, end, pieces, changed)


# A value this module changes alone: a list of plain values (no list, table, string or comment inside it), or a whole
# number — each then followed by the end of its line (or a comment).
_PLAIN_VALUE = re.compile(r"""(?:\[[^\[\]{}"'#]*\]|-?[0-9]+)(?=[ \t]*(?:#[^\n]*)?\r?(?:\n|\Z))""")
_OWN_KEYS: dict[str, re.Pattern] = {}


def _value_edits(sheet: Sheet, index: int, old: dict[str, Any], updates: dict[str, Any], style: Style,
                 newline: str, written: dict[str, tuple[int, int] | None] | None) -> list[_Edit] | None:
    """The edits writing each of ``updates`` (key → new value) for hand ``index``'s own top-level keys in place of
    their values in ``old`` — only each value's text replaced — when each is written where this module follows it
    (``written``: the hand's entry of :func:`_own_values`), its old value and the new one plain.  None otherwise (the
    hand is then written by its region).  What each span held and what it holds after are proven by parsing them
    alone (:func:`_commit`)."""
    if written is None:
        return None
    text = sheet.text
    found_edits = []
    for key, value in updates.items():
        if value is REMOVE or key not in old:
            return None
        was = old[key]
        span = written.get(key)
        if span is None or isinstance(was, (dict, str)) or isinstance(value, (dict, str)):
            return None
        start, end = span
        piece = _value_text(value, style, one_line=text.find("\n", start, end) < 0)
        found_edits.append(_Edit(start, end, piece if newline == "\n" else _lines(piece, newline), was, value, key))
    return found_edits


_OWN_VALUES: dict[frozenset, re.Pattern] = {}


def _own_values(sheet: Sheet, first: int, keys: frozenset[str]) -> dict[int, dict[str, tuple[int, int] | None]]:
    """Where the hands from index ``first`` on write their own top-level ``keys``, read in one pass over the text
    when the hands were found by the quick look (then no line of a hand's own keys is inside a string, a list or
    another table: see the module's docstring): hand index → {key: the span of its value, or None when the value is
    not plain (:data:`_PLAIN_VALUE`)} for each key written bare at a line's start among the hand's own keys, before
    any sub-table (``[hand.melds]``).  Empty when the hands were not found so."""
    layout = sheet.layout
    if layout.scanned or layout.starts is None or first >= len(layout.starts) or not keys:
        return {}
    pattern = _OWN_VALUES.get(keys)
    if pattern is None:
        names = "|".join(re.escape(key) for key in sorted(keys, key=len, reverse=True))
        pattern = _OWN_VALUES[keys] = re.compile(  # (from the newline before a line: found faster than by ^)
            rf"\n[ \t]*+(?:\[|(?P<key>{names})[ \t]*+=[ \t]*+(?P<value>{_PLAIN_VALUE.pattern})?)")
    text, starts = sheet.text, layout.starts
    found: dict[int, dict[str, tuple[int, int] | None]] = {}
    following, count = first, len(starts)
    own: dict[str, tuple[int, int] | None] | None = None  # the keys of the hand whose own keys these lines are
    if starts[first] == 0:  # the text's first line (no newline before it) is the hand's header
        own, following = found.setdefault(first, {}), first + 1
    for match in pattern.finditer(text, max(starts[first] - 1, 0)):
        key = match.group("key")
        if key is None:  # a table's header: a hand's own, or a sub-table (or [game]) that ends a hand's own keys
            if following < count and match.start() + 1 == starts[following]:
                own = found[following] = {}
                following += 1
            else:
                own = None
        elif own is not None and key not in own:
            own[key] = match.span("value") if match.group("value") is not None else None
    return found


def _write(sheet: Sheet) -> None:
    if not _REHEARSING.get():
        write_atomic(sheet.path, [BOM, sheet.text] if sheet.bom else sheet.text)


_REHEARSING = contextvars.ContextVar("rehearsing", default=False)


def change(path: Path, work: Callable[[], Any]) -> Any:
    """``work()`` — a command's whole change of the sheet at ``path``: read it, check it, write it through this
    module — under the sheet's lock (:func:`bbscore.files.locked`); returns what ``work`` returns.

    A sheet that has no lock file yet is first changed in rehearsal: ``work()`` run unlocked, every change proven but
    none written.  Refused there (a bad hand, a closed game, hands that cannot be edited), the command has made no
    lock file; else the lock is taken (the lock file made) and ``work()`` run again on the file as it is then.  So a
    lock file is only ever made by a command that writes — unless the file was changed by hand between the two runs
    so that the second refuses.  Raises what ``work`` raises."""
    if not lock_path(Path(os.path.realpath(path))).exists():
        token = _REHEARSING.set(True)
        try:
            work()
        finally:
            _REHEARSING.reset(token)
    with locked(path):
        return work()


def new_text(path: Path, game: dict[str, Any], style: Style, check: Callable[[str, dict[str, Any]], Any]) -> str:
    """The text of a new sheet holding only its ``[game]`` table ``game``, proven: it parses to exactly that table and
    passes ``check(text, data)``, the game's own reading of a sheet's ``[game]`` (so that a rule set's target larger
    than a sheet may hold is refused now, not by every later command).  Called before the lock: a refused name gets
    no lock file.  Raises :class:`ProtocolError`."""
    text = table_text("game", game, style)
    sheet = Sheet(path=path, text="", bom=False, data={})
    data = _parsed(text)
    if not same(data, {"game": _plain(game)}):
        raise _refuse(sheet, NOT_PROVEN, what="[game]")
    try:
        check(text, data)
    except ProtocolError as error:
        raise _refuse(sheet, UNREADABLE_NEW, problem=error.explanation()) from None
    return text


def create(path: Path, text: str) -> None:
    """Create a new sheet of ``text`` (from :func:`new_text`) exclusively: an existing name, a link included, is
    refused; the caller holds the lock.  Raises :class:`ProtocolError`."""
    write_atomic(path, text, exclusive=True)


def append(sheet: Sheet, fields: dict[str, Any], style: Style) -> Sheet:
    """Write ``sheet`` (as read under its lock) with one more hand, ``fields``, after its last hand; returns the
    sheet written.  Raises :class:`ProtocolError` (nothing written) when its hands cannot be found or the new text is
    not exactly the old hands and this one."""
    text, hands, newline = sheet.text, sheet.hands, _newline(sheet.text)
    new = _plain(fields)
    piece = _lines(hand_text(new, style), newline)
    starts = _starts(sheet)
    if starts:
        region = _hand_region(sheet, len(starts) - 1)
        last = text[region.start:region.end]
        edit = _Edit(region.start, region.end, last + (newline if last.endswith("\n") else newline * 2) + piece,
                     (hands[-1],), (hands[-1], new))
    else:  # the first hand: after the rest, one blank line between
        kept = len(text.rstrip(" \t\r\n"))
        edit = _Edit(kept, len(text), (newline * 2 if kept else "") + piece, (), (new,))
    done = _commit(sheet, [edit], [*hands, new], sheet.data.get("game"))
    _write(done)
    return done


def remove_last(sheet: Sheet) -> Sheet:
    """Write ``sheet`` without its last hand (the blank lines around it closed up; comments after it stay); returns
    the sheet written.  Raises :class:`ProtocolError` as :func:`append`."""
    text, hands = sheet.text, sheet.hands
    region = _hand_region(sheet, len(hands) - 1)
    start, end, size = region.start, region.end, len(text)
    while start > 0:  # the blank lines before it
        line_start = text.rfind("\n", 0, start - 1) + 1
        if text[line_start:start].strip(" \t\r\n"):
            break
        start = line_start
    while end < size:  # and after it
        line_end = text.find("\n", end)
        line_end = size if line_end < 0 else line_end + 1
        if text[end:line_end].strip(" \t\r\n"):
            break
        end = line_end
    between = _newline(text) if start > 0 and end < size else ""
    done = _commit(sheet, [_Edit(start, end, between, (hands[-1],), ())], hands[:-1], sheet.data.get("game"))
    _write(done)
    return done


def replace(sheet: Sheet, number: int, fields: dict[str, Any], style: Style,
            changes: dict[int, dict[str, Any]] | None = None, column: Column | None = None, *,
            held: bool = True) -> Sheet | None:
    """Write ``sheet`` with hand ``number`` (1-based) written anew as ``fields`` and, in ``changes`` (hand number →
    {key: value}) and ``column`` (hands after ``number``), other hands' own keys changed in place (a running total);
    returns the sheet written — None with ``held`` False, for a caller that keeps nothing of it (then its hands are
    not made unless the proof needs them: ~4 ms of 10,000 running totals).  Raises :class:`ProtocolError` as
    :func:`append`, and ValueError for a column that reaches hand ``number`` or past the last hand."""
    later = {n - 1: updates for n, updates in (changes or {}).items() if n != number}
    if column is not None and not (number < column.first and column.first + len(column.values) - 1 <= len(sheet.hands)):
        raise ValueError(f"a column of hands {column.first}–{column.first + len(column.values) - 1} after hand {number}"
                         f" of {len(sheet.hands)}")
    edits, hands, columns = _hand_edits(sheet, {number - 1: fields}, later, style, column)
    done = _commit(sheet, edits, hands, sheet.data.get("game"), columns, held)
    if isinstance(done, list):  # (the new text's pieces: written, never joined)
        if not _REHEARSING.get():
            write_atomic(sheet.path, [BOM, *done] if sheet.bom else done)
        return None
    _write(done)
    return done if held else None


def rewrite(sheet: Sheet, changes: dict[int, dict[str, Any]], game: dict[str, Any] | None, style: Style) -> Path:
    """``--fix``: write ``sheet`` with its hands' own keys changed in place (hand number → {key: value}) and its
    ``[game]`` table as ``game`` (None: as it is; a key it lacks is added after the key before it in ``game``), after
    copying the file beside itself; returns the copy's path.  Raises :class:`ProtocolError` as :func:`append`, or
    when ``[game]`` is not written where a key can be added."""
    edits, hands, columns = _hand_edits(sheet, {}, {number - 1: updates for number, updates in changes.items()}, style)
    game = sheet.data.get("game") if game is None else _plain(game)
    if not same(game, sheet.data.get("game")):
        edits.append(_game_edit(sheet, game, style))
    done = _commit(sheet, edits, hands, game, columns)
    if _REHEARSING.get():
        return sheet.path  # (a rehearsal writes nothing: see change)
    return replace_with_backup(sheet.path, (BOM if done.bom else "") + done.text)


_GAME_LINE = re.compile(r"^[ \t]*\[[ \t]*game[ \t]*\][ \t]*(?:#[^\n]*)?\r?$", re.M)


def _game_edit(sheet: Sheet, game: dict[str, Any], style: Style) -> _Edit:
    """The edit writing the ``[game]`` table as ``game``, key by key where it is written (a ``[game]`` table, or
    ``game.key = …`` top-level keys); the whole new text is then parsed to prove it."""
    text, old = sheet.text, sheet.data.get("game")
    if sheet.layout.scanned:
        _hands, start, _refusal = _scan(text)
    else:  # no multi-line string: a bare [game] line is the header (`game` is no value)
        header = _GAME_LINE.search(text)
        start = None if header is None else header.start()
    if start is not None:
        region, prefix = _region(text, start, ("game",)), ()
    else:
        region, prefix = _region(text, 0, ()), ("game",)
    if region is None or not isinstance(old, dict) or set(old) - set(game):
        raise _refuse(sheet, NO_GAME_TABLE)
    updates = {key: value for key, value in game.items() if key not in old or not same(old[key], value)}
    piece = _keyed(text, region, old, updates, list(game), style, _newline(text), prefix)
    if piece is None:
        raise _refuse(sheet, NO_GAME_TABLE)
    return _Edit(region.start, region.end, piece, (), ())


EMPTY_FOLDER = N_("в папке нет протоколов (файлов .toml с таблицей [game])")  # translated where shown


def protocol_files(paths: list[Path]) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files to check, and what cannot be checked — (folder, why) for a folder given that holds none and for a
    folder or subfolder that cannot be read (the system's reason): each path given, a folder replaced by every protocol
    under it (``*.toml`` files with a ``[game]`` table, recursively, in the order of their paths; hidden files and
    folders — locks, temporary files, ``.venv`` — and ``.bak`` backups skipped).  A folder that cannot be read is
    never passed over in silence; a folder that holds none is not a refusal of the command but one of these problems,
    so that the command still says what it found (``--json`` its JSON) and ends with its own code for what it could
    not read.  Raises :class:`ProtocolError` only when no path is given."""
    found: list[Path] = []
    problems: list[tuple[str, str]] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        inside = []
        unreadable: list[OSError] = []
        for folder, subfolders, names in os.walk(path, onerror=unreadable.append):
            subfolders[:] = _shown_subfolders(subfolders)
            for name in names:
                if not _is_candidate(name):
                    continue
                candidate = Path(folder) / name
                if not candidate.is_file():  # a pipe would never end: named, with its reason, by the check itself
                    inside.append(candidate)
                    continue
                try:
                    with candidate.open("rb") as stream:
                        head = stream.read(_HEAD_BYTES)
                except OSError:
                    inside.append(candidate)  # named, with its reason, by the check itself
                    continue
                if _is_sheet(candidate, head):
                    inside.append(candidate)
        found.extend(sorted(inside, key=lambda item: item.relative_to(path).parts))
        for error in unreadable:
            problems.append((str(error.filename or path), _("папка не читается ({reason}): протоколы в ней не проверены").format(
                reason=os_reason(error))))
        if not inside and not unreadable:
            problems.append((str(path), _(EMPTY_FOLDER)))
    if not found and not problems:  # nothing named at all: one refusal
        raise ProtocolError("«»", None, _(EMPTY_FOLDER))
    return found, problems


def created_text(value: Any) -> str | None:
    """A sheet's ``[game] created`` (the date every command that starts a sheet writes, ``2026-11-30 19:42``) as text to
    show: as written (spaces made single), a TOML date or date-time as ISO text; None when the file has none (older
    files) or it is not a date."""
    import datetime

    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ", timespec="minutes")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return None
