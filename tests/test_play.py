"""``bbscore play``: a guided session, typed as a person would — through a real pseudo-terminal (prompt_toolkit),
and scripted through standard input (plain lines)."""

from __future__ import annotations

import re
import sys
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


def answers_of(args: list[str]) -> list[str]:
    """What a person types at play's questions for the hand ``add`` gets as ``args``."""
    if args[0] == "--redeal":
        return ["пас"]
    options = dict(zip(args[1::2], args[2::2]))
    typed = [options["--by"], args[0]]
    if args[0].startswith("^"):
        typed.append(options["--decl-tricks"])  # all 8 tricks: the points (0) are not asked
    else:
        typed.append(options["--def-points"])
    return typed + [options.get("--decl-con", ""), options.get("--def-con", "")]


def same_file(played: Path, added: Path) -> None:
    """The two protocols are the same text, but for the minute each was created."""
    def text(path: Path) -> str:
        return re.sub(r'^created = ".*"$', "created", path.read_text(encoding="utf-8"), flags=re.M)

    assert text(played) == text(added)


def added_game(tmp_path: Path) -> Path:
    path = new_game(tmp_path / "added.toml")
    for args in GAME:
        add(path, *args)
    return path


# --------------------------------------------------------------------------- a real terminal


QUESTIONS = {"by": "Кто играет", "contract": r"Контракт \(", "tricks": "Сколько взяток", "points": "Висты вистующих",
             "decl": "Конструкции разыгрывающих", "def": "Конструкции вистующих", "sure": "Точно"}


class Table:
    """A person at a terminal: waits for each question, types the answer."""

    def __init__(self, path: Path, *extra: str) -> None:
        import pexpect

        self.child = pexpect.spawn(
            sys.executable, ["-m", "bbscore", "play", str(path), *extra], cwd=str(REPO), encoding="utf-8",
            env=process_env(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="120", LINES="50"),
            dimensions=(50, 120), timeout=30,
        )
        self.child.delaybeforesend = None  # (pexpect waits 50 ms before each line by default)

    def answer(self, question: str, typed: str) -> None:
        self.child.expect(QUESTIONS.get(question, question))
        self.child.sendline(typed)
        self.child.expect("\n")  # the answer taken (the prompt is drawn again with it before the new line)

    def complete(self, question: str, typed: str, completed: str) -> None:
        """Type the start of a word and Tab; once the word is completed on the screen, Enter."""
        self.child.expect(QUESTIONS.get(question, question))
        self.child.send(typed + "\t")
        self.child.expect("\x1b\\[0m" + completed + "\x1b")  # the input line drawn again, with the whole word
        self.child.sendline("")
        self.child.expect("\n")

    def hand(self, args: list[str]) -> None:
        typed = answers_of(args)
        steps = ["by"] if typed == ["пас"] else ["by", "contract", "tricks" if typed[1].startswith("^") else "points",
                                                 "decl", "def"]
        for step, text in zip(steps, typed):
            self.answer(step, text)

    def expect(self, text: str) -> None:
        self.child.expect(text)

    def end(self) -> int:
        import pexpect

        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def test_a_whole_game_typed_at_a_terminal_gives_the_file_add_gives(tmp_path):
    played = tmp_path / "played.toml"
    table = Table(played, "--pairs", "Мы,Они")
    # hand 1, with a contract and a construction typo corrected at the question
    table.answer("by", "мы")
    table.answer("contract", "12X")
    table.expect("ошибка: контракт: «12X»")
    table.answer("contract", "12Т")
    table.answer("points", "18.5")
    table.expect("целое число")
    table.answer("points", "18")
    table.answer("decl", "терс")
    table.expect("может быть, терц")
    table.answer("decl", "терц")
    table.complete("def", "бэ", "бэла")  # Tab completes the one construction name it can be
    table.expect("Сдача 1 записана")
    table.complete("by", "Он", "Они")  # and a pair's name
    for step, text in zip(["contract", "points", "decl", "def"], answers_of(GAME[1])[1:]):
        table.answer(step, text)
    # hand 3 typed wrong (no contra): put right later with правка 3
    table.hand(["15П", "--by", "Мы", "--def-points", "33", "--decl-con", "терц"])
    table.hand(GAME[3])
    # a wrong hand 5, taken back with отмена
    table.hand(["10Б", "--by", "Мы", "--def-points", "40"])
    table.answer("by", "отмена")
    table.expect("убрана сдача 5")
    table.hand(GAME[4])
    table.hand(GAME[5])
    # hand 7: a bid slip, refused and typed again
    table.answer("by", "2")
    table.answer("contract", "80Ч")
    table.answer("sure", "нет")
    table.answer("contract", "9Ч")
    table.answer("points", "75")
    table.answer("decl", "")
    table.answer("def", "")
    table.hand(GAME[7])
    # Ctrl-D at a question: the session ends, nothing entered is lost
    table.expect("Сдача 9. Кто играет")
    table.child.sendcontrol("d")
    table.expect("Протокол сохранён")
    assert table.end() == 0
    assert len(hands_of(played)) == 8
    # resumed
    table = Table(played)
    table.expect("Сдача 9")
    for args in GAME[8:11]:
        table.hand(args)
    table.answer("by", "правка 3")
    table.expect("Правка сдачи")
    table.hand(GAME[2])
    table.expect("Сдача 3 исправлена")
    table.answer("by", GAME[11][2])
    table.answer("contract", "лист")  # the sheet in the middle of a hand, and the same question again
    table.expect("Партия продолжается")
    for step, text in zip(["contract", "points", "decl", "def"], answers_of(GAME[11])[1:]):
        table.answer(step, text)
    for args in GAME[12:]:
        table.hand(args)
    table.expect("победили «Мы»")
    table.answer("Партия окончена", "")
    assert table.end() == 0
    same_file(played, added_game(tmp_path))
    assert run_cli("recompute", str(played)).returncode == 0


# --------------------------------------------------------------------------- scripted (standard input is no terminal)


def play(path: Path, lines: list[str], *extra: str, columns: int = 120):
    return run_cli("play", str(path), *extra, stdin="".join(f"{line}\n" for line in lines), columns=columns)


def test_a_scripted_session_gives_the_file_add_gives(tmp_path):
    played = tmp_path / "played.toml"
    lines = [line for args in GAME for line in answers_of(args)]
    done = play(played, lines, "--pairs", "Мы,Они")
    assert done.returncode == 0, done.stderr
    assert "Партия окончена на сдаче 14: победили «Мы» (315 : 153)" in done.stdout
    same_file(played, added_game(tmp_path))


def test_a_new_file_without_pairs_asks_for_them_and_end_of_input_keeps_every_hand(tmp_path):
    path = tmp_path / "game.toml"
    assert "файл" in play(path, ["отмена"]).stdout and not path.exists()  # no game begun: nothing written
    done = play(path, ["лист", "Мы,мы", "Мы, Они", "1", "12Т", "18", "терц", "бэла", "2", "8П"], "--target", "200")
    assert done.returncode == 0, done.stderr
    assert "протокола ещё нет" in done.stdout and "ошибка: пары: «Мы,мы»" in done.stdout and "Протокол сохранён" in done.stdout
    header = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
    assert header["pairs"] == ["Мы", "Они"] and header["target"] == 200
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
    assert "ошибка: карты вистующих: «3 карт»" in done.stdout and "ошибка: последняя взятка: «x»" in done.stdout and "ошибка: взятки разыгрывающих: 9" in done.stdout


def test_a_refusal_of_the_whole_hand_asks_the_question_it_concerns(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, [
        "Мы", "12Т", "162", "терц", "",    # the declarers have a terz but no trick points: how many tricks?
        "0",                               # asked: none (their terz goes to the defenders)
        "Они", "8П", "82", "бэла", "бэла",   # two belas in a suit game: both pairs' constructions again
        "бэла", "",
        "лист", "правка", "правка 9", "правка 1", "отмена", "отмена", "отмена", "отмена",
    ])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "ошибка: взятки разыгрывающих" in out and "«бэла × 2»" in out
    assert "правка N — номер сдачи" in out and "ошибка: сдача: 9" in out and "в протоколе нет сдач" in out
    assert hands_of(path) == []


def test_the_end_of_the_game_then_an_undo_reopens_it(tmp_path):
    path = new_game(tmp_path / "game.toml", "--target", "50")
    done = play(path, ["Мы", "^^П+", "8", "", "", "отмена", "Мы", "8П", "82", "", "", "выход"])
    assert done.returncode == 0, done.stderr
    assert "Партия окончена" in done.stdout and "убрана сдача 1" in done.stdout
    assert [hand["contract"] for hand in hands_of(path)] == ["8П"]


def test_a_redeal_the_rules_do_not_make_one_and_an_unanswered_bid(tmp_path):
    path = new_game(tmp_path / "game.toml")
    done = play(path, ["рамки-8", "пас", "Они", "80Ч", "может", "нет", "8Ч", "82", "", ""])
    assert done.returncode == 0, done.stderr
    assert "ошибка: пересдача: «рамки-8»" in done.stdout and "ошибка: answer: «может» — да или нет" in done.stdout
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
    assert not (tmp_path / "new.toml").exists()


def test_prompt_toolkit_is_imported_only_at_a_terminal(tmp_path):
    """Start-up is benchmarked: a scripted play, like every other command, does not import prompt_toolkit."""
    import subprocess

    path = new_game(tmp_path / "game.toml")
    code = ("import sys; from bbscore.cli import main; code = main(['play', sys.argv[1]]); "
            "print(code, 'prompt_toolkit' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", env=process_env(), cwd=REPO, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 False", done.stdout + done.stderr
