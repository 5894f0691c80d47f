"""The rule-file layer for every game: where rule sets are found, how they are read, hashed and kept compiled.

A rule set is found by name (the bundled ones, inside the package when installed from a wheel, or ``conventions/``
of a checkout; then the user's folder) or by path, read with its size limit, and checked by the schema of its game:
the file's top-level ``game`` key names the game (:mod:`bbscore.games`; a file without it is of the game registered
as ``untagged``), whose registry entry gives the function that checks the tables.  This module names no game.  A
file with a missing key, an unknown key, a wrong type or numbers that do not add up is refused with
:class:`~bbscore.errors.ConventionError` naming the file, the key path, what was expected and what was found.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from bbscore import games
from bbscore.errors import (
    TOO_DEEP,
    BBScoreError,
    ConventionError,
    ConventionNotFoundError,
    ProtocolError,
    os_reason,
    shown,
    visible,
)
from bbscore.files import (
    FileRefused,
    expand_user,
    parse_toml,
    read_regular,
    sha256_hex,
    toml_problem,
    why_missing,
    write_atomic,
)
from bbscore.i18n import N_, _

# The largest convention file read (the bundled ones are ~6 KB).
MAX_CONVENTION_BYTES = 1024 * 1024


@cache
def bundled_dir() -> Path:
    """The folder of the bundled conventions: inside the installed package, or ``conventions/`` of a checkout."""
    inside = Path(__file__).resolve().parent / "conventions"
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / "conventions"


def bundled_names() -> list[str]:
    """Names of the bundled conventions."""
    return sorted(path.stem for path in bundled_dir().glob("*.toml") if path.is_file())


def user_dir() -> Path:
    """The user's own conventions: ``conventions/`` in the platform's user config folder (platformdirs)."""
    from platformdirs import user_config_path

    return user_config_path("bbscore") / "conventions"


def user_names() -> list[str]:
    """Names of the user's own conventions (files ``NAME.toml`` in :func:`user_dir`)."""
    folder = user_dir()
    return sorted(path.stem for path in folder.glob("*.toml") if path.is_file()) if folder.is_dir() else []


def resolve(name_or_path: str) -> Path:
    """The file of a convention given by name (``gambler``) or by path.

    A name is looked up among the bundled conventions first, then in the
    user's folder (:func:`user_dir`): a bundled name cannot be shadowed.
    Raises :class:`ConventionNotFoundError` when neither exists.
    """
    return _resolve(name_or_path, _names_a_file(name_or_path))


def _resolve(name_or_path: str, is_path: bool) -> Path:
    if not name_or_path.strip():
        raise ConventionNotFoundError("convention", name_or_path, _("пустое имя: нужно имя правил ({default}) или путь к файлу .toml").format(
            default=games.untagged().default_rules))
    candidate = expand_user(name_or_path)
    if candidate is None:
        raise ConventionNotFoundError("convention", name_or_path, _("нет пользователя {value}: файл правил не найден").format(value=name_or_path.split('/')[0]))
    if is_path:
        if candidate.is_dir():
            raise ConventionNotFoundError("convention", name_or_path, _("это папка, а нужен файл правил .toml"))
        if candidate.exists():  # a pipe or a device is refused when read (load_file)
            return candidate
        raise ConventionNotFoundError("convention", name_or_path, why_missing(candidate) or N_("файл правил не найден"))
    bundled = bundled_dir() / f"{name_or_path}.toml"
    if bundled.is_file():
        return bundled
    own = user_dir() / f"{name_or_path}.toml"
    if own.is_file():
        return own
    names = ", ".join(bundled_names() + [n for n in user_names() if n not in bundled_names()])
    raise ConventionNotFoundError(
        "правила", name_or_path, _("нет таких правил; есть: {names}, или путь к файлу .toml (свои правила — в {user_dir})").format(names=names, user_dir=user_dir())
    )


_CACHE: dict[tuple[str, int, int, int, int], Any] = {}  # by the file's (path, device, inode, time, size)

ANY_GAME = None  # load(…, game=ANY_GAME): rules of whichever game the file is of (the ``conventions`` commands)


def load(name_or_path: str | None = None, game: str | None = ANY_GAME) -> Any:
    """Load and check a rule set by name or path (cached per file version); returns its game's loaded rules.

    ``name_or_path`` None: the default rule set of the game ``game`` (or of the untagged game).  A rule set found by
    name (bundled, or in the user's folder) is kept compiled in the user's cache folder (see :func:`_read_compiled`);
    a file given by path is read afresh.  Raises :class:`ConventionError` for a missing or unreadable file, a TOML
    syntax error, a missing/unknown key, a wrong type or inconsistent numbers.  ``game``: the key of the game the
    rules must be of (:mod:`bbscore.games`), or :data:`ANY_GAME`; rules of another game are refused
    (:func:`of_game`).
    """
    if name_or_path is None:
        name_or_path = (games.of(game) or games.untagged()).default_rules
    is_path = _names_a_file(name_or_path)
    return of_game(load_file(_resolve(name_or_path, is_path), compiled=not is_path), game, name_or_path)


def of_game(rules: Any, game: str | None, given: str | None = None) -> Any:
    """``rules`` when they are of ``game`` (or ``game`` is None); else :class:`ConventionError` saying which game they are."""
    if game is None or rules.for_game == game:
        return rules
    theirs, wanted = games.of(rules.for_game), games.of(game)
    raise ConventionError(
        given or str(rules.path), "game",
        _('это правила {get} (game = "{for_game}"), а здесь нужны правила {get2} ({hint})').format(
            get=_(theirs.of_title), for_game=rules.for_game, get2=_(wanted.of_title), hint=_(wanted.hint)),
    )


def load_file(path: Path, *, compiled: bool = False) -> Any:
    """Load and check the convention file at ``path`` (no lookup by name); see :func:`load`.

    ``compiled``: use and refresh the compiled copy in the user's cache folder (:func:`cache_dir`).
    """
    try:
        status = path.stat()
        key = (str(path), status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
        if key in _CACHE:
            return _CACHE[key]
        raw = read_regular(path, MAX_CONVENTION_BYTES)  # a folder, a pipe (reading it could wait forever), a device
    except OSError as error:
        raise ConventionError(str(path), "", _("файл не читается ({os_reason})").format(os_reason=os_reason(error))) from None
    except FileRefused as refused:
        raise ConventionError(str(path), "", refused.reason) from None
    convention = _read_compiled(raw, path) if compiled else None
    if convention is None:
        tables = _tables(raw, path)
        convention = _checked(tables, path)
        if compiled:
            _write_compiled(raw, path, tables)
    _CACHE[key] = convention
    return convention


def parse(raw: bytes, path: Path) -> Any:
    """Check the bytes of a rule file and return its game's loaded rules.

    Raises :class:`ConventionError` with the file and key path.
    """
    return _checked(_tables(raw, path), path)


def _tables(raw: bytes, path: Path) -> dict[str, Any]:
    """The file's TOML tables (:class:`ConventionError` with the line for bad TOML or encoding; its stage ``"toml"``)."""
    try:
        return _toml_tables(raw, path)
    except ConventionError as error:
        error.stage = "toml"
        raise


def _toml_tables(raw: bytes, path: Path) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConventionError(str(path), "", _("файл должен быть в кодировке UTF-8 (сохраните его как UTF-8)")) from None
    try:
        data = parse_toml(text)
    except ValueError as error:  # tomllib.TOMLDecodeError
        line, reason = toml_problem(error, text)
        raise ConventionError(str(path), "", _("строка {line}: {reason}").format(line=line, reason=reason) if line else reason) from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise ConventionError(str(path), "", TOO_DEEP) from None
    return data


def _checked(data: Any, path: Path) -> Any:
    """The file's tables validated by the schema and the consistency checks of their game (the top-level ``game``
    key, or the untagged game without it: :mod:`bbscore.games`); a refusal's stage is ``"schema"``."""
    try:
        return _checked_of_its_game(data, path)
    except ConventionError as error:
        error.stage = "schema"
        raise


def _checked_of_its_game(data: Any, path: Path) -> Any:
    key = data.get("game") if isinstance(data, dict) else None
    game = games.of(key)
    if game is None:
        raise ConventionError(str(path), "game", _("неизвестная игра {game}; допустимы {games} (без ключа — {default})").format(
            game=shown(key), games=games.keys_text(), default=_(games.untagged().title)))
    return games.resolve(game.rules)(data, path, lambda where: _example_line(game, where),
                                     f"bbscore conventions show {game.default_rules}")


# The compiled copy of a convention file: a cache of its tables as parsed by tomllib, written as msgpack by msgspec
# (plain data only: nothing in it is executed) in the user's cache folder (platformdirs), never beside the file: an
# uninstall or a user's folder keeps nothing of it.  It saves the TOML parser at each start (~5 ms of ~70, issue "Fast
# enough to forget").  It is trusted only when it decodes within limits (its size, msgspec's nesting), was written by
# this very code (this module's size and time, this Python) and holds the SHA-256 of the file's exact bytes; its tables
# still pass the schema and the consistency checks at every load, and the rules' hash a protocol stores is computed
# from them (the copy holds none).
_COMPILED_FORMAT = 3  # 1 was marshal (a damaged copy could allocate gigabytes); 2 kept the source and the rules' hash
_COMPILED_MAX_BYTES = 1024 * 1024


def cache_dir() -> Path:
    """Where the compiled copies are kept: ``conventions/`` in the platform's user cache folder (platformdirs's
    ``user_cache_path("bbscore")``; on Linux computed here by the same XDG rule: importing platformdirs costs more
    than the copy saves)."""
    import sys

    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return Path(base) / "bbscore" / "conventions"
    from platformdirs import user_cache_path

    return user_cache_path("bbscore") / "conventions"


def _compiled_path(path: Path) -> Path:
    """The compiled copy of a convention file: named after the file and a hash of its full path (two files of one name
    in two folders have two copies)."""
    where = sha256_hex(os.fsencode(os.path.realpath(path)))[:16]
    return cache_dir() / f"{path.stem}-{where}.msgpack"


def _compiled_stamp() -> list:
    import sys

    own = Path(__file__).stat()
    return [_COMPILED_FORMAT, sys.version, own.st_size, own.st_mtime_ns]


def _source_sha256(raw: bytes) -> str:
    return sha256_hex(raw)


def _read_compiled(raw: bytes, path: Path) -> Any | None:
    """The convention from its compiled copy, or None when there is none or it is not of these bytes and this code."""
    try:
        stamp, source_sha256, data = msgspec.msgpack.decode(read_regular(_compiled_path(path), _COMPILED_MAX_BYTES))
    except (OSError, FileRefused, ValueError, TypeError, RecursionError, MemoryError):
        return None  # none, unreadable, a pipe, too large, damaged (msgspec.DecodeError), not a list of 3, too deep
    if stamp != _compiled_stamp() or source_sha256 != _source_sha256(raw) or not isinstance(data, dict):
        return None
    try:
        return _checked(data, path)
    except (ConventionError, RecursionError):  # a damaged copy: the file itself decides
        return None


def _write_compiled(raw: bytes, path: Path, tables: dict[str, Any]) -> None:
    """Write the compiled copy (atomically, never through a link); a cache folder that cannot be written is left
    alone, as Python does with bytecode."""
    target = _compiled_path(path)
    try:
        data = msgspec.msgpack.encode([_compiled_stamp(), _source_sha256(raw), tables])
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data, mode=0o600, follow=False, durable=False)  # a cache: a torn copy fails its checks
    except (OSError, TypeError, ProtocolError):  # a read-only folder; a value msgpack cannot write
        return


def names_a_file(name_or_path: str) -> bool:
    """Whether :func:`load` takes ``name_or_path`` as a path (a file anywhere), not as the name of a bundled or of the
    user's own convention."""
    return _names_a_file(name_or_path)


def sheet_refusal(error: ConventionError, name: str) -> str:
    """Why the rules a score sheet names (``[game] convention``, loaded as ``name``) cannot be used, for the sheet's
    own refusal, in any game: missing or unreadable — the system's reason; a bundled or the user's own convention
    that is broken — every detail; a file anywhere that the sheet names — only that it is not TOML, or not a bbscore
    rule set: nothing of its content (values, key names) is quoted, as it may be any file of the machine."""
    if isinstance(error, ConventionNotFoundError) or error.stage == "read":
        return error.explanation()
    if not names_a_file(name):
        return error.message()
    if error.stage == "toml":
        return _("этот файл не в формате TOML — не файл правил")
    return _("этот файл не файл правил bbscore (проверка: bbscore conventions check ФАЙЛ)")


def _names_a_file(name_or_path: str) -> bool:
    """Whether ``name_or_path`` is a path (it ends in .toml, has a folder, or is something here — a file, a folder, a
    pipe — that is not a convention's name)."""
    candidate = expand_user(name_or_path)
    if candidate is None:  # ~nobody/…: a path, refused when it is looked for
        return True
    if candidate.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path:
        return True
    return os.path.lexists(candidate) and name_or_path not in bundled_names() + user_names()


def _example_line(game: games.Game, key: str) -> str | None:
    """The line ``name = value`` of the game's default bundled rule set at a key path, to show what to write (as in
    that rule set)."""
    import json

    try:
        value: Any = load(game.default_rules, game.key).content
        for part in key.split("."):
            value = value[part]
    except (KeyError, TypeError, BBScoreError):
        return None
    if isinstance(value, dict):
        return _("как в {rules}: [{key}] …").format(rules=game.default_rules, key=key)
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, bool) else str(value).lower()
    return _("как в {rules}: {key} = {value}").format(rules=game.default_rules, key=key.rsplit(".", 1)[-1], value=shown)


def flatten(data: dict, prefix: str = "") -> dict[str, Any]:
    """Key paths of a convention's content (``games.suit.rams.J``) with their values (lists kept whole)."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            flat.update(flatten(value, path))
        else:
            flat[path] = value
    return flat


def differences(first: Any, second: Any) -> list[tuple[str, Any, Any]]:
    """(key path, value in the first, value in the second) for every setting that differs; None where absent.  A
    table the game lets a rule set leave out (``optional_tables``: a kind of game it lacks) is one difference, not
    one per key."""
    a, b = flatten(first.content), flatten(second.content)
    for table in games.of(first.for_game).optional_tables:
        in_a, in_b = (any(key.startswith(table + ".") for key in flat) for flat in (a, b))
        if in_a != in_b:
            for flat, present in ((a, in_a), (b, in_b)):
                for key in [key for key in flat if key.startswith(table + ".")]:
                    del flat[key]
                if present:
                    flat[table] = _("есть")
    keys = sorted((set(a) | set(b)) - {"same_rules_as"}, key=_key_order)  # (same_rules_as: history, not a rule)
    return [(key, a.get(key), b.get(key)) for key in keys if a.get(key) != b.get(key)]


def _key_order(key: str) -> tuple:
    """A dotted key's place in a list of differences: part by part, a number by its value (``rams.7`` before
    ``rams.10``), before any word."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in key.split("."))


def commented_copy(source: Any, new_name: str) -> str:
    """The text of a new convention file: the source file with its comments, under a new name and title, without the
    source's ``same_rules_as`` (the hashes of its earlier versions are not the copy's).

    Raises :class:`ConventionError` when the new name is not a plain name.
    """
    import re

    import tomli_w

    if not re.fullmatch(r"[\w-]{1,64}", new_name):
        raise ConventionError(new_name, "name", _("имя правил — буквы, цифры, _ и -, до 64 знаков"))
    try:
        text = read_regular(source.path, MAX_CONVENTION_BYTES).decode("utf-8-sig")  # read and checked just before
    except (FileRefused, UnicodeDecodeError):  # changed since
        raise ConventionError(str(source.path), "", _("файл правил изменился — повторите команду")) from None
    lines = text.splitlines(keepends=True)
    result = [f"# Копия правил «{visible(source.name)}», сделанная командой bbscore conventions init: правьте значения,\n",
              "# затем проверьте файл: bbscore conventions check ФАЙЛ.\n"]
    in_top = True
    skipping = False  # inside the source's same_rules_as list, written over several lines
    for line in lines:
        if skipping:
            skipping = "]" not in line
            continue
        if in_top and re.match(r"^\s*same_rules_as\s*=", line):  # the source's history is not the copy's
            result.append("# same_rules_as не копируется: прежние версии исходного файла — не эти правила.\n")
            skipping = "]" not in line
            continue
        if line.lstrip().startswith("["):
            in_top = False
        if in_top and re.match(r"^\s*name\s*=", line):
            line = tomli_w.dumps({"name": new_name})
        elif in_top and re.match(r"^\s*title\s*=", line):  # a title with quotes in it: escaped by the TOML writer
            line = tomli_w.dumps({"title": _("{title} — копия «{name}»").format(title=source.settings.title, name=new_name)})
        result.append(line)
    return "".join(result)
