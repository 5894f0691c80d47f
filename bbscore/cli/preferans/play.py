"""``bbscore pref play FILE``: a пуля kept at the table, question by question, on the shared session engine.

The questions of a hand (:meth:`PrefGame.steps`): who declared (a player: any case, a unique prefix or the seat
number — or распасы), the game, each defender's whist or pass, the declarer's tricks (not asked when both passed:
the game is not played), each whister's tricks when both whisted (a lone whister has the rest), or on распасы each
player's tricks.  Each answer is checked at once, the whole hand by the sheet's rules (:func:`bbscore.preferans.inputs.
make`, the run of распасы); a refusal goes back to the question it concerns.  Each hand is written with
:func:`bbscore.preferans.protocol.append` (the write of ``pref add``), an edit with :func:`~bbscore.preferans.
protocol.replace` (``pref edit``).  After each hand: what it wrote, the пуля and each player's standing (the
settlement if the game stopped now); at the end of the пуля, the settlement.  With four players the dealer sits out:
each hand's heading names who deals (by rotation from the first dealer); with three, who deals in turn from the
first player named.
"""

# No "from __future__ import annotations": Typer reads the annotations.
from pathlib import Path
from typing import Any

from bbscore.cli.session import Answers, Quit, Revisit, Session, Step, taken_for
from bbscore.errors import BBScoreError, InconsistentHandError
from bbscore.i18n import N_, _, language

# How the session names what the user answered (the questions' words; translated where shown, Session.refuse).
LABELS = {
    "by": N_("кто играет"), "game": N_("игра"), "tricks": N_("взятки"), "whist": N_("вист или пас"),
    "pass": N_("вист или пас"), "players": N_("игроки"), "dealer": N_("кто сдаёт первым"), "key": N_("ввод"),
}
ALL_PASS_WORDS = ("распасы", "распас", "пас", "all-pass", "allpass", "pass", "raspasy")
WHIST_WORDS = {"вист": True, "в": True, "whist": True, "w": True, "пас": False, "п": False, "pass": False, "p": False}


def _english() -> bool:
    return language() == "en"


def reserved(name: str) -> str | None:
    """The word a player's name would be taken for in the guided session (``pref play``): a session command or
    распасы typed instead of a player (:func:`bbscore.cli.session.taken_for`), or None.  New sheets refuse such
    names."""
    return taken_for(name, ALL_PASS_WORDS)


def play(file: Path, players: str | None, target: str | None, dealer: str | None, convention: str) -> int:
    """The session (see the module's docstring); a new FILE is started with ``players`` (or they are asked).  The
    exit code."""
    from bbscore.cli import note_written, sheet_extra
    from bbscore.numbers import parse_count
    from bbscore.preferans import protocol
    from bbscore.render.layout import console
    from bbscore.files import check_lock

    session = Session(file, LABELS)
    # the path and its lock refused as the first write would refuse them, before the first question
    protocol.check_path(file, must_exist=file.exists())
    check_lock(file)
    if file.exists():
        ignored = [option for option, value in (("--players", players), ("--target", target), ("--dealer", dealer))
                   if value is not None]
        if ignored:
            session.out.print(_("Пуля {file} продолжается: игроки, пуля и правила — из файла ({options} не нужны).").format(
                file=file, options=", ".join(ignored)))
    else:
        goal = parse_count(target, "target", 1, 100_000, _("пуля — целое число от 1 до 100000"))
        try:
            names = _player_names(players) if players is not None else session.ask_until(
                _("Новая пуля. Игроки по порядку рассадки через запятую (трое или четверо): "), _player_names)
            if players is None and dealer is None and len(names) == 4:
                dealer = session.ask_until(_("Кто сдаёт первым — {players} (Enter — {first}): ").format(
                    players=", ".join(names), first=names[0]), lambda text: _first_dealer(text, names))
        except Quit:
            session.out.print(_("Пуля не начата: файл {file} не создан.").format(file=file))
            return 0
        header = protocol.create(file, list(names), convention, goal, dealer or None, sheet_extra())
        note_written(file)
        console().print(_("{file}: новая пуля до {target}; игроки {players}; правила «{convention}».").format(
            file=file, target=header.target, players=", ".join(header.players), convention=header.convention))
    return session.run(PrefGame(file))


def _player_names(text: str) -> tuple[str, ...]:
    """Three or four players' names, as ``pref new --players`` takes them."""
    from bbscore.errors import InvalidValueError
    from bbscore.seats import new_names

    names = new_names(text.split(","), "players", _("имена игроков"), reserved)
    if len(names) not in (3, 4) or any(ch in name for name in names for ch in ",:="):
        raise InvalidValueError("players", text, N_("трое или четверо игроков через запятую, без «:» и «=», например: "
                                                    "Аня,Боря,Вера"))
    return names


def _first_dealer(text: str, names: tuple[str, ...]) -> str:
    from bbscore.seats import match_name

    return match_name(text, names, "dealer") if text else ""


def _declares(answers: Answers) -> bool:
    return answers["who"][0] == "by"


def _kind(answers: Answers):
    from bbscore.preferans.contract import Kind

    if not _declares(answers):
        return Kind.ALL_PASS
    return answers["game"].kind if "game" in answers else None


class PrefGame:
    """A пуля in a guided session (:class:`bbscore.cli.session.Game`): its sheet operations are
    :mod:`bbscore.preferans.protocol`'s; the rules are the file's, read when the session starts."""

    def __init__(self, path: Path) -> None:
        from bbscore.render.layout import console

        self.path = path
        self.out = console()
        self.loaded = None
        self.convention = None
        self.players: tuple[str, ...] = ()
        self.first_dealer: str | None = None
        self._number, self._active, self._run = 0, (), None  # the hand being asked (set by steps)
        # The sheet and its check as last read or written: the file is read again (and checked) only when its text is
        # no longer theirs — changed by another command or by hand.
        self.held = None
        self.memo: dict = {}  # each distinct hand scored once in the session (the sheet's players, the session's rules)

    # --- the sheet ---

    def open(self):
        from bbscore.preferans import protocol
        from bbscore.render import preferans as render
        from bbscore.sheets import check_editable

        sheet = protocol.read(self.path)
        check_editable(sheet.sheet)  # (a sheet only read, never edited: refused before the first question)
        self.loaded, self.convention, warning = protocol.rules_for(sheet)
        self.players = sheet.header.players
        self.first_dealer = sheet.header.extra.get("dealer")
        held = self.held = (sheet, protocol.check(sheet, self.convention, self.memo))
        if sheet.hands or warning:
            render.sheet(sheet, held[1], warning)
        return held

    def read(self):
        """The sheet and its replay (by the session's rules): those held, when the file still holds their text; else
        read anew."""
        from bbscore.preferans import protocol

        if self.held is not None and protocol.read_text_bom(self.path) == (self.held[0].text, self.held[0].sheet.bom):
            return self.held
        sheet = protocol.read(self.path)
        self.held = (sheet, protocol.check(sheet, self.convention, self.memo))
        return self.held

    def count(self, held) -> int:
        return len(held[0].hands)

    def ended(self, held) -> bool:
        return held[1].sheet.ended

    def dealer(self, number: int) -> str:
        """Who deals hand ``number``: by rotation in seating order (with four, from the first dealer; with three,
        from the first player)."""
        from bbscore.preferans.inputs import dealer_of

        if len(self.players) == 4:
            return dealer_of(number, self.players, self.first_dealer)
        return self.players[(number - 1) % len(self.players)]

    def heading(self, held, number: int) -> str:
        dealer = self.dealer(number)
        if len(self.players) == 4:
            return _("Сдача {number}, сдаёт {player} (на прикупе).").format(number=number, player=dealer)
        return _("Сдача {number}, сдаёт {player}.").format(number=number, player=dealer)

    def active(self, number: int) -> tuple[str, ...]:
        """The players of hand ``number`` (all but the dealer, with four)."""
        sitting_out = self.dealer(number) if len(self.players) == 4 else None
        return tuple(p for p in self.players if p != sitting_out)

    def line(self, held, number: int) -> str:
        from bbscore.render import preferans as render

        sheet, checked = held
        hand, entries = checked.hands[number - 1], checked.entries[number - 1]
        if hand is None:
            return _("{number}. сдача с ошибкой").format(number=number)
        return render.hand_summary(number, hand, entries)

    def typed(self, held, number: int) -> dict[str, str]:
        """What one types at each question to give hand ``number`` as the file has it (the defaults of an edit)."""
        hand = held[1].hands[number - 1]
        if hand is None:
            return {}
        from bbscore.preferans.contract import Kind

        if hand.contract.kind is Kind.ALL_PASS:
            typed = {"who": "all-pass" if _english() else "распасы"}
            typed.update({f"all{index}": str(n) for index, (_player, n) in enumerate(hand.tricks)})
            return typed
        typed = {"who": hand.declarer, "game": hand.contract.shown()}  # (the session's notation: misère, 10NT)
        if hand.contract.kind is Kind.MISERE:
            typed["tricks"] = str(hand.tricks_of(hand.declarer))
            return typed
        words = ("whist", "pass") if _english() else ("вист", "пас")
        for index, (_player, whisted) in enumerate(hand.whist):
            typed[f"whist{index}"] = words[0] if whisted else words[1]
        if hand.tricks:
            typed["tricks"] = str(hand.tricks_of(hand.declarer))
            for index, whister in enumerate(hand.whisters):
                typed[f"whister{index}"] = str(hand.tricks_of(whister))
        return typed

    def show(self, held) -> None:
        from bbscore.render import preferans as render

        render.sheet(held[0], held[1], None)

    def append(self, fields: dict):
        from bbscore.preferans import protocol

        held = self.held
        appended = protocol.append(self.path, fields, known=held, memo=self.memo)
        written = appended.written
        # carried on from the check held when the write started from it (else the file was read anew: checked whole)
        if held is not None and appended.protocol is held[0] and appended.convention == self.convention:
            self.held = (written, appended.after)  # (checked by the session's rules, from the check held)
        else:
            start = held[1] if held is not None and appended.protocol is held[0] else None
            self.held = (written, protocol.check(written, self.convention, self.memo, start=start))
        return appended

    def appended(self, appended) -> None:
        from bbscore.render import preferans as render

        render.played(appended, self.path, self.convention)

    def replace(self, number: int, fields: dict):
        from bbscore.preferans import protocol

        return protocol.replace(self.path, number, fields)

    def replaced(self, replaced) -> None:
        from bbscore.render import preferans as render

        render.edited(replaced, self.path)

    def remove_last(self):
        from bbscore.preferans import protocol

        before, record = protocol.remove_last(self.path)
        return protocol.check(before, self.convention), record

    def removed(self, done) -> None:
        from bbscore.render import preferans as render

        checked, record = done
        hand, entries = checked.hands[record.number - 1], checked.entries[record.number - 1]
        self.out.print(_("Сдача {number} убрана:").format(number=record.number))
        self.out.print(render.hand_summary(record.number, hand, entries) if hand is not None
                       else _("{number}. сдача с ошибкой").format(number=record.number))

    # --- one hand, question by question ---

    def steps(self, held, number: int) -> tuple[Step, ...]:
        """Who declared (or распасы), the game, each defender's whist or pass, the tricks."""
        from bbscore.preferans.hand import after

        active = self.active(number)
        run = held[1].sheet.run
        whist_words = ["whist", "pass"] if _english() else ["вист", "пас"]

        def defender(index: int):
            return lambda answers: after(active, answers["who"][1])[index]

        def whister(index: int):
            return lambda answers: _whisters(answers, active)[index]

        def asks_whist(answers: Answers) -> bool:
            return _kind(answers) is _game_kind()

        def played(answers: Answers) -> bool:  # the declarer's tricks: a мизер, or a game someone whisted
            kind = _kind(answers)
            if kind is None or kind is _all_pass_kind():
                return False
            return kind is not _game_kind() or bool(_whisters(answers, active))

        steps = [
            Step(name="who", label=N_("кто играет"),
                 question=_("Кто играет — {players}; или распасы: ").format(players=", ".join(
                     _("{name} ({seat})").format(name=name, seat=self.players.index(name) + 1) for name in active)),
                 brief=_("Кто играет (или распасы): "),
                 check=lambda text, answers: self._who(text, active), words=list(active) + [ALL_PASS_WORDS[0 if not
                                                                                            _english() else 3]],
                 echo=lambda text, who: who[1] if who[0] == "by" else text),
            Step(name="game", label=N_("игра"), applies=_declares,
                 question=_("Игра (6♠ 7♣ 8♦ 9♥ 10БК; масти П Т Б Ч или S C D H, БК/NT; мизер): "), brief=_("Игра: "),
                 check=lambda text, answers: self._game(text, run), words=["мизер"] if not _english() else ["misere"]),
        ]
        for index in range(2):
            steps.append(Step(name=f"whist{index}", label=N_("вист или пас"), applies=asks_whist,
                              question=(lambda who: lambda answers: _("{player}: вист или пас (в/п)? ").format(
                                  player=who(answers)))(defender(index)),
                              check=lambda text, answers: _whist_answer(text), words=whist_words))
        steps.append(Step(name="tricks", label=N_("взятки играющего"), applies=played,
                          question=lambda answers: _("{player} — сколько взяток взято (0–10)? ").format(
                              player=answers["who"][1]),
                          check=lambda text, answers: _tricks_answer(text, "tricks")))
        for index in range(2):
            steps.append(Step(name=f"whister{index}", label=N_("взятки вистующего"),
                              applies=(lambda i: lambda answers: "tricks" in answers and len(_whisters(answers, active)) == 2)(index),
                              question=(lambda who: lambda answers: _("{player} — сколько взяток взято на висте? ").format(
                                  player=who(answers)))(whister(index)),
                              check=lambda text, answers: _tricks_answer(text, "tricks")))
        for index, player in enumerate(active):
            steps.append(Step(name=f"all{index}", label=N_("взятки на распасах"),
                              applies=lambda answers: not _declares(answers),
                              question=_("{player} — сколько взяток взято (0–10)? ").format(player=player),
                              check=lambda text, answers: _tricks_answer(text, "tricks")))
        self._number, self._active = number, active
        self._run = run if number == len(held[0].hands) + 1 else None  # (an edit: checked by the write, with the hands after it)
        return tuple(steps)

    def finish(self, answers: Answers) -> dict:
        """The hand's sheet fields once the whole hand is valid by the sheet's rules; a refusal goes back to the
        question it concerns."""
        fields = self._fields(answers)
        try:
            self._check(fields)
        except BBScoreError as error:
            raise Revisit(*self._back_to(error.field, answers, self._active), error=error) from error
        return fields

    def _fields(self, answers: Answers) -> dict:
        """The hand's keys as ``pref add`` takes them."""
        active = self._active
        if not _declares(answers):
            return {"game": "распасы", "tricks": {player: answers[f"all{index}"] for index, player in enumerate(active)}}
        from bbscore.preferans.hand import after

        declarer = answers["who"][1]
        fields: dict[str, Any] = {"game": str(answers["game"]), "by": declarer}
        if "tricks" in answers:
            fields["tricks"] = answers["tricks"]
        if _kind(answers) is _game_kind():
            defenders = after(active, declarer)
            whisters = [p for index, p in enumerate(defenders) if answers[f"whist{index}"]]
            passers = [p for index, p in enumerate(defenders) if not answers[f"whist{index}"]]
            if whisters:
                fields["whist"] = ({whisters[0]: None} if len(whisters) == 1 else
                                   {p: answers[f"whister{index}"] for index, p in enumerate(whisters)})
            if passers:
                fields["pass"] = passers
        return fields

    def _check(self, fields: dict) -> None:
        """The hand checked as :func:`bbscore.preferans.protocol.append` will check it (the run of распасы too)."""
        from bbscore.preferans.inputs import make
        from bbscore.preferans.pulya import check_run

        given = dict(fields)
        if len(self.players) == 4:
            given["dealer"] = self.dealer(self._number)
        hand = make(given, self.players, self.convention)
        if self._run is not None:
            check_run(hand, self.convention, self._run)

    def _back_to(self, field: str, answers: Answers, active: tuple[str, ...]) -> tuple[str, ...]:
        """The questions a refusal of the whole hand asks again: the tricks (they do not add up to 10), else the hand
        from who declared (its other answers kept where they still apply)."""
        if field == "tricks":
            if not _declares(answers):
                return tuple(f"all{index}" for index in range(len(active)))
            return ("tricks", "whister0", "whister1")
        return ("who",)

    def _who(self, text: str, active: tuple[str, ...]) -> tuple[str, str | None]:
        from bbscore.seats import match_name

        if text.casefold() in ALL_PASS_WORDS:
            return "all_pass", None
        player = match_name(text, self.players, "by")
        if player not in active:
            raise InconsistentHandError("by", text, _("{player} сдаёт эту сдачу и сидит на прикупе: играют {players}").format(
                player=player, players=", ".join(active)))
        return "by", player

    def _game(self, text: str, run: int):
        from bbscore.preferans.contract import Kind, PrefContract
        from bbscore.preferans.engine import lowest_game

        contract = PrefContract.parse(text)
        if contract.kind is Kind.ALL_PASS:
            raise InconsistentHandError("game", text, _("на распасах никто не играет: назад — и на вопрос «кто играет» "
                                                        "ответьте «распасы»"))
        lowest = lowest_game(self.convention, run)
        if contract.kind is Kind.GAME and contract.level < lowest:  # type: ignore[operator]
            raise InconsistentHandError("game", text, _(
                "после распасов подряд ({run}) заказывают игру не ниже {lowest}, мизер или распасы").format(
                    run=run, lowest=lowest))
        return contract


def _game_kind():
    from bbscore.preferans.contract import Kind

    return Kind.GAME


def _all_pass_kind():
    from bbscore.preferans.contract import Kind

    return Kind.ALL_PASS


def _whisters(answers: Answers, active: tuple[str, ...]) -> list[str]:
    from bbscore.preferans.hand import after

    defenders = after(active, answers["who"][1])
    return [p for index, p in enumerate(defenders) if answers.get(f"whist{index}")]


def _whist_answer(text: str) -> bool:
    answer = text.casefold()
    if answer in WHIST_WORDS:
        return WHIST_WORDS[answer]
    raise InconsistentHandError("whist", text, N_("в — вист или п — пас"))


def _tricks_answer(text: str, field: str) -> int:
    from bbscore.numbers import parse_count

    return parse_count(text, field, 0, 10, _("число взяток от 0 до 10"))
