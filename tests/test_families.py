"""Issue #22: the whole Belot family as data — worked hands of each bundled family, from the public score keepers'
test suites and rule texts (RULES.md §12), as data rows citing them.

Each row is one hand: the engine (:func:`make_hand` + :func:`score`) must give what the source's own test gives.
Sources (each row names its file):

* Bulgarian belot — stoyanov624/Belot_Scorer: ``src/core/testing/golden-deals.ts`` at commit 9fde713 (exact card
  points, 20 deals; team A = North/South = our seats 1 and 3), ``src/core/score.test.ts``, ``src/core/rules.test.ts``.
  Contra is not in Belot_Scorer: those rows follow RULES.md §12 and are marked so.
* French belote — StephaneBg/ScoreIt ``data/src/test/java/com/sbgapps/scoreit/data/solver/BeloteSolverTest.kt``;
  trivialloop/scorehub ``app/src/test/java/com/github/trivialloop/scorehub/games/belote/BeloteScoreManagerTest.kt``.
* Coinche — StephaneBg/ScoreIt ``…/solver/CoincheSolverTest.kt``; vareversat/carg
  ``test/units/round/coinche_belote_round_test.dart``; the FFB text in carg's ``assets/rules/contree_belote_rules.md``.
* Croatian bela — InCogNiTo124/BelaBot ``tests/test_util.py`` (``calculate_points(mi_points, mi_bid, mi_decl,
  vi_decl) == (mi, vi)``).
* seed 001's belot 1×1 and 2×2 to 1001 (``classic-1001``) — seed 001 §1, §5.

A row's hand is written the bbscore way: ``decl_points``/``def_points`` are the card points of a side (last trick
included), ``decl_con``/``def_con`` the constructions that passed for each side.
"""

from __future__ import annotations

import tomllib

import pytest

from bbscore import conventions
from bbscore.belot.game import HandEntry, replay
from bbscore.belot.hand import make_hand
from bbscore.belot.scoring import score
from bbscore.errors import BBScoreError
from conftest import assert_refused, run_cli, run_json

KEYS = ("decl_points", "def_points", "decl_con", "def_con", "decl_tricks", "melds", "decl_seats")
GOLDEN = "Belot_Scorer src/core/testing/golden-deals.ts"


def row(rules: str, hand: dict, expect: dict, source: str) -> pytest.param:
    return pytest.param(rules, hand, expect, id=f"{rules}: {source}")


def engine(rules, hand: dict) -> dict:
    """The breakdown of a hand as a dict (and ``outcome`` as its value)."""
    rules = conventions.load(rules) if isinstance(rules, str) else rules
    breakdown = score(make_hand(rules, hand["contract"], **{k: hand[k] for k in KEYS if k in hand}), rules)
    result = {key: getattr(breakdown, key) for key in breakdown.__struct_fields__}
    result["outcome"] = breakdown.outcome.value
    return result


def W(declarers: int, defenders: int, outcome: str | None = None, **more) -> dict:
    """The expected written points (and the outcome, and any other quantity)."""
    return {"declarers": declarers, "defenders": defenders, **({"outcome": outcome} if outcome else {}), **more}


# --------------------------------------------------------------------------- Bulgarian belot (rules «bulgarian»)

BULGARIAN = [
    # Golden deals: team A (N, S) = our pair 13; «caller 0/2» — A declares, «caller 1/3» — B declares.
    row("bulgarian", {"contract": "Ч", "decl_points": 100}, W(10, 6, "made"), f"{GOLDEN} 01 made, colour"),
    row("bulgarian", {"contract": "Ч", "decl_points": 70}, W(0, 16, "bait"), f"{GOLDEN} 02 inside, colour"),
    row("bulgarian", {"contract": "Т", "def_points": 81}, W(0, 8, "tie", held=8), f"{GOLDEN} 03 hanging, team B calls"),
    row("bulgarian", {"contract": "П", "decl_points": 162, "decl_tricks": 8}, W(25, 0, "made"),
        f"{GOLDEN} 06 capot by the calling team (16 + 9)"),
    row("bulgarian", {"contract": "П", "decl_points": 0, "decl_tricks": 0}, W(0, 25, "bait"),
        f"{GOLDEN} 07 capot by the defenders"),
    row("bulgarian", {"contract": "БК", "def_points": 50}, W(16, 10, "made", multiplier=2),
        f"{GOLDEN} 08 no trumps doubled, made (B 80 → 8 × 2)"),
    row("bulgarian", {"contract": "БК", "decl_points": 60}, W(0, 26, "bait"), f"{GOLDEN} 09 no trumps inside"),
    row("bulgarian", {"contract": "ВК", "decl_points": 130, "decl_con": ["бэла"]}, W(15, 13, "made"),
        f"{GOLDEN} 10 all trumps with belot (150 → 15, the rest of 28)"),
    row("bulgarian", {"contract": "Ч", "decl_points": 90, "def_con": ["берц"]}, W(0, 21, "bait"),
        f"{GOLDEN} 11 the defenders' kvarta beats the terz: inside"),
    row("bulgarian", {"contract": "Ч", "decl_points": 90, "melds": {1: "терц от К♥", 2: "терц от К♠"}, "decl_seats": "13"},
        W(9, 7, "made", VCp=0, VCv=0), f"{GOLDEN} 12 equal sequences cancel, trump or not (RULES.md §12)"),
    row("bulgarian", {"contract": "Б", "def_points": 80, "melds": {1: "терц от Т♠", 4: "терц от К♣"}, "decl_seats": "24"},
        W(0, 18, "bait", VCv=20), f"{GOLDEN} 13 the higher top card wins: B inside"),
    row("bulgarian", {"contract": "Т", "def_points": 80, "melds": {1: "рамки-9", 2: "рамки-В"}, "decl_seats": "24"},
        W(28, 8, "made", VCp=200), f"{GOLDEN} 14 four jacks over four nines"),
    row("bulgarian", {"contract": "Ч", "decl_points": 81, "decl_con": ["терц"], "def_con": ["бэла"]},
        W(0, 10, "tie", held=10), f"{GOLDEN} 15 belot for the side that lost sequences: a hang of 10"),
    row("bulgarian", {"contract": "ВК", "def_points": 100, "def_con": ["терц", "берц"]}, W(0, 33, "bait"),
        f"{GOLDEN} 16 all trumps, caller inside (328 → 33)"),
    row("bulgarian", {"contract": "Т", "def_points": 80}, W(8, 8, "made"), f"{GOLDEN} 18 rounded 8 : 8, 82 : 80 made"),
    row("bulgarian", {"contract": "Ч", "decl_points": 76}, W(0, 16, "bait", Pp=8, Pv=8),
        f"{GOLDEN} 20 rounded 8 : 8, 76 : 86 inside"),
    # score.test.ts «rounds the calling team the table way and gives the other team the rest», rules.test.ts.
    row("bulgarian", {"contract": "Ч", "decl_points": 75}, W(0, 16, "bait", Pp=7, Pv=9),
        "Belot_Scorer score.test.ts: 75 rounds down in a suit game (7 : 9)"),
    row("bulgarian", {"contract": "Ч", "def_points": 76}, W(9, 7, "made", Pp=9, Pv=7),
        "Belot_Scorer score.test.ts: 76 : 86, the 86 side calls → 9, the other 7"),
    row("bulgarian", {"contract": "ВК", "decl_points": 124}, W(0, 26, "bait", Pp=13, Pv=13),
        "Belot_Scorer score.test.ts: all trumps 124 → 13 (up from 4), the rest 13"),
    row("bulgarian", {"contract": "ВК", "decl_points": 83}, W(0, 26, "bait", Pp=8), "Belot_Scorer rules.test.ts: ВК 83 → 8"),
    row("bulgarian", {"contract": "ВК", "decl_points": 84}, W(0, 26, "bait", Pp=9), "Belot_Scorer rules.test.ts: ВК 84 → 9"),
    row("bulgarian", {"contract": "БК", "decl_points": 64}, W(0, 26, "bait", Pp=6), "Belot_Scorer rules.test.ts: БК 64 → 6"),
    row("bulgarian", {"contract": "БК", "decl_points": 65}, W(0, 12, "tie", Pp=7, Pv=6, held=14),
        "Belot_Scorer score.test.ts: БК 65 → 7, the rest 6 (65 : 65 is an exact tie, held × 2)"),
    row("bulgarian", {"contract": "Т", "def_points": 80}, W(8, 8, "made"),
        "Belot_Scorer score.test.ts «counts a rounded tie as made when the caller has more exact points»"),
    row("bulgarian", {"contract": "Т", "def_points": 84}, W(0, 16, "bait", Pp=8, Pv=8),
        "Belot_Scorer score.test.ts «sends a rounded tie inside when the caller has fewer exact points»: 16 : 0"),
    row("bulgarian", {"contract": "Т", "def_points": 100, "decl_con": ["терц"]}, W(0, 18, "bait"),
        "Belot_Scorer score.test.ts: B 62 + terz 20 = 82 against 100: inside"),
    row("bulgarian", {"contract": "Т", "def_points": 80, "decl_con": ["терц"]}, W(10, 8, "made"),
        "Belot_Scorer score.test.ts: B 82 + terz 20 = 102 against 80: made"),
    # Contra and recontra: RULES.md §12 («contra ×2, recontra ×4 of the whole hand»); NikolayIT/BelotGameEngine
    # Documentation/Rules.md §4: the side with more points records all the points, doubled (recontra: ×4); not in
    # Belot_Scorer.
    row("bulgarian", {"contract": "Ч+", "decl_points": 100}, W(32, 0, "made_doubled", multiplier=2),
        "NikolayIT Rules.md §4: 100 : 62 under contra — (10 + 6) × 2 = 32 to the declarers, 0"),
    row("bulgarian", {"contract": "ВК++", "def_points": 100}, W(104, 0, "made_doubled", multiplier=4),
        "NikolayIT Rules.md §4: recontra quadruples all the points, 26 × 4 = 104 to the winner"),
    row("bulgarian", {"contract": "БК++", "def_points": 50}, W(104, 0, "made_doubled", multiplier=8),
        "RULES.md §12, NikolayIT Rules.md §4: recontra ×4 on top of no trumps ×2, all 13 to the winner"),
    row("bulgarian", {"contract": "Ч+", "decl_points": 70}, W(0, 32, "bait"),
        "RULES.md §12 a failed call under contra: all to the opponents, ×2 (unverified)"),
]

# --------------------------------------------------------------------------- French belote (rules «belote»)

SCOREIT_B = "ScoreIt BeloteSolverTest.kt"
SCOREHUB = "scorehub BeloteScoreManagerTest.kt"
FRENCH = [
    row("belote", {"contract": "Т", "decl_points": 82}, W(82, 80, "made"), f"{SCOREIT_B} «remporte son contrat car a plus de 81 points»"),
    row("belote", {"contract": "Т", "decl_points": 80}, W(0, 162, "bait"), f"{SCOREIT_B} «perd son contrat car elle est dedans»"),
    row("belote", {"contract": "Т", "decl_points": 162, "decl_tricks": 8}, W(252, 0, "made"), f"{SCOREIT_B} capot 252"),
    row("belote", {"contract": "Т", "decl_points": 72, "decl_con": ["бэла"]}, W(92, 90, "made"),
        f"{SCOREIT_B} «remporte son contrat avec la belote et moins de 81 points»"),
    row("belote", {"contract": "Т", "decl_points": 70, "decl_con": ["бэла"]}, W(20, 162, "bait"),
        f"{SCOREIT_B} «perd son contrat avec la belote qui est imprenable»"),
    row("belote", {"contract": "Т", "decl_points": 70, "decl_con": ["терц"]}, W(0, 182, "bait"),
        f"{SCOREIT_B} «perd son contrat avec une tierce»"),
    row("belote", {"contract": "Т", "decl_points": 70, "def_con": ["терц"]}, W(0, 182, "bait"),
        f"{SCOREIT_B} «perd son contrat et l'équipe une a une tierce»"),
    row("belote", {"contract": "Т", "decl_points": 81}, W(0, 81, "tie", held=81), f"{SCOREIT_B} «litige sans belote»"),
    row("belote", {"contract": "Т", "decl_points": 71, "decl_con": ["бэла"]}, W(0, 91, "tie", held=91),
        f"{SCOREIT_B} «litige avec belote» (91 : 91)"),
    row("belote", {"contract": "Т", "decl_points": 100}, W(100, 62, "made"), f"{SCOREHUB} «attacking team succeeds»"),
    row("belote", {"contract": "Т", "decl_points": 60}, W(0, 162, "bait"), f"{SCOREHUB} «attacking team fails»"),
    row("belote", {"contract": "Т", "decl_points": 0, "decl_tricks": 0}, W(0, 252, "bait"),
        f"{SCOREHUB} «capot by defending team scores 0-252»"),
    row("belote", {"contract": "Т", "decl_points": 90, "decl_con": ["бэла"]}, W(110, 72, "made"),
        f"{SCOREHUB} «belote bonus adds 20 to the announcing team»"),
    row("belote", {"contract": "Т", "decl_points": 60, "decl_con": ["бэла"]}, W(20, 162, "bait"),
        f"{SCOREHUB} «belote bonus is kept even when the announcing team falls»"),
    row("belote", {"contract": "Т", "decl_points": 162, "decl_tricks": 8, "def_con": ["бэла"]}, W(252, 20, "made"),
        f"{SCOREHUB} «belote bonus for the defending team is kept even on a capot by the attacker»"),
    row("belote", {"contract": "Т", "decl_points": 162, "decl_tricks": 8, "def_con": ["терц", "бэла"]},
        W(272, 20, "made", VCp=20), "FFB (carg contree_belote_rules.md §10.1.1) a capot takes the defenders' announcements"),
]

# --------------------------------------------------------------------------- coinche (rules «coinche»)

SCOREIT_C = "ScoreIt CoincheSolverTest.kt"
CARG_C = "carg coinche_belote_round_test.dart"
COINCHE = [
    row("coinche", {"contract": "120Т", "decl_points": 130}, W(250, 32, "made"), f"{SCOREIT_C} «enchérit 120, réalise 130»"),
    row("coinche", {"contract": "100Т", "decl_points": 120}, W(220, 42, "made"), f"{SCOREIT_C} «enchérit 100, réalise 120»"),
    row("coinche", {"contract": "120Т", "decl_points": 110, "decl_con": ["бэла"]}, W(250, 52, "made"),
        f"{SCOREIT_C} «enchérit 120, réalise 110, annonce la belote»"),
    row("coinche", {"contract": "140Т", "decl_points": 162, "decl_tricks": 8}, W(392, 0, "made"),
        f"{SCOREIT_C} «enchérit 140, réalise un capot» (252 + 140)"),
    row("coinche", {"contract": "130Т", "decl_points": 162, "decl_tricks": 8}, W(382, 0, "made"),
        f"{SCOREIT_C} «enchérit 130, réalise un capot»"),
    row("coinche", {"contract": "120Т+", "decl_points": 130}, W(500, 32, "made_doubled"),
        f"{SCOREIT_C} «coinchée»: (120 + 130) × 2, the defence its own"),
    row("coinche", {"contract": "120Т++", "decl_points": 130}, W(1000, 32, "made_doubled"),
        f"{SCOREIT_C} «surcoinché»: (120 + 130) × 4"),
    row("coinche", {"contract": "^Т", "decl_points": 162, "decl_tricks": 8, "def_con": ["бэла"]}, W(250, 20, "made"),
        f"{CARG_C} «Capot»: 250, the defence keeps its belote 20"),
    row("coinche", {"contract": "^^Т", "decl_points": 162, "decl_tricks": 8}, W(500, 0, "made"), f"{CARG_C} «Generale»: 500"),
    row("coinche", {"contract": "^^Т", "decl_points": 152, "decl_tricks": 7}, W(0, 660, "bait"),
        f"{CARG_C} «Failed generale»: 160 + 500 (carg's hand has the pair take every trick, not one player)"),
    row("coinche", {"contract": "^Т", "decl_points": 140, "decl_tricks": 7}, W(0, 410, "bait"),
        "FFB (carg contree_belote_rules.md §10.1.2) a failed capot: 160 + 250"),
    row("coinche", {"contract": "80Т", "decl_points": 81}, W(0, 240, "bait"),
        "FFB §10.1.2 and carg contractFulfilled: 81 : 81 is not more than the defence — a failure (160 + 80)"),
    row("coinche", {"contract": "120Т", "decl_points": 110}, W(0, 280, "bait"),
        f"FFB §10.1.2 160 + 120 ({SCOREIT_C} writes 282: see the variation with base_cost 162)"),
]

# --------------------------------------------------------------------------- Croatian bela (rules «bela»)


def bela(mi: int, mi_bid: bool, mi_decl: int, vi_decl: int, written: tuple[int, int]) -> pytest.param:
    """A BelaBot ``calculate_points`` test row: «mi» takes ``mi`` card points; ``mi_bid`` — «mi» called trumps; each
    team's declarations (20 a bela, or a terz where the other team declares nothing; 50 a berz)."""
    def constructions(value: int, other: int) -> list[str]:
        return {0: [], 50: ["берц"], 20: ["бэла"] if other else ["терц"]}[value]

    mine, theirs = constructions(mi_decl, vi_decl), constructions(vi_decl, mi_decl)
    if mi_bid:
        hand = {"contract": "Т", "decl_points": mi, "decl_con": mine, "def_con": theirs}
        expect = W(*written)
    else:
        hand = {"contract": "Т", "def_points": mi, "decl_con": theirs, "def_con": mine}
        expect = W(written[1], written[0])
    if mi in (0, 162):
        hand["decl_tricks"] = (8 if mi == 162 else 0) if mi_bid else (0 if mi == 162 else 8)
    return row("bela", hand, expect,
               f"BelaBot tests/test_util.py calculate_points({mi}, {mi_bid}, {mi_decl}, {vi_decl}) == {written}")


CROATIAN = [
    bela(82, True, 0, 0, (82, 80)), bela(81, True, 0, 0, (0, 162)), bela(80, True, 0, 0, (0, 162)),
    bela(82, False, 0, 0, (162, 0)), bela(81, False, 0, 0, (162, 0)), bela(80, False, 0, 0, (80, 82)),
    bela(81, True, 50, 0, (131, 81)), bela(81, True, 20, 0, (101, 81)), bela(90, True, 0, 20, (0, 182)),
    bela(82, False, 0, 20, (82, 100)), bela(82, False, 0, 50, (82, 130)), bela(80, False, 20, 0, (182, 0)),
    bela(162, True, 0, 0, (252, 0)), bela(162, False, 0, 0, (252, 0)), bela(162, True, 20, 0, (272, 0)),
    bela(162, False, 0, 50, (302, 0)), bela(162, True, 20, 50, (322, 0)), bela(162, False, 20, 50, (322, 0)),
    bela(0, True, 0, 0, (0, 252)), bela(0, False, 0, 0, (0, 252)), bela(0, True, 20, 0, (0, 272)),
    bela(0, False, 0, 50, (0, 302)), bela(0, True, 20, 50, (0, 322)), bela(0, False, 20, 50, (0, 322)),
]

# --------------------------------------------------------------------------- seed 001 belot 1×1 and 2×2

CLASSIC_1001 = [
    row("classic-1001", {"contract": "Т", "decl_points": 100}, W(100, 62, "made"),
        "seed 001 §1 full card points: each side writes what it took"),
    row("classic-1001", {"contract": "Т", "decl_points": 81}, W(0, 162, "bait"),
        "seed 001 §5 «меньше или равно … все очки пишет вистующая пара»: 81 : 81 is a bait"),
    row("classic-1001", {"contract": "Т", "decl_points": 62, "decl_con": ["берц"]}, W(112, 100, "made"),
        "seed 001 §2 berz 50 in full points"),
    row("classic-1001", {"contract": "ВК", "def_points": 37}, W(139, 23, "made", VTv=23),
        "seed 001 §5 ВК divided by 1.59: 37 → 23, the declarers 162 − 23"),
    row("classic-1001", {"contract": "Т", "decl_points": 70, "decl_con": ["терц"]}, W(0, 182, "bait"),
        "seed 001 §5 a bait: the defenders write everything, the declarers' terz too"),
]

ROWS = BULGARIAN + FRENCH + COINCHE + CROATIAN + CLASSIC_1001


@pytest.mark.parametrize(("rules", "hand", "expect"), ROWS)
def test_worked_hands(rules, hand, expect):
    result = engine(rules, hand)
    assert {key: result[key] for key in expect} == expect


def test_each_family_has_ten_worked_hands_with_ties_capots_doubling_and_thresholds():
    """The issue's floor: at least ten rows per family, ties, capots, doubling and each rounding threshold included."""
    for name, rows in (("bulgarian", BULGARIAN), ("belote", FRENCH), ("coinche", COINCHE), ("bela", CROATIAN)):
        assert len(rows) >= 10, name
    ids = " ".join(param.id for param in BULGARIAN)
    assert all(word in ids for word in ("hanging", "capot", "contra", "ВК 84", "БК 65", "75 rounds"))
    assert any("«litige" in param.id for param in FRENCH) and any("capot" in param.id for param in COINCHE)
    assert any("coinchée" in param.id for param in COINCHE)


# A row of each family through the command line (the same numbers, and the JSON names the new quantities).
CLI_ROWS = [BULGARIAN[2], BULGARIAN[5], FRENCH[8], COINCHE[5], CROATIAN[16], CLASSIC_1001[0]]


@pytest.mark.parametrize(("rules", "hand", "expect"), CLI_ROWS)
def test_worked_hands_on_the_command_line(rules, hand, expect):
    args = ["score", hand["contract"]]
    for key in ("def_points", "decl_points", "decl_tricks", "decl_seats"):
        if key in hand:
            args += ["--" + key.replace("_", "-"), str(hand[key])]
    for key in ("decl_con", "def_con"):
        if hand.get(key):
            args += ["--" + key.replace("_", "-"), ", ".join(hand[key])]
    result = run_json(*args, "--convention", rules)
    assert {key: result[key] for key in expect} == expect
    assert {"held", "held_terms", "declarers_multiplier", "defenders_multiplier"} <= set(result)


# --------------------------------------------------------------------------- variations beside the bundled values

import tomli_w  # noqa: E402


def variant(tmp_path, base: str, changes: dict) -> str:
    """A bundled rule set with ``changes`` (key path → value; None removes the key) written to a file."""
    data = tomllib.loads((conventions.bundled_dir() / f"{base}.toml").read_text(encoding="utf-8"))
    for path, value in changes.items():
        *parents, last = path.split(".")
        table = data
        for part in parents:
            table = table.setdefault(part, {})
        if value is None:
            del table[last]
        else:
            table[last] = value
    target = tmp_path / f"{base}-variant.toml"
    target.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(target)


VARIATIONS = [
    # ScoreIt's coinche failures count 162 («POINTS_TOTAL + bid»): with base_cost 162 they agree.
    pytest.param("coinche", {"games.suit.base_cost": 162}, {"contract": "120Т", "decl_points": 110}, W(0, 282),
                 id=f"coinche base_cost 162: {SCOREIT_C} «enchérit 120, réalise 110 et chute»"),
    pytest.param("coinche", {"games.suit.base_cost": 162}, {"contract": "140Т", "decl_points": 110, "decl_con": ["бэла"]},
                 W(20, 302), id=f"coinche base_cost 162: {SCOREIT_C} «140, 110, belote, chute»"),
    pytest.param("coinche", {"games.suit.base_cost": 162}, {"contract": "130Т", "decl_points": 100}, W(0, 292),
                 id=f"coinche base_cost 162: {SCOREIT_C} «enchérit 130, réalise 100»"),
    pytest.param("coinche", {"games.suit.base_cost": 162}, {"contract": "120Т+", "decl_points": 110}, W(0, 564),
                 id=f"coinche base_cost 162: {SCOREIT_C} «chute … coinchée» (162 + 120) × 2"),
    pytest.param("coinche", {"games.suit.base_cost": 162}, {"contract": "120Т++", "decl_points": 110}, W(0, 1128),
                 id=f"coinche base_cost 162: {SCOREIT_C} «chute … surcoinché» (162 + 120) × 4"),
    # doubling.multiplies = "bid" on a coinche failure: RULES.md §12 «160 + bid × multiplier».
    pytest.param("coinche", {"doubling.multiplies": "bid"}, {"contract": "120Т+", "decl_points": 110}, W(0, 400),
                 id="coinche multiplies bid: RULES.md §12 160 + 120 × 2"),
    # doubling.multiplies = "base_cost": the bid and the base value, not the points (160 × 2 + 120 × 2).
    pytest.param("coinche", {"doubling.multiplies": "base_cost"}, {"contract": "120Т+", "decl_points": 110}, W(0, 560),
                 id="coinche multiplies base_cost: (160 + 120) × 2 from the terms"),
    pytest.param("coinche", {"doubling.multiplies": "base_cost"}, {"contract": "120Т+", "decl_points": 130}, W(370, 32),
                 id="coinche multiplies base_cost: made, 120 × 2 + 130"),
    # made.simple = "at_least_defenders": a tie made (FFB §10.1.3: without the litige rule a tournament decides).
    pytest.param("belote", {"made.simple": "at_least_defenders", "tie": None, "written.tie": None},
                 {"contract": "Т", "decl_points": 81}, W(81, 81, "made"), id="belote at_least_defenders: 81 : 81 made"),
    # kapo.failed_card_points = "none": the defenders write the kapo premium alone (seed 001 silent, classic's other reading).
    pytest.param("classic", {"kapo.failed_card_points": "none"}, {"contract": "^Т", "def_points": 10, "decl_tricks": 7},
                 W(0, 25, "bait"), id="classic failed kapo, none: the premium 25 alone"),
    pytest.param("classic", {"kapo.failed_card_points": "base_cost"}, {"contract": "^Т", "def_points": 10, "decl_tricks": 7},
                 W(0, 41, "bait"), id="classic failed kapo, base_cost: 25 + 16"),
    # kapo.card_points = "counted": classic's kapo as it was before issue #22 (52 : 0).
    pytest.param("classic", {"kapo.card_points": "counted"}, {"contract": "^Т", "def_points": 0, "decl_tricks": 8,
                                                               "decl_con": ["бэла"]},
                 W(52, 0, "made"), id="classic kapo counted: the former 25 + 25 + 2"),
    # sequences compared with trump precedence (gambler's way) in a Bulgarian hand: the trump terz wins.
    pytest.param("bulgarian", {"constructions.trump_breaks_ties": True},
                 {"contract": "Ч", "decl_points": 90, "melds": {1: "терц от К♥", 2: "терц от К♠"}, "decl_seats": "13"},
                 W(11, 7, "made", VCp=20), id="bulgarian with trump precedence: the trump terz passes"),
    # compared = "linear" in a Bulgarian hand: the rams beat the other pair's sequence, which then does not pass.
    pytest.param("bulgarian", {"constructions.compared": "linear"},
                 {"contract": "Т", "decl_points": 90, "melds": {1: "терц от 10♠", 2: "рамки-Д"}, "decl_seats": "13"},
                 W(0, 26, "bait", VCp=0, VCv=100), id="bulgarian linear: rams beat the terz (262 → 26)"),
    pytest.param("bulgarian", {}, {"contract": "Т", "decl_points": 90, "melds": {1: "терц от 10♠", 2: "рамки-Д"},
                                   "decl_seats": "13"},
                 W(0, 28, "bait", VCp=20, VCv=100), id="bulgarian by_kind: the terz and the rams both pass (282 → 28)"),
]


@pytest.mark.parametrize(("base", "changes", "hand", "expect"), VARIATIONS)
def test_one_setting_changes_the_written_points(tmp_path, base, changes, hand, expect):
    rules = conventions.load(variant(tmp_path, base, changes))
    result = engine(rules, hand)
    assert {key: result[key] for key in expect} == expect


def test_croatian_compares_declarations_by_value(tmp_path):
    """BelaBot declarations.py: value first, then four of a kind over a sequence of equal value (a hundred of tens
    over a quinta).  With BelaBot's values a sequence worth more than four of a kind (eight in a row, 1000) shares a
    card with any four of a kind, so value first shows where a club values a sequence above them: a sixte of 150."""
    from bbscore.belot.melds import parse_announcements, resolve

    rules = conventions.load("bela")
    contract = rules.parse_contract("Ч")
    equal = resolve(parse_announcements({1: "квинта от В♠", 2: "рамки-К"}, contract, rules), contract, rules)
    assert [str(m) for m, _ in equal.passed] == ["рамки-К"]
    done = run_cli("melds", "Ч", "--p1", "квинта от В♠", "--p2", "рамки-К", "--convention", "bela")
    assert done.returncode == 0 and "рамки старше любой последовательности" in done.stdout
    for compared in ("by_value", "linear"):
        valued = conventions.load(variant(tmp_path, "bela", {"constructions.sixte": 150,
                                                                 "constructions.compared": compared}))
        melds = parse_announcements({1: "шестерик от Д♣", 2: "рамки-Т"}, contract, valued)
        assert [str(m) for m, _ in resolve(melds, contract, valued).passed] == (
            ["шестерик от ДТ"] if compared == "by_value" else ["рамки-Т"]), compared
    done = run_cli("melds", "Ч", "--p1", "шестерик от Д♣", "--p2", "рамки-Т", "--convention",
                   variant(tmp_path, "bela", {"constructions.sixte": 160}))
    assert done.returncode == 0 and "стоит больше вистов" in done.stdout


# --------------------------------------------------------------------------- the forms a rule set reads

FORMS = [
    pytest.param("bulgarian", "12Т", ["без заявки", "Т (игра, без заявки)"], id="bulgarian: no numeric bid"),
    pytest.param("bulgarian", "^Т", ["капо ^Т", "контракт пишется так: Т"], id="bulgarian: no kapo contract"),
    pytest.param("belote", "Т+", ["нет контры", "без контры"], id="belote: no contra"),
    pytest.param("bela", "Т++", ["нет контры"], id="bela: no contra"),
    pytest.param("coinche", "Т", ["нужно число N"], id="coinche: a bid is needed"),
    pytest.param("coinche", "170Т", ["не больше 160"], id="coinche: bids to 160"),
    pytest.param("coinche", "70Т", ["80"], id="coinche: bids from 80"),
    pytest.param("gambler", "Т", ["нужно число N"], id="gambler: the game alone is not read"),
]


@pytest.mark.parametrize(("rules", "contract", "words"), FORMS)
def test_a_form_the_rules_do_not_read_names_the_forms_they_do(rules, contract, words):
    with pytest.raises(BBScoreError):
        make_hand(conventions.load(rules), contract, decl_points=100)
    line = assert_refused(run_cli("score", contract, "--decl-points", "100", "--convention", rules))
    for word in words:
        assert word in line, line


@pytest.mark.parametrize("text, normal", [("Ч", "Ч"), ("h", "Ч"), ("♥+", "Ч+"), ("nt++", "БК++"), ("AT", "ВК"),
                                          (" бк ", "БК")])
def test_the_game_alone_in_every_spelling(text, normal):
    contract = conventions.load("bulgarian").parse_contract(text)
    assert str(contract) == normal and contract.number == 0


def test_no_trumps_have_no_constructions_in_bulgarian():
    """RULES.md §12; Belot_Scorer GAME_RULES.md §3 «Без коз → не се обявява нищо»."""
    line = assert_refused(run_cli("score", "БК", "--decl-points", "80", "--decl-con", "терц", "--convention", "bulgarian"))
    assert "конструкций нет" in line
    line = assert_refused(run_cli("melds", "БК", "--p1", "рамки-Т", "--convention", "bulgarian"))
    assert "конструкций нет" in line


def test_by_kind_refuses_sequences_on_both_sides():
    rules = conventions.load("bulgarian")
    with pytest.raises(BBScoreError, match="только у одной пары"):
        make_hand(rules, "Т", decl_points=90, decl_con=["терц"], def_con=["берц"])
    with pytest.raises(BBScoreError, match="только у одной пары"):
        make_hand(rules, "Т", decl_points=90, decl_con=["рамки-В"], def_con=["рамки-Д"])
    with pytest.raises(BBScoreError, match="число вистов"):
        make_hand(rules, "Т", decl_points=90, decl_con=["20"], def_con=["рамки-Д"])


# --------------------------------------------------------------------------- held-over points of a tie, hand to hand


def game(rules, hands: list[dict], pairs=("A", "B"), target: int = 10_000):
    """Replay hands given as protocol fields (``by`` a pair name)."""
    rules = conventions.load(rules) if isinstance(rules, str) else rules
    entries = [HandEntry(number=i + 1, line=None, fields=fields) for i, fields in enumerate(hands)]
    return replay(entries, pairs, target, rules)


def scores(result) -> list[tuple[int, int]]:
    return [hand.score for hand in result.results]


def test_bulgarian_hanging_points_reach_the_next_winner():
    """Belot_Scorer golden deals 03 then 04, 05, 17, 19: the 8 held (team B called ♣, 81 : 81) go to the team with more
    points in the next deal; a hang on a hang adds up; an even next deal keeps them hanging."""
    tie = {"contract": "Т", "by": "B", "def_points": 81}
    d04 = game("bulgarian", [tie, {"contract": "Т", "by": "A", "decl_points": 100}])
    assert scores(d04) == [(8, 0), (18, 6)] and d04.results[1].held_to == 0 and d04.held == 0
    d05 = game("bulgarian", [tie, {"contract": "П", "by": "A", "decl_points": 81}])
    assert scores(d05) == [(8, 0), (0, 8)] and d05.held == 16
    assert (d04.holding, d05.holding) == (1, 2)  # (the hands after which points are held: what an edit looks at)
    d17 = game("bulgarian", [tie, {"contract": "Ч", "by": "A", "decl_points": 70}])
    assert scores(d17) == [(8, 0), (0, 24)] and d17.results[1].held_to == 1
    d19 = game("bulgarian", [tie, {"contract": "П", "by": "A", "decl_points": 82}])
    assert scores(d19) == [(8, 0), (8, 8)] and d19.held == 8 and d19.results[1].held_to is None
    # a redeal between them changes nothing
    redeal = game("bulgarian", [tie, {"redeal": "all-pass"}, {"contract": "Т", "by": "A", "decl_points": 100}])
    assert scores(redeal) == [(8, 0), (0, 0), (18, 6)]


def test_scoreit_litige_game():
    """ScoreIt BeloteSolverTest.kt «calcule le score sans arrondi et avec litige»: eight laps, totals 844 : 562.  Under
    the bundled belote (next_declarers_if_made, scorehub and FFB) the held 81 reach «ONE» at its capot (lap 5), in
    ScoreIt at lap 3, where «ONE» wins as defenders (next_winner): the totals agree either way."""
    laps = [("ONE", 116), ("TWO", 81), ("TWO", 50), ("ONE", 60), ("ONE", 162), ("TWO", 143), ("TWO", 71), ("TWO", 120)]
    hands = [{"contract": "Т", "by": by, "decl_points": points, **({"decl_tricks": 8} if points == 162 else {}),
              **({"decl_con": ["бэла"]} if i == 6 else {})} for i, (by, points) in enumerate(laps)]
    expected = [116 + 81 + (81 + 162) + 0 + 252 + 19 + 91 + 42, 46 + 0 + 0 + 162 + 0 + 143 + 0 + (91 + 120)]
    bundled = game("belote", hands, pairs=("ONE", "TWO"))
    assert list(bundled.totals) == expected
    assert bundled.results[4].held_to == 0 and bundled.results[2].held_out == 81
    assert bundled.holding == sum(result.held_out > 0 for result in bundled.results) > 0
    rules = conventions.load("belote").settings
    import msgspec

    changed = msgspec.structs.replace(rules, tie=msgspec.structs.replace(rules.tie, held_to="next_winner"))
    from bbscore.belot.convention import Convention

    winner = game(Convention(changed, conventions.bundled_dir() / "belote.toml"), hands, pairs=("ONE", "TWO"))
    assert list(winner.totals) == expected
    assert scores(winner)[2] == (81 + 162, 0) and winner.results[2].held_to == 0


def test_scoreit_rounded_game():
    """ScoreIt «calcule le score avec arrondi et sans litige»: 120 + 70 + 160 + 0 + 250 + 20 : 50 + 90 + 0 + 160 + 0 +
    140 — with visty_per_point 10 (the count in tens, file comment) the same numbers / 10."""
    laps = [("ONE", 116), ("TWO", 90), ("TWO", 50), ("ONE", 60), ("ONE", 162), ("TWO", 143)]
    hands = [{"contract": "Т", "by": by, "decl_points": points, **({"decl_tricks": 8} if points == 162 else {})}
             for by, points in laps]
    plain = game("belote", hands, pairs=("ONE", "TWO"))
    assert list(plain.totals) == [116 + 72 + 162 + 0 + 252 + 19, 46 + 90 + 0 + 162 + 0 + 143]


def test_scoreit_rounded_game_in_tens(tmp_path):
    laps = [("ONE", 116), ("TWO", 90), ("TWO", 50), ("ONE", 60), ("ONE", 162), ("TWO", 143)]
    hands = [{"contract": "Т", "by": by, "decl_points": points, **({"decl_tricks": 8} if points == 162 else {})}
             for by, points in laps]
    tens = conventions.load(variant(tmp_path, "belote", {"points.visty_per_point": 10, "games.suit.base_cost": 16,
                                                         "games.suit.all_tricks_base_cost": 25, "game_end.target": 50}))
    rounded = game(tens, hands, pairs=("ONE", "TWO"))
    assert [10 * t for t in rounded.totals] == [120 + 70 + 160 + 0 + 250 + 20, 50 + 90 + 0 + 160 + 0 + 140]


def test_scorehub_litige_carry():
    """scorehub BeloteScoreManagerTest.kt: the carry threads through hands and waits for an attacker who succeeds."""
    tie = {"contract": "Т", "by": "A", "decl_points": 81}
    threaded = game("belote", [tie, {"contract": "Т", "by": "A", "decl_points": 90}])
    assert scores(threaded) == [(0, 81), (171, 72)]  # «computeRoundScores threads carry across multiple hands»
    # «getTotal sums … including litige resolution» expects «B» 81 + 100 = 181, but scorehub's own computeScores (as
    # stored, BeloteScoreManager.kt: «scores[attackingTeam] = made + litigeCarry») gives the successful attacker the
    # carry: 81 + (100 + 81) = 262 — the source disagrees with itself; bbscore follows its code and FFB §10.1.3.
    totals = game("belote", [tie, {"contract": "Т", "by": "B", "decl_points": 100}])
    assert list(totals.totals) == [62, 262]
    twice = game("belote", [tie, {"contract": "Т", "by": "B", "decl_points": 81}])
    assert scores(twice) == [(0, 81), (81, 0)] and twice.held == 162  # «second consecutive litige accumulates»
    failed = game("belote", [tie, {"contract": "Т", "by": "B", "decl_points": 50}])
    assert failed.held == 81  # «litige carry persists through a failed hand»
    capot = game("belote", [tie, {"contract": "Т", "by": "B", "decl_points": 162, "decl_tricks": 8}])
    assert scores(capot)[1] == (0, 333)  # «capot by attacker resolves pending litige carry»
    defended = game("belote", [tie, {"contract": "Т", "by": "B", "decl_points": 0, "decl_tricks": 0}])
    assert defended.held == 81 and scores(defended)[1] == (252, 0)  # «capot by defender does not resolve …»


def test_held_points_in_a_protocol(tmp_path):
    """A Bulgarian sheet: ``add`` writes ``held``, ``show --json`` shows it, ``recompute`` checks it, ``--fix`` mends it."""
    sheet = tmp_path / "game.toml"
    assert run_cli("new", sheet, "--pairs", "Мы,Они", "--convention", "bulgarian").returncode == 0
    assert run_cli("add", sheet, "Т", "--by", "Они", "--def-points", "81").returncode == 0
    assert "held = 8" in sheet.read_text(encoding="utf-8")
    done = run_cli("add", sheet, "Т", "--by", "Мы", "--decl-points", "100")
    assert done.returncode == 0 and "+8 отложенных — Мы" in done.stdout
    shown = run_json("show", sheet)
    assert [(h["score"], h.get("held"), h.get("held_to")) for h in shown["hands"]] == [([8, 0], 8, None), ([18, 6], 0, "Мы")]
    assert run_json("recompute", sheet)["files"][0]["ok"] is True
    text = sheet.read_text(encoding="utf-8").replace("held = 8", "held = 9")
    sheet.write_text(text, encoding="utf-8")
    report = run_json("recompute", sheet, code=1)["files"][0]
    assert [(d["field"], d["recorded"], d["computed"]) for d in report["discrepancies"]] == [("held", 9, 8)]
    assert "отложено" in run_cli("recompute", sheet).stdout
    assert run_cli("recompute", sheet, "--fix").returncode == 1
    assert "held = 8" in sheet.read_text(encoding="utf-8")
    assert run_json("recompute", sheet)["files"][0]["ok"] is True
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("held = 8", 'held = "8"'), encoding="utf-8")
    bad = run_json("recompute", sheet, code=1)["files"][0]  # a slip of what was written, not of the hand
    assert [(d["field"], d["computed"]) for d in bad["discrepancies"]] == [("held", 8)], bad


def test_loser_needs_a_trick_in_bulgarian():
    """Belot_Scorer GAME_RULES.md §6 / ADR 0018: the game does not end on a hand in which the losers took no card point
    («с капо не се излиза»); the next hand ends it."""
    capot = {"contract": "Ч", "by": "A", "decl_points": 162, "decl_tricks": 8}
    result = game("bulgarian", [capot, capot], target=40)
    assert result.totals == (50, 0) and not result.ended
    ended = game("bulgarian", [capot, {"contract": "Ч", "by": "A", "decl_points": 100}], target=30)
    assert ended.ended_at == 2 and ended.winner == 0


# --------------------------------------------------------------------------- rule sets: check, show, diff

FAMILY = ["bulgarian", "belote", "coinche", "bela", "classic-1001"]


def belot_rule_sets() -> list[str]:
    return [name for name in conventions.bundled_names()
            if tomllib.loads((conventions.bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")).get(
                "game", "bazar-belot") == "bazar-belot"]


def test_diff_between_any_two_bundled_rule_sets():
    """``conventions diff`` between any two of the Belot family's bundled rule sets lists their rule differences."""
    from itertools import combinations

    names = belot_rule_sets()
    assert set(FAMILY) <= set(names)
    for first, second in combinations(names, 2):
        done = run_cli("conventions", "diff", first, second, "--json")
        assert done.returncode == 0, (first, second, done.stderr)
        import json

        keys = {d["key"] for d in json.loads(done.stdout)["differences"]}
        assert "name" in keys, (first, second)


@pytest.mark.parametrize("name", FAMILY)
def test_show_and_commented_copy(tmp_path, name):
    done = run_cli("conventions", "show", name)
    assert done.returncode == 0 and conventions.load(name).sha256 in done.stdout
    copy = tmp_path / f"copy-{name}.toml"
    assert run_cli("conventions", "init", copy, "--from", name).returncode == 0
    assert conventions.load(str(copy)).settings.tie == conventions.load(name).settings.tie


# --------------------------------------------------------------------------- the new settings' consistency checks

CHECKS = [
    # (rule set, key path changed → value (None removes it), the key path the refusal names)
    ("bulgarian", {"games.suit.round_up_from": None}, "games.suit.round_up_from"),  # threshold needs one per game
    ("bulgarian", {"games.suit.round_up_from": 11}, "games.suit.round_up_from"),  # 1 … visty_per_point
    ("gambler", {"games.suit.round_up_from": 6}, "games.suit.round_up_from"),  # only with rounding = "threshold"
    ("bulgarian", {"games.all_trumps.base_cost": 25}, "games.all_trumps.base_cost"),  # 258 rounds to 26 (RULES.md §12)
    ("bulgarian", {"written.tie": None}, "written.tie"),  # a held tie needs its row
    ("bulgarian", {"written.tie.held": []}, "written.tie.held"),  # … and something held
    ("bulgarian", {"made.simple": "at_least_defenders"}, "tie.rule"),  # a tie is made there: nothing to hold
    ("coinche", {"written.tie": {"declarers": [], "defenders": ["Pv"], "held": ["Pp"]}}, "written.tie"),  # no [tie]
    ("coinche", {"written.made.held": ["Pp"]}, "written.made.held"),  # held only in the tie row
    ("bulgarian", {"contract.forms": []}, "contract.forms"),
    ("bulgarian", {"contract.forms": ["game", "game"]}, "contract.forms"),
    ("bulgarian", {"contract.forms": ["game", "kapo_bid"]}, "contract.forms"),  # needs kapo.style = "flag"
    ("coinche", {"kapo.style": "flag"}, "contract.forms"),  # ^Т needs the premium
    ("coinche", {"kapo.from_one_hand": False}, "contract.forms"),  # ^^Т needs it
    ("bela", {"made.simple": "reach_contract"}, "made.simple"),  # the game alone has no bid to reach
    ("bulgarian", {"games.no_trumps.max_belas": 1}, "games.no_trumps.max_belas"),  # (no trumps: no bela anyway)
    ("bulgarian", {"games.all_trumps.constructions": False}, "games.all_trumps.max_belas"),  # no constructions, no bela
]


@pytest.mark.parametrize(("base", "changes", "named"), CHECKS, ids=[f"{c[0]}: {c[1]}" for c in CHECKS])
def test_the_new_settings_must_agree(tmp_path, base, changes, named):
    from bbscore.errors import ConventionError

    with pytest.raises(ConventionError) as raised:
        conventions.load(variant(tmp_path, base, changes))
    assert raised.value.value == named, raised.value.message()
    from pathlib import Path

    name = Path(variant(tmp_path, base, changes)).name  # (relative: the line keeps its key within its 300 characters)
    line = assert_refused(run_cli("conventions", "check", name, cwd=tmp_path))
    assert named in line, line


# --------------------------------------------------------------------------- the working, play and edit follow the file

WORKING = [
    pytest.param(["БК", "--def-points", "50", "--convention", "bulgarian"],
                 ["Заявки нет (игра без числа): PC = 0.", "игра БК умножает всё, что пишут пары в этой сдаче: × 2",
                  "Pp = round(Vp) div 10 = round(80) div 10 = 80 div 10 = 8; Pv = round(Vp + Vv) div 10 − Pp",
                  "вверх с остатка 5"], id="bulgarian: no trumps ×2, the caller rounded up from 5"),
    pytest.param(["Т", "--def-points", "81", "--convention", "bulgarian"],
                 ["Vp = 81 = Vv = 81 → висты равны: ничья", "откладываются — 8 (их получит пара, которая выиграет"],
                 id="bulgarian: a hang"),
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "8", "--decl-con", "бэла", "--convention", "classic"],
                 ["Pp = 0 (очки за карты по этим правилам не считаются) + VCp / 10 = 0 + 2 = 2",
                  "разыгрывающие пишут PC + Pp = 25 + 2 = 27"], id="classic: a kapo without its card points"),
    pytest.param(["^Т", "--decl-points", "140", "--decl-tricks", "7", "--convention", "coinche"],
                 ["160 (за карты — базовая стоимость простой игры)", "вистующие пишут C + PC + Pkv = 160 + 250 + 0 = 410"],
                 id="coinche: a failed capot"),
    pytest.param(["120Т+", "--decl-points", "130", "--convention", "coinche"],
                 ["множитель (2) умножает всё, что пишет пара, выигравшая сдачу: разыгрывающие",
                  "разыгрывающие пишут (PC + Pp) × 2 = (120 + 130) × 2 = 500, вистующие пишут Pv = 32"],
                 id="coinche: the winner's row doubled"),
    pytest.param(["Т", "--decl-points", "162", "--decl-tricks", "8", "--def-con", "терц, бэла", "--convention", "belote"],
                 ["их конструкции переходят разыгрывающим (бэла остаётся у пары) → VCp = 20, VCv = 20"],
                 id="belote: a capot takes the defenders' tierce"),
]


@pytest.mark.parametrize(("args", "present"), WORKING)
def test_the_working_follows_the_family(args, present):
    done = run_cli("score", *args)
    assert done.returncode == 0, done.stderr
    for line in present:
        assert line in done.stdout, f"{line}\n---\n{done.stdout}"


def test_the_working_of_a_multiplied_base_cost(tmp_path):
    done = run_cli("score", "120Т+", "--decl-points", "110", "--convention",
                   variant(tmp_path, "coinche", {"doubling.multiplies": "base_cost"}))
    assert done.returncode == 0 and "C в записи = 160 × 2 = 320" in done.stdout


def test_play_asks_for_the_forms_the_file_reads(tmp_path):
    path = tmp_path / "bg.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они", "--convention", "bulgarian").returncode == 0
    lines = ["2", "12Т", "Т", "81", "", "", "1", "Ч", "р 100", "", "", "выход"]
    done = run_cli("play", str(path), stdin="".join(f"{line}\n" for line in lines), columns=120)
    assert done.returncode == 0, done.stderr
    assert "Контракт (Т (игра, без заявки); + контра, ++ реконтра; игры П Т Б Ч БК ВК): " in done.stdout
    assert "нет контракта вида Т с заявкой N" in done.stdout  # 12Т refused, asked again
    hands = tomllib.loads(path.read_text(encoding="utf-8"))["hand"]
    assert [(h["score"], h.get("held")) for h in hands] == [([8, 0], 8), ([18, 6], None)]


def test_edit_carries_the_held_points_on(tmp_path):
    """``edit`` of an earlier hand rewrites a later hand's ``held`` as it rewrites its total."""
    sheet = tmp_path / "game.toml"
    assert run_cli("new", sheet, "--pairs", "Мы,Они", "--convention", "bulgarian").returncode == 0
    assert run_cli("add", sheet, "Т", "--by", "Они", "--def-points", "81").returncode == 0
    assert run_cli("add", sheet, "Т", "--by", "Они", "--def-points", "81").returncode == 0
    assert [h.get("held") for h in tomllib.loads(sheet.read_text(encoding="utf-8"))["hand"]] == [8, 16]
    assert run_cli("edit", sheet, "1", "Т", "--by", "Они", "--def-points", "62").returncode == 0
    assert [h.get("held") for h in tomllib.loads(sheet.read_text(encoding="utf-8"))["hand"]] == [None, 8]


def test_the_families_names_of_declarations():
    """Bulgarian «терца, кварта, квинта, каре» (Belot_Scorer GAME_RULES.md §3), Croatian «terca, kvarta, kvinta»."""
    from bbscore.belot.constructions import parse_list

    assert [str(c) for c in parse_list("терца, кварта, квинта, каре-В, terca, kvarta, kvinta", "decl_con")] == [
        "терц", "берц", "квинта", "рамки-В", "терц", "берц", "квинта"]
    with pytest.raises(BBScoreError, match="не смешивайте"):
        parse_list("каре-A", "decl_con")


# --- a held tie through edit, recompute and the end of a game (found by a newcomer's review) ---


def _sheet(tmp_path, convention: str, *hands: list[str], target: str | None = None):

    path = tmp_path / "game.toml"
    extra = ["--target", target] if target else []
    assert run_cli("new", str(path), "--pairs", "Мы,Они", "--convention", convention, *extra).returncode == 0
    for hand in hands:
        done = run_cli("add", str(path), *hand)
        assert done.returncode == 0, done.stderr
    return path


def test_edit_into_and_out_of_a_tie_rewrites_the_hands_that_received_its_points(tmp_path):
    """RULES.md §12 «висяща»: the tie's 8 are held and go to the next winner; editing hand 1 out of the tie (and back)
    must rewrite the score of hand 2, which received them, so that recompute agrees."""

    path = _sheet(tmp_path, "bulgarian", ["Т", "--by", "Они", "--def-points", "81"], ["Ч", "--by", "Мы", "--decl-points", "100"],
                  ["П", "--by", "Они", "--decl-points", "100"])
    assert tomllib.loads(path.read_text(encoding="utf-8"))["hand"][1]["score"] == [18, 6]
    for points, second in (("70", [10, 6]), ("81", [18, 6])):
        done = run_cli("edit", str(path), "1", "Т", "--by", "Они", "--def-points", points)
        assert done.returncode == 0, done.stderr
        hands = tomllib.loads(path.read_text(encoding="utf-8"))["hand"]
        assert hands[1]["score"] == second
        checked = run_cli("recompute", str(path))
        assert checked.returncode == 0, checked.stdout
        totals = hands[-1]["total"]
        assert f"{totals[0]} : {totals[1]}" in done.stdout  # the totals said are the ones written


def test_a_held_tie_whose_held_key_was_deleted_is_a_discrepancy_and_fix_writes_it(tmp_path):

    path = _sheet(tmp_path, "bulgarian", ["Т", "--by", "Они", "--def-points", "81"])
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.startswith("held =")), encoding="utf-8")
    done = run_cli("recompute", str(path))
    assert done.returncode == 1 and "записано 0, по правилам 8" in done.stdout
    assert run_cli("recompute", "--fix", str(path)).returncode == 1
    assert tomllib.loads(path.read_text(encoding="utf-8"))["hand"][0]["held"] == 8
    assert run_cli("recompute", str(path)).returncode == 0


def test_a_form_the_rules_do_not_read_is_refused_before_any_bid_confirmation(tmp_path):

    path = _sheet(tmp_path, "belote")
    before = path.read_bytes()
    done = run_cli("add", str(path), "80Т", "--by", "Они", "--def-points", "62")
    assert done.returncode == 2 and "--yes" not in done.stderr and "без заявки" in done.stderr
    assert path.read_bytes() == before


def test_a_target_reached_in_a_hand_that_does_not_end_the_game_says_why(tmp_path):
    """Bulgarian (game_end.loser_needs_trick): a capot over the target does not end the game; the sheet says so."""

    path = _sheet(tmp_path, "bulgarian", ["Ч", "--by", "Они", "--def-points", "0", "--decl-tricks", "8"], target="20")
    shown = run_cli("show", str(path)).stdout
    assert "не кончает" in " ".join(shown.split()) and "Партия окончена" not in shown
