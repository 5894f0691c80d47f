"""Club tournaments, pure: who plays whom each round, and the standings after any number of rounds.

Nothing here knows a game, reads a file or makes text: entrants are names, a table seats two pairs or three or four
players (each game says how many: :attr:`bbscore.games.Game.table_sizes`), and a finished table's result is a
:class:`bbscore.games.TableResult` (the points of each side and its place), which each game reads from its own sheet.

* :func:`berger` — a round-robin of pairs by the standard Berger tables: every entrant meets every other exactly once,
  nobody twice in a round; with an odd number of entrants a dummy is added and whoever meets it has the bye (each
  entrant exactly once in a full cycle);
* :func:`seat` — the next round by standings (the Swiss system; for tables of three or four also a schedule
  made in advance, :func:`rotation`): the fewest repeated meetings possible (none while that can be avoided), then the
  Monrad order — the highest-placed entrant not yet seated meets the next highest he may meet; the bye (an odd
  number) goes to the lowest-placed entrant who has not had one;
* :func:`standings` — per entrant: games finished, wins, draws, losses, points for and against, the difference,
  tournament points (a win 1, a tie for first shared, a bye 1 once its round is over), the tie-breaks (head-to-head among the entrants
  level on points; Buchholz — the sum of the opponents' points — for the Swiss system), each round's result; a game
  not finished is shown as such and counts nothing yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Mapping, Sequence

from bbscore.games import TableResult

SYSTEMS = ("round-robin", "swiss")
OUTCOMES = ("win", "draw", "loss", "unfinished", "bye", "error")


@dataclass(frozen=True, kw_only=True)
class Table:
    """One table of a round: its number (from 1), its sheet's file name and the entrants seated, in seat order."""

    number: int
    sheet: str
    entrants: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Round:
    """One round: its number (from 1), its tables and the entrants who sit out (the bye)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()


# --- The schedule of a round-robin ---


def berger(count: int) -> list[tuple[list[tuple[int, int]], int | None]]:
    """The Berger tables for ``count`` ≥ 2 entrants (numbered 0 … count − 1, the order of the entry list): one item per
    round — the pairings as (first seat, second seat), board 1 first, and the entrant with the bye (None for an even
    number).  ``count`` − 1 rounds for an even number, ``count`` for an odd one.

    The standard construction (FIDE's Berger tables): with n entrants (one dummy added to an odd number) and m = n − 1,
    round r pairs i and j with i + j ≡ r + 1 (mod m); the one with 2i ≡ r + 1 meets entrant n, who sits second in odd
    rounds and first in even ones; board k seats (p + k, p − k) around p, the one who meets n."""
    if count < 2:
        raise ValueError("a round-robin needs two entrants")
    n = count + count % 2
    m = n - 1
    half = (m + 1) // 2  # the inverse of 2 modulo the odd m
    schedule = []
    for r in range(1, m + 1):
        p = ((r + 1) * half) % m or m

        def wrap(value: int) -> int:
            return (value - 1) % m + 1

        boards = [(p, n) if r % 2 else (n, p)]
        boards += [(wrap(p + k), wrap(p - k)) for k in range(1, n // 2)]
        bye = None
        pairs = []
        for first, second in boards:
            if n != count and n in (first, second):
                bye = (second if first == n else first) - 1
                continue
            pairs.append((first - 1, second - 1))
        schedule.append((pairs, bye))
    return schedule


def full_cycle(count: int) -> int:
    """How many rounds a round-robin of ``count`` pairs has (everyone meets everyone once)."""
    return count - 1 + count % 2


# --- Tables of a round ---


def table_sizes(count: int, allowed: Sequence[int], preferred: int) -> list[int]:
    """The tables a round of ``count`` entrants needs: the fewest byes, then as many tables of ``preferred`` entrants as
    can be, the rest of the other ``allowed`` sizes (larger first); the entrants left over (an odd number of pairs,
    five players at tables of three or four) have the bye.  An empty list when fewer entrants than a table seats."""
    others = sorted((size for size in set(allowed) if size != preferred), reverse=True)
    for byes in range(count):
        seated = count - byes
        for tables in range(seated // preferred, -1, -1):
            rest = _made_of(seated - tables * preferred, others)
            if rest is not None and (tables or rest):
                return [preferred] * tables + rest
    return []


def _made_of(total: int, sizes: list[int]) -> list[int] | None:
    """``total`` as a sum of ``sizes`` (the larger as often as it can), or None."""
    if total == 0:
        return []
    if not sizes:
        return None
    size, *rest = sizes
    for count in range(total // size, -1, -1):
        found = _made_of(total - count * size, rest)
        if found is not None:
            return [size] * count + found
    return None


def meetings(rounds: Sequence[Round]) -> dict[frozenset[str], int]:
    """How many times each two entrants have sat at one table in ``rounds``."""
    met: dict[frozenset[str], int] = {}
    for round_ in rounds:
        for table in round_.tables:
            for a, b in combinations(table.entrants, 2):
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


def seat(order: Sequence[str], sizes: Sequence[int], met: Mapping[frozenset[str], int],
         had_bye: set[str] | frozenset[str] = frozenset()) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """Seat ``order`` (the entrants, highest placed first) at tables of ``sizes``; returns the tables (each in seat
    order, highest placed first) and the byes.

    The fewest repeated meetings first (each two entrants at one table count the times they have met before,
    ``met``): none while that can be avoided.  Among the seatings with the fewest, the bye goes to the lowest-placed
    entrant who has not had one (``had_bye``; anyone, lowest first, once everyone has), and the tables follow the
    Monrad order: the highest entrant not yet seated with the next highest he may sit with.  Pairs are seated by an
    exact search (an iterative bound on the repeats, failures remembered): a few milliseconds for 40 pairs.  Tables
    of three or four are seated exactly up to :data:`EXACT_TABLES` players; a larger field is seated by the same
    order, each table taking the players who add the fewest repeats, then improved by swapping two players of two
    tables while that lowers the repeats (the fewest are then not guaranteed, only approached)."""
    order = list(order)
    byes = len(order) - sum(sizes)
    if byes < 0:
        raise ValueError("more seats than entrants")
    lowest_first = order[::-1]
    fresh = [name for name in lowest_first if name not in had_bye]
    if len(fresh) >= byes:
        bye_options = list(combinations(fresh, byes))
    else:
        rest = [name for name in lowest_first if name in had_bye]
        bye_options = [tuple(fresh) + extra for extra in combinations(rest, byes - len(fresh))]
    if max(sizes, default=2) > 2 and len(order) - byes > EXACT_TABLES:
        seatings = [(_improved([name for name in order if name not in bye], list(sizes), met), bye) for bye in bye_options]
        best = min(cost for (_tables, cost), _bye in seatings)
        (tables, _cost), bye = next(item for item in seatings if item[0][1] == best)
        return tables, tuple(sorted(bye, key=order.index))
    searches = {bye: _Search([name for name in order if name not in bye], list(sizes), met) for bye in bye_options}
    ceiling = min(search.greedy_cost() for search in searches.values())
    for budget in range(ceiling + 1):
        for bye in bye_options:
            found = searches[bye].within(budget)
            if found is not None:
                return found, tuple(sorted(bye, key=order.index))
    raise AssertionError("the greedy seating is within its own cost")  # pragma: no cover


EXACT_TABLES = 12  # tables of three or four: an exact search up to this many players (a field of 16 could take seconds)


RESTARTS = 24  # the large-field seating: the standings order first, then this many fixed shuffles of it


def _improved(players: list[str], sizes: list[int], met: Mapping[frozenset[str], int]) -> tuple[list[tuple[str, ...]], int]:
    """A seating of a large field at tables of ``sizes`` and its repeats: greedy in the standings order, then
    improving swaps; the same from fixed shuffles of the order (the same every run), the fewest repeats kept (the
    standings order's among equals)."""
    import random

    count = len(players)
    cost = [[0] * count for _player in range(count)]  # the meetings of each two players, by their index in players
    rank = {name: index for index, name in enumerate(players)}
    for key, times in met.items():
        pair = [rank[name] for name in key if name in rank]
        if len(pair) == 2:
            cost[pair[0]][pair[1]] = cost[pair[1]][pair[0]] = times
    shuffler = random.Random(count)
    indices = list(range(count))
    best = _swapped(list(indices), sizes, cost)
    for _restart in range(RESTARTS):
        if best[1] == 0:
            break
        order = list(players)
        shuffler.shuffle(order)
        found = _swapped([rank[name] for name in order], sizes, cost)
        if found[1] < best[1]:
            best = found
    tables, total = best
    return [tuple(players[i] for i in table) for table in tables], total


def _swapped(order: list[int], sizes: list[int], cost: list[list[int]]) -> tuple[list[tuple[int, ...]], int]:
    """One seating from ``order`` (players by index; ``cost[a][b]``: how often a and b have met): each table takes the
    first player left, then one by one the player who adds the fewest repeats (the first in ``order`` among equals);
    then, while one exists, the first swap of two players of two tables (tables, then seats, in order) that lowers the
    repeats.  Each player's repeats with each table are kept as sums, so a swap is weighed at once."""
    left = list(order)
    tables: list[list[int]] = []
    sums: list[list[int]] = []  # table → each player's repeats with its players
    for size in sizes:
        table = [left.pop(0)]
        adds = list(cost[table[0]])
        while len(table) < size:
            pick = min(left, key=adds.__getitem__)  # (the first among equals)
            left.remove(pick)
            table.append(pick)
            adds = [total + more for total, more in zip(adds, cost[pick])]
        tables.append(table)
        sums.append(adds)
    pairs = list(combinations(range(len(tables)), 2))
    touching: list[list[int]] = [[] for _table in tables]  # table → the pairs of tables it is in
    for number, (first, second) in enumerate(pairs):
        touching[first].append(number)
        touching[second].append(number)
    settled = [False] * len(pairs)  # no swap between these two tables lowers the repeats (as they are now)
    while True:
        swap = None
        for number, (first, second) in enumerate(pairs):
            if settled[number]:  # (only a swap at one of its two tables can change that)
                continue
            swap = _first_swap(tables[first], tables[second], sums[first], sums[second], cost)
            if swap is not None:
                break
            settled[number] = True
        if swap is None:
            break
        i, j = swap
        one, two = tables[first], tables[second]
        a, b = one[i], two[j]
        one[i], two[j] = b, a
        sums[first] = [total + joins - leaves for total, joins, leaves in zip(sums[first], cost[b], cost[a])]
        sums[second] = [total - leaves + joins for total, leaves, joins in zip(sums[second], cost[b], cost[a])]
        for number in touching[first] + touching[second]:
            settled[number] = False
    seated = sorted((tuple(sorted(table)) for table in tables), key=lambda table: table[0])
    total = sum(cost[a][b] for table in seated for a, b in combinations(table, 2))
    return seated, total


def _first_swap(one: list[int], two: list[int], at_one: list[int], at_two: list[int],
                cost: list[list[int]]) -> tuple[int, int] | None:
    """The first swap (seats in order) of a player of table ``one`` with one of table ``two`` that lowers the repeats
    (``at_one``/``at_two``: each player's repeats with each table), or None."""
    for i, a in enumerate(one):
        row = cost[a]
        for j, b in enumerate(two):
            if at_one[b] + at_two[a] - 2 * row[b] - at_one[a] - at_two[b] < 0:
                return i, j
    return None


class _Search:
    """Seatings of ``players`` (in order) at tables of ``sizes`` with at most a given number of repeated meetings."""

    def __init__(self, players: list[str], sizes: list[int], met: Mapping[frozenset[str], int]) -> None:
        self.players = players
        self.sizes = sizes
        self.cost = [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in players] for a in players]
        self.failed: dict[int, int] = {}  # seated mask → the largest budget known to fail from there

    def greedy_cost(self) -> int:
        """The repeats of seating everyone in order, table after table (an upper bound of the fewest)."""
        start, total = 0, 0
        for size in self.sizes:
            group = range(start, start + size)
            total += sum(self.cost[a][b] for a, b in combinations(group, 2))
            start += size
        return total

    def within(self, budget: int) -> list[tuple[str, ...]] | None:
        found = self._go(0, 0, budget)
        return None if found is None else [tuple(self.players[i] for i in group) for group in found]

    def _go(self, mask: int, table: int, budget: int) -> list[tuple[int, ...]] | None:
        if table == len(self.sizes):
            return []
        if self.failed.get(mask, -1) >= budget:
            return None
        free = [i for i in range(len(self.players)) if not mask >> i & 1]
        top, rest = free[0], free[1:]
        for others in combinations(rest, self.sizes[table] - 1):
            group = (top, *others)
            cost = sum(self.cost[a][b] for a, b in combinations(group, 2))
            if cost > budget:
                continue
            found = self._go(mask | sum(1 << i for i in group), table + 1, budget - cost)
            if found is not None:
                return [group, *found]
        self.failed[mask] = max(self.failed.get(mask, -1), budget)
        return None


def rotation(entrants: Sequence[str], rounds: int, sizes: Sequence[int]) -> list[tuple[list[tuple[str, ...]], tuple[str, ...]]]:
    """A schedule made in advance for tables of three or four (where no round-robin of exactly one meeting each
    exists in general): round after round, :func:`seat` in the entry order with the meetings of the rounds before —
    everyone meets everyone as evenly as the tables allow, the byes taken in turn."""
    schedule = []
    met: dict[frozenset[str], int] = {}
    had_bye: set[str] = set()
    for _number in range(rounds):
        tables, byes = seat(entrants, sizes, met, had_bye if len(had_bye) < len(entrants) else set())
        for group in tables:
            for a, b in combinations(group, 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        had_bye.update(byes)
        schedule.append((tables, byes))
    return schedule


def default_rounds(system: str, count: int, size: int) -> int:
    """The rounds when none are asked: a whole round-robin of pairs; a rotation of tables of ``size`` until each
    could have met every other once; Swiss: ⌈log₂ count⌉ (at least 1)."""
    if system == "round-robin":
        return full_cycle(count) if size == 2 else max(1, math.ceil((count - 1) / (size - 1)))
    return max(1, math.ceil(math.log2(count)))


# --- Standings ---


@dataclass(frozen=True, kw_only=True)
class Game:
    """One entrant's round: ``outcome`` (:data:`OUTCOMES`), the table and its sheet (None for a bye), the others at
    the table, the points for and against (whole, as shown; ``exact_points``/``exact_against``: exact, as the
    tie-breaks compare them) and the tournament points won (a finished game's; 0 otherwise)."""

    round: int
    outcome: str
    table: int | None = None
    sheet: str | None = None
    opponents: tuple[str, ...] = ()
    points: int = 0
    against: int = 0
    score: Fraction = Fraction(0)
    exact_points: Fraction = Fraction(0)
    exact_against: Fraction = Fraction(0)


@dataclass(frozen=True, kw_only=True)
class Line:
    """An entrant's line of the standings (``place`` from 1; entrants level on every count share it)."""

    name: str
    place: int
    played: int
    wins: int
    draws: int
    losses: int
    unfinished: int
    byes: int
    points_for: int
    points_against: int
    score: Fraction
    head_to_head: Fraction
    buchholz: Fraction | None
    games: tuple[Game, ...]

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True, kw_only=True)
class Standings:
    """The table of the tournament after the rounds given: ``lines`` in order of place; ``wrong``: the sheets whose
    stored numbers disagree with their hands (sheet → the slips; their numbers are the rules'); ``errors``: the
    sheets that could not be read (sheet → why); ``unfinished``: the sheets of games not finished (each round's, in
    order)."""

    system: str
    lines: tuple[Line, ...]
    rounds: int
    wrong: dict[str, tuple[str, ...]]
    errors: dict[str, str]
    unfinished: tuple[str, ...]


def _table_games(round_: Round, table: Table, result: TableResult | str | None) -> dict[str, Game]:
    """Each entrant's :class:`Game` at one table."""
    found = {}
    for name in table.entrants:
        others = tuple(other for other in table.entrants if other != name)
        base = {"round": round_.number, "table": table.number, "sheet": table.sheet, "opponents": others}
        if not isinstance(result, TableResult):
            found[name] = Game(outcome="error", **base)
            continue
        index = result.sides.index(name)
        points = {"points": result.points[index], "against": result.against[index],
                  "exact_points": Fraction((result.exact_points or result.points)[index]),
                  "exact_against": Fraction((result.exact_against or result.against)[index])}
        if not result.finished:
            found[name] = Game(outcome="unfinished", **points, **base)
            continue
        firsts = result.ranks.count(1)
        rank = result.ranks[index]
        outcome = "loss" if rank != 1 else "win" if firsts == 1 else "draw"
        found[name] = Game(outcome=outcome, score=Fraction(1, firsts) if rank == 1 else Fraction(0), **points, **base)
    return found


def standings(entrants: Sequence[str], rounds: Sequence[Round], results: Mapping[str, TableResult | str],
              system: str) -> Standings:
    """The standings after ``rounds`` from each sheet's ``results`` (sheet → :class:`TableResult`, or the reason it
    could not be read).  Ordered by tournament points, then for the Swiss system Buchholz, then head-to-head (the
    points won in the games among the entrants level so far), the difference, the points for (both exact: a
    settlement's rounding to whole vists never decides a place), and the entry order."""
    games: dict[str, list[Game]] = {name: [] for name in entrants}
    wrong: dict[str, tuple[str, ...]] = {}
    errors: dict[str, str] = {}
    unfinished: list[str] = []
    for round_ in rounds:
        for table in round_.tables:
            result = results.get(table.sheet)
            if isinstance(result, TableResult):
                if result.wrong:
                    wrong[table.sheet] = result.wrong
                if not result.finished:
                    unfinished.append(table.sheet)
            else:
                errors[table.sheet] = result or ""
            for name, game in _table_games(round_, table, result).items():
                games[name].append(game)
        over = all(isinstance(results.get(table.sheet), TableResult) and results[table.sheet].finished
                   for table in round_.tables)
        for name in round_.byes:  # the bye's point once the round is over
            games[name].append(Game(round=round_.number, outcome="bye", score=Fraction(1 if over else 0)))
    score = {name: sum((game.score for game in played), Fraction(0)) for name, played in games.items()}
    buchholz = None
    if system == "swiss":
        buchholz = {name: sum((score[other] for game in played if game.outcome in ("win", "draw", "loss")
                               for other in game.opponents), Fraction(0)) for name, played in games.items()}

    def totals(name: str) -> tuple[int, int]:
        done = [game for game in games[name] if game.outcome in ("win", "draw", "loss")]
        return sum(game.points for game in done), sum(game.against for game in done)

    def exact(name: str) -> tuple[Fraction, Fraction]:  # what the tie-breaks compare: never a rounding's result
        done = [game for game in games[name] if game.outcome in ("win", "draw", "loss")]
        return (sum((game.exact_points for game in done), Fraction(0)),
                sum((game.exact_against for game in done), Fraction(0)))

    head = {}
    for name in entrants:
        level = {other for other in entrants if score[other] == score[name]}
        head[name] = sum((game.score for game in games[name] if game.outcome in ("win", "draw", "loss")
                          and level.intersection(game.opponents)), Fraction(0))

    def key(name: str) -> tuple:
        points_for, points_against = exact(name)
        swiss = (-buchholz[name],) if buchholz is not None else ()
        return (-score[name], *swiss, -head[name], -(points_for - points_against), -points_for)

    ordered = sorted(entrants, key=lambda name: (key(name), list(entrants).index(name)))
    lines = []
    for position, name in enumerate(ordered, start=1):
        place = lines[-1].place if lines and key(lines[-1].name) == key(name) else position
        played = games[name]
        count = {outcome: sum(game.outcome == outcome for game in played) for outcome in OUTCOMES}
        points_for, points_against = totals(name)
        lines.append(Line(
            name=name, place=place, played=count["win"] + count["draw"] + count["loss"], wins=count["win"],
            draws=count["draw"], losses=count["loss"], unfinished=count["unfinished"] + count["error"],
            byes=count["bye"], points_for=points_for, points_against=points_against, score=score[name],
            head_to_head=head[name], buchholz=None if buchholz is None else buchholz[name], games=tuple(played)))
    return Standings(system=system, lines=tuple(lines), rounds=len(rounds), wrong=wrong, errors=errors,
                     unfinished=tuple(unfinished))
