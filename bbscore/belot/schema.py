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

from bbscore.belot.cards import RANKS, SUITS_IN_DECK, scale_visty
from bbscore.belot.contract import MAX_BID, GameKind
from bbscore.errors import ConventionError
from bbscore.i18n import _, ngettext

FORMAT = 1
# What a pair may write (RULES.md §5, §7, §10): the bid term PC, the base cost C, the points for visty Pp/Pv
# (split as ``points.rounded`` says), each pair's own constructions in points Pkp/Pkv.
Term = Literal["PC", "C", "Pp", "Pv", "Pkp", "Pkv"]
RamsEffect = Literal["cancel_all", "cancel_opponents", "cancel_opponents_sequences", "redeal", "nothing"]
Rounded = Literal["defenders", "declarers", "each_pair"]
Rounding = Literal["half_up", "half_down", "down", "up", "threshold"]
# The forms of contract a rule set reads (RULES.md §2, §10, §12): a bid N and a game (12Т), the game alone (Т, a family
# without a numeric bid), a kapo premium (^Т, ^2Т), a kapo from one hand (^^Т), a bid flagged kapo (26Т^).
Form = Literal["bid", "game", "kapo", "kapo_hand", "kapo_bid"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A table of a convention file: every key known, every key required unless defaulted."""


class PointsSettings(_Strict):
    visty_per_point: int
    rounded: Rounded
    rounding: Rounding
    scaling: Literal["defenders", "each_side"]
    last_trick: int


class DoublingSettings(_Strict):
    # bid: the bid term PC; base_cost: PC and the base cost C; hand: each pair's whole row; winner_row: the whole row of
    # the pair that wins the hand (the declarers' of a made contract, the defenders' of a bait), the other row as it is.
    multiplies: Literal["bid", "base_cost", "hand", "winner_row"]


class Multipliers(_Strict):
    none: int
    contra: int
    recontra: int


class MadeSettings(_Strict):
    # reach_contract: Vp ≥ 10·N; outscore: Vp > Vv; at_least_defenders: Vp ≥ Vv; reach_and_outscore: both Vp ≥ 10·N and
    # Vp > Vv (RULES.md §5, §7, §12).
    simple: Literal["reach_contract", "outscore", "at_least_defenders", "reach_and_outscore"]


class Written(_Strict):
    declarers: list[Term]
    defenders: list[Term]
    # Only in the row of a tie: the terms held over to a later hand (RULES.md §12, «висяща», «litige»).
    held: list[Term] = []


class WrittenSettings(_Strict):
    made: Written
    made_doubled: Written
    bait: Written
    tie: Written | None = None


class TieSettings(_Strict):
    """A hand whose two sides have equal visty (RULES.md §12): scored by the [made] rule, or held over."""

    rule: Literal["scored", "held"]
    # next_winner: the pair that writes more points in the next scored hand (equal: still held); next_declarers_if_made:
    # the declarers of the first later hand that is made (a bait keeps them held).
    held_to: Literal["next_winner", "next_declarers_if_made"]


class ContractSettings(_Strict):
    """Which forms of contract the rule set reads, and whether contra and recontra (+, ++) are written."""

    forms: list[Form]
    doubling: bool


class ConstructionSettings(_Strict):
    terz: int
    berz: int
    quinta: int
    sixte: int
    septime: int
    huitieme: int
    bela: int
    declarers_without_trick: Literal["to_defenders", "lost"]
    # to_declarers: the declarers who took every trick take the defenders' constructions (RULES.md §12: «štiglja», capot)
    defenders_without_trick: Literal["keep", "lost", "to_declarers"]
    bela_without_trick: Literal["like_others", "counts"]
    rams_8: RamsEffect
    rams_7: RamsEffect
    declarers_on_bait: Literal["kept", "lost", "to_defenders"]
    bela_on_bait: Literal["like_others", "kept"]
    equal_rams: Literal["higher_rank", "tie"]
    tie: Literal["first_announced", "elder_hand", "cancel_both"]
    top_card_before_trump: bool
    card_in_sequence_and_rams: Literal["allowed", "forbidden"]
    # Optional with their defaults (files written before them keep their content hash): whether a trump sequence beats
    # an equal plain one (RULES.md §12: Bulgarian sequences compare without trump precedence); how the pairs'
    # constructions meet — linear (rams above any sequence, one pair passes), by_value (the higher value first, rams
    # above a sequence of equal value), by_kind (sequences and rams compared each among themselves: one pair's
    # sequences and the other's rams may both pass).
    trump_breaks_ties: bool = True
    compared: Literal["linear", "by_value", "by_kind"] = "linear"


class KapoSettings(_Strict):
    style: Literal["premium", "flag"]
    from_one_hand: bool
    # A failed premium kapo: what the cards count for the defenders (and the base cost C written): the kapo's base cost,
    # the simple game's, or nothing (the defenders write the kapo premium alone, with the constructions).
    failed_card_points: Literal["kapo_base_cost", "base_cost", "none"]
    # A made premium kapo: its base cost stands for the cards (gambler: C + K, and C again for the cards), or the
    # cards are not counted (seed 001 §2: «очки по набранным картам … не учитываются»).  Optional with its default.
    card_points: Literal["counted", "not_counted"] = "counted"


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
    # With points.rounding = "threshold": the last digit (remainder in visty) from which visty round up (RULES.md §12:
    # Bulgarian suit 6, all trumps 4, no trumps 5).
    round_up_from: int | None = None
    # Whether constructions are announced in this game at all (RULES.md §12: none in Bulgarian no trumps).
    constructions: bool = True


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
    # The game does not end on a hand in which the pair that would lose it took no trick (RULES.md §12, Bulgarian
    # «с капо не се излиза»).  Optional with its default.
    loser_needs_trick: bool = False


class PlaySettings(_Strict):
    """How the cards must be played (RULES.md §13) and what a revoke costs: read by the referee only
    (:mod:`bbscore.belot.referee`), never by the scoring.

    ``raise_led``: when a higher card of the led suit must be played if held — ``trump`` on a trump lead (in ВК, with
    ``all_trumps_raise``, every lead: the led suit is the trick's trump), ``always`` on any lead while the led suit holds
    the trick (Croatian «uber»), ``never``; ``raise_partner_exempt``: no such duty when the partner's card holds the
    trick.  ``trump_when_void``: void in a plain led suit, a trump must be played if held — ``opponent_winning`` (not
    when the partner holds the trick), ``always``, ``never``; ``overtrump_when_void``: then, when the trick holds a
    trump, a higher one if held; ``undertrump``: none higher, a lower trump must still be played.  ``bela_said``: at
    which of the trump king and queen «бэла» must be said — ``both_cards``, ``either_card`` (at least one),
    ``first_card`` (the first of the two played); ``bela_all_trumps``: in ВК only when its suit is the led suit or the
    card leads (``led_suit_or_lead``), or ``any``.  ``revoke``: what an illegal card costs — ``report`` (nothing: the
    hand is scored as played), ``bait`` (the offending side's opponents take the hand as on a bait), ``penalty``
    (``revoke_penalty`` points to the opponents besides the hand as played).  ``construction_needs_trick``: whose trick a
    construction needs where the rules take it away without one — the ``pair``'s or its ``announcer``'s (seed 001
    §3).  ``kapo_hand``: a kapo from one hand (^^) — the partner's cards ``sit_out`` (face down, the bidder leads, seed
    000 §2) or the partner ``plays`` (the player left of the dealer leads).  ``source``: where these rules are written
    (shown with every ruling).
    """

    follow_suit: bool
    raise_led: Literal["trump", "always", "never"]
    raise_partner_exempt: bool
    all_trumps_raise: bool
    trump_when_void: Literal["opponent_winning", "always", "never"]
    overtrump_when_void: bool
    undertrump: bool
    bela_said: Literal["both_cards", "either_card", "first_card"]
    bela_all_trumps: Literal["led_suit_or_lead", "any"]
    revoke: Literal["report", "bait", "penalty"]
    revoke_penalty: int
    construction_needs_trick: Literal["pair", "announcer"]
    kapo_hand: Literal["sit_out", "plays"]
    source: str


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
    # Optional tables (absent: files written before them keep their content hash): a tie's row and held-over points;
    # the forms of contract read (absent: a bid, and the kapo notation kapo.style gives).
    tie: TieSettings | None = None
    contract: ContractSettings | None = None
    # How the cards must be played, for the referee (RULES.md §13); absent: the referee cannot judge the play.
    play: PlaySettings | None = None
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
        if len(earlier) != 64 or earlier.strip("0123456789abcdef"):  # [0-9a-f]{64}
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
            raise _refuse(path, f"constructions.{name}", ngettext("стоимость конструкции — целое число очков: кратна {unit} висту, а записано {value}",
                                   "стоимость конструкции — целое число очков: кратна {unit} вистам, а записано {value}", unit).format(
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
        for key in ("min_bid", "max_bid", "confirm_bid_above"):  # what a protocol's contract can hold: 4 digits
            if (getattr(game, key) or 0) > MAX_BID:
                raise _refuse(path, f"{prefix}.{key}", _("заявка в протоколе — не больше {high} (четыре цифры), а записано "
                                                         "{value}").format(high=MAX_BID, value=getattr(game, key)))
        _check_game_extras(path, prefix, game)
        if game.confirm_bid_above < game.min_bid:
            raise _refuse(path, f"{prefix}.confirm_bid_above",
                          _("не меньше минимальной заявки {low}, а записано {value}").format(
                              low=game.min_bid, value=game.confirm_bid_above))
        _check_rounding(path, prefix, settings, game)
        scaled = scale_visty(game.deck_visty, game.trick_divisor)
        points_in_deck = scaled // settings.points.visty_per_point
        if settings.points.rounded == "defenders" and game.base_cost != points_in_deck:
            raise _refuse(
                path, f"{prefix}.base_cost",
                _("базовая стоимость простой игры — очки всей колоды: при points.rounded = \"defenders\" "
                  "разыгрывающие получают остаток, и очки пар за висты вместе — C + конструкции/очко; "
                  "вистов в колоде {deck}, это {points}, а указано {value}").format(
                    deck=game.deck_visty, points=points_in_deck, value=game.base_cost),
            )
        rounded_deck = round_visty(scaled, unit, *rounding_of(settings, game)) // unit
        if settings.points.rounded == "declarers" and game.base_cost != rounded_deck:
            raise _refuse(
                path, f"{prefix}.base_cost",
                _("базовая стоимость простой игры — очки всей колоды, округлённые: при points.rounded = \"declarers\" "
                  "вистующие получают остаток от округлённых очков обеих пар; вистов в колоде {deck}, это {points}, "
                  "а указано {value}").format(deck=game.deck_visty, points=rounded_deck, value=game.base_cost),
            )
        if not game.constructions and game.max_belas:
            raise _refuse(path, f"{prefix}.max_belas", _("в игре без конструкций (constructions = false) нет и бэлы: 0"))
    if settings.game_end.target < 1:
        raise _refuse(path, "game_end.target", _("должно быть положительным"))
    _check_tie(path, settings)
    _check_forms(path, settings)
    _check_play(path, settings)


def _check_play(path: Path, settings: ConventionFile) -> None:
    """A revoke's penalty exactly where ``play.revoke = "penalty"``; the source named."""
    play = settings.play
    if play is None:
        return
    if play.revoke == "penalty" and play.revoke_penalty < 1:
        raise _refuse(path, "play.revoke_penalty", _("при revoke = \"penalty\" штраф — хотя бы 1 очко"))
    if play.revoke != "penalty" and play.revoke_penalty != 0:
        raise _refuse(path, "play.revoke_penalty", _("штраф пишется только при revoke = \"penalty\": здесь 0"))
    if not play.source.strip():
        raise _refuse(path, "play.source", _("назовите источник правил розыгрыша (например «seed 000 §4»)"))


def rounding_of(settings: ConventionFile, game: GameSettings) -> tuple[str, int | None]:
    """(mode, round_up_from) of a kind of game: ``points.rounding``, with the game's threshold where it is "threshold"."""
    return settings.points.rounding, game.round_up_from


def round_visty(visty: int, unit: int, mode: str, up_from: int | None = None) -> int:
    """Round visty to a multiple of ``unit`` (seed 000 §5: "half_up", 10–14 → 10, 15–19 → 20; "threshold": up from
    a remainder of ``up_from``, RULES.md §12: a Bulgarian suit game rounds 76 up, 75 down)."""
    remainder = visty % unit
    if remainder == 0:
        return visty
    if mode == "half_up":
        goes_up = 2 * remainder >= unit
    elif mode == "half_down":
        goes_up = 2 * remainder > unit
    elif mode == "down":
        goes_up = False
    elif mode == "up":
        goes_up = True
    else:  # "threshold" (the schema allows no other)
        goes_up = up_from is not None and remainder >= up_from
    return visty - remainder + (unit if goes_up else 0)


def _check_rounding(path: Path, prefix: str, settings: ConventionFile, game: GameSettings) -> None:
    """A threshold per game exactly where ``points.rounding = "threshold"``, within 1 … visty_per_point."""
    unit = settings.points.visty_per_point
    if settings.points.rounding == "threshold":
        if game.round_up_from is None:
            raise _refuse(path, f"{prefix}.round_up_from",
                          _("при points.rounding = \"threshold\" у каждой игры нужен порог округления вверх "
                            "(round_up_from, от 1 до {unit})").format(unit=unit))
        if not 1 <= game.round_up_from <= unit:
            raise _refuse(path, f"{prefix}.round_up_from", _("порог округления вверх — от 1 до {unit}, а записано {value}").format(
                unit=unit, value=game.round_up_from))
    elif game.round_up_from is not None:
        raise _refuse(path, f"{prefix}.round_up_from",
                      _("порог нужен только при points.rounding = \"threshold\" — уберите его или смените rounding"))


def _check_tie(path: Path, settings: ConventionFile) -> None:
    """A held tie has its own written row (with the held terms) and a made rule under which a tie is not made."""
    held = settings.tie is not None and settings.tie.rule == "held"
    for outcome in ("made", "made_doubled", "bait"):
        if getattr(settings.written, outcome).held:
            raise _refuse(path, f"written.{outcome}.held", _("откладываются очки только в строке ничьей (written.tie)"))
    if held and settings.written.tie is None:
        raise _refuse(path, "written.tie", _("при tie.rule = \"held\" нужна строка ничьей: что пишут пары и что "
                                             "откладывается (held)"))
    if not held and settings.written.tie is not None:
        raise _refuse(path, "written.tie", _("строка ничьей используется только при tie.rule = \"held\" — уберите её"))
    if held and not settings.written.tie.held:  # type: ignore[union-attr]
        raise _refuse(path, "written.tie.held", _("при отложенной ничьей что-то откладывается: например held = [\"Pp\"]"))
    if held and settings.made.simple not in ("outscore", "reach_and_outscore"):
        raise _refuse(path, "tie.rule", _("при made.simple = \"{made}\" равные висты — выполненный контракт: ничья "
                                          "откладывается только при outscore или reach_and_outscore").format(
            made=settings.made.simple))


def _check_forms(path: Path, settings: ConventionFile) -> None:
    """The forms of contract agree with the kapo settings and the made rule."""
    if settings.contract is None:
        return
    forms = settings.contract.forms
    if not forms:
        raise _refuse(path, "contract.forms", _("нужна хотя бы одна форма контракта: bid, game, kapo, kapo_hand, kapo_bid"))
    if len(set(forms)) != len(forms):
        raise _refuse(path, "contract.forms", _("форма названа дважды"))
    kapo = settings.kapo
    if ("kapo" in forms or "kapo_hand" in forms) and kapo.style != "premium":
        raise _refuse(path, "contract.forms", _("капо ^Т и ^^Т — при kapo.style = \"premium\""))
    if "kapo_bid" in forms and kapo.style != "flag":
        raise _refuse(path, "contract.forms", _("заявка с капо 26Т^ — при kapo.style = \"flag\""))
    if "kapo_hand" in forms and not kapo.from_one_hand:
        raise _refuse(path, "contract.forms", _("капо с руки ^^Т — при kapo.from_one_hand = true"))
    if "game" in forms and settings.made.simple == "reach_contract":
        raise _refuse(path, "made.simple", _("у контракта без заявки (форма game) нечего набирать: выполнен, если "
                                             "больше вистующих (outscore) или не меньше (at_least_defenders)"))


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
