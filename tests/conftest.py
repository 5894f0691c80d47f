"""Shared helpers of the test-suite.

* ``REPO``, ``DATA``, ``EXAMPLES``: the checkout (tests import ``bbscore`` from it even when the package is not
  installed), the test data, the example protocols;
* :func:`run_cli`: the command line **in this process** — ``bbscore.cli.main(argv)`` with its own standard streams,
  environment (``COLUMNS`` 1000, or ``columns``; None: unset, as into a pipe) and working folder; what nearly every
  test uses (a new ``python`` per run costs ~150 ms here);
* :func:`run_process`: the real entry point, ``python -m bbscore ARGS``, in a new process — only for what needs a
  process: encodings of the streams, closed streams, signals, kill -9, parallel writers, ``recompute --jobs``
  workers, the entry point itself;
* :func:`assert_refused`: the contract for bad input; :func:`run_json`: a ``--json`` run, parsed;
* fixtures: ``gambler_rules`` (the bundled gambler :class:`Convention`), ``game_gambler`` (a copy of
  ``examples/game-gambler.toml`` in ``tmp_path``), ``bench_generator``;
* every test sees an empty user config folder (``XDG_CONFIG_HOME``) and its own cache folder (``XDG_CACHE_HOME``,
  where the compiled copies of conventions go), never the real ones;
* the hypothesis profile: derandomized, no example database, so every run tries the same examples.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXAMPLES = REPO / "examples"

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

# Bytecode for every process the suite starts (the pytest-xdist workers, each `python -m bbscore`, the pty games):
# where the environment forbids writing it (PYTHONDONTWRITEBYTECODE, as on this workplace's machines), every process
# compiled each module it imports again, and the workers rewrote every test module's asserts at each run. It goes to
# one folder of pytest's own cache (ignored by git), never beside the sources; the workers inherit this environment.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = str(REPO / ".pytest_cache" / "pycache")
sys.dont_write_bytecode = False
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]

# The user's folders for what runs before the first test — test modules that load a convention as they are imported,
# at collection: an empty config folder and a cache of their own, never the real ones (the session's own folders
# replace these for the tests themselves: empty_user_config).  Removed as pytest ends (pytest_unconfigure; a worker
# pytest-xdist stops early removes its own at exit).
_COLLECTION_HOME = tempfile.mkdtemp(prefix="bbscore-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_COLLECTION_HOME, "config")
os.environ["XDG_CACHE_HOME"] = os.path.join(_COLLECTION_HOME, "cache")
atexit.register(shutil.rmtree, _COLLECTION_HOME, True)


def pytest_unconfigure(config):
    shutil.rmtree(_COLLECTION_HOME, ignore_errors=True)


settings.register_profile(
    "bbscore",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=120,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("bbscore")

# What a terminal-less run sees: plain text from rich, wide enough that no line is wrapped.
# Russian (the default language) whatever the machine's locale: the tests of English set BBSCORE_LANG or --lang.
CLI_ENV = {"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "1000", "BBSCORE_LANG": "ru"}


@dataclass
class Done:
    """A finished run of the command line (in this process or another): like ``subprocess.CompletedProcess``."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


def _stream(text: str = "") -> io.TextIOWrapper:
    """A text stream like the process's own: UTF-8, with ``.buffer``, ``.encoding`` and ``.reconfigure``."""
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8", write_through=True)


def _written(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", "replace")


def run_cli(*args: str | Path, cwd: Path | None = None, stdin: str = "", env: dict[str, str] | None = None,
            columns: int | None = 1000) -> Done:
    """``bbscore ARGS`` in this process: ``bbscore.cli.main(argv)`` with fresh UTF-8 streams, the environment of
    :data:`CLI_ENV` (plus ``env``), the working folder ``cwd`` (the checkout by default), and the exit code a process
    would have (``SystemExit`` included).  Nothing of the run stays behind: streams, environment and folder are put
    back (the language too: Russian, as a library starts), and the list of files written (kept for the message of a
    failing output) starts empty."""
    from bbscore.cli import main

    argv = [str(arg) for arg in args]
    from bbscore.cli import written

    written.clear()  # the files this "process" wrote: none yet
    out, err = _stream(), _stream()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {**CLI_ENV, "COLUMNS": str(columns), **(env or {})}.items():
            patch.setenv(name, value)
        if columns is None:  # no width given: a pipe, whose lines stay whole (rich's tables: 80 columns)
            patch.delenv("COLUMNS")
        patch.chdir(cwd or REPO)
        patch.setattr(sys, "stdin", _stream(stdin))
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        finally:
            from bbscore import i18n

            i18n.set_language("ru")  # the language of the run (--lang en) is not the next test's
    return Done(argv, code, _written(out), _written(err))


def process_env(**extra: str) -> dict[str, str]:
    """The environment of a ``python -m bbscore`` run: this one (coverage's settings included), the checkout on the
    path, :data:`CLI_ENV`, UTF-8 streams, and ``extra``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(CLI_ENV, PYTHONIOENCODING="utf-8")
    env.update(extra)
    return env


def run_process(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None, text: bool = True,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=None, timeout: float = 60):
    """``python -m bbscore ARGS`` in a new process (see the module's docstring for when).  ``env`` is added to
    :func:`process_env`; with ``text`` the streams are decoded from UTF-8 (odd bytes replaced), else left as bytes."""
    return subprocess.run(
        [sys.executable, "-m", "bbscore", *map(str, args)], stdout=stdout, stderr=stderr, env=process_env(**(env or {})),
        cwd=cwd or REPO, timeout=timeout, preexec_fn=preexec_fn,
        **({"text": True, "encoding": "utf-8", "errors": "replace"} if text else {}),
    )


def report(done) -> str:
    return f"exit {done.returncode}\nstdout: {done.stdout!r}\nstderr: {done.stderr!r}"


def run_json(*args: str | Path, code: int | tuple[int, ...] = 0, cwd: Path | None = None) -> dict:
    """``bbscore ARGS --json`` in this process: assert the exit code (0, or one of ``code``) and no traceback; return
    the parsed object."""
    done = run_cli(*args, "--json", cwd=cwd)
    assert done.returncode in ((code,) if isinstance(code, int) else code), report(done)
    assert "Traceback" not in done.stderr, report(done)
    return json.loads(done.stdout)


def assert_refused(done) -> str:
    """The CLI's contract for bad input: exit 2, one stderr line "ошибка: …", no traceback, empty stdout.

    Returns that line.  Works on :func:`run_cli`'s result and on a text :func:`run_process`'s.
    """
    message = report(done)
    assert "Traceback" not in done.stdout + done.stderr, message
    assert "внутренняя ошибка" not in done.stderr, message
    assert done.returncode == 2, message
    assert done.stdout == "", message
    lines = done.stderr.splitlines()
    assert len(lines) == 1, message
    assert lines[0].startswith("ошибка: "), message
    return lines[0]


@pytest.fixture(scope="session", autouse=True)
def empty_user_config(tmp_path_factory):
    """No test sees the real user's conventions or cache: an empty ``XDG_CONFIG_HOME`` and ``XDG_CACHE_HOME``
    (platformdirs honours them on Linux) for the whole session, in-process and for the processes started (tests that need their own set it again);
    and the width of :data:`CLI_ENV` for what a test prints by calling a renderer itself."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", CLI_ENV["COLUMNS"])
        patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg")))
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
        yield


@pytest.fixture(scope="session")
def gambler_rules():
    """The bundled gambler convention, loaded."""
    from bbscore import conventions

    return conventions.load("gambler")


@pytest.fixture
def game_gambler(tmp_path: Path) -> Path:
    """A copy of ``examples/game-gambler.toml`` (a finished game to 301) in ``tmp_path``."""
    target = tmp_path / "game-gambler.toml"
    shutil.copyfile(EXAMPLES / "game-gambler.toml", target)
    return target


@pytest.fixture(scope="session")
def bench_generator():
    """The benchmark's protocol generator, ``tests/bench/generate.py`` (not a package: loaded from its file)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_generate", REPO / "tests" / "bench" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module



def pytest_configure(config):
    config.addinivalue_line("markers", "untraced: run untraced by coverage, as the property tests are")


def pytest_collection_modifyitems(config, items):
    """Property tests (hypothesis) and those marked ``untraced`` (a volume of hands) run untraced by coverage
    (pytest-cov's ``no_cover``): their hundreds of generated examples walk again the paths the example tests cover, and
    traced they cost twice as much (measured: 33 s of CPU for the property files against 18 s untraced).  The coverage
    printed is the example tests' own."""
    if config.getoption("no_cov", True) or not config.getoption("cov_source", None):
        return  # coverage is not measured (no --cov, or --no-cov): pytest-cov then refuses the marker
    for item in items:
        if item.get_closest_marker("untraced") or getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.no_cover)
