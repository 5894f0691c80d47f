"""Rendering for people, with rich: the protocol line and the working.

Imported only by commands that print for a person (rich is not loaded for ``--json``).
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from bbscore.convention import Convention
from bbscore.hand import Hand
from bbscore.scoring import Breakdown
from bbscore.working import constructions_text, marks, steps


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def hand_result(hand: Hand, breakdown: Breakdown, convention: Convention) -> None:
    """Print the protocol line of a hand and its working, step by step."""
    out = console()
    declarers, defenders = marks(breakdown)
    table = Table(title="Строка протокола", title_justify="left")
    table.add_column("Контракт", justify="left")
    table.add_column("Разыгрывающие", justify="right")
    table.add_column("Вистующие", justify="right")
    table.add_row(f"[bold]{breakdown.contract}[/bold]", declarers, defenders)
    out.print(table)
    decl_con, def_con = constructions_text(hand)
    out.print(f"Конструкции: разыгрывающие {decl_con}; вистующие {def_con}. Правила: {convention.name}.")
    out.print("[bold]Расчёт[/bold]")
    for number, text in enumerate(steps(hand, breakdown, convention), start=1):
        out.print(f"{number}. {text}")
