"""The command line: parse options, call the core, render with rich.

Nothing here computes a score.  Every refusal of bad input becomes one line
on standard error, ``ошибка: …``, and exit code 2; a traceback reaching the
user is a bug.  The commands live in :mod:`bbscore.cli.belot.hand`,
:mod:`bbscore.cli.belot.sheet` and :mod:`bbscore.cli.rules`; only the module of
the command being run is imported (start-up time, issue "Fast enough to forget").
"""

import importlib
import sys
from typing import Annotated

import typer

from bbscore.errors import BBScoreError, FileWriteError, os_reason, shown, visible
from bbscore.i18n import N_, _

written: list = []  # the files this run has written, in order (named when the output then fails)


def note_written(*paths) -> None:
    """Record files a command has written, for the message when its output then fails (see :func:`main`)."""
    written.extend(paths)


kept: list = []  # what the last command made, left for the process's end to free (see keep)


def keep(result) -> None:
    """Hold ``result`` — a command's result, with the sheet and replay it holds (a 10,000-hand sheet: ~100,000
    objects) — until the process ends: :func:`leave` ends it without freeing them one by one, which at the command's
    return costs ~2% of an ``edit`` of such a sheet (issue 24).  Each :func:`main` first lets go of what the run
    before it kept (runs in one process: the tests)."""
    kept.append(result)


def sheet_extra() -> dict:
    """What a new sheet (of any game) records of the run that starts it: its language when it is not Russian, so
    that a sheet begun in English goes on in English (``[game] lang``; ``--lang`` and ``BBSCORE_LANG`` still win)."""
    from bbscore.i18n import language

    return {"lang": language()} if language() != "ru" else {}


def printed(show) -> bool:
    """``show()``, unless standard output's reader has gone away (``| head``): then what is still printed goes
    nowhere and False is returned, so that a command goes on for its exit code (``recompute``: 1 when a later file has
    a slip) and meets no more errors.  Rich answers a broken pipe with ``SystemExit``; that is taken the same way."""
    import os

    try:
        show()
        return True
    except SystemExit as exit_:
        if not isinstance(exit_.__context__, BrokenPipeError):
            raise
        return False  # rich has sent its output to devnull already
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # no file descriptor (in a test): nothing to redirect
            pass
        return False


def finish_report(report: dict, warning: str | None, slips: bool, fix, path) -> tuple[dict, int]:
    """The end of a file's ``recompute`` report, for any game's sheet: its warning, and with ``fix`` (a function that
    writes the computed values back, returning the backup or None) the fix's outcome; the exit level, 0 or 1 — 2 when
    the file cannot be written (:class:`~bbscore.errors.FileWriteError`: the report's ``error``, said as one line)."""
    if warning:
        report["warning"] = warning
    if not slips:
        return report, 0
    if fix is not None:
        try:
            saved = fix()
            if saved is not None:
                note_written(saved, path)
            report["fixed"] = True
            report["backup"] = str(saved) if saved else None
        except FileWriteError as error:  # the system would not let the file be written: its error, as an unreadable one's
            report.update(ok=False, fixed=False, error=" ".join(error.message().split()))
            return report, 2
        except BBScoreError as error:
            report["fixed"] = False
            report["fix_error"] = _capped(" ".join(error.message().split()), "не исправлено: {message}")
    return report, 1

# The commands of every game (each game's registry entry names its own: bbscore.games) and these, of the house.
SHARED_COMMANDS = {"recompute": "bbscore.cli.recompute", "conventions": "bbscore.cli.rules",
                   "tournament": "bbscore.cli.tournament", "rating": "bbscore.cli.tournament",
                   "export": "bbscore.cli.share", "stats": "bbscore.cli.share", "list": "bbscore.cli.share"}


def commands() -> dict[str, str]:
    """Which module holds each command: the house's own, then each game's."""
    from bbscore import games

    table = dict(SHARED_COMMANDS)
    for game in games.registered().values():
        table.update(game.commands)
    return table


HOUSE_GROUPS = ("conventions", "tournament")  # the house's commands that are groups of commands


def help_texts() -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]], dict[str, str], tuple[str, ...]]:
    """What help says of every command without importing it: the two examples of each command (in Russian, and in
    English notation and names), the root help's summary of each (each game's commands first, in the order of the
    games, then the house's), and the commands that are groups — each game's from the ``help_texts`` module its entry
    in the house names (:mod:`bbscore.games`), so that a game adds its own and touches no module of the house."""
    if not _HELP_TEXTS:
        from bbscore import games

        examples, english, summaries, groups = {}, {}, {}, []
        for game in games.registered().values():
            if not game.help_texts:
                continue
            texts = importlib.import_module(game.help_texts)
            examples.update(texts.EXAMPLES)
            english.update(texts.ENGLISH_EXAMPLES)
            summaries.update(texts.SUMMARIES)
            groups += texts.GROUPS
        examples.update(_HOUSE_EXAMPLES)
        english.update(_HOUSE_ENGLISH_EXAMPLES)
        summaries.update(_HOUSE_SUMMARIES)
        groups += HOUSE_GROUPS
        # In the order Typer lists the commands themselves: the commands, then the groups, each by its module's name,
        # and in the order of their summaries within a module (as the module registers them).
        table, written = commands(), list(summaries)
        modules = sorted(set(table.values()))
        order = sorted(written, key=lambda name: (name in groups, modules.index(table[name]) if name in table
                                                  else len(modules), written.index(name)))
        _HELP_TEXTS.append((examples, english, {name: summaries[name] for name in order}, tuple(groups)))
    return _HELP_TEXTS[0]


_HELP_TEXTS: list = []  # (help_texts's, once made)


def __getattr__(name: str):
    """``COMMANDS``: :func:`commands`; ``EXAMPLES``, ``ENGLISH_EXAMPLES``, ``SUMMARIES``: :func:`help_texts`'s (for the
    tests and tools that read them)."""
    if name == "COMMANDS":
        return commands()
    if name in ("EXAMPLES", "ENGLISH_EXAMPLES", "SUMMARIES"):
        return help_texts()[("EXAMPLES", "ENGLISH_EXAMPLES", "SUMMARIES").index(name)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Typer's shell completion: its options (--install-completion, --show-completion) and the shell's own calls
# (the variable set) — only then is its machinery loaded (start-up of every other run).
COMPLETION_OPTIONS = ("--install-completion", "--show-completion")
COMPLETION_VARIABLE = "_BBSCORE_COMPLETE"
# What people read here (Russian msgids, translated where shown: bbscore.i18n).
TEXT = {
    "help": N_("Подсчёт очков Базар-Белота (что пишет каждая пара за сдачу, с расчётом по шагам) и преферанса (bbscore pref)."),
    "version_help": N_("Показать версию bbscore и выйти."),
    "lang_help": N_("Язык того, что печатает bbscore: ru (по умолчанию) или en; можно в любом месте строки, до --. "
                    "Также BBSCORE_LANG=en; протокол, начатый по-английски, и дальше ведётся по-английски."),
    "examples": N_("Примеры:"),
}


# Two real examples that end each house command's help (tests/test_shell.py runs them; each game's own: its
# help_texts module, see help_texts).
_HOUSE_EXAMPLES = {
    "recompute": ("bbscore recompute examples/game-gambler.toml examples/paper-game.toml",
                  "bbscore recompute examples/ --json"),
    "export": ("bbscore export examples/game-gambler.toml --format html -o game.html",
               "bbscore export examples/pulya-3.toml --format xlsx -o pulya.xlsx"),
    "stats": ("bbscore stats examples/", "bbscore stats examples/game-gambler.toml examples/pulya-3.toml --json"),
    "list": ("bbscore list examples/", "bbscore list examples/ --json"),
    "conventions": ("bbscore conventions list", "bbscore conventions diff gambler classic"),
    "conventions list": ("bbscore conventions list", "bbscore conventions list --json"),
    "conventions show": ("bbscore conventions show classic", "bbscore conventions show gambler --json"),
    "conventions diff": ("bbscore conventions diff gambler classic", "bbscore conventions diff gambler classic --json"),
    "conventions check": ("bbscore conventions check myclub.toml", "bbscore conventions check club.toml"),
    "conventions init": ("bbscore conventions init myclub.toml --from classic", "bbscore conventions init club.toml"),
    "tournament": ('bbscore tournament new evening --pairs "Север=Аня+Боря,Юг=Вера+Гена,Восток=Дима+Женя,Запад=Зоя+Илья"',
                   "bbscore tournament standings examples/tournament"),
    "tournament new": ('bbscore tournament new evening --pairs "Север=Аня+Боря,Юг=Вера+Гена,Восток=Дима+Женя,Запад=Зоя+Илья"',
                       'bbscore tournament new pref-evening --players "Аня,Боря,Вера,Гена,Дима,Женя" --system swiss --rounds 3'),
    "tournament standings": ("bbscore tournament standings examples/tournament",
                             "bbscore tournament standings examples/tournament --format html -o standings.html"),
    "tournament pair": ("bbscore tournament pair examples/swiss", "bbscore tournament pair examples/swiss --force"),
    "rating": ("bbscore rating examples/", "bbscore rating examples/tournament --format html -o rating.html"),
}


# The same in English notation and names (an English help shows these: tests/test_shell.py runs them too).
_HOUSE_ENGLISH_EXAMPLES = {
    "recompute": ("bbscore recompute examples/game-gambler.toml examples/paper-game.toml",
                  "bbscore recompute examples/ --json"),
    "export": ("bbscore export examples/game-gambler.toml --format html -o game.html",
               "bbscore export examples/pulya-3.toml --format md"),
    "stats": ("bbscore stats examples/", "bbscore stats examples/game-gambler.toml examples/pulya-3.toml --json"),
    "list": ("bbscore list examples/", "bbscore stats examples/ --games"),
    "conventions": ("bbscore conventions list", "bbscore conventions diff gambler classic"),
    "conventions list": ("bbscore conventions list", "bbscore conventions list --json"),
    "conventions show": ("bbscore conventions show classic", "bbscore conventions show gambler --json"),
    "conventions diff": ("bbscore conventions diff gambler classic", "bbscore conventions diff gambler classic --json"),
    "conventions check": ("bbscore conventions check myclub.toml", "bbscore conventions check club.toml"),
    "conventions init": ("bbscore conventions init myclub.toml --from classic", "bbscore conventions init club.toml"),
    "tournament": ('bbscore tournament new evening --pairs "North=Ann+Bob,South=Cat+Dan,East=Eve+Fay,West=Gus+Hal"',
                   "bbscore tournament standings examples/tournament"),
    "tournament new": ('bbscore tournament new evening --pairs "North=Ann+Bob,South=Cat+Dan,East=Eve+Fay,West=Gus+Hal"',
                       'bbscore tournament new pref-evening --players "Ann,Bob,Cat,Dan,Eve,Fay" --system swiss --rounds 3'),
    "tournament standings": ("bbscore tournament standings examples/tournament",
                             "bbscore tournament standings examples/tournament --format html -o standings.html"),
    "tournament pair": ("bbscore tournament pair examples/swiss", "bbscore tournament pair examples/swiss --force"),
    "rating": ("bbscore rating examples/", "bbscore rating examples/tournament --format html -o rating.html"),
}


def _examples_of(command: str) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """The examples (Russian, English) of the house's commands, or of the game whose command it is — only that game's
    help texts imported (a run of one game's command loads nothing of another's)."""
    if command in _HOUSE_EXAMPLES:
        return _HOUSE_EXAMPLES, _HOUSE_ENGLISH_EXAMPLES
    from bbscore import games

    word = command.split()[0]
    game = next(game for game in games.registered().values() if word in game.commands)
    texts = importlib.import_module(game.help_texts)
    return texts.EXAMPLES, texts.ENGLISH_EXAMPLES


def epilog(command: str) -> str:
    """The end of a command's help: its two examples (in English notation and names in English), each a line of its
    own however wide the terminal (``\\b``: the help's writer does not fold that paragraph)."""
    from bbscore.i18n import language

    examples, english = _examples_of(command)
    first, second = (english if language() == "en" else examples)[command]
    return f"{_(TEXT['examples'])}\n\n\b\n{first}\n\n\b\n{second}"


# What the root help says of each command (the first paragraph of its help: tests/test_shell.py checks it), so that
# the root help is drawn without importing every command's module (start-up, issue 24).  In the order it lists them.
_HOUSE_SUMMARIES = {
    "recompute": N_("Пересчитать сохранённые протоколы (и пули преферанса) и найти каждое расхождение (файл, сдача, "
                    "строка)."),
    "export": N_("Лист партии или пули, чтобы поделиться: CSV для таблиц, Markdown для чата, HTML-страница для телефона "
                 "и печати (протокол, дата, победитель, график итогов; у пули — пуля, гора, висты и подсчёт: кто кому "
                 "платит), книга Excel (xlsx, по листу на партию)."),
    "stats": N_("Статистика партий и пуль: пары и игроки по имени во всех файлах (регистр и невидимые знаки не в счёт) "
                "— партии, победы, доля побед; у Базар-Белота — игры (заявлено, выполнено, байты), контры, серии "
                "побед; у преферанса — пули, заказанные и сыгранные игры по уровням, мизеры, распасы, средний итог "
                "подсчёта."),
    "list": N_("Список партий и пуль: по строке на файл — файл, дата, игра и правила, пары или игроки, сдач, счёт, "
               "победитель (или «не окончена»)."),
    "rating": N_("Рейтинг игроков по всем листам и турнирам (openskill): игра за игрой по дате, с числом игр и "
                 "неопределённостью."),
    "conventions": N_("Правила (конвенции): посмотреть, сравнить, проверить, сделать свои."),
    "tournament": N_("Турниры клуба: туры и столы (лист на каждый стол), таблица после каждого тура, следующий тур "
                     "швейцарской системы."),
}


_SHELL_GIVEN = "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"  # Typer: the completion options then take a shell


def _shell_named(argv: list[str]) -> bool:
    """Whether ``--show-completion`` or ``--install-completion`` is given a shell (``zsh``, ``=fish``): then that
    shell's script, not the one of the shell Typer detects; without one, the detected shell's."""
    for index, arg in enumerate(argv):
        name, equals, _value = arg.partition("=")
        if name in COMPLETION_OPTIONS and (equals or index + 1 < len(argv) and not argv[index + 1].startswith("-")):
            return True
    return False


def completing(argv: list[str]) -> bool:
    """Whether this run is about shell completion (an option of it, or the shell asking for candidates)."""
    import os

    return bool(os.environ.get(COMPLETION_VARIABLE)) or any(arg.split("=")[0] in COMPLETION_OPTIONS for arg in argv)


def _version(value: bool) -> None:
    """``--version``: the installed package's version (its metadata), else the checkout's."""
    if not value:
        return
    try:
        from importlib.metadata import PackageNotFoundError, version

        shown = version("bbscore")
    except PackageNotFoundError:  # run from a checkout that is not installed
        from bbscore import __version__ as shown
    print(f"bbscore {shown}")
    raise typer.Exit(0)


def _root() -> None:
    pass


def _root_with_version(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help=TEXT["version_help"])] = False,
    lang: Annotated[str, typer.Option("--lang", help=TEXT["lang_help"], metavar="ru|en")] = "",
) -> None:
    """(``--lang`` is taken out of the arguments before Typer reads them, :func:`take_language`: here it is only
    listed in the help.)"""


def build_app(argv: list[str], *, everything: bool = False) -> typer.Typer:
    """The Typer app with the command named in ``argv`` only; for the root's help or an unknown name, each command by
    its name and summary (:func:`help_texts`: help lists them, click's suggestions know them) — with ``everything``, all
    the commands themselves (the catalogue of help texts).  Help is written as plain text (no rich: it is not imported
    to say it)."""
    app = typer.Typer(
        name="bbscore",
        help=TEXT["help"],
        no_args_is_help=True,
        add_completion=completing(argv),
        pretty_exceptions_enable=False,
        # help as wide as the terminal (click's own would take at least 50 columns, folded by a phone's 40)
        context_settings={"help_option_names": ["-h", "--help"], "terminal_width": _help_width()},
        rich_markup_mode=None,
    )

    named = next((arg for arg in argv if not arg.startswith("-")), None)
    table = commands()
    if named in table and not argv[0].startswith("-"):  # a command: the root's own options are not needed
        app.callback(help=TEXT["help"])(_root)
    else:
        app.callback(help=TEXT["help"])(_root_with_version)
    if "--version" in argv[:1]:  # nothing else is needed
        return app
    if named in table:
        importlib.import_module(table[named]).register(app, only=named)
        if not completing(argv):
            _only_subcommand(app, argv)
    elif everything or completing(argv) or set(table) != set(help_texts()[2]):
        # (the shell completing what it was given; a game registered a command this table does not know)
        for module in sorted(set(table.values())):
            importlib.import_module(module).register(app)
    else:  # help, or an unknown name: each command by its name and what it does
        for name, summary in help_texts()[2].items():
            app.command(name, help=summary, add_help_option=False)(_summarised)
    return app


_BUILT: dict[tuple, object] = {}  # the command trees built for plain runs, by what each was built from (see _command)
_BUILT_KEPT = 16


def _command(argv: list[str], *, plain: bool):
    """The click command tree of a run: :func:`build_app`'s, built by Typer, its help in the language in use.

    A ``plain`` run (no help asked, no completion) of a process that runs :func:`main` again — a program embedding
    bbscore, the tests — takes the tree built before for the same things the tree is built from: the language, the
    help's width, the command named, whether an option comes first, and the first two words (a group's command);
    building one costs ~7 ms, and a tree holds nothing of a run (click makes a new context for each)."""
    from bbscore import i18n

    named = next((arg for arg in argv if not arg.startswith("-")), None)
    key = (i18n.language(), _help_width(), named, tuple(argv[:2]), bool(argv) and argv[0].startswith("-"))
    command = _BUILT.get(key) if plain else None
    if command is None:
        command = typer.main.get_command(build_app(argv))
        if i18n.language() != "ru":
            translate_help(command)
        if plain:
            if len(_BUILT) >= _BUILT_KEPT:
                _BUILT.pop(next(iter(_BUILT)))
            _BUILT[key] = command
    return command


def _only_subcommand(app: typer.Typer, argv: list[str]) -> None:
    """A group named with one of its commands right after it (``pref score …``): only that command is kept in it
    (Typer builds every command of a group it is given: start-up).  Anything else — the group alone, an option before
    the command (``pref --help score``), a name the group does not have — keeps them all, for the group's own help
    and click's message."""
    if len(argv) < 2:
        return
    for group in app.registered_groups:
        if group.name == argv[0] and group.typer_instance is not None:
            commands = group.typer_instance.registered_commands
            kept = [info for info in commands
                    if (info.name or typer.main.get_command_name(info.callback.__name__)) == argv[1]]
            if kept:
                commands[:] = kept


def _help_width() -> int:
    """The width of a help page: the terminal's (``COLUMNS`` for a pipe, else 80), at most 80, less a margin."""
    import shutil

    return max(min(shutil.get_terminal_size().columns, 80) - 2, 20)


def _summarised() -> None:
    """A command named in the root's help (never run: a run of it builds the command itself)."""


def short_helps(command) -> None:
    """Each command of a tree is listed in its group's help by the first paragraph of its help, whole (click would cut
    it to a line)."""
    for sub in getattr(command, "commands", {}).values():
        if sub.help and not sub.short_help:
            sub.short_help = sub.help.split("\n\n")[0].replace("\b\n", "")
        short_helps(sub)


def narrow_help(command, context=None) -> None:
    """Each command of a tree writes its help's lists (options, arguments, commands) so that a narrow terminal breaks
    them between words only: click puts a list's texts beside a column as wide as its longest name (up to 30, so on a
    phone's 40 columns 8 were left, and words were cut); where fewer than :data:`NARROW_HELP_TEXT` columns would be
    left, a name is written on its own line and its text under it, indented.  (``context``: the context class that
    does it, made once for the tree.)"""
    context = context or _narrow_help_context()
    command.context_class = context
    for sub in getattr(command, "commands", {}).values():
        narrow_help(sub, context)


NARROW_HELP_TEXT = 30  # the fewest columns click's list of options may leave their texts


def _narrow_help_context():
    class Formatter(typer.Context.formatter_class):
        def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
            rows = list(rows)
            first = min(max((len(name) for name, _text in rows), default=0), col_max) + col_spacing
            if self.width - self.current_indent - first >= NARROW_HELP_TEXT:
                return super().write_dl(rows, col_max, col_spacing)
            for name, text in rows:
                self.write(f"{'':>{self.current_indent}}{name}\n")
                if text:
                    self.indent()
                    self.write_text(text)
                    self.dedent()

    class Context(typer.Context):
        formatter_class = Formatter

    return Context


def translate_help(command) -> None:
    """The help texts of a command tree in the language in use (they are written in Russian, the msgids)."""
    if command.help:
        command.help = _(command.help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
        if getattr(param, "metavar", None):  # a placeholder written in Russian ("А,Б,В[,Г]")
            param.metavar = _(param.metavar)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


# Typer's and click's own words in a help page (English in their source), from our catalogue: Russian msgids.
_HELP_WORDS = {
    "Arguments": N_("Аргументы"), "Options": N_("Параметры"), "Commands": N_("Команды"),
    "required": N_("обязательно"), "default: {default}": N_("по умолчанию: {default}"),
    "env var: {var}": N_("переменная окружения: {var}"), "(dynamic)": N_("(вычисляется)"),
}
_USAGE = N_("Использование: ")
_HELP_OPTION = N_("Показать эту справку и выйти.")


def asks_for_help(argv: list[str]) -> bool:
    """Whether this run may print a help page: -h/--help, or a group (or nothing) named without a command."""
    words = [arg for arg in argv[: argv.index("--") if "--" in argv else None]]
    return (any(arg in ("-h", "--help") for arg in words) or not words
            or (len([w for w in words if not w.startswith("-")]) == 1 and words[0] in help_texts()[3]))


def translate_click() -> None:
    """Typer's and click's own help words in the language in use (only when a help page may be printed)."""
    import typer.core
    from typer._click import _textwrap, decorators, formatting

    typer.core._ = lambda text: _(_HELP_WORDS[text]) if text in _HELP_WORDS else text  # (typer's gettext)
    if not getattr(_textwrap.TextWrapper, "whole_words", False):
        class Wrapper(_textwrap.TextWrapper):
            """Help folded between words only: an option (``--decl-points``) or a number is never cut."""

            whole_words = True

            def __init__(self, *args, **kwargs):
                super().__init__(*args, **{**kwargs, "break_on_hyphens": False, "break_long_words": False})

        _textwrap.TextWrapper = Wrapper
    original_usage = getattr(formatting.HelpFormatter.write_usage, "__wrapped__", formatting.HelpFormatter.write_usage)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        original_usage(self, prog, args, _(_USAGE) if prefix is None else prefix)

    write_usage.__wrapped__ = original_usage
    formatting.HelpFormatter.write_usage = write_usage
    original_option = getattr(decorators.help_option, "__wrapped__", decorators.help_option)

    def help_option(param_decls):
        def decorate(command):
            command = original_option(param_decls)(command)
            command.params[-1].help = _(_HELP_OPTION)
            return command
        return decorate

    help_option.__wrapped__ = original_option
    decorators.help_option = help_option


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` or ``--lang=CODE`` (a global option, anywhere before ``--``): its value ("" when it has none)
    and the arguments without it."""
    end = argv.index("--") if "--" in argv else len(argv)
    for index, arg in enumerate(argv[:end]):
        if arg == "--lang":
            value = argv[index + 1] if index + 1 < end else ""
            return value, argv[:index] + argv[index + 2:]
        if arg.startswith("--lang="):
            return arg.partition("=")[2], argv[:index] + argv[index + 1:]
    return None, argv


def main(argv: list[str] | None = None) -> int:
    """The console script: run the app, turning every input error into one line and exit code 2."""
    import os

    from bbscore import i18n

    argv = sys.argv[1:] if argv is None else argv
    kept.clear()
    given, argv = take_language(argv)
    again, _rest = take_language(argv)  # (a second --lang: refused as any option given twice, not "no such option")
    code = i18n.choose(given, os.environ)
    i18n.set_language(code or "ru", asked=bool(given or os.environ.get("BBSCORE_LANG")))
    if again is not None:
        from bbscore.errors import UsageError

        return _fail(UsageError("--lang", [given, again], _("у параметра одно значение: укажите его один раз")).message())
    if sys.stdout is None:  # closed (>&-): a result nobody sees would pass for success
        return _fail(_("вывод закрыт (>&-): результат некуда показать — ничего не сделано"))
    if code is None:
        where = "--lang" if given is not None else "BBSCORE_LANG"
        return _fail(_("{where}: {value} — нужен язык ru или en").format(
            where=where, value=shown(given if given is not None else os.environ.get("BBSCORE_LANG"))))
    shows_russian = {stream: _can_show_russian(stream) for stream in (sys.stdout, sys.stderr)}
    # Bytes the terminal gave that are not text (a file name) go back out as the same bytes, not as an error; a
    # character the output's encoding has not (→ in cp1251) is written as plain text is (->, or named <U+2192>).
    for stream, shows in shows_russian.items():
        if shows and hasattr(stream, "reconfigure"):
            _register_plain()
            stream.reconfigure(errors=SHOWN)
        elif i18n.language() == "en" and hasattr(stream, "reconfigure"):  # English to an ASCII output: plain ASCII
            _register_plain()
            stream.reconfigure(errors=PLAIN)
            shows_russian[stream] = True
    i18n.set_symbols(_can_show(sys.stdout, "♠♣♦♥"))  # if not, the notation writes the suits as letters (S C D H)
    if not shows_russian[sys.stdout] and "--json" not in argv[: argv.index("--") if "--" in argv else None]:
        return _fail(_("вывод в кодировке {encoding} не может показать русский текст: нужна UTF-8 "
                       "(например, PYTHONIOENCODING=utf-8 или LANG=ru_RU.UTF-8), или --json, где команда его знает").format(
                           encoding=sys.stdout.encoding))
    shell_named = _shell_named(argv)
    try:
        if shell_named:  # Typer reads `--show-completion zsh` only with its detection of the shell turned off
            os.environ[_SHELL_GIVEN] = "1"
        command = _command(argv, plain=not (shell_named or completing(argv) or asks_for_help(argv)))
        if asks_for_help(argv):
            translate_click()
            short_helps(command)
            narrow_help(command)
        result = command(args=argv, standalone_mode=False, prog_name="bbscore")
    except BBScoreError as error:  # the fields named as the command's options (see options.Command)
        return _fail(error.message(getattr(error, "labels", None)))
    except typer.Abort:
        return _interrupted()
    except typer.TyperException as error:  # click's usage errors: unknown option, missing argument
        if type(error).__name__ == "NoArgsIsHelpError":  # a group named alone: its help
            print(error.format_message())
            return 0
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        return _fail(_("{message} (см. bbscore --help)").format(
            message=_translate_usage(message, getattr(error, "ctx", None))))
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        return 0
    except SystemExit as exit_:  # Typer ends a run whose reader went away (| head) with exit 1: not a failure of ours
        if isinstance(exit_.__context__, BrokenPipeError):
            return 0
        raise
    except OSError as error:  # the system refused: a full disk, a closed output, permissions
        return _fail(f"{error.filename or _('вывод')}: {os_reason(error)}{_already_written()}")
    except Exception as error:  # a bug: one line, not a traceback (BBSCORE_DEBUG=1 shows it)
        import os

        if os.environ.get("BBSCORE_DEBUG"):
            raise
        print(_capped(visible(_("внутренняя ошибка bbscore ({kind}: {error}); BBSCORE_DEBUG=1 покажет "
                                "подробности").format(kind=type(error).__name__, error=error))), file=sys.stderr)
        return 3
    finally:
        if shell_named:
            os.environ.pop(_SHELL_GIVEN, None)
    if result == 130:  # Typer's answer to Ctrl-C
        return _interrupted()
    return result if isinstance(result, int) else 0


def _can_show_russian(stream) -> bool:
    """Whether a text stream's encoding can show the tool's Russian (not so with PYTHONIOENCODING=ascii)."""
    return _can_show(stream, "ошибка: ё — «»")


def _can_show(stream, text: str) -> bool:
    """Whether a text stream's encoding can write ``text``."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# English to an output that cannot show more than ASCII (PYTHONIOENCODING=ascii): the typography in ASCII, the suits
# as letters (the notation does so itself: bbscore.i18n.symbols), any other character named as <U+0410>.
PLAIN = "bbscore-plain"
_PLAIN_TEXT = {"—": "-", "–": "-", "−": "-", "‐": "-", "«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‘": "'",
               "’": "'", "…": "...", "×": "x", "·": "*", "→": "->", "←": "<-", "≥": ">=", "≤": "<=", "≠": "!=",
               "÷": "/", "è": "e", "é": "e", "à": "a", "₽": "RUB", "♠": "S", "♣": "C", "♦": "D", "♥": "H", "█": "#",
               "\u00a0": " ", "\u2009": " ", "\u202f": " "} | {spark: "=" for spark in "▁▂▃▄▅▆▇"}


def _plain(error: UnicodeEncodeError) -> tuple[str, int]:
    chunk = error.object[error.start:error.end]
    return "".join(_PLAIN_TEXT.get(ch, f"<U+{ord(ch):04X}>") for ch in chunk), error.end


# Russian to an output that can show it but not every character (cp1251, koi8-r): each byte the terminal gave that is
# no text (surrogateescape) as that byte, any other character it cannot show as :data:`PLAIN` writes it.
SHOWN = "bbscore-shown"


def _shown(error: UnicodeEncodeError) -> tuple[bytes, int]:
    chunk = error.object[error.start:error.end]
    return b"".join(bytes([ord(ch) - 0xDC00]) if 0xDC80 <= ord(ch) <= 0xDCFF
                    else _PLAIN_TEXT.get(ch, f"<U+{ord(ch):04X}>").encode(error.encoding, "replace")
                    for ch in chunk), error.end


def _register_plain() -> None:
    import codecs

    codecs.register_error(PLAIN, _plain)
    codecs.register_error(SHOWN, _shown)


def _interrupted() -> int:
    if sys.stderr is not None:
        print(_("прервано"), file=sys.stderr)
    return 130


def _already_written() -> str:
    """After a failure of the output, the files this run had already written (so exit 2 does not read as "nothing")."""
    if not written:
        return ""
    names = ", ".join(str(path) for path in written[:3])
    if len(written) > 3:
        names = _("{names} и ещё {count}").format(names=names, count=len(written) - 3)
    return _(" (уже записано: {names})").format(names=names)


_USAGE_MESSAGES = [
    (r"^No such option: (\S+).*", N_(r"нет такого параметра \1")),
    (r"^Missing argument '(\S+)'.*", N_(r"не указан аргумент \1")),
    (r"^Missing option '(\S+)'.*", N_(r"не указан параметр \1")),
    (r"^Option '(\S+)' requires an argument.*", N_(r"параметру \1 нужно значение")),
    (r"^Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", N_(r"лишние аргументы: \1")),
    (r"^No such command '(\S+)'.*", N_(r"нет такой команды \1")),
    (r"^Option '(\S+)' does not take a value.*", N_(r"параметр \1 не принимает значения")),
    (r"^Invalid value for '(\S+)': (-?\d+) is not in the range x>=(\d+)\.?$", N_(r"\1: \2 — нужно целое число не меньше \3")),
    (r"^Invalid value for '(\S+)': (?:File|Directory|Path) '(.*)' is not readable\.?$", N_(r"\1: «\2» — нет права на чтение")),
    (r"^Invalid value for '(\S+)': (?:File|Directory|Path) '(.*)' is not writable\.?$", N_(r"\1: «\2» — нет права на запись")),
    (r"^Invalid value for '(\S+)': (?:File|Directory|Path) '(.*)' does not exist\.?$", N_(r"\1: «\2» — нет такого файла")),
    (r"^Invalid value for '(\S+)': (?:File|Directory|Path) '(.*)' is a directory\.?$", N_(r"\1: «\2» — это папка, а нужен файл")),
    (r"^Invalid value for '(\S+)': (?:File|Directory|Path) '(.*)' is a file\.?$", N_(r"\1: «\2» — это файл, а нужна папка")),
    (r"^Invalid value for '(\S+)': '(.*)' is not a valid int(?: range)?\.?$", N_(r"\1: «\2» — нужно целое число")),
    (r"^Invalid value for '(\S+)': '(.*)' is not one of (.*?)\.?$", N_(r"\1: «\2» — можно одно из: \3")),
]


def _translate_usage(message: str, context=None) -> str:
    """Click's usage messages in Russian (the few a user meets), with the nearest known name for a typo: among the
    commands of the group it was given to (``context``: click's, of ``bbscore pref`` say), a command of bbscore itself
    named as such."""
    import re

    unknown = re.match(r"^No such command '(\S+)'", message)
    if unknown:
        import difflib

        name = unknown.group(1)
        group = getattr(getattr(context, "command", None), "commands", None)
        if group is not None and context.parent is not None:  # (a group's command, not the root's)
            if name in commands() and name not in group:
                return _("нет команды {group} {name}: это команда bbscore {name}").format(
                    group=context.info_name, name=name)
            near = difflib.get_close_matches(name, list(group), n=3, cutoff=0.5) or [
                f"bbscore {other}" for other in difflib.get_close_matches(name, list(commands()), n=3, cutoff=0.5)
                if other not in group]
        else:
            near = difflib.get_close_matches(name, list(commands()), n=3, cutoff=0.5)
        if not near:
            return _("нет такой команды {name}").format(name=unknown.group(1))
        return _("нет такой команды {name}; может быть, {near}?").format(
            name=unknown.group(1), near=_(" или ").join(near))
    option = re.match(r"^No such option: (\S+)\s*(?:Did you mean (\S+)\?|\(Possible options: (.*)\))?", message)
    if option and (option.group(2) or option.group(3)):
        import difflib

        possible = [option.group(2)] if option.group(2) else option.group(3).split(", ")
        near = difflib.get_close_matches(option.group(1), possible, n=3, cutoff=0) or possible
        return _("нет такого параметра {name}; может быть, {near}?").format(name=option.group(1), near=_(" или ").join(near))
    for pattern, russian in _USAGE_MESSAGES:
        if re.match(pattern, message):
            return re.sub(pattern, _(russian), message)
    return message


def emit_json(data: object) -> None:
    """Print one JSON object (UTF-8, not ASCII-escaped) on standard output: every control, format or separator
    character of its text (C1 controls, U+2028/U+2029, bidi controls such as U+202E) escaped as ``\\uXXXX``
    (:func:`json_safe`) — the same JSON data, nothing a terminal would act on."""
    import msgspec

    try:
        encoded = msgspec.json.encode(data)
    except UnicodeEncodeError:  # a file name that is not UTF-8: its odd bytes as \\xNN
        encoded = msgspec.json.encode(_readable(data))
    encoded = json_safe(encoded)
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:
        print(encoded.decode("utf-8"))
        return
    sys.stdout.flush()
    stream.write(encoded + b"\n")
    stream.flush()


def json_safe(encoded: bytes) -> bytes:
    """JSON text (UTF-8) with each character :func:`bbscore.errors.visible` would name — C0 and C1 controls, DEL,
    format characters (bidi controls, zero-width ones), line and paragraph separators — written as a ``\\uXXXX``
    escape (a pair of them beyond the first plane): still the same JSON data."""
    if encoded.isascii() and b"\x7f" not in encoded:  # (msgspec escapes C0 already)
        return encoded
    text = encoded.decode("utf-8")
    if text.isprintable():  # the common case: Russian text, nothing to escape
        return encoded
    import unicodedata

    def escaped(character: str) -> str:
        if unicodedata.category(character) not in ("Cc", "Cf", "Zl", "Zp"):
            return character
        code = ord(character)
        if code <= 0xFFFF:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

    return "".join(character if character.isprintable() else escaped(character) for character in text).encode("utf-8")


def _readable(data: object) -> object:
    """``data`` with every text made valid UTF-8 (bytes that were not UTF-8 shown as \\xNN)."""
    if isinstance(data, str):
        return data.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if isinstance(data, dict):
        return {_readable(key): _readable(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_readable(item) for item in data]
    return data


def say(text: str, *, error: bool = False) -> None:
    """One line of a command's own words on standard output (``error``: standard error), every control or format
    character of the user text in it named (:func:`bbscore.errors.visible`; a line break in a file name forges no
    line): the plain-text path beside the console of :mod:`bbscore.render.layout`, for what is printed without rich."""
    stream = sys.stderr if error else sys.stdout
    if stream is not None:
        print(visible(text), file=stream)


def warn(message: str) -> None:
    """One error line on standard error, ``ошибка: …``, without ending the command (recompute goes on to the next
    file).  A standard error whose encoding cannot show Russian (PYTHONIOENCODING=ascii) gets the line's UTF-8 bytes."""
    if sys.stdout is not None:
        sys.stdout.flush()  # what was printed before it comes before it
    if sys.stderr is None:  # closed (2>&-): nowhere to say it; the exit code still does
        return
    # (one line: spaces and tabs made one space; a line feed or any other control character named, as everywhere —
    # a file name «new\nline.toml» is not said as «new line.toml», another file)
    line = _("ошибка: {message}").format(message=_capped(" ".join(visible(message, keep="\t").split()))) + "\n"
    stream = getattr(sys.stderr, "buffer", None)
    if stream is None or _can_show_russian(sys.stderr) or getattr(sys.stderr, "errors", None) in (PLAIN, SHOWN):
        sys.stderr.write(line)
        return
    sys.stderr.flush()
    stream.write(line.encode("utf-8", "surrogateescape"))  # the bytes as the terminal gave them
    stream.flush()


MAX_LINE = 300  # the longest error line: a message that quotes a huge value is cut, with «…»


def _capped(message: str, line: str = "ошибка: {message}") -> str:
    """One error line of at most :data:`MAX_LINE` characters (with its ``line`` around it: «ошибка: »).  A message
    that ends in a list (what follows its last «: », items joined by «, »: the names or keys allowed) keeps as many
    whole items as fit and says how many more («… Боря (или 2) и ещё 2»); any other is cut in the middle with «…» (a
    long file name or value is cut, and the reason at the end of the line is kept)."""
    room = MAX_LINE - len(_(line).format(message=""))
    if len(message) <= room:
        return message
    head, colon, listed = message.rpartition(": ")
    items = listed.split(", ") if colon else []
    for kept in range(len(items) - 1, 0, -1):
        text = _("{items} и ещё {count}").format(items=", ".join(items[:kept]), count=len(items) - kept)
        if len(head) + len(colon) + len(text) <= room:
            return head + colon + text
    tail = min(len(message) // 2, (room - 1) * 2 // 3)
    return message[: room - 1 - tail] + "…" + message[len(message) - tail:]


def _fail(message: str) -> int:
    """:func:`warn`, and the exit code of a refusal (2)."""
    warn(message)
    return 2


def run() -> None:
    """Entry point for ``python -m bbscore`` and the ``bbscore`` script: :func:`main`'s exit code (:func:`leave`)."""
    leave(main())


def leave(code: int) -> None:
    """End the process with exit code ``code``.  Where nothing but the atexit functions waits for the interpreter's
    shutdown — no other thread and no thread-exit function, the standard streams the process's own — the atexit
    functions are run as the shutdown runs them first (filelock's, logging's, coverage's, a worker pool's; each once:
    run, they are cleared), the streams flushed, and the process ends at once (:func:`os._exit`): the shutdown would
    only free a run's objects one by one and collect the cycles its imports left, ~10% of a start and ~30 ms after a
    10,000-hand sheet was read (issue 24); every file bbscore writes is closed by then.  Anywhere else, or when a flush
    fails, :func:`sys.exit` as usual (the shutdown then says what it says of the failed flush)."""
    import atexit
    import os

    threading = sys.modules.get("threading")
    calm = (isinstance(code, int) and 0 <= code <= 255 and hasattr(atexit, "_run_exitfuncs")
            and (threading is None or (threading.active_count() == 1 and not getattr(threading, "_threading_atexits", [1])))
            and sys.stdout is sys.__stdout__ and sys.stderr is sys.__stderr__)
    if calm:
        try:
            atexit._run_exitfuncs()  # (what the shutdown would run first: filelock's, logging's, coverage's …)
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()
        except BaseException:  # (a reader gone, a full disk: the usual shutdown reports it)
            calm = False
    if calm:
        os._exit(code)
    sys.exit(code)
