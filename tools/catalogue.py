"""The English catalogue: extract the messages, update the .po, compile the .mo (babel; not needed at run time).

    python tools/catalogue.py update    # the .po gets every message of the source (new ones untranslated), loses the rest
    python tools/catalogue.py compile   # the .mo from the .po (committed beside it)
    python tools/catalogue.py missing   # the messages without an English text

The messages are (1) the texts of ``_()``, ``N_()`` and ``ngettext()`` calls in ``bbscore/`` (read from the source
with ``ast``), and (2) the help texts of every command and option, read from the command tree Typer builds (they are
written as Russian literals in the commands' signatures and docstrings and translated when the tree is built: see
``bbscore.cli.translate_help``).  ``tests/test_i18n.py`` fails when one has no English text, or when the .po holds
one the source no longer has.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "bbscore"
PO = PACKAGE / "locale" / "en" / "LC_MESSAGES" / "bbscore.po"
MO = PO.with_suffix(".mo")
FIXED_DATE = datetime(2026, 11, 30, tzinfo=timezone.utc)  # the header's dates: a recompiled .mo is the same bytes
CALLS = {"_": 1, "N_": 1, "ngettext": 2}


def source_messages() -> dict[str, str | None]:
    """{msgid: msgid_plural or None} of the ``_``/``N_``/``ngettext`` calls in the package, in source order (read
    once per process: the source does not change while it runs)."""
    return dict(_source_messages())


@functools.cache
def _source_messages() -> tuple[tuple[str, str | None], ...]:
    found: dict[str, str | None] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS):
                continue
            args = node.args[: CALLS[node.func.id]]
            if not args or not all(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in args):
                if node.func.id == "N_":
                    raise SystemExit(f"{path}:{node.lineno}: N_() of something that is not a literal text")
                continue  # _() of a text marked where it is written (N_) or a help text
            found.setdefault(args[0].value, args[1].value if len(args) > 1 else None)
    return tuple(found.items())


def help_messages() -> dict[str, None]:
    """The help texts of every command, group and parameter, as Typer builds them (Russian; built once per
    process)."""
    return dict.fromkeys(_help_messages())


@functools.cache
def _help_messages() -> tuple[str, ...]:
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import typer

    from bbscore import i18n
    from bbscore.cli import build_app

    i18n.set_language("ru")
    found: dict[str, None] = {}

    def walk(command) -> None:
        for text in (command.help, getattr(command, "short_help", None)):
            if text:
                found.setdefault(text, None)
        for param in command.params:
            if getattr(param, "help", None):
                found.setdefault(param.help, None)
            if getattr(param, "metavar", None) and re.search("[А-Яа-яЁё]", param.metavar):
                found.setdefault(param.metavar, None)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(build_app(["--help"], everything=True)))
    return tuple(found)


def messages() -> dict[str, str | None]:
    return {**source_messages(), **{k: v for k, v in help_messages().items()}}


def read():
    from babel.messages.pofile import read_po

    with open(PO, "rb") as file:
        return read_po(file, locale="en", domain="bbscore")


def update() -> None:
    """Rewrite the .po with the source's messages: known translations kept, new ones empty, gone ones dropped."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    old = read() if PO.exists() else None
    catalog = Catalog(locale="en", domain="bbscore", project="bbscore", version="0.1.0",
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False,
                      language_team="bbscore", last_translator="bbscore")
    for msgid, plural in messages().items():
        key = (msgid, plural) if plural else msgid
        known = old.get(msgid) if old is not None else None
        string = known.string if known is not None else (("", "") if plural else "")
        if plural and not isinstance(string, tuple):
            string = (string, string)
        if not plural and isinstance(string, tuple):
            string = string[0]
        catalog.add(key, string)
    PO.parent.mkdir(parents=True, exist_ok=True)
    with open(PO, "wb") as file:
        write_po(file, catalog, width=0, omit_header=False, sort_output=False, include_lineno=False)


# The .mo's own header: fixed here (babel's would name its version, and a newer babel would change the bytes).
MO_HEADER = ("Project-Id-Version: bbscore\nLanguage: en\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
             "Content-Transfer-Encoding: 8bit\nPlural-Forms: nplurals=2; plural=(n != 1);\n")


def compiled() -> bytes:
    """The .mo the .po compiles to (GNU format, as msgfmt writes it: the keys sorted, no hash table)."""
    import struct

    entries = {b"": MO_HEADER.encode("utf-8")}
    for message in read():
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (tuple, list)):
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            if not all(strings):
                continue
            key = "\0".join(message.id).encode("utf-8")
            entries[key] = "\0".join(strings).encode("utf-8")
        elif message.string:
            entries[message.id.encode("utf-8")] = message.string.encode("utf-8")
    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(entries[key])))
        ids += key + b"\0"
        strs += entries[key] + b"\0"
    start = 7 * 4 + 16 * len(keys)
    key_table, value_table = [], []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_table += [id_length, start + id_offset]
        value_table += [str_length, start + len(ids) + str_offset]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + struct.pack(f"{len(key_table)}i", *key_table) + struct.pack(f"{len(value_table)}i", *value_table) \
        + ids + strs


def missing() -> list[str]:
    catalog = read()
    gaps = []
    for msgid, plural in messages().items():
        message = catalog.get(msgid)
        strings = () if message is None else (message.string if isinstance(message.string, tuple) else (message.string,))
        if not strings or not all(strings):
            gaps.append(msgid)
    return gaps


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "update"
    if command == "update":
        update()
    elif command == "compile":
        MO.write_bytes(compiled())
    elif command == "missing":
        for msgid in missing():
            print(repr(msgid))
    else:
        raise SystemExit(__doc__)
