"""Who is who at the table: the two sides of a hand and the two partnerships of seats (RULES.md §1, seed 000 §3).

* :class:`Side` — the declarers (разыгрывающие), who hold the contract, and
  the defenders (вистующие); written ``decl`` / ``def`` in a protocol.
* :class:`Partnership` — seats 1 and 3 against seats 2 and 4 (seat 1 leads
  first, left of the dealer); written ``13`` / ``24``.
"""

from __future__ import annotations

import enum
from typing import Callable

SEATS = (1, 2, 3, 4)
MAX_NAME = 100  # the longest name of a pair or a player (a name of megabytes would be a sheet of megabytes)
MAX_NOTE = 1000  # the longest note of a hand (a note of megabytes would cost every command that shows it)


class Side(enum.Enum):
    """A side of one hand; the value is how a protocol and ``--last`` write it."""

    DECLARERS = "decl"
    DEFENDERS = "def"

    __hash__ = object.__hash__


class Partnership(enum.Enum):
    """A pair of partners by their seats; the value is how ``--decl-seats`` and the melds output write it."""

    ODD = "13"
    EVEN = "24"

    __hash__ = object.__hash__

    @classmethod
    def of_seat(cls, seat: int) -> Partnership:
        """The partnership of a seat 1–4."""
        return cls.ODD if seat % 2 else cls.EVEN

    @property
    def other(self) -> Partnership:
        return Partnership.EVEN if self is Partnership.ODD else Partnership.ODD


def typed_name(text: str) -> str:
    """A name as it is kept and matched: spaces made single, and in Unicode's composed form (NFC: «Á» typed as «A»
    and a combining accent is the same name as «Á»)."""
    import unicodedata

    return unicodedata.normalize("NFC", " ".join(text.split()))


def distinct(names: list[str] | tuple[str, ...]) -> bool:
    """Whether no two of ``names`` are the same name (:func:`name_key`)."""
    keys = [name_key(name) for name in names]
    return len(set(keys)) == len(keys)


def new_names(given: tuple[str, ...] | list[str], field: str, what: str,
              reserved: Callable[[str], str | None] | None = None) -> tuple[str, ...]:
    """The names of a new sheet's pairs or players, spaces made single, in NFC (:func:`typed_name`): refused
    (``field``, with ``what`` they are) when one is empty, is a number (a seat is named by its number), holds an
    invisible character (a zero-width space would make two names look alike), is a word ``reserved`` gives (a
    function of a name: the word it would be taken for where it is typed — a command of the guided session, another
    answer of its question — or None; the caller's, this layer knows no session), or two are the same name but for
    letter case or the way an accent is encoded (:func:`name_key`).  Raises :class:`~bbscore.errors.InvalidValueError`."""
    import unicodedata

    from bbscore.errors import InvalidValueError
    from bbscore.i18n import _

    joined = ",".join(given)
    if any(len(name) > 4 * MAX_NAME for name in given):  # (not read further: a name of megabytes costs nothing)
        raise InvalidValueError(field, joined, _("{what}: имя не длиннее {count} знаков").format(what=what, count=MAX_NAME))
    names = tuple(typed_name(name) for name in given)
    for name in names:
        if not name:
            raise InvalidValueError(field, joined, _("{what}: пустое имя").format(what=what))
        if len(name) > MAX_NAME:
            raise InvalidValueError(field, joined, _("{what}: имя не длиннее {count} знаков").format(what=what, count=MAX_NAME))
        if name.isdecimal():  # (a seat is named by its number: a player called «2» would be taken for the second)
            raise InvalidValueError(field, joined, _("{what}: имя «{name}» — число, а числом указывают место; "
                                                     "назовите иначе").format(what=what, name=name))
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
            raise InvalidValueError(field, joined, _("{what}: в имени «{name}» невидимый знак — так два имени выглядят "
                                                     "одинаково; наберите его без него").format(what=what, name=name))
        word = reserved(name) if reserved is not None else None
        if word is not None:  # (typed at the table, the name would be taken for the word: выход, распасы, правка 2)
            raise InvalidValueError(field, joined, _("{what}: имя «{name}» нельзя: за столом «{word}» — команда или "
                                                     "ответ на вопрос; назовите иначе").format(what=what, name=name, word=word))
    if not distinct(names):
        raise InvalidValueError(field, joined, _("{what}: имена должны различаться (и не только регистром букв или тем, "
                                                 "как набрана буква с ударением: имя узнаётся без учёта того и другого)").format(what=what))
    return names


def name_key(name: str) -> str:
    """What two spellings of one name share, as the sheets compare names: the text in Unicode's composed form (NFC: an
    «й» typed as «и» + a combining breve is the same letter), without invisible characters (a zero-width space, a
    soft hyphen, a control character), its spaces made single, without regard to case (``Кузнецовы`` and
    ``кузнецовы`` are one pair)."""
    import unicodedata

    composed = unicodedata.normalize("NFC", name)
    visible = "".join(ch for ch in composed if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp"))
    return " ".join(visible.split()).casefold()


def most_frequent(spellings: dict[str, int]) -> str:
    """The spelling met most often (``{spelling: times}``, in the order first met; the first among equals)."""
    return max(spellings, key=lambda spelling: spellings[spelling])


def ranked(sides: list[dict]) -> list[dict]:
    """Pairs or players (``{"wins", "games", …}``) ranked as an organiser ranks them: by wins, then win rate (wins ÷
    games), then games played; equals keep the order they were first met."""
    return sorted(sides, key=lambda side: (-side["wins"], -(side["wins"] / side["games"] if side["games"] else 0),
                                           -side["games"]))


def match_name(text: str, names: tuple[str, ...] | list[str], field: str) -> str:
    """The name a user meant among ``names`` (pairs or players): the name itself, in any case (Unicode NFC and
    extra spaces aside), a prefix only one name starts with, or its number in ``names`` (from 1).

    Never a guess: a prefix two names share names them both, an unknown name the nearest ones
    (:class:`~bbscore.errors.InconsistentHandError` naming ``field``).
    """
    import difflib

    from bbscore.errors import InconsistentHandError
    from bbscore.i18n import _

    def folded(name: str) -> str:
        return name_key(str(name))

    if text in names:
        return text
    if len(text) > MAX_NAME:  # no name is longer: refused unread (a line of megabytes costs nothing)
        raise InconsistentHandError(field, text, _("имя не длиннее {count} знаков").format(count=MAX_NAME))
    typed = folded(text)
    if typed.isascii() and typed.isdecimal() and len(typed) <= 2 and 1 <= int(typed) <= len(names):
        return names[int(typed) - 1]
    same = [name for name in names if folded(name) == typed]
    if len(same) == 1:
        return same[0]
    starting = [name for name in names if typed and folded(name).startswith(typed)]
    if len(starting) == 1:
        return starting[0]
    numbered = ", ".join(_("{name} (или {number})").format(name=name, number=number)
                         for number, name in enumerate(names, start=1))
    if len(starting) > 1:
        raise InconsistentHandError(field, text, _("так начинаются {names}: наберите точнее; {numbered}").format(
            names=_(" и ").join(starting), numbered=numbered))
    near = difflib.get_close_matches(typed, [folded(name) for name in names], n=2, cutoff=0.5)
    guess = [name for name in names if folded(name) in near]
    if guess:
        allowed = _("нет такого имени; может быть, {near}? Есть: {numbered}").format(
            near=_(" или ").join(guess), numbered=numbered)
    else:
        allowed = _("нет такого имени; есть: {numbered}").format(numbered=numbered)
    raise InconsistentHandError(field, text, allowed)
