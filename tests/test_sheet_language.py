"""A sheet begun in English goes on in English (README «English»): every command on it — the sheet's own and the
shared ones over several files (``recompute``, ``export`` in every format, ``list``, ``stats``, ``rating``, the
tournament's) — answers in English whatever the locale, when no ``--lang`` or ``BBSCORE_LANG`` is given; over several
files, when every sheet read is English.  A tournament begun in English records it in every sheet it writes.

Every run here has a Russian locale and no ``BBSCORE_LANG``: only the sheets can make it English.
"""

from __future__ import annotations

import re
import tomllib
import zipfile
from pathlib import Path

import pytest

from conftest import report, run_cli

RUSSIAN_LOCALE = {"BBSCORE_LANG": "", "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def bbscore(*args, cwd: Path):
    """A run in a Russian locale, no language asked for; it must succeed (exit 0, or 1 for ``recompute`` etc.)."""
    done = run_cli(*args, cwd=cwd, env=RUSSIAN_LOCALE)
    assert done.returncode in (0, 1), report(done)
    return done


def english_sheets(folder: Path) -> None:
    """A Bazar-Belot sheet and a пуля, both begun in English (Latin names: any Cyrillic then is the tool's own)."""
    folder.mkdir(exist_ok=True)
    bbscore("--lang", "en", "new", "en.toml", "--pairs", "Us,Them", cwd=folder)
    bbscore("add", "en.toml", "12C", "--by", "Us", "--def-points", "18", cwd=folder)
    bbscore("--lang", "en", "pref", "new", "pe.toml", "--players", "Ann,Bob,Cid", "--target", "10", cwd=folder)
    bbscore("pref", "add", "pe.toml", "6s", "--by", "Ann", "--tricks", "7", "--whist", "Bob", "--pass", "Cid", cwd=folder)
    for sheet in ("en.toml", "pe.toml"):
        assert tomllib.loads((folder / sheet).read_text(encoding="utf-8"))["game"]["lang"] == "en"


def test_every_command_on_english_sheets_answers_in_english_whatever_the_locale(tmp_path):
    english_sheets(tmp_path)
    runs = [("recompute", "en.toml"), ("recompute", "pe.toml"), ("recompute", "."), ("list", "."), ("stats", "."),
            ("rating", "."), ("list", "en.toml", "pe.toml"), ("stats", "pe.toml")]
    runs += [("export", sheet, "--format", format) for sheet in ("en.toml", "pe.toml") for format in ("csv", "md", "html")]
    for argv in runs:
        done = bbscore(*argv, cwd=tmp_path)
        assert not CYRILLIC.search(done.stdout + done.stderr), (argv, done.stdout, done.stderr)
    assert "everything agrees" in bbscore("recompute", ".", cwd=tmp_path).stdout
    csv = bbscore("export", "en.toml", "--format", "csv", cwd=tmp_path).stdout
    assert csv.splitlines()[1].startswith("1,Us,12♣,yes,26,2"), csv  # the contract in English notation, not 12Т
    assert "**Pool: Ann, Bob, Cid**" in bbscore("export", "pe.toml", "--format", "md", cwd=tmp_path).stdout
    bbscore("export", "en.toml", "pe.toml", "-o", "both.xlsx", cwd=tmp_path)
    with zipfile.ZipFile(tmp_path / "both.xlsx") as book:
        texts = " ".join(book.read(name).decode("utf-8") for name in book.namelist() if name.endswith(".xml"))
    assert "12♣" in texts and not CYRILLIC.search(texts)


def test_a_russian_sheet_among_them_keeps_the_locale_and_lang_still_wins(tmp_path):
    english_sheets(tmp_path)
    assert "всё сходится" in bbscore("recompute", "en.toml", "--lang", "ru", cwd=tmp_path).stdout
    assert "всё сходится" in run_cli("recompute", "en.toml", cwd=tmp_path).stdout  # BBSCORE_LANG=ru (the tests')
    bbscore("new", "ru.toml", "--pairs", "Мы,Они", cwd=tmp_path)
    assert "всё сходится" in bbscore("recompute", ".", cwd=tmp_path).stdout  # not every sheet English: the locale's
    assert "Партии и пули" in bbscore("list", "en.toml", "ru.toml", cwd=tmp_path).stdout
    assert "Matches and pools" in bbscore("list", "en.toml", "pe.toml", cwd=tmp_path).stdout
    # A file that cannot be read does not count (its refusal is then English too); a non-sheet file in a folder neither.
    (tmp_path / "ru.toml").unlink()
    (tmp_path / "rules.toml").write_text('[settings]\ntitle = "x"\n', encoding="utf-8")
    done = run_cli("list", "en.toml", "missing.toml", cwd=tmp_path, env=RUSSIAN_LOCALE)
    assert done.returncode == 1 and "Matches and pools" in done.stdout and "missing.toml" in done.stderr
    assert not CYRILLIC.search(done.stderr), done.stderr
    assert "Matches and pools" in bbscore("list", ".", cwd=tmp_path).stdout


def test_a_tournament_begun_in_english_records_it_in_every_sheet_and_goes_on_in_english(tmp_path):
    done = bbscore("--lang", "en", "tournament", "new", "sw", "--pairs", "A1,B2,C3,D4", "--system", "swiss",
                   cwd=tmp_path)
    assert "Swiss system" in done.stdout
    folder = tmp_path / "sw"
    assert tomllib.loads((folder / "tournament.toml").read_text(encoding="utf-8"))["tournament"]["lang"] == "en"
    for sheet in ("r1-t1.toml", "r1-t2.toml"):
        assert tomllib.loads((folder / sheet).read_text(encoding="utf-8"))["game"]["lang"] == "en"
    # Its sheets' commands answer in English: the pairs named as written (no «одна из пар»), the contract in English.
    added = bbscore("add", "sw/r1-t1.toml", "12C", "--by", "B2", "--def-points", "18", cwd=tmp_path)
    assert "Hand 1 written" in added.stdout and not CYRILLIC.search(added.stdout), added.stdout
    refused = run_cli("tournament", "pair", "sw", cwd=tmp_path, env=RUSSIAN_LOCALE)
    assert refused.returncode == 2 and "round 1 is not finished" in refused.stderr, report(refused)
    standings = bbscore("tournament", "standings", "sw", "--format", "md", cwd=tmp_path).stdout
    assert "entrant" in standings and not CYRILLIC.search(standings), standings
    assert "Rating" in bbscore("rating", "sw", cwd=tmp_path).stdout
    bbscore("tournament", "pair", "sw", "--force", cwd=tmp_path)  # the next round's sheets: English too
    for sheet in ("r2-t1.toml", "r2-t2.toml"):
        assert tomllib.loads((folder / sheet).read_text(encoding="utf-8"))["game"]["lang"] == "en"
    # A preferans tournament the same; in Russian nothing is recorded.
    bbscore("--lang", "en", "tournament", "new", "pt", "--players", "A,B,C,D,E,F", "--table-size", "3", cwd=tmp_path)
    assert all(tomllib.loads(path.read_text(encoding="utf-8"))["game"]["lang"] == "en"
               for path in (tmp_path / "pt").glob("r*.toml"))
    bbscore("tournament", "new", "ru", "--pairs", "A,B,C", cwd=tmp_path)
    assert "lang" not in (tmp_path / "ru" / "tournament.toml").read_text(encoding="utf-8")
    assert "lang" not in (tmp_path / "ru" / "r1-t1.toml").read_text(encoding="utf-8")


def test_a_bad_language_in_a_tournament_file_is_refused_with_its_line(tmp_path):
    bbscore("tournament", "new", "t", "--pairs", "A,B,C", cwd=tmp_path)
    path = tmp_path / "t" / "tournament.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("[tournament]\n", '[tournament]\nlang = "de"\n', 1),
                    encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index('lang = "de"') + 1
    refused = run_cli("tournament", "standings", "t", cwd=tmp_path)
    assert refused.returncode == 2 and f"tournament.toml:{line}: [tournament] lang:" in refused.stderr, report(refused)
    assert "ru или en" in refused.stderr, report(refused)


def test_a_folder_given_for_one_sheet_stands_for_no_sheet_and_a_tournament_for_its_own(tmp_path, monkeypatch):
    """``show DIR`` is refused in the locale's language without looking inside (a folder is no sheet: ``show ~``
    walks nothing); a tournament's folder counts its own sheets only, not those of its subfolders."""
    english_sheets(tmp_path / "club")
    import os

    walked = []
    real_walk = os.walk
    monkeypatch.setattr(os, "walk", lambda *args, **kwargs: walked.append(args) or real_walk(*args, **kwargs))
    refused = run_cli("show", "club", cwd=tmp_path, env=RUSSIAN_LOCALE)
    assert refused.returncode == 2 and "это папка" in refused.stderr and walked == [], report(refused)
    bbscore("--lang", "en", "tournament", "new", "t", "--pairs", "A,B,C", cwd=tmp_path)
    (tmp_path / "t" / "old").mkdir()
    bbscore("new", "t/old/ru.toml", "--pairs", "X,Y", cwd=tmp_path)  # a Russian sheet below it: not the tournament's
    assert "Tournament «t»" in bbscore("tournament", "standings", "t", cwd=tmp_path).stdout


# (a sheet's text, the language it is kept in): lines that look like `lang` but are not [game]'s, and [game] written
# where the quick look does not find it — the language is the one the file holds, as tomllib reads it
PEEKED = [
    pytest.param('[game]\nlang = "en"\n\n[[hand]]\nredeal = "все пас"\n', "en", id="as bbscore writes it"),
    pytest.param('[game]\nconvention = "gambler"\n\n[[hand]]\nnote = """\nlang = "en"\n"""\n', None,
                 id="a multi-line note holding a lang line"),
    pytest.param('[game]\nnote = """\n[[hand]]\n"""\nlang = "en"\n', "en", id="a multi-line [game] value with [[hand]]"),
    pytest.param('[[hand]]\nredeal = "все пас"\n\n[game]\nlang = "en"\n', "en", id="[game] after the hands"),
    pytest.param('["game"]\nlang = "en"\n', "en", id="a quoted key"),
    pytest.param('game = { lang = "en" }\n', "en", id="an inline table"),
    pytest.param('\ufeff[game]\nlang = "en"\n', "en", id="a byte-order mark"),
    pytest.param('[other]\nlang = "en"\n\n[game]\ntarget = 301\n', None, id="another table's lang"),
    pytest.param('[game]\nlang = "de"\n', None, id="a language bbscore does not speak"),
    pytest.param('[game]\nlang = "en"\nlang = "ru"\n', "en", id="not TOML (a key twice): the quick look's answer"),
]


@pytest.mark.parametrize(("text", "language"), PEEKED)
def test_the_language_peeked_is_the_one_game_holds(text, language, tmp_path):
    from bbscore.sheets import peek_language

    sheet = tmp_path / "game.toml"
    sheet.write_text(text, encoding="utf-8")
    assert peek_language(sheet) == language
    try:
        held = tomllib.loads(text.lstrip("\ufeff")).get("game", {}).get("lang")
    except tomllib.TOMLDecodeError:
        return  # (the command refuses the file; the peek only chose the language of the refusal)
    assert language == (held if held in ("ru", "en") else None)


def test_a_long_sheet_with_a_multi_line_note_is_peeked_by_parsing_only_what_fits(tmp_path):
    """A sheet longer than the head read for its language, where no quick look is sure (a note's line looks like
    ``lang``): not taken for [game]'s — no language, the default."""
    from bbscore.sheets import peek_language

    sheet = tmp_path / "game.toml"
    sheet.write_text('[[hand]]\nnote = """\nlang = "en"\n"""\n' + "# padding\n" * 10000 + '[game]\ntarget = 301\n',
                     encoding="utf-8")
    assert peek_language(sheet) is None
