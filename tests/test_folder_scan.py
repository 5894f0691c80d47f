"""A folder scan (``recompute DIR``, ``stats DIR``, ``list DIR``) finds every ``.toml`` file the single-file commands
read as a sheet — a byte-order mark, CRLF line ends, a quoted ``["game"]`` header, ``[game]`` after 70 KiB of hands —
and leaves out, silently, a ``.toml`` file that is not one (``pyproject.toml``, a file that is not TOML).  A folder
with no sheet is said on standard error and ends each command with its own code for what it could not read (2 for
``recompute``, 1 for ``stats``, ``list`` and ``rating``), ``--json`` still printing its JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import EXAMPLES, report, run_cli

BOM = "\ufeff"


def belot() -> str:
    return (EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8")


def pulya() -> str:
    return (EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8")


def game_last(text: str, padding: int = 0) -> str:
    """The sheet with its ``[game]`` table written after the hands (and ``padding`` bytes of comment lines)."""
    header, hands = text.split("\n[[hand]]", 1)
    return "[[hand]]" + hands + ("# " + "x" * 98 + "\n") * (padding // 100) + "\n" + header + "\n"


def long_game(generator, folder: Path) -> str:
    """A tool-written game of 600 hands (over 70 KiB of hands before its ``[game]`` once moved)."""
    path = folder / "long.source"
    generator.write_protocol(path, 600, seed=3)
    text = path.read_text(encoding="utf-8")
    path.unlink()
    return text


# (name, the game, how the sheet's text is made from its example)
SHEETS = [
    ("bom", "bazar-belot", lambda text: BOM + text),
    ("bom-crlf", "bazar-belot", lambda text: BOM + text.replace("\n", "\r\n")),
    ("quoted", "bazar-belot", lambda text: text.replace("[game]", '["game"]', 1)),
    ("quoted-spaced", "bazar-belot", lambda text: text.replace("[game]", '[ "game" ]', 1)),
    ("literal", "bazar-belot", lambda text: text.replace("[game]", "['game']", 1)),
    ("literal-spaced", "bazar-belot", lambda text: text.replace("[game]", "[ 'game' ]", 1)),
    ("late", "bazar-belot", game_last),  # the text: a long game's (below)
    ("pulya-bom", "preferans", lambda text: BOM + text),
    ("pulya-bom-crlf", "preferans", lambda text: BOM + text.replace("\n", "\r\n")),
    ("pulya-quoted", "preferans", lambda text: text.replace("[game]", '["game"]', 1)),
    ("pulya-late", "preferans", lambda text: game_last(text, padding=72 * 1024)),  # a пуля is short: a long comment
]


def write_sheet(folder: Path, name: str, game: str, make, generator) -> Path:
    if name == "late":
        text = make(long_game(generator, folder))
    else:
        text = make(belot() if game == "bazar-belot" else pulya())
    path = folder / f"{name}.toml"
    path.write_bytes(text.encode("utf-8"))
    if name.endswith("late"):
        assert text.encode("utf-8").index(b"[game]") > 70 * 1024
    return path


def ok_json(*args) -> tuple[dict, str]:
    done = run_cli(*args, "--json")
    assert done.returncode == 0, report(done)
    return json.loads(done.stdout), done.stderr


@pytest.mark.parametrize("name, game, make", SHEETS, ids=[row[0] for row in SHEETS])
def test_a_folder_scan_finds_every_sheet(tmp_path, bench_generator, name, game, make):
    """The sheet alone in its folder, and beside another sheet: found by every batch command, as when named."""
    alone = tmp_path / "alone"
    alone.mkdir()
    path = write_sheet(alone, name, game, make, bench_generator)
    named, _ = ok_json("recompute", path)
    scanned, said = ok_json("recompute", alone)
    assert scanned == named and said == "", said
    assert [Path(item["file"]).name for item in scanned["files"]] == [path.name]
    stats, said = ok_json("stats", alone)
    assert stats["files"] == 1 and stats["bad_files"] == 0 and said == "", said
    assert (stats["games"], stats["preferans"]["pulyas"]) == ((1, 0) if game == "bazar-belot" else (0, 1))
    listed, said = ok_json("list", alone)
    assert [(Path(item["file"]).name, item["game"]) for item in listed["games"]] == [(path.name, game)]

    beside = tmp_path / "beside"
    shutil.copytree(alone, beside)
    shutil.copyfile(EXAMPLES / ("pulya-4.toml" if game == "bazar-belot" else "game-gambler.toml"), beside / "a.toml")
    scanned, said = ok_json("recompute", beside)
    assert [Path(item["file"]).name for item in scanned["files"]] == ["a.toml", path.name] and said == ""
    stats, _ = ok_json("stats", beside)
    assert stats["files"] == 2 and stats["bad_files"] == 0 and stats["games"] == 1 and stats["preferans"]["pulyas"] == 1
    listed, _ = ok_json("list", beside)
    assert [Path(item["file"]).name for item in listed["games"]] == ["a.toml", path.name]


def test_recompute_of_the_working_folder_finds_a_quoted_header(tmp_path):
    """``recompute .`` (the issue's words): the sheet with ``["game"]`` is checked, not passed over."""
    (tmp_path / "a.toml").write_text(belot().replace("[game]", '["game"]', 1), encoding="utf-8")
    shutil.copyfile(EXAMPLES / "pulya-3.toml", tmp_path / "b.toml")
    done = run_cli("recompute", ".", "--json", cwd=tmp_path)
    assert done.returncode == 0, report(done)
    assert [Path(item["file"]).name for item in json.loads(done.stdout)["files"]] == ["a.toml", "b.toml"]


NOT_SHEETS = [
    ("pyproject", '[project]\nname = "club"\nversion = "1.0"\n'),
    ("broken", '[project\nname = "club"\n'),
    ("broken-bom", BOM + 'name = "club\n'),
    ("not-utf8", "# \xff\n[project]\n"),
    ("game-not-a-table", 'game = "chess"\n[[hand]]\nx = 1\n'),
]


@pytest.mark.parametrize("name, text", NOT_SHEETS, ids=[row[0] for row in NOT_SHEETS])
@pytest.mark.parametrize("command", ["recompute", "stats", "list"])
def test_a_toml_file_that_is_not_a_sheet_is_left_out_silently(tmp_path, name, text, command):
    encoding = "latin-1" if name == "not-utf8" else "utf-8"
    (tmp_path / "pyproject.toml").write_bytes(text.encode(encoding))
    shutil.copyfile(EXAMPLES / "pulya-3.toml", tmp_path / "pulya.toml")
    data, said = ok_json(command, tmp_path)
    assert said == ""
    found = data["files"] if command == "recompute" else data["games"] if command == "list" else None
    if found is None:
        assert data["files"] == 1 and data["bad_files"] == 0
    else:
        assert [Path(item["file"]).name for item in found] == ["pulya.toml"]


def test_a_sheet_that_does_not_parse_is_still_found_by_its_game_table_after_the_head(tmp_path):
    """Not TOML, but a ``[game]`` line after 70 KiB: a sheet with a slip, named with its reason (as when named)."""
    (tmp_path / "slip.toml").write_text("# " + "x" * 70 * 1024 + "\n[game]\nconvention = \n", encoding="utf-8")
    done = run_cli("stats", tmp_path, "--json")
    assert done.returncode == 1, report(done)
    assert json.loads(done.stdout)["bad_files"] == 1 and "slip.toml" in done.stderr


def test_a_folder_sheet_with_a_bom_speaks_its_language(tmp_path):
    """The language of a folder's sheets is read past a byte-order mark, and from a quoted header's sheet."""
    text = belot().replace("[game]\n", '[game]\nlang = "en"\n', 1)
    (tmp_path / "a.toml").write_text(BOM + text, encoding="utf-8")
    (tmp_path / "b.toml").write_text(text.replace("[game]", '["game"]', 1), encoding="utf-8")
    done = run_cli("stats", tmp_path, env={"BBSCORE_LANG": "", "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert done.returncode == 0, report(done)
    assert "Files: 2" in done.stdout, done.stdout


# --------------------------------------------------------------------------- a folder with no sheet


@pytest.mark.parametrize("command, code, printed", [
    ("recompute", 2, {"files": []}),
    ("stats", 1, None),
    ("list", 1, {"games": []}),
    ("rating", 1, {"games": 0, "skipped": 0, "bad_files": 1, "players": [], "order": []}),
])
def test_a_folder_with_no_sheet_is_said_and_json_is_still_printed(tmp_path, command, code, printed):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "pyproject.toml").write_text('[project]\nname = "club"\n', encoding="utf-8")
    done = run_cli(command, tmp_path / "empty", "--json")
    assert done.returncode == code, report(done)
    assert done.stderr.splitlines() == [f"ошибка: {tmp_path / 'empty'}: в папке нет протоколов (файлов .toml с таблицей [game])"]
    data = json.loads(done.stdout)
    if printed is None:
        assert (data["files"], data["bad_files"], data["games"], data["preferans"]["pulyas"]) == (0, 1, 0, 0)
    else:
        assert data == printed


@pytest.mark.parametrize("command", ["stats", "list"])
def test_stats_and_list_of_an_empty_folder_end_with_1_like_an_unreadable_file(tmp_path, command):
    """As the README has it: «with exit code 2 (for `stats`, 1)» — and beside a sheet read, the same code."""
    (tmp_path / "empty").mkdir()
    done = run_cli(command, tmp_path / "empty")
    assert done.returncode == 1 and "Traceback" not in done.stderr, report(done)
    assert len(done.stderr.splitlines()) == 1 and "в папке нет протоколов" in done.stderr
    shutil.copyfile(EXAMPLES / "pulya-3.toml", tmp_path / "pulya.toml")
    done = run_cli(command, tmp_path / "empty", tmp_path / "pulya.toml")
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1, report(done)
