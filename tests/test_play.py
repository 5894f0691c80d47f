"""``bbscore play`` and ``bbscore pref play``: whole games kept at the table, typed as a person would — in a real
40-column pseudo-terminal (prompt_toolkit), and scripted through standard input (plain lines) — in Russian and in
English; the file each leaves is the one the same hands give through ``add`` / ``pref add``.

The terminal tests are few and long (each starts a process): every feature a scorekeeper uses is met in them —
typos, ``назад``, an ``отмена`` in the middle of a hand (nothing written removed), a confirmed ``отмена`` of a written
hand, an edit of hand 3 keeping the old answers with Enter, ``помощь``, quitting in the middle of a hand and going on
later.  Their waits are robust to a loaded machine: the output is read as it comes, escape sequences stripped, and
each wait looks for a short marker after the last one found (prompt_toolkit redraws its input line in pieces).
"""

from __future__ import annotations

import re
import sys
import time
import tomllib
from pathlib import Path

import pytest

from conftest import REPO, assert_refused, process_env, run_cli
from test_protocol import TEN_HANDS, add, hands_of, new_game, ok

# The game both ways: the `add` arguments, and the answers of `play` (by, contract, [tricks], points, decl, def).
MORE_HANDS = [
    ["8П", "--by", "Они", "--def-points", "82"],
    ["9Т", "--by", "Они", "--def-points", "70"],
    ["16БК", "--by", "Мы", "--def-points", "20", "--decl-con", "берц"],
    ["12Т", "--by", "Мы", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла"],  # 315 : 153, the end
]
GAME = [args for args, _ in TEN_HANDS] + MORE_HANDS


def answers_of(args: list[str], english: bool = False) -> list[str]:
    """What a person types at play's questions for the hand ``add`` gets as ``args``."""
    if args[0] == "--redeal":
        return ["pass" if english else "пас"]
    options = dict(zip(args[1::2], args[2::2]))
    typed = [options["--by"], args[0]]
    if args[0].startswith("^"):
        typed.append(options["--decl-tricks"])  # all 8 tricks: the points (0) are not asked
    else:
        typed.append(options["--def-points"])
    return typed + [options.get("--decl-con", ""), options.get("--def-con", "")]


def same_file(played: Path, added: Path) -> None:
    """The two sheets are the same text, but for the minute each was created."""
    def text(path: Path) -> str:
        return re.sub(r'^created = ".*"$', "created", path.read_text(encoding="utf-8"), flags=re.M)

    assert text(played) == text(added)


def added_game(tmp_path: Path, hands=GAME, *new: str) -> Path:
    path = tmp_path / "added.toml"
    ok(run_cli(*new[:2], "new", str(path), "--pairs", "Мы,Они", *new[2:]))
    for args in hands:
        add(path, *args)
    return path


def whole_at(text: str, columns: int, typed: list[str]) -> None:
    """No line wider than the terminal (so the terminal never folds one, in the middle of a number or a word) —
    but for a question's last line with the answer typed after it."""
    for line in text.splitlines():
        if len(line) <= columns:
            continue
        assert any(line.endswith(mark + answer) and len(line) - len(answer) <= columns
                   for answer in typed if answer for mark in (": ", "? ")), (line, text)


def numbers_whole(text: str, values) -> None:
    """Each value shown as a whole word somewhere (not split over two lines)."""
    for value in values:
        assert re.search(rf"(?<![\d/]){re.escape(str(value))}(?![\d/])", text), (value, text)


# --------------------------------------------------------------------------- a real terminal

ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\r")


class Terminal:
    """A person at a terminal of ``columns`` columns: waits for a short marker of each question, types the answer.

    What the terminal shows is kept whole (:attr:`screen`, escape sequences and carriage returns stripped); each wait
    looks for its marker after the end of the one before (:meth:`wait`)."""

    def __init__(self, args: list[str], cwd: Path, columns: int = 40, **env: str) -> None:
        import pexpect

        self.columns = columns
        self.child = pexpect.spawn(  # (in the sheet's folder: its name short enough for a line)
            sys.executable, ["-m", "bbscore", *args], cwd=str(cwd), encoding="utf-8", dimensions=(50, columns),
            env=process_env(**{"TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": str(columns), "LINES": "50", **env}),
            timeout=5)
        self.child.delaybeforesend = None  # (pexpect waits 50 ms before each line by default)
        self.raw = ""
        self.position = 0
        self.typed: list[str] = []
        self.ended = False

    @property
    def screen(self) -> str:
        return ESCAPES.sub("", self.raw)

    def _read(self) -> None:
        import pexpect

        try:
            self.raw += self.child.read_nonblocking(65536, timeout=0.2)
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            self.ended = True

    def wait(self, marker: str, limit: float = 90) -> None:
        """Until ``marker`` is on the screen after the last one found; the line breaks and spaces of both do not
        count (a question broken at the terminal's width, prompt_toolkit drawing it again with cursor moves)."""
        deadline = time.monotonic() + limit
        marker = "".join(marker.split())
        while True:
            screen = "".join(self.screen.split())
            found = screen.find(marker, self.position)
            if found >= 0:
                self.position = found + len(marker)
                return
            if self.ended or time.monotonic() > deadline:
                raise AssertionError(f"waited for {marker!r}; the screen after the last marker:\n{screen[self.position:]}")
            self._read()

    def answer(self, marker: str, typed: str) -> None:
        self.wait(marker)
        self.typed.append(typed)
        self.child.send(typed + "\r")

    def complete(self, marker: str, typed: str, completed: str) -> None:
        """Type the start of a word and Tab; once the whole word is on the screen, Enter."""
        self.wait(marker)
        self.child.send(typed + "\t")
        self.wait(f":{completed}")  # the input line drawn again after the question, with the whole word
        self.typed.append(completed)
        self.child.send("\r")

    def close(self) -> int:
        while not self.ended:
            self._read()
        self.child.close()
        return self.child.exitstatus

    def lines(self) -> list[str]:
        """Every line the terminal showed, drawn by a terminal emulator (pyte) of the same size: what the person saw,
        prompt_toolkit's redrawing included, the lines scrolled off the top kept."""
        import pyte

        screen = pyte.HistoryScreen(self.columns, 50, history=100_000, ratio=0.001)
        stream = pyte.Stream(screen)
        stream.feed(self.raw.replace("\n", "\r\n") if "\r\n" not in self.raw else self.raw)
        scrolled = ["".join(line[x].data for x in range(self.columns)) for line in screen.history.top]
        return [line.rstrip() for line in scrolled + list(screen.display)]


def no_split_number(lines: list[str], columns: int) -> None:
    """No number cut by the edge of the terminal: a full line ending in a digit, the next starting with one."""
    for line, after in zip(lines, lines[1:]):
        assert not (len(line) >= columns and line[-1:].isdigit() and after[:1].isdigit()), (line, after)


# Markers of play's questions (Russian; each question but a hand's first begins with «[N] »).
RU = {"who": "Кто играет", "contract": "Контракт", "tricks": "Сколько взяток", "points": "Висты вистующих",
      "decl": "Конструкции разыгрывающих", "def": "Конструкции вистующих", "sure": "Точно"}
EN = {"who": "Who plays", "contract": "Contract", "tricks": "How many tricks", "points": "The defenders' trick points",
      "decl": "The declarers' constructions", "def": "The defenders' constructions", "sure": "Really"}


def type_hand(table: Terminal, args: list[str], words=RU, english: bool = False) -> None:
    typed = answers_of(args, english)
    steps = ["who"] if len(typed) == 1 else ["who", "contract", "tricks" if typed[1].startswith("^") else "points",
                                              "decl", "def"]
    for step, text in zip(steps, typed):
        table.answer(words[step], text)


def test_a_whole_game_typed_at_a_40_column_terminal_gives_the_file_add_gives(tmp_path):
    played = tmp_path / "played.toml"
    table = Terminal(["play", played.name, "--pairs", "Мы,Они", "--dealer", "Они"], tmp_path)
    # hand 1: help, typos put right at the question, back one question
    table.wait("Сдача 1, сдают «Они».")
    table.answer("Кто играет", "?")
    table.wait("правка N — исправить сдачу N")
    table.answer("Кто играет", "мы")
    table.answer("[1] Контракт", "12X")
    table.wait("ошибка: контракт: «12X»")
    table.answer("[1] Контракт", "12Т")
    table.answer("[1] Висты", "18.5")
    table.wait("целое число")
    table.answer("[1] Висты", "назад")
    table.answer("[1] Контракт", "12Т")
    table.answer("[1] Висты", "18")
    table.answer("[1] Конструкции", "терс")
    table.wait("может быть, терц")
    table.answer("[1] Конструкции", "терц")
    table.complete("[1] Конструкции вистующих", "бэ", "бэла")  # Tab completes the one construction it can be
    table.wait("Сдача 1 записана")
    table.complete("Сдача 2, сдают «Мы». Кто играет", "Он", "Они")  # and a pair's name
    for step, text in zip(["contract", "points", "decl", "def"], answers_of(GAME[1])[1:]):
        table.answer(RU[step], text)
    # hand 3 typed wrong (no contra): put right later with правка 3
    type_hand(table, ["15П", "--by", "Мы", "--def-points", "33", "--decl-con", "терц"])
    type_hand(table, GAME[3])
    # hand 5: an undo in its middle drops only what was typed of it
    table.answer("Кто играет", "1")
    table.answer("[5] Контракт", "10Б")
    table.answer("[5] Висты", "отмена")
    table.wait("Ввод сдачи 5 сброшен")
    # … typed wrong, written, then taken back with an undo at hand 6's first question, confirmed
    type_hand(table, ["10Б", "--by", "Мы", "--def-points", "40"])
    table.answer("Сдача 6, сдают «Мы». Кто играет", "отмена")
    table.answer("Убрать записанную сдачу 5", "да")
    table.wait("Сдача 5 убрана")
    type_hand(table, GAME[4])
    type_hand(table, GAME[5])
    # hand 7: a bid slip confirmed as one and typed again
    table.answer("Кто играет", "2")
    table.answer("[7] Контракт", "80Ч")
    table.answer("Точно 80Ч?", "нет")
    table.answer("[7] Контракт", "9Ч")
    table.answer("[7] Висты", "75")
    table.answer("[7] Конструкции", "")
    table.answer("[7] Конструкции", "")
    type_hand(table, GAME[7])
    # Ctrl-D in the middle of hand 9: the session ends, saying what was not written
    table.answer("Сдача 9, сдают «Они». Кто играет", "Они")
    table.wait("[9] Контракт")
    table.child.sendcontrol("d")
    table.wait("Сдача 9 не записана; было введено: кто играет — Они.")
    table.wait("Всё записанное сохранено")
    assert table.close() == 0
    first_lines = table.lines()
    assert len(hands_of(played)) == 8
    # resumed
    table = Terminal(["play", played.name], tmp_path)
    table.wait("Сдача 9, сдают «Они».")
    for args in GAME[8:11]:
        type_hand(table, args)
    # hand 3 edited: each old answer the default, Enter keeps it
    table.answer("Кто играет", "правка 3")
    table.wait("Правка сдачи 3, сейчас: 3. 15П Мы")
    table.answer("[Enter — Мы]", "")
    table.answer("[Enter — 15П]", "15П+")
    table.answer("[Enter — 33]", "")
    table.answer("[Enter — терц]", "")
    table.answer("[Enter — нет]", "")
    table.wait("Сдача 3 исправлена")
    table.answer("Сдача 12, сдают «Мы». Кто играет", GAME[11][2])
    table.answer("[12] Контракт", "лист")  # the sheet in the middle of a hand, and the same question again
    table.wait("Партия продолжается")
    for step, text in zip(["contract", "points", "decl", "def"], answers_of(GAME[11])[1:]):
        table.answer(RU[step], text)
    for args in GAME[12:]:
        type_hand(table, args)
    table.wait("победили «Мы»")
    table.answer("Партия окончена", "")
    assert table.close() == 0
    same_file(played, added_game(tmp_path, GAME, "--lang", "ru", "--dealer", "Они"))
    assert run_cli("recompute", str(played)).returncode == 0
    # every screen as the terminal drew it: no number cut at its edge, every total and score whole on a line
    shown = first_lines + table.lines()
    no_split_number(shown, 40)
    numbers_whole("\n".join(shown), {n for hand in hands_of(played) for n in hand["total"] + hand["score"]})


PREF_GAME = [  # (the `pref add` arguments, what a person types at pref play's questions), Rostov to 10
    (["6♠", "--by", "Ann", "--tricks", "7", "--whist", "Bob", "--pass", "Vera"], ["Ann", "6S", "w", "p", "7"]),
    (["мизер", "--by", "Bob", "--tricks", "0"], ["2", "misere", "0"]),
    (["7♥", "--by", "Vera", "--tricks", "5", "--whist", "Ann:3", "--whist", "Bob:2"], ["vera", "7H", "w", "w", "5", "3", "2"]),
    (["распасы", "--tricks", "Ann=2,Bob=3,Vera=5"], ["all-pass", "2", "3", "5"]),
    (["8♣", "--by", "Ann", "--tricks", "8", "--whist", "Vera", "--pass", "Bob"], ["Ann", "8C", "pass", "whist", "8"]),
    (["10БК", "--by", "Vera", "--pass", "Ann", "--pass", "Bob"], ["Vera", "10NT", "p", "p"]),
    (["6♦", "--by", "Ann", "--tricks", "6", "--whist", "Bob", "--pass", "Vera"], ["a", "6D", "w", "p", "6"]),
]


def test_a_whole_pulya_typed_at_a_40_column_terminal_in_english(tmp_path):
    played = tmp_path / "pulya.toml"
    table = Terminal(["--lang", "en", "pref", "play", played.name, "--players", "Ann,Bob,Vera", "--target", "10"], tmp_path)
    table.wait("Hand 1, Ann deals. Who declares — Ann (1), Bob (2),")
    table.answer("or all-pass: ", "help")
    table.wait("undo — drop what was typed of this hand")
    table.answer("or all-pass: ", "An")  # a unique prefix
    table.answer("[1] Game", "6X")
    table.wait("error: game: «6X»")
    table.answer("[1] Game", "6S")
    table.answer("[1] Bob: whist or pass", "w")
    table.answer("[1] Vera: whist or pass", "back")
    table.answer("[1] Bob: whist or pass", "w")
    table.answer("[1] Vera: whist or pass", "p")
    table.answer("[1] Ann — how many tricks taken", "11")
    table.wait("error: tricks: 11")
    table.answer("[1] Ann — how many tricks taken", "7")
    table.wait("Hand 1 written: 6♠, played by Ann")
    table.wait("The pool after hand 1:")
    hand_two, hand_three = PREF_GAME[1][1], PREF_GAME[2][1]
    table.answer("Hand 2, Bob deals. Who declares", hand_two[0])
    table.answer("[2] Game", hand_two[1])
    table.answer("[2] Bob — how many tricks", "undo")  # in the middle: the hand's answers dropped
    table.wait("What was typed of hand 2 is dropped")
    table.answer("Hand 2, Bob deals. Who declares", "Vera")  # typed wrong, written, then undone with a yes
    table.answer("[2] Game", "misere")
    table.answer("[2] Vera — how many tricks", "1")
    table.answer("Hand 3, Vera deals. Who declares", "undo")
    table.answer("Remove hand 2, the last written", "yes")
    table.wait("Hand 2 removed")
    for number, typed in ((2, hand_two), (3, hand_three[:1])):
        table.answer("Who declares", typed[0])
        for answer in typed[1:]:
            table.answer(f"[{number}] ", answer)
    table.wait("[3] Game")
    table.child.sendcontrol("d")  # quit in the middle of hand 3
    table.wait("Hand 3 was not written; typed: who plays — Vera.")  # the name «vera» meant
    assert table.close() == 0
    first_lines = table.lines()
    table = Terminal(["pref", "play", played.name], tmp_path, BBSCORE_LANG="")  # the sheet remembers English
    for number, (_args, typed) in enumerate(PREF_GAME[2:6], start=3):
        table.answer(f"Hand {number}, {'Ann Bob Vera'.split()[(number - 1) % 3]} deals. Who declares", typed[0])
        for answer in typed[1:]:
            table.answer(f"[{number}] ", answer)
    table.answer("Who declares", "edit 3")
    table.wait("Editing hand 3, now: 3. 7♥, played by Vera")
    for default in ("[Enter — Vera]", "[Enter — 7♥]", "[Enter — whist]", "[Enter — whist]", "[Enter — 5]",
                    "[Enter — 3]", "[Enter — 2]"):
        table.answer(default, "")
    table.wait("hand 3 corrected")
    first_answer, *answers = PREF_GAME[6][1]
    table.answer("Hand 7, Ann deals. Who declares", first_answer)
    for answer in answers:
        table.answer("[7] ", answer)
    table.wait("The pool is closed: the game is over.")
    table.wait("Who pays whom")
    table.answer("The game is over", "")
    assert table.close() == 0
    added = tmp_path / "added.toml"
    ok(run_cli("--lang", "en", "pref", "new", str(added), "--players", "Ann,Bob,Vera", "--target", "10"))
    for args, _typed in PREF_GAME:
        ok(run_cli("pref", "add", str(added), *args))
    same_file(played, added)
    settled = __import__("json").loads(ok(run_cli("pref", "settle", str(played), "--json")))
    shown = first_lines + table.lines()
    no_split_number(shown, 40)
    numbers_whole("\n".join(shown).replace("\u2212", "-"), [f"{value:+d}" for value in settled["shown"].values()])


# --------------------------------------------------------------------------- scripted (standard input is no terminal)


def play(path: Path, lines: list[str], *extra: str, columns: int = 1000, command=("play",), env=None):
    return run_cli(*command, str(path), *extra, stdin="".join(f"{line}\n" for line in lines), columns=columns,
                   env=env)


def test_a_scripted_session_gives_the_file_add_gives(tmp_path):
    played = tmp_path / "played.toml"
    lines = [line for args in GAME for line in answers_of(args)]
    done = play(played, lines, "--pairs", "Мы,Они")
    assert done.returncode == 0, done.stderr
    assert "Партия окончена на сдаче 14: победили «Мы» (315 : 153)" in done.stdout
    same_file(played, added_game(tmp_path))


def test_a_whole_english_game_at_40_columns_keeps_its_language_and_every_number_whole(tmp_path):
    """In English, at a phone's width: the sheet remembers the language it was begun in; every line fits; an edit
    keeps the old answers with Enter; quitting mid-hand says what was not written."""
    played = tmp_path / "played.toml"
    hands = GAME[:6]
    lines = [line for args in hands[:3] for line in answers_of(args, english=True)]
    lines += ["help", "2", "8S", "back", "8S", "undo", "1", "quit"]
    done = play(played, lines, "--pairs", "Мы,Они", "--dealer", "2", columns=40, env={"BBSCORE_LANG": ""},
                command=("--lang", "en", "play"))
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())  # (the lines broken at 40 columns)
    assert "Hand 1, «Они» deals. Who plays — Мы or Они (1/2)" in out and "[1] Contract (" in out
    assert "edit N — correct hand N" in out and "What was typed of hand 4 is dropped" in out
    assert "Hand 4 was not written; typed: who plays — Мы." in out and "Everything written is kept" in out
    whole_at(done.stdout, 40, lines)
    assert tomllib.loads(played.read_text(encoding="utf-8"))["game"]["lang"] == "en"
    rest = [line for args in hands[3:] for line in answers_of(args, english=True)]
    done = play(played, ["edit 2", "", "", "", "", ""] + rest + ["quit"], columns=40, env={"BBSCORE_LANG": ""})
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    assert "Editing hand 2, now:" in flat and "[edit 2] Contract (12C" in flat and "[Enter — 22AT]" in flat and "ВК" not in flat
    whole_at(done.stdout, 40, rest)
    numbers_whole(done.stdout, {n for hand in hands_of(played) for n in hand["total"]})
    same_file(played, added_game(tmp_path, hands, "--lang", "en", "--dealer", "2"))
    assert "Кто играет" in play(played, ["выход"], "--lang", "ru").stdout  # --lang still wins
    assert "Кто играет" in play(played, ["выход"]).stdout  # and so does BBSCORE_LANG (ru in the tests)
    assert "Who plays" in play(played, ["quit"], env={"BBSCORE_LANG": "", "LANG": "ru_RU.UTF-8"}).stdout
    assert "--lang" in run_cli("--help").stdout and "ru|en" in run_cli("--help").stdout


def test_a_new_file_without_pairs_asks_for_them_and_end_of_input_keeps_every_hand(tmp_path):
    path = tmp_path / "game.toml"
    assert "файл" in play(path, ["отмена"]).stdout and not path.exists()  # no game begun: nothing written
    done = play(path, ["лист", "Мы,мы", "Мы,\u200bОни", "Мы, Они", "", "1", "12Т", "18", "терц", "бэла", "2", "8П"],
                "--target", "200")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "протокола ещё нет" in out and "ошибка: пары: «Мы,мы»" in out and "Всё записанное сохранено" in out
    assert "невидимый знак" in out  # asked again, not ended
    assert "Сдача 2 не записана; было введено: кто играет — Они; контракт — 8П." in out
    header = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
    assert header["pairs"] == ["Мы", "Они"] and header["target"] == 200 and "dealer" not in header
    assert [hand["score"] for hand in hands_of(path)] == [[28, 4]]  # the hand half typed is not written


def test_cards_the_declarers_points_and_a_kapo_short_of_tricks(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, [
        "Мы", "12Т", "ВП ДП 7П", "ВП ДП 7П 8П", "x", "в", "", "",  # cards of the defenders, their last trick
        "Они", "8П", "р 80", "", "",                            # the declarers' points
        "1", "^Т", "9", "7", "20", "", "",                      # a kapo of 7 tricks: the points are asked
        "выход",
    ])
    assert done.returncode == 0, done.stderr
    hands = hands_of(path)
    assert hands[0]["def_cards"] == ["ВП", "ДП", "7П", "8П"] and hands[0]["last"] == "def"
    assert hands[1]["decl_points"] == 80
    assert hands[2]["decl_tricks"] == 7 and hands[2]["def_points"] == 20
    assert "ошибка: карты вистующих: «3 карты»" in done.stdout and "ошибка: последняя взятка: «x»" in done.stdout
    assert "ошибка: взятки разыгрывающих: 9" in done.stdout


def test_an_edit_of_cards_and_the_declarers_points_keeps_them_with_enter(tmp_path):
    path = new_game(tmp_path / "game.toml")
    play(path, ["Мы", "12Т", "ВП ДП 7П 8П", "в", "", "", "Они", "8П", "р 80", "", "бэла", "выход"])
    before = path.read_text(encoding="utf-8")
    done = play(path, ["правка 1", "", "", "", "", "", "", "правка 2", "", "", "", "", "", "выход"])
    assert done.returncode == 0, done.stderr
    assert "[Enter — ВП ДП 7П 8П]" in done.stdout and "[Enter — р 80]" in done.stdout and "[Enter — бэла]" in done.stdout
    assert path.read_text(encoding="utf-8") == before


def test_a_follow_up_question_is_asked_not_refused(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, [
        "Мы", "12Т", "162", "терц", "",    # the declarers have a terz but no trick points: how many tricks?
        "0",                               # asked: none (their terz goes to the defenders)
        "Они", "8П", "82", "бэла", "бэла",   # two belas in a suit game: both pairs' constructions again
        "бэла", "",
        "лист", "правка", "правка 9", "отмена", "да", "отмена", "да", "отмена",
    ])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "ошибка: взятки разыгрывающих" not in out and "[1] Сколько взяток взяли разыгрывающие" in out
    assert "«бэла × 2»" in out and "правка N — номер сдачи" in out and "ошибка: сдача: 9" in out
    assert "Убирать нечего: записанных сдач нет." in out and hands_of(path) == []
    assert "строка" not in out and "def_points" not in out and "decl_tricks" not in out  # no file internals


def test_the_end_of_the_game_then_an_undo_reopens_it(tmp_path):
    path = new_game(tmp_path / "game.toml", "--target", "50")
    done = play(path, ["Мы", "^^П+", "8", "", "", "отмена", "да", "Мы", "8П", "82", "", "", "выход"])
    assert done.returncode == 0, done.stderr
    assert "Партия окончена" in done.stdout and "Сдача 1 убрана" in done.stdout
    assert [hand["contract"] for hand in hands_of(path)] == ["8П"]


def test_a_redeal_the_rules_do_not_make_one_and_an_unanswered_bid(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, ["рамки-8", "пас", "Они", "80Ч", "может", "нет", "8Ч", "82", "", ""])
    assert done.returncode == 0, done.stderr
    assert "ошибка: пересдача: «рамки-8»" in done.stdout and "ошибка: ответ: «может» — да или нет" in done.stdout
    assert [hand.get("contract", hand.get("redeal")) for hand in hands_of(path)] == ["all-pass", "8Ч"]


def test_a_resumed_game_keeps_its_own_pairs(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, ["в", "1", "12Т", "18", "", ""], "--pairs", "A,B")
    assert done.returncode == 0, done.stderr
    assert "(--pairs не нужны)" in done.stdout and "ошибка: кто играет: «в»" in done.stdout
    assert hands_of(path)[0]["by"] == "Мы"


def test_play_refuses_what_it_cannot_keep(tmp_path):
    assert "--target" in assert_refused(run_cli("play", str(tmp_path / "new.toml"), "--pairs", "A,B", "--target", "x"))
    assert_refused(run_cli("play", str(tmp_path), "--pairs", "A,B"))
    assert "--dealer" in assert_refused(run_cli("play", str(tmp_path / "new.toml"), "--pairs", "A,B", "--dealer", "C"))
    assert not (tmp_path / "new.toml").exists()


def test_hostile_answers_and_names_are_named_not_sent_to_the_terminal(tmp_path):
    """Issue 19's kinds in play: a control character typed or in a hand-edited file's names is named; a number in
    an answer is read by the strict reader (a superscript digit, thousands of digits: refused, no exit 3)."""
    path = new_game(tmp_path / "game.toml")
    text = path.read_text(encoding="utf-8").replace('"Они"', '"Они\\u001b[31m"')
    path.write_text(text, encoding="utf-8")
    done = play(path, ["\x1b[2J", "правка ²", "Мы", "12Т", "1" * 5000, "²", "18", "", "", "выход"])
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "<U+001B>" in done.stdout and "Сдача 1 записана" in done.stdout
    assert "ошибка: правка N" in done.stdout


@pytest.mark.parametrize("game", ["play", "pref play"])
def test_an_escape_sequence_typed_at_a_terminal_is_ignored_not_a_crash(tmp_path, game):
    """An escape sequence typed (or pasted) at the prompt — a colour, read by prompt_toolkit as a mouse event whose
    handler failed on it — is ignored: the question is asked again, the session goes on and ends cleanly."""
    if game == "play":
        new_game(tmp_path / "game.toml")
    else:
        pref_new(tmp_path / "game.toml", "--players", "Аня,Боря,Вера")
    table = Terminal([*game.split(), "game.toml"], tmp_path)
    question = "Кто играет" if game == "play" else "Сдача 1"
    table.answer(question, "\x1b[31m")
    table.answer(question, "\x1b[<0;1M\x1b[1;2")  # (a mouse report, then another cut short)
    table.wait(question)
    table.child.sendcontrol("d")
    assert table.close() == 0
    assert "Traceback" not in table.raw and "Unhandled exception" not in table.raw
    assert "Всё записанное сохранено" in table.screen


@pytest.mark.parametrize("game", ["play"])  # (pref play's prompt is the same one: cli.session.Session, made once)
def test_a_terminal_that_never_answers_a_cursor_position_request_gets_no_english_warning(tmp_path, game):
    """Found by a newcomer: a terminal that does not answer prompt_toolkit's cursor position request (CPR) got
    «WARNING: your terminal doesn't support cursor position requests (CPR).» in English in the middle of a Russian
    session.  The session needs no CPR, so nothing is said: the question stays as it was, and the session goes on.
    (Each run waits out prompt_toolkit's timeout, ~3 s: one game, as both games ask through the one session.)"""
    import pexpect
    from prompt_toolkit.renderer import Renderer

    if game == "play":
        new_game(tmp_path / "game.toml")
    else:
        pref_new(tmp_path / "game.toml", "--players", "Аня,Боря,Вера")
    table = Terminal([*game.split(), "game.toml"], tmp_path, PROMPT_TOOLKIT_NO_CPR="0")  # (the pty never answers)
    question = "Кто играет" if game == "play" else "Сдача 1"
    table.wait(question)
    time.sleep(Renderer.CPR_TIMEOUT + 1)  # (prompt_toolkit gives up on the answer after CPR_TIMEOUT)
    table._read()
    table.child.send("выход\r")  # (a line, kept by the terminal whenever it comes: a Ctrl-D between two prompts is not)
    table.child.expect(pexpect.EOF, timeout=60)
    table.raw += table.child.before
    table.ended = True
    assert table.close() == 0
    assert "\x1b[6n" in table.raw  # (the request was made, and not answered)
    assert "CPR" not in table.raw and "WARNING" not in table.raw, table.screen
    assert "Всё записанное сохранено" in table.screen


def test_a_script_whose_every_answer_is_refused_exits_2(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, ["x", "y", "z"])
    assert done.returncode == 2 and "ошибка: кто играет" in done.stdout and hands_of(path) == []


def test_a_hand_that_cannot_be_written_is_said_and_exits_2(tmp_path, monkeypatch):
    """A full disk under the session: the hand is said not written, the session does not claim to have kept it."""
    import errno

    from bbscore import files

    path = new_game(tmp_path / "game.toml")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(files, "write_atomic", full)
    import bbscore.sheets

    monkeypatch.setattr(bbscore.sheets, "write_atomic", full)
    done = play(path, ["Мы", "12Т", "18", "", "", "", "выход"])
    assert done.returncode == 2, done.stdout
    assert done.stdout.count("ошибка: нет места на диске") == 2 and "Сдача 1 не записана: нет места на диске" in done.stdout
    assert "Всё записанное сохранено" not in done.stdout and hands_of(path) == []


def test_a_sheet_deleted_or_spoilt_while_play_waits_is_said_and_read_again(tmp_path):
    """Issue 19: the file deleted, or saved with a slip, while play waits for an answer — said, then read again
    when Enter is typed; the session never loops on its own (a script ends with its input)."""
    path = new_game(tmp_path / "game.toml")
    from bbscore.cli.belot import play as module

    original_append, original_read = module.BelotGame.append, module.BelotGame.read
    saved = {}

    def append_then_delete(self, fields):
        done = original_append(self, fields)
        saved["text"] = path.read_text(encoding="utf-8")
        path.unlink()  # deleted while the next question waits
        return done

    def read(self):  # (the reads after the deletion: the first finds no file, Enter reads it again twice)
        if "text" in saved:
            saved["reads"] = saved.get("reads", 0) + 1
            if saved["reads"] == 2:
                path.write_text(saved["text"] + "[[hand\n", encoding="utf-8")  # typed back with a slip
            if saved["reads"] == 3:
                path.write_text(saved["text"], encoding="utf-8")  # put right
                module.BelotGame.append = original_append
        return original_read(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module.BelotGame, "append", append_then_delete)
        patch.setattr(module.BelotGame, "read", read)
        done = play(path, ["Мы", "12Т", "18", "", "", "", "", "Они", "8П", "82", "", ""])
    assert done.returncode == 0, done.stdout
    assert done.stdout.count("Файл не читается") == 2 and "нет такого файла" in done.stdout
    assert "не закрыты скобки" in done.stdout and done.stdout.count("записана:") == 2
    assert [hand["contract"] for hand in hands_of(path)] == ["12Т", "8П"]


def test_prompt_toolkit_is_imported_only_at_a_terminal(tmp_path):
    """Start-up is benchmarked: a scripted play, like every other command, does not import prompt_toolkit."""
    import subprocess

    path = new_game(tmp_path / "game.toml")
    code = ("import sys; from bbscore.cli import main; code = main(['play', sys.argv[1]]); "
            "print(code, 'prompt_toolkit' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", env=process_env(), cwd=REPO, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 False", done.stdout + done.stderr


# --------------------------------------------------------------------------- pref play, scripted


def pref_new(path: Path, *extra: str) -> Path:
    ok(run_cli("pref", "new", str(path), *extra))
    return path


def test_a_whole_russian_pulya_of_four_scripted_gives_the_file_pref_add_gives(tmp_path):
    """Four players, the dealer sitting out and named by each hand's heading; names in any case, by a prefix or by
    seat; typos, back, a mid-hand undo, an edit, quitting mid-hand and going on; the settlement at the end."""
    names = "Аня,Боря,Вера,Гоша"
    hands = [  # (pref add arguments, answers); dealers: Вера, Гоша, Аня, Боря, Вера, …
        (["6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Гоша"], ["аня", "6П", "в", "п", "7"]),
        (["распасы", "--tricks", "Аня=2,Боря=3,Вера=5"], ["распасы", "2", "3", "5"]),
        (["7♥", "--by", "Вера", "--tricks", "5", "--whist", "Гоша:3", "--whist", "Боря:2"],
         ["3", "7Ч", "в", "в", "5", "3", "2"]),
        (["мизер", "--by", "Гоша", "--tricks", "0"], ["го", "мизер", "0"]),
        (["8♣", "--by", "Аня", "--tricks", "8", "--whist", "Гоша", "--pass", "Боря"], ["Аня", "8Т", "п", "в", "8"]),
        (["10БК", "--by", "Боря", "--pass", "Аня", "--pass", "Вера"], ["Боря", "10БК", "п", "п"]),
        (["9♦", "--by", "Вера", "--pass", "Боря", "--pass", "Гоша"], ["Вера", "9Б", "п", "п"]),  # the пуля closes
    ]
    played = tmp_path / "pulya.toml"
    lines = ["Вера", "Аня", "6Х", "6П", "в", "назад", "в", "п", "12", "7",          # hand 1 with typos and back
             "Гена", "распасы", "2", "отмена", "распасы", "2", "3", "5"]            # hand 2: the dealer refused, undo
    lines += hands[2][1] + ["го", "выход"]
    done = play(played, lines, "--players", names, "--target", "8", "--dealer", "Вера", command=("pref", "play"),
                columns=40)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Сдача 1, сдаёт Вера (на прикупе). Кто играет — Аня (1), Боря (2), Гоша (4); или распасы:" in " ".join(out.split("\n"))
    assert "ошибка: кто играет: «Вера» — Вера сдаёт эту сдачу" in " ".join(out.split())
    assert "ошибка: игра: «6Х»" in out and "ошибка: взятки: 12" in out
    assert "Пуля после сдачи 1:" in out and "итог сейчас" in out and "Ввод сдачи 2 сброшен" in out
    assert "Сдача 4 не записана; было введено: кто играет — Гоша." in " ".join(out.split())
    whole_at(out, 40, lines)
    rest = ["правка 1", "", "", "", "", "6", "правка 1", "", "", "", "", "7"] + hands[3][1][:1] + hands[3][1][1:]
    rest += [answer for _args, typed in hands[4:] for answer in typed] + [""]
    done = play(played, rest, command=("pref", "play"), columns=40)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Правка сдачи 1. Кто играет (или распасы) [Enter — Аня]:" in " ".join(out.split("\n"))
    assert out.count("сдача 1 исправлена") == 2
    assert "Пуля закрыта: игра окончена." in out and "Кто кому платит" in out
    whole_at(out, 40, rest)
    added = pref_new(tmp_path / "added.toml", "--players", names, "--target", "8", "--dealer", "Вера")
    for args, _typed in hands:
        ok(run_cli("pref", "add", str(added), *args))
    same_file(played, added)


def test_pref_edit_rewrites_a_hand_and_every_later_entry(tmp_path):
    """pref edit N: the options of pref add; the later hands' entries recomputed (a run of распасы carries the
    change on); refused when a later hand would be wrong or the пуля would end before it; names forgiving,
    refusals by option."""
    path = pref_new(tmp_path / "p.toml", "--players", "Аня,Боря,Вера", "--convention", "sochi")
    ok(run_cli("pref", "add", str(path), "распасы", "--tricks", "аня=2,Б=3,3=5"))
    ok(run_cli("pref", "add", str(path), "распасы", "--tricks", "Аня=1,Боря=4,Вера=5"))
    ok(run_cli("pref", "add", str(path), "8♠", "--by", "ан", "--tricks", "8", "--whist", "Боря", "--pass", "Вера"))
    assert hands_of(path)[1]["gora"] == {"Аня": 2, "Боря": 8, "Вера": 10}  # the second распасы in a row: price 2
    out = ok(run_cli("pref", "edit", str(path), "1", "6♠", "--by", "Аня", "--tricks", "6", "--whist", "Боря",
                     "--pass", "Вера"))
    assert "сдача 1 исправлена" in out and "Было: распасы" in out and "Стало: 6♠, играет Аня" in out
    assert hands_of(path)[1]["gora"] == {"Аня": 1, "Боря": 4, "Вера": 5}  # now the first распасы: price 1
    assert "Пересчитана и переписана сдача 2." in out
    ok(run_cli("pref", "edit", str(path), "3", "7♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "В"))
    assert run_cli("recompute", str(path)).returncode == 0
    after = hands_of(path)
    line = assert_refused(run_cli("pref", "edit", str(path), "1", "распасы", "--tricks", "Аня=2,Боря=3,Вера=5"))
    assert "после такой правки сдачи 1 сдача 3 неверна" in line  # 7♠ after two распасы in a row
    assert "--pass" in assert_refused(run_cli("pref", "edit", str(path), "1", "6♠", "--by", "Аня", "--tricks", "6",
                                              "--whist", "Боря", "--pass", "Аня"))
    assert "может быть, Вера" in assert_refused(run_cli("pref", "add", str(path), "6♠", "--by", "Ан", "--tricks", "6",
                                                         "--whist", "Боря", "--pass", "Вепа"))
    assert "сдача: 9 — в пуле сдачи с 1 по 3" in assert_refused(run_cli("pref", "edit", str(path), "9", "6♠", "--by", "Аня"))
    assert hands_of(path) == after
    four = pref_new(tmp_path / "f.toml", "--players", "Аня,Боря,Вера,Гоша")  # Аня deals the first hand, sits out
    line = assert_refused(run_cli("pref", "add", str(four), "6♠", "--by", "Боря", "--tricks", "6", "--whist", "Вера",
                                  "--pass", "ан"))
    assert line.startswith("ошибка: --pass: «ан» — Аня сдаёт эту сдачу и сидит на прикупе")  # not --whist
    # a table total (leningrad): an edit that would end the game before the hands after it
    table = pref_new(tmp_path / "l.toml", "--players", "Аня,Боря,Вера", "--convention", "leningrad", "--target", "2")
    for player in ("Аня", "Боря"):
        ok(run_cli("pref", "add", str(table), "6♠", "--by", player, "--pass", "1" if player != "Аня" else "2",
                   "--pass", "3"))
    line = assert_refused(run_cli("pref", "edit", str(table), "1", "8♠", "--by", "Аня", "--pass", "2", "--pass", "3"))
    assert "пуля закрылась бы на сдаче 1" in line


def test_pref_play_asks_what_it_needs_and_refuses_a_hand_that_cannot_be(tmp_path):
    """A new пуля of four with the players and the first dealer asked; tricks that do not add up to 10 asked again;
    распасы given as the game, a game below a run's lowest (sochi), a whist answer that is none; an undo asked first;
    an edit of a мизер and of a распасы keeping every answer with Enter; a resumed пуля ignoring --players."""
    path = tmp_path / "p.toml"
    lines = ["Аня,Боря", "Аня,Боря,Вера,Гоша", "3",          # two players refused; the first dealer: Вера
             "распасы", "1", "1", "1", "5", "3", "2",          # 1 + 1 + 1: not 10, asked again
             "Аня", "распасы", "6П", "7П", "может", "в", "в", "4", "3", "2", "5", "3", "2",  # sochi: 7 after a распасы
             "Вера", "мизер", "1",
             "отмена", "нет", "undo", "yes",
             "Боря", "мизер", "0", "правка 1", "", "", "", "", "правка 3", "", "", ""]
    done = play(path, lines, "--convention", "sochi", "--target", "30", command=("pref", "play"))
    assert done.returncode == 0, done.stdout
    out = done.stdout
    assert "ошибка: игроки: «Аня,Боря»" in out and "Кто сдаёт первым — Аня, Боря, Вера, Гоша (Enter — Аня)" in out
    assert "Сдача 1, сдаёт Вера (на прикупе)." in out and "ошибка: взятки: «Аня: 1, Боря: 1, Гоша: 1»" in out
    assert "на распасах никто не играет" in out and "ошибка: игра: «6П» — после распасов подряд (1)" in out
    assert "ошибка: вист или пас: «может» — в — вист или п — пас" in out
    assert "Убрать записанную сдачу 3: 3. мизер, играет Вера" in out and "Сдача 3 остаётся." in out
    assert "Сдача 3 убрана:" in out and "[Enter — мизер]" in out and "[Enter — распасы]" in out
    assert out.count("исправлена") == 2
    added = pref_new(tmp_path / "added.toml", "--players", "Аня,Боря,Вера,Гоша", "--dealer", "Вера", "--convention",
                     "sochi", "--target", "30")
    for args in (["распасы", "--tricks", "Аня=5,Боря=3,Гоша=2"],
                 ["7♠", "--by", "Аня", "--tricks", "5", "--whist", "Боря:3", "--whist", "Вера:2"],
                 ["мизер", "--by", "Боря", "--tricks", "0"]):
        ok(run_cli("pref", "add", str(added), *args))
    same_file(path, added)
    done = play(path, ["выход"], "--players", "A,B,C", command=("pref", "play"))
    assert "(--players не нужны)" in done.stdout
    assert "Пуля не начата" in play(tmp_path / "none.toml", [], command=("pref", "play")).stdout
