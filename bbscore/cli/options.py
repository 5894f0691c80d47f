"""Option and argument types shared by the commands (Typer annotations)."""

# No "from __future__ import annotations": Typer would evaluate every annotation string at each start.
import os
from functools import cache
from pathlib import Path
from typing import Annotated

import typer

from bbscore.errors import BBScoreError, UsageError
from bbscore.i18n import N_, _


class Command(typer.core.TyperCommand):
    """A bbscore command: a single-value option given twice is refused (click would keep the last one silently,
    and ``--def-cards A --def-cards B`` would score only B), and so is text that is not UTF-8 (see :func:`utf8_text`).

    A refusal from the core names fields by neutral keys (``def_points``); this command's options give them the
    names the user typed (``--def-points``), see :func:`option_labels`.
    """

    def invoke(self, ctx):
        speak_the_sheets_language(ctx.params)
        try:
            return super().invoke(ctx)
        except BBScoreError as error:
            error.labels = option_labels(self.params)
            raise

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        refuse_repeated_options(self.params, args)
        rest = super().parse_args(ctx, args)
        for param in self.params:
            if getattr(param.type, "name", "") == "path":  # a file name need not be UTF-8 on Linux
                continue
            value = ctx.params.get(param.name)
            if isinstance(value, str):
                ctx.params[param.name] = utf8_text(value, param)
            elif isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
                ctx.params[param.name] = type(value)(utf8_text(item, param) for item in value)
        return rest


# The arguments that name the sheets a command reads, and what a folder among them stands for: one sheet (``file``:
# show, add, play, pref …; a folder is no sheet), several files and folders (``files``, ``paths``: recompute, export,
# list, stats, rating — every sheet under a folder), a tournament's folder (``folder``: its own sheets).
_SHEET_ARGUMENTS = {"file": "none", "files": "walk", "paths": "walk", "folder": "top"}


def speak_the_sheets_language(params: dict) -> None:
    """A command on sheets kept in English answers in English (``[game] lang``; ``--lang`` and ``BBSCORE_LANG`` still
    win): one sheet, by its own language; several files and folders, when every sheet read is kept in it
    (:func:`bbscore.sheets.peek_languages`).  The one place every command's language follows its sheets."""
    from bbscore import i18n

    if i18n.asked():
        return
    argument = next((name for name in _SHEET_ARGUMENTS if params.get(name)), None)
    if argument is None:
        return
    named = params[argument]
    named = [named] if isinstance(named, (str, os.PathLike)) else named
    if isinstance(named, (list, tuple)) and all(isinstance(item, (str, os.PathLike)) for item in named):
        from pathlib import Path

        from bbscore.sheets import peek_languages

        i18n.use_sheet_language(peek_languages([Path(item) for item in named], _SHEET_ARGUMENTS[argument]))


def option_labels(params: list) -> dict[str, str]:
    """{neutral key: option}, for a command's options: ``def_points`` → ``--def-points``."""
    return {param.name: param.opts[0] for param in params
            if param.param_type_name == "option" and param.opts and param.opts[0].startswith("--")}


# Text options that may also name a file.
_MAY_BE_PATHS = {"convention", "source"}


def utf8_text(value: str, param) -> str:
    """An argument as UTF-8 text: as given, or its bytes read as UTF-8 when Python took the terminal for another
    encoding (LC_ALL=C with PYTHONUTF8=0); raises :class:`UsageError` for bytes that are not UTF-8 at all."""
    if value.isascii() or not any("\udc80" <= ch <= "\udcff" for ch in value):  # no byte Python could not read
        return value
    import os

    try:
        return os.fsencode(value).decode("utf-8")
    except (UnicodeError, ValueError):
        if param.name in _MAY_BE_PATHS:
            return value
        name = param.opts[0] if getattr(param, "opts", None) and param.param_type_name == "option" else param.human_readable_name
        raise UsageError(name, value, _("не текст в UTF-8: нужна кодировка терминала UTF-8")) from None


def refuse_repeated_options(params: list, args: list[str]) -> None:
    """Raise :class:`UsageError` when an option that takes one value appears twice in ``args`` (lists may repeat)."""
    options = {}
    for param in params:
        if param.param_type_name == "option":
            for name in (*param.opts, *param.secondary_opts):
                options[name] = param
    given: dict[object, list[str]] = {}
    tokens = iter(args)
    for token in tokens:
        if token == "--":  # the rest are arguments
            break
        name, joined, value = token.partition("=") if token.startswith("--") else (token, "", "")
        param = options.get(name)
        if param is None:
            continue
        takes_value = not (param.is_flag or param.count)
        if takes_value and not joined:
            value = next(tokens, "")
        if takes_value and not param.multiple:
            given.setdefault(param, []).append(value)
            if len(given[param]) > 1:
                lists = [other.opts[0] for other in params if other.param_type_name == "option" and other.multiple]
                raise UsageError(
                    name, given[param], _("у параметра одно значение: укажите его один раз (повторять можно только "
                                          "списки: {lists})").format(lists=", ".join(lists)) if lists else
                    _("у параметра одно значение: укажите его один раз"),
                )

# Shell completion (``bbscore --install-completion``): the candidates for an option's value are worked out only when
# the shell asks for them (the variable is set); any other run builds its options without them (start-up).
COMPLETING = bool(os.environ.get("_BBSCORE_COMPLETE"))


def completion(candidates) -> dict:
    """``typer.Option`` keywords completing a value with ``candidates`` — only in a completion run."""
    return {"autocompletion": candidates} if COMPLETING else {}


AsJson = Annotated[bool, typer.Option("--json", help="Вывести результат в JSON.")]


HAND_NUMBER = N_("номер сдачи — целое число от 1")  # (edit N of either game: the words of a refusal)


# ``-o -``: standard output, as for most tools — the very object given_path(output=True) gives for ``-`` (compared with
# ``is``: ``-o ./-``, which a path also reads as ``-``, is a file of that name).
STANDARD_OUTPUT = Path("-")
# ``DEAL -``: standard input (a deal file read from a pipe), likewise its own object (``./-`` is a file of that name).
STANDARD_INPUT = Path("-")


@cache
def given_path(output: bool = False, stdin: bool = False):
    """A click type for a file or folder named on the command line: the path, refusing an empty name (``""``, which a
    path reads as ``.``, the folder the command runs in) with bbscore's one line (:class:`~bbscore.errors.UsageError`
    naming the argument).  One, shared by every argument that names a path; ``output``: an ``-o OUT``, whose ``-`` is
    :data:`STANDARD_OUTPUT`; ``stdin``: a file that may be read from standard input, whose ``-`` is
    :data:`STANDARD_INPUT`."""
    from typer._click.types import ParamType

    class GivenPath(ParamType):
        name = "path"

        def convert(self, value, param, ctx):
            if isinstance(value, Path):
                return value
            if output and value == "-":
                return STANDARD_OUTPUT
            if stdin and value == "-":
                return STANDARD_INPUT
            if not str(value):
                name = param.opts[0] if param is not None and param.param_type_name == "option" else (
                    param.human_readable_name if param is not None else "PATH")
                raise UsageError(name, value, _("пустое имя: нужен файл или папка"))
            return Path(value)

    return GivenPath()


def whole_number(low: int, high: int, allowed: str | None = None):
    """A click type for a whole number of ``low…high`` read by the one strict reader (:func:`bbscore.numbers.whole`:
    ASCII digits only — click's own int takes ``٣`` and asks Python to convert 5,000 digits); a refusal is bbscore's
    one line (:class:`~bbscore.errors.UsageError` naming the option), saying ``allowed`` (translated when shown) or
    else the range."""
    from typer._click.types import ParamType

    class WholeNumber(ParamType):
        name = "integer"

        def convert(self, value, param, ctx):
            from bbscore.numbers import whole

            number = value if isinstance(value, int) and not isinstance(value, bool) else whole(str(value))
            if number is None or not low <= number <= high:
                name = param.opts[0] if param is not None and param.param_type_name == "option" else (
                    param.human_readable_name if param is not None else "N")
                raise UsageError(name, value, _(allowed) if allowed is not None
                                 else _("нужно целое число от {low} до {high}").format(low=low, high=high))
            return number

    return WholeNumber()
