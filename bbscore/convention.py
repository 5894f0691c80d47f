"""Conventions: a rule set as data, loaded from a TOML file and checked (RULES.md §7).

Every number and choice of a rule set lives in ``conventions/*.toml``; the
engine reads them through :class:`Convention` and has no game number of its
own.  A file is found by name (the bundled ones, inside the package when
installed from a wheel, or ``conventions/`` of a checkout) or by path.  A file
with a missing key, an unknown key, a wrong type or numbers that do not add up
is refused with :class:`~bbscore.errors.ConventionError` naming the file, the
key path, what was expected and what was found.
"""

# No "from __future__ import annotations" here: msgspec reads the schema's annotations as
# objects, not strings to evaluate (that costs milliseconds at every start-up).
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Callable, Literal

import msgspec

from bbscore.cards import RANKS, SUITS_IN_DECK, Card, makeable_trick_points
from bbscore.contract import Contract, ContractKind, Doubling, Game, GameKind
from bbscore.errors import (
    NOT_A_FILE,
    TOO_DEEP,
    BBScoreError,
    ConventionError,
    ConventionNotFoundError,
    os_reason,
)

FORMAT = 1
Term = Literal["PC", "Pp", "Pv"]
RamsEffect = Literal["cancel_all", "cancel_opponents", "cancel_opponents_sequences", "redeal"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
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


class Convention:
    """A loaded, checked rule set: its ``settings`` (the file's tables) and ``path``.

    ``sha256`` is :func:`rules_hash` of its content.  Two conventions are equal
    when their settings and path are (not hashable: the settings hold tables).  A plain class (not a dataclass): it is
    made once per run, and a dataclass costs ~0.5 ms of every start to define.
    """

    def __init__(self, settings: ConventionFile, path: Path, known_sha256: str | None = None) -> None:
        self.settings = settings
        self.path = path
        self.memo: dict = {}  # values derived from the settings
        self.known_sha256 = known_sha256  # from the compiled copy, if any

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
        """:func:`rules_hash` of the content, computed when first asked for (or kept by the compiled copy)."""
        return self.known_sha256 or rules_hash(self.settings)

    @property
    def name(self) -> str:
        return self.settings.name

    @cached_property
    def _games(self) -> dict[GameKind, GameSettings]:
        return {kind: getattr(self.settings.games, kind.value) for kind in GameKind}

    def game(self, kind: GameKind) -> GameSettings:
        """The table of one kind of game (suit, БК, ВК)."""
        return self._games[kind]

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
        if contract.kind is ContractKind.SIMPLE:
            return game.base_cost
        return game.kapo_base_cost if contract.kind is ContractKind.KAPO else game.kapo_hand_base_cost

    def multiplier(self, doubling: Doubling) -> int:
        """What contra or recontra multiplies the contract points by (seed 000 §5)."""
        if doubling is Doubling.NONE:
            return 1
        table = self.settings.doubling
        return table.contra if doubling is Doubling.CONTRA else table.recontra

    def sequence_visty(self, length: int) -> int:
        """Visty of a sequence of ``length`` cards (3…8), seed 000 §0.2."""
        return self.remember(("sequence", length), getattr, self.settings.constructions, SEQUENCE_NAMES[length - 3])

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
    from fractions import Fraction

    exact = Fraction(visty) / Fraction(repr(divisor))
    return int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))


@cache
def bundled_dir() -> Path:
    """The folder of the bundled conventions: inside the installed package, or ``conventions/`` of a checkout."""
    inside = Path(__file__).resolve().parent / "conventions"
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / "conventions"


def bundled_names() -> list[str]:
    """Names of the bundled conventions."""
    return sorted(path.stem for path in bundled_dir().glob("*.toml") if path.is_file())


def user_dir() -> Path:
    """The user's own conventions: ``conventions/`` in the platform's user config folder (platformdirs)."""
    from platformdirs import user_config_path

    return user_config_path("bbscore") / "conventions"


def user_names() -> list[str]:
    """Names of the user's own conventions (files ``NAME.toml`` in :func:`user_dir`)."""
    folder = user_dir()
    return sorted(path.stem for path in folder.glob("*.toml") if path.is_file()) if folder.is_dir() else []


def resolve(name_or_path: str) -> Path:
    """The file of a convention given by name (``gambler``) or by path.

    A name is looked up among the bundled conventions first, then in the
    user's folder (:func:`user_dir`): a bundled name cannot be shadowed.
    Raises :class:`ConventionNotFoundError` when neither exists.
    """
    return _resolve(name_or_path, _names_a_file(name_or_path))


def _resolve(name_or_path: str, is_path: bool) -> Path:
    candidate = Path(name_or_path).expanduser()
    if is_path:
        if candidate.is_dir():
            raise ConventionNotFoundError("правила", name_or_path, "это папка, а нужен файл правил .toml")
        if candidate.exists():  # a pipe or a device is refused when read (load_file)
            return candidate
        raise ConventionNotFoundError("правила", name_or_path, "файл правил не найден")
    bundled = bundled_dir() / f"{name_or_path}.toml"
    if bundled.is_file():
        return bundled
    own = user_dir() / f"{name_or_path}.toml"
    if own.is_file():
        return own
    names = ", ".join(bundled_names() + [n for n in user_names() if n not in bundled_names()])
    raise ConventionNotFoundError(
        "правила", name_or_path, f"нет таких правил; есть: {names}, или путь к файлу .toml (свои правила — в {user_dir()})"
    )


_CACHE: dict[tuple[str, int, int, int, int], Convention] = {}  # by the file's (path, device, inode, time, size)


def load(name_or_path: str = "gambler") -> Convention:
    """Load and check a convention by name or path (cached per file version).

    A convention found by name (bundled, or in the user's folder) is kept
    compiled beside its file (see :func:`_read_compiled`); a file given by path
    is read afresh.  Raises :class:`ConventionError` for a missing or
    unreadable file, a TOML syntax error, a missing/unknown key, a wrong type
    or inconsistent numbers.
    """
    is_path = _names_a_file(name_or_path)
    return load_file(_resolve(name_or_path, is_path), compiled=not is_path)


def load_file(path: Path, *, compiled: bool = False) -> Convention:
    """Load and check the convention file at ``path`` (no lookup by name); see :func:`load`.

    ``compiled``: use and refresh the compiled copy in ``__pycache__`` beside the file.
    """
    import stat

    try:
        status = path.stat()
        key = (str(path), status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
        if key in _CACHE:
            return _CACHE[key]
        if not stat.S_ISREG(status.st_mode):  # a folder, a pipe (reading it could wait forever), a device
            raise ConventionError(str(path), "", NOT_A_FILE)
        raw = path.read_bytes()
    except OSError as error:
        raise ConventionError(str(path), "", f"файл не читается ({os_reason(error)})") from None
    convention = _read_compiled(raw, path) if compiled else None
    if convention is None:
        tables = _tables(raw, path)
        convention = _checked(tables, path)
        if compiled:
            _write_compiled(raw, path, tables, convention.sha256)
    _CACHE[key] = convention
    return convention


def parse(raw: bytes, path: Path) -> Convention:
    """Check the bytes of a convention file and return the :class:`Convention`.

    Raises :class:`ConventionError` with the file and key path.
    """
    return _checked(_tables(raw, path), path)


def _tables(raw: bytes, path: Path) -> dict[str, Any]:
    """The file's TOML tables (:class:`ConventionError` with the line for bad TOML or encoding)."""
    try:
        from bbscore.protocol import parse_toml

        data = parse_toml(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ConventionError(str(path), "", "файл должен быть в кодировке UTF-8 (сохраните его как UTF-8)") from None
    except ValueError as error:  # tomllib.TOMLDecodeError
        from bbscore.protocol import toml_problem

        line, reason = toml_problem(error)
        raise ConventionError(str(path), "", f"строка {line}: {reason}" if line else reason) from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise ConventionError(str(path), "", TOO_DEEP) from None
    return data


def _checked(data: Any, path: Path, sha256: str | None = None) -> Convention:
    """The file's tables validated by the schema and the consistency checks."""
    try:
        settings = msgspec.convert(data, ConventionFile)
    except msgspec.ValidationError as error:
        raise ConventionError(str(path), *_explain_validation(str(error))) from None
    _check_consistency(settings, path)
    return Convention(settings, path, known_sha256=sha256)


# The compiled copy of a convention file: its tables as parsed by tomllib and their hash, written as msgpack by
# msgspec (plain data only: nothing in it is executed; a damaged copy fails to decode without reading past its
# end) to __pycache__/NAME.toml.bbscore beside the file, the way Python keeps its bytecode.  It saves the TOML parser and hashlib at each start (~5 ms of ~70, issue "Fast enough to
# forget").  It is used only when it holds the file's exact bytes and was written by this very code (this module's
# size and time, this Python); its tables still pass the schema and the consistency checks at every load.
_COMPILED_FORMAT = 2  # 1 was marshal: a damaged copy could make it allocate gigabytes


def _compiled_path(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.bbscore"


def _compiled_stamp() -> list:
    import sys

    own = Path(__file__).stat()
    return [_COMPILED_FORMAT, sys.version, own.st_size, own.st_mtime_ns]


def _read_compiled(raw: bytes, path: Path) -> Convention | None:
    """The convention from its compiled copy, or None when there is none or it is not of these bytes and this code."""
    compiled = _compiled_path(path)
    try:
        if not compiled.is_file():  # none, or not a regular file (a pipe would never end)
            return None
        stamp, source, data, sha256 = msgspec.msgpack.decode(compiled.read_bytes())
    except (OSError, ValueError, TypeError):  # unreadable, damaged (msgspec.DecodeError), not a list of 4
        return None
    if source != raw or stamp != _compiled_stamp() or not isinstance(data, dict) or not isinstance(sha256, str):
        return None
    try:
        return _checked(data, path, sha256)
    except ConventionError:  # a damaged copy: the file itself decides
        return None


def _write_compiled(raw: bytes, path: Path, tables: dict[str, Any], sha256: str) -> None:
    """Write the compiled copy (atomically); a folder that cannot be written is left alone, as Python does with bytecode."""
    import os
    import tempfile

    target = _compiled_path(path)
    try:
        data = msgspec.msgpack.encode([_compiled_stamp(), raw, tables, sha256])
        target.parent.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, path.stat().st_mode & 0o666)  # readable by whoever may read the file itself
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, TypeError):  # a read-only folder; a value msgpack cannot write
        return


def _names_a_file(name_or_path: str) -> bool:
    """Whether ``name_or_path`` is a path (it ends in .toml, has a folder, or is something here — a file, a folder, a
    pipe — that is not a convention's name)."""
    candidate = Path(name_or_path).expanduser()
    if candidate.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path:
        return True
    return candidate.exists() and name_or_path not in bundled_names() + user_names()


def rules_hash(settings: ConventionFile) -> str:
    """SHA-256 of the rules' content (every key and value, canonical JSON), not of the file's bytes.

    Comments and layout do not change it; any value does.  A protocol stores it
    so that a later change of the rules is noticed.
    """
    import hashlib

    canonical = msgspec.json.encode(settings, order="sorted")  # the same bytes as json.dumps(sort_keys=True) compact
    return hashlib.sha256(canonical).hexdigest()


_TYPE_NAMES = {
    "int": "целое число", "float": "число", "str": "текст в кавычках", "bool": "true или false",
    "array": "список [ … ]", "object": "таблица { … }", "null": "пусто",
}


def _explain_validation(text: str) -> tuple[str, str]:
    """msgspec's message in words a club organiser can act on: (the key path, what is wrong and what is expected)."""
    import re

    message, _, where = text.partition(" - at `")
    where = re.sub(r"\[(?:\.\.\.|\d+)\]", "", where.rstrip("`").removeprefix("$").lstrip("."))
    missing = re.match(r"Object missing required field `(.+)`", message)
    unknown = re.match(r"Object contains unknown field `(.+)`", message)
    wrong_type = re.match(r"Expected `(.+?)`, got `(.+?)`", message)
    bad_choice = re.match(r"Invalid enum value (.+)", message)
    if missing:
        key = f"{where}.{missing.group(1)}" if where else missing.group(1)
        example = _example_line(key)
        return key, "нет ключа — добавьте его" + (f", например как в gambler: {example}" if example else
                                                   " (образец: bbscore conventions show gambler)")
    if unknown:
        key = f"{where}.{unknown.group(1)}" if where else unknown.group(1)
        return key, "неизвестный ключ — уберите его или исправьте опечатку"
    if bad_choice:
        allowed = _choices(where)
        return where, f"недопустимое значение {bad_choice.group(1)}" + (f"; допустимы: {', '.join(allowed)}" if allowed else "")
    if wrong_type:
        expected = " или ".join(_TYPE_NAMES.get(t.strip(), t.strip()) for t in wrong_type.group(1).split("|"))
        got = "дробное число" if wrong_type.group(2) == "float" else _TYPE_NAMES.get(wrong_type.group(2), wrong_type.group(2))
        return where, f"ожидается {expected}, а записано {got}"
    return where, message


def _example_line(key: str) -> str | None:
    """The line ``name = value`` of the bundled gambler convention at a key path, to show what to write."""
    import json

    try:
        value: Any = load("gambler").content
        for part in key.split("."):
            value = value[part]
    except (KeyError, TypeError, BBScoreError):
        return None
    if isinstance(value, dict):
        return f"[{key}] …"
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, bool) else str(value).lower()
    return f"{key.rsplit('.', 1)[-1]} = {shown}"


def _choices(where: str) -> list[str]:
    """The allowed values of a choice setting at a key path (from the schema's Literal types)."""
    import typing

    kind: Any = ConventionFile
    for part in where.split("."):
        hints = typing.get_type_hints(kind) if isinstance(kind, type) else {}
        if part not in hints:
            return []
        kind = hints[part]
    if typing.get_origin(kind) is list:
        (kind,) = typing.get_args(kind)
    args = typing.get_args(kind)
    return [str(a) for a in args] if args and all(isinstance(a, str) for a in args) else []


def _refuse(path: Path, key: str, problem: str) -> ConventionError:
    return ConventionError(str(path), key, problem)


def _check_consistency(settings: ConventionFile, path: Path) -> None:
    """Numbers that must agree with each other: card tables, deck totals, rams, limits."""
    if settings.format != FORMAT:
        raise _refuse(path, "format", f"поддерживается формат {FORMAT}")
    if settings.points.visty_per_point < 1:
        raise _refuse(path, "points.visty_per_point", "должно быть не меньше 1")
    if settings.points.last_trick < 0:
        raise _refuse(path, "points.last_trick", "висты за последнюю взятку не могут быть отрицательными")
    if settings.doubling.contra < 1 or settings.doubling.recontra < 1:
        raise _refuse(path, "doubling", "множители контры и реконтры должны быть не меньше 1")
    unit = settings.points.visty_per_point
    for name in SEQUENCE_NAMES + ("bela",):
        value = getattr(settings.constructions, name)
        if value < 0:
            raise _refuse(path, f"constructions.{name}", "стоимость не может быть отрицательной")
        if value % unit:
            raise _refuse(path, f"constructions.{name}", f"стоимость конструкции — целое число очков: кратна {unit} вистам, а записано {value}")
    _check_limits(path, msgspec.to_builtins(settings))
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
        for rank, value in game.rams.items():
            if value < 0 or value % unit:
                raise _refuse(path, f"{prefix}.rams.{rank}", f"стоимость рамок — неотрицательное число, кратное {unit}, а записано {value}")
        if not 1 <= game.trick_divisor <= 10:
            raise _refuse(path, f"{prefix}.trick_divisor", f"делитель вистов за взятки от 1 до 10 (1 — без пересчёта), дано {game.trick_divisor}")
        if not 0 <= game.max_belas <= SUITS_IN_DECK:
            raise _refuse(path, f"{prefix}.max_belas", f"от 0 до {SUITS_IN_DECK}")
        if kind is GameKind.NO_TRUMPS and game.max_belas:
            raise _refuse(path, f"{prefix}.max_belas", "в БК нет козырей, значит и бэлы: 0")
        for key in ("base_cost", "kapo_base_cost", "kapo_hand_base_cost"):
            if getattr(game, key) < 0:
                raise _refuse(path, f"{prefix}.{key}", "не может быть отрицательным")
        if game.min_bid < 1:
            raise _refuse(path, f"{prefix}.min_bid", f"минимальная заявка — не меньше 1, а записано {game.min_bid}")
        points_in_deck = scale_visty(game.deck_visty, game.trick_divisor) // settings.points.visty_per_point
        if game.base_cost != points_in_deck:
            raise _refuse(
                path, f"{prefix}.base_cost",
                f"базовая стоимость простой игры — очки всей колоды (seed 000 §5: Pp + Pv = C + конструкции/10): "
                f"колода {game.deck_visty} вистов даёт {points_in_deck}, а указано {game.base_cost}",
            )
    if settings.game_end.target < 1:
        raise _refuse(path, "game_end.target", "должно быть положительным")


LIMIT = 1_000_000  # no setting of a card game comes near it; keeps every score a small whole number


def _check_limits(path: Path, data: Any, key: str = "") -> None:
    """Every number of the file is within ±:data:`LIMIT` (a typo of many digits is refused, not written into protocols)."""
    if isinstance(data, dict):
        for name, value in data.items():
            _check_limits(path, value, f"{key}.{name}" if key else name)
    elif isinstance(data, list):
        for value in data:
            _check_limits(path, value, key)
    elif isinstance(data, (int, float)) and not isinstance(data, bool) and abs(data) > LIMIT:
        raise _refuse(path, key, f"число слишком большое ({data}); допустимо до {LIMIT}")


def _check_ranks(path: Path, key: str, given: set[str], expected: set[str]) -> None:
    missing, unknown = expected - given, given - expected
    if unknown:
        raise _refuse(path, key, f"неизвестный ранг {', '.join(sorted(unknown))}; ранги пишутся так: {' '.join(RANKS)} "
                                 "(J — валет, Q — дама, K — король, A — туз)")
    if missing:
        raise _refuse(path, key, f"нет ранга {', '.join(r for r in RANKS if r in missing)}; нужны все: {' '.join(RANKS)}")


def flatten(data: dict, prefix: str = "") -> dict[str, Any]:
    """Key paths of a convention's content (``games.suit.rams.J``) with their values (lists kept whole)."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            flat.update(flatten(value, path))
        else:
            flat[path] = value
    return flat


def differences(first: Convention, second: Convention) -> list[tuple[str, Any, Any]]:
    """(key path, value in the first, value in the second) for every setting that differs; None where absent."""
    a, b = flatten(first.content), flatten(second.content)
    keys = sorted(set(a) | set(b), key=lambda k: (k.split(".")[0], k))
    return [(key, a.get(key), b.get(key)) for key in keys if a.get(key) != b.get(key)]


def commented_copy(source: Convention, new_name: str) -> str:
    """The text of a new convention file: the source file with its comments, under a new name and title.

    Raises :class:`ConventionError` when the new name is not a plain name.
    """
    import re

    if not re.fullmatch(r"[\w-]{1,64}", new_name):
        raise ConventionError(new_name, "name", "имя правил — буквы, цифры, _ и -, до 64 знаков")
    text = source.path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    result = [f"# Копия правил «{source.name}», сделанная командой bbscore conventions init: правьте значения,\n",
              "# затем проверьте файл: bbscore conventions check ФАЙЛ.\n"]
    in_top = True
    for line in lines:
        if line.lstrip().startswith("["):
            in_top = False
        if in_top and re.match(r"^\s*name\s*=", line):
            line = f'name = "{new_name}"\n'
        elif in_top and re.match(r"^\s*title\s*=", line):
            line = f'title = "{source.settings.title} — копия «{new_name}»"\n'
        result.append(line)
    return "".join(result)


# What each setting means, in Russian, for `conventions show` and `diff` (key paths with * for the game kind).
DESCRIPTIONS: dict[str, str] = {
    "format": "версия формата файла",
    "name": "имя правил",
    "title": "название",
    "points.visty_per_point": "вистов в одном очке",
    "points.defenders_rounding": "округление вистов вистующих (half_up: 15–19 → 20)",
    "points.last_trick": "висты за последнюю взятку (послед)",
    "doubling.contra": "множитель очков за контракт под контрой",
    "doubling.recontra": "множитель под реконтрой",
    "made.simple": "когда простая игра выполнена (reach_contract: Vp ≥ 10·N; reach_and_outscore: и Vp > Vv)",
    "written.made": "что пишут пары, контракт выполнен",
    "written.made_doubled": "что пишут пары, выполнен под контрой/реконтрой",
    "written.bait": "что пишут пары при байте",
    "constructions.terz": "терц, вистов",
    "constructions.berz": "берц, вистов",
    "constructions.quinta": "квинта, вистов",
    "constructions.sixte": "шестерик, вистов",
    "constructions.septime": "семерик, вистов",
    "constructions.huitieme": "восьмерик, вистов",
    "constructions.bela": "бэла, вистов",
    "constructions.declarers_without_trick": "конструкции разыгрывающих без взятки (to_defenders — вистующим, lost — пропадают)",
    "constructions.defenders_without_trick": "конструкции вистующих без взятки (keep — остаются, lost — пропадают)",
    "constructions.bela_without_trick": "бэла без взятки (like_others — как другие конструкции, counts — засчитывается всегда)",
    "constructions.rams_8": "рамки 8: cancel_all — отменяют все конструкции всех игроков (кроме бэлы); cancel_opponents — "
                            "все конструкции противников; cancel_opponents_sequences — терц и берц противников; redeal — пересдача",
    "constructions.rams_7": "рамки 7: те же варианты (cancel_all, cancel_opponents, cancel_opponents_sequences, redeal)",
    "games.*.trump_cards": "стоимость козырных карт, вистов",
    "games.*.plain_cards": "стоимость некозырных карт, вистов",
    "games.*.deck_visty": "стоимость колоды S с последом, вистов",
    "games.*.trick_divisor": "делитель вистов за взятки (1 — без пересчёта)",
    "games.*.min_bid": "минимальная заявка N",
    "games.*.base_cost": "базовая стоимость C простой игры, очков",
    "games.*.kapo_base_cost": "базовая стоимость капо, очков",
    "games.*.kapo_hand_base_cost": "базовая стоимость капо с руки, очков",
    "games.*.max_belas": "сколько бэл может быть",
    "games.*.rams": "стоимость рамок, вистов",
    "games.*.no_rams": "четыре карты, которые не конструкция",
    "game_end.target": "до скольких очков партия",
    "game_end.on_tie": "равные итоги на цели (another_hand — ещё сдача, draw — ничья)",
    "game_end.doezd": "разрешён ли «доезд»",
}
GAME_KIND_NAMES = {"suit": "масть (П Т Б Ч)", "no_trumps": "БК", "all_trumps": "ВК"}


def describe(key: str) -> str:
    """The Russian description of a setting's key path (``games.suit.rams.J`` → its table's description)."""
    parts = key.split(".")
    candidates = [key]
    if parts[0] == "games" and len(parts) >= 3:
        candidates += [".".join(["games", "*", *parts[2:]]), ".".join(["games", "*", parts[2]])]
    if parts[0] == "written" and len(parts) >= 2:
        candidates.append(".".join(parts[:2]))
    for candidate in candidates:
        if candidate in DESCRIPTIONS:
            return DESCRIPTIONS[candidate]
    return ""
