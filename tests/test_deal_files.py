"""What the referee's deal files are told when they are not deal files (``bbscore referee FILE``, ``pref referee``,
``add --deal``, ``pref add --deal``): a file that is no deal file is named alone — nothing it holds shown —, a score
sheet is said to be one (whose, with its commands), an empty name is refused as every command refuses it; only a real
deal file has its unknown keys named.  Each refusal one line, exit 2, in both languages."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES, assert_refused, run_cli

SECRET = 'password = "hunter2"\n'
GOOD = (EXAMPLES / "deal-gambler.toml").read_text(encoding="utf-8")
GOOD_PREF = (EXAMPLES / "deal-rostov.toml").read_text(encoding="utf-8")


@pytest.fixture
def sheets(tmp_path):
    """A Bazar-Belot sheet and a preferans пуля, empty."""
    assert run_cli("new", tmp_path / "base.toml", "--pairs", "Мы,Они").returncode == 0
    assert run_cli("pref", "new", tmp_path / "pbase.toml", "--players", "Аня,Боря,Вера").returncode == 0
    return tmp_path


def refused_in_english(*args) -> str:
    """The one line of an English refusal (``--lang en``): exit 2, nothing on standard output."""
    done = run_cli("--lang", "en", *args)
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and done.stdout == "" and len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def commands(folder, deal: str) -> list[tuple[str, ...]]:
    """Every command that reads a deal file, given ``deal``."""
    return [("referee", deal), ("pref", "referee", deal), ("add", str(folder / "base.toml"), "--deal", deal, "--by", "1"),
            ("pref", "add", str(folder / "pbase.toml"), "--deal", deal)]


@pytest.mark.parametrize("text, secret", [(SECRET, "hunter2"), ("[secret_table]\nx = 1\n", "secret_table"),
                                          ('contract = "12Т"\npassword = "hunter2"\n', "hunter2")])
def test_a_file_that_is_no_deal_file_is_named_alone(sheets, text, secret):
    deal = sheets / "ns3.toml"
    deal.write_text(text, encoding="utf-8")
    for args in commands(sheets, str(deal)):
        line = assert_refused(run_cli(*args))
        assert line == f"ошибка: {deal}: не файл раздачи: нет ключа players (игроки за столом)", args
        assert secret not in line and "password" not in line
    line = refused_in_english("referee", deal)
    assert line == f"error: {deal}: not a deal file: no players key (the players at the table)"
    assert secret not in line


def test_a_deal_on_standard_input_that_is_no_deal_file(sheets):
    for args in (("referee", "-"), ("pref", "referee", "-"), ("add", str(sheets / "base.toml"), "--deal", "-", "--by", "1")):
        line = assert_refused(run_cli(*args, stdin=SECRET))
        assert line == "ошибка: -: не файл раздачи: нет ключа players (игроки за столом)", args


def test_a_real_deal_file_still_names_its_unknown_key(tmp_path):
    deal = tmp_path / "deal.toml"
    deal.write_text(GOOD.replace('contract = "12Т"', 'contract = "12Т"\ncontrakt = "13Т"'), encoding="utf-8")
    assert "contrakt" in assert_refused(run_cli("referee", deal))
    deal.write_text(GOOD_PREF + '\n[extra]\nx = 1\n', encoding="utf-8")
    assert "extra" in assert_refused(run_cli("pref", "referee", deal))


@pytest.mark.parametrize("sheet, russian, english", [
    ("base.toml", "это протокол Базар-Белота: его команды — bbscore show, add, play",
     "this is a Bazar-Belot score sheet: its commands are bbscore show, add, play"),
    ("pbase.toml", 'это пуля преферанса (game = "preferans"): её команды — bbscore pref show, pref add, pref settle',
     None),
])
def test_a_score_sheet_given_as_a_deal_is_said_to_be_one(sheets, sheet, russian, english):
    path = sheets / sheet
    for args in commands(sheets, str(path)):
        line = assert_refused(run_cli(*args))
        assert line == f"ошибка: {path}: не файл раздачи — {russian}", args
        assert "таблица" not in line and "игра" not in line and "сдача" not in line
    for command in (("referee",), ("pref", "referee")):
        line = refused_in_english(*command, path)
        assert line.startswith(f"error: {path}: not a deal file — "), line
        if english is not None:
            assert line.endswith(english)
        assert "game:" not in line and "table" not in line


def test_a_sheet_of_no_game_of_the_house(tmp_path):
    path = tmp_path / "chess.toml"
    path.write_text('[game]\ngame = "chess"\nsecret = "hunter2"\n', encoding="utf-8")
    for command in (("referee",), ("pref", "referee")):
        line = assert_refused(run_cli(*command, path))
        assert line == f"ошибка: {path}: не файл раздачи: в нём таблица [game], как в листе партии"
    line = refused_in_english("referee", path)
    assert line.endswith("not a deal file: it has a [game] table, as a score sheet does") and "hunter2" not in line


def test_an_empty_name_is_refused_as_every_command_refuses_it(sheets):
    for args in commands(sheets, ""):
        line = assert_refused(run_cli(*args))
        assert "«» (пусто) — пустое имя: нужен файл или папка" in line, args
        assert "папка" in line and "нужен файл раздачи" not in line
    assert assert_refused(run_cli("referee", "")) == "ошибка: DEAL: «» (пусто) — пустое имя: нужен файл или папка"
    assert assert_refused(run_cli("add", sheets / "base.toml", "--deal", "", "--by", "1")) == \
        "ошибка: --deal: «» (пусто) — пустое имя: нужен файл или папка"
    line = refused_in_english("pref", "referee", "")
    assert line == "error: DEAL: «» (empty) — an empty name: a file or folder is needed"


def test_a_file_named_dash_is_that_file_and_dash_is_standard_input(tmp_path):
    (tmp_path / "-").write_text(SECRET, encoding="utf-8")
    for command in (("referee",), ("pref", "referee")):  # ./- is the file (which is no deal), not the good deal piped in
        line = assert_refused(run_cli(*command, "./-", cwd=tmp_path, stdin=GOOD if command == ("referee",) else GOOD_PREF))
        assert line == "ошибка: -: не файл раздачи: нет ключа players (игроки за столом)"
    assert run_cli("referee", "-", stdin=GOOD, cwd=tmp_path).returncode in (0, 1)
    assert run_cli("pref", "referee", "-", stdin=GOOD_PREF, cwd=tmp_path).returncode in (0, 1)
