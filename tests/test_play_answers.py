"""What ``play`` and ``pref play`` say back at the table (the newcomers' reviews, round 2): an edit offers the old
answers in the session's own notation and says Enter once; an undo with nothing written says so plainly; a long
answer is refused unread; a sheet deleted or spoilt between answers is named with its line; an edit typed inside an
edit; the name a prefix meant is what is said back; a file that cannot be read is called that.  Scripted sessions
(answers on standard input, in this process), as in ``tests/test_play.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, run_cli
from test_protocol import hands_of, new_game, ok

ENGLISH = {"BBSCORE_LANG": ""}  # the sheet's own language decides (the tests' BBSCORE_LANG=ru would win)


def play(path: Path, lines: list[str], *extra: str, command=("play",), env=None):
    return run_cli(*command, str(path), *extra, stdin="".join(f"{line}\n" for line in lines), env=env)


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- an edit's old answers


def test_an_english_edit_offers_the_old_answers_in_english_notation_and_says_enter_once(tmp_path):
    path = tmp_path / "pe.toml"
    done = play(path, ["Us", "20AT++", "10", "tierce", "", "Them", "12C", "JC TH AS QD", "def", "", "belote", "quit"],
                "--pairs", "Us,Them", command=("--lang", "en", "play"), env=ENGLISH)
    assert done.returncode == 0, done.stdout
    written = path.read_text(encoding="utf-8")
    assert [hand["contract"] for hand in hands_of(path)] == ["20ВК++", "12Т"]  # the file keeps the normal forms
    done = play(path, ["edit 1", "", "", "", "", "", "edit 2", "", "", "", "", "", "", "quit"], env=ENGLISH)
    assert done.returncode == 0, done.stdout
    out = flat(done.stdout)
    for shown in ("[Enter — 20AT++]", "[Enter — tierce]", "separated by commas) [Enter — none]", "[edit 2] Contract [Enter — 12C]", "[Enter — JC 10H AS QD]", "[Enter — def]",
                  "[edit 2] The defenders' constructions [Enter — belote]"):
        assert shown in out, (shown, out)
    assert not re.search(r"[\u0400-\u04ff]", done.stdout.replace("Us", "").replace("Them", "")), done.stdout
    assert "(Enter — none)" not in out and "separated by commas; Enter" not in out  # Enter keeps the old answer
    assert path.read_text(encoding="utf-8") == written  # Enter kept every answer


def test_a_russian_edit_says_only_that_enter_keeps_the_old_answer(tmp_path):
    path = new_game(tmp_path / "game.toml")
    play(path, ["Мы", "12Т", "18", "терц", "", "выход"])
    done = play(path, ["правка 1", "", "", "", "", "", "выход"])
    out = flat(done.stdout)
    assert "[правка 1] Конструкции разыгрывающих (терц, бэла, рамки-В, 2×терц … через запятую) [Enter — терц]" in out \
        or "[правка 1] Конструкции разыгрывающих [Enter — терц]" in out, out
    assert "[правка 1] Конструкции вистующих [Enter — нет]" in out or \
        "[правка 1] Конструкции вистующих (терц, бэла, рамки-В, 2×терц … через запятую) [Enter — нет]" in out, out
    assert "Enter — нет)" not in out, out


def test_a_pref_edit_offers_the_game_in_the_session_language(tmp_path):
    path = tmp_path / "pulya.toml"
    done = play(path, ["Ann", "7NT", "whist", "pass", "7", "Bob", "misere", "0", "quit"], "--players", "Ann,Bob,Cid",
                "--target", "20", command=("--lang", "en", "pref", "play"), env=ENGLISH)
    assert done.returncode == 0, done.stdout
    assert [hand["game"] for hand in hands_of(path)] == ["7БК", "мизер"]
    done = play(path, ["edit 1", "", "", "", "", "", "edit 2", "", "", "", "quit"], command=("pref", "play"),
                env=ENGLISH)
    out = flat(done.stdout)
    assert "misère) [Enter — 7NT]" in out and "[edit 2] Game [Enter — misère]" in out, out
    assert "[Enter — whist]" in out and "БК" not in out and "мизер" not in out, out


# --------------------------------------------------------------------------- undo with nothing written


@pytest.mark.parametrize("command, words, said", [
    (("play",), ["отмена", "выход"], "Убирать нечего: записанных сдач нет."),
    (("--lang", "en", "play"), ["undo", "quit"], "Nothing to undo: no hand is written yet."),
    (("pref", "play"), ["отмена", "выход"], "Убирать нечего: записанных сдач нет."),
])
def test_undo_with_nothing_written_says_so_plainly(tmp_path, command, words, said):
    path = tmp_path / "sheet.toml"
    names = ["--players", "Аня,Боря,Вера"] if "pref" in command else ["--pairs", "Мы,Они"]
    done = play(path, words, *names, command=command)
    assert done.returncode == 0, done.stdout
    assert said in done.stdout and "сдача: 0" not in done.stdout and "hand: 0" not in done.stdout, done.stdout


# --------------------------------------------------------------------------- a long answer


@pytest.mark.parametrize("command, names", [(("play",), ["--pairs", "Мы,Они"]),
                                             (("pref", "play"), ["--players", "Аня,Боря,Вера"]),
                                             (("play",), [])])  # (the new game's question: the pairs)
def test_a_10_mb_answer_is_refused_unread_and_not_echoed(tmp_path, command, names):
    path = tmp_path / "sheet.toml"
    if names:
        ok(run_cli(*command[:-1], "new", str(path), *names))
    done = play(path, ["x" * 10_000_000, "выход"], command=command)
    assert "ответ длиннее 1000 знаков — не читаю" in done.stdout, done.stdout[:2000]
    assert len(done.stdout) < 5_000, len(done.stdout)  # the transcript shows the answer cut, not 10 MB of it


def test_a_name_over_100_characters_is_refused_without_being_matched(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, ["М" * 101, "выход"])
    assert "ошибка: кто играет:" in done.stdout and "имя не длиннее 100 знаков" in done.stdout, done.stdout
    assert "имя не длиннее 100 знаков" in assert_refused(run_cli("add", path, "12Т", "--by", "М" * 101, "--def-points", "18"))
    pulya = tmp_path / "pulya.toml"
    ok(run_cli("pref", "new", pulya, "--players", "Аня,Боря,Вера"))
    done = play(pulya, ["А" * 101, "выход"], command=("pref", "play"))
    assert "ошибка: кто играет:" in done.stdout and "имя не длиннее 100 знаков" in done.stdout, done.stdout


# --------------------------------------------------------------------------- the sheet between answers


def test_a_sheet_deleted_or_spoilt_between_answers_is_named_with_its_line(tmp_path):
    path = new_game(tmp_path / "game.toml")
    from bbscore.cli import session as module

    original_line = module.Session._line
    text = path.read_text(encoding="utf-8")
    lines = []

    def line(self, question):  # (each change made while a question waits, before its answer is typed)
        lines.append(1)
        if len(lines) == 1:
            path.unlink()  # deleted while the first question waited
        if len(lines) == 2:
            path.write_text(text + "[[hand\n", encoding="utf-8")  # typed back with a slip
        if len(lines) == 3:
            path.write_text(text, encoding="utf-8")
        return original_line(self, question)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module.Session, "_line", line)
        done = play(path, ["лист", "лист", "лист", "выход"])
    out = done.stdout
    line = text.count("\n") + 1
    assert f"ошибка: {path}: нет такого файла" in out, out
    assert f"ошибка: {path}:{line}: " in out and "не закрыты скобки" in out, out


def test_a_pref_hand_written_to_a_sheet_spoilt_meanwhile_names_the_file_and_line(tmp_path):
    path = tmp_path / "pulya.toml"
    ok(run_cli("pref", "new", path, "--players", "Аня,Боря,Вера"))
    text = path.read_text(encoding="utf-8")
    spoilt = text + "\n[[hand]]\ngame = 6♠\n"  # a value without quotes: not TOML
    line = spoilt.splitlines().index("game = 6♠") + 1
    from bbscore.cli.preferans import play as module

    original_who = module.PrefGame._who

    def who(self, answer, active):
        path.write_text(spoilt, encoding="utf-8")  # saved by hand while the next questions are asked
        return original_who(self, answer, active)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module.PrefGame, "_who", who)
        done = play(path, ["Аня", "6П", "п", "п", "выход"], command=("pref", "play"))
    assert done.returncode == 2, done.stdout
    assert f"ошибка: {path}:{line}: " in done.stdout, done.stdout


def test_an_edit_out_of_range_typed_inside_an_edit_stays_in_it(tmp_path):
    path = new_game(tmp_path / "game.toml")
    play(path, ["Мы", "12Т", "18", "", "", "Они", "8П", "82", "", "", "выход"])
    done = play(path, ["правка 2", "", "правка 9", "", "90", "", "", "выход"])
    out = flat(done.stdout)
    assert "ошибка: сдача: 9 — в протоколе сдачи с 1 по 2 — ещё раз [правка 2] Контракт [Enter — 8П]" in out, out
    assert hands_of(path)[1]["def_points"] == 90  # the edit of hand 2 went on and was written
    # Another hand's edit typed inside an edit: what is left is said.
    done = play(path, ["правка 2", "", "правка 1", "", "", "", "", "", "выход"])
    assert "Правка сдачи 2 оставлена: сдача 2 не изменена." in done.stdout, done.stdout
    assert "Правка сдачи 1, сейчас" in done.stdout and hands_of(path)[1]["def_points"] == 90
    # At a new hand's question the same refusal, and the hand goes on where it was.
    done = play(path, ["Мы", "правка 7", "8П", "82", "", "", "выход"])
    assert "ошибка: сдача: 7 — в протоколе сдачи с 1 по 2 — ещё раз" in done.stdout, done.stdout
    assert [hand["contract"] for hand in hands_of(path)] == ["12Т", "8П", "8П"]


def test_what_was_typed_is_said_back_as_the_name_it_meant(tmp_path):
    pulya = tmp_path / "pulya.toml"
    ok(run_cli("pref", "new", pulya, "--players", "Аня,Боря,Вера"))
    done = play(pulya, ["боря", "6П", "выход"], command=("pref", "play"))
    assert "было введено: кто играет — Боря; игра — 6П." in flat(done.stdout), done.stdout
    game = new_game(tmp_path / "game.toml")
    done = play(game, ["о", "выход"])
    assert "было введено: кто играет — Они." in flat(done.stdout), done.stdout
    done = play(game, ["пас"])  # a redeal's word is said as typed (written: nothing to say)
    assert hands_of(game)[0]["redeal"] == "all-pass"


# --------------------------------------------------------------------------- a file that cannot be read


def test_a_file_that_cannot_be_read_is_called_unreadable_not_read_only(tmp_path, monkeypatch):
    """Mode 000 as a user who is not root (simulated: the tests may run as root, who reads anything)."""
    game = new_game(tmp_path / "game.toml")
    pulya = tmp_path / "pulya.toml"
    ok(run_cli("pref", "new", pulya, "--players", "Аня,Боря,Вера"))
    real_access = os.access
    shut = {os.path.realpath(game), os.path.realpath(pulya)}

    def access(path, mode, *args, **kwargs):
        if os.path.realpath(path) in shut:
            return False  # neither read nor write
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    for done in (run_cli("add", game, "12Т", "--by", "Мы", "--def-points", "18"), play(game, ["выход"]),
                 run_cli("pref", "add", pulya, "6♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера"),
                 play(pulya, ["выход"], command=("pref", "play"))):
        line = assert_refused(done)
        assert "файл не читается (нет прав доступа)" in line and "только для чтения" not in line, line


# --------------------------------------------------------------------------- English wording of a closed пуля


def test_a_closed_pool_reads_naturally_in_english(tmp_path):
    path = tmp_path / "ov.toml"
    ok(run_cli("--lang", "en", "pref", "new", path, "--players", "Ann,Bob,Cid", "--target", "4"))
    added = run_cli("pref", "add", path, "8h", "--by", "Ann", "--pass", "Bob", "--pass", "Cid", env=ENGLISH)
    assert "Ann: pool closed; 4 of the 6 went in, 2 over the pool." in added.stdout, added.stdout
    shown = run_cli("pref", "show", path, env=ENGLISH, columns=40).stdout
    assert "left to close 0 (closed)" in flat(shown) and "to close closed" not in shown, shown
    for format in ("md", "html"):  # a пуля that has ended
        exported = run_cli("--lang", "en", "export", EXAMPLES / "pulya-3.toml", "--format", format).stdout
        assert "The pool is closed: this settlement is final." in exported, exported
        assert "The pool is closed: the settlement." not in exported
