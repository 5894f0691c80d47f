"""Cards of the 32-card deck and what trick points a side can hold (RULES.md §3, seed 000 §0.1).

The deck's structure (eight ranks in four suits, four cards a trick, eight
tricks) is the game itself; the value of each card in each kind of game comes
from the convention.  Which trick totals are possible at all is computed from
those values, never listed by hand.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from bbscore.i18n import N_, _, language, ngettext, symbols

# Ranks in sequence order (a terz is three consecutive ranks of this tuple).
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
# How Russian players write the ranks (В валет, Д дама, К король, Т туз).
RUSSIAN_RANKS: dict[str, str] = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
# Suits: internal codes (Latin letters) and how Russian players write them.
SUITS: tuple[str, ...] = ("S", "C", "D", "H")
RUSSIAN_SUITS: dict[str, str] = {"S": "П", "C": "Т", "D": "Б", "H": "Ч"}
SUITS_IN_DECK = len(SUITS)
CARDS_PER_TRICK = 4
TRICKS_PER_HAND = 8
CARDS_PER_PLAYER = 8
DECK_SIZE = len(RANKS) * len(SUITS)

# Spellings of ranks and suits, upper case.  A Cyrillic «Т» rank is the ace (туз),
# a Latin «T» the ten: the two are never mixed with the other alphabet's suit letters.
_RUSSIAN_RANK_LETTERS = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
_LATIN_RANK_LETTERS = {"J": "J", "Q": "Q", "K": "K", "A": "A", "T": "10"}
_DIGIT_RANKS = {"7": "7", "8": "8", "9": "9", "10": "10"}
_RUSSIAN_SUIT_LETTERS = {"П": "S", "Т": "C", "Б": "D", "Ч": "H"}
_LATIN_SUIT_LETTERS = {"S": "S", "C": "C", "D": "D", "H": "H"}
_SUIT_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H"}
ALLOWED_CARDS = N_(  # translated where shown (BBScoreError.explanation)
    "карта пишется достоинством и мастью: ВТ (валет треф), 10Ч, ТП (туз пик), Д♦; "
    "по-латински 7 8 9 T/10 J Q K A и S C D H (JC, TH, AS); карты через пробел или запятую"
)


class Card(msgspec.Struct, frozen=True, order=True):
    """A card of the 32-card deck: ``rank`` in :data:`RANKS`, ``suit`` in :data:`SUITS`."""

    rank: str
    suit: str

    def __str__(self) -> str:
        """The normal form, Russian: ``ВТ`` (jack of clubs), ``10Ч``, ``ТП`` (ace of spades)."""
        return f"{RUSSIAN_RANKS[self.rank]}{RUSSIAN_SUITS[self.suit]}"

    def shown(self, letters: bool = False) -> str:
        """The card as a reader of the language in use writes it (output only; files keep :meth:`__str__`): Russian
        ``ВТ``, ``10Ч``; English ``J♣``, ``10♥`` (``JC``, ``10H`` where the output cannot show the symbols, or with
        ``letters``: as a reader types it)."""
        if language() == "ru":
            return str(self)
        return f"{rank_shown(self.rank)}{self.suit if letters else suit_shown(self.suit)}"


# The suit symbols English output shows (an output that cannot write them: the Latin letters of SUITS).
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def rank_shown(rank: str) -> str:
    """A rank (its code in :data:`RANKS`) as the reader writes it: Russian ``7 8 9 10 В Д К Т``, English ``7 8 9 10 J Q K
    A``."""
    return RUSSIAN_RANKS[rank] if language() == "ru" else rank


def suit_shown(suit: str) -> str:
    """A suit (its code in :data:`SUITS`) as the reader's notation writes it: Russian ``П Т Б Ч``; English ``♠ ♣ ♦ ♥``,
    or ``S C D H`` where the output cannot show the symbols (:func:`bbscore.i18n.symbols`)."""
    if language() == "ru":
        return RUSSIAN_SUITS[suit]
    return SUIT_SYMBOLS[suit] if symbols() else suit


MAX_TEXT = 1000  # the longest cards text read (32 cards, each with its separators, are far shorter)


def full_deck() -> tuple[Card, ...]:
    """All 32 cards, suit by suit in rank order."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def parse_cards(text: str, field: str = "cards") -> tuple[Card, ...]:
    """Parse cards in any accepted spelling (see :data:`ALLOWED_CARDS`), in the order given.

    Separators (spaces, commas, semicolons) are optional; case does not
    matter.  Raises :class:`~bbscore.errors.CardError` for an unknown card, a
    mix of alphabets that makes «Т»/«T» ambiguous, a card given twice, or more
    than 32 cards.
    """
    from bbscore.errors import CardError

    if not isinstance(text, str) or len(text) > MAX_TEXT:  # (a long text is refused unread)
        raise CardError(field, text, ALLOWED_CARDS)
    text = text.replace("\ufe0f", "").replace("\ufe0e", "")  # (a phone's emoji suit: ♠️ is ♠)
    upper = text.upper()
    cards: list[Card] = []
    position = 0
    while position < len(upper):
        char = upper[position]
        if char.isspace() or char in ",;":
            position += 1
            continue
        start = position
        if upper.startswith("10", position):
            rank, rank_alphabet, position = "10", "digit", position + 2
        elif char in _DIGIT_RANKS:
            rank, rank_alphabet, position = _DIGIT_RANKS[char], "digit", position + 1
        elif char in _RUSSIAN_RANK_LETTERS:  # only «Т» (ace) is bound to its alphabet's suits
            rank, rank_alphabet, position = _RUSSIAN_RANK_LETTERS[char], "russian" if char == "Т" else "any", position + 1
        elif char in _LATIN_RANK_LETTERS:  # only «T» (ten) is bound to its alphabet's suits
            rank, rank_alphabet, position = _LATIN_RANK_LETTERS[char], "latin" if char == "T" else "any", position + 1
        else:
            raise CardError(field, _token(text, start), ALLOWED_CARDS)
        suit_char = upper[position] if position < len(upper) else ""
        if suit_char in _RUSSIAN_SUIT_LETTERS and rank_alphabet != "latin":
            suit = _RUSSIAN_SUIT_LETTERS[suit_char]
        elif suit_char in _LATIN_SUIT_LETTERS and rank_alphabet != "russian":
            suit = _LATIN_SUIT_LETTERS[suit_char]
        elif suit_char in _SUIT_SYMBOLS:
            suit = _SUIT_SYMBOLS[suit_char]
        elif suit_char in _RUSSIAN_SUIT_LETTERS or suit_char in _LATIN_SUIT_LETTERS:
            raise CardError(
                field, _token(text, start),
                _("не смешивайте русские и латинские буквы в одной карте: «ТП» — туз пик, «TS» или «10П» — десятка пик"),
            )
        else:
            raise CardError(field, _token(text, start), _("после достоинства нужна масть: {allowed}").format(allowed=_(ALLOWED_CARDS)))
        cards.append(Card(rank, suit))
        position += 1
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(field, card.shown(), _("эта карта указана дважды"))
        seen.add(card)
    if len(cards) > DECK_SIZE:
        raise CardError(field, ngettext("{count} карта", "{count} карт", len(cards), few="{count} карты").format(count=len(cards)), _("в колоде {deck} карты").format(deck=DECK_SIZE))
    return tuple(cards)


def _token(text: str, start: int) -> str:
    """The written card where reading stopped: from its start to the next separator."""
    end = start
    while end < len(text) and not text[end].isspace() and text[end] not in ",;":
        end += 1
    return text[start:end] or text.strip()


def format_cards(cards, shown: bool = False) -> str:
    """Cards in normal form, space-separated (with ``shown``, as :meth:`Card.shown` writes them: output only)."""
    return " ".join(card.shown() if shown else str(card) for card in cards)


@lru_cache(maxsize=64)
def makeable_trick_points(card_values: tuple[int, ...], last_trick: int) -> tuple[frozenset[int], ...]:
    """Trick points (visty) a side can hold, by the number of tricks it took.

    ``card_values`` are the visty of all 32 cards of the game; ``last_trick``
    the visty of the last trick.  Returns a tuple indexed by tricks 0…8: the
    set of totals possible for a side that took exactly that many tricks (any
    4·k of the cards, plus the last trick's visty when it took trick 8; a side
    with no trick cannot have taken the last one, a side with all 8 did).
    Source: seed 000 §0.1 and §5 (VTp + VTv = S).
    """
    # reach[c]: bit t is set when some c of the cards add up to t (a subset sum over bitsets).
    reach = [0] * (len(card_values) + 1)
    reach[0] = 1
    for value in card_values:
        for count in range(len(card_values) - 1, -1, -1):
            if reach[count]:
                reach[count + 1] |= reach[count] << value
    by_tricks = []
    for tricks in range(TRICKS_PER_HAND + 1):
        mask = reach[tricks * CARDS_PER_TRICK]
        bits = bin(mask)[:1:-1]  # bit t at index t: linear in the deck's value (shifting per bit was quadratic)
        totals = [total for total, bit in enumerate(bits) if bit == "1"]
        possible: set[int] = set()
        if tricks < TRICKS_PER_HAND:  # the other side took the last trick
            possible.update(totals)
        if tricks > 0:  # this side may have taken the last trick
            possible.update(total + last_trick for total in totals)
        by_tricks.append(frozenset(possible))
    return tuple(by_tricks)


def describe_gaps(possible: frozenset[int]) -> str:
    """Russian text of a set of possible totals: its range and the values missing inside it."""
    low, high = min(possible), max(possible)
    if low == high:
        return _("только {value}").format(value=low)
    gaps = [value for value in range(low, high + 1) if value not in possible]
    if gaps:
        shown = ", ".join(str(value) for value in gaps[:12]) + (" …" if len(gaps) > 12 else "")
        return _("от {low} до {high}, кроме {gaps}").format(low=low, high=high, gaps=shown)
    return _("от {low} до {high}").format(low=low, high=high)


def scale_visty(visty: int, divisor: float) -> int:
    """Trick visty divided by ``divisor`` and rounded half up (seed 001 §5: "делится дополнительно на 1,59 и округляется").

    The divisor is read as the decimal it is written as (1.59 is 159/100 exactly).
    """
    if divisor == 1:
        return visty
    from fractions import Fraction

    exact = Fraction(visty) / Fraction(repr(divisor))
    return int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))
