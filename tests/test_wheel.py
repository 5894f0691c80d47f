"""The built wheel installs in a fresh virtual environment and carries the bundled conventions.

Builds the wheel from this checkout (with the hatchling of the test environment: no isolated build environment to
download), installs it without its dependencies in a new venv outside the checkout (the dependencies are those of the
test environment, reached through a ``.pth`` path line that adds only that folder), and runs the README's main job
with the installed ``bbscore`` script from a folder with no ``conventions/`` in it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_scores(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = dist.glob("bbscore-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "bbscore/conventions/gambler.toml" in names
    assert "bbscore/locale/en/LC_MESSAGES/bbscore.mo" in names  # English (issue #15)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, clear=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # the dependencies: this environment's packages, after the venv's own (a path line runs none of that folder's .pth
    # files, so the checkout's editable install of bbscore is not seen)
    (site / "zz_test_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH",)}
    args = [str(bin_dir / "bbscore"), "score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла"]
    run = subprocess.run(args, cwd=elsewhere, capture_output=True, text=True,
                         env={**env, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120"})
    assert run.returncode == 0, run.stderr
    assert "28" in run.stdout and "4" in run.stdout and "Расчёт" in run.stdout

    english = subprocess.run([str(bin_dir / "bbscore"), "--lang", "en", "scor"], cwd=elsewhere, capture_output=True,
                             text=True, env={**env, "PYTHONIOENCODING": "utf-8"})
    assert english.stderr.startswith("error: no such command scor"), english.stderr

    as_json = subprocess.run([*args, "--json"], cwd=elsewhere, capture_output=True, text=True, check=True, env=env)
    result = json.loads(as_json.stdout)
    assert (result["declarers"], result["defenders"], result["made"]) == (28, 4, True)
    bundled = Path(
        subprocess.run(
            [str(python), "-c", "from bbscore.conventions import bundled_dir; print(bundled_dir())"],
            cwd=elsewhere, capture_output=True, text=True, check=True, env=env,
        ).stdout.strip()
    )
    assert env_dir in bundled.parents  # found inside the installed package, not in this checkout
