"""Shared helpers of the test-suite.

* ``REPO``: the checkout (tests import ``bbscore`` from it even when the
  package is not installed);
* :func:`run_cli`: run the real entry point, ``python -m bbscore ARGS``;
* the hypothesis profile: derandomized, no example database, so every run
  tries the same examples and the suite is deterministic.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

settings.register_profile(
    "bbscore",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("bbscore")


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bbscore ARGS`` with this interpreter; stdout/stderr as UTF-8 text."""
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["NO_COLOR"] = "1"  # plain text from rich, if it is used
    env["TERM"] = "dumb"
    env["COLUMNS"] = "200"
    return subprocess.run(
        [sys.executable, "-m", "bbscore", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env=env,
        cwd=cwd or REPO,
        timeout=60,
    )


def run_json(*args: str) -> dict:
    """Run ``bbscore score ... --json``; assert success and return the parsed object."""
    done = run_cli(*args, "--json")
    assert done.returncode == 0, f"exit {done.returncode}\nstdout: {done.stdout}\nstderr: {done.stderr}"
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout)


def assert_refused(done: subprocess.CompletedProcess[str]) -> str:
    """The CLI's contract for bad input: exit 2, one stderr line "ошибка: …", no traceback, empty stdout.

    Returns that line.
    """
    report = f"exit {done.returncode}\nstdout: {done.stdout!r}\nstderr: {done.stderr!r}"
    assert "Traceback" not in done.stdout + done.stderr, report
    assert done.returncode == 2, report
    assert done.stdout == "", report
    lines = done.stderr.splitlines()
    assert len(lines) == 1, report
    assert lines[0].startswith("ошибка: "), report
    return lines[0]


@pytest.fixture
def cli():
    """The :func:`run_cli` helper as a fixture."""
    return run_cli


@pytest.fixture(scope="session")
def bench_generator():
    """The benchmark's protocol generator, ``tests/bench/generate.py`` (not a package: loaded from its file)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_generate", REPO / "tests" / "bench" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
