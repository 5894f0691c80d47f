"""What each setting of a preferans rule set means (Russian msgids, shown in the language in use), for
``conventions show`` and ``diff`` (display texts only); the keys every game's rule files share are in
:mod:`bbscore.descriptions`."""

from bbscore import descriptions
from bbscore.i18n import N_, _

SPLIT_SECTIONS: tuple[str, ...] = ()  # every section is one table

# Key paths with * for a level (RULES.md §9, conventions/rostov.toml).
DESCRIPTIONS: dict[str, str] = {
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
