"""The ``conventions`` commands: list, show, diff, check, init."""

import os
from pathlib import Path
from typing import Annotated

import typer

from bbscore.cli import emit_json
from bbscore.cli.options import AsJson, Command
from bbscore.errors import BBScoreError
from bbscore.i18n import _


def conventions_list(as_json: AsJson = False) -> None:
    """Встроенные правила и свои (из папки настроек пользователя)."""
    from bbscore import conventions

    entries = []
    for origin, names, folder in (("bundled", conventions.bundled_names(), conventions.bundled_dir()),
                                  ("user", conventions.user_names(), conventions.user_dir())):
        for name in names:
            entry = {"name": name, "origin": origin, "file": str(folder / f"{name}.toml")}
            if origin == "user" and name in conventions.bundled_names():
                entry["problem"] = _("имя занято встроенными правилами: по имени находятся встроенные, этот файл — только по пути")
            else:
                try:
                    loaded = conventions.load(entry["file"], game=None)
                    entry.update(title=loaded.settings.title, sha256=loaded.sha256)
                except BBScoreError as error:
                    entry["problem"] = error.message()
            entries.append(entry)
    if as_json:
        emit_json({"user_dir": str(conventions.user_dir()), "conventions": entries})
        return
    from bbscore import games
    from bbscore.render import rules as render

    render.convention_list(entries, conventions.user_dir(), games.untagged().default_rules)


def conventions_show(
    name: Annotated[str, typer.Argument(help="Имя правил или путь к файлу.", metavar="NAME|PATH")],
    as_json: AsJson = False,
) -> None:
    """Все значения правил, таблицами."""
    from bbscore import conventions

    rules = conventions.load(name, game=None)
    if as_json:
        emit_json({"file": str(rules.path), "sha256": rules.sha256, **rules.content})
        return
    from bbscore.render import rules as render

    render.convention_tables(rules)


def conventions_diff(
    first: Annotated[str, typer.Argument(help="Первые правила (имя или путь).", metavar="A")],
    second: Annotated[str, typer.Argument(help="Вторые правила (имя или путь).", metavar="B")],
    as_json: AsJson = False,
) -> None:
    """Только то, чем различаются двое правил."""
    from bbscore import conventions, games
    from bbscore.descriptions import of_game

    a, b = conventions.load(first, game=None), conventions.load(second, game=None)
    if a.for_game != b.for_game:  # rules of two games have no setting in common to compare
        from bbscore.errors import InvalidValueError

        raise InvalidValueError("second", second, _("это правила другой игры ({other}, а «{first}» — {game}): сравнивают "
                                                    "правила одной игры").format(
            other=_(games.of(b.for_game).title), first=a.name, game=_(games.of(a.for_game).title)))
    rows = conventions.differences(a, b)
    describe = of_game(a.for_game).describe
    if as_json:
        emit_json({"a": a.name, "b": b.name, "differences": [
            {"key": key, "a": left, "b": right, "description": describe(key)} for key, left, right in rows
        ]})
        return
    from bbscore.render import rules as render

    render.convention_diff(a, b, rows)


def conventions_check(file: Annotated[Path, typer.Argument(readable=False, help="Файл правил (.toml).", metavar="FILE")]) -> None:
    """Проверить файл правил: все ключи, типы и согласованность чисел."""
    from bbscore import conventions
    from bbscore.errors import ConventionNotFoundError

    if file.is_dir():
        raise ConventionNotFoundError("FILE", str(file), _("это папка, а нужен файл правил .toml"))
    if not file.exists():  # a pipe or a device is refused when read (load_file)
        from bbscore.files import why_missing

        reason = why_missing(file)
        if reason:  # a link that leads nowhere, a loop of links, a name too long
            raise ConventionNotFoundError("FILE", str(file), reason)
        if str(file) in conventions.bundled_names() + conventions.user_names():
            reason = _("файл правил не найден (check проверяет файл по пути); чтобы посмотреть правила по имени: "
                       "bbscore conventions show {file}").format(file=file)
        else:
            reason = _("файл правил не найден (check проверяет файл по пути)")
        raise ConventionNotFoundError("FILE", str(file), reason)
    rules = conventions.load_file(file)
    from bbscore.render.layout import console

    console().print(_("{file}: правила «{name}» в порядке ({title}); sha256 {sha256}").format(
        file=file, name=rules.name, title=rules.settings.title, sha256=rules.sha256))
    if rules.name != file.stem:
        console().print(_("внимание: имя в файле «{name}», а файл называется {file}: по имени правила находятся по "
                        "имени файла (--convention {stem}), а в протоколе и выводе будет «{name}»").format(
                            name=rules.name, file=file.name, stem=file.stem))


def conventions_init(
    new_file: Annotated[Path, typer.Argument(readable=False, help="Новый файл правил (.toml); существующий не перезаписывается.", metavar="NEW.toml")],
    source: Annotated[str, typer.Option("--from", help="С каких правил начать (имя или путь).", metavar="NAME|PATH")] = "gambler",
) -> None:
    """Сделать свои правила: копия с комментариями, чтобы править."""
    from bbscore import conventions
    from bbscore.cli import note_written
    from bbscore.errors import ConventionError
    from bbscore.files import write_atomic

    if new_file.is_dir():
        raise ConventionError(str(new_file), "", _("это папка, а нужен новый файл правил .toml"))
    if new_file.suffix != ".toml":
        raise ConventionError(str(new_file), "", _("файл правил должен оканчиваться на .toml"))
    if new_file.stem in conventions.bundled_names():
        raise ConventionError(str(new_file), "", _("имя «{name}» занято встроенными правилами — выберите другое").format(name=new_file.stem))
    rules = conventions.load(source, game=None)
    text = conventions.commented_copy(rules, new_file.stem)
    copy = conventions.parse(text.encode("utf-8"), new_file)  # proven before it is written: the same rules
    if _rules_only(copy.content) != _rules_only(rules.content):
        raise ConventionError(str(new_file), "", _("копия вышла бы не теми же правилами — не записываю"))
    if not new_file.parent.is_dir():
        raise ConventionError(str(new_file), "", _("нет папки {folder}").format(folder=new_file.parent))
    if os.path.lexists(new_file):  # a file, or a link (even one that leads nowhere): never written through
        what = _("символическая ссылка — не перезаписываю") if os.path.islink(new_file) else _("файл уже есть — не перезаписываю")
        raise ConventionError(str(new_file), "", what)
    write_atomic(new_file, text, exclusive=True)
    note_written(new_file)
    conventions.parse(text.encode("utf-8"), new_file)
    from bbscore.render.layout import console

    console().print(_("{file}: копия правил «{source}» под именем «{name}». Правьте значения, проверка: "
                    "bbscore conventions check {file}. Чтобы выбирать их по имени (--convention {name}), "
                    "положите файл в {folder}").format(file=new_file, source=source, name=new_file.stem,
                                                       folder=conventions.user_dir()))


def _rules_only(content: dict) -> dict:
    """A rule set's content without what a copy changes: its name, title and earlier versions."""
    return {key: value for key, value in content.items() if key not in ("name", "title", "same_rules_as")}


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the ``conventions`` group to the app (``only`` is accepted for symmetry: the group is one command)."""
    from bbscore.cli import epilog

    group = typer.Typer(help="Правила (конвенции): посмотреть, сравнить, проверить, сделать свои.", no_args_is_help=True,
                        epilog=epilog("conventions"))
    for name, command in (("list", conventions_list), ("show", conventions_show), ("diff", conventions_diff),
                          ("check", conventions_check), ("init", conventions_init)):
        group.command(name, cls=Command, epilog=epilog(f"conventions {name}"))(command)
    app.add_typer(group, name="conventions")
