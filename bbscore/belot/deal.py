"""A deal of the Belot family as the referee reads it (RULES.md §13): who sat where, the contract, each seat's cards
as dealt, the announcements and the play — from a deal file's TOML tables, checked, to a frozen :class:`Deal`; and
back to the tables a protocol keeps with a hand (:func:`to_tables`).

A deal file (TOML; top-level keys first, then the tables)::

    rules = "…"                                        # the rule set (a name or a path); optional
    players = ["Аня", "Боря", "Вера", "Гоша"]          # in playing order (clockwise); partners 1st+3rd, 2nd+4th
    dealer = "Гоша"                                    # the player left of the dealer leads first
    contract = "12Т"
    declarers = "Аня"                                  # a player of the declaring pair (the bidder of a ^^ kapo)
    bela = ["КТ", "ДТ"]                                # the cards at which «бэла» (or «ре-бэла») was said
    play = [                                           # the tricks in order, each from its leader ("Аня: …" names him)
        "ТП 7П 8П 9П",
        …
    ]
    first_trick = 1                                    # a partial deal: the number of the first trick written

    [hands]                                            # each seat's cards as dealt (a partial deal: those agreed on)
    "Аня" = "ВТ 9Т ТТ 10П КП ДП 7Ч 8Ч"

    [announcements]                                    # constructions announced before the first move
    "Аня" = "терц от ДП"                               # as bbscore melds writes them; a bare «терц» names the held one

Every refusal is a :class:`~bbscore.errors.DealError` (or a card, contract or construction error) naming the file's
own key (``hands.Аня``, ``play`` with the trick's index), so the file layer gives its line.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import msgspec

from bbscore.belot.cards import CARDS_PER_PLAYER, TRICKS_PER_HAND, Card, full_deck, parse_cards
from bbscore.belot.contract import Contract
from bbscore.belot.convention import Convention
from bbscore.deals import player, read_play
from bbscore.errors import DealError
from bbscore.i18n import _

SEAT_COUNT = 4
KEYS = ("rules", "players", "dealer", "contract", "declarers", "bela", "play", "first_trick", "hands", "announcements")
STORED_KEYS = tuple(key for key in KEYS if key != "rules")  # what a protocol keeps with a hand (its rules are the game's)
# The cards in their normal form (``ВТ``, ``10Ч``): a deal written in it (as bbscore writes deals) is read by looking
# each card up; any other spelling, or a card written twice, goes through :func:`parse_cards`.
_NORMAL = {str(card): card for card in full_deck()}


class Deal(msgspec.Struct, frozen=True, kw_only=True):
    """A checked deal.

    ``players``: the names by seat — seat 1 (left of the dealer, the first to lead) to seat 4 (the dealer); partners
    are seats 1+3 and 2+4.  ``declarer``: the seat named in ``declarers``.  ``hands``: the cards each seat held at the
    start of trick ``first_trick`` (as dealt when it is 1), as far as they are known.  ``announcements``: each seat's
    announcements as written.  ``bela``: the cards at which «бэла» was said.  ``play``: each trick as (the seat written
    as its leader or None, its cards in play order).  ``rules``: the rule set the file names, or None.
    """

    rules: str | None
    players: tuple[str, ...]
    contract: Contract
    declarer: int
    first_trick: int
    hands: tuple[tuple[Card, ...], ...]
    announcements: tuple[str, ...]
    bela: tuple[Card, ...]
    play: tuple[tuple[int | None, tuple[Card, ...]], ...]

    def name(self, seat: int) -> str:
        return self.players[seat - 1]


def rules_of(data: Any) -> str | None:
    """The rule set a deal file names (``rules``), or None; raises :class:`DealError` for a value that is not text."""
    if not isinstance(data, dict):
        raise DealError("deal", data, _("ожидается таблица TOML"))
    rules = data.get("rules")
    if rules is not None and (not isinstance(rules, str) or not rules.strip()):
        raise DealError("rules", rules, _("имя правил или путь к файлу .toml"))
    return rules


def from_tables(data: Any, convention: Convention) -> Deal:
    """A deal file's TOML tables → the checked :class:`Deal`, its contract read as ``convention`` reads contracts.

    Checked here: the keys, the players (four different names) and the dealer among them, the declarers, the cards'
    notation, no card dealt twice, every hand of 8 cards (a partial deal: at most the cards left), the tricks' leaders
    among the players.  The play itself is walked by :func:`bbscore.belot.referee.referee`.  Raises
    :class:`~bbscore.errors.DealError` and the notation's errors, naming the file's keys.
    """
    rules = rules_of(data)
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise DealError(unknown[0], data[unknown[0]], _("в файле раздачи нет такого ключа; ключи: {keys}").format(
            keys=", ".join(KEYS)))
    players = _players(data.get("players"))
    dealer = _player(data.get("dealer"), "dealer", players)
    at = players.index(dealer)
    seats = tuple(players[at + 1:] + players[:at + 1])  # seat 1 leads first, left of the dealer; seat 4 deals
    if "contract" not in data:
        raise DealError("contract", _("не указано"), _("нужен контракт, например contract = \"12Т\""))
    if not isinstance(data["contract"], str):
        raise DealError("contract", data["contract"], _("контракт — текст в кавычках, например \"12Т\""))
    contract = convention.parse_contract(data["contract"])
    declarer = seats.index(_player(data.get("declarers"), "declarers", players)) + 1
    first = data.get("first_trick", 1)
    if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= TRICKS_PER_HAND:
        raise DealError("first_trick", first, _("номер первой записанной взятки, от 1 до {tricks}").format(tricks=TRICKS_PER_HAND))
    hands = _table(data.get("hands", {}), "hands", players)
    held = tuple(_cards(hands.get(name, ""), f"hands.{name}") for name in seats)
    announcements = _table(data.get("announcements", {}), "announcements", players)
    for name, text in announcements.items():
        if not isinstance(text, str):
            raise DealError(f"announcements.{name}", text, _("объявления — текст через запятую: \"терц от ДП, рамки-В\""))
    bela = _cards(data.get("bela", []), "bela")
    play = _play(data.get("play", []), seats, first)
    return Deal(rules=rules, players=seats, contract=contract, declarer=declarer, first_trick=first, hands=held,
                announcements=tuple(announcements.get(name, "") for name in seats), bela=bela, play=play)


def to_tables(deal: Deal) -> dict[str, Any]:
    """The deal as a protocol keeps it with a hand (normal forms; its rules are the protocol's): what
    :func:`from_tables` reads back to the same deal."""
    tables: dict[str, Any] = {
        "players": list(deal.players), "dealer": deal.players[-1], "contract": str(deal.contract),
        "declarers": deal.name(deal.declarer),
    }
    if deal.first_trick != 1:
        tables["first_trick"] = deal.first_trick
    if deal.bela:
        tables["bela"] = [str(card) for card in deal.bela]
    tables["play"] = [(f"{deal.name(named)}: " if named is not None else "") + " ".join(str(card) for card in cards)
                      for named, cards in deal.play]
    tables["hands"] = {name: " ".join(str(card) for card in cards) for name, cards in zip(deal.players, deal.hands) if cards}
    written = {name: text for name, text in zip(deal.players, deal.announcements) if text}
    if written:
        tables["announcements"] = written
    return tables


def _players(value: Any) -> list[str]:
    if not (isinstance(value, list) and len(value) == SEAT_COUNT and all(isinstance(name, str) for name in value)):
        raise DealError("players", value if value is not None else _("не указано"),
                        _("четыре игрока в порядке хода (по часовой стрелке): [\"Аня\", \"Боря\", \"Вера\", \"Гоша\"]; "
                          "партнёры — 1-й и 3-й, 2-й и 4-й"))
    return list(_names(tuple(value)))


@lru_cache(maxsize=256)
def _names(given: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`~bbscore.seats.new_names` of the players (remembered: a batch of deals has the same few tables; a
    refusal is raised again each time)."""
    from bbscore.seats import new_names

    return new_names(given, "players", _("игроки"))


_player = player  # (the shared reader: bbscore.deals.player)


def _table(value: Any, field: str, players: list[str]) -> dict[str, Any]:
    """A table keyed by the players' names (``hands``, ``announcements``), its keys matched to the names."""
    if not isinstance(value, dict):
        raise DealError(field, value, _("ожидается таблица [{field}] с именами игроков").format(field=field))
    table: dict[str, Any] = {}
    for key, item in value.items():
        name = _player(key, f"{field}.{key}", players)
        table[name] = item
    return table


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    """Cards written as one text or a list of texts."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise DealError(field, value, _("карты — текст \"ВТ 9Т ТТ\" или список [\"ВТ\", \"9Т\"]"))
    return _read(value, field)


def _read(text: str, field: str) -> tuple[Card, ...]:
    """:func:`parse_cards` of ``text``, a text in normal form looked up card by card."""
    tokens = text.replace(",", " ").split()
    if len(set(tokens)) == len(tokens):  # one spelling a card: no card twice
        try:
            return tuple([_NORMAL[token] for token in tokens])
        except KeyError:
            pass
    return parse_cards(text, field)


def _play(value: Any, seats: tuple[str, ...], first: int) -> tuple[tuple[int | None, tuple[Card, ...]], ...]:
    """The tricks: each ``"[LEADER:] CARD …"`` (:func:`bbscore.deals.read_play`)."""
    return read_play(value, seats, first, TRICKS_PER_HAND, _read, _('["ТП 7П 8П 9П", "Аня: ВТ 7Т 8Т 9Т"]'), _('"Аня: ВТ 7Т 8Т 9Т"'))


def hand_size(deal: Deal) -> int:
    """The cards each seat holds at the start of the first trick written."""
    return CARDS_PER_PLAYER - (deal.first_trick - 1)
