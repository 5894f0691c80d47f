"""The referee as people use it: announcements against the holdings and the bela as said, partial deals, what a
revoke costs, a kapo from one hand, the deal files it refuses (each with its line, exit 2), ``bbscore referee`` and
``bbscore pref referee`` (the 40-column trick table, JSON, English, standard input), and a refereed hand written with
its deal (``add --deal``, ``pref add --deal``) that ``recompute`` referees again."""

from __future__ import annotations

import json
import random
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

from bbscore import conventions
from bbscore.belot.cards import parse_cards
from bbscore.belot.deal import from_tables
from bbscore.belot.referee import referee
from bbscore.errors import CardError, DealError

import referee_oracle as oracle
from conftest import EXAMPLES, REPO, assert_refused, report, run_cli

PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]


def played_deal(hands: dict[int, str], contract: str = "12Т", name: str = "gambler", seed: int = 1,
                announcements: dict | None = None, bela: list[str] | None = None, cheat_at: int | None = None,
                declarers: str = "Аня", seats=(1, 2, 3, 4), leader: int = 1) -> dict:
    """A whole deal of these hands played out at random by the rules (:mod:`referee_oracle`): its tables."""
    rules = conventions.load(name)
    game = rules.parse_contract(contract).game
    cards = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    tricks, _cheated = oracle.play_out(cards, game.trump_suit, game.kind.value == "all_trumps", oracle.RULES[name],
                                       random.Random(seed), leader=leader, seats=seats, cheat_at=cheat_at)
    tables = {"players": PLAYERS, "dealer": "Гоша", "contract": contract, "declarers": declarers,
              "hands": {PLAYERS[s - 1]: text for s, text in hands.items()},
              "play": [" ".join(str(c) for _s, c in trick) for trick in tricks]}
    if announcements:
        tables["announcements"] = announcements
    if bela is not None:
        tables["bela"] = bela
    return tables


def judge(tables: dict, name: str = "gambler"):
    rules = conventions.load(name)
    return referee(from_tables(tables, rules), rules)


# Аня: a terz of spades Д В 10, the trump K+Q; Боря: a quinte of hearts from the ace; the rest at random.
HANDS = {1: "ДП ВП 10П КТ ДТ 7Б 8Б 9Б", 2: "ТЧ КЧ ДЧ ВЧ 10Ч 7П 8П 9П", 3: "ВТ 9Т ТТ 10Т ТБ 10Б КБ ДБ",
         4: "7Т 8Т ВБ 9Ч 8Ч 7Ч ТП КП"}


def test_announcements_against_the_holdings():
    """seed 000 §3: a construction not shown «считается необъявленной»: a claimed terz not held is not counted; a held
    quinte not announced is not either (and is named); a bare «терц» names the player's own."""
    tables = played_deal(HANDS, announcements={"Аня": "терц", "Вера": "терц от ДП"}, bela=["КТ", "ДТ"])
    ruling = judge(tables)
    checks = {(PLAYERS[c.seat - 1], c.text): c.status for c in ruling.announcements}
    assert checks[("Аня", "терц от ДП")] == "held"  # «терц»: her own, from the queen
    assert checks[("Вера", "терц от ДП")] == "not_held"
    assert checks[("Боря", "квинта от ТЧ")] == "not_announced"
    assert checks[("Аня", "терц от 9Б")] == "not_announced"  # her other terz
    passed = [str(meld) for meld, _v in ruling.resolution.passed]
    assert passed == ["терц от ДП"]  # the unheld one is out of the comparison; the quinte was not announced
    assert [(b.status, PLAYERS[b.seat - 1]) for b in ruling.belas] == [("counted", "Аня")]
    expected = ruling.hand.decl_constructions if ruling.declarers.value == "13" else ruling.hand.def_constructions
    assert sorted(str(c) for c in expected) == ["бэла", "терц"]


def test_a_bela_said_without_the_pair_or_not_said():
    """seed 000 §0.2: «Если хотя бы один раз слово не было произнесено, Бэла считается необъявленной»; «бэла» said at
    a king whose queen is elsewhere counts for nobody."""
    hands = dict(HANDS)
    hands[1], hands[3] = "ДП ВП 10П КТ 9Т 7Б 8Б 9Б", "ВТ ДТ ТТ 10Т ТБ 10Б КБ ДБ"  # Аня the king, Вера the queen
    ruling = judge(played_deal(hands, bela=["КТ"]))
    assert [(b.status, PLAYERS[b.seat - 1]) for b in ruling.belas] == [("not_held", "Аня")]
    ruling = judge(played_deal(HANDS, bela=[]))
    assert [b.status for b in ruling.belas] == ["not_said"]
    assert "бэла" not in [str(c) for c in ruling.hand.decl_constructions + ruling.hand.def_constructions]


@pytest.mark.parametrize(("name", "contract", "said", "status", "why"), [
    ("gambler", "12Т", ["КТ"], "said_wrongly", "not_both"),  # seed 000 §0.2: «дважды «объявлена»»
    ("classic", "12Т", ["КТ"], "counted", None),  # seed 001 §2: «либо по первой карте, либо по второй»
    ("belote", "Т", ["ДТ"], "said_wrongly", "not_both"),  # FFB §7: «belote» … «puis obligatoirement « rebelote »»
    ("bela", "Т", ["ДТ"], "counted", None),  # BelaBot counts it itself: the file's «either card»
])
def test_where_the_bela_must_be_said(name, contract, said, status, why):
    ruling = judge(played_deal(HANDS, contract=contract, name=name, bela=said), name)
    assert [(b.status, b.why) for b in ruling.belas] == [(status, why)]


def test_bulgarian_belot_is_said_at_the_first_card():
    """BelotGameEngine Rules.md: «The declaration of "Belot" happens when the first of the two cards (K and Q) is
    played»."""
    tables = played_deal(HANDS, contract="Т", name="bulgarian")
    plays = [card for trick in tables["play"] for card in trick.split()]
    first, second = sorted(["КТ", "ДТ"], key=plays.index)
    assert [b.status for b in judge({**tables, "bela": [first]}, "bulgarian").belas] == ["counted"]
    assert [(b.status, b.why) for b in judge({**tables, "bela": [second]}, "bulgarian").belas] == [("said_wrongly", "not_first")]


def test_a_bela_in_all_trumps_is_said_in_the_led_suit():
    """seed 000 §0.2: «При игре ВК Бэла может быть объявлена только, если ее масть совпадает с мастью захода. При
    собственном заходе Бэла может быть объявлена всегда.»"""
    seen = set()
    for seed in range(60):
        tables = played_deal(HANDS, contract="20ВК", seed=seed)
        places = {card: (number, position) for number, trick in enumerate(tables["play"])
                  for position, card in enumerate(trick.split()) if card in ("КТ", "ДТ")}
        fits = all(position == 0 or tables["play"][number].split()[0][-1] == "Т" for number, position in places.values())
        ruling = judge({**tables, "bela": ["КТ", "ДТ"]})
        clubs = [(b.status, b.why) for b in ruling.belas if b.suit == "C"]
        assert clubs == ([("counted", None)] if fits else [("said_wrongly", "not_led_suit")])
        seen.add(fits)
    assert seen == {True, False}


def test_the_announcements_name_no_bela_and_no_unknown_construction():
    with pytest.raises(DealError) as refused:
        judge(played_deal(HANDS, announcements={"Аня": "бэла"}))
    assert refused.value.field == "announcements.Аня"
    with pytest.raises(DealError):
        judge(played_deal(HANDS, announcements={"Аня": "терс от ДП"}))


def test_a_sequence_and_rams_of_one_player_under_classic():
    """seed 001 §2: a card of a sequence in rams «не допускается (правила классического Белода)»: the later
    announcement does not count, and the referee says why."""
    hands = {1: "ВП ВТ ВБ ВЧ 10Ч 9Ч 7Б 8Б", 2: "ТЧ КЧ ДЧ 7П 8П 9П 10П ДП", 3: "9Т ТТ 10Т КТ ДТ ТБ 10Б КБ",
             4: "7Т 8Т ДБ 9Б 8Ч 7Ч ТП КП"}
    ruling = judge(played_deal(hands, name="classic", announcements={"Аня": "рамки-В, терц от ВЧ"}), "classic")
    statuses = {c.text: (c.status, c.reason is not None) for c in ruling.announcements if c.seat == 1}
    assert statuses == {"рамки-В": ("held", False), "терц от ВЧ": ("invalid", True)}


def test_a_partial_deal_says_what_it_could_not_decide():
    """Only the tricks in dispute, with the holdings agreed on: a card that breaks a duty with the cards known is
    illegal; one that would break it only if an unknown card was held is undecided (marked «?»), and the score is
    not decided."""
    rules = conventions.load("gambler")
    tables = {"players": PLAYERS, "dealer": "Гоша", "contract": "12Т", "declarers": "Аня", "first_trick": 5,
              "hands": {"Боря": "7Ч"},  # Боря agreed to have held the 7 of hearts
              "play": ["Аня: ТЧ 8П ВТ 9Т", "Вера: ТБ КБ 7Б 8Б"]}
    ruling = referee(from_tables(tables, rules), rules)
    illegal = ruling.first_illegal
    assert (illegal.trick, PLAYERS[illegal.seat - 1], str(illegal.card), illegal.duty) == (5, "Боря", "8П", "follow_suit")
    assert {str(c) for c in illegal.legal} == {"7Ч"}
    assert ruling.not_decided == ("constructions", "score")
    # Боря's hand not known at all: his spade could be a discard of a void — or not: undecided, with the cards that
    # would have made it illegal
    ruling = referee(from_tables({**tables, "hands": {}}, rules), rules)
    assert ruling.first_illegal is None
    first, trumped, under = ruling.undecided  # Боря's spade; Вера's jack and Гоша's 9 of trumps on a heart
    assert str(first.card) == "8П" and {"ДЧ", "7Т"} <= {str(c) for c in first.doubt}  # a heart held, or a trump
    assert {str(c)[-1] for c in trumped.doubt} == {"Ч"} == {str(c)[-1] for c in under.doubt}  # only a heart
    assert ruling.not_decided == ("legality", "constructions", "score")


def _copy_rules(tmp_path: Path, name: str, **play: object) -> Path:
    """A copy of a bundled rule set with other play settings."""
    import re

    text = (REPO / "conventions" / f"{name}.toml").read_text(encoding="utf-8")
    text = re.sub(r'^name = ".*"$', 'name = "club"', text, flags=re.M)
    text = re.sub(r"^same_rules_as = .*$", "", text, flags=re.M)
    for key, value in play.items():
        text = re.sub(rf"^{key} = .*$", f"{key} = {json.dumps(value)}", text, flags=re.M)
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _revoking_deal(by_declarers: bool) -> dict:
    """A deal of 8♠ the declarers make, one of them (or of the defenders) revoking at the first chance."""
    for seed in range(300):
        rnd = random.Random(seed)
        hands = oracle.deal_cards(rnd)
        for at in range(4, 28):
            tricks, cheated = oracle.play_out(hands, "S", False, oracle.RULES["gambler"], random.Random(seed), cheat_at=at)
            if cheated is None:
                continue
            seat = [s for s, _c in tricks[cheated[0] - 1]][cheated[1]]
            if (seat % 2 == 1) != by_declarers:
                break
            tables = {"players": PLAYERS, "dealer": "Гоша", "contract": "8П", "declarers": "Аня",
                      "hands": {PLAYERS[s - 1]: " ".join(map(str, c)) for s, c in hands.items()},
                      "play": [" ".join(str(c) for _s, c in trick) for trick in tricks]}
            ruling = judge(tables)
            if ruling.breakdown.made and ruling.defenders_points:
                return tables
            break
    raise AssertionError("no such deal")


@pytest.mark.parametrize("by_declarers", [True, False])
def test_what_a_revoke_costs(tmp_path, by_declarers):
    """``play.revoke``: the seeds name no cost (report only, the bundled files); a club may make the offender's side lose
    the hand (bait) or pay a penalty."""
    tables = _revoking_deal(by_declarers)
    played = judge(tables)
    assert played.revoke is None and played.first_illegal is not None
    bait = conventions.load(str(_copy_rules(tmp_path, "gambler", revoke="bait")))
    ruling = referee(from_tables(tables, bait), bait)
    assert ruling.revoke == "bait"
    if by_declarers:  # the declarers lose the hand as on a bait: 0 : PC + Pp + Pv
        assert ruling.declarers_points == 0 and ruling.defenders_points == 8 + 16
    else:  # the declarers take it as the defenders would take a bait
        assert ruling.defenders_points == 0 and ruling.declarers_points == 8 + 16
    penalty = conventions.load(str(_copy_rules(tmp_path, "gambler", revoke="penalty", revoke_penalty=5)))
    ruling = referee(from_tables(tables, penalty), penalty)
    extra = (0, 5) if by_declarers else (5, 0)
    assert (ruling.declarers_points, ruling.defenders_points) == (played.declarers_points + extra[0],
                                                                 played.defenders_points + extra[1])


def test_a_kapo_from_one_hand_is_played_without_the_partner():
    """seed 000 §2: «право первого хода переходит к игроку, сделавшему эту заявку. Карты его партнера кладутся на
    стол рубашкой вверх и не участвуют в розыгрыше» — tricks of three cards, the bidder leading."""
    hands = {1: "ВТ 9Т ТТ 10Т КТ ДТ ТП ТЧ", 2: "7Т 8Т 7П 8П 9П 7Ч 8Ч 9Ч", 3: "10П ВП ДП КП 10Ч ВЧ ДЧ КЧ",
             4: "7Б 8Б 9Б 10Б ВБ ДБ КБ ТБ"}
    tables = played_deal(hands, contract="^^Т", seats=(1, 2, 4), declarers="Аня")
    assert all(len(trick.split()) == 3 for trick in tables["play"])
    ruling = judge(tables)
    assert ruling.first_illegal is None
    assert ruling.breakdown.made == (ruling.seat_tricks[1] == 8)
    with pytest.raises(DealError) as refused:
        judge({**tables, "play": ["ВТ 7Т 7Б 8Б"] + tables["play"][1:]})
    assert refused.value.field == "play" and refused.value.item == 0


# --- Preferans: a partial deal, what a revoke costs, a club that must overtrump ---


def pref_judge(tables: dict, rules):
    from bbscore.preferans.deal import from_tables as pref_tables
    from bbscore.preferans.referee import referee as pref_referee

    return pref_referee(pref_tables(tables, tuple(rules.players.counts)), rules)


def test_a_partial_preferans_deal_says_what_it_could_not_decide():
    """Trick 9 of examples/deal-rostov.toml alone: Боря's ace of diamonds on a heart lead is illegal if he held a
    heart (or, void, a trump), legal if he did not, undecided (with the cards that would make it illegal) while his
    other card is unknown; a hand the play fills up (both his cards played) is known."""
    rules = conventions.load("rostov").settings
    tables = {"players": PLAYERS[:3], "dealer": "Вера", "game": "6♠", "declarer": "Аня", "whist": ["Боря"],
              "pass": ["Вера"], "first_trick": 9, "hands": {"Аня": "7♥ 9♥"}, "play": ["Аня: 7♥ Т♦ Т♣"]}
    ruling = pref_judge(tables, rules)
    assert ruling.first_illegal is None and ruling.not_decided == ("legality", "score") and ruling.entries is None
    ace, club = ruling.undecided  # Боря's Т♦ and Вера's Т♣: a heart held, or a trump (spades), would make them illegal
    assert (ace.seat, str(ace.card), club.seat, str(club.card)) == (2, "Т♦", 3, "Т♣")
    doubt = {str(card) for card in ace.doubt}
    assert {card[-1] for card in doubt} == {"♥", "♠"} and "9♥" not in doubt  # Аня's hearts are hers
    for known in ({"Аня": "7♥ 9♥", "Боря": "Т♦ К♦"}, {"Аня": "7♥ 9♥"}):  # given, or filled up by the play
        ruling = pref_judge({**tables, "hands": known, "play": ["Аня: 7♥ Т♦ Т♣", "Аня: 9♥ К♦ 10♣"]}, rules)
        assert ruling.first_illegal is None and not ruling.undecided and ruling.not_decided == ("score",)
        assert [trick.winner for trick in ruling.tricks] == [1, 1] and ruling.taken == {"Аня": 2, "Боря": 0, "Вера": 0}
    ruling = pref_judge({**tables, "hands": {"Боря": "Т♦ 8♥"}}, rules)
    illegal = ruling.first_illegal
    assert (illegal.trick, illegal.seat, str(illegal.card), illegal.duty) == (9, 2, "Т♦", "follow_suit")
    assert {str(card) for card in illegal.legal} == {"8♥"}


def test_what_a_revoke_costs_in_preferans(tmp_path):
    """rostov's play.revoke = "report": a revoke is named, the hand written as played; a club's "penalty": the
    offender's гора grows by revoke_penalty."""
    found = (oracle.pref_deal("rostov", random.Random(seed), cheat=at) for seed in range(100) for at in range(3, 27))
    tables = next(tables for _rules, tables, cheated in found
                  if cheated is not None and tables["game"][0].isdigit() and "pass" not in tables)
    rules = conventions.load("rostov").settings
    played = pref_judge(tables, rules)
    assert played.first_illegal is not None and played.revoke is None and played.entries is not None
    club = conventions.load(str(_copy_rules(tmp_path, "rostov", revoke="penalty", revoke_penalty=10))).settings
    ruling = pref_judge(tables, club)
    offender = ruling.deal.name(ruling.first_illegal.seat)
    assert ruling.revoke == "penalty"
    assert ruling.entries.gora[offender] == played.entries.gora.get(offender, 0) + 10
    assert {name: value for name, value in ruling.entries.gora.items() if name != offender} == {
        name: value for name, value in played.entries.gora.items() if name != offender}


def test_a_club_where_a_trump_must_be_beaten(tmp_path):
    """play.overtrump = true (a club's rule; every bundled preferans rule set has false, RULES.md §13): on a trump
    lead, and void over a trump in the trick, a higher trump is required while one is held."""
    rules = conventions.load(str(_copy_rules(tmp_path, "rostov", overtrump=True))).settings
    tables = {"players": PLAYERS[:3], "dealer": "Вера", "game": "6♠", "declarer": "Аня", "whist": ["Боря", "Вера"],
              "first_trick": 9, "hands": {"Аня": "9♠ 8♥", "Боря": "7♠ Т♠", "Вера": "10♠ 8♦"},
              "play": ["Аня: 9♠ 7♠ 10♠"]}
    illegal = pref_judge(tables, rules).first_illegal
    assert (illegal.seat, str(illegal.card), illegal.duty) == (2, "7♠", "overtrump")
    assert {str(card) for card in illegal.legal} == {"Т♠"}
    assert pref_judge(tables, conventions.load("rostov").settings).first_illegal is None  # nobody must beat
    tables = {**tables, "hands": {"Аня": "Т♥ 8♥", "Боря": "9♠ 8♦", "Вера": "7♠ Д♠"}, "play": ["Аня: Т♥ 9♠ 7♠"]}
    illegal = pref_judge(tables, rules).first_illegal
    assert (illegal.seat, str(illegal.card), illegal.duty) == (3, "7♠", "overtrump")
    assert {str(card) for card in illegal.legal} == {"Д♠"}
    assert pref_judge(tables, conventions.load("rostov").settings).first_illegal is None


# --- Deal files refused: each with its line, exit 2 ---

GOOD = (EXAMPLES / "deal-gambler.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "line_of", "words"), [
    # a card twice: Гоша's 9П written as Вера's 7П
    (lambda t: t.replace('"Гоша" = "9Т ДТ КТ ТБ 7Ч 9Ч ВЧ 9П"', '"Гоша" = "9Т ДТ КТ ТБ 7Ч 9Ч ВЧ 7П"'), '"Гоша" =', "7П"),
    # 31 cards: a hand of seven
    (lambda t: t.replace('"Аня" = "8Т 10Т 8Б 9Б 10Б КЧ ТЧ ДП"', '"Аня" = "8Т 10Т 8Б 9Б 10Б КЧ ТЧ"'), '"Аня" =', "7 карт"),
    # a trick of three cards
    (lambda t: t.replace('"КП ТП 9Т 9Б",', '"КП ТП 9Т",'), '"КП ТП 9Т",', "во взятке 4 карты"),
    # a card not in the hand of the player whose turn it is
    (lambda t: t.replace('"10Б ДБ 7Б ТБ",', '"10Б ДБ 7Б 8Б",'), '"10Б ДБ 7Б 8Б",', "8Б"),
    # a player out of turn: trick 2 led by Гоша, who took trick 1, written as Аня's
    (lambda t: t.replace('"9П ДП 10П 8П",', '"Аня: 9П ДП 10П 8П",'), '"Аня: 9П', "не в очередь"),
    # not a card
    (lambda t: t.replace('"ВЧ 10Т ВП 7П",', '"ВЧ 10Т ВП 7Ы",'), '"ВЧ 10Т', "7Ы"),
    # a key the format does not have
    (lambda t: t.replace('contract = "12Т"', 'contract = "12Т"\nscore = 3'), "score = 3", "нет такого ключа"),
])
def test_bad_deal_files_are_refused_with_their_line(tmp_path, change, line_of, words):
    text = change(GOOD)
    assert text != GOOD
    path = tmp_path / "deal.toml"
    path.write_text(text, encoding="utf-8")
    line = assert_refused(run_cli("referee", path))
    number = next(i for i, row in enumerate(text.splitlines(), start=1) if line_of in row)
    assert f"deal.toml:{number}:" in line and words in line, line


def _latin(text: str) -> str:
    """Cards in normal form («ВТ 10Ч») written in Latin letters, lower case, with no separators («jc10h»)."""
    ranks = {"В": "j", "Д": "q", "К": "k", "Т": "a"}
    suits = {"П": "s", "Т": "c", "Б": "d", "Ч": "h"}
    return "".join(ranks.get(card[:-1], card[:-1]) + suits[card[-1]] for card in text.split())


def test_a_deal_reads_the_same_in_every_card_notation():
    """Cards in normal form are looked up, any other spelling parsed (``parse_cards``): the same deal either way; a
    card written twice in normal form is still refused, with its field."""
    rules = conventions.load("gambler")
    tables = tomllib.loads(GOOD)
    other = {**tables, "hands": {name: _latin(text) for name, text in tables["hands"].items()},
             "play": [", ".join(_latin(trick).upper()[i:i + 2] for i in range(0, 8, 2)) if "10" not in trick else
                      _latin(trick) for trick in tables["play"]],
             "bela": [_latin(card) for card in tables["bela"]]}
    assert other["hands"] != tables["hands"] and other["play"] != tables["play"]
    assert from_tables(other, rules) == from_tables(tables, rules)
    twice = {**tables, "hands": {**tables["hands"], "Аня": "8Т 10Т 8Б 9Б 10Б КЧ ТЧ 8Т"}}
    with pytest.raises(CardError) as refused:
        from_tables(twice, rules)
    assert refused.value.field == "hands.Аня"
    with pytest.raises(DealError) as refused:
        from_tables({**tables, "play": ["10Б ДБ 7Б 10Б", *tables["play"][1:]]}, rules)
    assert (refused.value.field, refused.value.item) == ("play", 0)


GOOD_PREF = (EXAMPLES / "deal-rostov.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "line_of", "words"), [
    (lambda t: t.replace('"Вера" = "10♣ К♥', '"Вера" = "10♠ К♥'), '"Вера" =', "10♠"),  # a card twice
    (lambda t: t.replace('"Боря" = "8♦ Д♦ 10♥ Т♦ 9♠ К♦ В♠ 8♥ К♠ 9♦"', '"Боря" = "8♦ Д♦ 10♥ Т♦ 9♠ К♦ В♠ 8♥ К♠"'),
     '"Боря" =', "10 карт"),  # 31 cards: a hand of nine
    (lambda t: t.replace('"10♦ Д♦ 7♦",', '"10♦ Д♦",'), '"10♦ Д♦",', "во взятке 3 карты"),  # a trick of two cards
    (lambda t: t.replace('"Д♥ 10♥ К♥",', '"Д♥ 10♥ Т♦",'), '"Д♥ 10♥ Т♦",', "Т♦"),  # Боря's card in Вера's turn
    (lambda t: t.replace('"В♥ Т♥ 8♥",', '"Аня: В♥ Т♥ 8♥",'), '"Аня: В♥', "не в очередь"),  # out of turn
    (lambda t: t.replace('discard = "Д♠ 7♠"', 'discard = "Д♠ 10♣"'), "discard =", "снести"),  # another's card put away
])
def test_bad_preferans_deal_files_are_refused_with_their_line(tmp_path, change, line_of, words):
    text = change(GOOD_PREF)
    assert text != GOOD_PREF
    path = tmp_path / "deal.toml"
    path.write_text(text, encoding="utf-8")
    line = assert_refused(run_cli("pref", "referee", path))
    number = next(i for i, row in enumerate(text.splitlines(), start=1) if line_of in row)
    assert f"deal.toml:{number}:" in line and words in line, line


def test_a_file_that_is_not_toml_or_rules_without_play_are_refused(tmp_path):
    path = tmp_path / "deal.toml"
    path.write_text('players = ["Аня"\n', encoding="utf-8")
    assert "deal.toml:" in assert_refused(run_cli("referee", path))
    rules = tmp_path / "old.toml"
    text = (REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")
    rules.write_text(text[: text.index("\n[play]")].replace('name = "gambler"', 'name = "old"'), encoding="utf-8")
    line = assert_refused(run_cli("referee", EXAMPLES / "deal-gambler.toml", "--convention", rules))
    assert "[play]" in line


# --- The commands ---


def test_referee_prints_the_tricks_the_verdict_and_the_score():
    done = run_cli("referee", EXAMPLES / "deal-gambler.toml")
    assert done.returncode == 0, report(done)
    lines = done.stdout.splitlines()
    table = lines[lines.index(next(line for line in lines if line.startswith("№"))):][:9]
    assert all(len(line) <= 40 for line in table), table  # a phone's 40 columns
    assert any("8Т!" in line for line in table)
    assert "Первая неправильная карта: взятка 7, Аня — 8Т; нужно было перебить козырь старшим козырем, можно было: 10Т." in lines
    assert "Правила розыгрыша: seed 000 §4, §0.2, §2." in lines
    assert lines[-1] == "Пишут: Аня+Вера БТ, Боря+Гоша 32."
    english = run_cli("--lang", "en", "referee", EXAMPLES / "deal-gambler.toml").stdout
    assert "The first illegal card: trick 7, Аня — " in english and "; had to overtrump, legal were: " in english


def test_referee_json():
    done = run_cli("referee", EXAMPLES / "deal-gambler.toml", "--json")
    data = json.loads(done.stdout)
    assert data["legal"] is False and data["first_illegal"]["card"] == "8Т"
    assert data["first_illegal"]["duty"] == "overtrump" and data["first_illegal"]["legal"] == ["10Т"]
    assert data["points"] == {"13": 42, "24": 120} and data["tricks_won"] == {"13": 2, "24": 6}
    assert [t["winner"] for t in data["tricks"]][:2] == ["Гоша", "Боря"]
    assert data["declarers_points"] == 0 and data["defenders_points"] == 32 and data["score"]["outcome"] == "bait"
    assert data["belas"] == [{"player": "Гоша", "suit": "C", "status": "counted", "why": None}]
    assert data["constructions"]["winner_pair"] == "24" and data["not_decided"] == []


def test_referee_reads_standard_input():
    done = run_cli("referee", "-", "--json", stdin=GOOD)
    assert done.returncode == 0, report(done)
    assert json.loads(done.stdout)["first_illegal"]["card"] == "8Т"
    line = assert_refused(run_cli("referee", "-", stdin=GOOD.replace('"КП ТП 9Т 9Б",', '"КП ТП 9Т",')))
    assert line.startswith("ошибка: -:")


def test_pref_referee():
    done = run_cli("pref", "referee", EXAMPLES / "deal-rostov.toml")
    assert done.returncode == 0, report(done)
    assert run_cli("pref", "referee", "-", stdin=GOOD_PREF).stdout == done.stdout
    line = assert_refused(run_cli("pref", "referee", "-", stdin=GOOD_PREF.replace('"10♦ Д♦ 7♦",', '"10♦ Д♦",')))
    assert line.startswith("ошибка: -:")
    assert "Вистует один Боря, Вера пасует: взятки защиты пишутся вистующему — 5." in done.stdout
    data = json.loads(run_cli("pref", "referee", EXAMPLES / "deal-rostov.toml", "--json").stdout)
    assert data["legal"] is True and data["tricks_taken"] == {"Аня": 5, "Боря": 3, "Вера": 2}
    assert data["written"]["gora"] == {"Аня": 2}
    assert data["written"]["vists"] == [{"from": "Боря", "on": "Аня", "vists": 15}, {"from": "Вера", "on": "Аня", "vists": 15}]


def test_add_with_a_deal_and_recompute_referees_it_again(tmp_path):
    game = tmp_path / "game.toml"
    assert run_cli("new", game, "--pairs", "Мы,Они").returncode == 0
    done = run_cli("add", game, "--deal", EXAMPLES / "deal-gambler.toml", "--by", "Мы")
    assert done.returncode == 0, report(done)
    text = game.read_text(encoding="utf-8")
    assert "[hand.deal]" in text and "def_points = 120" in text and "score = [\n    0,\n    32,\n]" in text
    assert run_cli("recompute", game).returncode == 0
    game.write_text(text.replace("def_points = 120", "def_points = 110"), encoding="utf-8")
    done = run_cli("recompute", game)
    assert done.returncode == 1 and "по раздаче 120" in done.stdout, report(done)
    game.write_text(text.replace('"ВЧ 10Т ВП 7П",', '"ВЧ 10Т 7П ВП",'), encoding="utf-8")
    done = run_cli("recompute", game)
    assert done.returncode == 1 and "deal.play" in done.stdout, report(done)
    # refused: another input beside it, a partial deal, a deal under other rules
    assert "--def-points" in assert_refused(run_cli("add", game, "--deal", EXAMPLES / "deal-gambler.toml", "--by", "Мы",
                                                    "--def-points", "20"))
    partial = tmp_path / "partial.toml"
    partial.write_text(GOOD.replace('"ВЧ 10Т ВП 7П",\n', ""), encoding="utf-8")
    game.write_text(text, encoding="utf-8")
    assert "вся раздача" in assert_refused(run_cli("add", game, "--deal", partial, "--by", "Мы"))
    other = tmp_path / "other.toml"
    other.write_text(GOOD.replace('rules = "gambler"', 'rules = "classic"'), encoding="utf-8")
    assert "gambler" in assert_refused(run_cli("add", game, "--deal", other, "--by", "Мы"))
    assert game.read_text(encoding="utf-8") == text


def test_pref_add_with_a_deal(tmp_path):
    sheet = tmp_path / "pulya.toml"
    assert run_cli("pref", "new", sheet, "--players", "Аня,Боря,Вера").returncode == 0
    done = run_cli("pref", "add", sheet, "--deal", EXAMPLES / "deal-rostov.toml")
    assert done.returncode == 0, report(done)
    text = sheet.read_text(encoding="utf-8")
    assert "deal = {" in text and 'whist = { "Боря" = 5 }' in text and 'gora = { "Аня" = 2 }' in text
    assert run_cli("recompute", sheet).returncode == 0
    sheet.write_text(text.replace("tricks = 5", "tricks = 6"), encoding="utf-8")
    assert run_cli("recompute", sheet).returncode == 1
    other = tmp_path / "four.toml"
    assert run_cli("pref", "new", other, "--players", "Аня,Боря,Вера,Гоша").returncode == 0
    assert "Аня, Боря, Вера, Гоша" in assert_refused(run_cli("pref", "add", other, "--deal", EXAMPLES / "deal-rostov.toml"))
    assert "--tricks" in assert_refused(run_cli("pref", "add", sheet, "--deal", EXAMPLES / "deal-rostov.toml", "--tricks", "5"))


# --- Done when (issue 23): a hand typed in once is settled under every bundled rule set, through the command ---


def _deal_with(name: str, illegal: bool):
    """A random complete deal of ``name`` played by the rules (:mod:`referee_oracle`), with one illegal card or none."""
    rnd = random.Random(f"{name}-{illegal}")
    for _attempt in range(50):
        found = oracle.random_deal(name, rnd, cheat_at=rnd.randrange(4, 28) if illegal else None)
        if (found[5] is not None) == illegal:
            return found
    raise AssertionError("no such deal found")


@pytest.mark.parametrize("illegal", [False, True], ids=["legal", "a card illegal"])
@pytest.mark.parametrize("name", sorted(oracle.CONTRACTS))
def test_every_belot_rule_set_settles_a_hand_typed_in_once(tmp_path, name, illegal):
    """Under each bundled rule set of the Belot family the command says, with the rule and its source, whether every
    card was legal (the first illegal card named, with the duty and the legal cards), who took each trick (the test's
    own reading of the rules), which constructions were held and announced, and what each pair writes — in Russian and
    in English, the table within 40 columns."""
    rules, contract, _hands, announced, tricks, cheated, tables = _deal_with(name, illegal)
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps({"rules": name, **tables}), encoding="utf-8")
    data = json.loads(run_cli("referee", path, "--json").stdout)
    all_trumps = contract.game.kind.value == "all_trumps"
    takers = [PLAYERS[oracle.holder(trick, trick[0][1].suit if all_trumps else contract.game.trump_suit)[0] - 1]
              for trick in tricks]
    assert [trick["winner"] for trick in data["tricks"]] == takers
    assert sum(data["points"].values()) == rules.game(contract.game.kind).deck_visty
    assert data["legal"] is (not illegal)
    if illegal:
        number, position, card, allowed = cheated
        assert (data["first_illegal"]["trick"], data["first_illegal"]["position"]) == (number, position)
        assert data["first_illegal"]["card"] == str(card) and set(data["first_illegal"]["legal"]) == set(map(str, allowed))
    said = sum(len(texts) for texts in announced.values())
    assert len([a for a in data["announcements"] if a["status"] in ("held", "invalid")]) == said
    assert not [a for a in data["announcements"] if a["status"] in ("not_held", "not_announced")]
    source = rules.settings.play.source
    for lang, verdict, rule, written in (
            ([], ("Все карты сыграны по правилам." if not illegal else
                  f"Первая неправильная карта: взятка {cheated[0] if illegal else 0}, "), "Правила розыгрыша: ", "Пишут: "),
            (["--lang", "en"], "Every card was played by the rules." if not illegal else "The first illegal card: trick ",
             "Rules of the play: ", "Written: ")):
        done = run_cli(*lang, "referee", path, columns=40)
        assert done.returncode == 0, report(done)
        lines = done.stdout.splitlines()
        head = next(at for at, line in enumerate(lines) if line.split()[:1] in (["№"], ["#"]))
        assert len(lines[head:head + 9]) == 9 and all(len(line) <= 40 for line in lines[head:head + 9])
        assert all(len(line) <= 40 for line in lines), done.stdout  # (a long line broken between words)
        flowing = " ".join(done.stdout.split())
        assert verdict.strip() in flowing, done.stdout
        assert f"{rule}{source}." in flowing
        if data["score"] is not None:
            assert written in flowing and flowing.index(written) > flowing.index(rule), done.stdout
    if data["score"] is not None:  # a redeal (rams of 7s) writes nothing
        ruling = judge(tables, name)
        assert (data["declarers_points"], data["defenders_points"]) == (ruling.declarers_points, ruling.defenders_points)
        assert data["score"]["declarers"] == ruling.breakdown.declarers


@pytest.mark.parametrize("illegal", [False, True], ids=["legal", "a card illegal"])
@pytest.mark.parametrize("name", ["rostov", "sochi", "leningrad"])
def test_every_preferans_rule_set_settles_a_hand_typed_in_once(tmp_path, name, illegal):
    """The same for preferans: the verdict with the rule and its source, the tricks each took, what is written."""
    rnd = random.Random(f"{name}-{illegal}")
    for _attempt in range(50):
        _rules, tables, cheated = oracle.pref_deal(name, rnd, cheat=rnd.randrange(3, 27) if illegal else None)
        if (cheated is not None) == illegal:
            break
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps({"rules": name, **tables}), encoding="utf-8")
    data = json.loads(run_cli("pref", "referee", path, "--json").stdout)
    assert data["legal"] is (not illegal) and sum(data["tricks_taken"].values()) == 10
    if illegal:
        number, position, card, _allowed = cheated
        assert (data["first_illegal"]["trick"], data["first_illegal"]["position"], data["first_illegal"]["card"]) == (
            number, position, str(card))
    source = conventions.load(name).settings.play.source
    for lang, verdict, rule in ((["--lang", "ru"], "Все карты сыграны по правилам." if not illegal else
                                 "Первая неправильная карта: взятка ", "Правила розыгрыша: "),
                                (["--lang", "en"], "Every card was played by the rules." if not illegal else
                                 "The first illegal card: trick ", "Rules of the play: ")):
        done = run_cli(*lang, "pref", "referee", path, columns=40)
        assert done.returncode == 0, report(done)
        lines = done.stdout.splitlines()
        head = next(at for at, line in enumerate(lines) if line.split()[:1] in (["№"], ["#"]))
        assert len(lines[head:head + 11]) == 11 and all(len(line) <= 40 for line in lines), done.stdout
        assert verdict.strip() in " ".join(done.stdout.split()), done.stdout
        assert f"{rule}{source}." in " ".join(done.stdout.split())


# --- What the commands print for a partial deal, a redeal, a revoke's cost; rules named beside the deal ---


def _written_deal(tmp_path: Path, tables: dict, name: str = "deal.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(tables), encoding="utf-8")
    return path


def test_a_partial_deal_printed_marks_what_it_could_not_decide(tmp_path):
    tables = {"rules": "gambler", "players": PLAYERS, "dealer": "Гоша", "contract": "12Т", "declarers": "Аня",
              "first_trick": 5, "play": ["Аня: ТЧ 8П ВТ 9Т", "Вера: ТБ КБ 7Б 8Б"]}
    path = _written_deal(tmp_path, tables)
    for lang, card, verdict, undecided in (
            ([], "8П?", "Неправильных карт не найдено; не решено карт: 3 (отмечены «?»).",
             "Не решено (записана не вся сдача):"),
            (["--lang", "en"], "8♠?", "No illegal card found; cards not decided: 3 (marked «?»).",
             "Not decided (the deal is not written whole):")):
        done = run_cli(*lang, "referee", path, columns=40)
        assert done.returncode == 0, report(done)
        flowing = " ".join(done.stdout.split())
        assert card in done.stdout and verdict in flowing and undecided in flowing, done.stdout
    data = json.loads(run_cli("referee", path, "--json").stdout)
    assert data["legal"] is None and data["not_decided"] == ["legality", "constructions", "score"]
    assert data["undecided"][0]["card"] == "8П" and "ДЧ" in data["undecided"][0]["doubt"]
    pref = {"rules": "rostov", "players": PLAYERS[:3], "dealer": "Вера", "game": "6♠", "declarer": "Аня",
            "whist": ["Боря"], "pass": ["Вера"], "first_trick": 9, "hands": {"Аня": "7♥ 9♥"}, "play": ["Аня: 7♥ Т♦ Т♣"]}
    done = run_cli("pref", "referee", _written_deal(tmp_path, pref, "pref.toml"), columns=40)
    assert done.returncode == 0, report(done)
    flowing = " ".join(done.stdout.split())
    assert "Т♦?" in done.stdout and "не решено карт: 2" in flowing and "Не решено" in flowing, done.stdout


def test_a_redeal_is_said_and_nothing_written(tmp_path):
    """gambler's rams of 7s void the hand (rams_7 = "redeal", seed 000 §0.2): the referee says so and scores nothing."""
    hands = {1: "7П 7Т 7Б 7Ч ТП ТТ ТБ ТЧ", 2: "8П 8Т 8Б 8Ч 9П 9Т 9Б 9Ч", 3: "10П 10Т 10Б 10Ч ВП ВТ ВБ ВЧ",
             4: "ДП ДТ ДБ ДЧ КП КТ КБ КЧ"}
    tables = played_deal(hands, contract="8П", announcements={"Аня": "рамки-7"})
    done = run_cli("referee", _written_deal(tmp_path, {"rules": "gambler", **tables}))
    assert done.returncode == 0, report(done)
    assert "Сдача без результата: такие рамки по этим правилам — пересдача." in done.stdout
    assert "Пишут:" not in done.stdout
    data = json.loads(run_cli("referee", _written_deal(tmp_path, {"rules": "gambler", **tables}), "--json").stdout)
    assert data["redeal"] is True and data["score"] is None and data["declarers_points"] is None


def test_what_a_revoke_costs_is_printed(tmp_path):
    club = _copy_rules(tmp_path, "gambler", revoke="penalty", revoke_penalty=5)
    done = run_cli("referee", EXAMPLES / "deal-gambler.toml", "--convention", club)
    assert done.returncode == 0, report(done)
    assert "Неправильная карта стоит штрафа (play.revoke = penalty): 5 очков противникам нарушителя." in done.stdout
    assert done.stdout.splitlines()[-1] == "Пишут: Аня+Вера 0, Боря+Гоша 37."
    pref_club = _copy_rules(tmp_path, "rostov", revoke="penalty", revoke_penalty=10)
    found = (oracle.pref_deal("rostov", random.Random(seed), cheat=at) for seed in range(100) for at in range(3, 27))
    tables, (number, _position, card, _legal) = next((tables, cheated) for _rules, tables, cheated in found
                                                     if cheated is not None and tables["game"][0].isdigit())
    done = run_cli("pref", "referee", _written_deal(tmp_path, tables, "pref.toml"), "--convention", pref_club)
    assert done.returncode == 0, report(done)
    assert f"Первая неправильная карта: взятка {number}, " in done.stdout and f" — {card};" in done.stdout, done.stdout
    assert "Неправильная карта стоит штрафа (play.revoke = penalty): " in done.stdout


def test_rules_named_by_a_path_are_read_beside_the_deal(tmp_path):
    """README, the deal file: ``rules`` is a bundled name or a path relative to the deal file."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(_copy_rules(tmp_path, "gambler", revoke="penalty", revoke_penalty=5), folder / "club.toml")
    deal = folder / "deal.toml"
    deal.write_text(GOOD.replace('rules = "gambler"', 'rules = "club.toml"'), encoding="utf-8")
    data = json.loads(run_cli("referee", deal, "--json", cwd=tmp_path).stdout)
    assert data["convention"] == "club" and data["revoke"] == "penalty"
    missing = folder / "other.toml"
    missing.write_text(GOOD.replace('rules = "gambler"', 'rules = "nowhere.toml"'), encoding="utf-8")
    line = assert_refused(run_cli("referee", missing, cwd=tmp_path))
    assert "other.toml:3: rules: «nowhere.toml»" in line and "--convention" not in line  # the file's key, not an option


def test_standard_input_that_is_not_a_deal_is_refused(monkeypatch):
    """``-``: standard input, read as a file is (UTF-8, a byte-order mark dropped, at most the size of a file)."""
    import io
    import sys

    from bbscore.cli.deals import read
    from bbscore.errors import ProtocolError
    from bbscore.files import MAX_FILE_BYTES

    for given, words in ((b"players = [\"\xff\"]\n", "UTF-8"), (b"#" * (MAX_FILE_BYTES + 1), "")):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(given), encoding="utf-8"))
        with pytest.raises(ProtocolError) as refused:
            read("-")
        assert refused.value.field == "-" and words in refused.value.message()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(("\ufeff" + GOOD).encode("utf-8")), encoding="utf-8"))
    assert read("-")[2]["contract"] == "12Т"


def test_add_with_a_deal_refuses_what_it_cannot_write(tmp_path):
    """add --deal needs the declaring pair of the sheet (--by), keeps a note; pref add --deal refuses a deal of
    other rules and a partial one, and an empty note — each writing nothing."""
    game = tmp_path / "game.toml"
    assert run_cli("new", game, "--pairs", "Мы,Они").returncode == 0
    before = game.read_text(encoding="utf-8")
    assert "--by" in assert_refused(run_cli("add", game, "--deal", EXAMPLES / "deal-gambler.toml"))
    assert game.read_text(encoding="utf-8") == before
    assert run_cli("add", game, "--deal", EXAMPLES / "deal-gambler.toml", "--by", "Мы", "--note", "спор").returncode == 0
    assert 'note = "спор"' in game.read_text(encoding="utf-8")
    sheet = tmp_path / "pulya.toml"
    assert run_cli("pref", "new", sheet, "--players", "Аня,Боря,Вера").returncode == 0
    before = sheet.read_text(encoding="utf-8")
    sochi = _written_deal(tmp_path, {**tomllib.loads(GOOD_PREF), "rules": "sochi"}, "sochi.toml")
    line = assert_refused(run_cli("pref", "add", sheet, "--deal", sochi))
    assert "sochi.toml:" in line and "rostov" in line
    partial = {**tomllib.loads(GOOD_PREF), "first_trick": 10, "play": ["Аня: 9♥ К♦ 10♣"],
               "hands": {"Аня": "9♥", "Боря": "К♦", "Вера": "10♣"}}
    partial.pop("talon"), partial.pop("discard")
    assert "вся раздача" in assert_refused(run_cli("pref", "add", sheet, "--deal", _written_deal(tmp_path, partial, "p.toml")))
    assert "--note" in assert_refused(run_cli("pref", "add", sheet, "--deal", EXAMPLES / "deal-rostov.toml", "--note", " "))
    assert sheet.read_text(encoding="utf-8") == before
    assert run_cli("pref", "add", sheet, "--deal", EXAMPLES / "deal-rostov.toml", "--note", "спор").returncode == 0
    assert 'note = "спор"' in sheet.read_text(encoding="utf-8")


def test_an_announcement_held_is_shown_in_normal_form_one_not_held_as_written(tmp_path):
    text = GOOD.replace('"Аня" = "терц от 10Б"', '"Аня" = "Терц от 10D, квинта от ТЧ"')
    path = tmp_path / "deal.toml"
    path.write_text(text, encoding="utf-8")
    lines = run_cli("referee", path).stdout.splitlines()
    assert "  Аня: терц от 10Б — объявлена, на руках есть" in lines
    assert "  Аня: квинта от ТЧ — объявлена, но на руках её нет — не засчитывается" in lines
    data = json.loads(run_cli("referee", path, "--json").stdout)
    assert [(a["construction"], a["status"]) for a in data["announcements"] if a["player"] == "Аня"] == [
        ("терц от 10Б", "held"), ("квинта от ТЧ", "not_held")]


def test_a_trick_nobody_follows_the_talon_in_goes_as_if_the_first_player_had_led():
    """sochi.toml, raspasy.talon = "open": the turned card sets the suit and takes nothing; in a partial deal the
    players may all show another suit — then the first player's suit decides (its highest card takes)."""
    rules = conventions.load("sochi").settings
    tables = {"players": PLAYERS[:3], "dealer": "Вера", "game": "распасы", "talon": "7♦ 7♣", "play": ["Т♠ 9♠ 7♥"]}
    ruling = pref_judge(tables, rules)
    assert ruling.tricks[0].winner == 1 and ruling.first_illegal is None
    assert ruling.not_decided == ("legality", "score")  # each of them may have held a diamond


def test_a_club_without_the_duty_to_follow_suit(tmp_path):
    """play.follow_suit = false (no bundled rule set): every card is legal, the example's revoke too."""
    club = conventions.load(str(_copy_rules(tmp_path, "gambler", follow_suit=False)))
    ruling = referee(from_tables(tomllib.loads(GOOD), club), club)
    assert ruling.first_illegal is None and not ruling.undecided


def test_pref_referee_prints_all_pass_and_a_game_not_played(tmp_path):
    for name, tables, words in (
            ("rostov", {"players": PLAYERS[:3], "dealer": "Вера", "game": "распасы", "first_trick": 10,
                        "play": ["Аня: 9♥ К♦ 10♣"]}, "Сдача: распасы; сдавал Вера. Правила «rostov»."),
            ("rostov", {**{k: v for k, v in tomllib.loads(GOOD_PREF).items() if k not in ("play", "whist", "rules")},
                        "pass": ["Боря", "Вера"]}, "Оба защитника спасовали: игра не разыгрывается.")):
        done = run_cli("pref", "referee", _written_deal(tmp_path, {"rules": name, **tables}))
        assert done.returncode == 0, report(done)
        assert words in done.stdout, done.stdout
