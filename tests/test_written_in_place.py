"""What a writing command leaves in a sheet and says of it (a newcomer's three reports).

1. ``recompute --fix`` of a sheet typed by hand changes only the wrong values, wherever they sit — a key of a
   sub-table (``[hand.gora]``), of an array of tables (``[[hand.vists]]``), an item of a list or an inline table, a
   dotted key — every other line and comment as it was (compared line by line), for a пуля and a Bazar-Belot
   protocol; a shape not followed is written anew with its comments kept.
2. A write the system refuses (no permission, a full disk, a read-only file system: the atomic write monkeypatched to
   fail) is the tool's one line, exit 2, naming the file and the reason, for every writing command — ``recompute --fix``
   too, which said «не исправлено» and exited 1 — the file unchanged and no temporary file or backup left.
3. ``add``, ``edit`` and ``play`` show the running total written (the sheet's own addition), and when an earlier
   total slipped say so in one line with both figures and «см. bbscore recompute».
"""

from __future__ import annotations

import difflib
import errno
import json
import os
import shutil
import tempfile
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, report, run_cli

from bbscore import sheets

# --- 1. recompute --fix changes only the wrong values, wherever they sit ---

PULYA = (EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8")
HAND4 = '''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = { "Вера" = 8 }
vists = [{ from = "Аня", on = "Вера", vists = 32 }, { from = "Боря", on = "Вера", vists = 28 }]
'''
# Hand 4 of the example typed by hand in other shapes, with slips: (as typed, as --fix must leave it).
SHAPES = {
    "sub-tables": ('''[[hand]]
game = "7♥"  # Вера играет
by = "Вера"
tricks = 5
pulya = {}

[hand.gora]  # гора
"Вера" = 6  # ошибка

[hand.whist]  # кто вистовал
"Аня" = 3
"Боря" = 2

[[hand.vists]]
# Аня на Веру
from = "Аня"
on = "Вера"
vists = 30  # ошибка

[[hand.vists]]
from = "Боря"  # второй
on = "Вера"
vists = 28
''', {'"Вера" = 6  # ошибка': '"Вера" = 8  # ошибка', "vists = 30  # ошибка": "vists = 32  # ошибка"}),
    "dotted keys": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist."Аня" = 3  # first
whist."Боря" = 2
pulya = {}
gora."Вера" = 6  # ошибка
vists = [{ from = "Аня", on = "Вера", vists = 32 }, { from = "Боря", on = "Вера", vists = 28 }]
''', {'gora."Вера" = 6  # ошибка': 'gora."Вера" = 8  # ошибка'}),
    "a list on lines": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = {"Вера"=6} # ошибка
vists = [  # висты
    { from = "Аня", on = "Вера", vists = 30 },  # ошибка
    # Боря
    {from="Боря",on="Вера",vists=28},
]
''', {'gora = {"Вера"=6} # ошибка': 'gora = {"Вера"=8} # ошибка',
      '    { from = "Аня", on = "Вера", vists = 30 },  # ошибка': '    { from = "Аня", on = "Вера", vists = 32 },  # ошибка'}),
    "a pair in another order": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = { "Вера" = 8 }
vists = [{ from = "Боря", on = "Вера", vists = 28 }, { from = "Аня", on = "Вера", vists = 31 }] # a
''', {'vists = [{ from = "Боря", on = "Вера", vists = 28 }, { from = "Аня", on = "Вера", vists = 31 }] # a':
      'vists = [{ from = "Боря", on = "Вера", vists = 28 }, { from = "Аня", on = "Вера", vists = 32 }] # a'}),
}
# Shapes where a value is added or taken out: (as typed, the lines taken out, the lines added).
GROWN = {
    "a table of an array missing": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = { "Вера" = 8 }  # ok

[[hand.vists]]  # одна пара
from = "Аня"
on = "Вера"
vists = 32
''', [], ["", "[[hand.vists]]", 'from = "Боря"', 'on = "Вера"', "vists = 28"]),
    "a table of an array too many": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = { "Вера" = 8 }  # ok

[[hand.vists]]  # первая
from = "Аня"
on = "Вера"
vists = 32

[[hand.vists]]
from = "Боря"
on = "Вера"
vists = 28

[[hand.vists]]
from = "Вера"
on = "Боря"
vists = 2
''', ["[[hand.vists]]", 'from = "Вера"', 'on = "Боря"', "vists = 2"], []),
    "a key of a sub-table too many, one missing": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
vists = [{ from = "Аня", on = "Вера", vists = 32 }, { from = "Боря", on = "Вера", vists = 28 }]

[hand.pulya]  # пуля
"Аня" = 2  # лишнее

[hand.gora]
''', ['"Аня" = 2  # лишнее'], ['"Вера" = 8']),
    "an item of a list on lines too many": ('''[[hand]]
game = "7♥"
by = "Вера"
tricks = 5
whist = { "Аня" = 3, "Боря" = 2 }
pulya = {}
gora = { "Вера" = 8 }
vists = [  # висты
    { from = "Аня", on = "Вера", vists = 32 },  # a
    { from = "Боря", on = "Вера", vists = 28 },  # b
    { from = "Вера", on = "Боря", vists = 28 },  # c
]
''', ['    { from = "Вера", on = "Боря", vists = 28 },  # c'], []),
}


def _fixed(tmp_path: Path, text: str, newline: str = "\n") -> tuple[str, str]:
    path = tmp_path / "p.toml"
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    done = run_cli("recompute", path, "--fix")
    assert done.returncode == 1 and "исправлено, прежний файл сохранён" in done.stdout, report(done)
    again = run_cli("recompute", path)
    assert again.returncode == 0 and "всё сходится" in again.stdout, report(again)
    assert [backup.read_bytes() for backup in tmp_path.glob("p.toml.*.bak")] == [text.replace("\n", newline).encode()]
    return text, path.read_bytes().decode("utf-8")


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["LF", "CRLF"])
@pytest.mark.parametrize("shape", SHAPES)
def test_pref_fix_changes_only_the_wrong_values_wherever_they_sit(tmp_path, shape, newline):
    typed, wrong = SHAPES[shape]
    before, after = _fixed(tmp_path, PULYA.replace(HAND4, typed), newline)
    old, new = before.splitlines(), after.split(newline)[:-1]
    assert len(old) == len(new)
    changed = {a: b for a, b in zip(old, new) if a != b}
    assert changed == wrong
    assert after == newline.join(wrong.get(line, line) for line in old) + newline


@pytest.mark.parametrize("shape", GROWN)
def test_pref_fix_adds_and_takes_out_only_what_differs(tmp_path, shape):
    typed, gone, added = GROWN[shape]
    before, after = _fixed(tmp_path, PULYA.replace(HAND4, typed))
    diff = [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]
    assert [line[2:] for line in diff if line[0] == "-"] == gone
    assert [line[2:] for line in diff if line[0] == "+"] == added


def test_belot_fix_keeps_the_deal_sub_tables_and_every_comment(tmp_path):
    """A protocol kept with ``add --deal`` (its ``[hand.deal]`` sub-tables), then typed over by hand: a total with a
    comment on each line, a ``held`` that does not belong, a total of another layout.  ``--fix`` changes the two
    numbers, takes the ``held`` line out, and leaves every other line as it was."""
    path = tmp_path / "g.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    assert run_cli("add", path, "--deal", EXAMPLES / "deal-gambler.toml", "--by", "Мы").returncode == 0
    assert run_cli("add", path, "10Т", "--by", "Мы", "--def-points", "48").returncode == 0
    text = path.read_text(encoding="utf-8")
    assert text.count("total = [\n    0,\n    32,\n]\n") == 1 and "[hand.deal.hands]" in text
    text = (text.replace("total = [\n    0,\n    32,\n]\n", "total = [  # итог\n    0,  # мы\n    30,  # они\n]\n")
            .replace('dealer = "Гоша"', 'dealer = "Гоша"  # сдавал')
            .replace("def_points = 48\n", "def_points = 48\nheld = 4  # лишнее\n")
            .replace("total = [\n    21,\n    37,\n]", "total = [21,35] # итог"))
    path.write_text(text, encoding="utf-8")
    done = run_cli("recompute", path, "--fix")
    assert done.returncode == 1 and "исправлено" in done.stdout, report(done)
    assert run_cli("recompute", path).returncode == 0
    after = path.read_text(encoding="utf-8")
    assert after == (text.replace("    30,  # они\n", "    32,  # они\n").replace("held = 4  # лишнее\n", "")
                     .replace("total = [21,35] # итог", "total = [21,37] # итог"))


def test_a_value_of_a_shape_not_followed_writes_the_hand_anew_keeping_its_comments(tmp_path):
    """A table written as a sub-table that is to become a number: the hand is written anew (only it), each of its
    comments kept on a line of its own after its header."""
    base = '[game]\nformat = 1\nconvention = "x"\ntarget = 9\n'
    text = base + '\n[[hand]]  # first\nscore = 1  # typed\n\n[hand.x]  # a table\na = 1\n\n# next\n[[hand]]\nscore = 2\n'
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    read, bom = sheets.read_text(path, kind="sheet", missing="missing")
    sheet = sheets.Sheet(path=path, text=read, bom=bom, data=tomllib.loads(read))
    sheets.rewrite(sheet, {1: {"x": 5}}, None, sheets.Style.INLINE)
    written = path.read_text(encoding="utf-8")
    assert written == base + "\n[[hand]]\n# first\n# typed\n# a table\nscore = 1\nx = 5\n\n# next\n[[hand]]\nscore = 2\n"


# --- 2. A write the system refuses: one line, exit 2, the file as it was ---

def _refusing(kind: str):
    def refuse(*args, **kwargs):
        if kind == "replace":
            raise PermissionError(errno.EACCES, "Permission denied")
        if kind == "fsync":
            raise OSError(errno.ENOSPC, "No space left on device")
        raise OSError(errno.EROFS, "Read-only file system")
    return refuse


TARGETS = {"replace": (os, "replace"), "fsync": (os, "fsync"), "mkstemp": (tempfile, "mkstemp")}
REASONS = {"replace": "нет прав доступа", "fsync": "нет места на диске", "mkstemp": "файловая система только для чтения"}


def _folder(tmp_path: Path) -> Path:
    """A Bazar-Belot protocol of one hand, a пуля of two with a slip, and a protocol with a slip."""
    assert run_cli("new", "g.toml", "--pairs", "Мы,Они", cwd=tmp_path).returncode == 0
    assert run_cli("add", "g.toml", "10Т", "--by", "1", "--def-points", "48", cwd=tmp_path).returncode == 0
    shutil.copyfile(tmp_path / "g.toml", tmp_path / "slip.toml")
    slip = (tmp_path / "slip.toml").read_text(encoding="utf-8").replace("total = [\n    21,", "total = [\n    25,")
    (tmp_path / "slip.toml").write_text(slip, encoding="utf-8")
    first_two = PULYA[:PULYA.index("[[hand]]", PULYA.index("[[hand]]", PULYA.index("[[hand]]") + 1) + 1)]
    (tmp_path / "p.toml").write_text(first_two.replace('pulya = { "Боря" = 10 }', 'pulya = { "Боря" = 9 }'),
                                     encoding="utf-8")
    return tmp_path


COMMANDS = {
    "recompute --fix (пуля)": (["recompute", "p.toml", "--fix"], "p.toml"),
    "recompute --fix": (["recompute", "slip.toml", "--fix"], "slip.toml"),
    "add": (["add", "g.toml", "10Т", "--by", "1", "--def-points", "48"], "g.toml"),
    "edit": (["edit", "g.toml", "1", "10Т", "--by", "1", "--def-points", "40"], "g.toml"),
    "undo": (["undo", "g.toml"], "g.toml"),
    "pref add": (["pref", "add", "p.toml", "6♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера"], "p.toml"),
    "pref edit": (["pref", "edit", "p.toml", "1", "6♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера"], "p.toml"),
    "pref undo": (["pref", "undo", "p.toml"], "p.toml"),
    "new": (["new", "n.toml", "--pairs", "А,Б"], "n.toml"),
    "pref new": (["pref", "new", "n.toml", "--players", "А,Б,В"], "n.toml"),
    "export": (["export", "g.toml", "--output", "out.md"], "out.md"),
    "tournament new": (["tournament", "new", "t", "--pairs", "А,Б,В,Г"], "t/r1-t1.toml"),
}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in folder.rglob("*")
            if path.is_file() and not path.name.endswith(".lock")}


CREATING = ("new", "pref new", "export", "tournament new")  # a new file is linked into place, never renamed over one


@pytest.mark.parametrize(("command", "kind"), [(command, kind) for command in COMMANDS for kind in TARGETS
                                               if not (kind == "replace" and command in CREATING)])
def test_a_refused_write_is_one_line_exit_2_and_changes_nothing(tmp_path, monkeypatch, command, kind):
    args, named = COMMANDS[command]
    folder = _folder(tmp_path)
    before = _files(folder)
    with monkeypatch.context() as patch:
        patch.setattr(*TARGETS[kind], _refusing(kind))
        done = run_cli(*args, cwd=folder)
    line = assert_refused(done)
    assert line.startswith(f"ошибка: {named}: ") and f"({REASONS[kind]})" in line, line
    assert _files(folder) == before  # the file as it was; no temporary file, no backup, nothing new


def test_recompute_fix_of_a_file_that_cannot_be_written_goes_on_with_the_next_file_and_says_it_in_json(
        tmp_path, monkeypatch):
    folder = _folder(tmp_path)
    before = _files(folder)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", _refusing("replace"))
        done = run_cli("recompute", "slip.toml", "g.toml", "--fix", cwd=folder)
        as_json = run_cli("recompute", "slip.toml", "--fix", "--json", cwd=folder)
    assert done.returncode == 2 and done.stderr == "ошибка: slip.toml: не записать файл (нет прав доступа)\n", report(done)
    assert "g.toml: всё сходится" in done.stdout and "slip.toml" not in done.stdout
    assert as_json.returncode == 2 and as_json.stderr == "", report(as_json)
    (file,) = json.loads(as_json.stdout)["files"]
    assert file["fixed"] is False and file["error"] == "slip.toml: не записать файл (нет прав доступа)"
    assert file["discrepancies"] and "fix_error" not in file
    assert _files(folder) == before


def test_a_backup_that_cannot_be_written_names_the_file_and_says_it_is_unchanged(tmp_path, monkeypatch):
    folder = _folder(tmp_path)
    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", _refusing("fsync"))
        line = assert_refused(run_cli("recompute", "slip.toml", "--fix", cwd=folder))
    assert line.startswith("ошибка: slip.toml: не записать копию slip.toml.") and line.endswith(
        ".bak (нет места на диске) — файл не изменён"), line


def test_a_tournament_folder_that_cannot_be_made_is_one_line(tmp_path, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    line = assert_refused(run_cli("tournament", "new", "t", "--pairs", "А,Б,В,Г", cwd=tmp_path))
    assert line == "ошибка: t: не создать папку (нет прав доступа)"
    assert list(tmp_path.iterdir()) == []


# --- 3. add, edit and play show the total written, and say when an earlier slip makes it not the rules' ---

SLIP_NOTE = ("внимание: итог сдачи {hand} записан {written} (предыдущий итог в файле плюс очки сдачи), по правилам "
             "с начала партии {rules} — см. bbscore recompute")


def _slipped(tmp_path: Path) -> Path:
    """Two hands of 21 : 5, the first total written 25 : 5 (a slip), the second 46 : 10 by the sheet's addition."""
    path = tmp_path / "s.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    for _hand in range(2):
        assert run_cli("add", path, "10Т", "--by", "Мы", "--def-points", "48").returncode == 0
    text = path.read_text(encoding="utf-8")
    text = text.replace("total = [\n    21,", "total = [\n    25,", 1).replace("total = [\n    42,", "total = [\n    46,")
    path.write_text(text, encoding="utf-8")
    return path


def _totals(path: Path) -> list[list[int]]:
    return [hand["total"] for hand in tomllib.loads(path.read_text(encoding="utf-8"))["hand"]]


def test_add_after_a_slipped_total_shows_the_total_written_and_both_figures(tmp_path):
    path = _slipped(tmp_path)
    done = run_cli("add", path, "10Т", "--by", "Мы", "--def-points", "48")
    assert done.returncode == 0, report(done)
    assert _totals(path)[-1] == [67, 15]
    row = next(line for line in done.stdout.splitlines() if line.startswith("│ 3 "))
    assert row.split("│")[5].strip() == "67" and row.split("│")[7].strip() == "15", done.stdout
    assert SLIP_NOTE.format(hand=3, written="67 : 15", rules="63 : 15") in done.stdout
    assert done.stdout.count("см. bbscore recompute") == 1  # (not the general warning besides)
    assert "«Мы»: 63 — до 301 осталось 238" in done.stdout  # the standing: the rules'


def test_edit_after_a_slipped_total_shows_the_totals_written_and_both_figures(tmp_path):
    path = _slipped(tmp_path)
    done = run_cli("edit", path, "2", "10Т", "--by", "Мы", "--def-points", "40")
    assert done.returncode == 0, report(done)
    assert _totals(path) == [[25, 5], [47, 9]]
    rows = [line for line in done.stdout.splitlines() if line.startswith("│  2 было") or line.startswith("│ 2 стало")]
    assert [row.split("│")[5].strip() for row in rows] == ["46", "47"], done.stdout
    assert SLIP_NOTE.format(hand=2, written="47 : 9", rules="43 : 9") in done.stdout
    again = tmp_path / "again"
    again.mkdir()
    path = _slipped(again)  # (and a third hand after them: the later total rewritten by the edit)
    assert run_cli("add", path, "10Т", "--by", "Мы", "--def-points", "48").returncode == 0
    done = run_cli("edit", path, "2", "10Т", "--by", "Мы", "--def-points", "40")
    assert _totals(path) == [[25, 5], [47, 9], [68, 14]]
    assert "Пересчитаны итоги сдачи 3: были 67 : 15, стали 68 : 14." in done.stdout, done.stdout
    assert SLIP_NOTE.format(hand=3, written="68 : 14", rules="64 : 14") in done.stdout


def test_edit_that_mends_the_slip_says_nothing_more(tmp_path):
    path = _slipped(tmp_path)
    done = run_cli("edit", path, "1", "10Т", "--by", "Мы", "--def-points", "48")
    assert done.returncode == 0, report(done)
    assert _totals(path) == [[21, 5], [42, 10]]
    assert "внимание" not in done.stdout and "Пересчитаны итоги сдачи 2: были 46 : 10, стали 42 : 10." in done.stdout


def test_play_after_a_slipped_total_shows_the_total_written_and_both_figures(tmp_path):
    path = _slipped(tmp_path)
    done = run_cli("play", path, stdin="Мы\n10Т\n48\n\n\nвыход\n")
    assert done.returncode == 0, report(done)
    assert _totals(path)[-1] == [67, 15]
    assert "67 : 15" in next(line for line in done.stdout.splitlines() if "Сдача 3 записана" in line)
    assert SLIP_NOTE.format(hand=3, written="67 : 15", rules="63 : 15") in done.stdout
