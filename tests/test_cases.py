"""Scored hands, gambler convention (RULES.md §5, seed 000 §5): data in, the points each pair writes out.

``tests/data/gambler-hands.json`` is copied from shared/cases/gambler-hands.json;
seed 000 §5 examples first.  Each row runs twice: through the engine
(:func:`make_hand` + :func:`score`) and through the command line
(``bbscore score … --json``).  The failing row is named by its ``note``.

``OWN_ROWS`` below are more hands derived by hand from RULES.md §5, each with
its arithmetic.  A row may give ``def_points``, ``decl_points`` or both, and
its ``expect`` may name any key of the breakdown (the JSON output's keys).
"""

from __future__ import annotations

import json

import pytest

from bbscore.belot.hand import make_hand
from bbscore.belot.scoring import score
from conftest import DATA, REPO, run_json

SHARED_ROWS = json.loads((DATA / "gambler-hands.json").read_text(encoding="utf-8"))

OWN_ROWS = [
    # Rule 1: the declarers took no trick, so their terz (20) goes to the defenders.
    # VTp = 0, VTv = 162; VCp 20 → 0, VCv 0 → 20; Vp = 0 < 80 → bait.
    # Vv = 182 → round 180 → Pv = 18; Pp = (0 + 182 − 180) div 10 = 0; PC = 8.
    # defenders write 8 + 0 + 18 = 26.
    {"contract": "8П", "def_points": 162, "decl_con": ["терц"], "def_con": [], "decl_tricks": 0,
     "expect": {"declarers": 0, "defenders": 26, "made": False, "outcome": "bait",
                "VCp": 0, "VCv": 20, "announced_VCp": 20, "constructions_moved": True, "Pp": 0, "Pv": 18},
     "note": "own: declarers without a trick, their terz goes to the defenders"},
    # Same, but one trick of 7s and 8s (0 visty): the terz stays with the declarers.
    # Vp = 0 + 20 = 20 < 80 → bait; Vv = 162 → 160 → Pv = 16; Pp = (182 − 160) div 10 = 2.
    # defenders 8 + 2 + 16 = 26.
    {"contract": "8П", "def_points": 162, "decl_con": ["терц"], "def_con": [], "decl_tricks": 1,
     "expect": {"declarers": 0, "defenders": 26, "made": False, "VCp": 20, "VCv": 0,
                "constructions_moved": False, "Pp": 2, "Pv": 16},
     "note": "own: one empty trick keeps the declarers' terz"},
    # Defenders keep their constructions with no trick (rule 1): VTv = 0, VCv = 20.
    # Vp = 162 ≥ 80 made; Vv = 20 → Pv = 2; Pp = (182 − 20) div 10 = 16; declarers 8 + 16 = 24.
    {"contract": "8Т", "def_points": 0, "decl_con": [], "def_con": ["терц"],
     "expect": {"declarers": 24, "defenders": 2, "made": True, "VCv": 20},
     "note": "own: defenders with no trick keep their terz"},
    # seed 000 example 1 given as the declarers' trick points: VTv = 162 − 144 = 18 → 28 : 4.
    {"contract": "12Т", "decl_points": 144, "decl_con": ["терц"], "def_con": ["бэла"],
     "expect": {"declarers": 28, "defenders": 4, "made": True, "VTv": 18, "VTp": 144},
     "note": "own: seed 000 example 1 with --decl-points"},
    # seed 000 example 2 with both sides' trick points, 37 + 221 = 258 = S.
    # Vp = 221 ≥ 220 made; Vv = 37 → 40 → Pv = 4; Pp = (258 − 40) div 10 = 21; 22 + 21 = 43.
    {"contract": "22ВК", "def_points": 37, "decl_points": 221, "decl_con": [], "def_con": [],
     "expect": {"declarers": 43, "defenders": 4, "made": True, "S": 258},
     "note": "own: seed 000 example 2 with both trick points"},
    # ВК allows four belas (one per suit): two each side. VCp = 40, VCv = 40.
    # Vp = 200 + 40 = 240 ≥ 200 made; Vv = 58 + 40 = 98 → 100 → Pv = 10;
    # Pp = (240 + 98 − 100) div 10 = 23; declarers 20 + 23 = 43. Check: 23 + 10 = 25 + 80/10.
    {"contract": "20ВК", "def_points": 58, "decl_con": ["бэла", "бэла"], "def_con": ["бэла, бэла"],
     "expect": {"declarers": 43, "defenders": 10, "made": True, "VCp": 40, "VCv": 40, "Pp": 23, "Pv": 10},
     "note": "own: ВК with four belas"},
    # Contra made: VTp = 102 ≥ 100 made; PC = 10 × 2 = 20; Vv = 60 → Pv = 6; Pp = 102 div 10 = 10.
    # Everything to the declarers: 20 + 10 + 6 = 36 : 0.
    {"contract": "10Т+", "def_points": 60, "decl_con": [], "def_con": [],
     "expect": {"declarers": 36, "defenders": 0, "made": True, "outcome": "made_doubled",
                "multiplier": 2, "PC": 20},
     "note": "own: contra made, all to the declarers"},
    # Recontra bait: VTp = 92 < 100; PC = 10 × 4 = 40; Vv = 70 → Pv = 7; Pp = 92 div 10 = 9.
    # defenders 40 + 9 + 7 = 56.
    {"contract": "10Б++", "def_points": 70, "decl_con": [], "def_con": [],
     "expect": {"declarers": 0, "defenders": 56, "made": False, "outcome": "bait", "multiplier": 4, "PC": 40},
     "note": "own: recontra bait, contract points times 4"},
    # Rounding 5 up with a bela: Vp = 137 ≥ 130 made; Vv = 25 + 20 = 45 → 50 → Pv = 5;
    # Pp = (137 + 45 − 50) div 10 = 13; declarers 13 + 13 = 26.
    {"contract": "13П", "def_points": 25, "decl_con": [], "def_con": ["бэла"],
     "expect": {"declarers": 26, "defenders": 5, "made": True, "rounded_Vv": 50},
     "note": "own: defenders 45 round up to 50"},
    # Kapo from one hand, БК, recontra: C = 50, PC = 50 × 4 = 200, Pp = 50 → 250 : 0.
    {"contract": "^^БК++", "def_points": 0, "decl_con": [], "def_con": [], "decl_tricks": 8,
     "expect": {"declarers": 250, "defenders": 0, "made": True, "C": 50, "PC": 200},
     "note": "own: kapo from one hand БК recontra"},
    # Kapo ВК plus 3 made by a quinta: C = 34, PC = 34 + 3 = 37, needs VCp ≥ 30: 100.
    # Pp = 34 + 100/10 = 44; declarers 37 + 44 = 81.
    {"contract": "^3ВК", "def_points": 0, "decl_con": ["квинта"], "def_con": [], "decl_tricks": 8,
     "expect": {"declarers": 81, "defenders": 0, "made": True, "C": 34, "PC": 37, "required": 30},
     "note": "own: kapo ВК plus 3 with a quinta"},
    # Rams of 8s: worth 0 and cancel the rest, the defenders' bela survives (seed 000 §0.2).
    # Vp = 112 ≥ 100 made; Vv = 50 + 20 = 70 → Pv = 7; Pp = (112 + 70 − 70) div 10 = 11; 10 + 11 = 21.
    {"contract": "10Т", "def_points": 50, "decl_con": ["рамки-8"], "def_con": ["бэла"],
     "expect": {"declarers": 21, "defenders": 7, "made": True, "VCp": 0, "VCv": 20},
     "note": "own: rams of 8s, bela survives"},
    # Latin spelling; the JSON shows the normal form.  Same numbers as seed 000 example 3:
    # Vp = 129 + 20 = 149 < 150 bait; PC = 30; Vv = 33 → Pv = 3; Pp = (149 + 33 − 30) div 10 = 15; 48.
    {"contract": "15s+", "def_points": 33, "decl_con": ["terz"], "def_con": [],
     "expect": {"declarers": 0, "defenders": 48, "made": False, "contract": "15П+", "decl_con": ["терц"]},
     "note": "own: seed 000 example 3 in Latin spelling"},
]

ROWS = [pytest.param(row, id=row["note"]) for row in SHARED_ROWS + OWN_ROWS]


def engine_breakdown(row: dict, gambler_rules):
    hand = make_hand(
        gambler_rules,
        row["contract"],
        def_points=row.get("def_points"),
        decl_points=row.get("decl_points"),
        decl_con=row.get("decl_con") or None,
        def_con=row.get("def_con") or None,
        decl_tricks=row.get("decl_tricks"),
    )
    return score(hand, gambler_rules)


def cli_args(row: dict) -> list[str]:
    args = ["score", row["contract"]]
    if "def_points" in row:
        args += ["--def-points", str(row["def_points"])]
    if "decl_points" in row:
        args += ["--decl-points", str(row["decl_points"])]
    for text in row.get("decl_con", []):
        args += ["--decl-con", text]
    for text in row.get("def_con", []):
        args += ["--def-con", text]
    if row.get("decl_tricks") is not None:
        args += ["--decl-tricks", str(row["decl_tricks"])]
    return args


def breakdown_value(breakdown, key: str):
    value = getattr(breakdown, key)
    if key == "outcome":
        return value.value
    if key == "contract":
        return str(value)
    return value


@pytest.mark.parametrize("row", ROWS)
def test_engine(row, gambler_rules):
    breakdown = engine_breakdown(row, gambler_rules)
    expect = row["expect"]
    assert (breakdown.declarers, breakdown.defenders, breakdown.made) == (
        expect["declarers"], expect["defenders"], expect["made"])
    for key, value in expect.items():
        if key in ("declarers", "defenders", "made", "decl_con"):
            continue
        assert breakdown_value(breakdown, key) == value, key


@pytest.mark.parametrize("row", ROWS)
def test_cli_json(row):
    result = run_json(*cli_args(row))
    expect = row["expect"]
    assert (result["declarers"], result["defenders"], result["made"]) == (
        expect["declarers"], expect["defenders"], expect["made"])
    for key, value in expect.items():
        assert result[key] == value, key


JSON_KEYS = {
    "contract", "made", "outcome", "declarers", "defenders", "S", "VTp", "VTv", "announced_VCp", "announced_VCv",
    "constructions_moved", "VCp", "VCv", "Vp", "Vv", "C", "multiplier", "PC", "required", "rounded_Vv", "Pp", "Pv",
    "decl_tricks", "decl_con", "def_con", "convention", "convention_sha256",
}
NUMBER_KEYS = sorted(JSON_KEYS - {"contract", "outcome", "decl_con", "def_con", "convention", "convention_sha256"})


@pytest.mark.parametrize(
    "row",
    [pytest.param(row, id=row["note"]) for row in SHARED_ROWS[:3] + SHARED_ROWS[10:11] + OWN_ROWS[:1]],
)
def test_cli_json_shows_the_engines_working(row, gambler_rules):
    """The CLI is glue: every quantity it prints is the engine's (RULES.md §5 steps)."""
    result = run_json(*cli_args(row))
    assert JSON_KEYS <= set(result)
    breakdown = engine_breakdown(row, gambler_rules)
    for key in NUMBER_KEYS:
        assert result[key] == breakdown_value(breakdown, key), key
    assert result["contract"] == str(breakdown.contract)
    assert result["outcome"] == breakdown.outcome.value
    assert result["convention"] == "gambler"
    assert result["convention_sha256"] == gambler_rules.sha256  # the rules' content hash (convention.rules_hash)


def test_cli_json_lists_constructions_in_normal_form():
    # terz, bela written in Latin and with a count: the JSON lists the normal names, one per construction.
    result = run_json("score", "12C", "--def-points", "18", "--decl-con", "terz", "--def-con", "bela")
    assert result["contract"] == "12Т"
    assert result["decl_con"] == ["терц"]
    assert result["def_con"] == ["бэла"]
    assert (result["declarers"], result["defenders"]) == (28, 4)


def test_cli_convention_by_path_is_the_same_as_by_name(tmp_path):
    copy = tmp_path / "mine.toml"
    copy.write_bytes((REPO / "conventions" / "gambler.toml").read_bytes())
    by_name = run_json("score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла")
    by_path = run_json("score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла",
                       "--convention", str(copy))
    assert (by_path["declarers"], by_path["defenders"]) == (by_name["declarers"], by_name["defenders"]) == (28, 4)
    assert by_path["convention_sha256"] == by_name["convention_sha256"]
