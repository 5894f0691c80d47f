"""A пуля to share (``bbscore export``): CSV for a spreadsheet, Markdown for a chat, a page for a phone or to print,
the rows of a worksheet (:mod:`bbscore.xlsx`).

Pure text from a read sheet, its replay (:class:`~bbscore.preferans.protocol.Checked`: the numbers the rules give,
as ``pref show`` has them) and its settlement (:class:`~bbscore.preferans.settle.Settlement`, as ``pref settle`` has
it).  Each shows the hands (the game, who played it, what each player wrote: пуля, гора and the vists he wrote on the
others), the standing (each player's пуля, гора and vists on each other one) and the settlement (each one's result in
whole vists, and who pays whom).  User text (names, notes) is escaped for each format, and no cell of it is a
formula in a spreadsheet (a leading ``'``: :func:`bbscore.xlsx.neutral`, in CSV, Markdown and HTML alike).  ``shown``
(every writer's keyword) is applied to each user text (CSV) or each escaped line or text (Markdown, HTML):
:func:`bbscore.errors.visible` for a terminal, so that no control character of a name or a note reaches it raw.  In
Markdown and HTML, to a file too, a text is one line (:func:`bbscore.errors.one_line`: a line break a space, a carriage
return, U+2028 or ESC named as ``<U+000D>``).
"""

from __future__ import annotations

import html
from fractions import Fraction

from bbscore.errors import one_line
from bbscore.i18n import N_, _, ngettext
from bbscore.preferans.working import number, vists_word
from bbscore.xlsx import neutral  # (openpyxl is imported only when a workbook is written)

# What people read (Russian msgids, translated where shown: text()).
TEXT = {
    "n": "№",
    "game": N_("игра"),
    "by": N_("играл"),
    "pulya": N_("пуля"),
    "gora": N_("гора"),
    "vists": N_("висты"),
    "vists_on": N_("висты → {player}"),
    "note": N_("примечание"),
    "written": N_("записано"),
    "written_pulya": N_("пуля: {entries}"),
    "written_gora": N_("гора: {entries}"),
    "written_vists": N_("висты: {entries}"),
    "vists_pair": N_("{player} → {other}: {vists}"),
    "closing": N_("сверх пули"),
    "nothing": N_("ничего"),
    "player": N_("игрок"),
    "result": N_("итог, вистов"),
    "payer": N_("платит"),
    "payee": N_("кому"),
    "amount": N_("вистов"),
    "error": N_("ошибка"),
    "title": N_("Пуля: {players}"),
    "meta": N_("Правила {convention}, пуля до {target}; сдач: {hands}."),
    "created": N_("Начата {created}."),
    "ended": N_("Пуля закрыта: подсчёт."),
    "going": N_("Пуля не закрыта: подсчёт на сейчас."),
    "ended_unsettled": N_("Пуля закрыта."),
    "going_unsettled": N_("Пуля не закрыта."),
    "hands": N_("Сдачи"),
    "standing": N_("Пуля, гора и висты"),
    "settlement": N_("Подсчёт: кто кому платит"),
    "nobody": N_("Платить никому не нужно."),
}


def _same(text: str) -> str:
    return text


def text(key: str) -> str:
    """A text of :data:`TEXT` in the language in use."""
    return _(TEXT[key])


def _value(value: Fraction | int) -> int | float | str:
    """A number for a worksheet: whole as an int, a tenth-exact value as a float, else its text (``1/3``)."""
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    if (value * 10).denominator == 1:
        return float(value)
    return number(value)


def _closing_of(checked) -> dict[int, list]:
    """The steps of a closed пуля's overflow (``PulyaSheet.closing``) by the position of their hand in the sheet (from
    0): the replay numbers only the hands it could read."""
    readable = [index for index, entries in enumerate(checked.entries) if entries is not None]
    found: dict[int, list] = {}
    for hand, step in checked.sheet.closing:
        found.setdefault(readable[hand - 1], []).append(step)
    return found


def _closing_row(number: int, steps: list, players) -> dict:
    """What a closed пуля's overflow wrote after hand ``number``, as a row of its own (so that the rows add up to the
    standing): the points beyond the пуля taken out of it, put in another's open пуля with the vists for them, or
    written off one's own гора; the words of ``pref show`` in its note."""
    from bbscore.preferans.pulya import Helped, OffGora, PulyaClosed
    from bbscore.preferans.working import step_line

    pulya: dict[str, int] = {}
    gora: dict[str, int] = {}
    pairs: dict[tuple[str, str], Fraction] = {}
    for step in steps:
        if isinstance(step, PulyaClosed):
            pulya[step.player] = pulya.get(step.player, 0) - step.excess
        elif isinstance(step, Helped):
            pulya[step.on] = pulya.get(step.on, 0) + step.points
            pairs[(step.player, step.on)] = pairs.get((step.player, step.on), Fraction(0)) + step.vists
        elif isinstance(step, OffGora):
            gora[step.player] = gora.get(step.player, 0) - step.points
    written: dict[str, Fraction] = {}
    for (giver, _on), vists in pairs.items():
        written[giver] = written.get(giver, Fraction(0)) + vists
    row = {"n": number, "note": " ".join(step_line(step) for step in steps), "game": text("closing"), "by": "",
           "pulya": {p: n for p, n in pulya.items() if n}, "gora": {p: n for p, n in gora.items() if n},
           "vists": {p: n for p, n in written.items() if n}, "pairs": {pair: n for pair, n in pairs.items() if n},
           "closing": True}
    row["cells"] = [(row["pulya"].get(p), row["gora"].get(p), row["vists"].get(p)) for p in players]
    return row


def _hand_rows(protocol, checked) -> list[dict]:
    """Each hand: its number, game, declarer, note, and per player what he wrote (пуля, гора, vists on others); after
    a hand that closed a пуля beyond its target, a row of what the overflow wrote (:func:`_closing_row`)."""
    players = protocol.header.players
    closing = _closing_of(checked)
    found = []
    for index, (record, hand, entries) in enumerate(zip(protocol.hands, checked.hands, checked.entries)):
        note = record.fields.get("note")
        row = {"n": record.number, "note": note if isinstance(note, str) else "", "game": text("error"), "by": "",
               "pulya": {}, "gora": {}, "vists": {}, "pairs": {}}
        if hand is not None and entries is not None:
            row.update(game=hand.contract.shown(), by=hand.declarer or "", pulya=dict(entries.pulya),
                       gora=dict(entries.gora))
            written: dict[str, Fraction] = {}
            for giver, _on, vists in entries.vists:
                written[giver] = written.get(giver, Fraction(0)) + vists
            row["vists"] = {player: n for player, n in written.items() if n}
            pairs: dict[tuple[str, str], Fraction] = {}
            for giver, on, vists in entries.vists:
                pairs[(giver, on)] = pairs.get((giver, on), Fraction(0)) + vists
            row["pairs"] = {pair: n for pair, n in pairs.items() if n}
        row["cells"] = [(row["pulya"].get(p), row["gora"].get(p), row["vists"].get(p)) for p in players]
        found.append(row)
        if index in closing:
            found.append(_closing_row(record.number, closing[index], players))
    return found


def written_text(row: dict, vists) -> str:
    """What a hand wrote, in words, for a page or a chat: ``пуля: Аня +2; висты: Боря → Аня: 8`` (names never
    declined: after an arrow or a colon)."""
    from bbscore.preferans.working import signed

    parts = []
    if row["pulya"]:
        parts.append(text("written_pulya").format(entries=", ".join(f"{p} {signed(n)}" for p, n in row["pulya"].items() if n)))
    if row["gora"]:
        parts.append(text("written_gora").format(entries=", ".join(f"{p} {signed(n)}" for p, n in row["gora"].items() if n)))
    if vists:
        parts.append(text("written_vists").format(entries=", ".join(
            text("vists_pair").format(player=a, other=b, vists=number(n)) for (a, b), n in vists.items())))
    return "; ".join(parts) or (text("nothing") if row["game"] != text("error") else "")


def meta_text(protocol, checked) -> str:
    """The rules, the target, the hands, and the date the пуля was begun (``[game] created``) when the file has it."""
    from bbscore.sheets import created_text

    line = text("meta").format(convention=protocol.header.convention, target=checked.sheet.target,
                               hands=len(protocol.hands))
    created = created_text(protocol.header.extra.get("created"))
    return f"{line} {text('created').format(created=created)}" if created else line


def _title(protocol) -> str:
    return text("title").format(players=", ".join(protocol.header.players))


def _standing_rows(checked, settlement, cell=None) -> list[list]:
    """Per player: пуля, гора, the vists on each other player (each number through ``cell``: as a worksheet holds it
    by default), and the settlement (whole vists; None unsettled)."""
    cell = cell or _value
    s = checked.sheet
    return [[player, s.pulya[player], cell(s.gora[player]),
             *(None if other == player else cell(s.vists[(player, other)]) for other in s.players),
             None if settlement is None else settlement.shown[player]] for player in s.players]


def _end_text(checked, settlement=True) -> str:
    """Whether the пуля is closed, and (when it has one) that the settlement is final or for now."""
    if settlement is None:
        return text("ended_unsettled") if checked.sheet.ended else text("going_unsettled")
    return text("ended") if checked.sheet.ended else text("going")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _standing_head(checked) -> list[str]:
    return [text("player"), text("pulya"), text("gora"),
            *(text("vists_on").format(player=other) for other in checked.sheet.players), text("result")]


def _hands_head(protocol) -> list[str]:
    head = [text("n"), text("game"), text("by")]
    for player in protocol.header.players:
        head += [f"{player}: {text('pulya')}", f"{player}: {text('gora')}", f"{player}: {text('vists')}"]
    return head + [text("note")]


def _payments(settlement) -> list[tuple[str, str, int]]:
    return [] if settlement is None else [(p.payer, p.payee, p.vists) for p in settlement.payments]


def _unsettled(protocol, checked) -> str:
    bad = sorted({d.hand for d in checked.discrepancies if d.field == "input"})
    return ngettext("Подсчёта нет: в сдаче {hands} ошибка ввода (bbscore recompute {file}).",  # (one hand, or several)
                    "Подсчёта нет: в сдачах {hands} ошибка ввода (bbscore recompute {file}).",
                    1 if len(bad) == 1 else 2).format(hands=", ".join(map(str, bad)), file=protocol.path)


# --- a worksheet and CSV: the same rows ---


def to_rows(protocol, checked, settlement) -> list[list]:
    """The пуля as the rows of a worksheet: the hands (numbers as numbers), then the standing with the settlement,
    then who pays whom, each block after an empty row, and the state and the date."""
    found: list[list] = [_hands_head(protocol)]
    for row in _hand_rows(protocol, checked):
        cells: list = [row["n"], row["game"], row["by"] or None]
        for pulya, gora, vists in row["cells"]:
            cells += [pulya, None if gora is None else _value(gora), None if vists is None else _value(vists)]
        found.append(cells + [row["note"] or None])
    found += [[], _standing_head(checked), *_standing_rows(checked, settlement), []]
    if settlement is None:
        found.append([_unsettled(protocol, checked)])
    else:
        found.append([text("payer"), text("payee"), text("amount")])
        found += [list(payment) for payment in _payments(settlement)] or [[text("nobody")]]
    found += [[], [_end_text(checked, settlement)], [meta_text(protocol, checked)]]
    return found


def to_csv(protocol, checked, settlement, *, shown=_same) -> str:
    """RFC 4180 CSV (CRLF line ends): the rows of :func:`to_rows`, a text cell that would start a formula with a
    leading ``'`` (:func:`bbscore.xlsx.neutral`)."""
    import csv
    import io

    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in to_rows(protocol, checked, settlement):
        writer.writerow(["" if cell is None else shown(neutral(cell)) if isinstance(cell, str) else cell for cell in row])
    return out.getvalue()


# --- Markdown ---

_MARKDOWN_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\|*_`[]<>#~"})


def _md(value) -> str:
    """A cell: user text escaped (``|`` would end the cell), one line; a number as written."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return str(value)
    return one_line(value.translate(_MARKDOWN_SPECIAL))


def _md_table(head: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(_md(cell) for cell in head) + " |", "|" + "|".join("-" * 3 for _cell in head) + "|"]
    return lines + ["| " + " | ".join(_md(cell) for cell in row) + " |" for row in rows]


def to_markdown(protocol, checked, settlement, *, shown=_same) -> str:
    """Markdown for a chat: the title, the rules and date, the hands, the standing with the settlement, who pays
    whom."""
    hands = [[row["n"], row["game"], neutral(row["by"]), written_text(row, row["pairs"]), neutral(row["note"])]
             for row in _hand_rows(protocol, checked)]
    lines = [f"**{_md(_title(protocol))}**", "", _md(meta_text(protocol, checked)), "", f"**{_md(text('hands'))}**", ""]
    lines += _md_table([text("n"), text("game"), text("by"), text("written"), text("note")], hands)
    lines += ["", f"**{_md(text('standing'))}**", ""]
    lines += _md_table(_standing_head(checked), [[neutral(row[0]), *row[1:-1], None if row[-1] is None else _signed(row[-1])]
                                                 for row in _standing_rows(checked, settlement, number)])
    lines += ["", f"**{_md(text('settlement'))}**", ""]
    if settlement is None:
        lines.append(_md(_unsettled(protocol, checked)))
    else:
        lines += [f"- {_md(payer)} → {_md(payee)}: {_md(vists_word(vists))}" for payer, payee, vists in
                  _payments(settlement)] or [_md(text("nobody"))]
    lines += ["", _md(_end_text(checked, settlement))]
    return "\n".join(shown(line) for line in lines) + "\n"  # (each line one line: _md joins a cell's)


# --- HTML ---


def to_html(protocol, checked, settlement, *, shown=_same) -> str:
    """A self-contained page (:func:`bbscore.pages.page`: for a phone and to print, the header row on each page): the
    hands, each player's пуля, гора and vists, the settlement and who pays whom."""
    from bbscore.i18n import language
    from bbscore.pages import page

    def esc(text: str) -> str:
        return shown(html.escape(one_line(text)))

    title = _title(protocol)
    parts = [f"<h1>{esc(title)}</h1>\n", f'<p class="meta">{esc(meta_text(protocol, checked))}</p>\n',
             f'<p class="winner">{esc(_end_text(checked, settlement))}</p>\n', f"<h2>{esc(text('hands'))}</h2>\n",
             '<div class="scroll">\n<table class="sheet hands">\n<thead>\n<tr>',
             "".join(f"<th>{esc(text(key))}</th>" for key in ("n", "game", "by", "written")),
             f'<th class="note">{esc(text("note"))}</th></tr>\n</thead>\n<tbody>\n']
    for row in _hand_rows(protocol, checked):
        kind = ' class="error"' if row["game"] == text("error") else ""
        parts.append(f'<tr{kind}><td class="num">{row["n"]}</td><td>{esc(row["game"])}</td>'
                     f'<td class="words">{esc(neutral(row["by"]))}</td><td class="words">{esc(written_text(row, row["pairs"]))}</td>'
                     f'<td class="note">{esc(neutral(row["note"]))}</td></tr>\n')
        if row["note"]:  # (a phone: the note on a row of its own)
            parts.append(f'<tr class="noted"><td colspan="4">{esc(neutral(row["note"]))}</td></tr>\n')
    parts.append("</tbody>\n</table>\n</div>\n")
    parts.append(f"<h2>{esc(text('standing'))}</h2>\n<div class=\"scroll\">\n<table class=\"sheet standing\">\n<thead>\n<tr>")
    parts += [f"<th>{esc(head)}</th>" for head in _standing_head(checked)]
    parts.append("</tr>\n</thead>\n<tbody>\n")
    for name, *values, result in _standing_rows(checked, settlement, number):
        cells = "".join(f'<td class="num">{"" if value is None else esc(str(value))}</td>' for value in values)
        figure = "" if result is None else _signed(result)
        parts.append(f'<tr><td>{esc(neutral(name))}</td>{cells}<td class="num total">{esc(figure)}</td></tr>\n')
    parts.append("</tbody>\n</table>\n</div>\n")
    parts.append(f"<h2>{esc(text('settlement'))}</h2>\n")
    if settlement is None:
        parts.append(f"<p>{esc(_unsettled(protocol, checked))}</p>\n")
    elif not settlement.payments:
        parts.append(f"<p>{esc(text('nobody'))}</p>\n")
    else:
        parts.append('<ul class="payments">\n')
        parts += [f"<li>{esc(payer)} → {esc(payee)}: {esc(vists_word(vists))}</li>\n"
                  for payer, payee, vists in _payments(settlement)]
        parts.append("</ul>\n")
    return page(shown(one_line(title)), language(), "".join(parts))
