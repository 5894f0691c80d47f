"""Commands that share and sum up games: ``export`` (CSV, Markdown, a printable HTML page) and ``stats``."""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog, note_written, printed, say, warn
from bbscore.cli.options import AsJson, Command, whole_number
from bbscore.cli.belot.options import ProtocolFile
from bbscore.errors import NOT_A_FILE, BBScoreError, visible
from bbscore.i18n import N_, _

FORMATS = {".csv": "csv", ".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}
# What people read (Russian msgids: bbscore.i18n translates them where they are shown).
TEXT = {
    "export": N_("Протокол партии, чтобы поделиться: CSV для таблиц, Markdown для чата, HTML-страница для печати "
              "(протокол, победитель, график итогов)."),
    "export_format": N_("csv (таблица), md (Markdown для чата) или html (страница для печати с графиком); без него — "
                     "по расширению OUT."),
    "export_output": N_("Записать в файл (по умолчанию — на стандартный вывод); существующий файл не перезаписывается "
                     "без --force."),
    "export_force": N_("Перезаписать существующий файл OUT."),
    "stats": N_("Статистика партий: пары (партии, победы, самая длинная серия побед), игры (заявлено, выполнено, байты), "
             "контры и реконтры, очки за сдачу.\n\nФайлы, которые не читаются, называются (по строке «ошибка: …») "
             "и пропускаются; тогда код выхода 1."),
    "stats_paths": N_("Файлы протоколов или папки с ними (*.toml, и во вложенных папках)."),
    "stats_jobs": N_("Сколько процессов читают файлы (как у recompute)."),
    "format": N_("формат: csv (таблица), md (Markdown для чата) или html (страница для печати)"),
    "no_format": N_("нужен формат: csv, md или html (или OUT с расширением .csv, .md, .html)"),
    "exists": N_("файл уже есть — не перезаписываю (перезаписать: --force)"),
    "same": N_("это сам протокол: экспорт пишется в другой файл"),
    "folder": N_("это папка: нужно имя файла, например game.html"),
    "written": N_("Записано: {path}"),
    "warning": N_("внимание: {warning}"),
    "discrepancies": N_("внимание: в сдачах {hands} записанное расходится с правилами или ввод с ошибкой; в экспорте — "
                     "по правилам (подробно: bbscore recompute {file})"),
}


def export(
    file: ProtocolFile,
    format: Annotated[Optional[str], typer.Option("--format", help=TEXT["export_format"], metavar="csv|md|html")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", readable=False, help=TEXT["export_output"], metavar="OUT")] = None,
    force: Annotated[bool, typer.Option("--force", help=TEXT["export_force"])] = False,
) -> None:
    """``export``: the sheet as CSV, Markdown or a printable HTML page, to stdout or a new file (``--force``: any)."""
    from bbscore.belot import export as formats
    from bbscore.belot import protocol
    from bbscore.errors import InvalidValueError, ProtocolError
    from bbscore.belot.game import replay

    if format is None:
        format = FORMATS.get(output.suffix.lower()) if output is not None else None
        if format is None:
            raise InvalidValueError("format", _("не указан"), _(TEXT["no_format"]))
    elif format not in FORMATS.values():
        raise InvalidValueError("format", format, _(TEXT["format"]))
    if output is not None:  # refused before anything is said or read
        if output.is_dir():
            raise ProtocolError(str(output), None, _(TEXT["folder"]))
        if output.exists() and output.resolve() == file.resolve():
            raise ProtocolError(str(output), None, _(TEXT["same"]))
        if output.exists() and not force:
            raise ProtocolError(str(output), None, _(TEXT["exists"]))
        if output.exists() and not output.is_file():  # a pipe or a device: never replaced, even with --force
            raise ProtocolError(str(output), None, _(NOT_A_FILE))
    sheet = protocol.read(file)
    rules, warning = protocol.convention_for(sheet)
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    # To standard output (a terminal, most often) every control character of a name or a note is named: a bare CR
    # or a line break in a note would overwrite or forge a line; to a file the text is kept as it is.
    writer = {"csv": formats.to_csv, "md": formats.to_markdown, "html": formats.to_html}[format]
    text = writer(sheet, result, **({"shown": visible} if output is None else {}))
    if warning:  # the file's rules changed since it was kept: said, not refused
        say(_(TEXT["warning"]).format(warning=warning), error=True)
    flagged = sorted({discrepancy.hand for discrepancy in result.discrepancies})
    if flagged:  # the export has the rules' numbers, not the sheet's slips: said, as show says it
        say(_(TEXT["discrepancies"]).format(hands=", ".join(map(str, flagged)), file=file), error=True)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from bbscore.files import write_atomic

    write_atomic(output, text, exclusive=not force, follow=False)  # --force replaces a link, never writes through it
    note_written(output)
    say(_(TEXT["written"]).format(path=output))


def stats(
    paths: Annotated[list[Path], typer.Argument(readable=False, help=TEXT["stats_paths"], metavar="FILE_OR_DIR...")],
    as_json: AsJson = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", help=TEXT["stats_jobs"], metavar="N",
                                                click_type=whole_number(1, 1024))] = None,
) -> None:
    """``stats``: the statistics of the games in the files and folders given (unreadable files named, skipped, exit 1)."""
    from bbscore.cli.parallel import each_report
    from bbscore.sheets import protocol_files
    from bbscore.belot.stats import combine

    files, problems = protocol_files(paths)
    summaries = []
    bad = other_game = 0
    for folder, why in problems:  # a folder with none, a folder that cannot be read: said, and exit 1
        warn(f"{folder}: {why}")
        bad += 1
    for summary, level in each_report(files, _stats_file, convention=None, fix=False, jobs=jobs):
        if level == 2:
            warn(summary["error"])
            bad += 1
        elif level == 1:  # a preferans sheet: not a Bazar-Belot game to count, and not an error either
            other_game += 1
        else:
            summaries.append(summary)
    data = combine(summaries)
    data = {"files": len(files), "bad_files": bad, "other_game_files": other_game, **data}
    if as_json:
        printed(lambda: emit_json(data))
    else:
        from bbscore.render import belot as render

        printed(lambda: render.stats(data))
    if bad:  # said by the exit code even to a reader gone (| head)
        raise typer.Exit(1)


def _stats_file(path: Path, convention: str | None, fix: bool) -> tuple[dict, int]:
    """One game's counts (:func:`bbscore.belot.stats.game_summary`) and 0; ``{}`` and 1 for a sheet of another game
    (preferans); ``{"error": line}`` and 2 for a file that cannot be read (its rules included)."""
    from bbscore.belot import protocol
    from bbscore.belot.game import replay
    from bbscore.belot.stats import game_summary

    try:
        sheet = protocol.read(path)
        rules, _warning = protocol.convention_for(sheet)
    except protocol.OtherGameError:
        return {}, 1
    except BBScoreError as error:
        return {"error": error.message()}, 2
    return game_summary(sheet.header.pairs, replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)), 0


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add these commands to the app (only the one named ``only``, when given)."""
    for command in (export, stats):
        if only in (None, command.__name__):
            app.command(cls=Command, help=TEXT[command.__name__], epilog=epilog(command.__name__))(command)
