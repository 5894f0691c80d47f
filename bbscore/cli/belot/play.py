"""``bbscore play FILE``: a guided session at the table.

One question at a time, with the accepted forms shown; each answer is checked on the spot by the core
(``Contract.parse``, ``hand.make_hand`` with the file's convention, ``constructions.parse_list``) and asked again
when bad.  Each hand is written with ``protocol.append`` (the locked atomic write of ``add``) before the next
question, so nothing typed is lost.  At any question: ``отмена``/``undo``, ``правка N``/``edit N``,
``лист``/``show``, ``выход``/``quit`` or Ctrl-D.

With a terminal the questions are read with prompt_toolkit (history, completion of pair and construction names;
imported only here); otherwise plain lines are read from standard input, so a session can be scripted.
"""

# No "from __future__ import annotations": Typer would evaluate every annotation string at each start.
import re
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import note_written
from bbscore.cli.options import Command
from bbscore.cli.belot.options import ConventionOption, ProtocolFile
from bbscore.errors import BBScoreError, ImplausibleBidError
from bbscore.i18n import N_, _, language

# How the session names what the user answered (the questions, not options or file keys).
LABELS = {  # translated where shown (Session.refuse)
    "by": N_("кто играет"), "contract": N_("контракт"), "контракт": N_("контракт"), "def_points": N_("висты вистующих"),
    "decl_points": N_("висты разыгрывающих"), "def_cards": N_("карты вистующих"), "decl_cards": N_("карты разыгрывающих"),
    "last": N_("последняя взятка"), "decl_tricks": N_("взятки разыгрывающих"),
    "decl_con": N_("конструкции разыгрывающих"), "def_con": N_("конструкции вистующих"), "pairs": N_("пары"),
    "hand": N_("сдача"), "redeal": N_("пересдача"),
}
# Which question a refusal sends the user back to.
STEP_OF = {
    "contract": "contract", "контракт": "contract", "decl_tricks": "tricks",
    "def_points": "points", "decl_points": "points", "def_points/decl_points": "points", "def_cards": "points",
    "decl_cards": "points", "def_cards/decl_cards": "points", "last": "points", "cards": "points",
    "decl_con": "decl_con", "def_con": "def_con", "decl_con/def_con": "constructions", "bela": "constructions",
    "rams": "constructions", "construction": "constructions",
}
STEPS = ("contract", "tricks", "points", "decl_con", "def_con")
POINT_KEYS = ("def_points", "decl_points", "def_cards", "decl_cards", "last")
COMMAND_WORDS = ("отмена", "undo", "правка", "edit", "лист", "show", "выход", "quit")
REDEAL_WORDS = {"пас": "all-pass", "пересдача": "all-pass", "pass": "all-pass", "all-pass": "all-pass", "рамки-7": "rams-7",
                "rams-7": "rams-7", "рамки-8": "rams-8", "rams-8": "rams-8"}
HELP = N_("Команды в любом вопросе: отмена (undo) — убрать последнюю сдачу, правка N (edit N) — исправить сдачу N, "
          "лист (show) — весь протокол, выход (quit) или Ctrl-D — закончить (всё записанное сохранено).")


def _english() -> bool:
    """Whether the session speaks English: its words shown are the English ones (both are accepted)."""
    return language() == "en"


def _command_words() -> list[str]:
    return [word for word in COMMAND_WORDS if word.isascii() == _english()]


class Quit(Exception):
    """The user ends the session (выход, Ctrl-D)."""


class Again(Exception):
    """The same question once more, without a refusal (a bid the user did not confirm)."""


class Order(Exception):
    """A command typed at a question: ``undo`` or ``edit`` (with the hand's number); what was typed of a hand is
    dropped."""

    def __init__(self, name: str, number: int | None = None) -> None:
        super().__init__(name)
        self.name = name
        self.number = number


def play(
    file: ProtocolFile,
    pairs: Annotated[Optional[str], typer.Option("--pairs", help="Для новой партии: две пары через запятую, \"Мы,Они\".", metavar="A,B")] = None,
    convention: ConventionOption = "gambler",
    target: Annotated[Optional[str], typer.Option("--target", help="Для новой партии: до скольких очков.", metavar="N")] = None,
) -> None:
    """Вести партию за столом: вопрос за вопросом, каждая сдача сразу записывается в FILE (новый файл — с --pairs)."""
    from bbscore.belot import protocol
    from bbscore.render import belot as render
    from bbscore.belot.hand import parse_count

    session = Session(file)
    if file.exists():
        protocol.check_path(file, must_exist=True)
        ignored = [option for option, value in (("--pairs", pairs), ("--target", target)) if value is not None]
        if ignored:  # the file already says them
            session.out.print(_("Партия {file} продолжается: её пары, цель и правила — из файла ({options} не нужны).").format(
                file=file, options=", ".join(ignored)))
    else:
        goal = parse_count(target, "target", 1, 100_000, _("цель партии — целое число от 1 до 100000"))
        if pairs is None:
            try:
                pairs = session.ask_until(_("Новая партия. Пары через запятую (например: Мы,Они): "), _pairs_answer)
            except Quit:
                session.out.print(_("Партия не начата: файл {file} не создан.").format(file=file))
                return
        header = protocol.create(file, tuple(pairs.split(",")), convention, goal)
        note_written(file)
        render.console().print(_("Протокол {file}: {first} — {second}, до {target}, правила {convention}.").format(
            file=file, first=header.pairs[0], second=header.pairs[1], target=header.target, convention=header.convention))
    session.run()


def _pairs_answer(text: str) -> str:
    names = [" ".join(name.split()) for name in text.split(",")]
    if len(names) != 2 or not all(names) or names[0].casefold() == names[1].casefold():
        from bbscore.errors import InvalidValueError

        raise InvalidValueError("pairs", text, N_("две разные пары через запятую, например: Мы,Они"))
    return ",".join(names)


class Session:
    """One sitting at the table: the file, how questions are read, and the output."""

    def __init__(self, path: Path) -> None:
        from bbscore.render import belot as render

        self.path = path
        self.out = render.console()
        self.terminal = sys.stdin.isatty() and sys.stdout.isatty()
        self.prompt = None  # the prompt_toolkit session, made at the first question at a terminal
        self.words: list[str] = []  # what a question completes
        self.pairs: tuple[str, str] | None = None  # known once the protocol is read

    # --- questions ---

    def ask(self, question: str, words: tuple[str, ...] | list[str] = ()) -> str:
        """One answer (stripped); a command raises :class:`Order` or :class:`Quit`."""
        self.words = list(words) + _command_words()
        if self.terminal:
            answer = self._prompt_toolkit(question)
        else:
            sys.stdout.write(question)
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                sys.stdout.write("\n")
                raise Quit
            answer = line.rstrip("\n")
            sys.stdout.write(answer + "\n")  # a scripted session's transcript reads like a typed one
        answer = " ".join(answer.split())
        word, _space, rest = answer.casefold().partition(" ")
        if word in ("выход", "quit") and not rest:
            raise Quit
        if word in ("лист", "show") and not rest:  # the sheet, then the same question: nothing typed is lost
            if self.pairs is None:
                self.refuse_text(_("протокола ещё нет"))
            else:
                self.show()
            return self.ask(question, words)
        if word in ("отмена", "undo", "правка", "edit") and self.pairs is None:
            self.refuse_text(_("протокола ещё нет"))
            return self.ask(question, words)
        if word in ("отмена", "undo") and not rest:
            raise Order("undo")
        if word in ("правка", "edit"):
            if not rest.isdigit():
                self.refuse_text(_("правка N — номер сдачи, например: правка 3"))
                return self.ask(question, words)
            raise Order("edit", int(rest))
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

    def ask_until(self, question: str, check, words=()):
        """Ask until ``check(answer)`` returns a value instead of refusing."""
        while True:
            answer = self.ask(question, words)
            try:
                return check(answer)
            except BBScoreError as error:
                self.refuse(error)
            except Again:
                pass

    def refuse(self, error: BBScoreError) -> None:
        self.refuse_text(error.message({key: _(text) for key, text in LABELS.items()}))

    def refuse_text(self, text: str) -> None:
        from bbscore.render.layout import styled

        self.out.print(styled(_("ошибка: {text} — ещё раз").format(text=text), "red"))

    # --- the session ---

    def run(self) -> None:
        from bbscore.belot import protocol

        sheet = protocol.read(self.path)
        self.rules, warning = protocol.convention_for(sheet)
        self.pairs = sheet.header.pairs
        if sheet.hands or warning:
            self.show(warning)
        self.out.print(_(HELP))
        pending: Order | None = None
        while True:
            try:
                if pending is not None:
                    order, pending = pending, None
                    self.command(order)
                    continue
                sheet = protocol.read(self.path)
                if self.replay(sheet).ended:
                    self.ask(_("Партия окончена. Enter — выйти (или отмена, правка N, лист): "))
                    raise Quit
                fields = self.ask_hand(len(sheet.hands) + 1)
                appended = protocol.append(self.path, fields)
                note_written(self.path)
                self.written(appended)
            except Order as order:  # (also one typed in the middle of a правка)
                pending = order
            except Quit:
                self.out.print(_("Протокол сохранён: {file}.").format(file=self.path))
                return
            except BBScoreError as error:  # the file changed under us, the game ended: said, and the session goes on
                self.refuse(error)

    def written(self, appended) -> None:
        """After each hand: its protocol line, then the whole sheet (with the standing, and the winner at the end)."""
        from bbscore.render import belot as render

        if appended.warning:
            self.out.print(render.styled(_("внимание: {warning}").format(warning=appended.warning), "yellow"))
        result = appended.replay.results[-1]
        number = str(result.entry.number)
        self.out.print(render.styled(_("Сдача {number} записана: {line}").format(
            number=number, line=render.hand_line(number, result, self.pairs)), "bold"))
        render.sheet(appended.protocol, appended.replay, None)

    def replay(self, sheet):
        from bbscore.belot.game import replay

        return replay(sheet.hands, sheet.header.pairs, sheet.header.target, self.rules)

    def show(self, warning: str | None = None) -> None:
        from bbscore.belot import protocol
        from bbscore.render import belot as render

        sheet = protocol.read(self.path)
        render.sheet(sheet, self.replay(sheet), warning)

    def command(self, order: Order) -> None:
        from bbscore.belot import protocol
        from bbscore.render import belot as render

        try:
            if order.name == "undo":
                from bbscore.cli.belot.sheet import removed_result

                before, removed = protocol.remove_last(self.path)
                note_written(self.path)
                render.removed_hand(before, removed, removed_result(before))
            else:
                self.edit(order.number)
        except BBScoreError as error:
            self.refuse(error)

    def edit(self, number: int) -> None:
        from bbscore.belot import protocol
        from bbscore.render import belot as render

        sheet = protocol.read(self.path)
        state = self.replay(sheet)
        if not 1 <= number <= len(sheet.hands):
            raise BBScoreError("hand", number, _("в протоколе сдачи с 1 по {last}").format(last=len(sheet.hands))
                              if sheet.hands else N_("в протоколе нет сдач"))
        self.out.print(_("Правка сдачи, сейчас: {line}").format(
            line=render.hand_line(str(number), state.results[number - 1], self.pairs)))
        fields = self.ask_hand(number)
        replaced = protocol.replace(self.path, number, fields)
        note_written(self.path)
        render.edited_hand(replaced)

    # --- one hand, question by question ---

    def ask_hand(self, number: int) -> dict:
        """The fields of one hand, each answer checked; a refusal of the whole hand goes back to the question it
        concerns, and then to the next question not yet answered."""
        from bbscore.belot.game import redeals

        allowed_redeals = redeals(self.rules)
        redeal_words = [word for word, kind in REDEAL_WORDS.items()
                        if kind in allowed_redeals and word.isascii() == _english() and word not in ("пересдача", "all-pass")]
        choice = self.ask_until(
            _("Сдача {number}. Кто играет — {first} или {second} (1/2); пересдача: {redeals}: ").format(
                number=number, first=self.pairs[0], second=self.pairs[1], redeals=", ".join(redeal_words)),
            lambda text: self._declarers(text, allowed_redeals), list(self.pairs) + redeal_words)
        if choice[0] == "redeal":
            return {"redeal": choice[1]}
        answers: dict = {"by": choice[1]}
        step = "contract"
        while True:
            if step == "contract":
                answers["contract"] = self.ask_until(self._contract_question(), self._contract)
            elif step == "tricks":
                answers["decl_tricks"] = self.ask_until(_("Сколько взяток взяли разыгрывающие (0–8): "), _tricks_answer)
            elif step == "points":
                for key in POINT_KEYS:
                    answers.pop(key, None)
                answers.update(self._points(answers))
            elif step in ("decl_con", "def_con"):
                question = (_("Конструкции разыгрывающих (терц, бэла, рамки-В, 2×терц … через запятую; Enter — нет): ")
                            if step == "decl_con" else
                            _("Конструкции вистующих (терц, бэла, рамки-В, 2×терц … через запятую; Enter — нет): "))
                answers[step] = self.ask_until(
                    question,
                    lambda text, key=step: _constructions_answer(text, key), _construction_words())
            else:  # the whole hand
                try:
                    return self._checked(answers)
                except BBScoreError as error:
                    self.refuse(error)
                    step = STEP_OF.get(error.field, "contract")
                    if step == "constructions":  # both pairs' lists asked again
                        answers.pop("decl_con"), answers.pop("def_con")
                        step = "decl_con"
                    continue
            step = self._next_step(step, answers)

    @staticmethod
    def _next_step(step: str, answers: dict) -> str:
        """The first question after ``step`` not yet answered, or the check of the whole hand."""
        for later in STEPS[STEPS.index(step) + 1:]:
            if later == "tricks" and answers["contract"].is_kapo and answers.get("decl_tricks") is None:
                return later
            if later == "points" and not any(key in answers for key in POINT_KEYS):
                return later
            if later in ("decl_con", "def_con") and later not in answers:
                return later
        return "whole"

    def _declarers(self, text: str, allowed_redeals: list[str]) -> tuple[str, str]:
        from bbscore.belot.game import match_pair

        kind = REDEAL_WORDS.get(text.casefold())
        if kind is not None:
            if kind not in allowed_redeals:
                raise BBScoreError("redeal", text, _("по правилам «{name}» пересдача — это {redeals}").format(
                    name=self.rules.name, redeals=", ".join(allowed_redeals)))
            return "redeal", kind
        return "by", match_pair(text, self.pairs, "by")

    def _contract_question(self) -> str:
        """The contract question, with the forms the file's rules read (the rule sets of the whole family, issue #22)."""
        if self.rules.settings.contract is None:
            return _("Контракт (12Т, 15П+, ^Б, 20ВК; игры П Т Б Ч БК ВК; + контра, ++ реконтра): ")
        from bbscore.belot.hand import forms_examples

        return _("Контракт ({forms}; игры {games}): ").format(
            forms=forms_examples(self.rules), games=" ".join(game.value for game in _games(self.rules)))

    def _contract(self, text: str):
        from bbscore.belot.hand import check_contract, check_plausible_bid

        contract = self.rules.parse_contract(text)
        check_contract(self.rules, contract)
        try:
            check_plausible_bid(self.rules, contract)
        except ImplausibleBidError as error:
            limit = self.rules.game(contract.game.kind).confirm_bid_above
            self.out.print(_("Заявка {number} — выше {limit}, так редко бывает (не описка ли?).").format(
                number=contract.number, limit=limit))
            words = ["yes", "no"] if _english() else ["да", "нет"]
            if self.ask_until(_("Точно {contract}? (да/нет): ").format(contract=contract), _yes_no, words) != "да":
                self.out.print(_("Тогда контракт ещё раз."))
                raise Again from error
        return contract

    def _points(self, answers: dict) -> dict:
        """The trick points (or the cards a side took, and the last trick), checked with the contract."""
        contract = answers["contract"]
        deck = self.rules.game(contract.game.kind).deck_visty
        if contract.is_kapo and answers.get("decl_tricks") == 8:
            return {"def_points": 0}
        question = _("Висты вистующих за взятки с последом (0–{deck}; р 90 — висты разыгрывающих; или их карты: ВТ 10Ч …): "
                     ).format(deck=deck)
        while True:
            given = self.ask_until(question, lambda text: self._points_answer(text, answers))
            if "def_cards" not in given:
                return given
            try:
                self._make(answers | given)
                return given
            except BBScoreError as error:
                if error.field != "last":  # (what is not about the points is asked about later)
                    return given
            given["last"] = self.ask_until(_("Чья последняя взятка — р (разыгрывающие) или в (вистующие): "),
                                           _last_answer, ["decl", "def"] if _english() else ["р", "в"])
            try:
                self._make(answers | given)
            except BBScoreError as error:
                if STEP_OF.get(error.field) == "points":
                    self.refuse(error)
                    continue
            return given

    def _points_answer(self, text: str, answers: dict) -> dict:
        from bbscore.belot.hand import parse_count

        deck = self.rules.game(answers["contract"].game.kind).deck_visty
        allowed = _("висты за взятки от 0 до {deck}").format(deck=deck)
        declarers = re.fullmatch(r"(?:decl|р|p|r|d)\.?\s*(.+)", text, re.IGNORECASE)
        if declarers:
            given = {"decl_points": parse_count(declarers.group(1), "decl_points", 0, deck, allowed)}
        elif re.search(r"[^\d\s.,-]", text):
            from bbscore.belot.cards import parse_cards

            given = {"def_cards": [str(card) for card in parse_cards(text, "def_cards")]}
        else:
            given = {"def_points": parse_count(text, "def_points", 0, deck, allowed)}
        try:
            self._make(answers | given)
        except BBScoreError as error:
            if STEP_OF.get(error.field) == "points" and error.field != "last":
                raise
        return given

    def _make(self, answers: dict):
        from bbscore.belot.hand import make_hand

        cards = {key: " ".join(answers[key]) for key in ("def_cards", "decl_cards") if key in answers}
        return make_hand(
            self.rules, answers["contract"], def_points=answers.get("def_points"),
            decl_points=answers.get("decl_points"), decl_con=answers.get("decl_con") or None,
            def_con=answers.get("def_con") or None, decl_tricks=answers.get("decl_tricks"), last=answers.get("last"),
            **cards,
        )

    def _checked(self, answers: dict) -> dict:
        """The hand's protocol fields, once the whole hand is valid."""
        self._make(answers)
        fields = {"contract": str(answers["contract"]), "by": answers["by"]}
        for key in ("def_points", "decl_points", "def_cards", "decl_cards", "last", "decl_tricks"):
            if answers.get(key) is not None:
                fields[key] = answers[key]
        for key in ("decl_con", "def_con"):
            if answers.get(key):
                fields[key] = answers[key]
        return fields


def _tricks_answer(text: str) -> int:
    from bbscore.belot.hand import parse_count

    return parse_count(text, "decl_tricks", 0, 8, _("число взяток от 0 до 8"))


def _constructions_answer(text: str, key: str) -> list[str]:
    from bbscore.belot.constructions import parse_list

    return [str(construction) for construction in parse_list(text, key)] if text else []


def _yes_no(text: str) -> str:
    answer = text.casefold()
    if answer in ("да", "д", "yes", "y"):
        return "да"
    if answer in ("нет", "н", "no", "n"):
        return "нет"
    raise BBScoreError("answer", text, N_("да или нет"))


def _last_answer(text: str) -> str:
    answer = text.casefold()
    if answer in ("р", "p", "decl", "разыгрывающие", "declarers"):
        return "decl"
    if answer in ("в", "b", "def", "вистующие", "defenders"):
        return "def"
    raise BBScoreError("last", text, N_("р — разыгрывающие или в — вистующие"))


def _construction_words() -> list[str]:
    from bbscore.belot.constructions import known_names

    return [name for name in known_names() if name.isascii() == _english()]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add ``play`` to the app."""
    if only in (None, "play"):
        from bbscore.cli import epilog

        app.command(cls=Command, epilog=epilog("play"))(play)


def _games(rules) -> list:
    """The games the rules have, in notation order (П Т Б Ч БК ВК)."""
    from bbscore.belot.contract import Game

    return [game for game in Game if rules.has_game(game.kind)]
