"""The files layer (bbscore/files.py): atomic writes, locks, backups — the promises every writer relies on."""

from __future__ import annotations

import os
import stat

import pytest

from bbscore import files
from bbscore.errors import ProtocolError


def test_write_atomic_replaces_and_keeps_the_files_permissions(tmp_path):
    target = tmp_path / "game.toml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    files.write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]  # no temporary file left


def test_write_atomic_exclusive_refuses_an_existing_file_and_leaves_it(tmp_path):
    target = tmp_path / "game.toml"
    target.write_text("kept\n", encoding="utf-8")
    with pytest.raises(ProtocolError) as raised:
        files.write_atomic(target, "new\n", exclusive=True)
    assert "уже есть" in raised.value.message()
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_write_atomic_refuses_text_that_is_not_utf8(tmp_path):
    with pytest.raises(ProtocolError) as raised:
        files.write_atomic(tmp_path / "game.toml", "pair \udcff")
    assert "UTF-8" in raised.value.message()
    assert not list(tmp_path.iterdir())


def test_a_failing_replace_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "game.toml"
    target.write_text("old\n", encoding="utf-8")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(ProtocolError) as raised:
        files.write_atomic(target, "new\n")
    assert "нет прав доступа" in raised.value.message()
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_a_folder_that_cannot_be_fsynced_still_gets_the_file(tmp_path, monkeypatch):
    real_fsync = os.fsync
    calls = []

    def fsync(descriptor):
        calls.append(descriptor)
        if len(calls) > 1:  # the folder's fsync (the file's is first)
            raise OSError(22, "Invalid argument")
        return real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    files.write_atomic(tmp_path / "game.toml", "text\n")
    assert (tmp_path / "game.toml").read_text(encoding="utf-8") == "text\n"
    assert len(calls) == 2


def test_backup_takes_a_new_name_each_time(tmp_path):
    original = tmp_path / "game.toml"
    original.write_text("v1\n", encoding="utf-8")
    first = files.backup(original)
    second = files.backup(original)
    assert first != second and first.exists() and second.exists()
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8") == "v1\n"
    assert all(p.name.startswith("game.toml.") and p.suffix == ".bak" for p in (first, second))


def test_the_lock_removes_temporary_files_of_killed_writers(tmp_path):
    target = tmp_path / "game.toml"
    target.write_text("x\n", encoding="utf-8")
    stale = tmp_path / ".game.toml.abc123.tmp"
    stale.write_text("half a file", encoding="utf-8")
    other = tmp_path / ".other.toml.abc123.tmp"  # another file's: not ours to remove
    other.write_text("", encoding="utf-8")
    with files.locked(target) as real:
        assert real == target.resolve()
        assert not stale.exists()
    assert other.exists()
    assert files.lock_path(target).exists()  # the lock file stays, empty


def test_a_batch_lists_a_folder_once_fsyncs_it_once_and_still_removes_each_files_stale_temporaries(tmp_path, monkeypatch):
    """files.batch (a tournament's sheets): each file fsynced, the folder fsynced once at the end and listed once for
    the temporaries of killed writers — each file's own still removed under its lock, another's kept."""
    import os

    listed, synced = [], []
    scandir, fsync_directory = os.scandir, files._fsync_directory
    monkeypatch.setattr(os, "scandir", lambda path=".": listed.append(os.fspath(path)) or scandir(path))
    monkeypatch.setattr(files, "_fsync_directory", lambda folder: synced.append(folder) or fsync_directory(folder))
    stale = [tmp_path / f".s{n}.toml.abc123.tmp" for n in range(5)]
    for path in stale:
        path.write_text("half a file", encoding="utf-8")
    other = tmp_path / ".other.toml.abc123.tmp"
    other.write_text("", encoding="utf-8")
    with files.batch():
        for n in range(5):
            with files.locked(tmp_path / f"s{n}.toml") as real:
                assert not stale[n].exists() and all(path.exists() for path in stale[n + 1:])
                files.write_atomic(real, f"n = {n}\n", exclusive=True)
        assert synced == []  # not yet: once, on leaving
    assert listed.count(os.fspath(tmp_path)) == 1 and synced == [tmp_path]
    assert other.exists() and [(tmp_path / f"s{n}.toml").read_text(encoding="utf-8") for n in range(5)] == \
        [f"n = {n}\n" for n in range(5)]
    files.write_atomic(tmp_path / "after.toml", "x = 1\n")  # outside a batch: its own folder fsync again
    assert synced == [tmp_path, tmp_path]


def test_a_lock_held_too_long_is_one_clear_refusal(tmp_path, monkeypatch):
    """Another command holds the lock (here another thread): the wait ends in one refusal naming the file."""
    import threading

    from filelock import FileLock

    target = tmp_path / "game.toml"
    target.write_text("x\n", encoding="utf-8")
    monkeypatch.setattr(files, "LOCK_TIMEOUT_SECONDS", 0.2)
    held, done = threading.Event(), threading.Event()

    def holder():
        with FileLock(str(files.lock_path(target))):
            held.set()
            done.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        held.wait(10)
        with pytest.raises(ProtocolError) as raised:
            with files.locked(target):
                pass
    finally:
        done.set()
        thread.join()
    assert "занят другой командой" in raised.value.message()


@pytest.mark.parametrize("system", ["flock", "filelock"])
def test_two_holders_of_a_lock_never_overlap(tmp_path, monkeypatch, system):
    """The lock taken by flock(2) where the system has it, and by filelock where it has not (``fcntl`` made
    unimportable, as on Windows): threads that each hold it while they count never overlap; flock's lock file stays,
    empty, after use."""
    import sys
    import threading
    import time

    if system == "filelock":
        monkeypatch.setitem(sys.modules, "fcntl", None)
    target = tmp_path / "game.toml"
    target.write_text("x\n", encoding="utf-8")
    inside, most, mutex = [0], [0], threading.Lock()

    def holder():
        for _ in range(5):
            with files.locked(target):
                with mutex:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(0.002)
                with mutex:
                    inside[0] -= 1

    threads = [threading.Thread(target=holder) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == [1] and inside == [0]
    if system == "flock":  # (filelock without flock takes a lock file of its own making and removes it)
        assert files.lock_path(target).read_bytes() == b""
    assert (files._Lock(files.lock_path(target)).library is None) == (system == "flock")  # (the way tested)


def test_a_lock_file_that_cannot_be_made_is_named(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "game.toml"
    target.write_text("x\n", encoding="utf-8")
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):  # root writes anywhere: make the lock's name a folder instead
            folder.chmod(0o755)
            files.lock_path(target).mkdir()
        with pytest.raises(ProtocolError) as raised:
            with files.locked(target):
                pass
        assert "блокировк" in raised.value.message() or "занят" in raised.value.message()
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("kind", ["pipe", "folder", "link to a file", "link to a pipe"])
def test_anything_but_a_file_at_the_lock_is_refused_before_the_lock_never_waited_on(tmp_path, kind):
    """Found by a newcomer: a pipe at ``.FILE.lock`` was opened and locked (opening one to write waits for a reader).
    A pipe, a folder or a link there is refused, the lock never taken, nothing written through a link."""
    target = tmp_path / "game.toml"
    target.write_text("x\n", encoding="utf-8")
    lock = files.lock_path(target)
    other = tmp_path / "other"
    if kind == "pipe":
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    elif kind == "link to a file":
        other.write_text("kept", encoding="utf-8")
        lock.symlink_to(other)
    else:
        os.mkfifo(other)
        lock.symlink_to(other)
    with pytest.raises(ProtocolError) as raised:
        with files.locked(target):
            raise AssertionError("the lock was taken")
    assert str(lock) in raised.value.message() and "блокировки" in raised.value.message()
    assert "\n" not in raised.value.message()
    if kind == "link to a file":
        assert other.read_text(encoding="utf-8") == "kept"


def test_a_pipe_put_at_the_lock_after_the_look_is_refused_without_waiting(tmp_path):
    """The race: a pipe there once :func:`files.locked` has looked — the lock file is opened without waiting (no
    reader needed) and refused as it is, never locked."""
    pipe = tmp_path / ".game.toml.lock"
    os.mkfifo(pipe)
    lock = files._Lock(pipe)
    assert lock.library is None  # (flock(2), as on every system with named pipes)
    with pytest.raises(files._NotALockFile):
        lock.acquire(0)
    assert lock.descriptor is None and pipe.is_fifo()


@pytest.mark.parametrize("game", ["belot", "pref"])
def test_a_pipe_at_a_sheets_lock_is_one_refusal_of_the_command_never_a_wait(tmp_path, game):
    from conftest import assert_refused, run_cli, run_process

    path = tmp_path / "g.toml"
    if game == "belot":
        assert run_cli("new", path, "--pairs", "A,B").returncode == 0
        args = ["add", path, "12Т", "--by", "A", "--def-points", "18"]
    else:
        assert run_cli("pref", "new", path, "--players", "А,Б,В").returncode == 0
        args = ["pref", "add", path, "мизер", "--by", "А", "--tricks", "0"]
    before = path.read_bytes()
    files.lock_path(path).unlink(missing_ok=True)  # (new made it: a file)
    os.mkfifo(files.lock_path(path))
    line = assert_refused(run_process(*args, timeout=30))  # (a wait on the pipe: the timeout, a failure)
    assert "не обычный файл" in line and ".g.toml.lock" in line
    assert path.read_bytes() == before and files.lock_path(path).is_fifo()


@pytest.mark.parametrize("text, line", [
    ("a = 1\nb = \n", 2),
    ("a = 1\n[[hand]\n", 2),
])
def test_toml_problems_name_their_line(text, line):
    import tomllib

    with pytest.raises(tomllib.TOMLDecodeError) as raised:
        files.parse_toml(text)
    found, reason = files.toml_problem(raised.value)
    assert found == line and reason


def test_deep_nesting_is_a_recursion_error_with_the_same_room_anywhere():
    deep = "a = " + "[" * 2000 + "]" * 2000 + "\n"
    with pytest.raises(RecursionError):
        files.parse_toml(deep)
    assert files.parse_toml("a = " + "[" * 50 + "]" * 50 + "\n")


def test_key_line_finds_keys_and_tables():
    text = "[game]\nformat = 1\nconvention = 'x'\n\n[[hand]]\n"
    assert files.key_line(text, "convention") == 3
    assert files.key_line(text, "hand") == 5
    assert files.key_line(text, "missing") is None


@pytest.mark.parametrize(("language", "size", "said"), [
    ("ru", 100_300_000, "95,7 МиБ"), ("en", 100_300_000, "95.7 MiB"), ("ru", 64 * 1024 * 1024, "64 МиБ"),
    ("ru", 1536, "1,5 КиБ"), ("en", 1536, "1.5 KiB"), ("ru", 3, "3 байта"),
])
def test_a_size_is_said_with_the_languages_decimal_mark(language, size, said):
    """A Russian message wrote «95.6 МиБ»: the decimal mark is the language's (README: Russian writes 95,6)."""
    from bbscore import i18n

    i18n.set_language(language)
    try:
        assert files._size_text(size) == said
    finally:
        i18n.set_language("ru")
