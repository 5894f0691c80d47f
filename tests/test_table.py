"""At the table (issue 14): ``edit`` of a past hand, ``undo``'s protocol line, ``recompute`` of folders, a sheet that
fits any terminal, forgiving input (pair names, "did you mean", whole numbers, a bid slip, changed rules)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, run_cli
from test_protocol import TEN_HANDS, add, hands_of, new_game, ok, show


def ten_hand_game(tmp_path: Path, *extra: str) -> Path:
    path = new_game(tmp_path / "game.toml", *extra)
    for args, _ in TEN_HANDS:
        add(path, *args)
    return path


# --------------------------------------------------------------------------- edit


def test_edit_of_a_middle_hand_rewrites_every_later_total(tmp_path):
    path = ten_hand_game(tmp_path)
    before = hands_of(path)
    # hand 4: 8П by Они, def 82 → 8 : 16; now def 62 → Vp = 100 ≥ 80: Pv = 6, Pp = (162 − 60) div 10 = 10 → 6 : 18
    out = ok(run_cli("edit", str(path), "4", "8П", "--by", "Они", "--def-points", "62"))
    assert "4 было" in out and "4 стало" in out
    after = hands_of(path)
    assert after[3]["score"] == [6, 18] and after[3]["def_points"] == 62
    assert after[:3] == before[:3]
    for old, new in zip(before[4:], after[4:]):
        assert new["total"] == [old["total"][0] - 2, old["total"][1] + 2]  # every later total moved by the change
        assert {k: v for k, v in new.items() if k != "total"} == {k: v for k, v in old.items() if k != "total"}
    assert show(path)["totals"] == [235, 115]
    assert run_cli("recompute", str(path)).returncode == 0


def test_edit_keeps_the_note_and_turns_a_hand_into_a_redeal(tmp_path):
    path = new_game(tmp_path / "game.toml")
    add(path, "12Т", "--by", "Мы", "--def-points", "18", "--note", "первая")
    add(path, "8П", "--by", "Они", "--def-points", "82")
    ok(run_cli("edit", str(path), "1", "--redeal", "all-pass"))
    first = hands_of(path)[0]
    assert first == {"redeal": "all-pass", "note": "первая", "score": [0, 0], "total": [0, 0]}
    assert hands_of(path)[1]["total"] == [8, 16]
    assert run_cli("recompute", str(path)).returncode == 0


def test_edit_that_would_end_the_game_early_is_refused_and_changes_nothing(tmp_path):
    path = new_game(tmp_path / "game.toml", "--target", "100")
    add(path, "12Т", "--by", "Мы", "--def-points", "18")
    add(path, "8П", "--by", "Они", "--def-points", "82")
    add(path, "9Т", "--by", "Они", "--def-points", "70")
    bytes_before = path.read_bytes()
    line = assert_refused(run_cli("edit", str(path), "1", "^^П+", "--by", "Мы", "--def-points", "0", "--decl-tricks", "8"))
    assert "сдаче 1" in line and "окончилась бы на сдаче 1" in line and "2–3" in line
    assert path.read_bytes() == bytes_before


@pytest.mark.parametrize(("args", "words"), [
    (["9", "12Т", "--by", "Мы", "--def-points", "18"], "сдача: 9"),
    (["1", "12Т", "--by", "Мы", "--def-points", "180"], "--def-points"),
    (["1", "12Т", "--by", "Мы", "--def-points", "18.5"], "целое число"),
    (["1", "40Т", "--by", "Мы", "--def-points", "18"], "--yes"),
    (["1", "90Т", "--by", "Мы", "--def-points", "18"], "не больше 86"),
    (["1", "12Т", "--by", "Вы", "--def-points", "18"], "--by"),
])
def test_edit_refusals_leave_the_file(tmp_path, args, words):
    path = new_game(tmp_path / "game.toml")
    add(path, "12Т", "--by", "Мы", "--def-points", "18")
    bytes_before = path.read_bytes()
    assert words in assert_refused(run_cli("edit", str(path), *args))
    assert path.read_bytes() == bytes_before


# --------------------------------------------------------------------------- undo


def test_undo_prints_the_removed_hand_as_a_protocol_line(tmp_path):
    path = new_game(tmp_path / "game.toml")
    add(path, "12Т", "--by", "Мы", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла")
    add(path, "15П+", "--by", "Они", "--def-points", "33", "--decl-con", "терц", "--note", "контра Мы")
    out = ok(run_cli("undo", str(path)))
    assert "2. 15П+ Они  48 : БТ   76 : 4  — контра Мы" in out
    assert "[[hand]]" not in out and "score =" not in out


def test_undo_of_a_hand_whose_rules_are_gone_shows_its_fields(tmp_path):
    rules = tmp_path / "club.toml"
    shutil.copyfile(EXAMPLES.parent / "conventions" / "gambler.toml", rules)
    path = new_game(tmp_path / "game.toml", "--convention", str(rules))
    add(path, "12Т", "--by", "Мы", "--def-points", "18")
    rules.unlink()
    out = ok(run_cli("undo", str(path)))
    assert "contract = 12Т" in out and hands_of(path) == []


# --------------------------------------------------------------------------- recompute DIR


def test_recompute_takes_folders_recursively_in_a_stable_order(tmp_path):
    games = tmp_path / "games"
    (games / "b" / "deeper").mkdir(parents=True)
    (games / ".hidden").mkdir()
    shutil.copyfile(EXAMPLES / "game-gambler.toml", games / "b" / "deeper" / "z.toml")
    shutil.copyfile(EXAMPLES / "game-gambler.toml", games / "a.toml")
    shutil.copyfile(EXAMPLES / "slipped-game.toml", games / "b" / "c.toml")
    shutil.copyfile(EXAMPLES / "slipped-game.toml", games / ".hidden" / "x.toml")
    shutil.copyfile(EXAMPLES / "slipped-game.toml", games / "a.toml.20260101-000000.bak")
    (games / ".a.toml.lock").write_text("")
    (games / "notes.toml").write_text('title = "not a protocol"\n', encoding="utf-8")
    done = run_cli("recompute", "games", "--json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    files = [report["file"] for report in json.loads(done.stdout)["files"]]
    assert files == ["games/a.toml", "games/b/c.toml", "games/b/deeper/z.toml"]
    clean = run_cli("recompute", ".", cwd=games / "b" / "deeper")
    assert clean.returncode == 0 and "z.toml: всё сходится" in clean.stdout


# --------------------------------------------------------------------------- layout


def long_names_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    ok(run_cli("new", str(path), "--pairs", "Долгопрудненские,Подмосковные Вечера"))
    for args, _ in TEN_HANDS:
        by = {"Мы": "Долгопрудненские", "Они": "Подмосковные Вечера"}
        add(path, *[by.get(arg, arg) for arg in args])
    add(path, "8П", "--by", "1", "--def-points", "82", "--note", "записано со слов капитана, проверить после игры")
    return path


def whole_values(text: str) -> set[str]:
    """Every word of the output (a value is whole if it appears as a word, not cut by … or a line break)."""
    return set(re.findall(r"[^\s│┃┏┓┗┛━─┡┩╇┳┻┼┬┴└┘┌┐|]+", text))


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
def test_show_and_add_never_cut_a_number_a_contract_or_a_name(tmp_path, columns):
    path = long_names_game(tmp_path)
    sheet = show(path)
    out = ok(run_cli("show", str(path), columns=columns))
    assert "…" not in out
    words = whole_values(out)
    for hand in sheet["hands"]:
        assert {str(value) for value in hand["total"]} <= words, (hand, out)
        assert str(hand["n"]) in words or f"{hand['n']}." in words
        if "contract" in hand:
            assert hand["contract"] in words or f"{hand['contract']}." in words
    for name in sheet["pairs"]:
        assert name in out.replace("\n", " ") or all(part in words for part in name.split())
    assert max(len(line) for line in out.splitlines()) <= columns  # nothing left for the terminal to fold
    if columns < 60:
        assert "11. 8П Долгопрудненские  16 : 8" in out  # the compact list: one hand per line
    added = ok(run_cli("add", str(path), "9Т", "--by", "под", "--def-points", "70", columns=columns))
    assert "…" not in added and max(len(line) for line in added.splitlines()) <= columns
    assert {"9Т", "Подмосковные", "Вечера"} <= whole_values(added)
    totals = show(path)["totals"]
    assert {str(totals[0]), str(totals[1])} <= whole_values(added)


def test_a_note_is_on_its_hand_line_and_in_json(tmp_path):
    path = new_game(tmp_path / "game.toml")
    add(path, "12Т", "--by", "Мы", "--def-points", "18", "--note", "сдавал Петя")
    assert show(path)["hands"][0]["note"] == "сдавал Петя"
    assert "12Т Мы 26 : 2 26 : 2 — сдавал Петя" in " ".join(ok(run_cli("show", str(path), columns=40)).split())
    wide = ok(run_cli("show", str(path), columns=120))
    assert any("12Т" in line and "сдавал Петя" in line for line in wide.splitlines())


def test_a_redeal_is_in_no_pairs_column(tmp_path):
    path = new_game(tmp_path / "game.toml")
    add(path, "--redeal", "all-pass")
    row = next(line for line in ok(run_cli("show", str(path), columns=120)).splitlines() if "пересдача" in line)
    cells = [cell.strip() for cell in row.strip("│").split("│")]
    assert cells[1].startswith("пересдача") and cells[2] == ""  # the contract column, and nobody's


# --------------------------------------------------------------------------- forgiving input


def test_pairs_by_any_case_unique_prefix_or_number(tmp_path):
    path = tmp_path / "game.toml"
    ok(run_cli("new", str(path), "--pairs", "Север,Северяне"))
    add(path, "12Т", "--by", "СЕВЕР", "--def-points", "18")
    add(path, "12Т", "--by", "северя", "--def-points", "18")
    add(path, "12Т", "--by", "2", "--def-points", "18", "--note", "по номеру")
    assert [hand["by"] for hand in hands_of(path)] == ["Север", "Северяне", "Северяне"]
    line = assert_refused(run_cli("add", str(path), "12Т", "--by", "Сев", "--def-points", "18"))
    assert line.startswith("ошибка: --by: «Сев»") and "Север (или 1)" in line
    assert_refused(run_cli("add", str(path), "12Т", "--by", "3", "--def-points", "18"))


def test_pair_names_that_differ_only_in_case_are_refused(tmp_path):
    line = assert_refused(run_cli("new", str(tmp_path / "g.toml"), "--pairs", "Мы,мы"))
    assert "--pairs" in line and "регистр" in line
    assert not (tmp_path / "g.toml").exists()


@pytest.mark.parametrize(("command", "option", "names"), [
    (["new"], "--pairs", "1,Они"), (["new"], "--pairs", "Мы,２"), (["pref", "new"], "--players", "2,1,Вера"),
    (["pref", "new"], "--players", "Аня,Боря,Вера,4"), (["tournament", "new"], "--pairs", "А,Б,3"),
])
def test_a_name_that_is_a_number_is_refused_for_it_would_read_as_a_seat(tmp_path, command, option, names):
    """``--by 1`` names the first seat: a player or pair called «1» (or «２», a full-width digit) sitting elsewhere would
    be taken for it, so no new sheet takes such a name."""
    target = tmp_path / ("t" if command[0] == "tournament" else "g.toml")
    line = assert_refused(run_cli(*command, str(target), option, names))
    assert option in line and "числом указывают место" in line, line
    assert not target.exists()


@pytest.mark.parametrize(("typed", "near"), [("терс", "терц"), ("бэлла", "бэла"), ("квнта", "квинта"), ("rams-j ", None)])
def test_a_construction_typo_gets_the_nearest_names(typed, near):
    done = run_cli("score", "12Т", "--def-points", "18", "--decl-con", typed)
    if near is None:
        assert done.returncode == 0
        return
    line = assert_refused(done)
    assert f"может быть, {near}" in line and "шестерик" not in line  # the nearest names, not the whole list


def test_a_list_written_with_spaces_is_accepted_or_explained():
    with_spaces = json.loads(ok(run_cli("score", "12Т", "--def-points", "18", "--decl-con", "терц бэла", "--json")))
    with_commas = json.loads(ok(run_cli("score", "12Т", "--def-points", "18", "--decl-con", "терц, бэла", "--json")))
    assert with_spaces == with_commas
    line = assert_refused(run_cli("score", "12Т", "--def-points", "18", "--decl-con", "терц бэлка"))
    assert "«бэлка»" in line and "через запятую" in line


@pytest.mark.parametrize(("typed", "near"), [(["scor"], "score"), (["ad"], "add"), (["edti"], "edit"),
                                             (["score", "12Т", "--def-point", "18"], "--def-points")])
def test_a_command_or_option_typo_gets_did_you_mean(typed, near):
    line = assert_refused(run_cli(*typed))
    assert f"может быть, {near}" in line


@pytest.mark.parametrize("args", [["--def-points", "18.5"], ["--def-points", "18,0"], ["--decl-points", ".5"],
                                  ["--def-points", "0", "--decl-tricks", "7.5"]])
def test_a_decimal_count_asks_for_a_whole_number(args):
    contract = "^Т" if "--decl-tricks" in args else "12Т"
    line = assert_refused(run_cli("score", contract, *args))
    assert "целое число" in line and line.startswith(f"ошибка: {args[-2]}:")


def test_a_bid_slip_needs_yes(tmp_path):
    path = new_game(tmp_path / "game.toml")
    before = path.read_bytes()
    line = assert_refused(run_cli("add", str(path), "80Ч", "--by", "Мы", "--def-points", "0", "--decl-con", "300"))
    assert "80" in line and "8Ч?" in line and "--yes" in line
    assert path.read_bytes() == before
    add(path, "30Ч", "--by", "Мы", "--def-points", "0", "--decl-con", "200")  # at the limit: no question
    add(path, "31Ч", "--by", "Мы", "--def-points", "0", "--decl-con", "200", "--yes")
    assert [hand["contract"] for hand in hands_of(path)] == ["30Ч", "31Ч"]


def test_confirm_bid_above_is_optional_and_keeps_the_rules_hash(tmp_path):
    from bbscore import conventions
    from bbscore.belot.contract import GameKind

    rules = tmp_path / "club.toml"
    text = (EXAMPLES.parent / "conventions" / "gambler.toml").read_text(encoding="utf-8")
    rules.write_text(text, encoding="utf-8")
    assert conventions.load(str(rules)).sha256 == conventions.load("gambler").sha256
    rules.write_text(text.replace("min_bid = 8\n", "min_bid = 8\nconfirm_bid_above = 12\n", 1), encoding="utf-8")
    assert conventions.load(str(rules)).game(GameKind.SUIT).confirm_bid_above == 12
    path = new_game(tmp_path / "game.toml", "--convention", str(rules))
    assert "--yes" in assert_refused(run_cli("add", str(path), "13Т", "--by", "Мы", "--def-points", "18"))
    rules.write_text(text.replace("min_bid = 8\n", "min_bid = 8\nconfirm_bid_above = 5\n", 1), encoding="utf-8")
    assert "confirm_bid_above" in assert_refused(run_cli("conventions", "check", str(rules)))


def test_add_and_show_say_at_once_that_the_rules_changed(tmp_path):
    rules = tmp_path / "club.toml"
    shutil.copyfile(EXAMPLES.parent / "conventions" / "gambler.toml", rules)
    path = new_game(tmp_path / "game.toml", "--convention", str(rules))
    rules.write_text(rules.read_text(encoding="utf-8").replace("target = 301", "target = 501"), encoding="utf-8")
    for out in (add(path, "12Т", "--by", "Мы", "--def-points", "18"), ok(run_cli("show", str(path)))):
        assert out.splitlines()[0].startswith("внимание: правила") and "изменились" in out.splitlines()[0]


def test_the_working_wraps_at_a_terminals_width_and_stays_whole_in_a_pipe():
    args = ("score", "15П+", "--def-points", "33", "--decl-con", "терц")
    piped = ok(run_cli(*args, columns=None))
    terminal = ok(run_cli(*args, columns=60, env={"FORCE_COLOR": "1", "TERM": "xterm"}))  # rich: a terminal
    shown = re.sub(r"\x1b\[[0-9;]*m", "", terminal)
    assert max(len(line) for line in shown.splitlines()) <= 60
    assert any(len(line) > 60 for line in piped.splitlines())
    assert shown.split() == piped.split()  # the same words, only the lines broken between them


def test_an_empty_folder_is_said(tmp_path):
    (tmp_path / "empty").mkdir()
    done = run_cli("recompute", "empty", cwd=tmp_path)
    assert done.returncode == 2 and "empty: в папке нет протоколов" in done.stderr


# --------------------------------------------------------------------------- one name for one thing


def test_a_value_read_from_a_file_is_named_by_its_key_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[game]\nformat = 1\nconvention = "gambler"\ntarget = 301\npairs = ["Мы", "Они"]\n\n'
        '[[hand]]\nby = "Мы"\ncontract = "7Т"\ndef_points = 18\n\n'
        '[[hand]]\ncontract = "12Т"\nby = "Мы"\ndecl_con = ["терц"]\ndef_points = 18.5\n',
        encoding="utf-8",
    )
    done = run_cli("recompute", str(path))
    assert f"{path}:9: сдача 1, ввод: contract: «7Т»" in done.stdout
    assert f"{path}:16: сдача 2, ввод: def_points: 18.5" in done.stdout
    assert json.loads(run_cli("show", str(path), "--json").stdout)["hands"][0]["error"].startswith("contract: «7Т»")
    # the same value typed on the command line is named by the option (or, for the contract, as the argument)
    assert assert_refused(run_cli("score", "7Т", "--def-points", "18")).startswith("ошибка: контракт: «7Т»")
    assert assert_refused(run_cli("score", "12Т", "--def-points", "18.5")).startswith("ошибка: --def-points: «18.5»")


def test_edit_that_makes_a_later_hand_impossible_is_refused(tmp_path):
    rules = tmp_path / "club.toml"
    text = (EXAMPLES.parent / "conventions" / "gambler.toml").read_text(encoding="utf-8")
    assert "doezd = false" in text
    rules.write_text(text.replace("doezd = false", "doezd = true"), encoding="utf-8")
    path = new_game(tmp_path / "game.toml", "--convention", str(rules), "--target", "50")
    add(path, "12Т", "--by", "Мы", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла")
    add(path, "12Т", "--by", "мы", "--def-points", "18", "--doezd", "м")  # 54 : 6, «доезд» of Мы: true
    assert hands_of(path)[1]["doezd"] == "Мы"
    before = path.read_bytes()
    line = assert_refused(run_cli("edit", str(path), "1", "8П", "--by", "Они", "--def-points", "82"))
    assert "сдача 2 неверна" in line and "doezd" in line
    assert path.read_bytes() == before


def _three_hands_with_bad(tmp_path: Path, *bad: int) -> tuple[Path, bytes, bytes]:
    """Three hands of 12Т (26 : 2 each), hands ``bad`` written wrong by hand (def_points 180); the file, its bytes,
    and the bytes of the three good hands."""
    path = new_game(tmp_path / "game.toml")
    for _hand in range(3):
        add(path, "12Т", "--by", "Мы", "--def-points", "18")
    good = path.read_bytes()
    parts = good.decode("utf-8").split("def_points = 18\n")
    assert len(parts) == 4
    path.write_text("".join(part + ("def_points = 180\n" if index + 1 in bad else "def_points = 18\n")
                            for index, part in enumerate(parts[:3])) + parts[3], encoding="utf-8")
    return path, path.read_bytes(), good


def test_edit_while_an_earlier_hand_is_bad_says_to_mend_it_first(tmp_path):
    """edit 2 with hand 1 bad said «после такой правки сдачи 2 сдача 1 неверна» — the edit did not make it bad.  It
    says that hand 1 is wrong and is to be mended first, at its line, before hand 2 is scored; nothing written."""
    path, bad, _good = _three_hands_with_bad(tmp_path, 1)
    line = assert_refused(run_cli("edit", str(path), "2", "12Т", "--by", "Мы", "--def-points", "28"))
    first = bad.decode("utf-8").splitlines().index("[[hand]]") + 1
    assert line == (f"ошибка: {path}:{first}: в сдаче 1 ошибка (def_points: 180 — висты за взятки от 0 до 162 "
                    "(S в игре Т)); сначала исправьте её: не меняю")
    # (the sheet's bad hand is said before a slip of what is typed: --by Вы)
    assert line == assert_refused(run_cli("edit", str(path), "3", "12Т", "--by", "Вы", "--def-points", "18"))
    assert path.read_bytes() == bad


def test_edit_while_a_later_hand_is_bad_as_it_was_names_it_and_does_not_blame_the_edit(tmp_path):
    """Hand 3 bad before the edit, hand 1 good: edit 1 says hand 3 is wrong and is to be mended first (not «после
    такой правки»), and the file is unchanged — and it can be: edit 3 mends it, then edit 1 is taken."""
    path, bad, good = _three_hands_with_bad(tmp_path, 3)
    line = assert_refused(run_cli("edit", str(path), "1", "12Т", "--by", "Мы", "--def-points", "28"))
    assert "в сдаче 3 ошибка (def_points: 180" in line and line.endswith("сначала исправьте её: не меняю")
    assert "после такой правки" not in line and path.read_bytes() == bad
    ok(run_cli("edit", str(path), "3", "12Т", "--by", "Мы", "--def-points", "18"))
    assert path.read_bytes() == good
    ok(run_cli("edit", str(path), "1", "12Т", "--by", "Мы", "--def-points", "28"))
    assert hands_of(path)[0]["def_points"] == 28 and run_cli("recompute", str(path)).returncode == 0


def test_edit_repairs_the_first_bad_hand_while_a_later_one_stays_bad_as_it_was(tmp_path):
    """Hands 1 and 3 bad: edit 1 mends hand 1 (the sheet's first bad hand) and warns that hand 3 is still wrong, as
    before (refusing it, and edit 3 for hand 1, would leave neither mendable); edit 3 then gives the good sheet."""
    path, _bad, good = _three_hands_with_bad(tmp_path, 1, 3)
    done = run_cli("edit", str(path), "1", "12Т", "--by", "Мы", "--def-points", "18")
    assert done.returncode == 0, done.stderr
    assert "сдача 3 неверна, как и до правки (def_points: 180" in done.stdout and "исправьте и её" in done.stdout
    ok(run_cli("edit", str(path), "3", "12Т", "--by", "Мы", "--def-points", "18"))
    assert path.read_bytes() == good and run_cli("recompute", str(path)).returncode == 0


@pytest.mark.parametrize("command", [["new", "g.toml", "--pairs"], ["pref", "new", "p.toml", "--players"]])
@pytest.mark.parametrize("names", ["Мы,мы,Те", "A\u200b,A,B", "А, ,Б"])
def test_new_sheets_refuse_names_alike_and_write_nothing(tmp_path, command, names):
    """Found by a newcomer's review: names differing in case only, or by an invisible character, were accepted for a
    пуля (and a zero-width space for a protocol), and ``--by A`` then picked one silently."""
    given = names if command[0] == "pref" else ",".join(names.split(",")[:2])
    line = assert_refused(run_cli(*command, given, cwd=tmp_path))
    assert "имен" in line or "назван" in line, line
    assert list(tmp_path.iterdir()) == []


def test_an_edit_that_changes_no_score_says_the_later_totals_are_unchanged(tmp_path):
    """Found by a newcomer: an edit giving hand 1 the score it had printed «Пересчитаны итоги … были 78 : 6, стали 78 :
    6» — a recount that changed nothing; it now says they are unchanged (one later hand, and several)."""
    path = tmp_path / "g.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    for _ in range(3):
        assert run_cli("add", path, "12Т", "--by", "Мы", "--def-points", "18").returncode == 0
    done = run_cli("edit", path, "1", "12Т", "--by", "Мы", "--def-points", "18")
    assert done.returncode == 0 and "Итоги сдач 2–3 не изменились: последний 78 : 6." in done.stdout, done.stdout
    assert "Пересчитаны" not in done.stdout
    done = run_cli("--lang", "en", "edit", path, "2", "12Т", "--by", "Мы", "--def-points", "18")
    assert done.returncode == 0 and "The total of hand 3 is unchanged: 78 : 6." in done.stdout, done.stdout
    done = run_cli("edit", path, "1", "13Т", "--by", "Мы", "--def-points", "18")
    assert "Пересчитаны итоги сдач 2–3: были 78 : 6, стали" in done.stdout, done.stdout


def test_an_edit_of_a_sheet_with_no_totals_written_speaks_of_the_score_not_of_totals(tmp_path):
    """Found by a newcomer: on a sheet typed from paper (no ``total`` written) an edit said «Итог сдачи 2 не
    изменился» of a hand that has no total; it now names the score after the last hand, by the rules, before and
    after (12Т, 18 of the defenders: 26 : 2 … 25 : 3 with 30; 10Т by Они, 50: 5 : 21 — gambler, RULES.md §3)."""
    path = tmp_path / "g.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    with path.open("a", encoding="utf-8") as sheet:
        sheet.write('\n[[hand]]\ncontract = "12Т"\nby = "Мы"\ndef_points = 18\n'
                    '\n[[hand]]\ncontract = "10Т"\nby = "Они"\ndef_points = 50\n')
    done = run_cli("edit", path, "1", "12Т", "--by", "Мы", "--def-points", "18")
    assert done.returncode == 0 and "Счёт после сдачи 2 не изменился: 31 : 23." in done.stdout, done.stdout
    assert "Итог" not in done.stdout
    done = run_cli("--lang", "en", "edit", path, "1", "12Т", "--by", "Мы", "--def-points", "30")
    assert done.returncode == 0 and "The score after hand 2: was 31 : 23, now 30 : 24." in done.stdout, done.stdout
    assert "total = [" not in path.read_text(encoding="utf-8").split("[[hand]]")[2]  # (hand 2 still has no total)
