"""What each convention setting means, in Russian, for ``conventions show`` and ``diff`` (display texts only)."""

from bbscore.i18n import N_

# What each setting means, in Russian, for `conventions show` and `diff` (key paths with * for the game kind).
DESCRIPTIONS: dict[str, str] = {
    "format": "версия формата файла",
    "name": "имя правил",
    "title": "название",
    "points.visty_per_point": "вистов в одном очке",
    "points.rounded": "кого округляют: defenders — висты вистующих, разыгрывающим остаток (Pp + Pv = C + конструкции/10); "
                      "each_pair — висты каждой пары сами по себе (сумма может быть больше или меньше C)",
    "points.rounding": "как округляют висты до очков: half_up — до ближайшего, 5 вверх (15–19 → 20); half_down — 5 вниз "
                       "(…5 вниз, …6 вверх); down — всегда вниз; up — всегда вверх",
    "points.scaling": "висты за взятки при делителе игры (trick_divisor): defenders — делятся висты вистующих, "
                      "разыгрывающим остаток; each_side — висты каждой стороны сами по себе",
    "points.last_trick": "висты за последнюю взятку (послед)",
    "doubling.multiplies": "что умножают контра и реконтра (множители — games.*.bid_multiplier): bid — только очки за "
                           "контракт PC; hand — всё, что пишут пары в этой сдаче",
    "made.simple": "когда простая игра выполнена (reach_contract: Vp ≥ 10·N; reach_and_outscore: и Vp > Vv)",
    "written": "что пишут пары — сумма из: PC (заявка × множитель), C (базовая стоимость), Pp/Pv (очки за висты "
               "разыгрывающих/вистующих, как сказано в points.rounded), Pkp/Pkv (очки за собственные конструкции пары)",
    "written.made": "что пишут пары, контракт выполнен",
    "written.made_doubled": "что пишут пары, выполнен под контрой/реконтрой",
    "written.bait": "что пишут пары при байте",
    "constructions.terz": "терц, вистов",
    "constructions.berz": "берц, вистов",
    "constructions.quinta": "квинта, вистов",
    "constructions.sixte": "шестерик, вистов",
    "constructions.septime": "семерик, вистов",
    "constructions.huitieme": "восьмерик, вистов",
    "constructions.bela": "бэла, вистов",
    "constructions.declarers_without_trick": "конструкции разыгрывающих без взятки (to_defenders — вистующим, lost — пропадают)",
    "constructions.defenders_without_trick": "конструкции вистующих без взятки (keep — остаются, lost — пропадают)",
    "constructions.bela_without_trick": "бэла без взятки (like_others — как другие конструкции, counts — засчитывается всегда)",
    "constructions.rams_8": "рамки 8: cancel_all — отменяют все конструкции всех игроков (кроме бэлы); cancel_opponents — "
                            "все конструкции противников; cancel_opponents_sequences — терц и берц противников; redeal — пересдача; "
                            "nothing — ничего не делают",
    "constructions.rams_7": "рамки 7: те же варианты (cancel_all, cancel_opponents, cancel_opponents_sequences, redeal, nothing)",
    "constructions.declarers_on_bait": "конструкции разыгрывающих при байте: kept — остаются в счёте (в Pp); lost — "
                                       "пропадают; to_defenders — засчитываются вистующим",
    "constructions.bela_on_bait": "бэла разыгрывающих при байте: like_others — как другие конструкции; kept — остаётся в счёте",
    "constructions.equal_rams": "рамки равной стоимости: higher_rank — старше рамки из старших карт; tie — равны, решает tie",
    "constructions.tie": "равные старшие конструкции пар: first_announced — объявленная первой; elder_hand — старшей руки "
                         "(раньше по очереди от первого хода, игрок 1); cancel_both — не проходят ничьи (бэла остаётся)",
    "constructions.top_card_before_trump": "последовательности равной длины: true — сначала старшая карта, потом козырь; "
                                           "false — сначала козырь",
    "constructions.card_in_sequence_and_rams": "может ли карта быть и в последовательности, и в рамках одного игрока "
                                               "(allowed / forbidden)",
    "kapo.style": "капо: premium — премия C + K, пишется ^Т, ^2Т (с руки ^^Т); flag — отметка на заявке N, пишется 26Т^: "
                  "выполнена, если набрано 10·N и взяты все 8 взяток",
    "kapo.from_one_hand": "есть ли капо с руки (^^Т)",
    "kapo.failed_card_points": "невыполненное капо с премией: kapo_base_cost — за карты базовая стоимость капо; "
                               "base_cost — базовая стоимость простой игры (16)",
    "games.*.trump_cards": "стоимость козырных карт, вистов",
    "games.*.plain_cards": "стоимость некозырных карт, вистов",
    "games.*.deck_visty": "стоимость колоды S с последом, вистов",
    "games.*.trick_divisor": "делитель вистов за взятки (1 — без пересчёта)",
    "games.*.min_bid": "минимальная заявка N",
    "games.*.max_bid": "максимальная заявка N (нет ключа — предела нет)",
    "games.*.bid_multiplier": "множитель заявки: none — без контры, contra — под контрой, recontra — под реконтрой",
    "games.*.all_tricks_visty": "во сколько вистов считаются карты пары, взявшей все 8 взяток (равно deck_visty — без "
                                "особой премии)",
    "games.*.all_tricks_base_cost": "базовая стоимость C в записи, когда все 8 взяток взяли вистующие",
    "games.*.confirm_bid_above": "заявка выше этого числа переспрашивается (описка: 80Ч вместо 8Ч); по умолчанию 30",
    "games.*.base_cost": "базовая стоимость C простой игры, очков",
    "games.*.kapo_base_cost": "базовая стоимость капо, очков",
    "games.*.kapo_hand_base_cost": "базовая стоимость капо с руки, очков",
    "games.*.max_belas": "сколько бэл может быть",
    "games.*.rams": "стоимость рамок, вистов",
    "games.*.no_rams": "четыре карты, которые не конструкция",
    "game_end.target": "до скольких очков партия",
    "game_end.on_tie": "равные итоги на цели (another_hand — ещё сдача, draw — ничья)",
    "game_end.doezd": "разрешён ли «доезд»",
    "same_rules_as": "хеши прежних версий файла с теми же правилами (партии с ними не считаются записанными по другим правилам)",
    "game_end.winner_needs_trick": "должна ли пара, дошедшая до цели, взять взятку в решающей сдаче",
    "game": "игра файла правил (bazar-belot — Базар-Белот, preferans — преферанс)",
    # Preferans (conventions/rostov.toml, RULES.md §9).
    "players.counts": "сколько игроков за столом (3 и/или 4)",
    "players.four": "вчетвером: dealer_sits_out — сдающий сидит на прикупе",
    "players.dealer_all_pass": "сидящий на прикупе на распасах (as_zero_tricks — пишет в пулю, как за ноль взяток; nothing — ничего)",
    "cost.*": "игра этого уровня: pulya — в пулю за сыгранную; gora — в гору за взятку недобора; "
              "vists — висты вистующему за взятку; whist_gora — в гору вистующему за недобранную на висте взятку",
    "misere.pulya": "сыгранный мизер, в пулю",
    "misere.gora": "мизер: в гору за каждую взятую взятку",
    "misere.vists": "висты на мизере (none — не пишутся)",
    "whist.responsibility": "ответственность виста (half — полуответственный: половина стоимости недобора; full — вся)",
    "whist.obligation": "сколько взяток должны взять вистующие против игры каждого уровня",
    "whist.consolation": "консоляция: висты за каждую недобранную играющим взятку",
    "whist.consolation_by": "кто пишет консоляцию (both — оба защитника; whisters — только вистующие)",
    "whist.one_whister_made": "один вистует, игра сыграна (whister — висты пишет вистующий; pooled_half — пополам с пасовавшим)",
    "whist.one_whister_down": "один вистует, игра без взяток (pooled_half — всё пополам с пасовавшим; each_own — каждый своё)",
    "whist.both_whist_share": "вистуют оба: каждый отвечает за половину обязательства",
    "whist.both_whist_odd_trick": "вистуют оба: кто отвечает за нечётную взятку обязательства "
                                  "(after_declarer, before_declarer, fewer_tricks, nobody, both)",
    "whist.both_whist_short": "вистуют оба: ремиз на висте (total_short — только при общем недоборе; own_half — всегда за свою половину)",
    "whist.both_pass": "оба защитника спасовали (made — игра считается сыгранной)",
    "raspasy.vists_per_trick": "распасы: висты за взятку",
    "raspasy.writer": "распасы: кто пишет висты (fewest_tricks — взявший меньше всех)",
    "raspasy.tie": "распасы: двое взяли поровну меньше всех (half_each — пишут пополам)",
    "raspasy.zero_tricks_pulya": "распасы: в пулю за ноль взяток",
    "raspasy.zero_tricks_unit": "единица числа выше (points — очки пули; trick_price — стоимости взятки)",
    "raspasy.progression": "прогрессия распасов (не поддерживается: false)",
    "pulya.target": "пуля: до скольких очков (у каждого)",
    "pulya.end": "конец игры (every_pulya — закрыты все пули; any_pulya — хотя бы одна)",
    "pulya.overflow": "очки сверх закрытой пули (help_others — в пулю другому; off_own_gora — списываются с горы)",
    "pulya.help_whom": "кому помогают (most_left — кому больше осталось; next_in_turn — следующему по ходу)",
    "pulya.help_vists_per_point": "висты помогающего на того, кому помог, за очко",
    "settlement.gora_vists": "подсчёт: вистов в очке горы",
    "settlement.method": "подсчёт (average_gora — через среднюю гору; subtract_smallest — вычесть наименьшую гору)",
    "settlement.unfinished": "игра не доиграна (missing_to_gora — недостающее до пули пишется в гору; as_is — как есть)",
}
for _kind, _name in (("suit", "игра в масть"), ("no_trumps", "игра БК"), ("all_trumps", "игра ВК")):
    DESCRIPTIONS[f"games.{_kind}"] = f"{_name}: есть ли она в правилах (нет таблицы — контракты этой игры не принимаются)"
GAME_KIND_NAMES = {"suit": N_("масть (П Т Б Ч)"), "no_trumps": "БК", "all_trumps": "ВК"}  # translated where shown


def describe(key: str) -> str:
    """The Russian description of a setting's key path (``games.suit.rams.J`` → its table's description)."""
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
            return DESCRIPTIONS[candidate]
    return ""
