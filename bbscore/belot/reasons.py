"""Why the announcements came out as they did (``bbscore melds``): a resolution's reasons as sentences.

The core (:mod:`bbscore.belot.melds`) returns the reasoning as :class:`~bbscore.belot.melds.Reason` records; this module makes
the text, in the user's language.
"""

from __future__ import annotations

from bbscore.belot.convention import Convention
from bbscore.i18n import N_, _
from bbscore.belot.melds import Because, Comparison, Reason, Resolution

_CANCELS = {
    Because.RAMS_CANCEL_ALL: N_("отменяют все конструкции"),
    Because.RAMS_CANCEL_OPPONENTS: N_("отменяют конструкции противников"),
    Because.RAMS_CANCEL_OPPONENTS_SEQUENCES: N_("отменяют терц и берц противников"),
}
_COMPARISONS = {
    Comparison.RAMS_OVER_SEQUENCE: N_("рамки старше любой последовательности"),
    Comparison.RAMS_VALUE: N_("рамки старше по стоимости"),
    Comparison.RAMS_RANK: N_("рамки из более старших карт"),
    Comparison.LONGER: N_("последовательность длиннее"),
    Comparison.HIGHER_TOP: N_("старшая карта выше"),
    Comparison.TRUMP: N_("при равной старшей карте козырная старше"),
    Comparison.FIRST_ANNOUNCED_TRUMPS: N_("при равных козырных (в ВК козыри все масти) старше объявленная первой"),
    Comparison.FIRST_ANNOUNCED: N_("при равных некозырных старше объявленная первой"),
    Comparison.ELDER_HAND: N_("при равных старше конструкция старшей руки (раньше по очереди от первого хода)"),
    Comparison.HIGHER_VALUE: N_("по этим правилам старше конструкция, которая стоит больше вистов"),
}


def reason_text(reason: Reason, convention: Convention) -> str:
    """One step of a resolution's reasoning as a sentence (seed 000 §3)."""
    because = reason.because
    if because is Because.REDEAL:
        return _("Игрок {seat} объявил рамки {rank}: по правилам «{convention}» сдача без результата — пересдача.").format(
            seat=reason.seat, rank=reason.rank, convention=convention.name)
    if because in _CANCELS:
        return _("Игрок {seat} объявил рамки {rank}: {cancel} (кроме бэлы).").format(
            seat=reason.seat, rank=reason.rank, cancel=cancel_text(reason))
    pair = reason.pair.value if reason.pair else ""
    if because is Because.TOP_BEATS:
        top, other = reason.top, reason.other
        return _("Старшая конструкция пары {pair}: {top} (игрок {top_seat}) — старше, чем {other} (игрок {other_seat}): "
                 "{why}.").format(pair=pair, top=top.shown(), top_seat=top.seat, other=other.shown(), other_seat=other.seat,  # type: ignore[union-attr]
                                  why=_(_COMPARISONS[reason.comparison]))  # type: ignore[index]
    if because is Because.ONLY_PAIR:
        return _("Конструкции объявила только пара {pair}: старшая — {top} (игрок {seat}).").format(
            pair=pair, top=reason.top.shown(), seat=reason.top.seat)  # type: ignore[union-attr]
    if because is Because.ALL_OF_PAIR_PASS:
        return _("Проходят все конструкции пары {pair}.").format(pair=pair)
    if because is Because.NONE_ANNOUNCED:
        return _("Конструкций (кроме бэлы) никто не объявил.")
    if because is Because.TIE_CANCELS:
        return _("Старшие конструкции пар равны: по этим правилам не проходят конструкции ни одной пары (бэла остаётся).")
    return _("Бэла не сравнивается с другими конструкциями и всегда засчитывается своей паре.")


def cancel_text(reason: Reason) -> str:
    """Why one announced construction does not pass, in a few words."""
    because = reason.because
    if because is Because.REDEAL:
        return _("пересдача")
    if because in _CANCELS:
        return _("рамки {rank} игрока {seat} {cancel}").format(rank=reason.rank, seat=reason.seat, cancel=_(_CANCELS[because]))
    if because is Because.WORTHLESS_RAMS:
        return _("рамки {rank} не стоят вистов").format(rank=reason.rank)
    if because is Because.TIE_CANCELS:
        return _("старшие конструкции пар равны — не проходят ничьи")
    return _("пара {pair} старше").format(pair=reason.pair.value)  # type: ignore[union-attr]


def reasons_text(resolution: Resolution, convention: Convention) -> list[str]:
    """The reasoning of a resolution, a sentence a step."""
    return [reason_text(reason, convention) for reason in resolution.reasons]
