"""The working of a preferans hand, its пуля's closing and its settlement, as lines in the language in use.

Pure text from the step records of :mod:`bbscore.preferans.engine` and
:mod:`bbscore.preferans.pulya`, and from a
:class:`~bbscore.preferans.settle.Settlement`: the rendering layer prints them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbscore.i18n import _, ngettext
from bbscore.preferans import engine as e

if TYPE_CHECKING:  # (a hand's working, ``pref score``, imports neither the пуля nor the settlement)
    from fractions import Fraction  # (made only for a number that is not whole: whole ones are written as they are)

    from bbscore.preferans.settle import Settlement


MINUS = "\u2212"  # the one minus sign of every number shown (not the hyphen)


def number(value: Fraction | int) -> str:
    """A number as written on the sheet: whole as it is, else with a comma (``12,5``) or as a fraction (``1/3``)."""
    if value.__class__ is int:
        return MINUS + str(-value) if value < 0 else str(value)
    from fractions import Fraction

    value = Fraction(value)
    if value < 0:
        return MINUS + number(-value)
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
                return _("Вистует только {player}: обязательство защиты — {share} из 10 взяток.").format(player=player, share=share)
            return ngettext("Вистуют оба: {player} отвечает за {share} из {obligation} взятки обязательства.",
                            "Вистуют оба: {player} отвечает за {share} из {obligation} взяток обязательства.",
                            obligation).format(player=player, share=number(share), obligation=obligation)
        case e.WhistShort(player, share, tricks, short, per, gora):
            return _("{player}: на висте взято {tricks} при обязательстве {share} — недобор {short}, "
                     "в гору {short} × {per} = {gora}.").format(player=player, tricks=tricks, share=number(share),
                                                               short=number(short), per=per, gora=number(gora))
        case e.PairShort(tricks, obligation, short):
            return _("Вистуют оба: вместе взято {tricks} при обязательстве {obligation} — недобор пары {short}, "
                     "больше него никто не пишет.").format(tricks=tricks, obligation=obligation, short=short)
        case e.TrickVists(player, on, tricks, per, vists):
            return _("Висты {player} → {on}: за {tricks_word} {tricks} × {per} = {vists}.").format(
                player=player, tricks_word=tricks_word(tricks), on=on, tricks=tricks, per=per, vists=vists_word(vists))
        case e.Consolation(player, on, under, per, vists):
            return _("Консоляция {player} → {on}: за недобор {under} × {per} = {vists}.").format(
                player=player, on=on, under=under, per=per, vists=vists_word(vists))
        case e.Pooled(total, players, each):
            return _("При одном вистующем висты складываются ({total}) и делятся поровну: {players} пишут по {each}.").format(
                total=number(total), players=_(" и ").join(players), each=number(each))
        case e.MisereMade(player, pulya):
            return _("Мизер сыгран: {player} — ни одной взятки, в пулю {pulya}.").format(player=player, pulya=pulya)
        case e.MisereTricks(player, tricks, per, gora):
            return _("Мизер не сыгран: {player} — взято {tricks}, в гору {tricks} × {per} = {gora}.").format(
                player=player, tricks=tricks, per=per, gora=gora)
        case e.AllPassWrites(player, on, tricks, per, shared, vists):
            if shared == 1:
                return _("Распасы, меньше всех взяток — {player}. Висты {player} → {on}: взяток {tricks}, "
                         "{tricks} × {per} = {vists}.").format(player=player, on=on, tricks=tricks, per=per,
                                                              vists=vists_word(vists))
            return _("Распасы, меньше всех взяток (поровну с другим) — {player}. Висты {player} → {on}: взяток "
                     "{tricks}, ({tricks} × {per}) / {shared} = {vists}.").format(
                player=player, on=on, tricks=tricks, per=per, shared=shared, vists=vists_word(vists))
        case e.ZeroTricks(player, pulya):
            return _("Распасы: {player} — ни одной взятки, в пулю {pulya}.").format(player=player, pulya=pulya)
        case e.DealerOut(player, pulya):
            return _("Распасы: {player} сидит на прикупе и пишет в пулю {pulya}, как за ноль взяток.").format(
                player=player, pulya=pulya)
        case e.RaspasyPrice(number_, base, multiplier, price):
            return _("Распасы {number}-е подряд: цена взятки {base} × {multiplier} = {price}.").format(
                number=number_, base=base, multiplier=multiplier, price=price)
        case e.AllPassGora(player, tricks, fewest, price, gora):
            if fewest:
                return _("Распасы: {player} — взято {tricks}, меньше всех взято {fewest}, в гору ({tricks} − "
                         "{fewest}) × {price} = {gora}.").format(player=player, tricks=tricks, fewest=fewest,
                                                                 price=price, gora=gora)
            return _("Распасы: {player} пишет в гору за {tricks_word} {tricks} × {price} = {gora}.").format(
                player=player, tricks_word=tricks_word(tricks), tricks=tricks, price=price, gora=gora)
        case e.ZeroTricksOffGora(player, gora, dealer):
            if dealer:
                return _("Распасы: {player} сидит на прикупе, с горы списывается {gora}, как за ноль взяток.").format(
                    player=player, gora=gora)
            return _("Распасы: {player} — ни одной взятки, с горы списывается {gora}.").format(player=player, gora=gora)
        case e.RunEnds(run):
            return _("Распасов подряд было {run}: эта сдача их заканчивает, следующие распасы — снова первые.").format(run=run)
        case e.RunGoesOn(run, lowest):
            return _("Распасов подряд было {run}: эта сдача их не заканчивает (цена следующих распасов растёт дальше, "
                     "игра — не ниже {lowest}).").format(run=run, lowest=lowest)
    return _pulya_step_line(step)


def _pulya_step_line(step) -> str:
    """A step of a пуля's closing (:mod:`bbscore.preferans.pulya`, imported here: a hand's working needs none) in
    words; any other step as its ``repr``."""
    from bbscore.preferans import pulya as p

    match step:
        case p.PulyaClosed(player, points, kept, excess):
            return _("{player}: пуля закрыта, из {points} вошло {kept}, сверх пули {excess}.").format(
                player=player, points=points, kept=kept, excess=excess)
        case p.Helped(player, on, points, vists):
            return _("{player} отдаёт {points} в чужую пулю — {on}; висты {player} → {on}: {vists}.").format(
                player=player, points=points, on=on, vists=vists_word(vists))
        case p.OffGora(player, points):
            return _("{player}: {points} сверх пули списывается с горы.").format(player=player, points=points)
    return repr(step)


def hand_lines(entries: e.HandEntries) -> list[str]:
    """The working of one hand."""
    return [step_line(step) for step in entries.steps]


def _same(text: str) -> str:
    return text


def settlement_lines(s: Settlement, amount=_same) -> list[str]:
    """The settlement, step by step; ``amount`` applied to each amount of vists written (``10 вистов``: the rendering
    keeps it on one line)."""
    lines = []
    for player, missing in s.missing.items():
        if missing and s.missing_rate == 1:
            lines.append(_("{player}: пуля не закрыта, недостающие {missing} пишутся в гору.").format(
                player=player, missing=missing))
        elif missing:
            lines.append(_("{player}: пуля не закрыта, недостающие {missing} пишутся в гору × {rate} = {gora}.").format(
                player=player, missing=missing, rate=s.missing_rate, gora=missing * s.missing_rate))
    lines.append(_("Горы: {gora}; средняя {average}; очко горы = {rate}.").format(
        gora=", ".join(f"{q} {number(g)}" for q, g in s.gora.items()), average=number(s.average_gora),
        rate=amount(vists_word(s.rate))))
    if s.pulya_rate and s.pulya is not None and s.pulya_offset is not None:
        lines.append(_("Пули: {pulya}; средняя {average}; очко пули = {rate}: {offsets}.").format(
            pulya=", ".join(f"{q} {n}" for q, n in s.pulya.items()), average=number(s.average_pulya),
            rate=amount(vists_word(s.pulya_rate)),
            offsets=", ".join(f"{q} {signed(s.pulya_offset[q])}" for q in s.players)))
    if s.method == "average_gora":
        lines.append(_("Гора в висты: {rate} × (средняя гора − своя): {offsets}.").format(
            rate=s.rate, offsets=", ".join(f"{q} {signed(s.gora_offset[q])}" for q in s.players)))
        pooled = bool(s.pulya_rate and s.pulya is not None)  # (Leningrad: the pool's term is in each line below)
        lines.append(_("Итог = висты, написанные на других, − висты, написанные на него, + поправка за гору + поправка "
                       "за пулю:") if pooled else
                     _("Итог = висты, написанные на других, − висты, написанные на него, + поправка за гору:"))
        for q in s.players:
            line = _("{player}: висты {out} − {into} + {rate} × ({average} − {gora}) = {result}.").format(
                player=q, out=number(s.vists_out[q]), into=number(s.vists_in[q]), rate=s.rate,
                average=number(s.average_gora), gora=number(s.gora[q]), result=number(s.result[q]))
            if s.pulya_rate and s.pulya is not None:
                line = _("{player}: висты {out} − {into} + {rate} × ({average} − {gora}) + {pulya_rate} × ({pulya} − "
                         "{average_pulya}) = {result}.").format(
                    player=q, out=number(s.vists_out[q]), into=number(s.vists_in[q]), rate=s.rate,
                    average=number(s.average_gora), gora=number(s.gora[q]), pulya_rate=s.pulya_rate,
                    pulya=s.pulya[q], average_pulya=number(s.average_pulya), result=number(s.result[q]))
            lines.append(line)
    else:
        lines.append(_("Из каждой горы вычитается наименьшая ({smallest}), × {rate}, ÷ {players}.").format(
            smallest=number(s.smallest_gora), rate=s.rate, players=len(s.players)))
        for q in s.players:
            lines.append(_("{player}: от каждого другого игрока {written}; итог {result}.").format(
                player=q, written=amount(vists_word(s.written_on[q])), result=number(s.result[q])))
    lines.append(_("Итог в целых вистах: {results} (сумма 0).").format(
        results=", ".join(f"{q} {signed(v)}" for q, v in s.shown.items())))
    return lines


def vists_word(value: Fraction | int) -> str:
    """``value`` vists (1 вист, 3 виста, 5 вистов; a fraction: 70/3 виста)."""
    if value.__class__ is not int:
        from fractions import Fraction

        value = Fraction(value)
    if value.denominator != 1:
        return _("{n} виста").format(n=number(value))
    return ngettext("{n} вист", "{n} вистов", abs(value.numerator), few="{n} виста").format(n=value.numerator)  # (an int's numerator: itself)


def pairwise_lines(s: Settlement, amount=_same) -> list[str]:
    """What each player owes each other one (exact), one line a pair: ``debtor → creditor: n vists`` (``amount``: as
    :func:`settlement_lines` has it)."""
    if not s.pairwise:
        return [_("Друг другу никто ничего не должен.")]
    return [f"{debtor} → {creditor}: {amount(vists_word(vists))}" for creditor, debtor, vists in s.pairwise]


def payment_lines(s: Settlement, per_vist=None, currency: str = "", amount=_same) -> list[str]:
    """The fewest payments that settle everyone, one line each: ``payer → payee: n vists`` (with ``per_vist``, a
    :class:`~decimal.Decimal`, also the money; ``amount``: applied to each amount, of vists or of money, as
    :func:`settlement_lines` has it)."""
    from bbscore.preferans.settle import money

    if not s.payments:
        return [_("Платить никому не нужно.")]
    lines = []
    for payment in s.payments:
        line = f"{payment.payer} → {payment.payee}: {amount(vists_word(payment.vists))}"
        if per_vist is not None:
            line += " " + amount(f"= {money_text(money(payment.vists, per_vist), currency)}")
        lines.append(line)
    return lines


def money_text(value, currency: str = "") -> str:
    """An amount of money as written: the decimal comma of the language in use, then the currency."""
    text = format(value, "f").replace(".", _(",")).replace("-", MINUS)
    return f"{text} {currency}".strip()


def signed(value: Fraction | int) -> str:
    """A number with its sign: ``+30``, ``−50``, ``0``."""
    if value.__class__ is int:
        text = number(abs(value))
    else:
        from fractions import Fraction

        text = number(abs(Fraction(value)))
    return text if value == 0 else ("+" if value > 0 else "−") + text
