"""The working of a hand's score, step by step, in the game's Russian terms.

Pure text from a :class:`~bbscore.belot.scoring.Breakdown`: a person checking a
disputed score can follow each line to the number (seed 000 §5 order).
"""

from __future__ import annotations

from bbscore.belot.constructions import format_list, lost_without_trick, visty_of
from bbscore.belot.contract import ContractKind, Doubling
from bbscore.belot.convention import Convention
from bbscore.belot.hand import Hand, count_cards
from bbscore.i18n import N_, _, ngettext
from bbscore.belot.scoring import Breakdown, Outcome
from bbscore.seats import Side

_DOUBLING_WORDS = {Doubling.CONTRA: N_("контра"), Doubling.RECONTRA: N_("реконтра")}
_ROUNDING = {
    "half_up": N_("до кратного {u}, 5 вверх"),
    "half_down": N_("до кратного {u}, 5 вниз"),
    "down": N_("вниз до кратного {u}"),
    "up": N_("вверх до кратного {u}"),
    "threshold": N_("до кратного {u}, вверх с остатка {up_from}"),
}
# What stands in the column of a pair left with nothing (seed 000 §5); of the declarers of a held tie (RULES.md §12).
NOTHING = N_("БТ")
HELD = N_("вис. {held}")


def formula(breakdown: Breakdown, convention: Convention) -> dict:
    """The convention's own formula for this hand, as data (``score --json``): how visty become points, what doubling
    multiplies, which kapo the file has, and the written row that applied."""
    settings = convention.settings
    row = getattr(settings.written, breakdown.outcome.value)
    data = {
        "rounded": settings.points.rounded, "rounding": settings.points.rounding,
        "doubling_multiplies": settings.doubling.multiplies, "kapo": settings.kapo.style,
        "written": {"declarers": list(row.declarers), "defenders": list(row.defenders)},
        "declarers_get_the_rest": settings.points.rounded == "defenders",
    }
    # Where the rule set uses the settings of the whole family (RULES.md §12), they are named too.
    if row.held:
        data["written"]["held"] = list(row.held)
    if settings.made.simple in ("outscore", "at_least_defenders") or "game" in convention.forms:
        data["made"] = settings.made.simple
    if settings.tie is not None:
        data["tie"] = {"rule": settings.tie.rule, "held_to": settings.tie.held_to}
    if settings.points.rounding == "threshold":
        data["round_up_from"] = convention.game(breakdown.contract.game.kind).round_up_from
    if settings.points.rounded == "declarers":
        data["defenders_get_the_rest"] = True
    if settings.contract is not None:
        data["forms"] = list(convention.forms)
    if breakdown.contract.is_kapo:
        data["kapo_card_points"] = settings.kapo.card_points
    return data


def marks(breakdown: Breakdown) -> tuple[str, str]:
    """What stands in each pair's column: the points, or «БТ» for a pair whose written row is empty — it is left
    with nothing (seed 000 §5); a pair that writes its own 0 points shows 0.  On a held tie the declarers' column
    shows what is held over (RULES.md §12): «вис. 8»."""
    if breakdown.outcome is Outcome.TIE and not breakdown.declarers_terms:
        declarers = _(HELD).format(held=breakdown.held)
    else:
        declarers = _(NOTHING) if not breakdown.declarers_terms else str(breakdown.declarers)
    return declarers, _(NOTHING) if not breakdown.defenders_terms else str(breakdown.defenders)


def sheet_marks(result) -> tuple[str, str]:
    """What a replayed hand shows in each pair's column, in the protocol's pair order: :func:`marks`, with the points
    of ties held over that a pair received in this hand added to its own (RULES.md §12)."""
    declarers, defenders = marks(result.breakdown)
    points = [declarers, defenders] if result.by == 0 else [defenders, declarers]
    if result.held_to is not None:
        points[result.held_to] = str(result.score[result.held_to])
    return points[0], points[1]


def held_note(result, pairs) -> str:
    """What a hand did with the points of ties held over (RULES.md §12): «+8 отложенных — Мы» when a pair received
    them, «отложено 8» while some stay held; "" when nothing is held."""
    if result.error is not None:
        return ""
    if result.held_to is not None:
        return _("+{held} отложенных — {pair}").format(held=result.held_in, pair=pairs[result.held_to])
    if result.held_out:
        return _("отложено {held}").format(held=result.held_out)
    return ""


def steps(hand: Hand, breakdown: Breakdown, convention: Convention) -> list[str]:
    """The working as numbered-step texts (without the numbers)."""
    b = breakdown
    contract = b.contract
    kind = contract.game.kind
    unit = convention.settings.points.visty_per_point
    lines = []
    kind_text = _({"simple": N_("простая игра"), "kapo": N_("капо"), "kapo_hand": N_("капо с руки"),
                   "kapo_bid": N_("заявка с капо: нужно набрать 10·N и взять все 8 взяток"),
                   "game": N_("игра без заявки")}[contract.kind.value])
    lines.append(_("Контракт {contract}: {words} ({kind}); стоимость колоды S = {S}.").format(
        contract=contract.shown(), words=contract.describe(), kind=kind_text, S=b.S))
    tricks = (_("; разыгрывающие взяли взяток: {tricks} из 8").format(tricks=b.decl_tricks)
              if b.decl_tricks is not None else "")
    if b.trick_divisor != 1:
        divisor = f"{b.trick_divisor:g}".replace(".", _(","))  # the decimal comma
        counted = (f"{b.counted_S} − {b.counted_S - b.counted_VTv} = {b.counted_VTv}" if hand.decl_points_given
                   else str(b.counted_VTv))
        if convention.settings.points.scaling == "each_side":
            lines.append(_(
                "В игре {game} висты за взятки каждой стороны делятся на {divisor} и округляются: "
                "вистующие {counted} / {divisor} → {VTv}; разыгрывающие {declarers} / {divisor} → {VTp}."
            ).format(game=contract.game.shown(), divisor=divisor, counted=counted, VTv=b.VTv,
                     declarers=b.counted_S - b.counted_VTv, VTp=b.VTp))
        else:
            lines.append(_(
                "В игре {game} висты за взятки делятся на {divisor} и округляются: "
                "колода {deck} / {divisor} → S = {S}; вистующие {counted} / {divisor} → {VTv}."
            ).format(game=contract.game.shown(), divisor=divisor, deck=b.counted_S, S=b.S, counted=counted, VTv=b.VTv))
    for side, cards, took_last in ((N_("Висты по картам вистующих ({tricks} взят.): {sum} = {counted}."), hand.def_cards,
                                    hand.last is Side.DEFENDERS),
                                   (N_("Висты по картам разыгрывающих ({tricks} взят.): {sum} = {counted}."), hand.decl_cards,
                                    hand.last is Side.DECLARERS)):
        if cards is not None:
            parts = [f"{card.shown()} {convention.card_visty(card, contract.game)}" for card in cards]
            if took_last:
                parts.append(_("послед {points}").format(points=convention.settings.points.last_trick))
            counted = count_cards(convention, contract.game, cards, took_last)
            lines.append(_(side).format(tricks=len(cards) // 4, sum=' + '.join(parts) or '0', counted=counted))
    if b.all_tricks is not None:
        value = b.VTp if b.all_tricks == "declarers" else b.VTv
        text = (ngettext("Все 8 взяток взяли разыгрывающие: по этим правилам их карты стоят {value} вист вместо {S}; "
                         "VTp = {VTp}, VTv = {VTv}{tricks}.",
                         "Все 8 взяток взяли разыгрывающие: по этим правилам их карты стоят {value} вистов вместо {S}; "
                         "VTp = {VTp}, VTv = {VTv}{tricks}.", value,
                         few="Все 8 взяток взяли разыгрывающие: по этим правилам их карты стоят {value} виста вместо {S}; "
                             "VTp = {VTp}, VTv = {VTv}{tricks}.") if b.all_tricks == "declarers" else
                ngettext("Все 8 взяток взяли вистующие: по этим правилам их карты стоят {value} вист вместо {S}; "
                         "VTp = {VTp}, VTv = {VTv}{tricks}.",
                         "Все 8 взяток взяли вистующие: по этим правилам их карты стоят {value} вистов вместо {S}; "
                         "VTp = {VTp}, VTv = {VTv}{tricks}.", value,
                         few="Все 8 взяток взяли вистующие: по этим правилам их карты стоят {value} виста вместо {S}; "
                             "VTp = {VTp}, VTv = {VTv}{tricks}."))
        lines.append(text.format(value=value, S=b.S, VTp=b.VTp, VTv=b.VTv, tricks=tricks))
    elif b.VTp + b.VTv != b.S:
        lines.append(_("Висты за взятки (с последом): вистующие VTv = {VTv}, разыгрывающие VTp = {VTp}{tricks}.").format(
            VTv=b.VTv, VTp=b.VTp, tricks=tricks))
    elif hand.decl_points_given:
        lines.append(_("Висты за взятки (с последом): разыгрывающие VTp = {VTp}, вистующие VTv = S − VTp = {S} − {VTp} = "
                       "{VTv}{tricks}.").format(VTp=b.VTp, S=b.S, VTv=b.VTv, tricks=tricks))
    else:
        lines.append(_("Висты за взятки (с последом): вистующие VTv = {VTv}, разыгрывающие VTp = S − VTv = {S} − {VTv} = "
                       "{VTp}{tricks}.").format(VTp=b.VTp, S=b.S, VTv=b.VTv, tricks=tricks))

    values = convention.construction_values(kind)

    def side(constructions: tuple) -> str:
        if not constructions:
            return _("нет")
        return " + ".join(f"{c.shown()} {visty_of(c, values)}" for c in constructions)

    lines.append(_("Конструкции: разыгрывающие — {declarers} = {VCp}; вистующие — {defenders} = {VCv}.").format(
        declarers=side(hand.decl_constructions), VCp=b.announced_VCp, defenders=side(hand.def_constructions),
        VCv=b.announced_VCv))
    def kept(constructions: tuple) -> str:
        return _(" (бэла остаётся у пары)") if any(not lost_without_trick(c, values) for c in constructions) else ""

    if b.constructions_moved:
        visty = b.announced_VCp - b.VCp
        text = (ngettext("Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} вист) переходят "
                         "вистующим{kept} → VCp = {VCp}, VCv = {VCv}.",
                         "Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} вистов) переходят "
                         "вистующим{kept} → VCp = {VCp}, VCv = {VCv}.", visty,
                         few="Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} виста) переходят "
                             "вистующим{kept} → VCp = {VCp}, VCv = {VCv}.")
                if convention.settings.constructions.declarers_without_trick == "to_defenders" else
                ngettext("Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} вист) не "
                         "засчитываются{kept} → VCp = {VCp}, VCv = {VCv}.",
                         "Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} вистов) не "
                         "засчитываются{kept} → VCp = {VCp}, VCv = {VCv}.", visty,
                         few="Разыгрывающие не взяли ни одной взятки: их конструкции ({visty} виста) не "
                             "засчитываются{kept} → VCp = {VCp}, VCv = {VCv}."))
        lines.append(text.format(visty=visty, kept=kept(hand.decl_constructions), VCp=b.VCp, VCv=b.VCv))
    if b.defenders_constructions_lost:
        text = (_("Вистующие не взяли ни одной взятки: их конструкции переходят разыгрывающим{kept} → VCp = {VCp}, "
                  "VCv = {VCv}.") if convention.settings.constructions.defenders_without_trick == "to_declarers" else
                _("Вистующие не взяли ни одной взятки: их конструкции не засчитываются{kept} → VCv = {VCv}."))
        lines.append(text.format(kept=kept(hand.def_constructions), VCp=b.VCp, VCv=b.VCv))
    lines.append(_("Всего вистов: Vp = VTp + VCp = {VTp} + {VCp} = {Vp}; Vv = VTv + VCv = {VTv} + {VCv} = {Vv}.").format(
        VTp=b.VTp, VCp=b.VCp, Vp=b.Vp, VTv=b.VTv, VCv=b.VCv, Vv=b.Vv))
    row = getattr(convention.settings.written, b.outcome.value)
    mode = convention.settings.doubling.multiplies
    values = {"PC": b.PC, "C": b.C_written * (b.multiplier if mode == "base_cost" else 1), "Pp": b.Pp, "Pv": b.Pv,
              "Pkp": b.Pkp, "Pkv": b.Pkv}
    used = set(row.declarers) | set(row.defenders) | set(row.held)
    lines += _contract_lines(b, convention, unit, used)
    if "C" in used and b.C_written != b.C and not contract.is_kapo:
        lines.append(_("Все 8 взяток взяли вистующие: базовая стоимость в записи — {written} вместо {C}.").format(
            written=b.C_written, C=b.C))
    if "C" in used and mode == "base_cost" and b.multiplier != 1:
        lines.append(_("По этим правилам множитель ({times}) умножает и базовую стоимость: C в записи = {C} × {times} = "
                       "{written}.").format(times=b.multiplier, C=b.C_written, written=values["C"]))
    own = [f"{term} = VC{term[-1]} / {unit} = {b.VCp - b.bait_constructions if term == 'Pkp' else b.VCv + _moved(b, convention)}"
           f" / {unit} = {values[term]}" for term in ("Pkp", "Pkv") if term in used]
    if own:
        lines.append(_("Очки за собственные конструкции пары: {terms}.").format(terms="; ".join(own)))
    def written(terms: list[str], total: int, factor: int) -> str:
        times = f" × {factor}" if factor != 1 else ""
        if not terms:
            return "0"
        if len(terms) == 1 and not times:
            return f"{terms[0]} = {total}"
        if times:
            return (f"({' + '.join(terms)}){times} = ({' + '.join(str(values[t]) for t in terms)}){times} = {total}")
        return f"{' + '.join(terms)} = {' + '.join(str(values[t]) for t in terms)} = {total}"

    if mode == "winner_row" and b.multiplier != 1 and b.outcome is not Outcome.TIE:
        lines.append(_("По этим правилам множитель ({times}) умножает всё, что пишет пара, выигравшая сдачу: "
                       "{who}.").format(times=b.multiplier, who=_("разыгрывающие") if b.made else _("вистующие")))
    heading = {
        Outcome.MADE: _("Контракт выполнен"),
        Outcome.MADE_DOUBLED: _("Контракт выполнен под контрой") if contract.doubling is Doubling.CONTRA
        else _("Контракт выполнен под реконтрой"),
        Outcome.BAIT: _("Байт"),
        Outcome.TIE: _("Ничья: висты пар равны"),
    }[b.outcome]
    declarers_mark, defenders_mark = marks(b)
    nothing = _(NOTHING)
    if b.outcome is Outcome.TIE:
        lines.append(_("{heading}: разыгрывающие пишут {declarers}, вистующие пишут {defenders}; очки разыгрывающих "
                       "{held_terms} откладываются — {held} (их получит {to}).").format(
            heading=heading, declarers=written(row.declarers, b.declarers, b.declarers_multiplier),
            defenders=written(row.defenders, b.defenders, b.defenders_multiplier),
            held_terms=written(row.held, b.held, b.hand_multiplier), held=b.held,
            to=_(HELD_TO[convention.settings.tie.held_to])))  # type: ignore[union-attr]
        return lines
    lines.append(_("{heading}: разыгрывающие пишут {declarers}, вистующие пишут {defenders}.").format(
        heading=heading,
        declarers=written(row.declarers, b.declarers, b.declarers_multiplier) + (f" ({nothing})" if declarers_mark == nothing else ""),
        defenders=written(row.defenders, b.defenders, b.defenders_multiplier) + (f" ({nothing})" if defenders_mark == nothing else "")))
    return lines


# Who gets the points a tie holds over (tie.held_to), in words (translated where shown).
HELD_TO = {"next_winner": N_("пара, которая выиграет следующую сдачу"),
           "next_declarers_if_made": N_("разыгрывающие первой следующей выполненной сдачи")}


def _moved(b: Breakdown, convention: Convention) -> int:
    """The declarers' constructions a bait credits to the defenders (``declarers_on_bait = "to_defenders"``)."""
    return b.bait_constructions if convention.settings.constructions.declarers_on_bait == "to_defenders" else 0


def _contract_lines(b: Breakdown, convention: Convention, unit: int, used: set[str]) -> list[str]:
    """The contract points, made or bait, and the points for visty — as the convention's own formula says (the points
    for visty only when a pair writes them: ``used`` are the terms of the row that applies)."""
    contract = b.contract
    points = convention.settings.points
    mode = convention.settings.doubling.multiplies
    lines = []
    by_rows = mode in ("hand", "winner_row")
    factor = f" × {b.multiplier}" if b.multiplier != 1 and not by_rows else ""
    why = ""
    if factor:  # the game's own multiplier (RULES.md §10: БК ×2) and the doubling's, from the game's table
        words = ([_("игра {game}").format(game=contract.game.shown())]
                 if convention.game(contract.game.kind).bid_multiplier.none != 1 else [])
        words += [_(_DOUBLING_WORDS[contract.doubling])] if contract.doubling else []
        why = f" ({', '.join(words)})"
    double = f"{factor}{why}"
    if contract.is_kapo:
        lines.append(_("Базовая стоимость C = {C}. Очки за контракт PC = (C + K){double} = ({C} + {K}){factor} = {PC}.").format(
            C=b.C, double=double, K=contract.number, factor=factor, PC=b.PC))
        all_tricks = _("да") if b.decl_tricks == 8 else _("нет")
        reached = "≥" if b.VCp >= b.required else "<"
        lines.append(_("Выполнен? Все 8 взяток: {all_tricks}; конструкции VCp = {VCp} {reached} {unit}·K = {required}. "
                       "{verdict}").format(
            all_tricks=all_tricks, VCp=b.VCp, reached=reached, unit=unit, required=b.required,
            verdict=_("Контракт выполнен.") if b.made else _("Контракт не выполнен — байт.")))
        card_points = b.Pp - (b.VCp - b.bait_constructions) // unit
        if card_points == b.C:
            base = "C"
        elif card_points == 0:
            base = _("0 (очки за карты по этим правилам не считаются)")
        else:
            base = _("{points} (за карты — базовая стоимость простой игры)").format(points=card_points)
        lines.append(_("Очки за висты (капо): Pv = VCv / {unit} = {VCv} / {unit} = {Pv}; "
                       "Pp = {base} + VCp / {unit} = {card_points} + {own} = {Pp}.").format(
            unit=unit, VCv=b.VCv + _moved(b, convention), Pv=b.Pv, base=base, card_points=card_points,
            own=(b.VCp - b.bait_constructions) // unit, Pp=b.Pp))
        return lines
    if contract.kind is ContractKind.GAME:
        lines.append(_("Заявки нет (игра без числа): PC = 0. Базовая стоимость C = {C}.").format(C=b.C))
    else:
        product = f" = {contract.number}{factor} = {b.PC}" if factor else f" = {b.PC}"
        if points.rounded == "defenders":
            lines.append(_("Очки за контракт PC = N{double}{product}. Базовая стоимость C = {C} делится между парами "
                           "через очки за висты: Pp + Pv = C + (VCp + VCv) / {unit}.").format(
                double=double, product=product, C=b.C, unit=unit))
        else:
            lines.append(_("Очки за контракт PC = N{double}{product}. Базовая стоимость C = {C}.").format(
                double=double, product=product, C=b.C))
    if mode == "hand" and b.hand_multiplier != 1:
        what = (_(_DOUBLING_WORDS[contract.doubling]) if contract.doubling
                else _("игра {game}").format(game=contract.game.shown()))
        lines.append(_("По этим правилам {what} умножает всё, что пишут пары в этой сдаче: × {times}.").format(
            what=what, times=b.hand_multiplier))
    lines.append(_verdict(b, convention, unit))
    if b.bait_constructions:
        visty = b.bait_constructions
        lines.append((ngettext("При байте конструкции разыгрывающих ({visty} вист) засчитываются вистующим.",
                               "При байте конструкции разыгрывающих ({visty} вистов) засчитываются вистующим.", visty,
                               few="При байте конструкции разыгрывающих ({visty} виста) засчитываются вистующим.")
                      if convention.settings.constructions.declarers_on_bait == "to_defenders" else
                      ngettext("При байте конструкции разыгрывающих ({visty} вист) пропадают.",
                               "При байте конструкции разыгрывающих ({visty} вистов) пропадают.", visty,
                               few="При байте конструкции разыгрывающих ({visty} виста) пропадают.")).format(visty=visty))
    Vp = b.Vp - b.bait_constructions
    Vv = b.Vv + _moved(b, convention)
    up_from = convention.game(contract.game.kind).round_up_from
    rounding = _(_ROUNDING[points.rounding]).format(u=unit, up_from=up_from)
    if not used & {"Pp", "Pv"}:
        pass
    elif points.rounded == "each_pair":
        lines.append(_(
            "Очки за висты (висты каждой пары округляются сами по себе, {rounding}): "
            "Pp = round(Vp) div {unit} = round({Vp}) div {unit} = {rounded_Vp} div {unit} = {Pp}; "
            "Pv = round(Vv) div {unit} = round({Vv}) div {unit} = {rounded_Vv} div {unit} = {Pv}."
        ).format(rounding=rounding, unit=unit, Vp=Vp, rounded_Vp=b.rounded_Vp, Pp=b.Pp, Vv=Vv,
                 rounded_Vv=b.rounded_Vv, Pv=b.Pv))
    elif points.rounded == "declarers":
        lines.append(_(
            "Очки за висты (округляются висты разыгрывающих, {rounding}; вистующим — остаток): "
            "Pp = round(Vp) div {unit} = round({Vp}) div {unit} = {rounded_Vp} div {unit} = {Pp}; "
            "Pv = round(Vp + Vv) div {unit} − Pp = round({sum}) div {unit} − {Pp} = {rounded_sum} div {unit} − {Pp} = {Pv}."
        ).format(rounding=rounding, unit=unit, Vp=Vp, rounded_Vp=b.rounded_Vp, Pp=b.Pp, sum=Vp + Vv,
                 rounded_sum=b.rounded_Vv, Pv=b.Pv))
    else:
        lines.append(_(
            "Очки за висты: Pv = round(Vv) div {unit} = round({Vv}) div {unit} = {rounded_Vv} div {unit} = {Pv} "
            "(округление {rounding}); Pp = ((Vp + Vv) − {unit}·Pv) div {unit} = ({sum} − {product}) div {unit} = {Pp}."
        ).format(unit=unit, Vv=Vv, rounded_Vv=b.rounded_Vv, Pv=b.Pv, rounding=rounding, sum=Vp + Vv,
                 product=unit * b.Pv, Pp=b.Pp))
    return lines


def _verdict(b: Breakdown, convention: Convention, unit: int) -> str:
    """Made or not, as the rule set's ``made.simple`` says, with the numbers compared (and a held tie, RULES.md §12)."""
    contract = b.contract
    rule = convention.settings.made.simple
    if rule in ("outscore", "at_least_defenders"):
        sign = ">" if b.Vp > b.Vv else "=" if b.Vp == b.Vv else "<"
        verdict = (_("Выполнен? Нужно больше вистов, чем у вистующих: Vp = {Vp} {sign} Vv = {Vv}") if rule == "outscore"
                   else _("Выполнен? Нужно не меньше вистов, чем у вистующих: Vp = {Vp} {sign} Vv = {Vv}")).format(
            Vp=b.Vp, sign=sign, Vv=b.Vv)
    else:
        reached = "≥" if b.Vp >= b.required else "<"
        verdict = _("Выполнен? Vp = {Vp} {reached} {unit}·N = {required}").format(
            Vp=b.Vp, reached=reached, unit=unit, required=b.required)
        if rule == "reach_and_outscore" and b.Vp >= b.required:
            verdict += (_("; и больше вистующих? Vp = {Vp} > Vv = {Vv}") if b.Vp > b.Vv
                        else _("; но не больше вистующих: Vp = {Vp} ≤ Vv = {Vv}")).format(Vp=b.Vp, Vv=b.Vv)
    if contract.kind is ContractKind.KAPO_BID:
        verdict += _("; все 8 взяток: {answer}").format(answer=_("да") if b.decl_tricks == 8 else _("нет"))
    if b.outcome is Outcome.TIE:
        return verdict + _(" → висты равны: ничья, очки разыгрывающих откладываются.")
    return verdict + (_(" → контракт выполнен.") if b.made else _(" → контракт не выполнен — байт."))


def constructions_text(hand: Hand) -> tuple[str, str]:
    """Each pair's construction list as the reader writes it (:meth:`~bbscore.belot.constructions.Construction.shown`)."""
    return format_list(hand.decl_constructions, shown=True), format_list(hand.def_constructions, shown=True)
