"""Preferans's referee for people (``bbscore pref referee``): the tricks as a 40-column table with the first illegal
card marked (on распасы with the talon open, its card in brackets before the trick's), the verdict on the play with
the rule and its source, each player's tricks, and what the hand writes with its working.
"""

from __future__ import annotations

from bbscore.i18n import N_, _
from bbscore.preferans.referee import PrefRuling
from bbscore.render.layout import console, styled
from bbscore.render.referee import ILLEGAL_MARK, UNDECIDED_MARK, notation, trick_table

DUTIES = {
    "follow_suit": N_("положить карту масти хода"),
    "trump": N_("козырять"),
    "overtrump": N_("перебить козырь старшим козырем"),
}
NOT_DECIDED = {
    "legality": N_("законность некоторых карт: неизвестно, что ещё было на руках (отмечены «?»)"),
    "score": N_("запись сдачи: записаны не все 10 взяток или не все руки, прикуп и снос"),
}
HEADERS = (N_("№"), N_("ход"), N_("карты"), N_("взял"), N_("взяток"))  # translated where shown
TALON_HEADERS = (N_("№"), N_("ход"), N_("прикуп"), N_("карты"), N_("взял"), N_("взяток"))


def ruling(result: PrefRuling, penalty: int = 0) -> None:
    """Print the ruling (:func:`lines`; ``penalty``: the rules' ``play.revoke_penalty``)."""
    out = console()
    for text, style in lines(result, penalty):
        out.print(styled(text, style) if style else text)


def lines(result: PrefRuling, penalty: int = 0) -> list[tuple[str, str | None]]:
    """The ruling as lines for a person, each with its style (None: plain)."""
    from bbscore.preferans.contract import Kind
    from bbscore.render.preferans import _entries_lines
    from bbscore.preferans.working import hand_lines

    deal = result.deal
    out: list[tuple[str, str | None]] = []
    game = notation(deal.contract)
    if deal.declarer is None:
        head = _("Сдача: {game}; сдавал {dealer}. Правила «{convention}».").format(
            game=game, dealer=deal.dealer, convention=result.convention)
    else:
        words = [(_("вистует {names}") if len(deal.whisted) == 1 else _("вистуют {names}")).format(
            names=_(" и ").join(deal.whisted))] if deal.whisted else []
        words += [(_("пасует {names}") if len(deal.passed) == 1 else _("пасуют {names}")).format(
            names=_(" и ").join(deal.passed))] if deal.passed else []
        head = _("Сдача {game}: играет {declarer}{words}; сдавал {dealer}. Правила «{convention}».").format(
            game=game, declarer=deal.declarer, words="".join("; " + w for w in words), dealer=deal.dealer,
            convention=result.convention)
    out.append((head, "bold"))
    seats = ", ".join(f"{seat} {deal.name(seat)}" for seat in (1, 2, 3))
    out.append((_("Места: {seats} (1 — первая рука){out}.").format(
        seats=seats, out=_("; {dealer} на прикупе").format(dealer=deal.dealer) if len(deal.players) == 4 else ""), None))
    if deal.talon or deal.discard:
        parts = [_("прикуп {cards}").format(cards=" ".join(notation(c) for c in deal.talon))] if deal.talon else []
        parts += [_("снос {cards}").format(cards=" ".join(notation(c) for c in deal.discard))] if deal.discard else []
        out.append((_("Прикуп и снос: {parts}.").format(parts="; ".join(parts)), None))
    marks = {}
    if result.first_illegal is not None:
        marks[(result.first_illegal.trick, result.first_illegal.position)] = ILLEGAL_MARK
    for judged in result.undecided:
        marks[(judged.trick, judged.position)] = UNDECIDED_MARK
    rows, counts = [], dict.fromkeys((1, 2, 3), 0)
    talon = any(seat is None for trick in result.tricks for seat, _card in trick.plays)
    for trick in result.tricks:
        turned = next((notation(card) for seat, card in trick.plays if seat is None), "")
        cards = [notation(card) + marks.get((trick.number, position), "")
                 for position, (_seat, card) in enumerate((s, c) for s, c in trick.plays if s is not None)]
        counts[trick.winner] += 1
        row = [str(trick.number), str(trick.leader), cards, str(trick.winner),
               "/".join(str(counts[seat]) for seat in (1, 2, 3))]
        rows.append(row[:2] + [turned] + row[2:] if talon else row)
    if rows:
        out.append((_("Взятки (карты от ходившего; взяток — сколько у 1/2/3 после взятки):"), "bold"))
        out += [(line, None) for line in trick_table(rows, TALON_HEADERS if talon else HEADERS,
                                                     left=(2, 3) if talon else (2,))]
    out.append((_verdict(result), "bold"))
    out.append((_("Правила розыгрыша: {source}.").format(source=result.source), None))
    taken = ", ".join(f"{name} {count}" for name, count in result.taken.items())
    out.append((_("Взятки: {taken}.").format(taken=taken), None))
    if result.credited != result.taken:
        whister = deal.whisted[0]
        out.append((_("Вистует один {whister}, {passer} пасует: взятки защиты пишутся вистующему — {count}.").format(
            whister=whister, passer=deal.passed[0], count=result.credited[whister]), None))
    if deal.contract.kind is Kind.GAME and not deal.whisted:
        out.append((_("Оба защитника спасовали: игра не разыгрывается."), None))
    if result.entries is not None:
        out.append((_("Запись:"), "bold"))
        out += [("  " + line, None) for line in _entries_lines(result.entries)]
        out += [(f"  {index}. {line}", None) for index, line in enumerate(hand_lines(result.entries), start=1)]
        if result.revoke == "penalty":
            out.append((_("Неправильная карта стоит штрафа (play.revoke = penalty): {player} пишет в гору ещё "
                          "{penalty} (это уже в записи).").format(
                player=deal.name(result.first_illegal.seat), penalty=penalty), None))  # type: ignore[union-attr]
    if result.not_decided:
        out.append((_("Не решено (записана не вся сдача):"), "bold"))
        out += [("  " + _(NOT_DECIDED[key]), None) for key in result.not_decided]
    return out


def _verdict(result: PrefRuling) -> str:
    illegal = result.first_illegal
    if illegal is None:
        if result.undecided:
            return _("Неправильных карт не найдено; не решено карт: {count} (отмечены «?»).").format(count=len(result.undecided))
        return _("Все карты сыграны по правилам.")
    legal = ", ".join(notation(card) for card in sorted(illegal.legal, key=lambda c: (c.suit, c.rank)))
    return _("Первая неправильная карта: взятка {trick}, {player} — {card}; нужно было {duty}, можно было: "
             "{legal}.").format(trick=illegal.trick, player=result.deal.name(illegal.seat), card=notation(illegal.card),
                                duty=_(DUTIES[illegal.duty]) if illegal.duty in DUTIES else illegal.duty, legal=legal)
