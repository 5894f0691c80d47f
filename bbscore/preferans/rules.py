"""A preferans convention as data: the schema of its file and the checks (RULES.md §9, §11).

The files (``conventions/rostov.toml``, ``sochi.toml``, ``leningrad.toml``) start with the discriminator
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
from bbscore.preferans.contract import LEVELS
from bbscore.errors import ConventionError
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
    responsibility: Literal["half", "full", "none"]
    half_of: Literal["undertrick_gora", "game_pulya"]  # what a half-responsible whister pays half of
    obligation: Obligation
    consolation: int | Literal["game_vists"]  # vists per undertrick: a fixed number, or the game's cost.N.vists
    consolation_by: Literal["both", "whisters", "all_others"]
    one_whister_made: Literal["whister", "pooled_half"]
    one_whister_down: Literal["pooled_half", "each_own"]
    both_whist_share: Literal["half"]
    both_whist_odd_trick: Literal["after_declarer", "before_declarer", "fewer_tricks", "nobody", "both", "half_each"]
    both_whist_short: Literal["total_short", "own_half", "pair_capped"]
    both_pass: Literal["made"]


class RaspasySettings(_Strict):
    writer: Literal["fewest_tricks", "each_to_gora"]
    vists_per_trick: int  # fewest_tricks: vists per trick
    gora_per_trick: int  # each_to_gora: гора points per trick
    amnesty: bool  # each_to_gora: the fewest tricks are not written
    tie: Literal["half_each"]
    zero_tricks_pulya: int
    zero_tricks_unit: Literal["points", "trick_price"]
    zero_tricks_to: Literal["pulya", "off_gora"]
    progression: bool | list[int]  # false, or the price's multiplier on the 1st, 2nd, … распасы in a row
    exit: list[int]  # the lowest game after 0, 1, 2, … распасы in a row (the last repeats)
    exit_by: Literal["any_hand", "made", "whisted", "whisted_made"]
    talon: Literal["closed", "open"]

    def multiplier(self, run: int) -> int:
        """The price's multiplier on a распасы played after ``run`` распасы in a row (0: the first)."""
        table = self.progression if isinstance(self.progression, list) else [1]
        return table[min(run, len(table) - 1)]

    def lowest_game(self, run: int) -> int:
        """The lowest level of a game that may be declared after ``run`` распасы in a row."""
        return self.exit[min(run, len(self.exit) - 1)]


class PlayersSettings(_Strict):
    counts: list[int]
    four: Literal["dealer_sits_out"]
    dealer_all_pass: Literal["as_zero_tricks", "nothing"]


class PulyaSettings(_Strict):
    target: int
    end: Literal["every_pulya", "any_pulya", "table_total", "time"]
    overflow: Literal["help_others", "off_own_gora"]
    help_whom: Literal["most_left", "next_in_turn"]
    help_vists_per_point: int


class SettlementSettings(_Strict):
    gora_vists: int
    pulya_vists: int
    method: Literal["average_gora", "subtract_smallest"]
    unfinished: Literal["missing_to_gora", "pulya_difference", "as_is"]
    rounding: Literal["exact", "whole"]


class PlaySettings(_Strict):
    """How the cards must be played (RULES.md §13), for the referee (:mod:`bbscore.preferans.referee`) only.

    ``follow_suit``: a card of the led suit must be played when held; ``trump_when_void``: void in it, a trump must
    be played when held (``always``) or not (``never``); ``overtrump``: a trump played to a trick that holds one must
    be higher when one is held (false: nobody must beat).  Мизер and распасы have no trump: only the suit is followed.
    ``raspasy_first_hand_leads``: how many first tricks of распасы the first hand (left of the dealer) leads whoever
    took them (1: only the first, as in any game; with ``raspasy.talon = "open"`` the talon's cards, turned one a
    trick, set the suit of the first two).  ``revoke``: what an illegal card costs — ``report`` (nothing: the hand is
    scored as played) or ``penalty`` (``revoke_penalty`` points to the offender's гора besides).  ``source``: where
    these rules are written.
    """

    follow_suit: bool
    trump_when_void: Literal["always", "never"]
    overtrump: bool
    raspasy_first_hand_leads: int
    revoke: Literal["report", "penalty"]
    revoke_penalty: int
    source: str


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
    # How the cards must be played, for the referee (RULES.md §13); absent: the referee cannot judge the play.
    play: PlaySettings | None = None
    # Content hashes of earlier versions of this file that give every hand the same result (a format change that
    # only re-expressed the rules): a sheet kept with one of them is not told its rules changed.  Not hashed.
    same_rules_as: list[str] = []

    def game_cost(self, level: int) -> GameCost:
        """The cost row of a game of ``level`` (6…10)."""
        return _by_level(self.cost, level)

    def obligation(self, level: int) -> int:
        """How many tricks the whisting side must take against a game of ``level``."""
        return _by_level(self.whist.obligation, level)

    def consolation(self, level: int) -> int:
        """Vists a defender writes on a declarer per undertrick of a game of ``level``."""
        per = self.whist.consolation
        return self.game_cost(level).vists if per == "game_vists" else per

    @property
    def pulya_closes(self) -> bool:
        """Whether a пуля closes at the target (points beyond it overflow), or pools only grow (a table total, a time)."""
        return self.pulya.end in ("every_pulya", "any_pulya")


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
        from bbscore.validation import explain  # (a refusal only)

        raise ConventionError(str(path), *explain(str(error), PrefConvention, sample=sample)) from None
    _check(convention, str(path))
    return convention


def _check(c: PrefConvention, path: str) -> None:
    """Numbers and choices that must agree (RULES.md §9)."""
    def refuse(key: str, reason: str) -> ConventionError:
        return ConventionError(path, key, reason)

    for index, earlier in enumerate(c.same_rules_as):
        if len(earlier) != 64 or earlier.strip("0123456789abcdef"):  # [0-9a-f]{64}
            raise refuse("same_rules_as", _("ожидаются SHA-256 прежних версий правил (64 шестнадцатеричных знака), "
                                            "а {index}-е — {earlier}").format(index=index + 1, earlier=repr(earlier)))
    if c.format != FORMAT:
        raise refuse("format", _("поддерживается формат {format}").format(format=FORMAT))
    _check_limits(msgspec.to_builtins(c), "", refuse)
    if not c.players.counts or any(n not in (3, 4) for n in c.players.counts) or len(set(c.players.counts)) != len(c.players.counts):
        raise refuse("players.counts", _("в преферанс играют втроём или вчетвером: список из 3 и/или 4 без повторов"))
    for key in LEVEL_KEYS:
        row = _by_level(c.cost, int(key))
        for column in ("pulya", "gora", "vists", "whist_gora"):
            if getattr(row, column) < 0:
                raise refuse(f"cost.{key}.{column}", _("не может быть отрицательным"))
        if row.pulya < 1:
            raise refuse(f"cost.{key}.pulya", _("сыгранная игра пишет в пулю хотя бы 1"))
        if row.whist_gora != _whist_gora(c, row):
            raise refuse(f"cost.{key}.whist_gora", _whist_gora_reason(c, row))
        obligation = _by_level(c.whist.obligation, int(key))
        if not 0 <= obligation <= 10:
            raise refuse(f"whist.obligation.{key}", _("обязательство вистующих — от 0 до 10 взяток"))
    if c.misere.pulya < 1 or c.misere.gora < 0:
        raise refuse("misere", _("мизер пишет в пулю хотя бы 1, в гору — не отрицательное число"))
    if c.whist.consolation != "game_vists" and c.whist.consolation < 0:
        raise refuse("whist.consolation", _("консоляция не может быть отрицательной"))
    _check_raspasy(c.raspasy, refuse)
    if c.pulya.target < 1:
        raise refuse("pulya.target", _("пуля — хотя бы 1 очко"))
    if c.pulya.help_vists_per_point < 0:
        raise refuse("pulya.help_vists_per_point", _("не может быть отрицательным"))
    if c.settlement.gora_vists < 1:
        raise refuse("settlement.gora_vists", _("очко горы стоит хотя бы 1 вист"))
    if c.settlement.pulya_vists < 1:
        raise refuse("settlement.pulya_vists", _("очко пули стоит хотя бы 1 вист"))
    _check_play(c, refuse)
    if c.settlement.unfinished == "missing_to_gora" and c.settlement.pulya_vists % c.settlement.gora_vists:
        raise refuse("settlement.pulya_vists", _(
            "при unfinished = \"missing_to_gora\" недостающее очко пули пишется в гору как pulya_vists ÷ gora_vists "
            "очков горы: pulya_vists должно делиться на gora_vists ({gora_vists}), а записано {value}").format(
            gora_vists=c.settlement.gora_vists, value=c.settlement.pulya_vists))


LIMIT = 1_000_000  # no number of a preferans table comes near it (the target included)


def _check_limits(data: Any, key: str, refuse: Any) -> None:
    """Every number of the file within ±:data:`LIMIT`: then every value a hand writes (a cost times ten tricks times
    a progression of at most 100) is far inside what a пуля's reader takes back (15 digits a number,
    :func:`bbscore.numbers.exact`), and the target inside a sheet's (:data:`bbscore.sheets.MAX_TARGET`)."""
    if isinstance(data, dict):
        for name, value in data.items():
            _check_limits(value, f"{key}.{name}" if key else name, refuse)
    elif isinstance(data, list):
        for value in data:
            _check_limits(value, key, refuse)
    elif isinstance(data, int) and not isinstance(data, bool) and abs(data) > LIMIT:
        raise refuse(key, _("число слишком большое ({value}); допустимо до {limit}").format(value=data, limit=LIMIT))


def _check_play(c: PrefConvention, refuse: Any) -> None:
    """The play table: a penalty exactly with ``revoke = "penalty"``, the first hand's leads within a hand, a source."""
    play = c.play
    if play is None:
        return
    if play.revoke == "penalty" and play.revoke_penalty < 1:
        raise refuse("play.revoke_penalty", _("при revoke = \"penalty\" штраф — хотя бы 1 очко горы"))
    if play.revoke != "penalty" and play.revoke_penalty != 0:
        raise refuse("play.revoke_penalty", _("штраф пишется только при revoke = \"penalty\": здесь 0"))
    if not 1 <= play.raspasy_first_hand_leads <= 10:
        raise refuse("play.raspasy_first_hand_leads", _("первая рука ходит в первых 1–10 взятках распасов"))
    if not play.source.strip():
        raise refuse("play.source", _("назовите источник правил розыгрыша (например «Кодекс, §2.1»)"))


def _whist_gora(c: PrefConvention, row: GameCost) -> Any:
    """What ``cost.N.whist_gora`` must be under the file's ``whist.responsibility`` and ``whist.half_of``: an int,
    or a :class:`~fractions.Fraction` for half an odd number (fractions is imported only then)."""
    if c.whist.responsibility == "none":
        return 0
    if c.whist.responsibility == "full":
        return row.gora
    halved = row.gora if c.whist.half_of == "undertrick_gora" else row.pulya
    if halved % 2 == 0:
        return halved // 2
    from fractions import Fraction

    return Fraction(halved, 2)


def _whist_gora_reason(c: PrefConvention, row: GameCost) -> str:
    expected = _whist_gora(c, row)
    shown = f"{float(expected):g}"
    if c.whist.responsibility == "none":
        return _("при whist.responsibility = \"none\" вистующий за недобор в гору не пишет: ожидается 0, а записано "
                 "{value}").format(value=row.whist_gora)
    if c.whist.responsibility == "full":
        return _("при whist.responsibility = \"full\" вистующий пишет в гору за недобранную взятку всю стоимость "
                 "недобора игры ({gora}): ожидается {expected}, а записано {value}").format(
            gora=row.gora, expected=shown, value=row.whist_gora)
    if c.whist.half_of == "game_pulya":
        return _("при whist.responsibility = \"half\" и half_of = \"game_pulya\" вистующий пишет в гору за "
                 "недобранную взятку половину стоимости игры ({pulya}): ожидается {expected}, а записано {value}").format(
            pulya=row.pulya, expected=shown, value=row.whist_gora)
    return _("при whist.responsibility = \"{responsibility}\" вистующий пишет в гору за недобранную взятку половину "
             "стоимости недобора игры ({gora}): ожидается {expected}, а записано {value}").format(
        responsibility="half", gora=row.gora, expected=shown, value=row.whist_gora)


def _check_raspasy(r: RaspasySettings, refuse: Any) -> None:
    """The распасы table: the writer's price, the zero-tricks reward, the progression and the exit tables."""
    if r.writer == "fewest_tricks" and r.vists_per_trick < 1:
        raise refuse("raspasy.vists_per_trick", _("взятка на распасах стоит хотя бы 1 вист"))
    if r.writer == "each_to_gora" and r.gora_per_trick < 1:
        raise refuse("raspasy.gora_per_trick", _("при writer = \"each_to_gora\" взятка на распасах стоит хотя бы 1 очко горы"))
    for key in ("vists_per_trick", "gora_per_trick", "zero_tricks_pulya"):
        if getattr(r, key) < 0:
            raise refuse(f"raspasy.{key}", _("не может быть отрицательным"))
    if r.progression is True:
        raise refuse("raspasy.progression", _(
            "прогрессия распасов — таблица множителей цены взятки на 1-х, 2-х, 3-х … распасах подряд (последний "
            "повторяется), например [1, 2, 3]; без прогрессии — false"))
    if isinstance(r.progression, list) and (not r.progression or any(m < 1 or m > 100 for m in r.progression)):
        raise refuse("raspasy.progression", _("множители цены — целые числа от 1 до 100, хотя бы один: [1, 2, 3]"))
    if not r.exit or any(level not in LEVELS for level in r.exit):
        raise refuse("raspasy.exit", _("выход из распасов — уровни игр (6…10) после 0, 1, 2 … распасов подряд: [6] или [6, 7, 8]"))
    if r.exit[0] != LEVELS[0]:
        raise refuse("raspasy.exit", _("первый уровень — обычная игра без распасов перед ней: {level}").format(level=LEVELS[0]))


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

    def same_rules(self, recorded: str) -> bool:
        """Whether a sheet that recorded the content hash ``recorded`` was kept by these very rules: this hash, or an
        earlier version's that the file declares gives the same results (``same_rules_as``)."""
        return recorded == self.sha256 or recorded in self.settings.same_rules_as

    def with_target(self, target: int) -> PrefConvention:
        """The convention with another пуля target (a game agreed to another size)."""
        return msgspec.structs.replace(self.settings, pulya=msgspec.structs.replace(self.settings.pulya, target=target))


def rules_hash(settings: PrefConvention) -> str:
    """SHA-256 of the content (canonical JSON, keys sorted, as :func:`bbscore.belot.convention.rules_hash` hashes): comments
    and layout do not change it."""
    from bbscore.files import sha256_hex

    if settings.same_rules_as:  # what the rules were before is not part of the rules
        settings = msgspec.structs.replace(settings, same_rules_as=[])
    data = msgspec.to_builtins(settings)
    if data.get("play") is None:  # a file without the referee's table hashes as before it existed
        data.pop("play", None)
    return sha256_hex(msgspec.json.encode(data, order="sorted"))
