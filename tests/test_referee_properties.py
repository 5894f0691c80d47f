"""Properties of the referee over random deals played at random by the rules (the test's own reading of them,
:mod:`referee_oracle`, never the referee's code): every card of a legal play is accepted; the trick points add up to
the deck's value; the score is what ``score`` gives for the counted points and the constructions that pass; a card
swapped for an illegal one is the first illegal card found, with the cards that were legal.  Both games, every bundled
rule set."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from bbscore import conventions
from bbscore.belot.cards import Card
from bbscore.belot.deal import from_tables
from bbscore.belot.hand import make_hand
from bbscore.belot.referee import referee
from bbscore.belot.scoring import score
from bbscore.errors import InconsistentHandError
from bbscore.preferans.cards import DECK as PREF_DECK
from bbscore.preferans.deal import from_tables as pref_tables
from bbscore.preferans.engine import score as pref_score
from bbscore.preferans.hand import make_hand as pref_hand
from bbscore.preferans.referee import referee as pref_referee

import referee_oracle as oracle

PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]
# Contracts each rule set reads (the test's choice among its forms and games).
CONTRACTS = {
    "gambler": ["8Т", "12П", "10Б+", "9Ч", "8БК", "20ВК", "22ВК++"], "classic": ["8Т", "12П", "10Б+", "8БК", "20ВК"],
    "blot-star": ["8Т", "12П", "10Б+", "8БК"], "bulgarian": ["Т", "П+", "БК", "ВК"], "belote": ["Т", "П", "Б", "Ч"],
    "coinche": ["80Т", "100П", "90Б+"], "bela": ["Т", "П", "Б", "Ч"], "classic-1001": ["Т", "П", "БК", "ВК"],
}
# seed 001 §3: a construction (not the bela) counts only if the player who announced it took a trick.
ANNOUNCER_NEEDS_TRICK = {"classic", "classic-1001"}
SUITS = {"S": "П", "C": "Т", "D": "Б", "H": "Ч"}


def _random_deal(name: str, rnd: random.Random, cheat_at: int | None = None):
    rules = conventions.load(name)
    contract = rules.parse_contract(rnd.choice(CONTRACTS[name]))
    game = contract.game
    all_trumps = game.kind.value == "all_trumps"
    trump = game.trump_suit
    hands = oracle.deal_cards(rnd)
    table = rules.game(game.kind)
    rams = set(table.rams) - {rank for rank, effect in (("7", rules.settings.constructions.rams_7),
                                                         ("8", rules.settings.constructions.rams_8)) if effect == "nothing"}
    announced = {seat: oracle.held_texts(set(cards), rams) if table.constructions else [] for seat, cards in hands.items()}
    tricks, cheated = oracle.play_out(hands, trump, all_trumps, oracle.RULES[name], rnd, cheat_at=cheat_at)
    suits = list("SCDH") if all_trumps else [trump] if trump and table.max_belas else []
    bela = [str(Card(rank, suit)) for suit in suits for rank in "KQ"
            if any({Card("K", suit), Card("Q", suit)} <= set(cards) for cards in hands.values())]
    tables = {"players": PLAYERS, "dealer": "Гоша", "contract": str(contract), "declarers": rnd.choice(PLAYERS),
              "hands": {PLAYERS[s - 1]: " ".join(map(str, cards)) for s, cards in hands.items()},
              "announcements": {PLAYERS[s - 1]: ", ".join(texts) for s, texts in announced.items() if texts},
              "bela": bela, "play": [" ".join(str(card) for _seat, card in trick) for trick in tricks]}
    return rules, contract, hands, announced, tricks, cheated, tables


def _expected(name, rules, contract, hands, announced, tricks, declarers_seat):
    """What ``score`` writes for the deal: the defenders' cards and the last trick, the announcements (those of a
    player without a trick dropped where seed 001 §3 says so), each bela said at both its cards (in ВК only at a lead
    or in the led suit, seed 000 §0.2)."""
    declarers = "13" if declarers_seat % 2 else "24"
    all_trumps = contract.game.kind.value == "all_trumps"
    trick_trump = None if all_trumps else contract.game.trump_suit
    won = {seat: 0 for seat in (1, 2, 3, 4)}
    taken = []
    last = None
    for trick in tricks:
        winner = oracle.holder(trick, trick[0][1].suit if all_trumps else trick_trump)[0]
        won[winner] += 1
        if (winner % 2 == 1) != (declarers == "13"):
            taken += [card for _s, card in trick]
        last = "def" if (winner % 2 == 1) != (declarers == "13") else "decl"
    melds = {}
    for seat, texts in announced.items():
        if texts and not (name in ANNOUNCER_NEEDS_TRICK and not won[seat]):
            melds[seat] = list(texts)
    said = oracle.BELA_SAID[name]
    for seat, cards in hands.items():
        for suit in ("SCDH" if all_trumps else [contract.game.trump_suit] if contract.game.trump_suit else []):
            pair = {Card("K", suit), Card("Q", suit)}
            if rules.game(contract.game.kind).max_belas and pair <= set(cards):
                places = [(t, p) for t, trick in enumerate(tricks) for p, (_s, c) in enumerate(trick) if c in pair]
                fits = [p == 0 or tricks[t][0][1].suit == suit for t, p in places]
                first = fits[0] if places[0] < places[1] else fits[1]
                ok = (any(fits) if said == "either" else first if said == "first" else all(fits)) if all_trumps else True
                if ok:
                    melds.setdefault(seat, []).append("бэла" + (f" {SUITS[suit]}" if all_trumps else ""))
    decl_tricks = won[1] + won[3] if declarers == "13" else won[2] + won[4]
    hand = make_hand(rules, contract, def_cards=" ".join(map(str, taken)), decl_tricks=decl_tricks,
                     last=last if 0 < decl_tricks < 8 else None,
                     melds={seat: ", ".join(texts) for seat, texts in melds.items()} or None,
                     decl_seats=declarers if melds else None)
    return score(hand, rules)


@pytest.mark.parametrize("name", sorted(CONTRACTS))
@settings(max_examples=25)
@given(rnd=st.randoms(use_true_random=False))
def test_a_legal_play_is_accepted_and_scored_as_score_scores_it(name, rnd):
    rules, contract, hands, announced, tricks, _cheated, tables = _random_deal(name, rnd)
    ruling = referee(from_tables(tables, rules), rules)
    assert ruling.first_illegal is None and not ruling.undecided
    assert sum(ruling.points.values()) == rules.game(contract.game.kind).deck_visty
    assert sum(ruling.tricks_won.values()) == 8
    if ruling.redeal:  # rams that void the hand (gambler's rams of 7s)
        assert ruling.breakdown is None
        return
    assert all(check.status != "not_held" for check in ruling.announcements)
    try:
        expected = _expected(name, rules, contract, hands, announced, tricks, from_tables(tables, rules).declarer)
    except InconsistentHandError:  # announcements ``score`` refuses as a whole (two rams of a pair …): not the point
        return
    assert (ruling.declarers_points, ruling.defenders_points) == (expected.declarers, expected.defenders)


@pytest.mark.parametrize("name", sorted(CONTRACTS))
@settings(max_examples=20)
@given(rnd=st.randoms(use_true_random=False), at=st.integers(0, 31))
def test_a_card_swapped_for_an_illegal_one_is_caught(name, rnd, at):
    rules, contract, hands, announced, tricks, cheated, tables = _random_deal(name, rnd, cheat_at=at)
    ruling = referee(from_tables(tables, rules), rules)
    if cheated is None:  # every card there was legal
        assert ruling.first_illegal is None
        return
    number, position, card, allowed = cheated
    illegal = ruling.first_illegal
    assert illegal is not None and (illegal.trick, illegal.position, illegal.card) == (number, position, card)
    assert illegal.legal == allowed


def _pref_deal(name: str, rnd: random.Random, cheat: int | None = None):
    rules = conventions.load(name).settings
    deck = list(PREF_DECK)
    rnd.shuffle(deck)
    count = rnd.choice(rules.players.counts)
    players = PLAYERS[:count]
    active = players[:3]
    hands = {seat: deck[(seat - 1) * 10: seat * 10] for seat in (1, 2, 3)}
    talon = deck[30:32]
    game = rnd.choice(["6♠", "7♣", "8♦", "6♥", "7БК", "мизер", "распасы"])
    tables = {"players": players, "dealer": players[-1], "game": game, "talon": " ".join(map(str, talon)),
              "hands": {active[s - 1]: " ".join(map(str, hands[s])) for s in (1, 2, 3)}}
    playing = {seat: set(cards) for seat, cards in hands.items()}
    declarer = None
    if game != "распасы":
        declarer = rnd.choice((1, 2, 3))
        tables["declarer"] = active[declarer - 1]
        discard = rnd.sample(sorted(playing[declarer] | set(talon), key=str), 2)
        tables["discard"] = " ".join(map(str, discard))
        playing[declarer] = (playing[declarer] | set(talon)) - set(discard)
        if game[0].isdigit():
            defenders = [active[s - 1] for s in (1, 2, 3) if s != declarer]
            tables["whist"] = defenders if rnd.random() < 0.5 else defenders[:1]
            if len(tables["whist"]) == 1:
                tables["pass"] = defenders[1:]
    trump = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}.get(game[-1]) if game[0].isdigit() else None
    open_talon = game == "распасы" and rules.raspasy.talon == "open"
    first = rules.play.raspasy_first_hand_leads if game == "распасы" else 1
    leader, play, cheated, played = 1, [], None, 0
    for number in range(1, 11):
        leader = 1 if number <= first else leader
        trick = [(None, talon[number - 1])] if open_talon and number <= 2 else []
        for k in range(3):
            seat = (leader - 1 + k) % 3 + 1
            allowed = oracle.pref_legal(playing[seat], trick, trump)
            wrong = sorted(playing[seat] - allowed, key=str)
            if played == cheat and wrong:
                card = rnd.choice(wrong)
                cheated = (number, k, card, allowed)
            else:
                card = rnd.choice(sorted(allowed, key=str))
            trick.append((seat, card))
            playing[seat].discard(card)
            played += 1
        leader = trick[oracle.pref_winner(trick, trump)][0]
        play.append(" ".join(str(card) for seat, card in trick if seat is not None))
    tables["play"] = play
    return rules, tables, cheated


@pytest.mark.parametrize("name", ["rostov", "sochi", "leningrad"])
@settings(max_examples=25)
@given(rnd=st.randoms(use_true_random=False))
def test_a_legal_preferans_play_is_accepted_and_written_as_the_engine_writes_it(name, rnd):
    rules, tables, _cheated = _pref_deal(name, rnd)
    deal = pref_tables(tables, tuple(rules.players.counts))
    ruling = pref_referee(deal, rules)
    assert ruling.first_illegal is None and sum(ruling.taken.values()) == 10
    credited = dict(ruling.taken)
    if len(deal.whisted) == 1 and deal.passed:  # seed 004: the whister's are the defence's tricks
        credited[deal.whisted[0]] += credited.pop(deal.passed[0])
        credited[deal.passed[0]] = 0
    dealer = deal.dealer if len(deal.players) == 4 else None
    whist = {**dict.fromkeys(deal.whisted, True), **dict.fromkeys(deal.passed, False)}
    hand = pref_hand(deal.players, deal.contract, convention=rules, declarer=deal.declarer, whist=whist or None,
                     tricks=credited, dealer=dealer)
    assert ruling.entries == pref_score(hand, rules)


@pytest.mark.parametrize("name", ["rostov", "sochi", "leningrad"])
@settings(max_examples=20)
@given(rnd=st.randoms(use_true_random=False), at=st.integers(0, 29))
def test_a_preferans_card_swapped_for_an_illegal_one_is_caught(name, rnd, at):
    rules, tables, cheated = _pref_deal(name, rnd, cheat=at)
    ruling = pref_referee(pref_tables(tables, tuple(rules.players.counts)), rules)
    if cheated is None:
        assert ruling.first_illegal is None
        return
    number, position, card, allowed = cheated
    illegal = ruling.first_illegal
    assert illegal is not None and (illegal.trick, illegal.position, str(illegal.card)) == (number, position, str(card))
    assert {str(c) for c in illegal.legal} == {str(c) for c in allowed}
