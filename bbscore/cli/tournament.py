"""Club tournaments and ratings, for every game: ``tournament new`` (the entrants, the system, the rules; the schedule
and one sheet per table per round), ``tournament standings``, ``tournament pair`` (the next Swiss round) and
``rating`` (each player's rating across sheets and tournaments).  Names no game: each game's registry entry says how
its sheets are created and read (:mod:`bbscore.games`)."""

# No "from __future__ import annotations": Typer reads the annotations.
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog, note_written, printed, say, warn
from bbscore.cli.options import STANDARD_OUTPUT, AsJson, Command, given_path
from bbscore.errors import NOT_A_FILE, BBScoreError, visible
from bbscore.i18n import N_, _

TEXT = {
    "group": N_("Турниры клуба: туры и столы (лист на каждый стол), таблица после каждого тура, следующий тур "
                "швейцарской системы."),
    "new": N_("Начать турнир в папке DIR: tournament.toml (участники, система, правила, туры) и листы столов "
              "r1-t1.toml …, которые ведутся как любой лист (add, play, pref add)."),
    "standings": N_("Таблица турнира: игры, победы, очки за и против, разница, дополнительные показатели, итоги "
                    "каждого тура; неоконченные игры и листы с расхождениями названы.\n\nКод выхода 1 — есть лист, "
                    "который не читается или расходится с правилами."),
    "pair": N_("Расписать следующий тур швейцарской системы по таблице (без повторных встреч, пока их можно "
               "избежать); пока тур не доигран — отказ, если нет --force."),
    "rating": N_("Рейтинг игроков по всем листам и турнирам (openskill): игра за игрой по дате, с числом игр и "
                 "неопределённостью.\n\nЛисты, которые не читаются, называются и пропускаются; тогда код выхода 1."),
    "dir": N_("Папка турнира."),
    "pairs": N_("Пары через запятую, с игроками после «=» через «+»: \"Север=Аня+Боря,Юг=Вера+Гена,Восток\"."),
    "players": N_("Игроки через запятую (преферанс, столы по 3 или 4): \"Аня,Боря,Вера,Гена\"."),
    "rounds": N_("Сколько туров (по умолчанию: круговой — каждый с каждым; швейцарка — ⌈log₂ участников⌉)."),
    "system": N_("Система: round-robin (круговая, по таблицам Бергера) или swiss (швейцарская)."),
    "convention": N_("Правила: имя или путь к .toml (по умолчанию — правила игры по умолчанию)."),
    "target": N_("До скольких очков партия за каждым столом (по умолчанию — из правил)."),
    "table_size": N_("Игроков за столом, 3 или 4 (преферанс; по умолчанию 4)."),
    "format": N_("md (Markdown для чата), html (страница для печати), csv или xlsx (таблица); без него — по "
                 "расширению OUT, иначе таблица в терминале."),
    "output": N_("Записать в файл (существующий не перезаписывается без --force); -o - — на стандартный вывод."),
    "force_output": N_("Перезаписать существующий файл OUT."),
    "force": N_("Расписать тур, даже если предыдущий не доигран."),
    "paths": N_("Листы, папки с ними или папки турниров (и во вложенных папках)."),
    "rating_format": N_("html — страница с таблицей и графиком рейтинга каждого игрока."),
    "bad_format": N_("формат: md, html, csv или xlsx"),
    "bad_rating_format": N_("формат рейтинга: html"),
    "xlsx_to_file": N_("xlsx пишется только в файл: -o standings.xlsx"),
    "exists": N_("файл уже есть — не перезаписываю (перезаписать: --force)"),
    "folder": N_("это папка: нужно имя файла"),
    "written": N_("Записано: {path}"),
    "same": N_("это один из файлов, которые команда читает (турнир или лист): пишется в другой файл"),
    "nothing_read": N_("ни один лист не прочитан: рейтинга нет, ничего не записано"),
    "one_of": N_("нужны участники: --pairs (пары) или --players (игроки), одно из двух"),
    "sheet_wrong": N_("внимание: {sheet}: записанное расходится с правилами, в таблице — по правилам ({slips})"),
    "sheet_error": N_("внимание: лист не читается, игра не засчитана: {reason}"),
    "wrong_sheet": N_("внимание: {file}: записанное расходится с правилами; в рейтинге — по правилам из ввода сдач"),
}
FORMATS = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".csv": "csv", ".xlsx": "xlsx"}

Folder = Annotated[Path, typer.Argument(readable=False, click_type=given_path(), help=TEXT["dir"], metavar="DIR")]


def new(
    folder: Folder,
    pairs: Annotated[Optional[str], typer.Option("--pairs", help=TEXT["pairs"], metavar="A=x+y,B,…")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help=TEXT["players"], metavar="A,B,C,…")] = None,
    rounds: Annotated[Optional[str], typer.Option("--rounds", help=TEXT["rounds"], metavar="N")] = None,
    system: Annotated[str, typer.Option("--system", help=TEXT["system"], metavar="round-robin|swiss")] = "round-robin",
    convention: Annotated[Optional[str], typer.Option("--convention", help=TEXT["convention"], metavar="NAME|PATH")] = None,
    target: Annotated[Optional[str], typer.Option("--target", help=TEXT["target"], metavar="N")] = None,
    table_size: Annotated[Optional[str], typer.Option("--table-size", help=TEXT["table_size"], metavar="3|4")] = None,
) -> None:
    """``tournament new``: the tournament file and the sheets of the rounds known now."""
    from bbscore import games
    from bbscore.errors import InconsistentHandError
    from bbscore.numbers import parse_count
    from bbscore import tournament_file
    from bbscore.render import tournament as render

    if (pairs is None) == (players is None):
        raise InconsistentHandError("pairs" if pairs is not None else "players", pairs or players or _("не указано"), _(TEXT["one_of"]))
    option = "pairs" if pairs is not None else "players"
    entrants = tournament_file.parse_pairs(pairs) if pairs is not None else tournament_file.parse_players(players)
    count = parse_count(rounds, "rounds", 1, tournament_file.MAX_ROUNDS, _("туров — целое число от 1 до {most}").format(most=tournament_file.MAX_ROUNDS))
    goal = parse_count(target, "target", 1, 100_000, _("цель — целое число от 1 до 100000"))
    size = parse_count(table_size, "table_size", 3, 4, _("за столом 3 или 4 игрока"))
    if size is not None and option == "pairs":
        raise InconsistentHandError("table_size", table_size, _("за столом Базар-Белота две пары: --table-size только с --players"))
    from bbscore.cli import sheet_extra

    made, written = tournament_file.create(folder, option, entrants, system=system, rounds=count, convention=convention,
                                           target=goal, table_size=size, lang=sheet_extra().get("lang"),
                                           reserved=_reserved)
    note_written(*written)
    render.created(made, made.schedule, len(written) - 1, games.of(made.game).keep_commands)


def _reserved(game):
    """The check of a name the game's guided session would take for one of its words (its registry's ``reserved``)."""
    from bbscore import games

    return games.resolve(game.reserved) if game.reserved else None


def _read_standings(folder: Path):
    from bbscore import tournament_file
    from bbscore.tournament import standings

    tournament = tournament_file.read(folder)
    found = tournament_file.results(tournament)
    return tournament, standings(tournament.names, tournament.schedule, found, tournament.system)


def _title_and_meta(tournament, table) -> tuple[str, str]:
    from bbscore import games
    from bbscore.tournament_export import text

    played = sum(all(table_ok(table, t.sheet) for t in r.tables) for r in tournament.schedule)
    name = tournament.folder.resolve().name or str(tournament.folder)
    return (text("title").format(name=name),
            text("meta").format(game=_(games.of(tournament.game).title), system=text(tournament.system),
                                convention=tournament.convention, played=played, rounds=tournament.rounds))


def table_ok(table, sheet: str) -> bool:
    """Whether a table's game is finished (not in the standings' unfinished, unreadable)."""
    return sheet not in table.unfinished and sheet not in table.errors


def _output_format(format: Optional[str], output: Optional[Path], force: bool, allowed: dict, refusal: str) -> Optional[str]:
    from bbscore.errors import InvalidValueError, ProtocolError

    if output is not None and output.is_dir():
        raise ProtocolError(str(output), None, _(TEXT["folder"]))
    if format is None and output is not None:
        format = allowed.get(output.suffix.lower())
        if format is None:
            raise InvalidValueError("format", _("не указан"), _(refusal))
    elif format is not None and format not in allowed.values():
        raise InvalidValueError("format", format, _(refusal))
    if output is not None:
        if output.exists() and not force:
            raise ProtocolError(str(output), None, _(TEXT["exists"]))
        if output.exists() and not output.is_file():
            raise ProtocolError(str(output), None, _(NOT_A_FILE))
    return format


def _refuse_read(output: Optional[Path], read: list[Path]) -> None:
    """Refuse an output that is one of the files the command has read (the tournament file, a sheet): ``--force``
    replaces an old report, never what it reports on.  Compared as real paths, whether the file is there or not."""
    from bbscore.errors import ProtocolError

    if output is None:
        return
    from bbscore.files import real_path

    target = real_path(output)
    if any(target == real_path(path) for path in read):
        raise ProtocolError(str(output), None, _(TEXT["same"]))


def _write(text_or_bytes, output: Optional[Path], force: bool) -> None:
    """To standard output (control characters of names shown, never raw) or to a new file OUT (``--force``: any)."""
    if output is None:
        sys.stdout.write(visible(text_or_bytes, keep="\r\n\t"))
        sys.stdout.flush()
        return
    from bbscore.files import write_atomic

    write_atomic(output, text_or_bytes, exclusive=not force, follow=False)
    note_written(output)
    say(_(TEXT["written"]).format(path=output))


def standings_json(tournament, table) -> dict:
    from bbscore.tournament_export import number

    people = {entrant.name: list(entrant.players) for entrant in tournament.entrants if entrant.players}
    return {
        "folder": str(tournament.folder), "game": tournament.game, "system": tournament.system,
        "convention": tournament.convention, "rounds": tournament.rounds, "scheduled": len(tournament.schedule),
        "entrants": [{
            "place": line.place, "name": line.name, "players": people.get(line.name, []), "played": line.played,
            "wins": line.wins, "draws": line.draws, "losses": line.losses, "unfinished": line.unfinished,
            "byes": line.byes, "points_for": line.points_for, "points_against": line.points_against,
            "difference": line.difference, "head_to_head": number(line.head_to_head),
            "buchholz": None if line.buchholz is None else number(line.buchholz), "score": number(line.score),
            "rounds": [{"round": game.round, "outcome": game.outcome, "table": game.table, "sheet": game.sheet,
                        "opponents": list(game.opponents), "points": game.points, "against": game.against,
                        "score": number(game.score)} for game in line.games],
        } for line in table.lines],
        "unfinished": list(table.unfinished), "wrong": {sheet: list(slips) for sheet, slips in table.wrong.items()},
        "errors": dict(table.errors),
    }


def standings(
    folder: Folder,
    as_json: AsJson = False,
    format: Annotated[Optional[str], typer.Option("--format", help=TEXT["format"], metavar="md|html|csv|xlsx")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", readable=False, click_type=given_path(output=True), help=TEXT["output"], metavar="OUT")] = None,
    force: Annotated[bool, typer.Option("--force", help=TEXT["force_output"])] = False,
) -> None:
    """``tournament standings``: the table after the rounds played, in the terminal, JSON or a format to share."""
    from bbscore.errors import InvalidValueError

    output = None if output is STANDARD_OUTPUT else output  # (-o -: standard output, as without -o)
    format = _output_format(format, output, force, FORMATS, TEXT["bad_format"])
    if format == "xlsx" and output is None:
        raise InvalidValueError("format", format, _(TEXT["xlsx_to_file"]))
    tournament, table = _read_standings(folder)
    from bbscore.tournament_file import FILE

    _refuse_read(output, [tournament.folder / FILE, *(tournament.folder / t.sheet for r in tournament.schedule
                                                      for t in r.tables)])
    people = {entrant.name: entrant.players for entrant in tournament.entrants if entrant.players}
    title, meta = _title_and_meta(tournament, table)
    if as_json:
        printed(lambda: emit_json(standings_json(tournament, table)))
    elif format is None:
        from bbscore.render import tournament as render

        printed(lambda: render.standings(table, people, title, meta))
    else:
        from bbscore import tournament_export as formats

        made = {"md": lambda: formats.to_markdown(table, people, title, meta),
                "html": lambda: formats.to_html(table, people, title, meta),
                "csv": lambda: formats.to_csv(table, people),
                "xlsx": lambda: formats.to_xlsx(table, people, title)}[format]()
        _write(made, output, force)
        if format in ("csv", "xlsx"):  # a spreadsheet has no place for them: named on standard error
            for sheet, slips in table.wrong.items():
                say(_(TEXT["sheet_wrong"]).format(sheet=sheet, slips="; ".join(slips)), error=True)
            for reason in table.errors.values():
                say(_(TEXT["sheet_error"]).format(reason=reason), error=True)
    if table.wrong or table.errors:
        raise typer.Exit(1)


def pair(
    folder: Folder,
    force: Annotated[bool, typer.Option("--force", help=TEXT["force"])] = False,
) -> None:
    """``tournament pair``: the next Swiss round, its sheets created."""
    from bbscore import tournament_file
    from bbscore.render import tournament as render

    after, round_, written = tournament_file.pair_next(folder, force=force)
    note_written(*written)
    render.paired(after, round_)


def _rated_game(path: Path):
    """One sheet as a rated game (None when not finished or not rateable), and what is wrong in it."""
    from bbscore import games
    from bbscore import sheets
    from bbscore.rating import RatedGame, playable

    text, _bom = sheets.read_text(path, kind=_("файл протокола"), missing=_("нет такого файла"))
    data = sheets.parse(path, text)
    header = data.get("game")
    game = (games.of(header.get("game")) if isinstance(header, dict) else None) or games.untagged()
    result = games.resolve(game.table_result)(path)
    if not result.finished or not playable(result.people):
        return None, result.wrong
    return RatedGame(date=result.created, source=path.resolve().as_posix(), teams=result.people,
                     ranks=result.ranks), result.wrong


def rating(
    paths: Annotated[list[Path], typer.Argument(readable=False, click_type=given_path(), help=TEXT["paths"], metavar="DIR|FILE...")],
    as_json: AsJson = False,
    format: Annotated[Optional[str], typer.Option("--format", help=TEXT["rating_format"], metavar="html")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", readable=False, click_type=given_path(output=True), help=TEXT["output"], metavar="OUT")] = None,
    force: Annotated[bool, typer.Option("--force", help=TEXT["force_output"])] = False,
) -> None:
    """``rating``: every player's rating over the finished games of the sheets given, in date order."""
    from bbscore.files import real_path
    from bbscore.sheets import protocol_files
    from bbscore.rating import rate
    from bbscore.tournament_export import rating_places

    output = None if output is STANDARD_OUTPUT else output  # (-o -: standard output, as without -o)
    format = _output_format(format, output, force, {".html": "html", ".htm": "html"}, TEXT["bad_rating_format"])
    files, problems = protocol_files(paths)
    _refuse_read(output, files)
    bad = 0
    for folder, why in problems:  # a folder with none, a folder that cannot be read: said, and counted
        warn(f"{folder}: {why}")
        bad += 1
    seen: set[Path] = set()
    rated, skipped = [], 0
    for path in files:
        real = real_path(path)
        if real in seen:
            continue
        seen.add(real)
        try:
            game, wrong = _rated_game(path)
        except BBScoreError as error:
            warn(error.message())
            bad += 1
            continue
        if wrong:
            say(_(TEXT["wrong_sheet"]).format(file=path), error=True)
        if game is None:
            skipped += 1
        else:
            rated.append(game)
    ratings = rate(rated)
    if not rated and not skipped and not as_json:  # nothing could be read: no page, no empty table
        warn(_(TEXT["nothing_read"]))
        raise typer.Exit(1)
    if as_json:
        printed(lambda: emit_json({
            "games": len(ratings.games), "skipped": skipped, "bad_files": bad,
            "players": [{"place": place, "name": p.name, "rating": p.rating, "mu": p.mu, "sigma": p.sigma,
                         "games": p.games, "wins": p.wins, "draws": p.draws,
                         "history": [{"game": n, "rating": r} for n, r in p.history]}
                        for place, p in zip(rating_places(ratings.players), ratings.players)],
            "order": [{"game": n, "file": g.source, "date": g.date} for n, g in enumerate(ratings.games, start=1)],
        }))
    elif format == "html":
        from bbscore.tournament_export import rating_html, text

        _write(rating_html(ratings, text("rating_meta").format(games=len(ratings.games))), output, force)
    else:
        from bbscore.render import tournament as render

        printed(lambda: render.rating(ratings, skipped))
    if bad:
        raise typer.Exit(1)


def register(app: typer.Typer, only: Optional[str] = None) -> None:
    """Add the ``tournament`` group and ``rating`` to the app (only the one named ``only``, when given)."""
    if only in (None, "tournament"):
        group = typer.Typer(help=TEXT["group"], no_args_is_help=True, epilog=epilog("tournament"))
        for command in (new, standings, pair):
            group.command(command.__name__, cls=Command, help=TEXT[command.__name__],
                          epilog=epilog(f"tournament {command.__name__}"))(command)
        app.add_typer(group, name="tournament")
    if only in (None, "rating"):
        app.command(cls=Command, help=TEXT["rating"], epilog=epilog("rating"))(rating)
