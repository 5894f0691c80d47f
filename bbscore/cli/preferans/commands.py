"""The ``pref`` commands (preferans, RULES.md §9, §11): ``score``, ``new``, ``add``, ``undo``, ``show``, ``settle``; and
the preferans part of ``recompute``."""

# No "from __future__ import annotations": Typer reads the annotations.
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, finish_report, keep, note_written
from bbscore.cli.options import HAND_NUMBER, AsJson, Command, given_path, whole_number
from bbscore.errors import BBScoreError, InconsistentHandError
from bbscore.i18n import _
from bbscore.preferans import KEY


class PrefCommand(Command):
    """A ``pref`` command: the core's key ``pass`` is the option ``--pass`` (its parameter is ``pass_``)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BBScoreError as error:
            labels = dict(getattr(error, "labels", None) or {})
            if "pass_" in labels:
                labels["pass"] = labels.pop("pass_")
            error.labels = labels
            raise


Game = Annotated[str, typer.Argument(help="Игра: 6♠ 7♣ 8♦ 9♥ 10БК (масти П Т Б Ч БК или S C D H NT), мизер или распасы.",
                                     metavar="GAME")]
By = Annotated[Optional[str], typer.Option("--by", help="Играющий (кто заказал игру или мизер).", metavar="P")]
Tricks = Annotated[Optional[str], typer.Option(
    "--tricks", help="Взятки играющего (0–10); на распасах — взятки каждого: \"Аня=2,Боря=3,Вера=5\".", metavar="N")]
Whist = Annotated[Optional[list[str]], typer.Option(
    "--whist", help="Вистующий: ИМЯ (один вистует и берёт все взятки защиты) или ИМЯ:N (вистуют оба, по N взяток).",
    metavar="P[:N]")]
Pass = Annotated[Optional[list[str]], typer.Option("--pass", help="Пасовавший защитник (оба спасовали — дважды).", metavar="P")]
Note = Annotated[Optional[str], typer.Option("--note", help="Примечание к сдаче.", metavar="TEXT")]
Convention = Annotated[str, typer.Option("--convention", help="Правила преферанса: имя (rostov, sochi, leningrad) или "
                                                            "путь к файлу .toml.", metavar="NAME|PATH")]
SheetFile = Annotated[Path, typer.Argument(readable=False, click_type=given_path(), help="Файл пули (.toml).", metavar="FILE")]


def _is_all_pass(game: str) -> bool:
    from bbscore.preferans.contract import Kind, PrefContract

    return PrefContract.parse(game).kind is Kind.ALL_PASS


def _tricks(text: Optional[str], all_pass: bool):
    """``--tricks``: the declarer's count, or on распасы a table of everyone's."""
    from bbscore.numbers import whole

    if text is None:
        return None
    if all_pass:
        table: dict = {}
        for part in text.split(","):
            name, eq, count = part.rpartition("=")
            name = _name(name)
            tricks = whole(count, digits=2)
            if not eq or not name or tricks is None:
                raise InconsistentHandError("tricks", text, _("на распасах — взятки каждого через запятую: \"Аня=2,Боря=3,Вера=5\""))
            if name in table:
                raise InconsistentHandError("tricks", text, _("{name}: взятки указаны дважды").format(name=name))
            table[name] = tricks
        return table
    tricks = whole(text, digits=2)
    if tricks is None:
        if "=" in text:
            raise InconsistentHandError("tricks", text, _("взятки играющего — целое число от 0 до 10 (ИМЯ=N — только на распасах)"))
        raise InconsistentHandError("tricks", text, _("взятки играющего — целое число от 0 до 10"))
    return tricks


def _whist(values: Optional[list[str]]):
    """``--whist P`` / ``--whist P:N`` (repeatable) → ``{P: N or None}``."""
    from bbscore.numbers import whole

    if not values:
        return None
    table: dict = {}
    for value in values:
        name, colon, count = value.rpartition(":")
        tricks = None
        if not colon:
            name = value
        else:
            tricks = whole(count, digits=2)
            if tricks is None:
                raise InconsistentHandError("whist", value, _("ожидается ИМЯ или ИМЯ:N, где N — взятки вистующего"))
        name = _name(name)
        if not name:
            raise InconsistentHandError("whist", value, _("ожидается ИМЯ или ИМЯ:N"))
        if name in table:
            raise InconsistentHandError("whist", value, _("{name}: вист указан дважды").format(name=name))
        table[name] = tricks
    return table


def _passers(values: Optional[list[str]]):
    """``--pass P`` (repeatable) → the names; a passer takes no tricks, so ``P:N`` or ``P=N`` is refused (the
    tricks of a defender who whists are ``--whist P:N``)."""
    if not values:
        return None
    for value in values:
        if ":" in value or "=" in value:
            raise InconsistentHandError("pass", value, _("пасующий взяток не пишет: --pass ИМЯ (взятки вистующего — "
                                                         "--whist ИМЯ:N)"))
    return [_name(value) for value in values]


def _name(text: str) -> str:
    """A player's name as typed: white space closed up, in NFC (:func:`bbscore.seats.typed_name`, as the sheet keeps
    it)."""
    from bbscore.seats import typed_name

    return typed_name(text)


def _fields(game: str, by, tricks, whist, pass_, note=None) -> dict:
    """The options of a hand as the file's keys (see :func:`bbscore.preferans.protocol.make`)."""
    all_pass = _is_all_pass(game)
    from bbscore.seats import MAX_NAME

    for key, names in (("by", [by] if by else []), ("whist", whist or []), ("pass", pass_ or [])):
        for name in names:
            if len(name) > MAX_NAME + 3:  # (a whister's «:N» after it)
                raise InconsistentHandError(key, name, _("имя не длиннее {count} знаков").format(count=MAX_NAME))
    fields = {"game": game, "by": None if by is None else _name(by), "tricks": _tricks(tricks, all_pass),
              "whist": _whist(whist), "pass": _passers(pass_)}
    if note is not None:
        if not note.strip():
            raise InconsistentHandError("note", note, _("примечание — непустой текст"))
        fields["note"] = note
    return {key: value for key, value in fields.items() if value is not None}


def score(
    game: Game,
    by: By = None,
    tricks: Tricks = None,
    whist: Whist = None,
    pass_: Pass = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Вчетвером: сдающий, сидящий на прикупе.", metavar="P")] = None,
    after_raspasy: Annotated[Optional[str], typer.Option(
        "--after-raspasy", help="Сколько распасов подряд было перед этой сдачей (цена распасов с прогрессией, выход "
                                "из распасов; по умолчанию 0).", metavar="N")] = None,
    convention: Convention = "rostov",
    as_json: AsJson = False,
) -> None:
    """Посчитать одну сдачу преферанса: что пишется в пулю, в гору и висты, с расчётом по шагам."""
    from bbscore import conventions
    from bbscore.numbers import parse_count
    from bbscore.preferans.contract import Kind, PrefContract
    from bbscore.preferans.engine import lowest_game
    from bbscore.preferans.engine import score as score_hand
    from bbscore.preferans.inputs import make

    run = parse_count(after_raspasy, "after_raspasy", 0, 1000, _("целое число распасов подряд, от 0 до 1000")) or 0
    rules = conventions.load(convention, game=KEY)
    fields = _fields(game, by, tricks, whist, pass_)
    kind = PrefContract.parse(game).kind
    if kind is Kind.ALL_PASS:
        players = list(fields.get("tricks", {}))
    else:
        if by is None:
            raise InconsistentHandError("by", None, _("нужно имя играющего"))
        players = [_name(by)] + list(fields.get("whist", {})) + list(fields.get("pass", []))
        if kind is Kind.MISERE and len(players) == 1:
            players += [name for name in (_("защитник {number}").format(number=n) for n in (1, 2, 3)) if name != players[0]][:2]
        elif kind is Kind.GAME and len(players) != 3:
            raise InconsistentHandError("pass", ", ".join(players[1:]) or None,
                                        _("у играющего два защитника: --whist ИМЯ и --pass ИМЯ, или два --whist ИМЯ:N, "
                                          "или --pass дважды"))
        fields["by"] = players[0]
        for key in ("whist", "pass"):
            if players[0] in fields.get(key, ()):
                raise InconsistentHandError(key, players[0], _("играющий не вистует и не пасует: это говорят защитники"))
    if dealer is not None:
        dealer = _name(dealer)
        if dealer in players:
            raise InconsistentHandError("dealer", dealer, _("сдающий вчетвером сидит на прикупе и в сдаче не играет"))
        players.append(dealer)
        fields["dealer"] = dealer
    hand = make(fields, tuple(players), rules.settings)
    lowest = lowest_game(rules.settings, run)
    if hand.contract.kind is Kind.GAME and hand.contract.level < lowest:  # type: ignore[operator]
        raise InconsistentHandError("game", hand.contract.shown(), _(
            "после распасов подряд ({run}) заказывают игру не ниже {lowest} (raspasy.exit правил), мизер или "
            "распасы").format(run=run, lowest=lowest))
    entries = score_hand(hand, rules.settings, run)
    if as_json:
        emit_json(hand_json(hand, entries, rules))
        return
    from bbscore.render import preferans as render

    if hand.declarer:
        title = _("{contract}, играет {declarer} — правила «{convention}»").format(
            contract=hand.contract.describe(), declarer=hand.declarer, convention=rules.name)
    else:
        title = _("{contract} — правила «{convention}»").format(contract=hand.contract.describe(), convention=rules.name)
    render.hand_result(title, entries)


def _plain(value):
    from bbscore.preferans.inputs import plain

    return plain(value)


def entries_json(entries) -> dict:
    """pulya, gora, vists of a hand (only the non-zero entries)."""
    from bbscore.preferans.inputs import vists_by_pair

    return {
        "pulya": {p: n for p, n in entries.pulya.items() if n},
        "gora": {p: _plain(n) for p, n in entries.gora.items() if n},
        "vists": [{"from": a, "on": b, "vists": _plain(n)} for (a, b), n in vists_by_pair(entries).items()],
    }


def steps_json(steps) -> list:
    import msgspec

    def hook(value):  # msgspec asks only for the types it cannot write: here a Fraction of vists
        from fractions import Fraction

        if isinstance(value, Fraction):
            return _plain(value)
        raise TypeError(f"no JSON form for {type(value).__name__}")

    return [msgspec.to_builtins(step, enc_hook=hook) for step in steps]


def hand_json(hand, entries, rules) -> dict:
    """The JSON object of ``pref score --json``."""
    from bbscore.preferans.working import hand_lines

    return {
        "game": str(hand.contract),
        "players": list(hand.players),
        "by": hand.declarer,
        "dealer": hand.dealer,
        **entries_json(entries),
        "steps": steps_json(entries.steps),
        "working": hand_lines(entries),
        "convention": rules.name,
        "convention_sha256": rules.sha256,
    }


def new(
    file: SheetFile,
    players: Annotated[str, typer.Option("--players", help="Игроки по порядку рассадки через запятую: \"Аня,Боря,Вера\" "
                                                           "(вчетвером — четыре имени).", metavar="\"А,Б,В[,Г]\"")],
    target: Annotated[Optional[str], typer.Option("--target", help="Пуля: до скольких очков у каждого (по умолчанию — "
                                                                   "из правил, 20 в rostov, sochi и leningrad).",
                                                  metavar="N")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Вчетвером: кто сдаёт первым (по умолчанию — первый "
                                                                   "из --players); дальше по кругу.", metavar="P")] = None,
    convention: Convention = "rostov",
) -> None:
    """Начать новую пулю: файл с игроками и правилами."""
    from bbscore.preferans import protocol

    from bbscore.numbers import parse_count

    from bbscore.cli import sheet_extra

    goal = parse_count(target, "target", 1, 100_000, _("пуля — целое число от 1 до 100000"))
    from bbscore.cli.preferans.play import reserved

    # (a пуля is kept by pref play too: no name its answers would take)
    header = protocol.create(file, players.split(","), convention, goal, dealer, sheet_extra(), reserved)
    note_written(file)
    first = header.extra.get("dealer", header.players[0])
    line = _("{file}: новая пуля до {target}; игроки {players}; правила «{convention}».").format(
        file=file, target=header.target, players=", ".join(header.players), convention=header.convention)
    if len(header.players) == 4:
        line += _(" Вчетвером сдающий сидит на прикупе; первым сдаёт {first}, дальше по кругу.").format(first=first)
    from bbscore.render.layout import console

    console().print(line)


def add(
    file: SheetFile,
    game: Annotated[Optional[str], typer.Argument(
        help="Игра: 6♠ 7♣ 8♦ 9♥ 10БК (масти П Т Б Ч БК или S C D H NT), мизер или распасы (с --deal — из раздачи).",
        metavar="GAME")] = None,
    by: By = None,
    tricks: Tricks = None,
    whist: Whist = None,
    pass_: Pass = None,
    note: Note = None,
    deal: Annotated[Optional[Path], typer.Option(
        "--deal", readable=False, click_type=given_path(stdin=True), help="Раздача (.toml; - — со стандартного ввода): ввод сдачи берётся из неё по картам (как в "
                       "bbscore pref referee), раздача хранится со сдачей.", metavar="DEAL")] = None,
) -> None:
    """Записать сдачу в пулю: посчитать по правилам пули и дописать, что она пишет."""
    from bbscore.preferans import protocol

    if deal is not None:
        from bbscore.cli.preferans.referee import deal_fields

        fields = deal_fields(file, deal, {"game": game, "by": by, "tricks": tricks, "whist": whist, "pass": pass_},
                             note)
    elif game is None:
        raise InconsistentHandError("game", _("не указано"), _("нужна игра: 6♠ … 10БК, мизер или распасы"))
    else:
        fields = _fields(game, by, tricks, whist, pass_, note)
    appended = protocol.append(file, fields)
    note_written(file)
    from bbscore.render import preferans as render

    render.added(appended, file)
    keep(appended)


def edit(
    file: SheetFile,
    number: Annotated[int, typer.Argument(help="Номер сдачи в пуле (с 1).", metavar="N",
                                          click_type=whole_number(1, 10**9, HAND_NUMBER))],
    game: Game,
    by: By = None,
    tricks: Tricks = None,
    whist: Whist = None,
    pass_: Pass = None,
    note: Note = None,
) -> None:
    """Исправить сдачу N пули: заменить её ввод (параметры как у add), пересчитать её и все следующие сдачи."""
    from bbscore.preferans import protocol

    replaced = protocol.replace(file, number, _fields(game, by, tricks, whist, pass_, note))
    note_written(file)
    from bbscore.render import preferans as render

    render.edited(replaced, file)
    keep(replaced)


def play(
    file: SheetFile,
    players: Annotated[Optional[str], typer.Option("--players", help="Для новой пули: игроки по порядку рассадки через "
                                                                     "запятую (иначе спрошу).", metavar="\"А,Б,В[,Г]\"")] = None,
    target: Annotated[Optional[str], typer.Option("--target", help="Для новой пули: до скольких очков (по умолчанию — из "
                                                                   "правил).", metavar="N")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Для новой пули вчетвером: кто сдаёт первым.",
                                                  metavar="P")] = None,
    convention: Convention = "rostov",
) -> None:
    """Вести пулю за столом: вопрос за вопросом, каждая сдача сразу записывается в FILE (новый файл — с --players)."""
    from bbscore.cli.preferans.play import play as run

    code = run(file, players, target, dealer, convention)
    if code:
        raise typer.Exit(code)


def undo(file: SheetFile) -> None:
    """Убрать последнюю сдачу пули (сначала показав её)."""
    from bbscore.preferans import protocol
    from bbscore.render import preferans as render

    before, removed = protocol.remove_last(file)
    note_written(file)
    render.removed(before, removed)


def _read(file: Path):
    from bbscore.preferans import protocol

    sheet = protocol.read(file)
    _loaded, convention, warning = protocol.rules_for(sheet)
    return sheet, protocol.check(sheet, convention), convention, warning


def show(file: SheetFile, as_json: AsJson = False) -> None:
    """Показать пулю как на бумаге: пуля и гора каждого, висты друг на друга, кто ближе к закрытию."""
    sheet, checked, _rules, warning = _read(file)
    if as_json:
        emit_json(sheet_json(sheet, checked, warning))
        return
    from bbscore.render import preferans as render

    render.sheet(sheet, checked, warning)


def sheet_json(sheet, checked, warning) -> dict:
    """The JSON object of ``pref show --json``."""
    s = checked.sheet
    hands = []
    good = 0  # the hand's place among the good ones (the replay's)
    for record, hand, entries in zip(sheet.hands, checked.hands, checked.entries):
        item: dict = {"n": record.number}
        if hand is None:
            item["error"] = next(d.message for d in checked.discrepancies if d.hand == record.number and d.field == "input")
        else:
            item.update(game=str(hand.contract), by=hand.declarer, dealer=hand.dealer, **entries_json(entries),
                        after_raspasy=s.runs[good])
            good += 1
        hands.append(item)
    return {
        "file": str(sheet.path),
        "players": list(s.players),
        "target": s.target,
        "convention": sheet.header.convention,
        "pulya": dict(s.pulya),
        "pulya_running": {p: list(v) for p, v in s.pulya_running.items()},
        "gora": {p: _plain(v) for p, v in s.gora.items()},
        "gora_running": {p: [_plain(n) for n in v] for p, v in s.gora_running.items()},
        "vists": [{"from": a, "on": b, "vists": _plain(n)} for (a, b), n in s.vists.items() if n],
        "left": dict(s.left),
        "closest": list(s.closest),
        "ended": s.ended,
        "table_left": s.table_left,
        "raspasy_run": s.run,
        "lowest_game": s.lowest,
        "closing": [{"hand": n, **steps_json([step])[0]} for n, step in s.closing],
        "discrepancies": len(checked.discrepancies),
        "warning": warning,
        "hands": hands,
    }


def settle(
    file: SheetFile,
    per_vist: Annotated[Optional[str], typer.Option(
        "--per-vist", help="Цена одного виста в деньгах (например 0.10): итоги и платежи ещё и в деньгах, точно.",
        metavar="PRICE")] = None,
    currency: Annotated[Optional[str], typer.Option(
        "--currency", help="Знак валюты к суммам в деньгах (например ₽); только вместе с --per-vist.",
        metavar="TEXT")] = None,
    as_json: AsJson = False,
) -> None:
    """Подсчёт пули: итог каждого в вистах (в сумме ровно 0), кто кому сколько должен и кто кому платит, с расчётом."""
    from bbscore.preferans.settle import settle_sheet

    price = _price(per_vist)
    if currency is not None:
        if price is None:
            raise InconsistentHandError("currency", currency, _("валюта указывается вместе с ценой виста: --per-vist 0.10 --currency ₽"))
        if not currency.strip() or len(currency) > 12 or any(not ch.isprintable() for ch in currency):
            raise InconsistentHandError("currency", currency, _("знак валюты — непустой текст до 12 знаков: ₽, руб., $"))
        currency = currency.strip()
    sheet, checked, convention, warning = _read(file)
    bad = [d for d in checked.discrepancies if d.field == "input"]
    if bad:
        from bbscore.errors import ProtocolError

        raise ProtocolError(str(file), bad[0].line, _("в сдаче {hand} ошибка ({message}); исправьте файл").format(
            hand=bad[0].hand, message=bad[0].message))
    result = settle_sheet(checked.sheet, convention)
    if as_json:
        emit_json(settlement_json(file, checked, result, price, currency, warning))
        return
    from bbscore.render import preferans as render

    render.settlement(sheet, checked, result, price, currency or "")


def _price(text: Optional[str]):
    """``--per-vist``: a price of one vist, a positive decimal (``0.10`` or ``0,10``) → :class:`decimal.Decimal`."""
    import re
    from decimal import Decimal

    if text is None:
        return None
    given = text.strip().replace(",", ".")
    form = re.fullmatch(r"([0-9]+)(?:\.([0-9]+))?", given[:64])  # (a long value is not scanned whole)
    if form is None or len(given) > 64:
        raise InconsistentHandError("per_vist", text, _("цена виста — положительное число, до 6 знаков после точки: 0.10, 1, 2.5"))
    whole, fraction = form.group(1), form.group(2) or ""
    if len(whole.lstrip("0")) > PRICE_DIGITS:  # positive, but more than a price can be
        raise InconsistentHandError("per_vist", text, _("цена виста — не больше {most} (до {digits} цифр до точки)").format(
            most="9" * PRICE_DIGITS, digits=PRICE_DIGITS))
    if len(fraction) > PRICE_DECIMALS:
        raise InconsistentHandError("per_vist", text, _("цена виста — до {decimals} знаков после точки: 0.10, 1, 2.5").format(
            decimals=PRICE_DECIMALS))
    if not Decimal(given):
        raise InconsistentHandError("per_vist", text, _("цена виста — положительное число, а дан ноль"))
    return Decimal(given)


PRICE_DIGITS = 9  # the longest price of a vist, in digits before the point (sums of millions of vists stay exact)
PRICE_DECIMALS = 6  # and after it


def settlement_json(file, checked, result, price, currency, warning) -> dict:
    """The JSON object of ``pref settle --json`` (also the data an export of the пуля shows)."""
    from bbscore.preferans.settle import money

    data = {
        "file": str(file), "players": list(result.players), "ended": checked.sheet.ended, "method": result.method,
        "rate": result.rate, "missing": result.missing, "missing_rate": result.missing_rate,
        "gora": {p: _plain(v) for p, v in result.gora.items()},
        "average_gora": _plain(result.average_gora),
        "gora_offset": {p: _plain(v) for p, v in result.gora_offset.items()},
        "pulya_rate": result.pulya_rate, "pulya": dict(result.pulya or {}),
        "pulya_offset": {p: _plain(v) for p, v in (result.pulya_offset or {}).items()},
        "vists_out": {p: _plain(v) for p, v in result.vists_out.items()},
        "vists_in": {p: _plain(v) for p, v in result.vists_in.items()},
        "results": {p: _plain(v) for p, v in result.result.items()},
        "shown": dict(result.shown), "rounding": result.rounding,
        "pairwise": [{"from": debtor, "to": creditor, "vists": _plain(vists)} for creditor, debtor, vists in result.pairwise],
        "payments": [{"from": p.payer, "to": p.payee, "vists": p.vists} for p in result.payments],
        "warning": warning,
        "discrepancies": len(checked.discrepancies),  # recorded values the rules do not give: settled by the rules
        "discrepancy_hands": sorted({d.hand for d in checked.discrepancies}),
    }
    if price is not None:
        data["money"] = {
            "per_vist": str(price), "currency": currency,
            "results": {p: str(money(v, price)) for p, v in result.shown.items()},
            "payments": [{"from": p.payer, "to": p.payee, "amount": str(money(p.vists, price))} for p in result.payments],
        }
    return data


def recompute_file(path: Path, convention: Optional[str], fix: bool, known=None) -> tuple[dict, int]:
    """``recompute`` of a preferans sheet: its report (as ``--json`` prints it) and exit level (0, 1 or 2).

    ``known``: the file's text, its parsed TOML and whether it had a byte-order mark, when already read.
    """
    from bbscore.preferans import protocol

    report: dict = {"file": str(path), "game": KEY}
    try:
        if known is not None:  # (the hands' lines found only for what is reported; --fix refuses naming them)
            sheet = protocol.parse(path, known[0], known[1], bom=known[2], lines=fix)
        else:
            sheet = protocol.read(path)
        rules, settings, warning = protocol.rules_for(sheet, convention)
    except BBScoreError as error:
        report.update(ok=False, error=error.message(), discrepancies=[])
        return report, 2
    checked = protocol.check(sheet, settings)
    s = checked.sheet
    lines = (protocol.report_lines(sheet, checked.discrepancies) if sheet.starts is None
             else [d.line for d in checked.discrepancies])
    report.update(
        ok=not checked.discrepancies, convention=rules.name, pulya=dict(s.pulya), gora={p: _plain(v) for p, v in s.gora.items()}, ended=s.ended,
        discrepancies=[{"hand": d.hand, "line": line, "field": d.field, "recorded": d.recorded,
                        "computed": d.computed, "message": d.message} for d, line in zip(checked.discrepancies, lines)],
    )
    return finish_report(report, warning, bool(checked.discrepancies),
                         (lambda: protocol.fix(path, known=(sheet, checked))) if fix else None, path)


def register(app: typer.Typer, only: Optional[str] = None) -> None:
    """Add the ``pref`` group to the app."""
    from bbscore.cli import epilog

    group = typer.Typer(help="Преферанс (конвенции «Ростов», «Сочи», «Ленинград»): сдача, пуля, подсчёт и кто кому платит.",
                        no_args_is_help=True,
                        epilog=epilog("pref"))
    from bbscore.cli.preferans.referee import referee

    for command in (score, new, add, edit, play, undo, show, settle, referee):
        group.command(command.__name__, cls=PrefCommand, epilog=epilog(f"pref {command.__name__}"))(command)
    app.add_typer(group, name="pref")
