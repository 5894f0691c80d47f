"""The notation of a preferans game (RULES.md §9, seed 004's table of games).

::

    game     := LEVEL SUIT | MISERE | ALL_PASS
    LEVEL    := 6 | 7 | 8 | 9 | 10
    SUIT     := ♠ | ♣ | ♦ | ♥ | БК      (Cyrillic П Т Б Ч БК, Latin S C D H NT; any case)
    MISERE   := мизер | misere | misère
    ALL_PASS := распасы | raspasy | all-pass | allpass | all pass

White space and case do not matter.  The one normal form printed by
``str()``: the level and the suit symbol, no space (``6♠``, ``8♥``), ``БК``
for no trumps (``7БК``), and the Russian words ``мизер`` and ``распасы``.
Suit symbols are the normal form because seed 004 writes the games that way
(«6 ♠ 6 ♣ 6 ♦ 6 ♥ 6БК»).
"""

from __future__ import annotations

import enum
import re

import msgspec

from bbscore.errors import ContractSyntaxError, IllegalContractError
from bbscore.i18n import N_, _, language, symbols

MAX_TEXT = 64  # the longest game text read («10 без козыря» and spaces)
LEVELS = (6, 7, 8, 9, 10)  # the levels of seed 004's table: notation, not scoring numbers


class Suit(enum.Enum):
    """The trump of a game, in seed 004's order; the value is the normal form."""

    SPADES = "♠"
    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    NO_TRUMPS = "БК"

    @property
    def russian(self) -> str:
        return _SUIT_WORDS[self]

    def shown(self) -> str:
        """The trump in the reader's notation (output only): ``♠ ♣ ♦ ♥``, ``БК`` in Russian and ``NT`` in English; where
        the output cannot show the symbols, the letters ``П Т Б Ч`` (Russian) or ``S C D H`` (English)."""
        if self is Suit.NO_TRUMPS:
            return self.value if language() == "ru" else "NT"
        if symbols():
            return self.value
        return _SUIT_LETTERS[self][language() != "ru"]


_SUIT_WORDS = {Suit.SPADES: N_("пик"), Suit.CLUBS: N_("треф"), Suit.DIAMONDS: N_("бубей"), Suit.HEARTS: N_("червей"),
               Suit.NO_TRUMPS: N_("без козыря")}  # translated where shown

_SUIT_LETTERS = {Suit.SPADES: ("П", "S"), Suit.CLUBS: ("Т", "C"), Suit.DIAMONDS: ("Б", "D"), Suit.HEARTS: ("Ч", "H")}

SUIT_SPELLINGS: dict[str, Suit] = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "П": Suit.SPADES, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "Т": Suit.CLUBS, "C": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "Б": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "Ч": Suit.HEARTS, "H": Suit.HEARTS,
    "БК": Suit.NO_TRUMPS, "NT": Suit.NO_TRUMPS,
}


class Kind(enum.Enum):
    """A game with a trump (or БК), мизер, or распасы (every player passed)."""

    GAME = "game"
    MISERE = "misere"
    ALL_PASS = "all_pass"


_MISERE = {"МИЗЕР", "MISERE", "MISÈRE"}
_ALL_PASS = {"РАСПАСЫ", "РАСПАС", "РАСПАСОВКА", "RASPASY", "ALL-PASS", "ALLPASS"}
_SUITS = "|".join(sorted((re.escape(s) for s in SUIT_SPELLINGS), key=len, reverse=True))
_NOTATION = re.compile(rf"^(?P<level>[0-9]+)(?P<suit>{_SUITS})$")
# Latin letters typed for the Cyrillic ones of the notation (a wrong keyboard layout).
_LOOKALIKES = str.maketrans({"T": "Т", "K": "К", "B": "Б"})

ALLOWED = N_("ожидается игра вида 6♠ 7♣ 8♦ 9♥ 10БК (масти П Т Б Ч БК, S C D H NT или ♠ ♣ ♦ ♥), "
             "«мизер» или «распасы»")  # translated where shown (BBScoreError.explanation)


class PrefContract(msgspec.Struct, frozen=True):
    """A game of preferans: its kind, and for a game with a trump its level (6…10) and suit (a frozen record: a
    msgspec Struct, cheaper to define than a dataclass, whose module is then not imported at all)."""

    kind: Kind
    level: int | None = None
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str) -> PrefContract:
        """Any accepted spelling → the game.

        Raises :class:`ContractSyntaxError` (field ``"game"``) when the text is
        not notation, :class:`IllegalContractError` when the level is not 6…10.
        """
        if not isinstance(text, str) or len(text) > MAX_TEXT:  # (a long text is refused unread)
            raise ContractSyntaxError("game", text, ALLOWED)
        normal = "".join(text.split())
        if not normal.isprintable():  # a format character (Cf) in it: dropped (a printable text has none)
            import unicodedata

            normal = "".join(ch for ch in normal if unicodedata.category(ch) != "Cf")
        normal = "".join(ch for ch in normal if ch not in "\ufe0e\ufe0f").upper()  # (♠️ from a phone: U+FE0F dropped)
        if normal in _MISERE:
            return cls(Kind.MISERE)
        if normal in _ALL_PASS:
            return cls(Kind.ALL_PASS)
        match = _NOTATION.match(normal)
        if match is None:
            fixed = normal.translate(_LOOKALIKES)
            hint = (_("похоже, набраны латинские буквы вместо русских: {fixed}?").format(fixed=fixed)
                    if fixed != normal and _NOTATION.match(fixed) else ALLOWED)
            raise ContractSyntaxError("game", text.strip(), hint)
        level = int(match.group("level")) if len(match.group("level")) <= 2 else None  # (5,000 digits: not int())
        if level not in LEVELS:
            raise IllegalContractError("game", text.strip(), _("в преферансе играют от 6 до 10 взяток (6♠ … 10БК)"))
        return cls(Kind.GAME, level, SUIT_SPELLINGS[match.group("suit")])

    def __post_init__(self) -> None:
        if (self.kind is Kind.GAME) != (self.level is not None and self.suit is not None):
            raise IllegalContractError("game", repr(self), _("у игры с козырем есть уровень и масть, у мизера и распасов — нет"))
        if self.level is not None and self.level not in LEVELS:
            raise IllegalContractError("game", self.level, _("уровень игры от 6 до 10"))

    def __str__(self) -> str:
        """The normal form: ``6♠``, ``10БК``, ``мизер``, ``распасы``."""
        if self.kind is Kind.MISERE:
            return "мизер"
        if self.kind is Kind.ALL_PASS:
            return "распасы"
        return f"{self.level}{self.suit.value}"  # type: ignore[union-attr]

    def shown(self) -> str:
        """The game in the reader's notation (output only; files and JSON keep :meth:`__str__`): ``6♠``, ``10БК``,
        ``мизер``, ``распасы``; English ``6♠``, ``10NT``, ``misère``, ``all-pass`` (``6S`` where the output cannot show
        ``♠``)."""
        if self.kind is Kind.MISERE:
            return _("мизер")
        if self.kind is Kind.ALL_PASS:
            return _("распасы")
        return f"{self.level}{self.suit.shown()}"  # type: ignore[union-attr]

    def describe(self) -> str:
        """In words, in the language in use: ``"6 пик"``, ``"7 без козыря"``, ``"мизер"``, ``"распасы"``."""
        if self.kind is Kind.GAME:
            return _("{number} {game}").format(number=self.level, game=_(self.suit.russian))  # type: ignore[union-attr]
        return self.shown()
