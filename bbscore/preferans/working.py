"""The working of a preferans hand, its пуля's closing and its settlement, as Russian lines.

Pure text from the step records of :mod:`bbscore.preferans.engine` and
:mod:`bbscore.preferans.pulya`, and from a
:class:`~bbscore.preferans.settle.Settlement`: the rendering layer prints them.
"""

from __future__ import annotations

from fractions import Fraction

from bbscore.preferans import engine as e
from bbscore.preferans import pulya as p
from bbscore.preferans.settle import Settlement


def number(value: Fraction | int) -> str:
    """A number as written on the sheet: whole as it is, else with a comma (``12,5``) or as a fraction (``1/3``)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 10).denominator == 1:
        return f"{float(value):g}".replace(".", ",")
    return f"{value.numerator}/{value.denominator}"


def tricks_word(n: int) -> str:
    """``n`` tricks after «за» (accusative): 1 взятку, 3 взятки, 5 взяток, 21 взятку."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} взятку"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return f"{n} взятки"
    return f"{n} взяток"


def step_line(step: e.Step) -> str:
    """One step in words (names are not declined: they are the players' own text)."""
    match step:
        case e.BothPassed(player, pulya):
            return f"Оба защитника спасовали: игра считается сыгранной, {player} пишет в пулю {pulya}."
        case e.GameMade(player, tricks, level, pulya):
            return f"{player}: взято {tricks} при заказанных {level} — игра сыграна, в пулю {pulya}."
        case e.Undertricks(player, tricks, level, under, per, gora):
            return f"{player}: взято {tricks} при заказанных {level} — недобор {under}, в гору {under} × {per} = {gora}."
        case e.WhistShare(player, obligation, share, whisters):
            if whisters == 1:
                return f"Вистует один {player}: обязательство защиты — {share} из 10 взяток."
            return f"Вистуют оба: {player} отвечает за {share} из {obligation} взяток обязательства."
        case e.WhistShort(player, share, tricks, short, per, gora):
            return (f"{player}: на висте взято {tricks} при обязательстве {share} — недобор {short}, "
                    f"в гору {short} × {per} = {gora}.")
        case e.TrickVists(player, on, tricks, per, vists):
            return f"{player} за {tricks_word(tricks)} пишет на {on} {tricks} × {per} = {number(vists)} вистов."
        case e.Consolation(player, on, under, per, vists):
            return f"Консоляция: {player} пишет на {on} за недобор {under} × {per} = {number(vists)} вистов."
        case e.Pooled(total, players, each):
            return (f"При одном вистующем висты складываются ({number(total)}) и делятся поровну: "
                    f"{' и '.join(players)} пишут по {number(each)}.")
        case e.MisereMade(player, pulya):
            return f"Мизер сыгран: у {player} ни одной взятки, в пулю {pulya}."
        case e.MisereTricks(player, tricks, per, gora):
            return f"Мизер не сыгран: у {player} взято {tricks}, в гору {tricks} × {per} = {gora}."
        case e.AllPassWrites(player, on, tricks, per, shared, vists):
            if shared == 1:
                return (f"Распасы: у {player} меньше всех взяток — он пишет на {on} за его {tricks_word(tricks)} "
                        f"{tricks} × {per} = {number(vists)} вистов.")
            return (f"Распасы: у {player} меньше всех взяток (поровну с другим) — он пишет на {on} за его "
                    f"{tricks_word(tricks)} ({tricks} × {per}) / {shared} = {number(vists)} вистов.")
        case e.ZeroTricks(player, pulya):
            return f"Распасы: у {player} ни одной взятки — в пулю {pulya}."
        case e.DealerOut(player, pulya):
            return f"Распасы: сидящий на прикупе {player} пишет в пулю {pulya}, как за ноль взяток."
        case p.PulyaClosed(player, points, kept, excess):
            return f"Пуля {player} закрыта: из {points} вошло {kept}, сверх пули {excess}."
        case p.Helped(player, on, points, vists):
            return f"{player} отдаёт {points} в пулю {on} и пишет на него {number(vists)} вистов."
        case p.OffGora(player, points):
            return f"{player}: {points} сверх пули списывается с его горы."
    return repr(step)


def hand_lines(entries: e.HandEntries) -> list[str]:
    """The working of one hand."""
    return [step_line(step) for step in entries.steps]


def settlement_lines(s: Settlement) -> list[str]:
    """The settlement, step by step."""
    lines = []
    for player, missing in s.missing.items():
        if missing:
            lines.append(f"Пуля {player} не закрыта: недостающие {missing} пишутся в гору.")
    lines.append("Горы: " + ", ".join(f"{q} {g}" for q, g in s.gora.items())
                 + f"; средняя {number(s.average_gora)}; очко горы = {s.rate} вистов.")
    if s.method == "average_gora":
        lines.append(f"Гора в висты: {s.rate} × (средняя гора − своя): "
                     + ", ".join(f"{q} {signed(s.gora_offset[q])}" for q in s.players) + ".")
        lines.append("Итог = висты, написанные на других, − висты, написанные на него, + поправка за гору:")
        for q in s.players:
            lines.append(f"{q}: висты {number(s.vists_out[q])} − {number(s.vists_in[q])} "
                         f"+ {s.rate} × ({number(s.average_gora)} − {s.gora[q]}) = {number(s.result[q])}.")
    else:
        lines.append(f"Из каждой горы вычитается наименьшая ({s.smallest_gora}), × {s.rate}, ÷ {len(s.players)}.")
        for q in s.players:
            lines.append(f"На {q} каждый другой пишет {number(s.written_on[q])}; итог {number(s.result[q])}.")
    lines.append("Итог в целых вистах: " + ", ".join(f"{q} {v:+d}" for q, v in s.shown.items()) + " (сумма 0).")
    return lines


def signed(value: Fraction | int) -> str:
    """A number with its sign: ``+30``, ``−50``, ``0``."""
    text = number(abs(Fraction(value)))
    return text if value == 0 else ("+" if value > 0 else "−") + text
