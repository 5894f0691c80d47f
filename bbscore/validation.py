"""A rules file's schema refusals in words a club organiser can act on, for every game's schema.

msgspec says what is wrong with a table in English and in its own terms
(``Object contains unknown field `roundng` - at `$.points```); :func:`explain`
turns that into the key path and a Russian reason: a missing key, an unknown
key with the nearest known one, a choice outside its closed list with the list,
a value of the wrong type.  The schema is any msgspec Struct type (the
Bazar-Belot file, the preferans file).
"""

from __future__ import annotations

import re
import typing
from typing import Any, Callable

from bbscore.i18n import N_, _

_TYPE_NAMES = {  # translated where shown
    "int": N_("целое число"), "float": N_("число"), "str": N_("текст в кавычках"), "bool": N_("true или false"),
    "array": N_("список [ … ]"), "object": N_("таблица { … }"), "null": N_("пусто"),
}


def _type_name(name: str) -> str:
    return _(_TYPE_NAMES[name]) if name in _TYPE_NAMES else name


def explain(text: str, schema: type, example: Callable[[str], str | None] | None = None,
            sample: str = "") -> tuple[str, str]:
    """(key path, what is wrong and what is expected) of msgspec's ``ValidationError`` text against ``schema``.

    ``example(key)`` gives a line to copy for a missing key (or None); ``sample`` names a file to look at instead.
    """
    message, _at, where = text.partition(" - at `")
    where = re.sub(r"\[(?:\.\.\.|\d+)\]", "", where.rstrip("`").removeprefix("$").lstrip("."))
    missing = re.match(r"Object missing required field `(.+)`", message)
    unknown = re.match(r"Object contains unknown field `(.+)`", message)
    wrong_type = re.match(r"Expected `(.+?)`, got `(.+?)`", message)
    bad_choice = re.match(r"Invalid enum value (.+)", message)
    if missing:
        key = f"{where}.{missing.group(1)}" if where else missing.group(1)
        line = example(key) if example else None
        if line:
            return key, _("нет ключа — добавьте его, например {line}").format(line=line)
        if sample:
            return key, _("нет ключа — добавьте его (образец: {sample})").format(sample=sample)
        return key, _("нет ключа — добавьте его")
    if unknown:
        key = f"{where}.{unknown.group(1)}" if where else unknown.group(1)
        near = nearest_key(schema, where, unknown.group(1))
        if near:
            return key, _("неизвестный ключ — уберите его или исправьте опечатку; может быть, {near}?").format(near=near)
        return key, _("неизвестный ключ — уберите его или исправьте опечатку")
    if bad_choice:
        allowed = choices(schema, where)
        if allowed:
            return where, _("недопустимое значение {value}; допустимы: {allowed}").format(
                value=bad_choice.group(1), allowed=", ".join(allowed))
        return where, _("недопустимое значение {value}").format(value=bad_choice.group(1))
    if wrong_type:
        expected = _(" или ").join(_type_name(t.strip()) for t in wrong_type.group(1).split("|"))
        got = _("дробное число") if wrong_type.group(2) == "float" else _type_name(wrong_type.group(2))
        return where, _("ожидается {expected}, а записано {got}").format(expected=expected, got=got)
    return where, message


def _type_at(schema: type, where: str) -> Any:
    """The type of the value at a key path (file names: a field renamed in the file is found by its file name)."""
    kind: Any = schema
    for part in [p for p in where.split(".") if p]:
        if not isinstance(kind, type) or not hasattr(kind, "__struct_fields__"):
            return None
        names = {field.encode_name: field.name for field in _fields(kind)}
        if part not in names:
            return None
        kind = typing.get_type_hints(kind)[names[part]]
        structs = [arg for arg in typing.get_args(kind) if isinstance(arg, type) and hasattr(arg, "__struct_fields__")]
        kind = structs[0] if structs else kind  # GameSettings | None
    return kind


def _fields(kind: type) -> tuple:
    import msgspec

    return msgspec.structs.fields(kind)


def nearest_key(schema: type, where: str, name: str) -> str | None:
    """The known key nearest to a mistyped one (difflib), with its table's path, or None."""
    import difflib

    kind = _type_at(schema, where)
    known = [field.encode_name for field in _fields(kind)] if isinstance(kind, type) and hasattr(kind, "__struct_fields__") else []
    found = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if not found:
        return None
    return f"{where}.{found[0]}" if where else found[0]


def choices(schema: type, where: str) -> list[str]:
    """The closed list of a choice setting at a key path (from the schema's ``Literal`` types)."""
    kind = _type_at(schema, where)
    if typing.get_origin(kind) is list:
        (kind,) = typing.get_args(kind)
    args = typing.get_args(kind)
    return [str(a) for a in args] if args and all(isinstance(a, str) for a in args) else []
