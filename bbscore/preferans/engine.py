"""What one hand of preferans writes (RULES.md §9, §11, seed 004): a pure function of a hand, a convention and the
number of распасы played right before it.

:func:`score` returns a :class:`HandEntries`: the пуля and гора entries by
player, the vists one player writes on another, and the working as data (a
list of step records holding the numbers; :mod:`bbscore.preferans.working`
turns them into Russian lines).  Every number comes from the convention.

Consecutive распасы (RULES.md §11): the price of a trick on распасы is the convention's price times the
progression's multiplier for the распасы's place in the run (``run``: how many распасы came right before);
:func:`next_run` says how a hand changes the run (another распасы adds one, a hand that «exits» by the
convention's ``raspasy.exit_by`` ends it) and :func:`lowest_game` which game may be declared after it.

Vists are exact (:class:`fractions.Fraction`): a pooled or tied share is a
half, whole with the bundled numbers but not necessarily with every file's; so is a гора entry when each of two
whisters answers for half of an odd trick (``whist.both_whist_odd_trick = "half_each"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from bbscore.preferans.contract import Kind
from bbscore.preferans.hand import PrefHand
from bbscore.preferans.rules import PrefConvention

if TYPE_CHECKING:  # (imported where a share is not whole: a hand of whole numbers needs no Fraction)
    from fractions import Fraction


class Step(msgspec.Struct, frozen=True, tag=True):
    """One line of the working."""


class BothPassed(Step):
    """Both defenders passed: the game counts as made without play."""

    player: str
    pulya: int


class GameMade(Step):
    player: str
    tricks: int
    level: int
    pulya: int


class Undertricks(Step):
    player: str
    tricks: int
    level: int
    undertricks: int
    per_trick: int
    gora: int


class WhistShare(Step):
    """A whister's part of the obligation (``share`` tricks of ``obligation``; a half with ``half_each``)."""

    player: str
    obligation: int
    share: Fraction | int
    whisters: int


class WhistShort(Step):
    player: str
    share: Fraction | int
    tricks: int
    short: Fraction | int
    per_trick: int
    gora: Fraction | int


class PairShort(Step):
    """Both whisted and took ``tricks`` of ``obligation`` together (``whist.both_whist_short = "pair_capped"``): no
    whister answers for more than the pair's shortfall ``short``."""

    tricks: int
    obligation: int
    short: int


class TrickVists(Step):
    player: str
    on: str
    tricks: int
    per_trick: int
    vists: Fraction


class Consolation(Step):
    player: str
    on: str
    undertricks: int
    per_trick: int
    vists: Fraction


class Pooled(Step):
    """Vists pooled and split equally among ``players``."""

    total: Fraction
    players: tuple[str, ...]
    each: Fraction


class MisereMade(Step):
    player: str
    pulya: int


class MisereTricks(Step):
    player: str
    tricks: int
    per_trick: int
    gora: int


class AllPassWrites(Step):
    """On распасы ``player`` writes on ``on``: ``tricks`` × ``per_trick``, divided among ``shared_by`` writers."""

    player: str
    on: str
    tricks: int
    per_trick: int
    shared_by: int
    vists: Fraction


class ZeroTricks(Step):
    player: str
    pulya: int


class DealerOut(Step):
    """With four players, the dealer on распасы writes to пуля as for zero tricks."""

    player: str
    pulya: int


class RaspasyPrice(Step):
    """The price of a trick on this распасы: ``base`` × the progression's ``multiplier`` for the ``number``-th
    распасы in a row."""

    number: int
    base: int
    multiplier: int
    price: int


class AllPassGora(Step):
    """On распасы ``player`` writes to гора his ``tricks`` (less ``fewest`` with the amnesty) × ``price``."""

    player: str
    tricks: int
    fewest: int
    price: int
    gora: int


class ZeroTricksOffGora(Step):
    """A player with no trick on распасы (``dealer``: the dealer sitting out, as for zero tricks) has ``gora`` written
    off his гора."""

    player: str
    gora: int
    dealer: bool


class RunEnds(Step):
    """The hand ends a run of ``run`` распасы: the next распасы is a first one again."""

    run: int


class RunGoesOn(Step):
    """The hand does not end the run of ``run`` распасы (``raspasy.exit_by``); the next game is still at least
    ``lowest``."""

    run: int
    lowest: int


class HandEntries(msgspec.Struct, frozen=True):
    """What a hand writes.

    ``pulya`` and ``gora``: ``{player: points}`` (only players who write; a гора entry may be negative — written
    off on распасы — or, with half an odd trick of whist, a half);
    ``vists``: ``((from, on, n), …)`` with n > 0, in the order written;
    ``steps``: the working.
    """

    contract: str
    pulya: dict[str, int]
    gora: dict[str, Fraction | int]
    vists: tuple[tuple[str, str, Fraction], ...]
    steps: tuple[Step, ...]


def exact(value: Fraction | int) -> Fraction | int:
    """A number of vists as an int when it is whole (ints add and compare much faster), else the exact Fraction."""
    if isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else value


class _Sheet:
    """The entries being made (private: the record returned is frozen)."""

    def __init__(self) -> None:
        self.pulya: dict[str, int] = {}
        self.gora: dict[str, Fraction | int] = {}
        self.vists: list[tuple[str, str, Fraction]] = []
        self.steps: list[Step] = []

    def to_pulya(self, player: str, n: int) -> None:
        if n:
            self.pulya[player] = self.pulya.get(player, 0) + n

    def to_gora(self, player: str, n: Fraction | int) -> None:
        if n:
            self.gora[player] = exact(self.gora.get(player, 0) + n)

    def vist(self, player: str, on: str, n: Fraction) -> None:
        if n:
            self.vists.append((player, on, exact(n)))


def score(hand: PrefHand, convention: PrefConvention, run: int = 0) -> HandEntries:
    """The entries of one checked hand (made by :func:`~bbscore.preferans.hand.make_hand`), played after ``run``
    распасы in a row (0: none).  Raises nothing (whether the game may be declared after the run is the replay's
    check, :func:`lowest_game`)."""
    sheet = _Sheet()
    kind = hand.contract.kind
    if kind is Kind.ALL_PASS:
        all_pass(hand, convention, sheet, run)
    elif kind is Kind.MISERE:
        misere(hand, convention, sheet)
    else:
        game(hand, convention, sheet)
    if run and kind is not Kind.ALL_PASS and runs_matter(convention):
        sheet.steps.append(RunEnds(run) if ends_run(hand, convention) else
                           RunGoesOn(run, lowest_game(convention, run)))
    return HandEntries(str(hand.contract), sheet.pulya, sheet.gora, tuple(sheet.vists), tuple(sheet.steps))


def runs_matter(c: PrefConvention) -> bool:
    """Whether runs of распасы change anything under the convention (a progression, or an exit above the lowest)."""
    return isinstance(c.raspasy.progression, list) or len(set(c.raspasy.exit)) > 1


def lowest_game(c: PrefConvention, run: int) -> int:
    """The lowest level of a game that may be declared after ``run`` распасы in a row (``raspasy.exit``; a мизер may
    always be declared)."""
    return c.raspasy.lowest_game(run)


def ends_run(hand: PrefHand, c: PrefConvention) -> bool:
    """Whether a hand that is not распасы ends a run of them (``raspasy.exit_by``)."""
    rule = c.raspasy.exit_by
    if rule == "any_hand":
        return True
    kind = hand.contract.kind
    if kind is Kind.MISERE:
        return rule == "made" and hand.tricks_of(hand.declarer) == 0  # type: ignore[arg-type]
    made = not hand.whisters or hand.tricks_of(hand.declarer) >= hand.contract.level  # type: ignore[arg-type,operator]
    if rule == "made":
        return made
    return bool(hand.whisters) and (made or rule == "whisted")


def next_run(hand: PrefHand, c: PrefConvention, run: int) -> int:
    """How many распасы in a row there are after ``hand``, played after ``run`` of them."""
    if hand.contract.kind is Kind.ALL_PASS:
        return run + 1
    return 0 if ends_run(hand, c) else run


def game(hand: PrefHand, c: PrefConvention, sheet: _Sheet) -> None:
    """A game of 6…10 (seed 004's table, «Особенности вистования»)."""
    level = hand.contract.level
    cost = c.game_cost(level)  # type: ignore[arg-type]
    declarer = hand.declarer
    assert declarer is not None and level is not None
    if not hand.whisters:  # both passed
        sheet.to_pulya(declarer, cost.pulya)
        sheet.steps.append(BothPassed(declarer, cost.pulya))
        return
    taken = hand.tricks_of(declarer)
    undertricks = max(0, level - taken)
    if undertricks:
        sheet.to_gora(declarer, undertricks * cost.gora)
        sheet.steps.append(Undertricks(declarer, taken, level, undertricks, cost.gora, undertricks * cost.gora))
    else:
        sheet.to_pulya(declarer, cost.pulya)
        sheet.steps.append(GameMade(declarer, taken, level, cost.pulya))
    whist_gora(hand, c, sheet, level, cost.whist_gora)
    whist_vists(hand, c, sheet, cost.vists, undertricks)


def whist_shares(hand: PrefHand, c: PrefConvention, level: int) -> dict[str, Fraction | int]:
    """Each whister's part of the obligation: all of it for a lone whister; half each for two, the odd trick by the
    convention's ``whist.both_whist_odd_trick`` (``half_each``: half a trick each)."""
    obligation = c.obligation(level)
    whisters = hand.whisters
    if len(whisters) == 1:
        return {whisters[0]: obligation}
    half, odd = divmod(obligation, 2)
    shares: dict[str, Fraction | int] = dict.fromkeys(whisters, half)
    if odd:
        rule = c.whist.both_whist_odd_trick
        first, second = whisters  # seating order after the declarer
        if rule == "both":
            shares = dict.fromkeys(whisters, half + 1)
        elif rule == "half_each":
            from fractions import Fraction

            shares = dict.fromkeys(whisters, Fraction(obligation, 2))
        elif rule == "after_declarer":
            shares[first] += 1
        elif rule == "before_declarer":
            shares[second] += 1
        elif rule == "fewer_tricks":
            shares[second if hand.tricks_of(second) < hand.tricks_of(first) else first] += 1
    return shares


def whist_gora(hand: PrefHand, c: PrefConvention, sheet: _Sheet, level: int, per_trick: int) -> None:
    """Responsible whist (seed 004: half-responsible; RULES.md §11: full in Sochi, none at some tables): a whister
    short of his part writes per missing trick to гора (``per_trick``: the game's ``whist_gora``)."""
    if c.whist.responsibility == "none":
        return
    shares = whist_shares(hand, c, level)
    obligation = c.obligation(level)
    for player, share in shares.items():
        sheet.steps.append(WhistShare(player, obligation, exact(share), len(shares)))
    cap = None
    if len(shares) == 2 and c.whist.both_whist_short in ("total_short", "pair_capped"):
        together = sum(hand.tricks_of(p) for p in shares)
        if together >= obligation:
            return
        if c.whist.both_whist_short == "pair_capped":
            cap = obligation - together
            sheet.steps.append(PairShort(together, obligation, cap))
    for player, share in shares.items():
        short = max(0, share - hand.tricks_of(player))
        if cap is not None:
            short = min(short, cap)
        if short:
            gora = exact(short * per_trick)
            sheet.to_gora(player, gora)
            sheet.steps.append(WhistShort(player, exact(share), hand.tricks_of(player), exact(short), per_trick, gora))


def whist_vists(hand: PrefHand, c: PrefConvention, sheet: _Sheet, per_trick: int, undertricks: int) -> None:
    """Vists for the tricks taken and, when the declarer is down, the consolation (gentleman whist, seed 004; greedy
    whist and the consolation of every other player, RULES.md §11)."""
    declarer = hand.declarer
    assert declarer is not None and hand.contract.level is not None
    owed: dict[str, Fraction | int] = dict.fromkeys(hand.defenders, 0)
    for player in hand.whisters:
        tricks = hand.tricks_of(player)
        owed[player] += tricks * per_trick
        sheet.steps.append(TrickVists(player, declarer, tricks, per_trick, tricks * per_trick))
    outside: dict[str, Fraction | int] = {}  # the dealer sitting out, writing his consolation (all_others)
    if undertricks:
        rule = c.whist.consolation_by
        writers = hand.whisters if rule == "whisters" else hand.defenders
        if rule == "all_others" and hand.dealer is not None:
            writers = (*writers, hand.dealer)
        consolation = c.consolation(hand.contract.level)
        for player in writers:
            if player in owed:
                owed[player] += undertricks * consolation
            else:
                outside[player] = undertricks * consolation
            sheet.steps.append(Consolation(player, declarer, undertricks, consolation, undertricks * consolation))
    if len(hand.whisters) == 1:
        rule = c.whist.one_whister_down if undertricks else c.whist.one_whister_made
        if rule == "pooled_half":
            total = sum(owed.values(), 0)
            from fractions import Fraction

            each = exact(Fraction(total) / len(owed))
            owed = dict.fromkeys(owed, each)
            sheet.steps.append(Pooled(total, tuple(owed), each))
    for player, n in (*owed.items(), *outside.items()):
        sheet.vist(player, declarer, n)


def misere(hand: PrefHand, c: PrefConvention, sheet: _Sheet) -> None:
    """Мизер (seed 004): made → пуля; else per trick taken → гора; no vists."""
    declarer = hand.declarer
    assert declarer is not None
    taken = hand.tricks_of(declarer)
    if taken:
        sheet.to_gora(declarer, taken * c.misere.gora)
        sheet.steps.append(MisereTricks(declarer, taken, c.misere.gora, taken * c.misere.gora))
    else:
        sheet.to_pulya(declarer, c.misere.pulya)
        sheet.steps.append(MisereMade(declarer, c.misere.pulya))


def zero_tricks_pulya(c: PrefConvention, run: int = 0) -> int:
    """What a player with no trick on распасы gets (to пуля, or off his гора: ``raspasy.zero_tricks_to``), in пуля or
    гора points, on a распасы played after ``run`` of them."""
    r = c.raspasy
    return r.zero_tricks_pulya * (trick_price(c, run) if r.zero_tricks_unit == "trick_price" else 1)


def trick_price(c: PrefConvention, run: int = 0) -> int:
    """The price of a trick on распасы after ``run`` of them: vists (the fewest tricks write) or гора points (each
    writes his own), times the progression's multiplier."""
    r = c.raspasy
    base = r.vists_per_trick if r.writer == "fewest_tricks" else r.gora_per_trick
    return base * r.multiplier(run)


def all_pass(hand: PrefHand, c: PrefConvention, sheet: _Sheet, run: int = 0) -> None:
    """Распасы: the fewest tricks write on each other player his tricks × price, two tied half each (seed 004); or
    each player writes his tricks × price to гора (RULES.md §11), the price rising over a run of распасы."""
    r = c.raspasy
    price = trick_price(c, run)
    if isinstance(r.progression, list):
        base = r.vists_per_trick if r.writer == "fewest_tricks" else r.gora_per_trick
        sheet.steps.append(RaspasyPrice(run + 1, base, r.multiplier(run), price))
    tricks = dict(hand.tricks)
    fewest = min(tricks.values())
    if r.writer == "fewest_tricks":
        from fractions import Fraction

        writers = [p for p in hand.active if tricks[p] == fewest]
        for on in hand.active:
            if on in writers:
                continue
            for player in writers:
                vists = exact(Fraction(tricks[on] * price, len(writers)))
                sheet.vist(player, on, vists)
                sheet.steps.append(AllPassWrites(player, on, tricks[on], price, len(writers), vists))
    else:
        less = fewest if r.amnesty else 0
        for player in hand.active:
            if tricks[player] - less:
                gora = (tricks[player] - less) * price
                sheet.to_gora(player, gora)
                sheet.steps.append(AllPassGora(player, tricks[player], less, price, gora))
    zero = zero_tricks_pulya(c, run)
    clean = [p for p in hand.active if tricks[p] == 0]
    if hand.dealer is not None and c.players.dealer_all_pass == "as_zero_tricks":
        clean.append(hand.dealer)
    for player in clean:
        dealer = player == hand.dealer
        if r.zero_tricks_to == "off_gora":
            sheet.to_gora(player, -zero)
            if zero:
                sheet.steps.append(ZeroTricksOffGora(player, zero, dealer))
            continue
        sheet.to_pulya(player, zero)
        sheet.steps.append(DealerOut(player, zero) if dealer else ZeroTricks(player, zero))
