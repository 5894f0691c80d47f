"""Every `bbscore …` command in the README's ```sh blocks runs and succeeds, in order (the README stays true).

The commands are run through the real entry point in a scratch folder holding a copy of ``examples/``, one after
the other (a later command may use a file an earlier one made); comments after ``#`` are dropped.
"""

from __future__ import annotations

import re
import shlex
import shutil

from conftest import REPO, run_cli


def readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line.startswith("bbscore "):
                commands.append(line)
    return commands


def test_readme_has_commands():
    commands = readme_commands()
    assert len(commands) >= 15
    assert {c.split()[1] for c in commands} >= {"score", "count", "melds", "new", "add", "undo", "show", "conventions"}


def test_every_readme_command_succeeds(tmp_path):
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    for command in readme_commands():
        done = run_cli(*shlex.split(command)[1:], cwd=tmp_path)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr
