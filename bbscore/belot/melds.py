"""Which pair's constructions pass: announcements compared as the rules say (seed 000 §3, RULES.md §4).

Each player announces constructions before the first move, in playing order:
seat 1 leads first (left of the dealer), then 2, 3, 4; partners are 1+3 and
2+4.  A sequence is named by its top card, as players name it («терц от Д♠»
is Q J 10 of spades), or by its cards («терц Д♠ В♠ 10♠»)::

    терц от Д♠        берц от ТЧ       квинта от ДБ      рамки-В       бэла       бэла ♠ (ВК)

Comparison is "linear": each pair's highest construction meets the other
pair's, and every construction of the winning pair passes.  Rams are above
any sequence and rank by their value, then by the card's strength in the
game; a longer sequence is above a shorter one; on equal length the higher top
card; on an equal top the trump one; on equal plain ones the one announced
first.  Bela is outside the comparison: it always counts for its pair.  Rams
of 7s and 8s do what the convention says (cancel everything, the opponents'
constructions, the opponents' terz and berz, or void the hand).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from bbscore.belot.cards import (
    CARDS_PER_PLAYER,
    RANKS,
    RUSSIAN_RANKS,
    RUSSIAN_SUITS,
    SUITS,
    Card,
    parse_cards,
    suit_shown,
)
from bbscore.belot.constructions import Construction, ConstructionKind, parse_list, visty_of
from bbscore.belot.contract import Contract, GameKind
from bbscore.belot.convention import Convention
from bbscore.errors import ConstructionError, InconsistentHandError
from bbscore.seats import SEATS, Partnership
from bbscore.i18n import N_, _, ngettext

SPECIAL_RAMS = ("7", "8")
_FROM = re.compile(r"^(?P<name>\S+)\s+(?:от|from)\s+(?P<card>.+)$", re.IGNORECASE)
_BELA_SUIT = re.compile(r"^(?P<name>бэла|бела|bela|belote|belot)(?:\s+(?P<suit>.+))?$", re.IGNORECASE)
ALLOWED = N_("ожидается: «терц от Д♠», «берц от ТЧ», «квинта от ДБ» (последовательность по старшей карте), "
             "«терц Д♠ В♠ 10♠» (по картам), «рамки-В», «бэла» (в ВК: «бэла ♠»); несколько — через запятую")  # translated where shown


@dataclass(frozen=True)
class Meld:
    """One announced construction of one player, with the cards it is made of."""

    seat: int
    order: int  # announcement order over the table (seat order, then as listed)
    construction: Construction
    suit: str | None = None  # a sequence's or a bela's suit
    top: str | None = None  # a sequence's top rank
    cards: frozenset[Card] = field(default_factory=frozenset)

    @property
    def pair(self) -> Partnership:
        return Partnership.of_seat(self.seat)

    def __str__(self) -> str:
        if self.construction.kind is ConstructionKind.SEQUENCE:
            return f"{self.construction} от {RUSSIAN_RANKS[self.top]}{RUSSIAN_SUITS[self.suit]}"  # type: ignore[index]
        if self.construction.kind is ConstructionKind.BELA and self.suit:
            return f"бэла {RUSSIAN_SUITS[self.suit]}"
        return str(self.construction)

    def shown(self) -> str:
        """The announcement in the reader's notation (output only; ``--json`` keeps :meth:`__str__`): ``терц от ДП``,
        ``бэла ♠``; English ``tierce from Q♠``, ``belote ♠``, ``carre-J``."""
        if self.construction.kind is ConstructionKind.SEQUENCE:
            return _("{construction} от {card}").format(construction=self.construction.shown(),
                                                      card=Card(self.top, self.suit).shown())  # type: ignore[arg-type]
        if self.construction.kind is ConstructionKind.BELA and self.suit:
            return _("бэла {suit}").format(suit=suit_shown(self.suit))
        return self.construction.shown()


class Because(enum.Enum):
    """Why the announcements came out as they did: the kinds of :class:`Reason`, and why a meld is cancelled."""

    REDEAL = "redeal"  # rams of 7s/8s void the hand (seat, rank)
    RAMS_CANCEL_ALL = "cancel_all"  # rams of 7s/8s cancel every construction but bela (seat, rank)
    RAMS_CANCEL_OPPONENTS = "cancel_opponents"  # … the opponents' constructions (seat, rank)
    RAMS_CANCEL_OPPONENTS_SEQUENCES = "cancel_opponents_sequences"  # … the opponents' terz and berz (seat, rank)
    RAMS_NOTHING = "nothing"  # rams of 7s/8s that do nothing (RULES.md §10)
    TIE_CANCELS = "tie_cancels"  # the two pairs' tops are equal and the convention cancels both (pair: None)
    WORTHLESS_RAMS = "worthless_rams"  # rams of 7s/8s that are worth nothing themselves (rank)
    OUTRANKED = "outranked"  # the other pair's top construction is higher (pair: the winner)
    TOP_BEATS = "top_beats"  # the winner's top beats the loser's (pair, top, other, comparison)
    ONLY_PAIR = "only_pair"  # only one pair announced (pair, top)
    ALL_OF_PAIR_PASS = "all_of_pair_pass"  # every construction of the winner passes (pair)
    NONE_ANNOUNCED = "none_announced"  # nobody announced a construction but bela
    BELA_OUTSIDE = "bela_outside"  # bela is never compared

    __hash__ = object.__hash__


class Comparison(enum.Enum):
    """What decided between the two pairs' top constructions (seed 000 §3)."""

    RAMS_OVER_SEQUENCE = "rams_over_sequence"
    RAMS_VALUE = "rams_value"
    RAMS_RANK = "rams_rank"
    LONGER = "longer"
    HIGHER_TOP = "higher_top"
    TRUMP = "trump"
    FIRST_ANNOUNCED_TRUMPS = "first_announced_trumps"
    FIRST_ANNOUNCED = "first_announced"
    ELDER_HAND = "elder_hand"  # equal constructions: the elder hand's, first in turn from the opening leader
    HIGHER_VALUE = "higher_value"  # compared = "by_value": the construction worth more visty

    __hash__ = object.__hash__


@dataclass(frozen=True, kw_only=True)
class Reason:
    """One step of the reasoning, as data (the text is made by :mod:`bbscore.belot.working`)."""

    because: Because
    seat: int | None = None
    rank: str | None = None
    pair: Partnership | None = None
    top: Meld | None = None
    other: Meld | None = None
    comparison: Comparison | None = None


@dataclass(frozen=True, kw_only=True)
class Resolution:
    """The outcome: the winning pair (or None), what passes with its visty, what is cancelled and why, the visty per
    pair, whether the hand is void, and the reasoning step by step."""

    winner_pair: Partnership | None
    passed: list[tuple[Meld, int]]
    cancelled: list[tuple[Meld, Reason]]
    visty: dict[Partnership, int]
    redeal: bool
    reasons: list[Reason]


def parse_announcements(texts: dict[int, str | None], contract: Contract, convention: Convention) -> list[Meld]:
    """Parse each seat's announcements and check they can all be true at once.

    Raises :class:`ConstructionError` for a construction that is not one and
    :class:`InconsistentHandError` for conflicting announcements (a card in two
    players' constructions, a bela where the game has none, …).
    """
    melds: list[Meld] = []
    for seat in SEATS:
        text = texts.get(seat)
        if not text:
            continue
        field_name = f"p{seat}"
        for item in (part.strip() for part in text.split(",")):
            if item:
                melds.append(_parse_item(item, seat, len(melds), field_name, contract, convention))
    _check_conflicts(melds, contract, convention)
    return melds


def check_announcements(melds: list[Meld], contract: Contract, convention: Convention) -> None:
    """The check of :func:`parse_announcements` on melds read one at a time (each by :func:`parse_announcements`):
    that they can all be true at once.  Raises :class:`ConstructionError` and :class:`InconsistentHandError` as it
    does."""
    _check_conflicts(melds, contract, convention)


def _parse_item(item: str, seat: int, order: int, field_name: str, contract: Contract, convention: Convention) -> Meld:
    game = contract.game
    bela = _BELA_SUIT.match(item)
    if bela:
        if game.kind is GameKind.NO_TRUMPS:
            raise InconsistentHandError(field_name, item, _("в БК нет козырей — бэлы не бывает"))
        suit = game.trump_suit
        if game.kind is GameKind.ALL_TRUMPS and not bela.group("suit"):
            raise InconsistentHandError(field_name, item, _("в ВК бэла есть в каждой масти — укажите масть: «бэла ♠» или «бэла П»"))
        if bela.group("suit"):
            suit = _suit(bela.group("suit"), field_name, item)
            if game.trump_suit and suit != game.trump_suit:
                raise InconsistentHandError(field_name, item, _("бэла — король и дама козырной масти ({value})").format(value=suit_shown(game.trump_suit)))
        cards = frozenset({Card("K", suit), Card("Q", suit)}) if suit else frozenset()
        return Meld(seat, order, Construction(ConstructionKind.BELA), suit, None, cards)
    named_from = _FROM.match(item)
    if named_from:
        construction = _single(named_from.group("name"), field_name, item)
        _require_sequence(construction, item, field_name)
        top_card = _one_card(named_from.group("card"), field_name, item)
        top_index = RANKS.index(top_card.rank)
        if top_index - construction.length + 1 < 0:
            raise ConstructionError(
                field_name, item,
                _("от {value} вниз не набрать последовательность из {length} карт (младшая карта — 7)").format(value=top_card.shown(), length=construction.length),
            )
        ranks = RANKS[top_index - construction.length + 1: top_index + 1]
        cards = frozenset(Card(rank, top_card.suit) for rank in ranks)
        return Meld(seat, order, construction, top_card.suit, top_card.rank, cards)
    words = item.split(maxsplit=1)
    if len(words) == 2 and words[0].lower() in _SEQUENCE_WORDS:
        construction = _single(words[0], field_name, item)
        listed = parse_cards(words[1], field_name)
        return _sequence_from_cards(construction, listed, seat, order, field_name, item)
    construction = _single(item, field_name, item)
    if construction.kind is ConstructionKind.RAMS:
        cards = frozenset(Card(construction.rank, suit) for suit in SUITS)
        return Meld(seat, order, construction, None, None, cards)
    if construction.kind is ConstructionKind.SEQUENCE:
        raise ConstructionError(field_name, item, _("у последовательности назовите старшую карту: «терц от Д♠»"))
    raise ConstructionError(field_name, item, ALLOWED)


def _single(text: str, field_name: str, item: str) -> Construction:
    """One named construction (an announcement names each one: no «2×»)."""
    constructions = parse_list(text, field_name)
    if len(constructions) != 1:
        raise ConstructionError(field_name, item, _("в объявлениях каждую конструкцию называют отдельно, через запятую (без «2×»)"))
    return constructions[0]


_SEQUENCE_WORDS = {"терц", "терца", "terz", "tierce", "берц", "берца", "berz", "quarte", "квинта", "quinta", "quinte",
                   "кварта", "terca", "kvarta", "kvinta",
                   "шестерик", "sixte", "семерик", "septime", "восьмерик", "huitieme"}


def _require_sequence(construction: Construction, item: str, field_name: str) -> None:
    if construction.kind is not ConstructionKind.SEQUENCE:
        raise ConstructionError(field_name, item, _("«от карты» называют только последовательности: терц, берц, квинта …"))


def _one_card(text: str, field_name: str, item: str) -> Card:
    cards = parse_cards(text, field_name)
    if len(cards) != 1:
        raise ConstructionError(field_name, item, _("после «от» — одна карта, старшая в последовательности"))
    return cards[0]


def _suit(text: str, field_name: str, item: str) -> str:
    probe = parse_cards("7" + text.strip(), field_name) if text.strip() else ()
    if len(probe) != 1:
        raise ConstructionError(field_name, item, _("масть: П Т Б Ч или ♠ ♣ ♦ ♥"))
    return probe[0].suit


def _sequence_from_cards(construction, listed, seat, order, field_name, item) -> Meld:
    _require_sequence(construction, item, field_name)
    if len(listed) != construction.length:
        raise ConstructionError(field_name, item, ngettext("{construction} — это {length} карта подряд, а названо {len}", "{construction} — это {length} карт подряд, а названо {len}", construction.length, few="{construction} — это {length} карты подряд, а названо {len}").format(construction=construction.shown(), length=construction.length, len=len(listed)))
    suits = {card.suit for card in listed}
    indexes = sorted(RANKS.index(card.rank) for card in listed)
    if len(suits) != 1 or indexes != list(range(indexes[0], indexes[0] + len(indexes))):
        raise ConstructionError(field_name, item, _("последовательность — карты одной масти подряд (7 8 9 10 В Д К Т)"))
    top = RANKS[indexes[-1]]
    return Meld(seat, order, construction, suits.pop(), top, frozenset(listed))


def _check_conflicts(melds: list[Meld], contract: Contract, convention: Convention) -> None:
    """A card in two players' constructions, too many belas, a player's overlapping sequences or more than 8 cards."""
    kind = contract.game.kind
    game = convention.game(kind)
    if melds and not game.constructions:
        raise InconsistentHandError(f"p{melds[0].seat}", melds[0].shown(), _("в игре {game} по правилам «{convention}» конструкций нет").format(
            game=contract.game.shown(), convention=convention.name))
    belas = [m for m in melds if m.construction.kind is ConstructionKind.BELA]
    if len(belas) > game.max_belas:
        raise InconsistentHandError("bela", f"{len(belas)}", _("в игре {value} бэл не больше {max_belas}").format(value=contract.game.shown(), max_belas=game.max_belas))
    for meld in melds:
        if meld.construction.kind is ConstructionKind.RAMS and meld.construction.rank not in game.rams:
            raise ConstructionError(f"p{meld.seat}", meld.shown(), _("в игре {value} такие четыре карты — не конструкция").format(value=contract.game.shown()))
    owner: dict[Card, Meld] = {}
    for meld in melds:
        for card in meld.cards:
            other = owner.get(card)
            if other is not None and other.seat != meld.seat:
                raise InconsistentHandError(
                    f"p{meld.seat}", meld.shown(), _("карта {card} уже есть в конструкции игрока {seat} ({other}) — у двух игроков её быть не может").format(card=card.shown(), seat=other.seat, other=other.shown())
                )
            owner.setdefault(card, meld)
    for seat in sorted({meld.seat for meld in melds}):  # a seat that announced nothing has nothing to check
        own = [m for m in melds if m.seat == seat]
        seen: set[tuple] = set()
        for meld in own:
            key = (meld.construction.kind, meld.cards)
            if meld.cards and key in seen:
                raise InconsistentHandError(f"p{seat}", meld.shown(), _("одна и та же конструкция объявлена дважды"))
            seen.add(key)
        sequences = [m for m in own if m.construction.kind is ConstructionKind.SEQUENCE]
        for index, first in enumerate(sequences):
            for second in sequences[index + 1:]:
                if first.suit == second.suit and _touch(first, second):
                    raise InconsistentHandError(
                        f"p{seat}", f"{first.shown()}, {second.shown()}", _("эти карты идут подряд — это одна длинная последовательность")
                    )
        if convention.settings.constructions.card_in_sequence_and_rams == "forbidden":
            for rams in (m for m in own if m.construction.kind is ConstructionKind.RAMS):
                for sequence in sequences:
                    if rams.cards & sequence.cards:
                        raise InconsistentHandError(
                            f"p{seat}", f"{rams.shown()}, {sequence.shown()}",
                            _("по этим правилам одна карта не может быть и в последовательности, и в рамках одного игрока"),
                        )
        held = frozenset().union(*(m.cards for m in own)) if own else frozenset()
        if len(held) > CARDS_PER_PLAYER:
            raise InconsistentHandError(f"p{seat}", ", ".join(m.shown() for m in own), _("у игрока {CARDS_PER_PLAYER} карт, а в конструкциях {len}").format(CARDS_PER_PLAYER=CARDS_PER_PLAYER, len=len(held)))


def _touch(first: Meld, second: Meld) -> bool:
    """Two sequences of one suit that overlap or are adjacent (they would be one sequence)."""
    ranks = lambda meld: {RANKS.index(card.rank) for card in meld.cards}  # noqa: E731
    a, b = ranks(first), ranks(second)
    return bool(a & b) or min(a) == max(b) + 1 or min(b) == max(a) + 1


def _strength(meld: Meld, contract: Contract, convention: Convention) -> tuple:
    """Seniority of a construction (higher is better), seed 000 §3, as the convention orders it.

    (class: 2 rams / 1 sequence, value or length, first key, 0, second key, tie-break).  Rams: by value, then
    (``equal_rams = "higher_rank"``) by the card's strength; sequences: by length, then top card and trump in the
    order ``top_card_before_trump`` says (trump not at all where ``trump_breaks_ties`` is false, RULES.md §12).
    Equal ones: ``tie`` — the first announced, the elder hand (lower seat: seat 1 leads first), or none
    (``cancel_both``: a tie-break of 0).  With ``compared = "by_value"`` the construction's value in visty comes
    first (an 8-card sequence worth more than rams beats them).
    """
    strength = _kind_strength(meld, contract, convention)
    if convention.settings.constructions.compared == "by_value":
        return (visty_of(meld.construction, convention.construction_values(contract.game.kind)), *strength)
    return strength


def _kind_strength(meld: Meld, contract: Contract, convention: Convention) -> tuple:
    """:func:`_strength` without the value first."""
    construction = meld.construction
    kind = contract.game.kind
    settings = convention.settings.constructions
    tie_break = {"first_announced": -meld.order, "elder_hand": -meld.seat, "cancel_both": 0}[settings.tie]
    if construction.kind is ConstructionKind.RAMS:
        game = convention.game(kind)
        if settings.equal_rams == "tie":
            return (2, game.rams[construction.rank], 0, 0, 0, tie_break)
        table = game.plain_cards if kind is GameKind.NO_TRUMPS else game.trump_cards
        card_value = table[construction.rank]  # type: ignore[index]
        return (2, game.rams[construction.rank], card_value, RANKS.index(construction.rank), 0, tie_break)
    trump = int(settings.trump_breaks_ties and (kind is GameKind.ALL_TRUMPS or meld.suit == contract.game.trump_suit))
    top = RANKS.index(meld.top)  # type: ignore[arg-type]
    first, second = (top, trump) if settings.top_card_before_trump else (trump, top)
    return (1, construction.length, first, 0, second, tie_break)


def resolve(melds: list[Meld], contract: Contract, convention: Convention) -> Resolution:
    """Which constructions pass and why (seed 000 §3; rams of 7s and 8s per the convention, seed 000 §0.2, seed 001 §2).

    Returns the :class:`Resolution`, its reasoning as :class:`Reason` records (data, no text).
    """
    kind = contract.game.kind
    values = convention.construction_values(kind)
    settings = convention.settings.constructions
    reasons: list[Reason] = []
    cancelled: list[tuple[Meld, Reason]] = []
    live = [m for m in melds if m.construction.kind is not ConstructionKind.BELA]
    belas = [m for m in melds if m.construction.kind is ConstructionKind.BELA]
    for rank in SPECIAL_RAMS:
        effect = Because(settings.rams_7 if rank == "7" else settings.rams_8)
        announcers = [m for m in live if m.construction.kind is ConstructionKind.RAMS and m.construction.rank == rank]
        if effect is Because.RAMS_NOTHING:
            continue  # worth nothing and cancel nothing: dropped below with the other worthless rams
        for special in announcers:
            reason = Reason(because=effect, seat=special.seat, rank=rank)
            reasons.append(reason)
            if effect is Because.REDEAL:
                nothing = {Partnership.ODD: 0, Partnership.EVEN: 0}
                return Resolution(winner_pair=None, passed=[], cancelled=[(m, reason) for m in melds], visty=nothing,
                                  redeal=True, reasons=reasons)
            if effect is Because.RAMS_CANCEL_ALL:
                victims = [m for m in live if m is not special]
            elif effect is Because.RAMS_CANCEL_OPPONENTS:
                victims = [m for m in live if m.pair is not special.pair]
            else:
                victims = [m for m in live if m.pair is not special.pair and m.construction.kind is ConstructionKind.SEQUENCE
                           and m.construction.length <= 4]
            cancelled += [(m, reason) for m in victims if m in live]
            live = [m for m in live if m not in victims]
    specials = [m for m in live if m.construction.kind is ConstructionKind.RAMS and m.construction.rank in SPECIAL_RAMS]
    for special in specials:
        cancelled.append((special, Reason(because=Because.WORTHLESS_RAMS, rank=special.construction.rank)))
    live = [m for m in live if m not in specials]
    winner = None
    if live:
        groups = ([[m for m in live if m.construction.kind is kind_of] for kind_of in (ConstructionKind.SEQUENCE, ConstructionKind.RAMS)]
                  if settings.compared == "by_kind" else [live])
        kept: list[Meld] = []
        for group in (g for g in groups if g):
            _winner, passing = _contest(group, contract, convention, reasons, cancelled)
            kept += passing
        pairs = {m.pair for m in kept}
        winner = pairs.pop() if len(pairs) == 1 else None
        live = kept
    elif not cancelled:
        reasons.append(Reason(because=Because.NONE_ANNOUNCED))
    passed = [(m, visty_of(m.construction, values)) for m in live + belas]
    if belas:
        reasons.append(Reason(because=Because.BELA_OUTSIDE))
    visty = {Partnership.ODD: 0, Partnership.EVEN: 0}
    for meld, value in passed:
        visty[meld.pair] += value
    return Resolution(winner_pair=winner, passed=passed, cancelled=cancelled, visty=visty, redeal=False, reasons=reasons)


def _contest(live: list[Meld], contract: Contract, convention: Convention, reasons: list[Reason],
             cancelled: list[tuple[Meld, Reason]]) -> tuple[Partnership | None, list[Meld]]:
    """The two pairs' highest constructions among ``live`` meet (seed 000 §3): (the winning pair or None, the
    constructions that pass); the reasons and the cancelled ones are added to the lists given."""
    best = {pair: max((m for m in live if m.pair is pair), key=lambda m: _strength(m, contract, convention), default=None)
            for pair in Partnership}
    contenders = [m for m in best.values() if m is not None]
    top = max(contenders, key=lambda m: _strength(m, contract, convention))
    winner: Partnership | None = top.pair
    if len(contenders) == 2 and _strength(contenders[0], contract, convention) == _strength(contenders[1], contract, convention):
        tie = Reason(because=Because.TIE_CANCELS)  # equal tops and settings.tie == "cancel_both" (RULES.md §10)
        reasons.append(tie)
        cancelled += [(m, tie) for m in live]
        return None, []
    if len(contenders) == 2:
        loser = best[top.pair.other]
        reasons.append(Reason(because=Because.TOP_BEATS, pair=winner, top=top, other=loser,
                              comparison=_comparison(top, loser, contract, convention)))  # type: ignore[arg-type]
    else:
        reasons.append(Reason(because=Because.ONLY_PAIR, pair=winner, top=top))
    outranked = Reason(because=Because.OUTRANKED, pair=winner)
    cancelled += [(m, outranked) for m in live if m.pair is not winner]
    reasons.append(Reason(because=Because.ALL_OF_PAIR_PASS, pair=winner))
    return winner, [m for m in live if m.pair is winner]


def _comparison(top: Meld, other: Meld, contract: Contract, convention: Convention) -> Comparison:
    """What makes ``top`` higher than ``other`` (seed 000 §3)."""
    values = convention.construction_values(contract.game.kind)
    if (convention.settings.constructions.compared == "by_value"
            and visty_of(top.construction, values) != visty_of(other.construction, values)):
        return Comparison.HIGHER_VALUE
    a, b = _kind_strength(top, contract, convention), _kind_strength(other, contract, convention)
    if a[0] != b[0]:
        return Comparison.RAMS_OVER_SEQUENCE
    top_first = convention.settings.constructions.top_card_before_trump
    if a[0] == 2:
        if a[1] != b[1]:
            return Comparison.RAMS_VALUE
        if a[2:5] != b[2:5]:
            return Comparison.RAMS_RANK
    elif a[1] != b[1]:
        return Comparison.LONGER
    elif a[2] != b[2]:
        return Comparison.HIGHER_TOP if top_first else Comparison.TRUMP
    elif a[4] != b[4]:
        return Comparison.TRUMP if top_first else Comparison.HIGHER_TOP
    if convention.settings.constructions.tie == "elder_hand":
        return Comparison.ELDER_HAND
    both_trump = a[0] == 1 and (a[4] if top_first else a[2])
    return Comparison.FIRST_ANNOUNCED_TRUMPS if both_trump else Comparison.FIRST_ANNOUNCED


def passed_constructions(resolution: Resolution, declarers: Partnership) -> tuple[tuple[Construction, ...], tuple[Construction, ...]]:
    """(declarers' passed constructions, defenders'), bela included, for scoring a hand."""
    decl = tuple(m.construction for m, _ in resolution.passed if m.pair is declarers)
    defs = tuple(m.construction for m, _ in resolution.passed if m.pair is not declarers)
    return decl, defs


def seats_from_text(texts: list[str] | None) -> dict[int, str]:
    """``--melds "p1: терц от Д♠; p3: рамки-В"`` (repeatable) as {seat: announcements}."""
    seats: dict[int, str] = {}
    for text in texts or []:
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            match = re.match(r"^(?:p|игрок\s*)?([1-4])\s*[:=]\s*(.*)$", part, re.IGNORECASE)
            if not match:
                raise InconsistentHandError("melds", part, _("ожидается «p1: терц от Д♠; p2: рамки-В» (места 1–4)"))
            seat = int(match.group(1))
            seats[seat] = ", ".join(filter(None, [seats.get(seat), match.group(2)]))
    return seats



def constructions_for_hand(
    seats: dict[int, str], decl_seats: str | None, contract: Contract, convention: Convention,
) -> tuple[tuple[Construction, ...], tuple[Construction, ...], Resolution]:
    """The passed constructions of the declarers and the defenders from the four players' announcements.

    ``decl_seats`` is ``"13"`` or ``"24"``: the declarers' seats.  Raises the
    project's input errors for bad announcements, and for a hand that the
    announcements make void (rams that mean a redeal).
    """
    written = {"31": "13", "42": "24"}.get(decl_seats, decl_seats)  # type: ignore[arg-type]
    if written not in ("13", "24"):
        raise InconsistentHandError("decl_seats", decl_seats if decl_seats is not None else _("не указано"),
                                    _("места разыгрывающих: 13 (игроки 1 и 3) или 24 (игроки 2 и 4)"))
    resolution = resolve(parse_announcements(seats, contract, convention), contract, convention)
    if resolution.redeal:
        raise InconsistentHandError("melds", "рамки", _("по этим правилам такие рамки отменяют сдачу — она без результата (пересдача)"))
    decl, defs = passed_constructions(resolution, Partnership(written))
    return decl, defs, resolution
