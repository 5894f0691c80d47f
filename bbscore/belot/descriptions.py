"""What each setting of a Belot-family rule set means (Russian msgids, shown in the language in use), for
``conventions show`` and ``diff`` (display texts only); the keys every game's rule files share are in
:mod:`bbscore.descriptions`."""

from bbscore import descriptions
from bbscore.i18n import N_, _

# What each setting means, in Russian, for `conventions show` and `diff` (key paths with * for the game kind).
DESCRIPTIONS: dict[str, str] = {
    "points.visty_per_point": N_("вистов в одном очке"),
    "points.rounded": N_("кого округляют: defenders — висты вистующих, разыгрывающим остаток (Pp + Pv = C + конструкции/10); "
                      "declarers — висты разыгрывающих, вистующим остаток от округлённых очков обеих пар; "
                      "each_pair — висты каждой пары сами по себе (сумма может быть больше или меньше C)"),
    "points.rounding": N_("как округляют висты до очков: half_up — до ближайшего, 5 вверх (15–19 → 20); half_down — 5 вниз "
                       "(…5 вниз, …6 вверх); down — всегда вниз; up — всегда вверх; threshold — вверх с остатка, "
                       "который задан для каждой игры (games.*.round_up_from)"),
    "points.scaling": N_("висты за взятки при делителе игры (trick_divisor): defenders — делятся висты вистующих, "
                      "разыгрывающим остаток; each_side — висты каждой стороны сами по себе"),
    "points.last_trick": N_("висты за последнюю взятку (послед)"),
    "doubling.multiplies": N_("что умножают контра и реконтра (множители — games.*.bid_multiplier): bid — только очки за "
                           "контракт PC; base_cost — PC и базовую стоимость C; hand — всё, что пишут пары в этой сдаче; "
                           "winner_row — всё, что пишет пара, выигравшая сдачу (разыгрывающие при выполненном контракте, "
                           "вистующие при байте), другая пара пишет своё без множителя"),
    "made.simple": N_("когда контракт выполнен: reach_contract — Vp ≥ 10·N; outscore — Vp > Vv; at_least_defenders — "
                   "Vp ≥ Vv; reach_and_outscore — и Vp ≥ 10·N, и Vp > Vv"),
    "written": N_("что пишут пары — сумма из: PC (заявка × множитель), C (базовая стоимость), Pp/Pv (очки за висты "
               "разыгрывающих/вистующих, как сказано в points.rounded), Pkp/Pkv (очки за собственные конструкции пары)"),
    "written.made": N_("что пишут пары, контракт выполнен"),
    "written.made_doubled": N_("что пишут пары, выполнен под контрой/реконтрой"),
    "written.bait": N_("что пишут пары при байте"),
    "written.tie": N_("что пишут пары при ничьей (висты пар равны, tie.rule = held), и held — какие очки "
                   "разыгрывающих откладываются на следующие сдачи"),
    "tie.rule": N_("ничья — висты пар равны: scored — как скажет [made] (выполнен или байт); held — своя строка "
                "(written.tie): вистующие пишут свои очки, очки разыгрывающих откладываются"),
    "tie.held_to": N_("кому достаются отложенные очки: next_winner — паре, которая больше напишет в следующей сдаче "
                   "(поровну — откладываются дальше); next_declarers_if_made — разыгрывающим первой следующей "
                   "выполненной сдачи (при байте откладываются дальше)"),
    "contract.forms": N_("какие формы контракта читают правила: bid — заявка и игра (12Т, 80♠), game — игра без заявки "
                      "(Ч, БК), kapo — капо ^Т, ^2Т, kapo_hand — капо с руки ^^Т, kapo_bid — заявка с капо 26Т^"),
    "contract.doubling": N_("пишутся ли контра и реконтра (+, ++)"),
    "constructions.terz": N_("терц, вистов"),
    "constructions.berz": N_("берц, вистов"),
    "constructions.quinta": N_("квинта, вистов"),
    "constructions.sixte": N_("шестерик, вистов"),
    "constructions.septime": N_("семерик, вистов"),
    "constructions.huitieme": N_("восьмерик, вистов"),
    "constructions.bela": N_("бэла, вистов"),
    "constructions.declarers_without_trick": N_("конструкции разыгрывающих без взятки (to_defenders — вистующим, lost — пропадают)"),
    "constructions.defenders_without_trick": N_("конструкции вистующих без взятки (keep — остаются, lost — пропадают, "
                                             "to_declarers — переходят разыгрывающим, взявшим все взятки)"),
    "constructions.bela_without_trick": N_("бэла без взятки (like_others — как другие конструкции, counts — засчитывается всегда)"),
    "constructions.rams_8": N_("рамки 8: cancel_all — отменяют все конструкции всех игроков (кроме бэлы); cancel_opponents — "
                            "все конструкции противников; cancel_opponents_sequences — терц и берц противников; redeal — пересдача; "
                            "nothing — ничего не делают"),
    "constructions.rams_7": N_("рамки 7: те же варианты (cancel_all, cancel_opponents, cancel_opponents_sequences, redeal, nothing)"),
    "constructions.declarers_on_bait": N_("конструкции разыгрывающих при байте: kept — остаются в счёте (в Pp); lost — "
                                       "пропадают; to_defenders — засчитываются вистующим"),
    "constructions.bela_on_bait": N_("бэла разыгрывающих при байте: like_others — как другие конструкции; kept — остаётся в счёте"),
    "constructions.equal_rams": N_("рамки равной стоимости: higher_rank — старше рамки из старших карт; tie — равны, решает tie"),
    "constructions.tie": N_("равные старшие конструкции пар: first_announced — объявленная первой; elder_hand — старшей руки "
                         "(раньше по очереди от первого хода, игрок 1); cancel_both — не проходят ничьи (бэла остаётся)"),
    "constructions.top_card_before_trump": N_("последовательности равной длины: true — сначала старшая карта, потом козырь; "
                                           "false — сначала козырь"),
    "constructions.card_in_sequence_and_rams": N_("может ли карта быть и в последовательности, и в рамках одного игрока "
                                               "(allowed / forbidden)"),
    "constructions.trump_breaks_ties": N_("старше ли козырная последовательность равной некозырной (false — козырь не "
                                       "в счёт: решает tie)"),
    "constructions.compared": N_("как сравниваются конструкции пар: linear — рамки старше любой последовательности, "
                              "проходят конструкции одной пары; by_value — сначала по стоимости в вистах; by_kind — "
                              "последовательности и рамки сравниваются отдельно (у одной пары могут пройти "
                              "последовательности, у другой — рамки)"),
    "kapo.style": N_("капо: premium — премия C + K, пишется ^Т, ^2Т (с руки ^^Т); flag — отметка на заявке N, пишется 26Т^: "
                  "выполнена, если набрано 10·N и взяты все 8 взяток"),
    "kapo.from_one_hand": N_("есть ли капо с руки (^^Т)"),
    "kapo.failed_card_points": N_("невыполненное капо с премией: kapo_base_cost — за карты базовая стоимость капо; "
                               "base_cost — базовая стоимость простой игры (16); none — за карты ничего (вистующие "
                               "пишут премию капо и конструкции)"),
    "kapo.card_points": N_("выполненное капо с премией: counted — за карты ещё раз базовая стоимость капо (Pp = C + "
                        "конструкции); not_counted — очки за карты не считаются (пишется премия и конструкции)"),
    "games.*.trump_cards": N_("стоимость козырных карт, вистов"),
    "games.*.plain_cards": N_("стоимость некозырных карт, вистов"),
    "games.*.deck_visty": N_("стоимость колоды S с последом, вистов"),
    "games.*.trick_divisor": N_("делитель вистов за взятки (1 — без пересчёта)"),
    "games.*.min_bid": N_("минимальная заявка N"),
    "games.*.max_bid": N_("максимальная заявка N (нет ключа — предела нет)"),
    "games.*.bid_multiplier": N_("множитель заявки: none — без контры, contra — под контрой, recontra — под реконтрой"),
    "games.*.all_tricks_visty": N_("во сколько вистов считаются карты пары, взявшей все 8 взяток (равно deck_visty — без "
                                "особой премии)"),
    "games.*.all_tricks_base_cost": N_("базовая стоимость C в записи, когда все 8 взяток взяли вистующие"),
    "games.*.confirm_bid_above": N_("заявка выше этого числа переспрашивается (описка: 80Ч вместо 8Ч); по умолчанию 30"),
    "games.*.round_up_from": N_("при points.rounding = threshold: с какого остатка висты округляются вверх (6: 76 → 80, "
                             "75 → 70)"),
    "games.*.constructions": N_("объявляются ли в этой игре конструкции (false — ни одной, и бэлы нет)"),
    "games.*.base_cost": N_("базовая стоимость C простой игры, очков"),
    "games.*.kapo_base_cost": N_("базовая стоимость капо, очков"),
    "games.*.kapo_hand_base_cost": N_("базовая стоимость капо с руки, очков"),
    "games.*.max_belas": N_("сколько бэл может быть"),
    "games.*.rams": N_("стоимость рамок, вистов"),
    "games.*.no_rams": N_("четыре карты, которые не конструкция"),
    "game_end.target": N_("до скольких очков партия"),
    "game_end.on_tie": N_("равные итоги на цели (another_hand — ещё сдача, draw — ничья)"),
    "game_end.doezd": N_("разрешён ли «доезд»"),
    "game_end.winner_needs_trick": N_("должна ли пара, дошедшая до цели, взять взятку в решающей сдаче"),
    "game_end.loser_needs_trick": N_("не кончается ли партия на сдаче, в которой проигравшая пара не взяла ни одной "
                                  "взятки («с капо не се излиза»)"),
    "play.follow_suit": N_("обязательно ли класть карту масти хода, если она есть"),
    "play.raise_led": N_("когда обязательно перебить в масти хода: trump — при ходе в козырь (в ВК — в каждой взятке, "
                      "при all_trumps_raise); always — при любом ходе, пока взятку держит масть хода; never — никогда"),
    "play.raise_partner_exempt": N_("освобождает ли от обязанности перебить в масти хода то, что взятку держит партнёр"),
    "play.all_trumps_raise": N_("в ВК масть хода — козырь взятки: обязательно перебить в ней (как при ходе в козырь)"),
    "play.trump_when_void": N_("нет масти хода: обязательно ли козырять — opponent_winning — если взятку держит противник; "
                            "always — всегда; never — не обязательно"),
    "play.overtrump_when_void": N_("нет масти хода, во взятке козырь: обязательно ли положить козырь старше, если он есть"),
    "play.undertrump": N_("нет масти хода, противник покозырял, перебить нечем: обязательно ли всё равно положить козырь "
                       "(младше)"),
    "play.bela_said": N_("при каких картах бэлы надо сказать «бэла»: both_cards — при обеих (король и дама); "
                      "either_card — хотя бы при одной; first_card — при первой из двух"),
    "play.bela_all_trumps": N_("бэла в ВК: led_suit_or_lead — только в масти хода или на своём ходе; any — всегда"),
    "play.revoke": N_("чего стоит неправильная карта (ренонс): report — только сказать, сдача считается как сыграна; "
                   "bait — противники нарушителя берут сдачу, как при байте; penalty — штраф revoke_penalty очков "
                   "противникам нарушителя"),
    "play.revoke_penalty": N_("штраф за неправильную карту, очков (при revoke = penalty; иначе 0)"),
    "play.construction_needs_trick": N_("чья взятка нужна конструкции там, где без взятки она пропадает: pair — пары; "
                                     "announcer — объявившего её игрока"),
    "play.kapo_hand": N_("капо с руки: sit_out — карты партнёра не играют, первым ходит заявивший; plays — партнёр "
                      "играет, первым ходит игрок слева от сдающего"),
    "play.source": N_("откуда взяты правила розыгрыша (показывается судьёй)"),
}
DESCRIPTIONS["play"] = N_("правила розыгрыша для судьи (bbscore referee); нет таблицы — судья не проверяет ходы")
DESCRIPTIONS["games.suit"] = N_("игра в масть: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
DESCRIPTIONS["games.no_trumps"] = N_("игра БК: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
DESCRIPTIONS["games.all_trumps"] = N_("игра ВК: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
DESCRIPTIONS["tie"] = N_("ничья (висты пар равны): есть ли своя строка и отложенные очки (нет таблицы — как скажет [made])")
DESCRIPTIONS["contract"] = N_("формы контракта (нет таблицы — заявка N и капо, как сказано в [kapo])")
SPLIT_SECTIONS = ("games",)  # shown as one table per kind of game
GAME_KIND_NAMES = {"suit": N_("масть (П Т Б Ч)"), "no_trumps": "БК", "all_trumps": "ВК"}  # translated where shown


def describe(key: str) -> str:
    """The description (in the language in use) of a setting's key path (``games.suit.rams.J`` → its table's description)."""
    parts = key.split(".")
    candidates = [key]
    if parts[0] == "games" and len(parts) >= 3:
        candidates += [".".join(["games", "*", *parts[2:]]), ".".join(["games", "*", parts[2]])]
    if parts[0] in ("cost", "whist") and len(parts) >= 2:
        candidates += [f"{parts[0]}.*", ".".join(parts[:2])]
    if parts[0] == "written" and len(parts) >= 2:
        candidates.append(".".join(parts[:2]))
    for candidate in candidates:
        if candidate in DESCRIPTIONS:
            return _(DESCRIPTIONS[candidate])
    return descriptions.common(key)


def table_title(path: str) -> str:
    """The title of a table of ``conventions show`` (``games.suit — масть (П Т Б Ч)``)."""
    parts = path.split(".")
    if len(parts) == 2 and parts[0] == "games":
        return f"{path} — {_(GAME_KIND_NAMES.get(parts[1], parts[1]))}"
    return path


_SIDES = {"declarers": N_("разыгрывающие"), "defenders": N_("вистующие")}


def value_text(value) -> str | None:
    """A value shown the game's own way (a ``[written]`` row: each side's terms), or None for the usual way."""
    if isinstance(value, dict) and set(value) == set(_SIDES):
        return "; ".join(f"{_(_SIDES[side])} {' + '.join(terms) or '0'}" for side, terms in value.items())
    return None
