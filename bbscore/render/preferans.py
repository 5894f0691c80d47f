"""Rendering of preferans results for people, with rich: one hand, the sheet (пуля, гора, висты), the settlement.

Imported only by commands that print for a person (rich is not loaded for ``--json``).
"""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console
from rich.table import Table

from bbscore.i18n import _
from bbscore.render.layout import console, print_fitting, styled
from bbscore.preferans.working import (
    hand_lines,
    money_text,
    number,
    pairwise_lines,
    payment_lines,
    settlement_lines,
    signed,
    step_line,
)


def _entries_lines(entries) -> list[str]:
    from bbscore.preferans.inputs import vists_by_pair

    lines = []
    if entries.pulya:
        lines.append(_("В пулю: {entries}").format(entries=", ".join(f"{p} {signed(n)}" for p, n in entries.pulya.items())))
    if entries.gora:
        lines.append(_("В гору: {entries}").format(entries=", ".join(f"{p} {signed(n)}" for p, n in entries.gora.items())))
    pairs = vists_by_pair(entries)
    if pairs:
        lines.append(_("Висты: {entries}").format(entries=", ".join(
            _("{player} на {other} {vists}").format(player=a, other=b, vists=number(n)) for (a, b), n in pairs.items())))
    if not lines:
        lines.append(_("Ничего не пишется."))
    return lines


def hand_result(title: str, entries, out: Console | None = None) -> None:
    """A hand: what it writes, then the working step by step."""
    out = out or console()
    out.print(styled(title, "bold"))
    for line in _entries_lines(entries):
        out.print(line)
    out.print(_("Расчёт:"))
    for index, line in enumerate(hand_lines(entries), start=1):
        out.print(f"  {index}. {line}")


def added(appended, path) -> None:
    """What ``pref add`` wrote, then the state of the пуля."""
    out = console()
    if appended.warning:
        out.print(styled(_("внимание: {warning}").format(warning=appended.warning), "yellow"))
    hand = appended.hand
    who = _(", играет {player}").format(player=hand.declarer) if hand.declarer else ""
    dealer = _("; сдавал {player} (на прикупе)").format(player=hand.dealer) if hand.dealer else ""
    hand_result(_("{file}: сдача {hand} — {contract}{who}{dealer}").format(
        file=path, hand=appended.number, contract=hand.contract, who=who, dealer=dealer), appended.entries, out)
    closing = [step for n, step in appended.after.sheet.closing if n == len(appended.after.entries)]
    for step in closing:
        out.print(step_line(step))
    _status(appended.after.sheet, out, appended.number, path, appended.protocol.header.extra.get("dealer"))


def _status(sheet, out: Console, hands: int | None = None, path=None, first_dealer: str | None = None) -> None:
    out.print(_("Пуля: {pulya} (до {target}); гора: {gora}.").format(
        pulya=", ".join(f"{p} {sheet.pulya[p]}" for p in sheet.players), target=sheet.target,
        gora=", ".join(f"{p} {number(sheet.gora[p])}" for p in sheet.players)))
    if sheet.ended:
        out.print(styled(_("Пуля закрыта: игра окончена. Подсчёт: bbscore pref settle {file}").format(
            file=path or _("ФАЙЛ")), "bold"))
        return
    if sheet.runs_matter and sheet.run:
        out.print(_("Распасов подряд: {run}; следующая игра — не ниже {lowest} (или мизер, или снова распасы).").format(
            run=sheet.run, lowest=sheet.lowest))
    if sheet.table_left is not None:
        out.print(_("Игра до общей суммы пуль {total}: осталось {left}.").format(
            total=sheet.target * len(sheet.players), left=sheet.table_left))
    elif sheet.end == "time":
        out.print(_("Игра на время: пули не закрываются; подсчёт в любой момент — bbscore pref settle {file}").format(
            file=path or _("ФАЙЛ")))
    elif sheet.closest:
        left = sheet.left[sheet.closest[0]]
        out.print(_("Ближе всех к закрытию: {players} (осталось {left}).").format(players=", ".join(sheet.closest), left=left))
    if hands is not None and len(sheet.players) == 4:
        from bbscore.preferans.inputs import dealer_of

        out.print(_("Следующую сдачу сдаёт {player} (сидит на прикупе).").format(
            player=dealer_of(hands + 1, sheet.players, first_dealer)))


def removed(protocol, record) -> None:
    """The hand ``pref undo`` removed, as it was written (so it can be typed again)."""
    from bbscore.preferans.protocol import hand_text

    out = console()
    out.print(_("Из {file} убрана сдача {hand} (строка {line}):").format(file=protocol.path, hand=record.number, line=record.line))
    for line in hand_text(record.fields).strip().splitlines():  # (one print a line: a line break is no character
        out.print(line)                                           # of user text, and is not named)


def _running(values: tuple) -> str:
    return " · ".join(number(v) for v in values) or "—"


def sheet(protocol, checked, warning: str | None) -> None:
    """The пуля as on paper: each player's пуля with its running entries, гора, and the vists on each other."""
    out = console()
    s = checked.sheet
    if warning:
        out.print(styled(_("внимание: {warning}").format(warning=warning), "yellow"))
    out.print(styled(_("{file}: пуля до {target}, правила «{convention}», сдач {hands}").format(
        file=protocol.path, target=s.target, convention=protocol.header.convention, hands=len(protocol.hands)), "bold"))
    table = Table(title_justify="left")
    table.add_column(_("игрок"), overflow="fold")
    table.add_column(_("пуля"), overflow="fold")
    table.add_column(_("гора"), overflow="fold")
    for other in s.players:
        table.add_column(_("висты на {player}").format(player=other), justify="right")
    closes = s.end in ("every_pulya", "any_pulya")
    if closes:
        table.add_column(_("до закрытия"), justify="right")
    for player in s.players:
        cells = [player, _running(s.pulya_running[player]), _running(s.gora_running[player])]
        cells += ["" if other == player else number(s.vists[(player, other)]) for other in s.players]
        if closes:
            cells.append(str(s.left[player]) if s.left[player] else _("закрыта"))
        table.add_row(*cells)
    print_fitting(out, table)
    for hand_number, step in s.closing:
        out.print(_("Сдача {hand}: {step}").format(hand=hand_number, step=step_line(step)))
    _status(s, out, len(protocol.hands), protocol.path, protocol.header.extra.get("dealer"))
    _discrepancies(checked, protocol.path, out)


def settlement(protocol, checked, result, per_vist=None, currency: str = "") -> None:
    """The settlement: the working, each player's result (exact and in whole vists), what each owes each other one,
    and the fewest payments that settle everyone (with ``per_vist``, a :class:`~decimal.Decimal`, also in money)."""
    from bbscore.preferans.settle import money

    out = console()
    s = checked.sheet
    state = _("пуля закрыта") if s.ended else _("пуля не закрыта")
    out.print(styled(_("{file}: подсчёт ({state})").format(file=protocol.path, state=state), "bold"))
    for line in settlement_lines(result):
        out.print(line)
    whole = result.rounding == "whole"
    table = Table(title_justify="left")
    table.add_column(_("игрок"), overflow="fold")
    if result.pulya_rate:
        table.add_column(_("пуля"), justify="right")
    table.add_column(_("гора"), justify="right")
    table.add_column(_("написал вистов"), justify="right")
    table.add_column(_("на него вистов"), justify="right")
    if not whole:
        table.add_column(_("точно"), justify="right")
    table.add_column(_("итог, вистов"), justify="right")
    if per_vist is not None:
        table.add_column(_("в деньгах"), justify="right")
    for player in result.players:
        cells = [player]
        if result.pulya_rate:
            cells.append(str(result.pulya[player]))
        cells += [number(result.gora[player]), number(result.vists_out[player]), number(result.vists_in[player])]
        if not whole:
            cells.append(_signed(result.result[player]))
        cells.append(f"{result.shown[player]:+d}")
        if per_vist is not None:
            amount = money(result.shown[player], per_vist)
            cells.append(("+" if amount > 0 else "") + money_text(amount, currency))
        table.add_row(*cells)
    print_fitting(out, table)
    exact = all(Fraction(v).denominator == 1 for v in result.result.values())
    out.print(_("Итоги в целых вистах округлены так, что в сумме по-прежнему 0 (здесь точные итоги и так целые).")
              if exact else _("Итоги в целых вистах округлены так, что в сумме по-прежнему 0."))
    out.print(styled(_("Кто кому должен (попарно, точно; должник → кому):"), "bold"))
    for line in pairwise_lines(result):
        out.print(f"  {line}")
    out.print(styled(_("Кто кому платит (меньше всего платежей, в целых вистах; платит → кому):"), "bold"))
    for line in payment_lines(result, per_vist, currency):
        out.print(f"  {line}")
    _discrepancies(checked, protocol.path, out, _("подсчёт — по правилам, не по записанному"))


def _discrepancies(checked, path, out: Console, what: str | None = None) -> None:
    """The line that says which hands recorded what the rules do not give (``pref show``, ``pref settle``)."""
    bad = sorted({d.hand for d in checked.discrepancies})
    if bad:
        line = _("! расхождения с правилами в сдачах {hands}: bbscore recompute {file}").format(
            hands=", ".join(map(str, bad)), file=path)
        out.print(styled(f"{line} ({what})" if what else line, "red"))


def _signed(value: Fraction) -> str:
    text = number(value)
    return text if value < 0 else f"+{text}"


def recompute_report(report: dict, out: Console) -> None:
    """A preferans file's discrepancies, one line each (file:line: сдача N, field: message), then its status."""
    from bbscore.preferans.protocol import FIELD_NAMES

    name = report["file"]
    if report.get("warning"):
        out.print(styled(_("{file}: внимание: {warning}").format(file=name, warning=report["warning"]), "yellow"))
    for item in report["discrepancies"]:
        where = f"{name}:{item['line']}" if item["line"] else name
        out.print(_("{where}: сдача {hand}, {field}: {message}").format(
            where=where, hand=item["hand"], field=_(FIELD_NAMES[item["field"]]), message=item["message"]))
    status = (_("всё сходится") if report["ok"]
              else _("расхождений: {count}").format(count=len(report["discrepancies"])))
    pulya = ", ".join(f"{p} {n}" for p, n in report["pulya"].items())
    gora = ", ".join(f"{p} {n}" for p, n in report["gora"].items())
    out.print(_("{file}: {status}; пуля {pulya}; гора {gora}").format(file=name, status=status, pulya=pulya, gora=gora))
    if report.get("fixed"):
        backup = report.get("backup")
        out.print(_("{file}: исправлено, прежний файл сохранён как {backup}").format(file=name, backup=backup) if backup
                  else _("{file}: исправлено").format(file=name))
    elif "fix_error" in report:
        out.print(styled(_("не исправлено: {error}").format(error=report["fix_error"]), "red"))
