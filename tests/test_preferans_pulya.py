"""Preferans: a пуля replayed and settled (RULES.md §9), with properties over generated games."""

from __future__ import annotations

import ast
import copy
import tomllib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bbscore.errors import InconsistentHandError
from bbscore.preferans.contract import LEVELS, Kind, PrefContract, Suit
from bbscore.preferans.engine import Step
from bbscore.preferans.hand import make_hand
from bbscore.preferans.pulya import Helped, OffGora, PulyaClosed, replay
from bbscore.preferans.rules import from_tables
from bbscore.preferans.settle import settle, settle_sheet, shown_whole
from bbscore.preferans.working import hand_lines, settlement_lines, step_line
from tests.conftest import REPO

ROSTOV_PATH = REPO / "conventions" / "rostov.toml"
TABLES = tomllib.loads(ROSTOV_PATH.read_text(encoding="utf-8"))
ROSTOV = from_tables(TABLES, ROSTOV_PATH)


def variant(**changes) -> object:
    """The rostov tables with some keys changed (``"whist.consolation": 7``)."""
    data = copy.deepcopy(TABLES)
    for path, value in changes.items():
        *parents, key = path.split(".")
        table = data
        for part in parents:
            table = table[part]
        table[key] = value
    return from_tables(data, "variant.toml")


# Every other choice of the closed lists, and odd numbers that make halves and thirds.
OTHER = variant(**{
    "cost.6": {"pulya": 3, "gora": 3, "vists": 3, "whist_gora": 3},
    "whist.responsibility": "full",
    "cost.7": {"pulya": 4, "gora": 4, "vists": 4, "whist_gora": 4},
    "cost.8": {"pulya": 6, "gora": 6, "vists": 6, "whist_gora": 6},
    "cost.9": {"pulya": 8, "gora": 8, "vists": 8, "whist_gora": 8},
    "cost.10": {"pulya": 10, "gora": 10, "vists": 10, "whist_gora": 10},
    "whist.consolation": 7, "whist.consolation_by": "whisters", "whist.one_whister_made": "pooled_half",
    "whist.one_whister_down": "each_own", "whist.both_whist_odd_trick": "fewer_tricks",
    "whist.both_whist_short": "own_half", "raspasy.vists_per_trick": 3, "raspasy.zero_tricks_unit": "trick_price",
    "players.dealer_all_pass": "nothing", "pulya.target": 9, "pulya.end": "any_pulya",
    "pulya.overflow": "off_own_gora", "pulya.help_whom": "next_in_turn", "settlement.gora_vists": 7,
    "settlement.method": "subtract_smallest", "settlement.unfinished": "as_is",
})

# ---- the settlement example of RULES.md §9 -------------------------------------------------------------------

EXAMPLE_GORA = {"A": 42, "Б": 96, "В": 132}
EXAMPLE_VISTS = {("A", "Б"): 100, ("A", "В"): 50, ("Б", "A"): 20, ("Б", "В"): 60, ("В", "A"): 10, ("В", "Б"): 0}


@pytest.mark.parametrize("method", ["average_gora", "subtract_smallest"])
def test_rules_settlement_example_by_both_methods(method: str) -> None:
    """RULES.md §9: горы 42, 96, 132; vists … → A +600, Б −80, В −520 (sum 0), by either method."""
    result = settle(["A", "Б", "В"], EXAMPLE_GORA, EXAMPLE_VISTS, ROSTOV, method=method)
    assert result.result == {"A": 600, "Б": -80, "В": -520}
    assert result.shown == {"A": 600, "Б": -80, "В": -520}
    assert result.average_gora == 90
    assert result.written_on == {"A": 0, "Б": 180, "В": 300}  # (96 − 42) × 10 / 3, (132 − 42) × 10 / 3
    assert settlement_lines(result)[-1].endswith("(сумма 0).")


def test_unfinished_game_adds_missing_pulya_to_gora() -> None:
    """RULES.md §9 (setting): each player's missing пуля goes to his гора first."""
    result = settle(["A", "Б", "В"], EXAMPLE_GORA, EXAMPLE_VISTS, ROSTOV, pulya={"A": 20, "Б": 14, "В": 20})
    assert result.missing == {"A": 0, "Б": 6, "В": 0}
    assert result.gora == {"A": 42, "Б": 102, "В": 132}
    assert sum(result.result.values()) == 0
    assert result.result["Б"] == -80 - Fraction(2, 3) * 10 * 6


def test_settle_refuses_bad_totals() -> None:
    with pytest.raises(InconsistentHandError) as refused:
        settle(["A", "Б", "В"], EXAMPLE_GORA, {("A", "Г"): 5}, ROSTOV)
    assert refused.value.field == "vists"
    with pytest.raises(InconsistentHandError) as refused:
        settle(["A", "Б", "В"], EXAMPLE_GORA, {("A", "Б"): -5}, ROSTOV)
    assert refused.value.field == "vists"
    with pytest.raises(InconsistentHandError) as refused:
        settle(["A", "Б", "В"], {"A": 1}, {}, ROSTOV)
    assert refused.value.field == "gora"


@pytest.mark.parametrize(("exact", "shown"), [
    ({"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(-2, 3)}, {"A": 1, "B": 0, "C": -1}),
    ({"A": Fraction(-470, 3), "B": Fraction(700, 3), "C": Fraction(-230, 3)}, {"A": -156, "B": 233, "C": -77}),
    ({"A": Fraction(5, 2), "B": Fraction(-5, 2)}, {"A": 3, "B": -3}),
])
def test_shown_whole_by_largest_remainder(exact, shown) -> None:
    assert shown_whole(exact) == shown
    assert sum(shown.values()) == 0


# ---- the sheet ----------------------------------------------------------------------------------------------

P3 = ["W", "S", "E"]


def hand(game, players=P3, convention=ROSTOV, **kwargs):
    return make_hand(players, game, convention=convention, **kwargs)


def test_replay_running_sheet() -> None:
    hands = [
        hand("6♠", declarer="W", whist={"S": "вист", "E": "пас"}, tricks={"W": 7, "S": 3, "E": 0}),
        hand("7♠", declarer="W", whist={"S": "вист", "E": "пас"}, tricks={"W": 5, "S": 5, "E": 0}),
        hand("распасы", tricks={"W": 1, "S": 4, "E": 5}),
        hand("8♥", declarer="W", whist={"S": "пас", "E": "пас"}),
    ]
    sheet = replay(P3, hands, ROSTOV)
    assert sheet.pulya_running == {"W": (2, 8), "S": (), "E": ()}
    assert sheet.gora_running == {"W": (8,), "S": (1,), "E": ()}
    assert sheet.vists[("S", "W")] == 6 + 30 and sheet.vists[("E", "W")] == 30
    assert sheet.vists[("W", "S")] == 20 and sheet.vists[("W", "E")] == 25
    assert sheet.left == {"W": 12, "S": 20, "E": 20}
    assert sheet.closest == ("W",) and not sheet.ended
    assert all(hand_lines(entries) for entries in sheet.hands)


def test_closed_pulya_helps_the_one_with_most_left_then_off_gora() -> None:
    """RULES.md §9 (setting): points beyond the target help another player's пуля (the helper writes vists on him);
    with every пуля closed they are written off one's own гора."""
    tens = [hand("10БК", declarer="W", whist={"S": "пас", "E": "пас"})] * 2
    sheet = replay(P3, tens + [hand("10БК", declarer="W", whist={"S": "пас", "E": "пас"})], ROSTOV)
    assert sheet.pulya == {"W": 20, "S": 10, "E": 0}  # S is next in turn of the two with 20 left
    assert sheet.vists[("W", "S")] == 100
    assert [type(step) for _, step in sheet.closing] == [PulyaClosed, Helped]
    more = replay(P3, tens * 3 + tens[:1], ROSTOV)
    assert more.pulya == {"W": 20, "S": 20, "E": 20} and more.ended and more.closest == ()
    assert more.gora["W"] == -10  # 70 written: 20 kept, 40 helped, 10 off the гора
    assert more.vists[("W", "S")] == 200 and more.vists[("W", "E")] == 200
    assert isinstance(more.closing[-1][1], OffGora)
    assert all(step_line(step) != repr(step) for _, step in more.closing)


def test_off_own_gora_and_any_pulya_end() -> None:
    sheet = replay(P3, [hand("10БК", convention=OTHER, declarer="W", whist={"S": "пас", "E": "пас"})], OTHER)
    assert sheet.pulya["W"] == 9 and sheet.gora["W"] == -1 and sheet.ended  # target 9, the game ends at one пуля


def test_hand_of_another_table_refused() -> None:
    other = hand("распасы", players=["W", "S", "N"], tricks={"W": 1, "S": 4, "N": 5})
    with pytest.raises(InconsistentHandError) as refused:
        replay(P3, [other], ROSTOV)
    assert refused.value.field == "players"


def test_four_players_settle_by_four() -> None:
    four = ["W", "S", "E", "N"]
    sheet = replay(four, [hand("распасы", players=four, dealer="N", tricks={"W": 0, "S": 4, "E": 6})], ROSTOV)
    assert sheet.pulya == {"W": 1, "S": 0, "E": 0, "N": 1}
    result = settle_sheet(sheet, ROSTOV)
    assert result.average_gora == Fraction(19 + 20 + 20 + 19, 4)
    assert sum(result.result.values()) == 0


# ---- properties ---------------------------------------------------------------------------------------------

def partitions(parts: int):
    """``parts`` trick counts adding up to 10."""
    return st.lists(st.integers(0, 10), min_size=parts - 1, max_size=parts - 1).map(
        lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), 10])])


@st.composite
def games(draw, convention):
    """A valid game: players, then hands that are valid by construction (nothing is filtered)."""
    count = draw(st.sampled_from(convention.players.counts))
    players = ["W", "S", "E", "N"][:count]
    hands = []
    for number in range(draw(st.integers(0, 30))):
        dealer = players[number % count] if count == 4 else None
        active = [p for p in players if p != dealer]
        kind = draw(st.sampled_from(list(Kind)))
        tricks = dict(zip(active, draw(partitions(3))))
        if kind is Kind.ALL_PASS:
            hands.append(make_hand(players, PrefContract(kind), convention=convention, tricks=tricks, dealer=dealer))
            continue
        declarer = draw(st.sampled_from(active))
        defenders = [p for p in active if p != declarer]
        if kind is Kind.MISERE:
            hands.append(make_hand(players, "мизер", convention=convention, declarer=declarer, tricks=tricks,
                                   dealer=dealer))
            continue
        game = PrefContract(kind, draw(st.sampled_from(LEVELS)), draw(st.sampled_from(list(Suit))))
        whist = {p: draw(st.booleans()) for p in defenders}
        if sum(whist.values()) == 0:
            tricks = {}
        elif sum(whist.values()) == 1:
            whister = next(p for p in defenders if whist[p])
            taken = draw(st.integers(0, 10))
            tricks = {declarer: taken, whister: 10 - taken, next(p for p in defenders if not whist[p]): 0}
        hands.append(make_hand(players, game, convention=convention, declarer=declarer, whist=whist, tricks=tricks,
                               dealer=dealer))
    return players, hands


@pytest.mark.parametrize("convention", [ROSTOV, OTHER], ids=["rostov", "every other choice"])
def test_any_game_settles_to_exactly_zero(convention) -> None:
    @settings(max_examples=60)  # each example is a whole game of many hands
    @given(games(convention))
    def check(game) -> None:
        players, hands = game
        sheet = replay(players, hands, convention)
        assert all(n > 0 for entries in sheet.hands for _, _, n in entries.vists)  # never negative (nor empty)
        assert all(n >= 0 for n in sheet.vists.values())
        assert all(0 <= sheet.pulya[p] <= convention.pulya.target for p in players)
        by_average = settle_sheet(sheet, convention, method="average_gora")
        by_smallest = settle_sheet(sheet, convention, method="subtract_smallest")
        assert by_average.result == by_smallest.result
        assert sum(by_average.result.values()) == 0
        assert sum(by_average.shown.values()) == 0
        assert all(abs(by_average.shown[p] - by_average.result[p]) < 1 for p in players)
        for entries in sheet.hands:
            assert all(step_line(step) != repr(step) for step in entries.steps)

    check()


@settings(max_examples=60)
@given(games(ROSTOV))
def test_rostov_hand_entries_are_whole(game) -> None:
    """With the bundled numbers every vist entry is whole (pooled and tied halves come out even)."""
    players, hands = game
    sheet = replay(players, hands, ROSTOV)
    assert all(n.denominator == 1 for entries in sheet.hands for _, _, n in entries.vists)


# ---- layering -----------------------------------------------------------------------------------------------

FORBIDDEN = ("bbscore.belot.hand", "bbscore.belot.scoring", "bbscore.belot.game", "bbscore.belot.protocol", "bbscore.cli", "bbscore.belot.convention",
             "rich", "typer", "click")
# The preferans modules above the core (docs/ARCHITECTURE.md): the sheet file (storage) shares the file machinery and
# the convention loader; the rich output (text) uses rich.  Neither imports the Bazar-Belot hand, engine or replay.
ABOVE_THE_CORE = {"protocol.py": ("bbscore.files", "bbscore.conventions"), "descriptions.py": ("bbscore.descriptions",),
                  "export.py": ("bbscore.pages", "bbscore.xlsx")}  # (the page and the workbook every game's export shares)  # (its rich output: bbscore.render.preferans)


@pytest.mark.parametrize("module", sorted((REPO / "bbscore" / "preferans").glob("*.py")), ids=lambda p: p.name)
def test_preferans_is_a_sibling_game(module) -> None:
    """bbscore.preferans uses only bbscore.errors of the Bazar-Belot package, and no user-interface library (its sheet
    file and its rich output also the shared file machinery, the convention loader and rich)."""
    allowed = ABOVE_THE_CORE.get(module.name, ())
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        if isinstance(node, ast.ImportFrom) and node.module == "bbscore":
            names = [f"bbscore.{a.name}" for a in node.names]
        for name in names:
            if any(name == ok or name.startswith(ok + ".") for ok in allowed):
                continue
            assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN), f"{module.name}: {name}"
            if name.startswith("bbscore.") and not name.startswith("bbscore.preferans"):
                assert name in ("bbscore.errors", "bbscore.validation", "bbscore.i18n", "bbscore.seats", "bbscore.files",
                                "bbscore.sheets", "bbscore.games", "bbscore.numbers", "bbscore.deals"), f"{module.name}: {name}"  # the foundation
    assert '"--' not in module.read_text(encoding="utf-8")


def test_steps_are_data() -> None:
    import msgspec

    entries = replay(P3, [hand("7♠", declarer="W", whist={"S": "вист", "E": "пас"},
                               tricks={"W": 5, "S": 5, "E": 0})], ROSTOV).hands[0]
    assert all(isinstance(step, Step) for step in entries.steps)
    as_data = msgspec.to_builtins(entries.steps, enc_hook=lambda v: str(v) if isinstance(v, Fraction) else v)
    assert as_data[0] == {"type": "Undertricks", "player": "W", "tricks": 5, "level": 7, "undertricks": 2,
                          "per_trick": 4, "gora": 8}
