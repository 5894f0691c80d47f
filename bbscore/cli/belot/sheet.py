"""Commands about a protocol file: ``new``, ``add``, ``edit``, ``undo``, ``show``; a protocol's ``recompute``
(:func:`recompute_file`, called by :mod:`bbscore.cli.recompute`)."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog, finish_report, keep, note_written
from bbscore.cli.options import AsJson, Command, HAND_NUMBER, completion, given_path, whole_number
from bbscore.cli.belot.options import ConventionOption, DeclCards, DeclCon, DeclPoints, DeclSeats, DeclTricks, DefCards, DefCon, DefPoints, LastTrick, Melds, ProtocolFile, pair_names, reserved
from bbscore.errors import BBScoreError, ref
from bbscore.i18n import _


def new(
    file: ProtocolFile,
    pairs: Annotated[str, typer.Option("--pairs", help="Две пары через запятую: \"Мы,Они\".", metavar="A,B")],
    convention: ConventionOption = "gambler",
    target: Annotated[Optional[str], typer.Option("--target", help="До скольких очков партия (по умолчанию — цель из правил).", metavar="N")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="Игроки пар: \"Мы=Аня+Боря,Они=Вера+Гена\" (можно назвать не все пары); для stats и rating.", metavar="A=x+y,…")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Пара, которая сдаёт первой (дальше сдают по очереди; play показывает, чья сдача).", metavar="PAIR")] = None,
) -> None:
    """Начать протокол новой партии в файле FILE (существующий файл не перезаписывается)."""
    from bbscore.belot import protocol
    from bbscore.belot.hand import parse_count
    from bbscore.cli import sheet_extra

    goal = parse_count(target, "target", 1, 100_000, _("цель партии — целое число от 1 до 100000"))
    extra = sheet_extra()
    if dealer is not None:
        from bbscore.belot.game import match_pair

        names = tuple(" ".join(name.split()) for name in pairs.split(","))
        extra["dealer"] = match_pair(dealer, names, "dealer") if len(names) == 2 else dealer
    header = protocol.create(file, tuple(pairs.split(",")), convention, goal, _players(players), extra=extra,
                             reserved=reserved)  # (a protocol is kept by play too: no name its answers would take)
    note_written(file)
    from bbscore.render.layout import console

    console().print(_("Протокол {file}: {first} — {second}, до {target}, правила {convention}.").format(
        file=file, first=header.pairs[0], second=header.pairs[1], target=header.target, convention=header.convention))


def _players(text: Optional[str]) -> Optional[dict]:
    """``--players "Мы=Аня+Боря,Они=Вера+Гена"`` → ``{"Мы": ("Аня", "Боря"), …}`` (the pairs matched by the protocol)."""
    from bbscore.errors import InvalidValueError

    if text is None:
        return None
    table: dict = {}
    for item in text.split(","):
        pair, equals, people = item.partition("=")
        names = tuple(people.split("+"))
        if not equals or not pair.strip() or len(names) != 2:
            raise InvalidValueError("players", item, _("пара и два её игрока: «Мы=Аня+Боря», через запятую"))
        table[pair.strip()] = names
    return table


HandRedeal = Annotated[Optional[str], typer.Option("--redeal", help="Пересдача без результата: all-pass (все спасовали), rams-7 или rams-8 (если по правилам такие рамки — пересдача).", metavar="all-pass|rams-7|rams-8")]
HandNote = Annotated[Optional[str], typer.Option("--note", help="Примечание к сдаче.")]
HandDoezd = Annotated[Optional[str], typer.Option("--doezd", help="Пара, заявившая «доезд» (если правила его допускают).", metavar="PAIR", **completion(pair_names))]
HandBy = Annotated[Optional[str], typer.Option("--by", help="Разыгрывающие: пара из протокола — название (можно начало, любой регистр) или номер 1/2.", metavar="PAIR", **completion(pair_names))]
HandContract = Annotated[Optional[str], typer.Argument(help="Контракт, как в bbscore score.", metavar="CONTRACT")]
ConfirmBid = Annotated[bool, typer.Option("--yes", help="Подтвердить необычно высокую заявку (выше confirm_bid_above правил, по умолчанию 30).")]


def add(
    file: ProtocolFile,
    contract: HandContract = None,
    by: HandBy = None,
    def_points: DefPoints = None,
    decl_points: DeclPoints = None,
    decl_con: DeclCon = None,
    def_con: DefCon = None,
    decl_tricks: DeclTricks = None,
    def_cards: DefCards = None,
    decl_cards: DeclCards = None,
    last: LastTrick = None,
    melds: Melds = None,
    decl_seats: DeclSeats = None,
    redeal: HandRedeal = None,
    note: HandNote = None,
    doezd: HandDoezd = None,
    yes: ConfirmBid = False,
    deal: Annotated[Optional[Path], typer.Option(
        "--deal", readable=False, click_type=given_path(stdin=True), help="Раздача (.toml; - — со стандартного ввода): ввод сдачи берётся из неё по картам (как в "
                       "bbscore referee), раздача хранится со сдачей, и recompute разбирает её снова.",
        metavar="DEAL")] = None,
) -> None:
    """Записать сдачу в протокол: посчитать по правилам партии, дописать очки и итоги."""
    from bbscore.belot import protocol
    from bbscore.render import belot as render

    if deal is not None:
        from bbscore.cli.belot.referee import deal_fields

        fields = deal_fields(file, deal, locals())
    else:
        fields = hand_fields(locals())
    appended = protocol.append(file, fields, confirmed=yes)
    note_written(file)
    render.added_hand(appended)
    keep(appended)


def edit(
    file: ProtocolFile,
    number: Annotated[int, typer.Argument(help="Номер сдачи в протоколе (с 1).", metavar="N",
                                          click_type=whole_number(1, 10**9, HAND_NUMBER))],
    contract: HandContract = None,
    by: HandBy = None,
    def_points: DefPoints = None,
    decl_points: DeclPoints = None,
    decl_con: DeclCon = None,
    def_con: DefCon = None,
    decl_tricks: DeclTricks = None,
    def_cards: DefCards = None,
    decl_cards: DeclCards = None,
    last: LastTrick = None,
    melds: Melds = None,
    decl_seats: DeclSeats = None,
    redeal: HandRedeal = None,
    note: HandNote = None,
    doezd: HandDoezd = None,
    yes: ConfirmBid = False,
) -> None:
    """Исправить сдачу N: заменить её ввод (параметры как у add), пересчитать её и все следующие итоги."""
    from bbscore.belot import protocol
    from bbscore.render import belot as render

    fields = hand_fields(locals())
    replaced = protocol.replace(file, number, fields, confirmed=yes)
    note_written(file)
    render.edited_hand(replaced)
    keep(replaced)


def hand_fields(options: dict) -> dict:
    """A hand's protocol fields from the options of ``add``/``edit`` (a redeal, or a contract with its inputs)."""
    from bbscore.errors import InconsistentHandError

    inputs = ("contract", "by", "def_points", "decl_points", "decl_con", "def_con", "decl_tricks", "def_cards",
              "decl_cards", "last", "melds", "decl_seats")
    redeal, note, doezd = options["redeal"], options["note"], options["doezd"]
    if redeal is not None:
        given = [(name, options[name]) for name in inputs if options[name] is not None]
        if given:
            name, value = given[0]
            raise InconsistentHandError(name, value, _("у пересдачи ({redeal}) нет контракта и вистов").format(redeal=ref('redeal')))
        fields: dict = {"redeal": redeal}
    else:
        if options["contract"] is None:
            raise InconsistentHandError("contract", _("не указано"),
                                        _("нужен контракт (или {redeal} all-pass|rams-7)").format(redeal=ref('redeal')))
        if options["by"] is None:
            raise InconsistentHandError("by", _("не указано"), _("нужны разыгрывающие: название пары из протокола или её номер"))
        fields = {"contract": options["contract"], "by": options["by"],
                  "def_points": _whole(options["def_points"], "def_points"),
                  "decl_points": _whole(options["decl_points"], "decl_points"), "decl_con": _joined(options["decl_con"]),
                  "def_con": _joined(options["def_con"]), "decl_tricks": _whole(options["decl_tricks"], "decl_tricks"),
                  "def_cards": _card_list(options["def_cards"], "def_cards"),
                  "decl_cards": _card_list(options["decl_cards"], "decl_cards"),
                  "last": options["last"], "melds": _seat_table(options["melds"]), "decl_seats": options["decl_seats"]}
    if note is not None:
        if not note.strip():
            raise InconsistentHandError("note", note, _("примечание — непустой текст (или не указывайте {note})").format(note=ref('note')))
        fields["note"] = note
    if doezd is not None:
        fields["doezd"] = doezd
    return {k: v for k, v in fields.items() if v is not None}


def _whole(text: str | None, key: str) -> int | None:
    """An option's whole number (its range is checked with the hand)."""
    from bbscore.belot.hand import parse_count

    return parse_count(text, key, -999_999, 999_999, _("ожидается целое число"))


def _seat_table(texts: list[str] | None) -> dict[str, str] | None:
    """``--melds`` as the protocol stores it: {"p1": "терц от Д♠", …}."""
    if not texts:
        return None
    from bbscore.belot.melds import seats_from_text

    return {f"p{seat}": text for seat, text in sorted(seats_from_text(texts).items())}


def _card_list(text: str | None, key: str) -> list[str] | None:
    """Cards typed for ``add``, in normal form, as the protocol stores them."""
    if text is None:
        return None
    from bbscore.belot.cards import parse_cards

    return [str(card) for card in parse_cards(text, key)]


def _joined(values: list[str] | None) -> list[str] | None:
    return list(values) if values else None


def undo(file: ProtocolFile) -> None:
    """Убрать последнюю сдачу протокола (сначала показав её)."""
    from bbscore.belot import protocol
    from bbscore.render import belot as render

    before, removed = protocol.remove_last(file)
    note_written(file)
    render.removed_hand(before, removed, removed_result(before))


def removed_result(before):
    """The removed (last) hand of a protocol as replayed, for its line; None when its rules cannot be read."""
    from bbscore.belot import protocol
    from bbscore.belot.game import replay

    try:
        rules, _warning = protocol.convention_for(before)
    except BBScoreError:
        return None
    return replay(before.hands, before.header.pairs, before.header.target, rules).results[-1]


def show(
    file: ProtocolFile,
    as_json: AsJson = False,
    chart: Annotated[bool, typer.Option("--chart", help="Нарисовать итоги по сдачам (строка на пару, до 40 знаков в ширину).")] = False,
) -> None:
    """Показать протокол как на бумаге: сдачи, очки, итоги, до цели, победитель."""
    from bbscore.belot import protocol
    from bbscore.belot.game import replay

    sheet = protocol.read(file)
    rules, warning = protocol.convention_for(sheet)
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    if as_json:
        emit_json(sheet_json(sheet, result))
        return
    from bbscore.render import belot as render

    render.sheet(sheet, result, warning)
    if chart:
        from bbscore.belot.export import sparklines

        render.chart(sparklines(sheet.header.pairs, result, sheet.header.target))


def sheet_json(sheet, result) -> dict:
    """The JSON object of ``bbscore show --json``."""
    hands = []
    for hand in result.results:
        item: dict = {"n": hand.entry.number}
        if hand.error is not None:
            from bbscore.belot.game import FILE_LABELS

            item["error"] = hand.error.message(FILE_LABELS)
        elif hand.redeal is not None:
            item["redeal"] = hand.redeal
        else:
            item["contract"] = str(hand.breakdown.contract)
            item["by"] = sheet.header.pairs[hand.by]
            item["made"] = hand.breakdown.made
        item["score"] = list(hand.score)
        item["total"] = list(hand.total)
        if hand.held_in or hand.held_out:  # points of ties held over (RULES.md §12)
            item["held"] = hand.held_out
            item["held_to"] = None if hand.held_to is None else sheet.header.pairs[hand.held_to]
        if isinstance(hand.entry.fields.get("note"), str):
            item["note"] = hand.entry.fields["note"]
        hands.append(item)
    return {
        "file": str(sheet.path),
        "pairs": list(sheet.header.pairs),
        "target": sheet.header.target,
        "convention": sheet.header.convention,
        "totals": list(result.totals),
        "ended_at": result.ended_at,
        "winner": None if result.winner is None else sheet.header.pairs[result.winner],
        "held": result.held,
        "hands": hands,
    }


def recompute_file(path: Path, convention: str | None, fix: bool, known=None) -> tuple[dict, int]:
    """``recompute`` of a Bazar-Belot protocol: its report (as ``--json`` prints it) and exit level (0, 1 or 2).

    ``known``: the file's text, its parsed TOML and whether it had a byte-order mark, when already read
    (:mod:`bbscore.cli.recompute`)."""
    from bbscore.belot import protocol
    from bbscore.belot.game import replay

    report: dict = {"file": str(path)}
    try:
        # Without --fix, the per-hand results are not kept and the hands' lines are found only for what is reported;
        # --fix writes every hand (its refusals name the line of a bad hand).
        sheet = (protocol.parse(path, known[0], known[1], bom=known[2], lines=fix) if known is not None
                 else protocol.read(path))
        rules, warning = protocol.convention_for(sheet, convention)
    except BBScoreError as error:
        report.update(ok=False, error=error.message(), totals=None, discrepancies=[])
        return report, 2
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules, keep=fix)
    lines, starts = sheet.sheet.hand_lines() if result.discrepancies else ([], None)
    report.update(
        ok=not result.discrepancies,
        totals=list(result.totals),
        winner=None if result.winner is None else sheet.header.pairs[result.winner],
        convention=rules.name,
        discrepancies=[
            {"hand": d.hand, "line": _discrepancy_line(sheet, d, result, lines, starts), "field": d.field,
             "recorded": d.recorded, "computed": d.computed, "message": d.message}
            for d in result.discrepancies
        ],
    )
    return finish_report(report, warning, bool(result.discrepancies),
                         (lambda: protocol.fix(path, known=(sheet, result))) if fix else None, path)


def _discrepancy_line(sheet, discrepancy, result, lines: list, starts: list | None) -> int | None:
    """The line of the key a discrepancy is about (the hand's own line when the key is not written in it); ``lines``
    and ``starts``: each hand's line and offset (:meth:`bbscore.sheets.Sheet.hand_lines`)."""
    from bbscore.sheets import field_line

    number = discrepancy.hand
    entry = sheet.hands[number - 1]
    key = discrepancy.field
    if key == "input" and number in result.errors:
        key = result.errors[number].field.split("/")[0]
    line = lines[number - 1]
    if key != "input" and key in entry.fields:
        return field_line(sheet.text, starts, number, line, key)
    return line


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add these commands to the app (only the one named ``only``, when given)."""
    for command in (new, add, edit, undo, show):
        if only in (None, command.__name__):
            app.command(cls=Command, epilog=epilog(command.__name__))(command)
