"""Every `bbscore …` command in the README's ```sh blocks runs and succeeds, in order (the README stays true).

The commands are run through the real entry point in a scratch folder holding a copy of ``examples/``, one after
the other (a later command may use a file an earlier one made); comments after ``#`` are dropped.
"""

from __future__ import annotations

import re
import shlex
import shutil

import pytest

from conftest import REPO, run_cli


def readme_commands() -> list[str]:
    commands = []
    for block in (text for info, text in fenced_blocks() if info == "sh"):
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


def readme_outputs() -> list[tuple[str, str]]:
    """The README's blocks that show a run: a ``` block whose first line is ``$ bbscore …``, the output after it."""
    shown = []
    for info, block in fenced_blocks():
        first, _, output = block.partition("\n")
        if info == "" and first.startswith("$ bbscore "):
            shown.append((first.removeprefix("$ "), output))
    return shown


def fenced_blocks() -> list[tuple[str, str]]:
    """The README's fenced blocks, in order: each one's info string (``sh``, or empty) and its text, every line ending
    with a newline — a fence opens and closes at the start of a line (a closing fence is never taken for an opening)."""
    blocks, info, lines = [], None, []
    for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("```"):
            if info is None:
                info, lines = line.strip().removeprefix("```"), []
            else:
                blocks.append((info, "".join(lines)))
                info = None
        elif info is not None:
            lines.append(line)
    return blocks


def test_readme_shows_runs():
    assert len(readme_outputs()) >= 2  # the worked example (score) and the slipped game (recompute)


@pytest.mark.parametrize(("command", "output"), readme_outputs(), ids=[command for command, _ in readme_outputs()])
@pytest.mark.parametrize("columns", [None, 80])
def test_readme_output_is_the_real_output(tmp_path, command, output, columns):
    """Each run the README shows prints exactly that (standard output and error) into a pipe, where its lines stay
    whole; at a terminal 80 columns wide the same words, the lines broken between them at 80."""
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    done = run_cli(*shlex.split(command)[1:], cwd=tmp_path, columns=columns)
    assert done.returncode in (0, 1), f"{command}\n{done.stdout}\n{done.stderr}"  # 1: the slips it shows
    real = [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]
    if columns is None:
        assert real == [line.rstrip() for line in output.splitlines()]
        return
    assert " ".join(real).split() == output.split()
    if "--format" not in command:  # a document for another program (Markdown, CSV) keeps its lines whole
        assert max(len(line) for line in done.stdout.splitlines()) <= columns
