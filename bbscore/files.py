"""Files on disk, for every kind the tool keeps: TOML read with line numbers, atomic writes, locks, backups.

One implementation for protocols, conventions (and their compiled copies) and
backups.  Nothing here knows a game: it reads and writes text and bytes, and
says what went wrong in :class:`~bbscore.errors.ProtocolError` form (the file,
the line, the reason).

* :func:`parse_toml` parses with the same stack room in any process, and
  :func:`toml_problem` turns tomllib's error into (line, reason);
* :func:`write_atomic` replaces a file atomically (a temporary file beside it,
  flushed and fsynced, renamed over it, the folder fsynced) or creates it
  exclusively; a crash leaves the old file or the new one;
* :func:`locked` holds ``.FILE.lock`` beside a file while it is read, changed
  and written, so that two writers are serialized;
* :func:`backup` copies a file beside itself under a new name.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from bbscore.errors import NOT_A_FILE, FileWriteError, ProtocolError, os_reason, visible
from bbscore.i18n import N_, _, ngettext

LOCK_TIMEOUT_SECONDS = 60
# The largest file an interactive command reads (a game of a few hundred hands is ~50 KB; a sheet a session or an edit
# replays, a rule file): a bigger one is refused before it is read.
MAX_FILE_BYTES = 64 * 1024 * 1024
# The largest sheet the batch commands read (recompute, stats, list): the largest real archive, a 1,000,000-hand
# protocol, is ~150 MB (its parse then takes ~1.5 GB of memory).
BATCH_FILE_BYTES = 256 * 1024 * 1024
_ERROR_LINE = r"\(at line (\d+), column \d+\)"  # (patterns: re compiles each at its first use, and keeps it)

# The stack tomllib may use, counted from its caller: enough for ~100 levels of nested lists, far more than a
# protocol or a convention has, and small enough that what parsed can be written back.  The same room wherever
# the parse runs (a worker process starts deeper in the stack), so a file reads the same in any process.
TOML_FRAMES = 300
# A text whose parse nests containers no deeper than this is read by the compiled parser as tomllib reads it: so
# shallow, tomllib's recursion stays far inside TOML_FRAMES (3 frames a level at most), and no dotted key nests
# past MAX_NESTING.  Deeper, the text is parsed again by tomllib, whose result (or refusal) is the one returned.
FAST_DEPTH = 40


def _compiled_loads() -> Callable[[str], dict[str, Any]] | None:
    """``tomli.loads`` when tomli's compiled build is installed (the parser tomllib was made from, built with mypyc:
    ~2.5× faster), else None (then tomllib parses everything)."""
    try:
        import tomli
        from tomli import _parser
    except ImportError:  # pragma: no cover (a dependency; absent only where bbscore was installed without it)
        return None
    if not str(getattr(_parser, "__file__", "")).endswith((".so", ".pyd")):  # pragma: no cover (a pure-Python build)
        return None
    major, minor = (int(part) for part in tomli.__version__.split(".")[:2])
    if (major, minor) >= (2, 4):  # pragma: no cover (2.4 reads TOML 1.1, which tomllib refuses; pyproject pins < 2.4)
        return None
    return tomli.loads


_FAST: list = []  # the compiled parser, once looked for: [loads or None]


def fast_parser() -> Callable[[str], dict[str, Any]] | None:
    """The compiled TOML parser :func:`parse_toml` uses first (None: tomllib alone)."""
    if not _FAST:
        _FAST.append(_compiled_loads())
    return _FAST[0]


def parse_toml(text: str, *, nesting: int | None = None) -> dict[str, Any]:
    """A TOML text's tables, exactly as ``tomllib.loads`` with :data:`TOML_FRAMES` of stack reads it whatever the
    caller's depth — by tomli's compiled build where it is installed (:func:`fast_parser`; tomli 2.2–2.3 reads TOML
    1.0 as tomllib does, value for value), else by tomllib.

    What the compiled parser refuses, and what it reads nested deeper than :data:`FAST_DEPTH` (where tomllib's own
    stack limit or the nesting check below decides), is parsed again by tomllib: every refusal is tomllib's, in its
    words and with its line.  ``nesting``: how deep the text can nest at most, when the caller knows it (a text it
    made): no deeper than :data:`FAST_DEPTH`, what the compiled parser reads is not walked for its depth.  Raises
    ``tomllib.TOMLDecodeError``, or ``RecursionError`` for nesting deeper than that room (or than
    :data:`MAX_NESTING` tables).
    """
    loads = fast_parser()
    if loads is not None:
        try:
            data = loads(text)
        except Exception:  # (tomli's TOMLDecodeError, RecursionError …): tomllib says what is wrong, its way
            pass
        else:
            if (nesting is not None and nesting <= FAST_DEPTH) or not _deeper_than(data, FAST_DEPTH):
                return data
    return _tomllib_loads(text)


def _tomllib_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads`` with :data:`TOML_FRAMES` of stack, and tables nested by dotted keys limited to
    :data:`MAX_NESTING`."""
    import sys
    import tomllib

    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + TOML_FRAMES)
    try:
        data = tomllib.loads(text)
    finally:
        sys.setrecursionlimit(limit)
    # dotted keys nest without recursing in tomllib (a line of that many dots first: counting them is cheap)
    if text.count(".") >= MAX_NESTING and re.search(_MANY_DOTS, text) and _deeper_than(data, MAX_NESTING):
        raise RecursionError("nesting too deep")
    return data


# The deepest nesting of tables a file may hold (a protocol has 3, a rule file 4): dotted keys (``a.b.c… = 1``) and
# table headers nest tables without tomllib recursing, and what is that deep could not be printed or written again.
MAX_NESTING = 64
_MANY_DOTS = r"(?:\.[^.\n]*){%d}" % MAX_NESTING  # a line with that many dots: only then is the depth measured


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` nests dicts and lists more than ``limit`` deep: a value inside ``limit`` levels of them (walked
    a level at a time, without recursion; ``data`` itself is level 0)."""
    level, depth = [data], 0
    while level:
        if depth >= limit:
            return any(level)  # a container this deep that holds a value
        below: list = []
        for value in level:
            below += [item for item in (value.values() if value.__class__ is dict else value)
                      if item.__class__ is dict or item.__class__ is list]
        level, depth = below, depth + 1
    return False


_TOML_REASONS = [  # translated where shown (toml_problem)
    ("Invalid value", N_("неверное значение: текст пишется в кавычках, числа без кавычек, да/нет — true/false")),
    ("Expected '=' after a key", N_("после ключа нужен знак =")),
    ("Expected ']' at the end of a table declaration", N_("не закрыта скобка ] в заголовке таблицы")),
    ("Expected ']]' at the end of an array declaration", N_("не закрыты скобки ]] в заголовке [[…]]")),
    ("Invalid statement", N_("непонятная строка: ожидается ключ = значение или [таблица]")),
    ("Unclosed array", N_("не закрыт список: нужна ]")),
    ("Unclosed inline table", N_("не закрыта таблица: нужна }")),
    ("Cannot overwrite a value", N_("ключ повторяется")),
    ("Cannot declare", N_("таблица объявлена дважды")),
    ("Unterminated string", N_("не закрыта кавычка")),
    ("Illegal character '\\n'", N_("не закрыта кавычка в конце строки")),
    ("Invalid initial character for a key part", N_("ключ пишется латинскими буквами и цифрами (ранги: 7 8 9 10 J Q K A)")),
    ("Expected newline or end of document", N_("после значения ожидается конец строки")),
    ("Illegal character", N_("недопустимый знак")),
]


def toml_problem(error: Exception, source: str | None = None) -> tuple[int | None, str]:
    """(line, reason in Russian) of a TOML syntax error; the original words are kept for the rare ones.

    tomllib gives no line for some errors (a list or table left open to the end of the file, a number too long for
    Python): with the file's text ``source`` the line is found here.
    """
    text = str(error)
    found = re.search(_ERROR_LINE, text)
    line = int(found.group(1)) if found else None
    message = re.sub(_ERROR_LINE, "", text).strip()
    if message.startswith("Exceeds the limit"):  # int() of a number too long to be printed again
        return (_long_number_line(source) if source is not None else None), _("число длиннее {digits} цифр").format(digits=_MAX_DIGITS)
    if line is None and source is not None and "end of document" in text:
        opened = _unclosed(source)
        if opened is not None:
            bracket, line = opened
            return line, _("не закрыт список: нужна ]") if bracket == "[" else _("не закрыта таблица: нужна }")
        line = source.count("\n") + 1
    for english, russian in _TOML_REASONS:
        if message.startswith(english):
            message = _(russian)
            break
    else:
        message = _("ошибка синтаксиса TOML ({message})").format(message=message)
    return line, message


_MAX_DIGITS = 4300  # sys.get_int_max_str_digits() by default


def _long_number_line(source: str) -> int | None:
    found = re.search(rf"[0-9_]{{{_MAX_DIGITS + 1},}}", source)
    return None if found is None else source.count("\n", 0, found.start()) + 1


_TOKENS = r"""#[^\n]*|\"\"\"(?:\\.|[^\\])*?\"\"\"|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'[^'\n]*'|[\[\]{}]"""


def _unclosed(source: str) -> tuple[str, int] | None:
    """The outermost list or inline table still open at the end of a TOML text: its bracket and line (strings and
    comments skipped)."""
    stack: list[int] = []
    for token in re.finditer(_TOKENS, source):
        char = token.group()
        if char in "[{":
            stack.append(token.start())
        elif char in "]}" and stack:
            stack.pop()
    if not stack:
        return None
    return source[stack[0]], source.count("\n", 0, stack[0]) + 1


class FileRefused(Exception):
    """A file that is not read: not a regular file, or larger than the limit (``reason`` says which, in Russian)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes: its size is checked before it is read.

    Raises ``OSError`` (missing, unreadable, a link loop) or :class:`FileRefused` (a pipe, a device, a folder, too
    large): a pipe is never opened (reading it could wait forever), a huge file never read into memory.
    """
    import stat

    status = path.stat()
    if not stat.S_ISREG(status.st_mode):
        raise FileRefused(_("это папка") if stat.S_ISDIR(status.st_mode) else _(NOT_A_FILE))
    if status.st_size > limit:
        raise FileRefused(_("файл слишком большой ({size}; читаю не больше {limit})").format(
            size=_size_text(status.st_size), limit=_size_text(limit)))
    with open(path, "rb") as stream:
        raw = stream.read(status.st_size + 1)  # a buffer of what the file holds, not of the limit
        if len(raw) > status.st_size:  # grew since: the rest, up to the limit
            raw += stream.read(limit + 1 - len(raw))
    if len(raw) > limit:  # grew past it
        raise FileRefused(_("файл слишком большой (больше {limit})").format(limit=_size_text(limit)))
    return raw


def _size_text(size: int) -> str:
    """A file's size as a person reads it, in the language's decimal mark (``95,6 МиБ``, ``95.6 MiB``)."""
    def tenths(value: float) -> str:
        return f"{value:.1f}".removesuffix(".0").replace(".", _(","))

    if size >= 1024 * 1024:
        return _("{size} МиБ").format(size=tenths(size / (1024 * 1024)))
    if size >= 1024:
        return _("{size} КиБ").format(size=tenths(size / 1024))
    return ngettext("{size} байт", "{size} байт", size, few="{size} байта").format(size=size)


def why_missing(path: Path) -> str | None:
    """Why a path that is not there cannot be used, when it is not simply missing: a link that leads nowhere, a loop of
    links, a name too long, a folder that may not be entered (None for a plain missing name, or a path that is there)."""
    import errno

    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ENOENT:
            return _("символическая ссылка ведёт в никуда") if os.path.islink(path) else None
        return os_reason(error)
    except ValueError:  # a NUL in the name
        return _("недопустимое имя файла")
    return None


def sha256_hex(data: bytes) -> str:
    """SHA-256 of bytes, in hex: CPython's own implementation where there is one (importing hashlib loads OpenSSL,
    ~5 ms and ~4 MiB of every start), else hashlib's."""
    try:
        from _sha256 import sha256  # CPython ≤ 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # CPython ≥ 3.12
        except ImportError:
            from hashlib import sha256
    return sha256(data).hexdigest()


def expand_user(text: str) -> Path | None:
    """``Path(text).expanduser()``, or None when it names a user who does not exist (``~nobody/x.toml``)."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "Could not determine home directory"
        return None


def real_path(path: Path) -> Path:
    """``path.resolve()``: the path with every link followed, whether the file is there or not — or, where its links
    loop (``a.toml`` → ``b.toml`` → ``a.toml``: Python raises RuntimeError) or cannot be followed, ``path`` made
    absolute as it is (the reading of it then says why it cannot be read)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return path.absolute()


def key_line(text: str, key: str) -> int | None:
    """The line where ``key`` is set or a table named ``key`` starts (the first one), for messages about a file."""
    found = re.compile(rf"^[ \t]*(?:{re.escape(key)}[ \t]*[=.\]]|\[+[ \t]*{re.escape(key)}[ \t]*\])", re.M).search(text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


def lock_path(path: Path) -> Path:
    """The lock file of a file: hidden, beside it (``.FILE.lock``); it stays, empty, after use."""
    return path.with_name(f".{path.name}.lock")


LOCK_NOTICE_SECONDS = 1.0


def notice(message: str) -> None:
    """One line on standard error while a command waits (the lock of a file held by another command)."""
    import sys

    if sys.stderr is not None:
        print(visible(message), file=sys.stderr, flush=True)  # (a file name's control characters named)


class _Lock:
    """An exclusive lock on a lock file, as :mod:`filelock` takes it on POSIX — ``flock(2)`` on the file, opened
    without following a link — written here because importing filelock costs ~20 ms on this machine, a tenth of a
    small sheet's ``add`` (issue 24); where the system has no ``flock`` (Windows), filelock's own lock (which may
    remove its file after use).  Two processes, or two threads, never hold it at once; flock's lock file stays, empty,
    after use."""

    POLL_SECONDS = 0.05  # (filelock's own interval)

    def __init__(self, lock_file: Path) -> None:
        self.lock_file = lock_file
        self.descriptor: int | None = None
        self.library = None  # filelock's lock, where there is no flock
        try:
            import fcntl
        except ImportError:
            from filelock import FileLock

            self.library = FileLock(str(lock_file))
        else:
            self.flock = fcntl.flock
            self.flags = fcntl.LOCK_EX | fcntl.LOCK_NB

    def acquire(self, timeout: float) -> bool:
        """Take the lock, waiting at most ``timeout`` seconds: whether it was taken.  Raises :class:`OSError` (with the
        lock file's name) when the lock file cannot be opened or locked."""
        if self.library is not None:
            from filelock import Timeout

            try:
                self.library.acquire(timeout=timeout)
            except Timeout:
                return False
            return True
        import time

        if self.descriptor is None:  # (O_NONBLOCK: a pipe put at the name is never waited on; it is refused below)
            self.descriptor = os.open(self.lock_file, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK,
                                      0o644)
            import stat

            if not stat.S_ISREG(os.fstat(self.descriptor).st_mode):
                self.close()
                raise _NotALockFile(self.lock_file)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.flock(self.descriptor, self.flags)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(self.POLL_SECONDS)
            except OSError as error:
                self.close()
                raise OSError(error.errno, error.strerror, str(self.lock_file)) from None

    def close(self) -> None:
        """Release the lock (closing the lock file releases it)."""
        if self.library is not None:
            self.library.release()
        elif self.descriptor is not None:
            descriptor, self.descriptor = self.descriptor, None
            os.close(descriptor)


class _NotALockFile(Exception):
    """The name of a lock file holds something else than a file: a pipe, a device, a folder (refused, never used)."""


_NOT_A_LOCK_FILE = N_("на месте блокировки {lock_file} не обычный файл (канал, устройство или папка) — не пишу")


def check_lock(path: Path) -> Path:
    """Refuse the lock of ``path`` (:func:`lock_path` of the file a link at ``path`` points to) when :func:`locked` would:
    a link at its name, or anything there but a file (a pipe, a device, a folder); the lock file's path.  Nothing is
    created or opened: a command that asks questions first (``play``) says it before the first one.  Raises
    :class:`ProtocolError`."""
    lock_file = lock_path(Path(os.path.realpath(path)))
    if os.path.islink(lock_file):
        raise ProtocolError(str(path), None, _("на месте блокировки {lock_file} символическая ссылка — не пишу через неё").format(lock_file=lock_file))
    if os.path.lexists(lock_file) and not os.path.isfile(lock_file):  # (a pipe, a device: never opened)
        raise ProtocolError(str(path), None, _(_NOT_A_LOCK_FILE).format(lock_file=lock_file))
    return lock_file


@contextmanager
def locked(path: Path) -> Iterator[Path]:
    """Hold the lock of ``path`` (:func:`lock_path`) while it is read, changed and written; yields the real path.

    A link at ``path`` is followed: the lock and the writes are on the file it points to; a link at the lock's own
    name is refused (the lock file is never created through a link), and so is anything there but a file — a pipe
    (never waited on: opening one to write would wait for a reader), a device, a folder.  After :data:`LOCK_NOTICE_SECONDS` of waiting,
    one line on standard error says so and who holds the lock (its process id, where the system tells).
    Temporary files of writers killed mid-write are removed under the lock.
    Raises :class:`ProtocolError` when the lock is held by another command for
    :data:`LOCK_TIMEOUT_SECONDS` or cannot be created.
    """
    real = Path(os.path.realpath(path))
    lock_file = check_lock(path)
    lock = _Lock(lock_file)
    try:
        first = min(LOCK_NOTICE_SECONDS, LOCK_TIMEOUT_SECONDS)
        taken = lock.acquire(first)
        rest = LOCK_TIMEOUT_SECONDS - first
        if not taken and rest > 0:
            holder = _lock_holder(lock_file)
            if holder:
                notice(_("жду: файл {file} занят (его блокировку держит процесс {process}); жду до {seconds} с (Ctrl-C — прервать)"
                         ).format(file=path, process=holder, seconds=LOCK_TIMEOUT_SECONDS))
            else:
                notice(_("жду: файл {file} занят другой командой; жду до {seconds} с (Ctrl-C — прервать)"
                         ).format(file=path, seconds=LOCK_TIMEOUT_SECONDS))
            taken = lock.acquire(rest)
        if not taken:
            raise ProtocolError(str(path), None, _("файл занят другой командой больше {LOCK_TIMEOUT_SECONDS} с").format(LOCK_TIMEOUT_SECONDS=LOCK_TIMEOUT_SECONDS))
        _remove_stale_temporaries(real)
        yield real
    except _NotALockFile:  # (put there after the look above)
        raise ProtocolError(str(path), None, _(_NOT_A_LOCK_FILE).format(lock_file=lock_file)) from None
    except OSError as error:
        if error.filename is None or not str(error.filename).endswith(".lock"):
            raise
        raise ProtocolError(str(path), None, _("не создать блокировку {filename} ({os_reason})").format(filename=error.filename, os_reason=os_reason(error))) from None
    finally:
        lock.close()


def _lock_holder(lock_file: Path) -> int | None:
    """The process holding the lock file, as Linux's /proc/locks tells (None elsewhere, or when it does not)."""
    try:
        status = lock_file.stat()
        with open("/proc/locks", encoding="ascii", errors="replace") as stream:
            table = stream.read(1024 * 1024)
    except OSError:
        return None
    device = f"{os.major(status.st_dev):02x}:{os.minor(status.st_dev):02x}:{status.st_ino}"
    for line in table.splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == device and fields[4].isdigit():
            if int(fields[4]) != os.getpid():
                return int(fields[4])
    return None


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of writers killed mid-write (every writer holds the lock, so none is live now): the names
    :func:`write_atomic` gives them, ``.NAME.*.tmp``.  Inside a :func:`batch` each folder is listed once, at its first
    lock, not once a file (a tournament creates thousands of sheets in one folder)."""
    folder = os.fspath(path.parent)
    listing = _batches[-1].listings.get(folder) if _batches else None
    if listing is None:
        listing = _temporaries(path.parent)
        if _batches:
            _batches[-1].listings[folder] = listing
    for name in listing.pop(path.name, ()):
        try:
            os.unlink(os.path.join(folder, name))
        except OSError:
            pass


def _temporaries(folder: Path) -> dict[str, list[str]]:
    """The temporary files in ``folder`` by the file each was to replace: ``.NAME.XXXXXXXX.tmp`` → NAME."""
    found: dict[str, list[str]] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith(".") and name.endswith(".tmp"):
                    target = name[1:-4].rpartition(".")[0]
                    if target:
                        found.setdefault(target, []).append(name)
    except OSError:
        pass
    return found


class _Batch:
    """What a :func:`batch` remembers: the folders to fsync at its end, the temporaries found in each folder."""

    def __init__(self) -> None:
        self.folders: set[str] = set()
        self.listings: dict[str, dict[str, list[str]]] = {}


_batches: list[_Batch] = []


@contextmanager
def batch() -> Iterator[None]:
    """A batch of new files written by one command (a tournament's sheets): inside, :func:`write_atomic` still fsyncs
    each file before its name appears, but each folder written in is fsynced once, on leaving (also on a failure), not
    once a file; and :func:`locked` lists a folder for stale temporaries once.  The caller writes, after the batch, the
    file that makes the batch count (a tournament's ``tournament.toml``)."""
    current = _Batch()
    _batches.append(current)
    try:
        yield
    finally:
        _batches.remove(current)
        for folder in sorted(current.folders):
            _fsync_directory(Path(folder))


def write_atomic(path: Path, content: str | bytes | list[str], *, exclusive: bool = False, mode: int | None = None,
                 follow: bool = True, durable: bool = True) -> Path:
    """Replace (or, with ``exclusive``, create) a file atomically; returns the path written.  ``content``: bytes, or
    a text — one string, or its pieces in order (written one after another, never joined: a big text's copy spared).

    Writes a temporary file in the same folder (created exclusively), flushes
    and fsyncs it, then renames it over ``path`` (or hard-links it to a new
    ``path``, refusing any existing name — a dangling link included) and fsyncs
    the folder.  A new file is never written through a link: ``exclusive``
    creates the name itself, and so does a replace with ``follow=False`` (a link
    at ``path`` is replaced, not followed).  Only a replace with ``follow``
    (a protocol kept behind a link) writes the file the link points to.  Text is
    written as UTF-8 with ``\\n`` line ends.  The new file keeps the old one's
    permissions, or takes ``mode`` (default: 0o666 less the umask).  ``durable=False``
    skips the fsyncs (a cache, whose torn copy is detected and rebuilt).  Raises
    :class:`ProtocolError` when ``exclusive`` and the name exists, when the
    text is not UTF-8, and :class:`~bbscore.errors.FileWriteError` (naming
    ``path`` as given) for every refusal of the system (no permission, a
    read-only file system, a full disk): then the file is as it was and no
    temporary file is left.
    """
    import tempfile

    given = path  # (named in a refusal as the command was given it)
    if follow and not exclusive:
        path = Path(os.path.realpath(path))  # through a link, replace the file it points to
    if not isinstance(content, bytes):
        try:
            content = [content.encode("utf-8")] if isinstance(content, str) else [
                piece.encode("utf-8") for piece in content]
        except UnicodeEncodeError:  # text from a terminal in another encoding
            raise ProtocolError(str(path), None, _("текст не в UTF-8 (нужна кодировка терминала UTF-8) — не записываю")) from None
    else:
        content = [content]
    directory = path.parent
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        reason = os_reason(error)
        raise FileWriteError(str(given), None, _("не записать в папку ({os_reason})").format(os_reason=reason), reason) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.writelines(content)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        if mode is None:
            mode = 0o666 & ~_umask()
            if not exclusive and os.path.isfile(path) and (follow or not os.path.islink(path)):
                mode = path.stat().st_mode & 0o7777
        os.chmod(temporary, mode)
        if exclusive:
            try:
                os.link(temporary, path)  # never follows a link at ``path``: any existing name is refused
            except FileExistsError:
                what = _("на месте файла символическая ссылка") if os.path.islink(path) else _("файл уже есть")
                raise ProtocolError(str(path), None, _("{what} — не перезаписываю").format(what=what)) from None
        else:
            os.replace(temporary, path)
        if durable and _batches:
            _batches[-1].folders.add(os.fspath(directory))
        elif durable:
            _fsync_directory(directory)
    except OSError as error:
        reason = os_reason(error)
        raise FileWriteError(str(given), None, _("не записать файл ({os_reason})").format(os_reason=reason), reason) from None
    finally:
        try:
            os.unlink(temporary)  # (renamed or linked: gone already, or a second name of the file written)
        except OSError:
            pass
    return path


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_directory(directory: Path) -> None:
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename is still atomic
    finally:
        os.close(descriptor)


def backup(path: Path) -> Path:
    """Copy a file beside itself as ``FILE.YYYYMMDD-HHMMSS.bak`` (a new name each time, created exclusively)."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{stamp}.bak")
    number = 1
    while os.path.lexists(target):  # a link at the name, even a dangling one, takes the name too
        target = path.with_name(f"{path.name}.{stamp}-{number}.bak")
        number += 1
    try:
        content = read_regular(path)
    except FileRefused as refused:
        raise ProtocolError(str(path), None, refused.reason) from None
    except OSError as error:
        reason = os_reason(error)
        raise FileWriteError(str(path), None, _("копию не сделать: файл не читается ({os_reason}) — файл не изменён").format(
            os_reason=reason), reason) from None
    try:
        return write_atomic(target, content, exclusive=True)
    except FileWriteError as error:  # (named after the file it is a copy of: that file is not changed)
        raise FileWriteError(str(path), None, _("не записать копию {backup} ({os_reason}) — файл не изменён").format(
            backup=target.name, os_reason=error.reason), error.reason) from None


def replace_with_backup(path: Path, text: str) -> Path:
    """Copy a file beside itself (:func:`backup`), then replace it with ``text`` atomically; returns the copy.  When
    the write fails the file is unchanged and its copy is removed again."""
    saved = backup(path)
    try:
        write_atomic(path, text)
    except ProtocolError:
        try:
            saved.unlink(missing_ok=True)  # the file is unchanged: its copy is not needed
        except OSError:
            pass
        raise
    return saved
