"""The guided session at the table, for any game: a prompt, the commands typed at any question, the loop of hands.

A game declares each hand as a sequence of named :class:`Step` records (a question, the check of its answer, the
words Tab completes, whether it is put given the earlier answers) and its sheet as a :class:`Game` (read, append,
replace, remove the last hand, show).  :class:`Session` walks the steps of each hand, checking every answer as it
is typed, hands the answers to the game's whole-hand check (which may send the user back to the question
concerned: :class:`Revisit`, said as a question when that question was not put yet), and writes the finished hand
with the game's sheet function — one locked, atomic write per hand — before the next question; a session on an
existing sheet goes on after its last hand.  This module imports no game.

At any question (:data:`COMMANDS`, each in Russian and in English):

* ``назад``/``back`` — the question before, in this hand;
* ``отмена``/``undo`` — in the middle of a hand, drops what was typed of it (nothing written is touched) and starts
  it again; at its first question, offers to remove the last hand written — its line shown, yes or no asked first;
  in an edit, leaves the hand as it was;
* ``правка N``/``edit N`` — asks hand N again, each old answer the default (Enter keeps it), then rewrites it; the
  hand in progress is taken up again after it;
* ``лист``/``show`` — the sheet, then the same question; ``помощь``/``help``/``?`` — the commands, then the same
  question;
* ``выход``/``quit`` or Ctrl-D — ends the session: what was typed of a hand and not written is said.

Ctrl-C interrupts the command as it does any other (:func:`bbscore.cli.main`: «прервано», exit 130).  A sheet that
can no longer be read or written (deleted, a slip typed into it by hand, a full disk) is said and the session waits
for Enter to read or write it again, or for ``выход``: it never loops without reading an answer.  The session ends
with exit code 2 when a hand could not be written, or when a script's every answer was refused.

Each question is broken between words at the terminal's width (:func:`bbscore.render.layout.question_lines`) and
begins with the hand it is about (its first question with the game's heading: which hand, whose deal).  At a
terminal the questions are read with prompt_toolkit (history; completion of the question's words and the
commands), imported only there; otherwise plain lines are read from standard input and each answer is echoed, so a
scripted session's transcript reads like a typed one.  Every loop here is iterative: any number of refused answers
or commands in a row costs no stack.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from bbscore.errors import BBScoreError, ProtocolError, os_reason, visible
from bbscore.i18n import N_, _, language

Answers = Mapping[str, Any]
"""A hand's answers so far: each step's name → the value its check returned (read-only for the game)."""

# The commands typed at any question: word → command (the Russian and the English word of each; completion offers
# the words of the session's language, in this order).
COMMANDS = {"назад": "back", "back": "back", "отмена": "undo", "undo": "undo", "правка": "edit", "edit": "edit",
            "лист": "show", "show": "show", "помощь": "help", "help": "help", "?": "help", "выход": "quit",
            "quit": "quit"}
NEED_SHEET = {"undo", "edit"}  # refused before the sheet exists, whatever follows the word
NUMBERED = {"edit"}  # followed by a hand's number; the others are commands only when typed alone
SHORT_HELP = N_("Команды в любом вопросе: назад, отмена, правка N, лист, помощь (или ?), выход.")
HELP = (
    N_("Команды в любом вопросе:"),
    N_("назад — на вопрос назад;"),
    N_("отмена — сбросить ввод этой сдачи (в её первом вопросе — убрать последнюю записанную сдачу, спросив "
       "сначала);"),
    N_("правка N — исправить сдачу N (Enter оставляет прежний ответ);"),
    N_("лист — весь протокол;"),
    N_("помощь или ? — эти команды;"),
    N_("выход или Ctrl-D — закончить (всё записанное сохранено)."),
)
LABELS = {"hand": N_("сдача"), "answer": N_("ответ")}  # the session's own refusals; translated where shown
YES, NO = ("да", "д", "yes", "y"), ("нет", "н", "no", "n")
# The longest answer read: above the longest any question takes (32 cards or 16 constructions, read up to 1,000
# characters by the games' own readers).  A longer line is refused at once, not read through (issue 19: a 10 MB line).
MAX_ANSWER = 1000
# What a question says Enter gives — «(Enter — нет)», «(…; Enter — нет)» — left out where Enter keeps an old answer.
_ENTER_NOTE = re.compile(r"\s*\(Enter — [^()]*\)|;\s*Enter — [^();]*(?=\))")


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
    ``label``: what the answer is, in a few words (``N_``-marked; translated where shown): how the session names it
    when it says what was typed and not written.
    ``words``: what Tab completes at a terminal (a sequence, or a function of the answers so far).
    ``applies``: whether the question is put, given the earlier answers (default: always); a step that does not
    apply has no answer.
    ``known``: the value when it need not be asked, from the answers so far (``None``: ask).
    ``intro``: a line said once before the question is first put (``None``: nothing), from the answers so far.
    ``brief``: the question once it has been put in this session (the forms it shows learned; a phone's screen is
    short), or a function of the answers giving it (``None``: always ``question``).
    ``echo``: ``(answer, value) → text``, how the session names the answer when it says what was typed and not
    written (the name a prefix or a seat number meant; ``None``: as typed).
    """

    name: str
    question: str | Callable[[Answers], str]
    check: Callable[[str, Answers], Any]
    label: str = ""
    words: Sequence[str] | Callable[[Answers], Sequence[str]] = ()
    applies: Callable[[Answers], bool] = _always
    known: Callable[[Answers], Any] = _never
    intro: Callable[[Answers], str | None] = _never
    brief: str | Callable[[Answers], str] | None = None
    echo: Callable[[str, Any], str] | None = None


class Revisit(Exception):
    """Back to an earlier question, raised by a step's check or by the game's whole-hand check.

    The answers of ``steps`` are dropped and the first of them is asked next (whether or not it applies: the hand was
    refused for its sake); the walk then goes on to the first question not answered.  ``error`` is said first — as
    a refusal when that question was answered, as a plain line when it was not put yet (a question that follows from
    the answers, not a slip) — or ``note`` as a plain line.
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
    :class:`~bbscore.errors.BBScoreError` when refused (nothing is then written; the session says it and offers to
    try again); what they return is handed to the matching ``…ed`` method, which says what was done.
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

    def heading(self, sheet: Any, number: int) -> str:
        """Hand ``number`` in a few words, before its first question: which hand, whose deal."""

    def line(self, sheet: Any, number: int) -> str:
        """Hand ``number``'s line (1-based, ``1 ≤ number ≤ count(sheet)``)."""

    def typed(self, sheet: Any, number: int) -> dict[str, str]:
        """What a person would type at each question (by step name) to give hand ``number`` as written: the
        defaults of an edit."""

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
        """Rewrite hand ``number`` (and what follows from it in the later hands)."""

    def replaced(self, done: Any) -> None:
        """Say what :meth:`replace` changed."""

    def remove_last(self) -> Any:
        """Remove the last hand."""

    def removed(self, done: Any) -> None:
        """Say which hand :meth:`remove_last` removed."""


@dataclass
class Progress:
    """A hand being typed: its number, whether it is an edit, each step's value and the text typed for it, and the
    order the questions were answered in (for ``назад``)."""

    number: int
    editing: bool = False
    answers: dict[str, Any] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    history: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)

    def drop_from(self, name: str) -> None:
        """Forget ``name``'s answer and every answer given after it."""
        names = list(self.answers)
        for later in names[names.index(name):] if name in names else [name]:
            self.answers.pop(later, None)
            self.typed.pop(later, None)
            if later in self.history:
                self.history.remove(later)


class Quit(Exception):
    """The user ends the session (выход, Ctrl-D); ``progress``: the hand being typed then, if any."""

    def __init__(self, progress: Progress | None = None) -> None:
        super().__init__()
        self.progress = progress


class Back(Exception):
    """``назад`` typed at a question."""


class Cancel(Exception):
    """``отмена`` typed in an edit: the hand stays as it was."""


class Order(Exception):
    """A command typed at a question that leaves the hand being typed: ``undo`` (at a hand's first question) or
    ``edit`` (with the hand's number); ``progress``: the hand in progress, taken up again after the command."""

    def __init__(self, name: str, number: int | None = None) -> None:
        super().__init__(name)
        self.name = name
        self.number = number
        self.progress: Progress | None = None


class SheetChanged(Exception):
    """The sheet was changed outside the session while a new hand was typed (its count of hands is no longer the one
    the hand's questions were put for); ``progress``: the hand being typed."""

    def __init__(self, progress: Progress | None = None) -> None:
        super().__init__()
        self.progress = progress


class CommandRefused(Exception):
    """A command typed where it cannot be done; the text says why."""


def command_of(answer: str, has_sheet: bool) -> tuple[str, int | None] | None:
    """The command an answer (stripped, single-spaced) is — ``(name, hand number or None)`` — or None when it is an
    answer to the question.  Raises ``CommandRefused`` for an undo or edit before the sheet exists, or an edit without a
    hand's number (read by the strict reader of whole numbers: ASCII digits)."""
    word, _space, rest = answer.casefold().partition(" ")
    name = COMMANDS.get(word)
    if name is None:
        return None
    if name in NEED_SHEET and not has_sheet:
        raise CommandRefused(_("протокола ещё нет"))
    if name in NUMBERED:
        from bbscore.numbers import parse_count

        try:
            number = parse_count(rest, "hand", 1, 100_000, "")
        except BBScoreError:
            raise CommandRefused(_("правка N — номер сдачи, например: правка 3")) from None
        return name, number
    if rest:
        return None
    if name == "show" and not has_sheet:
        raise CommandRefused(_("протокола ещё нет"))
    return name, None


def taken_for(name: str, words: Iterable[str] = ()) -> str | None:
    """The word a name typed as an answer would be taken for — a command at any question (``выход``, ``?``, and
    ``правка``/``edit`` followed by anything: :func:`command_of`) or one of ``words``, the other answers of the
    questions that ask for a name (``распасы``, ``пас``), compared without regard to case — or None when the name is
    only a name.  Given to :func:`bbscore.seats.new_names` by the commands whose sheets a session can keep."""
    typed = " ".join(name.split())
    folded = typed.casefold()
    if any(folded == word.casefold() for word in words):
        return folded
    try:
        command = command_of(typed, True)
    except CommandRefused:  # (an edit without a hand's number: still the command's word)
        command = ("edit", None)
    return None if command is None else folded.partition(" ")[0]


def _english() -> bool:
    return language() == "en"


def _command_words() -> list[str]:
    """The commands Tab completes: the words of the session's language."""
    return [word for word in COMMANDS if word.isascii() == _english() and word != "?"]


def _given(value, answers: Answers):
    return value(answers) if callable(value) else value


def yes_no(text: str) -> bool:
    """да/нет (yes/no, and their first letters) → True/False; anything else refused (field ``answer``)."""
    answer = text.casefold()
    if answer in YES:
        return True
    if answer in NO:
        return False
    raise BBScoreError("answer", text, N_("да или нет"))


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
        self.taken = 0  # answers taken (a script whose every answer was refused ends with exit code 2)
        self.refused = 0
        self.unwritten: str | None = None  # a hand that could not be written, when the session ends
        self.typing: Progress | None = None  # the hand being typed (or edited) last
        self.expected: int | None = None  # while a new hand is typed: how many hands the sheet held when it began
        self.put: set[str] = set()  # the steps whose question has been put (then their brief form is)

    # --- questions ---

    def ask(self, question: str, words: Sequence[str] = (), default: str | None = None) -> str:
        """One answer (stripped, inner spaces single; with a ``default``, Enter gives it).  ``лист`` and ``помощь``
        are done here and the question put again, a refused command is said and the question put again; ``назад``
        raises :class:`Back`, ``отмена``/``правка N`` :class:`Order`, ``выход`` and the end of input :class:`Quit`."""
        self.words = list(words) + _command_words()
        if default is not None:  # Enter keeps the old answer: the question's own «(Enter — нет)» is left out
            question = _("{question} [Enter — {answer}]: ").format(
                question=_ENTER_NOTE.sub("", question.rstrip().removesuffix(":")), answer=default or _("нет"))
        while True:
            line = self._line(question)
            if self.expected is not None and self._count_now() not in (None, self.expected):
                raise SheetChanged  # (the answer was to a question of the sheet before: not taken)
            if len(line) > MAX_ANSWER:  # (neither split nor matched: a line of megabytes costs nothing)
                self.refused += 1
                self.refuse_text(_("ответ длиннее {count} знаков — не читаю").format(count=MAX_ANSWER))
                continue
            answer = " ".join(line.split())
            try:
                command = command_of(answer, self.game is not None)
            except CommandRefused as refused:
                self.refuse_text(str(refused))
                continue
            if command is None:
                return default if default is not None and not answer else answer
            name, number = command
            if name == "quit":
                raise Quit
            if name == "help":
                self.help()
                continue
            if name == "show":  # the sheet, then the same question: nothing typed is lost
                try:
                    self.game.show(self.game.read())
                except BBScoreError as error:  # (the file is no longer a sheet: said; the hand in progress stays)
                    self.refuse(error)
                continue
            if name == "back":
                raise Back
            raise Order(name, number)

    def help(self) -> None:
        """The commands, one a line."""
        first, *rest = HELP
        self.out.print(_(first))
        for line in rest:
            self.out.print("  " + _(line))

    def ask_until(self, question: str, check: Callable[[str], Any], words: Sequence[str] = ()) -> Any:
        """Ask until ``check(answer)`` returns a value instead of refusing (each refusal said)."""
        while True:
            try:
                answer = self.ask(question, words)
            except Back:
                self.out.print(_("Назад некуда: это первый вопрос."))
                continue
            try:
                value = check(answer)
            except BBScoreError as error:
                self.refuse(error)
                continue
            self.taken += 1
            return value

    def confirm(self, question: str) -> bool:
        """A yes-or-no question, asked until answered."""
        while True:
            try:
                answer = self.ask(question, ["yes", "no"] if _english() else ["да", "нет"])
            except Back:
                return False
            try:
                return yes_no(answer)
            except BBScoreError as error:
                self.refuse(error)

    def _line(self, question: str) -> str:
        """One line typed: at a terminal through prompt_toolkit, else from standard input, echoed; the question broken
        between words at the terminal's width."""
        from bbscore.errors import visible
        from bbscore.render.layout import question_lines

        lines = question_lines(question, self.out.width) if self.out.breaking else [visible(question)]
        if self.terminal:
            return self._prompt_toolkit("\n".join(lines))
        for line in lines[:-1]:
            self.out.print(line)
        sys.stdout.write(lines[-1])
        sys.stdout.flush()
        line = sys.stdin.readline(MAX_ANSWER + 2)  # (a longer line: the rest skipped unread, the answer refused)
        if not line:
            sys.stdout.write("\n")
            raise Quit
        if not line.endswith("\n"):
            while (rest := sys.stdin.readline(1 << 16)) and not rest.endswith("\n"):
                pass
        answer = line.rstrip("\n")
        if len(answer) > MAX_ANSWER:  # a scripted session's transcript reads like a typed one (a long answer cut)
            sys.stdout.write(visible(answer[:40]) + "…\n")
        else:
            sys.stdout.write(visible(answer) + "\n")
        return answer

    def _prompt_toolkit(self, question: str) -> str:
        if self.prompt is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import InMemoryHistory
            from prompt_toolkit.key_binding import KeyBindings
            from prompt_toolkit.keys import Keys

            session = self

            class Words(Completer):
                """The current question's words, completing the item being typed (after a comma or a space)."""

                def get_completions(self, document, complete_event):
                    typed = re.split(r"[,;\s]", document.text_before_cursor)[-1]
                    for word in session.words:
                        if typed and word.casefold().startswith(typed.casefold()) and word != typed:
                            yield Completion(word, start_position=-len(typed))

            # An escape sequence typed or pasted at the prompt (\x1b[31m: a colour) is read by prompt_toolkit as a
            # mouse event, whose handler then fails on it (a traceback, the session stopped): the session asks for
            # no mouse, so every such event is ignored here (these bindings are looked up before prompt_toolkit's).
            bindings = KeyBindings()
            bindings.add(Keys.Vt100MouseEvent)(lambda event: None)
            self.prompt = PromptSession(history=InMemoryHistory(), completer=Words(), complete_while_typing=False,
                                        key_bindings=bindings)
            # A terminal that does not answer prompt_toolkit's cursor position request (CPR) within 2 s got its English
            # «WARNING: your terminal doesn't support cursor position requests (CPR).» in the middle of a question:
            # the session needs no CPR (prompt_toolkit only learns from it how many rows are free below the prompt,
            # for the completion menu, and without it goes on as well), so nothing is said.
            self.prompt.app.renderer.cpr_not_supported_callback = None
        try:
            return self.prompt.prompt(question)
        except EOFError:
            raise Quit from None

    def refuse(self, error: BBScoreError, again: bool = True) -> None:
        """Say a refusal, naming what was answered by the question's words (the session's own file by its name and
        the line, when it can no longer be read: deleted, spoilt by hand)."""
        self.refused += 1
        if isinstance(error, ProtocolError):
            text = visible(error.message())  # (a file name's control characters named)
        else:
            text = error.message({key: _(text) for key, text in self.labels.items()})
        self.refuse_text(text, again)

    def refuse_text(self, text: str, again: bool = True) -> None:
        from bbscore.render.layout import styled

        line = _("ошибка: {text} — ещё раз").format(text=text) if again else _("ошибка: {text}").format(text=text)
        self.out.print(styled(line, "red"))

    # --- the session ---

    def run(self, game: Game) -> int:
        """Play hands on ``game``'s sheet until the user quits (or the input ends): each hand asked, then written;
        the commands at any question.  The exit code: 0, or 2 when a hand could not be written or a script's every
        answer was refused."""
        game.open()
        self.game = game
        self.out.print(_(SHORT_HELP))
        pending: Order | None = None
        resume: Progress | None = None  # the hand in progress when a command interrupted it
        retyped: Progress | None = None  # a hand typed while the sheet changed, asked again: its answers kept
        while True:
            try:
                if pending is not None:
                    order, pending = pending, None
                    self.command(order)
                    continue
                sheet = self._read()
                if game.ended(sheet):
                    if resume is not None:
                        self._not_written(resume)
                        resume = None
                    self.ask(_("Партия окончена. Enter — выйти (или отмена, правка N, лист): "))
                    raise Quit
                number = game.count(sheet) + 1
                kept = resume if resume is not None and resume.number == number else None
                if resume is not None and kept is None:
                    self._not_written(resume)
                resume = None
                if kept is not None:
                    self.out.print(_("Продолжаем сдачу {number}.").format(number=number))
                defaults = None
                if retyped is not None and kept is None and retyped.number == number:
                    kept, defaults = retyped, dict(retyped.typed)  # (Enter keeps each; a quit says them unwritten)
                elif retyped is not None:
                    self._not_written(retyped)
                retyped = None
                self.expected = number - 1  # (each answer first looks whether the sheet still holds as many hands)
                try:
                    fields = self.ask_hand(sheet, number, kept, defaults=defaults)
                finally:
                    self.expected = None
                if self._count_now() not in (None, number - 1):  # (changed after the last answer)
                    raise SheetChanged(self.typing)
                try:
                    self._write(_("Сдача {number} не записана").format(number=number), lambda: game.append(fields),
                                game.appended)
                except (Order, Quit) as order:  # (a command, or выход, at the question after a refused write)
                    order.progress = order.progress or self.typing  # the hand typed: taken up again, or said unwritten
                    raise
            except SheetChanged as changed:  # (the hand's questions were those of the sheet before)
                now = self._read()
                retyped = self._changed(changed.progress or self.typing, game.count(now), game.ended(now))
            except Order as order:  # (also one typed in the middle of an edit: the hand before it is kept)
                pending = order
                if order.progress is not None:
                    resume = order.progress
            except Quit as quit:
                return self._end(quit.progress, resume)

    def _end(self, progress: Progress | None, resume: Progress | None) -> int:
        """Say what the session leaves unwritten and that the sheet is kept; the exit code."""
        if progress is not None and progress.editing:
            self.out.print(_("Правка сдачи {number} не закончена: сдача {number} осталась прежней.").format(
                number=progress.number))
            progress = None
        for hand in (progress, resume):
            if hand is not None and hand.typed:
                self._not_written(hand)
        if self.unwritten is not None:
            from bbscore.render.layout import styled

            self.out.print(styled(self.unwritten, "red"))
            self.out.print(_("Записанное раньше сохранено: {file}.").format(file=self.path))
            return 2
        self.out.print(_("Всё записанное сохранено: {file}.").format(file=self.path))
        if not self.terminal and self.refused and not self.taken:
            return 2
        return 0

    def _changed(self, hand: Progress | None, count: int, ended: bool) -> Progress | None:
        """Say that the sheet changed outside the session while hand ``hand.number`` was typed (it now holds
        ``count`` hands): the hand is not written, since its questions were those of the sheet before.  The next
        hand, holding the answers typed (Enter keeps each), or None when the game has ended."""
        from bbscore.render.layout import styled

        number = hand.number if hand is not None else count
        self.out.print(styled(_("Лист изменён вне этой сессии, пока вводилась сдача {number}: записанных сдач теперь "
                                "{count}.").format(number=number, count=count), "yellow"))
        if ended:
            if hand is not None and hand.typed:  # (said as the hand it would now be: hand number is the other's)
                self._not_written(Progress(number=count + 1, typed=hand.typed, labels=hand.labels))
                self.unwritten = _("Сдача {number} не записана: лист изменён вне этой сессии.").format(number=count + 1)
            return None
        self.out.print(_("Сдача {number} — заново; Enter оставляет введённое.").format(number=count + 1))
        return Progress(number=count + 1, typed=dict(hand.typed) if hand is not None else {})

    def _not_written(self, hand: Progress) -> None:
        typed = "; ".join(f"{_(hand.labels.get(name) or self.labels.get(name) or name)} — {text or _('нет')}"
                          for name, text in hand.typed.items())
        self.out.print(_("Сдача {number} не записана; было введено: {typed}.").format(number=hand.number, typed=typed)
                       if typed else _("Сдача {number} не записана.").format(number=hand.number))

    def _count_now(self) -> int | None:
        """How many hands the sheet holds now; None when it cannot be read (said where it is read or written next)."""
        try:
            return self.game.count(self.game.read())
        except BBScoreError:
            return None

    def _read(self) -> Any:
        """The sheet as the file holds it; while it cannot be read, said, and read again after Enter."""
        while True:
            try:
                return self.game.read()
            except BBScoreError as error:
                self.refuse(error, again=False)
                self.ask(_("Файл не читается. Исправьте его и нажмите Enter — прочитаю ещё раз; выход — закончить: "))

    def _write(self, what: str, write: Callable[[], Any], said: Callable[[Any], None]) -> bool:
        """One write of the sheet (a hand appended, replaced or removed), then what it did said; when it is refused
        (the file changed, deleted, a full disk), said — ``what`` names what was not done — and tried again after
        Enter (``отмена``: not done)."""
        from bbscore.cli import note_written

        while True:
            try:
                done = write()
            except (BBScoreError, OSError) as error:
                reason = visible(error.message()) if isinstance(error, BBScoreError) else os_reason(error)
                self.unwritten = _("{what}: {reason}.").format(what=what, reason=reason)
                self.refused += 1
                self.refuse_text(reason, again=False)
                try:
                    self.ask(_("{what}. Enter — попробовать ещё раз, отмена — оставить так, выход — закончить: ").format(
                        what=what))
                except Order as order:
                    if order.name == "undo":
                        self.unwritten = None
                        self.out.print(_("{what}.").format(what=what))
                        return False
                    raise
                except Back:
                    pass
                continue
            self.unwritten = None
            note_written(self.game.path)
            said(done)
            return True

    def command(self, order: Order) -> None:
        """Do an undo (asking first) or an edit; a refusal is said and the session goes on."""
        game = self.game
        try:
            sheet = self._read()
            count = game.count(sheet)
            if order.name == "undo":
                if not count:
                    self.out.print(_("Убирать нечего: записанных сдач нет."))
                    return
                line = game.line(sheet, count)
                if self.confirm(_("Убрать записанную сдачу {number}: {line}? (да/нет): ").format(number=count, line=line)):
                    self._write(_("Сдача {number} не убрана").format(number=count), game.remove_last, game.removed)
                else:
                    self.out.print(_("Сдача {number} остаётся.").format(number=count))
                return
            if not 1 <= order.number <= count:
                raise BBScoreError("hand", order.number, _("в протоколе сдачи с 1 по {last}").format(last=count)
                                   if count else N_("в протоколе нет сдач"))
            number = order.number
            self.out.print(_("Правка сдачи {number}, сейчас: {line}").format(number=number, line=game.line(sheet, number)))
            self.out.print(_("Enter оставляет прежний ответ; отмена — не менять сдачу."))
            try:
                defaults = game.typed(sheet, number) if hasattr(game, "typed") else {}
                fields = self.ask_hand(sheet, number, editing=True, defaults=defaults)
            except Cancel:
                self.out.print(_("Правка отменена: сдача {number} не изменена.").format(number=number))
                return
            self._write(_("Правка сдачи {number} не записана").format(number=number),
                        lambda: game.replace(number, fields), game.replaced)
        except BBScoreError as error:
            self.refuse(error, again=False)

    # --- one hand, step by step ---

    def ask_hand(self, sheet: Any, number: int, kept: Progress | None = None, *, editing: bool = False,
                 defaults: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The sheet fields of hand ``number``: its steps walked — each time the first that applies and has no answer
        yet, or the one a :class:`Revisit` names — then the game's whole-hand check.  ``kept``: a hand in progress
        taken up again; ``editing``: an edit of a written hand, with the ``defaults`` typed for it."""
        steps = self.game.steps(sheet, number)
        by_name = {step.name: step for step in steps}
        hand = kept or Progress(number=number, editing=editing)
        self.typing = hand
        hand.labels = {step.name: step.label for step in steps if step.label}
        view = MappingProxyType(hand.answers)
        heading = (self.game.heading(sheet, number) if hasattr(self.game, "heading")
                   else _("Сдача {number}.").format(number=number))
        if editing:
            heading = _("Правка сдачи {number}.").format(number=number)
            prefix = _("[правка {number}] ").format(number=number)
        else:
            prefix = f"[{number}] "
        first = True  # the first question put says which hand it is
        step: Step | None = None  # the step to ask next regardless of the walk (a Revisit's, назад's)
        while True:
            if step is None:
                step = next((later for later in steps if later.name not in hand.answers and later.applies(view)), None)
            if step is None:
                try:
                    return self.game.finish(view)
                except Revisit as back:
                    step = by_name[self._back(back, hand)]
                    continue
            value = step.known(view)
            if value is not None:
                hand.answers[step.name], step = value, None
                continue
            intro = step.intro(view)
            if intro:
                self.out.print(intro)
            try:
                step = self._answer(step, hand, view, by_name, f"{heading} " if first else prefix, defaults)
            except Back:
                if hand.history:
                    name = hand.history[-1]
                    hand.drop_from(name)
                    step = by_name[name]
                else:
                    self.out.print(_("Назад некуда: это первый вопрос сдачи {number}.").format(number=number))
                continue
            except Order as order:
                if order.name == "edit" and not 1 <= order.number <= self.game.count(sheet):
                    # (refused where it was typed: the hand being typed, an edit too, goes on)
                    self.refuse(BBScoreError("hand", order.number, _("в протоколе сдачи с 1 по {last}").format(
                        last=self.game.count(sheet)) if self.game.count(sheet) else N_("в протоколе нет сдач")))
                    continue
                if order.name == "edit" and editing:
                    self.out.print(_("Правка сдачи {number} оставлена: сдача {number} не изменена.").format(number=number))
                if order.name == "undo":
                    if editing:
                        raise Cancel from None
                    if hand.history:
                        self.out.print(_("Ввод сдачи {number} сброшен (записанное не тронуто); сдача {number} — с "
                                         "начала.").format(number=number))
                        hand = Progress(number=number, labels=hand.labels)
                        view = MappingProxyType(hand.answers)
                        step, first = None, True
                        continue
                order.progress = None if editing or not hand.history else hand
                raise
            except Quit as quit:
                quit.progress = hand if editing or hand.typed else None
                raise
            first = False

    def _answer(self, step: Step, hand: Progress, view: Answers, by_name: dict[str, Step], prefix: str,
                defaults: Mapping[str, str] | None) -> Step | None:
        """Put ``step``'s question until its answer is taken (None: the walk goes on) or a :class:`Revisit` names
        the step to ask next."""
        asked = step.brief if step.brief is not None and step.name in self.put else step.question
        question, words = prefix + _given(asked, view), _given(step.words, view)
        self.put.add(step.name)
        default = defaults.get(step.name) if defaults else None
        if default is not None:  # (an answer offered by Enter is one this question takes: a hand asked again after
            try:                 # the sheet changed may be dealt by another player)
                step.check(default, view)
            except (BBScoreError, Revisit):
                default = None
        while True:
            answer = self.ask(question, words, default)
            try:
                value = step.check(answer, view)
            except BBScoreError as error:
                self.refuse(error)
                continue
            except Revisit as back:
                return by_name[self._back(back, hand)]
            hand.answers[step.name] = value
            hand.typed[step.name] = step.echo(answer, value) if step.echo is not None else answer
            hand.history.append(step.name)
            self.taken += 1
            return None

    def _back(self, back: Revisit, hand: Progress) -> str:
        """Drop the answers a :class:`Revisit` names, say why; the name of the step to ask next."""
        if back.error is not None:
            if back.steps[0] in hand.answers:
                self.refuse(back.error)
            else:  # a question that follows from the answers: asked, not refused
                self.out.print(back.error.explanation({key: _(text) for key, text in self.labels.items()}))
        if back.note:
            self.out.print(back.note)
        for name in back.steps:
            hand.answers.pop(name, None)
            hand.typed.pop(name, None)
            if name in hand.history:
                hand.history.remove(name)
        return back.steps[0]
