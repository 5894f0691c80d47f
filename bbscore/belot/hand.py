"""A hand's inputs, checked against the convention (RULES.md §5 inputs, §8 refusals).

:func:`make_hand` takes what the scorekeeper typed (text or numbers) and
returns a :class:`Hand` that the scoring engine can trust, or raises one of
the project's input errors naming the field, the value and what is allowed.
Errors name the field by a neutral key (``def_points``, ``decl_tricks`` …),
the protocol's own key; the command line shows the option the user typed
(``--def-points``), the file layer the key and its line.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from bbscore.belot.cards import (
    CARDS_PER_PLAYER,
    CARDS_PER_TRICK,
    DECK_SIZE,
    RUSSIAN_RANKS,
    TRICKS_PER_HAND,
    Card,
    describe_gaps,
    parse_cards,
)
from bbscore.belot.constructions import (
    KIND_NAMES,
    Construction,
    ConstructionKind,
    fits_two_players,
    lost_without_trick,
    max_construction_visty,
    parse_list,
    visty_of,
)
from bbscore.belot.contract import Contract, ContractKind, Game, GameKind
from bbscore.belot.convention import Convention
from bbscore.errors import CardError, ConstructionError, IllegalContractError, InconsistentHandError, ref
from bbscore.i18n import N_, _, ngettext
from bbscore.numbers import parse_count  # noqa: F401 (the hand's counts; re-exported for the commands)
from bbscore.seats import Side


class Hand(msgspec.Struct, frozen=True, kw_only=True):
    """The checked inputs of one hand (a frozen record: a msgspec Struct, ~10× cheaper to define and build than a dataclass).

    ``def_points`` are the defenders' trick visty VTv (last trick included);
    ``decl_constructions``/``def_constructions`` the constructions that passed
    for each pair, bela included; ``decl_tricks`` the tricks the declarers
    took (0–8), or None when not given (then it did not matter);
    ``decl_points_given`` tells that the declarers' trick visty were typed
    (and the defenders' derived), for the working.  When the trick visty were
    counted from the cards, ``def_cards``/``decl_cards`` hold them and
    ``last`` is the :class:`~bbscore.seats.Side` that took the last trick.
    """

    contract: Contract
    def_points: int
    decl_constructions: tuple[Construction, ...] = ()
    def_constructions: tuple[Construction, ...] = ()
    decl_tricks: int | None = None
    decl_points_given: bool = False
    def_cards: tuple[Card, ...] | None = None
    decl_cards: tuple[Card, ...] | None = None
    last: Side | None = None


class TakenCards(msgspec.Struct, frozen=True, kw_only=True):
    """What the cards each side took tell: the defenders' trick visty, the declarers' tricks, the cards, the last trick."""

    def_points: int
    decl_tricks: int
    def_cards: tuple[Card, ...] | None
    decl_cards: tuple[Card, ...] | None
    last: Side


# The most constructions four hands of 8 cards announce: three a player (a rams and two sequences sharing its cards),
# and a bela in each suit.
MAX_ANNOUNCED = 4 * 3 + 4


def check_plausible_bid(convention: Convention, contract: Contract) -> None:
    """Refuse a simple contract's bid above the convention's ``confirm_bid_above`` (a slip: ``80Ч`` for ``8Ч``).

    Raises :class:`~bbscore.errors.ImplausibleBidError`, which the caller lifts when the user confirms the bid.
    """
    limit = convention.game(contract.game.kind).confirm_bid_above
    if contract.has_number and contract.number > limit:
        from bbscore.errors import ImplausibleBidError

        guess = contract.number // 10
        slip = f" ({guess}{contract.game.shown()}?)" if not contract.number % 10 and guess >= convention.game(contract.game.kind).min_bid else ""
        raise ImplausibleBidError(
            "contract", contract.shown(),
            _("заявка {number} необычно высока (по правилам «{convention}» переспрашивается выше {limit}): "
              "не описка ли это{slip}? Если так и было, подтвердите: {yes}").format(
                number=contract.number, convention=convention.name, limit=limit, slip=slip, yes=ref("yes")),
        )


def _tricks_allowed() -> str:
    return _("число взяток разыгрывающих от 0 до {tricks}").format(tricks=TRICKS_PER_HAND)


def make_hand(
    convention: Convention,
    contract: Contract | str,
    *,
    def_points: int | str | None = None,
    decl_points: int | str | None = None,
    decl_con: tuple[Construction, ...] | list[str] | str | None = None,
    def_con: tuple[Construction, ...] | list[str] | str | None = None,
    decl_tricks: int | str | None = None,
    def_cards: tuple[Card, ...] | str | None = None,
    decl_cards: tuple[Card, ...] | str | None = None,
    last: Side | str | None = None,
    melds: dict[int, str] | list[str] | None = None,
    decl_seats: str | None = None,
) -> Hand:
    """Check a hand's inputs and return the :class:`Hand` (RULES.md §8).

    Trick points are visty (card points, last trick included): give one side's,
    or both when they add up to S — or the cards a side took (``def_cards`` /
    ``decl_cards``, whole tricks) with ``last`` (a :class:`~bbscore.seats.Side`,
    or ``"decl"``/``"def"``) for the last trick, and the points are counted
    (seed 000 §0.1).  Instead of the
    passed constructions, ``melds`` may give each seat's announcements (with
    ``decl_seats`` = ``"13"``/``"24"``), resolved by :mod:`bbscore.belot.melds`.  Raises
    :class:`ContractSyntaxError`, :class:`IllegalContractError`,
    :class:`CardError`, :class:`ConstructionError` or :class:`InconsistentHandError`.
    """
    # A protocol's hand (its contract as text, its constructions as lists, no cards or announcements): what does not
    # depend on the trick points — the contract, the tricks, the constructions, and every check of them — is worked
    # out once for those inputs (a protocol repeats them with other points) and only the points checked here.  The
    # checks of the points come in the same order as below, and those of the rest all passed: a refusal is the same.
    plan_key = None
    if (contract.__class__ is str and def_cards is None and decl_cards is None and last is None and melds is None
            and decl_seats is None and (decl_con is None or decl_con.__class__ is list)
            and (def_con is None or def_con.__class__ is list)):
        plan_key = ("hand plan", contract, None if decl_con is None else tuple(decl_con),
                    None if def_con is None else tuple(def_con), decl_tricks.__class__, decl_tricks)
        plan = convention.memo.get(plan_key)
        if plan is not None:
            parsed, tricks, decl_constructions, def_constructions = plan
            defenders = _defenders(convention, parsed, def_points, decl_points, tricks)
            _check_all_tricks(convention, parsed, defenders, tricks, decl_constructions, def_constructions)
            return Hand(contract=parsed, def_points=defenders, decl_constructions=decl_constructions,
                        def_constructions=def_constructions, decl_tricks=tricks, decl_points_given=def_points is None)
    if isinstance(contract, str):
        contract = convention.parse_contract(contract)
    kind = contract.game.kind
    convention.remember(("contract", contract), _check_contract, convention, contract)

    tricks = parse_count(decl_tricks, "decl_tricks", 0, TRICKS_PER_HAND, _tricks_allowed)
    cards = None
    if last is not None and def_cards is None and decl_cards is None:
        raise InconsistentHandError("last", last, _("{last} указывают вместе с картами: {def_cards} или {decl_cards}").format(
            last=ref('last'), def_cards=ref('def_cards'), decl_cards=ref('decl_cards')))
    if def_cards is not None or decl_cards is not None:
        if def_points is not None or decl_points is not None:
            raise InconsistentHandError("def_cards/decl_cards", _("и висты"), _("укажите либо висты за взятки, либо взятые карты"))
        cards = _count_taken(convention, contract, def_cards, decl_cards, last, tricks)
        def_points, tricks = cards.def_points, cards.decl_tricks
    if contract.kind is ContractKind.KAPO_BID and tricks is None:
        raise InconsistentHandError(
            "decl_tricks", _("не указано"),
            _("для заявки с капо нужно число взяток разыгрывающих (0–{tricks}): она выполнена только со всеми "
              "{tricks}, а по вистам этого не узнать").format(tricks=TRICKS_PER_HAND),
        )
    if contract.is_kapo and tricks is None:
        raise InconsistentHandError(
            "decl_tricks", _("не указано"),
            _("для капо нужно число взяток разыгрывающих (0–{tricks}): капо выполнено только со всеми "
              "{tricks}, а по вистам этого не узнать").format(tricks=TRICKS_PER_HAND),
        )
    defenders = _defenders(convention, contract, def_points, decl_points, tricks)

    if melds is not None:
        if decl_con or def_con:
            raise InconsistentHandError("melds", _("и {decl_con}/{def_con}").format(decl_con=ref('decl_con'), def_con=ref('def_con')),
                                        _("укажите либо объявления игроков, либо прошедшие конструкции"))
        from bbscore.belot.melds import constructions_for_hand, seats_from_text  # below this module; only with announcements

        seats = melds if isinstance(melds, dict) else seats_from_text(melds)
        decl_con, def_con, _announced = constructions_for_hand(seats, decl_seats, contract, convention)
    elif decl_seats is not None:
        raise InconsistentHandError("decl_seats", decl_seats, _("места разыгрывающих указывают вместе с {melds}").format(melds=ref('melds')))
    decl_constructions = _constructions(decl_con, "decl_con")
    def_constructions = _constructions(def_con, "def_con")
    if decl_constructions or def_constructions:  # the same lists are checked once (a protocol repeats them)
        convention.remember(("constructions", contract.game, decl_constructions, def_constructions),
                            _check_constructions, convention, kind, contract, decl_constructions, def_constructions)

    _check_all_tricks(convention, contract, defenders, tricks, decl_constructions, def_constructions)
    if cards is not None:
        return Hand(contract=contract, def_points=defenders, decl_constructions=decl_constructions,
                    def_constructions=def_constructions, decl_tricks=tricks, decl_points_given=cards.def_cards is None,
                    def_cards=cards.def_cards, decl_cards=cards.decl_cards, last=cards.last)
    if plan_key is not None:  # every check of the contract, the tricks and the constructions passed
        convention.memo[plan_key] = (contract, tricks, decl_constructions, def_constructions)
    return Hand(contract=contract, def_points=defenders, decl_constructions=decl_constructions,
                def_constructions=def_constructions, decl_tricks=tricks, decl_points_given=def_points is None)


def with_points(convention: Convention, hand: Hand, *, def_points: int | str | None = None,
                decl_points: int | str | None = None) -> Hand:
    """A protocol's hand (trick points given, not cards) with other trick points: what :func:`make_hand` gives for
    the same contract, tricks and constructions with these points — they checked as it checks them (the rest is
    ``hand``'s, already checked).  Raises :class:`InconsistentHandError` as :func:`make_hand` does for them."""
    contract, tricks = hand.contract, hand.decl_tricks
    defenders = _defenders(convention, contract, def_points, decl_points, tricks)
    _check_all_tricks(convention, contract, defenders, tricks, hand.decl_constructions, hand.def_constructions)
    return Hand(contract=contract, def_points=defenders, decl_constructions=hand.decl_constructions,
                def_constructions=hand.def_constructions, decl_tricks=tricks, decl_points_given=def_points is None)


def _defenders(convention: Convention, contract: Contract, def_points, decl_points, tricks: int | None) -> int:
    """The defenders' trick visty from the points given (one side's, or both adding up to S), checked: a total some
    cards can make (with that many tricks, when given)."""
    deck = convention.game(contract.game.kind).deck_visty

    def range_text() -> str:
        return _("висты за взятки от 0 до {deck} (S в игре {game})").format(deck=deck, game=contract.game.shown())

    defenders = parse_count(def_points, "def_points", 0, deck, range_text)
    declarers = parse_count(decl_points, "decl_points", 0, deck, range_text)
    if defenders is None and declarers is None:
        raise InconsistentHandError("def_points", _("не указано"), _("нужны висты за взятки одной из пар: {def_points} N или {decl_points} N").format(
            def_points=ref('def_points'), decl_points=ref('decl_points')))
    if defenders is not None and declarers is not None and defenders + declarers != deck:
        raise InconsistentHandError(
            "def_points/decl_points", f"{defenders} + {declarers}",
            _("вместе должно быть S = {deck}, а дано {given}").format(deck=deck, given=defenders + declarers)
        )
    if defenders is None:
        defenders = deck - declarers  # type: ignore[operator]
    _check_makeable(convention, contract, defenders, tricks, declarers_given=def_points is None)
    return defenders


def _check_all_tricks(convention: Convention, contract: Contract, defenders: int, tricks: int | None,
                      decl_constructions: tuple[Construction, ...], def_constructions: tuple[Construction, ...]) -> None:
    """Where one side has all the trick visty and the tricks are not given: the count is required when it decides
    whose constructions count, or when all tricks have their own value."""
    kind = contract.game.kind
    game = convention.game(kind)
    deck = game.deck_visty
    if tricks is None and defenders in (0, deck):
        _check_tricks_known(convention, kind, defenders, deck, decl_constructions, def_constructions)
        if game.all_tricks_visty != deck:
            raise InconsistentHandError(
                "decl_tricks", _("не указано"),
                _("у одной пары {deck} за взятки: укажите, сколько взяток взяли разыгрывающие (0–8) — "
                  "{all_tricks}, а по вистам не узнать, взяты ли все").format(
                    deck=ngettext("все {n} вист", "все {n} вистов", deck, few="все {n} виста").format(n=deck),
                    all_tricks=ngettext("все взятки стоят {n} вист", "все взятки стоят {n} вистов", game.all_tricks_visty,
                                        few="все взятки стоят {n} виста").format(n=game.all_tricks_visty)),
            )


def _constructions(given, field: str) -> tuple[Construction, ...]:
    """Constructions as given: already parsed (from announcements), or names to parse."""
    if isinstance(given, tuple) and all(isinstance(c, Construction) for c in given):
        return given
    return parse_list(given, field)


def count_cards(convention: Convention, game: Game, cards: tuple[Card, ...], last: bool) -> int:
    """Trick visty of the cards a side took, with the last trick's visty when it took it (seed 000 §0.1)."""
    return sum(convention.card_visty(card, game) for card in cards) + (convention.settings.points.last_trick if last else 0)


def _count_taken(
    convention: Convention, contract: Contract, def_cards, decl_cards, last: Side | str | None, tricks: int | None,
) -> TakenCards:
    """What the cards each side took tell (seed 000 §0.1): the trick visty, the tricks, the last trick."""
    def_taken = parse_cards(def_cards, "def_cards") if isinstance(def_cards, str) else def_cards
    decl_taken = parse_cards(decl_cards, "decl_cards") if isinstance(decl_cards, str) else decl_cards
    if def_taken is None and decl_taken is None:
        raise InconsistentHandError("last", last, _("{last} указывают вместе с картами: {def_cards} или {decl_cards}").format(
            last=ref('last'), def_cards=ref('def_cards'), decl_cards=ref('decl_cards')))
    for field, taken in (("def_cards", def_taken), ("decl_cards", decl_taken)):
        if taken is not None and len(taken) % CARDS_PER_TRICK:
            raise InconsistentHandError(
                field, ngettext("{count} карта", "{count} карт", len(taken), few="{count} карты").format(count=len(taken)),
                _("взятки по {cards} карты: число карт кратно {cards}").format(cards=CARDS_PER_TRICK)
            )
    if def_taken is not None and decl_taken is not None:
        both = set(def_taken) & set(decl_taken)
        if both:
            raise CardError("def_cards/decl_cards", str(min(both)), _("карта не может быть во взятках обеих пар"))
        if len(def_taken) + len(decl_taken) != DECK_SIZE:
            raise InconsistentHandError(
                "def_cards/decl_cards", ngettext("{first} + {second} карта", "{first} + {second} карт", len(decl_taken),
                                                few="{first} + {second} карты").format(first=len(def_taken), second=len(decl_taken)),
                _("когда даны карты обеих пар, их вместе {deck}").format(deck=DECK_SIZE),
            )
    decl_count = len(decl_taken) if decl_taken is not None else DECK_SIZE - len(def_taken)  # type: ignore[arg-type]
    taken_tricks = decl_count // CARDS_PER_TRICK
    if tricks is not None and tricks != taken_tricks:
        raise InconsistentHandError(
            "decl_tricks", tricks, _("по картам разыгрывающие взяли взяток: {tricks}").format(tricks=taken_tricks)
        )
    if last is None:
        if taken_tricks in (0, TRICKS_PER_HAND):
            last = Side.DECLARERS if taken_tricks else Side.DEFENDERS
        else:
            raise InconsistentHandError("last", _("не указано"), _("чья последняя взятка (послед): {last} decl или {last} def").format(
                last=ref('last')))
    if not isinstance(last, Side):
        if last not in ("decl", "def"):
            raise InconsistentHandError("last", last, _("decl (разыгрывающие) или def (вистующие)"))
        last = Side(last)
    if (last is Side.DECLARERS and taken_tricks == 0) or (last is Side.DEFENDERS and taken_tricks == TRICKS_PER_HAND):
        raise InconsistentHandError("last", last.value, _("последнюю взятку взяла пара, у которой нет взяток"))
    game = contract.game
    if def_taken is not None:
        defenders = count_cards(convention, game, def_taken, last is Side.DEFENDERS)
    else:
        deck = convention.game(game.kind).deck_visty
        defenders = deck - count_cards(convention, game, decl_taken, last is Side.DECLARERS)  # type: ignore[arg-type]
    return TakenCards(def_points=defenders, decl_tricks=taken_tricks, def_cards=def_taken, decl_cards=decl_taken, last=last)


def _check_tricks_known(
    convention: Convention, kind: GameKind, defenders: int, deck: int,
    decl: tuple[Construction, ...], defs: tuple[Construction, ...],
) -> None:
    """Trick visty 0 do not tell whether a side took a trick (a trick of 7s and 8s is worth 0).

    Where that decides whose constructions count, the declarers' trick count is required.
    """
    settings = convention.settings.constructions

    def follows_rule(constructions: tuple[Construction, ...]) -> bool:
        values = convention.construction_values(kind)
        return any(lost_without_trick(c, values) for c in constructions)

    if defenders == deck and follows_rule(decl):
        raise InconsistentHandError(
            "decl_tricks", _("не указано"),
            _("у разыгрывающих 0 вистов за взятки и есть конструкции: укажите, сколько взяток они взяли (0–8) — "
              "без взятки их конструкции идут вистующим") if settings.declarers_without_trick == "to_defenders" else
            _("у разыгрывающих 0 вистов за взятки и есть конструкции: укажите, сколько взяток они взяли (0–8) — "
              "без взятки их конструкции не засчитываются"),
        )
    if defenders == 0 and follows_rule(defs) and settings.defenders_without_trick != "keep":
        raise InconsistentHandError(
            "decl_tricks", _("не указано"),
            _("у вистующих 0 вистов за взятки и есть конструкции: укажите, сколько взяток взяли разыгрывающие (0–8) — "
              "без взятки конструкции вистующих не засчитываются") if settings.defenders_without_trick == "lost" else
            _("у вистующих 0 вистов за взятки и есть конструкции: укажите, сколько взяток взяли разыгрывающие (0–8) — "
              "если все, конструкции вистующих переходят к ним"),
        )


def max_pair_constructions(convention: Convention, kind: GameKind) -> int:
    """The most constructions one pair can hold in a kind of game, in visty (see
    :func:`~bbscore.belot.constructions.max_construction_visty`), computed once per convention."""
    return convention.remember(("max_constructions", kind), max_construction_visty, convention.construction_values(kind))


def check_contract(convention: Convention, contract: Contract) -> None:
    """Refuse a contract the convention does not allow: below the minimum bid, or above what any hand can make."""
    convention.remember(("contract", contract), _check_contract, convention, contract)


def _check_contract(convention: Convention, contract: Contract) -> None:
    """The games, the forms of contract and the bids the convention has; the minimum and maximum bid; the highest bid a
    hand can make."""
    kind = contract.game.kind
    if not convention.has_game(kind):
        have = ", ".join(_(KIND_NAMES[k]) for k in convention.kinds)
        raise IllegalContractError("contract", contract.shown(), _("в правилах «{convention}» нет игры {game} (есть: {have})").format(
            convention=convention.name, game=_(KIND_NAMES[kind]), have=have))
    form = FORM_OF_KIND[contract.kind]
    if form not in convention.forms:
        raise IllegalContractError("contract", contract.shown(), _("в правилах «{convention}» нет контракта вида {form}; {forms}").format(
            convention=convention.name, form=_(FORM_NAMES[form]).format(game=contract.game.shown(letters=True)),
            forms=forms_text(convention, contract.game)))
    if contract.doubling and not convention.doubling:
        raise IllegalContractError("contract", contract.shown(), _("в правилах «{convention}» нет контры и реконтры; {forms}").format(
            convention=convention.name, forms=forms_text(convention, contract.game)))
    game = convention.game(kind)
    contract.check_legal(game.min_bid)
    if contract.has_number and game.max_bid is not None and contract.number > game.max_bid:
        raise IllegalContractError("contract", contract.shown(),
                                   _("в правилах «{convention}» заявка не больше {bid}").format(
                                       convention=convention.name, bid=game.max_bid))
    _check_reachable(convention, contract)


# The form of contract (``contract.forms``) of each kind of contract.
FORM_OF_KIND = {ContractKind.SIMPLE: "bid", ContractKind.GAME: "game", ContractKind.KAPO: "kapo",
                ContractKind.KAPO_HAND: "kapo_hand", ContractKind.KAPO_BID: "kapo_bid"}
# Each form of contract in words (translated where shown), with its notation for a game ({game}).
FORM_NAMES = {
    "bid": N_("{game} с заявкой N"), "game": N_("{game} без заявки"), "kapo": N_("капо ^{game}"),
    "kapo_hand": N_("капо с руки ^^{game}"), "kapo_bid": N_("заявка с капо N{game}^"),
}
_FORM_EXAMPLES = {
    "bid": N_("{bid}{game} (заявка и игра)"), "game": N_("{game} (игра, без заявки)"),
    "kapo": N_("^{game} или ^2{game} (капо)"), "kapo_hand": N_("^^{game} (капо с руки)"),
    "kapo_bid": N_("{flagged}{game}^ (заявка с капо: набрать 10·N и взять все 8 взяток)"),
}


def forms_examples(convention: Convention, game: Game | None = None) -> str:
    """The forms of contract the rule set reads (``contract.forms``), with examples in ``game`` (clubs when not
    given): ``8Т (заявка и игра), ^Т или ^2Т (капо); + контра, ++ реконтра``."""
    game = game or Game.CLUBS
    bid = convention.game(game.kind).min_bid if convention.has_game(game.kind) else 8
    shown = ", ".join(_(_FORM_EXAMPLES[form]).format(game=game.shown(letters=True), bid=bid, flagged=max(bid, 26))
                      for form in convention.forms)
    return shown + (_("; + контра, ++ реконтра") if convention.doubling else _("; без контры"))


def forms_text(convention: Convention, game: Game | None = None) -> str:
    """How the rule set writes a contract: ``контракт пишется так: 8Т (заявка и игра), …`` (:func:`forms_examples`)."""
    return _("контракт пишется так: {forms}").format(forms=forms_examples(convention, game))


def _check_reachable(convention: Convention, contract: Contract) -> None:
    """Refuse a bid no hand can make: more visty than the deck and the most constructions a pair can hold."""
    kind = contract.game.kind
    unit = convention.settings.points.visty_per_point
    most = max_pair_constructions(convention, kind)
    cards = max(convention.scaled_deck(kind), convention.game(kind).all_tricks_visty)
    limit = (cards + most if not contract.is_kapo else most) // unit
    if contract.number > limit:
        what = "N" if not contract.is_kapo else _("K у капо")
        raise IllegalContractError(
            "contract", contract.shown(),
            _("{what} не больше {limit}: больше вистов не набрать даже со всеми конструкциями").format(what=what, limit=limit)
        )


def _check_makeable(
    convention: Convention, contract: Contract, defenders: int, tricks: int | None, declarers_given: bool = False,
) -> None:
    """Trick points must be a total some cards can make (with that many tricks, when given).

    ``declarers_given``: the declarers' visty were typed, so a refusal names ``decl_points`` and their value.
    """
    kind = contract.game.kind
    if tricks is None:
        possible = convention.any_tricks_makeable(kind)
        if defenders not in possible:
            field, value = "def_points", defenders
            if declarers_given:
                deck = convention.game(kind).deck_visty
                field, value, possible = "decl_points", deck - defenders, frozenset(deck - v for v in possible)
            raise InconsistentHandError(
                field, value,
                _("такой суммы не дают никакие карты игры {game}: возможно {possible}").format(
                    game=contract.game.shown(), possible=describe_gaps(possible)),
            )
        return
    by_tricks = convention.makeable(kind)
    declarers = convention.game(kind).deck_visty - defenders
    if declarers not in by_tricks[tricks]:
        raise InconsistentHandError(
            "decl_tricks", tricks,
            (_("висты разыгрывающих с {tricks} взяткой — {possible}, а указано {declarers} (у вистующих {defenders})")
             if tricks == 1 else
             _("висты разыгрывающих с {tricks} взятками — {possible}, а указано {declarers} (у вистующих {defenders})")
             ).format(tricks=tricks, possible=describe_gaps(by_tricks[tricks]), declarers=declarers, defenders=defenders),
        )


def _check_constructions(
    convention: Convention,
    kind: GameKind,
    contract: Contract,
    decl: tuple[Construction, ...],
    defs: tuple[Construction, ...],
) -> None:
    """RULES.md §4 and §8: belas, one pair's constructions, rams limits, rams of 7s and 8s."""
    settings = convention.settings.constructions
    game = convention.game(kind)
    if not game.constructions:
        field = "decl_con" if decl else "def_con"
        raise InconsistentHandError(field, _names(decl or defs), _("в игре {game} по правилам «{convention}» конструкций нет").format(
            game=contract.game.shown(), convention=convention.name))
    belas = sum(1 for c in decl + defs if c.kind is ConstructionKind.BELA)
    if belas > game.max_belas:
        allowed = (_("в БК бэлы нет") if game.max_belas == 0
                   else _("в игре {game} бэл не больше {belas}").format(game=contract.game.shown(), belas=game.max_belas))
        where = "/".join(field for field, side in (("decl_con", decl), ("def_con", defs))
                         if any(c.kind is ConstructionKind.BELA for c in side))
        raise InconsistentHandError(where, _("бэла × {count}").format(count=belas), allowed)
    for field, side in (("decl_con", decl), ("def_con", defs)):
        for construction in side:
            try:
                visty_of(construction, convention.construction_values(kind))
            except ConstructionError as error:  # the option or key it was given in, not «конструкция»
                raise ConstructionError(field, error.value, error.allowed) from None
            if construction.kind is ConstructionKind.RAMS and construction.rank in ("7", "8"):
                if _rams_effect(settings, construction.rank) == "redeal":
                    raise InconsistentHandError(
                        field, str(construction), _("по этим правилам такие рамки отменяют сдачу — она без результата (пересдача)")
                    )
        if len(side) > MAX_ANNOUNCED:
            raise InconsistentHandError(
                field, ngettext("{count} конструкция", "{count} конструкций", len(side), few="{count} конструкции").format(count=len(side)),
                _("четыре руки по {cards} карт объявляют не больше {most} конструкций").format(
                    cards=CARDS_PER_PLAYER, most=MAX_ANNOUNCED),
            )
        if not fits_two_players(side, settings.card_in_sequence_and_rams == "allowed"):
            raise InconsistentHandError(
                field, _names(side),
                _("у каждого из двух игроков пары по {cards} карт: столько конструкций у пары не собрать").format(
                    cards=CARDS_PER_PLAYER),
            )
        if side:
            _check_bare_visty(convention, kind, field, side)
    other_decl = [c for c in decl if c.kind is not ConstructionKind.BELA]
    other_def = [c for c in defs if c.kind is not ConstructionKind.BELA]
    if settings.compared == "by_kind":  # sequences and rams are compared each among themselves (RULES.md §12)
        for kinds, what in (((ConstructionKind.SEQUENCE,), _("последовательности")), ((ConstructionKind.RAMS,), _("рамки"))):
            mine = [c for c in other_decl if c.kind in kinds]
            theirs = [c for c in other_def if c.kind in kinds]
            if mine and theirs:
                raise InconsistentHandError(
                    "decl_con/def_con", f"{_names(tuple(mine))} / {_names(tuple(theirs))}",
                    _("{what} проходят только у одной пары").format(what=what))
        bare = [c for c in other_decl + other_def if c.kind is ConstructionKind.VISTY]
        if bare and other_decl and other_def:
            raise InconsistentHandError(
                "decl_con/def_con", f"{_names(tuple(other_decl))} / {_names(tuple(other_def))}",
                _("число вистов конструкций не говорит, последовательность это или рамки: у обеих пар назовите конструкции"))
    elif other_decl and other_def:
        raise InconsistentHandError(
            "decl_con/def_con", f"{_names(tuple(other_decl))} / {_names(tuple(other_def))}",
            _("конструкции (кроме бэлы) проходят только у одной пары"),
        )
    rams = Counter(c.rank for c in decl + defs if c.kind is ConstructionKind.RAMS)
    repeated = [rank for rank, count in rams.items() if count > 1]
    if repeated:
        raise InconsistentHandError("decl_con/def_con", f"рамки-{RUSSIAN_RANKS[repeated[0]]}",
                                    _("в колоде одни рамки каждого достоинства"))
    for rank in ("8", "7"):
        if rams.get(rank) and _rams_effect(settings, rank) == "cancel_all":
            others = [c for c in other_decl + other_def if not (c.kind is ConstructionKind.RAMS and c.rank == rank)]
            if others:
                raise InconsistentHandError(
                    "decl_con/def_con", f"рамки-{rank}", _("рамки {rank} отменяют все другие конструкции (кроме бэлы), а указано: {given}").format(
                        rank=rank, given=_names(tuple(others)))
                )


def _rams_effect(settings, rank: str) -> str:
    """What rams of 7s or 8s do under the convention (seed 000 §0.2, seed 001 §2)."""
    return settings.rams_7 if rank == "7" else settings.rams_8


def _check_bare_visty(convention: Convention, kind: GameKind, field: str, side: tuple[Construction, ...]) -> None:
    """A bare number must be a sum of construction values of this game, and no more than a pair can hold (each number
    and their sum: :func:`max_pair_constructions`).  The check costs a few operations on bit sets, whatever the
    number."""
    bare = [c.visty for c in side if c.kind is ConstructionKind.VISTY]
    if not any(bare):
        return
    most = max_pair_constructions(convention, kind)
    if max(bare) > most or sum(bare) > most:
        raise InconsistentHandError(
            field, max(bare) if max(bare) > most else sum(bare),
            ngettext("у пары не бывает конструкций больше чем на {most} вист (все конструкции, что могут быть у двух "
                     "игроков)",
                     "у пары не бывает конструкций больше чем на {most} вистов (все конструкции, что могут быть у двух "
                     "игроков)", most,
                     few="у пары не бывает конструкций больше чем на {most} виста (все конструкции, что могут быть у двух "
                         "игроков)").format(most=most),
        )
    total = sum(bare)
    table = convention.construction_values(kind)
    values = {v for v in set(table.sequences) | set(table.rams.values()) if v > 0}
    if table.max_belas:  # a bela's value is one of the family's declaration values too
        values.add(table.bela)
    if not _sum_of(values, total):
        raise InconsistentHandError(
            field, total, _("висты конструкций складываются из их стоимостей ({values})").format(
                values=", ".join(str(v) for v in sorted(values)))
        )


def _sum_of(values: set[int], total: int) -> bool:
    """Whether ``total`` is a sum of ``values``, each used any number of times: a bit set of the reachable sums up to
    ``total``, each value added by doubling (log(total) shifts per value, not one step per visty)."""
    width = (1 << (total + 1)) - 1
    reach = 1  # bit t: t is a sum
    for value in sorted(values):
        if value > total:
            continue
        shift = value
        while shift <= total:  # after this step, up to 2·(copies so far) + 1 copies of the value
            reach |= (reach << shift) & width
            shift *= 2
    return bool(reach >> total & 1)


def _names(constructions: tuple[Construction, ...]) -> str:
    return ", ".join(str(c) for c in constructions)
