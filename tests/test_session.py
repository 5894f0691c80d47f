"""The guided session's engine (``bbscore.cli.session``) driven by a tiny fake game: the walk of a hand's steps, the
commands at any question, resume, the whole-hand check sending the user back, and loops that stay iterative."""

from __future__ import annotations

import io
import json
import sys
import tomllib
from pathlib import Path
from types import MappingProxyType

import pytest

from bbscore.cli.session import Order, Progress, Quit, Revisit, Session, Step, command_of, CommandRefused
from bbscore.errors import BBScoreError
from conftest import assert_refused, run_cli
from test_protocol import new_game


class Cards:
    """A fake game: a hand is who bids (``a``, ``b``, or ``pass`` for no hand), the bid (1–9; above 7 confirmed), the
    tricks (asked, but known when the bid is 9) and, only when the whole-hand check asks for it, a remark.  Its sheet
    is a JSON list of hands; it ends after ``limit`` hands."""

    def __init__(self, path: Path, limit: int = 100) -> None:
        self.path = path
        self.limit = limit
        self.refuse_writes = 0  # how many writes to refuse next (a sheet changed under the session); < 0: shows
        self.opened = False

    # --- the sheet ---

    def open(self):
        self.opened = True
        sheet = self.read()
        if sheet:
            self.show(sheet)
        return sheet

    def read(self):
        try:
            return json.loads(self.path.read_text(encoding="utf-8"))
        except ValueError:
            raise BBScoreError("file", str(self.path), "a JSON list of hands") from None

    def _write(self, hands) -> None:
        if self.refuse_writes:
            self.refuse_writes -= 1
            raise BBScoreError("file", str(self.path), "not changed by someone else")
        self.path.write_text(json.dumps(hands, ensure_ascii=False), encoding="utf-8")

    def count(self, sheet) -> int:
        return len(sheet)

    def ended(self, sheet) -> bool:
        return len(sheet) >= self.limit

    def line(self, sheet, number: int) -> str:
        return f"{number}. {json.dumps(sheet[number - 1], sort_keys=True)}"

    def heading(self, sheet, number: int) -> str:
        return f"Deal {number} ({'ab'[(number - 1) % 2]} deals)."

    def typed(self, sheet, number: int) -> dict:
        return {key: str(value) for key, value in sheet[number - 1].items()}

    def show(self, sheet) -> None:
        if self.refuse_writes < 0:  # (a sheet that cannot be shown: the next one can)
            self.refuse_writes += 1
            raise BBScoreError("file", str(self.path), "a sheet that can be shown")
        print(f"SHEET {len(sheet)} hands")

    def append(self, fields):
        hands = self.read()
        self._write(hands + [fields])
        return len(hands) + 1

    def appended(self, number) -> None:
        print(f"WRITTEN {number}")

    def replace(self, number, fields):
        hands = self.read()
        hands[number - 1] = fields
        self._write(hands)
        return number

    def replaced(self, number) -> None:
        print(f"REPLACED {number}")

    def remove_last(self):
        hands = self.read()
        if not hands:
            raise BBScoreError("hand", 0, "no hands")
        self._write(hands[:-1])
        return len(hands)

    def removed(self, number) -> None:
        print(f"REMOVED {number}")

    # --- one hand ---

    def steps(self, sheet, number):
        playing = lambda answers: answers["who"] != "pass"  # noqa: E731
        return (
            Step(name="who", question=f"Hand {number}. Who bids (a/b, or pass): ", check=_who, words=("a", "b", "pass")),
            Step(name="bid", question="Bid (1-9): ", check=_number, applies=playing, label="the bid"),
            Step(name="sure", question=lambda answers: f"Sure, {answers['bid']}? ", check=_sure, words=["yes", "no"],
                 applies=lambda answers: playing(answers) and answers["bid"] > 7, intro=lambda answers: "A high bid."),
            Step(name="tricks", question="Tricks (0-9): ", check=_number, applies=playing,
                 known=lambda answers: 9 if answers["bid"] == 9 else None),
            Step(name="remark", question="Remark: ", check=lambda text, answers: text, applies=lambda answers: False),
        )

    def finish(self, answers):
        if answers["who"] == "pass":
            return {"who": "pass"}
        if answers["tricks"] > answers["bid"] + 5:
            raise Revisit("tricks", error=BBScoreError("tricks", answers["tricks"], "at most the bid and 5"))
        if answers["bid"] == answers["tricks"] == 4 and "remark" not in answers:
            raise Revisit("remark", error=BBScoreError("remark", None, "A remark is needed"),
                          note="Four and four: a remark, please.")
        return dict(answers)


def _who(text, answers):
    if text not in ("a", "b", "pass"):
        raise BBScoreError("who", text, "a, b or pass")
    return text


def _number(text, answers):
    if not text.isdecimal() or not 0 <= int(text) <= 9:
        raise BBScoreError("number", text, "a number 0-9")
    return int(text)


def _sure(text, answers):
    if text == "no":
        raise Revisit("bid", "sure", note="Then the bid again.")
    if text != "yes":
        raise BBScoreError("sure", text, "yes or no")
    return True


def played(tmp_path, monkeypatch, capsys, lines, hands=(), limit=100, refuse_writes=0):
    """A session of the fake game on a sheet holding ``hands``, ``lines`` typed; (stdout, the sheet after, exit code)."""
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(list(hands)), encoding="utf-8")
    game = Cards(path, limit)
    game.refuse_writes = refuse_writes
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = Session(path, {"who": "who bids"}).run(game)
    return capsys.readouterr().out, json.loads(path.read_text(encoding="utf-8")), code


def test_a_hand_walks_its_steps_skipping_those_that_do_not_apply_and_those_known(tmp_path, monkeypatch, capsys):
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["a", "3", "2", "pass", "b", "9", "yes"])
    assert hands == [{"who": "a", "bid": 3, "tricks": 2}, {"who": "pass"}, {"who": "b", "bid": 9, "sure": True, "tricks": 9}]
    assert out.count("[3] Sure, 9? yes") == 1 and "Tricks" not in out.split("Hand 3.")[1]  # 9 tricks known: not asked
    assert "Remark" not in out and out.count("WRITTEN") == 3 and code == 0
    # each hand's first question says which hand and whose deal; the others begin with its number
    assert "Deal 1 (a deals). Hand 1. Who bids" in out and "[1] Bid (1-9): 3" in out and "Deal 3 (a deals)." in out
    assert out.rstrip().endswith("Всё записанное сохранено: " + str(tmp_path / "sheet.json") + ".")  # the end of input


def test_a_refused_answer_is_asked_again_and_the_intro_said_once(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["c", "a", "x", "8", "maybe", "лист", "no", "8", "yes", "1"])
    assert "ошибка: who bids: «c» — a, b or pass — ещё раз" in out  # the refusal names the question's words
    assert "ошибка: number: «x»" in out and "ошибка: sure: «maybe»" in out
    # said once on each arrival at the question, not again after a refusal or the sheet
    assert out.count("A high bid.") == 2 and "Then the bid again." in out and out.count("SHEET") == 1
    assert hands == [{"who": "a", "bid": 8, "sure": True, "tricks": 1}]


def test_the_whole_hand_check_sends_back_to_the_step_concerned_keeping_the_others(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["a", "2", "9", "7", "b", "4", "4", "done"])
    assert "ошибка: tricks: 9 — at most the bid and 5 — ещё раз" in out
    assert out.count("Bid (1-9)") == 2  # only the tricks asked again
    # a step that never applies is asked when the check names it: a question that follows, not a refusal
    assert "Four and four: a remark, please.\n[2] Remark: done" in out
    assert "A remark is needed" in out and "ошибка: remark" not in out
    assert hands == [{"who": "a", "bid": 2, "tricks": 7}, {"who": "b", "bid": 4, "tricks": 4, "remark": "done"}]


def test_resume_goes_on_after_the_last_hand(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["pass", "выход"], hands=[{"who": "pass"}] * 2)
    assert out.startswith("SHEET 2 hands") and "Hand 3. Who bids" in out and "Hand 4. Who bids" in out
    assert len(hands) == 3


def test_back_goes_one_question_back_and_not_before_the_first(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, [
        "назад", "a", "3", "back", "назад", "b", "8", "yes", "назад", "назад", "4", "2"])
    assert "Назад некуда: это первый вопрос сдачи 1." in out
    assert out.count("Hand 1. Who bids") == 3 and out.count("[1] Bid (1-9)") == 4
    assert hands == [{"who": "b", "bid": 4, "tricks": 2}]  # the confirmation of 8 went back with it


def test_undo_in_a_hand_drops_only_its_answers_and_at_its_start_asks_before_removing(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, [
        "a", "3", "отмена",            # hand 2 half typed: dropped, hand 1 kept
        "отмена", "может", "нет",      # at the first question: the last hand shown, asked, kept
        "undo", "y",                   # removed
        "undo", "quit"], hands=[{"who": "pass"}])
    assert "Ввод сдачи 2 сброшен (записанное не тронуто)" in out
    assert out.count('Убрать записанную сдачу 1: 1. {"who": "pass"}? (да/нет)') == 3
    assert "ошибка: ответ: «может» — да или нет — ещё раз" in out and "Сдача 1 остаётся." in out
    assert out.count("REMOVED") == 1 and "Убирать нечего: записанных сдач нет." in out
    assert hands == []


def test_edit_shows_each_old_answer_and_enter_keeps_it(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, [
        "правка 3", "правка", "edit 0", "edit ²", "a",   # refused, then hand 2 begun …
        "edit 1", "", "6", "",                          # … left for an edit of 1: Enter keeps who and tricks
        "5", "edit 2", "отмена",                        # … taken up again; an edit cancelled
        "4", "выход"], hands=[{"who": "b", "bid": 2, "tricks": 7}, {"who": "pass"}])
    assert "ошибка: правка N — номер сдачи, например: правка 3 — ещё раз" in out
    assert "ошибка: сдача: 3 — в протоколе сдачи с 1 по 2" in out and out.count("ошибка: правка N") == 3
    assert 'Правка сдачи 1, сейчас: 1. {"bid": 2, "tricks": 7, "who": "b"}' in out
    assert "Правка сдачи 1. Hand 1. Who bids (a/b, or pass) [Enter — b]: " in out and "[правка 1] Tricks (0-9) [Enter — 7]: " in out
    assert "REPLACED 1" in out and "Продолжаем сдачу 3." in out and "Правка отменена: сдача 2 не изменена." in out
    assert hands == [{"who": "b", "bid": 6, "tricks": 7}, {"who": "pass"}, {"who": "a", "bid": 5, "tricks": 4}]


def test_help_at_any_question_and_quit_mid_hand_says_what_was_not_written(tmp_path, monkeypatch, capsys):
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["?", "a", "помощь", "7", "help", "quit"])
    assert out.count("Команды в любом вопросе:\n") == 3 and out.count("[1] Tricks (0-9)") == 2
    assert "Сдача 1 не записана; было введено: who bids — a; the bid — 7." in out
    assert hands == [] and code == 0


def test_quit_in_an_edit_leaves_the_hand_as_it_was(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["b", "правка 1", "a", "выход"], hands=[{"who": "pass"}])
    assert "Правка сдачи 1 не закончена: сдача 1 осталась прежней." in out
    assert "Сдача 2 не записана; было введено: who bids — b." in out and hands == [{"who": "pass"}]


def test_an_ended_game_asks_only_for_a_command(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["лист", "отмена", "да", "pass", ""], hands=[{"who": "a"}],
                               limit=1)
    assert out.count("Партия окончена") == 3 and "REMOVED 1" in out  # (put again after the sheet)
    assert hands == [{"who": "pass"}]


class Outsider(Cards):
    """The fake game whose sheet another program writes a hand to (``{"who": "b"}``) while the first hand's answer to
    ``at`` (a step's name) is taken."""

    def __init__(self, path: Path, limit: int = 100, at: str = "tricks") -> None:
        super().__init__(path, limit)
        self.at = at

    def steps(self, sheet, number):
        def writing(check):
            def written(text, answers):
                if number == 1 and not self.written:
                    self.written = True
                    self.path.write_text(json.dumps(self.read() + [{"who": "b"}]), encoding="utf-8")
                return check(text, answers)
            return written

        self.written = getattr(self, "written", False)
        return tuple(step if step.name != self.at else Step(name=step.name, question=step.question,
                                                             check=writing(step.check), applies=step.applies,
                                                             known=step.known, label=step.label)
                     for step in super().steps(sheet, number))


@pytest.mark.parametrize("limit", [100, 1])
def test_a_sheet_changed_outside_while_a_hand_is_typed_is_said_and_the_hand_asked_again(tmp_path, monkeypatch,
                                                                                          capsys, limit):
    """The hand's questions were those of the sheet before: not written under another number; asked again as the
    next hand with Enter keeping each answer typed — or, when the other program's hand ended the game, said unwritten."""
    path = tmp_path / "sheet.json"
    path.write_text("[]", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("a\n3\n2\n\n\n\n\n"))
    code = Session(path, {"who": "who bids"}).run(Outsider(path, limit))
    out, hands = capsys.readouterr().out, json.loads(path.read_text(encoding="utf-8"))
    assert "Лист изменён вне этой сессии, пока вводилась сдача 1: записанных сдач теперь 1." in out
    if limit == 1:  # (a hand typed and not written: exit code 2, as for a hand that could not be written)
        assert hands == [{"who": "b"}] and "WRITTEN" not in out and code == 2
        assert "Сдача 2 не записана; было введено: who bids — a;" in out and "Партия окончена" in out
        assert "Сдача 2 не записана: лист изменён вне этой сессии.\nЗаписанное раньше сохранено" in out
    else:
        assert code == 0
        assert hands == [{"who": "b"}, {"who": "a", "bid": 3, "tricks": 2}] and "WRITTEN 2" in out
        assert "Сдача 2 — заново; Enter оставляет введённое." in out and "[2] Bid (1-9) [Enter — 3]: " in out


def test_a_sheet_changed_between_answers_is_noticed_at_the_next_answer_and_a_quit_says_the_hand_unwritten(
        tmp_path, monkeypatch, capsys):
    """The other program writes while the bid is taken: the next answer (the tricks) is not taken — it answered a
    question of the sheet before — and hand 2 is asked with Enter keeping a and 3; ``выход`` there says hand 2 not
    written with those answers (nothing lost without a word), and a default this hand's question refuses is not
    offered (``pass`` is no bid)."""
    path = tmp_path / "sheet.json"
    path.write_text("[]", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("a\n3\n2\nвыход\n"))
    code = Session(path, {"who": "who bids"}).run(Outsider(path, at="bid"))
    out, hands = capsys.readouterr().out, json.loads(path.read_text(encoding="utf-8"))
    assert hands == [{"who": "b"}] and "WRITTEN" not in out and code == 0
    assert "[1] Tricks (0-9): 2\nЛист изменён вне этой сессии, пока вводилась сдача 1: записанных сдач теперь 1." in out
    assert "Hand 2. Who bids (a/b, or pass) [Enter — a]: выход" in out
    assert "Сдача 2 не записана; было введено: who bids — a; the bid — 3." in out


def test_an_answer_offered_by_enter_is_one_the_question_takes(tmp_path, monkeypatch, capsys):
    """Defaults a question would refuse are not offered (a hand asked again after the sheet changed may be dealt by
    another player): the bid «x» is asked without «[Enter — x]»."""
    path = tmp_path / "sheet.json"
    path.write_text("[]", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\n"))
    session = Session(path, {"who": "who bids"})
    session.game = game = Cards(path)
    step = game.steps([], 1)[1]
    hand = Progress(number=1)
    session._answer(step, hand, MappingProxyType(hand.answers), {}, "[1] ", {"bid": "x"})
    out = capsys.readouterr().out
    assert "[1] Bid (1-9): 4" in out and "Enter" not in out and hand.answers == {"bid": 4}
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    session._answer(step, hand, MappingProxyType(hand.answers), {}, "[1] ", {"bid": "5"})
    assert "[1] Bid (1-9) [Enter — 5]: " in capsys.readouterr().out and hand.answers == {"bid": 5}


def test_a_refused_write_is_said_and_tried_again_after_enter(tmp_path, monkeypatch, capsys):
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["pass", ""], refuse_writes=1)
    assert "ошибка: file:" in out and "not changed by someone else" in out and "Сдача 1 не записана. Enter" in out
    assert out.count("Hand 1. Who bids") == 1 and hands == [{"who": "pass"}] and code == 0


def test_a_hand_that_could_not_be_written_ends_with_exit_code_2(tmp_path, monkeypatch, capsys):
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["pass", "", "", "выход"], refuse_writes=3)
    assert out.count("not changed by someone else") == 4  # each try said, then again at the end
    assert "Сдача 1 не записана: file:" in out and "Записанное раньше сохранено" in out
    assert "Всё записанное сохранено" not in out and hands == [] and code == 2
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["a", "2", "1", "отмена", "выход"], refuse_writes=1)
    assert out.rstrip().endswith("Всё записанное сохранено: " + str(tmp_path / "sheet.json") + ".")
    assert "Сдача 1 не записана.\n" in out and hands == [] and code == 0  # given up on purpose


def test_a_script_whose_every_answer_is_refused_ends_with_exit_code_2(tmp_path, monkeypatch, capsys):
    assert played(tmp_path, monkeypatch, capsys, ["x", "y", "лист"])[2] == 2
    assert played(tmp_path, monkeypatch, capsys, ["x", "a", "лист"])[2] == 0  # an answer taken
    assert played(tmp_path, monkeypatch, capsys, [])[2] == 0  # nothing typed: nothing refused


def test_a_sheet_that_cannot_be_shown_is_said_and_the_question_put_again(tmp_path, monkeypatch, capsys):
    out, hands, _code = played(tmp_path, monkeypatch, capsys, ["a", "лист", "лист", "3", "2"], refuse_writes=-1)
    assert "a sheet that can be shown — ещё раз" in out and out.count("SHEET") == 1 and out.count("Bid (1-9)") == 3
    assert hands == [{"who": "a", "bid": 3, "tricks": 2}]  # the hand in progress kept


def test_a_sheet_that_cannot_be_read_is_said_and_read_again_after_enter(tmp_path, monkeypatch, capsys):
    """Deleted or spoilt while the session waits: said once, and read again only when a line is typed (it never
    loops on its own)."""
    path = tmp_path / "sheet.json"
    path.write_text("[]", encoding="utf-8")
    game = Cards(path)
    original = game.append

    def append_then_spoil(fields):
        done = original(fields)
        path.write_text("not json", encoding="utf-8")
        return done

    game.append = append_then_spoil
    lines = ["pass\n", "\n", "\n", "pass\n"]

    class Typed(io.StringIO):
        def readline(self, *args):
            if len(lines) == 2:  # the file put right by hand while the session waits
                path.write_text('[{"who": "pass"}]', encoding="utf-8")
                game.append = original
            return lines.pop(0) if lines else ""

    monkeypatch.setattr(sys, "stdin", Typed())
    assert Session(path).run(game) == 0
    out = capsys.readouterr().out
    assert out.count("a JSON list of hands") == 2 and out.count("Файл не читается") == 2 and out.count("WRITTEN") == 2
    assert json.loads(path.read_text(encoding="utf-8")) == [{"who": "pass"}] * 2


def test_ctrl_c_interrupts_and_writes_nothing_of_the_hand(tmp_path, monkeypatch, capsys):
    path = tmp_path / "sheet.json"
    path.write_text("[]", encoding="utf-8")

    class Interrupted(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr(sys, "stdin", Interrupted("pass\na\n3\n"))
    with pytest.raises(KeyboardInterrupt):
        Session(path).run(Cards(path))
    assert json.loads(path.read_text(encoding="utf-8")) == [{"who": "pass"}]


def test_thousands_of_refusals_and_commands_in_a_row_cost_no_stack(tmp_path, monkeypatch, capsys):
    """A loop, not a recursion: each of these runs would pass the interpreter's recursion limit (1,000) if each
    answer were asked again by a nested call."""
    assert sys.getrecursionlimit() <= 1_100
    lines = ["x"] * 2_000 + ["правка x"] * 1_100 + ["лист"] * 1_100 + ["назад"] * 1_100 + ["a", "3", "2"]
    out, hands, _code = played(tmp_path, monkeypatch, capsys, lines)
    assert out.count("ещё раз") == 3_100 and out.count("SHEET") == 1_100 and out.count("Назад некуда") == 1_100
    assert hands == [{"who": "a", "bid": 3, "tricks": 2}]


def test_thousands_of_bad_answers_to_play_finish(tmp_path):
    path = new_game(tmp_path / "game.toml")
    lines = ["x"] * 100 + ["правка x"] * 1_200 + ["лист x", "Мы", "лист", "12Т", "18", "", ""]
    done = run_cli("play", str(path), stdin="".join(f"{line}\n" for line in lines))
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.count("ошибка: кто играет") == 101 and done.stdout.count("ошибка: правка N") == 1_200
    assert "Сдача 1 записана" in done.stdout


def test_before_the_sheet_exists_only_quit_and_help_are_commands(tmp_path, monkeypatch, capsys):
    session = Session(tmp_path / "new.json", {"name": "the name"})
    monkeypatch.setattr(sys, "stdin", io.StringIO("лист\nотмена\nправка 1\nлист 2\nназад\n?\nвыход\n"))

    def name(text):
        if " " in text:
            raise BBScoreError("name", text, "one word")
        return text

    with pytest.raises(Quit):
        session.ask_until("Name: ", name)
    out = capsys.readouterr().out
    assert out.count("ошибка: протокола ещё нет — ещё раз") == 3 and "ошибка: the name: «лист 2» — one word" in out
    assert "Назад некуда: это первый вопрос." in out and "Команды в любом вопросе:" in out


@pytest.mark.parametrize(("typed", "has_sheet", "command"), [
    ("выход", False, ("quit", None)), ("quit", True, ("quit", None)), ("выход сейчас", True, None),
    ("лист", True, ("show", None)), ("show 2", True, None), ("лист 2", False, None),
    ("отмена", True, ("undo", None)), ("undo 2", True, None), ("undo 2", False, "протокола ещё нет"),
    ("правка 12", True, ("edit", 12)), ("EDIT 3", True, ("edit", 3)), ("правка ²", True, "правка N"),
    ("правка", True, "правка N"), ("правка 1", False, "протокола ещё нет"), ("лист", False, "протокола ещё нет"),
    ("12Т", True, None), ("", True, None),
])
def test_which_answers_are_commands(typed, has_sheet, command):
    if isinstance(command, str):
        with pytest.raises(CommandRefused, match=command):
            command_of(typed, has_sheet)
    else:
        assert command_of(typed, has_sheet) == command


def test_a_revisit_names_a_step():
    with pytest.raises(ValueError):
        Revisit()
    back = Revisit("a", "b", note="again")
    assert back.steps == ("a", "b") and back.note == "again" and back.error is None


def test_at_a_terminal_prompt_toolkit_reads_and_completes(tmp_path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as typed, create_app_session(input=typed, output=DummyOutput()):
        session = Session(tmp_path / "sheet.json")
        session.terminal = True
        typed.send_text("  one   two \r")
        assert session.ask("Q: ", ["терц", "терц-2", "бэла"]) == "one two"
        completer = session.prompt.completer
        words = [c.text for c in completer.get_completions(Document("бэла, те"), CompleteEvent(completion_requested=True))]
        assert words == ["терц", "терц-2"]  # the item after the comma; then the commands of the language
        assert [c.text for c in completer.get_completions(Document("отм"), CompleteEvent())] == ["отмена"]
        assert list(completer.get_completions(Document(""), CompleteEvent())) == []
        typed.send_text("правка 2\r")
        with pytest.raises(Quit):  # no sheet yet: refused, then Ctrl-D
            typed.send_text("\x04")
            session.ask("Q: ")
        session.game = Cards(tmp_path / "sheet.json")
        typed.send_text("правка 2\r")
        with pytest.raises(Order) as raised:
            session.ask("Q: ")
        assert (raised.value.name, raised.value.number) == ("edit", 2)


# --- names a session would take for one of its words ---


@pytest.mark.parametrize("name, word", [
    ("выход", "выход"), ("Quit", "quit"), ("?", "?"), ("правка 1", "правка"), ("Edit  12", "edit"), ("правка", "правка"),
    ("edit x", "edit"), ("назад", "назад"), ("лист", "лист"), ("Распасы", "распасы"),
    ("лист 2", None), ("Правкин", None), ("Вера", None), ("в", None), ("п", None),
])
def test_which_names_a_session_would_take_for_a_word(name, word):
    from bbscore.cli.session import taken_for

    assert taken_for(name, ("распасы", "пас")) == word


ANSWERS_TAKEN = [  # (the command, where the name is refused, the reserved word said)
    (["new", "{dir}/a.toml", "--pairs", "Мы,выход"], "--pairs", "выход"),
    (["new", "{dir}/a.toml", "--pairs", "Мы,Правка 2"], "--pairs", "правка"),
    (["new", "{dir}/a.toml", "--pairs", "пересдача,Они"], "--pairs", "пересдача"),
    (["play", "{dir}/a.toml", "--pairs", "Мы,пас"], "--pairs", "пас"),
    (["pref", "new", "{dir}/p.toml", "--players", "Аня,распасы,Вера"], "--players", "распасы"),
    (["pref", "new", "{dir}/p.toml", "--players", "Аня,Боря,?"], "--players", "?"),
    (["pref", "play", "{dir}/p.toml", "--players", "Аня,пас,Вера"], "--players", "пас"),
    (["tournament", "new", "{dir}/t", "--players", "Аня,Боря,назад"], "--players", "назад"),
    (["tournament", "new", "{dir}/t", "--pairs", "Север,Юг,Лист"], "--pairs", "лист"),
    (["tournament", "new", "{dir}/t", "--pairs", "Север,Юг,Пас"], "--pairs", "пас"),
]


@pytest.mark.parametrize("args, option, word", ANSWERS_TAKEN)
def test_a_name_a_session_would_take_for_a_word_is_refused_where_it_is_given(tmp_path, args, option, word):
    """A sheet begun by new (or play, or a tournament's tables) is kept by the session too: a pair or a player named
    like one of its commands or answers could not be told from it."""
    from conftest import assert_refused

    argv = [arg.format(dir=tmp_path) for arg in args]
    line = assert_refused(run_cli(*argv, stdin="выход\n"))
    assert line.startswith(f"ошибка: {option}: ") and f"за столом «{word}» — команда или ответ на вопрос" in line, line
    done = run_cli("--lang", "en", *argv, stdin="quit\n")
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, done
    assert done.stderr.startswith(f"error: {option}: ") and f"at the table «{word}» is a command or an answer" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_names_like_the_answers_of_other_questions_are_kept(tmp_path):
    """«В» and «П» answer only the whist question, «лист 2» is no command: such names stay names."""
    assert run_cli("pref", "new", tmp_path / "p.toml", "--players", "А,Б,В").returncode == 0
    assert run_cli("pref", "new", tmp_path / "q.toml", "--players", "в,п,Лист 2").returncode == 0
    assert run_cli("new", tmp_path / "a.toml", "--pairs", "Мы,Правкины").returncode == 0


def test_a_pair_asked_at_the_table_that_a_session_would_take_for_a_word_is_asked_again(tmp_path):
    path = tmp_path / "game.toml"
    done = run_cli("play", path, stdin="Мы,отмена\nМы,Они\n\nвыход\n")
    assert done.returncode == 0, done.stderr
    assert "ошибка: пары: «Мы,отмена» — названия пар: имя «отмена» нельзя: за столом «отмена»" in done.stdout
    assert tomllib.loads(path.read_text(encoding="utf-8"))["game"]["pairs"] == ["Мы", "Они"]


def test_an_edit_at_the_question_after_a_refused_write_takes_the_typed_hand_up_again(tmp_path, monkeypatch, capsys):
    """The write of hand 2 refused, ``правка 1`` typed at «Enter — try again …»: hand 1 edited, then hand 2 as typed
    is taken up again and written (it was dropped, and the session ended saying all was saved, exit 0)."""
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["a", "3", "2", "правка 1", ""],
                              hands=[{"who": "pass"}], refuse_writes=1)
    assert "Сдача 2 не записана. Enter" in out and "REPLACED 1" in out and "Продолжаем сдачу 2." in out
    assert hands == [{"who": "pass"}, {"who": "a", "bid": 3, "tricks": 2}] and out.count("WRITTEN 2") == 1
    assert code == 0
    # … and выход there: the typed hand is said unwritten, with what was typed, and exit code 2
    out, hands, code = played(tmp_path, monkeypatch, capsys, ["a", "3", "2", "выход"], hands=[{"who": "pass"}],
                              refuse_writes=1)
    assert "Сдача 2 не записана; было введено: who bids — a; the bid — 3" in out and "Записанное раньше сохранено" in out
    assert hands == [{"who": "pass"}] and code == 2


@pytest.mark.parametrize("game", [(), ("pref",)])
def test_play_refuses_a_lock_that_is_no_file_before_the_first_question(tmp_path, game):
    """A pipe at the sheet's lock is refused as ``add`` refuses it, before a hand is typed (it was said only once the
    hand was written), for an existing sheet and a new one."""
    import os

    existing = tmp_path / "a.toml"
    if game:
        assert run_cli("pref", "new", existing, "--players", "Аня,Боря,Вера").returncode == 0
    else:
        assert run_cli("new", existing, "--pairs", "Мы,Они").returncode == 0
    (tmp_path / ".a.toml.lock").unlink()
    os.mkfifo(tmp_path / ".a.toml.lock")
    os.mkfifo(tmp_path / ".b.toml.lock")
    names = "Аня,Боря,Вера" if game else "Мы,Они"
    for path in (existing, tmp_path / "b.toml"):
        done = run_cli(*game, "play", path, stdin=f"{names}\n\n")
        line = assert_refused(done)
        assert "на месте блокировки" in line and "не обычный файл" in line, line
    assert not (tmp_path / "b.toml").exists()
    if not game:  # the very line add says
        assert line.replace("b.toml", "a.toml") == assert_refused(run_cli("add", existing, "12Т", "--by", "Мы", "--def-points", "50"))


@pytest.mark.parametrize("game", [(), ("pref",)])
def test_play_refuses_a_path_new_would_refuse_before_any_question(tmp_path, game):
    """A loop of links, a dangling link, a folder, a missing folder: refused at once, exit 2 (the pairs or players
    were asked first; at the end of the input the session ended «не начата», exit 0)."""
    import os

    (tmp_path / "loop1.toml").symlink_to("loop2.toml")
    (tmp_path / "loop2.toml").symlink_to("loop1.toml")
    (tmp_path / "dangling.toml").symlink_to("nowhere.toml")
    (tmp_path / "folder.toml").mkdir()
    os.mkfifo(tmp_path / "pipe.toml")
    for name in ("loop1.toml", "dangling.toml", "folder.toml", "none/x.toml", "pipe.toml"):
        new = run_cli(*game, "new", tmp_path / name, *(["--players", "А,Б,В"] if game else ["--pairs", "Мы,Они"]))
        done = run_cli(*game, "play", tmp_path / name)
        line = assert_refused(done)
        assert line == new.stderr.strip() or name == "pipe.toml", (line, new.stderr)
        assert "Пары" not in done.stdout + done.stderr and "Игроки" not in done.stdout + done.stderr
