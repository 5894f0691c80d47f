"""The built wheel installs in a fresh virtual environment and carries the bundled conventions.

Builds the wheel from this checkout, installs it (with its dependencies) in a
new venv outside the checkout, and runs the README's main job from a folder
with no ``conventions/`` in it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_scores(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = dist.glob("bbscore-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "bbscore/conventions/gambler.toml" in names

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)], check=True)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run(
        [str(bin_dir / "bbscore"), "score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла"],
        cwd=elsewhere, capture_output=True, text=True, env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120"},
    )
    assert run.returncode == 0, run.stderr
    assert "28" in run.stdout and "4" in run.stdout and "Расчёт" in run.stdout

    as_json = subprocess.run(
        [str(bin_dir / "bbscore"), "score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла", "--json"],
        cwd=elsewhere, capture_output=True, text=True, check=True,
    )
    result = json.loads(as_json.stdout)
    assert (result["declarers"], result["defenders"], result["made"]) == (28, 4, True)
    bundled = Path(
        subprocess.run(
            [str(bin_dir / "python"), "-c", "from bbscore.conventions import bundled_dir; print(bundled_dir())"],
            cwd=elsewhere, capture_output=True, text=True, check=True,
        ).stdout.strip()
    )
    assert env_dir in bundled.parents  # found inside the installed package, not in this checkout
