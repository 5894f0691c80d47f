"""The cards of preferans (the 32-card deck, seed 004): a card's notation — the rank as Russian players write it
and the suit's symbol, as seed 004 writes the games (``Т♠`` the ace of spades, ``10♥``, ``В♣``); read in any spelling
the house reads (:func:`bbscore.deals.read_cards`: ``ТП``, ``AS``, ``A♠``)."""

from __future__ import annotations

from dataclasses import dataclass

from bbscore.deals import RANKS, SUITS, read_cards
from bbscore.i18n import _, language

RUSSIAN_RANKS = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
CARDS_PER_HAND = 10
TALON = 2


@dataclass(frozen=True, slots=True, order=True)
class PrefCard:
    """A card: ``rank`` of :data:`RANKS` (7 … A), ``suit`` of :data:`SUITS` (S C D H)."""

    rank: str
    suit: str

    def __str__(self) -> str:
        """The normal form: ``Т♠``, ``10♥``, ``В♣``."""
        return f"{RUSSIAN_RANKS[self.rank]}{SYMBOLS[self.suit]}"

    def shown(self) -> str:
        """As the reader of the language in use writes it (output only): Russian ``Т♠``, English ``A♠``."""
        return str(self) if language() == "ru" else f"{self.rank}{SYMBOLS[self.suit]}"


DECK: tuple[PrefCard, ...] = tuple(PrefCard(rank, suit) for suit in SUITS for rank in RANKS)


def parse_cards(text: object, field: str) -> tuple[PrefCard, ...]:
    """Cards in any spelling (:func:`bbscore.deals.read_cards`), in the order given.  Raises
    :class:`~bbscore.errors.CardError` for what is no card, a card given twice, more than 32 cards."""
    from bbscore.errors import CardError

    cards = tuple(PrefCard(rank, suit) for rank, suit in read_cards(text, field))
    seen: set[PrefCard] = set()
    for card in cards:
        if card in seen:
            raise CardError(field, str(card), _("эта карта указана дважды"))
        seen.add(card)
    return cards
