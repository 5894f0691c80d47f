"""Cards of the 32-card deck and what trick points a side can hold (RULES.md §3, seed 000 §0.1).

The deck's structure (eight ranks in four suits, four cards a trick, eight
tricks) is the game itself; the value of each card in each kind of game comes
from the convention.  Which trick totals are possible at all is computed from
those values, never listed by hand.
"""

from __future__ import annotations

from functools import lru_cache

# Ranks in sequence order (a terz is three consecutive ranks of this tuple).
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
# How Russian players write the ranks (В валет, Д дама, К король, Т туз).
RUSSIAN_RANKS: dict[str, str] = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
SUITS_IN_DECK = 4
CARDS_PER_TRICK = 4
TRICKS_PER_HAND = 8
CARDS_PER_PLAYER = 8


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
    # sums[c] = every total of some c of the cards.
    sums: list[set[int]] = [set() for _ in range(len(card_values) + 1)]
    sums[0].add(0)
    for value in card_values:
        for count in range(len(card_values) - 1, -1, -1):
            if sums[count]:
                sums[count + 1].update(total + value for total in sums[count])
    by_tricks = []
    for tricks in range(TRICKS_PER_HAND + 1):
        cards = sums[tricks * CARDS_PER_TRICK]
        possible: set[int] = set()
        if tricks < TRICKS_PER_HAND:  # the other side took the last trick
            possible |= cards
        if tricks > 0:  # this side may have taken the last trick
            possible |= {total + last_trick for total in cards}
        by_tricks.append(frozenset(possible))
    return tuple(by_tricks)


def describe_gaps(possible: frozenset[int]) -> str:
    """Russian text of a set of possible totals: its range and the values missing inside it."""
    low, high = min(possible), max(possible)
    if low == high:
        return f"только {low}"
    gaps = [value for value in range(low, high + 1) if value not in possible]
    text = f"от {low} до {high}"
    if gaps:
        shown = ", ".join(str(value) for value in gaps[:12])
        text += f", кроме {shown}" + (" …" if len(gaps) > 12 else "")
    return text
