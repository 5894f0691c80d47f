"""Scoring one hand (RULES.md §5, seed 000 §5): a pure function of a hand and a convention.

:func:`score` returns a :class:`Breakdown` holding every quantity of the
formula, so that the working can be shown step by step:

1. declarers without a trick: their constructions go to the defenders;
2. ``Vp = VTp + VCp``, ``Vv = VTv + VCv`` (visty; a side that took all 8
   tricks counts ``all_tricks_visty`` for its cards, RULES.md §10);
3. base cost ``C`` (points);
4. contract points ``PC`` (points): N for a bid, C + K for a kapo premium,
   times the game's multiplier for the doubling level (or the whole hand is);
5. made or bait (a bid flagged kapo also needs all 8 tricks); on a bait the
   declarers' constructions may be lost or credited to the defenders;
6. points for visty ``Pp`` and ``Pv`` (the defenders rounded and the
   declarers the rest, or each pair on its own), each pair's constructions in
   points ``Pkp``/``Pkv``;
7. what each pair writes: the convention's row of terms.

Every number and choice comes from the convention; this module has none of its
own and never reads a convention's name.
"""

from __future__ import annotations

import enum

import msgspec

from bbscore.belot.cards import TRICKS_PER_HAND, scale_visty
from bbscore.belot.constructions import ConstructionKind, lost_without_trick, visty_of
from bbscore.belot.contract import Contract, ContractKind, Doubling
from bbscore.belot.convention import Convention
from bbscore.belot.hand import Hand
from bbscore.belot.schema import round_visty


class Outcome(enum.Enum):
    """Which row of the "what each pair writes" table applies (seed 000 §5; a held tie, RULES.md §12)."""

    MADE = "made"
    MADE_DOUBLED = "made_doubled"
    BAIT = "bait"
    TIE = "tie"

    __hash__ = object.__hash__  # members are singletons compared by identity: hash them in C, not by name


class Breakdown(msgspec.Struct, frozen=True, kw_only=True):
    """Every quantity of RULES.md §5 (and the settings of §7, §10, §12) for one hand (a frozen record: a msgspec
    Struct, ~10× cheaper to define and build than a dataclass).

    Visty: ``counted_S``/``counted_VTv`` (the deck and the defenders' trick
    visty as counted from the cards), ``S``, ``VTp``, ``VTv`` (the same after
    the game's ``trick_divisor`` and, for a side that took all 8 tricks, its
    ``all_tricks_visty``), ``all_tricks`` (``"declarers"``/``"defenders"``
    when one side took every trick and the convention counts that specially),
    ``VCp``, ``VCv`` (after rule 1), ``announced_VCp``/``announced_VCv``
    (before it), ``Vp``, ``Vv``, ``required`` (what the declarers needed: 10·N
    of all their visty for a bid, 10·K of constructions for a kapo premium),
    ``bait_constructions`` (the declarers' constructions lost or moved on a
    bait, ``constructions.declarers_on_bait``), ``rounded_Vp``/``rounded_Vv``
    (each pair's visty rounded, where the convention rounds them; with
    ``points.rounded = "declarers"`` ``rounded_Vv`` is both pairs' visty
    rounded, of which the defenders get the rest).
    Points: ``C`` (the contract's base cost), ``C_written`` (the base cost as a
    written term: ``all_tricks_base_cost`` when the defenders took every
    trick; on a failed kapo premium what ``kapo.failed_card_points`` gives),
    ``multiplier`` (the bid's, from the game's table), ``PC``, ``Pp``,
    ``Pv`` (points for visty), ``Pkp``/``Pkv`` (each pair's own constructions
    in points), ``hand_multiplier`` (what the written totals are multiplied by:
    1 unless doubling multiplies the whole hand), ``declarers_multiplier``/
    ``defenders_multiplier`` (what each pair's written row is multiplied by:
    ``doubling.multiplies`` = "hand" or "winner_row"), ``declarers``,
    ``defenders`` (what each pair writes), ``held`` (the points a tie holds
    over to a later hand, ``tie.rule = "held"``; 0 otherwise),
    ``declarers_terms``/``defenders_terms``/``held_terms`` (the convention's
    written row that applied: an empty one is «БТ»).
    """

    contract: Contract
    counted_S: int
    counted_VTv: int
    trick_divisor: float
    S: int
    VTp: int
    VTv: int
    all_tricks: str | None
    announced_VCp: int
    announced_VCv: int
    constructions_moved: bool
    defenders_constructions_lost: bool
    VCp: int
    VCv: int
    Vp: int
    Vv: int
    C: int
    C_written: int
    multiplier: int
    hand_multiplier: int
    declarers_multiplier: int
    defenders_multiplier: int
    PC: int
    required: int
    made: bool
    outcome: Outcome
    bait_constructions: int
    rounded_Vp: int | None
    rounded_Vv: int | None
    Pp: int
    Pv: int
    Pkp: int
    Pkv: int
    declarers: int
    defenders: int
    held: int
    declarers_terms: tuple[str, ...]
    defenders_terms: tuple[str, ...]
    held_terms: tuple[str, ...]
    decl_tricks: int | None


class _Plan(msgspec.Struct, frozen=True):
    """What :func:`score` takes from a contract and a convention alone (the same for every hand of that contract):
    the game's table and the numbers of the formula that do not depend on the cards taken, and each outcome's written
    row with what it is multiplied by."""

    kind: object
    game: object
    unit: int
    S: int
    divisor: float
    scaling: str
    counts_specially: bool
    all_tricks_VT: int
    C: int
    multiplier: int
    mode: str
    PC: int
    required: int
    C_term_factor: int
    hand_multiplier: int
    rounded: str
    rounding: str
    round_up_from: int | None
    to_defenders_on_bait: bool
    rows: dict


def _plan(contract: Contract, convention: Convention) -> _Plan:
    kind = contract.game.kind
    settings = convention.settings
    points = settings.points
    game = convention.game(kind)
    C = convention.base_cost(contract)
    multiplier = convention.multiplier(contract)
    mode = settings.doubling.multiplies
    rows = {}
    for outcome in Outcome:
        row = getattr(settings.written, outcome.value)
        if row is not None:
            rows[outcome] = (row, tuple(row.declarers), tuple(row.defenders), tuple(row.held),
                             row_multipliers(mode, outcome, multiplier))
    return _Plan(
        kind=kind, game=game, unit=points.visty_per_point, S=convention.scaled_deck(kind),
        divisor=game.trick_divisor, scaling=points.scaling, counts_specially=game.all_tricks_visty != game.deck_visty,
        all_tricks_VT=scale_visty(game.all_tricks_visty, game.trick_divisor), C=C, multiplier=multiplier, mode=mode,
        PC=contract_points(contract, C, multiplier if mode in ("bid", "base_cost") else 1),
        required=points.visty_per_point * contract.number, C_term_factor=multiplier if mode == "base_cost" else 1,
        hand_multiplier=multiplier if mode == "hand" else 1, rounded=points.rounded, rounding=points.rounding,
        round_up_from=game.round_up_from,
        to_defenders_on_bait=settings.constructions.declarers_on_bait == "to_defenders", rows=rows,
    )


class Points(msgspec.Struct, frozen=True, kw_only=True):
    """What a hand writes, without the working: the :class:`Breakdown`'s ``declarers``, ``defenders``, ``held``,
    ``outcome`` and ``made`` (what a check of a whole sheet needs of each hand, at a seventh of the memory)."""

    declarers: int
    defenders: int
    held: int
    outcome: Outcome
    made: bool


def score(hand: Hand, convention: Convention, *, bait: bool = False) -> Breakdown:
    """Score a checked hand under a convention (seed 000 §5; the convention's settings, RULES.md §7, §10, §12).

    In: a :class:`~bbscore.belot.hand.Hand` made by :func:`~bbscore.belot.hand.make_hand`
    with the same convention; ``bait``: the hand is lost for the declarers whatever their visty (the referee's
    ruling: a revoke under ``play.revoke = "bait"``, a kapo from one hand whose bidder did not take every trick).
    Out: the :class:`Breakdown`; ``declarers`` and
    ``defenders`` are the points each pair writes, ``held`` what a tie holds
    over (the replay of a game gives it to a later hand).  Raises nothing for a
    checked hand.
    """
    return _score(hand, convention, True, bait)


def score_points(hand: Hand, convention: Convention) -> Points:
    """:func:`score`'s result without its working (:class:`Points`): the same numbers, computed the same way."""
    return _score(hand, convention, False)


def _score(hand: Hand, convention: Convention, working: bool, bait: bool = False):
    contract = hand.contract
    # the contract's part of the formula, by the contract object (a protocol's are the same few objects; the memo
    # keeps each one it names, so that no other can take its id)
    found = convention.memo.get(("score plan", id(contract)))
    if found is None or found[0] is not contract:
        found = convention.memo[("score plan", id(contract))] = (contract, _plan(contract, convention))
    plan = found[1]
    kind, game, unit = plan.kind, plan.game, plan.unit
    counted_S, counted_VTv = game.deck_visty, hand.def_points
    if plan.divisor == 1:  # (trick_visty without scaling: the defenders' visty, the declarers the rest)
        VTp, VTv = counted_S - counted_VTv, counted_VTv
    else:
        VTp, VTv = trick_visty(counted_S, counted_VTv, plan.divisor, plan.scaling)
    all_tricks = side_with_all_tricks(hand, True) if plan.counts_specially else None
    if all_tricks == "declarers":
        VTp = plan.all_tricks_VT
    elif all_tricks == "defenders":
        VTv = plan.all_tricks_VT
    decl_constructions, def_constructions = hand.decl_constructions, hand.def_constructions
    if decl_constructions or def_constructions:
        decl_split = split_visty(decl_constructions, convention, kind)
        def_split = split_visty(def_constructions, convention, kind)
        announced_VCp, announced_VCv = decl_split[0] + decl_split[1], def_split[0] + def_split[1]
        VCp, VCv, moved, lost = _after_tricks(hand, convention, decl_split, def_split)
    else:  # (no constructions: none announced, none to move or lose)
        announced_VCp = announced_VCv = VCp = VCv = 0
        moved = lost = False
    Vp, Vv = VTp + VCp, VTv + VCv
    C, multiplier, PC, required = plan.C, plan.multiplier, plan.PC, plan.required
    made = not bait and is_made(hand, Vp, Vv, VCp, required, convention)
    if made:
        outcome = Outcome.MADE if contract.doubling is Doubling.NONE else Outcome.MADE_DOUBLED
    elif not bait and is_tie(hand, Vp, Vv, required, convention):
        outcome = Outcome.TIE
    else:
        outcome = Outcome.BAIT
    bait_constructions = constructions_lost_on_bait(hand, convention) if outcome is Outcome.BAIT and VCp else 0
    scored_VCp = VCp - bait_constructions
    scored_VCv = VCv + (bait_constructions if plan.to_defenders_on_bait else 0)
    scored_Vp, scored_Vv = VTp + scored_VCp, VTv + scored_VCv
    is_kapo = contract.is_kapo
    C_written = game.all_tricks_base_cost if not is_kapo and hand.decl_tricks == 0 else C
    rounded_Vp = rounded_Vv = None
    rounding, up_from = plan.rounding, plan.round_up_from
    if is_kapo:
        card_points = kapo_card_points(made, C, game.base_cost, convention)
        if not made:
            C_written = card_points
        Pp, Pv = kapo_points_for_visty(card_points, scored_VCp, scored_VCv, unit)
    elif plan.rounded == "each_pair":
        rounded_Vp = round_visty(scored_Vp, unit, rounding, up_from)
        rounded_Vv = round_visty(scored_Vv, unit, rounding, up_from)
        Pp, Pv = rounded_Vp // unit, rounded_Vv // unit
    elif plan.rounded == "declarers":
        rounded_Vp = round_visty(scored_Vp, unit, rounding, up_from)
        rounded_Vv = round_visty(scored_Vp + scored_Vv, unit, rounding, up_from)
        Pp = rounded_Vp // unit
        Pv = rounded_Vv // unit - Pp
    else:
        rounded_Vv = round_visty(scored_Vv, unit, rounding, up_from)
        Pp, Pv = points_for_visty(scored_Vp, scored_Vv, rounded_Vv, unit)
    Pkp = round_visty(scored_VCp, unit, rounding, up_from) // unit
    Pkv = round_visty(scored_VCv, unit, rounding, up_from) // unit
    terms = {"PC": PC, "C": C_written * plan.C_term_factor, "Pp": Pp, "Pv": Pv, "Pkp": Pkp, "Pkv": Pkv}
    row, declarers_terms, defenders_terms, held_terms, (declarers_multiplier, defenders_multiplier) = plan.rows[outcome]
    declarers, defenders, held = written_points(row, terms)
    hand_multiplier = plan.hand_multiplier
    if not working:
        return Points(declarers=declarers * declarers_multiplier, defenders=defenders * defenders_multiplier,
                      held=held * hand_multiplier, outcome=outcome, made=made)
    return Breakdown(
        contract=contract, counted_S=counted_S, counted_VTv=counted_VTv, trick_divisor=plan.divisor,
        S=plan.S, VTp=VTp, VTv=VTv, all_tricks=all_tricks, announced_VCp=announced_VCp, announced_VCv=announced_VCv,
        constructions_moved=moved, defenders_constructions_lost=lost, VCp=VCp, VCv=VCv, Vp=Vp, Vv=Vv,
        C=C, C_written=C_written, multiplier=multiplier, hand_multiplier=hand_multiplier,
        declarers_multiplier=declarers_multiplier, defenders_multiplier=defenders_multiplier, PC=PC, required=required,
        made=made, outcome=outcome, bait_constructions=bait_constructions, rounded_Vp=rounded_Vp, rounded_Vv=rounded_Vv,
        Pp=Pp, Pv=Pv, Pkp=Pkp, Pkv=Pkv, declarers=declarers * declarers_multiplier,
        defenders=defenders * defenders_multiplier, held=held * hand_multiplier,
        declarers_terms=declarers_terms, defenders_terms=defenders_terms, held_terms=held_terms,
        decl_tricks=hand.decl_tricks,
    )


def row_multipliers(mode: str, outcome: Outcome, multiplier: int) -> tuple[int, int]:
    """What (the declarers' row, the defenders' row) are multiplied by (``doubling.multiplies``): both by the
    multiplier for "hand"; for "winner_row" the row of the pair that wins the hand (the declarers' of a made contract,
    the defenders' of a bait; a tie's rows as they are); else 1 (the bid term alone, or with the base cost)."""
    if mode == "hand":
        return multiplier, multiplier
    if mode == "winner_row":
        if outcome is Outcome.BAIT:
            return 1, multiplier
        if outcome is not Outcome.TIE:
            return multiplier, 1
    return 1, 1


def kapo_card_points(made: bool, C: int, base_cost: int, convention: Convention) -> int:
    """What the cards count, in points, for the side that gets a premium kapo's cards (seed 000 §5; seed 001 §2):
    made — the kapo's base cost C (``kapo.card_points = "counted"``) or nothing ("not_counted"); failed — as
    ``kapo.failed_card_points`` says: the kapo's base cost, the simple game's, or nothing."""
    kapo = convention.settings.kapo
    if made:
        return C if kapo.card_points == "counted" else 0
    return {"kapo_base_cost": C, "base_cost": base_cost, "none": 0}[kapo.failed_card_points]


def trick_visty(counted_S: int, counted_VTv: int, divisor: float, scaling: str) -> tuple[int, int]:
    """(VTp, VTv) after the game's ``trick_divisor`` (seed 001 §5, ВК ÷ 1.59).

    ``scaling``: ``"defenders"`` divides the defenders' visty and gives the
    declarers the rest of the scaled deck; ``"each_side"`` divides each side's
    on its own (the two need not add up to the scaled deck).
    """
    VTv = scale_visty(counted_VTv, divisor)
    if scaling == "each_side":
        return scale_visty(counted_S - counted_VTv, divisor), VTv
    return scale_visty(counted_S, divisor) - VTv, VTv


def side_with_all_tricks(hand: Hand, counts_specially: bool) -> str | None:
    """``"declarers"`` or ``"defenders"`` when that side took all 8 tricks and the convention gives all tricks their
    own value (``all_tricks_visty``, RULES.md §10); else None.  The trick count is required there (:mod:`bbscore.belot.hand`)."""
    if not counts_specially or hand.decl_tricks is None:
        return None
    if hand.decl_tricks == TRICKS_PER_HAND:
        return "declarers"
    return "defenders" if hand.decl_tricks == 0 else None


def constructions_lost_on_bait(hand: Hand, convention: Convention) -> int:
    """Visty of the declarers' constructions that a bait takes from them (``constructions.declarers_on_bait``: kept,
    lost, or credited to the defenders; a bela as ``bela_on_bait`` says), after rule 1."""
    settings = convention.settings.constructions
    if settings.declarers_on_bait == "kept":
        return 0
    VCp, _, _, _ = constructions_after_tricks(hand, convention)
    if settings.bela_on_bait == "kept":
        values = convention.construction_values(hand.contract.game.kind)
        belas = sum(visty_of(c, values) for c in hand.decl_constructions if c.kind is ConstructionKind.BELA)
        return max(VCp - belas, 0)
    return VCp


def tricks_taken(hand: Hand, deck: int) -> tuple[bool, bool]:
    """Whether (the declarers, the defenders) took any trick.

    From the declarers' trick count when given, else from the trick visty as
    counted (a side with visty took a trick).  Where visty 0 would leave it
    open and it matters, :func:`~bbscore.belot.hand.make_hand` requires the count.
    """
    if hand.decl_tricks is not None:
        return hand.decl_tricks > 0, hand.decl_tricks < TRICKS_PER_HAND
    return deck - hand.def_points > 0, hand.def_points > 0


def constructions_after_tricks(hand: Hand, convention: Convention) -> tuple[int, int, bool, bool]:
    """Rule 1 (seed 000 §5; seed 001 §3, §5): constructions of a pair that took no trick.

    Returns (VCp, VCv, declarers' moved or lost, defenders' lost), in visty.
    ``declarers_without_trick``: ``"to_defenders"`` credits the declarers'
    constructions to the defenders, ``"lost"`` drops them.
    ``defenders_without_trick``: ``"keep"``, ``"lost"`` or ``"to_declarers"`` (the declarers who took every
    trick take them, RULES.md §12).
    ``bela_without_trick``: ``"like_others"`` or ``"counts"`` (a bela always
    stays with its pair).
    """
    kind = hand.contract.game.kind
    return _after_tricks(hand, convention, split_visty(hand.decl_constructions, convention, kind),
                         split_visty(hand.def_constructions, convention, kind))


def _after_tricks(hand: Hand, convention: Convention, decl_split: tuple[int, int],
                  def_split: tuple[int, int]) -> tuple[int, int, bool, bool]:
    """:func:`constructions_after_tricks` with each pair's constructions already in visty (:func:`split_visty`)."""
    settings = convention.settings.constructions
    declarers_took, defenders_took = tricks_taken(hand, convention.game(hand.contract.game.kind).deck_visty)
    decl_following, decl_staying = decl_split
    def_following, def_staying = def_split
    VCp = decl_following + decl_staying
    VCv = def_following + def_staying
    moved = lost = False
    if not declarers_took and decl_following:
        VCp -= decl_following
        moved = True
        if settings.declarers_without_trick == "to_defenders":
            VCv += decl_following
    if not defenders_took and def_following and settings.defenders_without_trick != "keep":
        VCv -= def_following
        lost = True
        if settings.defenders_without_trick == "to_declarers":
            VCp += def_following
    return VCp, VCv, moved, lost


def split_visty(constructions: tuple, convention: Convention, kind) -> tuple[int, int]:
    """A pair's constructions in visty: (those that follow the no-trick rule, those that always stay: a bela
    where ``bela_without_trick = "counts"``), remembered per list."""
    if not constructions:
        return 0, 0
    # by the list object first (a protocol's hands of one contract and constructions share theirs; the memo keeps
    # each one it names, so that no other can take its id), else by its value
    found = convention.memo.get(("split visty of", kind, id(constructions)))
    if found is not None and found[0] is constructions:
        return found[1]
    value = convention.remember(("split visty", kind, constructions), _split_visty, constructions, convention, kind)
    convention.memo[("split visty of", kind, id(constructions))] = (constructions, value)
    return value


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
    """Made or not (seed 000 §5; RULES.md §7, §10, §12).

    A bid (or the game alone, ``required`` 0): as ``made.simple`` says —
    ``reach_contract`` ``Vp ≥ 10·N``; ``outscore`` ``Vp > Vv``;
    ``at_least_defenders`` ``Vp ≥ Vv``; ``reach_and_outscore`` both ``Vp ≥
    10·N`` and ``Vp > Vv``.  Kapo premium: the declarers took all 8 tricks and
    their constructions reach ``10·K``.  A bid flagged kapo: as a bid, and all
    8 tricks.
    """
    if hand.contract.is_kapo:
        return hand.decl_tricks == TRICKS_PER_HAND and VCp >= required
    if hand.contract.kind is ContractKind.KAPO_BID and hand.decl_tricks != TRICKS_PER_HAND:
        return False
    rule = convention.settings.made.simple
    if rule == "outscore":
        return Vp > Vv
    if rule == "at_least_defenders":
        return Vp >= Vv
    if Vp < required:
        return False
    return rule == "reach_contract" or Vp > Vv


def is_tie(hand: Hand, Vp: int, Vv: int, required: int, convention: Convention) -> bool:
    """A hand not made only because the two sides' visty are equal, where the rules hold a tie over (``tie.rule =
    "held"``, RULES.md §12: «висяща», «litige» 81–81)."""
    tie = convention.settings.tie
    if tie is None or tie.rule != "held" or hand.contract.is_kapo or Vp != Vv or Vp < required:
        return False
    return hand.contract.kind is not ContractKind.KAPO_BID or hand.decl_tricks == TRICKS_PER_HAND


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


def written_points(row, terms: dict[str, int]) -> tuple[int, int, int]:
    """(declarers, defenders, held): what each pair writes and what a tie holds over, summed from the convention's row
    of terms (seed 000 §5), before a row multiplier."""
    term = terms.__getitem__
    return sum(map(term, row.declarers)), sum(map(term, row.defenders)), sum(map(term, row.held))
