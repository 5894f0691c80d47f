"""The organiser's view (issue 20): ``stats`` and ``list`` over a folder of both games, names merged as the sheets
compare them; the workbook export read back with openpyxl; the pulya's exports.

The expected numbers are counted here from the files alone (``tomllib``), with names compared the simplest way that
is right (NFC, then case folded): never through bbscore's own replay.  The settlement a пуля's winner is decided by
is read from ``pref settle --json`` (a command of its own, tested in its own tests).
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import tomllib
import unicodedata
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, report, run_cli, run_json

NFD_NAME = unicodedata.normalize("NFD", "Ёлка")  # «Ё» as «Е» and a combining diaeresis: the same name as «Ёлка»
# Each file's spelling of the pairs' and players' names (the file number modulo the list): case, NFC and NFD.
BELOT_SPELLINGS = [{}, {"Север": "СЕВЕР", "Юг": "Ёлка"}, {"Север": "север", "Юг": NFD_NAME}]
PREF_SPELLINGS = [{}, {"Аня": "АНЯ", "Вера": "Ёлка"}, {"Аня": "аня", "Вера": NFD_NAME}, {"Вера": "Ёлка"}]


def key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def respelled(path: Path, spellings: dict[str, str]) -> None:
    """The file with its names written otherwise (every quoted occurrence: the header, the hands' keys and values)."""
    text = path.read_text(encoding="utf-8")
    for name, other in spellings.items():
        text = text.replace(f'"{name}"', json.dumps(other, ensure_ascii=False))
    path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory, bench_generator):
    """A club's folder: 12 generated Bazar-Belot games (names respelled, some without a date: older files) and 7
    пули (the examples' four, respelled, and one cut short: not finished)."""
    root = tmp_path_factory.mktemp("club")
    belot = bench_generator.write_many(root / "belot", 12, 25, seed=17)
    for number, path in enumerate(belot):
        respelled(path, BELOT_SPELLINGS[number % len(BELOT_SPELLINGS)])
        if number % 4 == 3:  # written before sheets had a date
            path.write_text(re.sub(r"(?m)^created = .*\n", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    sources = ["pulya-3.toml", "pulya-4.toml", "pulya-sochi.toml", "pulya-leningrad.toml", "pulya-3.toml", "pulya-sochi.toml"]
    pref = []
    for number, name in enumerate(sources):
        path = root / "pref" / f"pulya-{number + 1}.toml"
        path.parent.mkdir(exist_ok=True)
        shutil.copyfile(EXAMPLES / name, path)
        respelled(path, PREF_SPELLINGS[number % len(PREF_SPELLINGS)])
        pref.append(path)
    short = root / "pref" / "pulya-7.toml"  # the first 5 hands of a пуля: not closed
    text = (EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8")
    short.write_text("[[hand]]".join(text.split("[[hand]]")[:6]), encoding="utf-8")
    pref.append(short)
    return root, belot, pref


def belot_expected(paths: list[Path]) -> dict:
    """Per pair (by key): games, wins, the spellings met; and each file's line (for ``list``)."""
    pairs: dict[str, dict] = {}
    lines = []
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        names, target = data["game"]["pairs"], data["game"]["target"]
        last = data["hand"][-1]["total"]
        winner = None
        if max(last) >= target and last[0] != last[1]:
            winner = 0 if last[0] > last[1] else 1
        for index, name in enumerate(names):
            pair = pairs.setdefault(key(name), {"games": 0, "wins": 0, "spellings": {}})
            pair["games"] += 1
            pair["wins"] += winner == index
            pair["spellings"][name] = pair["spellings"].get(name, 0) + 1
        lines.append({"file": str(path), "created": data["game"].get("created"), "game": "bazar-belot",
                      "convention": data["game"]["convention"], "sides": names, "hands": len(data["hand"]),
                      "score": last, "winner": None if winner is None else names[winner], "ended": winner is not None})
    return {"pairs": pairs, "lines": lines}


def pref_expected(paths: list[Path]) -> dict:
    """Per player (by key): пули, wins, games declared and made by level, misères, распасы, the settlement; and each
    file's line."""
    players: dict[str, dict] = {}
    lines = []
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        names = data["game"]["players"]
        settled = run_json("pref", "settle", path)
        shown = settled["shown"]
        best = max(shown.values())
        winner = next(p for p in names if shown[p] == best) if settled["ended"] and list(shown.values()).count(best) == 1 else None
        for name in names:
            player = players.setdefault(key(name), {"pulyas": 0, "wins": 0, "declared": {str(n): [0, 0] for n in range(6, 11)},
                                                    "misere": [0, 0], "raspasy": 0, "settlement": 0, "spellings": {}})
            player["pulyas"] += 1
            player["wins"] += name == winner
            player["settlement"] += shown[name]
            player["spellings"][name] = player["spellings"].get(name, 0) + 1
        for hand in data["hand"]:
            game = hand["game"]
            if game == "распасы":
                for name in hand["tricks"]:
                    players[key(name)]["raspasy"] += 1
                continue
            by = players[key(hand["by"])]
            if game == "мизер":
                row = by["misere"]
                made = hand["tricks"] == 0
            else:
                level = re.match(r"\d+", game).group(0)
                row = by["declared"][level]
                made = "tricks" not in hand or hand["tricks"] >= int(level)  # both defenders passed: made unplayed
            row[0] += 1
            row[1] += made
        lines.append({"file": str(path), "created": data["game"].get("created"), "game": "preferans",
                      "convention": data["game"]["convention"], "sides": names, "hands": len(data["hand"]),
                      "score": [shown[p] for p in names], "winner": winner, "ended": settled["ended"]})
    return {"players": players, "lines": lines}


def most_frequent(spellings: dict[str, int]) -> str:
    return max(spellings, key=lambda name: spellings[name])


def test_stats_of_both_games_merge_names_and_rank_them(folder):
    root, belot, pref = folder
    data = run_json("stats", root)
    assert data["files"] == 19 and data["bad_files"] == 0 and data["games"] == 12 and data["preferans"]["pulyas"] == 7
    expected = belot_expected(sorted(belot))
    assert {key(pair["name"]): (pair["games"], pair["wins"]) for pair in data["pairs"]} == {
        name: (pair["games"], pair["wins"]) for name, pair in expected["pairs"].items()}
    spellings = {name for pair in expected["pairs"].values() for name in pair["spellings"]}
    assert len(data["pairs"]) == len(expected["pairs"]) <= len(spellings) - 3  # СЕВЕР, север; Ёлка in NFD: not apart
    for pair in data["pairs"]:
        assert pair["name"] == most_frequent(expected["pairs"][key(pair["name"])]["spellings"])
        assert pair["win_rate"] == round(pair["wins"] / pair["games"], 2)
    ranks = [(-pair["wins"], -pair["wins"] / pair["games"], -pair["games"]) for pair in data["pairs"]]
    assert ranks == sorted(ranks)
    expected = pref_expected(sorted(pref))
    players = data["preferans"]["players"]
    assert len(players) == len(expected["players"]) == 5  # Аня, АНЯ, аня one; Ёлка (NFC, NFD) one; Боря, Вера, Гоша
    for player in players:
        mine = expected["players"][key(player["name"])]
        assert player["name"] == most_frequent(mine["spellings"])
        assert (player["pulyas"], player["wins"], player["raspasy"], player["settlement"]) == (
            mine["pulyas"], mine["wins"], mine["raspasy"], mine["settlement"])
        assert {level: [row["declared"], row["made"]] for level, row in player["declared"].items()} == mine["declared"]
        assert [player["misere"]["declared"], player["misere"]["made"]] == mine["misere"]
        assert player["average_settlement"] == round(mine["settlement"] / mine["pulyas"], 2)
    ranks = [(-p["wins"], -p["wins"] / p["pulyas"], -p["pulyas"]) for p in players]
    assert ranks == sorted(ranks)
    assert sum(p["wins"] for p in players) == data["preferans"]["finished"] == 6  # each closed пуля: one best
    shown = run_cli("stats", root)
    assert shown.returncode == 0 and "Преферанс" in shown.stdout and "Игры: заказано / сыграно" in shown.stdout


def test_list_has_a_line_per_sheet_with_its_date_score_and_winner(folder):
    root, belot, pref = folder
    listed = run_json("list", root)["games"]
    expected = belot_expected(sorted(belot))["lines"] + pref_expected(sorted(pref))["lines"]
    assert listed == expected
    assert any(line["created"] is None for line in listed) and any(not line["ended"] for line in listed)
    assert run_json("stats", root, "--games") == {"games": listed}
    done = run_cli("list", root, columns=40)
    assert done.returncode == 0, report(done)
    shown = " ".join(done.stdout.split())  # (a long path is broken after a «/» at 40 columns)
    names = [path.name for path in sorted(belot) + sorted(pref)]
    assert all(name in shown for name in names) and len(names) == 19
    assert "не окончена" in shown.rsplit(names[-1], 1)[1] and "—" in done.stdout


def test_list_names_a_bad_file_skips_it_and_exits_1(tmp_path):
    shutil.copyfile(EXAMPLES / "pulya-3.toml", tmp_path / "a.toml")
    (tmp_path / "b.toml").write_text("[game\n", encoding="utf-8")
    done = run_cli("list", tmp_path, "--json")
    assert done.returncode == 1 and done.stderr.startswith("ошибка: ") and len(done.stderr.splitlines()) == 1
    assert [Path(item["file"]).name for item in json.loads(done.stdout)["games"]] == ["a.toml"]
    (tmp_path / "empty").mkdir()
    done = run_cli("list", tmp_path / "empty", "--json")  # a folder with no sheet: said, exit 1, the JSON still printed
    assert done.returncode == 1 and "нет протоколов" in done.stderr and json.loads(done.stdout) == {"games": []}


def test_a_pair_is_ranked_by_wins_then_win_rate_then_games():
    """The issue's case: 4 wins of 4 above 4 wins of 9; then equal wins and rate by games; a pair met first stays first
    among equals."""
    from bbscore.seats import ranked

    sides = [{"name": "A", "wins": 4, "games": 9}, {"name": "B", "wins": 4, "games": 4}, {"name": "C", "wins": 5, "games": 20},
             {"name": "D", "wins": 0, "games": 0}, {"name": "E", "wins": 0, "games": 3}, {"name": "F", "wins": 0, "games": 3}]
    assert [side["name"] for side in ranked(sides)] == ["C", "B", "A", "E", "F", "D"]


def test_names_are_compared_as_the_sheets_compare_them():
    from bbscore.seats import name_key

    assert name_key("Кузнецовы") == name_key("кузнецовы") == name_key(" КУЗНЕЦОВЫ ")
    assert name_key("Ёлка") == name_key(NFD_NAME) and name_key("Ан\u200bя") == name_key("Аня")
    assert name_key("Аня") != name_key("Ана")


# --------------------------------------------------------------------------- the workbook


def test_the_workbook_reads_back_with_numbers_as_numbers_and_no_formula(tmp_path, game_gambler):
    from openpyxl import load_workbook

    note = '=HYPERLINK("http://x","y")'
    pulya = tmp_path / "pulya.toml"
    shutil.copyfile(EXAMPLES / "pulya-3.toml", pulya)
    text = pulya.read_text(encoding="utf-8").replace('game = "6♠"\n', f'game = "6♠"\nnote = {json.dumps(note)}\n', 1)
    pulya.write_text(text.replace('"Вера"', '"@Вера"'), encoding="utf-8")
    game_gambler.write_text(game_gambler.read_text(encoding="utf-8").replace("[[hand]]\n", '[[hand]]\nnote = "+7 спорно"\n', 1),
                            encoding="utf-8")
    out = tmp_path / "club.xlsx"
    done = run_cli("export", game_gambler, pulya, "-o", out)
    assert done.returncode == 0, report(done)
    book = load_workbook(out)
    assert len(book.worksheets) == 2  # one worksheet per game
    game, pul = (list(sheet.iter_rows(values_only=True)) for sheet in book.worksheets)
    shown = run_json("show", game_gambler)
    assert game[0][:3] == ("№", "разыгрывающие", "контракт")
    for row, hand in zip(game[1:], shown["hands"]):
        assert row[0] == hand["n"] and list(row[4:8]) == hand["score"] + hand["total"]
        assert all(isinstance(value, int) for value in row[4:8])
    assert game[1][8] == "'+7 спорно"
    settled = run_json("pref", "settle", pulya)
    assert pul[1][-1] == "'" + note  # a text that would be a formula, neutralised
    players = settled["players"]
    assert any(row[0] == "'@Вера" for row in pul)  # a name starting with @ too
    standing = next(index for index, row in enumerate(pul) if row[0] == "игрок")
    for offset, player in enumerate(players, start=1):
        row = pul[standing + offset]
        result = row[3 + len(players)]  # (the rows are as wide as the widest: the hands')
        assert row[0].lstrip("'") == player and result == settled["shown"][player] and isinstance(row[1], int)
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", cell.coordinate
    assert_refused(run_cli("export", game_gambler, pulya, "--format", "csv"))


def test_a_workbook_is_not_printed_to_a_terminal_but_goes_down_a_pipe(game_gambler):
    done = run_cli("export", game_gambler, "--format", "xlsx")
    assert done.returncode == 0 and done.stdout.startswith("PK"), report(done)  # (a pipe here: the zip's bytes)


# --------------------------------------------------------------------------- a pulya to share


def test_a_pulya_exports_its_hands_standing_and_who_pays_whom():
    path = EXAMPLES / "pulya-4.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    settled = run_json("pref", "settle", path)
    shown = run_json("pref", "show", path)
    rows = list(csv.reader(io.StringIO(run_cli("export", path, "--format", "csv").stdout, newline="")))
    assert rows[0][:3] == ["№", "игра", "играл"] and len(rows[0]) == 3 + 3 * len(data["game"]["players"]) + 1
    closing = sum(row[1:2] == ["сверх пули"] for row in rows)  # what a closed пуля's overflow wrote: rows of their own
    hands = [row for row in rows[1:1 + len(data["hand"]) + closing] if row[1] != "сверх пули"]
    assert [row[1] for row in hands] == [hand["game"] for hand in data["hand"]]
    players = data["game"]["players"]
    for index, player in enumerate(players):  # what each hand wrote, as the file records it
        column = 3 + 3 * index
        assert [int(row[column] or 0) for row in hands] == [hand["pulya"].get(player, 0) for hand in data["hand"]]
        assert [int(row[column + 1] or 0) for row in hands] == [hand["gora"].get(player, 0) for hand in data["hand"]]
        assert [int(row[column + 2] or 0) for row in hands] == [
            sum(v["vists"] for v in hand["vists"] if v["from"] == player) for hand in data["hand"]]
    assert shown["ended"]
    standing = rows.index(["игрок", "пуля", "гора", *(f"висты → {p}" for p in players), "итог, вистов"])
    for offset, player in enumerate(players, start=1):
        assert rows[standing + offset][0] == player and int(rows[standing + offset][-1]) == settled["shown"][player]
    payments = rows.index(["платит", "кому", "вистов"])
    assert [tuple(row) for row in rows[payments + 1:payments + 1 + len(settled["payments"])]] == [
        (p["from"], p["to"], str(p["vists"])) for p in settled["payments"]]
    page = run_cli("export", path, "--format", "html").stdout
    assert '<meta name="viewport"' in page and "Начата 2026-11-30 19:42" in page
    assert all(f"{p['from']} → {p['to']}" in page for p in settled["payments"])
    markdown = run_cli("export", path, "--format", "md").stdout
    assert markdown.count("\n| ") == len(data["hand"]) + closing + 1 + len(players) + 1 and "**Подсчёт: кто кому платит**" in markdown


OVERFLOWS = {  # (review 2, Preferans item 6) the пуля of one hand closed beyond its target, its excess given away
    "help": ("4", [("8♥", "--by", "Аня", "--pass", "Боря", "--pass", "Вера")]),
    # … to both others' пули, the rest written off Аня's own гора
    "write_off": ("2", [("6♠", "--by", "Аня", "--tricks", "5", "--whist", "Боря", "--pass", "Вера"),
                        ("10♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера")]),
}


@pytest.mark.parametrize("case", sorted(OVERFLOWS))
def test_a_pulyas_exported_hand_rows_add_up_to_its_standing_overflow_included(tmp_path, case):
    target, hands = OVERFLOWS[case]
    path = tmp_path / "ov.toml"
    assert run_cli("pref", "new", path, "--players", "Аня,Боря,Вера", "--target", target).returncode == 0
    for hand in hands:
        assert run_cli("pref", "add", path, *hand).returncode == 0
    shown = run_json("pref", "show", path)
    players = ["Аня", "Боря", "Вера"]
    from openpyxl import load_workbook

    out = tmp_path / "ov.xlsx"
    assert run_cli("export", path, "-o", out).returncode == 0
    xlsx = [[cell for cell in row] for row in load_workbook(out).active.iter_rows(values_only=True)]
    csv_rows = list(csv.reader(io.StringIO(run_cli("export", path, "--format", "csv").stdout, newline="")))
    for rows, read in ((csv_rows, lambda cell: int(cell or 0)), (xlsx, lambda cell: int(cell or 0))):
        hand_rows = rows[1:rows.index([] if rows is csv_rows else next(r for r in rows if not any(r)))]
        assert [row[1] for row in hand_rows][-1] == "сверх пули"
        for index, player in enumerate(players):
            column = 3 + 3 * index
            assert sum(read(row[column]) for row in hand_rows) == shown["pulya"][player]
            assert sum(read(row[column + 1]) for row in hand_rows) == shown["gora"][player]
            assert sum(read(row[column + 2]) for row in hand_rows) == sum(
                entry["vists"] for entry in shown["vists"] if entry["from"] == player)
    words = run_json("pref", "show", path)["closing"]
    assert words
    for format in ("md", "html"):
        page = run_cli("export", path, "--format", format).stdout
        assert "сверх пули" in page and "в чужую пулю — Боря; висты Аня → Боря: 20 вистов" in page
        assert "висты: Аня → Боря: 20" in page and " на Аня" not in page and " на Боря" not in page
        assert ("гора: Аня −4" in page) == (case == "write_off") and ("списывается с горы" in page) == (case == "write_off")


def test_an_unsettled_pulyas_export_says_so_once_in_the_words_of_one_hand(tmp_path):
    path = tmp_path / "wrong.toml"
    shutil.copyfile(EXAMPLES / "pulya-3.toml", path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("tricks = 6", 'tricks = "6"', 1), encoding="utf-8")
    done = run_cli("export", path, "--format", "md")
    assert done.returncode == 0 and "в сдаче 1 записанное" in done.stderr and "в сдачах" not in done.stderr
    assert "Подсчёта нет: в сдаче 1 ошибка ввода" in done.stdout and "подсчёт на сейчас" not in done.stdout
    assert "Пуля не закрыта." in done.stdout
    english = run_cli("--lang", "en", "export", path, "--format", "md")
    assert "hand 1" in english.stdout + english.stderr


def test_openpyxl_is_imported_by_the_workbook_module_only():
    """The workbook's library is imported in bbscore/xlsx.py only, and only inside the function that writes one (no
    other command pays for it at start-up)."""
    import ast

    from sources import nodes, package_files

    for path in package_files():
        for node in nodes(path):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.split(".")[0] == "openpyxl" for name in names):
                assert path.name == "xlsx.py" and node.col_offset > 0, f"{path}:{node.lineno}"


@pytest.mark.parametrize("command", [
    ["recompute"], ["stats"], ["list"], ["export"], ["rating"], ["tournament", "standings"],
])
def test_an_empty_path_is_refused_not_read_as_the_working_folder(command, tmp_path):
    """``recompute ""`` read the folder it ran in (a path reads an empty name as ``.``): it is refused, naming the
    argument, whatever the working folder holds (here a sheet, which would be checked)."""
    shutil.copy(EXAMPLES / "game-gambler.toml", tmp_path / "game.toml")
    done = run_cli(*command, "", cwd=tmp_path)
    line = assert_refused(done)
    assert "пустое имя" in line
    english = run_cli("--lang", "en", *command, "", cwd=tmp_path)
    assert english.returncode == 2 and "an empty name" in english.stderr, english.stderr
