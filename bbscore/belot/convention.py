"""A loaded convention: its settings and the tables derived from them (RULES.md §7).

Every number and choice of a rule set lives in ``conventions/*.toml``; the
engine reads them through :class:`Convention` and has no game number of its
own.  Pure: the file is read and checked by :mod:`bbscore.conventions`.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import msgspec

from bbscore.belot.cards import RANKS, Card, makeable_trick_points, scale_visty
from bbscore.belot.constructions import KIND_NAMES, ConstructionValues
from bbscore.belot.contract import Contract, ContractKind, Game, GameKind
from bbscore.errors import IllegalContractError
from bbscore.belot import KEY
from bbscore.belot.schema import SEQUENCE_NAMES, SUIT_LAYOUT, ConventionFile, GameSettings, round_visty
from bbscore.i18n import _


class Convention:
    """A loaded, checked rule set: its ``settings`` (the file's tables) and ``path``.

    ``sha256`` is :func:`rules_hash` of its content.  Two conventions are equal
    when their settings and path are (not hashable: the settings hold tables).  A plain class (not a dataclass): it is
    made once per run, and a dataclass costs ~0.5 ms of every start to define.
    """

    for_game = KEY  # the game these rules are of (bbscore.games)

    def __init__(self, settings: ConventionFile, path: Path) -> None:
        self.settings = settings
        self.path = path
        self.memo: dict = {}  # values derived from the settings

    def __repr__(self) -> str:
        return f"Convention({self.settings.name!r}, {str(self.path)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Convention):
            return NotImplemented
        return (self.settings, self.path) == (other.settings, other.path)

    def remember(self, key: object, compute: Callable[..., Any], *args: Any) -> Any:
        """A value derived from the settings, ``compute(*args)``, computed once (the settings never change)."""
        try:
            return self.memo[key]
        except KeyError:
            value = self.memo[key] = compute(*args)
            return value

    @cached_property
    def sha256(self) -> str:
        """:func:`rules_hash` of the content, computed when first asked for (never taken from a compiled copy)."""
        return rules_hash(self.settings)

    def same_rules(self, recorded: str) -> bool:
        """Whether a protocol that recorded the content hash ``recorded`` was kept by these very rules: this hash, or
        an earlier version's that the file declares gives the same results (``same_rules_as``)."""
        return recorded == self.sha256 or recorded in self.settings.same_rules_as

    @property
    def name(self) -> str:
        return self.settings.name

    @cached_property
    def _games(self) -> dict[GameKind, GameSettings]:
        return {kind: game for kind in GameKind if (game := getattr(self.settings.games, kind.value)) is not None}

    def game(self, kind: GameKind) -> GameSettings:
        """The table of one kind of game (suit, БК, ВК).

        Raises :class:`~bbscore.errors.IllegalContractError` (field ``game``) for a kind the convention does not
        have (its file has no table for it: RULES.md §10, no ВК).
        """
        try:
            return self._games[kind]
        except KeyError:
            have = ", ".join(_(KIND_NAMES[k]) for k in self._games)
            raise IllegalContractError("game", _(KIND_NAMES[kind]), _("в правилах «{name}» нет игры {value} (есть: {have})").format(name=self.name, value=_(KIND_NAMES[kind]), have=have)) from None

    def has_game(self, kind: GameKind) -> bool:
        """Whether the convention has this kind of game (a table for it in ``[games]``)."""
        return kind in self._games

    @property
    def kinds(self) -> tuple[GameKind, ...]:
        """The kinds of game the convention has."""
        return tuple(self._games)

    @cached_property
    def forms(self) -> tuple[str, ...]:
        """The forms of contract the rule set reads (``contract.forms``; without that table: a bid, and the kapo
        notation of ``kapo.style`` — ``^Т``/``^^Т`` for a premium, ``26Т^`` for a flag)."""
        if self.settings.contract is not None:
            return tuple(self.settings.contract.forms)
        kapo = self.settings.kapo
        if kapo.style == "flag":
            return ("bid", "kapo_bid")
        return ("bid", "kapo", "kapo_hand") if kapo.from_one_hand else ("bid", "kapo")

    @property
    def doubling(self) -> bool:
        """Whether contra and recontra (``+``, ``++``) are written under these rules."""
        return self.settings.contract is None or self.settings.contract.doubling

    def parse_contract(self, text: str | Contract) -> Contract:
        """A contract in the notation these rules read (the game alone only where ``game`` is a form); whether its
        form is one the rules read is checked by :func:`bbscore.belot.hand.check_contract`."""
        if isinstance(text, Contract):
            return text
        return Contract.parse(text, game_alone="game" in self.forms)

    def round(self, kind: GameKind, visty: int) -> int:
        """Visty rounded to a multiple of ``visty_per_point`` the rule set's way in a kind of game (``points.rounding``,
        with the game's ``round_up_from`` where that is "threshold")."""
        points = self.settings.points
        return round_visty(visty, points.visty_per_point, points.rounding, self.game(kind).round_up_from)

    def card_values(self, kind: GameKind) -> tuple[int, ...]:
        """The visty of all 32 cards of a kind of game, trump suits first (seed 000 §0.1)."""
        game = self.game(kind)
        trumps, plains = SUIT_LAYOUT[kind]
        values: list[int] = []
        for _suit in range(trumps):
            values += [game.trump_cards[rank] for rank in RANKS]  # type: ignore[index]
        for _suit in range(plains):
            values += [game.plain_cards[rank] for rank in RANKS]  # type: ignore[index]
        return tuple(values)

    def card_visty(self, card: Card, game: Game) -> int:
        """Visty of one card in a game (seed 000 §0.1): the trump table for the trump suit and in ВК, else the plain one."""
        table = self.game(game.kind)
        is_trump = game.kind is GameKind.ALL_TRUMPS or card.suit == game.trump_suit
        return (table.trump_cards if is_trump else table.plain_cards)[card.rank]  # type: ignore[index]

    def makeable(self, kind: GameKind) -> tuple[frozenset[int], ...]:
        """Trick points a side can hold, by tricks taken 0…8 (see :func:`makeable_trick_points`), computed when first asked for."""
        return self.remember(("makeable", kind), self._makeable, kind)

    def _makeable(self, kind: GameKind) -> tuple[frozenset[int], ...]:
        return makeable_trick_points(self.card_values(kind), self.settings.points.last_trick)

    def any_tricks_makeable(self, kind: GameKind) -> frozenset[int]:
        """Trick points a side can hold whatever its number of tricks."""
        return self.remember(("any tricks", kind), self._any_tricks, kind)

    def _any_tricks(self, kind: GameKind) -> frozenset[int]:
        return frozenset().union(*self.makeable(kind))

    def scaled_deck(self, kind: GameKind) -> int:
        """S used for scoring, in visty: the deck's value, divided by ``trick_divisor`` and rounded (seed 001 §5, ВК → 162)."""
        return self.remember(("deck", kind), self._scaled_deck, kind)

    def _scaled_deck(self, kind: GameKind) -> int:
        game = self.game(kind)
        return scale_visty(game.deck_visty, game.trick_divisor)

    def base_cost(self, contract: Contract) -> int:
        """Base cost C of a contract, in points (seed 000 §5)."""
        game = self.game(contract.game.kind)
        if contract.kind is ContractKind.KAPO:
            return game.kapo_base_cost
        if contract.kind is ContractKind.KAPO_HAND:
            return game.kapo_hand_base_cost
        return game.base_cost  # a simple game, or a bid flagged kapo (RULES.md §10)

    def multiplier(self, contract: Contract) -> int:
        """The bid's multiplier: the game's table at the contract's doubling level (seed 000 §5; RULES.md §10)."""
        table = self.game(contract.game.kind).bid_multiplier
        return (table.none, table.contra, table.recontra)[contract.doubling]

    def construction_values(self, kind: GameKind) -> ConstructionValues:
        """What each construction is worth in a kind of game, in visty (seed 000 §0.2), and which stay without a trick."""
        return self.remember(("construction values", kind), self._construction_values, kind)

    def _construction_values(self, kind: GameKind) -> ConstructionValues:
        settings = self.settings.constructions
        return ConstructionValues(
            kind=kind,
            sequences=tuple(getattr(settings, name) for name in SEQUENCE_NAMES),
            bela=settings.bela,
            rams=dict(self.game(kind).rams),
            max_belas=self.game(kind).max_belas,
            bela_stays=settings.bela_without_trick == "counts",
        )

    @cached_property
    def content(self) -> dict:
        """The file's tables as plain data (for display and comparison)."""
        return msgspec.to_builtins(self.settings)


def rules_hash(settings: ConventionFile) -> str:
    """SHA-256 of the rules' content (every key and value, canonical JSON), not of the file's bytes.

    Comments and layout do not change it; any value does.  A protocol stores it
    so that a later change of the rules is noticed.
    """
    from bbscore.files import sha256_hex

    if getattr(settings, "same_rules_as", None):  # what the rules were before is not part of the rules
        settings = msgspec.structs.replace(settings, same_rules_as=[])
    canonical = msgspec.json.encode(settings, order="sorted")  # the same bytes as json.dumps(sort_keys=True) compact
    return sha256_hex(canonical)


def load_tables(data: Any, path: Path, example: Callable[[str], str | None] | None = None, sample: str = "") -> Convention:
    """A rule file's TOML tables checked by the Belot family's schema and consistency checks → its :class:`Convention`.

    ``example(key)`` gives the default rule set's line for a missing key (shown in the refusal), ``sample`` where to
    see a whole file.  Raises
    :class:`~bbscore.errors.ConventionError` naming the file and the key path.  Called by the shared loader
    (:func:`bbscore.conventions.load`) through this game's registry entry.
    """
    from bbscore.belot.schema import check

    try:
        settings = msgspec.convert(data, ConventionFile)
    except msgspec.ValidationError as error:
        from bbscore.errors import ConventionError
        from bbscore.validation import explain  # (a refusal only)

        raise ConventionError(str(path), *explain(str(error), ConventionFile, example, sample)) from None
    check(settings, path)
    return Convention(settings, path)
