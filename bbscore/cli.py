"""The command line: parse options, call the engine, render with rich.

Nothing here computes a score.  Every refusal of bad input becomes one line
on standard error, ``ошибка: …``, and exit code 2; a traceback reaching the
user is a bug.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from bbscore.errors import BBScoreError

app = typer.Typer(
    name="bbscore",
    help="Подсчёт очков Базар-Белота: что пишет каждая пара за сдачу, с расчётом по шагам.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

ConventionOption = Annotated[
    str, typer.Option("--convention", help="Правила: имя (gambler) или путь к файлу .toml.", metavar="NAME|PATH")
]


@app.callback()
def _root() -> None:
    """Подсчёт очков Базар-Белота."""


@app.command()
def score(
    contract: Annotated[str, typer.Argument(help="Контракт: 12Т, 22ВК, 15П+, ^2Ч, ^^Т++ (или 12C, 22AT, 15S+).", metavar="CONTRACT")],
    def_points: Annotated[Optional[str], typer.Option("--def-points", help="Висты вистующих за взятки (с последом).", metavar="N")] = None,
    decl_points: Annotated[Optional[str], typer.Option("--decl-points", help="Висты разыгрывающих за взятки (с последом).", metavar="N")] = None,
    decl_con: Annotated[Optional[list[str]], typer.Option("--decl-con", help="Прошедшие конструкции разыгрывающих через запятую: терц, бэла, рамки-В, 2×терц, 40.", metavar="LIST")] = None,
    def_con: Annotated[Optional[list[str]], typer.Option("--def-con", help="Прошедшие конструкции вистующих.", metavar="LIST")] = None,
    decl_tricks: Annotated[Optional[str], typer.Option("--decl-tricks", help="Сколько взяток взяли разыгрывающие (0–8); обязательно для капо.", metavar="K")] = None,
    convention: ConventionOption = "gambler",
    as_json: Annotated[bool, typer.Option("--json", help="Вывести результат одним объектом JSON.")] = False,
) -> None:
    """Посчитать одну сдачу: что пишут разыгрывающие и вистующие, с расчётом."""
    from bbscore import convention as conventions
    from bbscore.hand import make_hand
    from bbscore.scoring import score as score_hand

    rules = conventions.load(convention)
    hand = make_hand(
        rules, contract, def_points=def_points, decl_points=decl_points,
        decl_con=decl_con, def_con=def_con, decl_tricks=decl_tricks,
    )
    breakdown = score_hand(hand, rules)
    if as_json:
        print(json.dumps(breakdown_json(hand, breakdown, rules), ensure_ascii=False))
        return
    from bbscore import render

    render.hand_result(hand, breakdown, rules)


def breakdown_json(hand, breakdown, rules) -> dict:
    """The JSON object of ``bbscore score --json``."""
    from dataclasses import asdict

    data = asdict(breakdown)
    data["contract"] = str(breakdown.contract)
    data["outcome"] = breakdown.outcome.value
    data["decl_con"] = [str(c) for c in hand.decl_constructions]
    data["def_con"] = [str(c) for c in hand.def_constructions]
    data["convention"] = rules.name
    data["convention_sha256"] = rules.sha256
    return data


def main(argv: list[str] | None = None) -> int:
    """The console script: run the app, turning every input error into one line and exit code 2."""
    try:
        result = app(args=argv, standalone_mode=False, prog_name="bbscore")
    except BBScoreError as error:
        return _fail(error.message())
    except typer.Abort:
        print("прервано", file=sys.stderr)
        return 130
    except typer.TyperException as error:  # click's usage errors: unknown option, missing argument
        if type(error).__name__ == "NoArgsIsHelpError":  # help was printed
            return 0
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        return _fail(f"{_translate_usage(message)} (см. bbscore --help)")
    except KeyboardInterrupt:
        print("прервано", file=sys.stderr)
        return 130
    return result if isinstance(result, int) else 0


_USAGE_MESSAGES = [
    (r"^No such option: (\S+).*", r"нет такого параметра \1"),
    (r"^Missing argument '(\S+)'.*", r"не указан аргумент \1"),
    (r"^Missing option '(\S+)'.*", r"не указан параметр \1"),
    (r"^Option '(\S+)' requires an argument.*", r"параметру \1 нужно значение"),
    (r"^Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", r"лишние аргументы: \1"),
    (r"^No such command '(\S+)'.*", r"нет такой команды \1"),
    (r"^Option '(\S+)' does not take a value.*", r"параметр \1 не принимает значения"),
]


def _translate_usage(message: str) -> str:
    """Click's usage messages in Russian (the few a user meets)."""
    import re

    for pattern, russian in _USAGE_MESSAGES:
        if re.match(pattern, message):
            return re.sub(pattern, russian, message)
    return message


def _fail(message: str) -> int:
    print(f"ошибка: {' '.join(message.split())}", file=sys.stderr)
    return 2


def run() -> None:
    """Entry point for ``python -m bbscore`` and the ``bbscore`` script."""
    sys.exit(main())
