"""What one hand of preferans writes (RULES.md §9, seed 004): a pure function of a hand and a convention.

:func:`score` returns a :class:`HandEntries`: the пуля and гора entries by
player, the vists one player writes on another, and the working as data (a
list of step records holding the numbers; :mod:`bbscore.preferans.working`
turns them into Russian lines).  Every number comes from the convention.

Vists are exact (:class:`fractions.Fraction`): a pooled or tied share is a
half, whole with the bundled numbers but not necessarily with every file's.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from bbscore.preferans.contract import Kind
from bbscore.preferans.hand import PrefHand
from bbscore.preferans.rules import PrefConvention


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
    """A whister's part of the obligation (``share`` tricks of ``obligation``)."""

    player: str
    obligation: int
    share: int
    whisters: int


class WhistShort(Step):
    player: str
    share: int
    tricks: int
    short: int
    per_trick: int
    gora: int


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


class HandEntries(msgspec.Struct, frozen=True):
    """What a hand writes.

    ``pulya`` and ``gora``: ``{player: points}`` (only players who write);
    ``vists``: ``((from, on, n), …)`` with n > 0, in the order written;
    ``steps``: the working.
    """

    contract: str
    pulya: dict[str, int]
    gora: dict[str, int]
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
        self.gora: dict[str, int] = {}
        self.vists: list[tuple[str, str, Fraction]] = []
        self.steps: list[Step] = []

    def to_pulya(self, player: str, n: int) -> None:
        if n:
            self.pulya[player] = self.pulya.get(player, 0) + n

    def to_gora(self, player: str, n: int) -> None:
        if n:
            self.gora[player] = self.gora.get(player, 0) + n

    def vist(self, player: str, on: str, n: Fraction) -> None:
        if n:
            self.vists.append((player, on, exact(n)))


def score(hand: PrefHand, convention: PrefConvention) -> HandEntries:
    """The entries of one checked hand (made by :func:`~bbscore.preferans.hand.make_hand`).  Raises nothing."""
    sheet = _Sheet()
    kind = hand.contract.kind
    if kind is Kind.ALL_PASS:
        all_pass(hand, convention, sheet)
    elif kind is Kind.MISERE:
        misere(hand, convention, sheet)
    else:
        game(hand, convention, sheet)
    return HandEntries(str(hand.contract), sheet.pulya, sheet.gora, tuple(sheet.vists), tuple(sheet.steps))


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


def whist_shares(hand: PrefHand, c: PrefConvention, level: int) -> dict[str, int]:
    """Each whister's part of the obligation: all of it for a lone whister; half each for two, the odd trick by the
    convention's ``whist.both_whist_odd_trick``."""
    obligation = c.obligation(level)
    whisters = hand.whisters
    if len(whisters) == 1:
        return {whisters[0]: obligation}
    half, odd = divmod(obligation, 2)
    shares = dict.fromkeys(whisters, half)
    if odd:
        rule = c.whist.both_whist_odd_trick
        first, second = whisters  # seating order after the declarer
        if rule == "both":
            shares = dict.fromkeys(whisters, half + 1)
        elif rule == "after_declarer":
            shares[first] += 1
        elif rule == "before_declarer":
            shares[second] += 1
        elif rule == "fewer_tricks":
            shares[second if hand.tricks_of(second) < hand.tricks_of(first) else first] += 1
    return shares


def whist_gora(hand: PrefHand, c: PrefConvention, sheet: _Sheet, level: int, per_trick: int) -> None:
    """Half-responsible whist (seed 004): a whister short of his part writes per missing trick to гора."""
    shares = whist_shares(hand, c, level)
    obligation = c.obligation(level)
    for player, share in shares.items():
        sheet.steps.append(WhistShare(player, obligation, share, len(shares)))
    if len(shares) == 2 and c.whist.both_whist_short == "total_short":
        if sum(hand.tricks_of(p) for p in shares) >= obligation:
            return
    for player, share in shares.items():
        short = max(0, share - hand.tricks_of(player))
        if short:
            sheet.to_gora(player, short * per_trick)
            sheet.steps.append(WhistShort(player, share, hand.tricks_of(player), short, per_trick, short * per_trick))


def whist_vists(hand: PrefHand, c: PrefConvention, sheet: _Sheet, per_trick: int, undertricks: int) -> None:
    """Vists for the tricks taken and, when the declarer is down, the consolation (gentleman whist, seed 004)."""
    declarer = hand.declarer
    assert declarer is not None
    owed: dict[str, Fraction | int] = dict.fromkeys(hand.defenders, 0)
    for player in hand.whisters:
        tricks = hand.tricks_of(player)
        owed[player] += tricks * per_trick
        sheet.steps.append(TrickVists(player, declarer, tricks, per_trick, tricks * per_trick))
    if undertricks:
        writers = hand.defenders if c.whist.consolation_by == "both" else hand.whisters
        for player in writers:
            owed[player] += undertricks * c.whist.consolation
            sheet.steps.append(Consolation(player, declarer, undertricks, c.whist.consolation,
                                           undertricks * c.whist.consolation))
    if len(hand.whisters) == 1:
        rule = c.whist.one_whister_down if undertricks else c.whist.one_whister_made
        if rule == "pooled_half":
            total = sum(owed.values(), 0)
            each = exact(Fraction(total) / len(owed))
            owed = dict.fromkeys(owed, each)
            sheet.steps.append(Pooled(total, tuple(owed), each))
    for player, n in owed.items():
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


def zero_tricks_pulya(c: PrefConvention) -> int:
    """What a player with no trick on распасы writes to пуля, in пуля points."""
    r = c.raspasy
    return r.zero_tricks_pulya * (r.vists_per_trick if r.zero_tricks_unit == "trick_price" else 1)


def all_pass(hand: PrefHand, c: PrefConvention, sheet: _Sheet) -> None:
    """Распасы (seed 004): the fewest tricks write on each other player his tricks × price; two tied write half each."""
    price = c.raspasy.vists_per_trick
    tricks = dict(hand.tricks)
    fewest = min(tricks.values())
    writers = [p for p in hand.active if tricks[p] == fewest]
    for on in hand.active:
        if on in writers:
            continue
        for player in writers:
            vists = exact(Fraction(tricks[on] * price, len(writers)))
            sheet.vist(player, on, vists)
            sheet.steps.append(AllPassWrites(player, on, tricks[on], price, len(writers), vists))
    zero = zero_tricks_pulya(c)
    for player in hand.active:
        if tricks[player] == 0:
            sheet.to_pulya(player, zero)
            sheet.steps.append(ZeroTricks(player, zero))
    if hand.dealer is not None and c.players.dealer_all_pass == "as_zero_tricks":
        sheet.to_pulya(hand.dealer, zero)
        sheet.steps.append(DealerOut(hand.dealer, zero))
