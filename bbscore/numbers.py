"""Numbers people type or files hold, read one way for every command and game: whole numbers in a range."""

from __future__ import annotations

import re
from typing import Callable

from bbscore.errors import InconsistentHandError
from bbscore.i18n import _


def parse_count(value: int | str | None, field: str, low: int, high: int, allowed: str | Callable[[], str]) -> int | None:
    """A whole number given as int or text, within ``low…high``; None stays None.

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
        text = value.strip()
        if not re.fullmatch(r"-?[0-9]{1,6}", text):
            if re.fullmatch(r"-?[0-9]*[.,][0-9]+|-?[0-9]+[.,][0-9]*", text):
                shown_allowed = allowed if isinstance(allowed, str) else allowed()
                if shown_allowed.startswith(("ожидается целое", "нужно целое", "a whole number", "whole number")):
                    raise InconsistentHandError(field, value, _("нужно целое число, без дробной части"))
                raise InconsistentHandError(field, value, _("нужно целое число, без дробной части; {allowed}").format(
                    allowed=shown_allowed))
            raise refuse()
        value = int(text)
    if not low <= value <= high:
        raise refuse()
    return value
