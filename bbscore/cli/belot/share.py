"""The Belot family's part of the shared commands that share and sum up sheets (:mod:`bbscore.cli.share`): one
protocol's summary for ``list`` and ``stats``, and its export (CSV, Markdown, a printable HTML page, a worksheet)."""

from pathlib import Path

from bbscore.i18n import N_, _

# What people read (Russian msgids: bbscore.i18n translates them where they are shown).
TEXT = {
    "warning": N_("внимание: {warning}"),
    "discrepancies": N_("внимание: в сдачах {hands} записанное расходится с правилами или ввод с ошибкой; в экспорте — "
                        "по правилам (подробно: bbscore recompute {file})"),
}


def _replayed(path: Path, known=None):
    """The protocol, its rules' warning and its replay (``known``: its text, TOML and byte-order mark, when read)."""
    from bbscore.belot import protocol
    from bbscore.belot.game import replay

    sheet = protocol.parse(path, known[0], known[1], bom=known[2]) if known is not None else protocol.read(path)
    rules, warning = protocol.convention_for(sheet)
    return sheet, warning, replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)


def summary(path: Path, known=None) -> dict:
    """One protocol for ``list`` and ``stats`` (see :class:`bbscore.games.Game`): the pairs, the hands, the totals, the
    winner, the date it was begun, and its counts (:func:`bbscore.belot.stats.game_summary`)."""
    from bbscore.sheets import created_text
    from bbscore.belot.stats import game_summary

    sheet, _warning, result = _replayed(path, known)
    counts = game_summary(sheet.header.pairs, result, sheet.header.extra.get("players"))
    return {"created": created_text(sheet.header.extra.get("created")), "convention": sheet.header.convention,
            "sides": list(sheet.header.pairs), "hands": len(result.results), "score": list(result.totals),
            "signed": False, "winner": result.winner, "ended": result.ended, "counts": counts}


def export(path: Path, format: str, shown=None):
    """One protocol to share in ``format`` (``csv``, ``md``, ``html``: text; ``xlsx``: a worksheet's title and rows),
    computed from the hands' inputs as ``show`` has them; and what to say about it (the rules changed, slips).
    ``shown``: applied to each user text of a text format (:func:`bbscore.errors.visible` for a terminal)."""
    from bbscore.belot import export as formats

    sheet, warning, result = _replayed(path)
    if format == "xlsx":
        content = (f"{sheet.header.pairs[0]} — {sheet.header.pairs[1]}", formats.to_rows(sheet, result))
    else:
        writer = {"csv": formats.to_csv, "md": formats.to_markdown, "html": formats.to_html}[format]
        content = writer(sheet, result, **({"shown": shown} if shown is not None else {}))
    notes = [_(TEXT["warning"]).format(warning=warning)] if warning else []
    flagged = sorted({discrepancy.hand for discrepancy in result.discrepancies})
    if flagged:  # the export has the rules' numbers, not the sheet's slips: said, as show says it
        notes.append(_(TEXT["discrepancies"]).format(hands=", ".join(map(str, flagged)), file=path))
    return content, notes
