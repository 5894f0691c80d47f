"""The example protocols in ``examples/`` (RULES.md §5–§6), checked through the command line.

* ``game-gambler.toml`` — a whole game to 301 under the gambler rules, written
  with ``bbscore new`` / ``bbscore add``: it recomputes clean and holds a contra,
  a recontra, a bait, a kapo and a redeal.
* ``paper-game.toml`` — a game typed in from paper: the hands' inputs only, no
  ``score`` and no ``total``; the tool supplies them.
* ``slipped-game.toml`` — ``game-gambler.toml`` with two slips a scorekeeper makes
  on paper: at hand 2 a wrong hand score (28 written as 26, that hand's total
  consistent with it), at hand 12 a wrong addition (the score right, the total 10
  too high); every later total continues from the sheet's own totals.

Every test works on a copy in ``tmp_path``: ``examples/`` is never modified.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, report, run_cli, run_json

# The two slips of slipped-game.toml: (hand number, field).
SLIPS = {(2, "score"), (12, "total")}


def bbscore(*args: str | Path):
    """``bbscore ARGS`` (in this process); no traceback, whatever the exit code."""
    done = run_cli(*args)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def copy_example(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copyfile(EXAMPLES / name, target)
    return target


def recompute_json(path: Path, *extra: str) -> tuple[int, dict]:
    done = bbscore("recompute", path, "--json", *extra)
    assert done.returncode in (0, 1), report(done)
    data = json.loads(done.stdout)
    assert len(data["files"]) == 1
    return done.returncode, data["files"][0]


def read_toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def field_line(path: Path, hand: int, key: str) -> int:
    """The 1-based line of ``key = …`` inside the ``hand``-th ``[[hand]]`` table, found in the text."""
    lines = path.read_text(encoding="utf-8").splitlines()
    headers = [i for i, line in enumerate(lines) if line.strip() == "[[hand]]"]
    start = headers[hand - 1]
    end = headers[hand] if hand < len(headers) else len(lines)
    for i in range(start + 1, end):
        if re.match(rf"^\s*{key}\s*=", lines[i]):
            return i + 1
    raise AssertionError(f"hand {hand} has no {key} line")


# --- game-gambler.toml ---


def test_gambler_recomputes_clean(game_gambler: Path) -> None:
    done = bbscore("recompute", game_gambler)
    assert done.returncode == 0, report(done)
    code, data = recompute_json(game_gambler)
    assert code == 0 and data["ok"] is True and data["discrepancies"] == []
    assert "warning" not in data  # kept with the bundled gambler rules as they are now


def test_gambler_is_a_finished_game_to_301(game_gambler: Path) -> None:
    sheet = run_json("show", game_gambler)
    assert sheet["convention"] == "gambler" and sheet["target"] == 301
    assert 15 <= len(sheet["hands"]) <= 25
    assert sheet["winner"] in sheet["pairs"]
    winner = sheet["pairs"].index(sheet["winner"])
    assert sheet["totals"][winner] >= 301
    assert sheet["totals"][winner] > sheet["totals"][1 - winner]
    assert sheet["ended_at"] == sheet["hands"][-1]["n"]  # the game ends on its last hand
    assert max(sheet["hands"][-2]["total"]) < 301  # and not before
    assert sheet["hands"][-1]["total"] == sheet["totals"]
    assert all("error" not in hand for hand in sheet["hands"])


def test_gambler_has_every_kind_of_hand(game_gambler: Path) -> None:
    hands = run_json("show", game_gambler)["hands"]
    played = [h for h in hands if "contract" in h]
    contra = [h for h in played if h["contract"].endswith("+") and not h["contract"].endswith("++")]
    assert any(h["made"] for h in contra), "a contra made"
    assert any(h["contract"].endswith("++") for h in played), "a recontra"
    assert any(h["made"] is False for h in played), "a bait"
    assert any(h["contract"].startswith("^") and h["made"] for h in played), "a kapo"
    assert any(h.get("redeal") == "all-pass" and h["score"] == [0, 0] for h in hands), "a redeal"
    all_trumps = [re.fullmatch(r"(\d+)ВК\+{0,2}", h["contract"]) for h in played]
    assert any(m and int(m.group(1)) >= 20 for m in all_trumps), "a ВК of 20+"


def test_gambler_recorded_values_are_what_the_tool_computes(game_gambler: Path) -> None:
    recorded = read_toml(game_gambler)["hand"]
    computed = run_json("show", game_gambler)["hands"]
    assert len(recorded) == len(computed)
    for written, hand in zip(recorded, computed):
        assert written["score"] == hand["score"], hand["n"]
        assert written["total"] == hand["total"], hand["n"]


# --- paper-game.toml ---


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    return copy_example("paper-game.toml", tmp_path)


def test_paper_game_recomputes_clean(paper: Path) -> None:
    done = bbscore("recompute", paper)
    assert done.returncode == 0, report(done)


def test_paper_game_has_inputs_only(paper: Path) -> None:
    data = read_toml(paper)
    assert data["game"]["convention"] == "gambler"
    assert re.fullmatch(r"[0-9a-f]{64}", data["game"]["convention_sha256"])
    assert 12 <= len(data["hand"]) <= 20
    for hand in data["hand"]:
        assert "score" not in hand and "total" not in hand, hand


def test_paper_game_totals_are_the_sum_of_the_scores(paper: Path) -> None:
    sheet = run_json("show", paper)
    running = [0, 0]
    for hand in sheet["hands"]:
        assert "error" not in hand, hand
        running = [running[0] + hand["score"][0], running[1] + hand["score"][1]]
        assert hand["total"] == running, hand["n"]
    assert sheet["totals"] == running
    assert sum(running) > 0


# --- slipped-game.toml ---


@pytest.fixture
def slipped(tmp_path: Path) -> Path:
    return copy_example("slipped-game.toml", tmp_path)


def test_slipped_game_is_game_gambler_with_two_slips(slipped: Path) -> None:
    """The file itself: the same hands as game-gambler, and the sheet's own arithmetic as a scorekeeper's."""
    original = read_toml(EXAMPLES / "game-gambler.toml")["hand"]
    hands = read_toml(slipped)["hand"]
    assert len(hands) == len(original)
    inputs = lambda hand: {k: v for k, v in hand.items() if k not in ("score", "total")}  # noqa: E731
    assert [inputs(h) for h in hands] == [inputs(h) for h in original]
    wrong_scores = [n for n, (h, o) in enumerate(zip(hands, original), 1) if h["score"] != o["score"]]
    assert wrong_scores == [n for n, field in SLIPS if field == "score"]
    previous = [0, 0]
    wrong_additions = []
    for number, hand in enumerate(hands, 1):
        if hand["total"] != [previous[0] + hand["score"][0], previous[1] + hand["score"][1]]:
            wrong_additions.append(number)
        previous = hand["total"]
    assert wrong_additions == [n for n, field in SLIPS if field == "total"]


def test_slipped_game_recompute_names_the_two_slips(slipped: Path) -> None:
    done = bbscore("recompute", slipped)
    assert done.returncode == 1, report(done)
    code, data = recompute_json(slipped)
    assert code == 1 and data["ok"] is False
    found = {(d["hand"], d["field"]) for d in data["discrepancies"]}
    assert found == SLIPS
    assert len(data["discrepancies"]) == len(SLIPS)
    for slip in data["discrepancies"]:
        assert slip["line"] == field_line(slipped, slip["hand"], slip["field"]), slip


def test_slipped_game_fix(slipped: Path) -> None:
    done = bbscore("recompute", slipped, "--fix")
    assert done.returncode == 1, report(done)  # the discrepancies were there when it ran
    backups = list(slipped.parent.glob(slipped.name + ".*.bak"))
    assert len(backups) == 1
    assert backups[0].read_bytes() == (EXAMPLES / "slipped-game.toml").read_bytes()
    done = bbscore("recompute", slipped)
    assert done.returncode == 0, report(done)
    fixed = read_toml(slipped)["hand"]
    original = read_toml(EXAMPLES / "game-gambler.toml")["hand"]
    assert fixed == original
