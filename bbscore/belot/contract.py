"""Contract notation of the protocol (RULES.md §2, seed 000 §2).

A contract is written in the declarers' column of the protocol::

    contract  := simple | game | kapo
    simple    := N GAME DOUBLE?            12Т   22ВК   15БК+   21ВК++   80♠ (coinche: N in card points)
    game      := GAME DOUBLE?              Ч     БК+    ВК++  (a family without a numeric bid, RULES.md §12)
    kapo      := "^" K? GAME DOUBLE?       ^Б    ^2Т    ^ВК+
               | "^^" K? GAME DOUBLE?      ^^Ч   ^^2Ч
    kapo_bid  := N GAME "^" DOUBLE?        26Т^  30БК^+ (also «26Т капо»)
    GAME      := П | Т | Б | Ч | БК | ВК   (Latin S C D H NT AT, symbols ♠ ♣ ♦ ♥)
    DOUBLE    := "+" (contra) | "++" (recontra)

:meth:`Contract.parse` accepts every spelling; ``str(contract)`` prints the
one normal form (``Contract.parse("15s+")`` prints as ``15П+``).  Whether a
parsed contract is allowed (the minimum bid) depends on the convention:
:meth:`Contract.check_legal`.  Which kapo a convention has decides which
notation it accepts (``kapo.style``): the premium ``^K`` (gambler, seed 000
§2) or a flag on a whole bid, ``N GAME ^`` (RULES.md §10: «26» and «26 капот»
are different bids).  The game alone (``Ч``) is read only where the rule set
reads that form (``Contract.parse(text, game_alone=True)``); elsewhere it asks
for the bid N, as before.
"""

from __future__ import annotations

import enum
import re
from functools import lru_cache

import msgspec

from bbscore.belot.cards import SUIT_SYMBOLS
from bbscore.errors import ContractSyntaxError, IllegalContractError
from bbscore.i18n import N_, _, language, symbols


class GameKind(enum.Enum):
    """How trumps work in a game; the key of the game's table in a convention file."""

    SUIT = "suit"  # one trump suit: П Т Б Ч
    NO_TRUMPS = "no_trumps"  # БК
    ALL_TRUMPS = "all_trumps"  # ВК

    __hash__ = object.__hash__  # members are singletons compared by identity: hash them in C, not by name


class Game(enum.Enum):
    """The game of a contract; the value is its protocol notation."""

    SPADES = "П"
    CLUBS = "Т"
    DIAMONDS = "Б"
    HEARTS = "Ч"
    NO_TRUMPS = "БК"
    ALL_TRUMPS = "ВК"

    __hash__ = object.__hash__  # see GameKind

    @property
    def kind(self) -> GameKind:
        """Suit game, БК or ВК."""
        return _KINDS[self]

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's code (S C D H) of a suit game; None in БК and ВК."""
        return {Game.SPADES: "S", Game.CLUBS: "C", Game.DIAMONDS: "D", Game.HEARTS: "H"}.get(self)

    @property
    def russian(self) -> str:
        """The game's name as players say it (``"треф"``, ``"без козыря"``), in the language in use."""
        return _(_GAME_NAMES[self])

    def shown(self, letters: bool = False) -> str:
        """The game in the reader's notation (output only; files keep ``value``): Russian ``П Т Б Ч БК ВК``; English
        ``♠ ♣ ♦ ♥ NT AT`` (``S C D H`` where the output cannot show the symbols, or with ``letters``: what a reader
        types, in an example of input)."""
        if language() == "ru":
            return self.value
        suit = self.trump_suit
        if suit is None:
            return "NT" if self is Game.NO_TRUMPS else "AT"
        return SUIT_SYMBOLS[suit] if symbols() and not letters else suit


_KINDS = {Game.SPADES: GameKind.SUIT, Game.CLUBS: GameKind.SUIT, Game.DIAMONDS: GameKind.SUIT, Game.HEARTS: GameKind.SUIT,
          Game.NO_TRUMPS: GameKind.NO_TRUMPS, Game.ALL_TRUMPS: GameKind.ALL_TRUMPS}
_GAME_NAMES = {
    Game.SPADES: N_("пик"),
    Game.CLUBS: N_("треф"),
    Game.DIAMONDS: N_("бубей"),
    Game.HEARTS: N_("червей"),
    Game.NO_TRUMPS: N_("без козыря"),
    Game.ALL_TRUMPS: N_("все козыри"),
}

# Every accepted spelling of a game (upper case), RULES.md §2.
GAME_SPELLINGS: dict[str, Game] = {
    "П": Game.SPADES, "S": Game.SPADES, "♠": Game.SPADES,
    "Т": Game.CLUBS, "C": Game.CLUBS, "♣": Game.CLUBS,
    "Б": Game.DIAMONDS, "D": Game.DIAMONDS, "♦": Game.DIAMONDS,
    "Ч": Game.HEARTS, "H": Game.HEARTS, "♥": Game.HEARTS,
    "БК": Game.NO_TRUMPS, "NT": Game.NO_TRUMPS,
    "ВК": Game.ALL_TRUMPS, "AT": Game.ALL_TRUMPS,
}

# The variation selectors a phone's emoji keyboard types after a suit symbol (♠️ = U+2660 U+FE0F): not part of it.
EMOJI_STYLE = "\ufe0e\ufe0f"
# Symbols that look the same in both cases but have a "lower case" variant typed by people.
_SYMBOL_VARIANTS = str.maketrans({"♤": "♠", "♧": "♣", "♢": "♦", "♡": "♥"})


class ContractKind(enum.Enum):
    """Simple game, kapo, or kapo from one hand (seed 000 §2)."""

    SIMPLE = "simple"
    KAPO = "kapo"
    KAPO_HAND = "kapo_hand"
    KAPO_BID = "kapo_bid"  # a bid N flagged «капо»: made with 10·N visty and all 8 tricks (RULES.md §10)
    GAME = "game"  # the game alone, no numeric bid: made by outscoring the defenders (RULES.md §12)

    __hash__ = object.__hash__  # see GameKind


class Doubling(enum.IntEnum):
    """No double, contra (``+``) or recontra (``++``); the value is the number of ``+`` signs."""

    NONE = 0
    CONTRA = 1
    RECONTRA = 2


_GAME_ALTERNATIVES = "|".join(sorted((re.escape(s) for s in GAME_SPELLINGS), key=len, reverse=True))
_NOTATION = re.compile(
    rf"^(?P<kapo>\^{{0,2}})(?P<number>[0-9]*)(?P<game>{_GAME_ALTERNATIVES})(?P<flag>\^|КАПОТ|КАПО|KAPO|CAPOT)?(?P<double>\+*)$"
)

def _minus_digit(text: str, at: int) -> bool:
    """Whether ``text`` has a minus sign at ``at`` and an ASCII digit after it (``^-2Т``, ``-12Т``: what the notation
    refuses as a negative number; a string test, no pattern to compile at each start)."""
    return text[at:at + 1] == "-" and "0" <= text[at + 1:at + 2] <= "9"


MAX_BID_DIGITS = 4  # the longest bid the notation reads: 9999 (a rule set's bids are bounded by it)
MAX_BID = 10**MAX_BID_DIGITS - 1
MAX_TEXT = 64  # the longest contract text read (``^^2ВК++`` is 7 characters; spaces around it are allowed)

ALLOWED_NOTATION = N_(  # translated where shown (BBScoreError.explanation)
    "ожидается контракт вида 12Т, 22ВК, 15БК+, 21ВК++, ^Б, ^2Т, ^^2Ч (или 26Т^ — заявка с капо) "
    "(игры П Т Б Ч БК ВК или S C D H NT AT ♠ ♣ ♦ ♥; + контра, ++ реконтра)"
)


# Latin letters that look like the Cyrillic ones of the notation (a copy-paste or a wrong keyboard layout).
_LOOKALIKES = str.maketrans({"T": "Т", "K": "К", "B": "В", "P": "Р", "H": "Н", "C": "С", "E": "Е"})


def _lookalike_hint(normal: str) -> str | None:
    """A hint when the text is notation but for Latin letters that look like Cyrillic ones (``12T``, ``20BK``)."""
    fixed = normal.translate(_LOOKALIKES)
    if fixed != normal and _NOTATION.match(fixed):
        return _("похоже, набраны латинские буквы вместо русских: {fixed} (русскими буквами)? "
                 "Латиницей игры пишутся S C D H NT AT").format(fixed=fixed)
    return None


class Contract(msgspec.Struct, frozen=True):
    """A contract: its kind, number, game and doubling (a frozen record: a msgspec Struct, hashed in C and cheaper to
    define than a dataclass).

    ``number`` is N (the bid, in points; the declarers promise 10·N visty) for a
    simple game, and K (the extra over the deck, in points) for a kapo.
    """

    kind: ContractKind
    number: int
    game: Game
    doubling: Doubling = Doubling.NONE

    @classmethod
    def parse(cls, text: str, game_alone: bool = False) -> Contract:
        """Parse protocol notation in any accepted spelling (RULES.md §2).

        Case and white space do not matter.  ``game_alone``: the game without a
        bid (``Ч``, ``БК+``) is a contract (a rule set that reads that form,
        RULES.md §12); otherwise it asks for N.  Raises :class:`ContractSyntaxError`
        when the text is not notation, :class:`IllegalContractError` when K is
        negative.  The minimum bid is checked by :meth:`check_legal`.
        """
        if not isinstance(text, str) or len(text) > MAX_TEXT:  # (a long text is refused unread: 6 MB cost nothing)
            raise ContractSyntaxError("contract", text, ALLOWED_NOTATION)
        return _parsed(text, game_alone)

    @classmethod
    def _read(cls, text: str, game_alone: bool = False) -> Contract:
        normal = "".join(text.split())
        if not normal.isprintable():  # a format character (Cf) in it: dropped (a printable text has none)
            import unicodedata

            normal = "".join(ch for ch in normal if unicodedata.category(ch) != "Cf")
        normal = "".join(ch for ch in normal if ch not in EMOJI_STYLE)
        normal = normal.upper().translate(_SYMBOL_VARIANTS)
        if normal[:1] == "^" and (_minus_digit(normal, 1) or normal[1:2] == "^" and _minus_digit(normal, 2)):
            raise IllegalContractError("contract", text.strip(), _("K у капо не может быть отрицательным (K ≥ 0)"))
        if _minus_digit(normal, 0):
            raise IllegalContractError("contract", text.strip(), _("N не может быть отрицательным"))
        match = _NOTATION.match(normal)
        if match is None:
            raise ContractSyntaxError("contract", text.strip(), _lookalike_hint(normal) or ALLOWED_NOTATION)
        kapo, number, game, flag, double = match.group("kapo", "number", "game", "flag", "double")
        if len(double) > 2:
            raise ContractSyntaxError("contract", text.strip(), _("после игры допускается + (контра) или ++ (реконтра)"))
        if not kapo and not number and not flag and game_alone:
            return cls(ContractKind.GAME, 0, GAME_SPELLINGS[game], Doubling(len(double)))
        if not kapo and not number:
            raise ContractSyntaxError("contract", text.strip(), _("у простой игры нужно число N, например 12Т; капо пишется ^Т"))
        if len(number) > MAX_BID_DIGITS:
            raise IllegalContractError("contract", text.strip(), _("число в контракте не больше четырёх цифр"))
        if flag and kapo:
            raise ContractSyntaxError("contract", text.strip(), _("капо пишется либо ^ перед игрой (^2Т), либо отметкой на заявке (26Т^), не обоими"))
        if flag and not number:
            raise ContractSyntaxError("contract", text.strip(), _("у заявки с капо нужно число N, например 26Т^"))
        kind = {"": ContractKind.SIMPLE, "^": ContractKind.KAPO, "^^": ContractKind.KAPO_HAND}[kapo]
        if flag:
            kind = ContractKind.KAPO_BID
        return cls(kind, int(number or 0), GAME_SPELLINGS[game], Doubling(len(double)))

    def __str__(self) -> str:
        """The one normal form: ``12Т``, ``^2Т+``, ``^^Ч++``."""
        return self._written(self.game.value)

    def shown(self, letters: bool = False) -> str:
        """The contract in the reader's notation (output only; files and JSON keep :meth:`__str__`): Russian ``12Т``,
        ``^2Т+``; English ``12♣``, ``^2♣+``, ``22AT``, ``15NT++`` (``12C`` where the output cannot show ``♣``, or with
        ``letters``: as a reader types it)."""
        return self._written(self.game.shown(letters=letters))

    def _written(self, game: str) -> str:
        if self.kind is ContractKind.SIMPLE:
            head = str(self.number)
        elif self.kind is ContractKind.GAME:
            head = ""
        elif self.kind is ContractKind.KAPO_BID:
            return f"{self.number}{game}^{'+' * self.doubling}"
        else:
            head = ("^" if self.kind is ContractKind.KAPO else "^^") + (str(self.number) if self.number else "")
        return f"{head}{game}{'+' * self.doubling}"

    @property
    def is_kapo(self) -> bool:
        """True for a kapo premium contract (kapo and kapo from one hand, seed 000 §5): C + K, scored without visty."""
        return self.kind is ContractKind.KAPO or self.kind is ContractKind.KAPO_HAND

    @property
    def is_bid(self) -> bool:
        """True for a contract scored by its visty (simple, a bid flagged kapo, the game alone with N = 0), not a kapo
        premium: made by reaching 10·N visty as the rule set's made rule says."""
        return not self.is_kapo

    @property
    def has_number(self) -> bool:
        """True for a contract with a bid N (simple or flagged kapo), which the minimum and maximum bid concern."""
        return self.kind is ContractKind.SIMPLE or self.kind is ContractKind.KAPO_BID

    def check_legal(self, min_bid: int) -> None:
        """Refuse a simple contract whose N is below ``min_bid`` (points; seed 000 §2).

        Raises :class:`IllegalContractError`.
        """
        if self.has_number and self.number < min_bid:
            raise IllegalContractError(
                "contract", self.shown(),
                _("в игре {game} минимальная заявка {bid} (например {bid}{game})").format(game=self.game.shown(), bid=min_bid),
            )

    def describe(self) -> str:
        """The contract in words, in the language in use: ``"15 пик под контрой"``."""
        game = self.game.russian
        if self.kind is ContractKind.SIMPLE:
            words = _("{number} {game}").format(number=self.number, game=game)
        elif self.kind is ContractKind.GAME:
            words = _("игра {game}").format(game=game)
        elif self.kind is ContractKind.KAPO_BID:
            words = _("{number} {game} капо").format(number=self.number, game=game)
        else:
            words = (_("капо {game}") if self.kind is ContractKind.KAPO else _("капо с руки {game}")).format(game=game)
            if self.number:
                words = _("{words} плюс {number}").format(words=words, number=self.number)
        if self.doubling is Doubling.CONTRA:
            return _("{words} под контрой").format(words=words)
        if self.doubling is Doubling.RECONTRA:
            return _("{words} под реконтрой").format(words=words)
        return words


@lru_cache(maxsize=4096)
def _parsed(text: str, game_alone: bool) -> Contract:
    """:meth:`Contract.parse`, remembered (a protocol writes the same few contracts again and again)."""
    return Contract._read(text, game_alone)


def parse_game(text: str) -> Game:
    """A game alone (``Т``, ``БК``, ``NT``, ``♣``), as in contract notation.  Raises :class:`ContractSyntaxError`."""
    normal = ("".join(ch for ch in "".join(text.split()) if ch not in EMOJI_STYLE).upper().translate(_SYMBOL_VARIANTS)
              if isinstance(text, str) else "")
    if normal not in GAME_SPELLINGS:
        raise ContractSyntaxError("game", text, _("П Т Б Ч БК ВК (или S C D H NT AT, ♠ ♣ ♦ ♥)"))
    return GAME_SPELLINGS[normal]
