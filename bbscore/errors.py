"""The project's own input errors.

Every refusal of bad input is one of these classes.  Each carries the field
that was wrong as a neutral key (``def_points``, ``contract``: a protocol's own
key where there is one, never a command-line option), the value given and what
is allowed, so that the command line can print one clear line naming the
option the user typed (``--def-points``) and exit with code 2, and the file
layer can name the key and its line.  All of them subclass
:class:`BBScoreError`, itself a ``ValueError``, so callers may catch broadly or
precisely (as python-chess does).

What is allowed may name another field: :func:`ref` marks it, and
:meth:`BBScoreError.message` writes it with the same labels as the field.
"""

from __future__ import annotations

import re

from bbscore.i18n import N_, _, ngettext


# Reasons shared by the protocol and the convention readers.
NOT_A_FILE = N_("это не обычный файл (канал или устройство)")  # translated where used
TOO_DEEP = N_("слишком глубоко вложенные списки или таблицы: TOML не читается")


# Fields that are no protocol key, as a message names them (a protocol key is named as it is written).
FIELD_WORDS = {
    "contract": N_("контракт"), "game": N_("игра"), "cards": N_("карты"), "bela": N_("бэла"), "rams": N_("рамки"),
    "construction": N_("конструкция"), "hand": N_("сдача"), "key": N_("ключ"), "convention": N_("правила"),
    "правила": N_("правила"),  # (the field of an unknown convention's name)
}
_REF = "\u27e6([a-z0-9_]+)\u27e7"  # (a pattern: re compiles it at the first message, and keeps it)


def ref(key: str) -> str:
    """A mention of another field inside what is allowed, written with the message's labels (``--last`` or ``last``)."""
    return f"\u27e6{key}\u27e7"


class BBScoreError(ValueError):
    """Base class of every refusal of bad input.

    Attributes:
        field: what was wrong, a neutral key (``"contract"``, ``"def_points"``; ``"def_points/decl_points"`` for two).
        value: the value given, as text.
        allowed: what would have been accepted, in Russian (other fields marked with :func:`ref`).
    """

    def __init__(self, field: str, value: object, allowed: str) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        super().__init__(self.message())

    def message(self, labels: dict[str, str] | None = None) -> str:
        """One line for the user: field, value, what is allowed.

        ``labels`` names fields as the user met them (the command line: def_points labelled as its option, ``--def-points``);
        a field without a label is named by :data:`FIELD_WORDS` or by its key.
        """
        value = self.value
        if isinstance(value, str) and "\u27e6" in value:  # a value that names other fields («и --decl-con/--def-con»)
            value = re.sub(_REF, lambda match: label(match.group(1), labels), value)
        return f"{label(self.field, labels)}: {shown(value)} — {self.explanation(labels)}"

    def explanation(self, labels: dict[str, str] | None = None) -> str:
        """What is allowed, other fields named with ``labels``."""
        return re.sub(_REF, lambda match: label(match.group(1), labels), _(self.allowed))


def label(field: str, labels: dict[str, str] | None = None) -> str:
    """How a message names a field (or fields joined by ``/``): its label, its word, or the key itself."""
    labels = labels or {}
    return "/".join(labels.get(key, _(FIELD_WORDS[key]) if key in FIELD_WORDS else key) for key in field.split("/"))


def shown(value: object, limit: int = 40, depth: int = 0) -> str:
    """A value as the user should see it in a message: «text», numbers as they are, long text cut, invisible characters named.

    Lists are shown three levels deep (``[[[…]]]`` beyond) and eight items long (``…`` beyond).
    """
    if value is None:
        return _("ничего")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and not -10**limit < value < 10**limit:  # a number of hundreds of digits
        try:
            text = str(value)
        except ValueError:  # more digits than Python prints
            digits = int(value.bit_length() * 0.30103) + 1
            return ngettext("число из ~{count} цифры", "число из ~{count} цифр", digits).format(count=digits)
        digits = len(text.lstrip('-'))
        return ngettext("{text}… ({count} цифра)", "{text}… ({count} цифр)", digits,
                        few="{text}… ({count} цифры)").format(text=text[:limit], count=digits)
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        if depth >= 3:
            return "[…]"
        items = [shown(item, limit, depth + 1) for item in value[:8]]
        return "[" + ", ".join(items + (["…"] if len(value) > 8 else [])) + "]"
    if isinstance(value, dict):
        return _("таблица {{ … }}").format()
    raw = str(value)
    if not raw[:limit + 1].strip() and not raw.strip():  # (a long value is not scanned whole: strip is C, and first cut)
        return _("«» (пусто)")
    text = visible(raw[:limit + 1])  # cut before the characters are named: a value of megabytes costs nothing
    if len(raw) > limit or len(text) > limit:
        text = ngettext("{text}… ({count} знак)", "{text}… ({count} знаков)", len(raw),
                        few="{text}… ({count} знака)").format(text=text[:limit], count=len(raw))
    return f"«{text}»"


def visible(text: str, keep: str = "") -> str:
    """Text safe for a terminal: every control or format character (ESC, BEL, a right-to-left mark, a line separator)
    named as ``<U+001B>`` (a byte of a file name that is not UTF-8 as ``<0x9B>``), except those in ``keep`` (``"\\n"`` where lines are meant).  No raw control sequence of a
    name, a note or a file name reaches the terminal."""
    import unicodedata

    if text.isprintable():  # the common case, quickly (no control, format or separator character in it)
        return text
    return "".join(_named(ch) if ch not in keep and unicodedata.category(ch) in _HIDDEN else ch for ch in text)


def one_line(text: str) -> str:
    """User text on one line, for a Markdown cell or a page (``export`` to a file or not): each run of spaces, tabs and
    line feeds one space, the ends stripped; every other control, format or separator character — a carriage return,
    U+0085, U+2028, ESC — named as :func:`visible` names it, never turned into a space."""
    return " ".join(visible(text, keep="\t\n").split())


# Control, format, line and paragraph separators, and surrogates: a byte of a file name that is not UTF-8 (kept by
# Python as U+DC80…U+DCFF) would reach the terminal as that byte — 0x9B is the 8-bit CSI.
_HIDDEN = ("Cc", "Cf", "Zl", "Zp", "Cs")


def _named(ch: str) -> str:
    code = ord(ch)
    return f"<0x{code - 0xDC00:02X}>" if 0xDC80 <= code <= 0xDCFF else f"<U+{code:04X}>"


class ContractSyntaxError(BBScoreError):
    """The text is not contract notation at all (RULES.md §2)."""


class IllegalContractError(BBScoreError):
    """Contract notation, but not a contract the convention allows (N below the minimum bid)."""


class CardError(BBScoreError):
    """Text that is not a card, or cards that cannot all be true (a card twice, more than 32)."""


class ConstructionError(BBScoreError):
    """A construction name or count that is not one (unknown name, bad multiplier)."""


class InconsistentHandError(BBScoreError):
    """The inputs of a hand cannot all be true at once (RULES.md §8)."""


class ImplausibleBidError(InconsistentHandError):
    """A bid above the convention's ``confirm_bid_above`` (``80Ч`` typed for ``8Ч``): refused until confirmed."""


class ConventionError(BBScoreError):
    """A convention file that cannot be used: unreadable, missing key, wrong type, inconsistent numbers.

    ``field`` is the file, ``value`` the key path, ``allowed`` what is wrong and what was expected.  ``stage`` says
    how far the file got: ``"read"`` (missing, unreadable, not a regular file), ``"toml"`` (not TOML, not UTF-8) or
    ``"schema"`` (TOML, but not a valid convention) — so that a file named by a protocol can be refused without
    quoting anything of it.
    """

    stage = "read"

    def message(self, labels: dict[str, str] | None = None) -> str:
        if self.value:
            return _("правила {file}, ключ {key}: {explanation}").format(
                file=self.field, key=self.value, explanation=self.explanation(labels))
        return _("правила {file}: {explanation}").format(file=self.field, explanation=self.explanation(labels))


class ConventionNotFoundError(ConventionError):
    """No convention of that name, or no file at that path."""

    def message(self, labels: dict[str, str] | None = None) -> str:
        return BBScoreError.message(self, labels)


class UsageError(BBScoreError):
    """An option of the command line used wrongly: a single-value option given more than once."""


class InvalidValueError(BBScoreError):
    """A value outside what is allowed that is not part of a hand: a game's target, its pairs' names."""


class DealError(BBScoreError):
    """A deal given to the referee whose cards cannot all be true (RULES.md §13): a card dealt twice, a hand of the
    wrong size, a trick of the wrong size, a card not in the hand of the player whose turn it is, a trick led out of
    turn.  ``item``: the place of the wrong value in the list the field holds (a trick's index in ``play``), so that
    the file layer can name its line; None for the field as a whole."""

    def __init__(self, field: str, value: object, allowed: str, item: int | None = None) -> None:
        self.item = item
        super().__init__(field, value, allowed)


class ProtocolError(BBScoreError):
    """A protocol file that cannot be read or written at all (does not parse, bad [game] table, exists already).

    ``field`` is the file, ``value`` the line (or None), ``allowed`` what is wrong.
    """

    def message(self, labels: dict[str, str] | None = None) -> str:
        where = f"{self.field}:{self.value}" if self.value else str(self.field)
        return f"{where}: {self.explanation(labels)}"


class FileWriteError(ProtocolError):
    """A file the system would not let be written (no permission, a read-only file system, a full disk: an
    ``OSError`` of the write, :func:`bbscore.files.write_atomic`); the file is as it was.  ``field`` is the file,
    ``allowed`` what could not be done and the system's reason, ``reason`` that reason alone."""

    def __init__(self, field: str, value: object, allowed: str, reason: str = "") -> None:
        self.reason = reason
        super().__init__(field, value, allowed)


def os_reason(error: OSError) -> str:
    """Why the system refused, in Russian (the common cases), else its own words."""
    import errno

    reasons = {
        errno.ENOENT: N_("нет такого файла или папки"),
        errno.EACCES: N_("нет прав доступа"),
        errno.EPERM: N_("операция запрещена"),
        errno.EISDIR: N_("это папка"),
        errno.ENOTDIR: N_("в пути не папка"),
        errno.ENOSPC: N_("нет места на диске"),
        errno.EROFS: N_("файловая система только для чтения"),
        errno.EEXIST: N_("файл уже есть"),
        errno.ELOOP: N_("петля символических ссылок"),
        errno.ENAMETOOLONG: N_("слишком длинное имя файла"),
        errno.EIO: N_("ошибка ввода-вывода"),
        errno.EFBIG: N_("файл слишком большой"),
        errno.EMFILE: N_("открыто слишком много файлов"),
        errno.ENFILE: N_("открыто слишком много файлов"),
        errno.EBUSY: N_("файл или устройство занято"),
        errno.ETXTBSY: N_("файл занят"),
        errno.EDQUOT: N_("превышена дисковая квота"),
        errno.ENXIO: N_("нет такого устройства"),
        errno.ENODEV: N_("нет такого устройства"),
        errno.EINVAL: N_("недопустимое имя или операция"),
        errno.EXDEV: N_("файл на другом диске"),
    }
    reason = reasons.get(error.errno)
    return _(reason) if reason else (error.strerror or str(error))
