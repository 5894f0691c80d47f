"""Conventions as data (RULES.md §7): every rule difference is a setting of the convention file.

Sections:

1. ``SETTING_ROWS`` — "one setting changes one result": a variant of a bundled
   convention (loaded with tomllib, ONE key changed — plus the keys that must
   stay consistent with it, named in the row —, written with tomli-w) and a
   hand whose result differs between the bundled file and the variant.  Every
   expected number is worked out by hand from RULES.md §5 in the row's comment;
   every row's id cites the seed passage it reflects.  Game-end settings
   (target, on_tie, doezd) are checked on protocols further down.
2. classic against gambler: the two hands of the issue, ВК scaling, the
   classic rams tables, constructions without a trick, and ``score
   --convention classic`` for every kind of contract.
3. Broken convention files: ``conventions check FILE`` and ``score
   --convention FILE`` refuse them with one Russian line naming the file and
   the key path (exit 2, no traceback).
4. The ``conventions`` commands: list, show, diff, check, init (and the
   round trip: an ``init`` copy scores exactly like its source).
5. ``recompute --convention classic`` on a protocol kept under gambler.

Notation used in the comments (RULES.md §5): S deck visty, VTv/VTp trick
visty of defenders/declarers, VCp/VCv constructions, Vp/Vv all visty,
Pv = round(Vv) div 10, Pp = (Vp + Vv − 10·Pv) div 10, PC contract points.

Every test runs with ``XDG_CONFIG_HOME`` pointing into its own ``tmp_path``
(platformdirs honours it on Linux), so the user's real conventions folder
never leaks in.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest
import tomli_w

from bbscore import conventions
from bbscore.belot.convention import Convention, rules_hash
from bbscore.errors import BBScoreError
from bbscore.belot.game import HandEntry, replay
from bbscore.belot.hand import make_hand
from bbscore.belot.scoring import score
from conftest import DATA, REPO, assert_refused, report, run_cli, run_json

BUNDLED = {name: REPO / "conventions" / f"{name}.toml" for name in ("gambler", "classic", "blot-star")}
BASE_DATA = {name: tomllib.loads(path.read_text(encoding="utf-8")) for name, path in BUNDLED.items()}
SHARED_ROWS = json.loads((DATA / "gambler-hands.json").read_text(encoding="utf-8"))
REFUSED = "refused"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.fixture(autouse=True)
def user_conventions(tmp_path, monkeypatch) -> Path:
    """An empty user config folder for this test (in-process and for the CLI subprocesses).

    Returns the folder where the user's own conventions go: $XDG_CONFIG_HOME/bbscore/conventions.
    """
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    return tmp_path / "xdg" / "bbscore" / "conventions"


# --------------------------------------------------------------------------- helpers


def set_key(data: dict, path: str, value: Any) -> None:
    """Set ``data[a][b][c] = value`` for the key path ``a.b.c``; the key must already exist."""
    *parents, last = path.split(".")
    table = data
    for part in parents:
        table = table[part]
    assert last in table, f"{path} is not a key of the convention"
    table[last] = value


def write_variant(folder: Path, changes: dict[str, Any], base: str = "gambler", stem: str = "variant") -> Path:
    """A bundled convention with ``changes`` applied (key path → value), written with tomli-w."""
    data = copy.deepcopy(BASE_DATA[base])
    for path, value in changes.items():
        set_key(data, path, value)
    target = folder / f"{stem}.toml"
    target.write_text(tomli_w.dumps(data), encoding="utf-8")
    return target


def score_hand(rules: Convention, hand: dict) -> dict | str:
    """The breakdown of a hand as a dict, or ``REFUSED`` when its inputs are refused under these rules."""
    fields = {k: hand[k] for k in ("def_points", "decl_points", "decl_con", "def_con", "decl_tricks") if k in hand}
    try:
        checked = make_hand(rules, hand["contract"], **fields)
    except BBScoreError:
        return REFUSED
    return msgspec.structs.asdict(score(checked, rules))


def check_expect(result: dict | str, expect: dict | str, label: str) -> None:
    if expect == REFUSED:
        assert result == REFUSED, f"{label}: expected the hand to be refused, got {result}"
        return
    assert result != REFUSED, f"{label}: the hand was refused, expected {expect}"
    got = {key: result[key] for key in expect}
    assert got == expect, f"{label}: expected {expect}, got {got}"


def score_args(hand: dict) -> list[str]:
    """The ``bbscore score`` arguments of a hand dict."""
    args = [hand["contract"]]
    for key, option in (("def_points", "--def-points"), ("decl_points", "--decl-points"), ("decl_tricks", "--decl-tricks")):
        if key in hand:
            args += [option, str(hand[key])]
    for key, option in (("decl_con", "--decl-con"), ("def_con", "--def-con")):
        if hand.get(key):
            args += [option, ", ".join(hand[key])]
    return args


# Hands used by several rows.
EX1 = {"contract": "12Т", "def_points": 18, "decl_con": ["терц"], "def_con": ["бэла"]}  # seed 000 §5 example 1: 28 : 4
EX3 = {"contract": "15П+", "def_points": 33, "decl_con": ["терц"]}  # seed 000 §5 example 3: 0 : 48
RECONTRA = {"contract": "10Б++", "def_points": 40}  # 56 : 0
KAPO = {"contract": "^Т", "def_points": 0, "decl_tricks": 8, "decl_con": ["бэла"]}  # RULES.md §5: 52 : 0
SEQ = {"contract": "10Т", "def_points": 62}  # VTp = 100, Vv = 62 → 60 → Pv = 6; add a sequence per row


def seq(name: str) -> dict:
    return {**SEQ, "decl_con": [name]}


def row(changes: dict, hand: dict, before: dict | str, after: dict | str, id: str, base: str = "gambler"):
    return pytest.param(base, changes, hand, before, after, id=id)


# --------------------------------------------------------------------------- 1. one setting, one result

SETTING_ROWS = [
    # ---- [points]
    # 8П, VTv 82 → VTp 80.  gambler (10 visty a point): 80 ≥ 80 made; Vv 82 → 80, Pv 8; Pp (162−80) div 10 = 8;
    # declarers 8 + 8 = 16, defenders 8.  5 visty a point: required 5·8 = 40 ≤ 80 made; 82 → 80 (2 < 2.5), Pv 16;
    # Pp = (162 − 80) div 5 = 16; declarers 8 + 16 = 24, defenders 16.
    # (The base costs follow the deck's points: 162 // 5 = 32, 258 // 5 = 51.)
    row({"points.visty_per_point": 5, "games.suit.base_cost": 32, "games.no_trumps.base_cost": 32,
         "games.all_trumps.base_cost": 51}, {"contract": "8П", "def_points": 82},
        {"declarers": 16, "defenders": 8, "made": True},
        {"declarers": 24, "defenders": 16, "made": True, "required": 40, "Pv": 16, "Pp": 16},
        id="points.visty_per_point=5 [seed 000 §5: points = visty/10]"),
    # 9Ч, VTv 15: half_up 15 → 20, Pv 2, Pp (162−20) div 10 = 14 → 9+14 = 23 : 2.  half_down 15 → 10: Pv 1, Pp 15 → 24 : 1.
    row({"points.rounding": "half_down"}, {"contract": "9Ч", "def_points": 15},
        {"declarers": 23, "defenders": 2, "rounded_Vv": 20}, {"declarers": 24, "defenders": 1, "rounded_Vv": 10},
        id="points.rounding=half_down [seed 000 §5: 15–19 → 20; seed 001 §5 rounding unspecified]"),
    # 9Ч, VTv 16: half_up → 20 → 23 : 2.  down → 10 → Pv 1, Pp (162−10) div 10 = 15 → 24 : 1.
    row({"points.rounding": "down"}, {"contract": "9Ч", "def_points": 16},
        {"declarers": 23, "defenders": 2}, {"declarers": 24, "defenders": 1, "rounded_Vv": 10},
        id="points.rounding=down [seed 000 §5 rounding]"),
    # 9Ч, VTv 14: half_up → 10 → Pv 1, Pp 15 → 24 : 1.  up → 20 → Pv 2, Pp (162−20) div 10 = 14 → 23 : 2.
    row({"points.rounding": "up"}, {"contract": "9Ч", "def_points": 14},
        {"declarers": 24, "defenders": 1}, {"declarers": 23, "defenders": 2, "rounded_Vv": 20},
        id="points.rounding=up [seed 000 §5 rounding]"),
    # Last trick 20 (every deck_visty +10 to stay consistent).  8П, VTv 92.
    # gambler: S 162, VTp 70 < 80 bait; Vv 92 → 90, Pv 9; Pp (162−90) div 10 = 7; defenders 8 + 7 + 9 = 24.
    # variant: S 172, VTp 80 ≥ 80 made; Pv 9; Pp (172−90) div 10 = 8; declarers 8 + 8 = 16, defenders 9.
    row({"points.last_trick": 20, "games.suit.deck_visty": 172, "games.no_trumps.deck_visty": 172,
         "games.all_trumps.deck_visty": 268, "games.suit.base_cost": 17, "games.no_trumps.base_cost": 17,
         "games.all_trumps.base_cost": 26, "games.suit.all_tricks_visty": 172, "games.no_trumps.all_tricks_visty": 172,
         "games.all_trumps.all_tricks_visty": 268},
        {"contract": "8П", "def_points": 92},
        {"declarers": 0, "defenders": 24, "made": False}, {"declarers": 16, "defenders": 9, "made": True, "S": 172},
        id="points.last_trick=20 with deck_visty [seed 000 §0.1 послед 10; seed 001 §5 'дополнительно 10 очков']"),
    # ---- [doubling]
    # seed 000 example 3: 15П+, bait, PC 15·2 = 30, Pp 15, Pv 3 → 0 : 48.  contra ×3: PC 45 → 0 : 45 + 15 + 3 = 63.
    row({"games.suit.bid_multiplier.contra": 3}, EX3,
        {"declarers": 0, "defenders": 48, "PC": 30}, {"declarers": 0, "defenders": 63, "PC": 45},
        id="games.suit.bid_multiplier.contra=3 [seed 000 §5 контра ×2; seed 001 §2 'удваивает']"),
    # 10Б++, VTv 40: VTp 122 ≥ 100 made; Vv 40 → Pv 4; Pp 12; recontra ×4: PC 40 → 40 + 12 + 4 = 56 : 0.
    # recontra ×8: PC 80 → 80 + 12 + 4 = 96 : 0.
    row({"games.suit.bid_multiplier.recontra": 8}, RECONTRA,
        {"declarers": 56, "defenders": 0}, {"declarers": 96, "defenders": 0, "PC": 80},
        id="games.suit.bid_multiplier.recontra=8 [seed 000 §5 реконтра ×4; seed 001 §2 'учетверяет']"),
    # ---- [made]
    # 8Т, VTv 80 + defenders' terz: Vp 82 ≥ 80; Vv 100.  reach_contract: made, Pv 10, Pp (182−100) div 10 = 8 → 16 : 10.
    # reach_and_outscore: 82 ≤ 100 → bait, defenders 8 + 8 + 10 = 26.
    row({"made.simple": "reach_and_outscore"}, {"contract": "8Т", "def_points": 80, "def_con": ["терц"]},
        {"declarers": 16, "defenders": 10, "made": True}, {"declarers": 0, "defenders": 26, "made": False},
        id="made.simple=reach_and_outscore [seed 000 §5 '82 against 100 — made'; seed 001 §5 'меньше или равно']"),
    # Equal visty: 8Т, VTv 81: Vp 81 = Vv 81.  gambler made: Pv 8, Pp (162−80) div 10 = 8 → 16 : 8.
    # reach_and_outscore: equal is bait ("меньше или равно") → 0 : 8 + 8 + 8 = 24.
    row({"made.simple": "reach_and_outscore"}, {"contract": "8Т", "def_points": 81},
        {"declarers": 16, "defenders": 8, "made": True}, {"declarers": 0, "defenders": 24, "made": False},
        id="made.simple=reach_and_outscore, equal visty is bait [seed 001 §5 'меньше или равно']"),
    # ---- [written]
    # Example 1 made: declarers PC + Pp = 12 + 16 = 28, defenders Pv = 4.  Variant: declarers PC + Pp + Pv = 32, defenders 0.
    row({"written.made": {"declarers": ["PC", "Pp", "Pv"], "defenders": []}}, EX1,
        {"declarers": 28, "defenders": 4}, {"declarers": 32, "defenders": 0},
        id="written.made [seed 000 §5 'Результатом сдачи'; seed 001 §5 'пишет себе набранную сумму + обещанное']"),
    # 10Б++ made: gambler everything to the declarers 56 : 0; variant gives the defenders their Pv: 40 + 12 = 52 : 4.
    row({"written.made_doubled": {"declarers": ["PC", "Pp"], "defenders": ["Pv"]}}, RECONTRA,
        {"declarers": 56, "defenders": 0}, {"declarers": 52, "defenders": 4},
        id="written.made_doubled gives defenders Pv [seed 000 §5 table; seed 001 silent on contra]"),
    # Example 3 bait: PC 30, Pp 15, Pv 3.  gambler 0 : 48.  Variant: declarers keep Pp: 15 : 30 + 3 = 33.
    row({"written.bait": {"declarers": ["Pp"], "defenders": ["PC", "Pv"]}}, EX3,
        {"declarers": 0, "defenders": 48}, {"declarers": 15, "defenders": 33},
        id="written.bait [seed 000 §5 'байт: всё вистующим'; seed 001 §5 'все очки пишет вистующая пара']"),
    # ---- [constructions] values.  12Т, VTv 62 (VTp 100) + terz 20: Vp 120 ≥ 120 made; Pv 6;
    # Pp (182 − 60) div 10 = 12 → 24 : 6.  terz 10: Vp 110 < 120 bait; Pp (172 − 60) div 10 = 11; 0 : 12 + 11 + 6 = 29.
    row({"constructions.terz": 10}, {"contract": "12Т", "def_points": 62, "decl_con": ["терц"]},
        {"declarers": 24, "defenders": 6, "made": True}, {"declarers": 0, "defenders": 29, "made": False},
        id="constructions.terz=10 [seed 000 §0.2 терц 20; seed 001 §2 терц 2]"),
    # 10Т, VTp 100 + berz: 50 → Vp 150, Pp (212−60) div 10 = 15 → 25 : 6; 40 → Vp 140, Pp 14 → 24 : 6.
    row({"constructions.berz": 40}, seq("берц"),
        {"declarers": 25, "defenders": 6}, {"declarers": 24, "defenders": 6, "VCp": 40},
        id="constructions.berz=40 [seed 000 §0.2 берц 50; seed 001 §2 '50']"),
    # quinta 100 → Vp 200, Pp (262−60) div 10 = 20 → 30 : 6; 150 → Vp 250, Pp 25 → 35 : 6.
    row({"constructions.quinta": 150}, seq("квинта"),
        {"declarers": 30, "defenders": 6}, {"declarers": 35, "defenders": 6, "VCp": 150},
        id="constructions.quinta=150 [seed 000 §0.2 квинта 100; seed 001 §2 '100']"),
    # Sequences of 6, 7, 8 distinguished (seed 001 §2: "различать их или нет задаётся в конвенциях").
    # gambler: each 100 → 30 : 6.  sixte 150 → 35 : 6; septime 200 → Vp 300, Pp 30 → 40 : 6; huitieme 250 → Pp 35 → 45 : 6.
    row({"constructions.sixte": 150}, seq("шестерик"),
        {"declarers": 30, "defenders": 6}, {"declarers": 35, "defenders": 6},
        id="constructions.sixte=150 [seed 001 §2 'различать их или нет — в конвенциях']"),
    row({"constructions.septime": 200}, seq("семерик"),
        {"declarers": 30, "defenders": 6}, {"declarers": 40, "defenders": 6},
        id="constructions.septime=200 [seed 001 §2 'различать их или нет — в конвенциях']"),
    row({"constructions.huitieme": 250}, seq("восьмерик"),
        {"declarers": 30, "defenders": 6}, {"declarers": 45, "defenders": 6},
        id="constructions.huitieme=250 [seed 001 §2 'различать их или нет — в конвенциях']"),
    # Example 1 with bela 30: Vv 18 + 30 = 48 → 50, Pv 5; Pp (164 + 48 − 50) div 10 = 16 → 28 : 5 (gambler 28 : 4).
    row({"constructions.bela": 30}, EX1,
        {"declarers": 28, "defenders": 4}, {"declarers": 28, "defenders": 5, "VCv": 30},
        id="constructions.bela=30 [seed 000 §0.2 бэла 20; seed 001 §2 бела 2]"),
    # ---- [constructions] without a trick.
    # 8П, declarers took 0 tricks (VTv 162) with a terz.  to_defenders: VCv 20, Vv 182 → 180, Pv 18, Pp 0;
    # bait 0 : 8 + 0 + 18 = 26.  lost: VCv 0, Vv 162 → 160, Pv 16, Pp (162−160) div 10 = 0 → 0 : 24.
    row({"constructions.declarers_without_trick": "lost"},
        {"contract": "8П", "def_points": 162, "decl_tricks": 0, "decl_con": ["терц"]},
        {"declarers": 0, "defenders": 26, "VCv": 20}, {"declarers": 0, "defenders": 24, "VCv": 0, "VCp": 0},
        id="constructions.declarers_without_trick=lost [seed 000 §5 rule 1; seed 001 §3 'хотя бы одну взятку']"),
    # 8Т, defenders took no trick (declarers 8) with a terz.  keep: Vv 20, Pv 2, Pp (182−20) div 10 = 16 → 24 : 2.
    # lost: Vv 0, Pv 0, Pp 16 → 24 : 0.
    row({"constructions.defenders_without_trick": "lost"},
        {"contract": "8Т", "def_points": 0, "decl_tricks": 8, "def_con": ["терц"]},
        {"declarers": 24, "defenders": 2, "VCv": 20}, {"declarers": 24, "defenders": 0, "VCv": 0},
        id="constructions.defenders_without_trick=lost [seed 000 §5 'засчитываются вистующим'; seed 001 §5 «Конструкции вистующим»]"),
    # The same hand without the trick count: under "keep" it does not matter (24 : 2); under "lost" the tool
    # cannot tell whether the defenders took a trick of 7s and 8s, so it asks for --decl-tricks (refused).
    row({"constructions.defenders_without_trick": "lost"}, {"contract": "8Т", "def_points": 0, "def_con": ["терц"]},
        {"declarers": 24, "defenders": 2}, REFUSED,
        id="constructions.defenders_without_trick=lost needs the trick count [seed 001 §3]"),
    # 8П, declarers took 0 tricks, with a bela.  like_others: the bela goes to the defenders (VCp 0, VCv 20):
    # Vv 182 → 180, Pv 18, Pp 0 → 0 : 26.  counts: the bela stays (VCp 20, VCv 0): Vp 20 < 80 bait;
    # Vv 162 → 160, Pv 16, Pp (182−160) div 10 = 2 → 0 : 26.  The written points agree (bait: everything to the
    # defenders either way); the working differs.  See the classic-based row below for a written difference.
    row({"constructions.bela_without_trick": "counts"},
        {"contract": "8П", "def_points": 162, "decl_tricks": 0, "decl_con": ["бэла"]},
        {"declarers": 0, "defenders": 26, "VCp": 0, "VCv": 20, "Pp": 0, "Pv": 18},
        {"declarers": 0, "defenders": 26, "VCp": 20, "VCv": 0, "Pp": 2, "Pv": 16},
        id="constructions.bela_without_trick=counts [seed 001 §2 'Бела считается вне зависимости от взяток']"),
    # Without the trick count: like_others needs it (refused); counts does not (0 : 26 as above).
    row({"constructions.bela_without_trick": "counts"}, {"contract": "8П", "def_points": 162, "decl_con": ["бэла"]},
        REFUSED, {"declarers": 0, "defenders": 26, "VCp": 20},
        id="constructions.bela_without_trick=counts needs no trick count [seed 001 §2]"),
    # classic base (defenders without a trick lose their constructions, a bela counts): 8Т, defenders took no trick,
    # terz + bela.  classic: VCv 20 (bela), Pv 2, Pp (182−20) div 10 = 16 → 24 : 2.
    # like_others: the bela is lost too: VCv 0 → 24 : 0.
    row({"constructions.bela_without_trick": "like_others"},
        {"contract": "8Т", "def_points": 0, "decl_tricks": 8, "def_con": ["терц", "бэла"]},
        {"declarers": 24, "defenders": 2, "VCv": 20}, {"declarers": 24, "defenders": 0, "VCv": 0},
        id="classic: constructions.bela_without_trick=like_others [seed 001 §2 'Бела считается вне зависимости']",
        base="classic"),
    # ---- rams of 8s and 7s (seed 000 §0.2; seed 001 §2, three conventions).  12Т, VTv 40 (VTp 122).
    # Rams of 8s alone (0 visty): Vp 122 made; Pv 4; Pp 12 → 24 : 4.  Under "redeal" the hand has no result: refused.
    row({"constructions.rams_8": "redeal"}, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8"]},
        {"declarers": 24, "defenders": 4}, REFUSED,
        id="constructions.rams_8=redeal [seed 001 §2 convention 2 'пересдача']"),
    # Rams of 8s with the same pair's terz: cancel_all (gambler) cancels it → a passed terz is refused.
    # cancel_opponents(_sequences): the announcer's own terz passes: Vp 142 made; Pp (182−40) div 10 = 14 → 26 : 4.
    row({"constructions.rams_8": "cancel_opponents"}, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8", "терц"]},
        REFUSED, {"declarers": 26, "defenders": 4, "VCp": 20},
        id="constructions.rams_8=cancel_opponents [seed 001 §2 convention 3 'у противников']"),
    row({"constructions.rams_8": "cancel_opponents_sequences"},
        {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8", "терц"]},
        REFUSED, {"declarers": 26, "defenders": 4, "VCp": 20},
        id="constructions.rams_8=cancel_opponents_sequences [seed 001 §2 convention 1 'Терц и Берц у противников']"),
    # Rams of 7s: gambler "redeal" refuses them; cancel_all accepts them alone (24 : 4 as above).
    row({"constructions.rams_7": "cancel_all"}, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7"]},
        REFUSED, {"declarers": 24, "defenders": 4},
        id="constructions.rams_7=cancel_all [seed 001 §2 convention 3 '7 уничтожают все у всех']"),
    row({"constructions.rams_7": "cancel_opponents"}, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7", "терц"]},
        REFUSED, {"declarers": 26, "defenders": 4},
        id="constructions.rams_7=cancel_opponents [seed 001 §2 rams of 7s]"),
    row({"constructions.rams_7": "cancel_opponents_sequences"},
        {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7", "терц"]},
        REFUSED, {"declarers": 26, "defenders": 4},
        id="constructions.rams_7=cancel_opponents_sequences [seed 001 §2 convention 1]"),
    # ---- [games.*] bids and costs.
    # 9Т, VTv 40: VTp 122 ≥ 90 made; Pv 4, Pp 12 → 21 : 4.  min_bid 10: 9Т is below the minimum → refused.
    row({"games.suit.min_bid": 10}, {"contract": "9Т", "def_points": 40},
        {"declarers": 21, "defenders": 4}, REFUSED,
        id="games.suit.min_bid=10 [seed 000 §2 N ≥ 8; seed 001 §2 'Начинается заявка с 8']"),
    # 8БК, VTv 40: 20 : 4 under gambler; min_bid 9 refuses it.
    row({"games.no_trumps.min_bid": 9}, {"contract": "8БК", "def_points": 40},
        {"declarers": 20, "defenders": 4}, REFUSED,
        id="games.no_trumps.min_bid=9 [seed 000 §2 N ≥ 8]"),
    # 16ВК is refused (ВК from 20); min_bid 16: VTp 221 ≥ 160 made; Vv 37 → 40, Pv 4; Pp (258−40) div 10 = 21 → 37 : 4.
    row({"games.all_trumps.min_bid": 16}, {"contract": "16ВК", "def_points": 37},
        REFUSED, {"declarers": 37, "defenders": 4},
        id="games.all_trumps.min_bid=16 [seed 000 §2 ВК from 20; seed 001 §2 no separate ВК minimum]"),
    # ^Т with a bela, 8 tricks: C 25, PC 25, Pp 25 + 2 = 27 → 52 : 0.  C 30: PC 30, Pp 32 → 62 : 0.
    row({"games.suit.kapo_base_cost": 30}, KAPO,
        {"declarers": 52, "defenders": 0}, {"declarers": 62, "defenders": 0, "C": 30},
        id="games.suit.kapo_base_cost=30 [seed 000 §5 капо 25; seed 001 §2 'Капо 25 очков']"),
    # ^ВК, 8 tricks: gambler C 34 → PC 34, Pp 34 → 68 : 0.  25 (classic's): 25 + 25 = 50 : 0.
    row({"games.all_trumps.kapo_base_cost": 25}, {"contract": "^ВК", "def_points": 0, "decl_tricks": 8},
        {"declarers": 68, "defenders": 0}, {"declarers": 50, "defenders": 0},
        id="games.all_trumps.kapo_base_cost=25 [seed 000 §5 капо ВК 34; seed 001 §2 'Капо 25']"),
    # ^^П+, 8 tricks: C 50, PC (50 + 0)·2 = 100, Pp 50 → 150 : 0.  C 60: PC 120, Pp 60 → 180 : 0.
    row({"games.suit.kapo_hand_base_cost": 60}, {"contract": "^^П+", "def_points": 0, "decl_tricks": 8},
        {"declarers": 150, "defenders": 0}, {"declarers": 180, "defenders": 0},
        id="games.suit.kapo_hand_base_cost=60 [seed 000 §5 капо с руки 50; seed 001 §2 'Генерал 50']"),
    # ---- belas and rams.
    # Two belas in a suit game are refused (one trump suit); max_belas 2: VCp 20 + 20 = 40, VCv 20;
    # Vp 184 made; Vv 38 → 40, Pv 4; Pp (222 − 40) div 10 = 18 → 30 : 4.
    row({"games.suit.max_belas": 2}, {**EX1, "decl_con": ["терц", "бэла"]},
        REFUSED, {"declarers": 30, "defenders": 4},
        id="games.suit.max_belas=2 [seed 000 §0.2 one bela in a suit game]"),
    # ВК, a bela on each side: VCp 20, VCv 20; 20ВК VTv 58: Vp 220 made; Vv 78 → 80, Pv 8;
    # Pp (298 − 80) div 10 = 21 → 41 : 8.  max_belas 1 refuses the two belas.
    row({"games.all_trumps.max_belas": 1}, {"contract": "20ВК", "def_points": 58, "decl_con": ["бэла"], "def_con": ["бэла"]},
        {"declarers": 41, "defenders": 8}, REFUSED,
        id="games.all_trumps.max_belas=1 [seed 000 §0.2 a bela in each suit in ВК]"),
    # 29Т, VTv 20, declarers' rams of 9s.  140: Vp 142 + 140 = 282 < 290 bait; Vv 20, Pv 2;
    # Pp (302 − 20) div 10 = 28 → 0 : 29 + 28 + 2 = 59.  150: Vp 292 ≥ 290 made; Pp 29 → 58 : 2.
    row({"games.suit.rams": {**BASE_DATA["gambler"]["games"]["suit"]["rams"], "9": 150}},
        {"contract": "29Т", "def_points": 20, "decl_con": ["рамки-9"]},
        {"declarers": 0, "defenders": 59, "made": False}, {"declarers": 58, "defenders": 2, "made": True},
        id="games.suit.rams.9=150 [seed 000 §0.2 рамки 9 = 140; seed 001 §2 rams table 15]"),
    # 20БК, VTv 40, rams of aces.  190: Vp 312, Pv 4, Pp (352 − 40) div 10 = 31 → 51 : 4.  200: Pp 32 → 52 : 4.
    row({"games.no_trumps.rams": {**BASE_DATA["gambler"]["games"]["no_trumps"]["rams"], "A": 200}},
        {"contract": "20БК", "def_points": 40, "decl_con": ["рамки-Т"]},
        {"declarers": 51, "defenders": 4}, {"declarers": 52, "defenders": 4},
        id="games.no_trumps.rams.A=200 [seed 000 §0.2 БК тузы 190; seed 001 §2 'при игре БК' 20]"),
    # Four 9s in БК are no construction (refused).  Moving "9" from no_rams to rams (140) — both keys, since every
    # rank must be in one of them: Vp 122 + 140 = 262 made; Pv 4; Pp (302 − 40) div 10 = 26 → 46 : 4.
    row({"games.no_trumps.no_rams": [], "games.no_trumps.rams": {**BASE_DATA["gambler"]["games"]["no_trumps"]["rams"], "9": 140}},
        {"contract": "20БК", "def_points": 40, "decl_con": ["рамки-9"]},
        REFUSED, {"declarers": 46, "defenders": 4},
        id="games.no_trumps.no_rams=[] [seed 000 §0.2 'в БК четыре 9 не конструкция'; seed 001 §2 9 — 0]"),
    # ---- trick visty and card values.
    # 22ВК, VTv 37 (seed 000 example 2): 43 : 4.  Divisor 1.59: S 258/1.59 → 162, VTv 37/1.59 = 23.3 → 23, VTp 139
    # < 220 bait; Vv 23 → 20, Pv 2; Pp (162 − 20) div 10 = 14 → 0 : 22 + 14 + 2 = 38.
    # (The base cost follows the scaled deck: 162 // 10 = 16.)
    row({"games.all_trumps.trick_divisor": 1.59, "games.all_trumps.base_cost": 16}, {"contract": "22ВК", "def_points": 37},
        {"declarers": 43, "defenders": 4, "S": 258},
        {"declarers": 0, "defenders": 38, "S": 162, "VTv": 23, "VTp": 139, "counted_S": 258},
        id="games.all_trumps.trick_divisor=1.59 [seed 001 §5 'делится дополнительно на 1,59']"),
    # БК aces worth 11 instead of 19: deck 162 − 4·8 = 130 (deck_visty changed with them).  8БК, VTv 82.
    # gambler: VTp 80 made; Pv 8, Pp 8 → 16 : 8.  variant: S 130, VTp 48 < 80 bait; Vv 82 → 80, Pv 8;
    # Pp (130 − 80) div 10 = 5 → 0 : 8 + 5 + 8 = 21.
    row({"games.no_trumps.plain_cards": {**BASE_DATA["gambler"]["games"]["no_trumps"]["plain_cards"], "A": 11},
         "games.no_trumps.deck_visty": 130, "games.no_trumps.base_cost": 13},
        {"contract": "8БК", "def_points": 82},
        {"declarers": 16, "defenders": 8, "made": True}, {"declarers": 0, "defenders": 21, "made": False, "S": 130},
        id="games.no_trumps.plain_cards.A=11 with deck_visty [seed 000 §0.1 БК туз 19]"),
]


@pytest.mark.parametrize(("base", "changes", "hand", "before", "after"), SETTING_ROWS)
def test_one_setting_changes_one_result(tmp_path, base, changes, hand, before, after):
    bundled = conventions.load(base)
    variant = conventions.load(str(write_variant(tmp_path, changes, base)))
    # The variant differs from its source only under the changed key paths.
    changed = [key for key, _, _ in conventions.differences(bundled, variant)]
    assert changed, "the variant must differ from its source"
    assert all(any(key == path or key.startswith(path + ".") for path in changes) for key in changed), changed
    got_before, got_after = score_hand(bundled, hand), score_hand(variant, hand)
    check_expect(got_before, before, f"{base}")
    check_expect(got_after, after, f"variant {changes}")
    assert got_before != got_after


def test_an_unchanged_rewrite_scores_like_the_bundled_file(tmp_path):
    """Control for the table: gambler.toml read with tomllib and written back with tomli-w changes nothing."""
    bundled = conventions.load("gambler")
    rewritten = conventions.load(str(write_variant(tmp_path, {})))
    assert conventions.differences(bundled, rewritten) == []
    assert rewritten.sha256 == bundled.sha256
    for hand in SHARED_ROWS:
        assert score_hand(rewritten, hand) == score_hand(bundled, hand), hand["note"]


def test_a_setting_changed_in_the_file_changes_score_on_the_command_line(tmp_path):
    """The table through the CLI for one row: `score --convention FILE` reads the changed setting (the 8Т hand)."""
    variant = write_variant(tmp_path, {"made.simple": "reach_and_outscore"})
    args = score_args({"contract": "8Т", "def_points": 80, "def_con": ["терц"]})
    assert run_json("score", *args)["declarers"] == 16
    result = run_json("score", *args, "--convention", str(variant))
    assert (result["declarers"], result["defenders"], result["made"]) == (0, 26, False)


def test_rams_of_8s_cancelling_all_leave_a_bela(tmp_path):
    """seed 000 §0.2: rams of 8s cancel every construction but the bela survives.

    12Т, VTv 40, declarers' rams of 8s and bela: VCp 20, Vp 142 made; Pv 4; Pp (182 − 40) div 10 = 14 → 26 : 4.
    Under classic, rams of 7s cancel everyone's (seed 001 §2 convention 3): a terz beside them is refused.
    """
    gambler = conventions.load("gambler")
    check_expect(score_hand(gambler, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8", "бэла"]}),
                 {"declarers": 26, "defenders": 4}, "gambler")
    classic = conventions.load("classic")
    check_expect(score_hand(classic, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7", "бэла"]}),
                 {"declarers": 26, "defenders": 4}, "classic rams of 7s and bela")
    assert score_hand(classic, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7", "терц"]}) == REFUSED
    # classic: rams of 8s cancel only the opponents' constructions: the announcer's terz passes.
    check_expect(score_hand(classic, {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8", "терц"]}),
                 {"declarers": 26, "defenders": 4}, "classic rams of 8s and terz")


def test_simple_base_cost_is_consistent_or_used(tmp_path):
    """RULES.md §5: "Pv + Pp = C + (VCp + VCv)/10 always".

    ``games.*.base_cost`` is read from the file, so a value that does not agree with the deck
    (162 visty make 16 points) must either be refused on load, naming the key, or be used by the
    scoring.  A setting that is accepted and then silently ignored is a trap for a club editing its rules.
    """
    variant = write_variant(tmp_path, {"games.suit.base_cost": 20})
    with pytest.raises(BBScoreError) as refused:
        conventions.load(str(variant))
    assert "games.suit.base_cost" in refused.value.message()
    assert "16" in refused.value.message()  # what the deck gives


# --------------------------------------------------------------------------- 1b. game-end settings, on protocols


def write_protocol(path: Path, convention: str, target: int, hands: list[dict], pairs=("Мы", "Они")) -> Path:
    data = {"game": {"format": 1, "convention": convention, "target": target, "pairs": list(pairs)}}
    if hands:
        data["hand"] = hands
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_game_end_target(tmp_path):
    """game_end.target (seed 000 §6 / seed 001 «Окончание партии»: 301) is the target of a new protocol.

    Example 1 twice (28 : 4 each) → 56 : 8: over a target of 50 after hand 2 under the variant; far from 301 under gambler.
    """
    variant = write_variant(tmp_path, {"game_end.target": 50})
    ours, theirs = tmp_path / "variant-game.toml", tmp_path / "gambler-game.toml"
    for file, rules in ((ours, str(variant)), (theirs, "gambler")):
        done = run_cli("new", str(file), "--pairs", "Мы,Они", "--convention", rules)
        assert done.returncode == 0, report(done)
        for _ in range(2):
            done = run_cli("add", str(file), *score_args(EX1), "--by", "Мы")
            assert done.returncode == 0, report(done)
    sheet = run_json("show", ours)
    assert (sheet["target"], sheet["totals"], sheet["ended_at"], sheet["winner"]) == (50, [56, 8], 2, "Мы")
    sheet = run_json("show", theirs)
    assert (sheet["target"], sheet["totals"], sheet["ended_at"], sheet["winner"]) == (301, [56, 8], None, None)


def test_game_end_on_tie(tmp_path):
    """game_end.on_tie: equal totals at the target (seed 001 forum: "при 303:303 играть ещё одну сдачу").

    Target 24.  8П by «Мы», VTv 82 → 16 : 8; 8П by «Они», VTv 82 → 8 : 16 for «Мы» : «Они»; totals 24 : 24.
    another_hand (gambler): the game goes on; draw: it ends at hand 2 with no winner.
    """
    entries = [HandEntry(number=1, line=None, fields={"contract": "8П", "by": "Мы", "def_points": 82}),
               HandEntry(number=2, line=None, fields={"contract": "8П", "by": "Они", "def_points": 82})]
    gambler = replay(entries, ("Мы", "Они"), 24, conventions.load("gambler"))
    assert (gambler.totals, gambler.ended_at, gambler.winner) == ((24, 24), None, None)
    draw = conventions.load(str(write_variant(tmp_path, {"game_end.on_tie": "draw"})))
    result = replay(entries, ("Мы", "Они"), 24, draw)
    assert (result.totals, result.ended_at, result.winner) == ((24, 24), 2, None)


def test_on_tie_choices_in_the_bundled_comments_are_the_schema_s(tmp_path):
    """gambler.toml documents on_tie's values in a comment («одно из: …»); a club copying one of them must not be refused."""
    text = BUNDLED["gambler"].read_text(encoding="utf-8")
    comment = next(line for line in text.splitlines() if line.startswith("#") and "on_tie" in line and "одно из" in line)
    listed = set(re.findall(r'"(\w+)"', comment))
    for value in sorted(listed):
        variant = write_variant(tmp_path, {"game_end.on_tie": value}, stem=f"tie-{value}")
        done = run_cli("conventions", "check", str(variant))
        assert done.returncode == 0, f"on_tie = {value!r} is listed in gambler.toml's comment ({comment!r}) but refused:\n{report(done)}"


# The doezd protocol: target 30; hand 1 example 1 by «Мы» → 28 : 4; hand 2 20БК by «Они», VTv 40, rams of aces
# → «Они» 51, «Мы» 4 (51 : 4 as in the table) → totals 32 : 55: both over 30, «Они» higher.
DOEZD_HAND_1 = {"contract": "12Т", "by": "Мы", "def_points": 18, "decl_con": ["терц"], "def_con": ["бэла"]}
DOEZD_HAND_2 = ["20БК", "--by", "Они", "--def-points", "40", "--decl-con", "рамки-Т"]


def test_doezd(tmp_path):
    """game_end.doezd (seed 001 «Окончание партии»: «Доезд» — the pair that reached 301 claims it and wins).

    Without a claim the higher total wins: «Они» 55 > 32.  With «Мы» claiming doezd on hand 2 («Мы» 32 ≥ 30),
    «Мы» win.  Under gambler (seed 000 §6: "Понятия «доезд» не существует") the claim is refused, nothing written.
    """
    variant = write_variant(tmp_path, {"game_end.doezd": True})
    claimed = write_protocol(tmp_path / "claimed.toml", variant.name, 30, [DOEZD_HAND_1])
    plain = write_protocol(tmp_path / "plain.toml", variant.name, 30, [DOEZD_HAND_1])
    done = run_cli("add", str(claimed), *DOEZD_HAND_2, "--doezd", "Мы")
    assert done.returncode == 0, report(done)
    done = run_cli("add", str(plain), *DOEZD_HAND_2)
    assert done.returncode == 0, report(done)
    sheet = run_json("show", claimed)
    assert (sheet["totals"], sheet["ended_at"], sheet["winner"]) == ([32, 55], 2, "Мы")
    sheet = run_json("show", plain)
    assert (sheet["totals"], sheet["ended_at"], sheet["winner"]) == ([32, 55], 2, "Они")

    gambler = write_protocol(tmp_path / "gambler.toml", "gambler", 30, [DOEZD_HAND_1])
    before = gambler.read_bytes()
    line = assert_refused(run_cli("add", str(gambler), *DOEZD_HAND_2, "--doezd", "Мы"))
    assert "доезд" in line and "gambler" in line, line
    assert gambler.read_bytes() == before


def test_doezd_claimed_below_the_target_is_refused(tmp_path):
    """A claim of doezd by a pair that has not reached the target is bad input: refused, nothing written (RULES.md §8).

    «Они» have 4 after hand 1; 8П by «Они», VTv 82 → 16 : 8, «Они» 20 < 30.
    """
    variant = write_variant(tmp_path, {"game_end.doezd": True})
    sheet = write_protocol(tmp_path / "early.toml", variant.name, 30, [DOEZD_HAND_1])
    before = sheet.read_bytes()
    done = run_cli("add", str(sheet), "8П", "--by", "Они", "--def-points", "82", "--doezd", "Они")
    assert sheet.read_bytes() == before, f"a claim below the target was written to the file:\n{report(done)}"
    assert_refused(done)


# --------------------------------------------------------------------------- 2. classic against gambler


def test_8t_made_under_gambler_bait_under_classic():
    """The issue's first hand.  8Т, defenders 80 trick visty and a terz: Vp 82, Vv 100.

    gambler (seed 000 §5, "82 против 100 — сыграна!"): 82 ≥ 80 made; Pv 10, Pp (182 − 100) div 10 = 8 → 16 : 10.
    classic (seed 001 §5, "меньше или равно ... все очки пишет вистующая пара"): bait → 0 : 8 + 8 + 10 = 26.
    """
    hand = {"contract": "8Т", "def_points": 80, "def_con": ["терц"]}
    check_expect(score_hand(conventions.load("gambler"), hand), {"declarers": 16, "defenders": 10, "made": True}, "gambler")
    check_expect(score_hand(conventions.load("classic"), hand), {"declarers": 0, "defenders": 26, "made": False}, "classic")
    gambler = run_json("score", *score_args(hand), "--convention", "gambler")
    classic = run_json("score", *score_args(hand), "--convention", "classic")
    assert (gambler["declarers"], gambler["defenders"], gambler["made"]) == (16, 10, True)
    assert (classic["declarers"], classic["defenders"], classic["made"]) == (0, 26, False)
    assert classic["convention"] == "classic"


def test_29t_rams_of_nines_bait_under_gambler_made_under_classic():
    """The issue's second hand.  29Т, defenders 20, declarers' rams of 9s (VTp 142).

    gambler: rams of 9s 140 (seed 000 §0.2): Vp 282 < 290 bait; Vv 20, Pv 2; Pp (302 − 20) div 10 = 28 → 0 : 29 + 28 + 2 = 59.
    classic: 150 (seed 001 §2 rams table, "9 — 15"): Vp 292 ≥ 290 and > 20 made; Pp 29 → 29 + 29 = 58 : 2.
    """
    hand = {"contract": "29Т", "def_points": 20, "decl_con": ["рамки-9"]}
    check_expect(score_hand(conventions.load("gambler"), hand),
                 {"declarers": 0, "defenders": 59, "made": False, "VCp": 140}, "gambler")
    check_expect(score_hand(conventions.load("classic"), hand),
                 {"declarers": 58, "defenders": 2, "made": True, "VCp": 150}, "classic")
    gambler = run_json("score", *score_args(hand))
    classic = run_json("score", *score_args(hand), "--convention", "classic")
    assert (gambler["declarers"], gambler["defenders"], gambler["VCp"]) == (0, 59, 140)
    assert (classic["declarers"], classic["defenders"], classic["VCp"]) == (58, 2, 150)


def test_classic_scales_all_trumps_to_162():
    """seed 001 §5: in ВК the count "делится дополнительно на 1,59 и округляется до целых" → the deck is 162.

    22ВК, defenders 37 counted visty: S 258/1.59 = 162.3 → 162; VTv 37/1.59 = 23.3 → 23; VTp 162 − 23 = 139.
    139 < 220 → bait; Vv 23 → 20, Pv 2; Pp (139 + 23 − 20) div 10 = 14; defenders 22 + 14 + 2 = 38.
    (gambler: 43 : 4, seed 000 example 2.)
    """
    result = run_json("score", "22ВК", "--def-points", "37", "--convention", "classic")
    expect = {"counted_S": 258, "S": 162, "counted_VTv": 37, "VTv": 23, "VTp": 139, "Vp": 139, "made": False,
              "rounded_Vv": 20, "Pv": 2, "Pp": 14, "PC": 22, "declarers": 0, "defenders": 38}
    assert {key: result[key] for key in expect} == expect
    text = run_cli("score", "22ВК", "--def-points", "37", "--convention", "classic")
    assert text.returncode == 0, report(text)
    assert "1,59" in text.stdout and "162" in text.stdout  # the working shows the scaling


def test_classic_all_trumps_bids_start_at_8():
    """classic (seed 001 §2 "Начинается заявка с 8", deck brought to 162): 12ВК is a bid; gambler refuses it (ВК ≥ 20).

    12ВК, VTv 37 → 23, VTp 139 ≥ 120 and > 23 → made; Pv 2, Pp 14; declarers 12 + 14 = 26, defenders 2.
    """
    result = run_json("score", "12ВК", "--def-points", "37", "--convention", "classic")
    assert (result["declarers"], result["defenders"], result["made"]) == (26, 2, True)
    assert_refused(run_cli("score", "12ВК", "--def-points", "37", "--convention", "gambler"))


@pytest.mark.parametrize(("rank", "gambler_points", "classic_points"), [
    # 20БК, VTv 40 (VTp 122), Pv 4.  Aces: 190 → Pp (352 − 40) div 10 = 31 → 51; 200 → Pp 32 → 52.
    pytest.param("Т", 51, 52, id="БК aces 190 → 200 [seed 001 §2 'при игре БК' Т 20]"),
    # Tens: 100 → Vp 222, Pp (262 − 40) div 10 = 22 → 42; 150 → Vp 272, Pp 27 → 47.
    pytest.param("10", 42, 47, id="БК tens 100 → 150 [seed 001 §2 'при игре БК' 10 15]"),
])
def test_classic_rams_values_in_no_trumps(rank, gambler_points, classic_points):
    hand = {"contract": "20БК", "def_points": 40, "decl_con": [f"рамки-{rank}"]}
    check_expect(score_hand(conventions.load("gambler"), hand), {"declarers": gambler_points, "defenders": 4}, "gambler")
    check_expect(score_hand(conventions.load("classic"), hand), {"declarers": classic_points, "defenders": 4}, "classic")


def test_classic_suit_rams_of_aces_are_100():
    """seed 001 §2 rams table "при выбранном козыре": Т 10 (gambler 110).

    25П, VTv 30, rams of aces: gambler Vp 132 + 110 = 242 < 250 bait → 0 : 25 + (272 − 30) div 10 + 3 = 25 + 24 + 3 = 52.
    classic: Vp 232 < 250 bait → Pp (262 − 30) div 10 = 23 → 0 : 25 + 23 + 3 = 51.
    """
    hand = {"contract": "25П", "def_points": 30, "decl_con": ["рамки-Т"]}
    check_expect(score_hand(conventions.load("gambler"), hand), {"declarers": 0, "defenders": 52, "VCp": 110}, "gambler")
    check_expect(score_hand(conventions.load("classic"), hand), {"declarers": 0, "defenders": 51, "VCp": 100}, "classic")


@pytest.mark.parametrize(("hand", "gambler", "classic"), [
    # Defenders took no trick (declarers 8): terz + bela.  gambler keeps both: Vv 40, Pv 4, Pp (202 − 40) div 10 = 16
    # → 24 : 4.  classic (seed 001 §3, bela "вне зависимости"): terz lost, bela kept: Vv 20, Pv 2, Pp 16 → 24 : 2.
    pytest.param({"contract": "8Т", "def_points": 0, "decl_tricks": 8, "def_con": ["терц", "бэла"]},
                 {"declarers": 24, "defenders": 4, "VCv": 40}, {"declarers": 24, "defenders": 2, "VCv": 20},
                 id="defenders without a trick"),
    # Declarers took no trick: terz + bela.  gambler moves both to the defenders: Vv 202 → 200, Pv 20, Pp 0 → 0 : 28.
    # classic: terz lost, bela kept: VCp 20, Vp 20 bait; Vv 162 → 160, Pv 16, Pp (182 − 160) div 10 = 2 → 0 : 8 + 2 + 16 = 26.
    pytest.param({"contract": "8Т", "def_points": 162, "decl_tricks": 0, "decl_con": ["терц", "бэла"]},
                 {"declarers": 0, "defenders": 28, "VCp": 0, "VCv": 40}, {"declarers": 0, "defenders": 26, "VCp": 20, "VCv": 0},
                 id="declarers without a trick"),
])
def test_classic_pair_without_a_trick_loses_constructions_keeps_bela(hand, gambler, classic):
    check_expect(score_hand(conventions.load("gambler"), hand), gambler, "gambler")
    check_expect(score_hand(conventions.load("classic"), hand), classic, "classic")
    result = run_json("score", *score_args(hand), "--convention", "classic")
    assert {key: result[key] for key in classic} == classic


CLASSIC_EVERY_KIND = [
    # Simple suit game: 29Т above → 58 : 2 made.
    pytest.param({"contract": "29Т", "def_points": 20, "decl_con": ["рамки-9"]}, (58, 2, True), id="simple suit"),
    # БК: 20БК, VTv 40, rams of aces 200 → 52 : 4.
    pytest.param({"contract": "20БК", "def_points": 40, "decl_con": ["рамки-Т"]}, (52, 4, True), id="БК"),
    # ВК: 12ВК, VTv 37 → 26 : 2 (scaled, see test_classic_all_trumps_bids_start_at_8).
    pytest.param({"contract": "12ВК", "def_points": 37}, (26, 2, True), id="ВК"),
    # Kapo (seed 001 §2 "Капо 25 очков, очки по картам не учитываются"): ^Т, 8 tricks, bela: PC 25, Pp 0 + 2 → 27 : 0.
    # (Issue #22: was 52 : 0, the kapo's 25 counted again for the cards, which seed 001 §2 says are not counted.)
    pytest.param(KAPO, (27, 0, True), id="kapo"),
    # Kapo failed: 7 tricks, VTv 10 → defenders PC 25 + Pp 25 + Pv 0 = 50.
    pytest.param({"contract": "^Т", "def_points": 10, "decl_tricks": 7}, (0, 50, False), id="kapo failed"),
    # Kapo ВК under classic costs 25 (gambler 34), the cards not counted (seed 001 §2): 25 + 0 = 25 : 0 (was 50 : 0).
    pytest.param({"contract": "^ВК", "def_points": 0, "decl_tricks": 8}, (25, 0, True), id="kapo ВК"),
    # "Генерал" (kapo from one hand) 50, the cards not counted (seed 001 §2): ^^П, 8 tricks → PC 50 + Pp 0 = 50 : 0
    # (was 100 : 0).
    pytest.param({"contract": "^^П", "def_points": 0, "decl_tricks": 8}, (50, 0, True), id="kapo from one hand"),
    # Contra, made: 14П+, VTv 22, berz: Vp 190 ≥ 140 and > 22; PC 28; each pair rounded on its own: Pp 190 → 19,
    # Pv 22 → 20 → 2; contra only doubles the bid and the defenders write their own (seed 001 §5 «вистующая пара
    # пишет себе набранные очки», «Контра удваивает стоимость заказа») → 28 + 19 = 47 : 2.
    pytest.param({"contract": "14П+", "def_points": 22, "decl_con": ["берц"]}, (47, 2, True), id="contra made"),
    # Contra, bait: seed 000 example 3 → 0 : 48 (149 < 150).
    pytest.param(EX3, (0, 48, False), id="contra bait"),
    # Contra in ВК: 12ВК+, VTv 37 / 1.59 → 23, VTp 139 → 140, Pp 14; Vv 23 → 20, Pv 2 → PC 24 + 14 = 38 : 2 (seed 001 §5).
    pytest.param({"contract": "12ВК+", "def_points": 37}, (38, 2, True), id="contra ВК"),
    # Recontra: 10Б++, VTv 40: VTp 122 → 120, Pp 12; Pv 4 → 40 + 12 = 52 : 4 (seed 001 §5, the defenders write theirs).
    pytest.param(RECONTRA, (52, 4, True), id="recontra"),
]


@pytest.mark.parametrize(("hand", "expect"), CLASSIC_EVERY_KIND)
def test_score_with_classic_for_every_contract_kind(hand, expect):
    result = run_json("score", *score_args(hand), "--convention", "classic")
    assert (result["declarers"], result["defenders"], result["made"]) == expect
    assert result["convention"] == "classic"
    assert result["convention_sha256"] == conventions.load("classic").sha256


# --------------------------------------------------------------------------- 3. broken convention files

GAMBLER_TEXT = BUNDLED["gambler"].read_text(encoding="utf-8")


def replace_once(old: str, new: str) -> bytes:
    assert old in GAMBLER_TEXT, old
    return GAMBLER_TEXT.replace(old, new, 1).encode("utf-8")


BROKEN = [
    # (file bytes, words the line must hold besides the file name: the key path and what is wrong)
    pytest.param(replace_once("last_trick = 10\n", "last_trick = 10\nlast_trik = 10\n"),
                 ["points", "last_trik", "неизвестный ключ"], id="unknown key"),
    pytest.param(replace_once('multiplies = "bid"\n', ""), ["doubling", "multiplies", "нет ключа"], id="missing key"),
    pytest.param(replace_once("[made]\n", "[made_]\n"), ["made"], id="missing table"),
    pytest.param(replace_once("target = 301", 'target = "301"'), ["game_end.target", "целое число", "текст"],
                 id="wrong type: text for a number"),
    pytest.param(replace_once("min_bid = 8\n", "min_bid = 8.5\n"), ["games.suit.min_bid", "целое"],
                 id="wrong type: fraction for a whole number"),
    pytest.param(replace_once("doezd = false", 'doezd = "нет"'), ["game_end.doezd", "true или false"],
                 id="wrong type: text for true/false"),
    pytest.param(replace_once('rams_8 = "cancel_all"', 'rams_8 = "cancel"'),
                 ["constructions.rams_8", "cancel_all", "cancel_opponents", "cancel_opponents_sequences", "redeal"],
                 id="bad choice lists the allowed values"),
    pytest.param(replace_once('rounding = "half_up"', 'rounding = "nearest"'),
                 ["points.rounding", "half_up", "half_down", "down", "up"], id="bad rounding choice"),
    pytest.param(replace_once('made = { declarers = ["PC", "Pp"]', 'made = { declarers = ["PC", "Pq"]'),
                 ["written.made", "Pq", "PC", "Pp", "Pv"], id="bad term in written lists the allowed terms"),
    pytest.param(replace_once("plain_cards = { A = 19,", "plain_cards = { A = 18,"),
                 ["games.no_trumps.deck_visty", "158", "162"], id="card values do not add up to deck_visty"),
    pytest.param(replace_once("rams = { J = 200, 9 = 140, A = 110, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0 }",
                              "rams = { J = 200, 9 = 140, A = 110, 10 = 100, K = 100, 8 = 0, 7 = 0 }"),
                 ["games.suit.rams", "Q"], id="rams table missing a rank"),
    pytest.param(replace_once("terz = 20", "terz = -20"), ["constructions.terz"], id="negative construction"),
    pytest.param(replace_once("J = 200, 9 = 140", "J = -200, 9 = 140"), ["games.suit.rams"], id="negative rams"),
    pytest.param(replace_once("kapo_base_cost = 25", "kapo_base_cost = -25"), ["games.suit.kapo_base_cost"],
                 id="negative cost"),
    pytest.param(replace_once("contra = 2,", "contra = 0,"), ["games.suit.bid_multiplier"], id="contra multiplier 0"),
    pytest.param(GAMBLER_TEXT.replace("last_trick = 10", "last_trick = -10").replace("deck_visty = 162", "deck_visty = 142")
                 .replace("deck_visty = 258", "deck_visty = 238").encode("utf-8"),
                 ["points.last_trick"], id="negative last trick (decks adjusted)"),
    pytest.param(replace_once("trick_divisor = 1\n", "trick_divisor = 0.5\n"), ["games.suit.trick_divisor", "0.5"],
                 id="trick_divisor below 1"),
    pytest.param(replace_once("trick_divisor = 1\n", "trick_divisor = 11\n"), ["games.suit.trick_divisor", "11"],
                 id="trick_divisor above 10"),
    pytest.param(replace_once("[doubling]\n", "[doubling\n"),
                 [f"строка {GAMBLER_TEXT.splitlines().index('[doubling]') + 1}", "скобка"],
                 id="TOML syntax error names the line"),
    pytest.param(GAMBLER_TEXT.encode("cp1251", errors="replace"), ["UTF-8"], id="not UTF-8 (saved as cp1251)"),
]


@pytest.mark.parametrize(("content", "words"), BROKEN)
def test_broken_file_is_refused_by_check_and_by_score(tmp_path, content, words):
    broken = tmp_path / "клуб.toml"
    broken.write_bytes(content)
    by_check = assert_refused(run_cli("conventions", "check", str(broken)))
    by_score = assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", str(broken)))
    for line in (by_check, by_score):
        assert str(broken) in line, line
        # What is wrong is said in Russian (not only the "правила FILE, ключ KEY:" frame), without programmer's notation.
        explanation = re.sub(r"^(, ключ [^:]+)?: ", "", line.split(str(broken), 1)[1])
        assert CYRILLIC.search(explanation), line
        assert "`" not in line and "Traceback" not in line, line
        for word in words:
            assert word in line, f"{word!r} missing from: {line}"
    assert by_check == by_score


def test_broken_user_file_is_listed_with_its_problem(user_conventions):
    user_conventions.mkdir(parents=True)
    (user_conventions / "сломанные.toml").write_bytes(replace_once('multiplies = "bid"\n', ""))
    done = run_cli("conventions", "list", "--json")
    assert done.returncode == 0, report(done)
    entry = next(e for e in json.loads(done.stdout)["conventions"] if e["name"] == "сломанные")
    assert entry["origin"] == "user" and "multiplies" in entry["problem"]
    line = assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", "сломанные"))
    assert "multiplies" in line


# --------------------------------------------------------------------------- 4. the conventions commands


def test_list_bundled():
    done = run_cli("conventions", "list", "--json")
    assert done.returncode == 0, report(done)
    listed = json.loads(done.stdout)
    bundled = sorted(path.stem for path in (REPO / "conventions").glob("*.toml"))
    assert {"gambler", "classic"} <= set(bundled)
    assert [(e["name"], e["origin"]) for e in listed["conventions"]] == [(name, "bundled") for name in bundled]
    for entry in listed["conventions"]:
        assert entry["sha256"] == conventions.load(entry["name"], game=None).sha256
        assert "problem" not in entry
    text = run_cli("conventions", "list")
    assert text.returncode == 0 and "gambler" in text.stdout and "classic" in text.stdout


def test_list_and_use_a_user_file(user_conventions):
    """A user's own file is listed as "user" and found by name; it may not shadow a bundled name."""
    user_conventions.mkdir(parents=True)
    own = write_variant(user_conventions, {"name": "наш-клуб", "made.simple": "reach_and_outscore"}, stem="наш-клуб")
    write_variant(user_conventions, {"made.simple": "reach_and_outscore"}, stem="gambler")  # a bundled name
    done = run_cli("conventions", "list", "--json")
    assert done.returncode == 0, report(done)
    listed = json.loads(done.stdout)
    assert Path(listed["user_dir"]) == user_conventions
    entries = {(e["name"], e["origin"]): e for e in listed["conventions"]}
    bundled = {(path.stem, "bundled") for path in (REPO / "conventions").glob("*.toml")}
    assert set(entries) == bundled | {("gambler", "user"), ("наш-клуб", "user")}
    assert Path(entries[("наш-клуб", "user")]["file"]) == own and "problem" not in entries[("наш-клуб", "user")]
    assert entries[("gambler", "user")]["problem"]
    assert "problem" not in entries[("gambler", "bundled")]

    hand = score_args({"contract": "8Т", "def_points": 80, "def_con": ["терц"]})
    # --convention gambler is still the bundled file: made, 16 : 10.
    bundled = run_json("score", *hand, "--convention", "gambler")
    assert (bundled["declarers"], bundled["defenders"]) == (16, 10)
    assert bundled["convention_sha256"] == conventions.load(str(BUNDLED["gambler"])).sha256
    # --convention наш-клуб finds the user's file: reach_and_outscore → bait 0 : 26.
    ours = run_json("score", *hand, "--convention", "наш-клуб")
    assert (ours["declarers"], ours["defenders"], ours["convention"]) == (0, 26, "наш-клуб")


def test_a_file_in_the_current_folder_does_not_shadow_a_bundled_name(tmp_path):
    """`--convention gambler` means the bundled rules (convention.resolve: "a bundled name cannot be shadowed"),
    even when the current folder holds a file named `gambler`; a path (./gambler) would name that file."""
    write_variant(tmp_path, {"made.simple": "reach_and_outscore"}, stem="variant").rename(tmp_path / "gambler")
    hand = score_args({"contract": "8Т", "def_points": 80, "def_con": ["терц"]})
    done = run_cli("score", *hand, "--convention", "gambler", "--json", cwd=tmp_path)
    assert done.returncode == 0, report(done)
    result = json.loads(done.stdout)
    assert (result["declarers"], result["defenders"]) == (16, 10), "./gambler was used instead of the bundled gambler"
    assert result["convention_sha256"] == conventions.load(str(BUNDLED["gambler"])).sha256


def drop_none(value):
    if isinstance(value, dict):
        return {k: drop_none(v) for k, v in value.items() if v is not None}
    return value


@pytest.mark.parametrize("name", ["gambler", "classic", "blot-star"])
def test_show(name):
    done = run_cli("conventions", "show", name)
    assert done.returncode == 0, report(done)
    lines = done.stdout.splitlines()
    games = [f"games.{kind}" for kind in BASE_DATA[name]["games"]]  # blot-star has no ВК table (RULES.md §10)
    for section in ("points", "doubling", "made", "written", "constructions", "kapo", *games, "game_end"):
        assert any(line.startswith(section) for line in lines), f"section {section} missing"
    assert conventions.load(name).sha256 in done.stdout
    shown = json.loads(run_cli("conventions", "show", name, "--json").stdout)
    assert shown.pop("sha256") == conventions.load(name).sha256
    assert Path(shown.pop("file")) == BUNDLED[name]
    assert shown == conventions.load(name).content
    assert drop_none(shown) == BASE_DATA[name]  # the file's own values, as tomllib reads them


def test_diff_gambler_classic():
    done = run_cli("conventions", "diff", "gambler", "classic", "--json")
    assert done.returncode == 0, report(done)
    rows = {d["key"]: (d["a"], d["b"]) for d in json.loads(done.stdout)["differences"]}
    assert set(rows) == {
        "name", "title", "made.simple",
        "constructions.declarers_without_trick", "constructions.defenders_without_trick",
        "constructions.bela_without_trick", "constructions.rams_8", "constructions.rams_7",
        "games.suit.rams.9", "games.suit.rams.A", "games.no_trumps.rams.A", "games.no_trumps.rams.10",
        "games.all_trumps.rams.9", "games.all_trumps.rams.A", "games.all_trumps.trick_divisor",
        "games.all_trumps.min_bid", "games.all_trumps.base_cost", "games.all_trumps.kapo_base_cost",
        # RULES.md §7 corrected: per-pair rounding, contra doubles only the bid, a card not in a sequence and rams
        "points.rounded", "written.made_doubled.declarers", "written.made_doubled.defenders",
        "constructions.card_in_sequence_and_rams", "games.all_trumps.all_tricks_base_cost",
        # issue #22: seed 001 §2, a kapo's card points are not counted (kapo 25, «Генерал» 50)
        "kapo.card_points",
        # issue #23: the play rules — seed 001 §2 (a bela said at either card), §3 (the announcer's trick), the source
        "play.bela_said", "play.construction_needs_trick", "play.source",
    }
    # ...and it is exactly what differs between the two files as tomllib reads them (but their history, same_rules_as).
    a, b = conventions.flatten(BASE_DATA["gambler"]), conventions.flatten(BASE_DATA["classic"])
    assert set(rows) == {key for key in set(a) | set(b) if a.get(key) != b.get(key)} - {"same_rules_as"}
    assert rows["made.simple"] == ("reach_contract", "reach_and_outscore")
    assert rows["games.suit.rams.9"] == (140, 150)
    assert rows["games.all_trumps.trick_divisor"] == (1, 1.59)
    text = run_cli("conventions", "diff", "gambler", "classic")
    assert text.returncode == 0, report(text)
    assert "made.simple" in text.stdout and "reach_and_outscore" in text.stdout
    assert "terz" not in text.stdout and "visty_per_point" not in text.stdout  # only what differs


def test_diff_lists_a_numbered_key_by_its_number():
    """``rams.7`` … ``rams.10`` in the order of the cards, not of their text (``10`` sorts before ``7`` as text)."""
    keys = [d["key"] for d in json.loads(run_cli("conventions", "diff", "gambler", "bulgarian", "--json").stdout)["differences"]]
    rams = [key.rsplit(".", 1)[1] for key in keys if key.startswith("games.no_trumps.rams.")]
    numbers = [int(rank) for rank in rams if rank.isdigit()]
    assert "10" in rams and numbers == sorted(numbers) and rams[:len(numbers)] == [str(n) for n in numbers], rams
    assert keys.index("constructions.rams_7") < keys.index("games.suit.min_bid") < keys.index("title"), keys


def test_diff_with_itself_is_empty(tmp_path):
    done = run_cli("conventions", "diff", "classic", "classic", "--json")
    assert done.returncode == 0, report(done)
    assert json.loads(done.stdout)["differences"] == []
    text = run_cli("conventions", "diff", "gambler", str(BUNDLED["gambler"]))
    assert text.returncode == 0 and "не различаются" in text.stdout, report(text)


def test_diff_of_a_variant_names_the_one_key(tmp_path):
    variant = write_variant(tmp_path, {"constructions.rams_7": "cancel_all"})
    done = run_cli("conventions", "diff", "gambler", str(variant), "--json")
    rows = json.loads(done.stdout)["differences"]
    assert [(r["key"], r["a"], r["b"]) for r in rows] == [("constructions.rams_7", "redeal", "cancel_all")]
    assert rows[0]["description"]  # a Russian description of the setting


@pytest.mark.parametrize("name", ["gambler", "classic", "blot-star"])
def test_check_ok_prints_the_sha256(name, tmp_path):
    done = run_cli("conventions", "check", str(BUNDLED[name]))
    assert done.returncode == 0, report(done)
    assert conventions.load(name).sha256 in done.stdout
    assert re.search(r"\b[0-9a-f]{64}\b", done.stdout)
    # The hash is the rules' content, not the bytes: a copy without comments has the same one.
    bare = tmp_path / "bare.toml"
    bare.write_text(tomli_w.dumps(BASE_DATA[name]), encoding="utf-8")
    again = run_cli("conventions", "check", str(bare))
    assert again.returncode == 0 and conventions.load(name).sha256 in again.stdout, report(again)
    assert hashlib.sha256(bare.read_bytes()).hexdigest() != conventions.load(name).sha256


def test_check_a_missing_file():
    line = assert_refused(run_cli("conventions", "check", "/nonexistent/правила.toml"))
    assert "правила.toml" in line


def test_check_reads_the_file_given_even_when_it_has_a_bundled_name(tmp_path):
    """`conventions check gambler` in a folder holding a (broken) file named `gambler` must check that file,
    not report the bundled gambler as fine."""
    (tmp_path / "gambler").write_bytes(replace_once('multiplies = "bid"\n', ""))
    done = run_cli("conventions", "check", "gambler", cwd=tmp_path)
    assert done.returncode == 2, f"the broken ./gambler was not checked:\n{report(done)}"


def test_check_a_file_without_the_toml_suffix(tmp_path):
    """`conventions check rules.txt` (an existing file in the current folder) is about that file, not about --convention."""
    (tmp_path / "rules.txt").write_text(GAMBLER_TEXT, encoding="utf-8")
    done = run_cli("conventions", "check", "rules.txt", cwd=tmp_path)
    assert "Traceback" not in done.stderr
    if done.returncode != 0:
        line = assert_refused(done)
        assert "--convention" not in line, f"`check` was given a FILE, the message speaks of --convention: {line}"
        assert "rules.txt" in line


@pytest.mark.parametrize("source", ["gambler", "classic", "blot-star"])
def test_init_makes_a_commented_copy(tmp_path, source):
    target = tmp_path / "наши.toml"
    done = run_cli("conventions", "init", str(target), "--from", source)
    assert done.returncode == 0, report(done)
    text = target.read_text(encoding="utf-8")
    source_text = BUNDLED[source].read_text(encoding="utf-8")
    copy_lines = set(text.splitlines())
    comments = [line for line in source_text.splitlines() if line.startswith("#")]
    assert comments and all(line in copy_lines for line in comments), "a comment of the source was lost"
    data = tomllib.loads(text)
    assert data["name"] == "наши"
    rules = conventions.load(str(target))
    assert {key for key, _, _ in conventions.differences(conventions.load(source), rules)} == {"name", "title"}
    check = run_cli("conventions", "check", str(target))
    assert check.returncode == 0 and rules.sha256 in check.stdout, report(check)

    # Refuses to overwrite: the copy stays as it is.
    target.write_text(text + "# правка клуба\n", encoding="utf-8")
    before = target.read_bytes()
    assert_refused(run_cli("conventions", "init", str(target), "--from", source))
    assert target.read_bytes() == before


def test_init_refuses_a_name_that_is_not_toml(tmp_path):
    target = tmp_path / "наши.txt"
    line = assert_refused(run_cli("conventions", "init", str(target)))
    assert ".toml" in line
    assert not target.exists()


ROUND_TRIP_HANDS = SHARED_ROWS + [
    {"contract": "8Т", "def_points": 80, "def_con": ["терц"], "note": "8Т"},
    {"contract": "29Т", "def_points": 20, "decl_con": ["рамки-9"], "note": "29Т"},
    {"contract": "12ВК", "def_points": 37, "note": "12ВК"},
    {"contract": "8Т", "def_points": 0, "decl_tricks": 8, "def_con": ["терц", "бэла"], "note": "defenders no trick"},
    {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-8", "терц"], "note": "rams of 8s and terz"},
    {"contract": "12Т", "def_points": 40, "decl_con": ["рамки-7"], "note": "rams of 7s"},
]


@pytest.mark.parametrize("source", ["gambler", "classic", "blot-star"])
def test_init_round_trip_scores_exactly_like_the_source(tmp_path, source):
    target = tmp_path / f"copy-of-{source}.toml"
    done = run_cli("conventions", "init", str(target), "--from", source)
    assert done.returncode == 0, report(done)
    original, copied = conventions.load(source), conventions.load(str(target))
    for hand in ROUND_TRIP_HANDS:
        assert score_hand(copied, hand) == score_hand(original, hand), hand["note"]
    # And through the command line, for seed 000 example 1 and the 29Т hand.
    for hand in (EX1, {"contract": "29Т", "def_points": 20, "decl_con": ["рамки-9"]}):
        a = run_json("score", *score_args(hand), "--convention", source)
        b = run_json("score", *score_args(hand), "--convention", str(target))
        assert b.pop("convention") == target.stem and a.pop("convention") == source
        a.pop("convention_sha256"), b.pop("convention_sha256")
        assert a == b


# --------------------------------------------------------------------------- 5. recompute what-if


def test_recompute_a_gambler_protocol_under_classic(tmp_path):
    """examples/game-gambler.toml re-scored under classic (RULES.md §7).

    Hand 7: 22ВК by «Юг», defenders 52 counted visty, declarers' bela.
    gambler: VTp 206 + 20 = 226 ≥ 220 made → «Север» 5, «Юг» 44.
    classic: VTv 52/1.59 = 32.7 → 33, VTp 162 − 33 = 129, Vp 149 < 220 → bait; each pair rounded on its own
    (RULES.md §7): Vv 33 → 30, Pv 3; Vp 149 → 150, Pp 15 → «Север» 22 + 15 + 3 = 40, «Юг» 0.
    Per-pair rounding moves a point on other made hands: hand 2, 12Ч by «Юг», VTv 35, terz + bela: Vp 127 + 40 =
    167 → 170, Pp 17 (gambler: (167 + 35 − 40) div 10 = 16) → 12 + 17 = 29 : 4; hand 4, 9Б, VTv 56: Vp 106 → 110,
    Pp 11 (gambler 10) → 20 : 6.  Hand 8 is made under contra: the defenders write their own 2 (seed 001 §5).
    Hand 11, ^Т by «Юг» with a bela, all 8 tricks: the kapo's 25 and the bela's 2, the cards not counted (seed 001
    §2) → 0 : 27 (gambler 25 + 25 + 2 = 52; issue #22 corrected classic's kapo, which wrote 52 too).
    So «Север» reach 313 at hand 17 and the game ends there: hand 18 is reported as played after the end.
    """
    sheet = tmp_path / "game-gambler.toml"
    shutil.copyfile(REPO / "examples" / "game-gambler.toml", sheet)
    before = sheet.read_bytes()
    files_before = sorted(p.name for p in tmp_path.iterdir())

    done = run_cli("recompute", str(sheet), "--convention", "classic", "--json")
    assert done.returncode == 1, report(done)
    assert "Traceback" not in done.stderr
    (result,) = json.loads(done.stdout)["files"]
    assert result["ok"] is False and result["convention"] == "classic"
    assert "classic" in result["warning"] and "gambler" in result["warning"]
    scores = [d for d in result["discrepancies"] if d["field"] == "score"]
    computed = {d["hand"]: (d["recorded"], d["computed"]) for d in scores}
    assert computed[7] == ([5, 44], [40, 0])
    assert computed[2] == ([4, 28], [4, 29]) and computed[4] == ([19, 6], [20, 6])
    assert computed[8] == ([49, 0], [47, 2])
    assert computed[11] == ([0, 52], [0, 27])
    assert set(computed) == {2, 4, 7, 8, 10, 11, 12, 13, 16}
    assert scores[0]["line"] is not None
    assert result["totals"] == [313, 224] and result["winner"] == "Север"
    assert {d["hand"] for d in result["discrepancies"] if d["field"] == "input"} == {18}

    text = run_cli("recompute", str(sheet), "--convention", "classic")
    assert text.returncode == 1, report(text)
    assert "classic" in text.stdout + text.stderr and "gambler" in text.stdout + text.stderr

    assert sheet.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == files_before  # no backup, no lock, no temporary


def test_recompute_under_its_own_rules_is_clean_and_silent(tmp_path):
    sheet = tmp_path / "game-gambler.toml"
    shutil.copyfile(REPO / "examples" / "game-gambler.toml", sheet)
    for extra in ([], ["--convention", "gambler"]):
        done = run_cli("recompute", str(sheet), *extra, "--json")
        assert done.returncode == 0, report(done)
        (result,) = json.loads(done.stdout)["files"]
        assert result["ok"] is True and "warning" not in result


def test_made_doubled_variant_line_shows_the_defenders_points(tmp_path):
    """With written.made_doubled giving the defenders Pv, the protocol line must show their 4, not «БТ».

    10Б++, VTv 40 → declarers PC + Pp = 40 + 12 = 52, defenders Pv = 4 (see SETTING_ROWS).
    """
    variant = write_variant(tmp_path, {"written.made_doubled": {"declarers": ["PC", "Pp"], "defenders": ["Pv"]}})
    done = run_cli("score", "10Б++", "--def-points", "40", "--convention", str(variant))
    assert done.returncode == 0, report(done)
    line = next(line for line in done.stdout.splitlines() if "10Б++" in line and "│" in line)
    cells = [cell.strip() for cell in line.strip("│ ").split("│")]
    assert cells == ["10Б++", "52", "4"], f"protocol line: {line}"


# --------------------------------------------------------------------------- 5. the compiled copy (start-up time)


def fresh_load(name_or_path: str) -> Convention:
    """``conventions.load`` as a new process would do it: without this process's cache of loaded files."""
    conventions._CACHE.clear()
    return conventions.load(name_or_path)


def no_toml(monkeypatch) -> None:
    """Make reading a convention's TOML fail, so that a load that succeeds came from the compiled copy."""
    def refuse(raw, path):
        raise AssertionError(f"{path} was parsed as TOML")
    monkeypatch.setattr(conventions, "_tables", refuse)


def test_a_convention_found_by_name_is_compiled_and_then_read_from_the_copy(user_conventions, monkeypatch):
    user_conventions.mkdir(parents=True)
    source = write_variant(user_conventions, {"name": "клуб", "points.rounding": "down"}, stem="клуб")
    first = fresh_load("клуб")
    copy_path = conventions._compiled_path(source)
    assert copy_path.is_file() and copy_path.parent == conventions.cache_dir()
    assert not (user_conventions / "__pycache__").exists()  # nothing beside the user's file
    assert oct(copy_path.stat().st_mode & 0o777) == oct(0o600)
    no_toml(monkeypatch)
    second = fresh_load("клуб")
    assert second == first and second is not first
    assert second.sha256 == first.sha256 == rules_hash(first.settings)
    assert second.settings.points.rounding == "down"


def test_a_changed_file_is_read_again_even_with_the_same_size_and_time(user_conventions):
    user_conventions.mkdir(parents=True)
    source = write_variant(user_conventions, {"name": "клуб", "points.rounding": "down"}, stem="клуб")
    before = fresh_load("клуб")
    stat = source.stat()
    text = source.read_text(encoding="utf-8")
    changed = text.replace('rounding = "down"', 'rounding = "up"  ')  # the same length in bytes
    assert len(changed.encode()) == len(text.encode())
    source.write_text(changed, encoding="utf-8")
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    after = fresh_load("клуб")
    assert (before.settings.points.rounding, after.settings.points.rounding) == ("down", "up")
    assert after.sha256 != before.sha256 and after.sha256 == rules_hash(after.settings)


@pytest.mark.parametrize("damage", [
    "empty", "not msgpack", "zeros", "a huge length", "not a list of 3", "an old format", "tables of the wrong type",
    "another file's bytes", "nested too deep", "too large",
])
def test_a_damaged_compiled_copy_is_ignored_and_rewritten(user_conventions, damage):
    user_conventions.mkdir(parents=True)
    source = write_variant(user_conventions, {"name": "клуб"}, stem="клуб")
    good = fresh_load("клуб")
    copy_path = conventions._compiled_path(source)
    stamp, sha256, tables = msgspec.msgpack.decode(copy_path.read_bytes())
    damaged = {
        "empty": b"", "not msgpack": "сломано".encode(), "zeros": b"\x00" * 40,
        "a huge length": b"\xdd\xff\xff\xff\x7f",  # an array of 2**32-1 items in 5 bytes (marshal allocated them)
        "not a list of 3": msgspec.msgpack.encode([stamp, sha256, tables, sha256]),
        "an old format": msgspec.msgpack.encode([[0, *stamp[1:]], sha256, tables]),
        "tables of the wrong type": msgspec.msgpack.encode([stamp, sha256, {**tables, "doubling": "вдвое"}]),
        "another file's bytes": msgspec.msgpack.encode([stamp, "0" * 64, {**tables, "title": "чужие"}]),
        "nested too deep": b"\x93" + b"\x91" * 100_000 + b"\xc0",
        "too large": msgspec.msgpack.encode([stamp, sha256, tables]) + b" " * (2 * 1024 * 1024),
    }[damage]
    copy_path.write_bytes(damaged)
    again = fresh_load("клуб")
    assert again == good and again.sha256 == rules_hash(good.settings)
    assert msgspec.msgpack.decode(copy_path.read_bytes())[2] == tables  # rewritten from the file


def test_the_cache_folder_is_platformdirs_own(monkeypatch, tmp_path):
    from platformdirs import user_cache_path

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert conventions.cache_dir() == user_cache_path("bbscore") / "conventions"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert conventions.cache_dir() == user_cache_path("bbscore") / "conventions"
    from bbscore.files import sha256_hex

    assert sha256_hex(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_the_rules_hash_is_never_read_from_the_compiled_copy(user_conventions):
    """The copy holds the tables and the SHA-256 of the source bytes; the rules' hash a protocol stores is computed."""
    user_conventions.mkdir(parents=True)
    source = write_variant(user_conventions, {"name": "клуб"}, stem="клуб")
    first = fresh_load("клуб")
    stamp, sha256, tables = msgspec.msgpack.decode(conventions._compiled_path(source).read_bytes())
    assert sha256 == hashlib.sha256(source.read_bytes()).hexdigest()
    assert first.sha256 not in conventions._compiled_path(source).read_bytes().decode("utf-8", "replace")
    assert fresh_load("клуб").sha256 == rules_hash(first.settings)


def test_a_link_at_the_compiled_copy_is_replaced_not_written_through(user_conventions, tmp_path):
    user_conventions.mkdir(parents=True)
    source = write_variant(user_conventions, {"name": "клуб"}, stem="клуб")
    copy_path = conventions._compiled_path(source)
    copy_path.parent.mkdir(parents=True, exist_ok=True)
    elsewhere = tmp_path / "elsewhere.bin"
    copy_path.symlink_to(elsewhere)  # dangling
    fresh_load("клуб")
    assert not elsewhere.exists() and not os.path.lexists(elsewhere)
    assert copy_path.is_file() and not copy_path.is_symlink()


def test_a_file_given_by_path_is_not_compiled(tmp_path):
    source = write_variant(tmp_path, {"name": "клуб"}, stem="клуб")
    fresh_load(str(source))
    assert not (tmp_path / "__pycache__").exists()


def test_a_folder_that_cannot_be_written_still_loads(user_conventions, monkeypatch):
    import tempfile

    user_conventions.mkdir(parents=True)
    write_variant(user_conventions, {"name": "клуб"}, stem="клуб")

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    loaded = fresh_load("клуб")
    assert loaded.name == "клуб"
    assert not conventions._compiled_path(user_conventions / "клуб.toml").exists()


def test_the_bundled_convention_read_by_the_cli_twice_gives_the_same_answer():
    """The first run may write the compiled copy, the second reads it: the same breakdown and hash."""
    first = run_json("score", "12Т", "--def-points", "18")
    second = run_json("score", "12Т", "--def-points", "18")
    assert first == second
    assert first["convention_sha256"] == rules_hash(conventions.load("gambler").settings)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_in_place_of_the_compiled_copy_or_the_file_is_not_waited_for(user_conventions, tmp_path):
    user_conventions.mkdir(parents=True)
    write_variant(user_conventions, {"name": "клуб"}, stem="клуб")
    copy_path = conventions._compiled_path(user_conventions / "клуб.toml")
    copy_path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(copy_path)
    assert run_json("score", "12Т", "--def-points", "18", "--convention", "клуб")["convention"] == "клуб"
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    assert "не обычный файл" in assert_refused(run_cli("conventions", "check", str(pipe)))
    assert "не обычный файл" in assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", str(pipe)))


def test_a_deeply_nested_convention_is_refused_and_listed_with_its_problem(user_conventions, tmp_path):
    deep_text = "name = " + "[" * 2000 + "]" * 2000 + "\n"
    deep = tmp_path / "deep.toml"
    deep.write_text(deep_text, encoding="utf-8")
    assert "вложен" in assert_refused(run_cli("conventions", "check", str(deep)))
    assert "вложен" in assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", str(deep)))
    user_conventions.mkdir(parents=True)
    (user_conventions / "глубокие.toml").write_text(deep_text, encoding="utf-8")
    done = run_cli("conventions", "list", "--json")
    assert done.returncode == 0, report(done)
    entry = next(e for e in json.loads(done.stdout)["conventions"] if e["name"] == "глубокие")
    assert "вложен" in entry["problem"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_among_the_user_conventions_is_not_a_convention(user_conventions):
    user_conventions.mkdir(parents=True)
    os.mkfifo(user_conventions / "труба.toml")
    done = run_cli("conventions", "list", "--json")
    assert done.returncode == 0, report(done)
    assert "труба" not in [entry["name"] for entry in json.loads(done.stdout)["conventions"]]
    line = assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", "труба"))
    assert "есть: bela, belote, blot-star, bulgarian, classic, classic-1001, coinche, gambler," in line


def test_an_empty_convention_name_and_a_folder_for_init_are_said_as_such(tmp_path):
    """Found by a newcomer's review: «» was called a folder, and a folder named like a file «already there»."""
    assert "пустое имя" in assert_refused(run_cli("score", "12Т", "--def-points", "18", "--convention", ""))
    (tmp_path / "dir.toml").mkdir()
    assert "это папка" in assert_refused(run_cli("conventions", "init", tmp_path / "dir.toml"))
