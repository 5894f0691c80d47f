"""``bbscore recompute``: re-check saved sheets of every game — each file is read once and handed to the game its
``[game]`` table names (:mod:`bbscore.games`), which rescores it and reports each slip (file, hand, line)."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog, printed, warn
from bbscore.cli.options import AsJson, Command, given_path, whole_number
from bbscore.errors import BBScoreError, ref
from bbscore.i18n import _


def recompute(
    files: Annotated[list[Path], typer.Argument(readable=False, click_type=given_path(), help="Файлы протоколов или папки (в папке — все протоколы, и во вложенных).", metavar="FILE|DIR...")],
    convention: Annotated[Optional[str], typer.Option("--convention", help="Пересчитать по другим правилам (имя или путь).", metavar="NAME|PATH")] = None,
    as_json: AsJson = False,
    fix: Annotated[bool, typer.Option("--fix", help="Записать пересчитанные очки и итоги в файл (копия рядом).")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", click_type=whole_number(1, 1024), help="Сколько процессов считают файлы (по умолчанию — по одному на ядро, когда протоколов больше 512 КБ и нет --fix; 1 — все в одном).", metavar="N")] = None,
) -> None:
    """Пересчитать сохранённые протоколы (и пули преферанса) и найти каждое расхождение (файл, сдача, строка).

    Код выхода: 0 — всё сходится, 1 — есть расхождения или ошибки в сдачах, 2 — файл не читается.
    """
    if fix and convention is not None:
        from bbscore.errors import InconsistentHandError

        raise InconsistentHandError(
            "fix", _("с {convention}").format(convention=ref('convention')),
            _("пересчёт по другим правилам — только «что, если»: --fix пишет очки по правилам самой партии, уберите --convention")
        )
    if convention is not None:  # a bad --convention is one refusal, not one per file
        from bbscore import conventions

        conventions.load(convention, game=None)  # each file then asks for rules of its own game
    from bbscore import games
    from bbscore.cli.parallel import each_report
    from bbscore.sheets import protocol_files

    reports = []
    worst = 0
    if not as_json:  # each file's lines as soon as it is done, in the order given
        from bbscore.render.layout import console

        out = console()
    files, problems = protocol_files(files)  # a folder: the protocols in it
    for folder, why in problems:  # a folder with none, a folder that cannot be read: said, and exit 2
        warn(f"{folder}: {why}")
        worst = 2
    reported = each_report(files, recompute_file, convention=convention, fix=fix, jobs=jobs) if files else ()
    listening = True  # the reader is there (| head may go away: the check goes on, for its exit code)
    for report, level in reported:
        worst = max(worst, level)
        if as_json:
            reports.append(report)
        elif "error" in report:
            warn(report["error"])
        elif listening:
            show_report = games.resolve((games.of(report.get("game")) or games.untagged()).report)
            listening = printed(lambda: show_report(report, out))
    if as_json:
        emit_json({"files": reports})
    if worst:
        raise typer.Exit(worst)


def recompute_file(path: Path, convention: str | None, fix: bool) -> tuple[dict, int]:
    """The report of one sheet (as ``recompute --json`` prints it) and its exit level: 0 clean, 1 slips, 2 unreadable,
    3 a bug of bbscore met in this file (reported like an unreadable file, so that the next files are still checked)."""
    import os

    try:
        return _recompute_one(path, convention, fix)
    except OSError:  # the system refused (a full disk): the command's own one line (see bbscore.cli.main)
        raise
    except Exception as error:  # a bug: this file's report says so, the other files are still checked
        if os.environ.get("BBSCORE_DEBUG"):
            raise
        message = _("{path}: внутренняя ошибка bbscore ({kind}: {error}); BBSCORE_DEBUG=1 покажет подробности").format(
            path=path, kind=type(error).__name__, error=error)
        return {"file": str(path), "ok": False, "error": message, "totals": None, "discrepancies": []}, 3


def _recompute_one(path: Path, convention: str | None, fix: bool) -> tuple[dict, int]:
    """Read the file once, then let the game its ``[game]`` table names check it (a file of no known game: the
    untagged game's reader names what is wrong)."""
    from bbscore import games
    from bbscore import sheets
    from bbscore.files import BATCH_FILE_BYTES

    try:
        text, bom = sheets.read_text(path, kind=_("файл протокола"), missing=_("нет такого файла"), limit=BATCH_FILE_BYTES)
        data = sheets.parse(path, text)
    except BBScoreError as error:
        return {"file": str(path), "ok": False, "error": error.message(), "totals": None, "discrepancies": []}, 2
    header = data.get("game")
    game = games.of(header.get("game")) if isinstance(header, dict) else None
    return games.resolve((game or games.untagged()).recompute)(path, convention, fix, (text, data, bom))


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add ``recompute`` to the app."""
    app.command(cls=Command, epilog=epilog("recompute"))(recompute)
