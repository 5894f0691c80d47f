"""The Belot family's referee for people (``bbscore referee``): the tricks as a 40-column table with the first illegal
card marked, the verdict on the play with the rule and its source, each pair's tricks and points, the constructions
held and announced, the bela, which pass, and the score with its working.  Imported only when printing for a person.
"""

from __future__ import annotations

from bbscore.belot.convention import Convention
from bbscore.belot.referee import Ruling
from bbscore.i18n import N_, _, ngettext
from bbscore.render.layout import console, styled
from bbscore.render.referee import ILLEGAL_MARK, UNDECIDED_MARK, notation, trick_table
from bbscore.seats import Partnership

# The duties of the play (bbscore.belot.referee), as what the player had to do (translated where shown).
DUTIES = {
    "follow_suit": N_("положить карту масти хода"),
    "raise": N_("перебить старшей картой масти хода"),
    "trump": N_("козырять"),
    "overtrump": N_("перебить козырь старшим козырем"),
    "undertrump": N_("положить козырь, хоть и младше"),
}
STATUSES = {
    "held": N_("объявлена, на руках есть"),
    "not_held": N_("объявлена, но на руках её нет — не засчитывается"),
    "not_announced": N_("на руках есть, но не объявлена — не засчитывается"),
    "invalid": N_("объявлена, но вместе с другими не засчитывается: {reason}"),
}
BELAS = {
    "counted": N_("бэла {suit} — {player}: сказана как положено, засчитывается"),
    "not_said": N_("бэла {suit} — {player}: на руках есть, «бэла» не сказана — не засчитывается"),
    "said_wrongly": N_("бэла {suit} — {player}: сказана не так, как требуют правила ({why}) — не засчитывается"),
    "not_held": N_("«бэла» {suit} сказана игроком {player}, у которого нет короля и дамы — не засчитывается"),
    "undecided": N_("бэла {suit} — {player}: по записанной части не решить"),
}
BELA_WHY = {
    "not_both": N_("«бэла» — при обеих картах"),
    "not_first": N_("«бэла» — при первой из двух карт"),
    "not_led_suit": N_("в ВК — только в масти хода или на своём ходе"),
}
NOT_DECIDED = {
    "legality": N_("законность некоторых карт: неизвестно, что ещё было на руках (отмечены «?»)"),
    "constructions": N_("конструкции: известны не все карты, сданные игрокам"),
    "bela": N_("бэла: её карты сыграны не во взятках, что записаны"),
    "score": N_("счёт сдачи: записаны не все 8 взяток или не все руки"),
}
_SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def ruling(result: Ruling, convention: Convention) -> None:
    """Print the ruling (:func:`lines`)."""
    out = console()
    for text, style in lines(result, convention):
        out.print(styled(text, style) if style else text)


def lines(result: Ruling, convention: Convention) -> list[tuple[str, str | None]]:
    """The ruling as lines for a person, each with its style (None: plain)."""
    deal = result.deal
    out: list[tuple[str, str | None]] = []
    name = deal.name
    declarers = [name(seat) for seat in (1, 2, 3, 4) if Partnership.of_seat(seat) is result.declarers]
    out.append((_("Сдача {contract}: разыгрывают {first} и {second}; сдавал {dealer}. Правила «{convention}».").format(
        contract=notation(deal.contract), first=declarers[0], second=declarers[1], dealer=name(4),
        convention=result.convention), "bold"))
    out.append((_("Места: {seats}.").format(seats=", ".join(f"{seat} {name(seat)}" for seat in (1, 2, 3, 4))), None))
    marks = {}
    if result.first_illegal is not None:
        marks[(result.first_illegal.trick, result.first_illegal.position)] = ILLEGAL_MARK
    for judged in result.undecided:
        marks[(judged.trick, judged.position)] = UNDECIDED_MARK
    rows = []
    for trick in result.tricks:
        cards = [notation(card) + marks.get((trick.number, position), "")
                 for position, (_seat, card) in enumerate(trick.plays)]
        rows.append((str(trick.number), str(trick.leader), cards, str(trick.winner), str(trick.points)))
    if rows:
        out.append((_("Взятки (карты от ходившего; послед +{last} — во взятке 8):").format(
            last=convention.settings.points.last_trick), "bold"))
        out += [(line, None) for line in trick_table(rows)]
    out.append((_play_verdict(result), "bold"))
    out.append((_("Правила розыгрыша: {source}.").format(source=result.source), None))
    odd, even = Partnership.ODD, Partnership.EVEN
    out.append((_("Взятки: {odd_names} — {odd_tricks} ({odd_points}), {even_names} — {even_tricks} ({even_points}).").format(
        odd_names=f"{name(1)}+{name(3)}", odd_tricks=result.tricks_won[odd], odd_points=_visty(result.points[odd]),
        even_names=f"{name(2)}+{name(4)}", even_tricks=result.tricks_won[even], even_points=_visty(result.points[even])),
        None))
    out += _constructions(result, convention)
    out += _score(result, convention)
    if result.not_decided:
        out.append((_("Не решено (записана не вся сдача):"), "bold"))
        out += [("  " + _(NOT_DECIDED[key]), None) for key in result.not_decided]
    return out


def _visty(count: int) -> str:
    return ngettext("{count} вист", "{count} вистов", count, few="{count} виста").format(count=count)


def _play_verdict(result: Ruling) -> str:
    illegal = result.first_illegal
    if illegal is None:
        if result.undecided:
            return _("Неправильных карт не найдено; не решено карт: {count} (отмечены «?»).").format(count=len(result.undecided))
        return _("Все карты сыграны по правилам.")
    legal = ", ".join(notation(card) for card in sorted(illegal.legal, key=_order))
    return _("Первая неправильная карта: взятка {trick}, {player} — {card}; нужно было {duty}, можно было: "
             "{legal}.").format(trick=illegal.trick, player=result.deal.name(illegal.seat), card=notation(illegal.card),
                                duty=_(DUTIES[illegal.duty]) if illegal.duty in DUTIES else illegal.duty, legal=legal)


def _order(card) -> tuple:
    from bbscore.belot.cards import RANKS, SUITS

    return SUITS.index(card.suit), RANKS.index(card.rank)


def _constructions(result: Ruling, convention: Convention) -> list[tuple[str, str | None]]:
    from bbscore.belot.reasons import reasons_text

    out: list[tuple[str, str | None]] = []
    name = result.deal.name
    if result.announcements or result.belas:
        out.append((_("Конструкции:"), "bold"))
    for check in result.announcements:
        status = _(STATUSES[check.status]).format(reason=check.reason or "")
        shown = notation(check.meld) if check.meld is not None else check.text  # as announced when not held
        out.append((f"  {name(check.seat)}: {shown} — {status}", None))
    for check in result.belas:
        out.append(("  " + _(BELAS[check.status]).format(suit=_SUITS[check.suit], player=name(check.seat),
                                                        why=_(BELA_WHY[check.why]) if check.why else ""), None))
    if result.resolution is not None and (result.resolution.passed or result.resolution.cancelled):
        out += [("  " + text, None) for text in reasons_text(result.resolution, convention)]
    if result.redeal:
        out.append((_("Сдача без результата: такие рамки по этим правилам — пересдача."), "bold"))
    return out


REVOKES = {
    "bait": N_("Неправильная карта стоит сдачи (play.revoke = bait): противники нарушителя берут её, как при байте."),
    "penalty": N_("Неправильная карта стоит штрафа (play.revoke = penalty): {penalty} очков противникам нарушителя."),
}


def _score(result: Ruling, convention: Convention) -> list[tuple[str, str | None]]:
    from bbscore.belot.working import marks, steps

    if result.breakdown is None or result.hand is None:
        return []
    out: list[tuple[str, str | None]] = []
    name = result.deal.name
    declarers = "+".join(name(seat) for seat in (1, 2, 3, 4) if Partnership.of_seat(seat) is result.declarers)
    defenders = "+".join(name(seat) for seat in (1, 2, 3, 4) if Partnership.of_seat(seat) is not result.declarers)
    out.append((_("Расчёт сдачи:"), "bold"))
    out += [(f"  {number}. {text}", None) for number, text in enumerate(steps(result.hand, result.breakdown, convention), 1)]
    if result.revoke is not None:
        out.append((_(REVOKES[result.revoke]).format(penalty=convention.settings.play.revoke_penalty), None))  # type: ignore[union-attr]
        written = (str(result.declarers_points), str(result.defenders_points))
    else:
        written = marks(result.breakdown)
    out.append((_("Пишут: {declarers} {declarers_points}, {defenders} {defenders_points}.").format(
        declarers=declarers, declarers_points=written[0], defenders=defenders, defenders_points=written[1]), "bold"))
    return out
