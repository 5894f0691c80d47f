"""Numbers people type or files hold, read one way for every command and game.

One strict reader: ASCII digits only (a superscript ``²``, an Arabic-Indic ``٣`` or a full-width ``３`` is no digit
here, though Python's ``int()`` takes some of them), an optional sign where a sign may be, and a bound on the
length checked *before* anything else is done with the text — so that a number longer than Python can convert
(4,300 digits), or a refused value of megabytes, costs nothing.  Recorded exact numbers (a пуля's vists, ``15/2``)
have their own reader, :func:`exact`, with the same rules for each of their parts.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Callable

from bbscore.errors import InconsistentHandError
from bbscore.i18n import _

if TYPE_CHECKING:
    from fractions import Fraction

MAX_DIGITS = 15  # the longest whole number read anywhere (a target, a score): printable in any sum of them


# Compiled at their first use (start-up: a command that reads no пуля and refuses nothing compiles neither).
@cache
def _exact_pattern() -> re.Pattern[str]:
    return re.compile(r"(?P<sign>-?)(?P<numerator>[0-9]+)(?:/(?P<denominator>[0-9]+))?")


@cache
def _decimal_pattern() -> re.Pattern[str]:
    return re.compile(r"-?[0-9]*[.,][0-9]+|-?[0-9]+[.,][0-9]*")


def whole(text: str, *, digits: int = MAX_DIGITS, signed: bool = False) -> int | None:
    """``text`` as a whole number: ASCII digits (with ``signed``, a ``-`` before them), at most ``digits`` of
    them, spaces around allowed; None for anything else.  The length is checked before the text is read further."""
    if not isinstance(text, str):
        return None
    if len(text) > digits + 1 and len(text.strip()) > digits + 1:  # (a long text is never scanned: strip is C)
        return None
    text = text.strip()
    digits_given = text[1:] if signed and text[:1] == "-" else text  # -?[0-9]+ (ASCII digits: isascii, isdigit)
    if not (digits_given.isascii() and digits_given.isdigit()) or len(digits_given) > digits:
        return None
    return int(text)


def exact(value: object, *, digits: int = MAX_DIGITS) -> Fraction | None:
    """A recorded exact number → :class:`~fractions.Fraction`: a whole number (an int of at most ``digits`` digits),
    a finite float of that size, or text ``"N"`` / ``"N/M"`` (ASCII digits, a sign before N, each part at most
    ``digits`` digits, M not 0); None for anything else (``inf``, ``nan``, ``"1e999999"``, a bool, ``"²"``)."""
    import math
    from fractions import Fraction  # (here: the commands that read no пуля do not import it)

    bound = 10**digits
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value) if -bound < value < bound else None
    if isinstance(value, float):
        return Fraction(value) if math.isfinite(value) and -bound < value < bound else None
    if not isinstance(value, str) or len(value) > 2 * digits + 8 and len(value.strip()) > 2 * digits + 2:
        return None
    found = _exact_pattern().fullmatch(value.strip())
    if found is None or len(found["numerator"]) > digits or len(found["denominator"] or "") > digits:
        return None
    denominator = int(found["denominator"] or 1)
    if not denominator:
        return None
    return Fraction(int(found["numerator"]) * (-1 if found["sign"] == "-" else 1), denominator)


def parse_count(value: int | str | None, field: str, low: int, high: int, allowed: str | Callable[[], str]) -> int | None:
    """A whole number given as int or text (:func:`whole`: ASCII digits, a sign where ``low`` is negative), within
    ``low…high``; None stays None.

    Raises :class:`InconsistentHandError` naming ``field``, with ``allowed`` as what is allowed (or
    ``allowed()``: a function makes the text only for a refusal).
    """
    if value is None:
        return None
    if value.__class__ is int and low <= value <= high:  # the common case, quickly
        return value

    def refuse() -> InconsistentHandError:
        return InconsistentHandError(field, value, allowed if isinstance(allowed, str) else allowed())

    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise refuse()
    if isinstance(value, str):
        number = whole(value, digits=max(len(str(low)), len(str(high))), signed=True)
        if number is None:
            text = value.strip() if len(value) <= 64 else ""
            if _decimal_pattern().fullmatch(text):
                shown_allowed = allowed if isinstance(allowed, str) else allowed()
                if shown_allowed.startswith(("ожидается целое", "нужно целое", "a whole number", "whole number")):
                    raise InconsistentHandError(field, value, _("нужно целое число, без дробной части"))
                raise InconsistentHandError(field, value, _("нужно целое число, без дробной части; {allowed}").format(
                    allowed=shown_allowed))
            raise refuse()
        value = number
    if not low <= value <= high:
        raise refuse()
    return value
