"""What the keys every game's rule files share mean (Russian msgids, shown in the language in use), and each
game's descriptions reached through its registry entry (:mod:`bbscore.games`), for ``conventions show`` and ``diff``."""

from bbscore import games
from bbscore.i18n import N_, _

COMMON: dict[str, str] = {
    "format": N_("версия формата файла"),
    "name": N_("имя правил"),
    "title": N_("название"),
    "same_rules_as": N_("хеши прежних версий файла с теми же правилами (партии с ними не считаются записанными по другим правилам)"),
}


def common(key: str) -> str:
    """The description of a key every rule file may have (``game`` lists the games of the house), or ""."""
    if key == "game":
        return _("игра файла правил ({games})").format(games=", ".join(
            f"{game.key} — {_(game.title)}" for game in games.registered().values()))
    return _(COMMON[key]) if key in COMMON else ""


def of_game(key: str):
    """The descriptions module of the game ``key``: its ``describe(key)``, ``table_title(path)``,
    ``value_text(value)`` (None: the usual way) and ``SPLIT_SECTIONS`` (sections shown as one table per table in them)."""
    import importlib

    return importlib.import_module(games.of(key).descriptions)
