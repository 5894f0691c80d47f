"""Preferans's part of the shared commands that share and sum up sheets (:mod:`bbscore.cli.share`): one пуля's
summary for ``list`` and ``stats``, and its export (CSV, Markdown, a page, a worksheet)."""

from pathlib import Path

from bbscore.i18n import N_, _, ngettext

TEXT = {
    "warning": N_("внимание: {warning}"),
}


def _checked(path: Path, known=None):
    """The sheet, its rules' warning, its replay and its settlement (None when a hand's inputs are bad: ``pref settle``
    refuses such a пуля)."""
    from bbscore.preferans import protocol
    from bbscore.preferans.settle import settle_sheet

    sheet = protocol.parse(path, known[0], known[1], bom=known[2]) if known is not None else protocol.read(path)
    _loaded, convention, warning = protocol.rules_for(sheet)
    checked = protocol.check(sheet, convention)
    bad = any(d.field == "input" for d in checked.discrepancies)
    return sheet, warning, checked, None if bad else settle_sheet(checked.sheet, convention)


def summary(path: Path, known=None) -> dict:
    """One пуля for ``list`` and ``stats`` (see :class:`bbscore.games.Game`): the players, the hands, each one's
    settlement in whole vists (the score), the winner (the best exact settlement of an ended пуля), the date it was begun,
    and its counts (:func:`bbscore.preferans.stats.pulya_summary`)."""
    from bbscore.preferans.stats import pulya_summary
    from bbscore.sheets import created_text

    sheet, _warning, checked, settlement = _checked(path, known)
    players = sheet.header.players
    settled = None if settlement is None else dict(settlement.shown)
    exact = None if settlement is None else dict(settlement.result)
    counts = pulya_summary(players, checked.hands, checked.entries, checked.sheet.ended, settled, exact)
    return {"created": created_text(sheet.header.extra.get("created")), "convention": sheet.header.convention,
            "sides": list(players), "hands": len(sheet.hands),
            "score": counts["results"] if counts["results"] is not None else [0 for _player in players],
            "signed": True, "winner": counts["winner"], "ended": checked.sheet.ended, "counts": counts}


def export(path: Path, format: str, shown=None):
    """One пуля to share in ``format`` (``csv``, ``md``, ``html``: text; ``xlsx``: a worksheet's title and rows), from
    the hands' inputs as ``pref show`` and ``pref settle`` have them; and what to say about it.  ``shown``: applied to
    each user text of a text format (:func:`bbscore.errors.visible` for a terminal)."""
    from bbscore.preferans import export as formats

    sheet, warning, checked, settlement = _checked(path)
    if format == "xlsx":
        content = (", ".join(sheet.header.players), formats.to_rows(sheet, checked, settlement))
    else:
        writer = {"csv": formats.to_csv, "md": formats.to_markdown, "html": formats.to_html}[format]
        content = writer(sheet, checked, settlement, **({"shown": shown} if shown is not None else {}))
    notes = [_(TEXT["warning"]).format(warning=warning)] if warning else []
    flagged = sorted({d.hand for d in checked.discrepancies})
    if flagged:
        notes.append(ngettext(  # (one hand, or several)
            "внимание: в сдаче {hands} записанное расходится с правилами или ввод с ошибкой; в экспорте — по правилам "
            "(подробно: bbscore recompute {file})",
            "внимание: в сдачах {hands} записанное расходится с правилами или ввод с ошибкой; в экспорте — по правилам "
            "(подробно: bbscore recompute {file})", 1 if len(flagged) == 1 else 2).format(
            hands=", ".join(map(str, flagged)), file=path))
    return content, notes
