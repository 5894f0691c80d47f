"""What each setting of a preferans rule set means (Russian msgids, shown in the language in use), for
``conventions show`` and ``diff`` (display texts only); the keys every game's rule files share are in
:mod:`bbscore.descriptions`."""

from bbscore import descriptions
from bbscore.i18n import N_, _

SPLIT_SECTIONS: tuple[str, ...] = ()  # every section is one table

# Key paths with * for a level (RULES.md §9, §11, conventions/rostov.toml, sochi.toml, leningrad.toml).
DESCRIPTIONS: dict[str, str] = {
    "players.counts": N_("сколько игроков за столом (3 и/или 4)"),
    "players.four": N_("вчетвером: dealer_sits_out — сдающий сидит на прикупе"),
    "players.dealer_all_pass": N_("сидящий на прикупе на распасах (as_zero_tricks — получает то же, что за ноль взяток; nothing — ничего)"),
    "cost.*": N_("игра этого уровня: pulya — в пулю за сыгранную; gora — в гору за взятку недобора; "
              "vists — висты вистующему за взятку; whist_gora — в гору вистующему за недобранную на висте взятку"),
    "misere.pulya": N_("сыгранный мизер, в пулю"),
    "misere.gora": N_("мизер: в гору за каждую взятую взятку"),
    "misere.vists": N_("висты на мизере (none — не пишутся)"),
    "whist.responsibility": N_("ответственность виста (half — полуответственный: половина; full — ответственный: вся "
                               "стоимость; none — вистующий за недобор не отвечает)"),
    "whist.half_of": N_("полуответственный вист — половина чего (undertrick_gora — горы играющего за взятку недобора; "
                        "game_pulya — стоимости игры в пулю)"),
    "whist.obligation": N_("сколько взяток должны взять вистующие против игры каждого уровня (0 — не отвечают: "
                           "десятерная «проверяется»)"),
    "whist.consolation": N_("консоляция: висты за каждую недобранную играющим взятку (число — одно для всех игр; "
                            "game_vists — по висту за взятку этой игры)"),
    "whist.consolation_by": N_("кто пишет консоляцию (both — оба защитника; whisters — только вистующие; all_others — "
                               "все, кроме играющего, вчетвером и сдающий)"),
    "whist.one_whister_made": N_("один вистует, игра сыграна (whister — висты пишет вистующий; pooled_half — пополам с пасовавшим)"),
    "whist.one_whister_down": N_("один вистует, игра без взяток (pooled_half — вист джентльменский: всё пополам с "
                                 "пасовавшим; each_own — жлобский: каждый своё)"),
    "whist.both_whist_share": N_("вистуют оба: каждый отвечает за половину обязательства"),
    "whist.both_whist_odd_trick": N_("вистуют оба: кто отвечает за нечётную взятку обязательства "
                                  "(after_declarer, before_declarer, fewer_tricks, nobody, both, half_each — каждый за половину)"),
    "whist.both_whist_short": N_("вистуют оба: ремиз на висте (total_short — только при общем недоборе; own_half — "
                                 "всегда за свою половину; pair_capped — при общем недоборе и не больше него)"),
    "whist.both_pass": N_("оба защитника спасовали (made — игра считается сыгранной)"),
    "raspasy.writer": N_("распасы: как пишутся (fewest_tricks — висты взявшему меньше всех; each_to_gora — каждый свои "
                         "взятки в гору)"),
    "raspasy.vists_per_trick": N_("распасы: висты за взятку (при fewest_tricks)"),
    "raspasy.gora_per_trick": N_("распасы: очков горы за взятку на первых распасах (при each_to_gora)"),
    "raspasy.amnesty": N_("распасы: взятки взявшего меньше всех не пишутся (при each_to_gora)"),
    "raspasy.tie": N_("распасы: двое взяли поровну меньше всех (half_each — пишут пополам)"),
    "raspasy.zero_tricks_pulya": N_("распасы: премия за ноль взяток"),
    "raspasy.zero_tricks_unit": N_("единица премии (points — очки; trick_price — цены взятки этих распасов)"),
    "raspasy.zero_tricks_to": N_("куда пишется премия за ноль взяток (pulya — в пулю; off_gora — списывается с горы)"),
    "raspasy.progression": N_("прогрессия распасов: множители цены взятки на 1-х, 2-х, 3-х … распасах подряд "
                              "(последний повторяется); нет — цена не меняется"),
    "raspasy.exit": N_("выход из распасов: самая низкая игра после 0, 1, 2 … распасов подряд (последняя повторяется)"),
    "raspasy.exit_by": N_("какая сдача заканчивает распасы подряд (any_hand — любая игра или мизер; made — сыгранная; "
                          "whisted — завистованная игра; whisted_made — сыгранная завистованная игра)"),
    "raspasy.talon": N_("прикуп на распасах (closed — не открывается; open — открывается: его карты, по одной на "
                        "взятку, задают масть первых взяток); на запись не влияет"),
    "pulya.target": N_("пуля: до скольких очков (у каждого)"),
    "pulya.end": N_("конец игры (every_pulya — закрыты все пули; any_pulya — хотя бы одна; table_total — пули всех "
                    "вместе достигли target × игроков; time — когда остановят)"),
    "pulya.overflow": N_("очки сверх закрытой пули (help_others — в пулю другому; off_own_gora — списываются с горы)"),
    "pulya.help_whom": N_("кому помогают (most_left — кому больше осталось; next_in_turn — следующему по ходу)"),
    "pulya.help_vists_per_point": N_("висты помогающего на того, кому помог, за очко"),
    "settlement.gora_vists": N_("подсчёт: вистов в очке горы"),
    "settlement.pulya_vists": N_("подсчёт: вистов в очке пули"),
    "settlement.method": N_("подсчёт (average_gora — через среднюю гору; subtract_smallest — вычесть наименьшую гору)"),
    "settlement.unfinished": N_("пули в подсчёте (missing_to_gora — недостающее до пули пишется в гору; "
                                "pulya_difference — в итог входит разница пуль; as_is — пули не считаются)"),
    "settlement.rounding": N_("итоги (exact — точные; whole — целые висты, в сумме 0)"),
    "play.follow_suit": N_("обязательно ли класть карту масти хода, если она есть"),
    "play.trump_when_void": N_("нет масти хода: always — обязательно козырять, если есть козырь; never — не обязательно"),
    "play.overtrump": N_("обязательно ли перебивать козырь старшим козырем (false — бить никто не обязан)"),
    "play.raspasy_first_hand_leads": N_("сколько первых взяток распасов начинает первая рука, кто бы их ни взял"),
    "play.revoke": N_("чего стоит неправильная карта (ренонс): report — только сказать; penalty — штраф revoke_penalty "
                   "очков в гору нарушителю"),
    "play.revoke_penalty": N_("штраф за неправильную карту, очков горы (при revoke = penalty; иначе 0)"),
    "play.source": N_("откуда взяты правила розыгрыша (показывается судьёй)"),
}
DESCRIPTIONS["play"] = N_("правила розыгрыша для судьи (bbscore pref referee); нет таблицы — судья не проверяет ходы")


def describe(key: str) -> str:
    """The description (in the language in use) of a setting's key path (``cost.6.vists`` → its table's description)."""
    parts = key.split(".")
    candidates = [key]
    if parts[0] in ("cost", "whist") and len(parts) >= 2:
        candidates += [f"{parts[0]}.*", ".".join(parts[:2])]
    for candidate in candidates:
        if candidate in DESCRIPTIONS:
            return _(DESCRIPTIONS[candidate])
    return descriptions.common(key)


def table_title(path: str) -> str:
    """The title of a table of ``conventions show``: its key path."""
    return path


def value_text(value) -> str | None:
    """None: every value is shown the usual way."""
    return None
