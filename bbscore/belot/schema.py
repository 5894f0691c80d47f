"""The schema of a Bazar-Belot convention file: its tables as msgspec Structs, and the checks that its numbers agree.

Pure data and checks (RULES.md §7): no file is read here (:mod:`bbscore.conventions`
finds and reads files).  :func:`check` refuses numbers that do not add up,
raising :class:`~bbscore.errors.ConventionError` with the file and the key path.
"""

# No "from __future__ import annotations" here: msgspec reads the schema's annotations as
# objects, not strings to evaluate (that costs milliseconds at every start-up).
import re
from pathlib import Path
from typing import Any, Literal

import msgspec

from bbscore.belot.cards import RANKS, SUITS_IN_DECK, scale_visty
from bbscore.belot.contract import GameKind
from bbscore.errors import ConventionError
from bbscore.i18n import _

FORMAT = 1
# What a pair may write (RULES.md §5, §7, §10): the bid term PC, the base cost C, the points for visty Pp/Pv
# (split as ``points.rounded`` says), each pair's own constructions in points Pkp/Pkv.
Term = Literal["PC", "C", "Pp", "Pv", "Pkp", "Pkv"]
RamsEffect = Literal["cancel_all", "cancel_opponents", "cancel_opponents_sequences", "redeal", "nothing"]
Rounded = Literal["defenders", "each_pair"]
Rounding = Literal["half_up", "half_down", "down", "up"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A table of a convention file: every key known, every key required unless defaulted."""


class PointsSettings(_Strict):
    visty_per_point: int
    rounded: Rounded
    rounding: Rounding
    scaling: Literal["defenders", "each_side"]
    last_trick: int


class DoublingSettings(_Strict):
    multiplies: Literal["bid", "hand"]


class Multipliers(_Strict):
    none: int
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
    declarers_on_bait: Literal["kept", "lost", "to_defenders"]
    bela_on_bait: Literal["like_others", "kept"]
    equal_rams: Literal["higher_rank", "tie"]
    tie: Literal["first_announced", "elder_hand", "cancel_both"]
    top_card_before_trump: bool
    card_in_sequence_and_rams: Literal["allowed", "forbidden"]


class KapoSettings(_Strict):
    style: Literal["premium", "flag"]
    from_one_hand: bool
    failed_card_points: Literal["kapo_base_cost", "base_cost"]


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
    bid_multiplier: Multipliers
    all_tricks_visty: int
    all_tricks_base_cost: int
    max_bid: int | None = None
    trump_cards: dict[str, int] | None = None
    plain_cards: dict[str, int] | None = None
    # A bid above this is asked again (a slip: 80Ч typed for 8Ч).  Optional with its default, so that files written
    # before it keep their content hash (msgspec omits defaults).
    confirm_bid_above: int = 30


class GamesSettings(_Strict):
    """A kind of game the convention does not have is left out (its contracts are refused)."""

    suit: GameSettings
    no_trumps: GameSettings | None = None
    all_trumps: GameSettings | None = None


class GameEndSettings(_Strict):
    target: int
    on_tie: Literal["another_hand", "draw"]
    doezd: bool
    winner_needs_trick: bool


class ConventionFile(_Strict):
    format: int
    name: str
    title: str
    points: PointsSettings
    doubling: DoublingSettings
    made: MadeSettings
    written: WrittenSettings
    constructions: ConstructionSettings
    kapo: KapoSettings
    games: GamesSettings
    game_end: GameEndSettings
    # The game of the file (the shared loader dispatches on it); a default, so msgspec omits it and the hash of
    # existing files is unchanged.
    game: Literal["bazar-belot"] = "bazar-belot"
    # Content hashes of earlier versions of this file that give every hand the same result (a format change that
    # only re-expressed the rules): a protocol kept with one of them is not told its rules changed.  Not hashed.
    same_rules_as: list[str] = []


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
    for index, earlier in enumerate(settings.same_rules_as):
        if not re.fullmatch(r"[0-9a-f]{64}", earlier):
            raise _refuse(path, "same_rules_as", _("ожидаются SHA-256 прежних версий правил (64 шестнадцатеричных знака), "
                                                   "а {index}-е — {earlier}").format(index=index + 1, earlier=repr(earlier)))
    if settings.format != FORMAT:
        raise _refuse(path, "format", _("поддерживается формат {format}").format(format=FORMAT))
    if settings.points.visty_per_point < 1:
        raise _refuse(path, "points.visty_per_point", _("должно быть не меньше 1"))
    if settings.points.last_trick < 0:
        raise _refuse(path, "points.last_trick", _("висты за последнюю взятку не могут быть отрицательными"))
    if settings.points.last_trick > MAX_CARD_VISTY:
        raise _refuse(path, "points.last_trick", _("висты за последнюю взятку — не больше {limit}").format(limit=MAX_CARD_VISTY))
    unit = settings.points.visty_per_point
    for name in SEQUENCE_NAMES + ("bela",):
        value = getattr(settings.constructions, name)
        if value < 0:
            raise _refuse(path, f"constructions.{name}", _("стоимость не может быть отрицательной"))
        if value % unit:
            raise _refuse(path, f"constructions.{name}", _("стоимость конструкции — целое число очков: кратна {unit} вистам, а записано {value}").format(
                unit=unit, value=value))
    _check_limits(path, msgspec.to_builtins(settings))
    for kind in GameKind:
        game: GameSettings | None = getattr(settings.games, kind.value)
        if game is None:
            continue
        prefix = f"games.{kind.value}"
        trumps, plains = SUIT_LAYOUT[kind]
        total = settings.points.last_trick
        for table_name, suits in (("trump_cards", trumps), ("plain_cards", plains)):
            table = getattr(game, table_name)
            if suits and table is None:
                raise _refuse(path, f"{prefix}.{table_name}", _("нужна таблица стоимости карт"))
            if not suits and table is not None:
                raise _refuse(path, f"{prefix}.{table_name}", _("в этой игре такой масти нет — уберите таблицу"))
            if table is not None:
                _check_ranks(path, f"{prefix}.{table_name}", set(table), set(RANKS))
                if any(value < 0 for value in table.values()):
                    raise _refuse(path, f"{prefix}.{table_name}", _("стоимость карты не может быть отрицательной"))
                if any(value > MAX_CARD_VISTY for value in table.values()):
                    raise _refuse(path, f"{prefix}.{table_name}", _("стоимость карты — не больше {limit} вистов (а записано {value})").format(
                        limit=MAX_CARD_VISTY, value=max(table.values())))
                total += suits * sum(table.values())
        if total != game.deck_visty:
            raise _refuse(path, f"{prefix}.deck_visty", _("карты и послед дают {total}, а указано {deck}").format(
                total=total, deck=game.deck_visty))
        _check_ranks(path, f"{prefix}.rams + no_rams", set(game.rams) | set(game.no_rams), set(RANKS))
        both = set(game.rams) & set(game.no_rams)
        if both:
            raise _refuse(path, f"{prefix}.no_rams", _("ранг {ranks} есть и в rams").format(ranks=", ".join(sorted(both))))
        for rank, value in game.rams.items():
            if value < 0 or value % unit:
                raise _refuse(path, f"{prefix}.rams.{rank}", _("стоимость рамок — неотрицательное число, кратное {unit}, а записано {value}").format(
                    unit=unit, value=value))
        if not 1 <= game.trick_divisor <= 10:
            raise _refuse(path, f"{prefix}.trick_divisor", _("делитель вистов за взятки от 1 до 10 (1 — без пересчёта), дано {divisor}").format(
                divisor=game.trick_divisor))
        if not 0 <= game.max_belas <= SUITS_IN_DECK:
            raise _refuse(path, f"{prefix}.max_belas", _("от 0 до {high}").format(high=SUITS_IN_DECK))
        if kind is GameKind.NO_TRUMPS and game.max_belas:
            raise _refuse(path, f"{prefix}.max_belas", _("в БК нет козырей, значит и бэлы: 0"))
        for key in ("base_cost", "kapo_base_cost", "kapo_hand_base_cost"):
            if getattr(game, key) < 0:
                raise _refuse(path, f"{prefix}.{key}", _("не может быть отрицательным"))
        if game.min_bid < 1:
            raise _refuse(path, f"{prefix}.min_bid", _("минимальная заявка — не меньше 1, а записано {value}").format(value=game.min_bid))
        _check_game_extras(path, prefix, game)
        if game.confirm_bid_above < game.min_bid:
            raise _refuse(path, f"{prefix}.confirm_bid_above",
                          _("не меньше минимальной заявки {low}, а записано {value}").format(
                              low=game.min_bid, value=game.confirm_bid_above))
        points_in_deck = scale_visty(game.deck_visty, game.trick_divisor) // settings.points.visty_per_point
        if settings.points.rounded == "defenders" and game.base_cost != points_in_deck:
            raise _refuse(
                path, f"{prefix}.base_cost",
                _("базовая стоимость простой игры — очки всей колоды: при points.rounded = \"defenders\" "
                  "разыгрывающие получают остаток, и очки пар за висты вместе — C + конструкции/очко; "
                  "колода {deck} вистов даёт {points}, а указано {value}").format(
                    deck=game.deck_visty, points=points_in_deck, value=game.base_cost),
            )
    if settings.game_end.target < 1:
        raise _refuse(path, "game_end.target", _("должно быть положительным"))


def _check_game_extras(path: Path, prefix: str, game: GameSettings) -> None:
    """The bid multipliers, the maximum bid and the all-tricks values of one kind of game."""
    multipliers = game.bid_multiplier
    if min(multipliers.none, multipliers.contra, multipliers.recontra) < 1:
        raise _refuse(path, f"{prefix}.bid_multiplier", _("множители заявки должны быть не меньше 1"))
    if not multipliers.none <= multipliers.contra <= multipliers.recontra:
        raise _refuse(path, f"{prefix}.bid_multiplier", _("контра не дешевле игры без неё, реконтра не дешевле контры"))
    if game.max_bid is not None and game.max_bid < game.min_bid:
        raise _refuse(path, f"{prefix}.max_bid", _("максимальная заявка {high} меньше минимальной {low}").format(
            high=game.max_bid, low=game.min_bid))
    if game.all_tricks_visty < game.deck_visty:
        raise _refuse(path, f"{prefix}.all_tricks_visty",
                      _("все взятки стоят не меньше колоды ({deck}; столько же — без особой премии), "
                        "а указано {value}").format(deck=game.deck_visty, value=game.all_tricks_visty))
    if game.all_tricks_base_cost < 0:
        raise _refuse(path, f"{prefix}.all_tricks_base_cost", _("не может быть отрицательным"))


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
        raise _refuse(path, key, _("число слишком большое ({value}); допустимо до {limit}").format(value=data, limit=LIMIT))


def _check_ranks(path: Path, key: str, given: set[str], expected: set[str]) -> None:
    missing, unknown = expected - given, given - expected
    if unknown:
        raise _refuse(path, key, _("неизвестный ранг {ranks}; ранги пишутся так: {all} "
                                   "(J — валет, Q — дама, K — король, A — туз)").format(
            ranks=", ".join(sorted(unknown)), all=" ".join(RANKS)))
    if missing:
        raise _refuse(path, key, _("нет ранга {ranks}; нужны все: {all}").format(
            ranks=", ".join(r for r in RANKS if r in missing), all=" ".join(RANKS)))
