"""Sheets of every game listed for an organiser (``bbscore list``): a line a sheet, with rich; and what the sheets of
both games say alike (the line naming a sheet's bad hands).

Imported only by commands that print for a person.
"""

from __future__ import annotations

from rich.table import Table

from bbscore.i18n import N_, _
from bbscore.render.layout import console, print_fitting

TEXT = {
    "title": N_("Партии и пули"),
    "file": N_("файл"),
    "date": N_("дата"),
    "game": N_("игра"),
    "game_rules": N_("{game}, {rules}"),
    "sides": N_("пары или игроки"),
    "pairs": N_("пары"),
    "players": N_("игроки"),
    "hands": N_("сдач"),
    "score": N_("счёт"),
    "winner": N_("победитель"),
    "going": N_("— (не окончена)"),
    "draw": N_("ничья"),
    "count": N_("Файлов в списке: {count}."),
}


def percent(rate: float | None) -> str:
    """A share as a whole percentage: ``44%``; ``—`` for none."""
    return "—" if rate is None else f"{round(rate * 100)}%"


def average_text(value: float | None) -> str:
    """An average settlement to one decimal place, signed, with the decimal comma of the language: ``+12,5``."""
    if value is None:
        return "—"
    text = f"{abs(value):.1f}".replace(".", _(","))
    return text if value == 0 else ("+" if value > 0 else "−") + text


def signed(value) -> str:
    """A settlement as written: ``+12``, ``−5`` (the minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def score_text(summary: dict) -> str:
    """A sheet's score: the totals ``309 : 285``, or a settlement per side ``+12 / −5 / −7``."""
    if summary["signed"]:
        return " / ".join(signed(value) for value in summary["score"])
    return " : ".join(str(value) for value in summary["score"])


def winner_text(summary: dict) -> str:
    """Who won, «ничья» for a game ended without a winner, «— (не окончена)» for one still going (no winner yet:
    «победитель — (не окончена)» on a narrow line, never «победитель не окончена»)."""
    if not summary["ended"]:
        return _(TEXT["going"])
    return summary["sides"][summary["winner"]] if summary["winner"] is not None else _(TEXT["draw"])


def listing(found: list[dict]) -> None:
    """Print the sheets as a table (one row each), or, on a terminal too narrow for it, a line each.  The sides are
    headed by what the games listed seat — «пары», «игроки», or «пары или игроки» above both, a line each then
    naming its own."""
    out = console()
    table = Table(title=_(TEXT["title"]), title_justify="left")
    from bbscore import games

    kinds = [games.registered()[summary["game"]].entrants for summary in found]  # "pairs" or "players"
    sides = kinds[0] if kinds and len(set(kinds)) == 1 else "sides"
    for key in ("file", "date", "game", "sides", "hands", "score", "winner"):
        table.add_column(_(TEXT[sides if key == "sides" else key]), justify="right" if key == "hands" else "left")
    for summary in found:
        game = _(TEXT["game_rules"]).format(game=_(games.registered()[summary["game"]].title), rules=summary["convention"])
        table.add_row(summary["file"], summary["created"] or "—", game, ", ".join(summary["sides"]),
                      str(summary["hands"]),
                      score_text(summary), winner_text(summary))
    print_fitting(out, table, row_headers=[{3: _(TEXT[kind])} for kind in kinds] if sides == "sides" else ())
    out.print(_(TEXT["count"]).format(count=len(found)))


def bad_hands_line(bad: list, path) -> str:
    """The line of ``show`` (and ``pref show``) naming the hands whose inputs cannot be scored (discrepancies of the
    field ``input``, in the order of the hands): one with what is wrong with it, several by their numbers."""
    hands = sorted({d.hand for d in bad})
    if len(hands) == 1:
        return _("! в сдаче {hand} ошибка ({message}): bbscore recompute {file}").format(
            hand=hands[0], message=bad[0].message, file=path)
    return _("! в сдачах {hands} ошибки: bbscore recompute {file}").format(hands=", ".join(map(str, hands)), file=path)
