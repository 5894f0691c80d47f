"""A deal file's tables, both games (``bbscore.belot.deal``, ``bbscore.preferans.deal``): every value that cannot be
true or is not what the format says is refused with the file's own key (the file layer then names its line), one row
a refusal; and a deal written back as a sheet keeps it (``to_tables``) reads to the same deal, partial ones too."""

from __future__ import annotations

import tomllib

import msgspec
import pytest

from bbscore import conventions
from bbscore.belot.deal import from_tables, to_tables
from bbscore.errors import BBScoreError, DealError
from bbscore.preferans.deal import from_tables as pref_tables, to_tables as pref_to_tables

from conftest import EXAMPLES

GOOD = tomllib.loads((EXAMPLES / "deal-gambler.toml").read_text(encoding="utf-8"))
GOOD_PREF = tomllib.loads((EXAMPLES / "deal-rostov.toml").read_text(encoding="utf-8"))
DELETE = object()


def changed(tables: dict, **changes) -> dict:
    out = {**tables}
    for key, value in changes.items():
        if value is DELETE:
            out.pop(key, None)
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(("changes", "field", "item"), [
    pytest.param({"rules": ""}, "rules", None, id="rules empty"),
    pytest.param({"rules": 3}, "rules", None, id="rules not text"),
    pytest.param({"score": 3}, "score", None, id="a key the format has not"),
    pytest.param({"players": ["Аня", "Боря", "Вера"]}, "players", None, id="three players"),
    pytest.param({"players": ["Аня", "Боря", "Вера", "аня"]}, "players", None, id="a name twice"),
    pytest.param({"dealer": "Петя"}, "dealer", None, id="a dealer not at the table"),
    pytest.param({"dealer": DELETE}, "dealer", None, id="no dealer"),
    pytest.param({"contract": DELETE}, "contract", None, id="no contract"),
    pytest.param({"contract": 12}, "contract", None, id="a contract not text"),
    pytest.param({"contract": "12Ы"}, "contract", None, id="no contract at all"),
    pytest.param({"declarers": "Петя"}, "declarers", None, id="declarers not at the table"),
    pytest.param({"first_trick": 0}, "first_trick", None, id="first trick 0"),
    pytest.param({"first_trick": True}, "first_trick", None, id="first trick a boolean"),
    pytest.param({"first_trick": 9}, "first_trick", None, id="first trick 9"),
    pytest.param({"hands": "8Т 10Т"}, "hands", None, id="hands not a table"),
    pytest.param({"hands": {**GOOD["hands"], "Петя": "7П"}}, "hands.Петя", None, id="a hand of nobody at the table"),
    pytest.param({"hands": {**GOOD["hands"], "Аня": 8}}, "hands.Аня", None, id="a hand not text"),
    pytest.param({"announcements": {"Аня": ["терц"]}}, "announcements.Аня", None, id="announcements not text"),
    pytest.param({"bela": "КЫ"}, "bela", None, id="bela no card"),
    pytest.param({"play": "10Б ДБ 7Б ТБ"}, "play", None, id="play not a list"),
    pytest.param({"play": GOOD["play"] + ["ТП"]}, "play", None, id="nine tricks"),
    pytest.param({"play": ["Петя: 10Б ДБ 7Б ТБ"] + GOOD["play"][1:]}, "play", 0, id="a leader not at the table"),
    pytest.param({"play": GOOD["play"][:2] + ["КП ТП 9Т 9Ы"] + GOOD["play"][3:]}, "play", 2, id="no card in a trick"),
    pytest.param({"first_trick": 2, "play": GOOD["play"][1:]}, "play", 0, id="a partial deal's first trick unnamed"),
])
def test_a_belot_deal_refused(changes, field, item):
    rules = conventions.load("gambler")
    with pytest.raises(BBScoreError) as refused:
        from_tables(changed(GOOD, **changes), rules)
    assert refused.value.field == field
    assert getattr(refused.value, "item", None) == item


def test_a_deal_that_is_not_a_table_is_refused():
    with pytest.raises(DealError) as refused:
        from_tables(["players"], conventions.load("gambler"))
    assert refused.value.field == "deal"
    with pytest.raises(DealError) as refused:
        pref_tables("players")
    assert refused.value.field == "deal"


@pytest.mark.parametrize(("changes", "field", "item"), [
    pytest.param({"rules": 3}, "rules", None, id="rules not text"),
    pytest.param({"score": 3}, "score", None, id="a key the format has not"),
    pytest.param({"players": ["Аня", "Боря"]}, "players", None, id="two players"),
    pytest.param({"dealer": "Петя"}, "dealer", None, id="a dealer not at the table"),
    pytest.param({"game": DELETE}, "game", None, id="no game"),
    pytest.param({"game": "6Ы"}, "game", None, id="no game at all"),
    pytest.param({"game": "распасы"}, "declarer", None, id="a declarer on распасы"),
    pytest.param({"declarer": "Петя"}, "declarer", None, id="a declarer not at the table"),
    pytest.param({"whist": "Петя"}, "whist", None, id="a whister not at the table"),
    pytest.param({"whist": 3}, "whist", None, id="whists not names"),
    pytest.param({"whist": ["Боря", "Боря"], "pass": DELETE}, "whist", None, id="a whist twice"),
    pytest.param({"pass": ["Боря"]}, "pass", None, id="a whister who passed too"),
    pytest.param({"pass": DELETE}, "whist", None, id="a defender's word missing"),
    pytest.param({"whist": [], "pass": ["Боря", "Вера"]}, "play", 0, id="both passed, the game played"),
    pytest.param({"game": "мизер", "whist": DELETE, "pass": ["Боря"]}, "pass", None, id="a pass on мизер"),
    pytest.param({"first_trick": 11}, "first_trick", None, id="first trick 11"),
    pytest.param({"after_raspasy": -1}, "after_raspasy", None, id="after_raspasy negative"),
    pytest.param({"after_raspasy": True}, "after_raspasy", None, id="after_raspasy a boolean"),
    pytest.param({"hands": "10♠"}, "hands", None, id="hands not a table"),
    pytest.param({"hands": {**GOOD_PREF["hands"], "Петя": "7♠"}}, "hands.Петя", None, id="a hand of nobody"),
    pytest.param({"talon": 3}, "talon", None, id="a talon not text"),
    pytest.param({"play": "Д♥ 10♥ К♥"}, "play", None, id="play not a list"),
    pytest.param({"play": GOOD_PREF["play"] + ["7♠ 8♠ 9♠"]}, "play", None, id="eleven tricks"),
    pytest.param({"play": ["Петя: Д♥ 10♥ К♥"] + GOOD_PREF["play"][1:]}, "play", 0, id="a leader not at the table"),
    pytest.param({"play": ["Д♥ 10♥ К♥", "В♥ Т♥ 8Ы"] + GOOD_PREF["play"][2:]}, "play", 1, id="no card in a trick"),
    pytest.param({"first_trick": 2, "play": GOOD_PREF["play"][1:]}, "play", 0, id="a partial deal's first unnamed"),
])
def test_a_preferans_deal_refused(changes, field, item):
    with pytest.raises(BBScoreError) as refused:
        pref_tables(changed(GOOD_PREF, **changes))
    assert refused.value.field == field
    assert getattr(refused.value, "item", None) == item


def test_the_dealer_of_four_holds_no_cards():
    tables = changed(GOOD_PREF, players=["Аня", "Боря", "Вера", "Гоша"], dealer="Гоша",
                     hands={**GOOD_PREF["hands"], "Гоша": "7♠"})
    with pytest.raises(DealError) as refused:
        pref_tables(tables)
    assert refused.value.field == "hands.Гоша"


def test_a_deal_written_back_reads_to_the_same_deal():
    """``to_tables`` (what a sheet keeps with a hand) reads back to the same deal: whole and partial, both games."""
    rules = conventions.load("gambler")
    for tables in (GOOD, changed(GOOD, first_trick=7, play=["Боря: ВБ ДЧ КТ 8Т", "Гоша: ВЧ 10Т ВП 7П"],
                                 hands={"Аня": "8Т 10Т", "Боря": "ВБ ВП", "Вера": "ДЧ 7П", "Гоша": "КТ ВЧ"},
                                 announcements=DELETE, bela=DELETE)):
        deal = from_tables(tables, rules)
        assert from_tables(to_tables(deal), rules) == msgspec.structs.replace(deal, rules=None)  # the sheet's rules
    for tables in (GOOD_PREF, changed(GOOD_PREF, first_trick=9, after_raspasy=2, talon=DELETE, discard=DELETE,
                                      play=["Аня: 7♥ Т♦ Т♣", "Аня: 9♥ К♦ 10♣"],
                                      hands={"Аня": "7♥ 9♥", "Боря": "Т♦ К♦", "Вера": "Т♣ 10♣"})):
        deal = pref_tables(tables)
        assert pref_tables(pref_to_tables(deal)) == msgspec.structs.replace(deal, rules=None)


@pytest.mark.parametrize(("changes", "field", "item"), [
    pytest.param({"bela": ["ВТ"]}, "bela", None, id="«бэла» at a card no trump king or queen"),
    pytest.param({"bela": ["КП"]}, "bela", None, id="«бэла» at a king not of trumps"),
    pytest.param({"bela": ["ДТ"], "play": GOOD["play"][:4]}, "bela", None, id="«бэла» at a card of no trick written"),
    pytest.param({"contract": "8БК", "bela": ["ДТ"], "play": GOOD["play"][:1]}, "bela", None, id="«бэла» in БК"),
    pytest.param({"first_trick": 8, "play": ["Боря: ВЧ 10Т ВП 7П"], "hands": {"Аня": "8Т 10Т"}}, "hands.Аня", None,
                 id="a partial hand larger than what is left"),
    pytest.param({"play": GOOD["play"][:7] + ["ВЧ 10Т ВП 10Б"]}, "play", 7, id="a card played twice"),
    pytest.param({"play": ["10Б ДБ 7Б 10Б"] + GOOD["play"][1:]}, "play", 0, id="a card twice in a trick"),
])
def test_a_belot_deal_the_referee_refuses(changes, field, item):
    from bbscore.belot.referee import referee

    rules = conventions.load("gambler")
    with pytest.raises(BBScoreError) as refused:
        referee(from_tables(changed(GOOD, **changes), rules), rules)
    assert (refused.value.field, getattr(refused.value, "item", None)) == (field, item), refused.value.message()


@pytest.mark.parametrize(("changes", "field", "words"), [
    pytest.param({"talon": "Т♥ 7♥ 8♣"}, "talon", "уже есть: hands.Вера", id="a talon card in a hand"),
    pytest.param({"first_trick": 10, "play": ["Аня: 9♥ К♦ 10♣"], "hands": {"Аня": "9♥"}, "talon": "Т♥ 7♥ Т♠",
                  "discard": DELETE}, "talon", "в прикупе 2 карты", id="a talon of three"),
    pytest.param({"talon": "Т♥"}, "talon", "в прикупе 2 карты", id="a talon of one"),
    pytest.param({"discard": "Д♠"}, "discard", "сносит 2 карты", id="a discard of one"),
    pytest.param({"discard": "Д♠ 7♠ 9♣"}, "discard", "сносит 2 карты", id="a discard of three"),
    pytest.param({"discard": "Д♠ 10♣"}, "discard", "только свои карты", id="another's card put away"),
])
def test_a_preferans_deal_the_referee_refuses(changes, field, words):
    from bbscore.preferans.referee import referee

    with pytest.raises(DealError) as refused:
        referee(pref_tables(changed(GOOD_PREF, **changes)), conventions.load("rostov").settings)
    assert refused.value.field == field and words in refused.value.message(), refused.value.message()


@pytest.mark.parametrize(("spelling", "words"), [
    pytest.param("10s as qh jd 10d 9c kc 9h", None, id="Latin, lower case"),
    pytest.param("TS AS QH JD TD 9C KC 9H", None, id="Latin T for the ten"),
    pytest.param("10♠,Т♠;Д♥ В♦ 10♦ 9♣ К♣ 9♥", None, id="symbols, Russian ranks, separators"),
    pytest.param("10♠Т♠Д♥В♦10♦9♣К♣9♥", None, id="no separators"),
    pytest.param("TП AS QH JD TD 9C KC 9H", "не смешивайте", id="a Latin T with a Russian suit"),
    pytest.param("10 AS QH JD TD 9C KC 9H", "нужна масть", id="a rank without its suit"),
    pytest.param("10S 10S QH JD TD 9C KC 9H", "дважды", id="a card twice"),
    pytest.param("1S AS", "«1S»", id="no card"),
    pytest.param("7S " * 33, "в колоде 32 карты", id="more cards than the deck"),
])
def test_preferans_cards_in_every_spelling(spelling, words):
    """A preferans hand written in any notation reads as the same cards (Аня's of the example, her Д♠ 7♠ put away
    left out: those are given separately); what is no card is refused with the hand's key."""
    tables = changed(GOOD_PREF, hands={**GOOD_PREF["hands"], "Аня": spelling + " Д♠ 7♠"})
    if words is None:
        read, good = pref_tables(tables), pref_tables(GOOD_PREF)
        assert [set(hand) for hand in read.hands] == [set(hand) for hand in good.hands]
        assert msgspec.structs.replace(read, hands=good.hands) == good
        return
    with pytest.raises(BBScoreError) as refused:
        pref_tables(tables)
    assert refused.value.field == "hands.Аня" and words in refused.value.message(), refused.value.message()
