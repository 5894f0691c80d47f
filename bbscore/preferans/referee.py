"""The hand referee of preferans (RULES.md §13): from the cards dealt, the talon, the discard and the cards played,
what happened — every card's legality, the tricks, each player's tricks, and what the hand writes.  Pure, data out.

* :func:`duty` / :func:`legal_cards` — the cards a player may play: follow the led suit; void in it, trump
  (``play.trump_when_void``); nobody must beat, unless ``play.overtrump``; мизер and распасы have no trump;
* :func:`trick_winner` — the highest trump, else the highest card of the led suit (on распасы with the talon open, its
  card sets the suit of the first tricks and takes nothing);
* :func:`referee` — a whole :class:`~bbscore.preferans.deal.PrefDeal` walked card by card
  (:func:`bbscore.deals.walk`): the declarer plays his ten with the talon taken and the discard put away; the first
  hand leads (on распасы the first ``play.raspasy_first_hand_leads`` tricks); then each trick's winner.  With one
  whister and one passer the whister plays for both (seed 004: their tricks are the whister's).  The hand is then
  scored by :func:`bbscore.preferans.engine.score`, with a revoke's cost (``play.revoke``).

Every choice is a setting of the rule set's ``[play]`` table (:class:`~bbscore.preferans.rules.PlaySettings`).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bbscore import deals
from bbscore.errors import DealError
from bbscore.i18n import _
from bbscore.preferans.cards import DECK, TALON, PrefCard
from bbscore.preferans.contract import Kind, Suit
from bbscore.preferans.deal import PrefDeal, hand_size
from bbscore.preferans.engine import HandEntries, exact, score
from bbscore.preferans.hand import TRICKS, PrefHand, make_hand
from bbscore.preferans.rules import PlaySettings, PrefConvention

FOLLOW, TRUMP, OVERTRUMP = "follow_suit", "trump", "overtrump"
SEATS = (1, 2, 3)
_PER_SUIT = 8
_INDEX = {(card.rank, card.suit): index for index, card in enumerate(DECK)}
_TRUMPS = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
NO_SUIT = -1


def index_of(card: PrefCard) -> int:
    """A card's index in :data:`~bbscore.preferans.cards.DECK` (suit by suit, 7 to ace)."""
    return _INDEX[card.rank, card.suit]


class PlayRules(msgspec.Struct, frozen=True):
    """What the play of a game needs: the ``[play]`` settings and the trump suit's index (:data:`NO_SUIT` in БК, on
    мизер and распасы)."""

    settings: PlaySettings
    trump: int

    def judge(self, hand, trick, seat: int, number: int) -> tuple[str | None, frozenset]:
        """:func:`duty` on card indexes, as :func:`bbscore.deals.walk` calls it."""
        return _duty(hand, trick, self)

    def taker(self, plays: tuple, number: int) -> int:
        """:func:`trick_winner` on card indexes, as :func:`bbscore.deals.walk` calls it."""
        return _winner(plays, self)


def play_rules(convention: PrefConvention, deal_or_kind) -> PlayRules:
    """The :class:`PlayRules` of a deal's game (a :class:`~bbscore.preferans.deal.PrefDeal`, or its contract).

    Raises :class:`~bbscore.errors.DealError` (field ``rules``) for a rule set without ``[play]``.
    """
    if convention.play is None:
        raise DealError("rules", convention.name, _("в этих правилах нет таблицы [play] — правил розыгрыша: судья не "
                                                    "может проверить ходы (добавьте её: образец — [play] встроенных правил, bbscore conventions show)"))
    contract = getattr(deal_or_kind, "contract", deal_or_kind)
    trump = _TRUMPS.get(contract.suit, NO_SUIT) if contract.kind is Kind.GAME else NO_SUIT
    return PlayRules(settings=convention.play, trump=trump)


_SUIT_CARDS = tuple(frozenset(range(suit * _PER_SUIT, (suit + 1) * _PER_SUIT)) for suit in range(4))


def _duty(hand, trick, rules: PlayRules) -> tuple[str | None, frozenset]:
    """:func:`duty` on card indexes (``hand`` a set, ``trick`` a sequence of (seat, card); a talon's card first with
    seat None sets the suit)."""
    settings = rules.settings
    if not trick or not settings.follow_suit:
        return None, hand
    suit = trick[0][1] // _PER_SUIT
    follow = _SUIT_CARDS[suit] & hand
    trump = rules.trump
    if follow:
        if settings.overtrump and suit == trump:
            higher = frozenset(card for card in follow if card > _highest(trick, trump))
            if higher:
                return OVERTRUMP, higher
        return FOLLOW, follow
    if trump == NO_SUIT or settings.trump_when_void == "never":
        return None, hand
    trumps = _SUIT_CARDS[trump] & hand
    if not trumps:
        return None, hand
    best = _highest(trick, trump)
    if settings.overtrump and best is not None:
        higher = frozenset(card for card in trumps if card > best)
        if higher:
            return OVERTRUMP, higher
    return TRUMP, trumps


def _highest(trick, suit: int) -> int | None:
    """The highest card of ``suit`` the players put into the trick (a talon's card does not count), or None."""
    cards = [card for seat, card in trick if seat is not None and card // _PER_SUIT == suit]
    return max(cards) if cards else None


def _winner(plays: tuple, rules: PlayRules) -> int:
    """:func:`trick_winner` on card indexes."""
    for suit in (rules.trump, plays[0][1] // _PER_SUIT):
        best = _highest(plays, suit) if suit != NO_SUIT else None
        if best is not None:
            return next(index for index, (seat, card) in enumerate(plays) if card == best and seat is not None)
    # nobody followed the talon's suit (распасы): the trick goes as if the first player had led
    first = 1 if plays[0][0] is None else 0
    best = _highest(plays[first:], plays[first][1] // _PER_SUIT)
    return next(index for index, (seat, card) in enumerate(plays) if card == best and seat is not None)


def duty(hand: Iterable[PrefCard], trick: tuple, rules: PlayRules) -> tuple[str | None, frozenset]:
    """(the duty or None, the cards of ``hand`` the player may play) on the trick so far (``((seat, card), …)``; a
    talon's card first with seat None on распасы): follow the led suit (``follow_suit``); void in it, a trump
    (``trump_when_void = "always"``); a higher trump only where ``overtrump``; else any card.  RULES.md §13: «follow
    suit; void, you must trump; no trump, any card; no duty to beat or overtrump; the same on misère and распасы»."""
    key, legal = _duty(frozenset(index_of(card) for card in hand),
                       tuple((seat, index_of(card)) for seat, card in trick), rules)
    return key, frozenset(DECK[card] for card in legal)


def legal_cards(hand: Iterable[PrefCard], trick: tuple, rules: PlayRules) -> frozenset:
    """The cards of ``hand`` the player may play on the trick so far (:func:`duty`)."""
    return duty(hand, trick, rules)[1]


def trick_winner(plays: tuple, rules: PlayRules) -> int:
    """The index in ``plays`` (``((seat, card), …)``) of the card that takes the trick: the highest trump, else the
    highest card of the led suit; a talon's card (seat None) sets the suit and takes nothing — if no player followed
    it, the trick goes as if the first player had led."""
    return _winner(tuple((seat, index_of(card)) for seat, card in plays), rules)


class TrickRuling(msgspec.Struct, frozen=True):
    """One trick: its number, the leader's seat (1–3, from the first hand), ``((seat, card index), …)`` in play
    order (a talon's card first with seat None; :attr:`plays` gives the cards), the winner's seat."""

    number: int
    leader: int
    played: tuple
    winner: int

    @property
    def plays(self) -> tuple:
        return tuple([(seat, DECK[card]) for seat, card in self.played])


class PrefRuling(msgspec.Struct, frozen=True, kw_only=True):
    """What the referee decided about a preferans deal: the tricks; the first illegal card
    (:class:`bbscore.deals.Judged`) or None; the undecided cards; each active player's tricks (``tricks``, by name;
    with one whister and one passer, ``credited``: the whister's with the passer's); the checked hand and what it
    writes (None when the deal cannot be scored, or the game was not played); the revoke's cost applied; what a
    partial deal could not decide (``legality``, ``score``)."""

    deal: PrefDeal
    convention: str
    source: str
    tricks: tuple[TrickRuling, ...]
    first_illegal: deals.Judged | None
    undecided: tuple[deals.Judged, ...]
    taken: dict
    credited: dict
    hand: PrefHand | None
    entries: HandEntries | None
    revoke: str | None
    not_decided: tuple[str, ...]


def referee(deal: PrefDeal, convention: PrefConvention) -> PrefRuling:
    """Referee a preferans deal under a rule set (RULES.md §13, seed 004, the rule set's ``[play]``).

    Raises :class:`~bbscore.errors.DealError` for a deal that cannot be true (a card in two places, a hand, talon or
    discard of the wrong size, a discard not from the declarer's cards, a trick of the wrong size, a card not in the
    hand of the player whose turn it is, a trick led out of turn), naming the deal's key; and for rules without
    ``[play]``.
    """
    rules = play_rules(convention, deal)
    settings = rules.settings
    contract = deal.contract
    size = hand_size(deal)
    played_out = contract.kind is not Kind.GAME or bool(deal.whisted)
    whole = deal.first_trick == 1 and (len(deal.play) == TRICKS or not played_out)
    fields = {seat: f"hands.{deal.name(seat)}" for seat in SEATS}
    cards = {seat: [index_of(card) for card in deal.hands[seat - 1]] for seat in SEATS}
    talon = [index_of(card) for card in deal.talon]
    discard = [index_of(card) for card in deal.discard]
    deals.check_dealt({fields[seat]: cards[seat] for seat in SEATS}, size=size, complete=whole,
                      extra={"talon": talon}, show=lambda card: str(DECK[card]))
    if len(talon) > TALON or (whole and len(talon) != TALON):
        raise DealError("talon", " ".join(str(card) for card in deal.talon), _("в прикупе {talon} карты").format(talon=TALON))
    holds = {seat: set(cards[seat]) for seat in SEATS}
    declarer = deal.seat_of(deal.declarer) if deal.declarer is not None else None
    if declarer is not None:  # the declarer takes the talon and puts two cards away
        if len(discard) > TALON or (whole and len(discard) != TALON):
            raise DealError("discard", " ".join(str(card) for card in deal.discard),
                            _("играющий сносит {talon} карты").format(talon=TALON))
        own = set(cards[declarer]) | set(talon)
        for card in discard:
            if card not in own and (len(cards[declarer]) == size or any(card in cards[seat] for seat in SEATS)):
                raise DealError("discard", str(DECK[card]), _("снести можно только свои карты или карты прикупа"))
        if deal.first_trick == 1:
            holds[declarer] = (holds[declarer] | set(talon)) - set(discard)
    complete = {seat: len(holds[seat]) == size for seat in SEATS}
    known = set().union(*holds.values(), talon, discard)
    unknown = frozenset(range(len(DECK))) - known if not all(complete.values()) else frozenset()
    open_talon = contract.kind is Kind.ALL_PASS and convention.raspasy.talon == "open"
    first_leads = settings.raspasy_first_hand_leads if contract.kind is Kind.ALL_PASS else 1
    walked = deals.walk(
        seats=SEATS, names={seat: deal.name(seat) for seat in SEATS},
        holdings={seat: frozenset(holds[seat]) for seat in SEATS}, complete=complete, unknown=unknown,
        tricks=[(named, tuple([index_of(card) for card in trick])) for named, trick in deal.play],
        first=deal.first_trick, leader=_first_leader(deal, first_leads),
        size=len(SEATS), duty=rules.judge, winner=rules.taker,
        leads=(lambda number, previous: 1 if number <= first_leads else previous),
        talon=(lambda number: talon[number - 1] if open_talon and number <= len(talon) else None),
        sizes=dict.fromkeys(SEATS, size), show=lambda card: str(DECK[card]))
    first_illegal = walked.first_illegal
    undecided = tuple(j for j in walked.undecided
                      if first_illegal is None or (j.trick, j.position) < (first_illegal.trick, first_illegal.position))
    taken = dict.fromkeys(deal.active, 0)
    tricks = []
    for trick in walked.tricks:
        tricks.append(TrickRuling(trick.number, trick.leader, trick.plays, trick.winner))
        taken[deal.name(trick.winner)] += 1
    credited = dict(taken)
    if len(deal.whisted) == 1 and deal.passed:  # the whister plays for both (seed 004)
        credited[deal.whisted[0]] += credited[deal.passed[0]]
        credited[deal.passed[0]] = 0
    not_decided = ["legality"] if undecided else []
    hand = entries = revoke = None
    if whole:
        hand = _hand(deal, convention, credited)
        entries = score(hand, convention, deal.run)
        if first_illegal is not None and settings.revoke == "penalty":
            revoke = "penalty"
            offender = deal.name(first_illegal.seat)
            gora = dict(entries.gora)
            gora[offender] = exact(gora.get(offender, 0) + settings.revoke_penalty)
            entries = msgspec.structs.replace(entries, gora=gora)
    else:
        not_decided.append("score")
    return PrefRuling(deal=deal, convention=convention.name, source=settings.source, tricks=tuple(tricks),
                      first_illegal=_as_cards(first_illegal), undecided=tuple(_as_cards(j) for j in undecided),
                      taken=taken, credited=credited, hand=hand, entries=entries, revoke=revoke,
                      not_decided=tuple(not_decided))


def _first_leader(deal: PrefDeal, first_leads: int) -> int:
    """Who leads the first trick written: the first hand (left of the dealer) in a whole deal and in the tricks he
    leads on распасы; else the one the deal names."""
    if deal.first_trick <= first_leads or not deal.play or deal.play[0][0] is None:
        return 1
    return deal.play[0][0]


def _hand(deal: PrefDeal, convention: PrefConvention, credited: dict) -> PrefHand:
    """The hand as the engine scores it (:func:`~bbscore.preferans.hand.make_hand`)."""
    dealer = deal.dealer if len(deal.players) == 4 else None
    contract = deal.contract
    if contract.kind is Kind.ALL_PASS:
        return make_hand(deal.players, contract, convention=convention, tricks=credited, dealer=dealer)
    if contract.kind is Kind.MISERE:
        return make_hand(deal.players, contract, convention=convention, declarer=deal.declarer, tricks=credited,
                         dealer=dealer)
    whist = {**dict.fromkeys(deal.whisted, True), **dict.fromkeys(deal.passed, False)}
    return make_hand(deal.players, contract, convention=convention, declarer=deal.declarer, whist=whist,
                     tricks=credited if deal.whisted else None, dealer=dealer)


def _as_cards(judged: deals.Judged | None) -> deals.Judged | None:
    if judged is None:
        return None
    return msgspec.structs.replace(judged, card=DECK[judged.card], legal=frozenset(DECK[c] for c in judged.legal),
                                   doubt=frozenset(DECK[c] for c in judged.doubt))
