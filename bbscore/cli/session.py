"""The guided session at the table, for any game: a prompt, the commands typed at any question, the loop of hands.

A game declares each hand as a sequence of named :class:`Step` records (a question, the check of its answer, the
words Tab completes, whether it is put given the earlier answers) and its sheet as a :class:`Game` (read, append,
replace, remove the last hand, show).  :class:`Session` walks the steps of each hand, checking every answer as it
is typed, hands the answers to the game's whole-hand check (which may send the user back to the question
concerned: :class:`Revisit`), and writes the finished hand with the game's sheet function — one locked, atomic write
per hand — before the next question; a session on an existing sheet goes on after its last hand.  This module
imports no game.

At any question: ``отмена``/``undo`` removes the last hand written (what was typed of the hand in progress is
dropped), ``правка N``/``edit N`` asks hand N again and rewrites it, ``лист``/``show`` shows the sheet and puts the
same question again, ``выход``/``quit`` or Ctrl-D ends the session (every hand written is kept).  Ctrl-C interrupts
the command as it does any other (:func:`bbscore.cli.main`: «прервано», exit 130): the hand in progress is not
written, the hands written stay.

At a terminal the questions are read with prompt_toolkit (history; completion of the question's words and the
commands), imported only there; otherwise plain lines are read from standard input and each answer is echoed, so a
scripted session's transcript reads like a typed one.  Every loop here is iterative: any number of refused answers
or commands in a row costs no stack.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Protocol, Sequence

from bbscore.errors import BBScoreError
from bbscore.i18n import N_, _, language

Answers = Mapping[str, Any]
"""A hand's answers so far: each step's name → the value its check returned (read-only for the game)."""

# The commands typed at any question: word → command (the Russian and the English word of each; completion offers
# the words of the session's language, in this order).
COMMANDS = {"отмена": "undo", "undo": "undo", "правка": "edit", "edit": "edit", "лист": "show", "show": "show",
            "выход": "quit", "quit": "quit"}
NEED_SHEET = {"undo", "edit"}  # refused before the sheet exists, whatever follows the word
NUMBERED = {"edit"}  # followed by a hand's number; the others are commands only when typed alone
HELP = N_("Команды в любом вопросе: отмена (undo) — убрать последнюю сдачу, правка N (edit N) — исправить сдачу N, "
          "лист (show) — весь протокол, выход (quit) или Ctrl-D — закончить (всё записанное сохранено).")
LABELS = {"hand": N_("сдача")}  # the session's own refusals (a hand number out of range); translated where shown


def _never(answers: Answers) -> None:
    return None


def _always(answers: Answers) -> bool:
    return True


@dataclass(frozen=True, kw_only=True)
class Step:
    """One question of a hand.

    ``name``: the key of its answer among the hand's answers (unique within the hand).
    ``question``: the prompt, or a function of the answers so far giving it.
    ``check``: ``(answer, answers so far) → value`` stored under ``name``; the answer is stripped, its inner spaces
    single.  Raises :class:`~bbscore.errors.BBScoreError` to refuse the answer (the refusal is said, the same
    question put again) or :class:`Revisit` to go back to an earlier question.
    ``words``: what Tab completes at a terminal (a sequence, or a function of the answers so far).
    ``applies``: whether the question is put, given the earlier answers (default: always); a step that does not
    apply has no answer.
    ``known``: the value when it need not be asked, from the answers so far (``None``: ask).
    ``intro``: a line said once before the question is first put (``None``: nothing), from the answers so far.
    """

    name: str
    question: str | Callable[[Answers], str]
    check: Callable[[str, Answers], Any]
    words: Sequence[str] | Callable[[Answers], Sequence[str]] = ()
    applies: Callable[[Answers], bool] = _always
    known: Callable[[Answers], Any] = _never
    intro: Callable[[Answers], str | None] = _never


class Revisit(Exception):
    """Back to an earlier question, raised by a step's check or by the game's whole-hand check.

    The answers of ``steps`` are dropped and the first of them is asked next (whether or not it applies: the hand was
    refused for its sake); the walk then goes on to the first question not answered.  ``error`` is said first as a
    refusal, or ``note`` as a plain line.
    """

    def __init__(self, *steps: str, error: BBScoreError | None = None, note: str | None = None) -> None:
        super().__init__(*steps)
        if not steps:
            raise ValueError("Revisit names at least one step")
        self.steps = steps
        self.error = error
        self.note = note


class Game(Protocol):
    """What a game gives the session: its sheet's operations and its hand's questions.

    ``sheet`` values are the game's own (the session only passes them back).  The write operations are each one
    locked, atomic write (the same one as the game's ``add``, ``edit``, ``undo``), raising
    :class:`~bbscore.errors.BBScoreError` when refused (nothing is then written; the session says it and goes on);
    what they return is handed to the matching ``…ed`` method, which says what was done.
    """

    path: Path

    def open(self) -> Any:
        """Read the sheet when the session starts (its rules fixed for the session) and say how it stands (the sheet
        when it has hands, a warning when its rules changed); the sheet.  A refusal ends the session unstarted."""

    def read(self) -> Any:
        """The sheet as the file holds it now."""

    def count(self, sheet: Any) -> int:
        """How many hands the sheet holds."""

    def ended(self, sheet: Any) -> bool:
        """Whether the game is over (no hand is asked; undo and edit still can change that)."""

    def line(self, sheet: Any, number: int) -> str:
        """Hand ``number``'s line (1-based, ``1 ≤ number ≤ count(sheet)``)."""

    def show(self, sheet: Any) -> None:
        """Print the whole sheet."""

    def steps(self, sheet: Any, number: int) -> Sequence[Step]:
        """The questions of hand ``number``, in order."""

    def finish(self, answers: Answers) -> dict[str, Any]:
        """The hand's sheet fields once the whole hand is valid; raises :class:`Revisit` to send the user back."""

    def append(self, fields: dict[str, Any]) -> Any:
        """Write a new hand after the last."""

    def appended(self, done: Any) -> None:
        """Say what :meth:`append` wrote (its line, the sheet, the winner at the end)."""

    def replace(self, number: int, fields: dict[str, Any]) -> Any:
        """Rewrite hand ``number`` (and the running totals after it)."""

    def replaced(self, done: Any) -> None:
        """Say what :meth:`replace` changed."""

    def remove_last(self) -> Any:
        """Remove the last hand."""

    def removed(self, done: Any) -> None:
        """Say which hand :meth:`remove_last` removed."""


class Quit(Exception):
    """The user ends the session (выход, Ctrl-D)."""


class Order(Exception):
    """A command typed at a question that drops what was typed of the hand: ``undo`` or ``edit`` (with the hand's
    number)."""

    def __init__(self, name: str, number: int | None = None) -> None:
        super().__init__(name)
        self.name = name
        self.number = number


class CommandRefused(Exception):
    """A command typed where it cannot be done; the text says why."""


def command_of(answer: str, has_sheet: bool) -> tuple[str, int | None] | None:
    """The command an answer (stripped, single-spaced) is — ``(name, hand number or None)`` — or None when it is an
    answer to the question.  Raises ``CommandRefused`` for an undo or edit before the sheet exists, or an edit without a
    hand's number."""
    word, _space, rest = answer.casefold().partition(" ")
    name = COMMANDS.get(word)
    if name is None:
        return None
    if name in NEED_SHEET and not has_sheet:
        raise CommandRefused(_("протокола ещё нет"))
    if name in NUMBERED:
        if not rest.isdecimal():
            raise CommandRefused(_("правка N — номер сдачи, например: правка 3"))
        return name, int(rest)
    if rest:
        return None
    if name == "show" and not has_sheet:
        raise CommandRefused(_("протокола ещё нет"))
    return name, None


def _english() -> bool:
    return language() == "en"


def _command_words() -> list[str]:
    """The commands Tab completes: the words of the session's language."""
    return [word for word in COMMANDS if word.isascii() == _english()]


def _given(value, answers: Answers):
    return value(answers) if callable(value) else value


class Session:
    """One sitting at the table: how questions are read, the commands, and the loop of hands of one game's sheet.

    ``labels``: how refusals name what was answered (an error's field key → the question's words, ``N_``-marked),
    for the questions asked before the game's sheet exists (:meth:`ask_until`) and the hands' questions alike.
    """

    def __init__(self, path: Path, labels: Mapping[str, str] = MappingProxyType({})) -> None:
        from bbscore.render.layout import console

        self.path = path
        self.labels = {**LABELS, **labels}
        self.out = console()
        self.terminal = sys.stdin.isatty() and sys.stdout.isatty()
        self.prompt = None  # the prompt_toolkit session, made at the first question at a terminal
        self.words: list[str] = []  # what the current question completes
        self.game: Game | None = None  # known once the sheet is read

    # --- questions ---

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        """One answer (stripped, inner spaces single); ``лист`` shows the sheet and puts the question again, a refused
        command is said and the question put again; ``undo``/``edit N`` raise :class:`Order`, ``выход`` and the end of
        input :class:`Quit`."""
        self.words = list(words) + _command_words()
        while True:
            answer = " ".join(self._line(question).split())
            try:
                command = command_of(answer, self.game is not None)
            except CommandRefused as refused:
                self.refuse_text(str(refused))
                continue
            if command is None:
                return answer
            name, number = command
            if name == "quit":
                raise Quit
            if name == "show":  # the sheet, then the same question: nothing typed is lost
                try:
                    self.game.show(self.game.read())
                except BBScoreError as error:  # (the file is no longer a sheet: said; the hand in progress stays)
                    self.refuse(error)
                continue
            raise Order(name, number)

    def ask_until(self, question: str, check: Callable[[str], Any], words: Sequence[str] = ()) -> Any:
        """Ask until ``check(answer)`` returns a value instead of refusing (each refusal said)."""
        while True:
            answer = self.ask(question, words)
            try:
                return check(answer)
            except BBScoreError as error:
                self.refuse(error)

    def _line(self, question: str) -> str:
        """One line typed: at a terminal through prompt_toolkit, else from standard input, echoed."""
        if self.terminal:
            return self._prompt_toolkit(question)
        sys.stdout.write(question)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise Quit
        answer = line.rstrip("\n")
        sys.stdout.write(answer + "\n")  # a scripted session's transcript reads like a typed one
        return answer

    def _prompt_toolkit(self, question: str) -> str:
        if self.prompt is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import InMemoryHistory

            session = self

            class Words(Completer):
                """The current question's words, completing the item being typed (after a comma or a space)."""

                def get_completions(self, document, complete_event):
                    typed = re.split(r"[,;\s]", document.text_before_cursor)[-1]
                    for word in session.words:
                        if typed and word.casefold().startswith(typed.casefold()) and word != typed:
                            yield Completion(word, start_position=-len(typed))

            self.prompt = PromptSession(history=InMemoryHistory(), completer=Words(), complete_while_typing=False)
        try:
            return self.prompt.prompt(question)
        except EOFError:
            raise Quit from None

    def refuse(self, error: BBScoreError) -> None:
        """Say a refusal, naming what was answered by the question's words."""
        self.refuse_text(error.message({key: _(text) for key, text in self.labels.items()}))

    def refuse_text(self, text: str) -> None:
        from bbscore.render.layout import styled

        self.out.print(styled(_("ошибка: {text} — ещё раз").format(text=text), "red"))

    # --- the session ---

    def run(self, game: Game) -> None:
        """Play hands on ``game``'s sheet until the user quits (or the input ends): each hand asked, then written;
        undo and edit at any question.  A sheet that cannot be read before a hand ends the session (the refusal is
        raised: the file is no longer what the session wrote); a refused write is said and the hand asked again."""
        from bbscore.cli import note_written

        game.open()
        self.game = game
        self.out.print(_(HELP))
        pending: Order | None = None
        while True:
            try:
                if pending is not None:
                    order, pending = pending, None
                    self.command(order)
                    continue
                sheet = game.read()
                if game.ended(sheet):
                    self.ask(_("Партия окончена. Enter — выйти (или отмена, правка N, лист): "))
                    raise Quit
                fields = self.ask_hand(sheet, game.count(sheet) + 1)
                try:
                    done = game.append(fields)
                    note_written(game.path)
                    game.appended(done)
                except BBScoreError as error:  # the file changed under us, the game ended: said, and the session goes on
                    self.refuse(error)
            except Order as order:  # (also one typed in the middle of an edit)
                pending = order
            except Quit:
                self.out.print(_("Протокол сохранён: {file}.").format(file=game.path))
                return

    def command(self, order: Order) -> None:
        """Do an undo or an edit; a refusal is said and the session goes on."""
        from bbscore.cli import note_written

        game = self.game
        try:
            if order.name == "undo":
                done = game.remove_last()
                note_written(game.path)
                game.removed(done)
                return
            sheet = game.read()
            count = game.count(sheet)
            if not 1 <= order.number <= count:
                raise BBScoreError("hand", order.number, _("в протоколе сдачи с 1 по {last}").format(last=count)
                                   if count else N_("в протоколе нет сдач"))
            self.out.print(_("Правка сдачи, сейчас: {line}").format(line=game.line(sheet, order.number)))
            fields = self.ask_hand(sheet, order.number)
            done = game.replace(order.number, fields)
            note_written(game.path)
            game.replaced(done)
        except BBScoreError as error:
            self.refuse(error)

    # --- one hand, step by step ---

    def ask_hand(self, sheet: Any, number: int) -> dict[str, Any]:
        """The sheet fields of hand ``number``: its steps walked — each time the first that applies and has no answer
        yet, or the one a :class:`Revisit` names — then the game's whole-hand check."""
        steps = self.game.steps(sheet, number)
        by_name = {step.name: step for step in steps}
        answers: dict[str, Any] = {}
        view = MappingProxyType(answers)
        step: Step | None = None  # the step to ask next regardless of the walk (a Revisit's)
        while True:
            if step is None:
                step = next((later for later in steps if later.name not in answers and later.applies(view)), None)
            if step is None:
                try:
                    return self.game.finish(view)
                except Revisit as back:
                    step = by_name[self._back(back, answers)]
                    continue
            value = step.known(view)
            if value is not None:
                answers[step.name], step = value, None
                continue
            intro = step.intro(view)
            if intro:
                self.out.print(intro)
            step = self._answer(step, answers, view, by_name)

    def _answer(self, step: Step, answers: dict[str, Any], view: Answers, by_name: dict[str, Step]) -> Step | None:
        """Put ``step``'s question until its answer is taken (None: the walk goes on) or a :class:`Revisit` names
        the step to ask next."""
        question, words = _given(step.question, view), _given(step.words, view)
        while True:
            answer = self.ask(question, words)
            try:
                answers[step.name] = step.check(answer, view)
                return None
            except BBScoreError as error:
                self.refuse(error)
            except Revisit as back:
                return by_name[self._back(back, answers)]

    def _back(self, back: Revisit, answers: dict[str, Any]) -> str:
        """Drop the answers a :class:`Revisit` names, say why; the name of the step to ask next."""
        if back.error is not None:
            self.refuse(back.error)
        if back.note:
            self.out.print(back.note)
        for name in back.steps:
            answers.pop(name, None)
        return back.steps[0]
