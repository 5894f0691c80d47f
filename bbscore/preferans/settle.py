"""A пуля settled in vists (RULES.md §9: the standard settlement; seed 004 is silent on it).

Each гора point is worth ``settlement.gora_vists`` vists.  Two methods, the
same result:

* ``average_gora``: result = vists written on others − vists others wrote on
  him + rate × (average гора − own гора);
* ``subtract_smallest``: subtract the smallest гора from each, × rate, ÷ the
  number of players; every other player writes that on him; then the net of
  all vists.

Results are exact (:class:`~fractions.Fraction`: three players divide by 3)
and add up to exactly zero; :func:`shown_whole` rounds them to whole vists by
the largest remainder so that they still add up to zero.  A game stopped
before every пуля is closed (``settlement.unfinished = "missing_to_gora"``):
each player's missing пуля is added to his гора first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bbscore.errors import InconsistentHandError
from bbscore.i18n import _
from bbscore.preferans.pulya import PulyaSheet
from bbscore.preferans.rules import PrefConvention


@dataclass(frozen=True)
class Settlement:
    """The working and the result.

    ``missing``: пуля points each player lacked, added to his гора (zeros when
    the game ended or the rule is ``as_is``); ``gora``: the горы settled
    (after that); ``rate``: vists per гора point; ``average_gora``;
    ``gora_offset``: rate × (average − own), by player; ``smallest_gora``;
    ``written_on``: rate × (own − smallest) ÷ n, what every other player
    writes on him; ``vists_out``/``vists_in``: vists he wrote on others /
    others wrote on him; ``result``: exact, summing to 0; ``shown``: whole,
    summing to 0; ``method``: the one the result was computed by.
    """

    players: tuple[str, ...]
    method: str
    rate: int
    missing: dict[str, int]
    gora: dict[str, int]
    average_gora: Fraction
    gora_offset: dict[str, Fraction]
    smallest_gora: int
    written_on: dict[str, Fraction]
    vists_out: dict[str, Fraction]
    vists_in: dict[str, Fraction]
    result: dict[str, Fraction]
    shown: dict[str, int]


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
    if pulya is not None and s.unfinished == "missing_to_gora":
        missing = {p: max(0, target - pulya.get(p, 0)) for p in names}
    settled = {p: gora[p] + missing[p] for p in names}
    rate = s.gora_vists
    n = len(names)
    average = Fraction(sum(settled.values()), n)
    smallest = min(settled.values())
    offset = {p: rate * (average - settled[p]) for p in names}
    written_on = {p: Fraction(rate * (settled[p] - smallest), n) for p in names}
    out = {p: sum((Fraction(v) for (a, _), v in vists.items() if a == p), Fraction(0)) for p in names}
    into = {p: sum((Fraction(v) for (_, b), v in vists.items() if b == p), Fraction(0)) for p in names}
    chosen = method or s.method
    if chosen == "average_gora":
        result = {p: out[p] - into[p] + offset[p] for p in names}
    elif chosen == "subtract_smallest":
        result = by_smallest(names, vists, written_on)
    else:
        raise ValueError(f"unknown settlement method {chosen!r}")
    return Settlement(names, chosen, rate, missing, settled, average, offset, smallest, written_on, out, into,
                      result, shown_whole(result, names))


def by_smallest(names: tuple[str, ...], vists: Mapping[tuple[str, str], Fraction | int],
                written_on: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """The second method: every other player writes ``written_on[p]`` on p, then each one's net of all vists."""
    table = {(a, b): Fraction(vists.get((a, b), 0)) for a in names for b in names if a != b}
    for on in names:
        for player in names:
            if player != on:
                table[(player, on)] += written_on[on]
    return {p: sum(v for (a, _), v in table.items() if a == p) - sum(v for (_, b), v in table.items() if b == p)
            for p in names}


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
