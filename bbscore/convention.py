"""Conventions: a rule set as data, loaded from a TOML file and checked (RULES.md §7).

Every number and choice of a rule set lives in ``conventions/*.toml``; the
engine reads them through :class:`Convention` and has no game number of its
own.  A file is found by name (the bundled ones, inside the package when
installed from a wheel, or ``conventions/`` of a checkout) or by path.  A file
with a missing key, an unknown key, a wrong type or numbers that do not add up
is refused with :class:`~bbscore.errors.ConventionError` naming the file, the
key path, what was expected and what was found.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

import msgspec

from bbscore.cards import RANKS, SUITS_IN_DECK, makeable_trick_points
from bbscore.contract import Contract, ContractKind, Doubling, GameKind
from bbscore.errors import ConventionError, ConventionNotFoundError

FORMAT = 1
Term = Literal["PC", "Pp", "Pv"]
RamsEffect = Literal["cancel_all", "cancel_opponents", "cancel_opponents_sequences", "redeal"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table of a convention file: every key known, every key required unless defaulted."""


class PointsSettings(_Strict):
    visty_per_point: int
    defenders_rounding: Literal["half_up", "half_down", "down", "up"]
    last_trick: int


class DoublingSettings(_Strict):
    contra: int
    recontra: int


class MadeSettings(_Strict):
    simple: Literal["reach_contract", "reach_and_outscore"]


class Written(_Strict):
    declarers: list[Term]
    defenders: list[Term]


class WrittenSettings(_Strict):
    made: Written
    made_doubled: Written
    bait: Written


class ConstructionSettings(_Strict):
    terz: int
    berz: int
    quinta: int
    sixte: int
    septime: int
    huitieme: int
    bela: int
    declarers_without_trick: Literal["to_defenders", "lost"]
    defenders_without_trick: Literal["keep", "lost"]
    bela_without_trick: Literal["like_others", "counts"]
    rams_8: RamsEffect
    rams_7: RamsEffect


class GameSettings(_Strict):
    deck_visty: int
    min_bid: int
    base_cost: int
    kapo_base_cost: int
    kapo_hand_base_cost: int
    max_belas: int
    rams: dict[str, int]
    no_rams: list[str]
    trick_divisor: float
    trump_cards: dict[str, int] | None = None
    plain_cards: dict[str, int] | None = None


class GamesSettings(_Strict):
    suit: GameSettings
    no_trumps: GameSettings
    all_trumps: GameSettings


class GameEndSettings(_Strict):
    target: int
    on_tie: Literal["another_hand", "draw"]
    doezd: bool


class ConventionFile(_Strict):
    format: int
    name: str
    title: str
    points: PointsSettings
    doubling: DoublingSettings
    made: MadeSettings
    written: WrittenSettings
    constructions: ConstructionSettings
    games: GamesSettings
    game_end: GameEndSettings


# Which card tables a kind of game uses: (trump suits, plain suits).
_SUIT_LAYOUT = {
    GameKind.SUIT: (1, SUITS_IN_DECK - 1),
    GameKind.NO_TRUMPS: (0, SUITS_IN_DECK),
    GameKind.ALL_TRUMPS: (SUITS_IN_DECK, 0),
}
SEQUENCE_NAMES = ("terz", "berz", "quinta", "sixte", "septime", "huitieme")  # lengths 3…8


@dataclass(frozen=True)
class Convention:
    """A loaded, checked rule set.  ``sha256`` is :func:`rules_hash` of its content."""

    settings: ConventionFile
    path: Path
    sha256: str = field(compare=False)

    @property
    def name(self) -> str:
        return self.settings.name

    def game(self, kind: GameKind) -> GameSettings:
        """The table of one kind of game (suit, БК, ВК)."""
        return getattr(self.settings.games, kind.value)

    def card_values(self, kind: GameKind) -> tuple[int, ...]:
        """The visty of all 32 cards of a kind of game, trump suits first (seed 000 §0.1)."""
        game = self.game(kind)
        trumps, plains = _SUIT_LAYOUT[kind]
        values: list[int] = []
        for _ in range(trumps):
            values += [game.trump_cards[rank] for rank in RANKS]  # type: ignore[index]
        for _ in range(plains):
            values += [game.plain_cards[rank] for rank in RANKS]  # type: ignore[index]
        return tuple(values)

    def makeable(self, kind: GameKind) -> tuple[frozenset[int], ...]:
        """Trick points a side can hold, by tricks taken 0…8 (see :func:`makeable_trick_points`)."""
        return makeable_trick_points(self.card_values(kind), self.settings.points.last_trick)

    def scaled_deck(self, kind: GameKind) -> int:
        """S used for scoring, in visty: the deck's value, divided by ``trick_divisor`` and rounded (seed 001 §5, ВК → 162)."""
        game = self.game(kind)
        return scale_visty(game.deck_visty, game.trick_divisor)

    def base_cost(self, contract: Contract) -> int:
        """Base cost C of a contract, in points (seed 000 §5)."""
        game = self.game(contract.game.kind)
        return {
            ContractKind.SIMPLE: game.base_cost,
            ContractKind.KAPO: game.kapo_base_cost,
            ContractKind.KAPO_HAND: game.kapo_hand_base_cost,
        }[contract.kind]

    def multiplier(self, doubling: Doubling) -> int:
        """What contra or recontra multiplies the contract points by (seed 000 §5)."""
        if doubling is Doubling.NONE:
            return 1
        table = self.settings.doubling
        return table.contra if doubling is Doubling.CONTRA else table.recontra

    def sequence_visty(self, length: int) -> int:
        """Visty of a sequence of ``length`` cards (3…8), seed 000 §0.2."""
        return getattr(self.settings.constructions, SEQUENCE_NAMES[length - 3])

    @cached_property
    def content(self) -> dict:
        """The file's tables as plain data (for display and comparison)."""
        return msgspec.to_builtins(self.settings)


def scale_visty(visty: int, divisor: float) -> int:
    """Trick visty divided by ``divisor`` and rounded half up (seed 001 §5: "делится дополнительно на 1,59 и округляется").

    The divisor is read as the decimal it is written as (1.59 is 159/100 exactly).
    """
    if divisor == 1:
        return visty
    exact = Fraction(visty) / Fraction(repr(divisor))
    return int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))


def bundled_dir() -> Path:
    """The folder of the bundled conventions: inside the installed package, or ``conventions/`` of a checkout."""
    inside = Path(__file__).resolve().parent / "conventions"
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / "conventions"


def bundled_names() -> list[str]:
    """Names of the bundled conventions."""
    return sorted(path.stem for path in bundled_dir().glob("*.toml"))


def resolve(name_or_path: str) -> Path:
    """The file of a convention given by name (``gambler``) or by path.

    Raises :class:`ConventionError` when neither exists.
    """
    candidate = Path(name_or_path).expanduser()
    looks_like_path = candidate.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path:
        if candidate.is_file():
            return candidate
        raise ConventionNotFoundError("--convention", name_or_path, "файл правил не найден")
    bundled = bundled_dir() / f"{name_or_path}.toml"
    if bundled.is_file():
        return bundled
    names = ", ".join(bundled_names())
    raise ConventionNotFoundError("--convention", name_or_path, f"нет таких правил; есть: {names}, или путь к файлу .toml")


_CACHE: dict[tuple[str, int, int], Convention] = {}


def load(name_or_path: str = "gambler") -> Convention:
    """Load and check a convention by name or path (cached per file version).

    Raises :class:`ConventionError` for a missing or unreadable file, a TOML
    syntax error, a missing/unknown key, a wrong type or inconsistent numbers.
    """
    path = resolve(name_or_path)
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
        if key in _CACHE:
            return _CACHE[key]
        raw = path.read_bytes()
    except OSError as error:
        raise ConventionError(str(path), name_or_path, f"файл не читается ({error.strerror})") from None
    convention = parse(raw, path)
    _CACHE[key] = convention
    return convention


def parse(raw: bytes, path: Path) -> Convention:
    """Check the bytes of a convention file and return the :class:`Convention`.

    Raises :class:`ConventionError` with the file and key path.
    """
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConventionError(str(path), "", "файл должен быть в кодировке UTF-8") from None
    except tomllib.TOMLDecodeError as error:
        raise ConventionError(str(path), "", f"не TOML: {error}") from None
    try:
        settings = msgspec.convert(data, ConventionFile)
    except msgspec.ValidationError as error:
        raise ConventionError(str(path), *_explain_validation(str(error))) from None
    _check_consistency(settings, path)
    return Convention(settings, path, rules_hash(settings))


def rules_hash(settings: ConventionFile) -> str:
    """SHA-256 of the rules' content (every key and value, canonical JSON), not of the file's bytes.

    Comments and layout do not change it; any value does.  A protocol stores it
    so that a later change of the rules is noticed.
    """
    import json

    canonical = json.dumps(msgspec.to_builtins(settings), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _explain_validation(text: str) -> tuple[str, str]:
    """Turn msgspec's message into Russian: (the key path, what was expected)."""
    message, _, where = text.partition(" - at `")
    where = where.rstrip("`").removeprefix("$").lstrip(".").replace("[...]", ".<ключ>") or "верхний уровень"
    replacements = [
        ("Object missing required field `", "нет обязательного ключа «"),
        ("Object contains unknown field `", "неизвестный ключ «"),
        ("Expected `int`, got `", "ожидалось целое число, а дано «"),
        ("Expected `str`, got `", "ожидался текст, а дано «"),
        ("Expected `array`, got `", "ожидался список, а дано «"),
        ("Expected `object`, got `", "ожидалась таблица, а дано «"),
        ("Expected `", "ожидалось «"),
    ]
    for english, russian in replacements:
        if message.startswith(english):
            message = russian + message[len(english):].replace("`", "»", 1).replace("`", "«").replace("`", "»")
            break
    return where, message


def _refuse(path: Path, key: str, problem: str) -> ConventionError:
    return ConventionError(str(path), key, problem)


def _check_consistency(settings: ConventionFile, path: Path) -> None:
    """Numbers that must agree with each other: card tables, deck totals, rams, limits."""
    if settings.format != FORMAT:
        raise _refuse(path, "format", f"поддерживается формат {FORMAT}")
    if settings.points.visty_per_point < 1:
        raise _refuse(path, "points.visty_per_point", "должно быть не меньше 1")
    if settings.doubling.contra < 1 or settings.doubling.recontra < 1:
        raise _refuse(path, "doubling", "множители контры и реконтры должны быть не меньше 1")
    for name in SEQUENCE_NAMES + ("bela",):
        if getattr(settings.constructions, name) < 0:
            raise _refuse(path, f"constructions.{name}", "стоимость не может быть отрицательной")
    for kind in GameKind:
        game: GameSettings = getattr(settings.games, kind.value)
        prefix = f"games.{kind.value}"
        trumps, plains = _SUIT_LAYOUT[kind]
        total = settings.points.last_trick
        for table_name, suits in (("trump_cards", trumps), ("plain_cards", plains)):
            table = getattr(game, table_name)
            if suits and table is None:
                raise _refuse(path, f"{prefix}.{table_name}", "нужна таблица стоимости карт")
            if not suits and table is not None:
                raise _refuse(path, f"{prefix}.{table_name}", "в этой игре такой масти нет — уберите таблицу")
            if table is not None:
                _check_ranks(path, f"{prefix}.{table_name}", set(table), set(RANKS))
                if any(value < 0 for value in table.values()):
                    raise _refuse(path, f"{prefix}.{table_name}", "стоимость карты не может быть отрицательной")
                total += suits * sum(table.values())
        if total != game.deck_visty:
            raise _refuse(path, f"{prefix}.deck_visty", f"карты и послед дают {total}, а указано {game.deck_visty}")
        _check_ranks(path, f"{prefix}.rams + no_rams", set(game.rams) | set(game.no_rams), set(RANKS))
        both = set(game.rams) & set(game.no_rams)
        if both:
            raise _refuse(path, f"{prefix}.no_rams", f"ранг {', '.join(sorted(both))} есть и в rams")
        if any(value < 0 for value in game.rams.values()):
            raise _refuse(path, f"{prefix}.rams", "стоимость рамок не может быть отрицательной")
        if not 1 <= game.trick_divisor <= 10:
            raise _refuse(path, f"{prefix}.trick_divisor", f"делитель вистов за взятки от 1 до 10 (1 — без пересчёта), дано {game.trick_divisor}")
        if not 0 <= game.max_belas <= SUITS_IN_DECK:
            raise _refuse(path, f"{prefix}.max_belas", f"от 0 до {SUITS_IN_DECK}")
        if kind is GameKind.NO_TRUMPS and game.max_belas:
            raise _refuse(path, f"{prefix}.max_belas", "в БК нет козырей, значит и бэлы: 0")
        for key in ("min_bid", "base_cost", "kapo_base_cost", "kapo_hand_base_cost"):
            if getattr(game, key) < 0:
                raise _refuse(path, f"{prefix}.{key}", "не может быть отрицательным")
    if settings.game_end.target < 1:
        raise _refuse(path, "game_end.target", "должно быть положительным")


def _check_ranks(path: Path, key: str, given: set[str], expected: set[str]) -> None:
    missing, unknown = expected - given, given - expected
    if missing:
        raise _refuse(path, key, f"нет ранга {', '.join(r for r in RANKS if r in missing)}; нужны все: {' '.join(RANKS)}")
    if unknown:
        raise _refuse(path, key, f"неизвестный ранг {', '.join(sorted(unknown))}; ранги: {' '.join(RANKS)}")
