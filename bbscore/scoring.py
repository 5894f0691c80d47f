"""Scoring one hand (RULES.md §5, seed 000 §5): a pure function of a hand and a convention.

:func:`score` returns a :class:`Breakdown` holding every quantity of the
formula, so that the working can be shown step by step:

1. declarers without a trick: their constructions go to the defenders;
2. ``Vp = VTp + VCp``, ``Vv = VTv + VCv`` (visty);
3. base cost ``C`` (points);
4. contract points ``PC`` (points): N for a simple game, C + K for a kapo,
   times the contra/recontra multiplier;
5. made or bait;
6. points for visty ``Pp`` and ``Pv``;
7. what each pair writes.

Every number comes from the convention; this module has none of its own.
"""

from __future__ import annotations

import enum

import msgspec

from bbscore.cards import TRICKS_PER_HAND, scale_visty
from bbscore.constructions import lost_without_trick, visty_of
from bbscore.contract import Contract, Doubling
from bbscore.convention import Convention
from bbscore.hand import Hand


class Outcome(enum.Enum):
    """Which row of the "what each pair writes" table applies (seed 000 §5)."""

    MADE = "made"
    MADE_DOUBLED = "made_doubled"
    BAIT = "bait"


class Breakdown(msgspec.Struct, frozen=True, kw_only=True):
    """Every quantity of RULES.md §5 for one hand (a frozen record: a msgspec Struct, ~10× cheaper to define and build than a dataclass).

    Visty: ``counted_S``/``counted_VTv`` (the deck and the defenders' trick
    visty as counted from the cards), ``S``, ``VTp``, ``VTv`` (the same after
    the game's ``trick_divisor``; equal when it is 1), ``VCp``, ``VCv`` (after
    rule 1), ``announced_VCp``/``announced_VCv`` (before it), ``Vp``, ``Vv``,
    ``required`` (what the declarers needed: 10·N of all their visty for a
    simple game, 10·K of constructions for a kapo), ``rounded_Vv`` (the
    defenders' visty rounded, simple games only).
    Points: ``C``, ``PC``, ``Pp``, ``Pv``, ``declarers``, ``defenders`` (what
    each pair writes).
    """

    contract: Contract
    counted_S: int
    counted_VTv: int
    trick_divisor: float
    S: int
    VTp: int
    VTv: int
    announced_VCp: int
    announced_VCv: int
    constructions_moved: bool
    defenders_constructions_lost: bool
    VCp: int
    VCv: int
    Vp: int
    Vv: int
    C: int
    multiplier: int
    PC: int
    required: int
    made: bool
    outcome: Outcome
    rounded_Vv: int | None
    Pp: int
    Pv: int
    declarers: int
    defenders: int
    decl_tricks: int | None


def score(hand: Hand, convention: Convention) -> Breakdown:
    """Score a checked hand under a convention (seed 000 §5).

    In: a :class:`~bbscore.hand.Hand` made by :func:`~bbscore.hand.make_hand`
    with the same convention.  Out: the :class:`Breakdown`; ``declarers`` and
    ``defenders`` are the points each pair writes.  Raises nothing for a
    checked hand.
    """
    contract = hand.contract
    kind = contract.game.kind
    unit = convention.settings.points.visty_per_point
    game = convention.game(kind)
    counted_S, counted_VTv = game.deck_visty, hand.def_points
    S = convention.scaled_deck(kind)
    VTv = scale_visty(counted_VTv, game.trick_divisor)
    VTp = S - VTv
    announced_VCp = sum(split_visty(hand.decl_constructions, convention, kind))
    announced_VCv = sum(split_visty(hand.def_constructions, convention, kind))
    VCp, VCv, moved, lost = constructions_after_tricks(hand, convention)
    Vp, Vv = VTp + VCp, VTv + VCv
    C = convention.base_cost(contract)
    multiplier = convention.multiplier(contract.doubling)
    PC = contract_points(contract, C, multiplier)
    required = unit * contract.number
    made = is_made(hand, Vp, Vv, VCp, required, convention)
    if contract.is_kapo:
        rounded_Vv = None
        Pp, Pv = kapo_points_for_visty(C, VCp, VCv, unit)
    else:
        rounded_Vv = round_visty(Vv, unit, convention.settings.points.defenders_rounding)
        Pp, Pv = points_for_visty(Vp, Vv, rounded_Vv, unit)
    if not made:
        outcome = Outcome.BAIT
    elif contract.doubling is Doubling.NONE:
        outcome = Outcome.MADE
    else:
        outcome = Outcome.MADE_DOUBLED
    declarers, defenders = written_points(outcome, {"PC": PC, "Pp": Pp, "Pv": Pv}, convention)
    return Breakdown(
        contract=contract, counted_S=counted_S, counted_VTv=counted_VTv, trick_divisor=game.trick_divisor,
        S=S, VTp=VTp, VTv=VTv, announced_VCp=announced_VCp, announced_VCv=announced_VCv,
        constructions_moved=moved, defenders_constructions_lost=lost, VCp=VCp, VCv=VCv, Vp=Vp, Vv=Vv,
        C=C, multiplier=multiplier, PC=PC, required=required, made=made, outcome=outcome, rounded_Vv=rounded_Vv,
        Pp=Pp, Pv=Pv, declarers=declarers, defenders=defenders, decl_tricks=hand.decl_tricks,
    )


def tricks_taken(hand: Hand, deck: int) -> tuple[bool, bool]:
    """Whether (the declarers, the defenders) took any trick.

    From the declarers' trick count when given, else from the trick visty as
    counted (a side with visty took a trick).  Where visty 0 would leave it
    open and it matters, :func:`~bbscore.hand.make_hand` requires the count.
    """
    if hand.decl_tricks is not None:
        return hand.decl_tricks > 0, hand.decl_tricks < TRICKS_PER_HAND
    return deck - hand.def_points > 0, hand.def_points > 0


def constructions_after_tricks(hand: Hand, convention: Convention) -> tuple[int, int, bool, bool]:
    """Rule 1 (seed 000 §5; seed 001 §3, §5): constructions of a pair that took no trick.

    Returns (VCp, VCv, declarers' moved or lost, defenders' lost), in visty.
    ``declarers_without_trick``: ``"to_defenders"`` credits the declarers'
    constructions to the defenders, ``"lost"`` drops them.
    ``defenders_without_trick``: ``"keep"`` or ``"lost"``.
    ``bela_without_trick``: ``"like_others"`` or ``"counts"`` (a bela always
    stays with its pair).
    """
    settings = convention.settings.constructions
    kind = hand.contract.game.kind
    declarers_took, defenders_took = tricks_taken(hand, convention.game(kind).deck_visty)

    decl_following, decl_staying = split_visty(hand.decl_constructions, convention, kind)
    def_following, def_staying = split_visty(hand.def_constructions, convention, kind)
    VCp = decl_following + decl_staying
    VCv = def_following + def_staying
    moved = lost = False
    if not declarers_took and decl_following:
        VCp -= decl_following
        moved = True
        if settings.declarers_without_trick == "to_defenders":
            VCv += decl_following
    if not defenders_took and def_following and settings.defenders_without_trick == "lost":
        VCv -= def_following
        lost = True
    return VCp, VCv, moved, lost


def split_visty(constructions: tuple, convention: Convention, kind) -> tuple[int, int]:
    """A pair's constructions in visty: (those that follow the no-trick rule, those that always stay: a bela
    where ``bela_without_trick = "counts"``), remembered per list."""
    if not constructions:
        return 0, 0
    return convention.remember(("split visty", kind, constructions), _split_visty, constructions, convention, kind)


def _split_visty(constructions: tuple, convention: Convention, kind) -> tuple[int, int]:
    values = convention.construction_values(kind)
    staying = following = 0
    for construction in constructions:
        visty = visty_of(construction, values)
        if lost_without_trick(construction, values):
            following += visty
        else:
            staying += visty
    return following, staying


def contract_points(contract: Contract, C: int, multiplier: int) -> int:
    """PC in points: N for a simple game, C + K for a kapo, times the contra multiplier (seed 000 §5)."""
    base = C + contract.number if contract.is_kapo else contract.number
    return base * multiplier


def is_made(hand: Hand, Vp: int, Vv: int, VCp: int, required: int, convention: Convention) -> bool:
    """Made or bait (seed 000 §5).

    Simple game: ``Vp ≥ 10·N`` (``required``), and with ``made.simple =
    "reach_and_outscore"`` also ``Vp > Vv``.  Kapo: the declarers took all 8
    tricks and their constructions reach ``10·K``.
    """
    if hand.contract.is_kapo:
        return hand.decl_tricks == TRICKS_PER_HAND and VCp >= required
    if Vp < required:
        return False
    return convention.settings.made.simple == "reach_contract" or Vp > Vv


def round_visty(visty: int, unit: int, mode: str) -> int:
    """Round visty to a multiple of ``unit`` (seed 000 §5: "half_up", 10–14 → 10, 15–19 → 20)."""
    low = visty - visty % unit
    remainder = visty % unit
    if remainder == 0:
        return visty
    goes_up = {
        "half_up": 2 * remainder >= unit,
        "half_down": 2 * remainder > unit,
        "down": False,
        "up": True,
    }[mode]
    return low + unit if goes_up else low


def points_for_visty(Vp: int, Vv: int, rounded_Vv: int, unit: int) -> tuple[int, int]:
    """(Pp, Pv) in points for a simple game (seed 000 §5).

    ``Pv = round(Vv) div 10``; ``Pp = ((Vp + Vv) − 10·Pv) div 10``: the
    defenders get the rounding advantage.
    """
    Pv = rounded_Vv // unit
    Pp = (Vp + Vv - unit * Pv) // unit
    return Pp, Pv


def kapo_points_for_visty(C: int, VCp: int, VCv: int, unit: int) -> tuple[int, int]:
    """(Pp, Pv) in points for a kapo (seed 000 §5): ``Pv = VCv / 10``, ``Pp = C + VCp / 10``."""
    return C + VCp // unit, VCv // unit


def written_points(outcome: Outcome, terms: dict[str, int], convention: Convention) -> tuple[int, int]:
    """(declarers, defenders): what each pair writes, summed from the convention's table (seed 000 §5)."""
    row = getattr(convention.settings.written, outcome.value)
    declarers = defenders = 0
    for term in row.declarers:
        declarers += terms[term]
    for term in row.defenders:
        defenders += terms[term]
    return declarers, defenders
