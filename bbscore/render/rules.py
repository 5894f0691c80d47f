"""Rule sets of every game on the terminal: the list, every value as tables, the differences of two (rich).

What each setting means comes from the rule set's game (:func:`bbscore.descriptions.of_game`)."""

from __future__ import annotations

from rich.table import Table

from bbscore.descriptions import of_game
from bbscore.i18n import _
from bbscore.render.layout import console, print_fitting, styled


def _value_text(value, texts) -> str:
    own = texts.value_text(value)
    if own is not None:
        return own
    if isinstance(value, dict):
        return " · ".join(f"{key} {_value_text(item, texts)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) if value else "—"
    if isinstance(value, bool):
        return _("да") if value else _("нет")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def convention_list(entries: list[dict], user_folder, default: str) -> None:
    """Print the bundled and the user's rule sets (``default``: the one to copy from, named in the hint)."""
    out = console()
    table = Table(title=_("Правила"), title_justify="left")
    for column in (_("имя"), _("правила"), _("название"), _("файл")):  # (a narrow line: «bela — правила встроенные; …»)
        table.add_column(column, overflow="fold")
    for entry in entries:
        origin = _("встроенные") if entry["origin"] == "bundled" else _("свои")
        title = entry.get("title") or styled(entry.get("problem", ""), "red")
        table.add_row(entry["name"], origin, title, entry["file"])
    print_fitting(out, table, prose=(2,))
    out.print(_("Свои правила кладите в {folder} (файл ИМЯ.toml); сделать копию: bbscore conventions init ИМЯ.toml "
                "--from {default}").format(folder=user_folder, default=default))


def convention_tables(rules) -> None:
    """Print every value of a rule set as tables, one per section (a section the game splits: one per table in it),
    with what each setting means."""
    texts = of_game(rules.for_game)
    out = console()
    out.print(styled(_("Правила «{name}»: {title}").format(name=rules.name, title=rules.settings.title), "bold"))
    out.print(_("Файл: {file}; sha256 {sha256}").format(file=rules.path, sha256=rules.sha256))
    for section, value in rules.content.items():
        if not isinstance(value, dict):
            continue
        if section in texts.SPLIT_SECTIONS:  # a section of tables (the games of a Belot rule set): one table each
            for kind, table in value.items():
                _settings_table(out, texts.table_title(f"{section}.{kind}"), f"{section}.{kind}", table, texts)
        else:
            _settings_table(out, texts.table_title(section), section, value, texts)


def _settings_table(out, title: str, prefix: str, values: dict, texts) -> None:
    table = Table(title=title, title_justify="left")
    table.add_column(_("ключ"), overflow="fold")
    table.add_column(_("значение"))
    table.add_column(_("что это"))
    for key, value in values.items():
        table.add_row(key, _value_text(value, texts), texts.describe(f"{prefix}.{key}"))
    print_fitting(out, table, prose=(1, 2))


def convention_diff(first, second, rows) -> None:
    """Print the settings in which two rule sets (of one game) differ, as a list of rules to discuss: what the rule
    is, then each file's value."""
    texts = of_game(first.for_game)
    out = console()
    if not rows:
        out.print(_("Правила «{first}» и «{second}» не различаются.").format(first=first.name, second=second.name))
        return
    width = max(len(first.name), len(second.name))
    out.print(styled(_("Различия: «{first}» и «{second}» — {count}").format(first=first.name, second=second.name,
                                                                           count=len(rows)), "bold"))
    for number, (key, left, right) in enumerate(rows, start=1):
        what = texts.describe(key)
        out.print(f"{number}. {key}" + (f" — {what}" if what else ""), highlight=False)
        for name, value in ((first.name, left), (second.name, right)):
            out.print(f"   {name:<{width}}  {'—' if value is None else _value_text(value, texts)}", highlight=False)
