"""The working of a preferans hand, its пуля's closing and its settlement, as lines in the language in use.

Pure text from the step records of :mod:`bbscore.preferans.engine` and
:mod:`bbscore.preferans.pulya`, and from a
:class:`~bbscore.preferans.settle.Settlement`: the rendering layer prints them.
"""

from __future__ import annotations

from fractions import Fraction

from bbscore.i18n import _, ngettext
from bbscore.preferans import engine as e
from bbscore.preferans import pulya as p
from bbscore.preferans.settle import Settlement


def number(value: Fraction | int) -> str:
    """A number as written on the sheet: whole as it is, else with a comma (``12,5``) or as a fraction (``1/3``)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 10).denominator == 1:
        return f"{float(value):g}".replace(".", _(","))  # the decimal comma
    return f"{value.numerator}/{value.denominator}"


def tricks_word(n: int) -> str:
    """``n`` tricks after «за» (accusative): 1 взятку, 3 взятки, 5 взяток, 21 взятку."""
    return ngettext("{n} взятку", "{n} взяток", n, few="{n} взятки").format(n=n)


def step_line(step: e.Step) -> str:
    """One step in words (names are not declined: they are the players' own text)."""
    match step:
        case e.BothPassed(player, pulya):
            return _("Оба защитника спасовали: игра считается сыгранной, {player} пишет в пулю {pulya}.").format(
                player=player, pulya=pulya)
        case e.GameMade(player, tricks, level, pulya):
            return _("{player}: взято {tricks} при заказанных {level} — игра сыграна, в пулю {pulya}.").format(
                player=player, tricks=tricks, level=level, pulya=pulya)
        case e.Undertricks(player, tricks, level, under, per, gora):
            return _("{player}: взято {tricks} при заказанных {level} — недобор {under}, в гору {under} × {per} = {gora}.").format(
                player=player, tricks=tricks, level=level, under=under, per=per, gora=gora)
        case e.WhistShare(player, obligation, share, whisters):
            if whisters == 1:
                return _("Вистует один {player}: обязательство защиты — {share} из 10 взяток.").format(player=player, share=share)
            return _("Вистуют оба: {player} отвечает за {share} из {obligation} взяток обязательства.").format(
                player=player, share=share, obligation=obligation)
        case e.WhistShort(player, share, tricks, short, per, gora):
            return _("{player}: на висте взято {tricks} при обязательстве {share} — недобор {short}, "
                     "в гору {short} × {per} = {gora}.").format(player=player, tricks=tricks, share=share, short=short,
                                                               per=per, gora=gora)
        case e.TrickVists(player, on, tricks, per, vists):
            return _("{player} за {tricks_word} пишет на {on} {tricks} × {per} = {vists} вистов.").format(
                player=player, tricks_word=tricks_word(tricks), on=on, tricks=tricks, per=per, vists=number(vists))
        case e.Consolation(player, on, under, per, vists):
            return _("Консоляция: {player} пишет на {on} за недобор {under} × {per} = {vists} вистов.").format(
                player=player, on=on, under=under, per=per, vists=number(vists))
        case e.Pooled(total, players, each):
            return _("При одном вистующем висты складываются ({total}) и делятся поровну: {players} пишут по {each}.").format(
                total=number(total), players=_(" и ").join(players), each=number(each))
        case e.MisereMade(player, pulya):
            return _("Мизер сыгран: у {player} ни одной взятки, в пулю {pulya}.").format(player=player, pulya=pulya)
        case e.MisereTricks(player, tricks, per, gora):
            return _("Мизер не сыгран: у {player} взято {tricks}, в гору {tricks} × {per} = {gora}.").format(
                player=player, tricks=tricks, per=per, gora=gora)
        case e.AllPassWrites(player, on, tricks, per, shared, vists):
            if shared == 1:
                return _("Распасы: у {player} меньше всех взяток — он пишет на {on} за его {tricks_word} "
                         "{tricks} × {per} = {vists} вистов.").format(player=player, on=on, tricks_word=tricks_word(tricks),
                                                                     tricks=tricks, per=per, vists=number(vists))
            return _("Распасы: у {player} меньше всех взяток (поровну с другим) — он пишет на {on} за его "
                     "{tricks_word} ({tricks} × {per}) / {shared} = {vists} вистов.").format(
                player=player, on=on, tricks_word=tricks_word(tricks), tricks=tricks, per=per, shared=shared,
                vists=number(vists))
        case e.ZeroTricks(player, pulya):
            return _("Распасы: у {player} ни одной взятки — в пулю {pulya}.").format(player=player, pulya=pulya)
        case e.DealerOut(player, pulya):
            return _("Распасы: сидящий на прикупе {player} пишет в пулю {pulya}, как за ноль взяток.").format(
                player=player, pulya=pulya)
        case p.PulyaClosed(player, points, kept, excess):
            return _("Пуля {player} закрыта: из {points} вошло {kept}, сверх пули {excess}.").format(
                player=player, points=points, kept=kept, excess=excess)
        case p.Helped(player, on, points, vists):
            return _("{player} отдаёт {points} в пулю {on} и пишет на него {vists} вистов.").format(
                player=player, points=points, on=on, vists=number(vists))
        case p.OffGora(player, points):
            return _("{player}: {points} сверх пули списывается с его горы.").format(player=player, points=points)
    return repr(step)


def hand_lines(entries: e.HandEntries) -> list[str]:
    """The working of one hand."""
    return [step_line(step) for step in entries.steps]


def settlement_lines(s: Settlement) -> list[str]:
    """The settlement, step by step."""
    lines = []
    for player, missing in s.missing.items():
        if missing:
            lines.append(_("Пуля {player} не закрыта: недостающие {missing} пишутся в гору.").format(
                player=player, missing=missing))
    lines.append(_("Горы: {gora}; средняя {average}; очко горы = {rate} вистов.").format(
        gora=", ".join(f"{q} {g}" for q, g in s.gora.items()), average=number(s.average_gora), rate=s.rate))
    if s.method == "average_gora":
        lines.append(_("Гора в висты: {rate} × (средняя гора − своя): {offsets}.").format(
            rate=s.rate, offsets=", ".join(f"{q} {signed(s.gora_offset[q])}" for q in s.players)))
        lines.append(_("Итог = висты, написанные на других, − висты, написанные на него, + поправка за гору:"))
        for q in s.players:
            lines.append(_("{player}: висты {out} − {into} + {rate} × ({average} − {gora}) = {result}.").format(
                player=q, out=number(s.vists_out[q]), into=number(s.vists_in[q]), rate=s.rate,
                average=number(s.average_gora), gora=s.gora[q], result=number(s.result[q])))
    else:
        lines.append(_("Из каждой горы вычитается наименьшая ({smallest}), × {rate}, ÷ {players}.").format(
            smallest=s.smallest_gora, rate=s.rate, players=len(s.players)))
        for q in s.players:
            lines.append(_("На {player} каждый другой пишет {written}; итог {result}.").format(
                player=q, written=number(s.written_on[q]), result=number(s.result[q])))
    lines.append(_("Итог в целых вистах: {results} (сумма 0).").format(
        results=", ".join(f"{q} {v:+d}" for q, v in s.shown.items())))
    return lines


def signed(value: Fraction | int) -> str:
    """A number with its sign: ``+30``, ``−50``, ``0``."""
    text = number(abs(Fraction(value)))
    return text if value == 0 else ("+" if value > 0 else "−") + text
