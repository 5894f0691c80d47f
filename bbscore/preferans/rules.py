"""A preferans convention as data: the schema of its file and the checks (RULES.md §9).

The file (``conventions/rostov.toml``) starts with the discriminator
``game = "preferans"``; every number and every choice of the game is a key of
it, and the engine has none of its own.  :func:`from_tables` takes the file's
TOML tables (as :mod:`tomllib` reads them), validates them with
``msgspec.convert`` (every key known, every key required, the right type, a
choice one of its closed list) and the consistency checks, and returns the
frozen :class:`PrefConvention`.  A refusal is
``ConventionError(str(path), "key.path", reason in Russian)``.
"""

# No "from __future__ import annotations": msgspec reads the schema's annotations as objects.
from typing import Any, Literal

import msgspec

from bbscore.preferans import KEY
from bbscore.errors import ConventionError
from bbscore.validation import explain
from bbscore.i18n import _

FORMAT = 1
GAME = KEY  # the game these rules are of (bbscore.games)
LEVEL_KEYS = ("6", "7", "8", "9", "10")  # the rows of the tables: the notation's levels


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table of the file: every key known, every key required."""


class GameCost(_Strict):
    """One row of seed 004's table for a game of a level (all suits and БК alike)."""

    pulya: int  # the declarer, game made: to пуля
    gora: int  # the declarer, per undertrick: to гора
    vists: int  # a whister, per trick taken: vists on the declarer
    whist_gora: int  # a whister, per trick short of his obligation: to гора


class CostTable(_Strict):
    six: GameCost = msgspec.field(name="6")
    seven: GameCost = msgspec.field(name="7")
    eight: GameCost = msgspec.field(name="8")
    nine: GameCost = msgspec.field(name="9")
    ten: GameCost = msgspec.field(name="10")


class MisereCost(_Strict):
    pulya: int  # made (no trick taken): to пуля
    gora: int  # per trick taken: to гора
    vists: Literal["none"]  # seed 004: «не пишутся»


class Obligation(_Strict):
    six: int = msgspec.field(name="6")
    seven: int = msgspec.field(name="7")
    eight: int = msgspec.field(name="8")
    nine: int = msgspec.field(name="9")
    ten: int = msgspec.field(name="10")


class WhistSettings(_Strict):
    responsibility: Literal["half", "full"]
    obligation: Obligation
    consolation: int
    consolation_by: Literal["both", "whisters"]
    one_whister_made: Literal["whister", "pooled_half"]
    one_whister_down: Literal["pooled_half", "each_own"]
    both_whist_share: Literal["half"]
    both_whist_odd_trick: Literal["after_declarer", "before_declarer", "fewer_tricks", "nobody", "both"]
    both_whist_short: Literal["total_short", "own_half"]
    both_pass: Literal["made"]


class RaspasySettings(_Strict):
    vists_per_trick: int
    writer: Literal["fewest_tricks"]
    tie: Literal["half_each"]
    zero_tricks_pulya: int
    zero_tricks_unit: Literal["points", "trick_price"]
    progression: bool


class PlayersSettings(_Strict):
    counts: list[int]
    four: Literal["dealer_sits_out"]
    dealer_all_pass: Literal["as_zero_tricks", "nothing"]


class PulyaSettings(_Strict):
    target: int
    end: Literal["every_pulya", "any_pulya"]
    overflow: Literal["help_others", "off_own_gora"]
    help_whom: Literal["most_left", "next_in_turn"]
    help_vists_per_point: int


class SettlementSettings(_Strict):
    gora_vists: int
    method: Literal["average_gora", "subtract_smallest"]
    unfinished: Literal["missing_to_gora", "as_is"]


class PrefConvention(_Strict):
    """A checked preferans convention: the file's tables, frozen."""

    game: Literal["preferans"]
    format: int
    name: str
    title: str
    players: PlayersSettings
    cost: CostTable
    misere: MisereCost
    whist: WhistSettings
    raspasy: RaspasySettings
    pulya: PulyaSettings
    settlement: SettlementSettings

    def game_cost(self, level: int) -> GameCost:
        """The cost row of a game of ``level`` (6…10)."""
        return _by_level(self.cost, level)

    def obligation(self, level: int) -> int:
        """How many tricks the whisting side must take against a game of ``level``."""
        return _by_level(self.whist.obligation, level)


_ATTRIBUTES = dict(zip(LEVEL_KEYS, ("six", "seven", "eight", "nine", "ten")))


def _by_level(table: Any, level: int) -> Any:
    return getattr(table, _ATTRIBUTES[str(level)])


def from_tables(data: dict, path: Any, sample: str = "") -> PrefConvention:
    """The file's TOML tables → the checked :class:`PrefConvention` (``sample``: where to look for a whole file, named
    when a key is missing).

    Raises :class:`~bbscore.errors.ConventionError` (``field`` the file,
    ``value`` the key path, ``allowed`` the reason in Russian).
    """
    if not isinstance(data, dict):
        raise ConventionError(str(path), "", _("ожидается таблица TOML"))
    if data.get("game") != GAME:
        raise ConventionError(str(path), "game", _('ожидается game = "{GAME}": это не файл правил преферанса (записано {get!r})').format(GAME=GAME, get=data.get('game')))
    try:
        convention = msgspec.convert(data, PrefConvention)
    except msgspec.ValidationError as error:
        raise ConventionError(str(path), *explain(str(error), PrefConvention, sample=sample)) from None
    _check(convention, str(path))
    return convention


def _check(c: PrefConvention, path: str) -> None:
    """Numbers and choices that must agree (RULES.md §9)."""
    def refuse(key: str, reason: str) -> ConventionError:
        return ConventionError(path, key, reason)

    if c.format != FORMAT:
        raise refuse("format", _("поддерживается формат {format}").format(format=FORMAT))
    if not c.players.counts or any(n not in (3, 4) for n in c.players.counts) or len(set(c.players.counts)) != len(c.players.counts):
        raise refuse("players.counts", _("в преферанс играют втроём или вчетвером: список из 3 и/или 4 без повторов"))
    for key in LEVEL_KEYS:
        row = _by_level(c.cost, int(key))
        for column in ("pulya", "gora", "vists", "whist_gora"):
            if getattr(row, column) < 0:
                raise refuse(f"cost.{key}.{column}", _("не может быть отрицательным"))
        if row.pulya < 1:
            raise refuse(f"cost.{key}.pulya", _("сыгранная игра пишет в пулю хотя бы 1"))
        expected = {"half": row.gora / 2, "full": row.gora}[c.whist.responsibility]
        if row.whist_gora != expected:
            raise refuse(f"cost.{key}.whist_gora",
                         (_("при whist.responsibility = \"{responsibility}\" вистующий пишет в гору за недобранную "
                            "взятку половину стоимость недобора игры ({gora}): ожидается {expected}, а записано {value}")
                          if c.whist.responsibility == "half" else
                          _("при whist.responsibility = \"{responsibility}\" вистующий пишет в гору за недобранную "
                            "взятку всю стоимость недобора игры ({gora}): ожидается {expected}, а записано {value}")
                          ).format(responsibility=c.whist.responsibility, gora=row.gora, expected=f"{expected:g}",
                                   value=row.whist_gora))
        obligation = _by_level(c.whist.obligation, int(key))
        if not 0 <= obligation <= 10:
            raise refuse(f"whist.obligation.{key}", _("обязательство вистующих — от 0 до 10 взяток"))
    if c.misere.pulya < 1 or c.misere.gora < 0:
        raise refuse("misere", _("мизер пишет в пулю хотя бы 1, в гору — не отрицательное число"))
    if c.whist.consolation < 0:
        raise refuse("whist.consolation", _("консоляция не может быть отрицательной"))
    if c.raspasy.vists_per_trick < 1:
        raise refuse("raspasy.vists_per_trick", _("взятка на распасах стоит хотя бы 1 вист"))
    if c.raspasy.zero_tricks_pulya < 0:
        raise refuse("raspasy.zero_tricks_pulya", _("не может быть отрицательным"))
    if c.raspasy.progression:
        raise refuse("raspasy.progression", _("прогрессия распасов не поддерживается (в «Ростове» её нет): false"))
    if c.pulya.target < 1:
        raise refuse("pulya.target", _("пуля — хотя бы 1 очко"))
    if c.pulya.help_vists_per_point < 0:
        raise refuse("pulya.help_vists_per_point", _("не может быть отрицательным"))
    if c.settlement.gora_vists < 1:
        raise refuse("settlement.gora_vists", _("очко горы стоит хотя бы 1 вист"))


def load_tables(data: Any, path: Any, example: Any = None, sample: str = "") -> "LoadedPreferans":
    """A rule file's TOML tables checked by the preferans schema (:func:`from_tables`) → what the shared loader
    (:func:`bbscore.conventions.load`) returns, through this game's registry entry; ``example`` is not used (a
    missing key names ``sample``, where to see a whole file)."""
    return LoadedPreferans(from_tables(data, path, sample), path)


class LoadedPreferans:
    """A preferans convention as the shared loader returns it (:func:`bbscore.conventions.load`).

    ``settings``: the checked :class:`PrefConvention` (its ``title`` and ``name``); ``path``; ``sha256``: SHA-256
    of the canonical JSON of the content (the idea of :func:`bbscore.belot.convention.rules_hash`); ``content``: the
    tables as plain data; ``for_game`` = ``"preferans"``.
    """

    for_game = GAME

    def __init__(self, settings: PrefConvention, path: Any, known_sha256: str | None = None) -> None:
        self.settings = settings
        self.path = path
        self._sha256 = known_sha256

    def __repr__(self) -> str:
        return f"LoadedPreferans({self.settings.name!r}, {str(self.path)!r})"

    @property
    def name(self) -> str:
        return self.settings.name

    @property
    def sha256(self) -> str:
        if self._sha256 is None:
            self._sha256 = rules_hash(self.settings)
        return self._sha256

    @property
    def content(self) -> dict:
        return msgspec.to_builtins(self.settings)

    def with_target(self, target: int) -> PrefConvention:
        """The convention with another пуля target (a game agreed to another size)."""
        return msgspec.structs.replace(self.settings, pulya=msgspec.structs.replace(self.settings.pulya, target=target))


def rules_hash(settings: PrefConvention) -> str:
    """SHA-256 of the content (canonical JSON, keys sorted, as :func:`bbscore.belot.convention.rules_hash` hashes): comments
    and layout do not change it."""
    from bbscore.files import sha256_hex

    return sha256_hex(msgspec.json.encode(settings, order="sorted"))
