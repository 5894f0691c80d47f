"""The project's own input errors.

Every refusal of bad input is one of these classes.  Each carries the field
that was wrong, the value given and what is allowed, so that the command line
can print one clear line (in Russian, the game's language) and exit with
code 2.  All of them subclass :class:`BBScoreError`, itself a ``ValueError``,
so callers may catch broadly or precisely (as python-chess does).
"""

from __future__ import annotations


# Reasons shared by the protocol and the convention readers.
NOT_A_FILE = "это не обычный файл (канал или устройство)"
TOO_DEEP = "слишком глубоко вложенные списки или таблицы: TOML не читается"


class BBScoreError(ValueError):
    """Base class of every refusal of bad input.

    Attributes:
        field: what was wrong, in the user's terms (``"контракт"``, ``"--def-points"``).
        value: the value given, as text.
        allowed: what would have been accepted, in Russian.
    """

    def __init__(self, field: str, value: object, allowed: str) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        super().__init__(self.message())

    def message(self) -> str:
        """One line for the user: field, value, what is allowed."""
        return f"{self.field}: {shown(self.value)} — {self.allowed}"


def shown(value: object, limit: int = 40, depth: int = 0) -> str:
    """A value as the user should see it in a message: «text», numbers as they are, long text cut, invisible characters named.

    Lists are shown three levels deep (``[[[…]]]`` beyond) and eight items long (``…`` beyond).
    """
    import unicodedata

    if value is None:
        return "ничего"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        if depth >= 3:
            return "[…]"
        items = [shown(item, limit, depth + 1) for item in value[:8]]
        return "[" + ", ".join(items + (["…"] if len(value) > 8 else [])) + "]"
    if isinstance(value, dict):
        return "таблица { … }"
    text = "".join(
        f"<U+{ord(ch):04X}>" if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in str(value)
    )
    if not text.strip():
        return "«» (пусто)"
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text)} знаков)"
    return f"«{text}»"


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


class ConventionError(BBScoreError):
    """A convention file that cannot be used: unreadable, missing key, wrong type, inconsistent numbers.

    ``field`` is the file, ``value`` the key path, ``allowed`` what is wrong and what was expected.
    """

    def message(self) -> str:
        where = f", ключ {self.value}" if self.value else ""
        return f"правила {self.field}{where}: {self.allowed}"


class ConventionNotFoundError(ConventionError):
    """No convention of that name, or no file at that path."""

    def message(self) -> str:
        return BBScoreError.message(self)


class UsageError(BBScoreError):
    """An option of the command line used wrongly: a single-value option given more than once."""


class ProtocolError(BBScoreError):
    """A protocol file that cannot be read or written at all (does not parse, bad [game] table, exists already).

    ``field`` is the file, ``value`` the line (or None), ``allowed`` what is wrong.
    """

    def message(self) -> str:
        where = f"{self.field}:{self.value}" if self.value else str(self.field)
        return f"{where}: {self.allowed}"


def os_reason(error: OSError) -> str:
    """Why the system refused, in Russian (the common cases), else its own words."""
    import errno

    reasons = {
        errno.ENOENT: "нет такого файла или папки",
        errno.EACCES: "нет прав доступа",
        errno.EPERM: "операция запрещена",
        errno.EISDIR: "это папка",
        errno.ENOTDIR: "в пути не папка",
        errno.ENOSPC: "нет места на диске",
        errno.EROFS: "файловая система только для чтения",
        errno.EEXIST: "файл уже есть",
    }
    return reasons.get(error.errno, error.strerror or str(error))
