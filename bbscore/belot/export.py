"""A game's sheet to share: CSV for a spreadsheet, Markdown for a chat, a printable HTML page with a chart, and the
running totals as a sparkline for the terminal (``bbscore export``, ``bbscore show --chart``).

Pure text: takes a read protocol and its replay, returns strings (no rich, no files).  User text (pair names,
notes) is escaped for each format: the ``csv`` module's quoting, ``html.escape``, a backslash before Markdown's
special characters (``|`` above all); and in each a cell of user text that a spreadsheet would take for a formula
(starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) starts with ``'`` (:func:`spreadsheet_safe`, as
OWASP's guidance on CSV injection has it) — numbers stay numbers.  In Markdown and HTML, to a file too, a text is
one line (:func:`bbscore.errors.one_line`: a line break or a tab a space, a carriage return, U+2028 or ESC named as
``<U+000D>``, as the terminal names it).  ``shown`` (every writer's keyword) is applied to
each user text (in CSV) or to the escaped text (in Markdown and HTML, whose own line breaks are the only ones):
:func:`bbscore.errors.visible` for a terminal, so that no control character of a name or a note — a line break, a
bare carriage return, ESC, a bidi control — reaches it raw.  Every text a person reads is in :data:`TEXT`.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from bbscore.belot.game import REDEALS
from bbscore.errors import one_line
from bbscore.i18n import N_, _
from bbscore.belot.working import sheet_marks
from bbscore.seats import MAX_NOTE
from bbscore.xlsx import neutral as spreadsheet_safe  # (a cell never a formula; openpyxl is not imported)

# What people read (Russian msgids, translated where shown: text()).
TEXT = {
    "n": "№",
    "declarers": N_("разыгрывающие"),
    "contract": N_("контракт"),
    "made": N_("выполнен"),
    "points": N_("очки"),
    "total": N_("итог"),
    "note": N_("примечание"),
    "yes": N_("да"),
    "no": N_("нет"),
    "error": N_("ошибка"),
    "redeal": N_("пересдача ({kind})"),
    "title": N_("Протокол: «{first}» — «{second}»"),
    "meta": N_("Правила {convention}, игра до {target}; сдач: {hands}."),
    "won": N_("Победили «{pair}» ({first} : {second}), партия окончена на сдаче {hand}."),
    "draw": N_("Ничья ({first} : {second}), партия окончена на сдаче {hand}."),
    "going": N_("Партия продолжается: {first} : {second}."),
    "chart": N_("Итоги по сдачам и цель {target}"),
    "axis_hand": N_("сдача"),
    "target": N_("цель {target}"),
    "point": N_("«{pair}», сдача {hand}: {total}"),
    "chart_head": N_("Итоги по сдачам (█ = {target})"),
    "created": N_("Начата {created}."),
}


def text(key: str) -> str:
    """A text of :data:`TEXT` in the language in use."""
    return _(TEXT[key])

SPARKS = "▁▂▃▄▅▆▇█"
CHART_WIDTH = 40


class Row(NamedTuple):
    """One hand of the sheet, as every format shows it."""

    n: int
    by: int | None  # the declarers' pair index; None for a redeal or a hand with bad inputs
    contract: str
    made: bool | None
    score: tuple[int, int]
    marks: tuple[str, str]  # the points as the paper has them: «БТ» for the pair left with nothing
    total: tuple[int, int]
    note: str


def rows(replay) -> list[Row]:
    """The sheet's rows: computed scores and totals (as ``bbscore show`` has them)."""
    found = []
    for result in replay.results:
        note = result.entry.fields.get("note")
        note = note if isinstance(note, str) else ""
        if len(note) > MAX_NOTE:  # (a slip of its hand: cut, as the sheet shows it)
            note = note[:MAX_NOTE] + "…"
        if result.error is not None:
            contract, made, shown = text("error"), None, ("—", "—")
        elif result.redeal is not None:
            contract, made, shown = text("redeal").format(kind=_(REDEALS[result.redeal])), None, ("0", "0")
        else:
            contract, made = result.breakdown.contract.shown(), result.breakdown.made
            shown = sheet_marks(result)  # (the points of ties held over it received: RULES.md §12)
        found.append(Row(n=result.entry.number, by=result.by, contract=contract, made=made, score=result.score,
                         marks=shown, total=result.total, note=note))
    return found


def _same(text: str) -> str:
    return text


def _shown_rows(replay, shown) -> list[Row]:
    return [row._replace(note=shown(row.note)) for row in rows(replay)]


def _made_text(made: bool | None) -> str:
    return "" if made is None else text("yes") if made else text("no")


def _end_text(pairs: tuple[str, str], replay) -> str:
    first, second = replay.totals
    if not replay.ended:
        return text("going").format(first=first, second=second)
    if replay.winner is None:
        return text("draw").format(first=first, second=second, hand=replay.ended_at)
    return text("won").format(pair=pairs[replay.winner], first=first, second=second, hand=replay.ended_at)


# --- CSV ---


def to_csv(sheet, replay, *, shown=_same) -> str:
    """RFC 4180 CSV (CRLF line ends, quoted where needed), a header row, one row per hand; the points and totals are
    numbers, a cell of user text never a formula (:func:`spreadsheet_safe`)."""
    import csv
    import io

    pairs = tuple(shown(name) for name in sheet.header.pairs)
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    safe = spreadsheet_safe
    writer.writerow([text("n"), text("declarers"), text("contract"), text("made"),
                     safe(f"{pairs[0]}: {text('points')}"), safe(f"{pairs[1]}: {text('points')}"),
                     safe(f"{pairs[0]}: {text('total')}"), safe(f"{pairs[1]}: {text('total')}"), text("note")])
    for row in _shown_rows(replay, shown):
        writer.writerow([row.n, "" if row.by is None else safe(pairs[row.by]), row.contract, _made_text(row.made),
                         row.score[0], row.score[1], row.total[0], row.total[1], safe(row.note)])
    return out.getvalue()


# --- Markdown ---

_MARKDOWN_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\|*_`[]<>#~"})


def markdown_cell(text: str) -> str:
    """User text in a Markdown table cell: one line, a control character named (:func:`bbscore.errors.one_line`),
    special characters escaped (``|`` would end the cell), never a formula when pasted into a spreadsheet
    (:func:`spreadsheet_safe`)."""
    return spreadsheet_safe(one_line(text.translate(_MARKDOWN_SPECIAL)))


def to_markdown(sheet, replay, *, shown=_same) -> str:
    """A Markdown table for a chat: the paper protocol's columns, then the result."""
    pairs = sheet.header.pairs
    names = [markdown_cell(name) for name in pairs]
    lines = [f"**{markdown_cell(text('title').format(first=pairs[0], second=pairs[1]))}**", "",
             markdown_cell(meta_text(sheet, replay)), ""]
    head = [text("n")]
    for name in names:
        head += [f"{name}: {text('contract')}", text("points"), text("total")]
    head.append(text("note"))
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "|".join(["---:"] + ["---", "---:", "---:"] * 2 + ["---"]) + "|")
    for row in rows(replay):
        cells = [str(row.n)]
        for index in (0, 1):
            cells += [markdown_cell(row.contract) if _declares(row, index) else "", row.marks[index], str(row.total[index])]
        cells.append(markdown_cell(row.note))
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", markdown_cell(_end_text(pairs, replay))]
    return "\n".join(shown(line) for line in lines) + "\n"  # (each line one line: markdown_cell joins a cell's)


def _declares(row: Row, index: int) -> bool:
    """Whether the contract cell of pair ``index`` holds this row's contract (a redeal or error: the first pair's)."""
    return row.by == index or (row.by is None and index == 0)


# --- HTML ---

_COLORS = ("pair0", "pair1")


def to_html(sheet, replay, *, shown=_same) -> str:
    """A self-contained page (inline CSS and SVG, nothing fetched: :func:`bbscore.pages.page`) that reads on a phone and
    prints on one A4 page for a game of 25 hands (a longer one on several, the header row on each): the sheet as the
    paper protocol, the date it was begun, the result, and the running totals toward the target as a chart; a table
    cell of user text is never a formula when the table is pasted into a spreadsheet (:func:`spreadsheet_safe`)."""
    from bbscore.i18n import language
    from bbscore.pages import page

    def esc(text: str) -> str:
        return shown(html.escape(one_line(text)))

    pairs = sheet.header.pairs
    title = text("title").format(first=pairs[0], second=pairs[1])
    parts = [f"<h1>{esc(title)}</h1>\n",
             f'<p class="meta">{esc(meta_text(sheet, replay))}</p>\n',
             f'<p class="winner">{esc(_end_text(pairs, replay))}</p>\n',
             '<div class="scroll">\n<table class="sheet">\n<thead>\n<tr><th rowspan="2">', esc(text("n")), "</th>"]
    for name in pairs:
        parts.append(f'<th colspan="3">{esc(spreadsheet_safe(name))}</th>')
    parts.append(f'<th rowspan="2" class="note">{esc(text("note"))}</th></tr>\n<tr>')
    parts.append(f"<th>{esc(text('contract'))}</th><th>{esc(text('points'))}</th><th>{esc(text('total'))}</th>" * 2)
    parts.append("</tr>\n</thead>\n<tbody>\n")
    for row in rows(replay):
        kind = ' class="error"' if row.made is None and row.contract == text("error") else \
            ' class="redeal"' if row.by is None else ""
        parts.append(f"<tr{kind}><td class=\"num\">{row.n}</td>")
        words = ' class="words"' if row.by is None else ""  # a redeal's reason: words, which may wrap
        for index in (0, 1):
            contract = esc(row.contract) if _declares(row, index) else ""
            parts.append(f'<td{words}>{contract}</td><td class="num">{esc(row.marks[index])}</td>'
                         f'<td class="num total">{row.total[index]}</td>')
        parts.append(f'<td class="note">{esc(spreadsheet_safe(row.note))}</td></tr>\n')
        if row.note:  # (a phone: the note on a row of its own, the whole width)
            parts.append(f'<tr class="noted"><td colspan="7">{esc(spreadsheet_safe(row.note))}</td></tr>\n')
    parts.append("</tbody>\n</table>\n</div>\n")
    parts.append(f"<figure>\n<figcaption>{esc(text('chart').format(target=sheet.header.target))}</figcaption>\n")
    parts.append(chart_svg(pairs, replay, sheet.header.target, shown=shown))
    parts.append("</figure>\n")
    return page(shown(one_line(title)), language(), "".join(parts))


def meta_text(sheet, replay) -> str:
    """The rules, the target, the hands, and the date the game was begun (``[game] created``) when the file has it."""
    line = text("meta").format(convention=sheet.header.convention, target=sheet.header.target, hands=len(replay.results))
    from bbscore.sheets import created_text

    created = created_text(sheet.header.extra.get("created"))
    return f"{line} {text('created').format(created=created)}" if created else line


# --- a worksheet (bbscore.xlsx) ---


def to_rows(sheet, replay) -> list[list]:
    """The sheet as the rows of a worksheet (:func:`bbscore.xlsx.workbook`): the CSV's header and one row per hand
    (points and totals as numbers), then an empty row and the result with the date."""
    pairs = sheet.header.pairs
    found: list[list] = [[text("n"), text("declarers"), text("contract"), text("made"),
                          f"{pairs[0]}: {text('points')}", f"{pairs[1]}: {text('points')}",
                          f"{pairs[0]}: {text('total')}", f"{pairs[1]}: {text('total')}", text("note")]]
    for row in rows(replay):
        found.append([row.n, None if row.by is None else pairs[row.by], row.contract, _made_text(row.made) or None,
                      row.score[0], row.score[1], row.total[0], row.total[1], row.note or None])
    found += [[], [_end_text(pairs, replay)], [meta_text(sheet, replay)]]
    return found


def chart_svg(pairs: tuple[str, str], replay, target: int, width: int = 700, height: int = 230, *, shown=_same) -> str:
    """The running totals of both pairs as an inline SVG: one point per hand for each pair (a polyline and a dot
    with its total in ``data-total``), ending at the final totals; the target as a dashed line."""
    def esc(text: str) -> str:
        return shown(html.escape(one_line(text)))

    left, right, top, bottom = 44, 12, 18, 26
    plot_w, plot_h = width - left - right, height - top - bottom
    totals = [result.total for result in replay.results]
    highest = max([target, *(max(total) for total in totals)])
    step = _grid_step(highest)
    top_value = -(-highest // step) * step
    count = max(1, len(totals))

    def x(hand: int) -> float:
        return round(left + plot_w * hand / count, 2)

    def y(value: int) -> float:
        return round(top + plot_h - plot_h * value / top_value, 2)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(text("chart").format(target=target))}" data-scale="{top_value}">\n']
    for value in range(0, top_value + 1, step):
        parts.append(f'<line class="grid" x1="{left}" y1="{y(value)}" x2="{width - right}" y2="{y(value)}"/>'
                     f'<text x="{left - 4}" y="{y(value) + 4}" text-anchor="end">{value}</text>\n')
    every = max(1, -(-count // 25))
    for hand in range(every, count + 1, every):
        parts.append(f'<text x="{x(hand)}" y="{height - bottom + 14}" text-anchor="middle">{hand}</text>\n')
    parts.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
                 f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}"/>\n')
    parts.append(f'<line class="target" x1="{left}" y1="{y(target)}" x2="{width - right}" y2="{y(target)}" '
                 f'data-target="{target}"/><text x="{width - right}" y="{y(target) - 4}" text-anchor="end">'
                 f'{esc(text("target").format(target=target))}</text>\n')
    for index, name in enumerate(pairs):
        points = " ".join(f"{x(hand)},{y(total[index])}" for hand, total in enumerate(totals, start=1))
        parts.append(f'<polyline class="{_COLORS[index]}" data-pair="{esc(name)}" points="{points}"/>\n')
        for hand, total in enumerate(totals, start=1):
            label = esc(text("point").format(pair=name, hand=hand, total=total[index]))
            parts.append(f'<circle class="{_COLORS[index]}" data-pair="{index}" data-hand="{hand}" '
                         f'data-total="{total[index]}" cx="{x(hand)}" cy="{y(total[index])}" r="2.5">'
                         f'<title>{label}</title></circle>\n')
        legend_x = left + 10 + index * 200
        parts.append(f'<line class="{_COLORS[index]}" x1="{legend_x}" y1="{top - 8}" x2="{legend_x + 18}" '
                     f'y2="{top - 8}" stroke-width="3"/><text x="{legend_x + 22}" y="{top - 4}">{esc(name)}</text>\n')
    parts.append(f'<text x="{left - 4}" y="{height - bottom + 14}" text-anchor="end">{esc(text("axis_hand"))}</text>\n')
    parts.append("</svg>\n")
    return "".join(parts)


def _grid_step(highest: int) -> int:
    """A round step for about 3–8 grid lines up to ``highest``."""
    step = 1
    while highest / step > 8:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if highest / step <= 8:
                break
    return step


# --- the terminal ---


def sparklines(pairs: tuple[str, str], replay, target: int, width: int = CHART_WIDTH) -> list[str]:
    """The running totals as one sparkline per pair, scaled to the target (a full block is the target or more),
    at most ``width`` columns: a heading, then «name sparkline total/target» per pair.  More hands than fit are
    sampled evenly, the last hand always kept."""
    totals = [result.total for result in replay.results]
    ends = [f"{total}/{target}" for total in replay.totals]
    name_width = min(10, max(len(name) for name in pairs))
    room = max(4, width - name_width - 2 - max(len(end) for end in ends))
    if len(totals) > room:
        totals = [totals[-1 - round((room - 1 - i) * (len(totals) - 1) / (room - 1))] for i in range(room)]
    lines = [text("chart_head").format(target=target)[:width]]
    for index, name in enumerate(pairs):
        line = "".join(_spark(total[index], target) for total in totals)
        if len(name) <= name_width:
            lines.append(f"{name:<{name_width}} {line} {ends[index]}")
        else:  # a long name is never cut: it has a line of its own above its sparkline
            lines += [name, f"{'':<{name_width}} {line} {ends[index]}"]
    return lines


def _spark(value: int, target: int) -> str:
    """A full block only for the target reached; below it, seven steps (▁ … ▇) of the way there."""
    if value <= 0:
        return " "
    if value >= target:
        return SPARKS[-1]
    return SPARKS[value * (len(SPARKS) - 1) // target]

