"""What each convention setting means, in Russian, for ``conventions show`` and ``diff`` (display texts only)."""

# What each setting means, in Russian, for `conventions show` and `diff` (key paths with * for the game kind).
DESCRIPTIONS: dict[str, str] = {
    "format": "версия формата файла",
    "name": "имя правил",
    "title": "название",
    "points.visty_per_point": "вистов в одном очке",
    "points.defenders_rounding": "округление вистов вистующих (half_up: 15–19 → 20)",
    "points.last_trick": "висты за последнюю взятку (послед)",
    "doubling.contra": "множитель очков за контракт под контрой",
    "doubling.recontra": "множитель под реконтрой",
    "made.simple": "когда простая игра выполнена (reach_contract: Vp ≥ 10·N; reach_and_outscore: и Vp > Vv)",
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
                            "все конструкции противников; cancel_opponents_sequences — терц и берц противников; redeal — пересдача",
    "constructions.rams_7": "рамки 7: те же варианты (cancel_all, cancel_opponents, cancel_opponents_sequences, redeal)",
    "games.*.trump_cards": "стоимость козырных карт, вистов",
    "games.*.plain_cards": "стоимость некозырных карт, вистов",
    "games.*.deck_visty": "стоимость колоды S с последом, вистов",
    "games.*.trick_divisor": "делитель вистов за взятки (1 — без пересчёта)",
    "games.*.min_bid": "минимальная заявка N",
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
}
GAME_KIND_NAMES = {"suit": "масть (П Т Б Ч)", "no_trumps": "БК", "all_trumps": "ВК"}


def describe(key: str) -> str:
    """The Russian description of a setting's key path (``games.suit.rams.J`` → its table's description)."""
    parts = key.split(".")
    candidates = [key]
    if parts[0] == "games" and len(parts) >= 3:
        candidates += [".".join(["games", "*", *parts[2:]]), ".".join(["games", "*", parts[2]])]
    if parts[0] == "written" and len(parts) >= 2:
        candidates.append(".".join(parts[:2]))
    for candidate in candidates:
        if candidate in DESCRIPTIONS:
            return DESCRIPTIONS[candidate]
    return ""
