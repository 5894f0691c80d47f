"""What each convention setting means (Russian msgids, shown in the language in use), for ``conventions show`` and ``diff`` (display texts only)."""

from bbscore.i18n import N_, _

# What each setting means, in Russian, for `conventions show` and `diff` (key paths with * for the game kind).
DESCRIPTIONS: dict[str, str] = {
    "format": N_("версия формата файла"),
    "name": N_("имя правил"),
    "title": N_("название"),
    "points.visty_per_point": N_("вистов в одном очке"),
    "points.rounded": N_("кого округляют: defenders — висты вистующих, разыгрывающим остаток (Pp + Pv = C + конструкции/10); "
                      "each_pair — висты каждой пары сами по себе (сумма может быть больше или меньше C)"),
    "points.rounding": N_("как округляют висты до очков: half_up — до ближайшего, 5 вверх (15–19 → 20); half_down — 5 вниз "
                       "(…5 вниз, …6 вверх); down — всегда вниз; up — всегда вверх"),
    "points.scaling": N_("висты за взятки при делителе игры (trick_divisor): defenders — делятся висты вистующих, "
                      "разыгрывающим остаток; each_side — висты каждой стороны сами по себе"),
    "points.last_trick": N_("висты за последнюю взятку (послед)"),
    "doubling.multiplies": N_("что умножают контра и реконтра (множители — games.*.bid_multiplier): bid — только очки за "
                           "контракт PC; hand — всё, что пишут пары в этой сдаче"),
    "made.simple": N_("когда простая игра выполнена (reach_contract: Vp ≥ 10·N; reach_and_outscore: и Vp > Vv)"),
    "written": N_("что пишут пары — сумма из: PC (заявка × множитель), C (базовая стоимость), Pp/Pv (очки за висты "
               "разыгрывающих/вистующих, как сказано в points.rounded), Pkp/Pkv (очки за собственные конструкции пары)"),
    "written.made": N_("что пишут пары, контракт выполнен"),
    "written.made_doubled": N_("что пишут пары, выполнен под контрой/реконтрой"),
    "written.bait": N_("что пишут пары при байте"),
    "constructions.terz": N_("терц, вистов"),
    "constructions.berz": N_("берц, вистов"),
    "constructions.quinta": N_("квинта, вистов"),
    "constructions.sixte": N_("шестерик, вистов"),
    "constructions.septime": N_("семерик, вистов"),
    "constructions.huitieme": N_("восьмерик, вистов"),
    "constructions.bela": N_("бэла, вистов"),
    "constructions.declarers_without_trick": N_("конструкции разыгрывающих без взятки (to_defenders — вистующим, lost — пропадают)"),
    "constructions.defenders_without_trick": N_("конструкции вистующих без взятки (keep — остаются, lost — пропадают)"),
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
    "kapo.style": N_("капо: premium — премия C + K, пишется ^Т, ^2Т (с руки ^^Т); flag — отметка на заявке N, пишется 26Т^: "
                  "выполнена, если набрано 10·N и взяты все 8 взяток"),
    "kapo.from_one_hand": N_("есть ли капо с руки (^^Т)"),
    "kapo.failed_card_points": N_("невыполненное капо с премией: kapo_base_cost — за карты базовая стоимость капо; "
                               "base_cost — базовая стоимость простой игры (16)"),
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
    "games.*.base_cost": N_("базовая стоимость C простой игры, очков"),
    "games.*.kapo_base_cost": N_("базовая стоимость капо, очков"),
    "games.*.kapo_hand_base_cost": N_("базовая стоимость капо с руки, очков"),
    "games.*.max_belas": N_("сколько бэл может быть"),
    "games.*.rams": N_("стоимость рамок, вистов"),
    "games.*.no_rams": N_("четыре карты, которые не конструкция"),
    "game_end.target": N_("до скольких очков партия"),
    "game_end.on_tie": N_("равные итоги на цели (another_hand — ещё сдача, draw — ничья)"),
    "game_end.doezd": N_("разрешён ли «доезд»"),
    "same_rules_as": N_("хеши прежних версий файла с теми же правилами (партии с ними не считаются записанными по другим правилам)"),
    "game_end.winner_needs_trick": N_("должна ли пара, дошедшая до цели, взять взятку в решающей сдаче"),
    "game": N_("игра файла правил (bazar-belot — Базар-Белот, preferans — преферанс)"),
    # Preferans (conventions/rostov.toml, RULES.md §9).
    "players.counts": N_("сколько игроков за столом (3 и/или 4)"),
    "players.four": N_("вчетвером: dealer_sits_out — сдающий сидит на прикупе"),
    "players.dealer_all_pass": N_("сидящий на прикупе на распасах (as_zero_tricks — пишет в пулю, как за ноль взяток; nothing — ничего)"),
    "cost.*": N_("игра этого уровня: pulya — в пулю за сыгранную; gora — в гору за взятку недобора; "
              "vists — висты вистующему за взятку; whist_gora — в гору вистующему за недобранную на висте взятку"),
    "misere.pulya": N_("сыгранный мизер, в пулю"),
    "misere.gora": N_("мизер: в гору за каждую взятую взятку"),
    "misere.vists": N_("висты на мизере (none — не пишутся)"),
    "whist.responsibility": N_("ответственность виста (half — полуответственный: половина стоимости недобора; full — вся)"),
    "whist.obligation": N_("сколько взяток должны взять вистующие против игры каждого уровня"),
    "whist.consolation": N_("консоляция: висты за каждую недобранную играющим взятку"),
    "whist.consolation_by": N_("кто пишет консоляцию (both — оба защитника; whisters — только вистующие)"),
    "whist.one_whister_made": N_("один вистует, игра сыграна (whister — висты пишет вистующий; pooled_half — пополам с пасовавшим)"),
    "whist.one_whister_down": N_("один вистует, игра без взяток (pooled_half — всё пополам с пасовавшим; each_own — каждый своё)"),
    "whist.both_whist_share": N_("вистуют оба: каждый отвечает за половину обязательства"),
    "whist.both_whist_odd_trick": N_("вистуют оба: кто отвечает за нечётную взятку обязательства "
                                  "(after_declarer, before_declarer, fewer_tricks, nobody, both)"),
    "whist.both_whist_short": N_("вистуют оба: ремиз на висте (total_short — только при общем недоборе; own_half — всегда за свою половину)"),
    "whist.both_pass": N_("оба защитника спасовали (made — игра считается сыгранной)"),
    "raspasy.vists_per_trick": N_("распасы: висты за взятку"),
    "raspasy.writer": N_("распасы: кто пишет висты (fewest_tricks — взявший меньше всех)"),
    "raspasy.tie": N_("распасы: двое взяли поровну меньше всех (half_each — пишут пополам)"),
    "raspasy.zero_tricks_pulya": N_("распасы: в пулю за ноль взяток"),
    "raspasy.zero_tricks_unit": N_("единица числа выше (points — очки пули; trick_price — стоимости взятки)"),
    "raspasy.progression": N_("прогрессия распасов (не поддерживается: false)"),
    "pulya.target": N_("пуля: до скольких очков (у каждого)"),
    "pulya.end": N_("конец игры (every_pulya — закрыты все пули; any_pulya — хотя бы одна)"),
    "pulya.overflow": N_("очки сверх закрытой пули (help_others — в пулю другому; off_own_gora — списываются с горы)"),
    "pulya.help_whom": N_("кому помогают (most_left — кому больше осталось; next_in_turn — следующему по ходу)"),
    "pulya.help_vists_per_point": N_("висты помогающего на того, кому помог, за очко"),
    "settlement.gora_vists": N_("подсчёт: вистов в очке горы"),
    "settlement.method": N_("подсчёт (average_gora — через среднюю гору; subtract_smallest — вычесть наименьшую гору)"),
    "settlement.unfinished": N_("игра не доиграна (missing_to_gora — недостающее до пули пишется в гору; as_is — как есть)"),
}
DESCRIPTIONS["games.suit"] = N_("игра в масть: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
DESCRIPTIONS["games.no_trumps"] = N_("игра БК: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
DESCRIPTIONS["games.all_trumps"] = N_("игра ВК: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)")
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
    return ""
