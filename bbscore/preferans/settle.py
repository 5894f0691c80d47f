"""A пуля settled in vists, and who pays whom (RULES.md §9, §11: the standard settlement; seed 004 is silent on it).

Each гора point is worth ``settlement.gora_vists`` vists (g), a пуля point ``settlement.pulya_vists`` (p).  Two
methods, the same result:

* ``average_gora``: result = vists written on others − vists others wrote on
  him + g × (average гора − own гора) (+ p × (own пуля − average пуля) when the пули count,
  ``settlement.unfinished = "pulya_difference"``);
* ``subtract_smallest``: subtract the smallest гора from each, × g, ÷ the
  number of players; every other player writes that on him (and each writes on every other p × (own пуля −
  the smallest) ÷ the number of players); then the net of all vists.

Results are exact (:class:`~fractions.Fraction`: three players divide by 3)
and add up to exactly zero; :func:`shown_whole` rounds them to whole vists by
the largest remainder so that they still add up to zero.  A game stopped
before every пуля is closed (``settlement.unfinished = "missing_to_gora"``):
each player's missing пуля is added to his гора first, p ÷ g гора points per missing point.

Who pays whom: :func:`pairwise` — what each player owes each other one (his vists on the other, the other's on
him, and the share of their гора and пуля difference; they add up to each one's result); :func:`fewest_payments`
— the fewest payments, in whole vists, that settle every whole result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from bbscore.errors import InconsistentHandError
from bbscore.i18n import _
from bbscore.preferans.pulya import PulyaSheet
from bbscore.preferans.rules import PrefConvention


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``vists`` (whole, > 0)."""

    payer: str
    payee: str
    vists: int


@dataclass(frozen=True)
class Settlement:
    """The working and the result.

    ``missing``: пуля points each player lacked, added to his гора (zeros when
    the game ended or the rule is not ``missing_to_gora``); ``missing_rate``: гора points per missing пуля point
    (``pulya_vists`` ÷ ``gora_vists``); ``gora``: the горы settled
    (after that); ``rate``: vists per гора point; ``pulya_rate``: vists per пуля point, ``pulya``: the пули,
    ``average_pulya`` and ``pulya_offset``: p × (own − average), zeros unless the пули count
    (``pulya_difference``); ``average_gora``;
    ``gora_offset``: rate × (average − own), by player; ``smallest_gora``;
    ``written_on``: rate × (own − smallest) ÷ n, what every other player
    writes on him; ``vists_out``/``vists_in``: vists he wrote on others /
    others wrote on him; ``result``: exact, summing to 0; ``shown``: whole,
    summing to 0; ``method``: the one the result was computed by; ``rounding``: which of the two the convention
    calls the result (``exact`` or ``whole``); ``pairwise``: ``((creditor, debtor, vists), …)`` for every pair that
    owes something, exact; ``payments``: the fewest :class:`Payment` settling ``shown``.
    """

    players: tuple[str, ...]
    method: str
    rate: int
    missing: dict[str, int]
    gora: dict[str, Fraction | int]
    average_gora: Fraction
    gora_offset: dict[str, Fraction]
    smallest_gora: Fraction | int
    written_on: dict[str, Fraction]
    vists_out: dict[str, Fraction]
    vists_in: dict[str, Fraction]
    result: dict[str, Fraction]
    shown: dict[str, int]
    missing_rate: int = 1
    pulya_rate: int = 0
    pulya: dict[str, int] | None = None
    average_pulya: Fraction = Fraction(0)
    pulya_offset: dict[str, Fraction] | None = None
    rounding: str = "exact"
    pairwise: tuple[tuple[str, str, Fraction], ...] = ()
    payments: tuple[Payment, ...] = ()


def settle(
    players: Sequence[str],
    gora: Mapping[str, int],
    vists: Mapping[tuple[str, str], Fraction | int],
    convention: PrefConvention,
    *,
    pulya: Mapping[str, int] | None = None,
    method: str | None = None,
) -> Settlement:
    """Settle totals: each player's ``gora``, the ``vists`` ``{(from, on): n}``, and (for the unfinished-game rule)
    each one's ``pulya``.  ``method`` overrides the convention's (to compare the two)."""
    names = tuple(players)
    for (a, b), n in vists.items():
        if a not in names or b not in names or a == b:
            raise InconsistentHandError("vists", f"{a} → {b}", _("висты пишут друг на друга игроки {players}").format(players=", ".join(names)))
        if n < 0:
            raise InconsistentHandError("vists", f"{a} → {b}: {n}", _("висты не бывают отрицательными"))
    for player in names:
        if player not in gora:
            raise InconsistentHandError("gora", player, _("нужна гора каждого игрока"))
    s = convention.settlement
    target = convention.pulya.target
    missing = dict.fromkeys(names, 0)
    missing_rate = s.pulya_vists // s.gora_vists if s.unfinished == "missing_to_gora" else 1
    if pulya is not None and s.unfinished == "missing_to_gora":
        missing = {p: max(0, target - pulya.get(p, 0)) for p in names}
    settled = {p: gora[p] + missing[p] * missing_rate for p in names}
    rate = s.gora_vists
    n = len(names)
    average = Fraction(sum(settled.values()), n)
    smallest = min(settled.values())
    offset = {p: rate * (average - settled[p]) for p in names}
    written_on = {p: Fraction(rate * (settled[p] - smallest), n) for p in names}
    pools = {p: (pulya or {}).get(p, 0) for p in names}
    pulya_rate = s.pulya_vists if s.unfinished == "pulya_difference" and pulya is not None else 0
    average_pulya = Fraction(sum(pools.values()), n)
    pulya_offset = {p: pulya_rate * (pools[p] - average_pulya) for p in names}
    out = {p: sum((Fraction(v) for (a, _), v in vists.items() if a == p), Fraction(0)) for p in names}
    into = {p: sum((Fraction(v) for (_, b), v in vists.items() if b == p), Fraction(0)) for p in names}
    chosen = method or s.method
    if chosen == "average_gora":
        result = {p: out[p] - into[p] + offset[p] + pulya_offset[p] for p in names}
    elif chosen == "subtract_smallest":
        lowest = min(pools.values())
        pool_written = {p: Fraction(pulya_rate * (pools[p] - lowest), n) for p in names}
        result = by_smallest(names, vists, written_on, pool_written)
    else:
        raise ValueError(f"unknown settlement method {chosen!r}")
    shown = shown_whole(result, names)
    owed = pairwise(names, vists, settled, pools, rate, pulya_rate)
    return Settlement(names, chosen, rate, missing, settled, average, offset, smallest, written_on, out, into,
                      result, shown, missing_rate, pulya_rate, pools, average_pulya, pulya_offset, s.rounding, owed,
                      fewest_payments(shown, names))


def by_smallest(names: tuple[str, ...], vists: Mapping[tuple[str, str], Fraction | int],
                written_on: Mapping[str, Fraction], pool_written: Mapping[str, Fraction] | None = None) -> dict[str, Fraction]:
    """The second method: every other player writes ``written_on[p]`` on p (and p writes ``pool_written[p]`` on every
    other player), then each one's net of all vists."""
    table = {(a, b): Fraction(vists.get((a, b), 0)) for a in names for b in names if a != b}
    for on in names:
        for player in names:
            if player != on:
                table[(player, on)] += written_on[on]
                if pool_written:
                    table[(on, player)] += pool_written[on]
    return {p: sum(v for (a, _), v in table.items() if a == p) - sum(v for (_, b), v in table.items() if b == p)
            for p in names}


def pairwise(names: Sequence[str], vists: Mapping[tuple[str, str], Fraction | int], gora: Mapping[str, Fraction | int],
             pulya: Mapping[str, int], rate: int, pulya_rate: int = 0) -> tuple[tuple[str, str, Fraction], ...]:
    """What each player owes each other one, exact: ``(creditor, debtor, vists)`` for every pair (in seating order)
    that owes something.

    Between a and b: the vists a wrote on b less those b wrote on a, plus (rate × (b's гора − a's гора) + pulya_rate ×
    (a's пуля − b's пуля)) ÷ the number of players — each гора point is shared among all the players, its owner
    included (RULES.md §11, Кодекс §4.1).  Each player's amounts add up to his result.
    """
    n = len(names)
    owed = []
    for a, b in combinations(names, 2):
        net = (Fraction(vists.get((a, b), 0)) - Fraction(vists.get((b, a), 0))
               + Fraction(rate * (gora[b] - gora[a]) + pulya_rate * (pulya[a] - pulya[b]), n))
        if net > 0:
            owed.append((a, b, net))
        elif net < 0:
            owed.append((b, a, -net))
    return tuple(owed)


def fewest_payments(nets: Mapping[str, int], order: Sequence[str] | None = None) -> tuple[Payment, ...]:
    """The fewest payments in whole vists that settle ``nets`` (whole, adding up to zero; + receives, − pays).

    The players are split into the most groups whose nets add up to zero (each group of k players settles in k − 1
    payments, and no way needs fewer); within a group the one who owes most pays the one owed most, again and again.
    Ties go by ``order`` (the seating).  Raises ValueError when the nets do not add up to zero.
    """
    names = [p for p in (order or nets) if nets[p]]
    if sum(nets.values()) != 0:
        raise ValueError("nets that do not add up to zero cannot be settled")
    groups = _zero_groups(tuple(names), nets)
    payments: list[Payment] = []
    for group in groups:
        left = {p: nets[p] for p in group}
        while any(left.values()):
            payer = max(group, key=lambda p: (-left[p], -group.index(p)))
            payee = max(group, key=lambda p: (left[p], -group.index(p)))
            amount = min(-left[payer], left[payee])
            payments.append(Payment(payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    return tuple(payments)


def _zero_groups(names: tuple[str, ...], nets: Mapping[str, int]) -> list[list[str]]:
    """``names`` split into the most groups each adding up to zero (the first such split in seating order)."""
    if not names:
        return []
    first, rest = names[0], names[1:]
    best: list[list[str]] | None = None
    for size in range(len(rest) + 1):  # the group of the first player: the smallest ones first
        for others in combinations(rest, size):
            if nets[first] + sum(nets[p] for p in others):
                continue
            remaining = tuple(p for p in rest if p not in others)
            split = [[first, *others], *_zero_groups(remaining, nets)]
            if best is None or len(split) > len(best):
                best = split
    assert best is not None  # the whole list adds up to zero
    return best


def money(vists: int | Fraction, per_vist: Decimal) -> Decimal:
    """Whole ``vists`` at ``per_vist`` each, exact (:class:`decimal.Decimal`: 37 × 0.10 = 3.70)."""
    value = Fraction(vists)
    if value.denominator != 1:
        raise ValueError("money is counted for whole vists")
    return per_vist * value.numerator


def settle_sheet(sheet: PulyaSheet, convention: PrefConvention, *, method: str | None = None) -> Settlement:
    """Settle a replayed sheet (the unfinished-game rule applies when ``sheet.ended`` is false)."""
    return settle(sheet.players, sheet.gora, sheet.vists, convention, pulya=sheet.pulya, method=method)


def shown_whole(result: Mapping[str, Fraction], order: Sequence[str] | None = None) -> dict[str, int]:
    """Whole vists adding up to the same total as ``result`` (zero): each rounded down, then the missing units go to
    the largest remainders (ties in ``order``)."""
    names = list(order or result)
    floors = {p: math.floor(result[p]) for p in names}
    short = int(sum(result.values(), Fraction(0)) - sum(floors.values()))
    ranked = sorted(names, key=lambda p: (-(result[p] - floors[p]), names.index(p)))
    for player in ranked[:short]:
        floors[player] += 1
    return floors
