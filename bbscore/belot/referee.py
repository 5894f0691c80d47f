"""The hand referee of the Belot family (RULES.md §13): from the cards dealt and the cards played, what happened —
every card's legality, the tricks, the constructions held and announced, and the score.  Pure, data out (no text).

* :func:`legal_cards` / :func:`duty` — the cards a player may play, given his hand, the trick so far, the contract and
  the rule set's play rules (:func:`play_rules`: the ``[play]`` table and the game's card ranks, from the card values
  of the rule set: a higher value takes, equal values by the rank's order 7 8 9 10 В Д К Т);
* :func:`trick_winner` — which card takes a trick (the highest trump of the trick — in ВК the led suit — else the
  highest card of the led suit);
* :func:`held_constructions` — the sequences and fours of a kind a player's dealt cards hold;
* :func:`referee` — a whole :class:`~bbscore.belot.deal.Deal` walked card by card (:func:`bbscore.deals.walk`),
  stopping the judgement at the first illegal card (the tricks are still counted as played), each side's trick
  points with the last trick, the announcements against the holdings, the bela said as the rules require, which
  constructions pass (:func:`bbscore.belot.melds.resolve`) and the score (:func:`bbscore.belot.scoring.score`),
  with what a revoke costs (``play.revoke``).  A partial deal gives what it can decide and names what it cannot.

Every choice is a setting of the rule set's ``[play]`` table (:class:`~bbscore.belot.schema.PlaySettings`); no
rule set is named here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import partial

import msgspec

from bbscore import deals
from bbscore.belot.cards import CARDS_PER_PLAYER, RANKS, SUITS, TRICKS_PER_HAND, Card, full_deck
from bbscore.belot.constructions import Construction, ConstructionKind, lost_without_trick
from bbscore.belot.contract import ContractKind, Game, GameKind
from bbscore.belot.convention import Convention
from bbscore.belot.deal import Deal, hand_size
from bbscore.belot.hand import Hand, check_contract, make_hand
from bbscore.belot.melds import Meld, Resolution, _strength, check_announcements, parse_announcements, resolve
from bbscore.belot.schema import PlaySettings
from bbscore.belot.scoring import Breakdown, score
from bbscore.errors import BBScoreError, DealError, InconsistentHandError
from bbscore.i18n import _
from bbscore.seats import SEATS, Partnership

# The duties that decide which cards may be played (None: any card).
FOLLOW, RAISE, TRUMP, OVERTRUMP, UNDERTRUMP = "follow_suit", "raise", "trump", "overtrump", "undertrump"


# Inside the referee a card is its index in the deck (suit by suit in rank order, as :func:`full_deck` lists them):
# sets of small ints hash in C, where a Card is hashed by Python code (a deal walks some 200 card sets).
DECK: tuple[Card, ...] = full_deck()
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}
_PER_SUIT = len(RANKS)
NO_SUIT = -1


_INDEX = {(card.rank, card.suit): index for index, card in enumerate(DECK)}


def index_of(card: Card) -> int:
    """A card's index in :data:`DECK`."""
    return _INDEX[card.rank, card.suit]


class PlayRules(msgspec.Struct, frozen=True):
    """What the play of one game needs: the rule set's ``[play]`` settings, the game, its trump suit's index (or
    :data:`NO_SUIT` in БК and ВК), whether every suit is trump (ВК: the led suit is the trick's trump), and each
    card's strength in its suit and visty, by the card's index in :data:`DECK`."""

    settings: PlaySettings
    game: Game
    trump: int
    all_trumps: bool
    strength: tuple[int, ...]
    visty: tuple[int, ...]
    last_trick: int
    suits: tuple[frozenset, ...]  # the cards of each suit
    above: tuple[frozenset, ...]  # for each card: the cards of its suit that beat it


def play_rules(convention: Convention, game: Game) -> PlayRules:
    """The :class:`PlayRules` of a game under a rule set, computed once per rule set.

    Raises :class:`~bbscore.errors.DealError` (field ``rules``) for a rule set without a ``[play]`` table.
    """
    if convention.settings.play is None:
        raise DealError("rules", convention.name, _("в этих правилах нет таблицы [play] — правил розыгрыша: судья не "
                                                    "может проверить ходы (добавьте её: образец — [play] встроенных правил, bbscore conventions show)"))
    return convention.remember(("play rules", game), _play_rules, convention, game)


def _play_rules(convention: Convention, game: Game) -> PlayRules:
    table = convention.game(game.kind)
    all_trumps = game.kind is GameKind.ALL_TRUMPS
    strength, visty = [], []
    for card in DECK:
        is_trump = all_trumps or card.suit == game.trump_suit
        value = (table.trump_cards if is_trump else table.plain_cards)[card.rank]  # type: ignore[index]
        strength.append(value * _PER_SUIT + _RANK_INDEX[card.rank])
        visty.append(value)
    trump = _SUIT_INDEX[game.trump_suit] if game.trump_suit else NO_SUIT
    suits = tuple(frozenset(range(suit * _PER_SUIT, (suit + 1) * _PER_SUIT)) for suit in range(len(SUITS)))
    above = tuple(frozenset(other for other in suits[card // _PER_SUIT] if strength[other] > strength[card])
                  for card in range(len(DECK)))
    return PlayRules(settings=convention.settings.play, game=game, trump=trump, all_trumps=all_trumps,  # type: ignore[arg-type]
                     strength=tuple(strength), visty=tuple(visty), last_trick=convention.settings.points.last_trick,
                     suits=suits, above=above)


def _winner(rules: PlayRules, plays: tuple, number: int = 0) -> int:
    """:func:`trick_winner` on card indexes (``number``: the trick's, as :func:`bbscore.deals.walk` gives it)."""
    strength = rules.strength
    best = plays[0][1]
    trick_trump = best // _PER_SUIT if rules.all_trumps else rules.trump
    at = 0
    for index in range(1, len(plays)):
        card = plays[index][1]
        suit, best_suit = card // _PER_SUIT, best // _PER_SUIT
        if (strength[card] > strength[best]) if suit == best_suit else suit == trick_trump:
            best, at = card, index
    return at


def trick_winner(plays: tuple, rules: PlayRules) -> int:
    """The index in ``plays`` (``((seat, card), …)`` in play order) of the card that takes the trick (seed 000 §4:
    «Взятку забирает тот игрок, который положил старшую карту в масти хода или старшего козыря»; ВК: the led suit is
    the trick's trump)."""
    return _winner(rules, tuple((seat, index_of(card)) for seat, card in plays))


def _duty(rules: PlayRules, hand, trick, seat: int, number: int = 0) -> tuple[str | None, frozenset]:
    """:func:`duty` on card indexes (``hand`` a set, ``trick`` a sequence of (seat, card); ``number``: the trick's, as
    :func:`bbscore.deals.walk` gives it); the legal cards as set algebra on the rules' tables."""
    if not trick:
        return None, hand
    settings = rules.settings
    if not settings.follow_suit:
        return None, hand
    strength = rules.strength
    suit = trick[0][1] // _PER_SUIT
    trick_trump = suit if rules.all_trumps else rules.trump
    holder, best = trick[0]
    for other, card in trick[1:]:
        card_suit, best_suit = card // _PER_SUIT, best // _PER_SUIT
        if (strength[card] > strength[best]) if card_suit == best_suit else card_suit == trick_trump:
            holder, best = other, card
    partner_holds = (holder - seat) % 2 == 0
    follow = rules.suits[suit] & hand
    if follow:
        trump_lead = suit == trick_trump and (not rules.all_trumps or settings.all_trumps_raise)
        raising = (settings.raise_led == "always" and best // _PER_SUIT == suit) or (settings.raise_led == "trump" and trump_lead)
        if raising and not (settings.raise_partner_exempt and partner_holds):
            higher = follow & rules.above[best]
            if higher:
                return RAISE, higher
        return FOLLOW, follow
    if trick_trump == NO_SUIT or rules.all_trumps or suit == trick_trump:
        return None, hand  # БК, ВК (no other suit is this trick's trump), or void in the trump led: any card
    trumps = rules.suits[trick_trump] & hand
    if not trumps:
        return None, hand
    when = settings.trump_when_void
    if when == "never" or (when == "opponent_winning" and partner_holds):
        return None, hand
    if best // _PER_SUIT == trick_trump and settings.overtrump_when_void:
        higher = trumps & rules.above[best]
        if higher:
            return OVERTRUMP, higher
        return (UNDERTRUMP, trumps) if settings.undertrump else (None, hand)
    return TRUMP, trumps


def duty(hand: Iterable[Card], trick: tuple, rules: PlayRules, seat: int) -> tuple[str | None, frozenset]:
    """(the duty that applies or None, the cards of ``hand`` that ``seat`` may play) on the trick so far ``trick``
    (``((seat, card), …)``; empty: he leads, any card).  RULES.md §13, as the ``[play]`` settings say:

    follow the led suit (``follow_suit``); with it, beat the card that holds the trick where ``raise_led`` says (a
    trump lead; in ВК every lead with ``all_trumps_raise``; ``always``: any lead while the led suit holds the trick),
    unless the partner holds it and ``raise_partner_exempt``; void in a plain led suit of a trump game, trump where
    ``trump_when_void`` says (an opponent holds the trick, or always), over a trump in the trick with a higher one
    (``overtrump_when_void``), none higher — a lower one where ``undertrump``; else any card.  The duty is one of
    ``follow_suit``, ``raise``, ``trump``, ``overtrump``, ``undertrump``.
    """
    key, legal = _duty(rules, frozenset(index_of(card) for card in hand),
                       tuple((other, index_of(card)) for other, card in trick), seat)
    return key, frozenset(DECK[card] for card in legal)


def legal_cards(hand: Iterable[Card], trick: tuple, rules: PlayRules, seat: int | None = None) -> frozenset:
    """The cards of ``hand`` the player may play on the trick so far (``((seat, card), …)``), as :func:`duty` says;
    ``seat``: the player's seat 1–4 (default: the one after the last card played)."""
    if seat is None:
        seat = trick[-1][0] % len(SEATS) + 1 if trick else 1
    return duty(hand, trick, rules, seat)[1]


# --- Constructions held ---

def _runs(bits: int) -> tuple[tuple[int, int], ...]:
    """The runs of 3 or more set bits of a suit's 8 (ranks 7…A): (lowest rank's index, length) each."""
    runs, start = [], None
    for rank in range(_PER_SUIT + 1):
        if rank < _PER_SUIT and bits >> rank & 1:
            start = rank if start is None else start
            continue
        if start is not None and rank - start >= 3:
            runs.append((start, rank - start))
        start = None
    return tuple(runs)


_RUNS = tuple(_runs(bits) for bits in range(1 << _PER_SUIT))


_SEQUENCES = {length: Construction(ConstructionKind.SEQUENCE, length=length) for length in range(3, CARDS_PER_PLAYER + 1)}
_RAMS = {rank: Construction(ConstructionKind.RAMS, rank=rank) for rank in RANKS}
_RANK_MASKS = tuple(sum(1 << (suit * _PER_SUIT + rank) for suit in range(len(SUITS))) for rank in range(_PER_SUIT))


def _held(mask: int, rams: tuple | None) -> list[tuple[Construction, str | None, str | None, int]]:
    """The constructions of a hand given as a bit mask of card indexes: (construction, suit, top rank, cards' mask);
    ``rams``: the game's fours of a kind (:func:`_rams`), None in a game without constructions."""
    if rams is None:
        return []
    found = []
    for suit_index, suit in enumerate(SUITS):
        shift = suit_index * _PER_SUIT
        for low, length in _RUNS[mask >> shift & 0xFF]:
            found.append((_SEQUENCES[length], suit, RANKS[low + length - 1],
                          ((1 << length) - 1) << (shift + low)))
    for rank_mask, construction in rams:
        if mask & rank_mask == rank_mask:
            found.append((construction, None, None, rank_mask))
    return found


def _rams(convention: Convention, game: Game) -> tuple[tuple[int, Construction], ...] | None:
    """The fours of a kind that are constructions in a game (the game's rams table, rams that do nothing left out),
    each as (its cards' mask, the construction); None for a game without constructions.  Computed once a game."""
    return convention.remember(("rams held", game), _rams_of, convention, game)


def _rams_of(convention: Convention, game: Game) -> tuple[tuple[int, Construction], ...] | None:
    table = convention.game(game.kind)
    if not table.constructions:
        return None
    settings = convention.settings.constructions
    return tuple((_RANK_MASKS[rank_index], _RAMS[rank]) for rank_index, rank in enumerate(RANKS)
                 if rank in table.rams
                 and not (rank in ("7", "8") and (settings.rams_7 if rank == "7" else settings.rams_8) == "nothing"))


def _mask(cards: Iterable[int]) -> int:
    """A bit mask of card indexes."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _mask_cards(mask: int) -> frozenset:
    return frozenset(DECK[index] for index in range(len(DECK)) if mask >> index & 1)


def held_constructions(cards: Iterable[Card], seat: int, convention: Convention, game: Game) -> list[Meld]:
    """The sequences (each run of 3 or more cards of a suit in the order 7 8 9 10 В Д К Т, as one construction) and
    fours of a kind (a rank of the game's rams table, rams that do nothing left out) a player's cards hold (seed 000
    §0.2), as :class:`~bbscore.belot.melds.Meld` values.  The bela is judged from the play (:func:`referee`)."""
    mask = 0
    for card in cards:
        mask |= 1 << index_of(card)
    return [Meld(seat, 0, construction, suit, top, _mask_cards(cards_mask))
            for construction, suit, top, cards_mask in _held(mask, _rams(convention, game))]


# --- The ruling ---


class TrickRuling(msgspec.Struct, frozen=True):
    """One trick as played: its number, the leader's seat, ``((seat, card index), …)`` in play order (:attr:`plays`
    gives the cards), the winner's seat, its visty (the last trick's included) and whether it is the last trick."""

    number: int
    leader: int
    played: tuple
    winner: int
    points: int
    last: bool

    @property
    def plays(self) -> tuple:
        """``((seat, card), …)`` in play order."""
        return tuple([(seat, DECK[card]) for seat, card in self.played])


class AnnouncementCheck(msgspec.Struct, frozen=True):
    """An announcement against the dealt cards: ``status`` is ``held`` (announced and held), ``not_held`` (announced
    and not held), ``not_announced`` (held and not announced), ``invalid`` (announced, but the rules do not let it
    count with the player's others: ``reason``).  ``written``: the construction as announced (a bare «терц» as the
    held one's normal form), or None for one not announced; ``meld``: the construction held (all but ``not_held``),
    for output in the reader's notation."""

    seat: int
    written: str | None
    status: str
    reason: str | None = None
    meld: Meld | None = None

    @property
    def text(self) -> str:
        """The construction as announced, or the held one's normal form (``терц от ДП``, ``рамки-В``)."""
        return self.written if self.written is not None else str(self.meld)


class BelaCheck(msgspec.Struct, frozen=True):
    """A bela (the trump king and queen of one hand; in ВК one a suit): ``status`` is ``counted``, ``not_said`` (held,
    «бэла» not said), ``said_wrongly`` (said, not as the rules ask: ``why`` — ``not_both``, ``not_first``,
    ``not_led_suit``), ``not_held`` (said by a player without the pair), or ``undecided`` (a partial deal)."""

    seat: int
    suit: str
    status: str
    why: str | None = None


class Ruling(msgspec.Struct, frozen=True, kw_only=True):
    """What the referee decided about a deal.

    ``tricks``: each trick as played; ``first_illegal``: the first card that broke a duty
    (:class:`bbscore.deals.Judged`, with the legal cards), or None; ``undecided``: the cards whose legality the partial
    deal cannot settle; ``points``/``tricks_won``: each pair's trick visty and tricks in the tricks written;
    ``seat_tricks``: the tricks each seat took; ``announcements``, ``belas``: the checks; ``resolution``: which
    constructions pass (None when the holdings are not all known); ``hand``, ``breakdown``: the hand as scored (None
    when the deal cannot be scored); ``declarers_points``, ``defenders_points``: what each pair writes, a revoke's
    cost included; ``revoke``: the cost applied (``play.revoke``) or None; ``redeal``: rams that void the hand;
    ``not_decided``: what a partial deal could not decide (``legality``, ``constructions``, ``bela``, ``score``).
    """

    deal: Deal
    convention: str
    source: str
    declarers: Partnership
    tricks: tuple[TrickRuling, ...]
    first_illegal: deals.Judged | None
    undecided: tuple[deals.Judged, ...]
    points: dict
    tricks_won: dict
    seat_tricks: dict
    announcements: tuple[AnnouncementCheck, ...]
    belas: tuple[BelaCheck, ...]
    resolution: Resolution | None
    hand: Hand | None
    breakdown: Breakdown | None
    declarers_points: int | None
    defenders_points: int | None
    revoke: str | None
    redeal: bool
    not_decided: tuple[str, ...]


def referee(deal: Deal, convention: Convention) -> Ruling:
    """Referee a deal under a rule set (RULES.md §13, seed 000 §3–§5, the rule set's ``[play]``).

    Raises :class:`~bbscore.errors.DealError` (and the notation's errors) for a deal that cannot be true — a card
    dealt twice, a hand of the wrong size, a trick of the wrong size, a card not in the hand of the player whose
    turn it is, a trick led out of turn, «бэла» said at a card that is no trump king or queen — naming the deal's key
    and, for a trick, its index; and for a rule set without ``[play]``.
    """
    contract = deal.contract
    check_contract(convention, contract)
    rules = play_rules(convention, contract.game)
    settings = rules.settings
    declarers = Partnership.of_seat(deal.declarer)
    sitting_out = None
    if contract.kind is ContractKind.KAPO_HAND and settings.kapo_hand == "sit_out":
        sitting_out = (deal.declarer + 1) % 4 + 1  # the bidder's partner: his cards lie face down (seed 000 §2)
    playing = tuple(seat for seat in SEATS if seat != sitting_out)
    size = hand_size(deal)
    whole_play = deal.first_trick == 1 and len(deal.play) == TRICKS_PER_HAND
    sizes = {seat: CARDS_PER_PLAYER if seat == sitting_out else size for seat in SEATS}
    fields = {seat: f"hands.{deal.name(seat)}" for seat in SEATS}
    indexes = {seat: [_INDEX[card.rank, card.suit] for card in deal.hands[seat - 1]] for seat in SEATS}
    deals.check_dealt({fields[seat]: indexes[seat] for seat in SEATS}, complete=whole_play,
                      size={fields[seat]: sizes[seat] for seat in SEATS}, show=lambda card: str(DECK[card]))
    hands = {seat: frozenset(indexes[seat]) for seat in SEATS}
    complete = {seat: len(hands[seat]) == sizes[seat] for seat in SEATS}
    known = frozenset().union(*hands.values())
    unknown = frozenset(range(len(DECK))) - known if not all(complete.values()) else frozenset()
    walked = deals.walk(
        seats=playing, names={seat: deal.name(seat) for seat in SEATS}, holdings=hands, complete=complete,
        unknown=unknown, tricks=[(named, tuple([_INDEX[card.rank, card.suit] for card in cards])) for named, cards in deal.play],
        first=deal.first_trick, leader=deal.declarer if sitting_out is not None else SEATS[0], size=len(playing),
        duty=partial(_duty, rules), winner=partial(_winner, rules), sizes=sizes, show=lambda card: str(DECK[card]))
    first_illegal = walked.first_illegal
    undecided = tuple(j for j in walked.undecided
                      if first_illegal is None or (j.trick, j.position) < (first_illegal.trick, first_illegal.position))
    tricks: list[TrickRuling] = []
    points = {Partnership.ODD: 0, Partnership.EVEN: 0}
    won = {Partnership.ODD: 0, Partnership.EVEN: 0}
    seat_tricks = dict.fromkeys(SEATS, 0)
    visty = rules.visty
    for trick in walked.tricks:
        last = trick.number == TRICKS_PER_HAND
        value = sum([visty[card] for _seat, card in trick.plays]) + (rules.last_trick if last else 0)
        tricks.append(TrickRuling(trick.number, trick.leader, trick.plays, trick.winner, value, last))
        pair = Partnership.of_seat(trick.winner)
        points[pair] += value
        won[pair] += 1
        seat_tricks[trick.winner] += 1
    # every seat's cards are known when the written hands and what each played make them whole
    if deal.first_trick == 1 and all(complete.values()):
        dealt: dict | None = hands
    else:
        by_seat = {seat: set(hands[seat]) for seat in SEATS}
        for trick in walked.tricks:
            for seat, card in trick.plays:
                by_seat[seat].add(card)
        known_all = deal.first_trick == 1 and all(len(by_seat[seat]) == CARDS_PER_PLAYER for seat in SEATS)
        dealt = by_seat if known_all else None
    not_decided: list[str] = []
    if undecided:
        not_decided.append("legality")
    checks: tuple[AnnouncementCheck, ...] = ()
    resolution, redeal = None, False
    passed: list[Meld] = []
    if dealt is not None:
        checks, melds = _announcements(deal, dealt, convention)
        resolution = (resolve(melds, contract, convention) if melds else  # nothing announced: the same every time
                      convention.remember(("nothing announced", contract.game), resolve, [], contract, convention))
        redeal = resolution.redeal
        passed = [meld for meld, _visty in resolution.passed]
    else:
        not_decided.append("constructions")
    belas = _belas(deal, convention, dealt, walked.tricks, rules)
    if any(check.status == "undecided" for check in belas):
        not_decided.append("bela")
    hand = breakdown = None
    declarers_points = defenders_points = None
    revoke = None
    if whole_play and dealt is not None and not redeal:
        hand, breakdown, declarers_points, defenders_points, revoke = _score(
            deal, convention, rules, passed, belas, points, won, seat_tricks, declarers, first_illegal)
    elif not redeal:
        not_decided.append("score")
    return Ruling(
        deal=deal, convention=convention.name, source=settings.source, declarers=declarers, tricks=tuple(tricks),
        first_illegal=_as_cards(first_illegal), undecided=tuple(_as_cards(j) for j in undecided), points=points,
        tricks_won=won, seat_tricks=seat_tricks, announcements=checks, belas=belas, resolution=resolution, hand=hand,
        breakdown=breakdown, declarers_points=declarers_points, defenders_points=defenders_points, revoke=revoke,
        redeal=redeal, not_decided=tuple(not_decided),
    )


def _as_cards(judged: deals.Judged | None) -> deals.Judged | None:
    """A judgement with its cards as :class:`Card` values (the walk judges card indexes)."""
    if judged is None:
        return None
    return msgspec.structs.replace(judged, card=DECK[judged.card], legal=frozenset(DECK[c] for c in judged.legal),
                                   doubt=frozenset(DECK[c] for c in judged.doubt))


_SEQUENCE_WORDS = {"терц": 3, "терца": 3, "terz": 3, "tierce": 3, "terca": 3, "берц": 4, "берца": 4, "кварта": 4,
                   "berz": 4, "quarte": 4, "kvarta": 4, "fifty": 4, "квинта": 5, "quinta": 5, "quinte": 5, "kvinta": 5,
                   "hundred": 5, "шестерик": 6, "sixte": 6, "семерик": 7, "septime": 7, "восьмерик": 8, "huitieme": 8}
_BELA_WORDS = {"бэла", "бела", "белот", "bela", "belote", "belot", "ре-бэла", "ребэла", "rebelote"}


def _announcements(deal: Deal, held: dict, convention: Convention) -> tuple[tuple[AnnouncementCheck, ...], list[Meld]]:
    """Each seat's announcements against its dealt cards (``held``: each seat's card indexes), seed 000 §3: announced
    and held, announced and not held, held and not announced, or not counting beside the player's others; and the
    melds that take part in the comparison (the announced ones held)."""
    contract = deal.contract
    rams = _rams(convention, contract.game)
    holdings = {seat: _held(_mask(held[seat]), rams) for seat in SEATS}
    items: list[tuple[int, str, str | None]] = []  # (seat, as written, as the melds notation reads it; None: not held)
    for seat in SEATS:
        field = f"announcements.{deal.name(seat)}"
        for item in (part.strip() for part in deal.announcements[seat - 1].split(",")):
            if not item:
                continue
            lower = " ".join(item.lower().split())
            if lower.split()[0] in _BELA_WORDS:
                raise DealError(field, item, _("бэлу не объявляют до хода: карты, при которых сказано «бэла», — "
                                               "в ключе bela = [\"КТ\", \"ДТ\"]"))
            if lower in _SEQUENCE_WORDS:  # «терц»: the held one of that length, the highest
                options = [Meld(seat, 0, construction, suit, top, _mask_cards(mask))
                           for construction, suit, top, mask in holdings[seat]
                           if construction.kind is ConstructionKind.SEQUENCE and construction.length == _SEQUENCE_WORDS[lower]]
                best = max(options, key=lambda m: _strength(m, contract, convention)) if options else None
                items.append((seat, item, str(best) if best is not None else None))
            else:
                items.append((seat, item, item))
    texts: dict[int, list[str]] = {seat: [] for seat in SEATS}
    for seat, _item, text in items:
        if text is not None:
            texts[seat].append(text)
    dropped: list[Meld] = []  # announced and held, but not counting beside the player's others
    try:  # usually read one by one (remembered: the same few texts recur), then checked together
        game = contract.game
        parsed = {seat: [convention.remember(("announced", seat, text, game), parse_announcements, {seat: text}, contract,
                                             convention)[0] for text in t] for seat, t in texts.items()}
        announced = [meld for seat in SEATS for meld in parsed[seat]]
        if announced:
            check_announcements(announced, contract, convention)
    except BBScoreError:
        checks, melds, dropped = _announced_one_by_one(deal, items, held, convention)
    else:
        read = {seat: iter(seat_melds) for seat, seat_melds in parsed.items()}
        checks, melds = [], []
        for seat, item, text in items:
            meld = next(read[seat]) if text is not None else None
            if meld is not None and all(index_of(card) in held[seat] for card in meld.cards):
                checks.append(AnnouncementCheck(seat, text, "held", meld=meld))
                melds.append(meld if meld.order == len(melds) else replace(meld, order=len(melds)))
            else:
                checks.append(AnnouncementCheck(seat, item, "not_held"))
    for seat in SEATS:
        announced = [(m.construction.kind, sum(1 << index_of(card) for card in m.cards))
                     for m in melds + dropped if m.seat == seat]
        for construction, suit, top, mask in holdings[seat]:
            # announced (or a part of it announced: a terz of a held berz) is not «held and not announced»
            if not any(kind is construction.kind and cards & mask for kind, cards in announced):
                checks.append(AnnouncementCheck(seat, None, "not_announced",
                                                meld=Meld(seat, 0, construction, suit, top, _mask_cards(mask))))
    return tuple(checks), melds


def _announced_one_by_one(deal: Deal, items: list, held: dict, convention: Convention) -> tuple[list, list[Meld], list[Meld]]:
    """:func:`_announcements` where the announcements do not read all at once: each read alone (a construction that
    is none is refused, naming its player's key), then those held together, a player's last one dropped (with the
    reason) while they cannot all count: (the checks, the melds that count, those dropped)."""
    contract = deal.contract
    checks: list[AnnouncementCheck] = []
    kept: dict[int, list[str]] = {seat: [] for seat in SEATS}
    dropped: list[Meld] = []
    for seat, item, text in items:
        if text is None:
            checks.append(AnnouncementCheck(seat, item, "not_held"))
            continue
        try:
            meld = parse_announcements({seat: text}, contract, convention)[0]
        except BBScoreError as error:
            raise DealError(f"announcements.{deal.name(seat)}", error.value, error.explanation()) from None
        if all(index_of(card) in held[seat] for card in meld.cards):
            kept[seat].append(text)
            checks.append(AnnouncementCheck(seat, text, "held", meld=meld))
        else:
            checks.append(AnnouncementCheck(seat, item, "not_held"))
    while True:  # announcements that cannot all count: the player's last one is dropped, its reason kept
        try:
            melds = parse_announcements({seat: ", ".join(t) for seat, t in kept.items() if t}, contract, convention)
            return checks, melds, dropped
        except InconsistentHandError as error:
            seat = int(error.field[1]) if error.field[:1] == "p" and error.field[1:].isdigit() else None
            if seat is None or not kept.get(seat):
                raise DealError("announcements", error.value, error.explanation()) from None
            last = kept[seat].pop()
            at = next(i for i, c in enumerate(checks) if c.seat == seat and c.written == last and c.status == "held")
            dropped += parse_announcements({seat: last}, contract, convention)
            checks[at] = AnnouncementCheck(seat, last, "invalid", error.explanation(), meld=dropped[-1])


class _Played(msgspec.Struct, frozen=True):
    """Where a card was played: the trick's number, its place in the trick, the seat."""

    trick: int
    position: int
    seat: int


def _belas(deal: Deal, convention: Convention, held: dict | None, tricks: tuple,
           rules: PlayRules) -> tuple[BelaCheck, ...]:
    """Each bela of the deal (seed 000 §0.2): held by one player and «бэла» said at its cards as ``play.bela_said``
    asks (in ВК, where ``bela_all_trumps`` says so, only at a card of the led suit or a lead); said by a player
    without the pair; or, in a partial deal, undecided.  ``held``: every seat's dealt cards, or None when they are
    not all known (card indexes); ``tricks``: the walk's (card indexes).  Raises :class:`DealError` (field ``bela``) for
    «бэла» said at a card that is no trump king or queen, or at a card not played in the tricks written."""
    table = convention.game(rules.game.kind)
    suits = ([] if not table.max_belas else list(SUITS) if rules.all_trumps else [] if rules.trump == NO_SUIT
             else [SUITS[rules.trump]])
    if not suits:
        if deal.bela:
            raise DealError("bela", str(deal.bela[0]), _("в этой игре бэлы нет"))
        return ()
    wanted = {_INDEX[rank, suit] for suit in suits for rank in ("K", "Q")}
    plays = {card: _Played(trick.number, position, seat)
             for trick in tricks for position, (seat, card) in enumerate(trick.plays) if card in wanted}
    said = {index_of(card) for card in deal.bela}
    for card in deal.bela:
        if card.rank not in ("K", "Q") or card.suit not in suits:
            raise DealError("bela", str(card), _("«бэла» говорят, кладя короля или даму козыря"))
        if index_of(card) not in plays:
            raise DealError("bela", str(card), _("эта карта не сыграна во взятках, что записаны"))
    settings = rules.settings
    found: list[BelaCheck] = []
    for suit in suits:
        king, queen = _INDEX["K", suit], _INDEX["Q", suit]
        both_played = king in plays and queen in plays
        if held is not None:
            holder = next((seat for seat in SEATS if king in held[seat] and queen in held[seat]), None)
        else:
            holder = plays[king].seat if both_played and plays[king].seat == plays[queen].seat else None
        if holder is None:
            for card in (king, queen):
                if card in said:
                    found.append(BelaCheck(plays[card].seat, suit, "not_held" if held is not None or both_played
                                           else "undecided"))
            continue
        if not both_played:
            if said & {king, queen} or held is None:
                found.append(BelaCheck(holder, suit, "undecided"))
            continue  # held, the rest of the play not written: nothing said in the tricks written
        if not said & {king, queen}:
            found.append(BelaCheck(holder, suit, "not_said"))
            continue
        first = min((king, queen), key=lambda card: (plays[card].trick, plays[card].position))
        why = None
        if settings.bela_said == "both_cards" and not {king, queen} <= said:
            why = "not_both"
        elif settings.bela_said == "first_card" and first not in said:
            why = "not_first"
        elif rules.all_trumps and settings.bela_all_trumps == "led_suit_or_lead":
            needed = {"both_cards": [king, queen], "first_card": [first]}.get(settings.bela_said,
                                                                                [c for c in (king, queen) if c in said])
            led = {trick.number: DECK[trick.plays[0][1]].suit for trick in tricks}
            fits = [plays[c].position == 0 or led[plays[c].trick] == suit for c in needed]
            if not (any(fits) if settings.bela_said == "either_card" else all(fits)):
                why = "not_led_suit"
        found.append(BelaCheck(holder, suit, "said_wrongly" if why else "counted", why))
    return tuple(found)


def _score(deal: Deal, convention: Convention, rules: PlayRules, passed: list[Meld], belas: tuple, points: dict,
           won: dict, seat_tricks: dict, declarers: Partnership, first_illegal) -> tuple:
    """The hand as the engine scores it (:func:`~bbscore.belot.hand.make_hand`, :func:`~bbscore.belot.scoring.score`):
    the defenders' trick visty, the declarers' tricks, each pair's passed constructions (a construction whose
    announcer took no trick dropped where ``construction_needs_trick = "announcer"``, seed 001 §3) — and what each
    pair writes, a revoke's cost (``play.revoke``) included.  A kapo from one hand is lost when its bidder did not
    take every trick himself."""
    settings = rules.settings
    contract = deal.contract
    values = convention.construction_values(contract.game.kind)
    sides: dict[Partnership, list[Construction]] = {Partnership.ODD: [], Partnership.EVEN: []}
    counted = [(meld.seat, meld.construction) for meld in passed]
    counted += [(check.seat, Construction(ConstructionKind.BELA)) for check in belas if check.status == "counted"]
    for seat, construction in counted:
        if (settings.construction_needs_trick == "announcer" and not seat_tricks[seat]
                and lost_without_trick(construction, values)):
            continue
        sides[Partnership.of_seat(seat)].append(construction)
    hand = make_hand(convention, contract, def_points=points[declarers.other], decl_tricks=won[declarers],
                     decl_con=tuple(sides[declarers]), def_con=tuple(sides[declarers.other]))
    lost = contract.kind is ContractKind.KAPO_HAND and seat_tricks[deal.declarer] != TRICKS_PER_HAND
    offender = Partnership.of_seat(first_illegal.seat) if first_illegal is not None else None
    revoke = settings.revoke if offender is not None and settings.revoke != "report" else None
    breakdown = score(hand, convention, bait=lost or (revoke == "bait" and offender is declarers))
    declarers_points, defenders_points = breakdown.declarers, breakdown.defenders
    if revoke == "bait" and offender is not declarers:  # the declarers take the hand as the defenders take a bait
        baited = score(hand, convention, bait=True)
        declarers_points, defenders_points = baited.defenders, baited.declarers
    elif revoke == "penalty":
        if offender is declarers:
            defenders_points += settings.revoke_penalty
        else:
            declarers_points += settings.revoke_penalty
    return hand, breakdown, declarers_points, defenders_points, revoke
