"""The commands that share and sum up sheets of every game: ``export`` (CSV, Markdown, a page to print or send, a
workbook), ``stats`` (pairs and players by name across the files) and ``list`` (a line per sheet).

Each file is read once and handed to the game its ``[game]`` table names (:mod:`bbscore.games`: ``summary``,
``stats``, ``show_stats``, ``export``), as ``recompute`` does; many files are read in worker processes.
"""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog, note_written, printed, say, warn
from bbscore.cli.options import AsJson, Command, given_path, whole_number
from bbscore.errors import NOT_A_FILE, BBScoreError, visible
from bbscore.i18n import N_, _

FORMATS = {".csv": "csv", ".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".xlsx": "xlsx"}
# What people read (Russian msgids: bbscore.i18n translates them where they are shown).
TEXT = {
    "export": N_("Лист партии или пули, чтобы поделиться: CSV для таблиц, Markdown для чата, HTML-страница для телефона "
                 "и печати (протокол, дата, победитель, график итогов; у пули — пуля, гора, висты и подсчёт: кто кому "
                 "платит), книга Excel (xlsx, по листу на партию)."),
    "export_files": N_("Файл протокола или пули (для xlsx — можно несколько: по листу на каждый)."),
    "export_format": N_("csv (таблица), md (Markdown для чата), html (страница для телефона и печати) или xlsx (книга "
                        "Excel); без него — по расширению OUT."),
    "export_output": N_("Записать в файл (по умолчанию и с -o - — на стандартный вывод); существующий файл не "
                        "перезаписывается без --force."),
    "export_force": N_("Перезаписать существующий файл OUT."),
    "stats": N_("Статистика партий и пуль: пары и игроки по имени во всех файлах (регистр и невидимые знаки не в счёт) — "
                "партии, победы, доля побед; у Базар-Белота — игры (заявлено, выполнено, байты), контры, серии побед; у "
                "преферанса — пули, заказанные и сыгранные игры по уровням, мизеры, распасы, средний итог подсчёта."
                "\n\nФайлы, которые не читаются, называются (по строке «ошибка: …») и пропускаются; тогда код выхода 1."),
    "list": N_("Список партий и пуль: по строке на файл — файл, дата, игра и правила, пары или игроки, сдач, счёт, победитель "
               "(или «не окончена»).\n\nФайлы, которые не читаются, называются (по строке «ошибка: …») и пропускаются; "
               "тогда код выхода 1."),
    "paths": N_("Файлы протоколов и пуль или папки с ними (*.toml, и во вложенных папках)."),
    "jobs": N_("Сколько процессов читают файлы (как у recompute)."),
    "games": N_("Вместо статистики — список партий, как у bbscore list."),
    "format": N_("формат: csv (таблица), md (Markdown для чата), html (страница для печати) или xlsx (книга Excel)"),
    "no_format": N_("нужен формат: csv, md, html или xlsx (или OUT с расширением .csv, .md, .html, .xlsx)"),
    "several": N_("несколько файлов пишутся только в одну книгу: --format xlsx"),
    "binary": N_("книга xlsx — не текст: запишите её в файл, -o ИМЯ.xlsx"),
    "exists": N_("файл уже есть — не перезаписываю (перезаписать: --force)"),
    "same": N_("это сам протокол: экспорт пишется в другой файл"),
    "folder": N_("это папка: нужно имя файла, например game.html"),
    "written": N_("Записано: {path}"),
    "kind": N_("файл протокола"),
    "missing": N_("нет такого файла"),
    "files": N_("Файлов: {files} (не прочитано: {bad_files})."),
}


def export(
    files: Annotated[list[Path], typer.Argument(readable=False, click_type=given_path(), help=TEXT["export_files"], metavar="FILE...")],
    format: Annotated[Optional[str], typer.Option("--format", help=TEXT["export_format"], metavar="csv|md|html|xlsx")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", readable=False, click_type=given_path(output=True), help=TEXT["export_output"], metavar="OUT")] = None,
    force: Annotated[bool, typer.Option("--force", help=TEXT["export_force"])] = False,
) -> None:
    """``export``: a sheet of any game as CSV, Markdown, a page or a workbook, to stdout (``-o -`` too) or a new file
    (``--force``: any); several sheets only into one workbook."""
    from bbscore import games
    from bbscore.cli.options import STANDARD_OUTPUT
    from bbscore.errors import InvalidValueError, ProtocolError

    if output is STANDARD_OUTPUT:  # (-o -: standard output, as without -o; a workbook not to a terminal)
        output = None
    if format is None:
        format = FORMATS.get(output.suffix.lower()) if output is not None else None
        if format is None:
            raise InvalidValueError("format", _("не указан"), _(TEXT["no_format"]))
    elif format not in FORMATS.values():
        raise InvalidValueError("format", format, _(TEXT["format"]))
    if len(files) > 1 and format != "xlsx":
        raise InvalidValueError("format", format, _(TEXT["several"]))
    if output is not None:  # refused before anything is said or read
        if output.is_dir():
            raise ProtocolError(str(output), None, _(TEXT["folder"]))
        from bbscore.files import real_path

        if output.exists() and any(real_path(output) == real_path(file) for file in files):
            raise ProtocolError(str(output), None, _(TEXT["same"]))
        if output.exists() and not force:
            raise ProtocolError(str(output), None, _(TEXT["exists"]))
        if output.exists() and not output.is_file():  # a pipe or a device: never replaced, even with --force
            raise ProtocolError(str(output), None, _(NOT_A_FILE))
    elif format == "xlsx" and sys.stdout.isatty():
        raise InvalidValueError("output", _("терминал"), _(TEXT["binary"]))
    contents, notes = [], []
    for file in files:
        game = _game_of(file)
        # To standard output (a terminal, most often) every control character of a name or a note is named: a bare
        # CR or a line break in a note would overwrite or forge a line; to a file the text is kept as it is.
        shown = visible if output is None and format != "xlsx" else None
        content, said = games.resolve(game.export)(file, format, shown)
        contents.append(content)
        notes += said
    for line in notes:  # the file's rules changed, slips found: said, not refused
        say(line, error=True)
    if format == "xlsx":
        from bbscore.xlsx import workbook

        data = workbook(contents)
    else:
        data = contents[0]
    if output is None:
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        sys.stdout.write(data)  # (each user text already shown: its control characters named)
        sys.stdout.flush()
        return
    from bbscore.files import write_atomic

    write_atomic(output, data, exclusive=not force, follow=False)  # --force replaces a link, never writes through it
    note_written(output)
    say(_(TEXT["written"]).format(path=output))  # (a file name's control characters named, never raw)


def _game_of(path: Path):
    """The game a sheet's ``[game]`` table names (the untagged game when it names none or cannot be read: its reader
    then names what is wrong)."""
    from bbscore import games, sheets

    text, _bom = sheets.read_text(path, kind=_(TEXT["kind"]), missing=_(TEXT["missing"]))
    data = sheets.parse(path, text)
    header = data.get("game")
    return (games.of(header.get("game")) if isinstance(header, dict) else None) or games.untagged()


def summary_of(path: Path, convention: Optional[str], fix: bool) -> tuple[dict, int]:
    """One sheet's summary for ``list`` and ``stats`` (its game's ``summary``, with ``file`` and ``game``) and 0; or
    ``{"error": line}`` and 2 for a file that cannot be read, 3 for a bug of bbscore met in it (the other files are
    still read).  The signature of :func:`bbscore.cli.parallel.each_report`'s work."""
    import os

    from bbscore import games, sheets
    from bbscore.files import BATCH_FILE_BYTES

    try:
        text, bom = sheets.read_text(path, kind=_(TEXT["kind"]), missing=_(TEXT["missing"]), limit=BATCH_FILE_BYTES)
        data = sheets.parse(path, text)
        header = data.get("game")
        game = (games.of(header.get("game")) if isinstance(header, dict) else None) or games.untagged()
        found = games.resolve(game.summary)(path, (text, data, bom))
    except BBScoreError as error:
        return {"file": str(path), "error": error.message()}, 2
    except OSError:  # the system refused: the command's own one line
        raise
    except Exception as error:  # a bug: said for this file, the others still read
        if os.environ.get("BBSCORE_DEBUG"):
            raise
        return {"file": str(path), "error": _("{path}: внутренняя ошибка bbscore ({kind}: {error}); BBSCORE_DEBUG=1 "
                                              "покажет подробности").format(path=path, kind=type(error).__name__,
                                                                           error=error)}, 3
    return {"file": str(path), "game": game.key, **found}, 0


def _summaries(paths: list[Path], jobs: Optional[int]) -> tuple[list[Path], list[dict], int]:
    """Every sheet's summary, in the order given (a folder: its sheets, sorted); the unreadable named on standard
    error one line each.  Returns the files, the summaries and how many could not be read."""
    from bbscore.cli.parallel import each_report
    from bbscore.sheets import protocol_files

    files, problems = protocol_files(paths)
    bad = 0
    for folder, why in problems:  # a folder with none, a folder that cannot be read: said, and counted
        warn(f"{folder}: {why}")
        bad += 1
    found = []
    for summary, level in each_report(files, summary_of, convention=None, fix=False, jobs=jobs):
        if level:
            warn(summary["error"])
            bad += 1
        else:
            found.append(summary)
    return files, found, bad


def stats(
    paths: Annotated[list[Path], typer.Argument(readable=False, click_type=given_path(), help=TEXT["paths"], metavar="FILE_OR_DIR...")],
    as_json: AsJson = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", click_type=whole_number(1, 1024), help=TEXT["jobs"], metavar="N")] = None,
    games_only: Annotated[bool, typer.Option("--games", help=TEXT["games"])] = False,
) -> None:
    """``stats``: the statistics of every game's sheets in the files and folders given (unreadable files named,
    skipped, exit 1); ``--games``: the list of them instead (``bbscore list``)."""
    from bbscore import games

    files, found, bad = _summaries(paths, jobs)
    if games_only:
        _print_list(found, as_json)
    else:
        by_game: dict[str, list] = {key: [] for key in games.registered()}
        for summary in found:
            by_game[summary["game"]].append(summary["counts"])
        untagged = games.untagged()
        data = {"files": len(files), "bad_files": bad,
                **games.resolve(untagged.stats)(by_game[untagged.key]),
                **{key: games.resolve(game.stats)(by_game[key])
                   for key, game in games.registered().items() if game is not untagged}}
        if as_json:
            printed(lambda: emit_json(data))
        else:
            printed(lambda: _print_stats(data, by_game))
    if bad:  # said by the exit code even to a reader gone (| head)
        raise typer.Exit(1)


def _print_stats(data: dict, by_game: dict[str, list]) -> None:
    """Each game's statistics that has sheets read, under its title (none when no sheet could be read: the unreadable
    were named, and a block of zeros would read as a game counted); then how many files were read."""
    from bbscore import games
    from bbscore.render.layout import console, styled

    out = console()
    untagged = games.untagged()
    shown = [game for key, game in games.registered().items() if by_game[key]]
    for game in shown:
        if len(shown) > 1:
            out.print(styled(_(game.title)[:1].upper() + _(game.title)[1:], "bold"))
        games.resolve(game.show_stats)(data if game is untagged else data[game.key], out)
    out.print(_(TEXT["files"]).format(files=data["files"], bad_files=data["bad_files"]))


def list_games(
    paths: Annotated[list[Path], typer.Argument(readable=False, click_type=given_path(), help=TEXT["paths"], metavar="FILE_OR_DIR...")],
    as_json: AsJson = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", click_type=whole_number(1, 1024), help=TEXT["jobs"], metavar="N")] = None,
) -> None:
    """``list``: a line per sheet of any game — file, date, rules, pairs or players, hands, score, winner."""
    _files, found, bad = _summaries(paths, jobs)
    _print_list(found, as_json)
    if bad:
        raise typer.Exit(1)


def _print_list(found: list[dict], as_json: bool) -> None:
    if as_json:
        keys = ("file", "created", "game", "convention", "sides", "hands", "score", "winner", "ended")
        items = [{key: summary[key] for key in keys} for summary in found]
        for item in items:
            item["winner"] = None if item["winner"] is None else item["sides"][item["winner"]]
        printed(lambda: emit_json({"games": items}))
        return
    from bbscore.render.sheets import listing

    printed(lambda: listing(found))


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add these commands to the app (only the one named ``only``, when given)."""
    for name, command in (("export", export), ("stats", stats), ("list", list_games)):
        if only in (None, name):
            app.command(name, cls=Command, help=TEXT[name], epilog=epilog(name))(command)
