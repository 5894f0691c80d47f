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


def step_line(step: e.Step) -> str:
    """One step in words."""
    match step:
        case e.BothPassed(player, pulya):
            return f"Оба защитника спасовали: игра считается сыгранной, {player} пишет в пулю {pulya}."
        case e.GameMade(player, tricks, level, pulya):
            return f"{player} взял {tricks} из {level} нужных: игра сыграна, в пулю {pulya}."
        case e.Undertricks(player, tricks, level, under, per, gora):
            return f"{player} взял {tricks} из {level}: недобор {under}, в гору {under} × {per} = {gora}."
        case e.WhistShare(player, obligation, share, whisters):
            whole = "обязательство" if whisters == 1 else f"его часть обязательства {obligation}"
            return f"Вистующий {player}: {whole} — {share} взят."
        case e.WhistShort(player, share, tricks, short, per, gora):
            return f"{player} взял на висте {tricks} из {share}: недобор {short}, в гору {short} × {per} = {gora}."
        case e.TrickVists(player, on, tricks, per, vists):
            return f"{player} за {tricks} взят. пишет на {on} {tricks} × {per} = {number(vists)} вистов."
        case e.Consolation(player, on, under, per, vists):
            return f"Консоляция {player}: за {under} недобр. на {on} {under} × {per} = {number(vists)} вистов."
        case e.Pooled(total, players, each):
            return f"Висты складываются ({number(total)}) и делятся поровну: {', '.join(players)} пишут по {number(each)}."
        case e.MisereMade(player, pulya):
            return f"Мизер сыгран: {player} пишет в пулю {pulya}."
        case e.MisereTricks(player, tricks, per, gora):
            return f"На мизере {player} взял {tricks}: в гору {tricks} × {per} = {gora}."
        case e.AllPassWrites(player, on, tricks, per, shared, vists):
            share = "" if shared == 1 else f" / {shared}"
            return f"Распасы: {player} пишет на {on} ({tricks} × {per}){share} = {number(vists)} вистов."
        case e.ZeroTricks(player, pulya):
            return f"Распасы: {player} без взяток, в пулю {pulya}."
        case e.DealerOut(player, pulya):
            return f"Распасы: сидящий на прикупе {player} пишет в пулю {pulya}, как за ноль взяток."
        case p.PulyaClosed(player, points, kept, excess):
            return f"Пуля {player} закрыта: из {points} вошло {kept}, сверх — {excess}."
        case p.Helped(player, on, points, vists):
            return f"{player} помогает {on}: {points} в его пулю, на него {number(vists)} вистов."
        case p.OffGora(player, points):
            return f"{player}: {points} сверх пули списывается с горы."
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
        for q in s.players:
            lines.append(f"{q}: висты {number(s.vists_out[q])} − {number(s.vists_in[q])} "
                         f"+ {s.rate} × ({number(s.average_gora)} − {s.gora[q]}) = {number(s.result[q])}.")
    else:
        lines.append(f"Из каждой горы вычитается наименьшая ({s.smallest_gora}), × {s.rate}, ÷ {len(s.players)}.")
        for q in s.players:
            lines.append(f"На {q} каждый другой пишет {number(s.written_on[q])}; итог {number(s.result[q])}.")
    lines.append("Итог в целых вистах: " + ", ".join(f"{q} {v:+d}" for q, v in s.shown.items()) + " (сумма 0).")
    return lines
