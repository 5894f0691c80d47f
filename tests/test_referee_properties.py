"""Properties of the referee over random deals played at random by the rules (the test's own reading of them,
:mod:`referee_oracle`, never the referee's code): every card of a legal play is accepted; the trick points add up to
the deck's value; the score is what ``score`` gives for the counted points and the constructions that pass; a card
swapped for an illegal one is the first illegal card found, with the cards that were legal.  Both games, every bundled
rule set."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bbscore import conventions
from bbscore.belot.cards import Card
from bbscore.belot.deal import from_tables
from bbscore.belot.hand import make_hand
from bbscore.belot.referee import referee
from bbscore.belot.scoring import score
from bbscore.errors import InconsistentHandError
from bbscore.preferans.deal import from_tables as pref_tables
from bbscore.preferans.engine import score as pref_score
from bbscore.preferans.hand import make_hand as pref_hand
from bbscore.preferans.referee import referee as pref_referee

import referee_oracle as oracle

# seed 001 §3: a construction (not the bela) counts only if the player who announced it took a trick.
ANNOUNCER_NEEDS_TRICK = {"classic", "classic-1001"}
SUITS = {"S": "П", "C": "Т", "D": "Б", "H": "Ч"}

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


@pytest.mark.parametrize("name", sorted(oracle.CONTRACTS))
@settings(max_examples=25)
@given(rnd=st.randoms(use_true_random=False))
def test_a_legal_play_is_accepted_and_scored_as_score_scores_it(name, rnd):
    rules, contract, hands, announced, tricks, _cheated, tables = oracle.random_deal(name, rnd)
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


@pytest.mark.parametrize("name", sorted(oracle.CONTRACTS))
@settings(max_examples=20)
@given(rnd=st.randoms(use_true_random=False), at=st.integers(0, 31))
def test_a_card_swapped_for_an_illegal_one_is_caught(name, rnd, at):
    rules, contract, hands, announced, tricks, cheated, tables = oracle.random_deal(name, rnd, cheat_at=at)
    ruling = referee(from_tables(tables, rules), rules)
    if cheated is None:  # every card there was legal
        assert ruling.first_illegal is None
        return
    number, position, card, allowed = cheated
    illegal = ruling.first_illegal
    assert illegal is not None and (illegal.trick, illegal.position, illegal.card) == (number, position, card)
    assert illegal.legal == allowed


@pytest.mark.parametrize("name", ["rostov", "sochi", "leningrad"])
@settings(max_examples=25)
@given(rnd=st.randoms(use_true_random=False))
def test_a_legal_preferans_play_is_accepted_and_written_as_the_engine_writes_it(name, rnd):
    rules, tables, _cheated = oracle.pref_deal(name, rnd)
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
    rules, tables, cheated = oracle.pref_deal(name, rnd, cheat=at)
    ruling = pref_referee(pref_tables(tables, tuple(rules.players.counts)), rules)
    if cheated is None:
        assert ruling.first_illegal is None
        return
    number, position, card, allowed = cheated
    illegal = ruling.first_illegal
    assert illegal is not None and (illegal.trick, illegal.position, str(illegal.card)) == (number, position, str(card))
    assert {str(c) for c in illegal.legal} == {str(c) for c in allowed}


@pytest.mark.parametrize("name", sorted(oracle.CONTRACTS))
@settings(max_examples=20)
@given(rnd=st.randoms(use_true_random=False))
def test_the_legal_cards_at_every_turn_are_the_rules_own(name, rnd):
    """The referee's functions of one turn (``duty``, ``legal_cards``, ``trick_winner``) at every turn of a random
    legal play: the cards and the taker of the test's own reading of the rules; a duty always named, but for any card."""
    from bbscore.belot.referee import duty, legal_cards, play_rules, trick_winner

    rules, contract, hands, _announced, tricks, _cheated, _tables = oracle.random_deal(name, rnd)
    play = play_rules(rules, contract.game)
    all_trumps = contract.game.kind.value == "all_trumps"
    trump = contract.game.trump_suit
    held = {seat: set(cards) for seat, cards in hands.items()}
    for trick in tricks:
        for position, (seat, card) in enumerate(trick):
            before = tuple(trick[:position])
            expected = oracle.legal(held[seat], before, seat, trump, all_trumps, oracle.RULES[name])
            key, cards = duty(held[seat], before, play, seat)
            assert cards == expected == legal_cards(held[seat], before, play, seat) == legal_cards(held[seat], before, play)
            assert key is not None or cards == held[seat]
            held[seat].discard(card)
        winner = oracle.holder(trick, trick[0][1].suit if all_trumps else trump)[0]
        assert trick[trick_winner(tuple(trick), play)][0] == winner


@pytest.mark.parametrize("name", ["rostov", "sochi", "leningrad"])
@settings(max_examples=60)
@given(rnd=st.randoms(use_true_random=False), game=st.sampled_from(["6♠", "7♣", "8♦", "6♥", "7БК", "мизер", "распасы"]))
def test_the_preferans_legal_cards_of_a_turn_are_the_rules_own(name, rnd, game):
    """``duty``, ``legal_cards`` and ``trick_winner`` of preferans on a random hand and trick (on распасы a talon's card
    may stand first): the cards and the taker of the test's own reading of the rules."""
    from bbscore.preferans.cards import DECK
    from bbscore.preferans.contract import PrefContract
    from bbscore.preferans.referee import duty, legal_cards, play_rules, trick_winner

    rules = conventions.load(name).settings
    contract = PrefContract.parse(game)
    play = play_rules(rules, contract)
    trump = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}.get(game[-1]) if game[0].isdigit() else None
    deck = list(DECK)
    rnd.shuffle(deck)
    hand, rest = set(deck[:10]), deck[10:]
    trick = [(None, rest.pop())] if game == "распасы" and rnd.random() < 0.5 else []
    trick += [(seat, rest.pop()) for seat in range(1, rnd.randint(1, 3))]
    seat = len([s for s, _c in trick if s is not None]) + 1
    expected = oracle.pref_legal(hand, tuple(trick), trump)
    key, cards = duty(hand, tuple(trick), play)
    assert {str(c) for c in cards} == {str(c) for c in expected} == {str(c) for c in legal_cards(hand, tuple(trick), play)}
    assert key is not None or cards == hand
    whole = trick + [(seat, rnd.choice(sorted(expected, key=str)))]
    whole += [(other, rest.pop()) for other in range(seat + 1, 4)]
    assert trick_winner(tuple(whole), play) == oracle.pref_winner(whole, trump)


@pytest.mark.parametrize("name", sorted(oracle.CONTRACTS))
@settings(max_examples=40)
@given(rnd=st.randoms(use_true_random=False))
def test_the_constructions_held_are_the_rules_own(name, rnd):
    """``held_constructions``: the sequences and fours of a kind of a random hand, as the test reads seed 000 §0.2
    (``referee_oracle.held_texts``) — none in a game without constructions."""
    from bbscore.belot.referee import held_constructions

    rules = conventions.load(name)
    contract = rules.parse_contract(rnd.choice(oracle.CONTRACTS[name]))
    table = rules.game(contract.game.kind)
    rams = set(table.rams) - {rank for rank, effect in (("7", rules.settings.constructions.rams_7),
                                                         ("8", rules.settings.constructions.rams_8)) if effect == "nothing"}
    cards = oracle.deal_cards(rnd)[1]
    held = held_constructions(cards, 1, rules, contract.game)
    assert sorted(map(str, held)) == (sorted(oracle.held_texts(set(cards), rams)) if table.constructions else [])
    assert all(meld.cards <= set(cards) and meld.seat == 1 for meld in held)
