"""Failures the user does not cause with an argument: a protocol's ``[game]`` table that is not the format's, a full
disk, an internal error, Ctrl-C, and the bare command (help).  All in this process, through ``bbscore.cli.main``.

The ``[game]`` table's keys are those of the protocol format (README "Protocol files": format, convention,
convention_sha256, target, pairs); each row names the key it breaks.
"""

from __future__ import annotations

import errno
import os
import tempfile

import pytest

from conftest import assert_refused, run_cli

GAME = '[game]\nformat = 1\nconvention = "gambler"\ntarget = 301\npairs = ["Мы", "Они"]\n'

# (old text, new text, words the refusal names): one key of a good [game] table broken at a time
BAD_GAME_TABLES = [
    pytest.param(GAME, GAME + "\n[extra]\nx = 1\n", ["extra"], id="README protocol: a table other than [game], [[hand]]"),
    pytest.param(GAME, "[[hand]]\ncontract = \"12Т\"\n", ["[game]"], id="README protocol: no [game] table"),
    pytest.param("target = 301\n", "target = 301\nowner = \"я\"\n", ["owner"], id="README protocol: an unknown [game] key"),
    pytest.param("format = 1\n", "format = 2\n", ["format"], id="README protocol: format is 1"),
    pytest.param('convention = "gambler"\n', "convention = 5\n", ["convention"], id="README protocol: convention is text"),
    pytest.param('convention = "gambler"\n', 'convention = "gambler"\nconvention_sha256 = "abc"\n', ["convention_sha256"],
                 id="README protocol: convention_sha256 is 64 hex digits"),
    pytest.param("target = 301\n", 'target = "301"\n', ["target"], id="README protocol: target is a number"),
    pytest.param("target = 301\n", "target = 0\n", ["target"], id="README protocol: target is positive"),
    pytest.param("target = 301\n", "target = true\n", ["target"], id="README protocol: target is not a boolean"),
    pytest.param('pairs = ["Мы", "Они"]\n', 'pairs = ["Мы"]\n', ["pairs"], id="README protocol: two pairs"),
    pytest.param('pairs = ["Мы", "Они"]\n', 'pairs = ["Мы", " "]\n', ["pairs"], id="README protocol: pair names not blank"),
    pytest.param('pairs = ["Мы", "Они"]\n', 'pairs = ["Мы", "Мы "]\n', ["pairs", "различаться"],
                 id="README protocol: pair names differ"),
]


@pytest.mark.parametrize(("old", "new", "words"), BAD_GAME_TABLES)
def test_a_bad_game_table_is_refused_by_every_command(tmp_path, old, new, words):
    assert old in GAME + "\n"
    path = tmp_path / "game.toml"
    path.write_text((GAME + "\n").replace(old, new, 1), encoding="utf-8")
    before = path.read_bytes()
    for command in (("show", path), ("undo", path), ("add", path, "12Т", "--by", "Мы", "--def-points", "18")):
        line = assert_refused(run_cli(*command))
        assert "game.toml" in line and all(word in line for word in words), line
    assert path.read_bytes() == before


def test_the_good_game_table_of_the_table_above_is_accepted(tmp_path):
    """Control for the table: the unbroken [game] table reads and takes a hand."""
    path = tmp_path / "game.toml"
    path.write_text(GAME, encoding="utf-8")
    assert run_cli("add", path, "12Т", "--by", "Мы", "--def-points", "18").returncode == 0
    assert run_cli("show", path).returncode == 0


def test_a_full_disk_on_replace_leaves_the_protocol_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "game.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    before = path.read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    assert_refused(run_cli("add", path, "12Т", "--by", "Мы", "--def-points", "18"))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # no temporary left


def test_a_folder_that_cannot_be_written_is_named(tmp_path, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    line = assert_refused(run_cli("new", tmp_path / "game.toml", "--pairs", "Мы,Они"))
    assert "game.toml" in line, line
    assert not (tmp_path / "game.toml").exists()


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch):
    import bbscore.cli

    def broken(argv):
        raise RuntimeError("сломано")

    monkeypatch.setattr(bbscore.cli, "build_app", broken)
    done = run_cli("score", "12Т", "--def-points", "18")
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.startswith("внутренняя ошибка bbscore (RuntimeError: сломано)") and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    with pytest.raises(RuntimeError):  # BBSCORE_DEBUG=1: the traceback, for a developer
        run_cli("score", "12Т", "--def-points", "18", env={"BBSCORE_DEBUG": "1"})


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, "abort"], ids=["Ctrl-C", "click's Abort"])
def test_ctrl_c_is_exit_130_and_one_word(monkeypatch, interrupt):
    import typer

    import bbscore.cli

    def interrupted(argv):
        raise typer.Abort() if interrupt == "abort" else KeyboardInterrupt()

    monkeypatch.setattr(bbscore.cli, "build_app", interrupted)
    done = run_cli("score", "12Т", "--def-points", "18")
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "прервано\n")


@pytest.mark.parametrize("args", [[], ["--help"]], ids=["no arguments", "--help"])
def test_the_bare_command_shows_every_command(args):
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    for command in ("score", "count", "melds", "new", "add", "edit", "undo", "show", "play", "recompute", "conventions"):
        assert command in done.stdout, command


def test_an_unknown_command_is_refused():
    assert "скор" in assert_refused(run_cli("скор"))
