"""Messages a newcomer found misleading: an edit blaming an option never typed for a value carried from the file, a
hand that cannot be scored called a discrepancy by ``show``, and English verbs that did not agree."""

from __future__ import annotations

import shutil

import pytest

from conftest import EXAMPLES, assert_refused, report, run_cli

LONG_NOTE = "н" * 100_000


def _with(tmp_path, example: str, after: str, added: str):
    """A copy of an example with ``added`` (a key's line) after the first line ``after``; the copy and that line."""
    sheet = tmp_path / example
    shutil.copyfile(EXAMPLES / example, sheet)
    text = sheet.read_text(encoding="utf-8")
    assert after + "\n" in text
    text = text.replace(after + "\n", after + "\n" + added + "\n", 1)
    sheet.write_text(text, encoding="utf-8")
    line = text[:text.index(added)].count("\n") + 1
    return sheet, line


def _refused_en(done) -> str:
    assert "Traceback" not in done.stdout + done.stderr, report(done)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, report(done)
    line = done.stderr.splitlines()[0]
    assert line.startswith("error: "), line
    return line


BELOT_EDIT = ("edit", "{sheet}", "2", "12Ч", "--by", "Юг", "--def-points", "35", "--decl-con", "терц")
PREF_EDIT = ("pref", "edit", "{sheet}", "2", "мизер", "--by", "Боря", "--tricks", "0")
GAMES = [("game-gambler.toml", 'by = "Юг"', BELOT_EDIT), ("pulya-3.toml", 'by = "Боря"', PREF_EDIT)]


@pytest.mark.parametrize("example, after, command", GAMES, ids=["belot", "preferans"])
def test_edit_names_the_files_note_not_an_option_never_typed(tmp_path, example, after, command):
    """A note too long, written in the file by hand and carried by an edit that gives no --note, is the file's
    problem: its line and key, and how --note replaces it — not «--note: …» (both languages)."""
    sheet, line = _with(tmp_path, example, after, f'note = "{LONG_NOTE}"')
    args = [sheet if arg == "{sheet}" else arg for arg in command]
    before = sheet.read_bytes()
    said = assert_refused(run_cli(*args))
    assert said.startswith(f"ошибка: {sheet}:{line}: note: «ннн"), said
    assert "не длиннее 1000 знаков" in said and said.endswith('замените: --note "…"'), said
    assert "--note:" not in said and len(said) <= 300, said
    said = _refused_en(run_cli("--lang", "en", *args))
    assert said.startswith(f"error: {sheet}:{line}: note: «ннн") and said.endswith('replace it: --note "…"'), said
    assert "at most 1000 characters" in said and "--note:" not in said, said
    assert sheet.read_bytes() == before
    done = run_cli(*args, "--note", "короче")  # (the hint is true: a note typed replaces it)
    assert done.returncode == 0, report(done)
    assert LONG_NOTE not in sheet.read_text(encoding="utf-8") and 'note = "короче"' in sheet.read_text(encoding="utf-8")


@pytest.mark.parametrize("key, value", [("dealer", "[1]"), ("time", f'"{"9" * 2000}"')])
def test_edit_names_the_files_dealer_or_time(tmp_path, key, value):
    """A hand's dealer or time carried from the file (edit has no option for them) that is bad: the file's line and
    key, to be corrected in the file."""
    sheet, line = _with(tmp_path, "game-gambler.toml", 'by = "Юг"', f"{key} = {value}")
    args = [sheet if arg == "{sheet}" else arg for arg in BELOT_EDIT]
    said = assert_refused(run_cli(*args))
    assert said.startswith(f"ошибка: {sheet}:{line}: {key}: ") and said.endswith("исправьте его в файле"), said
    said = _refused_en(run_cli("--lang", "en", *args))
    assert said.startswith(f"error: {sheet}:{line}: {key}: ") and said.endswith("correct it in the file"), said


def test_edit_of_a_typed_note_too_long_still_names_the_option(game_gambler):
    """The option typed is still the one named when it is the typed value that is bad."""
    args = [game_gambler if arg == "{sheet}" else arg for arg in BELOT_EDIT]
    said = assert_refused(run_cli(*args, "--note", "н" * 1001))
    assert said.startswith("ошибка: --note: «ннн"), said


@pytest.mark.parametrize("example, old, new, command, message", [
    ("game-gambler.toml", "def_points = 48", "def_points = 480", "show", "def_points: 480"),
    ("pulya-3.toml", "tricks = 6", "tricks = 16", "pref show", "tricks: 16"),
], ids=["belot", "preferans"])
def test_show_calls_a_bad_hand_an_error_not_a_discrepancy(tmp_path, example, old, new, command, message):
    """A hand whose inputs cannot be scored is named an error, with what is wrong with it (as recompute and export
    name it); «расхождение» stays for a recorded value that differs from the rules."""
    sheet = tmp_path / example
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    sheet.write_text(text.replace(old, new, 1), encoding="utf-8")
    done = run_cli(*command.split(), sheet)
    assert done.returncode == 0, report(done)
    assert f"! в сдаче 1 ошибка ({message} — " in done.stdout and f"): bbscore recompute {sheet}" in done.stdout
    assert "расхождени" not in done.stdout, done.stdout
    done = run_cli("--lang", "en", *command.split(), sheet)
    assert f"! an error in hand 1 ({message} — " in done.stdout and "discrepanc" not in done.stdout, done.stdout


def test_show_names_bad_hands_and_discrepancies_apart(tmp_path):
    """Two bad hands by their numbers; a hand that records another score than the rules' is still a discrepancy."""
    sheet = tmp_path / "g.toml"
    text = (EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8")
    text = text.replace("def_points = 48", "def_points = 480", 1).replace("def_points = 35", "def_points = 350", 1)
    sheet.write_text(text, encoding="utf-8")
    done = run_cli("show", sheet)
    assert f"! в сдачах 1, 2 ошибки: bbscore recompute {sheet}" in done.stdout, done.stdout
    assert "! errors in hands 1, 2" in run_cli("--lang", "en", "show", sheet).stdout
    slipped = tmp_path / "slipped.toml"
    slipped.write_text((EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8")
                       .replace('pulya = { "Аня" = 2 }', 'pulya = { "Аня" = 3 }', 1), encoding="utf-8")
    done = run_cli("pref", "show", slipped)
    assert "! расхождение с правилами в сдаче 1" in done.stdout and "ошибка" not in done.stdout, done.stdout


def test_referee_in_english_says_whists_and_passes():
    """One whister whists, one passer passes (the plural msgids keep «whist»/«pass»); the rules' source is the rule
    file's own title (``[play] source``), shown as written."""
    done = run_cli("--lang", "en", "pref", "referee", EXAMPLES / "deal-rostov.toml")
    assert done.returncode == 0, report(done)
    assert "Аня declares; Боря whists; Вера passes; Вера dealt." in done.stdout, done.stdout
    assert "Rules of the play: Кодекс преферанса; RULES.md §13." in done.stdout
