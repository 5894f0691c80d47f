"""Every refusal of RULES.md §8 through the command line.

The contract of ``bbscore score`` for bad input: exit code 2, exactly one line
on standard error beginning ``ошибка: ``, no traceback anywhere, nothing on
standard output.  Each row's id names the §8 item it exercises.
"""

from __future__ import annotations

import json

import pytest

from conftest import REPO, assert_refused, run_cli, run_process

# (arguments after "score", a word the message must contain or None)
REFUSED = [
    # §8: a contract that does not parse, N below the minimum, K < 0
    pytest.param(["12X", "--def-points", "50"], "12X", id="§8 contract does not parse: 12X"),
    pytest.param(["abc", "--def-points", "50"], "abc", id="§8 contract does not parse: abc"),
    pytest.param(["12Т+++", "--def-points", "50"], None, id="§8 contract does not parse: 12Т+++"),
    pytest.param(["7Т", "--def-points", "50"], "8", id="§8 N below minimum: 7Т (min 8)"),
    pytest.param(["7БК", "--def-points", "50"], "8", id="§8 N below minimum: 7БК (min 8)"),
    pytest.param(["19ВК", "--def-points", "50"], "20", id="§8 N below minimum: 19ВК (min 20)"),
    pytest.param(["^-1Т", "--def-points", "0", "--decl-tricks", "8"], None, id="§8 K < 0: ^-1Т"),
    # §8: trick points outside 0…S, or two that do not add up to S
    pytest.param(["12Т", "--def-points", "-1"], "--def-points", id="§8 trick points -1"),
    pytest.param(["12Т", "--def-points=-1"], "--def-points", id="§8 trick points =-1"),
    pytest.param(["12Т", "--def-points", "163"], "163", id="§8 trick points 163 > S"),
    pytest.param(["12Т", "--def-points", "abc"], "abc", id="§8 trick points abc"),
    pytest.param(["12Т", "--def-points", ""], "--def-points", id="§8 trick points empty"),
    pytest.param(["12Т", "--def-points", "12.5"], "12.5", id="§8 trick points 12.5"),
    pytest.param(["12Т", "--decl-points", "163"], "--decl-points", id="§8 declarers' trick points 163"),
    pytest.param(["22ВК", "--def-points", "259"], "259", id="§8 ВК trick points 259 > 258"),
    pytest.param(["12Т", "--def-points", "50", "--decl-points", "100"], "162",
                 id="§8 def + decl = 150, not S"),
    pytest.param(["22ВК", "--def-points", "100", "--decl-points", "62"], "258",
                 id="§8 ВК def + decl = 162, not 258"),
    # §8: trick points no set of cards can make (computed from card values)
    pytest.param(["12Т", "--def-points", "1"], None, id="§8 impossible: suit 1"),
    pytest.param(["12Т", "--def-points", "161"], None, id="§8 impossible: suit 161"),
    pytest.param(["12БК", "--def-points", "161"], None, id="§8 impossible: БК 161"),
    pytest.param(["12Т", "--decl-points", "1"], "--decl-points: 1", id="§8 impossible: suit declarers 1"),
    pytest.param(["12Т", "--decl-points", "161"], "--decl-points: 161", id="§8 impossible: suit declarers 161"),
    pytest.param(["22ВК", "--def-points", "1"], None, id="§8 impossible: ВК 1"),
    pytest.param(["22ВК", "--def-points", "2"], None, id="§8 impossible: ВК 2"),
    pytest.param(["22ВК", "--def-points", "5"], None, id="§8 impossible: ВК 5"),
    pytest.param(["22ВК", "--def-points", "253"], None, id="§8 impossible: ВК 253"),
    # §8: belas, construction names, four 9s in БК
    pytest.param(["12БК", "--def-points", "50", "--decl-con", "бэла"], None, id="§8 bela in БК"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "бэла", "--def-con", "бэла"], None,
                 id="§8 two belas in a suit game, one each side"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "2×бэла"], None,
                 id="§8 two belas in a suit game, one side"),
    pytest.param(["22ВК", "--def-points", "50", "--decl-con", "3×бэла", "--def-con", "бэла, бэла"], None,
                 id="§8 five belas in ВК"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "каре"], "каре", id="§8 unknown construction"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "терц", "--decl-con", "терц, квадрат"], "квадрат",
                 id="§8 unknown construction in a repeated option"),
    pytest.param(["12БК", "--def-points", "50", "--decl-con", "рамки-9"], None, id="§8 four 9s in БК"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "rams-9x"], "rams-9x", id="§8 rams of an unknown rank"),
    # §8: constructions other than bela on both sides
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "терц", "--def-con", "берц"], None,
                 id="§8 constructions on both sides"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "терц, бэла", "--def-con", "рамки-В"], None,
                 id="§8 constructions on both sides, bela beside"),
    # §8: kapo without the trick count; tricks outside 0…8; tricks that contradict the points
    pytest.param(["^Т", "--def-points", "0"], "--decl-tricks", id="§8 kapo without --decl-tricks"),
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "9"], "--decl-tricks", id="§8 --decl-tricks 9"),
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "-1"], "--decl-tricks", id="§8 --decl-tricks -1"),
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "all"], "--decl-tricks", id="§8 --decl-tricks all"),
    pytest.param(["^Т", "--def-points", "10", "--decl-tricks", "8"], "--decl-tricks",
                 id="§8 8 tricks but defenders have 10"),
    pytest.param(["12Т", "--def-points", "100", "--decl-tricks", "8"], "--decl-tricks",
                 id="§8 8 tricks but defenders have 100"),
    pytest.param(["12Т", "--def-points", "0", "--decl-tricks", "0"], "--decl-tricks",
                 id="§8 0 tricks but declarers have 162"),
    # §5 inputs: one side's trick points are required
    pytest.param(["12Т"], None, id="§5 neither --def-points nor --decl-points"),
    pytest.param(["12Т", "--decl-con", "терц"], None, id="§5 constructions but no trick points"),
    # conventions (§7: a setting in the convention file, found by name or path)
    pytest.param(["12Т", "--def-points", "50", "--convention", "nosuch"], "nosuch", id="unknown convention name"),
    pytest.param(["12Т", "--def-points", "50", "--convention", "/nonexistent/dir/rules.toml"], "rules.toml",
                 id="convention file that does not exist"),
    # text that looks like a digit but is not one (see test_properties: a bug in bbscore)
    pytest.param(["12Т", "--def-points", "²"], None, id="digit-like: --def-points superscript 2"),
    pytest.param(["12Т", "--def-points", "--5"], None, id="digit-like: --def-points --5"),
    pytest.param(["12Т", "--def-points", "50", "--decl-con", "²"], None, id="digit-like: --decl-con superscript 2"),
    # the command line itself
    pytest.param(["12Т", "--def-points", "50", "--no-such-option"], None, id="usage: unknown option"),
    pytest.param([], None, id="usage: no contract"),
    pytest.param(["12Т", "13Т", "--def-points", "50"], None, id="usage: extra argument"),
    pytest.param(["12Т", "--def-points"], None, id="usage: option without its value"),
    # a single-value option given twice: click would keep the last value silently
    pytest.param(["12Т", "--def-points", "18", "--def-points", "60"], "--def-points", id="usage: --def-points twice"),
    pytest.param(["12Т", "--def-points=18", "--def-points", "60"], "«60»", id="usage: --def-points= and again"),
    pytest.param(["12Т", "--def-cards", "ВП ДП 7П 8П", "--def-cards", "ТТ 10Т КТ ДТ", "--last", "def"], "--def-cards",
                 id="usage: --def-cards twice (one trick each)"),
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "8", "--decl-tricks", "8"], "--decl-tricks",
                 id="usage: --decl-tricks twice, even the same"),
    pytest.param(["12Т", "--def-points", "18", "--convention", "classic", "--convention", "gambler"], "--convention",
                 id="usage: --convention twice"),
]


@pytest.mark.parametrize(("args", "word"), REFUSED)
def test_refused(args, word):
    line = assert_refused(run_cli("score", *args))
    if word is not None:
        assert word in line, line


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["19ВК", "--def-points", "50"], id="N below minimum"),
        pytest.param(["12Т", "--def-points", "161"], id="impossible trick points"),
        pytest.param(["^Т", "--def-points", "0"], id="kapo without tricks"),
    ],
)
def test_refused_with_json_prints_nothing(args):
    assert_refused(run_cli("score", *args, "--json"))


GAMBLER_TOML = (REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")

# (old text, new text, words the message must contain besides the file name).  The first
# occurrence is replaced: the suit game's table comes first in the file.
BROKEN = [
    pytest.param("deck_visty = 162\n", "", ["games.suit", "deck_visty"], id="missing key games.suit.deck_visty"),
    pytest.param("target = 301\n", "", ["target"], id="missing key game_end.target"),
    pytest.param("min_bid = 8\n", 'min_bid = "8"\n', ["min_bid"], id="wrong type: min_bid text"),
    pytest.param("contra = 2,", "contra = 2.5,", ["contra"], id="wrong type: contra float"),
    pytest.param("last_trick = 10\n", "last_trick = 10\nbogus_key = 1\n", ["bogus_key"], id="unknown key in [points]"),
    pytest.param("trump_cards = { J = 20,", "trump_cards = { J = 21,", ["deck_visty"],
                 id="card values do not add up to deck_visty"),
    pytest.param('rounding = "half_up"', 'rounding = "sideways"', ["rounding"],
                 id="value not among the choices"),
    pytest.param("[game_end]\n", "[game_end\n", [], id="not TOML"),
]


@pytest.mark.parametrize(("old", "new", "words"), BROKEN)
def test_broken_convention_file(tmp_path, old, new, words):
    assert old in GAMBLER_TOML
    broken = tmp_path / "broken.toml"
    broken.write_text(GAMBLER_TOML.replace(old, new, 1), encoding="utf-8")
    line = assert_refused(run_cli("score", "12Т", "--def-points", "50", "--convention", str(broken)))
    assert "broken.toml" in line, line
    for word in words:
        assert word in line, line


def test_a_good_copy_of_the_convention_file_is_accepted(tmp_path):
    """Control for the table above: the unedited copy works by path."""
    copy = tmp_path / "broken.toml"
    copy.write_text(GAMBLER_TOML, encoding="utf-8")
    done = run_cli("score", "12Т", "--def-points", "18", "--convention", str(copy))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_list_options_may_repeat_and_an_option_value_is_not_an_option():
    """--decl-con repeated adds up (terz + bela = 40 visty); a value that looks like an option is a value."""
    repeated = run_cli("score", "12Т", "--def-points", "18", "--decl-con", "терц", "--decl-con", "бэла", "--json")
    assert repeated.returncode == 0, repeated.stderr
    assert '"VCp":40' in repeated.stdout
    after_end = run_cli("score", "12Т", "--def-points", "18", "--", "--def-points")  # after --: an argument
    assert "--def-points" in assert_refused(after_end)  # the extra argument, not a repeated option


def test_an_output_that_cannot_show_russian_is_one_clear_line():
    """PYTHONIOENCODING=ascii (a process's streams): no internal error, exit 2, the line in UTF-8; JSON (ASCII-safe)
    still works."""
    for args, code in ((["12Т", "--def-points", "18"], 2), (["12Т", "--def-points", "1"], 2),
                       (["12Т", "--def-points", "18", "--json"], 0)):
        done = run_raw("score", *args, env={"PYTHONIOENCODING": "ascii"})
        errors = done.stderr.decode("utf-8")
        assert done.returncode == code, errors
        assert "Traceback" not in errors and "внутренняя ошибка" not in errors
        if code:
            assert errors.startswith("ошибка: ") and len(errors.splitlines()) == 1, errors


def run_raw(*args: str, env: dict | None = None, stdout=None, preexec_fn=None):
    """``python -m bbscore ARGS`` with bytes out (for odd encodings and closed pipes)."""
    import subprocess

    return run_process(*args, env=env, text=False, stdout=subprocess.PIPE if stdout is None else stdout,
                       preexec_fn=preexec_fn)


def one_error_line(done) -> str:
    errors = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, errors
    assert "Traceback" not in errors and "внутренняя ошибка" not in errors, errors
    assert len(errors.splitlines()) == 1 and errors.startswith("ошибка: "), errors
    return errors


def test_an_output_that_cannot_show_russian_is_refused_before_anything_is_written(tmp_path):
    game = tmp_path / "game.toml"
    one_error_line(run_raw("new", str(game), "--pairs", "Мы,Они", env={"PYTHONIOENCODING": "ascii"}))
    assert not game.exists()
    assert run_cli("new", str(game), "--pairs", "Мы,Они").returncode == 0
    before = game.read_bytes()
    one_error_line(run_raw("add", str(game), "12Т", "--by", "Мы", "--def-points", "18", env={"PYTHONIOENCODING": "ascii"}))
    assert game.read_bytes() == before


def test_arguments_that_are_not_utf8_are_refused_in_one_line(tmp_path):
    import os

    odd = os.fsdecode(b"12\xff")
    assert "12" in one_error_line(run_raw("score", odd, "--def-points", "18"))
    game = tmp_path / "game.toml"
    assert run_cli("new", str(game), "--pairs", "Мы,Они").returncode == 0
    one_error_line(run_raw("add", str(game), "12Т", "--by", os.fsdecode(b"\xff"), "--def-points", "18"))
    missing = os.fsdecode(bytes(tmp_path) + b"/\xff.toml")
    done = run_raw("recompute", str(REPO / "examples" / "slipped-game.toml"), missing, "--json")
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    reports = json.loads(done.stdout)["files"]
    assert reports[1]["file"].endswith("\\xff.toml") and reports[0]["discrepancies"]


@pytest.mark.parametrize("args", [
    ["score", "12Т", "--def-points", "18"], ["score", "12Т", "--def-points", "18", "--json"],
    ["recompute", str(REPO / "examples" / "game-gambler.toml")], ["conventions", "show", "gambler"],
])
def test_a_reader_that_goes_away_is_not_a_failure(args):
    """`| head` closes the pipe: exit 0 and no traceback (a pipe whose reader is already gone)."""
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = run_raw(*args, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"", done.stderr


@pytest.mark.parametrize("files, code", [
    (["slipped-game.toml", "game-gambler.toml"], 1), (["game-gambler.toml", "slipped-game.toml"], 1),
    (["game-gambler.toml", "paper-game.toml"], 0),
])
def test_recompute_whose_reader_goes_away_still_exits_with_what_it_found(files, code):
    """`recompute … | head -1` in a script: the check goes on without printing, and its exit code tells the slips."""
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = run_raw("recompute", *(str(REPO / "examples" / name) for name in files), stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == code, done.stderr
    assert b"Traceback" not in done.stderr


def test_a_full_output_after_a_write_names_the_file_written(tmp_path):
    import os

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    game = tmp_path / "game.toml"
    with open("/dev/full", "wb") as full:
        line = one_error_line(run_raw("new", str(game), "--pairs", "Мы,Они", stdout=full))
    assert game.exists() and "уже записан" in line and "game.toml" in line


def test_a_terminal_taken_for_ascii_still_gives_utf8_arguments(tmp_path):
    """LC_ALL=C with PYTHONUTF8=0: Python reads the arguments as ASCII; their bytes are read again as UTF-8."""
    done = run_raw("score", "12Т", "--def-points", "18", "--decl-con", "терц", "--json",
                   env={"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""})
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["contract"], answer["decl_con"]) == ("12Т", ["терц"])


def test_text_that_is_not_utf8_is_refused_before_any_file_is_touched(tmp_path):
    import os

    done = run_raw("new", str(tmp_path / "game.toml"), "--pairs", os.fsdecode(b"A\xff,B"))
    assert "--pairs" in one_error_line(done)
    assert list(tmp_path.iterdir()) == []  # no protocol, no lock file


def test_a_closed_standard_error_keeps_the_exit_code():
    """2>&-: nowhere to write the line, but the refusal is still exit 2 (not a crash)."""
    import os

    done = run_raw("score", "12Т", "--def-points", "1", preexec_fn=lambda: os.close(2))
    assert done.returncode == 2 and done.stdout == b""


def test_a_closed_standard_output_is_refused_before_anything_is_done(tmp_path):
    """>&-: a result nobody sees would pass for success (and `add` would write unseen)."""
    import os

    game = tmp_path / "game.toml"
    assert run_cli("new", str(game), "--pairs", "Мы,Они").returncode == 0
    before = game.read_bytes()
    for args in (["score", "12Т", "--def-points", "18"], ["add", str(game), "12Т", "--by", "Мы", "--def-points", "18"]):
        done = run_process(*args, text=False, stdout=None, preexec_fn=lambda: os.close(1))
        assert "вывод закрыт" in one_error_line(done)
    assert game.read_bytes() == before


SECRET = "ghp_AbCdEf0123456789TOKEN"  # a table name of a TOML file that is no sheet (a newcomer's find)


@pytest.mark.parametrize("args", [
    ["show", "x.toml"], ["add", "x.toml", "12Т", "--by", "1", "--def-points", "18"],
    ["edit", "x.toml", "1", "12Т", "--by", "1", "--def-points", "18"], ["undo", "x.toml"], ["recompute", "x.toml"],
    ["export", "x.toml", "--format", "csv"], ["pref", "show", "x.toml"], ["pref", "settle", "x.toml"],
    ["pref", "add", "x.toml", "6♠", "--by", "Аня", "--tricks", "6", "--pass", "Боря", "--pass", "Вера"],
    ["tournament", "standings", "."],
], ids=lambda args: " ".join(args[:2]))
def test_a_toml_file_that_is_no_sheet_is_refused_without_showing_what_it_holds(tmp_path, args):
    """Its tables are not named back (an error never shows the content of a file that is not what it should be):
    only that it has no [game] (or [tournament]) table; the file is left as it was."""
    text = f"[{SECRET}]\nkey = 1\n"
    (tmp_path / "x.toml").write_text(text, encoding="utf-8")
    (tmp_path / "tournament.toml").write_text(text, encoding="utf-8")
    done = run_cli(*args, cwd=tmp_path)
    line = done.stderr.strip()
    assert done.returncode in (1, 2) and "нет таблицы [" in line, line
    assert SECRET not in done.stdout + done.stderr
    assert (tmp_path / "x.toml").read_text(encoding="utf-8") == text


@pytest.mark.parametrize(("args", "said"), [
    (["pref", "recompute", "x.toml"], "ошибка: нет команды pref recompute: это команда bbscore recompute"),
    (["pref", "recomput", "x.toml"], "может быть, bbscore recompute"),
    (["pref", "shw", "x.toml"], "нет такой команды shw; может быть, show?"),
    (["recomput", "x.toml"], "может быть, recompute"),
    (["--lang", "en", "pref", "recompute", "x.toml"], "it is a command of bbscore itself, bbscore recompute"),
])
def test_a_command_of_bbscore_named_in_a_group_is_said_to_be_bbscores(args, said):
    """Found by a newcomer: `bbscore pref recompute` answered «нет такой команды recompute; может быть, recompute…»,
    suggesting the very name refused; a group's typo is matched among its own commands first."""
    done = run_cli(*args)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    if "recompute" in args:
        assert "может быть, recompute" not in done.stderr


@pytest.mark.parametrize("value", ['"chess"', "5", '""'])
def test_a_game_no_game_of_the_house_has_is_named_as_such(tmp_path, value):
    """Found by a newcomer: `[game] game = "chess"` was refused as an unknown key of [game], from a list of allowed
    keys without `game` in it; it is a game value no game has, and the games there are are named."""
    assert run_cli("new", tmp_path / "g.toml", "--pairs", "Мы,Они").returncode == 0
    text = (tmp_path / "g.toml").read_text(encoding="utf-8").replace("[game]\n", f"[game]\ngame = {value}\n", 1)
    (tmp_path / "g.toml").write_text(text, encoding="utf-8")
    line = assert_refused(run_cli("show", tmp_path / "g.toml"))
    assert "нет такой игры; есть \"bazar-belot\", \"preferans\"" in line and "неизвестный ключ" not in line, line


def test_an_output_that_shows_russian_but_not_every_sign_gets_them_written_plain(tmp_path):
    """Found by a newcomer: a cp1251 output (Russian, but no →, −, ×, █, suits) made most commands an internal error,
    exit 3 — `pref add` after it had written its hand.  Each sign it cannot show is written as the ASCII output writes
    it (-> , x, #; the suits as letters), a refusal is still its one line, and a written hand is said written."""
    env = {"PYTHONIOENCODING": "cp1251"}
    sheet = tmp_path / "p.toml"
    runs = [
        (["score", "12Т", "--def-points", "18", "--decl-con", "терц"], 0),
        (["--lang", "en", "score", "12Т", "--def-points", "18"], 0),
        (["pref", "new", sheet, "--players", "Аня,Боря,Вера"], 0),
        (["pref", "add", sheet, "6♠", "--by", "Аня", "--tricks", "6", "--whist", "Боря", "--pass", "Вера"], 0),
        (["pref", "settle", sheet], 0),
        (["conventions", "show", "rostov"], 0),
        (["melds", "12Т", "--p1", "терц_от_ДП"], 2),
    ]
    for args, code in runs:
        done = run_raw(*map(str, args), env=env)
        out, err = done.stdout.decode("cp1251"), done.stderr.decode("cp1251")
        assert done.returncode == code, (args, out, err)
        assert "Traceback" not in err and "внутренняя ошибка" not in err and "internal error" not in err, (args, err)
        assert len(err.splitlines()) == (1 if code else 0), (args, err)
    assert "[[hand]]" in sheet.read_text(encoding="utf-8")
