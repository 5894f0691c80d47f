"""Preferans as most tables play it (issue 21, RULES.md §11): the Sochi and Leningrad rule sets beside Rostov.

* the worked examples of each convention's public sources, as data rows citing them (the Rostov seed's rows stay in
  tests/test_preferans_core.py, unchanged);
* the Rostov readings real tables use (the pair's capped shortfall, half an odd trick each), as settings;
* runs of распасы: the price's progression, the lowest game after them, what ends them;
* the settlement with a пуля point worth 20, Кодекс §4.1's four players, who owes whom and the fewest payments;
* properties over random games of every bundled convention: the settlement adds up to zero, the pairwise amounts
  add up to each one's result, the payments settle every whole result;
* whole пули played to the end through the command line (``pref new``/``pref add``), runs of распасы included,
  recomputed from their files; the example пули of examples/.
"""

from __future__ import annotations

import copy
import json
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bbscore.cli import main
from bbscore.errors import ConventionError, InconsistentHandError
from bbscore.preferans.contract import LEVELS, Kind, PrefContract, Suit
from bbscore.preferans.engine import ends_run, lowest_game, next_run, score
from bbscore.preferans.hand import make_hand
from bbscore.preferans.pulya import replay
from bbscore.preferans.rules import from_tables, rules_hash
from bbscore.preferans.settle import Payment, fewest_payments, money, settle, settle_sheet
from bbscore.preferans.working import hand_lines, payment_lines, settlement_lines, step_line

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


def tables(name: str) -> dict:
    return tomllib.loads((REPO / "conventions" / f"{name}.toml").read_text(encoding="utf-8"))


def rules(name: str, **changes):
    """A bundled convention, with some keys changed (``**{"whist.one_whister_made": "pooled_half"}``)."""
    data = copy.deepcopy(tables(name))
    for path, value in changes.items():
        *parents, key = path.split(".")
        table = data
        for part in parents:
            table = table[part]
        table[key] = value
    return from_tables(data, f"{name}.toml")


ROSTOV, SOCHI, LENINGRAD = rules("rostov"), rules("sochi"), rules("leningrad")
BUNDLED = {"rostov": ROSTOV, "sochi": SOCHI, "leningrad": LENINGRAD}
P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]


def entries(convention, game, *, players=P3, declarer=None, whist=None, tricks=None, dealer=None, run=0):
    hand = make_hand(players, game, convention=convention, declarer=declarer, whist=whist, tricks=tricks, dealer=dealer)
    return score(hand, convention, run)


# ---- worked examples of the sources, one row each ---------------------------------------------------------------

W, P = "вист", "пас"
# (convention, game, declarer, whist, tricks, players/dealer, run, pulya, gora, vists {(from, on): n}, source)
EXAMPLES_ROWS = [
    # Sochi
    (SOCHI, "6♠", "A", {"B": W, "C": P}, {"A": 6, "B": 4, "C": 0}, None, 0, {"A": 2}, {}, {("B", "A"): 8},
     "RULES.md §11 Sochi: made 6 → 2 to пуля; whister's vists the game's value, 4 × 2"),
    (SOCHI, "6♠", "A", {"B": W, "C": P}, {"A": 7, "B": 3, "C": 0}, None, 0, {"A": 2}, {"B": 2}, {("B", "A"): 6},
     "eschava/preferans README: a missing trick of the whisters' duty at the contract's full value (1 × 2)"),
    (SOCHI, "7♥", "A", {"B": W, "C": P}, {"A": 5, "B": 5, "C": 0}, None, 0, {}, {"A": 8},
     {("B", "A"): 5 * 4 + 2 * 4, ("C", "A"): 2 * 4},
     "RULES.md §11 Sochi: greedy whist, every other player writes the game's value per undertrick (2 × 4)"),
    (SOCHI, "7♥", "A", {"B": W, "C": W}, {"A": 5, "B": 3, "C": 2}, "D", 0, {}, {"A": 8},
     {("B", "A"): 12 + 8, ("C", "A"): 8 + 8, ("D", "A"): 8},
     "RULES.md §11 / savanto/pref poolya.py: consolation from «all others including the dealer»"),
    (SOCHI, "8♣", "A", {"B": W, "C": W}, {"A": 10, "B": 0, "C": 0}, None, 0, {"A": 6}, {"B": 6}, {},
     "savanto/pref poolya.py: on 8-10 the whister after the declarer is liable, full value (Sochi: responsible)"),
    (SOCHI, "6♣", "A", {"B": W, "C": W}, {"A": 6, "B": 3, "C": 1}, None, 0, {"A": 2}, {},
     {("B", "A"): 6, ("C", "A"): 2},
     "DmytroGusev/preferans ScoringEngine: «If their combined tricks meet the contract quota, neither is penalized»"),
    (SOCHI, "10♠", "A", {"B": W, "C": P}, {"A": 10, "B": 0, "C": 0}, None, 0, {"A": 10}, {}, {},
     "RULES.md §11: a 10 «проверяется» — no duty (DmytroGusev: requirement 0 when a 10 is not whisted)"),
    (SOCHI, "мизер", "A", None, {"A": 2, "B": 4, "C": 4}, None, 0, {}, {"A": 20}, {},
     "eschava/preferans README: «every trick taken on misère is 10 into the mountain»"),
    (SOCHI, "распасы", None, None, {"A": 0, "B": 4, "C": 6}, None, 0, {"A": 1}, {"B": 4, "C": 6}, {},
     "DmytroGusev PreferansRulebook 0/4/6 raspasy, stage 1: price 1, clean exit 1 to пуля"),
    (SOCHI, "распасы", None, None, {"A": 0, "B": 4, "C": 6}, None, 1, {"A": 2}, {"B": 8, "C": 12}, {},
     "DmytroGusev 0/4/6, stage 2 (progression 1-2-3): price 2, one price to пуля (RULES.md §11)"),
    (SOCHI, "распасы", None, None, {"A": 0, "B": 4, "C": 6}, None, 5, {"A": 3}, {"B": 12, "C": 18}, {},
     "RULES.md §11 «1-2-3-3»: the sixth распасы in a row still at 3"),
    # Leningrad
    (LENINGRAD, "7♠", "A", {"B": W, "C": W}, {"A": 7, "B": 1, "C": 2}, None, 0, {"A": 4}, {},
     {("B", "A"): 8, ("C", "A"): 16},
     "refinishru-Andre/pulka fspr.test.ts: both whist 1 and 2 — «1 взятка × 8», «2 взятки × 8»"),
    (LENINGRAD, "7♠", "A", {"B": W, "C": P}, {"A": 7, "B": 3, "C": 0}, None, 0, {"A": 4}, {}, {("B", "A"): 24},
     "DmytroGusev Rules.swift .gentleman: «A made contract remains greedy» (3 × 8)"),
    (LENINGRAD, "8♦", "A", {"B": W, "C": W}, {"A": 10, "B": 0, "C": 0}, None, 0, {"A": 6}, {"B": 6, "C": 6}, {},
     "pulka fspr.test.ts: «на восьмерной оба вистующих платят … Каждый пишет 6»"),
    (LENINGRAD, "10♦", "A", {"B": W, "C": W}, {"A": 10, "B": 0, "C": 0}, None, 0, {"A": 10}, {"B": 10, "C": 10}, {},
     "pulka fspr.test.ts: «на десятерной … половина от 20» each"),
    (LENINGRAD, "7♠", "A", {"B": W, "C": P}, {"A": 10, "B": 0, "C": 0}, None, 0, {"A": 4}, {"B": 8}, {},
     "pulka fspr.test.ts: «штраф за недобор платит только вистовавший»: 2 недобранные × 4"),
    (LENINGRAD, "6♣", "A", {"B": W, "C": W}, {"A": 8, "B": 1, "C": 1}, None, 0, {"A": 2}, {"B": 2, "C": 2},
     {("B", "A"): 4, ("C", "A"): 4},
     "pulka calc.test.ts: «6♣: оба вистуют, взяли по 1 — каждый штрафуется на 2»"),
    (LENINGRAD, "6♣", "A", {"B": W, "C": W}, {"A": 7, "B": 1, "C": 2}, None, 0, {"A": 2}, {"B": 2},
     {("B", "A"): 4, ("C", "A"): 8},
     "pulka calc.test.ts: «6♣: оба вистуют, взяли 1+2 — индивидуальная норма»"),
    (LENINGRAD, "6♣", "A", {"B": W, "C": W}, {"A": 5, "B": 2, "C": 3}, None, 0, {}, {"A": 4},
     {("B", "A"): 12, ("C", "A"): 16},
     "pulka calc.test.ts: «6♣ ремиз без 1 … Консоляция 1 × 4 = 4 обоим»: 8 + 4, 12 + 4"),
    (LENINGRAD, "9♠", "C", {"A": W, "B": W}, {"A": 1, "B": 2, "C": 7}, None, 0, {}, {"C": 32},
     {("A", "C"): 48, ("B", "C"): 64},
     "pulka calc.test.ts: «9♠ ремиз без 2 …» гора 2 × 16, 16 + 32 and 32 + 32"),
    (LENINGRAD, "7♠", "A", {"B": W, "C": W}, {"A": 5, "B": 3, "C": 2}, "D", 0, {}, {"A": 16},
     {("B", "A"): 24 + 16, ("C", "A"): 16 + 16, ("D", "A"): 16},
     "pulka fspr.test.ts: the dealer «получает консоляцию за подсад»: 2 недобора × 8 = 16"),
    (LENINGRAD, "мизер", "A", None, {"A": 2, "B": 4, "C": 4}, None, 0, {}, {"A": 40}, {},
     "pulka calc.test.ts: «мизер пойман на 2 взятки»: 2 × 20 = 40"),
    (LENINGRAD, "распасы", None, None, {"A": 4, "B": 3, "C": 3}, None, 0, {}, {"A": 8, "B": 6, "C": 6}, {},
     "pulka fspr.test.ts: «в гору идёт каждая своя взятка, без амнистии минимума»: 4 × 2, 3 × 2, 3 × 2"),
    (LENINGRAD, "распасы", None, None, {"A": 0, "B": 5, "C": 5}, None, 0, {}, {"A": -4, "B": 10, "C": 10}, {},
     "pulka calc.test.ts: «1-й распас: A взял 0 → бонус -4 с горы»; ФСПР: «минус цена 2 взяток с горы»"),
    (LENINGRAD, "распасы", None, None, {"A": 5, "B": 0, "C": 5}, "D", 0, {}, {"A": 10, "B": -4, "C": 10}, {},
     "pulka fspr.test.ts: «за 0 взяток поблажка есть у всех, кроме сдающего»"),
    (LENINGRAD, "распасы", None, None, {"A": 5, "B": 4, "C": 1}, None, 1, {}, {"A": 20, "B": 16, "C": 4}, {},
     "ФСПР «Цена взятки 2-4-6-6-6»: the second распасы in a row at 4"),
]


@pytest.mark.parametrize("row", EXAMPLES_ROWS, ids=[row[-1] for row in EXAMPLES_ROWS])
def test_worked_examples_of_the_sources(row) -> None:
    convention, game, declarer, whist, tricks, dealer, run, pulya, gora, vists, _source = row
    players = P4 if dealer else P3
    result = entries(convention, game, players=players, declarer=declarer, whist=whist, tricks=tricks, dealer=dealer,
                     run=run)
    assert result.pulya == pulya
    assert result.gora == gora
    written: dict = {}
    for a, b, n in result.vists:
        written[(a, b)] = written.get((a, b), 0) + n
    assert written == vists
    assert all(step_line(step) != repr(step) for step in result.steps)


# Readings the sources differ on, each a setting (the file says which it picked).
READINGS = [
    (rules("leningrad", **{"whist.one_whister_made": "pooled_half"}), "7♠", "A", {"B": W, "C": P},
     {"A": 7, "B": 3, "C": 0}, {}, {("B", "A"): 12, ("C", "A"): 12},
     "pulka fspr.test.ts for FSPR: the split also when made, «1.5 × 8» each"),
    (rules("leningrad", **{"whist.half_of": "game_pulya", "cost.6.whist_gora": 1, "cost.7.whist_gora": 2,
                           "cost.8.whist_gora": 3, "cost.9.whist_gora": 4, "cost.10.whist_gora": 5}),
     "8♦", "A", {"B": W, "C": W}, {"A": 10, "B": 0, "C": 0}, {"B": 3, "C": 3}, {},
     "RULES.md §11: Leningrad semi-responsible «1/2/3/4/5» (half the game's value)"),
    (rules("leningrad", **{"raspasy.amnesty": True}), "распасы#1", None, None, {"A": 5, "B": 4, "C": 1},
     {"A": 16, "B": 12}, {},
     "pulka calc.test.ts (home rules, amnesty): «2-й распас: 5-4-1, цена 4» → (5 − 1) × 4, (4 − 1) × 4"),
    (rules("leningrad", **{"raspasy.zero_tricks_pulya": 1}), "распасы", None, None, {"A": 0, "B": 5, "C": 5},
     {"A": -2, "B": 10, "C": 10}, {},
     "RULES.md §11 «(conflict: one price)»: one trick's price off the гора"),
    (rules("sochi", **{"whist.both_whist_odd_trick": "before_declarer"}), "8♣", "A", {"B": W, "C": W},
     {"A": 10, "B": 0, "C": 0}, {"C": 6}, {},
     "DmytroGusev ScoringEngine: with a duty of 1, the second whister answers"),
    (rules("sochi", **{"raspasy.gora_per_trick": 2, "raspasy.progression": False}), "распасы", None, None,
     {"A": 1, "B": 4, "C": 5}, {"A": 2, "B": 8, "C": 10}, {},
     "eschava/preferans README: «an all-pass deal is 2 into the mountain per trick»"),
]


@pytest.mark.parametrize("row", READINGS, ids=[row[-1] for row in READINGS])
def test_the_other_readings_are_settings(row) -> None:
    convention, game, declarer, whist, tricks, gora, vists, _source = row
    game, _, run = game.partition("#")  # "распасы#1": after one распасы
    result = entries(convention, game, declarer=declarer, whist=whist, tricks=tricks, run=int(run or 0))
    assert result.gora == gora
    assert {(a, b): n for a, b, n in result.vists} == vists


# ---- the Rostov readings real tables use (settings; today's default kept) --------------------------------------

def test_rostov_two_defenders_shares_capped_at_the_pairs_shortfall() -> None:
    """A six whisted by both, 3 and 0 of the 4 owed: each for his own half (today: 2 tricks on the second), or only
    for the pair's shortfall (1 trick)."""
    today = entries(ROSTOV, "6♣", declarer="A", whist={"B": W, "C": W}, tricks={"A": 7, "B": 3, "C": 0})
    assert today.gora == {"C": 2}
    capped = rules("rostov", **{"whist.both_whist_short": "pair_capped"})
    result = entries(capped, "6♣", declarer="A", whist={"B": W, "C": W}, tricks={"A": 7, "B": 3, "C": 0})
    assert result.gora == {"C": 1}
    assert "недобор пары 1" in " ".join(hand_lines(result))
    # both below their half: the cap does not bite (1 + 1 of 4: each short 1, the pair 2)
    both = entries(capped, "6♣", declarer="A", whist={"B": W, "C": W}, tricks={"A": 8, "B": 1, "C": 1})
    assert both.gora == {"B": 1, "C": 1}


def test_rostov_obligatory_single_trick_half_each() -> None:
    """An eight whisted by both who took nothing: today the whister after the declarer answers (3 to гора); or half
    each, 3/2 to each one's гора."""
    today = entries(ROSTOV, "8♣", declarer="A", whist={"B": W, "C": W}, tricks={"A": 10, "B": 0, "C": 0})
    assert today.gora == {"B": 3}
    halves = rules("rostov", **{"whist.both_whist_odd_trick": "half_each"})
    result = entries(halves, "8♣", declarer="A", whist={"B": W, "C": W}, tricks={"A": 10, "B": 0, "C": 0})
    assert result.gora == {"B": Fraction(3, 2), "C": Fraction(3, 2)}
    assert "0,5 × 3 = 1,5" in " ".join(hand_lines(result))
    sheet = replay(P3, [make_hand(P3, "8♣", convention=halves, declarer="A", whist={"B": W, "C": W},
                                  tricks={"A": 10, "B": 0, "C": 0})], halves)
    settled = settle_sheet(sheet, halves)
    assert sum(settled.result.values()) == 0 and sum(settled.shown.values()) == 0


def test_rostov_file_gained_keys_but_not_new_rules() -> None:
    """rostov.toml gained the new keys with today's behaviour: a sheet kept with the earlier file is not told its
    rules changed (same_rules_as, not hashed)."""
    data = tables("rostov")
    assert data["same_rules_as"] and rules_hash(ROSTOV) not in data["same_rules_as"]
    assert rules_hash(ROSTOV) == rules_hash(rules("rostov", same_rules_as=[]))
    with pytest.raises(ConventionError) as refused:
        rules("rostov", same_rules_as=["81135c2c"])
    assert refused.value.value == "same_rules_as"


# ---- runs of распасы -----------------------------------------------------------------------------------------

def _hand(convention, game, **kwargs):
    return make_hand(kwargs.pop("players", P3), game, convention=convention, **kwargs)


def test_exit_tables_and_what_ends_a_run() -> None:
    """Sochi exits 6-7-8 by any hand; Leningrad 7 after any run and only by a made, whisted game (ФСПР 6.5)."""
    assert [lowest_game(SOCHI, run) for run in range(5)] == [6, 7, 8, 8, 8]
    assert [lowest_game(LENINGRAD, run) for run in range(4)] == [6, 7, 7, 7]
    assert [lowest_game(ROSTOV, run) for run in range(3)] == [6, 6, 6]
    passed = _hand(LENINGRAD, "8♥", declarer="A", whist={"B": P, "C": P})
    down = _hand(LENINGRAD, "7♠", declarer="A", whist={"B": W, "C": P}, tricks={"A": 5, "B": 5, "C": 0})
    made = _hand(LENINGRAD, "7♠", declarer="A", whist={"B": W, "C": P}, tricks={"A": 7, "B": 3, "C": 0})
    misere = _hand(LENINGRAD, "мизер", declarer="A", tricks={"A": 0, "B": 5, "C": 5})
    assert [ends_run(h, LENINGRAD) for h in (passed, down, made, misere)] == [False, False, True, False]
    assert [ends_run(h, SOCHI) for h in (passed, down, made, misere)] == [True, True, True, True]
    made_only = rules("sochi", **{"raspasy.exit_by": "made"})
    assert [ends_run(h, made_only) for h in (passed, down, made, misere)] == [True, False, True, True]
    whisted = rules("sochi", **{"raspasy.exit_by": "whisted"})
    assert [ends_run(h, whisted) for h in (passed, down, made, misere)] == [False, True, True, False]
    raspasy = _hand(LENINGRAD, "распасы", tricks={"A": 3, "B": 3, "C": 4})
    assert next_run(raspasy, LENINGRAD, 2) == 3 and next_run(passed, LENINGRAD, 2) == 2 and next_run(made, LENINGRAD, 2) == 0


def test_a_run_of_raspasy_through_the_replay() -> None:
    """Three распасы in a row under Sochi (prices 1, 2, 3), a game below 8 refused after them, a мизер allowed, an
    8 ends the run and the next распасы is a first one again."""
    r = [_hand(SOCHI, "распасы", tricks={"A": 0, "B": 4, "C": 6}) for _ in range(3)]
    sheet = replay(P3, r, SOCHI)
    assert sheet.gora == {"A": 0, "B": 4 + 8 + 12, "C": 6 + 12 + 18} and sheet.pulya["A"] == 1 + 2 + 3
    assert sheet.run == 3 and sheet.lowest == 8 and sheet.runs == (0, 1, 2) and sheet.runs_matter
    low = _hand(SOCHI, "7♠", declarer="A", whist={"B": P, "C": P})
    with pytest.raises(InconsistentHandError) as refused:
        replay(P3, [*r, low], SOCHI)
    assert refused.value.field == "game" and "8" in refused.value.allowed
    misere = _hand(SOCHI, "мизер", declarer="B", tricks={"A": 5, "B": 0, "C": 5})
    eight = _hand(SOCHI, "8♠", declarer="A", whist={"B": P, "C": P})
    again = replay(P3, [*r, misere, eight, r[0]], SOCHI)
    assert again.runs == (0, 1, 2, 3, 0, 0) and again.run == 1  # the мизер ended the run (exit_by = any_hand)
    assert "снова первые" in " ".join(hand_lines(again.hands[3]))


def test_rostov_runs_change_nothing() -> None:
    """Rostov has no progression and no exit: three распасы in a row write the seed's 5 a trick each time."""
    r = [_hand(ROSTOV, "распасы", tricks={"A": 1, "B": 4, "C": 5}) for _ in range(3)]
    sheet = replay(P3, r, ROSTOV)
    assert sheet.vists[("A", "B")] == 3 * 20 and sheet.vists[("A", "C")] == 3 * 25
    assert not sheet.runs_matter and all(len(hand.steps) == 2 for hand in sheet.hands)


# ---- the settlement --------------------------------------------------------------------------------------------

def test_kodeks_four_players_gora_shared_by_all() -> None:
    """Кодекс §4.1 (RULES.md §11): with four players 6 гора points cost 15 vists to each other player, not 20."""
    result = settle(P4, {"A": 6, "B": 0, "C": 0, "D": 0}, {}, SOCHI)
    assert result.result == {"A": -45, "B": 15, "C": 15, "D": 15}
    assert {(c, d): v for c, d, v in result.pairwise} == {("B", "A"): 15, ("C", "A"): 15, ("D", "A"): 15}
    assert result.payments == (Payment("A", "B", 15), Payment("A", "C", 15), Payment("A", "D", 15))


def test_leningrad_pool_point_is_worth_20() -> None:
    """refinishru-Andre/pulka SPEC.md §9: the пулька after its three hands (pools 0/0/4, гора 2/0/16, A and Б each
    24 vists on В), settled as its settle.ts calcNet does: pool × 20, гора × 10, written − owed."""
    result = settle(["A", "Б", "В"], {"A": 2, "Б": 0, "В": 16}, {("A", "В"): 24, ("Б", "В"): 24}, LENINGRAD,
                    pulya={"A": 0, "Б": 0, "В": 4})
    assert result.result == {"A": Fraction(112, 3), "Б": Fraction(172, 3), "В": Fraction(-284, 3)}
    assert result.shown == {"A": 38, "Б": 57, "В": -95}  # the three remainders tie: the first in seating order
    assert result.pulya_offset == {"A": Fraction(-80, 3), "Б": Fraction(-80, 3), "В": Fraction(160, 3)}
    assert sum(v for _, _, v in result.pairwise if True) > 0
    by_smallest = settle(["A", "Б", "В"], {"A": 2, "Б": 0, "В": 16}, {("A", "В"): 24, ("Б", "В"): 24}, LENINGRAD,
                         pulya={"A": 0, "Б": 0, "В": 4}, method="subtract_smallest")
    assert by_smallest.result == result.result


def test_unfinished_pulya_twice_in_leningrad_is_the_pool_difference() -> None:
    """RULES.md §11: an unfinished Leningrad пуля adds 2 гора per missing point — the same as its pools at 20 vists."""
    twice = rules("leningrad", **{"settlement.unfinished": "missing_to_gora"})
    gora, vists, pulya = {"A": 10, "B": 30, "C": 14}, {("A", "B"): 40, ("C", "A"): 12}, {"A": 18, "B": 4, "C": 11}
    a = settle(P3, gora, vists, twice, pulya=pulya)
    b = settle(P3, gora, vists, LENINGRAD, pulya=pulya)
    assert a.missing == {"A": 2, "B": 16, "C": 9} and a.missing_rate == 2 and a.gora == {"A": 14, "B": 62, "C": 32}
    assert a.result == b.result
    assert "× 2" in " ".join(settlement_lines(a))


def test_fewest_payments() -> None:
    assert fewest_payments({"A": 30, "B": -10, "C": -20}, "ABC") == (Payment("C", "A", 20), Payment("B", "A", 10))
    # two pairs that settle among themselves: 2 payments, not 3
    assert len(fewest_payments({"A": 7, "B": -7, "C": 5, "D": -5}, "ABCD")) == 2
    assert fewest_payments({"A": 0, "B": 0, "C": 0}) == ()
    with pytest.raises(ValueError):
        fewest_payments({"A": 1, "B": 0})


def test_money_is_exact_decimal() -> None:
    assert money(37, Decimal("0.10")) == Decimal("3.70")
    assert money(-163, Decimal("0.3")) == Decimal("-48.9")
    with pytest.raises(ValueError):
        money(Fraction(1, 3), Decimal("1"))
    result = settle(P3, {"A": 0, "B": 0, "C": 3}, {}, SOCHI)
    assert payment_lines(result, Decimal("0.10"), "₽") == ["C → A: 10 вистов = 1,00 ₽", "C → B: 10 вистов = 1,00 ₽"]


# ---- properties over random games ---------------------------------------------------------------------------

def partitions(parts: int):
    return st.lists(st.integers(0, 10), min_size=parts - 1, max_size=parts - 1).map(
        lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), 10])])


@st.composite
def games(draw, convention):
    """A game valid by construction, run by run: after распасы in a row a game is at least the convention's lowest."""
    count = draw(st.sampled_from(convention.players.counts))
    players = P4[:count]
    hands = []
    run = 0
    for number in range(draw(st.integers(1, 30))):
        dealer = players[number % count] if count == 4 else None
        active = [p for p in players if p != dealer]
        kind = draw(st.sampled_from([Kind.ALL_PASS, Kind.ALL_PASS, Kind.MISERE, Kind.GAME, Kind.GAME]))
        tricks = dict(zip(active, draw(partitions(3))))
        if kind is Kind.ALL_PASS:
            hand = make_hand(players, PrefContract(kind), convention=convention, tricks=tricks, dealer=dealer)
        elif kind is Kind.MISERE:
            hand = make_hand(players, "мизер", convention=convention, declarer=draw(st.sampled_from(active)),
                             tricks=tricks, dealer=dealer)
        else:
            declarer = draw(st.sampled_from(active))
            defenders = [p for p in active if p != declarer]
            level = draw(st.sampled_from([n for n in LEVELS if n >= lowest_game(convention, run)]))
            whist = {p: draw(st.booleans()) for p in defenders}
            if sum(whist.values()) == 0:
                tricks = {}
            elif sum(whist.values()) == 1:
                whister = next(p for p in defenders if whist[p])
                taken = draw(st.integers(0, 10))
                tricks = {declarer: taken, whister: 10 - taken, next(p for p in defenders if not whist[p]): 0}
            hand = make_hand(players, PrefContract(kind, level, draw(st.sampled_from(list(Suit)))), convention=convention,
                             declarer=declarer, whist=whist, tricks=tricks, dealer=dealer)
        hands.append(hand)
        run = next_run(hand, convention, run)
    return players, hands


CONVENTIONS = {**BUNDLED, "leningrad, every other reading": rules("leningrad", **{
    "whist.one_whister_made": "pooled_half", "whist.both_whist_odd_trick": "half_each",
    "whist.both_whist_short": "pair_capped", "raspasy.amnesty": True, "pulya.end": "every_pulya",
    "settlement.unfinished": "missing_to_gora", "settlement.method": "subtract_smallest"})}


@pytest.mark.parametrize("convention", list(CONVENTIONS.values()), ids=list(CONVENTIONS))
def test_any_game_of_each_convention_settles_to_zero_and_the_payments_settle_it(convention) -> None:
    @settings(max_examples=40, deadline=None)
    @given(games(convention))
    def check(game) -> None:
        players, hands = game
        sheet = replay(players, hands, convention)
        assert len(sheet.hands) == len(hands) >= 1
        assert all(n > 0 for entries in sheet.hands for _, _, n in entries.vists)
        for method in ("average_gora", "subtract_smallest"):
            result = settle_sheet(sheet, convention, method=method)
            assert sum(result.result.values()) == 0
            assert sum(result.shown.values()) == 0
            assert all(abs(result.shown[p] - result.result[p]) < 1 for p in players)
            for player in players:  # the pairwise amounts add up to each one's result
                owed = sum(v for c, _, v in result.pairwise if c == player) - sum(
                    v for _, d, v in result.pairwise if d == player)
                assert owed == result.result[player]
            settled = dict.fromkeys(players, 0)  # the payments settle every whole result
            for payment in result.payments:
                assert payment.vists > 0 and payment.payer != payment.payee
                settled[payment.payer] -= payment.vists
                settled[payment.payee] += payment.vists
            assert settled == result.shown
            assert len(result.payments) <= max(0, sum(1 for p in players if result.shown[p]) - 1)
        for entries in sheet.hands:
            assert all(step_line(step) != repr(step) for step in entries.steps)

    check()


# ---- whole пули through the command line ------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")


def cli(capsys, *args) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, f"exit {code}\n{out}\n{err}"
    return out


def cli_refused(capsys, *args) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", out + err
    return err


SOCHI_PULYA = [  # (pref add arguments…), to 10 each
    ["6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Вера"],
    ["распасы", "--tricks", "Аня=0,Боря=4,Вера=6"],
    ["распасы", "--tricks", "Аня=2,Боря=3,Вера=5"],
    ["8♦", "--by", "Вера", "--tricks", "8", "--whist", "Аня:1", "--whist", "Боря:1"],
    ["распасы", "--tricks", "Аня=5,Боря=0,Вера=5"],
    ["7♥", "--by", "Боря", "--tricks", "5", "--whist", "Аня", "--pass", "Вера"],
    ["мизер", "--by", "Аня", "--tricks", "0"],
    ["10БК", "--by", "Вера", "--pass", "Аня", "--pass", "Боря"],
]

LENINGRAD_PULYA = [  # four players, to 5 each: a table total of 20
    # the dealers go round from Аня: Аня, Боря, Вера, Гена, Аня, Боря, Вера
    ["7♠", "--by", "Боря", "--tricks", "5", "--whist", "Вера", "--pass", "Гена"],
    ["распасы", "--tricks", "Аня=0,Вера=4,Гена=6"],
    ["8♥", "--by", "Аня", "--pass", "Гена", "--pass", "Боря"],
    ["распасы", "--tricks", "Аня=3,Боря=3,Вера=4"],
    ["7♣", "--by", "Гена", "--tricks", "7", "--whist", "Боря", "--pass", "Вера"],
    ["распасы", "--tricks", "Аня=2,Вера=4,Гена=4"],
    ["10♦", "--by", "Гена", "--tricks", "10", "--whist", "Аня:0", "--whist", "Боря:0"],
]


def test_a_whole_sochi_pulya_through_the_cli(capsys, tmp_path) -> None:
    path = tmp_path / "sochi.toml"
    cli(capsys, "pref", "new", path, "--players", "Аня,Боря,Вера", "--convention", "sochi", "--target", "10")
    outs = [cli(capsys, "pref", "add", path, *args) for args in SOCHI_PULYA]
    assert "цена взятки 1 × 2 = 2" in outs[2] and "не ниже 8" in outs[2]
    assert "заканчивает" in outs[3]
    assert "цена взятки 1 × 1 = 1" in outs[4]  # a new run
    assert "Пуля закрыта" in outs[-1]
    assert "не ниже 7" in cli_refused(capsys, "pref", "score", "6♠", "--by", "Аня", "--tricks", "6", "--whist", "Боря",
                                      "--pass", "Вера", "--convention", "sochi", "--after-raspasy", "1")
    shown = json.loads(cli(capsys, "pref", "show", path, "--json"))
    assert shown["ended"] and [h["after_raspasy"] for h in shown["hands"]][:5] == [0, 0, 1, 2, 0]
    assert shown["gora"] == {"Аня": 4 + 5, "Боря": 2 + 4 + 6 + 8, "Вера": 6 + 10 + 5}
    assert shown["closing"]  # the misère and the 10 overflow: Боря is helped
    report = json.loads(cli(capsys, "recompute", path, "--json"))["files"][0]
    assert report["ok"] and report["discrepancies"] == [] and "warning" not in report
    settled = json.loads(cli(capsys, "pref", "settle", path, "--json", "--per-vist", "0.10", "--currency", "₽"))
    assert sum(settled["shown"].values()) == 0
    paid = dict.fromkeys(settled["players"], 0)
    for payment in settled["payments"]:
        paid[payment["from"]] -= payment["vists"]
        paid[payment["to"]] += payment["vists"]
    assert paid == settled["shown"]
    assert settled["money"]["results"] == {p: str(Decimal("0.10") * v) for p, v in settled["shown"].items()}
    text = cli(capsys, "pref", "settle", path, "--per-vist", "0.10", "--currency", "₽")
    assert "Кто кому платит" in text and "₽" in text


def test_a_whole_leningrad_pulya_through_the_cli(capsys, tmp_path) -> None:
    path = tmp_path / "leningrad.toml"
    cli(capsys, "pref", "new", path, "--players", "Аня,Боря,Вера,Гена", "--convention", "leningrad", "--target", "5")
    outs = [cli(capsys, "pref", "add", path, *args) for args in LENINGRAD_PULYA]
    assert "Пуля закрыта" in outs[-1]  # 6 + 14: the table's total of 4 × 5
    assert "Вера и Гена пишут по 36" in outs[0] and "Аня → Боря: 16" in outs[0]  # gentleman; the dealer's consolation
    assert "списывается 4" in outs[1]
    assert "не заканчивает" in outs[2]  # both passed: not an exit
    assert "цена взятки 2 × 2 = 4" in outs[3]
    assert "заканчивает" in outs[4]
    assert "цена взятки 2 × 1 = 2" in outs[5]
    shown = json.loads(cli(capsys, "pref", "show", path, "--json"))
    assert shown["ended"] and shown["table_left"] == 0 and sum(shown["pulya"].values()) >= 20
    assert shown["pulya"]["Гена"] == 14  # a пуля does not close at a table total
    # Аня: −4 (no trick, two prices off), 3 × 4 (the second распасы), 2 × 2 (a first one again), 10 (the 10 whisted by
    # both, who took nothing: both answer); Боря: 2 × 8 down, 3 × 4, 10
    assert shown["gora"]["Аня"] == -4 + 12 + 4 + 10 and shown["gora"]["Боря"] == 16 + 12 + 10
    report = json.loads(cli(capsys, "recompute", path, "--json"))["files"][0]
    assert report["ok"], report
    settled = json.loads(cli(capsys, "pref", "settle", path, "--json"))
    assert settled["pulya_rate"] == 20 and sum(settled["shown"].values()) == 0 and settled["rounding"] == "whole"
    text = cli(capsys, "pref", "settle", path)
    assert "очко пули = 20 вистов" in text and "точно" not in text.split("┃")[1:7]


def test_recompute_finds_a_price_written_out_of_its_run(capsys, tmp_path) -> None:
    """The run of распасы lives in the replay: a second распасы written at the first one's price is a discrepancy."""
    path = tmp_path / "sochi.toml"
    cli(capsys, "pref", "new", path, "--players", "Аня,Боря,Вера", "--convention", "sochi")
    for args in SOCHI_PULYA[1:3]:
        cli(capsys, "pref", "add", path, *args)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("gora = { \"Аня\" = 4, \"Боря\" = 6, \"Вера\" = 10 }",
                                 "gora = { \"Аня\" = 2, \"Боря\" = 3, \"Вера\" = 5 }"), encoding="utf-8")
    code = main(["recompute", str(path), "--json"])
    out, _ = capsys.readouterr()
    assert code == 1
    (item,) = json.loads(out)["files"][0]["discrepancies"]
    assert item["hand"] == 2 and item["field"] == "gora" and item["computed"] == {"Аня": 4, "Боря": 6, "Вера": 10}
    # a game below the run's lowest typed into the file is refused as the hand's input
    path.write_text(text + '\n[[hand]]\ngame = "6♠"\nby = "Аня"\npass = ["Боря", "Вера"]\n', encoding="utf-8")
    code = main(["recompute", str(path), "--json"])
    out, _ = capsys.readouterr()
    assert code == 1
    (item,) = json.loads(out)["files"][0]["discrepancies"]
    assert item["hand"] == 3 and item["field"] == "input" and "не ниже 8" in item["message"]


@pytest.mark.parametrize("name", ["pulya-sochi.toml", "pulya-leningrad.toml", "pulya-3.toml", "pulya-4.toml"])
def test_the_example_pulyas_recompute_clean_and_settle(capsys, name) -> None:
    report = json.loads(cli(capsys, "recompute", EXAMPLES / name, "--json"))["files"][0]
    assert report["ok"] and "warning" not in report  # pulya-3/4, kept with the earlier rostov.toml: same rules
    shown = json.loads(cli(capsys, "pref", "show", EXAMPLES / name, "--json"))
    assert shown["ended"]
    settled = json.loads(cli(capsys, "pref", "settle", EXAMPLES / name, "--json"))
    assert settled["payments"] and sum(settled["shown"].values()) == 0


def test_the_example_pulyas_hold_what_they_say(capsys) -> None:
    sochi = json.loads(cli(capsys, "pref", "show", EXAMPLES / "pulya-sochi.toml", "--json"))
    assert sochi["convention"] == "sochi" and max(h["after_raspasy"] for h in sochi["hands"]) == 3
    assert {"мизер", "распасы"} <= {h["game"] for h in sochi["hands"]} and sochi["closing"]
    leningrad = json.loads(cli(capsys, "pref", "show", EXAMPLES / "pulya-leningrad.toml", "--json"))
    assert leningrad["convention"] == "leningrad" and max(h["after_raspasy"] for h in leningrad["hands"]) == 3
    assert any(v < 0 for h in leningrad["hands"] for v in h.get("gora", {}).values())  # zero tricks off the гора


@pytest.mark.parametrize("lang, heading, pool", [
    ("ru", "Итог = висты, написанные на других, − висты, написанные на него, + поправка за гору", " + поправка за пулю:"),
    ("en", "Result = whists written on the others − whists written on him + the mountain correction",
     " + the pool correction:"),
])
def test_the_heading_of_the_settlement_names_the_terms_of_its_lines(capsys, lang, heading, pool) -> None:
    """Leningrad's lines add the pool term (20 × (пуля − средняя)): its heading names it; Sochi's and Rostov's do not."""
    for name, pooled in (("pulya-leningrad.toml", True), ("pulya-sochi.toml", False), ("pulya-3.toml", False)):
        lines = cli(capsys, "--lang", lang, "pref", "settle", EXAMPLES / name).splitlines()
        said = [line for line in lines if line.startswith(heading)]
        assert said == [heading + (pool if pooled else ":")], (name, lines)
        working = lines[lines.index(said[0]) + 1]
        assert (" + 20 × (" in working) is pooled, working


def test_conventions_commands_show_the_three(capsys) -> None:
    listed = json.loads(cli(capsys, "conventions", "list", "--json"))
    assert {"rostov", "sochi", "leningrad"} <= {e["name"] for e in listed["conventions"]}
    diff = json.loads(cli(capsys, "conventions", "diff", "rostov", "sochi", "--json"))
    keys = {row["key"] for row in diff["differences"]}
    assert {"whist.responsibility", "whist.consolation", "whist.consolation_by", "whist.one_whister_down",
            "whist.obligation.10", "raspasy.writer", "raspasy.progression", "raspasy.exit", "raspasy.talon",
            "cost.6.whist_gora"} <= keys
    flat_r, flat_s = _flat(tables("rostov")), _flat(tables("sochi"))
    assert keys == {k for k in set(flat_r) | set(flat_s) if flat_r.get(k) != flat_s.get(k)} - {"same_rules_as"}
    english = cli(capsys, "--lang", "en", "conventions", "show", "leningrad")
    assert "progression" in english and "all-pass: the reward for zero tricks" in english and "распасы:" not in english
    for name in ("sochi", "leningrad"):
        assert "в порядке" in cli(capsys, "conventions", "check", REPO / "conventions" / f"{name}.toml")


def _flat(data: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        flat.update(_flat(value, path) if isinstance(value, dict) else {path: value})
    return flat


def test_every_setting_of_the_new_files_is_commented() -> None:
    for name in ("sochi", "leningrad", "rostov"):
        lines = (REPO / "conventions" / f"{name}.toml").read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if "=" in line and not line.startswith("#") and line.split("=")[0].strip() not in ("format", "name", "title"):
                assert lines[number - 1].startswith("#"), f"{name}.toml line {number + 1} {line!r} has no comment"


BAD = [
    ({"raspasy.progression": [0, 2]}, "raspasy.progression"),
    ({"raspasy.progression": []}, "raspasy.progression"),
    ({"raspasy.exit": [7, 8]}, "raspasy.exit"),
    ({"raspasy.exit": [6, 11]}, "raspasy.exit"),
    ({"raspasy.gora_per_trick": 0}, "raspasy.gora_per_trick"),
    ({"raspasy.writer": "whoever"}, "raspasy.writer"),
    ({"whist.consolation": "game_value"}, "whist.consolation"),
    ({"whist.responsibility": "none"}, "cost.6.whist_gora"),
    ({"settlement.pulya_vists": 0}, "settlement.pulya_vists"),
    ({"settlement.pulya_vists": 15, "settlement.unfinished": "missing_to_gora"}, "settlement.pulya_vists"),
    ({"settlement.rounding": "half_up"}, "settlement.rounding"),
    ({"pulya.end": "never"}, "pulya.end"),
]


@pytest.mark.parametrize(("change", "key"), BAD, ids=[key for _, key in BAD])
def test_bad_new_settings_are_refused_naming_the_key(change, key) -> None:
    with pytest.raises(ConventionError) as refused:
        rules("leningrad", **change)
    assert refused.value.value == key and refused.value.allowed


def test_pref_settle_option_refusals(capsys) -> None:
    path = EXAMPLES / "pulya-sochi.toml"
    assert "--per-vist" in cli_refused(capsys, "pref", "settle", path, "--per-vist", "-1")
    assert "--per-vist" in cli_refused(capsys, "pref", "settle", path, "--per-vist", "ten")
    assert "--currency" in cli_refused(capsys, "pref", "settle", path, "--currency", "₽")
    assert "--currency" in cli_refused(capsys, "pref", "settle", path, "--per-vist", "1", "--currency", " ")
    assert "--after-raspasy" in cli_refused(capsys, "pref", "score", "распасы", "--tricks", "А=1,Б=4,В=5",
                                            "--after-raspasy", "x")


def _readme_block_after(marker: str) -> list[str]:
    """The lines of the README's first plain ``` block after the line holding ``marker``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    rest = text[text.index(marker) + len(marker):]
    start = rest.index("\n```\n") + len("\n```\n")
    return rest[start:rest.index("\n```", start)].splitlines()


def test_the_readme_shows_the_real_settlement_of_the_sochi_example(capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    real = cli(capsys, "pref", "settle", "examples/pulya-sochi.toml", "--per-vist", "0.10", "--currency", "₽")
    shown = _readme_block_after("bbscore pref settle examples/pulya-sochi.toml --per-vist 0.10 --currency ₽\n```")
    assert [line.rstrip() for line in real.splitlines()] == [line.rstrip() for line in shown]


def test_the_readme_shows_the_real_second_raspasy_of_the_sochi_example(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    cli(capsys, "pref", "new", "pulya-sochi.toml", "--players", "Аня,Боря,Вера", "--convention", "sochi")
    hands = tomllib.loads((EXAMPLES / "pulya-sochi.toml").read_text(encoding="utf-8"))["hand"][:4]
    out = ""
    for hand in hands:
        args = [hand["game"]]
        if "by" in hand:
            args += ["--by", hand["by"]]
        if hand["game"] == "распасы":
            args += ["--tricks", ",".join(f"{p}={n}" for p, n in hand["tricks"].items())]
        else:
            args += ["--tricks", str(hand["tricks"]), *[f"--whist={p}" for p in hand["whist"]],
                     *[f"--pass={p}" for p in hand.get("pass", [])]]
        out = cli(capsys, "pref", "add", "pulya-sochi.toml", *args)
    shown = _readme_block_after("written at the wrong price:")
    assert out.splitlines() == shown


def test_a_copy_does_not_inherit_the_sources_history(capsys, tmp_path) -> None:
    """``conventions init --from rostov``: the copy is new rules, the hashes of rostov's earlier versions are not its
    own (a sheet of the earlier rostov recomputed with the copy is told the rules differ)."""
    cli(capsys, "conventions", "init", tmp_path / "club.toml", "--from", "rostov")
    copied = tomllib.loads((tmp_path / "club.toml").read_text(encoding="utf-8"))
    assert "same_rules_as" not in copied and copied["whist"] == tables("rostov")["whist"]
    # a source whose list runs over several lines
    source = (REPO / "conventions" / "rostov.toml").read_text(encoding="utf-8")
    earlier = tables("rostov")["same_rules_as"]
    written = "same_rules_as = [" + ", ".join(f'"{h}"' for h in earlier) + "]"
    long = source.replace(written, "same_rules_as = [\n" + "".join(f'    "{h}",\n' for h in earlier) + f'    "{"0" * 64}",\n]')
    assert long != source
    (tmp_path / "long.toml").write_text(long.replace('name = "rostov"', 'name = "long"'), encoding="utf-8")
    cli(capsys, "conventions", "init", tmp_path / "copy.toml", "--from", tmp_path / "long.toml")
    assert "same_rules_as" not in tomllib.loads((tmp_path / "copy.toml").read_text(encoding="utf-8"))
    sheet = tmp_path / "old.toml"
    shutil_copy(EXAMPLES / "pulya-3.toml", sheet)
    report = json.loads(cli_any(capsys, "recompute", sheet, "--convention", tmp_path / "club.toml", "--json"))
    assert "по правилам «club»" in report["files"][0]["warning"]


def shutil_copy(source: Path, target: Path) -> None:
    target.write_bytes(source.read_bytes())


def cli_any(capsys, *args) -> str:
    main([str(a) for a in args])
    return capsys.readouterr().out


def test_rarer_settings_write_what_they_say(capsys, tmp_path) -> None:
    """No whist responsibility; the dealer sitting out gets the zero-tricks reward off his гора; a game to a time."""
    none = rules("sochi", **{"whist.responsibility": "none", **{f"cost.{n}.whist_gora": 0 for n in LEVELS}})
    result = entries(none, "6♠", declarer="A", whist={"B": W, "C": P}, tricks={"A": 9, "B": 1, "C": 0})
    assert result.gora == {} and not any(type(s).__name__.startswith("WhistS") for s in result.steps)
    dealer = rules("leningrad", **{"players.dealer_all_pass": "as_zero_tricks"})
    out = entries(dealer, "распасы", players=P4, dealer="D", tricks={"A": 0, "B": 4, "C": 6})
    assert out.gora == {"A": -4, "B": 8, "C": 12, "D": -4}
    assert "D сидит на прикупе" in " ".join(hand_lines(out))
    timed = tmp_path / "timed.toml"
    timed.write_text((REPO / "conventions" / "leningrad.toml").read_text(encoding="utf-8")
                     .replace('name = "leningrad"', 'name = "timed"').replace('end = "table_total"', 'end = "time"'),
                     encoding="utf-8")
    path = tmp_path / "p.toml"
    cli(capsys, "pref", "new", path, "--players", "A,B,C", "--convention", timed, "--target", "1")
    text = cli(capsys, "pref", "add", path, "10БК", "--by", "A", "--pass", "B", "--pass", "C")
    assert "Игра на время" in text
    assert json.loads(cli(capsys, "pref", "show", path, "--json"))["pulya"]["A"] == 10  # no пуля closes
    assert "до закрытия" not in cli(capsys, "pref", "show", path)
    even = settle(P3, {"A": 0, "B": 0, "C": 0}, {}, SOCHI)
    assert payment_lines(even) == ["Платить никому не нужно."]
    from bbscore.preferans.working import pairwise_lines
    assert pairwise_lines(even) == ["Друг другу никто ничего не должен."]


@pytest.mark.parametrize(("change", "reason"), [
    ({"cost.6.whist_gora": 3}, "всю стоимость"),
    ({"whist.responsibility": "half", "whist.half_of": "game_pulya"}, "половину стоимости игры"),
])
def test_whist_gora_refusals_say_what_to_write(change, reason) -> None:
    with pytest.raises(ConventionError) as refused:
        rules("sochi", **change)
    assert reason in refused.value.allowed and refused.value.value.startswith("cost.")


def test_half_of_an_odd_undertrick_is_no_whole_whist_gora() -> None:
    """Half of an odd number (rostov's half responsibility with ``cost.6.gora = 3``) is 1.5: no whole ``whist_gora``
    matches it, and the refusal says so exactly."""
    with pytest.raises(ConventionError) as refused:
        rules("rostov", **{"cost.6.gora": 3})
    assert refused.value.value == "cost.6.whist_gora" and "ожидается 1.5, а записано 1" in refused.value.allowed
