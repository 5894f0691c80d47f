"""Contract notation (RULES.md §2, seed 000 §2): every spelling in, one normal form out.

Each row of the tables names its source in the id: ``§2`` is RULES.md §2
(which quotes seed 000 §2 and adds the Latin aliases and symbols),
``seed000§2`` the seed's own examples, ``STYLE`` the example of shared/STYLE.md.
"""

from __future__ import annotations

import pytest

from bbscore.belot.contract import Contract, ContractKind, Doubling, Game
from bbscore.errors import BBScoreError, ContractSyntaxError, IllegalContractError

S, K, KH = ContractKind.SIMPLE, ContractKind.KAPO, ContractKind.KAPO_HAND
P, T, B, CH, BK, VK = Game.SPADES, Game.CLUBS, Game.DIAMONDS, Game.HEARTS, Game.NO_TRUMPS, Game.ALL_TRUMPS
NONE, CONTRA, RECONTRA = Doubling.NONE, Doubling.CONTRA, Doubling.RECONTRA

# (text, normal form, kind, number, game, doubling), id = source: what the row shows.
PARSED = [
    # seed 000 §2 / RULES.md §2 grammar examples, verbatim
    pytest.param("12Т", "12Т", S, 12, T, NONE, id="seed000§2: 12Т"),
    pytest.param("22ВК", "22ВК", S, 22, VK, NONE, id="seed000§2: 22ВК"),
    pytest.param("15БК+", "15БК+", S, 15, BK, CONTRA, id="seed000§2: 15БК+ contra"),
    pytest.param("21ВК++", "21ВК++", S, 21, VK, RECONTRA, id="seed000§2: 21ВК++ recontra"),
    pytest.param("^Б", "^Б", K, 0, B, NONE, id="seed000§2: ^Б kapo"),
    pytest.param("^2Т", "^2Т", K, 2, T, NONE, id="seed000§2: ^2Т kapo plus 2"),
    pytest.param("^ВК+", "^ВК+", K, 0, VK, CONTRA, id="seed000§2: ^ВК+ kapo contra"),
    pytest.param("^^Ч", "^^Ч", KH, 0, CH, NONE, id="seed000§2: ^^Ч kapo from one hand"),
    pytest.param("^^2Ч", "^^2Ч", KH, 2, CH, NONE, id="seed000§2: ^^2Ч"),
    # every Russian game letter (§2 GAME)
    pytest.param("8П", "8П", S, 8, P, NONE, id="§2: П spades"),
    pytest.param("9Б", "9Б", S, 9, B, NONE, id="§2: Б diamonds"),
    pytest.param("10Ч", "10Ч", S, 10, CH, NONE, id="§2: Ч hearts"),
    pytest.param("15П+", "15П+", S, 15, P, CONTRA, id="seed000§5 example 3: 15П+"),
    pytest.param("^^П+", "^^П+", KH, 0, P, CONTRA, id="§5: ^^П+"),
    pytest.param("^^БК++", "^^БК++", KH, 0, BK, RECONTRA, id="§2: ^^БК++"),
    pytest.param("^3ВК++", "^3ВК++", K, 3, VK, RECONTRA, id="§2: ^3ВК++"),
    # Latin aliases S C D H NT AT (§2)
    pytest.param("8S", "8П", S, 8, P, NONE, id="§2 Latin: S"),
    pytest.param("12C", "12Т", S, 12, T, NONE, id="§2 Latin: C"),
    pytest.param("9D", "9Б", S, 9, B, NONE, id="§2 Latin: D"),
    pytest.param("10H", "10Ч", S, 10, CH, NONE, id="§2 Latin: H"),
    pytest.param("15NT", "15БК", S, 15, BK, NONE, id="§2 Latin: NT"),
    pytest.param("22AT", "22ВК", S, 22, VK, NONE, id="§2 Latin: AT"),
    pytest.param("^2C+", "^2Т+", K, 2, T, CONTRA, id="§2 Latin: kapo ^2C+"),
    pytest.param("^^NT++", "^^БК++", KH, 0, BK, RECONTRA, id="§2 Latin: ^^NT++"),
    # lower case (§2: case does not matter)
    pytest.param("15s+", "15П+", S, 15, P, CONTRA, id="STYLE: 15s+ prints as 15П+"),
    pytest.param("12c", "12Т", S, 12, T, NONE, id="§2 lower: c"),
    pytest.param("9d", "9Б", S, 9, B, NONE, id="§2 lower: d"),
    pytest.param("10h", "10Ч", S, 10, CH, NONE, id="§2 lower: h"),
    pytest.param("15nt", "15БК", S, 15, BK, NONE, id="§2 lower: nt"),
    pytest.param("22at", "22ВК", S, 22, VK, NONE, id="§2 lower: at"),
    pytest.param("15Nt", "15БК", S, 15, BK, NONE, id="§2 mixed case: Nt"),
    pytest.param("12т", "12Т", S, 12, T, NONE, id="§2 lower: т"),
    pytest.param("8п", "8П", S, 8, P, NONE, id="§2 lower: п"),
    pytest.param("9б", "9Б", S, 9, B, NONE, id="§2 lower: б"),
    pytest.param("10ч", "10Ч", S, 10, CH, NONE, id="§2 lower: ч"),
    pytest.param("15бк", "15БК", S, 15, BK, NONE, id="§2 lower: бк"),
    pytest.param("15Бк", "15БК", S, 15, BK, NONE, id="§2 mixed case: Бк"),
    pytest.param("22вк++", "22ВК++", S, 22, VK, RECONTRA, id="§2 lower: вк++"),
    pytest.param("^^2ч", "^^2Ч", KH, 2, CH, NONE, id="§2 lower: ^^2ч"),
    # suit symbols ♠ ♣ ♦ ♥ (§2)
    pytest.param("8♠", "8П", S, 8, P, NONE, id="§2 symbol: ♠"),
    pytest.param("12♣", "12Т", S, 12, T, NONE, id="§2 symbol: ♣"),
    pytest.param("12\u2663\ufe0f+", "12Т+", S, 12, T, CONTRA, id="a phone's emoji suit: ♣ and U+FE0F"),
    pytest.param("9♦", "9Б", S, 9, B, NONE, id="§2 symbol: ♦"),
    pytest.param("10♥+", "10Ч+", S, 10, CH, CONTRA, id="§2 symbol: ♥+"),
    pytest.param("^♣", "^Т", K, 0, T, NONE, id="§2 symbol: kapo ^♣"),
    # white space (§2: surrounding spaces do not matter)
    pytest.param(" 12Т ", "12Т", S, 12, T, NONE, id="§2 spaces: around"),
    pytest.param("\t15П+\n", "15П+", S, 15, P, CONTRA, id="§2 spaces: tab and newline"),
    pytest.param("12 Т", "12Т", S, 12, T, NONE, id="§2 spaces: between N and game"),
    pytest.param("^ 2 Т +", "^2Т+", K, 2, T, CONTRA, id="§2 spaces: inside a kapo"),
    # Б followed by К is always БК (§2)
    pytest.param("8БК", "8БК", S, 8, BK, NONE, id="§2: БК is no trumps, not Б"),
    pytest.param("8 Б К", "8БК", S, 8, BK, NONE, id="§2: Б К with a space is still БК"),
    # K of a kapo (§2: K ≥ 0, "Капо треф плюс 2" is ^2Т); K = 0 prints without a digit
    pytest.param("^0Т", "^Т", K, 0, T, NONE, id="§2: ^0Т is ^Т"),
    pytest.param("^^0Ч", "^^Ч", KH, 0, CH, NONE, id="§2: ^^0Ч is ^^Ч"),
    pytest.param("^12П", "^12П", K, 12, P, NONE, id="§2: two-digit K"),
    # N with a leading zero keeps its value
    pytest.param("012Т", "12Т", S, 12, T, NONE, id="§2: leading zero"),
]


@pytest.mark.parametrize(("text", "normal", "kind", "number", "game", "doubling"), PARSED)
def test_parse(text, normal, kind, number, game, doubling):
    contract = Contract.parse(text)
    assert (contract.kind, contract.number, contract.game, contract.doubling) == (kind, number, game, doubling)
    assert str(contract) == normal
    assert contract.is_kapo == (kind is not S)


@pytest.mark.parametrize(("text", "normal", "kind", "number", "game", "doubling"), PARSED)
def test_normal_form_round_trips(text, normal, kind, number, game, doubling):
    contract = Contract.parse(text)
    again = Contract.parse(str(contract))
    assert again == contract
    assert str(again) == normal
    assert hash(again) == hash(contract)


# Not notation at all: ContractSyntaxError (RULES.md §8 "a contract that does not parse").
NOT_NOTATION = [
    pytest.param("", id="§8: empty"),
    pytest.param("   ", id="§8: only spaces"),
    pytest.param("12", id="§8: no game"),
    pytest.param("Т", id="§2: simple game needs N"),
    pytest.param("12X", id="§8: unknown game letter"),
    pytest.param("12Т+++", id="§2: at most ++"),
    pytest.param("^^^Т", id="§2: at most ^^"),
    pytest.param("12ТТ", id="§2: two games"),
    pytest.param("abc", id="§8: letters"),
    pytest.param("+12Т", id="§2: double before N"),
    pytest.param("12+Т", id="§2: double before the game"),
    pytest.param("^12Т^", id="§2: ^ both before and after the game"),
    pytest.param("Т^", id="RULES.md §10: a bid flagged kapo needs its N"),
    pytest.param("2^Т", id="§2: ^ after K"),
    pytest.param("12.5Т", id="§2: N is whole"),
]


@pytest.mark.parametrize("text", NOT_NOTATION)
def test_not_notation_is_a_syntax_error(text):
    with pytest.raises(ContractSyntaxError) as raised:
        Contract.parse(text)
    assert isinstance(raised.value, BBScoreError)
    assert isinstance(raised.value, ValueError)  # STYLE: callers may catch broadly
    assert raised.value.field == "contract"  # a neutral key; messages say «контракт»
    assert raised.value.message().startswith("контракт: ")
    assert raised.value.message()


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("^-1Т", id="§2: K ≥ 0 (^-1Т)"),
        pytest.param("^^-2Ч", id="§2: K ≥ 0 (^^-2Ч)"),
    ],
)
def test_negative_k_is_illegal(text):
    with pytest.raises(IllegalContractError):
        Contract.parse(text)


# (text, legal?) against the gambler minimum bids: 8 in suit games and БК, 20 in ВК (seed 000 §2).
MIN_BID = [
    pytest.param("7Т", False, id="seed000§2: 7Т below 8"),
    pytest.param("7БК", False, id="seed000§2: 7БК below 8"),
    pytest.param("0П", False, id="seed000§2: 0П below 8"),
    pytest.param("19ВК", False, id="seed000§2: 19ВК below 20"),
    pytest.param("8Т", True, id="seed000§2: 8Т is the minimum"),
    pytest.param("8БК", True, id="seed000§2: 8БК is the minimum"),
    pytest.param("19П", True, id="seed000§2: 19 is fine in a suit game"),
    pytest.param("20ВК", True, id="seed000§2: 20ВК is the minimum"),
    pytest.param("^Т", True, id="seed000§2: kapo has no minimum bid"),
    pytest.param("^^ВК", True, id="seed000§2: kapo from one hand ВК, K = 0"),
]


@pytest.mark.parametrize(("text", "legal"), MIN_BID)
def test_minimum_bid(gambler_rules, text, legal):
    contract = Contract.parse(text)
    min_bid = gambler_rules.game(contract.game.kind).min_bid
    if legal:
        contract.check_legal(min_bid)
    else:
        with pytest.raises(IllegalContractError):
            contract.check_legal(min_bid)


def test_gambler_minimum_bids(gambler_rules):
    """The numbers the table above relies on (seed 000 §2): 8, and 20 for ВК."""
    from bbscore.belot.contract import GameKind

    assert gambler_rules.game(GameKind.SUIT).min_bid == 8
    assert gambler_rules.game(GameKind.NO_TRUMPS).min_bid == 8
    assert gambler_rules.game(GameKind.ALL_TRUMPS).min_bid == 20


def test_contract_is_an_immutable_value():
    contract = Contract.parse("12Т")
    assert contract == Contract(S, 12, T, NONE)
    with pytest.raises(AttributeError):
        contract.number = 13  # type: ignore[misc]
    assert {Contract.parse("12т"), Contract.parse("12C"), Contract.parse("12♣")} == {contract}
