"""Issue #13: the convention format holds real clubs' rules — classic corrected (RULES.md §7) and blot-star (§10).

Data tables, each row with its source and its arithmetic, run through the engine
(:func:`make_hand` + :func:`score`) and the command line (``bbscore score … --json``):

* ``CLASSIC_ROWS``: each default of ``classic`` that issue #13 changed, with the seed 001 sentence;
* ``BLOT_STAR_ROWS``: derived by hand from RULES.md §10, at least one row for each of its rules;
* ``REFUSED_ROWS``: contracts a convention does not have.

The gambler cases (``tests/test_cases.py``, ``tests/data``) are not repeated here: they stay exactly as they are.
"""

from __future__ import annotations

import pytest

from bbscore import conventions
from bbscore.errors import BBScoreError
from bbscore.belot.hand import make_hand
from bbscore.belot.scoring import score
from conftest import assert_refused, run_cli, run_json

ENGINE_KEYS = ("def_points", "decl_points", "decl_con", "def_con", "decl_tricks", "melds", "decl_seats")


def row(convention: str, hand: dict, expect: dict, source: str) -> pytest.param:
    return pytest.param(convention, hand, expect, id=f"{convention}: {source}")


CLASSIC_ROWS = [
    # 8П+, VTv 80, no constructions: VTp 82 ≥ 80 and 82 > 80 → made under contra.  PC = 8 × 2 = 16.
    # Each pair rounded on its own: Pp = round(82) div 10 = 8, Pv = round(80) div 10 = 8.
    # Declarers PC + Pp = 24, defenders Pv = 8 (before issue #13: 32 : 0).
    row("classic", {"contract": "8П+", "def_points": 80},
        {"declarers": 24, "defenders": 8, "made": True, "outcome": "made_doubled", "PC": 16, "Pp": 8, "Pv": 8},
        "made under contra, the defenders still write theirs [seed 001 §5 «вистующая пара пишет себе набранные "
        "очки»; «Контра удваивает стоимость заказа»]"),
    # 10Б++, VTv 40: VTp 122 → 120, Pp 12; Pv 4; PC 10 × 4 = 40 → 52 : 4.
    row("classic", {"contract": "10Б++", "def_points": 40},
        {"declarers": 52, "defenders": 4, "PC": 40, "multiplier": 4},
        "made under recontra [seed 001 §2 «Реконтра учетверяет стоимость заказа»]"),
    # 9Б, VTv 56: VTp 106 → 110 (half up), Pp 11; Vv 56 → 60, Pv 6 → 9 + 11 = 20 : 6 (gambler: Pp 10 → 19 : 6).
    row("classic", {"contract": "9Б", "def_points": 56},
        {"declarers": 20, "defenders": 6, "rounded_Vp": 110, "rounded_Vv": 60},
        "each pair rounded on its own, half up [seed 001 §5 «набранные очки делятся на 10 (с учётом правил "
        "округления)»; RULES.md §7 default]"),
    # 9Ч, VTv 15: Vp 147 → 150, Pp 15; Vv 15 → 20, Pv 2: the two add up to 17, not 16 → 24 : 2.
    row("classic", {"contract": "9Ч", "def_points": 15}, {"declarers": 24, "defenders": 2, "Pp": 15, "Pv": 2},
        "per-pair rounding: 15 + 2 = 17 points for a 16-point deck [seed 001 §5]"),
    # 10Т, VTv 65: VTp 97 < 100 → bait.  Pp 97 → 100 → 10, Pv 65 → 70 → 7; defenders PC 10 + 10 + 7 = 27.
    row("classic", {"contract": "10Т", "def_points": 65}, {"declarers": 0, "defenders": 27, "made": False},
        "bait: all points to the defenders, each pair's rounded [seed 001 §5 «все очки пишет вистующая пара»]"),
    # Failed kapo, the premium reading: ^Т, 7 tricks, VTv 10 → PC 25 + Pp (25 + 0) + Pv 0 = 50.
    row("classic", {"contract": "^Т", "def_points": 10, "decl_tricks": 7}, {"declarers": 0, "defenders": 50},
        "failed kapo: the kapo premium [seed 001 §2 silent; kapo.failed_card_points = kapo_base_cost]"),
]

BLOT_STAR_ROWS = [
    # 8Т, VTv 66: Vp 96 ≥ 80 made.  Rounded half down, each pair: 96 → 100 (…6 up), Pp 10; 66 → 70, Pv 7.
    # 10 + 7 = 17 points of a 16-point deck.  Declarers 1 × 8 + 10 = 18, defenders 7.
    row("blot-star", {"contract": "8Т", "def_points": 66},
        {"declarers": 18, "defenders": 7, "made": True, "Pp": 10, "Pv": 7},
        "made; per-pair rounding, the two sides add up to 17 [§10 each pair rounded on its own]"),
    # 9Т, VTv 55: VTp 107 → 110, Pp 11; Vv 55 → 50 (…5 goes down), Pv 5 → 9 + 11 = 20 : 5.
    row("blot-star", {"contract": "9Т", "def_points": 55},
        {"declarers": 20, "defenders": 5, "rounded_Vv": 50},
        "half down: …5 goes down [§10 «…5 goes down, …6 up»]"),
    # 13Т, VTv 80, declarers' terz: Vp 82 + 20 = 102 < 130 → bait.  Declarers 0; defenders 13 + 16 + their own
    # constructions 0 = 29 (the declarers' terz is lost, the defenders' trick visty are not counted).
    row("blot-star", {"contract": "13Т", "def_points": 80, "decl_con": ["терц"]},
        {"declarers": 0, "defenders": 29, "made": False, "bait_constructions": 20},
        "bait: defenders write bid + 16 + own constructions [§10 bait]"),
    # 9Ч, VTv 85, defenders' terz: VTp 77 < 90 → bait: 9 + 16 + Pkv 2 = 27.
    row("blot-star", {"contract": "9Ч", "def_points": 85, "def_con": ["терц"]},
        {"declarers": 0, "defenders": 27, "Pkv": 2},
        "bait with the defenders' own terz [§10 bait: «their own rounded constructions»]"),
    # 10Т+, VTv 52: VTp 110 ≥ 100 made.  PC 10 × 2 = 20; Pp 11; Pv 52 → 50, 5 → 31 : 5 (the defenders write theirs).
    row("blot-star", {"contract": "10Т+", "def_points": 52},
        {"declarers": 31, "defenders": 5, "PC": 20, "outcome": "made_doubled"},
        "contra made: the bid ×2, the defenders write their visty [§10 multiplier table; made «also under contra»]"),
    # 10БК, VTv 52: no trumps ×2 → PC 20; Pp 11, Pv 5 → 31 : 5.
    row("blot-star", {"contract": "10БК", "def_points": 52}, {"declarers": 31, "defenders": 5, "multiplier": 2},
        "no trumps ×2 [§10 «no trumps ×2 / ×3 / ×5»]"),
    # 10БК+, VTv 52: no trumps contra ×3 → PC 30 → 41 : 5.
    row("blot-star", {"contract": "10БК+", "def_points": 52}, {"declarers": 41, "defenders": 5, "multiplier": 3},
        "no trumps contra ×3 [§10]"),
    # 10БК++, VTv 70: VTp 92 < 100 → bait; no trumps recontra ×5 → 50 + 16 + 0 = 66.
    row("blot-star", {"contract": "10БК++", "def_points": 70}, {"declarers": 0, "defenders": 66, "PC": 50},
        "no trumps recontra bait: ×5 on the bid only, never on the 16 [§10]"),
    # 10Т^ (a capot bid), 7 tricks, VTv 10: Vp 152 ≥ 100 but not all 8 tricks → bait: 10 + 16 + 0 = 26.
    row("blot-star", {"contract": "10Т^", "def_points": 10, "decl_tricks": 7},
        {"declarers": 0, "defenders": 26, "made": False},
        "a capot bid failing by one trick [§10 «made only if … and take all 8 tricks»]"),
    # 10Т^, all 8 tricks: the card share counts 252 → Pp 25 → 10 + 25 = 35 : 0.
    row("blot-star", {"contract": "10Т^", "def_points": 0, "decl_tricks": 8},
        {"declarers": 35, "defenders": 0, "made": True, "VTp": 252, "all_tricks": "declarers"},
        "a capot bid made [§10 capot flag; 252]"),
    # 8Т without a capot bid, all 8 tricks: 252 → 8 + 25 = 33 : 0.
    row("blot-star", {"contract": "8Т", "def_points": 0, "decl_tricks": 8},
        {"declarers": 33, "defenders": 0, "VTp": 252},
        "all tricks without a capot bid count 252 [§10 «capot bid or not»]"),
    # 8Т, the defenders take all 8 tricks: bait; the 16 becomes 25 → 8 + 25 + 0 = 33.
    row("blot-star", {"contract": "8Т", "def_points": 162, "decl_tricks": 0},
        {"declarers": 0, "defenders": 33, "C_written": 25, "all_tricks": "defenders"},
        "bait with all 8 tricks to the defenders: 25 instead of 16 [§10]"),
    # Equal rams by the elder hand: player 1 (pair 13, declarers) рамки-Д, player 2 рамки-К, both 100.
    # Seat 1 is first in turn from the opening leader → pair 13's rams pass: Vp 112 + 100 = 212 → 210 (half down),
    # Pp 21; Vv 50 → 5 → 12 + 21 = 33 : 5.  (gambler: K rams beat Q rams → the defenders' → bait.)
    row("blot-star", {"contract": "12Т", "def_points": 50, "melds": {1: "рамки-Д", 2: "рамки-К"}, "decl_seats": "13"},
        {"declarers": 33, "defenders": 5, "VCp": 100},
        "equal rams: the elder hand's pass [§10 «equal values → the elder hand»]"),
    # Rams of 8s do nothing: beside a terz they cancel nothing and are worth 0: Vp 112 + 20 = 132 → 130 → 12 + 13 = 25 : 5.
    row("blot-star", {"contract": "12Т", "def_points": 50, "decl_con": ["рамки-8", "терц"]},
        {"declarers": 25, "defenders": 5, "VCp": 20},
        "rams of 8s: no cancel [§10 «8s and 7s nothing»]"),
    # Rams of 7s announced: no redeal, the hand is scored: 11Т, Vp 112 ≥ 110 → 11 + round(112) div 10 = 11 + 11 = 22 : 5.
    row("blot-star", {"contract": "11Т", "def_points": 50, "melds": {1: "рамки-7"}, "decl_seats": "13"},
        {"declarers": 22, "defenders": 5},
        "rams of 7s: no redeal [§10]"),
    # The maximum bid is accepted: 80Т with rams of jacks (200) and all tricks: 252 + 200 + 20 (bela) = 472 ≥ 800? No:
    # 80 needs 800 visty — bait: 80 + 25? No, the declarers took all tricks: 80 + 16 + 0 = 96.
    row("blot-star", {"contract": "80Т", "def_points": 0, "decl_tricks": 8, "decl_con": ["рамки-В", "бэла"]},
        {"declarers": 0, "defenders": 96, "made": False},
        "maximum bid 80 [§10 «maximum bid 80»]"),
]

REFUSED_ROWS = [
    pytest.param("blot-star", "20ВК", ["ВК", "blot-star"], id="blot-star: no all trumps [§10 «No all-trumps»]"),
    pytest.param("blot-star", "81Т", ["80"], id="blot-star: above the maximum bid [§10 «maximum bid 80»]"),
    pytest.param("blot-star", "^Т", ["26Т^"], id="blot-star: the kapo is a flag on a bid [§10]"),
    pytest.param("blot-star", "^^Т", ["с руки"], id="blot-star: no kapo from one hand [§10 silent: off]"),
    pytest.param("gambler", "26Т^", ["^Т"], id="gambler: a kapo is a premium ^K [seed 000 §2]"),
]


def engine(convention: str, hand: dict) -> dict:
    rules = conventions.load(convention)
    fields = {key: hand[key] for key in ENGINE_KEYS if key in hand}
    breakdown = score(make_hand(rules, hand["contract"], **fields), rules)
    result = {key: getattr(breakdown, key) for key in breakdown.__struct_fields__}
    result["outcome"] = breakdown.outcome.value
    return result


def cli_args(hand: dict) -> list[str]:
    args = ["score", hand["contract"]]
    for key in ("def_points", "decl_points", "decl_tricks", "decl_seats"):
        if key in hand:
            args += ["--" + key.replace("_", "-"), str(hand[key])]
    for key in ("decl_con", "def_con"):
        if hand.get(key):
            args += ["--" + key.replace("_", "-"), ", ".join(hand[key])]
    for seat, text in hand.get("melds", {}).items():
        args += ["--melds", f"p{seat}: {text}"]
    return args


@pytest.mark.parametrize(("convention", "hand", "expect"), CLASSIC_ROWS + BLOT_STAR_ROWS)
def test_engine(convention, hand, expect):
    result = engine(convention, hand)
    assert {key: result[key] for key in expect} == expect


@pytest.mark.parametrize(("convention", "hand", "expect"), CLASSIC_ROWS + BLOT_STAR_ROWS)
def test_cli_json(convention, hand, expect):
    result = run_json(*cli_args(hand), "--convention", convention)
    assert {key: result[key] for key in expect} == expect
    assert result["convention"] == convention


@pytest.mark.parametrize(("convention", "contract", "words"), REFUSED_ROWS)
def test_contract_the_convention_does_not_have(convention, contract, words):
    with pytest.raises(BBScoreError):
        make_hand(conventions.load(convention), contract, def_points=0, decl_tricks=8)
    line = assert_refused(run_cli("score", contract, "--def-points", "0", "--decl-tricks", "8", "--convention", convention))
    for word in words:
        assert word in line, line


def test_gambler_still_decides_equal_value_rams_by_rank():
    """The same announcements as the blot-star elder-hand row: under gambler K rams beat Q rams (seed 000 §0.2 order),
    so the defenders' pass: Vp 112 < 120 → bait; Vv 50 + 100 = 150 → Pv 15, Pp (112 + 150 − 150) div 10 = 11 →
    defenders 12 + 11 + 15 = 38."""
    result = engine("gambler", {"contract": "12Т", "def_points": 50, "melds": {1: "рамки-Д", 2: "рамки-К"},
                                "decl_seats": "13"})
    assert (result["declarers"], result["defenders"], result["VCv"]) == (0, 38, 100)


def test_classic_forbids_a_card_in_a_sequence_and_rams():
    """seed 001 §2: «не допускается (правила классического Белода)»; gambler allows it (seed 000 §0.2 «Допускается»)."""
    melds = {1: "рамки-В, терц от ДП"}  # the jack of spades in both
    assert engine("gambler", {"contract": "12Т", "def_points": 50, "melds": melds, "decl_seats": "13"})["VCp"] == 220
    with pytest.raises(BBScoreError, match="и в последовательности, и в рамках"):
        engine("classic", {"contract": "12Т", "def_points": 50, "melds": melds, "decl_seats": "13"})
    # Passed constructions: three rams and a quinta fit two players only when the quinta shares a card with rams.
    listed = {"contract": "30Т", "def_points": 40, "decl_con": ["рамки-В", "рамки-Д", "рамки-К", "квинта"]}
    assert engine("gambler", listed)["VCp"] == 200 + 100 + 100 + 100
    with pytest.raises(BBScoreError):
        engine("classic", listed)


# --------------------------------------------------------------------------- properties of every bundled convention

import tomllib  # noqa: E402
from collections import Counter  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bbscore.belot.cards import RUSSIAN_RANKS  # noqa: E402
from bbscore.belot.constructions import fits_two_players, parse_list  # noqa: E402
from bbscore.belot.contract import Contract, ContractKind, Doubling, Game  # noqa: E402


def bazar_belot_names() -> list[str]:
    """The bundled conventions of the Bazar-Belot family (a Preferans file says ``game = "preferans"``)."""
    names = []
    for name in conventions.bundled_names():
        data = tomllib.loads((conventions.bundled_dir() / f"{name}.toml").read_text(encoding="utf-8"))
        if data.get("game", "bazar-belot") != "preferans":
            names.append(name)
    return names


BAZAR_BELOT = bazar_belot_names()
REFUSED_AT_MOST = 0.10  # hands are valid by construction: a refusal is a generator's gap, allowed up to this share
SEQUENCES = ["терц", "берц", "квинта"]


@st.composite
def valid_hands(draw, rules) -> dict:
    """Keyword arguments of :func:`make_hand` (with ``contract``) for a hand valid under ``rules``."""
    game = draw(st.sampled_from([g for g in Game if rules.has_game(g.kind)]))
    table = rules.game(game.kind)
    # the forms of contract the rules read (issue #22: the game alone in the families without a numeric bid)
    kinds = [{"bid": ContractKind.SIMPLE, "game": ContractKind.GAME, "kapo": ContractKind.KAPO,
              "kapo_hand": ContractKind.KAPO_HAND, "kapo_bid": ContractKind.KAPO_BID}[form] for form in rules.forms]
    kind = draw(st.sampled_from(kinds))
    if kind in (ContractKind.SIMPLE, ContractKind.KAPO_BID):
        number = draw(st.integers(table.min_bid, min(table.max_bid or table.min_bid + 32, table.min_bid + 32)))
    elif kind is ContractKind.GAME:
        number = 0
    else:
        number = draw(st.integers(0, 6))
    contract = Contract(kind, number, game, draw(st.sampled_from(list(Doubling) if rules.doubling else [Doubling.NONE])))
    by_number = kind in (ContractKind.SIMPLE, ContractKind.GAME)
    tricks = draw(st.integers(0, 8)) if not by_number else draw(st.none() | st.integers(0, 8))
    by_tricks = rules.makeable(game.kind)
    possible = frozenset().union(*by_tricks) if tricks is None else by_tricks[tricks]
    decl_points = draw(st.sampled_from(sorted(possible)))
    if tricks is None and decl_points in (0, table.deck_visty):
        tricks = 8 if decl_points else 0  # where the trick count matters it is required; these counts can make it
    rams = ["рамки-" + RUSSIAN_RANKS[rank] for rank, value in sorted(table.rams.items()) if value > 0]
    others = draw(st.lists(st.sampled_from(SEQUENCES), max_size=2)) + (
        draw(st.lists(st.sampled_from(rams), max_size=2, unique=True)) if rams else [])
    if not table.constructions:  # a game without constructions (issue #22: Bulgarian no trumps)
        others = []
    shared = rules.settings.constructions.card_in_sequence_and_rams == "allowed"
    if not fits_two_players(parse_list(others, "test"), shared):
        others = others[:1]
    decl: list[str] = []
    defs: list[str] = []
    (decl if draw(st.booleans()) else defs).extend(others)
    for _ in range(draw(st.integers(0, table.max_belas))):
        (decl if draw(st.booleans()) else defs).append("бэла")
    return {"contract": contract, "decl_points": decl_points, "decl_tricks": tricks, "decl_con": decl, "def_con": defs}


@pytest.mark.parametrize("name", BAZAR_BELOT)
def test_properties_of_every_bundled_convention(name):
    """Scores are never negative; a bait gives the declarers 0; where the declarers get the rest of the rounding
    (``points.rounded = "defenders"``, seed 000 §5) ``Pp + Pv = C + (VCp + VCv)/10`` exactly for a bid whose
    trick visty add up to S.  Refusals are counted: above ``REFUSED_AT_MOST`` of the hands the test fails."""
    rules = conventions.load(name)
    unit = rules.settings.points.visty_per_point
    counts: Counter = Counter()

    @settings(max_examples=150, deadline=None)
    @given(valid_hands(rules))
    def check(kwargs):
        kwargs = dict(kwargs)
        contract = kwargs.pop("contract")
        try:
            hand = make_hand(rules, contract, **kwargs)
        except BBScoreError:
            counts["refused"] += 1
            return
        counts["scored"] += 1
        b = score(hand, rules)
        assert b.declarers >= 0 and b.defenders >= 0, b
        if not b.made and not b.declarers_terms:
            assert b.declarers == 0, b
        elif not b.made and b.outcome.value == "bait":  # issue #22: a failed taker keeps only his belote (French, coinche)
            assert b.declarers == b.Pkp * b.declarers_multiplier and set(b.declarers_terms) == {"Pkp"}, b
        if (rules.settings.points.rounded == "defenders" and contract.is_bid and b.VTp + b.VTv == b.S
                and b.bait_constructions == 0):
            assert b.Pp + b.Pv == b.C + (b.VCp + b.VCv) // unit, b

    check()
    total = counts["refused"] + counts["scored"]
    assert total >= 100, counts
    assert counts["refused"] <= REFUSED_AT_MOST * total, f"{name}: too many generated hands refused: {dict(counts)}"


# --------------------------------------------------------------------------- conventions check, show, diff


from bbscore.belot.descriptions import describe  # noqa: E402


@pytest.mark.parametrize("name", BAZAR_BELOT)
def test_check_each_bundled_file(name):
    done = run_cli("conventions", "check", str(conventions.bundled_dir() / f"{name}.toml"))
    assert done.returncode == 0, done.stderr
    assert f"правила «{name}» в порядке" in done.stdout


@pytest.mark.parametrize("name", BAZAR_BELOT)
def test_every_setting_of_each_bundled_file_is_described(name):
    """``conventions show`` explains every key (descriptions.py), the new settings of issue #13 included."""
    missing = [key for key in conventions.flatten(conventions.load(name).content) if not describe(key)]
    assert missing == []


BLOT_STAR_TEXT = (conventions.bundled_dir() / "blot-star.toml").read_text(encoding="utf-8")

# (a line of blot-star.toml, the same line mistyped, the key path the refusal names, the nearest key it suggests)
MISTYPED = [
    ('rounded = "each_pair"', 'rounde = "each_pair"', "points.rounde", "points.rounded"),
    ('rounding = "half_down"', 'roundin = "half_down"', "points.roundin", "points.rounding"),
    ('scaling = "each_side"', 'scalling = "each_side"', "points.scalling", "points.scaling"),
    ('multiplies = "bid"', 'multiply = "bid"', "doubling.multiply", "doubling.multiplies"),
    ('declarers_on_bait = "lost"', 'declarer_on_bait = "lost"', "constructions.declarer_on_bait",
     "constructions.declarers_on_bait"),
    ('bela_on_bait = "like_others"', 'bela_on_bai = "like_others"', "constructions.bela_on_bai", "constructions.bela_on_bait"),
    ('equal_rams = "tie"', 'equal_ram = "tie"', "constructions.equal_ram", "constructions.equal_rams"),
    ('tie = "elder_hand"', 'ties = "elder_hand"', "constructions.ties", "constructions.tie"),
    ("top_card_before_trump = true", "top_card_before_trumps = true", "constructions.top_card_before_trumps",
     "constructions.top_card_before_trump"),
    ('card_in_sequence_and_rams = "forbidden"', 'card_in_sequence_and_ram = "forbidden"',
     "constructions.card_in_sequence_and_ram", "constructions.card_in_sequence_and_rams"),
    ('style = "flag"', 'styl = "flag"', "kapo.styl", "kapo.style"),
    ("from_one_hand = false", "from_one_hands = false", "kapo.from_one_hands", "kapo.from_one_hand"),
    ('failed_card_points = "base_cost"', 'failed_cards_points = "base_cost"', "kapo.failed_cards_points",
     "kapo.failed_card_points"),
    ("max_bid = 80", "maxbid = 80", "games.suit.maxbid", "games.suit.max_bid"),
    ("bid_multiplier = { none = 1,", "bid_multipliers = { none = 1,", "games.suit.bid_multipliers",
     "games.suit.bid_multiplier"),
    ("all_tricks_visty = 252", "all_trick_visty = 252", "games.suit.all_trick_visty", "games.suit.all_tricks_visty"),
    ("all_tricks_base_cost = 25", "all_tricks_base_costs = 25", "games.suit.all_tricks_base_costs",
     "games.suit.all_tricks_base_cost"),
    ("winner_needs_trick = false", "winner_need_trick = false", "game_end.winner_need_trick",
     "game_end.winner_needs_trick"),
]


@pytest.mark.parametrize(("line", "typo", "key", "nearest"), MISTYPED, ids=[m[2] for m in MISTYPED])
def test_a_mistyped_new_setting_is_refused_with_the_nearest_key(tmp_path, line, typo, key, nearest):
    assert line in BLOT_STAR_TEXT
    broken = tmp_path / "клуб.toml"
    broken.write_text(BLOT_STAR_TEXT.replace(line, typo, 1), encoding="utf-8")
    message = assert_refused(run_cli("conventions", "check", str(broken)))
    assert f"ключ {key}:" in message and f"может быть, {nearest}?" in message, message
    assert "seed 000" not in message


# (a line of blot-star.toml, a value outside its choices, the key path, the choices the refusal lists)
BAD_CHOICES = [
    ('rounded = "each_pair"', 'rounded = "both"', "points.rounded", ["defenders", "each_pair"]),
    ('tie = "elder_hand"', 'tie = "dealer"', "constructions.tie", ["first_announced", "elder_hand", "cancel_both"]),
    ('style = "flag"', 'style = "bonus"', "kapo.style", ["premium", "flag"]),
    ('rams_8 = "nothing"', 'rams_8 = "none"', "constructions.rams_8", ["nothing", "redeal"]),
    ('bait = { declarers = [], defenders = ["PC", "C", "Pkv"] }', 'bait = { declarers = [], defenders = ["PC", "K"] }',
     "written.bait", ["Pkv", "Pkp", "C"]),
]


@pytest.mark.parametrize(("line", "bad", "key", "choices"), BAD_CHOICES, ids=[b[2] for b in BAD_CHOICES])
def test_a_value_outside_the_new_choices_lists_them(tmp_path, line, bad, key, choices):
    assert line in BLOT_STAR_TEXT
    broken = tmp_path / "клуб.toml"
    broken.write_text(BLOT_STAR_TEXT.replace(line, bad, 1), encoding="utf-8")
    message = assert_refused(run_cli("conventions", "check", str(broken)))
    assert key in message, message
    for choice in choices:
        assert choice in message, message


@pytest.mark.parametrize(("old", "new", "words"), [
    pytest.param("bid_multiplier = { none = 2, contra = 3, recontra = 5 }",
                 "bid_multiplier = { none = 2, contra = 1, recontra = 5 }",
                 ["games.no_trumps.bid_multiplier", "контра не дешевле"], id="contra below no doubling"),
    pytest.param("bid_multiplier = { none = 2, contra = 3, recontra = 5 }",
                 "bid_multiplier = { none = 0, contra = 3, recontra = 5 }",
                 ["games.no_trumps.bid_multiplier", "не меньше 1"], id="multiplier 0"),
    pytest.param("max_bid = 80", "max_bid = 7", ["games.suit.max_bid", "меньше минимальной"], id="max below min"),
    pytest.param("all_tricks_visty = 252", "all_tricks_visty = 100", ["games.suit.all_tricks_visty", "162"],
                 id="all tricks below the deck"),
    pytest.param("all_tricks_base_cost = 25", "all_tricks_base_cost = -1", ["games.suit.all_tricks_base_cost"],
                 id="negative all-tricks base cost"),
])
def test_numbers_of_the_new_settings_must_agree(tmp_path, old, new, words):
    broken = tmp_path / "клуб.toml"
    broken.write_text(BLOT_STAR_TEXT.replace(old, new, 1), encoding="utf-8")
    message = assert_refused(run_cli("conventions", "check", str(broken)))
    for word in words:
        assert word in message, message


def test_the_base_cost_message_of_a_file_that_is_not_gambler_cites_no_seed(tmp_path):
    """Where the declarers get the rest, C must be the deck's points; the message explains it without seed 000."""
    text = BLOT_STAR_TEXT.replace('rounded = "each_pair"', 'rounded = "defenders"').replace("base_cost = 16", "base_cost = 15", 1)
    broken = tmp_path / "клуб.toml"
    broken.write_text(text, encoding="utf-8")
    message = assert_refused(run_cli("conventions", "check", str(broken)))
    assert "games.suit.base_cost" in message and "остаток" in message and "seed" not in message, message


def test_diff_gambler_blot_star_is_a_list_of_rule_differences():
    done = run_cli("conventions", "diff", "gambler", "blot-star")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert text.startswith("Различия: «gambler» и «blot-star»")
    # one numbered item per difference, its meaning beside the key, then each file's value on its own line
    assert "points.rounded — кого округляют" in text
    assert "   gambler    defenders\n   blot-star  each_pair" in text
    # a game blot-star does not have is one difference, not one per key of its table
    assert "games.all_trumps — игра ВК" in text and "games.all_trumps.deck_visty" not in text
    rows = run_json("conventions", "diff", "gambler", "blot-star")["differences"]
    keys = {row["key"] for row in rows}
    assert {"points.rounded", "points.rounding", "kapo.style", "constructions.tie", "games.no_trumps.bid_multiplier.none",
            "games.suit.max_bid", "written.bait.defenders", "games.all_trumps"} <= keys
    assert all(row["description"] for row in rows)


def test_score_help_says_how_kapo_reads():
    text = run_cli("score", "--help").stdout
    assert "kapo.style" in text and "26Т^" in text and "^2Т" in text


# --------------------------------------------------------------------------- the working follows the file

WORKING = [
    pytest.param(["8П+", "--def-points", "80", "--convention", "classic"],
                 ["Pp = round(Vp) div 10 = round(82) div 10 = 80 div 10 = 8; Pv = round(Vv) div 10 = round(80) div 10 = "
                  "80 div 10 = 8.", "разыгрывающие пишут PC + Pp = 16 + 8 = 24, вистующие пишут Pv = 8."],
                 ["Pp + Pv = C"], id="classic: each pair rounded, no gambler identity"),
    pytest.param(["13Т", "--def-points", "80", "--decl-con", "терц", "--convention", "blot-star"],
                 ["При байте конструкции разыгрывающих (20 вистов) пропадают.",
                  "Pkv = VCv / 10 = 0 / 10 = 0", "вистующие пишут PC + C + Pkv = 13 + 16 + 0 = 29."],
                 ["Pp + Pv = C", "Очки за висты"], id="blot-star bait: bid + 16 + own constructions"),
    pytest.param(["10БК+", "--def-points", "52", "--convention", "blot-star"],
                 ["PC = N × 3 (игра БК, контра) = 10 × 3 = 30", "5 вниз"], [], id="blot-star: the game's multiplier"),
    pytest.param(["8Т", "--def-points", "162", "--decl-tricks", "0", "--convention", "blot-star"],
                 ["Все 8 взяток взяли вистующие: по этим правилам их карты стоят 252 виста вместо 162",
                  "базовая стоимость в записи — 25 вместо 16"], [], id="blot-star: all tricks to the defenders"),
    pytest.param(["10Т^", "--def-points", "10", "--decl-tricks", "7", "--convention", "blot-star"],
                 ["заявка с капо", "Выполнен? Vp = 152 ≥ 10·N = 100; все 8 взяток: нет → контракт не выполнен — байт."],
                 [], id="blot-star: a capot bid one trick short"),
]


@pytest.mark.parametrize(("args", "present", "absent"), WORKING)
def test_working_follows_the_file(args, present, absent):
    done = run_cli("score", *args)
    assert done.returncode == 0, done.stderr
    for line in present:
        assert line in done.stdout, f"{line}\n---\n{done.stdout}"
    for line in absent:
        assert line not in done.stdout, f"{line}\n---\n{done.stdout}"


def test_json_names_the_formula_it_used():
    gambler = run_json("score", "8П+", "--def-points", "80")
    classic = run_json("score", "8П+", "--def-points", "80", "--convention", "classic")
    assert gambler["formula"]["declarers_get_the_rest"] is True
    assert gambler["formula"]["written"] == {"declarers": ["PC", "Pp", "Pv"], "defenders": []}
    assert classic["formula"] == {"rounded": "each_pair", "rounding": "half_up", "doubling_multiplies": "bid",
                                  "kapo": "premium", "written": {"declarers": ["PC", "Pp"], "defenders": ["Pv"]},
                                  "declarers_get_the_rest": False}
    assert (classic["rounded_Vp"], classic["rounded_Vv"]) == (80, 80)


# --------------------------------------------------------------------------- settings beside the bundled values

import tomli_w  # noqa: E402


def variant(tmp_path, changes: dict, base: str = "gambler") -> str:
    """A bundled convention with ``changes`` (key path → value) written to a file; returns its path."""
    data = tomllib.loads((conventions.bundled_dir() / f"{base}.toml").read_text(encoding="utf-8"))
    for path, value in changes.items():
        *parents, last = path.split(".")
        table = data
        for part in parents:
            table = table[part]
        assert last in table, path
        table[last] = value
    target = tmp_path / "variant.toml"
    target.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(target)


def test_winner_needs_trick(tmp_path):
    """game_end.winner_needs_trick: 8Т by «Они», all 8 tricks; «Мы» (defenders, no trick) keep rams of jacks and of
    nines (seed 000 §5: defenders keep constructions without tricks): VCv 340 → Pv 34, Pp (162 + 340 − 340) div 10 =
    16 → «Они» 8 + 16 = 24, «Мы» 34.  Target 30: «Мы» reach it without a trick — the game ends only where no trick
    is needed."""
    for needs, ended, winner in ((False, 1, "Мы"), (True, None, None)):
        rules = variant(tmp_path, {"game_end.winner_needs_trick": needs})
        sheet = tmp_path / f"game-{needs}.toml"
        assert run_cli("new", str(sheet), "--pairs", "Мы,Они", "--convention", rules, "--target", "30").returncode == 0
        done = run_cli("add", str(sheet), "8Т", "--by", "Они", "--def-points", "0", "--decl-tricks", "8",
                       "--def-con", "рамки-В, рамки-9")
        assert done.returncode == 0, done.stderr
        shown = run_json("show", str(sheet))
        assert (shown["totals"], shown["ended_at"], shown["winner"]) == ([34, 24], ended, winner)


ONE_SETTING = [
    # doubling.multiplies = hand: 10Т+, VTv 52 (gambler): made under contra, PC 10 (not doubled), Pp 11, Pv 5;
    # the written row PC + Pp + Pv = 26, × 2 for the whole hand = 52 : 0 (bid-only: 20 + 11 + 5 = 36 : 0).
    ({"doubling.multiplies": "hand"}, {"contract": "10Т+", "def_points": 52},
     {"declarers": 36, "defenders": 0, "PC": 20}, {"declarers": 52, "defenders": 0, "PC": 10, "hand_multiplier": 2}),
    # points.rounded = each_pair (gambler otherwise): 9Ч, VTv 15: Pp 147 → 150, 15; Pv 15 → 20, 2 → 24 : 2 (gambler 23 : 2).
    ({"points.rounded": "each_pair"}, {"contract": "9Ч", "def_points": 15},
     {"declarers": 23, "defenders": 2}, {"declarers": 24, "defenders": 2, "rounded_Vp": 150}),
    # points.scaling = each_side (classic ВК ÷ 1.59, seed 001 §5): 12ВК, VTv 33 → 33 / 1.59 = 20.75 → 21; the
    # declarers: the rest of 162 → 141, or their own 225 / 1.59 = 141.5 → 142 (the two then add up to 163).
    ({"points.scaling": "each_side"}, {"contract": "12ВК", "def_points": 33},
     {"VTp": 141, "VTv": 21}, {"VTp": 142, "VTv": 21}),
    # kapo.failed_card_points = base_cost: ^Т, 7 tricks, VTv 10 → 25 + 16 + 0 = 41 (premium: 25 + 25 = 50).
    ({"kapo.failed_card_points": "base_cost"}, {"contract": "^Т", "def_points": 10, "decl_tricks": 7},
     {"defenders": 50}, {"defenders": 41, "Pp": 16}),
    # constructions.declarers_on_bait = to_defenders, written bait PC + C + Pkv (gambler numbers otherwise):
    # 13Т, VTv 80, declarers' terz: Vp 102 < 130 bait → defenders 13 + 16 + Pkv 2 = 31 (gambler: Pv 8,
    # Pp (102 + 80 − 80) div 10 = 10 → 13 + 10 + 8 = 31 too, by another sum).
    ({"constructions.declarers_on_bait": "to_defenders", "written.bait.defenders": ["PC", "C", "Pkv"]},
     {"contract": "13Т", "def_points": 80, "decl_con": ["терц"]},
     {"defenders": 31, "Pkv": 0, "Pp": 10}, {"defenders": 31, "Pkv": 2, "bait_constructions": 20}),
    # bela_on_bait = kept with declarers_on_bait = lost: 13Т, VTv 80, terz + bela: the terz is lost, the bela stays:
    # bait_constructions 20; Pkp = 20 / 10 = 2 (declarers' own, kept).
    ({"constructions.declarers_on_bait": "lost", "constructions.bela_on_bait": "kept"},
     {"contract": "13Т", "def_points": 80, "decl_con": ["терц", "бэла"]},
     {"bait_constructions": 0}, {"bait_constructions": 20, "Pkp": 2}),
]


@pytest.mark.parametrize(("changes", "hand", "before", "after"), ONE_SETTING, ids=[str(c) for c, *_ in ONE_SETTING])
def test_one_new_setting_changes_one_result(tmp_path, changes, hand, before, after):
    base = "classic" if "points.scaling" in changes else "gambler"
    for rules, expect in ((base, before), (variant(tmp_path, changes, base), after)):
        result = run_json(*cli_args(hand), "--convention", rules)
        assert {key: result[key] for key in expect} == expect, rules


@pytest.mark.parametrize(("changes", "winner", "why"), [
    ({"constructions.tie": "cancel_both"}, None, "не проходят"),
    ({"constructions.tie": "elder_hand"}, "13", "старшей руки"),
    ({"constructions.tie": "first_announced"}, "13", "объявленная первой"),
])
def test_equal_sequences(tmp_path, changes, winner, why):
    """Equal terzes from the queen in two plain suits (12Т): seat 1 (pair 13) and seat 2 (pair 24)."""
    rules = variant(tmp_path, changes)
    result = run_json("melds", "12Т", "--p1", "терц от ДП", "--p2", "терц от ДЧ", "--convention", rules)
    assert result["winner_pair"] == winner
    assert any(why in reason for reason in result["reasons"]), result["reasons"]


def test_trump_before_top_card(tmp_path):
    """top_card_before_trump = false: a trump terz from the ten beats a plain terz from the ace (12Т: clubs trump)."""
    args = ("melds", "12Т", "--p1", "терц от ТП", "--p2", "терц от 10Т")
    assert run_json(*args)["winner_pair"] == "13"
    flipped = run_json(*args, "--convention", variant(tmp_path, {"constructions.top_card_before_trump": False}))
    assert flipped["winner_pair"] == "24"
    assert any("козырная" in reason for reason in flipped["reasons"])


@pytest.mark.parametrize("args", [
    pytest.param(["melds", "20ВК", "--p1", "терц от ДП"], id="melds"),
    pytest.param(["count", "ВК", "ВП 9П ТП 10П"], id="count"),
    pytest.param(["score", "20ВК", "--def-points", "30"], id="score"),
])
def test_every_command_refuses_a_game_the_convention_does_not_have(args):
    line = assert_refused(run_cli(*args, "--convention", "blot-star"))
    assert "в правилах «blot-star» нет игры ВК (есть: в масть, БК)" in line, line


def test_bt_marks_only_a_pair_whose_row_is_empty():
    """8П+, VTv 0, made under contra.  gambler: the defenders' row is [] → «БТ»; classic: they write their own Pv = 0."""
    gambler = run_cli("score", "8П+", "--def-points", "0").stdout
    classic = run_cli("score", "8П+", "--def-points", "0", "--convention", "classic").stdout
    assert "вистующие пишут 0 (БТ)" in gambler
    assert "вистующие пишут Pv = 0." in classic and "(БТ)" not in classic


def test_a_blot_star_protocol_with_a_capot_bid(tmp_path):
    """A protocol kept under blot-star: 10Т^ made with all tricks (35 : 0, see BLOT_STAR_ROWS), then 10БК+ by the
    other pair (41 : 5); recompute finds it all in order; a ВК hand is refused and nothing is written."""
    sheet = tmp_path / "game.toml"
    assert run_cli("new", str(sheet), "--pairs", "Мы,Они", "--convention", "blot-star").returncode == 0
    assert run_cli("add", str(sheet), "10Т^", "--by", "Мы", "--def-points", "0", "--decl-tricks", "8").returncode == 0
    assert run_cli("add", str(sheet), "10БК+", "--by", "Они", "--def-points", "52").returncode == 0
    before = sheet.read_bytes()
    assert_refused(run_cli("add", str(sheet), "20ВК", "--by", "Мы", "--def-points", "30"))
    assert sheet.read_bytes() == before
    shown = run_json("show", str(sheet))
    assert shown["convention"] == "blot-star" and shown["totals"] == [40, 41]
    assert [hand["contract"] for hand in shown["hands"]] == ["10Т^", "10БК+"]
    done = run_json("recompute", str(sheet))
    assert done["files"][0]["ok"] is True


@pytest.mark.parametrize(("text", "normal", "words"), [
    ("26Т^", "26Т^", "26 треф капо"),
    ("26т капо+", "26Т^+", "26 треф капо под контрой"),
    ("30 БК ^ ++", "30БК^++", "30 без козыря капо под реконтрой"),
    ("26Б капо", "26Б^", "26 бубей капо"),  # «Б» then «капо», not «БК» then «апо»
])
def test_the_flagged_kapo_notation(text, normal, words):
    """RULES.md §10: «26» and «26 капот» are different bids; the normal form is ``26Т^``."""
    contract = Contract.parse(text)
    assert (str(contract), contract.kind, contract.describe()) == (normal, ContractKind.KAPO_BID, words)
    assert contract.is_bid and not contract.is_kapo
