"""Rendering for people, with rich: the protocol line and the working.

Imported only by commands that print for a person (rich is not loaded for ``--json``).
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bbscore.convention import Convention
from bbscore.errors import visible
from bbscore.game import REDEALS
from bbscore.hand import Hand
from bbscore.scoring import Breakdown
from bbscore.seats import Partnership
from bbscore.working import cancel_text, constructions_text, marks, reasons_text, steps


class _SafeConsole(Console):
    """A console whose text never carries a raw control character: pair names, notes, titles and file names are user
    text, and an ESC in them would reach the terminal, a line break in them would forge a line of output (see
    :func:`bbscore.errors.visible`)."""

    def render_str(self, text: str, *args, **kwargs) -> Text:
        return super().render_str(visible(text), *args, **kwargs)


def console() -> Console:
    """A console that takes every text literally: no markup, no emoji codes (names and contracts are user text), no
    control character (named instead)."""
    return _SafeConsole(highlight=False, soft_wrap=True, markup=False, emoji=False)


def styled(text: str, style: str) -> Text:
    """A line in a style (bold, red, yellow), its text taken literally (control characters named)."""
    return Text(visible(text), style=style)


def hand_result(hand: Hand, breakdown: Breakdown, convention: Convention) -> None:
    """Print the protocol line of a hand and its working, step by step."""
    out = console()
    declarers, defenders = marks(breakdown)
    table = Table(title="Строка протокола", title_justify="left")
    table.add_column("Контракт", justify="left")
    table.add_column("Разыгрывающие", justify="right")
    table.add_column("Вистующие", justify="right")
    table.add_row(styled(str(breakdown.contract), "bold"), declarers, defenders)
    out.print(table)
    decl_con, def_con = constructions_text(hand)
    out.print(f"Конструкции: разыгрывающие {decl_con}; вистующие {def_con}. Правила: {convention.name}.")
    out.print(styled("Расчёт", "bold"))
    for number, text in enumerate(steps(hand, breakdown, convention), start=1):
        out.print(f"{number}. {text}")


def _contract_cell(result) -> str:
    """What stands in the declarers' contract column (the bait's «БТ» stands in the points column)."""
    if result.error is not None:
        return styled("ошибка", "red")
    if result.redeal is not None:
        return f"пересдача ({REDEALS[result.redeal]})"
    return str(result.breakdown.contract)


def _distance(total: int, target: int) -> str:
    return f"до {target} осталось {target - total}" if total < target else f"цель {target} достигнута"


def _end_text(pairs, replay) -> str:
    if replay.winner is None:
        return f"Партия окончена на сдаче {replay.ended_at}: ничья."
    return f"Партия окончена на сдаче {replay.ended_at}: победили «{pairs[replay.winner]}» ({replay.totals[0]} : {replay.totals[1]})."


def added_hand(appended) -> None:
    """Print what ``add`` wrote: the protocol line, both totals and how far each pair is from the target."""
    out = console()
    protocol = appended.protocol
    replay = appended.replay
    result = replay.results[-1]
    pairs = protocol.header.pairs
    target = protocol.header.target
    if appended.warning:
        out.print(styled(f"внимание: {appended.warning}", "yellow"))
    line = Table(title=f"Сдача {result.entry.number} записана в {protocol.path}", title_justify="left")
    for name in pairs:
        line.add_column(f"{name}: контракт")
        line.add_column(f"{name}: очки", justify="right")
        line.add_column(f"{name}: итог", justify="right")
    line.add_row(*_row_cells(result))
    out.print(line)
    for index, name in enumerate(pairs):
        out.print(f"«{name}»: {replay.totals[index]} — {_distance(replay.totals[index], target)}")
    if replay.ended:
        out.print(styled(_end_text(pairs, replay), "bold"))
    elif replay.totals[0] == replay.totals[1] >= target:
        out.print(styled("Итоги равны и не меньше цели: играется ещё одна сдача.", "bold"))


def _row_cells(result) -> list[str]:
    cells = []
    for index in (0, 1):
        contract = _contract_cell(result) if (result.by == index or (result.by is None and index == 0)) else ""
        points = str(result.score[index])
        if result.breakdown is not None:
            declarers, defenders = marks(result.breakdown)
            points = declarers if result.by == index else defenders
        if result.error is not None:
            points = "—"
        cells += [contract, points, str(result.total[index])]
    return cells


def removed_hand(protocol, entry) -> None:
    """Print the hand that ``undo`` removed, in full, so it can be typed again."""
    import tomli_w

    out = console()
    out.print(f"Из {protocol.path} убрана сдача {entry.number} (строка {entry.line}):")
    for line in tomli_w.dumps({"hand": [entry.fields]}).rstrip().splitlines():  # each line on its own (a text's own
        out.print(line)  # line breaks are escaped by TOML; any other would be named, not printed)


def sheet(protocol, replay, warning: str | None) -> None:
    """Print the protocol like the paper sheet, with progress toward the target and the winner."""
    from rich.progress_bar import ProgressBar

    out = console()
    pairs = protocol.header.pairs
    target = protocol.header.target
    if warning:
        out.print(styled(f"внимание: {warning}", "yellow"))
    table = Table(title=f"Протокол {protocol.path} — правила {protocol.header.convention}, до {target}", title_justify="left")
    table.add_column("№", justify="right")
    for name in pairs:
        table.add_column(f"{name}: контракт")
        table.add_column("очки", justify="right")
        table.add_column("итог", justify="right")
    flagged = {d.hand for d in replay.discrepancies}
    for result in replay.results:
        number = Text(str(result.entry.number)) + (styled(" !", "red") if result.entry.number in flagged else Text(""))
        table.add_row(number, *_row_cells(result))
    out.print(table)
    bars = Table.grid(padding=(0, 1))
    for index, name in enumerate(pairs):
        total = replay.totals[index]
        bars.add_row(f"«{name}»", ProgressBar(total=target, completed=min(total, target), width=40), f"{total} / {target}")
    out.print(bars)
    if replay.ended:
        out.print(styled(_end_text(pairs, replay), "bold"))
    else:
        out.print("Партия продолжается.")
    if flagged:
        out.print(styled(f"! расхождения с правилами в сдачах {', '.join(str(n) for n in sorted(flagged))}: bbscore recompute {protocol.path}", "red"))


def recompute_report(report: dict, out: Console) -> None:
    """Print a read file's discrepancies, one line each (file:line: сдача N, field: message), then its status."""
    name = report["file"]
    if report.get("warning"):
        out.print(styled(f"{name}: внимание: {report['warning']}", "yellow"))
    for item in report["discrepancies"]:
        where = f"{name}:{item['line']}" if item["line"] else name
        field = {"score": "очки сдачи", "total": "итог", "input": "ввод"}[item["field"]]
        out.print(f"{where}: сдача {item['hand']}, {field}: {item['message']}")
    totals = report["totals"]
    status = "всё сходится" if report["ok"] else f"расхождений: {len(report['discrepancies'])}"
    out.print(f"{name}: {status}; итоги {totals[0]} : {totals[1]}")
    if report.get("fixed"):
        backup = report.get("backup")
        out.print(f"{name}: исправлено" + (f", прежний файл сохранён как {backup}" if backup else ""))
    elif "fix_error" in report:
        out.print(styled(f"не исправлено: {report['fix_error']}", "red"))


_SIDES = {"declarers": "разыгрывающие", "defenders": "вистующие"}


def _value_text(value) -> str:
    if isinstance(value, dict) and set(value) == set(_SIDES):  # a [written] row
        return "; ".join(f"{_SIDES[side]} {' + '.join(terms) or '0'}" for side, terms in value.items())
    if isinstance(value, dict):
        return " · ".join(f"{key} {_value_text(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) if value else "—"
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def convention_list(entries: list[dict], user_folder) -> None:
    """Print the bundled and the user's conventions."""
    out = console()
    table = Table(title="Правила", title_justify="left")
    for column in ("имя", "откуда", "название", "файл"):
        table.add_column(column, overflow="fold")
    for entry in entries:
        origin = "встроенные" if entry["origin"] == "bundled" else "свои"
        title = entry.get("title") or styled(entry.get("problem", ""), "red")
        table.add_row(entry["name"], origin, title, entry["file"])
    out.print(table)
    out.print(f"Свои правила кладите в {user_folder} (файл ИМЯ.toml); сделать копию: bbscore conventions init ИМЯ.toml --from gambler")


def convention_tables(rules) -> None:
    """Print every value of a convention as tables, one per section, with what each setting means."""
    from bbscore.descriptions import GAME_KIND_NAMES, describe

    out = console()
    out.print(styled(f"Правила «{rules.name}»: {rules.settings.title}", "bold"))
    out.print(f"Файл: {rules.path}; sha256 {rules.sha256}")
    content = rules.content
    for section, value in content.items():
        if not isinstance(value, dict):
            continue
        if section == "games":
            for kind, game in value.items():
                _settings_table(out, f"games.{kind} — {GAME_KIND_NAMES.get(kind, kind)}", f"games.{kind}", game, describe)
        else:
            _settings_table(out, section, section, value, describe)


def _settings_table(out, title: str, prefix: str, values: dict, describe) -> None:
    table = Table(title=title, title_justify="left")
    table.add_column("ключ", overflow="fold")
    table.add_column("значение")
    table.add_column("что это")
    for key, value in values.items():
        table.add_row(key, _value_text(value), describe(f"{prefix}.{key}"))
    out.print(table)


def convention_diff(first, second, rows) -> None:
    """Print only the settings in which two conventions differ."""
    from bbscore.descriptions import describe

    out = console()
    if not rows:
        out.print(f"Правила «{first.name}» и «{second.name}» не различаются.")
        return
    table = Table(title=f"Различия: «{first.name}» и «{second.name}»", title_justify="left")
    table.add_column("ключ", overflow="fold")
    table.add_column(first.name, overflow="fold")
    table.add_column(second.name, overflow="fold")
    table.add_column("что это", overflow="fold")
    for key, left, right in rows:
        table.add_row(key, "—" if left is None else _value_text(left), "—" if right is None else _value_text(right), describe(key))
    out.print(table)


def counted(game, values: list[tuple[str, int]], bonus: int, total: int, cards: int) -> None:
    """Print a side's taken cards with each card's visty and the total."""
    out = console()
    table = Table(title=f"Висты за карты, игра {game.value} ({game.russian})", title_justify="left")
    table.add_column("карта")
    table.add_column("висты", justify="right")
    for card, points in values:
        table.add_row(card, str(points))
    if bonus:
        table.add_row("послед", str(bonus))
    table.add_row(styled("итого", "bold"), styled(str(total), "bold"))
    out.print(table)
    if cards % 4:
        out.print(f"внимание: карт {cards} — взятки идут по 4 карты")


def resolution(contract, result, convention: Convention) -> None:
    """Print which constructions pass, with their visty and the reasoning."""
    out = console()
    out.print(styled(f"Контракт {contract}: {contract.describe()}", "bold"))
    for number, reason in enumerate(reasons_text(result, convention), start=1):
        out.print(f"{number}. {reason}")
    if result.passed:
        table = Table(title="Проходят", title_justify="left")
        for column in ("игрок", "пара", "конструкция"):
            table.add_column(column)
        table.add_column("висты", justify="right")
        for meld, visty in result.passed:
            table.add_row(str(meld.seat), meld.pair.value, str(meld), str(visty))
        out.print(table)
    if result.cancelled:
        table = Table(title="Не проходят", title_justify="left")
        for column in ("игрок", "пара", "конструкция", "почему"):
            table.add_column(column, overflow="fold")
        for meld, why in result.cancelled:
            table.add_row(str(meld.seat), meld.pair.value, str(meld), cancel_text(why))
        out.print(table)
    if result.redeal:
        out.print(styled("Сдача без результата: пересдача.", "bold"))
    else:
        winner = f"пара {result.winner_pair.value}" if result.winner_pair else "ни одна пара"
        odd, even = result.visty[Partnership.ODD], result.visty[Partnership.EVEN]
        out.print(styled(f"Конструкции проходят: {winner}. Висты: пара 13 — {odd}, пара 24 — {even}.", "bold"))
