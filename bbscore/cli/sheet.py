"""Commands about a protocol file: ``new``, ``add``, ``undo``, ``show``, ``recompute``."""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, note_written, warn
from bbscore.cli.options import (
    AsJson,
    Command,
    ConventionOption,
    DeclCards,
    DeclCon,
    DeclPoints,
    DeclSeats,
    DeclTricks,
    DefCards,
    DefCon,
    DefPoints,
    LastTrick,
    Melds,
    ProtocolFile,
)
from bbscore.errors import BBScoreError, visible, ref


def new(
    file: ProtocolFile,
    pairs: Annotated[str, typer.Option("--pairs", help="Две пары через запятую: \"Мы,Они\".", metavar="A,B")],
    convention: ConventionOption = "gambler",
    target: Annotated[Optional[str], typer.Option("--target", help="До скольких очков партия (по умолчанию — цель из правил).", metavar="N")] = None,
) -> None:
    """Начать протокол новой партии в файле FILE (существующий файл не перезаписывается)."""
    from bbscore import protocol
    from bbscore.hand import parse_count

    goal = parse_count(target, "target", 1, 100_000, "цель партии — целое число от 1 до 100000")
    header = protocol.create(file, tuple(pairs.split(",")), convention, goal)
    note_written(file)
    print(visible(f"Протокол {file}: {header.pairs[0]} — {header.pairs[1]}, до {header.target}, правила {header.convention}."))


def add(
    file: ProtocolFile,
    contract: Annotated[Optional[str], typer.Argument(help="Контракт, как в bbscore score.", metavar="CONTRACT")] = None,
    by: Annotated[Optional[str], typer.Option("--by", help="Разыгрывающие: название пары из протокола.", metavar="PAIR")] = None,
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
    redeal: Annotated[Optional[str], typer.Option("--redeal", help="Пересдача без результата: all-pass (все спасовали), rams-7 или rams-8 (если по правилам такие рамки — пересдача).", metavar="all-pass|rams-7|rams-8")] = None,
    note: Annotated[Optional[str], typer.Option("--note", help="Примечание к сдаче.")] = None,
    doezd: Annotated[Optional[str], typer.Option("--doezd", help="Пара, заявившая «доезд» (если правила его допускают).", metavar="PAIR")] = None,
) -> None:
    """Записать сдачу в протокол: посчитать по правилам партии, дописать очки и итоги."""
    from bbscore import protocol, render
    from bbscore.errors import InconsistentHandError

    if redeal is not None:
        given = [(name, value) for name, value in (("contract", contract), ("by", by), ("def_points", def_points),
                 ("decl_points", decl_points), ("decl_con", decl_con), ("def_con", def_con),
                 ("decl_tricks", decl_tricks), ("def_cards", def_cards), ("decl_cards", decl_cards),
                 ("last", last), ("melds", melds), ("decl_seats", decl_seats)) if value is not None]
        if given:
            name, value = given[0]
            raise InconsistentHandError(name, value, f"у пересдачи ({ref('redeal')}) нет контракта и вистов")
        fields: dict = {"redeal": redeal}
    else:
        if contract is None:
            raise InconsistentHandError("contract", "не указано", f"нужен контракт (или {ref('redeal')} all-pass|rams-7)")
        if by is None:
            raise InconsistentHandError("by", "не указано", "нужны разыгрывающие: название пары из протокола")
        fields = {"contract": contract, "by": by, "def_points": _whole(def_points, "def_points"),
                  "decl_points": _whole(decl_points, "decl_points"), "decl_con": _joined(decl_con),
                  "def_con": _joined(def_con), "decl_tricks": _whole(decl_tricks, "decl_tricks"),
                  "def_cards": _card_list(def_cards, "def_cards"), "decl_cards": _card_list(decl_cards, "decl_cards"),
                  "last": last, "melds": _seat_table(melds), "decl_seats": decl_seats}
    if note is not None:
        if not note.strip():
            raise InconsistentHandError("note", note, f"примечание — непустой текст (или не указывайте {ref('note')})")
        fields["note"] = note
    if doezd is not None:
        fields["doezd"] = doezd
    appended = protocol.append(file, {k: v for k, v in fields.items() if v is not None})
    note_written(file)
    render.added_hand(appended)


def _whole(text: str | None, key: str) -> int | None:
    """An option's whole number (its range is checked with the hand)."""
    from bbscore.hand import parse_count

    return parse_count(text, key, -999_999, 999_999, "ожидается целое число")


def _seat_table(texts: list[str] | None) -> dict[str, str] | None:
    """``--melds`` as the protocol stores it: {"p1": "терц от Д♠", …}."""
    if not texts:
        return None
    from bbscore.melds import seats_from_text

    return {f"p{seat}": text for seat, text in sorted(seats_from_text(texts).items())}


def _card_list(text: str | None, key: str) -> list[str] | None:
    """Cards typed for ``add``, in normal form, as the protocol stores them."""
    if text is None:
        return None
    from bbscore.cards import parse_cards

    return [str(card) for card in parse_cards(text, key)]


def _joined(values: list[str] | None) -> list[str] | None:
    return list(values) if values else None


def undo(file: ProtocolFile) -> None:
    """Убрать последнюю сдачу протокола (сначала показав её)."""
    from bbscore import protocol, render

    before, removed = protocol.remove_last(file)
    note_written(file)
    render.removed_hand(before, removed)


def show(file: ProtocolFile, as_json: AsJson = False) -> None:
    """Показать протокол как на бумаге: сдачи, очки, итоги, до цели, победитель."""
    from bbscore import protocol
    from bbscore.game import replay

    sheet = protocol.read(file)
    rules, warning = protocol.convention_for(sheet)
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    if as_json:
        emit_json(sheet_json(sheet, result))
        return
    from bbscore import render

    render.sheet(sheet, result, warning)


def sheet_json(sheet, result) -> dict:
    """The JSON object of ``bbscore show --json``."""
    hands = []
    for hand in result.results:
        item: dict = {"n": hand.entry.number}
        if hand.error is not None:
            item["error"] = hand.error.message()
        elif hand.redeal is not None:
            item["redeal"] = hand.redeal
        else:
            item["contract"] = str(hand.breakdown.contract)
            item["by"] = sheet.header.pairs[hand.by]
            item["made"] = hand.breakdown.made
        item["score"] = list(hand.score)
        item["total"] = list(hand.total)
        hands.append(item)
    return {
        "file": str(sheet.path),
        "pairs": list(sheet.header.pairs),
        "target": sheet.header.target,
        "convention": sheet.header.convention,
        "totals": list(result.totals),
        "ended_at": result.ended_at,
        "winner": None if result.winner is None else sheet.header.pairs[result.winner],
        "hands": hands,
    }


def recompute(
    files: Annotated[list[Path], typer.Argument(help="Файлы протоколов.", metavar="FILE...")],
    convention: Annotated[Optional[str], typer.Option("--convention", help="Пересчитать по другим правилам (имя или путь).", metavar="NAME|PATH")] = None,
    as_json: AsJson = False,
    fix: Annotated[bool, typer.Option("--fix", help="Записать пересчитанные очки и итоги в файл (копия рядом).")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", min=1, help="Сколько процессов считают файлы (по умолчанию — по одному на ядро, когда протоколов больше 512 КБ и нет --fix; 1 — все в одном).", metavar="N")] = None,
) -> None:
    """Пересчитать сохранённые протоколы и найти каждое расхождение (файл, сдача, строка).

    Код выхода: 0 — всё сходится, 1 — есть расхождения или ошибки в сдачах, 2 — файл не читается.
    """
    if fix and convention is not None:
        from bbscore.errors import InconsistentHandError

        raise InconsistentHandError(
            "fix", f"с {ref('convention')}", "пересчёт по другим правилам — только «что, если»: --fix пишет очки по правилам самой партии, уберите --convention"
        )
    if convention is not None:  # a bad --convention is one refusal, not one per file
        from bbscore import conventions

        conventions.load(convention)
    reports = []
    worst = 0
    if not as_json:  # each file's lines as soon as it is done, in the order given
        from bbscore import render

        out = render.console()
    from bbscore.cli.parallel import each_report

    for report, level in each_report(files, _recompute_file, convention=convention, fix=fix, jobs=jobs):
        worst = max(worst, level)
        if as_json:
            reports.append(report)
        elif "error" in report:
            warn(report["error"])
        else:
            render.recompute_report(report, out)
    if as_json:
        emit_json({"files": reports})
    if worst:
        raise typer.Exit(worst)


def _recompute_file(path: Path, convention: str | None, fix: bool) -> tuple[dict, int]:
    """The report of one protocol (as ``recompute --json`` prints it) and its exit level: 0 clean, 1 slips, 2 unreadable,
    3 a bug of bbscore met in this file (reported like an unreadable file, so that the next files are still checked)."""
    import os

    try:
        return _recompute_one(path, convention, fix)
    except OSError:  # the system refused (a full disk): the command's own one line (see bbscore.cli.main)
        raise
    except Exception as error:  # a bug: this file's report says so, the other files are still checked
        if os.environ.get("BBSCORE_DEBUG"):
            raise
        message = (f"{path}: внутренняя ошибка bbscore ({type(error).__name__}: {error}); "
                   "BBSCORE_DEBUG=1 покажет подробности")
        return {"file": str(path), "ok": False, "error": message, "totals": None, "discrepancies": []}, 3


def _recompute_one(path: Path, convention: str | None, fix: bool) -> tuple[dict, int]:
    from bbscore import protocol
    from bbscore.game import replay

    report: dict = {"file": str(path)}
    try:
        sheet = protocol.read(path)
        rules, warning = protocol.convention_for(sheet, convention)
    except BBScoreError as error:
        report.update(ok=False, error=error.message(), totals=None, discrepancies=[])
        return report, 2
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    report.update(
        ok=not result.discrepancies,
        totals=list(result.totals),
        winner=None if result.winner is None else sheet.header.pairs[result.winner],
        convention=rules.name,
        discrepancies=[
            {"hand": d.hand, "line": _discrepancy_line(sheet, d), "field": d.field,
             "recorded": d.recorded, "computed": d.computed, "message": d.message}
            for d in result.discrepancies
        ],
    )
    if warning:
        report["warning"] = warning
    if not result.discrepancies:
        return report, 0
    if fix:
        try:
            saved = protocol.fix(path, known=(sheet, result))
            if saved is not None:
                note_written(saved, path)
            report["fixed"] = True
            report["backup"] = str(saved) if saved else None
        except BBScoreError as error:
            report["fixed"] = False
            report["fix_error"] = error.message()
    return report, 1


def _discrepancy_line(sheet, discrepancy) -> int | None:
    entry = sheet.hands[discrepancy.hand - 1]
    if discrepancy.field in ("score", "total") and discrepancy.field in entry.fields:
        return sheet.field_line(entry, discrepancy.field)
    return entry.line


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add these commands to the app (only the one named ``only``, when given)."""
    for command in (new, add, undo, show, recompute):
        if only in (None, command.__name__):
            app.command(cls=Command)(command)
