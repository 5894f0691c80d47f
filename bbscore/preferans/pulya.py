"""A пуля replayed: a list of hands → the running sheet (RULES.md §9, §11).

:func:`replay` scores each hand (:func:`bbscore.preferans.engine.score`) and
writes its entries on the sheet the way they go on paper: each player's пуля
and гора as running totals, the vists each player wrote on each other.  A
пуля that reaches the target is closed; points beyond it follow the
convention's ``pulya.overflow`` (help another player's open пуля — the helper
writes ``help_vists_per_point`` vists per point on him — or written off one's
own гора).  Where the game is played to a table total or a time (``pulya.end``), no пуля closes.  The sheet also
says who is closest to closing and whether the game has ended.

The replay carries what a hand depends on from the hands before it: the run of распасы in a row (the price of
the next one, and the lowest game that may be declared, :func:`check_run` refusing a lower one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bbscore.errors import InconsistentHandError
from bbscore.i18n import _
from bbscore.preferans.contract import Kind
from bbscore.preferans.engine import HandEntries, Step, lowest_game, next_run, runs_matter, score
from bbscore.preferans.hand import PrefHand, after
from bbscore.preferans.rules import PrefConvention


class PulyaClosed(Step):
    """``player``'s пуля reached the target: of ``points`` written, ``kept`` went in, ``excess`` beyond."""

    player: str
    points: int
    kept: int
    excess: int


class Helped(Step):
    """Excess put in ``on``'s open пуля; ``player`` writes ``vists`` on him for it."""

    player: str
    on: str
    points: int
    vists: Fraction


class OffGora(Step):
    """Excess written off ``player``'s own гора."""

    player: str
    points: int


@dataclass(frozen=True)
class PulyaSheet:
    """The sheet after some hands.

    ``pulya``/``gora``: totals by player; ``pulya_running``/``gora_running``:
    the running totals as written on paper, one per entry; ``vists``:
    ``{(from, on): n}`` for every ordered pair of players; ``hands``: each
    hand's :class:`~bbscore.preferans.engine.HandEntries`; ``closing``: the
    overflow steps as ``(hand number from 1, step)``; ``left``: what each
    пуля lacks to the target; ``closest``: the open пули with the least left
    (empty when all are closed); ``ended``: whether the game is over.
    """

    players: tuple[str, ...]
    target: int
    pulya: dict[str, int]
    pulya_running: dict[str, tuple[int, ...]]
    gora: dict[str, int]
    gora_running: dict[str, tuple[int, ...]]
    vists: dict[tuple[str, str], Fraction]
    hands: tuple[HandEntries, ...]
    closing: tuple[tuple[int, Step], ...]
    left: dict[str, int]
    closest: tuple[str, ...]
    ended: bool
    table_left: int | None = None
    runs: tuple[int, ...] = ()
    run: int = 0
    lowest: int = 6
    runs_matter: bool = False
    end: str = "every_pulya"


class _Writer:
    def __init__(self, players: tuple[str, ...], convention: PrefConvention) -> None:
        self.players = players
        self.c = convention
        self.target = convention.pulya.target
        self.pulya = dict.fromkeys(players, 0)
        self.gora: dict[str, Fraction | int] = dict.fromkeys(players, 0)
        self.pulya_running: dict[str, list[int]] = {p: [] for p in players}
        self.gora_running: dict[str, list[Fraction | int]] = {p: [] for p in players}
        self.vists = {(a, b): 0 for a in players for b in players if a != b}
        self.closing: list[tuple[int, Step]] = []

    def add_pulya(self, player: str, n: int) -> None:
        self.pulya[player] += n
        self.pulya_running[player].append(self.pulya[player])

    def add_gora(self, player: str, n: Fraction | int) -> None:
        was = self.gora[player]
        if was.__class__ is int and n.__class__ is int:  # whole numbers (the common case): their sum, exactly
            self.gora[player] = was + n
        else:
            total = Fraction(was) + n
            self.gora[player] = total.numerator if total.denominator == 1 else total
        self.gora_running[player].append(self.gora[player])

    def write(self, number: int, entries: HandEntries) -> None:
        for player, n in entries.pulya.items():
            self.to_pulya(number, player, n)
        for player, n in entries.gora.items():
            self.add_gora(player, n)
        for player, on, n in entries.vists:
            self.vists[(player, on)] += n

    def to_pulya(self, number: int, player: str, points: int) -> None:
        if not self.c.pulya_closes:  # a table total or a time: a пуля only grows
            self.add_pulya(player, points)
            return
        kept = min(points, max(0, self.target - self.pulya[player]))
        if kept:
            self.add_pulya(player, kept)
        excess = points - kept
        if not excess:
            return
        self.closing.append((number, PulyaClosed(player, points, kept, excess)))
        if self.c.pulya.overflow == "help_others":
            while excess:
                helped = self.helped(player)
                if helped is None:
                    break
                give = min(excess, self.target - self.pulya[helped])
                self.add_pulya(helped, give)
                vists = Fraction(give * self.c.pulya.help_vists_per_point)
                self.vists[(player, helped)] += vists
                self.closing.append((number, Helped(player, helped, give, vists)))
                excess -= give
        if excess:
            self.add_gora(player, -excess)
            self.closing.append((number, OffGora(player, excess)))

    def helped(self, player: str) -> str | None:
        """Whose open пуля the excess of ``player`` goes to (``pulya.help_whom``), or None."""
        open_ = [p for p in after(self.players, player) if self.pulya[p] < self.target]
        if not open_:
            return None
        if self.c.pulya.help_whom == "next_in_turn":
            return open_[0]
        most = max(self.target - self.pulya[p] for p in open_)
        return next(p for p in open_ if self.target - self.pulya[p] == most)


def check_run(hand: PrefHand, convention: PrefConvention, run: int) -> None:
    """Refuse a game below the lowest one that may be declared after ``run`` распасы in a row (``raspasy.exit``;
    a мизер and распасы may always follow).  Raises :class:`~bbscore.errors.InconsistentHandError` (field
    ``"game"``)."""
    lowest = lowest_game(convention, run)
    if hand.contract.kind is Kind.GAME and hand.contract.level < lowest:  # type: ignore[operator]
        raise InconsistentHandError("game", hand.contract.shown(), _(
            "после распасов подряд ({run}) заказывают игру не ниже {lowest} (raspasy.exit правил), мизер или "
            "распасы").format(run=run, lowest=lowest))


def replay(players: Sequence[str], hands: Sequence[PrefHand], convention: PrefConvention,
           entries_known: Sequence[HandEntries] | None = None, start: PulyaSheet | None = None) -> PulyaSheet:
    """The sheet after ``hands`` (checked hands of these ``players``, in order).

    ``entries_known``: the hands' entries when the caller has already scored them (``score(hand, convention, run)``
    each, with the run of распасы before it).  ``start``: the sheet after the hands before ``hands`` (by the same
    rules), carried on: the sheet after all of them.

    Raises :class:`~bbscore.errors.InconsistentHandError` (field ``"players"``)
    for a hand of another table, (field ``"game"``) for a game lower than the run of распасы before it allows.
    """
    names = tuple(players)
    writer = _Writer(names, convention)
    scored = []
    run = 0
    runs = []
    if start is not None:  # the sheet so far, as its writer had it
        writer.pulya, writer.gora, writer.vists = dict(start.pulya), dict(start.gora), dict(start.vists)
        writer.pulya_running = {p: list(start.pulya_running[p]) for p in names}
        writer.gora_running = {p: list(start.gora_running[p]) for p in names}
        writer.closing = list(start.closing)
        scored, run, runs = list(start.hands), start.run, list(start.runs)
    for number, hand in enumerate(hands, start=len(scored) + 1):
        if hand.players != names:
            raise InconsistentHandError("players", list(hand.players),
                                        _("сдача {number} другого стола: в пуле играют {players}").format(
                                            number=number, players=", ".join(names)))
        if entries_known is None:
            check_run(hand, convention, run)
            entries = score(hand, convention, run)
        else:
            entries = entries_known[number - 1 - (len(start.hands) if start is not None else 0)]
        writer.write(number, entries)
        scored.append(entries)
        runs.append(run)
        run = next_run(hand, convention, run)
    left = {p: max(0, writer.target - writer.pulya[p]) for p in names}
    open_ = [p for p in names if left[p]]
    closest = tuple(p for p in open_ if left[p] == min(left[q] for q in open_))
    end = convention.pulya.end
    table_left = None
    if end == "table_total":
        table_left = max(0, writer.target * len(names) - sum(writer.pulya.values()))
    ended = _ended(writer.pulya, writer.target, end)
    return PulyaSheet(
        names, writer.target, dict(writer.pulya), {p: tuple(v) for p, v in writer.pulya_running.items()},
        dict(writer.gora), {p: tuple(v) for p, v in writer.gora_running.items()}, dict(writer.vists),
        tuple(scored), tuple(writer.closing), left, closest, ended, table_left, tuple(runs), run,
        lowest_game(convention, run), runs_matter(convention), end,
    )


def _ended(pulya: dict[str, int], target: int, end: str) -> bool:
    """Whether the game is over with these пули (each player's) and the rules' ``pulya.end``: every пуля closed, any
    one, the table's total reached — or never, when the players stop at an agreed time."""
    if end == "every_pulya":
        return all(points >= target for points in pulya.values())
    if end == "any_pulya":
        return any(points >= target for points in pulya.values())
    if end == "table_total":
        return sum(pulya.values()) >= target * len(pulya)
    return False


def first_end(players: Sequence[str], entries: Sequence[HandEntries], convention: PrefConvention, first: int,
              last: int, final: PulyaSheet | None = None) -> int | None:
    """The fewest hands ``count``, ``first`` ≤ ``count`` < ``last``, after which the sheet of the first ``count``
    hands (what they write: ``entries``, scored as for :func:`replay`) has ended, in one pass: what
    ``replay(players, hands[:count], convention, entries[:count]).ended`` says for each; None when it says so for
    none of them.  ``final``: the sheet after all of ``entries``, when the caller has it — when it has not ended and
    no hand writes less than nothing into a пуля, no пуля ever fell, so no fewer hands had ended the game (each end
    asks for пули reaching the target) and none is replayed."""
    if convention.pulya.end not in ("every_pulya", "any_pulya", "table_total"):
        return None
    if (final is not None and not final.ended
            and all(points >= 0 for hand_entries in entries for points in hand_entries.pulya.values())):
        return None
    writer = _Writer(tuple(players), convention)
    end = convention.pulya.end
    for count, hand_entries in enumerate(entries[:max(last - 1, 0)], start=1):
        writer.write(count, hand_entries)
        if count >= first and _ended(writer.pulya, writer.target, end):
            return count
    return None
