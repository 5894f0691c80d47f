"""Rendering for people, with rich: the protocol line and the working.

Imported only by commands that print for a person (rich is not loaded for ``--json``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbscore.belot.convention import Convention
from bbscore.belot.hand import Hand
from bbscore.i18n import N_, _, ngettext
from bbscore.belot.scoring import Breakdown
from bbscore.seats import MAX_NOTE, Partnership
from rich.cells import cell_len

from bbscore.render.layout import (COMPACT_BELOW, PlainConsole, console, keep_names, labelled, print_fitting,  # (console,
                                    styled, table as table_for)  # styled: commands too)
from bbscore.belot.working import constructions_text, held_note, marks, sheet_marks, steps

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

# rich's Table and Text are imported by the functions that make them: a hand's result printed as plain lines
# (layout.console with plain) imports neither, nor rich's console (start-up, issue 24).


def hand_result(hand: Hand, breakdown: Breakdown, convention: Convention) -> None:
    """Print the protocol line of a hand and its working, step by step."""
    out = console(plain=True)
    declarers, defenders = marks(breakdown)
    table = table_for(out, title=_("Строка протокола"), title_justify="left")
    table.add_column(_("Контракт"), justify="left")
    table.add_column(_("Разыгрывающие"), justify="right")
    table.add_column(_("Вистующие"), justify="right")
    table.add_row(styled(breakdown.contract.shown(), "bold", out), declarers, defenders)
    print_fitting(out, table)
    decl_con, def_con = constructions_text(hand)
    out.print(_("Конструкции: разыгрывающие {declarers}; вистующие {defenders}. Правила: {convention}.").format(
        declarers=decl_con, defenders=def_con, convention=convention.name))
    out.print(styled(_("Расчёт"), "bold", out))
    for number, text in enumerate(steps(hand, breakdown, convention), start=1):
        out.print(f"{number}. {text}")


def _contract_cell(result) -> str:
    """What stands in the contract column: the contract, a redeal (no pair's), or an error."""
    if result.error is not None:
        return _("ошибка")
    if result.redeal is not None:
        from bbscore.belot.game import REDEALS  # (here: a single hand's working needs no game)

        return _("пересдача: {why}").format(why=_(_SHORT_REDEALS.get(result.redeal, REDEALS[result.redeal])))
    return result.breakdown.contract.shown()


_SHORT_REDEALS = {"all-pass": N_("все пас")}


def _distance(total: int, target: int) -> str:
    if total < target:
        return _("до {target} осталось {left}").format(target=target, left=target - total)
    return _("цель {target} достигнута").format(target=target)


def _end_text(pairs, replay) -> str:
    if replay.winner is None:
        return _("Партия окончена на сдаче {hand}: ничья.").format(hand=replay.ended_at)
    return _("Партия окончена на сдаче {hand}: победили «{pair}» ({first} : {second}).").format(
        hand=replay.ended_at, pair=pairs[replay.winner], first=replay.totals[0], second=replay.totals[1])


def hand_cells(result, pairs) -> dict[str, str]:
    """A replayed hand as the sheet shows it: contract, declarers' pair, each pair's points (БТ for a bait) and
    running total, its note."""
    points = [str(result.score[0]), str(result.score[1])]
    if result.error is not None:
        points = ["—", "—"]
    elif result.breakdown is not None:
        points = list(sheet_marks(result))
    note = result.entry.fields.get("note")
    note = note if isinstance(note, str) else ""
    if len(note) > MAX_NOTE:  # (a slip of its hand, said by the error: shown cut, never laid out whole)
        note = note[:MAX_NOTE] + "…"
    held = held_note(result, pairs)
    if held:
        note = f"{held}; {note}" if note else held
    return {"contract": _contract_cell(result), "by": pairs[result.by] if result.by is not None else "",
            "points": points, "total": [str(result.total[0]), str(result.total[1])], "note": note}


def hand_line(label: str, result, pairs) -> str:
    """One hand on one line (the narrow sheet, ``undo``): ``7. 15П+ Они  БТ : 48   86 : 174``; a label of words
    (``edit``'s ``2 было``) has the line's continued lines indented under the hand, past it."""
    cells = hand_cells(result, pairs)
    head = " ".join(part for part in (cells["contract"], cells["by"]) if part)
    line = f"{head}  {cells['points'][0]} : {cells['points'][1]}   {cells['total'][0]} : {cells['total'][1]}"
    line += f"  — {cells['note']}" if cells["note"] else ""
    return f"{label}. {line}" if str(label).isdigit() else labelled(f"{label}.", line)


def _hands_view(out: Console, title: str, rows: list[tuple[Text | str, object]], pairs) -> None:
    """Hands as a table when it fits the terminal whole, else (or below :data:`COMPACT_BELOW` columns) one line each;
    no number, contract or pair name is ever cut.  To a :class:`~bbscore.render.layout.PlainConsole` a table whose
    cells all fit unwrapped is drawn plain (what rich draws then); one whose note would fold is rich's."""
    keep_names(pairs)
    headers = [_("№"), _("Контракт"), _("Кто"), pairs[0], _("итог"), pairs[1], _("итог")]
    widths = [cell_len(header) for header in headers]
    note_width = max(cell_len(_("Примечание")), NOTE_MIN_WIDTH)
    shown = []
    for label, result in rows:
        cells = hand_cells(result, pairs)
        row = [label if isinstance(label, str) else label.plain, cells["contract"], cells["by"], cells["points"][0],
               cells["total"][0], cells["points"][1], cells["total"][1]]
        widths = [max(width, cell_len(cell)) for width, cell in zip(widths, row)]
        note_width = max(note_width, cell_len(cells["note"]))
        shown.append((label, result, cells))
    notes = any(cells["note"] for _label, _result, cells in shown)
    columns = len(headers) + notes
    needed = sum(widths) + (NOTE_MIN_WIDTH if notes else 0) + 3 * columns + 1  # cells, padding each side, borders
    out.print(title)
    if out.width >= COMPACT_BELOW and needed <= out.width:
        plain = isinstance(out, PlainConsole) and needed + notes * (note_width - NOTE_MIN_WIDTH) <= out.width
        drawn = out if plain or not isinstance(out, PlainConsole) else console()  # (a note to fold: rich's table)
        table = table_for(drawn)
        for index, header in enumerate(headers):
            table.add_column(header, justify="left" if index in (1, 2) else "right", no_wrap=True)
        if notes:  # (a plain table fits its notes whole; rich's folds them)
            table.add_column(_("Примечание"), min_width=NOTE_MIN_WIDTH, **({} if plain else {"overflow": "fold"}))
        for label, result, cells in shown:
            contract = styled(cells["contract"], "red", drawn) if result.error is not None else cells["contract"]
            table.add_row(label.plain if plain and not isinstance(label, str) else label, contract, cells["by"],
                          cells["points"][0], cells["total"][0], cells["points"][1], cells["total"][1],
                          *([cells["note"]] if notes else []))
        drawn.print(table)
        return
    out.print(_("№. контракт, кто  очки {first} : {second}   итог").format(first=pairs[0], second=pairs[1]))
    for label, result, _cells in shown:
        line = hand_line(label if isinstance(label, str) else label.plain, result, pairs)
        out.print(styled(line, "red", out) if result.error is not None else line)


NOTE_MIN_WIDTH = 10  # the notes column's least width (a note folds within it when the table is too wide)


def added_hand(appended) -> None:
    """Print what ``add`` wrote: the protocol line, both totals and how far each pair is from the target."""
    out = console(plain=True)
    protocol = appended.protocol
    replay = appended.replay
    result = replay.results[-1]
    pairs = protocol.header.pairs
    if appended.warning:
        out.print(styled(_("внимание: {warning}").format(warning=appended.warning), "yellow", out))
    _hands_view(out, _("Сдача {hand} записана в {file}").format(hand=result.entry.number, file=protocol.path),
                [(str(result.entry.number), as_written(result))], pairs)
    slip = written_total_note(result.entry.number, result.sheet_total, result.total)
    if slip:
        out.print(styled(_("внимание: {warning}").format(warning=slip), "yellow", out))
    _standing(out, pairs, protocol.header.target, replay)


def as_written(result):
    """A hand as its file has it: with the running total written (the sheet's own addition, which an earlier slip
    makes other than the rules'), not the rules' — what ``add`` and ``edit`` show of a hand they wrote."""
    if result.error is not None or tuple(result.sheet_total) == tuple(result.total):
        return result
    import msgspec

    return msgspec.structs.replace(result, total=result.sheet_total)


def written_total_note(number: int, written, rules) -> str | None:
    """The line saying that the running total written after hand ``number`` (``written``: the previous total in the
    file plus the hand's score) is not the rules' (an earlier total slipped), with both; None when they agree."""
    if written is None or tuple(written) == tuple(rules):
        return None
    return _("итог сдачи {hand} записан {first} : {second} (предыдущий итог в файле плюс очки сдачи), по правилам "
             "с начала партии {rules_first} : {rules_second} — см. bbscore recompute").format(
        hand=number, first=written[0], second=written[1], rules_first=rules[0], rules_second=rules[1])


def _written_pair(fields: dict):
    """A hand's ``total`` as its file has it, when it is a pair of whole numbers; else None."""
    total = fields.get("total")
    if isinstance(total, list) and len(total) == 2 and all(type(item) is int for item in total):
        return tuple(total)
    return None


def _standing(out: Console, pairs, target: int, replay) -> None:
    for index, name in enumerate(pairs):
        out.print(f"«{name}»: {replay.totals[index]} — {_distance(replay.totals[index], target)}")
    if replay.ended:
        out.print(styled(_end_text(pairs, replay), "bold", out))
    elif replay.totals[0] == replay.totals[1] >= target:
        out.print(styled(_("Итоги равны и не меньше цели: играется ещё одна сдача."), "bold", out))
    else:
        _not_ended_yet(out, pairs, target, replay)


def _not_ended_yet(out: Console, pairs, target: int, replay) -> None:
    """Why a game goes on though a pair has reached the target (the rules' game_end: the deciding hand needs a trick
    of the pair that reaches it, or of the pair that loses)."""
    over = [index for index in (0, 1) if replay.totals[index] >= target]
    if over:
        out.print(styled(_("«{pair}» — {total} из {target}, но эта сдача партию не кончает: по правилам в решающей сдаче "
                           "нужна взятка (game_end в правилах); играется дальше.").format(
            pair=pairs[over[0]], total=replay.totals[over[0]], target=target), "bold", out))


def edited_hand(replaced) -> None:
    """Print what ``edit`` changed: the hand's old and new lines, and the totals before and after."""
    out = console(plain=True)
    protocol = replaced.protocol
    pairs = protocol.header.pairs
    number = replaced.number
    if replaced.warning:
        out.print(styled(_("внимание: {warning}").format(warning=replaced.warning), "yellow", out))
    old, new = replaced.before.results[number - 1], replaced.replay.results[number - 1]
    _hands_view(out, _("Сдача {hand} исправлена в {file}").format(hand=number, file=protocol.path),
                [(_("{hand} было").format(hand=number), as_written(old)),
                 (_("{hand} стало").format(hand=number), as_written(new))], pairs)
    later = len(replaced.replay.results) - number
    written = new.sheet_total  # the last total as the file now has it (each total the sheet's own addition)
    if later:
        written = replaced.written_total or replaced.replay.totals
        was = _written_pair(protocol.hands[-1].fields)
        if was is None:  # (no running total written in the last hand: the score by the rules, before and after)
            was = replaced.totals_before
            which = (_("Счёт после сдачи {last} не изменился: {after_first} : {after_second}.")
                     if tuple(was) == tuple(written) else
                     _("Счёт после сдачи {last}: был {before_first} : {before_second}, стал {after_first} : "
                       "{after_second}."))
        elif tuple(was) == tuple(written):  # (an edit that changes no score: nothing was recounted)
            which = (_("Итог сдачи {first} не изменился: {after_first} : {after_second}.") if later == 1 else
                     _("Итоги сдач {first}–{last} не изменились: последний {after_first} : {after_second}."))
        else:
            which = (_("Пересчитаны итоги сдачи {first}: были {before_first} : {before_second}, стали {after_first} : "
                       "{after_second}.") if later == 1 else
                     _("Пересчитаны итоги сдач {first}–{last}: были {before_first} : {before_second}, стали "
                       "{after_first} : {after_second}."))
        out.print(which.format(first=number + 1, last=number + later, before_first=was[0], before_second=was[1],
                               after_first=written[0], after_second=written[1]))
    slip = written_total_note(number + later, written, replaced.replay.totals)
    if slip:
        out.print(styled(_("внимание: {warning}").format(warning=slip), "yellow", out))
    _standing(out, pairs, protocol.header.target, replaced.replay)


# How a hand's inputs are named to a person (the file's keys are for the file).
INPUT_WORDS = {
    "def_points": N_("висты вистующих"), "decl_points": N_("висты разыгрывающих"),
    "decl_tricks": N_("взятки разыгрывающих"), "last": N_("последняя взятка"),
    "decl_con": N_("конструкции разыгрывающих"), "def_con": N_("конструкции вистующих"),
    "def_cards": N_("карты вистующих"), "decl_cards": N_("карты разыгрывающих"),
}
_SIDE_WORDS = {"decl": N_("разыгрывающих"), "def": N_("вистующих")}


def inputs_text(fields: dict) -> str:
    """A hand's typed inputs beyond its line, in words: ``висты вистующих 18; конструкции разыгрывающих терц``."""
    parts = []
    for key, words in INPUT_WORDS.items():
        value = fields.get(key)
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, list):
            value = _shown_list(key, value)
        elif key == "last":
            value = _(_SIDE_WORDS.get(str(value), str(value)))
        parts.append(f"{_(words)} {value}")
    return "; ".join(parts)


def _shown_list(key: str, value: list) -> str:
    """A hand's list of constructions or cards as the reader writes them (their normal form when they do not read)."""
    from bbscore.belot.cards import format_cards, parse_cards
    from bbscore.belot.constructions import format_list, parse_list
    from bbscore.errors import BBScoreError

    try:
        if key in ("decl_con", "def_con"):
            return format_list(parse_list(value, key), shown=True)
        if key in ("def_cards", "decl_cards"):
            return format_cards(parse_cards(" ".join(map(str, value)), key), shown=True)
    except BBScoreError:
        pass
    return ", ".join(map(str, value))


def removed_hand(protocol, entry, result=None, session: bool = False) -> None:
    """Print the hand that ``undo`` removed as its protocol line (its inputs as written when it cannot be scored);
    ``session``: said inside ``play``, without the file's name and line."""
    out = console()
    if session:
        out.print(_("Сдача {hand} убрана:").format(hand=entry.number))
    else:
        out.print(_("Из {file} убрана сдача {hand} (строка {line}):").format(file=protocol.path, hand=entry.number,
                                                                           line=entry.line))
    if result is not None and result.error is None:
        out.print(hand_line(str(entry.number), result, protocol.header.pairs))
        inputs = inputs_text(entry.fields)
        if inputs:
            out.print(_("Ввод: {inputs}").format(inputs=inputs))
    else:
        from bbscore.render.layout import cut

        # (a key or value longer than any a hand writes is cut, as a refusal cuts it: a 100,000-character key was printed)
        out.print(f"{entry.number}. " + "; ".join(f"{cut(key, 40)} = {cut(str(value))}"
                                                  for key, value in entry.fields.items()))


def sheet(protocol, replay, warning: str | None) -> None:
    """Print the protocol like the paper sheet, with progress toward the target and the winner."""
    from rich.text import Text

    out = console()
    pairs = protocol.header.pairs
    target = protocol.header.target
    if warning:
        out.print(styled(_("внимание: {warning}").format(warning=warning), "yellow"))
    flagged = {d.hand for d in replay.discrepancies}
    rows = [(Text(str(result.entry.number)) + (styled(" !", "red") if result.entry.number in flagged else Text("")), result)
            for result in replay.results]
    _hands_view(out, _("Протокол {file} — правила {convention}, до {target}").format(
        file=protocol.path, convention=protocol.header.convention, target=target), rows, pairs)
    standing(protocol, replay)


def standing(protocol, replay) -> None:
    """Print how the game stands: each pair's total toward the target (a bar where the width allows), the winner at
    the end, and the hands that disagree with the rules."""
    from rich.table import Table
    from rich.progress_bar import ProgressBar

    out = console()
    pairs = protocol.header.pairs
    target = protocol.header.target
    flagged = {d.hand for d in replay.discrepancies}
    shown = [f"{total} / {target}" for total in replay.totals]
    room = out.width - max(len(name) + 2 for name in pairs) - max(len(text) for text in shown) - 2
    if room >= 10:
        bars = Table.grid(padding=(0, 1))
        for index, name in enumerate(pairs):
            completed = min(max(replay.totals[index], 0), target)
            bars.add_row(f"«{name}»", ProgressBar(total=target, completed=completed, width=min(40, room)), shown[index])
        out.print(bars)
    else:  # too narrow for a bar beside the name and the total
        for index, name in enumerate(pairs):
            out.print(f"«{name}» {shown[index]}")
    if replay.ended:
        out.print(styled(_end_text(pairs, replay), "bold"))
    else:
        out.print(_("Партия продолжается."))
        _not_ended_yet(out, pairs, target, replay)
    bad = [d for d in replay.discrepancies if d.field == "input"]  # (a hand that cannot be scored: no discrepancy)
    if bad:
        from bbscore.render.sheets import bad_hands_line

        out.print(styled(bad_hands_line(bad, protocol.path), "red"))
    flagged -= {d.hand for d in bad}
    if flagged:
        out.print(styled(ngettext("! расхождение с правилами в сдаче {hands}: bbscore recompute {file}",
                                  "! расхождения с правилами в сдачах {hands}: bbscore recompute {file}",
                                  1 if len(flagged) == 1 else 2).format(
            hands=", ".join(str(n) for n in sorted(flagged)), file=protocol.path), "red"))


def recompute_report(report: dict, out: Console) -> None:
    """Print a read file's discrepancies, one line each (file:line: сдача N, field: message), then its status."""
    name = report["file"]
    if report.get("warning"):
        out.print(styled(_("{file}: внимание: {warning}").format(file=name, warning=report["warning"]), "yellow"))
    for item in report["discrepancies"]:
        where = f"{name}:{item['line']}" if item["line"] else name
        field = _({"score": N_("очки сдачи"), "total": N_("итог"), "held": N_("отложено"), "input": N_("ввод")}[item["field"]])
        out.print(_("{where}: сдача {hand}, {field}: {message}").format(where=where, hand=item["hand"], field=field,
                                                                        message=item["message"]))
    totals = report["totals"]
    status = (_("всё сходится") if report["ok"]
              else _("расхождений: {count}").format(count=len(report["discrepancies"])))
    out.print(_("{file}: {status}; итоги {first} : {second}").format(file=name, status=status, first=totals[0],
                                                                    second=totals[1]))
    if report.get("fixed"):
        backup = report.get("backup")
        out.print(_("{file}: исправлено, прежний файл сохранён как {backup}").format(file=name, backup=backup) if backup
                  else _("{file}: исправлено").format(file=name))
    elif "fix_error" in report:
        out.print(styled(_("не исправлено: {message}").format(message=report["fix_error"]), "red"))


def counted(game, values: list[tuple[str, int]], bonus: int, total: int, cards: int) -> None:
    """Print a side's taken cards with each card's visty and the total."""
    from rich.table import Table

    out = console()
    table = Table(title=_("Висты за карты, игра {game} ({words})").format(game=game.shown(), words=game.russian),
                  title_justify="left")
    table.add_column(_("карта"))
    table.add_column(_("висты"), justify="right")
    for card, points in values:
        table.add_row(card, str(points))
    if bonus:
        table.add_row(_("послед"), str(bonus))
    table.add_row(styled(_("итого"), "bold"), styled(str(total), "bold"))
    print_fitting(out, table)
    if cards % 4:
        out.print(_("внимание: карт {cards} — взятки идут по 4 карты").format(cards=cards))


def resolution(contract, result, convention: Convention) -> None:
    """Print which constructions pass, with their visty and the reasoning."""
    from rich.table import Table

    out = console()
    out.print(styled(_("Контракт {contract}: {words}").format(contract=contract.shown(), words=contract.describe()), "bold"))
    from bbscore.belot.reasons import cancel_text, reasons_text  # (the announcements: only the melds command)

    for number, reason in enumerate(reasons_text(result, convention), start=1):
        out.print(f"{number}. {reason}")
    if result.passed:
        table = Table(title=_("Проходят"), title_justify="left")
        for column in (_("игрок"), _("пара"), _("конструкция")):
            table.add_column(column)
        table.add_column(_("висты"), justify="right")
        for meld, visty in result.passed:
            table.add_row(str(meld.seat), meld.pair.value, meld.shown(), str(visty))
        print_fitting(out, table)
    if result.cancelled:
        table = Table(title=_("Не проходят"), title_justify="left")
        for column in (_("игрок"), _("пара"), _("конструкция"), _("почему")):
            table.add_column(column, overflow="fold")
        for meld, why in result.cancelled:
            table.add_row(str(meld.seat), meld.pair.value, meld.shown(), cancel_text(why))
        print_fitting(out, table, prose=(3,))
    if result.redeal:
        out.print(styled(_("Сдача без результата: пересдача."), "bold"))
    else:
        winner = (_("пара {pair}").format(pair=result.winner_pair.value) if result.winner_pair
                  else _("ни одна пара"))
        odd, even = result.visty[Partnership.ODD], result.visty[Partnership.EVEN]
        out.print(styled(_("Конструкции проходят: {winner}. Висты: пара 13 — {odd}, пара 24 — {even}.").format(
            winner=winner, odd=odd, even=even), "bold"))


# What people read in the statistics (Russian msgids, translated where shown).
STATS_TEXT = {
    "pairs": N_("Пары"),
    "pair": N_("пара"),
    "players": N_("Игроки"),
    "player": N_("игрок"),
    "games": N_("партий"),
    "wins": N_("побед"),
    "hands": N_("сдач"),
    "points": N_("очков"),
    "per_hand": N_("очков за сдачу"),
    "streak": N_("серия побед"),
    "kinds": N_("Игры"),
    "kind": N_("игра"),
    "declared": N_("заявлено"),
    "made": N_("выполнено"),
    "baits": N_("байтов"),
    "suit": N_("масти (П Т Б Ч)"),
    "no_trumps": N_("БК"),
    "all_trumps": N_("ВК"),
    "kapo": N_("капо"),
    "contra": N_("контра"),
    "recontra": N_("реконтра"),
    "win_rate": N_("доля побед"),
    "summary": N_("Партий: {games}, окончено: {finished}; сдач: {hands} "
               "(пересдач: {redeals}, с ошибкой: {bad_hands}); очков за сдачу (обе пары): {per_hand}."),
    "longest": N_("Самая длинная серия побед: «{pair}», {games} подряд."),
    "no_streak": N_("Побед нет: ни одна партия не выиграна."),
}


def _number(value) -> str:
    if value is None:
        return "—"
    text = f"{value:g}".replace(".", _(",")) if isinstance(value, float) else str(value)
    return text.replace("-", "\u2212")  # the minus sign, not the hyphen


def stats(data: dict, out: Console | None = None) -> None:
    """Print the Belot family's part of ``bbscore stats``: the pairs ranked, the games by kind with contras and
    recontras, the totals."""
    from rich.table import Table
    from bbscore.render.sheets import percent

    out = out or console()
    t = {key: _(text) for key, text in STATS_TEXT.items()}
    pairs = Table(title=t["pairs"], title_justify="left")
    pairs.add_column(t["pair"])
    for key in ("games", "wins", "win_rate", "streak", "hands", "points", "per_hand"):
        pairs.add_column(t[key], justify="right")
    for pair in data["pairs"]:
        pairs.add_row(pair["name"], *(_number(pair[key]) for key in ("games", "wins")), percent(pair["win_rate"]),
                      *(_number(pair[key]) for key in ("longest_streak", "hands", "points", "points_per_hand")))
    print_fitting(out, pairs)
    if data.get("players"):
        people = Table(title=t["players"], title_justify="left")
        people.add_column(t["player"])
        for key in ("games", "wins", "win_rate", "points"):
            people.add_column(t[key], justify="right")
        for player in data["players"]:
            people.add_row(player["name"], str(player["games"]), str(player["wins"]), percent(player["win_rate"]),
                           _number(player["points"]))
        print_fitting(out, people)
    kinds = Table(title=t["kinds"], title_justify="left")
    kinds.add_column(t["kind"])
    for key in ("declared", "made", "baits"):
        kinds.add_column(t[key], justify="right")
    for table in ("kinds", "doublings"):
        for name, row in data[table].items():
            kinds.add_row(t[name], *(str(row[key]) for key in ("declared", "made", "baits")))
    print_fitting(out, kinds)
    out.print(t["summary"].format(per_hand=_number(data["points_per_hand"]), games=data["games"],
                                  finished=data["finished"], hands=data["hands"], redeals=data["redeals"],
                                  bad_hands=data["bad_hands"]))
    longest = data["longest_streak"]
    out.print(t["no_streak"] if longest is None else t["longest"].format(**longest))


def chart(lines: list[str]) -> None:
    """Print the running totals' sparklines (``show --chart``)."""
    out = console()
    for line in lines:
        out.print(line)
