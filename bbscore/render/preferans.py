"""Rendering of preferans results for people, with rich: one hand, the sheet (пуля, гора, висты), the settlement.

Imported only by commands that print for a person (rich is not loaded for ``--json``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbscore.i18n import N_, _, ngettext
from bbscore.render.layout import console, cut, keep, keep_names, labelled, print_fitting, styled
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

if TYPE_CHECKING:
    from rich.console import Console

# rich's Table, and fractions, are imported by the functions that use them: what ``pref add`` and ``pref edit`` print
# is lines of text, written by the plain console where rich would write plain text (start-up, issue 24).


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
            _("{player} → {other}: {vists}").format(player=a, other=b, vists=number(n)) for (a, b), n in pairs.items())))
    if not lines:
        lines.append(_("Ничего не пишется."))
    return lines


def hand_result(title: str, entries, out: Console | None = None) -> None:
    """A hand: what it writes, then the working step by step."""
    out = out or console()
    out.print(styled(title, "bold", out))
    for line in _entries_lines(entries):
        out.print(line)
    out.print(_("Расчёт:"))
    for index, line in enumerate(hand_lines(entries), start=1):
        out.print(f"  {index}. {line}")


def added(appended, path) -> None:
    """What ``pref add`` wrote, then the state of the пуля."""
    out = console(plain=True)
    keep_names(appended.protocol.header.players)
    if appended.warning:
        out.print(styled(_("внимание: {warning}").format(warning=appended.warning), "yellow", out))
    hand_result(_("{file}: сдача {number} — {hand}").format(file=path, number=appended.number,
                                                               hand=hand_title(appended.hand)), appended.entries, out)
    closing = [step for n, step in appended.after.sheet.closing if n == len(appended.after.entries)]
    for step in closing:
        out.print(step_line(step))
    _status(appended.after.sheet, out, appended.number, path, appended.protocol.header.extra.get("dealer"))


def hand_title(hand) -> str:
    """A hand in a few words: its game, who played it, who sat out (``7♥, играет Вера``)."""
    who = _(", играет {player}").format(player=hand.declarer) if hand.declarer else ""
    dealer = _("; на прикупе {player} (сдаёт)").format(player=hand.dealer) if hand.dealer else ""
    return f"{hand.contract.shown()}{who}{dealer}"


def edited(replaced, path) -> None:
    """What ``pref edit`` changed: the hand as it was and as it is now (what each writes), the later hands whose
    entries changed with it, then the state of the пуля."""
    out = console(plain=True)
    keep_names(replaced.protocol.header.players)
    if replaced.warning:
        out.print(styled(_("внимание: {warning}").format(warning=replaced.warning), "yellow", out))
    number = replaced.number
    out.print(styled(_("{file}: сдача {hand} исправлена").format(file=path, hand=number), "bold", out))
    old_hand, old_entries = replaced.before.hands[number - 1], replaced.before.entries[number - 1]
    if old_hand is None:  # a hand that could not be scored (the edit repaired it): its reason and its keys as written
        from bbscore.preferans.inputs import WRITTEN_KEYS
        from bbscore.preferans.protocol import hand_text

        out.print(cut(_("Было: сдача неверна ({reason})").format(reason=replaced.old_error)))
        written = {key: value for key, value in replaced.old.fields.items() if key not in WRITTEN_KEYS}
        for line in hand_text(written).strip().splitlines()[1:]:  # (after its [[hand]]; a long line cut, as undo does)
            out.print(f"  {cut(line)}")
    else:
        out.print(_under_label(_("Было: {hand}").format(hand=hand_title(old_hand))))
        for line in _entries_lines(old_entries):
            out.print(f"  {_under_label(line)}")
    out.print(_under_label(_("Стало: {hand}").format(hand=hand_title(replaced.hand))))
    for line in _entries_lines(replaced.entries):
        out.print(f"  {_under_label(line)}")
    if replaced.changed:
        out.print(ngettext("Пересчитана и переписана сдача {hands}.", "Пересчитаны и переписаны сдачи {hands}.",
                           1 if len(replaced.changed) == 1 else 2).format(hands=", ".join(map(str, replaced.changed))))
    _status(replaced.after.sheet, out, len(replaced.protocol.hands), path, replaced.protocol.header.extra.get("dealer"))


def _under_label(line: str) -> str:
    """A line led by its label (``Было: 7♠, играет Аня``, ``Висты: Боря → Аня: 8``): its continued lines indented
    under the text after the label (:func:`bbscore.render.layout.labelled`)."""
    label, colon, text = line.partition(": ")
    return labelled(f"{label}:", text) if colon and text else line


def hand_summary(number: int, hand, entries) -> str:
    """A hand on one line: ``3. 7♥, играет Вера — в гору: Вера +8; висты: Аня → Вера: 32, Боря → Вера: 28``."""
    parts = [line[0].lower() + line[1:] for line in _entries_lines(entries)]
    return f"{number}. {hand_title(hand)} — " + "; ".join(parts)


def played(appended, path, convention) -> None:
    """After each hand of ``pref play``: what it wrote, the closing of a пуля, each player's standing (the settlement
    if the game stopped now), then who deals next; at the end of the пуля, the settlement."""
    from rich.table import Table
    from bbscore.preferans.settle import settle_sheet

    out = console()
    keep_names(appended.protocol.header.players)
    if appended.warning:
        out.print(styled(_("внимание: {warning}").format(warning=appended.warning), "yellow", out))
    out.print(styled(_("Сдача {number} записана: {hand}").format(number=appended.number,
                                                                 hand=hand_title(appended.hand)), "bold"))
    for line in _entries_lines(appended.entries):
        out.print(f"  {line}")
    sheet = appended.after.sheet
    for step in (step for n, step in sheet.closing if n == len(appended.after.entries)):
        out.print(step_line(step))
    result = settle_sheet(sheet, convention)
    table = Table(title_justify="left")
    for header, justify in ((_("игрок"), "left"), (_("пуля"), "right"), (_("гора"), "right"),
                            (_("итог сейчас"), "right")):
        table.add_column(header, justify=justify)
    for player in sheet.players:
        table.add_row(player, f"{sheet.pulya[player]} / {sheet.target}", number(sheet.gora[player]),
                      signed(result.shown[player]))
    print_fitting(out, table, title=_("Пуля после сдачи {number}:").format(number=appended.number))
    _status(sheet, out, appended.number, path, appended.protocol.header.extra.get("dealer"), brief=True)
    if sheet.ended:
        from bbscore.preferans import protocol

        settlement(protocol.read(path), appended.after, result)


def _status(sheet, out: Console, hands: int | None = None, path=None, first_dealer: str | None = None,
            brief: bool = False) -> None:
    if not brief:  # (``pref play`` shows the пуля as a table)
        out.print(_("Пуля: {pulya} (до {target}); гора: {gora}.").format(
            pulya=", ".join(f"{p} {sheet.pulya[p]}" for p in sheet.players), target=sheet.target,
            gora=", ".join(f"{p} {number(sheet.gora[p])}" for p in sheet.players)))
    if sheet.ended and brief:
        out.print(styled(_("Пуля закрыта: игра окончена."), "bold", out))
        return
    if sheet.ended:
        out.print(styled(_("Пуля закрыта: игра окончена. Подсчёт: bbscore pref settle {file}").format(
            file=path or _("ФАЙЛ")), "bold", out))
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
    if hands is not None and len(sheet.players) == 4 and not brief:  # (``pref play``: its next question says it)
        from bbscore.preferans.inputs import dealer_of

        out.print(_("Следующую сдачу сдаёт {player} (сидит на прикупе).").format(
            player=dealer_of(hands + 1, sheet.players, first_dealer)))


def removed(protocol, record) -> None:
    """The hand ``pref undo`` removed, as it was written (so it can be typed again)."""
    from bbscore.preferans.protocol import hand_text

    out = console()
    out.print(_("Из {file} убрана сдача {hand} (строка {line}):").format(file=protocol.path, hand=record.number, line=record.line))
    for line in hand_text(record.fields).strip().splitlines():  # (one print a line: a line break is no character
        # of user text, and is not named; a line longer than any a hand writes is cut, as a refusal cuts a value)
        out.print(cut(line))


def _running(values: tuple) -> str:
    return " · ".join(number(v) for v in values) or "—"


def sheet(protocol, checked, warning: str | None) -> None:
    """The пуля as on paper: each player's пуля with its running entries, гора, and the vists on each other."""
    from rich.table import Table

    out = console()
    s = checked.sheet
    keep_names(s.players)
    if warning:
        out.print(styled(_("внимание: {warning}").format(warning=warning), "yellow"))
    out.print(styled(_("{file}: пуля до {target}, правила «{convention}», сдач: {hands}").format(
        file=protocol.path, target=s.target, convention=protocol.header.convention, hands=len(protocol.hands)),
        "bold"))
    table = Table(title_justify="left")
    table.add_column(_("игрок"), overflow="fold")
    table.add_column(_("пуля"), overflow="fold")
    table.add_column(_("гора"), overflow="fold")
    for other in s.players:
        table.add_column(_("висты → {player}").format(player=other), justify="right")
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
    from rich.table import Table
    from fractions import Fraction
    from bbscore.preferans.settle import money

    out = console()
    s = checked.sheet
    keep_names(result.players)
    state = _("пуля закрыта") if s.ended else _("пуля не закрыта")
    out.print(styled(_("{file}: подсчёт ({state})").format(file=protocol.path, state=state), "bold"))
    for line in settlement_lines(result, keep):  # (an amount, «10 вистов», never broken: keep)
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
            cells.append(signed(result.result[player]))
        cells.append(signed(result.shown[player]))
        if per_vist is not None:
            amount = money(result.shown[player], per_vist)
            cells.append(("+" if amount > 0 else "") + money_text(amount, currency))
        table.add_row(*cells)
    print_fitting(out, table)
    exact = all(Fraction(v).denominator == 1 for v in result.result.values())
    out.print(_("Итоги в целых вистах округлены так, что в сумме по-прежнему 0 (здесь точные итоги и так целые).")
              if exact else _("Итоги в целых вистах округлены так, что в сумме по-прежнему 0."))
    out.print(styled(_("Кто кому должен (попарно, точно; должник → кому):"), "bold"))
    for line in pairwise_lines(result, keep):
        out.print(f"  {line}")
    out.print(styled(_("Кто кому платит (меньше всего платежей, в целых вистах; платит → кому):"), "bold"))
    for line in payment_lines(result, per_vist, currency, keep):  # (162 виста, 8,50 ₽ whole)
        out.print(f"  {line}")
    _discrepancies(checked, protocol.path, out, _("подсчёт — по правилам, не по записанному"))


def _discrepancies(checked, path, out: Console, what: str | None = None) -> None:
    """The line that says which hands recorded what the rules do not give (``pref show``, ``pref settle``)."""
    from bbscore.render.sheets import bad_hands_line

    errors = [d for d in checked.discrepancies if d.field == "input"]  # (a hand that cannot be scored: no discrepancy)
    if errors:
        line = bad_hands_line(errors, path)
        out.print(styled(f"{line} ({what})" if what else line, "red"))
    bad = sorted({d.hand for d in checked.discrepancies} - {d.hand for d in errors})
    if bad:
        line = ngettext("! расхождение с правилами в сдаче {hands}: bbscore recompute {file}",
                        "! расхождения с правилами в сдачах {hands}: bbscore recompute {file}",
                        1 if len(bad) == 1 else 2).format(
            hands=", ".join(map(str, bad)), file=path)
        out.print(styled(f"{line} ({what})" if what else line, "red"))


def recompute_report(report: dict, out: Console) -> None:
    """A preferans file's discrepancies, one line each (file:line: сдача N, field: message), then its status."""
    from fractions import Fraction
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
    pulya = ", ".join(f"{p} {number(Fraction(n))}" for p, n in report["pulya"].items())
    gora = ", ".join(f"{p} {number(Fraction(n))}" for p, n in report["gora"].items())
    out.print(_("{file}: {status}; пуля {pulya}; гора {gora}").format(file=name, status=status, pulya=pulya, gora=gora))
    if report.get("fixed"):
        backup = report.get("backup")
        out.print(_("{file}: исправлено, прежний файл сохранён как {backup}").format(file=name, backup=backup) if backup
                  else _("{file}: исправлено").format(file=name))
    elif "fix_error" in report:
        out.print(styled(_("не исправлено: {message}").format(message=report["fix_error"]), "red"))


# What people read in the statistics (Russian msgids, translated where shown).
STATS_TEXT = {
    "players": N_("Игроки"),
    "player": N_("игрок"),
    "pulyas": N_("пуль"),
    "wins": N_("побед"),
    "win_rate": N_("доля побед"),
    "settlement": N_("итог, вистов"),
    "average": N_("в среднем за пулю"),
    "games": N_("Игры: заказано / сыграно"),
    "misere": N_("мизер"),
    "raspasy": N_("распасов"),
    "summary": N_("Пуль: {pulyas}, окончено: {finished}; сдач: {hands} (с ошибкой: {bad_hands})."),
}


def stats(data: dict, out: Console | None = None) -> None:
    """Print the Preferans part of ``bbscore stats``: the players ranked (пули, wins by settlement, the settlement's
    sum and average), then each one's games declared and made by level, misères and распасы."""
    from rich.table import Table
    from bbscore.render.sheets import average_text, percent, signed as settled

    out = out or console()
    t = {key: _(text) for key, text in STATS_TEXT.items()}
    players = Table(title=t["players"], title_justify="left")
    players.add_column(t["player"], overflow="fold")
    for key in ("pulyas", "wins", "win_rate", "settlement", "average"):
        players.add_column(t[key], justify="right")
    for player in data["players"]:
        players.add_row(player["name"], str(player["pulyas"]), str(player["wins"]), percent(player["win_rate"]),
                        settled(player["settlement"]), average_text(player["average_settlement"]))
    print_fitting(out, players)
    levels = list(data["players"][0]["declared"]) if data["players"] else []
    games = Table(title=t["games"], title_justify="left")
    games.add_column(t["player"], overflow="fold")
    for level in levels:
        games.add_column(level, justify="right")
    games.add_column(t["misere"], justify="right")
    games.add_column(t["raspasy"], justify="right")
    for player in data["players"]:
        cells = [f"{row['declared']} / {row['made']}" if row["declared"] else "—" for row in player["declared"].values()]
        misere = player["misere"]
        games.add_row(player["name"], *cells, f"{misere['declared']} / {misere['made']}" if misere["declared"] else "—",
                      str(player["raspasy"]))
    print_fitting(out, games)
    out.print(t["summary"].format(**{key: data[key] for key in ("pulyas", "finished", "hands", "bad_hands")}))
