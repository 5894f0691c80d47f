"""Preferans, Rostov convention (RULES.md §9, seed 004): notation, the rules file, one hand's entries, refusals."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

from bbscore.errors import BBScoreError, ContractSyntaxError, ConventionError, IllegalContractError, InconsistentHandError
from bbscore.preferans.contract import Kind, PrefContract, Suit
from bbscore.preferans.engine import score
from bbscore.preferans.hand import make_hand
from bbscore.preferans.rules import from_tables
from tests.conftest import REPO

ROSTOV_PATH = REPO / "conventions" / "rostov.toml"


def rostov_tables() -> dict:
    return tomllib.loads(ROSTOV_PATH.read_text(encoding="utf-8"))


ROSTOV = from_tables(rostov_tables(), ROSTOV_PATH)
P3 = ["W", "S", "E"]


# ---- notation ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "normal"), [
    ("6♠", "6♠"), ("6s", "6♠"), ("6 П", "6♠"), ("6п", "6♠"), ("6♤", "6♠"), ("6\u2660\ufe0f", "6♠"), ("7\u2665\ufe0e", "7♥"),
    ("7♣", "7♣"), ("7c", "7♣"), ("7Т", "7♣"), ("7 т", "7♣"),
    ("8♦", "8♦"), ("8D", "8♦"), ("8б", "8♦"),
    ("9♥", "9♥"), ("9h", "9♥"), ("9Ч", "9♥"),
    ("10БК", "10БК"), ("10 nt", "10БК"), ("7бк", "7БК"), (" 6 Б К ", "6БК"),
    ("мизер", "мизер"), ("МИЗЕР", "мизер"), ("misere", "мизер"), ("Misère", "мизер"),
    ("распасы", "распасы"), ("Raspasy", "распасы"), ("all-pass", "распасы"), ("all pass", "распасы"),
])
def test_notation_spellings_and_normal_form(text: str, normal: str) -> None:
    game = PrefContract.parse(text)
    assert str(game) == normal
    assert PrefContract.parse(str(game)) == game  # the normal form reads back


def test_notation_value_type() -> None:
    assert PrefContract.parse("7nt") == PrefContract(Kind.GAME, 7, Suit.NO_TRUMPS)
    assert PrefContract.parse("мизер").kind is Kind.MISERE
    with pytest.raises(IllegalContractError):
        PrefContract(Kind.GAME, 11, Suit.SPADES)


@pytest.mark.parametrize(("text", "error"), [
    ("", ContractSyntaxError), ("6", ContractSyntaxError), ("♠", ContractSyntaxError), ("6X", ContractSyntaxError),
    ("6ВК", ContractSyntaxError), ("6BK", ContractSyntaxError), ("6♠+", ContractSyntaxError),
    ("5♠", IllegalContractError), ("11БК", IllegalContractError), ("0s", IllegalContractError),
])
def test_notation_refused_with_neutral_field(text: str, error: type) -> None:
    with pytest.raises(error) as refused:
        PrefContract.parse(text)
    assert refused.value.field == "game"


# ---- seed 004's figures, verbatim ----------------------------------------------------------------------------

def entries(game: str, *, declarer=None, whist=None, tricks=None, players=P3, dealer=None):
    hand = make_hand(players, game, convention=ROSTOV, declarer=declarer, whist=whist, tricks=tricks, dealer=dealer)
    return score(hand, ROSTOV)


# (game, declarer, whist, tricks, pulya, gora, vists, source)
SEED_CASES = [
    ("6♠", "W", {"S": "вист", "E": "пас"}, {"W": 7, "S": 3, "E": 0},
     {"W": 2}, {"S": 1}, [("S", "W", 6)],
     "seed 004 «Вист полуответственный»: 2 в пулю; 1*1 = 1 в гору; 3*2 = 6 вистов"),
    ("7♠", "W", {"S": "вист", "E": "пас"}, {"W": 5, "S": 5, "E": 0},
     {}, {"W": 8}, [("S", "W", 30), ("E", "W", 30)],
     "seed 004 «Вист джентльменский», один вистовал: 2*4 = 8 в гору; 20+20+20 = 60, по 60/2 = 30"),
    ("7♠", "W", {"S": "вист", "E": "вист"}, {"W": 5, "S": 3, "E": 2},
     {}, {"W": 8}, [("S", "W", 32), ("E", "W", 28)],
     "seed 004 «Если вистовали оба»: 12+20 = 32 и 8+20 = 28"),
    ("распасы", None, None, {"W": 1, "S": 4, "E": 5},
     {}, {}, [("W", "S", 20), ("W", "E", 25)],
     "seed 004 «Распасы»: W запишет на S 4*5 = 20, на E 5*5 = 25"),
    ("распасы", None, None, {"W": 2, "S": 2, "E": 6},
     {}, {}, [("W", "E", 15), ("S", "E", 15)],
     "seed 004 «Распасы»: W и S запишут на E (6*5)/2 = 15"),
]


@pytest.mark.parametrize("case", SEED_CASES, ids=[c[-1] for c in SEED_CASES])
def test_seed_004_figures(case) -> None:
    game, declarer, whist, tricks, pulya, gora, vists, _source = case
    result = entries(game, declarer=declarer, whist=whist, tricks=tricks)
    assert result.pulya == pulya
    assert result.gora == gora
    assert sorted(result.vists) == sorted((a, b, Fraction(n)) for a, b, n in vists)


# Seed 004's table: (level, to пуля made, to гора per undertrick, vists per trick, whister's гора per short trick).
SEED_TABLE = [(6, 2, 2, 2, 1), (7, 4, 4, 4, 2), (8, 6, 6, 6, 3), (9, 8, 8, 8, 4), (10, 10, 10, 10, 5)]


@pytest.mark.parametrize("row", SEED_TABLE, ids=[f"seed 004 table, {r[0]}" for r in SEED_TABLE])
def test_seed_004_cost_table(row) -> None:
    level, pulya, gora, vists, whist_gora = row
    cost = ROSTOV.game_cost(level)
    assert (cost.pulya, cost.gora, cost.vists, cost.whist_gora) == (pulya, gora, vists, whist_gora)
    made = entries(f"{level}♥", declarer="W", whist={"S": "вист", "E": "пас"}, tricks={"W": level, "S": 10 - level, "E": 0})
    assert made.pulya == {"W": pulya}
    assert ("S", "W", Fraction((10 - level) * vists)) in made.vists or level == 10
    down = entries(f"{level}♥", declarer="W", whist={"S": "вист", "E": "вист"},
                   tricks={"W": level - 1, "S": 11 - level, "E": 0})
    assert down.gora == {"W": gora}


def test_seed_004_misere() -> None:
    """seed 004: «мизер | 10 в пулю | 10 в гору за каждую полученную взятку | не пишутся»."""
    made = entries("мизер", declarer="W", tricks={"W": 0, "S": 4, "E": 6})
    assert (made.pulya, made.gora, made.vists) == ({"W": 10}, {}, ())
    down = entries("мизер", declarer="W", tricks={"W": 3, "S": 4, "E": 3})
    assert (down.pulya, down.gora, down.vists) == ({}, {"W": 30}, ())


def test_all_pass_zero_tricks_and_four_players() -> None:
    """seed 004: «За ноль взяток на распасовке игрок пишет в пулю … стоимость одной взятки»; вчетвером сидящий на
    прикупе «пишет в пулю как за ноль взяток» (1 point: Лесной §3.7.2.2, the file's reading)."""
    result = entries("распасы", tricks={"W": 0, "S": 4, "E": 6})
    assert result.pulya == {"W": 1}
    assert sorted(result.vists) == [("W", "E", 30), ("W", "S", 20)]
    four = entries("распасы", players=["W", "S", "E", "N"], dealer="N", tricks={"W": 3, "S": 3, "E": 4})
    assert four.pulya == {"N": 1}
    assert sorted(four.vists) == [("S", "E", 10), ("W", "E", 10)]


def test_both_pass_counts_as_made() -> None:
    """RULES.md §9 (seed silent): both defenders pass → the declarer writes the пуля, no vists."""
    result = entries("8♣", declarer="S", whist={"W": "пас", "E": "пас"})
    assert (result.pulya, result.gora, result.vists) == ({"S": 6}, {}, ())


def test_both_whisting_odd_trick_goes_after_declarer() -> None:
    """A made 8 whisted by both, who took nothing: the obligation 1 is answered by the whister after the declarer."""
    result = entries("8♣", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 10, "S": 0, "E": 0})
    assert result.gora == {"S": 3}
    # six whisted by both, 2 + 2 needed: 3 and 1 make 4 together, nobody writes (total_short)
    result = entries("6♣", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 6, "S": 3, "E": 1})
    assert result.gora == {} and result.pulya == {"W": 2}
    # 1 and 0 against a six: each short of his 2
    result = entries("6♣", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 9, "S": 1, "E": 0})
    assert result.gora == {"S": 1, "E": 2}


# ---- refusals: each with its neutral field key ------------------------------------------------------------------

REFUSALS = [
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "пас"}, tricks={"W": 6, "S": 3, "E": 0}), "tricks",
     "tricks not adding up to 10"),
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 6, "S": 4}), "tricks",
     "a player's tricks missing"),
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 11, "S": -1, "E": 0}), "tricks",
     "tricks outside 0…10"),
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "пас"}, tricks={"W": 6, "S": 2, "E": 2}), "tricks",
     "the passer took tricks"),
    (dict(game="6♠", declarer="W", whist={"S": "пас", "E": "пас"}, tricks={"W": 6, "S": 2, "E": 2}), "tricks",
     "tricks when both passed"),
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "вист"}, tricks={"W": 6, "S": 2, "X": 2}), "tricks",
     "tricks of an unknown player"),
    (dict(game="мизер", declarer="W", whist={"S": "вист"}, tricks={"W": 0, "S": 5, "E": 5}), "whist",
     "misère with a whister"),
    (dict(game="6♠", declarer="W", whist={"S": "вист"}, tricks={"W": 6, "S": 4, "E": 0}), "whist",
     "a defender's whist missing"),
    (dict(game="6♠", declarer="W", whist={"S": "вист", "E": "может быть"}, tricks={"W": 6, "S": 4, "E": 0}), "whist",
     "whist neither whist nor pass"),
    (dict(game="6♠", declarer="W", whist={"W": "вист", "S": "вист", "E": "пас"}), "whist",
     "the declarer whisting"),
    (dict(game="6♠", declarer="X", whist={"S": "вист", "E": "пас"}, tricks={"W": 6, "S": 4, "E": 0}), "by",
     "unknown declarer"),
    (dict(game="6♠", whist={"S": "вист", "E": "пас"}, tricks={"W": 6, "S": 4, "E": 0}), "by", "no declarer"),
    (dict(game="распасы", declarer="W", tricks={"W": 6, "S": 4, "E": 0}), "by", "a declarer on распасы"),
    (dict(game="распасы", whist={"S": "вист"}, tricks={"W": 6, "S": 4, "E": 0}), "whist", "whist on распасы"),
    (dict(game="6X", declarer="W"), "game", "not notation"),
    (dict(game="11♠", declarer="W"), "game", "level above 10"),
    (dict(game="распасы", tricks={"W": 6, "S": 4, "E": 0}, dealer="W"), "dealer", "a dealer with three players"),
    (dict(game="распасы", players=["W", "S", "E", "N"], tricks={"W": 6, "S": 4, "E": 0}), "dealer",
     "no dealer with four players"),
    (dict(game="распасы", players=["W", "S", "E", "N"], dealer="N", tricks={"W": 6, "S": 2, "N": 2}), "tricks",
     "the dealer took tricks"),
    (dict(game="6♠", players=["W", "S", "E", "N"], dealer="W", declarer="W", whist={}), "by",
     "the dealer declares"),
    (dict(game="распасы", players=["W", "S"], tricks={"W": 6, "S": 4}), "players", "two players"),
    (dict(game="распасы", players=["W", "W", "E"], tricks={"W": 6, "E": 4}), "players", "a name twice"),
    (dict(game="распасы", players=["W", " ", "E"], tricks={"W": 6, "E": 4}), "players", "an empty name"),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[c[-1] for c in REFUSALS])
def test_refusals_name_a_neutral_field(case) -> None:
    kwargs, field, _why = case
    kwargs = dict(kwargs)
    players = kwargs.pop("players", P3)
    game = kwargs.pop("game")
    with pytest.raises(BBScoreError) as refused:
        make_hand(players, game, convention=ROSTOV, **kwargs)
    assert refused.value.field == field
    assert not refused.value.field.startswith("-")
    assert refused.value.allowed  # what is allowed, in words
    if field != "game":
        assert isinstance(refused.value, InconsistentHandError)


# ---- the rules file -----------------------------------------------------------------------------------------

def test_rostov_loads_and_holds_every_setting() -> None:
    assert ROSTOV.game == "preferans" and ROSTOV.name == "rostov"
    assert [ROSTOV.obligation(level) for level in (6, 7, 8, 9, 10)] == [4, 2, 1, 1, 1]
    assert ROSTOV.whist.consolation == 10 and ROSTOV.raspasy.vists_per_trick == 5
    assert ROSTOV.raspasy.zero_tricks_pulya == 1 and ROSTOV.settlement.gora_vists == 10


def test_every_setting_of_rostov_is_commented() -> None:
    """Each key line of the file has a comment above it (the seed sentence or «seed silent»)."""
    lines = ROSTOV_PATH.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        if "=" in line and not line.startswith("#") and line.split("=")[0].strip() not in ("format", "name", "title"):
            assert lines[number - 1].startswith("#"), f"line {number + 1} {line!r} has no comment"


def _changed(tables: dict, path: str, value=None, *, delete=False, rename=None) -> dict:
    import copy

    data = copy.deepcopy(tables)
    *parents, key = path.split(".")
    table = data
    for part in parents:
        table = table[part]
    if rename:
        table[rename] = table.pop(key)
    elif delete:
        del table[key]
    else:
        table[key] = value
    return data


BAD_FILES = [
    (dict(path="whist.consolaton", value=10), "whist.consolaton", "mistyped key"),
    (dict(path="raspasy.vists_per_trick", rename="vists_per_trik"), "raspasy.vists_per_trik", "renamed key"),
    (dict(path="cost.7.whist_gora", delete=True), "cost.7.whist_gora", "missing key"),
    (dict(path="cost.6.whist_gora", value=2), "cost.6.whist_gora", "not half the undertrick cost"),
    (dict(path="cost.8.vists", value="six"), "cost.8.vists", "wrong type"),
    (dict(path="whist.one_whister_down", value="halves"), "whist.one_whister_down", "not in the closed list"),
    (dict(path="whist.both_whist_odd_trick", value="dealer"), "whist.both_whist_odd_trick", "not in the closed list"),
    (dict(path="raspasy.progression", value=True), "raspasy.progression", "unsupported progression"),
    (dict(path="players.counts", value=[2, 3]), "players.counts", "two players"),
    (dict(path="game", value="bazar-belot"), "game", "not a preferans file"),
    (dict(path="whist.obligation.6", value=11), "whist.obligation.6", "obligation above 10"),
    (dict(path="settlement.gora_vists", value=0), "settlement.gora_vists", "a гора point worth nothing"),
]


@pytest.mark.parametrize("case", BAD_FILES, ids=[c[-1] for c in BAD_FILES])
def test_bad_rules_refused_naming_the_key(case) -> None:
    change, key, _why = case
    with pytest.raises(ConventionError) as refused:
        from_tables(_changed(rostov_tables(), **change), "bad.toml")
    assert refused.value.field == "bad.toml"
    assert refused.value.value == key
    assert refused.value.allowed


def test_choice_refusal_lists_the_closed_list() -> None:
    with pytest.raises(ConventionError) as refused:
        from_tables(_changed(rostov_tables(), "pulya.overflow", "burn"), "bad.toml")
    assert "help_others" in refused.value.allowed and "off_own_gora" in refused.value.allowed
