"""``bbscore play FILE``: a guided session at the table, for the Belot family.

The questions of a hand and how its answers become a protocol hand; the session itself — the prompt, the commands
typed at any question, one locked atomic write per hand, resume — is :mod:`bbscore.cli.session`'s.  The questions:
who plays (a pair, or a redeal), the contract (a bid above the convention's ``confirm_bid_above`` confirmed), the
tricks of a kapo, the trick points (or the cards a side took, then the last trick when they need it), each pair's
constructions.  Each answer is checked on the spot by the core (``Contract.parse``, ``hand.make_hand`` with the
file's convention, ``constructions.parse_list``) and asked again when bad; a refusal of the whole hand goes back to
the question it concerns.  Each hand is written with ``protocol.append`` (the write of ``add``).
"""

# No "from __future__ import annotations": Typer would evaluate every annotation string at each start.
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import note_written, sheet_extra
from bbscore.cli.belot.options import REDEAL_WORDS, ConventionOption, ProtocolFile, reserved
from bbscore.cli.options import Command
from bbscore.cli.session import Answers, Quit, Revisit, Session, Step, yes_no
from bbscore.errors import BBScoreError, ImplausibleBidError
from bbscore.i18n import N_, _, language

# How the session names what the user answered (the questions, not options or file keys).
LABELS = {  # translated where shown (Session.refuse)
    "by": N_("кто играет"), "contract": N_("контракт"), "контракт": N_("контракт"), "def_points": N_("висты вистующих"),
    "decl_points": N_("висты разыгрывающих"), "def_cards": N_("карты вистующих"), "decl_cards": N_("карты разыгрывающих"),
    "last": N_("последняя взятка"), "decl_tricks": N_("взятки разыгрывающих"),
    "decl_con": N_("конструкции разыгрывающих"), "def_con": N_("конструкции вистующих"), "pairs": N_("пары"),
    "redeal": N_("пересдача"), "dealer": N_("кто сдаёт первым"),
}
# Which questions a refusal of the whole hand asks again (the first at once, the others when the walk reaches them),
# by the refused field; any other field: the contract.
CONTRACT, TRICKS, POINTS = ("contract", "confirm"), ("decl_tricks",), ("points", "last")
BACK_TO = {
    "contract": CONTRACT, "контракт": CONTRACT, "decl_tricks": TRICKS,
    "def_points": POINTS, "decl_points": POINTS, "def_points/decl_points": POINTS, "def_cards": POINTS,
    "decl_cards": POINTS, "def_cards/decl_cards": POINTS, "last": POINTS, "cards": POINTS,
    "decl_con": ("decl_con",), "def_con": ("def_con",), "decl_con/def_con": ("decl_con", "def_con"),
    "bela": ("decl_con", "def_con"), "rams": ("decl_con", "def_con"), "construction": ("decl_con", "def_con"),
}


def _english() -> bool:
    """Whether the session speaks English: its words shown are the English ones (both are accepted)."""
    return language() == "en"


def play(
    file: ProtocolFile,
    pairs: Annotated[Optional[str], typer.Option("--pairs", help="Для новой партии: две пары через запятую, \"Мы,Они\".", metavar="A,B")] = None,
    convention: ConventionOption = "gambler",
    target: Annotated[Optional[str], typer.Option("--target", help="Для новой партии: до скольких очков.", metavar="N")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Для новой партии: пара, которая сдаёт первой (дальше "
                                                                   "сдают по очереди).", metavar="PAIR")] = None,
) -> None:
    """Вести партию за столом: вопрос за вопросом, каждая сдача сразу записывается в FILE (новый файл — с --pairs)."""
    from bbscore.belot import protocol
    from bbscore.render import belot as render
    from bbscore.belot.hand import parse_count
    from bbscore.files import check_lock

    session = Session(file, LABELS)
    # the path and its lock refused as the first write would refuse them, before the first question
    protocol.check_path(file, must_exist=file.exists())
    check_lock(file)
    if file.exists():
        ignored = [option for option, value in (("--pairs", pairs), ("--target", target), ("--dealer", dealer))
                   if value is not None]
        if ignored:  # the file already says them
            session.out.print(_("Партия {file} продолжается: её пары, цель и правила — из файла ({options} не нужны).").format(
                file=file, options=", ".join(ignored)))
    else:
        goal = parse_count(target, "target", 1, 100_000, _("цель партии — целое число от 1 до 100000"))
        names = None if pairs is None else _pair_names(pairs)
        if dealer is not None and names is not None:
            from bbscore.belot.game import match_pair

            dealer = match_pair(dealer, names, "dealer")
        try:
            if names is None:
                names = session.ask_until(_("Новая партия. Пары через запятую (например: Мы,Они): "), _pair_names)
                if dealer is None:
                    dealer = session.ask_until(_("Кто сдаёт первым — {first} или {second} (1/2; Enter — не указывать): ").format(
                        first=names[0], second=names[1]), lambda text: _first_dealer(text, names))
        except Quit:
            session.out.print(_("Партия не начата: файл {file} не создан.").format(file=file))
            return
        extra = sheet_extra() | ({"dealer": dealer} if dealer else {})
        header = protocol.create(file, names, convention, goal, extra=extra)
        note_written(file)
        render.console().print(_("Протокол {file}: {first} — {second}, до {target}, правила {convention}.").format(
            file=file, first=header.pairs[0], second=header.pairs[1], target=header.target, convention=header.convention))
    code = session.run(BelotGame(file))
    if code:
        raise typer.Exit(code)


def _pair_names(text: str) -> tuple[str, str]:
    """Two pairs' names, as ``new --pairs`` takes them (different beyond case, no invisible character)."""
    from bbscore.errors import InvalidValueError
    from bbscore.seats import new_names

    names = text.split(",")
    if len(names) != 2:
        raise InvalidValueError("pairs", text, N_("две разные пары через запятую, например: Мы,Они"))
    first, second = new_names(names, "pairs", _("названия пар"), reserved)
    return first, second


def _first_dealer(text: str, pairs: tuple[str, str]) -> str:
    from bbscore.belot.game import match_pair

    return match_pair(text, pairs, "dealer") if text else ""



@dataclass(frozen=True, kw_only=True)
class Points:
    """The answer about the trick points: the protocol fields it gives (``def_points``, ``decl_points`` or
    ``def_cards``) and whether the last trick must be asked (cards that do not tell who took it)."""

    fields: dict
    needs_last: bool = False


def _playing(answers: Answers) -> bool:
    return answers["who"][0] == "by"


def _kapo(answers: Answers) -> bool:
    return _playing(answers) and answers["contract"].is_kapo


def _inputs(answers: Answers) -> dict:
    """The hand's inputs answered so far, keyed as ``make_hand`` and the protocol name them."""
    inputs = {"by": answers["who"][1]}
    for key in ("contract", "decl_tricks", "decl_con", "def_con"):
        if key in answers:
            inputs[key] = answers[key]
    if "points" in answers:
        inputs.update(answers["points"].fields)
    if "last" in answers:
        inputs["last"] = answers["last"]
    return inputs


class BelotGame:
    """A Belot-family protocol in a guided session (:class:`bbscore.cli.session.Game`): its sheet operations are
    :mod:`bbscore.belot.protocol`'s, its questions the steps of :meth:`steps`.  The rules are the file's, read when
    the session starts."""

    def __init__(self, path: Path) -> None:
        from bbscore.render.layout import console

        self.path = path
        self.out = console()
        self.rules = None
        self.pairs: tuple[str, str] = ("", "")
        # The protocol and its replay as last read or written: a hand written is added to them, and the file is read
        # again (and replayed) only when its text is no longer theirs — changed by another command or by hand.
        self.held = None
        self.memo: dict = {}  # each distinct hand scored once in the session (the file's pairs, the session's rules)

    # --- the sheet ---

    def open(self):
        from bbscore.belot import protocol
        from bbscore.render import belot as render
        from bbscore.sheets import check_editable

        sheet = protocol.read(self.path)
        check_editable(sheet.sheet)  # (a sheet only read, never edited: refused before the first question)
        self.rules, warning = protocol.convention_for(sheet)
        self.pairs = sheet.header.pairs
        held = self.held = (sheet, self._replay(sheet))
        if sheet.hands or warning:
            render.sheet(sheet, held[1], warning)
        return held

    def read(self):
        """The protocol and its replay: those held, when the file still holds their text; else read anew."""
        from bbscore.belot import protocol

        if self.held is not None and protocol.still(self.path, self.held[0]):
            return self.held
        sheet = protocol.read(self.path)
        if sheet.header.pairs != self.pairs:  # (another game written over it: its hands are not this memo's)
            self.memo = {}
        self.held = (sheet, self._replay(sheet))
        return self.held

    def _replay(self, sheet):
        from bbscore.belot.game import replay

        return replay(sheet.hands, sheet.header.pairs, sheet.header.target, self.rules, memo=self.memo)

    def count(self, held) -> int:
        return len(held[0].hands)

    def ended(self, held) -> bool:
        return held[1].ended

    def heading(self, held, number: int) -> str:
        """``Сдача 5, сдают «Они».`` (the deal goes round the table: the pairs take turns, redeals included), when
        the sheet says which pair dealt first (``[game] dealer``)."""
        first = held[0].header.extra.get("dealer")
        if first in self.pairs:
            dealing = self.pairs[(self.pairs.index(first) + number - 1) % 2]
            return _("Сдача {number}, сдают «{pair}».").format(number=number, pair=dealing)
        return _("Сдача {number}.").format(number=number)

    def line(self, held, number: int) -> str:
        from bbscore.render import belot as render

        return render.hand_line(str(number), held[1].results[number - 1], self.pairs)

    def typed(self, held, number: int) -> dict[str, str]:
        """What one types at each question to give hand ``number`` as the file has it (the defaults of an edit), in
        the session's notation: ``20AT++``, ``JC 10H``, ``tierce`` in English (the file keeps the Russian normal
        forms); no constructions: the word for none."""
        fields = held[0].hands[number - 1].fields
        english = _english()
        if "redeal" in fields:
            word = {"all-pass": "pass" if english else "пас", "rams-7": "rams-7" if english else "рамки-7",
                    "rams-8": "rams-8" if english else "рамки-8"}
            return {"who": word.get(str(fields["redeal"]), str(fields["redeal"]))}
        typed = {"who": str(fields.get("by", "")), "contract": self._typed_contract(fields.get("contract")),
                 "confirm": "yes" if english else "да"}
        if "decl_tricks" in fields:
            typed["decl_tricks"] = str(fields["decl_tricks"])
        if "def_points" in fields:
            typed["points"] = str(fields["def_points"])
        elif "decl_points" in fields:
            typed["points"] = ("decl " if english else "р ") + str(fields["decl_points"])
        elif isinstance(fields.get("def_cards"), list):
            typed["points"] = _typed_cards(fields["def_cards"])
        if "last" in fields:
            typed["last"] = {"decl": "decl" if english else "р", "def": "def" if english else "в"}.get(
                str(fields["last"]), str(fields["last"]))
        for key in ("decl_con", "def_con"):
            value = fields.get(key)
            typed[key] = (_typed_constructions(value) if isinstance(value, list) and value else
                          NONE_WORDS[1] if english else NONE_WORDS[0])
        return typed

    def _typed_contract(self, text) -> str:
        """A written contract as the session's reader types it (its normal form when it cannot be read)."""
        try:
            return self.rules.parse_contract(str(text)).shown(letters=True)
        except BBScoreError:
            return str(text)

    def show(self, held) -> None:
        from bbscore.render import belot as render

        render.sheet(held[0], held[1], None)

    def append(self, fields: dict):
        from bbscore.belot import protocol
        from bbscore.belot.game import replay

        known = self.held if self.held is not None and self.held[0].header.pairs == self.pairs else None
        appended = protocol.append(self.path, fields, known=known, memo=self.memo)
        # What was written, as a read of the file would give it: the protocol of the new text, and the replay held
        # carried on by its new hand (the session's rules) when the write started from it — else replayed whole.
        sheet = appended.written
        written = protocol.parse(self.path, sheet.text, sheet.data, bom=sheet.bom)
        if known is not None and appended.protocol is known[0]:
            self.held = (written, replay(written.hands[-1:], written.header.pairs, written.header.target, self.rules,
                                         memo=self.memo, start=known[1]))
        else:
            self.held = (written, self._replay(written))
        return appended

    def appended(self, appended) -> None:
        """After each hand: its protocol line, then the standing (the totals toward the target, the winner at the
        end); the whole sheet is drawn by ``лист``."""
        from bbscore.render import belot as render

        if appended.warning:
            self.out.print(render.styled(_("внимание: {warning}").format(warning=appended.warning), "yellow"))
        protocol, replayed = self.held
        result = replayed.results[-1]
        number = str(result.entry.number)
        self.out.print(render.styled(_("Сдача {number} записана: {line}").format(
            number=number, line=render.hand_line(number, render.as_written(result), self.pairs)), "bold"))
        slip = render.written_total_note(result.entry.number, result.sheet_total, result.total)  # (an earlier slip)
        if slip:
            self.out.print(render.styled(_("внимание: {warning}").format(warning=slip), "yellow"))
        render.standing(protocol, replayed)

    def replace(self, number: int, fields: dict):
        from bbscore.belot import protocol

        return protocol.replace(self.path, number, fields)

    def replaced(self, replaced) -> None:
        from bbscore.render import belot as render

        render.edited_hand(replaced)

    def remove_last(self):
        from bbscore.belot import protocol

        return protocol.remove_last(self.path)

    def removed(self, done) -> None:
        from bbscore.cli.belot.sheet import removed_result
        from bbscore.render import belot as render

        before, removed = done
        render.removed_hand(before, removed, removed_result(before), session=True)

    # --- one hand, question by question ---

    def steps(self, held, number: int) -> tuple[Step, ...]:
        """Who plays (or the redeal), the contract and its confirmation, a kapo's tricks, the trick points and the last
        trick, each pair's constructions."""
        from bbscore.belot.game import redeals

        allowed_redeals = redeals(self.rules)
        redeal_words = [word for word, kind in REDEAL_WORDS.items()
                        if kind in allowed_redeals and word.isascii() == _english() and word not in ("пересдача", "all-pass")]
        constructions = _construction_words()
        return (
            Step(name="who", question=_("Кто играет — {first} или {second} (1/2); пересдача: {redeals}: ").format(
                     first=self.pairs[0], second=self.pairs[1], redeals=", ".join(redeal_words)), label=N_("кто играет"),
                 brief=_("Кто играет — {first} или {second}: ").format(first=self.pairs[0], second=self.pairs[1]),
                 check=lambda text, answers: self._declarers(text, allowed_redeals), words=list(self.pairs) + redeal_words,
                 echo=_who_echo),
            Step(name="contract", question=self._contract_question(), check=self._contract, applies=_playing,
                 label=N_("контракт"), brief=_("Контракт: ")),
            Step(name="confirm", question=lambda answers: _("Точно {contract}? (да/нет): ").format(contract=answers["contract"].shown()),
                 check=_confirmed, words=["yes", "no"] if _english() else ["да", "нет"], applies=self._implausible,
                 intro=self._bid_note, label=N_("подтверждение")),
            Step(name="decl_tricks", question=_("Сколько взяток взяли разыгрывающие (0–8): "),
                 check=lambda text, answers: _tricks_answer(text), applies=_kapo, label=N_("взятки разыгрывающих")),
            Step(name="points", question=self._points_question, check=self._points_answer, applies=_playing,
                 known=_points_known, label=N_("висты вистующих"), brief=self._points_brief),
            Step(name="last", question=_("Чья последняя взятка — р (разыгрывающие) или в (вистующие): "),
                 check=self._last_answer, words=["decl", "def"] if _english() else ["р", "в"],
                 applies=lambda answers: "points" in answers and answers["points"].needs_last, label=N_("последняя взятка")),
            Step(name="decl_con", question=_("Конструкции разыгрывающих (терц, бэла, рамки-В, 2×терц … через запятую; Enter — нет): "),
                 check=lambda text, answers: _constructions_answer(text, "decl_con"), words=constructions, applies=_playing,
                 label=N_("конструкции разыгрывающих"), brief=_("Конструкции разыгрывающих (Enter — нет): ")),
            Step(name="def_con", question=_("Конструкции вистующих (терц, бэла, рамки-В, 2×терц … через запятую; Enter — нет): "),
                 check=lambda text, answers: _constructions_answer(text, "def_con"), words=constructions, applies=_playing,
                 label=N_("конструкции вистующих"), brief=_("Конструкции вистующих (Enter — нет): ")),
        )

    def finish(self, answers: Answers) -> dict:
        """The hand's protocol fields, once the whole hand is valid; a refusal goes back to the question it concerns."""
        kind, value = answers["who"]
        if kind == "redeal":
            return {"redeal": value}
        inputs = _inputs(answers)
        try:
            self._make(inputs)
        except BBScoreError as error:
            raise Revisit(*BACK_TO.get(error.field, CONTRACT), error=error) from error
        fields = {"contract": str(inputs["contract"]), "by": inputs["by"]}
        for key in ("def_points", "decl_points", "def_cards", "decl_cards", "last", "decl_tricks"):
            if inputs.get(key) is not None:
                fields[key] = inputs[key]
        for key in ("decl_con", "def_con"):
            if inputs.get(key):
                fields[key] = inputs[key]
        return fields

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
            forms=forms_examples(self.rules), games=" ".join(game.shown(letters=True) for game in _games(self.rules)))

    def _contract(self, text: str, answers: Answers):
        from bbscore.belot.hand import check_contract

        contract = self.rules.parse_contract(text)
        check_contract(self.rules, contract)
        return contract

    def _implausible(self, answers: Answers) -> bool:
        """Whether the contract's bid is above the convention's ``confirm_bid_above`` (a slip such as 80Ч for 8Ч)."""
        from bbscore.belot.hand import check_plausible_bid

        if not _playing(answers):
            return False
        try:
            check_plausible_bid(self.rules, answers["contract"])
        except ImplausibleBidError:
            return True
        return False

    def _bid_note(self, answers: Answers) -> str:
        contract = answers["contract"]
        limit = self.rules.game(contract.game.kind).confirm_bid_above
        return _("Заявка {number} — выше {limit}, так редко бывает (не описка ли?).").format(
            number=contract.number, limit=limit)

    def _points_question(self, answers: Answers) -> str:
        deck = self.rules.game(answers["contract"].game.kind).deck_visty
        return _("Висты вистующих за взятки с последом (0–{deck}; р 90 — висты разыгрывающих; или их карты: ВТ 10Ч …): "
                 ).format(deck=deck)

    def _points_brief(self, answers: Answers) -> str:
        deck = self.rules.game(answers["contract"].game.kind).deck_visty
        return _("Висты вистующих (0–{deck}): ").format(deck=deck)

    def _points_answer(self, text: str, answers: Answers) -> Points:
        """The trick points (or the cards a side took), checked with the hand so far; whether the last trick is
        needed."""
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
            self._make(_inputs(answers) | given)
        except BBScoreError as error:
            if error.field == "last":
                return Points(fields=given, needs_last="def_cards" in given)
            if BACK_TO.get(error.field) == POINTS:
                raise
            # (what is not about the points is asked about later)
        return Points(fields=given)

    def _last_answer(self, text: str, answers: Answers) -> str:
        last = _last_answer(text)
        try:
            self._make(_inputs(answers) | {"last": last})
        except BBScoreError as error:
            if BACK_TO.get(error.field) == POINTS:
                raise Revisit(*POINTS, error=error) from error
        return last

    def _make(self, inputs: dict):
        from bbscore.belot.hand import make_hand

        cards = {key: " ".join(inputs[key]) for key in ("def_cards", "decl_cards") if key in inputs}
        return make_hand(
            self.rules, inputs["contract"], def_points=inputs.get("def_points"),
            decl_points=inputs.get("decl_points"), decl_con=inputs.get("decl_con") or None,
            def_con=inputs.get("def_con") or None, decl_tricks=inputs.get("decl_tricks"), last=inputs.get("last"),
            **cards,
        )


def _who_echo(text: str, who: tuple[str, str]) -> str:
    """The answer to «who plays» as said back: the pair it meant (a prefix, a number), or the redeal as typed."""
    return who[1] if who[0] == "by" else text


def _points_known(answers: Answers) -> Points | None:
    """A kapo of all 8 tricks leaves the defenders no trick points: not asked."""
    if answers["contract"].is_kapo and answers.get("decl_tricks") == 8:
        return Points(fields={"def_points": 0})
    return None


def _confirmed(text: str, answers: Answers) -> bool:
    if not yes_no(text):
        raise Revisit(*CONTRACT, note=_("Тогда контракт ещё раз."))
    return True


def _tricks_answer(text: str) -> int:
    from bbscore.belot.hand import parse_count

    return parse_count(text, "decl_tricks", 0, 8, _("число взяток от 0 до 8"))


NONE_WORDS = ("нет", "none", "no", "-", "—")  # no constructions (Enter too; needed where Enter keeps an old answer)


def _constructions_answer(text: str, key: str) -> list[str]:
    from bbscore.belot.constructions import parse_list

    if not text or text.casefold() in NONE_WORDS:
        return []
    return [str(construction) for construction in parse_list(text, key)]


def _last_answer(text: str) -> str:
    answer = text.casefold()
    if answer in ("р", "p", "decl", "разыгрывающие", "declarers"):
        return "decl"
    if answer in ("в", "b", "def", "вистующие", "defenders"):
        return "def"
    raise BBScoreError("last", text, N_("р — разыгрывающие или в — вистующие"))


def _typed_cards(cards: list) -> str:
    """Written cards (normal forms) as the session's reader types them: ``ВТ 10Ч``, ``JC 10H``."""
    from bbscore.belot.cards import parse_cards

    try:
        return " ".join(card.shown(letters=True) for card in parse_cards(" ".join(map(str, cards)), "def_cards"))
    except BBScoreError:
        return " ".join(map(str, cards))


def _typed_constructions(names: list) -> str:
    """Written constructions (normal forms) in the session's language: ``терц, бэла``, ``tierce, belote``."""
    from bbscore.belot.constructions import parse_list

    try:
        return ", ".join(construction.shown() for construction in parse_list([str(name) for name in names], "decl_con"))
    except BBScoreError:
        return ", ".join(map(str, names))


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
