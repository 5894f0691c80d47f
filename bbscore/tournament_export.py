"""A tournament's standings and the players' ratings as text to share: Markdown for a chat, CSV and xlsx for a
spreadsheet, a printable HTML page (``bbscore tournament standings --format``, ``bbscore rating --format html``).

Pure text (the xlsx: bytes): takes the data of :mod:`bbscore.tournament` and :mod:`bbscore.rating`, returns it; no
rich, no files.  User text (names) is escaped for each format; in CSV and xlsx a text cell that a spreadsheet would
take for a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading ``'``, and
numbers are numbers (no formula is ever written); the workbook is :mod:`bbscore.xlsx`'s.
"""

from __future__ import annotations

import html
from fractions import Fraction

from bbscore.errors import one_line
from bbscore.i18n import N_, _

# What people read (Russian msgids, translated where shown).
TEXT = {
    "title": N_("Турнир «{name}»"),
    "meta": N_("{game}, {system}, правила {convention}; туров сыграно {played} из {rounds}."),
    "round-robin": N_("круговая система"),
    "swiss": N_("швейцарская система"),
    "place": N_("место"),
    "entrant": N_("участник"),
    "players": N_("игроки"),
    "played": N_("игр"),
    "wins": N_("побед"),
    "draws": N_("ничьих"),
    "losses": N_("поражений"),
    "unfinished": N_("не окончено"),
    "for": N_("очки за"),
    "against": N_("против"),
    "difference": N_("разница"),
    "head_to_head": N_("личные встречи"),
    "buchholz": N_("Бухгольц"),
    "score": N_("очки турнира"),
    "round": N_("тур {number}"),
    "rounds_title": N_("Итоги туров"),
    "row": "№",
    # the short headers of a table (the legend says them in full)
    "short_played": N_("игр"),
    "short_wins": N_("поб."),
    "short_draws": N_("нич."),
    "short_losses": N_("пор."),
    "short_unfinished": N_("не ок."),
    "short_for": N_("за"),
    "short_against": N_("прот."),
    "short_difference": "±",
    "short_head_to_head": N_("личн."),
    "short_buchholz": N_("Бух."),
    "short_score": N_("оч."),
    "short_legend": N_("№ — строка таблицы, игр — окончено игр, поб./нич./пор. — победы, ничьи, поражения, не ок. — не "
                       "окончено (и ещё не сыграно), за/прот. — очки за и против, ± — разница, личн. — очки в личных "
                       "встречах равных по очкам, оч. — очки турнира."),
    "short_legend_swiss": N_("№ — строка таблицы, игр — окончено игр, поб./нич./пор. — победы, ничьи, поражения, не ок. — "
                             "не окончено (и ещё не сыграно), за/прот. — очки за и против, ± — разница, личн. — очки в "
                             "личных встречах равных по очкам, Бух. — Бухгольц (сумма очков соперников), оч. — очки "
                             "турнира."),
    "r": N_("т{number}"),
    "legend": N_("В клетке тура — № строки соперника в таблице и итог: + победа, = ничья, − поражение, … не окончено, "
                 "? лист не читается, — пропуск тура (очко). Очки турнира: победа 1, ничья — очко делится, пропуск 1."),
    "wrong": N_("Листы, в которых записанное расходится с правилами (очки взяты по правилам, из ввода сдач):"),
    "errors": N_("Листы, которые не читаются (игра не засчитана):"),
    "open": N_("Не окончены: {sheets}."),
    "bye": N_("пропуск"),
    "rating_title": N_("Рейтинг игроков"),
    "rating_meta": N_("Игр учтено: {games}, по дате; рейтинг — μ − 3σ (openskill, модель Брэдли — Терри; общее "
                      "место — ничья)."),
    "player": N_("игрок"),
    "rating": N_("рейтинг"),
    "mu": "μ",
    "sigma": "σ",
    "games": N_("игр"),
    "chart": N_("Рейтинг после каждой игры (по оси — номер игры по дате)"),
    "axis_game": N_("игра"),
}
MARKS = {"win": "+", "draw": "=", "loss": "−", "unfinished": "…", "error": "?", "bye": "—"}


def text(key: str) -> str:
    return _(TEXT[key])


def header(key: str) -> str:
    """A column's short header (its full name where it has no short one)."""
    return _(TEXT.get(f"short_{key}", TEXT[key]))


def score_text(value: Fraction) -> str:
    """Tournament points as people write them: ``3``, ``2½``, ``7/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole or ''}½" if whole >= 0 else f"{value}"
    return f"{value.numerator}/{value.denominator}"


def figure(value: int | float, places: int = 2) -> str:
    """A number as people read it: a negative one with the minus sign (``−56``), a decimal with ``places`` digits after
    the decimal comma in Russian (``−2,30``; ``-2.30`` → ``−2.30`` in English)."""
    if isinstance(value, float):
        text = f"{abs(value):.{places}f}".replace(".", _(","))
        return "−" + text if value < 0 and text.strip("0,.") else text
    return f"−{-value}" if value < 0 else str(value)


def cell(value: object) -> str:
    """A standings value shown to people: tournament points as :func:`score_text`, a number by :func:`figure`,
    nothing for None, text as it is."""
    if isinstance(value, Fraction):
        return score_text(value)
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return figure(value)
    return str(value)


def number(value: Fraction | int | None) -> int | float | str:
    """A number for a spreadsheet or JSON: whole as int, a half as a float, any other fraction as ``"a/b"``."""
    if value is None:
        return ""
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    if value.denominator in (2, 4, 5, 8, 10):
        return float(value)
    return f"{value.numerator}/{value.denominator}"


def cell_text(value: str) -> str:
    """A text cell a spreadsheet never takes for a formula (:func:`bbscore.xlsx.neutral`)."""
    from bbscore.xlsx import neutral

    return neutral(value)


def rating_places(players) -> list[int]:
    """The places of rated players in their order (best first): players of one rating share a place (1, 1, 1, 4), as
    the standings' entrants level on every count do."""
    found: list[int] = []
    for index, player in enumerate(players):
        same = index and round(player.rating, 9) == round(players[index - 1].rating, 9)
        found.append(found[-1] if same else index + 1)
    return found


def places(standings) -> dict[str, int]:
    """Each entrant's row in the table (its line, from 1: the ``№`` column), as the round cells name opponents —
    not its place, which entrants level on every count share."""
    return {line.name: index for index, line in enumerate(standings.lines, start=1)}


def legend(standings) -> str:
    """The short headers in full: Buchholz only where its column is shown (the Swiss system)."""
    return text("short_legend_swiss" if standings.system == "swiss" else "short_legend")


def round_cell(game, numbers: dict[str, int]) -> str:
    """One round of an entrant, short: the opponents' numbers and the mark (``3+``; a bye ``—``)."""
    if game.outcome == "bye":
        return MARKS["bye"]
    return ",".join(str(numbers[name]) for name in game.opponents) + MARKS[game.outcome]


def round_detail(game) -> str:
    """One round of an entrant in words for a cell of its own: ``Юг + 301:250`` (a bye: its word)."""
    if game.outcome == "bye":
        return text("bye")
    points = "" if game.outcome == "error" else f" {game.points}:{game.against}"
    return f"{', '.join(game.opponents)} {MARKS[game.outcome]}{points}"


def columns(standings, rows: bool = True) -> list[str]:
    """The standings' columns, in order (keys of :data:`TEXT`); ``rows``: with the row number the round cells refer to
    first (a spreadsheet, whose rounds name the opponents, has its own)."""
    keys = ["row"] * rows + ["place", "entrant", "players", "played", "wins", "draws", "losses", "unfinished", "for", "against",
            "difference", "head_to_head"]
    if standings.system == "swiss":
        keys.append("buchholz")
    return keys + ["score"]


def values(line, people: dict[str, tuple[str, ...]], row: int | None = None) -> dict[str, object]:
    """An entrant's line as plain values, by column (``row``: its row in the table)."""
    return {"row": row, "place": line.place, "entrant": line.name, "players": ", ".join(people.get(line.name, ())),
            "played": line.played, "wins": line.wins, "draws": line.draws, "losses": line.losses,
            "unfinished": line.unfinished, "for": line.points_for, "against": line.points_against,
            "difference": line.difference, "head_to_head": line.head_to_head, "buchholz": line.buchholz,
            "score": line.score}


def _rounds(standings) -> int:
    return max([standings.rounds, *(game.round for line in standings.lines for game in line.games)])


def rows(standings, people: dict[str, tuple[str, ...]]) -> list[list[object]]:
    """The spreadsheet's rows: a header, then one row per entrant (numbers as numbers; each round as text)."""
    keys = columns(standings, rows=False)
    header = [text(key) for key in keys] + [text("round").format(number=n) for n in range(1, _rounds(standings) + 1)]
    found: list[list[object]] = [header]
    for line in standings.lines:
        row = values(line, people)
        cells: list[object] = []
        for key in keys:
            value = row[key]
            cells.append(number(value) if isinstance(value, (Fraction, int)) or value is None else value)
        by_round = {game.round: game for game in line.games}
        cells += [round_detail(by_round[n]) if n in by_round else "" for n in range(1, _rounds(standings) + 1)]
        found.append(cells)
    return found


def to_csv(standings, people) -> str:
    """RFC 4180 CSV (CRLF line ends), text cells never read as formulas."""
    import csv
    import io

    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows(standings, people):
        writer.writerow([cell_text(cell) if isinstance(cell, str) else cell for cell in row])
    return out.getvalue()


def to_xlsx(standings, people, title: str) -> bytes:
    """An xlsx workbook of one sheet: the rows of :func:`rows`, numbers as numbers, no formulas
    (:func:`bbscore.xlsx.workbook`)."""
    from bbscore.xlsx import workbook

    return workbook([(title or "standings", [list(row) for row in rows(standings, people)])])


_MARKDOWN_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\|*_`[]<>#~"})


def md(value: object) -> str:
    """A text in Markdown: one line, a control character named (:func:`bbscore.errors.one_line`), escaped."""
    return one_line(str(value).translate(_MARKDOWN_SPECIAL))


def esc(value: str) -> str:
    """A text in HTML: one line, a control character named (:func:`bbscore.errors.one_line`), escaped."""
    return html.escape(one_line(value))


def to_markdown(standings, people, title: str, meta: str) -> str:
    """The standings as a Markdown table, then each round's results, then the sheets to check."""
    keys = columns(standings)
    numbers = places(standings)
    count = _rounds(standings)
    lines = [f"**{md(title)}**", "", md(meta), ""]
    head = [header(key) for key in keys] + [text("r").format(number=n) for n in range(1, count + 1)]
    lines.append("| " + " | ".join(md(cell) for cell in head) + " |")
    lines.append("|" + "|".join("---:" if key not in ("entrant", "players") else "---" for key in keys) + "|---" * count + "|")
    for line in standings.lines:
        row = values(line, people, numbers[line.name])
        cells = [md(cell(row[key])) for key in keys]
        by_round = {game.round: game for game in line.games}
        cells += [md(round_cell(by_round[n], numbers)) if n in by_round else "" for n in range(1, count + 1)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", md(legend(standings)), "", md(text("legend"))]
    lines += _notes(standings, md)
    return "\n".join(lines) + "\n"


def _notes(standings, escape) -> list[str]:
    notes = []
    if standings.unfinished:
        notes += ["", escape(text("open").format(sheets=", ".join(standings.unfinished)))]
    if standings.wrong:
        notes += ["", escape(text("wrong"))]
        notes += [escape(f"- {sheet}: {'; '.join(slips)}") for sheet, slips in standings.wrong.items()]
    if standings.errors:
        notes += ["", escape(text("errors"))]
        notes += [escape(f"- {reason}") for reason in standings.errors.values()]  # (the reason names the file)
    return notes


_STYLE = """
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 8pt; color: #111; margin: 0 auto;
       max-width: 190mm; }
@media screen { body { padding: 6mm 4mm; } }
h1 { font-size: 13pt; margin: 0 0 1.5mm; }
h2 { font-size: 10pt; margin: 2mm 0 1mm; }
p { margin: 0 0 1.5mm; }
table { border-collapse: collapse; width: 100%; margin: 0 0 2mm; }
th, td { border: 1px solid #666; padding: 0.3mm 0.8mm; line-height: 1.2; }
th { background: #eee; font-size: 6.5pt; font-weight: bold; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.name { font-weight: bold; }
td.people { font-size: 6.5pt; color: #333; }
td.round { text-align: center; font-size: 7pt; white-space: nowrap; line-height: 1.1; }
td.round small { font-size: 5.5pt; color: #444; }
table.rounds th.n { width: 5mm; } table.rounds th.who { width: 22mm; }
td.score { font-weight: bold; text-align: right; }
td.win { background: #e6f2e6; } td.loss { background: #fff; } td.draw { background: #f2f2dc; }
td.unfinished, td.error { background: #fbe3d6; }
.note { font-size: 7pt; }
ul { margin: 0 0 1.5mm 4mm; padding: 0; font-size: 7pt; }
svg { width: 100%; height: auto; display: block; }
svg .grid { stroke: #ddd; stroke-width: 1; }
svg .axis { stroke: #333; stroke-width: 1; }
svg text { font-size: 10px; fill: #333; }
svg polyline { fill: none; stroke-width: 1.6; }
"""


def _page(title: str, body: list[str]) -> str:
    from bbscore.i18n import language

    return "".join([f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n',
                    f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n",
                    *body, "</body>\n</html>\n"])


def to_html(standings, people, title: str, meta: str) -> str:
    """A self-contained page (inline CSS, no script, nothing fetched) that prints on one A4 page for 16 entrants and
    15 rounds: the standings, then each round's result (the opponent's number and the mark, the points under it), the
    legend, the games not finished and the sheets to check."""
    keys = columns(standings)
    numbers = places(standings)
    count = _rounds(standings)
    body = [f"<h1>{esc(title)}</h1>\n", f'<p class="meta">{esc(meta)}</p>\n', '<table class="standings">\n<thead><tr>']
    body += [f"<th>{esc(header(key))}</th>" for key in keys]
    body.append("</tr></thead>\n<tbody>\n")
    kinds = {"row": "num", "place": "num", "entrant": "name", "players": "people", "score": "score"}
    for line in standings.lines:
        row = values(line, people, numbers[line.name])
        body.append(f'<tr data-entrant="{esc(line.name)}">')
        for key in keys:
            value = row[key]
            shown = cell(value)
            body.append(f'<td class="{kinds.get(key, "num")}" data-key="{key}">{esc(shown)}</td>')
        body.append("</tr>\n")
    body.append("</tbody>\n</table>\n")
    body.append(f'<p class="note">{esc(legend(standings))}</p>\n')
    body.append(f'<h2>{esc(text("rounds_title"))}</h2>\n<table class="rounds">\n<thead><tr><th class="n">№</th>'
                f'<th class="who">{esc(header("entrant"))}</th>')
    body += [f"<th>{esc(text('r').format(number=n))}</th>" for n in range(1, count + 1)]
    body.append("</tr></thead>\n<tbody>\n")
    for index, line in enumerate(standings.lines, start=1):
        body.append(f'<tr data-rounds-of="{esc(line.name)}"><td class="num">{index}</td><td class="name">{esc(line.name)}</td>')
        by_round = {game.round: game for game in line.games}
        for n in range(1, count + 1):
            game = by_round.get(n)
            if game is None:
                body.append('<td class="round"></td>')
                continue
            points = "" if game.outcome in ("bye", "error") else f"<br><small>{game.points}:{game.against}</small>"
            body.append(f'<td class="round {game.outcome}" data-round="{n}" title="{esc(round_detail(game))}">'
                        f"{esc(round_cell(game, numbers))}{points}</td>")
        body.append("</tr>\n")
    body.append("</tbody>\n</table>\n")
    body.append(f'<p class="note">{esc(text("legend"))}</p>\n')
    if standings.unfinished:
        body.append(f'<p class="note open">{esc(text("open").format(sheets=", ".join(standings.unfinished)))}</p>\n')
    for key, lines in (("wrong", [f"{sheet}: {'; '.join(slips)}" for sheet, slips in standings.wrong.items()]),
                       ("errors", list(standings.errors.values()))):  # (an error's reason names the file)
        if lines:
            body.append(f'<p class="note {key}">{esc(text(key))}</p>\n<ul class="{key}">\n')
            body += [f"<li>{esc(line)}</li>\n" for line in lines]
            body.append("</ul>\n")
    return _page(title, body)


# --- The rating ---

RATING_COLUMNS = ("place", "player", "rating", "mu", "sigma", "games", "wins", "draws")

_PALETTE = ("#1f5fbf", "#d0621a", "#2e8b3a", "#b0208a", "#7a5a00", "#0f8c8c", "#b00020", "#5b4ab8", "#6b6b6b",
            "#c98a00", "#3b7dd8", "#8c3b3b")


def rating_html(ratings, meta: str) -> str:
    """The rating as a page: the table (place, player, rating, μ, σ, games, wins, draws) and an inline SVG chart of
    each player's rating after each of his games (x: the game's number in date order)."""
    title = text("rating_title")
    body = [f"<h1>{esc(title)}</h1>\n", f'<p class="meta">{esc(meta)}</p>\n', '<table class="rating">\n<thead><tr>']
    body += [f"<th>{esc(text(key))}</th>" for key in RATING_COLUMNS]
    body.append("</tr></thead>\n<tbody>\n")
    for index, (place, player) in enumerate(zip(rating_places(ratings.players), ratings.players)):
        color = _PALETTE[index % len(_PALETTE)]
        body.append(f'<tr data-player="{esc(player.name)}"><td class="num">{place}</td>'
                    f'<td class="name"><span style="color:{color}">■</span> {esc(player.name)}</td>'
                    f'<td class="num">{figure(player.rating)}</td><td class="num">{figure(player.mu)}</td>'
                    f'<td class="num">{figure(player.sigma)}</td><td class="num">{player.games}</td>'
                    f'<td class="num">{player.wins}</td><td class="num">{player.draws}</td></tr>\n')
    body.append("</tbody>\n</table>\n")
    body.append(f"<figure>\n<figcaption class=\"note\">{esc(text('chart'))}</figcaption>\n{rating_svg(ratings)}</figure>\n")
    return _page(title, body)


def rating_svg(ratings, width: int = 700, height: int = 300) -> str:
    """Each player's rating after each of his games as one polyline (``data-player``; each point's rating in a
    ``circle``'s ``data-rating``), over the game number in date order."""
    left, right, top, bottom = 40, 10, 10, 24
    plot_w, plot_h = width - left - right, height - top - bottom
    count = max(1, len(ratings.games))
    values_ = [value for player in ratings.players for _number, value in player.history] or [0.0]
    low, high = min(0.0, min(values_)), max(1.0, max(values_))
    span = high - low

    def x(game: int) -> float:
        return round(left + plot_w * game / count, 2)

    def y(value: float) -> float:
        return round(top + plot_h - plot_h * (value - low) / span, 2)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(text("chart"))}">\n']
    step = max(1, round(span / 6))
    value = int(low // step) * step
    while value <= high:
        if value >= low:
            parts.append(f'<line class="grid" x1="{left}" y1="{y(value)}" x2="{width - right}" y2="{y(value)}"/>'
                         f'<text x="{left - 4}" y="{y(value) + 3}" text-anchor="end">{value}</text>\n')
        value += step
    every = max(1, -(-count // 20))
    for game in range(every, count + 1, every):
        parts.append(f'<text x="{x(game)}" y="{height - bottom + 13}" text-anchor="middle">{game}</text>\n')
    parts.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
                 f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}"/>\n')
    for place, player in enumerate(ratings.players, start=1):
        color = _PALETTE[(place - 1) % len(_PALETTE)]
        points = [(0, 0.0), *player.history]
        line = " ".join(f"{x(game)},{y(value)}" for game, value in points)
        parts.append(f'<polyline stroke="{color}" data-player="{esc(player.name)}" points="{line}"/>\n')
        for game, value in player.history:
            parts.append(f'<circle fill="{color}" cx="{x(game)}" cy="{y(value)}" r="1.8" data-game="{game}" '
                         f'data-rating="{value}"><title>{esc(player.name)}: {value:.2f}</title></circle>\n')
    parts.append(f'<text x="{left - 4}" y="{height - bottom + 13}" text-anchor="end">{esc(text("axis_game"))}</text>\n')
    parts.append("</svg>\n")
    return "".join(parts)
