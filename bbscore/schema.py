"""The schema of a Bazar-Belot convention file: its tables as msgspec Structs, and the checks that its numbers agree.

Pure data and checks (RULES.md §7): no file is read here (:mod:`bbscore.conventions`
finds and reads files).  :func:`check` refuses numbers that do not add up,
raising :class:`~bbscore.errors.ConventionError` with the file and the key path.
"""

# No "from __future__ import annotations" here: msgspec reads the schema's annotations as
# objects, not strings to evaluate (that costs milliseconds at every start-up).
from pathlib import Path
from typing import Any, Literal

import msgspec

from bbscore.cards import RANKS, SUITS_IN_DECK, scale_visty
from bbscore.contract import GameKind
from bbscore.errors import ConventionError

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
SUIT_LAYOUT = {
    GameKind.SUIT: (1, SUITS_IN_DECK - 1),
    GameKind.NO_TRUMPS: (0, SUITS_IN_DECK),
    GameKind.ALL_TRUMPS: (SUITS_IN_DECK, 0),
}
SEQUENCE_NAMES = ("terz", "berz", "quinta", "sixte", "septime", "huitieme")  # lengths 3…8



def _refuse(path: Path, key: str, problem: str) -> ConventionError:
    return ConventionError(str(path), key, problem)


def check(settings: ConventionFile, path: Path) -> None:
    """Numbers that must agree with each other: card tables, deck totals, rams, limits."""
    if settings.format != FORMAT:
        raise _refuse(path, "format", f"поддерживается формат {FORMAT}")
    if settings.points.visty_per_point < 1:
        raise _refuse(path, "points.visty_per_point", "должно быть не меньше 1")
    if settings.points.last_trick < 0:
        raise _refuse(path, "points.last_trick", "висты за последнюю взятку не могут быть отрицательными")
    if settings.points.last_trick > MAX_CARD_VISTY:
        raise _refuse(path, "points.last_trick", f"висты за последнюю взятку — не больше {MAX_CARD_VISTY}")
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
        trumps, plains = SUIT_LAYOUT[kind]
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
                if any(value > MAX_CARD_VISTY for value in table.values()):
                    raise _refuse(path, f"{prefix}.{table_name}", f"стоимость карты — не больше {MAX_CARD_VISTY} вистов "
                                                                  f"(а записано {max(table.values())})")
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
# The most a card (or the last trick) is worth, in visty: the tables of makeable trick points grow with the deck's
# value (bit sets of ~32 000 bits at most), so that loading a convention stays within milliseconds.
MAX_CARD_VISTY = 1000


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
