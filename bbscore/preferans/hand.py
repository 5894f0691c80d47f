"""One checked hand of preferans (RULES.md §9).

:func:`make_hand` takes what the score-keeper wrote down — the players in
their seating order, the game, the declarer, each defender's whist or pass,
the tricks each active player took, and with four players the dealer, who
sits out — and returns a :class:`PrefHand`, or refuses with a
:mod:`bbscore.errors` type whose ``field`` is a neutral key (``"players"``,
``"dealer"``, ``"game"``, ``"by"``, ``"whist"``, ``"tricks"``).

What is asked of each kind of hand:

* a game (6♠ … 10БК): the declarer; each of the two defenders whists or
  passes; the tricks of every active player, adding up to 10 — with one
  whister and one passer the passer takes none (the whister plays for both,
  seed 004: «Вистовавший, соответственно, взял пять взяток»); when both pass
  no trick is given (the game is not played);
* мизер: the declarer; no whist; the tricks of every active player (10);
* распасы: no declarer, no whist; the tricks of every active player (10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from bbscore.errors import InconsistentHandError
from bbscore.preferans.contract import Kind, PrefContract
from bbscore.preferans.rules import PrefConvention
from bbscore.i18n import _

TRICKS = 10  # a deal of 32 cards: 10 tricks for three hands of 10 cards (the game itself, not a convention's number)

_WHIST_WORDS = {"вист": True, "whist": True, "w": True, "в": True, "пас": False, "pass": False, "p": False, "п": False}


class PrefHand(msgspec.Struct, frozen=True):
    """A checked hand (a frozen record: a msgspec Struct).

    ``players``: everyone at the table, in seating order; ``active``: the three
    who play it (all but the dealer with four players); ``dealer``: who sits
    out (None with three); ``contract``; ``declarer`` (None on распасы);
    ``whist``: ``((defender, True/False), …)`` in seating order after the
    declarer (empty on мизер and распасы); ``tricks``: ``((player, n), …)``
    for the active players in seating order (empty when both defenders pass).
    """

    players: tuple[str, ...]
    active: tuple[str, ...]
    dealer: str | None
    contract: PrefContract
    declarer: str | None
    whist: tuple[tuple[str, bool], ...]
    tricks: tuple[tuple[str, int], ...]

    def tricks_of(self, player: str) -> int:
        return dict(self.tricks)[player]

    @property
    def whisters(self) -> tuple[str, ...]:
        return tuple(p for p, w in self.whist if w)

    @property
    def passers(self) -> tuple[str, ...]:
        return tuple(p for p, w in self.whist if not w)

    @property
    def defenders(self) -> tuple[str, ...]:
        """The two active players other than the declarer, in seating order after the declarer."""
        return tuple(p for p, _ in self.whist) if self.whist else after(self.active, self.declarer)  # type: ignore[arg-type]


def after(order: Sequence[str], player: str) -> tuple[str, ...]:
    """The others of ``order``, in seating order starting after ``player``."""
    i = order.index(player)
    return tuple(order[i + 1:]) + tuple(order[:i])


def check_players(players: Sequence[str], convention: PrefConvention) -> tuple[str, ...]:
    """The table's players: names not empty, none twice, as many as the convention allows."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InconsistentHandError("players", players, _("ожидается список имён игроков"))
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InconsistentHandError("players", name, _("имя игрока — непустой текст"))
    if len(set(names)) != len(names):
        raise InconsistentHandError("players", list(names), _("у игроков должны быть разные имена"))
    if len(names) not in convention.players.counts:
        counts = _(" или ").join(str(n) for n in convention.players.counts)
        raise InconsistentHandError("players", list(names), _("по этим правилам играют {counts}, а игроков {len}").format(counts=counts, len=len(names)))
    return names


def whist_choice(value: object) -> bool:
    """``True``/``False``, or the words вист/пас (whist/pass) in any case."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _WHIST_WORDS:
        return _WHIST_WORDS[value.strip().lower()]
    raise InconsistentHandError("whist", value, _("для каждого защитника: вист или пас"))


def make_hand(
    players: Sequence[str],
    game: PrefContract | str,
    *,
    convention: PrefConvention,
    declarer: str | None = None,
    whist: Mapping[str, bool | str] | None = None,
    tricks: Mapping[str, int] | None = None,
    dealer: str | None = None,
) -> PrefHand:
    """Check a hand's inputs (see the module's text) and return the :class:`PrefHand`.

    Raises :class:`~bbscore.errors.InconsistentHandError`, or the notation's
    errors for a ``game`` given as text (field ``"game"``).
    """
    names = check_players(players, convention)
    contract = game if isinstance(game, PrefContract) else PrefContract.parse(game)
    active = _active(names, dealer)
    whist = dict(whist or {})
    tricks = dict(tricks or {})
    if contract.kind is Kind.ALL_PASS:
        if declarer is not None:
            raise InconsistentHandError("by", declarer, _("на распасах нет играющего"))
        if whist:
            raise InconsistentHandError("whist", _shown(whist), _("на распасах не вистуют"))
        return PrefHand(names, active, dealer, contract, None, (), _all_tricks(tricks, names, active, dealer))
    if declarer is None:
        raise InconsistentHandError("by", None, _("нужно имя играющего: один из {join}").format(join=', '.join(active)))
    _known(declarer, names, "by")
    if declarer == dealer:
        raise InconsistentHandError("by", declarer, _("сдающий сидит на прикупе и не играет"))
    defenders = after(active, declarer)
    if contract.kind is Kind.MISERE:
        if whist:
            raise InconsistentHandError("whist", _shown(whist), _("на мизере висты не пишутся: вист и пас не указываются"))
        return PrefHand(names, active, dealer, contract, declarer, (), _all_tricks(tricks, names, active, dealer))
    choices = _whist(whist, names, defenders, declarer, dealer)
    if not any(w for _, w in choices):
        if tricks:
            raise InconsistentHandError("tricks", _shown(tricks), _("оба защитника спасовали: игра не разыгрывается, взятки не указываются"))
        return PrefHand(names, active, dealer, contract, declarer, choices, ())
    counted = _all_tricks(tricks, names, active, dealer)
    passers = [p for p, w in choices if not w]
    for passer in passers:
        if dict(counted)[passer]:
            raise InconsistentHandError(
                "tricks", f"{passer}: {dict(counted)[passer]}",
                _("пасовавший не берёт взяток: при одном вистующем все взятки защиты пишутся вистующему"))
    return PrefHand(names, active, dealer, contract, declarer, choices, counted)


def _active(names: tuple[str, ...], dealer: str | None) -> tuple[str, ...]:
    if len(names) == 4:
        if dealer is None:
            raise InconsistentHandError("dealer", None, _("вчетвером нужен сдающий (он сидит на прикупе): один из {join}").format(join=', '.join(names)))
        _known(dealer, names, "dealer")
        return tuple(p for p in names if p != dealer)
    if dealer is not None:
        _known(dealer, names, "dealer")
        raise InconsistentHandError("dealer", dealer, _("втроём сдающий играет: сидящий на прикупе бывает только вчетвером"))
    return names


def _known(player: object, names: tuple[str, ...], field: str) -> None:
    if player not in names:
        raise InconsistentHandError(field, player, _("нет такого игрока; играют: {join}").format(join=', '.join(names)))


def _shown(mapping: Mapping) -> str:
    return ", ".join(f"{k}: {v}" for k, v in mapping.items())


def _whist(whist: dict, names: tuple[str, ...], defenders: tuple[str, ...], declarer: str,
           dealer: str | None) -> tuple[tuple[str, bool], ...]:
    for player in whist:
        _known(player, names, "whist")
        if player == declarer:
            raise InconsistentHandError("whist", player, _("играющий не вистует: вист или пас говорят защитники"))
        if player == dealer:
            raise InconsistentHandError("whist", player, _("сдающий сидит на прикупе и не вистует"))
    missing = [p for p in defenders if p not in whist]
    if missing:
        raise InconsistentHandError("whist", _shown(whist) or None,
                                    _("для каждого защитника нужен вист или пас; не указано: {join}").format(join=', '.join(missing)))
    return tuple((p, whist_choice(whist[p])) for p in defenders)


def _all_tricks(tricks: dict, names: tuple[str, ...], active: tuple[str, ...],
                dealer: str | None) -> tuple[tuple[str, int], ...]:
    for player, count in tricks.items():
        _known(player, names, "tricks")
        if player == dealer:
            raise InconsistentHandError("tricks", player, _("сдающий сидит на прикупе и взяток не берёт"))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= TRICKS:
            raise InconsistentHandError("tricks", f"{player}: {count}", _("взяток — целое число от 0 до {TRICKS}").format(TRICKS=TRICKS))
    missing = [p for p in active if p not in tricks]
    if missing:
        raise InconsistentHandError("tricks", _shown(tricks) or None,
                                    _("нужны взятки каждого играющего в сдаче; не указано: {join}").format(join=', '.join(missing)))
    total = sum(tricks.values())
    if total != TRICKS:
        raise InconsistentHandError("tricks", _shown(tricks), _("взяток в сдаче {TRICKS}, а указано {total}").format(TRICKS=TRICKS, total=total))
    return tuple((p, tricks[p]) for p in active)
