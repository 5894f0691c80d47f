"""The Belot family's option and argument types (Typer annotations) and their shell completion."""

# No "from __future__ import annotations": Typer would evaluate every annotation string at each start.
import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.cli.options import completion, given_path
from bbscore.errors import BBScoreError


# The redeals typed at the session's «who plays» question (bbscore play) instead of a pair's name.
REDEAL_WORDS = {"пас": "all-pass", "пересдача": "all-pass", "pass": "all-pass", "all-pass": "all-pass", "рамки-7": "rams-7",
                "rams-7": "rams-7", "рамки-8": "rams-8", "rams-8": "rams-8"}


def reserved(name: str) -> str | None:
    """The word a pair's name would be taken for in the guided session (``play``): a session command or a redeal
    typed instead of a pair (:func:`bbscore.cli.session.taken_for`), or None.  New sheets refuse such names."""
    from bbscore.cli.session import taken_for

    return taken_for(name, REDEAL_WORDS)


def construction_names(incomplete: str) -> list[str]:
    """Completion of ``--decl-con``/``--def-con``: construction names in normal form (the last of a comma list)."""
    from bbscore.belot.constructions import NORMAL_SEQUENCE_NAMES

    names = [*NORMAL_SEQUENCE_NAMES.values(), "бэла", *(f"рамки-{rank}" for rank in ("В", "9", "Т", "10", "К", "Д", "8", "7"))]
    head, comma, last = incomplete.rpartition(",")
    return plain_candidates(head + comma + name for name in names if name.startswith(last))


def plain_candidates(candidates) -> list[str]:
    """Only candidates a shell can offer as they are: one with a control or format character (a line break would
    forge a second candidate in bash's list, an ESC reach the terminal) is dropped, never offered raw."""
    return [candidate for candidate in candidates if candidate.isprintable()]


def pair_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completion of ``--by``/``--doezd``: the pairs of the protocol named before it.

    The file is the command's first argument on the line being completed, read from the shell's words (click does
    not parse it while the option's value is missing): ``COMP_WORDS`` (bash), ``_TYPER_COMPLETE_ARGS`` (zsh, fish).
    """
    import shlex

    from bbscore.belot import protocol

    line = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS") or ""
    try:
        words = shlex.split(line)
    except ValueError:  # an open quote
        words = line.split()
    after = words[words.index(ctx.info_name) + 1:] if ctx.info_name in words else []
    named = [word for word in after if not word.startswith("-")]
    file = ctx.params.get("file") or (named[0] if named else None)
    if file is None:
        return []
    try:
        sheet = protocol.read(Path(file))
    except BBScoreError:
        return []
    return plain_candidates(name for name in sheet.header.pairs if name.startswith(incomplete))


ConventionOption = Annotated[
    str, typer.Option("--convention", help="Правила: имя (gambler) или путь к файлу .toml.", metavar="NAME|PATH")
]

DefPoints = Annotated[Optional[str], typer.Option("--def-points", help="Висты вистующих за взятки (с последом).", metavar="N")]
DeclPoints = Annotated[Optional[str], typer.Option("--decl-points", help="Висты разыгрывающих за взятки (с последом).", metavar="N")]
DeclCon = Annotated[Optional[list[str]], typer.Option("--decl-con", help="Прошедшие конструкции разыгрывающих через запятую: терц, бэла, рамки-В, 2×терц, 40.", metavar="LIST", **completion(construction_names))]
DefCon = Annotated[Optional[list[str]], typer.Option("--def-con", help="Прошедшие конструкции вистующих.", metavar="LIST", **completion(construction_names))]
DeclTricks = Annotated[Optional[str], typer.Option("--decl-tricks", help="Сколько взяток взяли разыгрывающие (0–8); обязательно для капо.", metavar="K")]
DefCards = Annotated[Optional[str], typer.Option("--def-cards", help="Карты во взятках вистующих (вместо --def-points): \"ВТ 10Ч ТП …\".", metavar="CARDS")]
DeclCards = Annotated[Optional[str], typer.Option("--decl-cards", help="Карты во взятках разыгрывающих (вместо --decl-points).", metavar="CARDS")]
Melds = Annotated[Optional[list[str]], typer.Option("--melds", help="Объявления игроков вместо прошедших конструкций: \"p1: терц от Д♠; p2: рамки-В\".", metavar="SEATS")]
DeclSeats = Annotated[Optional[str], typer.Option("--decl-seats", help="Места разыгрывающих при --melds: 13 или 24.", metavar="13|24")]
LastTrick = Annotated[Optional[str], typer.Option("--last", help="Чья последняя взятка, когда даны карты: decl или def.", metavar="decl|def")]
ProtocolFile = Annotated[Path, typer.Argument(readable=False, click_type=given_path(), help="Файл протокола (.toml).", metavar="FILE")]

Seat = lambda number: typer.Option(f"--p{number}", help=f"Конструкции игрока {number} через запятую.", metavar="LIST")  # noqa: E731
