"""Which pair's constructions pass: ``bbscore melds`` and ``--melds`` of ``score`` / ``add``.

Sources:
* seed 000 §0.2 — construction values and seniority (терц < берц < квинта < … < рамки; rams by
  value: J 200, 9 140, A 110, 10 / K / Q 100 in a suit game or ВК — "перечислены по старшинству в
  убывающем порядке" — and A 190, 10 / K / Q / J 100 in БК, where four 9s are no construction);
  rams of 8s cancel every construction of every player, rams of 7s void the hand (gambler);
  bela is outside seniority and always counts for its pair, even after rams of 8s;
* seed 000 §3 — equal length: the higher top card; equal top: the trump one; equal plain: the one
  announced first.  Comparison is "linear": each pair's best meets the other's, and every
  construction of the winning pair passes;
* seed 001 §2 — rams of 7s and 8s, three conventions: (1) they cancel the opponents' terz and berz
  (``cancel_opponents_sequences``); (2) redeal; (3) 8s cancel all the opponents' constructions
  (``cancel_opponents``), 7s everyone's (``cancel_all``), bela excepted.  classic takes (3).

Seats: p1 leads first (announces first), then p2, p3, p4; partners are p1+p3 ("13") and p2+p4 ("24").
A sequence is named by its top card: "терц от КЧ" is K Q J of hearts.
Unless a row says otherwise the contract is 10П (spades trump) under gambler.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from conftest import REPO, assert_refused, run_cli, run_json

# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------


def seat_args(seats: dict[int, str]) -> list[str]:
    args: list[str] = []
    for seat, text in sorted(seats.items()):
        args += [f"--p{seat}", text]
    return args


def melds_json(contract: str, seats: dict[int, str], *extra: str) -> dict:
    return run_json("melds", contract, *seat_args(seats), *extra)


def row(contract: str, seats: dict[int, str], winner: str | None, visty: tuple[int, int], why: str,
        convention: str = "gambler"):
    """One dispute: the announcements, the winning pair and the visty of pairs 13 and 24."""
    return pytest.param(contract, seats, winner, {"13": visty[0], "24": visty[1]}, convention, id=why)


# --------------------------------------------------------------------------------------------
# 1. The table of disputes
# --------------------------------------------------------------------------------------------

DISPUTES = [
    # --- seed 000 §3 rule 1: equal length → the higher top card
    row("10П", {1: "терц от ДЧ", 2: "терц от КБ"}, "24", (0, 20),
        "§3 equal terzes: K-high (p2) beats Q-high (p1)"),
    row("10П", {1: "терц от ТЧ", 2: "терц от КП"}, "13", (20, 0),
        "§3 equal terzes: a plain A-high beats a trump K-high (top card first, trump only on equal top)"),
    row("10П", {1: "берц от ВЧ", 4: "берц от 10П"}, "13", (50, 0),
        "§3 equal berzes: J-high beats a trump 10-high"),
    # --- seed 000 §3 rule 2: equal top card → the trump one
    row("10П", {1: "терц от КБ", 2: "терц от КП"}, "24", (0, 20),
        "§3 equal top K: trump spades (p2) beats plain diamonds (p1)"),
    row("10П", {1: "терц от КП", 2: "терц от КЧ"}, "13", (20, 0),
        "§3 equal top K: trump (p1) beats plain (p2)"),
    row("10Ч", {1: "терц от ДП", 4: "терц от ДЧ"}, "24", (0, 20),
        "§3 equal top Q: trump hearts (p4, announced last) beats plain spades announced first"),
    # --- seed 000 §3 rule 3: equal plain → the one announced first (seat order)
    row("10П", {1: "терц от КЧ", 2: "терц от КБ"}, "13", (20, 0),
        "§3 equal plain terzes: p1 announced before p2"),
    row("10П", {1: "терц от КБ", 2: "терц от КЧ"}, "13", (20, 0),
        "§3 equal plain terzes: p1 before p2 whatever the suits"),
    row("10П", {2: "терц от КЧ", 3: "терц от КБ"}, "24", (0, 20),
        "§3 equal plain terzes: p2 announced before p3"),
    row("10П", {3: "терц от КЧ", 4: "терц от КБ"}, "13", (20, 0),
        "§3 equal plain terzes: p3 announced before p4"),
    row("10П", {1: "терц от КБ", 4: "терц от КЧ"}, "13", (20, 0),
        "§3 equal plain terzes: p1 before p4"),
    # --- seed 000 §0.2: a longer sequence is above a shorter one, whatever its top card
    row("10П", {1: "терц от ТЧ", 2: "берц от 10Б"}, "24", (0, 50),
        "§0.2 berz 10-high beats terz A-high"),
    row("10П", {1: "терц от ТП", 2: "берц от 10Б"}, "24", (0, 50),
        "§0.2 plain berz beats a trump terz"),
    row("10П", {1: "берц от ТП", 2: "квинта от ВБ"}, "24", (0, 100),
        "§0.2 quinta J-high beats trump berz A-high"),
    row("10П", {1: "квинта от ТЧ", 2: "шестерик от КБ"}, "24", (0, 100),
        "§0.2 sixte beats quinta (longer; both 100 visty)"),
    # --- seed 000 §0.2: rams above any sequence
    row("10П", {1: "квинта от ВЧ", 2: "рамки-Д"}, "24", (0, 100),
        "§0.2 rams of queens (100) beat a quinta (100)"),
    row("10П", {1: "квинта от ТЧ", 2: "рамки-9"}, "24", (0, 140),
        "§0.2 rams of 9s beat a quinta A-high"),
    row("10П", {1: "шестерик от ДБ", 2: "рамки-К"}, "24", (0, 100),
        "§0.2 rams of kings beat a 6-card sequence"),
    # --- rams by value for the game (seed 000 §0.2)
    row("10П", {1: "рамки-Т", 2: "рамки-В"}, "24", (0, 200),
        "§0.2 suit game: rams of jacks 200 beat rams of aces 110"),
    row("10П", {1: "рамки-В", 2: "рамки-Т"}, "13", (200, 0),
        "§0.2 suit game: rams of jacks (p1) beat rams of aces (p2)"),
    row("10П", {1: "рамки-Т", 2: "рамки-9"}, "24", (0, 140),
        "§0.2 suit game: rams of 9s 140 beat rams of aces 110"),
    row("10БК", {1: "рамки-В", 2: "рамки-Т"}, "24", (0, 190),
        "§0.2 БК: rams of aces 190 beat rams of jacks 100"),
    row("10БК", {1: "рамки-Т", 2: "рамки-В"}, "13", (190, 0),
        "§0.2 БК: rams of aces (p1) beat rams of jacks (p2)"),
    row("22ВК", {1: "рамки-Т", 2: "рамки-9"}, "24", (0, 140),
        "§0.2 ВК: rams of 9s 140 beat rams of aces 110"),
    # --- equal value 100: the order of the seed's table (10 > K > Q; in БК also > J)
    row("10П", {1: "рамки-Д", 2: "рамки-К"}, "24", (0, 100),
        "§0.2 rams of kings beat rams of queens"),
    row("10П", {1: "рамки-К", 2: "рамки-10"}, "24", (0, 100),
        "§0.2 rams of 10s beat rams of kings"),
    row("10П", {1: "рамки-10", 2: "рамки-Д"}, "13", (100, 0),
        "§0.2 rams of 10s (p1) beat rams of queens (p2)"),
    row("10БК", {1: "рамки-В", 2: "рамки-Д"}, "24", (0, 100),
        "§0.2 БК: rams of queens beat rams of jacks (both 100)"),
    row("10БК", {1: "рамки-10", 4: "рамки-К"}, "13", (100, 0),
        "§0.2 БК: rams of 10s beat rams of kings"),
    # --- linear comparison: every construction of the winning pair passes (seed 000 §3)
    row("10Ч", {1: "берц от ТП", 2: "терц от ТБ", 3: "терц от 10Ч, терц от КТ", 4: "бэла"}, "13", (90, 20),
        "§3 pair 13's berz beats p2's terz: p1 berz 50 + p3 two terzes 20 + 20 = 90; p4's bela 20 stays"),
    row("10П", {1: "терц от ТЧ", 3: "берц от 10Б", 2: "берц от ВТ"}, "24", (0, 50),
        "§3 pair 13's best is berz 10-high, p2's berz J-high is higher: both of 13's are cancelled"),
    row("10П", {1: "рамки-В, терц от ДЧ", 3: "берц от 10Б", 2: "рамки-Т"}, "13", (270, 0),
        "§3 rams of jacks win: p1 200 + terz 20 (sharing ВЧ, seed 000 §0.2) and p3's berz 50 pass = 270"),
    row("10П", {4: "терц от 9Т"}, "24", (0, 20), "§3 only one pair announced"),
    row("10П", {}, None, (0, 0), "nobody announced"),
    # --- rams of 8s under gambler: cancel everything (seed 000 §0.2), bela survives
    row("10П", {1: "рамки-8", 2: "берц от ТЧ"}, None, (0, 0),
        "§0.2 gambler: rams of 8s cancel a berz, no winner"),
    row("10П", {1: "рамки-8", 2: "берц от ТЧ, бэла"}, None, (0, 20),
        "§0.2 gambler: rams of 8s cancel the berz, the opponents' bela survives"),
    row("10П", {1: "рамки-8", 3: "бэла, терц от ТБ", 2: "квинта от ТЧ"}, None, (20, 0),
        "§0.2 gambler: rams of 8s cancel the partner's terz too, the partner's bela survives"),
    # --- ВК: every sequence is trump, so equal ones go to the first announced
    row("22ВК", {1: "терц от КЧ", 2: "терц от КП"}, "13", (20, 0),
        "§3 ВК: equal terzes, both trump: p1 announced first"),
    row("22ВК", {2: "терц от КЧ", 3: "терц от КП"}, "24", (0, 20),
        "§3 ВК: equal terzes, both trump: p2 before p3"),
    row("22ВК", {1: "бэла ♠", 2: "бэла Ч", 3: "терц от ТБ"}, "13", (40, 20),
        "§0.2 ВК: a bela per suit, outside the comparison"),
    # --- classic (seed 001): rams values and rams of 8s / 7s
    row("10П", {1: "рамки-10", 2: "рамки-Т"}, "24", (0, 100),
        "seed 001 classic suit: rams of aces and of 10s both 100, aces are the higher card", "classic"),
    row("10БК", {1: "рамки-Т", 2: "рамки-10"}, "13", (200, 0),
        "seed 001 classic БК: rams of aces 200 beat rams of 10s 150", "classic"),
    row("10П", {1: "рамки-8", 3: "терц от КБ", 2: "квинта от ТЧ", 4: "бэла"}, "13", (20, 20),
        "seed 001 (3) classic: rams of 8s cancel all the opponents' constructions (their quinta); "
        "the partner's terz passes; the opponents' bela survives", "classic"),
    row("10П", {1: "рамки-8", 2: "берц от ТЧ"}, None, (0, 0),
        "seed 001 (3) classic: rams of 8s against a berz alone: nothing passes", "classic"),
    row("10П", {1: "рамки-7", 3: "терц от КБ", 2: "квинта от ТЧ", 4: "бэла"}, None, (0, 20),
        "seed 001 (3) classic: rams of 7s cancel everyone's constructions, the partner's too; bela survives",
        "classic"),
]


@pytest.mark.parametrize(("contract", "seats", "winner", "visty", "convention"), DISPUTES)
def test_dispute(contract: str, seats: dict[int, str], winner: str | None, visty: dict[str, int],
                 convention: str) -> None:
    data = melds_json(contract, seats, "--convention", convention)
    assert data["winner_pair"] == winner, data["reasons"]
    assert data["visty"] == visty, data
    assert data["redeal"] is False
    # the visty are the sum of what passes
    for pair in ("13", "24"):
        assert sum(item["visty"] for item in data["passed"] if item["pair"] == pair) == visty[pair]
    # every announced construction is either passed or cancelled, never both, never lost
    announced = sum(len([part for part in text.split(",") if part.strip()]) for text in seats.values())
    assert len(data["passed"]) + len(data["cancelled"]) == announced
    if winner is not None:
        assert all(item["pair"] == winner or item["construction"].startswith("бэла") for item in data["passed"])
        assert data["reasons"], "the winner comes with a reason"


def test_text_output_names_winner_and_reason() -> None:
    done = run_cli("melds", "10П", "--p1", "терц от КБ", "--p2", "терц от КП")
    assert done.returncode == 0, done.stderr
    assert "24" in done.stdout
    assert "терц от КП" in done.stdout
    assert "козырн" in done.stdout  # why: the trump one on equal top


def test_json_names_passed_and_cancelled() -> None:
    data = melds_json("10П", {1: "терц от Д♦", 2: "берц от ТЧ, бэла"})
    assert data["winner_pair"] == "24"
    assert {(i["seat"], i["construction"], i["visty"]) for i in data["passed"]} == {
        (2, "берц от ТЧ", 50), (2, "бэла П", 20)}
    assert [(i["seat"], i["construction"]) for i in data["cancelled"]] == [(1, "терц от ДБ")]


# --------------------------------------------------------------------------------------------
# 2. Rams of 8s with seed 001's convention (1): only the opponents' terz and berz are cancelled
# --------------------------------------------------------------------------------------------


@pytest.fixture
def sequences_only(tmp_path: Path) -> Path:
    """classic with ``rams_8 = "cancel_opponents_sequences"`` (seed 001 convention 1)."""
    text = (REPO / "conventions" / "classic.toml").read_text(encoding="utf-8")
    text, replaced = re.subn(r'^rams_8 = "cancel_opponents"$', 'rams_8 = "cancel_opponents_sequences"', text,
                             flags=re.MULTILINE)
    assert replaced == 1
    text = text.replace('name = "classic"', 'name = "classic-seq"', 1)
    path = tmp_path / "classic-seq.toml"
    path.write_text(text, encoding="utf-8")
    assert tomllib.loads(text)["constructions"]["rams_8"] == "cancel_opponents_sequences"
    return path


# p1 rams of 8s, p3 terz K-high of diamonds; p2 terz A-high of hearts, p4 quinta A-high of clubs
# (A K Q J 10: no 8 in it, so no card is in two players' constructions).
RAMS_8_DEAL = {1: "рамки-8", 3: "терц от КБ", 2: "терц от ТЧ", 4: "квинта от ТТ"}


def test_rams_8_cancel_opponents_sequences(sequences_only: Path) -> None:
    """The opponents' terz is cancelled, their quinta still competes and beats p3's terz: 24 wins 100."""
    data = melds_json("10П", RAMS_8_DEAL, "--convention", str(sequences_only))
    assert data["winner_pair"] == "24"
    assert data["visty"] == {"13": 0, "24": 100}
    cancelled = {i["construction"]: i["seat"] for i in data["cancelled"]}
    assert cancelled.get("терц от ТЧ") == 2  # by the rams
    assert cancelled.get("терц от КБ") == 3  # by the quinta


def test_rams_8_cancel_opponents_sequences_berz(sequences_only: Path) -> None:
    """A berz is cancelled too (terz and berz, seed 001 convention 1): pair 13's terz passes."""
    data = melds_json("10П", {1: "рамки-8", 3: "терц от КБ", 2: "берц от ТЧ"}, "--convention", str(sequences_only))
    assert data["winner_pair"] == "13"
    assert data["visty"] == {"13": 20, "24": 0}


def test_rams_8_cancel_opponents_same_deal_classic() -> None:
    """The same deal under classic (cancel_opponents): the quinta is cancelled too, 13 wins with the terz."""
    data = melds_json("10П", RAMS_8_DEAL, "--convention", "classic")
    assert data["winner_pair"] == "13"
    assert data["visty"] == {"13": 20, "24": 0}


# --------------------------------------------------------------------------------------------
# 3. Rams of 7s: gambler redeal, classic cancel_all
# --------------------------------------------------------------------------------------------


def test_rams_7_gambler_redeal() -> None:
    data = melds_json("10П", {2: "рамки-7", 1: "квинта от ТЧ", 3: "бэла"})
    assert data["redeal"] is True
    assert data["winner_pair"] is None
    assert data["visty"] == {"13": 0, "24": 0}
    assert data["passed"] == []


def test_rams_7_gambler_redeal_text() -> None:
    done = run_cli("melds", "10П", "--p2", "рамки-7")
    assert done.returncode == 0, done.stderr
    assert "пересдача" in done.stdout


def test_rams_7_gambler_score_refused() -> None:
    line = assert_refused(run_cli("score", "10П", "--def-points", "40", "--melds", "p2: рамки-7", "--decl-seats", "13"))
    assert "пересдач" in line


def test_rams_7_classic_score_accepted() -> None:
    """classic: rams of 7s cancel everything but bela; the declarers' (13) quinta is gone, their bela stays."""
    by_melds = run_json("score", "10П", "--def-points", "40", "--melds", "p2: рамки-7; p1: квинта от ТЧ; p3: бэла",
                        "--decl-seats", "13", "--convention", "classic")
    by_con = run_json("score", "10П", "--def-points", "40", "--decl-con", "бэла", "--convention", "classic")
    assert by_melds == by_con
    assert by_melds["decl_con"] == ["бэла"] and by_melds["def_con"] == []


# --------------------------------------------------------------------------------------------
# 4. Refusals: conflicting or impossible announcements (exit 2, one line)
# --------------------------------------------------------------------------------------------

REFUSED = [
    pytest.param("10П", {1: "терц от Д♠", 2: "берц от К♠"}, id="ДП in two players' constructions"),
    pytest.param("10П", {1: "рамки-В", 3: "терц от ДЧ"}, id="ВЧ in p1's rams and p3's terz"),
    pytest.param("10П", {1: "бэла", 2: "терц от ТП"}, id="КП in p1's bela and p2's terz"),
    pytest.param("10П", {1: "рамки-Д", 2: "рамки-Д"}, id="rams of queens held by two players"),
    pytest.param("10БК", {1: "рамки-9"}, id="rams of 9s in БК"),
    pytest.param("10БК", {1: "бэла"}, id="bela in БК"),
    pytest.param("10П", {1: "бэла", 2: "бэла"}, id="two belas in a suit game"),
    pytest.param("10П", {1: "бэла Ч"}, id="bela of a non-trump suit"),
    pytest.param("22ВК", {1: "бэла ♠", 2: "бэла ♠"}, id="ВК: the same bela by two players"),
    pytest.param("10П", {1: "терц от 8♠"}, id="терц от 8♠: nothing below 7"),
    pytest.param("10П", {1: "берц от 9Ч"}, id="берц от 9Ч: nothing below 7"),
    pytest.param("10П", {1: "терц Д♠ 10♠ 9♠"}, id="terz of non-consecutive ranks"),
    pytest.param("10П", {1: "терц Д♠ В♠ 10Ч"}, id="terz of two suits"),
    pytest.param("10П", {1: "терц Д♠ В♠"}, id="terz of two cards"),
    pytest.param("10П", {1: "терц от Д♠, терц от 9♠"}, id="a player's two terzes that touch (Q J 10 + 9 8 7)"),
    pytest.param("10П", {1: "терц от Д♠, берц от К♠"}, id="a player's two sequences that overlap"),
    pytest.param("10П", {1: "квинта от ТП, квинта от ТЧ"}, id="more than 8 cards for one player (10)"),
    pytest.param("10П", {1: "рамки-В, рамки-Д, терц от КЧ"}, id="more than 8 cards for one player (9)"),
    pytest.param("10П", {1: "абракадабра"}, id="unparseable"),
    pytest.param("10П", {1: "терц"}, id="a sequence without its top card"),
    pytest.param("10П", {1: "терц от XX"}, id="an unknown top card"),
    pytest.param("10П", {1: "рамки-X"}, id="rams of an unknown rank"),
    pytest.param("10П", {1: "терц от TП"}, id="top card ten or ace? (Latin T, Cyrillic suit)"),
]


@pytest.mark.parametrize(("contract", "seats"), REFUSED)
def test_refused(contract: str, seats: dict[int, str]) -> None:
    assert_refused(run_cli("melds", contract, *seat_args(seats)))


def test_refused_bad_contract() -> None:
    assert_refused(run_cli("melds", "абв", "--p1", "терц от КЧ"))


# Bugs: one player cannot announce the same four cards or the same bela twice (there is one set of
# each in the deck).  `score --decl-con "рамки-В, рамки-В"` is refused ("в колоде одни рамки каждого
# достоинства"), but `melds` counts them twice (400 visty; ВК: two belas of spades, 40).
@pytest.mark.parametrize(("contract", "seats"), [
    pytest.param("10П", {1: "рамки-В, рамки-В"}, id="the same rams twice by one player"),
    pytest.param("22ВК", {1: "бэла ♠, бэла ♠"}, id="ВК: the same bela twice by one player"),
])
def test_refused_same_construction_twice_by_one_player(contract: str, seats: dict[int, str]) -> None:
    assert_refused(run_cli("melds", contract, *seat_args(seats)))


# --------------------------------------------------------------------------------------------
# 5. score --melds: the same result as the passed constructions
# --------------------------------------------------------------------------------------------

# p1 терц K-high of hearts; p2 берц 10-high of diamonds and the bela of spades:
# pair 24 wins (berz above terz, seed 000 §0.2) and passes берц 50 + бэла 20.
MELDS = "p1: терц от КЧ; p2: берц от 10Б, бэла"


@pytest.mark.parametrize(("decl_seats", "equivalent"), [
    pytest.param("13", ["--def-con", "берц, бэла"], id="declarers 13: the defenders pass берц + бэла"),
    pytest.param("24", ["--decl-con", "берц, бэла"], id="declarers 24: the declarers pass берц + бэла"),
])
def test_score_melds_equals_passed_constructions(decl_seats: str, equivalent: list[str]) -> None:
    by_melds = run_json("score", "10П", "--def-points", "40", "--melds", MELDS, "--decl-seats", decl_seats)
    by_con = run_json("score", "10П", "--def-points", "40", *equivalent)
    assert by_melds == by_con


def test_score_melds_repeated_option() -> None:
    """--melds may be given once per seat."""
    by_parts = run_json("score", "10П", "--def-points", "40", "--melds", "p1: терц от КЧ",
                        "--melds", "p2: берц от 10Б, бэла", "--decl-seats", "13")
    assert by_parts["def_con"] == ["берц", "бэла"]
    assert by_parts["decl_con"] == []


def test_score_melds_rams_8_gambler() -> None:
    """gambler rams of 8s: only the bela passes (declarers 24 hold it)."""
    by_melds = run_json("score", "10П", "--def-points", "40", "--melds", "p1: рамки-8; p2: берц от ТЧ, бэла",
                        "--decl-seats", "24")
    by_con = run_json("score", "10П", "--def-points", "40", "--decl-con", "бэла")
    assert by_melds == by_con


@pytest.mark.parametrize("args", [
    pytest.param(["--melds", MELDS], id="--melds without --decl-seats"),
    pytest.param(["--melds", MELDS, "--decl-seats", "13", "--decl-con", "терц"], id="--melds with --decl-con"),
    pytest.param(["--melds", MELDS, "--decl-seats", "13", "--def-con", "берц"], id="--melds with --def-con"),
    pytest.param(["--decl-seats", "13"], id="--decl-seats without --melds"),
    pytest.param(["--melds", MELDS, "--decl-seats", "12"], id="--decl-seats 12"),
    pytest.param(["--melds", "p5: терц от КЧ", "--decl-seats", "13"], id="seat 5"),
    pytest.param(["--melds", "терц от КЧ", "--decl-seats", "13"], id="no seat"),
    pytest.param(["--melds", "p1: терц от Д♠; p2: берц от К♠", "--decl-seats", "13"], id="conflicting cards"),
])
def test_score_melds_refused(args: list[str]) -> None:
    assert_refused(run_cli("score", "10П", "--def-points", "40", *args))


# --------------------------------------------------------------------------------------------
# 6. add --melds: stored in the protocol, recompute agrees
# --------------------------------------------------------------------------------------------


def test_add_melds_and_recompute(tmp_path: Path) -> None:
    sheet = tmp_path / "game.toml"
    assert run_cli("new", str(sheet), "--pairs", "Мы,Они").returncode == 0
    done = run_cli("add", str(sheet), "10П", "--by", "Они", "--def-points", "40", "--melds", MELDS,
                   "--decl-seats", "13")
    assert done.returncode == 0, done.stderr
    hand = tomllib.loads(sheet.read_text(encoding="utf-8"))["hand"][0]
    assert hand["melds"] == {"p1": "терц от КЧ", "p2": "берц от 10Б, бэла"}
    assert hand["decl_seats"] == "13"
    assert "def_con" not in hand and "decl_con" not in hand
    # 10П: VTp 122 ≥ 100 made; the defenders (Мы) pass берц 50 + бэла 20: Vv = 40 + 70 = 110 → Pv 11;
    # Pp = (122 + 110 − 110) div 10 = 12 → declarers (Они) 10 + 12 = 22
    assert hand["score"] == [11, 22]
    assert run_cli("recompute", str(sheet)).returncode == 0


def test_add_melds_without_seats_writes_nothing(tmp_path: Path) -> None:
    sheet = tmp_path / "game.toml"
    assert run_cli("new", str(sheet), "--pairs", "Мы,Они").returncode == 0
    before = sheet.read_bytes()
    assert_refused(run_cli("add", str(sheet), "10П", "--by", "Мы", "--def-points", "40", "--melds", MELDS))
    assert sheet.read_bytes() == before


# --------------------------------------------------------------------------------------------
# The check alone: announcements read one at a time (as the referee reads them), then checked together
# --------------------------------------------------------------------------------------------


def _one_at_a_time(contract: str, seats: dict[int, str], convention: str):
    """Each announcement read alone by ``parse_announcements``; None when one of them is refused alone."""
    from bbscore import conventions
    from bbscore.belot.melds import parse_announcements
    from bbscore.errors import BBScoreError

    rules = conventions.load(convention)
    parsed = rules.parse_contract(contract)
    melds = []
    for seat, text in sorted(seats.items()):
        for item in (part.strip() for part in text.split(",")):
            try:
                melds += parse_announcements({seat: item}, parsed, rules)
            except BBScoreError:
                return rules, parsed, None
    return rules, parsed, melds


@pytest.mark.parametrize(("contract", "seats"), REFUSED)
def test_check_announcements_refuses_what_parse_announcements_refuses(contract: str, seats: dict[int, str]) -> None:
    """The rows refused because announcements conflict (each one readable alone) are refused by the check alone, with
    the error ``parse_announcements`` gives for them all at once."""
    from bbscore.belot.melds import check_announcements, parse_announcements
    from bbscore.errors import BBScoreError

    rules, parsed, melds = _one_at_a_time(contract, seats, "gambler")
    if melds is None:  # refused alone: not a conflict
        return
    with pytest.raises(BBScoreError) as together:
        parse_announcements(seats, parsed, rules)
    with pytest.raises(type(together.value)) as checked:
        check_announcements(melds, parsed, rules)
    assert (checked.value.field, checked.value.value) == (together.value.field, together.value.value)


@pytest.mark.parametrize(("contract", "seats", "winner", "visty", "convention"), DISPUTES)
def test_check_announcements_accepts_what_can_all_be_true(contract: str, seats: dict[int, str], winner, visty,
                                                          convention: str) -> None:
    from bbscore.belot.melds import check_announcements

    rules, parsed, melds = _one_at_a_time(contract, seats, convention)
    assert melds is not None  # every dispute's announcements read one at a time
    assert check_announcements(melds, parsed, rules) is None
