"""The benchmark's protocol generator (tests/bench/generate.py) writes valid, realistic protocols.

The benchmark itself (tests/bench/run.py) is not run in CI; this keeps its input honest:
every contract kind, a redeal, bbscore's own file layout, and ``recompute`` agreeing
with every recorded score and total.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from conftest import REPO, run_cli

SEED = 2026


@pytest.fixture(scope="module")
def generate(bench_generator):
    return bench_generator


@pytest.fixture(scope="module")
def big(generate, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bench") / "game.toml"
    assert generate.write_protocol(path, 200, seed=SEED) == 200
    return path


def _kind(contract: str) -> set[str]:
    kinds = set()
    if contract.startswith("^^"):
        kinds.add("^^")
    elif contract.startswith("^"):
        kinds.add("^")
    else:
        kinds.add("simple")
    if contract.endswith("++"):
        kinds.add("++")
    elif contract.endswith("+"):
        kinds.add("+")
    game = re.sub(r"[\^0-9+]", "", contract)
    kinds.add(game)
    return kinds


def test_generated_protocol_has_every_kind_of_hand(big):
    data = tomllib.loads(big.read_text(encoding="utf-8"))
    hands = data["hand"]
    assert len(hands) == 200
    assert data["game"]["convention"] == "gambler"
    assert data["game"]["target"] > 10**6
    kinds: set[str] = set()
    for hand in hands:
        if "redeal" in hand:
            kinds.add("redeal")
            assert hand["score"] == [0, 0]
            continue
        kinds |= _kind(hand["contract"])
        if hand["contract"].startswith("^"):
            assert "decl_tricks" in hand  # a kapo needs the declarers' tricks
        for name in hand.get("decl_con", []) + hand.get("def_con", []):
            kinds.add("бэла" if name == "бэла" else "construction")
    for wanted in ("simple", "^", "^^", "+", "++", "БК", "ВК", "П", "Т", "Б", "Ч", "redeal", "бэла", "construction"):
        assert wanted in kinds, f"no {wanted} among 200 generated hands"


def test_generated_protocol_recomputes_clean(big):
    done = run_cli("recompute", str(big), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)["files"][0]
    assert report["ok"] and report["discrepancies"] == [] and report["winner"] is None
    assert "warning" not in report  # the header carries the rules' real SHA-256


def test_generated_text_is_what_bbscore_writes(generate):
    from bbscore.belot.protocol import dumps

    pieces = "".join(generate.protocol_text(generate.HandMaker(SEED), 120, chunk=17))
    maker = generate.HandMaker(SEED)
    hands = list(maker.hands(120, generate.PAIR_NAMES[0], generate.BIG_TARGET, stop_at_end=False))
    assert pieces == dumps(generate.header(maker, generate.PAIR_NAMES[0], generate.BIG_TARGET), hands)


def test_a_paper_typed_protocol_is_the_same_hands_without_what_was_recorded(generate, tmp_path):
    typed, written = tmp_path / "paper.toml", tmp_path / "tool.toml"
    generate.write_protocol(typed, 120, seed=SEED, paper=True)
    generate.write_protocol(written, 120, seed=SEED)
    paper_hands = tomllib.loads(typed.read_text(encoding="utf-8"))["hand"]
    tool_hands = tomllib.loads(written.read_text(encoding="utf-8"))["hand"]
    assert paper_hands == [{key: value for key, value in hand.items() if key not in ("score", "total")}
                           for hand in tool_hands]
    assert all("score" not in hand and "total" not in hand for hand in paper_hands)
    reports = [json.loads(run_cli("recompute", str(path), "--json").stdout)["files"][0] for path in (typed, written)]
    assert reports[0]["ok"] and reports[0]["totals"] == reports[1]["totals"] == tool_hands[-1]["total"]


def test_same_seed_same_file(generate, tmp_path):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    generate.write_protocol(first, 50, seed=5)
    generate.write_protocol(second, 50, seed=5)
    assert first.read_bytes() == second.read_bytes()


def test_many_small_games_end_at_the_target(generate, tmp_path):
    paths = generate.write_many(tmp_path / "many", 5, 40, seed=SEED)
    assert len(paths) == 5
    done = run_cli("recompute", *map(str, paths), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    reports = json.loads(done.stdout)["files"]
    assert all(report["ok"] for report in reports)
    for path, report in zip(paths, reports):
        hands = tomllib.loads(path.read_text(encoding="utf-8"))["hand"]
        assert 1 <= len(hands) <= 40
        if report["winner"] is None:
            assert len(hands) == 40  # stopped at the limit, not past the end
        else:
            assert max(report["totals"]) >= 301


def test_command_line(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "cli.toml"
    done = subprocess.run([sys.executable, str(REPO / "tests" / "bench" / "generate.py"), str(out), "--hands", "30",
                           "--seed", "3"], capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(tomllib.loads(out.read_text(encoding="utf-8"))["hand"]) == 30
    folder = tmp_path / "many"
    done = subprocess.run([sys.executable, str(REPO / "tests" / "bench" / "generate.py"), "--files", "3",
                           "--hands-per-file", "10", "--dir", str(folder)],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(list(folder.glob("*.toml"))) == 3


@pytest.mark.parametrize(("args", "words"), [
    pytest.param(["OUT", "--hands", "40", "--target", "10"], "target 10", id="a target the game reaches"),
    pytest.param(["OUT", "--hands", "-5"], "--hands", id="negative hands"),
    pytest.param(["MISSING/x.toml", "--hands", "3"], "No such file", id="a folder that is not there"),
    pytest.param(["--files", "0", "--dir", "DIR"], "--files", id="zero files"),
])
def test_command_line_errors_are_one_message_and_leave_no_file(tmp_path, args, words):
    import subprocess
    import sys

    out = tmp_path / "out.toml"
    args = [str(out) if a == "OUT" else str(tmp_path / "missing" / "x.toml") if a == "MISSING/x.toml"
            else str(tmp_path / "dir") if a == "DIR" else a for a in args]
    done = subprocess.run([sys.executable, str(REPO / "tests" / "bench" / "generate.py"), *args],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and words in done.stderr, done.stderr
    assert not out.exists()
