"""A deal of preferans as the referee reads it (RULES.md §13): the players, the dealer, the game, the declarer, the
whists and passes, each player's ten cards, the talon, the declarer's discard and the play — from a deal file's TOML
tables, checked, to a frozen :class:`PrefDeal`; and back to the tables a sheet keeps with a hand (:func:`to_tables`).

A deal file (TOML; top-level keys first, then the tables)::

    rules = "…"                                   # the rule set (a name or a path); optional
    players = ["Аня", "Боря", "Вера"]             # in seating order; with four, the dealer sits out
    dealer = "Вера"                               # the player after him (the first hand) leads first
    game = "6♠"                                   # 6♠ … 10БК, мизер, распасы
    declarer = "Аня"                              # not on распасы
    whist = ["Боря"]                              # the defenders who whisted (a game)
    pass = ["Вера"]                               # those who passed
    talon = "7♦ 8♣"                               # the prikup; on распасы with an open talon, in the order turned
    discard = "7♥ 8♥"                             # the declarer's two cards put away (a game, мизер)
    play = ["Боря: Т♠ К♠ 7♠", …]                  # the tricks in order, each from its leader
    first_trick = 1                               # a partial deal: the number of the first trick written
    after_raspasy = 0                             # how many распасы in a row came right before

    [hands]                                       # each player's ten cards as dealt (partial: those agreed on)
    "Аня" = "Т♠ К♠ Д♠ В♠ 10♠ 7♣ 8♣ 9♣ Т♦ К♦"

Refusals are :class:`~bbscore.errors.DealError` (or the notation's errors) naming the file's keys.
"""

from __future__ import annotations

from typing import Any

import msgspec

from bbscore.deals import player, read_play
from bbscore.errors import DealError
from bbscore.i18n import _
from bbscore.preferans.cards import CARDS_PER_HAND, PrefCard, parse_cards
from bbscore.preferans.contract import Kind, PrefContract
from bbscore.preferans.hand import TRICKS

KEYS = ("rules", "players", "dealer", "game", "declarer", "whist", "pass", "talon", "discard", "play", "first_trick",
        "after_raspasy", "hands")


class PrefDeal(msgspec.Struct, frozen=True, kw_only=True):
    """A checked deal.

    ``players``: the table in seating order; ``active``: the three who play, from the first hand (left of the
    dealer) — the dealer is the last of them with three players and sits out with four; ``declarer`` (None on
    распасы), ``whisted``/``passed``: the defenders' words; ``hands``: the cards each active player held at the start
    of trick ``first_trick`` (dealt, before the talon, when it is 1), as far as known, in ``active`` order;
    ``talon``, ``discard``; ``play``: each trick as (the active index written as its leader or None, its cards);
    ``run``: распасы in a row right before; ``rules``: the rule set the file names, or None.
    """

    rules: str | None
    players: tuple[str, ...]
    dealer: str
    active: tuple[str, ...]
    contract: PrefContract
    declarer: str | None
    whisted: tuple[str, ...]
    passed: tuple[str, ...]
    hands: tuple[tuple[PrefCard, ...], ...]
    talon: tuple[PrefCard, ...]
    discard: tuple[PrefCard, ...]
    play: tuple[tuple[int | None, tuple[PrefCard, ...]], ...]
    first_trick: int
    run: int

    def seat_of(self, name: str) -> int:
        """A player's seat in play, 1 (the first hand) to 3."""
        return self.active.index(name) + 1

    def name(self, seat: int) -> str:
        return self.active[seat - 1]


def rules_of(data: Any) -> str | None:
    """The rule set a deal file names (``rules``), or None; raises :class:`DealError` for a value that is not text."""
    if not isinstance(data, dict):
        raise DealError("deal", data, _("ожидается таблица TOML"))
    rules = data.get("rules")
    if rules is not None and (not isinstance(rules, str) or not rules.strip()):
        raise DealError("rules", rules, _("имя правил или путь к файлу .toml"))
    return rules


def from_tables(data: Any, counts: tuple[int, ...] = (3, 4)) -> PrefDeal:
    """A deal file's TOML tables → the checked :class:`PrefDeal` (``counts``: how many may sit at the table, the rule
    set's ``players.counts``).

    Checked here: the keys; the players and the dealer; the game, the declarer, whists and passes as the game has
    them; the cards' notation and no card in two places; ten cards a hand, two in the talon and in the discard (a
    partial deal: at most); the discard from the declarer's hand and the talon; the tricks' leaders among the players.
    The play itself is walked by :func:`bbscore.preferans.referee.referee`.  Raises :class:`DealError` and the
    notation's errors, naming the file's keys.
    """
    rules = rules_of(data)
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise DealError(unknown[0], data[unknown[0]], _("в файле раздачи нет такого ключа; ключи: {keys}").format(
            keys=", ".join(KEYS)))
    players = _players(data.get("players"), counts)
    dealer = _player(data.get("dealer"), "dealer", players)
    at = players.index(dealer)
    around = players[at + 1:] + players[:at + 1]  # from the first hand; the dealer last
    active = tuple(around[:3]) if len(players) == 4 else tuple(around)
    if not isinstance(data.get("game"), str):
        raise DealError("game", data.get("game", _("не указано")), _("игра: 6♠ … 10БК, мизер или распасы"))
    contract = PrefContract.parse(data["game"])
    declarer = data.get("declarer")
    if contract.kind is Kind.ALL_PASS:
        for key in ("declarer", "whist", "pass", "discard"):
            if key in data:
                raise DealError(key, data[key], _("на распасах нет играющего, виста и сноса"))
        declarer = None
    else:
        declarer = _player(declarer, "declarer", list(active))
    whisted, passed = _words(data, contract, declarer, active)
    first = data.get("first_trick", 1)
    if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= TRICKS:
        raise DealError("first_trick", first, _("номер первой записанной взятки, от 1 до {tricks}").format(tricks=TRICKS))
    run = data.get("after_raspasy", 0)
    if isinstance(run, bool) or not isinstance(run, int) or not 0 <= run <= 100:
        raise DealError("after_raspasy", run, _("сколько распасов подряд было перед сдачей: 0, 1, 2 …"))
    table = data.get("hands", {})
    if not isinstance(table, dict):
        raise DealError("hands", table, _("ожидается таблица [hands] с именами игроков"))
    hands_by_name: dict[str, tuple[PrefCard, ...]] = {}
    for key, value in table.items():
        name = _player(key, f"hands.{key}", players)
        if name not in active:
            raise DealError(f"hands.{key}", value, _("сдающий вчетвером сидит на прикупе: карт у него нет"))
        hands_by_name[name] = _cards(value, f"hands.{key}")
    talon = _cards(data.get("talon", []), "talon")
    discard = _cards(data.get("discard", []), "discard")
    play = _play(data.get("play", []), active, first)
    if contract.kind is Kind.GAME and not whisted and play:
        raise DealError("play", data["play"][0], _("оба защитника спасовали: игра не разыгрывается"), 0)
    return PrefDeal(rules=rules, players=tuple(players), dealer=dealer, active=active, contract=contract,
                    declarer=declarer, whisted=whisted, passed=passed,
                    hands=tuple(hands_by_name.get(name, ()) for name in active), talon=talon, discard=discard,
                    play=play, first_trick=first, run=run)


def to_tables(deal: PrefDeal) -> dict[str, Any]:
    """The deal as a sheet keeps it with a hand (normal forms; its rules are the sheet's, its players the sheet's):
    what :func:`from_tables` reads back to the same deal."""
    tables: dict[str, Any] = {"players": list(deal.players), "dealer": deal.dealer, "game": str(deal.contract)}
    if deal.declarer is not None:
        tables["declarer"] = deal.declarer
    if deal.whisted:
        tables["whist"] = list(deal.whisted)
    if deal.passed:
        tables["pass"] = list(deal.passed)
    if deal.talon:
        tables["talon"] = " ".join(str(card) for card in deal.talon)
    if deal.discard:
        tables["discard"] = " ".join(str(card) for card in deal.discard)
    tables["play"] = [(f"{deal.name(named)}: " if named is not None else "") + " ".join(str(card) for card in cards)
                      for named, cards in deal.play]
    if deal.first_trick != 1:
        tables["first_trick"] = deal.first_trick
    if deal.run:
        tables["after_raspasy"] = deal.run
    tables["hands"] = {name: " ".join(str(card) for card in cards) for name, cards in zip(deal.active, deal.hands) if cards}
    return tables


def _players(value: Any, counts: tuple[int, ...]) -> list[str]:
    from bbscore.seats import new_names

    if not (isinstance(value, list) and len(value) in counts and all(isinstance(name, str) for name in value)):
        raise DealError("players", value if value is not None else _("не указано"),
                        _("игроки в порядке мест: {counts} имени, [\"Аня\", \"Боря\", \"Вера\"]").format(
                            counts=_(" или ").join(str(n) for n in counts)))
    return list(new_names(value, "players", _("игроки")))


_player = player  # (the shared reader: bbscore.deals.player)


def _words(data: dict, contract: PrefContract, declarer: str | None,
           active: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(whisted, passed): each defender of a game said one of them; none on мизер and распасы."""
    lists = {}
    for key in ("whist", "pass"):
        value = data.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not (isinstance(value, list) and all(isinstance(name, str) for name in value)):
            raise DealError(key, value, _("список имён: [\"Боря\"]"))
        lists[key] = [_player(name, key, list(active)) for name in value]
    if contract.kind is not Kind.GAME:
        for key, names in lists.items():
            if names:
                raise DealError(key, names, _("вистуют и пасуют только против игры (на мизере и распасах — нет)"))
        return (), ()
    defenders = [name for name in active if name != declarer]
    for key, names in lists.items():
        for name in names:
            if name not in defenders or names.count(name) > 1 or (key == "pass" and name in lists["whist"]):
                raise DealError(key, name, _("вист или пас — по разу от каждого защитника: {defenders}").format(
                    defenders=", ".join(defenders)))
    missing = [name for name in defenders if name not in lists["whist"] and name not in lists["pass"]]
    if missing:
        raise DealError("whist", missing[0], _("для каждого защитника нужен вист или пас; не указано: {missing}").format(
            missing=", ".join(missing)))
    return tuple(n for n in defenders if n in lists["whist"]), tuple(n for n in defenders if n in lists["pass"])


def _cards(value: Any, field: str) -> tuple[PrefCard, ...]:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise DealError(field, value, _("карты — текст \"Т♠ К♠ Д♠\" или список [\"Т♠\", \"К♠\"]"))
    return parse_cards(value, field)


def _play(value: Any, active: tuple[str, ...], first: int) -> tuple[tuple[int | None, tuple[PrefCard, ...]], ...]:
    """The tricks: each ``"[LEADER:] CARD …"`` (:func:`bbscore.deals.read_play`)."""
    return read_play(value, active, first, TRICKS, parse_cards, _('["Т♠ К♠ 7♠", "Боря: В♥ 7♥ 8♥"]'), _('"Боря: Т♠ К♠ 7♠"'))


def hand_size(deal: PrefDeal) -> int:
    """The cards each active player holds at the start of the first trick written."""
    return CARDS_PER_HAND - (deal.first_trick - 1)
