"""The working of a hand's score, step by step, in the game's Russian terms.

Pure text from a :class:`~bbscore.scoring.Breakdown`: a person checking a
disputed score can follow each line to the number (seed 000 §5 order).
"""

from __future__ import annotations

from bbscore.constructions import format_list, lost_without_trick, visty_of
from bbscore.contract import ContractKind, Doubling
from bbscore.convention import Convention
from bbscore.hand import Hand, count_cards
from bbscore.melds import Because, Comparison, Reason, Resolution
from bbscore.scoring import Breakdown, Outcome
from bbscore.seats import Side

_DOUBLING_WORDS = {Doubling.CONTRA: "контра", Doubling.RECONTRA: "реконтра"}
_ROUNDING = {
    "half_up": "до кратного {u}, 5 вверх",
    "half_down": "до кратного {u}, 5 вниз",
    "down": "вниз до кратного {u}",
    "up": "вверх до кратного {u}",
}


def formula(breakdown: Breakdown, convention: Convention) -> dict:
    """The convention's own formula for this hand, as data (``score --json``): how visty become points, what doubling
    multiplies, which kapo the file has, and the written row that applied."""
    settings = convention.settings
    row = getattr(settings.written, breakdown.outcome.value)
    return {
        "rounded": settings.points.rounded, "rounding": settings.points.rounding,
        "doubling_multiplies": settings.doubling.multiplies, "kapo": settings.kapo.style,
        "written": {"declarers": list(row.declarers), "defenders": list(row.defenders)},
        "declarers_get_the_rest": settings.points.rounded == "defenders",
    }


def marks(breakdown: Breakdown) -> tuple[str, str]:
    """What stands in each pair's column: the points, or «БТ» for a pair whose written row is empty — it is left
    with nothing (seed 000 §5); a pair that writes its own 0 points shows 0."""
    return ("БТ" if not breakdown.declarers_terms else str(breakdown.declarers),
            "БТ" if not breakdown.defenders_terms else str(breakdown.defenders))


def steps(hand: Hand, breakdown: Breakdown, convention: Convention) -> list[str]:
    """The working as numbered-step texts (without the numbers)."""
    b = breakdown
    contract = b.contract
    kind = contract.game.kind
    unit = convention.settings.points.visty_per_point
    lines = []
    kind_text = {"simple": "простая игра", "kapo": "капо", "kapo_hand": "капо с руки",
                 "kapo_bid": "заявка с капо: нужно набрать 10·N и взять все 8 взяток"}[contract.kind.value]
    lines.append(f"Контракт {contract}: {contract.describe()} ({kind_text}); стоимость колоды S = {b.S}.")
    tricks = f"; разыгрывающие взяли взяток: {b.decl_tricks} из 8" if b.decl_tricks is not None else ""
    if b.trick_divisor != 1:
        divisor = f"{b.trick_divisor:g}".replace(".", ",")
        counted = (f"{b.counted_S} − {b.counted_S - b.counted_VTv} = {b.counted_VTv}" if hand.decl_points_given
                   else str(b.counted_VTv))
        if convention.settings.points.scaling == "each_side":
            lines.append(
                f"В игре {contract.game.value} висты за взятки каждой стороны делятся на {divisor} и округляются: "
                f"вистующие {counted} / {divisor} → {b.VTv}; разыгрывающие {b.counted_S - b.counted_VTv} / {divisor} → {b.VTp}."
            )
        else:
            lines.append(
                f"В игре {contract.game.value} висты за взятки делятся на {divisor} и округляются: "
                f"колода {b.counted_S} / {divisor} → S = {b.S}; вистующие {counted} / {divisor} → {b.VTv}."
            )
    for side, cards, took_last in (("вистующих", hand.def_cards, hand.last is Side.DEFENDERS),
                                   ("разыгрывающих", hand.decl_cards, hand.last is Side.DECLARERS)):
        if cards is not None:
            parts = [f"{card} {convention.card_visty(card, contract.game)}" for card in cards]
            if took_last:
                parts.append(f"послед {convention.settings.points.last_trick}")
            counted = count_cards(convention, contract.game, cards, took_last)
            lines.append(f"Висты по картам {side} ({len(cards) // 4} взят.): {' + '.join(parts) or '0'} = {counted}.")
    if b.all_tricks is not None:
        who, value = (("разыгрывающие", b.VTp) if b.all_tricks == "declarers" else ("вистующие", b.VTv))
        lines.append(f"Все 8 взяток взяли {who}: по этим правилам их карты стоят {value} вистов вместо {b.S}; "
                     f"VTp = {b.VTp}, VTv = {b.VTv}{tricks}.")
    elif b.VTp + b.VTv != b.S:
        lines.append(f"Висты за взятки (с последом): вистующие VTv = {b.VTv}, разыгрывающие VTp = {b.VTp}{tricks}.")
    elif hand.decl_points_given:
        lines.append(f"Висты за взятки (с последом): разыгрывающие VTp = {b.VTp}, вистующие VTv = S − VTp = {b.S} − {b.VTp} = {b.VTv}{tricks}.")
    else:
        lines.append(f"Висты за взятки (с последом): вистующие VTv = {b.VTv}, разыгрывающие VTp = S − VTv = {b.S} − {b.VTv} = {b.VTp}{tricks}.")

    values = convention.construction_values(kind)

    def side(constructions: tuple) -> str:
        if not constructions:
            return "нет"
        return " + ".join(f"{c} {visty_of(c, values)}" for c in constructions)

    lines.append(
        f"Конструкции: разыгрывающие — {side(hand.decl_constructions)} = {b.announced_VCp}; "
        f"вистующие — {side(hand.def_constructions)} = {b.announced_VCv}."
    )
    def kept(constructions: tuple) -> str:
        return " (бэла остаётся у пары)" if any(not lost_without_trick(c, values) for c in constructions) else ""

    if b.constructions_moved:
        where = ("переходят вистующим"
                 if convention.settings.constructions.declarers_without_trick == "to_defenders" else "не засчитываются")
        lines.append(
            f"Разыгрывающие не взяли ни одной взятки: их конструкции ({b.announced_VCp - b.VCp} вистов) {where}"
            f"{kept(hand.decl_constructions)} → "
            f"VCp = {b.VCp}, VCv = {b.VCv}."
        )
    if b.defenders_constructions_lost:
        lines.append(f"Вистующие не взяли ни одной взятки: их конструкции не засчитываются"
                     f"{kept(hand.def_constructions)} → VCv = {b.VCv}.")
    lines.append(f"Всего вистов: Vp = VTp + VCp = {b.VTp} + {b.VCp} = {b.Vp}; Vv = VTv + VCv = {b.VTv} + {b.VCv} = {b.Vv}.")
    row = getattr(convention.settings.written, b.outcome.value)
    values = {"PC": b.PC, "C": b.C_written, "Pp": b.Pp, "Pv": b.Pv, "Pkp": b.Pkp, "Pkv": b.Pkv}
    used = set(row.declarers) | set(row.defenders)
    lines += _contract_lines(b, convention, unit, used)
    if "C" in used and b.C_written != b.C:
        lines.append(f"Все 8 взяток взяли вистующие: базовая стоимость в записи — {b.C_written} вместо {b.C}.")
    own = [f"{term} = VC{term[-1]} / {unit} = {b.VCp - b.bait_constructions if term == 'Pkp' else b.VCv + _moved(b, convention)}"
           f" / {unit} = {values[term]}" for term in ("Pkp", "Pkv") if term in used]
    if own:
        lines.append("Очки за собственные конструкции пары: " + "; ".join(own) + ".")
    times = f" × {b.hand_multiplier}" if b.hand_multiplier != 1 else ""

    def written(terms: list[str], total: int) -> str:
        if not terms:
            return "0"
        if len(terms) == 1 and not times:
            return f"{terms[0]} = {total}"
        if times:
            return (f"({' + '.join(terms)}){times} = ({' + '.join(str(values[t]) for t in terms)}){times} = {total}")
        return f"{' + '.join(terms)} = {' + '.join(str(values[t]) for t in terms)} = {total}"

    heading = {
        Outcome.MADE: "Контракт выполнен",
        Outcome.MADE_DOUBLED: f"Контракт выполнен под {'контрой' if contract.doubling is Doubling.CONTRA else 'реконтрой'}",
        Outcome.BAIT: "Байт",
    }[b.outcome]
    declarers_mark, defenders_mark = marks(b)
    lines.append(
        f"{heading}: разыгрывающие пишут {written(row.declarers, b.declarers)}"
        + (" (БТ)" if declarers_mark == "БТ" else "")
        + f", вистующие пишут {written(row.defenders, b.defenders)}"
        + (" (БТ)" if defenders_mark == "БТ" else "")
        + "."
    )
    return lines


def _moved(b: Breakdown, convention: Convention) -> int:
    """The declarers' constructions a bait credits to the defenders (``declarers_on_bait = "to_defenders"``)."""
    return b.bait_constructions if convention.settings.constructions.declarers_on_bait == "to_defenders" else 0


def _contract_lines(b: Breakdown, convention: Convention, unit: int, used: set[str]) -> list[str]:
    """The contract points, made or bait, and the points for visty — as the convention's own formula says (the points
    for visty only when a pair writes them: ``used`` are the terms of the row that applies)."""
    contract = b.contract
    points = convention.settings.points
    lines = []
    by_hand = b.hand_multiplier != 1 or convention.settings.doubling.multiplies == "hand"
    factor = f" × {b.multiplier}" if b.multiplier != 1 and not by_hand else ""
    why = ""
    if factor:  # the game's own multiplier (RULES.md §10: БК ×2) and the doubling's, from the game's table
        words = [f"игра {contract.game.value}"] if convention.game(contract.game.kind).bid_multiplier.none != 1 else []
        words += [_DOUBLING_WORDS[contract.doubling]] if contract.doubling else []
        why = f" ({', '.join(words)})"
    double = f"{factor}{why}"
    if contract.is_kapo:
        lines.append(f"Базовая стоимость C = {b.C}. Очки за контракт PC = (C + K){double} = ({b.C} + {contract.number}){factor} = {b.PC}.")
        all_tricks = "да" if b.decl_tricks == 8 else "нет"
        reached = "≥" if b.VCp >= b.required else "<"
        lines.append(
            f"Выполнен? Все 8 взяток: {all_tricks}; конструкции VCp = {b.VCp} {reached} {unit}·K = {b.required}. "
            + ("Контракт выполнен." if b.made else "Контракт не выполнен — байт.")
        )
        card_points = b.Pp - (b.VCp - b.bait_constructions) // unit
        base = "C" if card_points == b.C else f"{card_points} (за карты — базовая стоимость простой игры)"
        lines.append(
            f"Очки за висты (капо): Pv = VCv / {unit} = {b.VCv + _moved(b, convention)} / {unit} = {b.Pv}; "
            f"Pp = {base} + VCp / {unit} = {card_points} + {(b.VCp - b.bait_constructions) // unit} = {b.Pp}."
        )
    else:
        product = f" = {contract.number}{factor} = {b.PC}" if factor else f" = {b.PC}"
        if points.rounded == "defenders":
            lines.append(
                f"Очки за контракт PC = N{double}{product}. Базовая стоимость C = {b.C} делится между парами "
                f"через очки за висты: Pp + Pv = C + (VCp + VCv) / {unit}."
            )
        else:
            lines.append(f"Очки за контракт PC = N{double}{product}. Базовая стоимость C = {b.C}.")
        if by_hand and b.hand_multiplier != 1:
            lines.append(f"По этим правилам {_DOUBLING_WORDS.get(contract.doubling, 'множитель')} умножает всё, "
                         f"что пишут пары в этой сдаче: × {b.hand_multiplier}.")
        reached = "≥" if b.Vp >= b.required else "<"
        verdict = f"Выполнен? Vp = {b.Vp} {reached} {unit}·N = {b.required}"
        if contract.kind is ContractKind.KAPO_BID:
            verdict += f"; все 8 взяток: {'да' if b.decl_tricks == 8 else 'нет'}"
        if convention.settings.made.simple == "reach_and_outscore" and b.Vp >= b.required:
            verdict += (f"; и больше вистующих? Vp = {b.Vp} > Vv = {b.Vv}" if b.Vp > b.Vv
                        else f"; но не больше вистующих: Vp = {b.Vp} ≤ Vv = {b.Vv}")
        lines.append(verdict + (" → контракт выполнен." if b.made else " → контракт не выполнен — байт."))
        if b.bait_constructions:
            where = ("засчитываются вистующим"
                     if convention.settings.constructions.declarers_on_bait == "to_defenders" else "пропадают")
            lines.append(f"При байте конструкции разыгрывающих ({b.bait_constructions} вистов) {where}.")
        Vp = b.Vp - b.bait_constructions
        Vv = b.Vv + _moved(b, convention)
        rounding = _ROUNDING[points.rounding].format(u=unit)
        if not used & {"Pp", "Pv"}:
            pass
        elif points.rounded == "each_pair":
            lines.append(
                f"Очки за висты (висты каждой пары округляются сами по себе, {rounding}): "
                f"Pp = round(Vp) div {unit} = round({Vp}) div {unit} = {b.rounded_Vp} div {unit} = {b.Pp}; "
                f"Pv = round(Vv) div {unit} = round({Vv}) div {unit} = {b.rounded_Vv} div {unit} = {b.Pv}."
            )
        else:
            lines.append(
                f"Очки за висты: Pv = round(Vv) div {unit} = round({Vv}) div {unit} = {b.rounded_Vv} div {unit} = {b.Pv} "
                f"(округление {rounding}); Pp = ((Vp + Vv) − {unit}·Pv) div {unit} = ({Vp + Vv} − {unit * b.Pv}) div {unit} = {b.Pp}."
            )
    return lines


def constructions_text(hand: Hand) -> tuple[str, str]:
    """The normal form of each pair's construction list."""
    return format_list(hand.decl_constructions), format_list(hand.def_constructions)


# --- Announcements (bbscore melds): the reasoning of a resolution as text. ---

_CANCELS = {
    Because.RAMS_CANCEL_ALL: "отменяют все конструкции",
    Because.RAMS_CANCEL_OPPONENTS: "отменяют конструкции противников",
    Because.RAMS_CANCEL_OPPONENTS_SEQUENCES: "отменяют терц и берц противников",
}
_COMPARISONS = {
    Comparison.RAMS_OVER_SEQUENCE: "рамки старше любой последовательности",
    Comparison.RAMS_VALUE: "рамки старше по стоимости",
    Comparison.RAMS_RANK: "рамки из более старших карт",
    Comparison.LONGER: "последовательность длиннее",
    Comparison.HIGHER_TOP: "старшая карта выше",
    Comparison.TRUMP: "при равной старшей карте козырная старше",
    Comparison.FIRST_ANNOUNCED_TRUMPS: "при равных козырных (в ВК козыри все масти) старше объявленная первой",
    Comparison.FIRST_ANNOUNCED: "при равных некозырных старше объявленная первой",
    Comparison.ELDER_HAND: "при равных старше конструкция старшей руки (раньше по очереди от первого хода)",
}


def reason_text(reason: Reason, convention: Convention) -> str:
    """One step of a resolution's reasoning as a sentence (seed 000 §3)."""
    because = reason.because
    if because is Because.REDEAL:
        return (f"Игрок {reason.seat} объявил рамки {reason.rank}: по правилам «{convention.name}» сдача без "
                "результата — пересдача.")
    if because in _CANCELS:
        return f"Игрок {reason.seat} объявил рамки {reason.rank}: {cancel_text(reason)} (кроме бэлы)."
    pair = reason.pair.value if reason.pair else ""
    if because is Because.TOP_BEATS:
        top, other = reason.top, reason.other
        return (f"Старшая конструкция пары {pair}: {top} (игрок {top.seat}) — старше, чем {other} "  # type: ignore[union-attr]
                f"(игрок {other.seat}): {_COMPARISONS[reason.comparison]}.")  # type: ignore[union-attr,index]
    if because is Because.ONLY_PAIR:
        return f"Конструкции объявила только пара {pair}: старшая — {reason.top} (игрок {reason.top.seat})."  # type: ignore[union-attr]
    if because is Because.ALL_OF_PAIR_PASS:
        return f"Проходят все конструкции пары {pair}."
    if because is Because.NONE_ANNOUNCED:
        return "Конструкций (кроме бэлы) никто не объявил."
    if because is Because.TIE_CANCELS:
        return "Старшие конструкции пар равны: по этим правилам не проходят конструкции ни одной пары (бэла остаётся)."
    return "Бэла не сравнивается с другими конструкциями и всегда засчитывается своей паре."


def cancel_text(reason: Reason) -> str:
    """Why one announced construction does not pass, in a few words."""
    because = reason.because
    if because is Because.REDEAL:
        return "пересдача"
    if because in _CANCELS:
        return f"рамки {reason.rank} игрока {reason.seat} {_CANCELS[because]}"
    if because is Because.WORTHLESS_RAMS:
        return f"рамки {reason.rank} не стоят вистов"
    if because is Because.TIE_CANCELS:
        return "старшие конструкции пар равны — не проходят ничьи"
    return f"пара {reason.pair.value} старше"  # type: ignore[union-attr]


def reasons_text(resolution: Resolution, convention: Convention) -> list[str]:
    """The reasoning of a resolution, a sentence a step."""
    return [reason_text(reason, convention) for reason in resolution.reasons]
