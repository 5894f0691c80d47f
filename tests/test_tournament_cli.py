"""``bbscore tournament new|standings|pair`` and ``bbscore rating`` through the command line (issue 25).

* the whole "Done when": eight pairs over seven rounds, each sheet kept with ``add``, the standings after each round
  equal to what the sheets say (counted here from their TOML), then the rating;
* standings on a generated tournament folder equal the counts made directly from the sheets; a tampered sheet is
  named and its stored numbers not trusted;
* Swiss pairing from the command line: refused while a game is unfinished, ``--force``, no repeat;
* preferans tables of three; the ratings (the player who wins every game first; the same whatever the order of the
  files); the formats (Markdown, CSV and xlsx never start a formula, HTML escapes names);
* every refusal writes nothing.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, report, run_cli, run_json

EIGHT = "Сокол=Антон+Борис,Орёл=Вадим+Глеб,Ворон=Денис+Егор,Грач=Жанна+Злата,Чиж=Иван+Карп,Дрозд=Лев+Марк,Клёст=Нина+Олег,Стриж=Пётр+Рита"


def tournament(folder: Path) -> dict:
    return tomllib.loads((folder / "tournament.toml").read_text(encoding="utf-8"))


def play(folder: Path, sheet: str, winner: str, loser: str, rng: random.Random) -> None:
    """Keep a table's game with ``add`` until ``winner`` reaches 301: the loser makes a 12♣ now and then, the winner
    four recontras of 15♣ (76 each)."""
    path = folder / sheet
    for _hand in range(4):
        if rng.random() < 0.6:
            done = run_cli("add", path, "12Т", "--by", loser, "--def-points", str(rng.choice((0, 10, 20, 30, 40))))
            assert done.returncode == 0, report(done)
        done = run_cli("add", path, "15Т++", "--by", winner, "--def-points", "0")
        assert done.returncode == 0, report(done)
    assert "окончена" in run_cli("add", path, "12Т", "--by", loser, "--def-points", "0").stderr


def direct_counts(folder: Path, rounds: int | None = None) -> dict[str, dict]:
    """Per entrant, from the sheets' own TOML: games finished, wins, points for and against (the sum of each hand's
    written score; a game is finished when a pair reached its target)."""
    data = tournament(folder)
    counts = {e["name"]: {"played": 0, "wins": 0, "for": 0, "against": 0, "byes": 0} for e in data["entrant"]}
    for round_ in data["round"][:rounds]:
        for name in round_["bye"]:
            counts[name]["byes"] += 1
        for table in round_["table"]:
            sheet = tomllib.loads((folder / table["sheet"]).read_text(encoding="utf-8"))
            pairs = sheet["game"]["pairs"]
            totals = [sum(hand["score"][i] for hand in sheet.get("hand", [])) for i in (0, 1)]
            if max(totals) < sheet["game"]["target"]:
                continue
            for i, name in enumerate(pairs):
                counts[name]["played"] += 1
                counts[name]["wins"] += totals[i] > totals[1 - i]
                counts[name]["for"] += totals[i]
                counts[name]["against"] += totals[1 - i]
    return counts


def counts_of(standings: dict) -> dict[str, dict]:
    return {e["name"]: {"played": e["played"], "wins": e["wins"], "for": e["points_for"], "against": e["points_against"],
                        "byes": e["byes"]} for e in standings["entrants"]}


def test_an_evening_of_eight_pairs_over_seven_rounds(tmp_path):
    folder = tmp_path / "evening"
    done = run_cli("tournament", "new", folder, "--pairs", EIGHT)
    assert done.returncode == 0, report(done)
    assert "Тур 7:" in done.stdout and "Записано листов: 28" in done.stdout
    data = tournament(folder)
    assert data["tournament"]["system"] == "round-robin" and len(data["round"]) == 7
    assert sorted(p.name for p in folder.glob("r*-t*.toml")) == sorted(f"r{r}-t{t}.toml" for r in range(1, 8) for t in range(1, 5))
    first = tomllib.loads((folder / "r1-t1.toml").read_text(encoding="utf-8"))["game"]
    assert first["pairs"] == ["Сокол", "Стриж"] and first["players"] == {"Сокол": ["Антон", "Борис"], "Стриж": ["Пётр", "Рита"]}
    strength = ["Ворон", "Сокол", "Клёст", "Орёл", "Грач", "Чиж", "Стриж", "Дрозд"]  # the stronger wins
    rng = random.Random(25)
    for number, round_ in enumerate(data["round"], start=1):
        before = run_json("tournament", "standings", folder)
        assert all(e["rounds"][number - 1]["outcome"] == "unfinished" for e in before["entrants"])
        for table in round_["table"]:
            a, b = table["entrants"]
            winner, loser = (a, b) if strength.index(a) < strength.index(b) else (b, a)
            play(folder, table["sheet"], winner, loser, rng)
        after = run_json("tournament", "standings", folder)
        assert counts_of(after) == direct_counts(folder, number)
        assert all(e["played"] == number for e in after["entrants"])
        shown = run_cli("tournament", "standings", folder)
        assert shown.returncode == 0 and f"туров сыграно {number} из 7" in shown.stdout
    final = run_json("tournament", "standings", folder)
    assert [e["name"] for e in final["entrants"]] == strength and [e["wins"] for e in final["entrants"]] == list(range(7, -1, -1))
    assert final["unfinished"] == [] and final["wrong"] == {} and final["errors"] == {}
    page = tmp_path / "standings.html"
    assert run_cli("tournament", "standings", folder, "-o", page).returncode == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<tr data-entrant=") == 8 and "<script" not in html and "http" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    rating = run_json("rating", folder)
    assert rating["games"] == 28 and rating["skipped"] == 0
    assert {p["name"] for p in rating["players"][:2]} == {"Денис", "Егор"}  # Ворон won every game
    assert [p["games"] for p in rating["players"]] == [7] * 16
    assert rating["players"][-1]["name"] in ("Лев", "Марк")
    chart = tmp_path / "rating.html"
    assert run_cli("rating", folder, "--format", "html", "-o", chart).returncode == 0
    svg = chart.read_text(encoding="utf-8")
    assert svg.count("<polyline") == 16 and svg.count('data-game="') == 16 * 7


def generate(folder: Path, pairs: str, bench_generator, *, seed: int = 5, rounds: int | None = None) -> dict:
    """A round-robin whose every sheet is replaced by a generated whole game of the same pairs (as bbscore writes it)."""
    args = ["tournament", "new", folder, "--pairs", pairs] + (["--rounds", str(rounds)] if rounds else [])
    assert run_cli(*args).returncode == 0
    data = tournament(folder)
    maker = bench_generator.HandMaker(seed)
    for round_ in data["round"]:
        for table in round_["table"]:
            (folder / table["sheet"]).unlink()
            bench_generator.write_protocol(folder / table["sheet"], 80, target=301, pairs=tuple(table["entrants"]),
                                           stop_at_end=True, maker=maker)
    return data


def test_standings_of_a_generated_folder_equal_the_sheets_and_a_tampered_sheet_is_named(tmp_path, bench_generator):
    folder = tmp_path / "club"
    generate(folder, "A,B,C,D,E,F,G", bench_generator)
    standings = run_json("tournament", "standings", folder)
    assert counts_of(standings) == direct_counts(folder)
    assert all(e["byes"] == 1 and e["played"] + e["unfinished"] == 6 for e in standings["entrants"])
    scores = [e["score"] for e in standings["entrants"]]
    assert scores == sorted(scores, reverse=True)
    # a tampered sheet: a hand's score raised by 50 — named, and its stored numbers not trusted
    sheet = folder / "r2-t1.toml"
    text = sheet.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    honest = direct_counts(folder)
    data["hand"][0]["score"][0] += 50
    import tomli_w

    sheet.write_text(tomli_w.dumps(data), encoding="utf-8")
    done = run_cli("tournament", "standings", folder, "--json")
    assert done.returncode == 1, report(done)
    tampered = json.loads(done.stdout)
    assert list(tampered["wrong"]) == ["r2-t1.toml"] and "сдача 1" in tampered["wrong"]["r2-t1.toml"][0]
    assert counts_of(tampered) == honest  # the rules' numbers from the hands' inputs, not the sheet's
    shown = run_cli("tournament", "standings", folder)
    assert shown.returncode == 1 and "r2-t1.toml: сдача 1" in shown.stdout
    # a sheet that no longer reads, and one naming other pairs: named as errors, the game not counted
    (folder / "r3-t1.toml").write_text("[game\n", encoding="utf-8")
    other = tomllib.loads((folder / "r4-t1.toml").read_text(encoding="utf-8"))
    renamed = dict(zip(other["game"]["pairs"], ["X", "Y"]))
    other["game"]["pairs"] = ["X", "Y"]
    for hand in other.get("hand", []):
        if "by" in hand:
            hand["by"] = renamed[hand["by"]]
    (folder / "r4-t1.toml").write_text(tomli_w.dumps(other), encoding="utf-8")
    broken = run_json("tournament", "standings", folder, code=1)
    assert set(broken["errors"]) == {"r3-t1.toml", "r4-t1.toml"} and "X, Y" in broken["errors"]["r4-t1.toml"]
    for fmt in ("md", "csv", "html"):
        out = run_cli("tournament", "standings", folder, "--format", fmt)
        assert out.returncode == 1 and "r3-t1.toml" in (out.stderr if fmt == "csv" else out.stdout), fmt


def test_swiss_from_the_command_line(tmp_path):
    folder = tmp_path / "swiss"
    done = run_cli("tournament", "new", folder, "--pairs", "A,B,C,D,E", "--system", "swiss", "--rounds", "4")
    assert done.returncode == 0, report(done)
    assert [t["entrants"] for t in tournament(folder)["round"][0]["table"]] == [["A", "B"], ["C", "D"]]
    assert tournament(folder)["round"][0]["bye"] == ["E"]
    refused = run_cli("tournament", "pair", folder)
    line = assert_refused(refused)
    assert "тур 1 не окончен" in line and "r1-t1.toml, r1-t2.toml" in line
    rng = random.Random(1)
    play(folder, "r1-t1.toml", "B", "A", rng)
    play(folder, "r1-t2.toml", "C", "D", rng)
    done = run_cli("tournament", "pair", folder)
    assert done.returncode == 0, report(done)
    second = tournament(folder)["round"][1]
    # B and C won, E had the bye (a point): the three at 1 point; B–C on top (Monrad), E meets the next; D (lowest
    # without a bye) sits out
    assert second["bye"] == ["D"] and [set(t["entrants"]) for t in second["table"]] == [{"B", "C"}, {"E", "A"}]
    assert (folder / "r2-t2.toml").is_file()
    forced = run_cli("tournament", "pair", folder, "--force")
    assert forced.returncode == 0, report(forced)
    third = tournament(folder)["round"][2]
    met = {frozenset(t["entrants"]) for r in tournament(folder)["round"][:2] for t in r["table"]}
    assert not {frozenset(t["entrants"]) for t in third["table"]} & met and third["bye"] not in (["D"], ["E"])
    assert run_cli("tournament", "pair", folder, "--force").returncode == 0
    last = assert_refused(run_cli("tournament", "pair", folder, "--force"))
    assert "все 4 тура уже расписаны" in last
    standings = run_json("tournament", "standings", folder)
    assert standings["entrants"][0]["buchholz"] is not None and standings["scheduled"] == 4
    round_robin = tmp_path / "rr"
    assert run_cli("tournament", "new", round_robin, "--pairs", "A,B,C").returncode == 0
    assert "швейцарской" in assert_refused(run_cli("tournament", "pair", round_robin))


def test_a_preferans_tournament_at_tables_of_three(tmp_path):
    folder = tmp_path / "pref"
    done = run_cli("tournament", "new", folder, "--players", "Аня,Боря,Вера,Гена,Дима,Женя", "--table-size", "3",
                   "--system", "swiss", "--rounds", "2", "--target", "2")
    assert done.returncode == 0, report(done)
    data = tournament(folder)
    assert data["tournament"]["game"] == "preferans" and data["tournament"]["table_size"] == 3
    assert [t["entrants"] for t in data["round"][0]["table"]] == [["Аня", "Боря", "Вера"], ["Гена", "Дима", "Женя"]]
    for sheet, (a, b, c) in (("r1-t1.toml", ("Аня", "Боря", "Вера")), ("r1-t2.toml", ("Гена", "Дима", "Женя"))):
        for by, whist, passer, tricks in ((a, b, c, "8"), (b, c, a, "6"), (c, a, b, "6")):
            added = run_cli("pref", "add", folder / sheet, "6♠", "--by", by, "--tricks", tricks, "--whist", whist,
                            "--pass", passer)
            assert added.returncode == 0, report(added)
    standings = run_json("tournament", "standings", folder)
    first = {e["name"]: e for e in standings["entrants"]}
    assert first["Аня"]["wins"] == 1 and first["Гена"]["wins"] == 1 and first["Боря"]["losses"] == 1
    settled = run_json("pref", "settle", folder / "r1-t1.toml")
    assert first["Аня"]["points_for"] == settled["shown"]["Аня"] > 0
    assert first["Боря"]["points_against"] == -settled["shown"]["Боря"]
    assert run_cli("tournament", "pair", folder).returncode == 0
    second = tournament(folder)["round"][1]["table"]
    met = [{"Аня", "Боря", "Вера"}, {"Гена", "Дима", "Женя"}]
    assert all(len(set(t["entrants"]) & group) <= 2 for t in second for group in met)
    assert run_json("rating", folder)["games"] == 2


@pytest.mark.parametrize("lang, first, last", [
    ("ru", "Турнир в {folder} ({game}): участников 3,", "Записано листов: {count} (вести их: {commands})."),
    ("en", "Tournament in {folder} ({game}): 3 entrants,", "Score sheets written: {count} (to keep them: {commands})."),
])
def test_tournament_new_says_the_game_and_the_commands_that_keep_its_sheets_plainly(tmp_path, lang, first, last):
    """One parenthesis each, none inside another, none after a sentence's full stop."""
    games = {"ru": ("Базар-Белот", "преферанс"), "en": ("Bazar-Belot", "preferans")}[lang]
    for option, game, count, commands in (("--pairs", games[0], 3, "bbscore add, play, show"),
                                          ("--players", games[1], 1, "bbscore pref add, pref play, pref show, pref settle")):
        folder = tmp_path / option.strip("-")
        lines = run_cli("--lang", lang, "tournament", "new", folder, option, "A,B,C").stdout.splitlines()
        assert lines[0].startswith(first.format(folder=folder, game=game)) and lines[0].endswith("."), lines
        assert lines[-1] == last.format(count=count, commands=commands), lines


def test_a_preferans_round_robin_of_five_at_tables_of_four(tmp_path):
    folder = tmp_path / "five"
    done = run_cli("tournament", "new", folder, "--players", "A,B,C,D,E")
    assert done.returncode == 0, report(done)
    rounds = tournament(folder)["round"]
    assert len(rounds) == 2 and all(len(r["table"]) == 1 and len(r["table"][0]["entrants"]) == 4 for r in rounds)
    assert rounds[0]["bye"] != rounds[1]["bye"]
    assert tomllib.loads((folder / "r1-t1.toml").read_text(encoding="utf-8"))["game"]["game"] == "preferans"


@pytest.mark.parametrize(("args", "says"), [
    (["--pairs", "A,B"], "не меньше трёх"),
    (["--pairs", "A,B,a"], "различаться"),
    (["--pairs", "A=x+y,B=y+z,C"], "назван в двух парах"),
    (["--pairs", "A=x,B,C"], "два её игрока"),
    (["--pairs", "A,B,C", "--players", "x,y,z"], "одно из двух"),
    ([], "одно из двух"),
    (["--pairs", "A,B,C", "--system", "knockout"], "round-robin"),
    (["--pairs", "A,B,C,D", "--rounds", "4"], "не больше 3 туров"),
    (["--pairs", "A,B,C", "--rounds", "0"], "туров"),
    (["--pairs", "A,B,C", "--rounds", "1.5"], "целое"),
    (["--pairs", "A,B,C", "--target", "0"], "цель"),
    (["--pairs", "A,B,C", "--table-size", "3"], "две пары"),
    (["--players", "a,b,c", "--table-size", "5"], "3 или 4"),
    (["--players", "a,b"], "не меньше трёх"),
    (["--pairs", "A,B,C", "--convention", "rostov"], "преферанс"),
    (["--players", "a,b,c", "--convention", "gambler"], "Базар-Белот"),
    (["--pairs", "A,B,C", "--convention", "nosuch"], "nosuch"),
])
def test_refused_new_writes_nothing(tmp_path, args, says):
    folder = tmp_path / "t"
    line = assert_refused(run_cli("tournament", "new", folder, *args))
    assert says in line, line
    assert not folder.exists() and list(tmp_path.iterdir()) == []


def test_new_refuses_an_existing_tournament_a_link_and_a_taken_name(tmp_path):
    folder = tmp_path / "t"
    assert run_cli("tournament", "new", folder, "--pairs", "A,B,C").returncode == 0
    before = sorted(p.name for p in folder.iterdir())
    assert "уже есть турнир" in assert_refused(run_cli("tournament", "new", folder, "--pairs", "A,B,C"))
    assert sorted(p.name for p in folder.iterdir()) == before
    other = tmp_path / "other"
    other.mkdir()
    (other / "r2-t1.toml").write_text("mine\n", encoding="utf-8")
    assert "уже есть" in assert_refused(run_cli("tournament", "new", other, "--pairs", "A,B,C"))
    assert sorted(p.name for p in other.iterdir()) == ["r2-t1.toml"]
    link = tmp_path / "link"
    os.symlink(other, link)
    assert "ссылка" in assert_refused(run_cli("tournament", "new", link, "--pairs", "A,B,C"))
    assert "нет папки" in assert_refused(run_cli("tournament", "new", tmp_path / "no" / "t", "--pairs", "A,B,C"))
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert "файл" in assert_refused(run_cli("tournament", "new", tmp_path / "file", "--pairs", "A,B,C"))
    assert "имя папки" in assert_refused(run_cli("tournament", "new", ".", "--pairs", "A,B,C", cwd=tmp_path))


def test_a_failed_sheet_write_takes_back_what_was_written(tmp_path, monkeypatch):
    from bbscore.belot import protocol

    real = protocol.create
    calls = []

    def failing(path, *args, **kwargs):
        calls.append(path)
        if len(calls) == 3:
            from bbscore.errors import ProtocolError

            raise ProtocolError(str(path), None, "disk full")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(protocol, "create", failing)
    folder = tmp_path / "t"
    assert "disk full" in assert_refused(run_cli("tournament", "new", folder, "--pairs", "A,B,C,D"))
    assert not folder.exists()


BROKEN = [
    ("[tournament]\nformat = 2\n", "format"),
    ("x = 1\n[tournament]\nformat = 1\n", "неизвестный раздел"),
    ("[[entrant]]\nname = \"A\"\n", "[tournament]"),
    ("[tournament]\nformat = 1\ngame = \"chess\"\n", "game"),
    ("[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"cup\"\n", "system"),
    ("[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"swiss\"\n", "convention"),
    ("[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"swiss\"\nconvention = \"gambler\"\nrounds = 0\ntable_size = 2\n", "rounds"),
    ("[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"swiss\"\nconvention = \"gambler\"\nrounds = 3\ntable_size = 3\n", "table_size"),
    ("[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"swiss\"\nconvention = \"gambler\"\nrounds = 3\ntable_size = 2\ncolor = 1\n", "неизвестный ключ"),
]
HEAD = "[tournament]\nformat = 1\ngame = \"bazar-belot\"\nsystem = \"swiss\"\nconvention = \"gambler\"\nrounds = 3\ntable_size = 2\n"
ENTRANTS = "[[entrant]]\nname = \"A\"\n[[entrant]]\nname = \"B\"\n[[entrant]]\nname = \"C\"\n"
BROKEN += [
    (HEAD, "[[entrant]]"),
    (HEAD + "[[entrant]]\nname = \"A\"\n[[entrant]]\nname = \"A\"\n", "повторяются"),
    (HEAD + "[[entrant]]\nname = \"A\"\nplayers = [\"x\"]\n[[entrant]]\nname = \"B\"\n", "players"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 2\n", "по порядку"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\nbye = [\"Z\"]\n", "bye"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\ntable = 5\n", "round.table"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\n[[round.table]]\nnumber = 1\nsheet = \"../x.toml\"\nentrants = [\"A\", \"B\"]\n", "sheet"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\n[[round.table]]\nnumber = 1\nsheet = \"r1-t1.toml\"\nentrants = [\"A\", \"Z\"]\n", "entrants"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\nbye = [\"A\"]\n[[round.table]]\nnumber = 1\nsheet = \"r1-t1.toml\"\nentrants = [\"A\", \"B\"]\n", "дважды"),
    (HEAD + ENTRANTS + "[[round]]\nnumber = 1\n[[round.table]]\nnumber = 1\nsheet = \"r1-t1.toml\"\nentrants = [\"A\", \"B\"]\n"
     "[[round]]\nnumber = 2\n[[round.table]]\nnumber = 1\nsheet = \"r1-t1.toml\"\nentrants = [\"A\", \"C\"]\n", "один лист"),
    (HEAD + "round = 5\n", "round"),
    ("[tournament\n", "не закрыта"),
]


@pytest.mark.parametrize(("text", "says"), BROKEN)
def test_a_broken_tournament_file_is_refused_with_its_line(tmp_path, text, says):
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "tournament.toml").write_text(text, encoding="utf-8")
    for command in (["tournament", "standings", folder], ["tournament", "pair", folder, "--force"]):
        line = assert_refused(run_cli(*command))
        assert "tournament.toml" in line and says in line, line
    assert sorted(p.name for p in folder.iterdir()) == ["tournament.toml"]  # no lock, no sheet


def test_standings_of_what_is_not_a_tournament(tmp_path):
    assert "нет такой папки" in assert_refused(run_cli("tournament", "standings", tmp_path / "none"))
    assert "нет tournament.toml" in assert_refused(run_cli("tournament", "standings", tmp_path))
    (tmp_path / "f").write_text("", encoding="utf-8")
    assert "это файл" in assert_refused(run_cli("tournament", "standings", tmp_path / "f"))


def test_the_formats_of_the_standings(tmp_path):
    folder = tmp_path / "t"
    assert run_cli("tournament", "new", folder, "--pairs", "A==HYPERLINK(1)+b,-Minus,@At,<b>Bold</b>|x").returncode == 0
    rng = random.Random(3)
    for table in tournament(folder)["round"][0]["table"]:
        a, b = table["entrants"]
        play(folder, table["sheet"], a, b, rng)
    csv_text = run_cli("tournament", "standings", folder, "--format", "csv").stdout
    import csv
    import io

    rows = list(csv.reader(io.StringIO(csv_text)))
    cells = [cell for row in rows for cell in row]
    texts = [cell for cell in cells if not cell.lstrip("-").isdigit()]  # a negative number stays a number
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in texts), texts
    assert any(cell.startswith("-") and cell[1:].isdigit() for cell in cells)
    assert "'=HYPERLINK(1), b" in cells and "'-Minus" in cells and "'@At" in cells
    out = tmp_path / "s.xlsx"
    assert assert_refused(run_cli("tournament", "standings", folder, "--format", "xlsx")).count("-o") == 1
    assert run_cli("tournament", "standings", folder, "-o", out).returncode == 0
    from openpyxl import load_workbook

    sheet = load_workbook(out).active
    values = [cell for row in sheet.iter_rows() for cell in row]
    assert not any(cell.data_type == "f" for cell in values)
    texts = [cell.value for cell in values if isinstance(cell.value, str)]
    assert not any(text[:1] in ("=", "+", "-", "@") for text in texts) and "'=HYPERLINK(1), b" in texts
    numbers = [cell.value for cell in values if isinstance(cell.value, (int, float))]
    assert numbers and any(value < 0 for value in numbers)  # a difference below zero is a number, not a text
    assert "уже есть" in assert_refused(run_cli("tournament", "standings", folder, "-o", out))
    assert run_cli("tournament", "standings", folder, "-o", out, "--force").returncode == 0
    md = run_cli("tournament", "standings", folder, "--format", "md").stdout
    assert "\\<b\\>Bold\\</b\\>\\|x" in md and md.count("\n| ") == 5
    page = run_cli("tournament", "standings", folder, "--format", "html").stdout
    assert "&lt;b&gt;Bold&lt;/b&gt;|x" in page and "<b>Bold" not in page
    assert "формат" in assert_refused(run_cli("tournament", "standings", folder, "--format", "pdf"))
    assert "формат" in assert_refused(run_cli("tournament", "standings", folder, "-o", tmp_path / "s.pdf"))
    assert "папка" in assert_refused(run_cli("tournament", "standings", folder, "-o", tmp_path))
    done = run_cli("tournament", "standings", folder, "--format", "md", "-o", "-", cwd=tmp_path)  # (-o -: stdout)
    assert done.returncode == 0 and done.stdout == md and not (tmp_path / "-").exists(), report(done)
    assert assert_refused(run_cli("tournament", "standings", folder, "--format", "xlsx", "-o", "-")).count("-o") == 1


def test_ratings_the_winner_of_every_game_first_and_the_order_of_the_files_never_matters(tmp_path, bench_generator):
    folder = tmp_path / "club"
    run_cli("tournament", "new", folder, "--pairs", "Сокол=Антон+Борис,Орёл=Вадим+Глеб,Ворон=Денис+Егор,Грач=Жанна+Злата")
    rng = random.Random(9)
    strength = ["Орёл", "Грач", "Сокол", "Ворон"]
    for round_ in tournament(folder)["round"]:
        for table in round_["table"]:
            a, b = table["entrants"]
            winner, loser = (a, b) if strength.index(a) < strength.index(b) else (b, a)
            play(folder, table["sheet"], winner, loser, rng)
    extra = tmp_path / "loose"
    extra.mkdir()
    shutil.copyfile(EXAMPLES / "pulya-3.toml", extra / "pulya-3.toml")
    shutil.copyfile(EXAMPLES / "game-gambler.toml", extra / "game.toml")
    assert run_cli("new", extra / "open.toml", "--pairs", "Мы,Они", "--players", "Мы=Вадим+Глеб").returncode == 0
    files = sorted(folder.glob("r*.toml")) + sorted(extra.glob("*.toml"))
    one = run_json("rating", *files)
    assert one["skipped"] == 1
    pairs_players = [p for p in one["players"] if p["name"] in "Антон Борис Вадим Глеб Денис Егор Жанна Злата".split()]
    assert {p["name"] for p in pairs_players[:2]} == {"Вадим", "Глеб"}  # the pair that won every game, first
    assert pairs_players[0]["wins"] == pairs_players[0]["games"] == 3
    assert one["players"][0]["wins"] == one["players"][0]["games"]  # (Боря won his one пуля: two beaten at once)
    for seed in range(3):
        shuffled = files[:]
        random.Random(seed).shuffle(shuffled)
        assert run_json("rating", *shuffled)["players"] == one["players"]
    assert run_json("rating", extra, folder)["players"] == one["players"]
    assert run_json("rating", folder, folder / "r1-t1.toml")["games"] == 6  # a file given twice counts once
    text = run_cli("rating", folder)
    assert text.returncode == 0 and "Вадим" in text.stdout and "μ − 3σ" in text.stdout
    (extra / "bad.toml").write_text("[game]\nformat = 9\n", encoding="utf-8")
    bad = run_cli("rating", extra, "--json")
    assert bad.returncode == 1 and "bad.toml" in bad.stderr and json.loads(bad.stdout)["bad_files"] == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_cli("rating", empty, folder).returncode == 1
    assert "формат" in assert_refused(run_cli("rating", folder, "--format", "csv"))
    (tmp_path / "taken.html").write_text("mine", encoding="utf-8")
    assert "уже есть" in assert_refused(run_cli("rating", folder, "-o", tmp_path / "taken.html"))
    dashed = run_cli("rating", folder, "--format", "html", "-o", "-", cwd=tmp_path)  # (-o -: standard output)
    assert dashed.returncode == 0 and dashed.stdout.startswith("<!DOCTYPE html>") and not (tmp_path / "-").exists()
    assert (tmp_path / "taken.html").read_text(encoding="utf-8") == "mine"
    assert run_json("rating", EXAMPLES / "slipped-game.toml")["games"] == 1  # rated from the inputs, and said
    assert "расходится" in run_cli("rating", EXAMPLES / "slipped-game.toml").stderr


def test_a_sheet_names_its_pairs_players_and_stats_counts_them(tmp_path):
    game = tmp_path / "game.toml"
    done = run_cli("new", game, "--pairs", "Мы,Они", "--players", "мы=Аня+Боря,2=Вера+Гена")
    assert done.returncode == 0, report(done)
    assert tomllib.loads(game.read_text(encoding="utf-8"))["game"]["players"] == {"Мы": ["Аня", "Боря"], "Они": ["Вера", "Гена"]}
    for _hand in range(4):
        assert run_cli("add", game, "15Т++", "--by", "Мы", "--def-points", "0").returncode == 0
    stats = run_json("stats", game)
    assert [(p["name"], p["games"], p["wins"]) for p in stats["players"]] == [("Аня", 1, 1), ("Боря", 1, 1), ("Вера", 1, 0), ("Гена", 1, 0)]
    assert "Игроки" in run_cli("stats", game).stdout
    old = run_json("stats", EXAMPLES / "game-gambler.toml")
    assert old["players"] == []  # an older sheet names none and still reads
    for bad, says in (("Мы=Аня", "два её игрока"), ("Вы=Аня+Боря", "одна из пар"), ("Мы=Аня+аня", "различаться"),
                      ("Мы=Аня+Боря,мы=Вера+Гена", "дважды")):
        assert says in assert_refused(run_cli("new", tmp_path / "x.toml", "--pairs", "Мы,Они", "--players", bad))
        assert not (tmp_path / "x.toml").exists()


@pytest.mark.parametrize(("players", "says"), [
    ('"x"', "таблица игроков"), ('{ "Вы" = ["a", "b"] }', "не пара"), ('{ "Мы" = ["a"] }', "два разных"),
    ('{ "Мы" = ["a", "A"] }', "два разных"), ("{}", "таблица игроков"),
])
def test_a_bad_players_table_is_refused_with_its_line(tmp_path, players, says):
    game = tmp_path / "game.toml"
    assert run_cli("new", game, "--pairs", "Мы,Они").returncode == 0
    text = game.read_text(encoding="utf-8").replace("created =", f"players = {players}\ncreated =")
    game.write_text(text, encoding="utf-8")
    line = assert_refused(run_cli("show", game))
    assert says in line and "game.toml:" in line and "players" in line, line


def test_english_tournament_refusals_and_output(tmp_path):
    done = run_cli("--lang", "en", "tournament", "new", tmp_path / "t", "--pairs", "A,B")
    assert done.stderr.startswith("error: --pairs:") and "at least three" in done.stderr
    done = run_cli("--lang", "en", "tournament", "new", tmp_path / "t", "--pairs", "A,B,C", "--system", "swiss")
    assert done.returncode == 0 and "Swiss system" in done.stdout
    refused = run_cli("--lang", "en", "tournament", "pair", tmp_path / "t")
    assert "round 1 is not finished" in refused.stderr
    standings = run_cli("--lang", "en", "tournament", "standings", tmp_path / "t", "--format", "md")
    assert "Buch." in standings.stdout and "entrant" in standings.stdout


def test_rules_given_by_path_reach_every_sheet_also_of_a_later_round(tmp_path):
    (tmp_path / "rules").mkdir()
    assert run_cli("conventions", "init", "rules/club.toml", "--from", "classic", cwd=tmp_path).returncode == 0
    done = run_cli("tournament", "new", "ev", "--pairs", "A,B,C,D", "--system", "swiss", "--convention", "rules/club.toml",
                   "--target", "151", cwd=tmp_path)
    assert done.returncode == 0, report(done)
    folder = tmp_path / "ev"
    assert tournament(folder)["tournament"]["convention"] == "../rules/club.toml"
    assert tournament(folder)["tournament"]["target"] == 151
    for sheet, winner in (("r1-t1.toml", "A"), ("r1-t2.toml", "C")):
        for _hand in range(3):
            run_cli("add", folder / sheet, "15Т++", "--by", winner, "--def-points", "0")
    assert run_cli("tournament", "pair", folder).returncode == 0
    later = tomllib.loads((folder / "r2-t1.toml").read_text(encoding="utf-8"))["game"]
    assert later["convention"] == "../rules/club.toml" and later["target"] == 151 and later["pairs"] == ["A", "C"]
    assert run_cli("show", folder / "r2-t1.toml", cwd=tmp_path / "rules").returncode == 0


# --- The places of a пуля: by the exact settlement (review 2, Preferans item 1) ---

EQUAL_AT_THE_TOP = (  # Аня and Боря both 100/3 (shown +34 and +33: the rounding's spare vist goes by seat)
    ("10♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера"),
    ("10♠", "--by", "Боря", "--pass", "Вера", "--pass", "Аня"),
    ("мизер", "--by", "Вера", "--tricks", "1"),
    ("10♠", "--by", "Вера", "--pass", "Аня", "--pass", "Боря"),
)
APART_BUT_ROUNDED_EQUAL = (  # Боря, Аня, Вера: −1111/3, 554/3, 557/3 (shown −370, +185, +185): Вера alone is first
    ("8♠", "--by", "Аня", "--tricks", "8", "--whist", "Боря", "--pass", "Вера"),
    ("6♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера"),
    ("8♠", "--by", "Боря", "--tricks", "7", "--whist", "Аня", "--pass", "Вера"),
    ("7♠", "--by", "Боря", "--tricks", "5", "--whist", "Аня", "--pass", "Вера"),
    ("8♠", "--by", "Боря", "--tricks", "5", "--whist", "Аня", "--pass", "Вера"),
    ("6♠", "--by", "Боря", "--pass", "Аня", "--pass", "Вера"),
    ("6♠", "--by", "Аня", "--tricks", "5", "--whist", "Боря", "--pass", "Вера"),
    ("6♠", "--by", "Боря", "--tricks", "7", "--whist", "Аня", "--pass", "Вера"),
)


def pulya_table(tmp_path: Path, name: str, players: str, target: str, hands) -> Path:
    """A tournament of one table of three whose пуля is played with ``hands`` (ended by the last)."""
    folder = tmp_path / name
    done = run_cli("tournament", "new", folder, "--players", players, "--table-size", "3", "--target", target)
    assert done.returncode == 0, report(done)
    for hand in hands:
        added = run_cli("pref", "add", folder / "r1-t1.toml", *hand)
        assert added.returncode == 0, report(added)
    return folder


@pytest.mark.parametrize("players", ["Аня,Боря,Вера", "Боря,Аня,Вера"])
def test_equal_exact_results_share_first_place_in_list_stats_standings_and_rating(tmp_path, players):
    folder = pulya_table(tmp_path, "tie", players, "10", EQUAL_AT_THE_TOP)
    sheet = folder / "r1-t1.toml"
    settled = run_json("pref", "settle", sheet)
    assert settled["shown"]["Аня"] != settled["shown"]["Боря"]  # the rounding tells them apart, the places must not
    assert run_json("list", sheet)["games"][0]["winner"] is None
    assert "ничья" in run_cli("list", sheet).stdout
    wins = {p["name"]: p["wins"] for p in run_json("stats", sheet)["preferans"]["players"]}
    assert wins == {"Аня": 0, "Боря": 0, "Вера": 0}
    lines = {e["name"]: e for e in run_json("tournament", "standings", folder)["entrants"]}
    assert [lines[n]["draws"] for n in ("Аня", "Боря")] == [1, 1] and lines["Вера"]["losses"] == 1
    assert lines["Аня"]["score"] == lines["Боря"]["score"] == 0.5 and lines["Аня"]["place"] == lines["Боря"]["place"] == 1
    rated = {p["name"]: p for p in run_json("rating", folder)["players"]}
    assert rated["Аня"]["rating"] == rated["Боря"]["rating"] > rated["Вера"]["rating"]
    assert (rated["Аня"]["place"], rated["Боря"]["place"], rated["Вера"]["place"]) == (1, 1, 3)  # a shared place
    table = run_cli("rating", folder, columns=120).stdout
    assert [line.split()[1] for line in table.splitlines() if "│" in line and ("Аня" in line or "Боря" in line)] == ["1", "1"]
    assert [(rated[n]["wins"], rated[n]["draws"]) for n in ("Аня", "Боря")] == [(0, 1), (0, 1)]


def test_different_exact_results_never_tie_though_they_round_to_one_number(tmp_path):
    folder = pulya_table(tmp_path, "apart", "Боря,Аня,Вера", "4", APART_BUT_ROUNDED_EQUAL)
    sheet = folder / "r1-t1.toml"
    settled = run_json("pref", "settle", sheet)
    assert settled["shown"]["Аня"] == settled["shown"]["Вера"] == 185
    assert run_json("list", sheet)["games"][0]["winner"] == "Вера"
    wins = {p["name"]: p["wins"] for p in run_json("stats", sheet)["preferans"]["players"]}
    assert wins == {"Аня": 0, "Боря": 0, "Вера": 1}
    lines = {e["name"]: e for e in run_json("tournament", "standings", folder)["entrants"]}
    assert lines["Вера"]["wins"] == 1 and lines["Вера"]["score"] == 1 and lines["Вера"]["place"] == 1
    assert lines["Аня"]["losses"] == 1 and lines["Аня"]["score"] == 0
    rated = {p["name"]: p for p in run_json("rating", folder)["players"]}
    assert rated["Вера"]["wins"] == 1 and rated["Вера"]["rating"] > rated["Аня"]["rating"] > rated["Боря"]["rating"]


# --- The outputs of standings and rating (review 2: Belot items 2 and 9, Preferans item 3) ---


def test_standings_and_rating_never_write_over_a_file_they_read(tmp_path):
    folder = tmp_path / "t"
    shutil.copytree(EXAMPLES / "tournament", folder)
    game = tmp_path / "g.toml"
    shutil.copyfile(EXAMPLES / "game-gambler.toml", game)
    before = {path: path.read_bytes() for path in [*folder.iterdir(), game]}
    for args in (["tournament", "standings", folder, "-o", folder / "tournament.toml", "--format", "md", "--force"],
                 ["tournament", "standings", folder, "-o", folder / "r1-t1.toml", "--format", "csv", "--force"],
                 ["tournament", "standings", folder, "-o", folder / "." / "r2-t1.toml", "--format", "xlsx", "--force"],
                 ["rating", game, "--format", "html", "-o", game, "--force"],
                 ["rating", folder, "--format", "html", "-o", folder / "r3-t2.toml", "--force"]):
        assert "читает" in assert_refused(run_cli(*args))
    assert {path: path.read_bytes() for path in [*folder.iterdir(), game]} == before
    link = tmp_path / "link.md"
    link.symlink_to(folder / "tournament.toml")
    assert "читает" in assert_refused(run_cli("tournament", "standings", folder, "-o", link, "--force"))
    assert run_cli("tournament", "standings", folder, "-o", folder / "standings.md").returncode == 0  # beside them: fine


def test_rating_of_nothing_readable_writes_no_page(tmp_path):
    done = run_cli("rating", tmp_path / "nonexist", "--format", "html", "-o", tmp_path / "r.html")
    assert done.returncode == 1 and "нет такого файла" in done.stderr and "ни один лист не прочитан" in done.stderr
    assert not (tmp_path / "r.html").exists() and "Записано" not in done.stdout
    (tmp_path / "bad.toml").write_text("[game]\nformat = 9\n", encoding="utf-8")
    done = run_cli("rating", tmp_path / "bad.toml")
    assert done.returncode == 1 and "ни один лист" in done.stderr and "Рейтинг" not in done.stdout
    assert run_json("rating", tmp_path / "bad.toml", code=1)["bad_files"] == 1  # JSON still says what was counted


@pytest.mark.parametrize("name", ["x\nFAKE: all good", "x\x1b[2Jy", "ra\u202e", "z\u2028w", "b\x07"])
def test_the_written_line_names_the_control_characters_of_a_file_name(tmp_path, name):
    from bbscore.errors import visible

    folder = tmp_path / "t"
    shutil.copytree(EXAMPLES / "tournament", folder)
    for args, suffix in ((["export", EXAMPLES / "game-gambler.toml"], ".md"),
                         (["tournament", "standings", folder], ".md"),
                         (["rating", folder, "--format", "html"], ".html"),
                         (["--lang", "en", "export", EXAMPLES / "game-gambler.toml"], ".xlsx")):
        out = tmp_path / (name + suffix)
        done = run_cli(*args, "-o", out)
        assert done.returncode == 0, report(done)
        line = done.stdout.strip()
        assert line.endswith(visible(str(out))) and line.startswith(("Записано: ", "Written: "))
        assert line.isprintable() and "\n" not in line
        out.unlink()


def swiss_after_one_round(tmp_path: Path) -> Path:
    """Eight pairs, Swiss, round 1 played: A1, C3, F6 and G7 win (four shared places above, four below)."""
    folder = tmp_path / "sw8"
    assert run_cli("tournament", "new", folder, "--pairs", "A1,B2,C3,D4,E5,F6,G7,H8", "--system", "swiss").returncode == 0
    winners = {"A1", "C3", "F6", "G7"}
    for table in tournament(folder)["round"][0]["table"]:
        winner = next(name for name in table["entrants"] if name in winners)
        for _hand in range(4):
            assert run_cli("add", folder / table["sheet"], "15Т++", "--by", winner, "--def-points", "0").returncode == 0
    return folder


def test_a_round_cell_names_the_opponent_by_the_row_shown_when_places_are_shared(tmp_path):
    folder = swiss_after_one_round(tmp_path)
    data = run_json("tournament", "standings", folder)
    assert [e["place"] for e in data["entrants"]] == [1, 1, 1, 1, 5, 5, 5, 5]
    row_of = {e["name"]: number for number, e in enumerate(data["entrants"], start=1)}
    md = run_cli("tournament", "standings", folder, "--format", "md").stdout
    head = next(line for line in md.splitlines() if line.startswith("| № |"))
    assert head.startswith("| № | место | участник |")
    for entrant in data["entrants"]:
        row = next(line for line in md.splitlines() if f"| {entrant['name']} |" in line)
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        opponent = entrant["rounds"][0]["opponents"][0]
        assert cells[0] == str(row_of[entrant["name"]]) and cells[1] == str(entrant["place"])
        assert cells[-1] == f"{row_of[opponent]}{'+' if entrant['wins'] else '−'}"  # the row the cell names: that pair's
    assert "№ строки соперника" in md and "Бух." in md
    narrow = run_cli("tournament", "standings", folder, columns=40).stdout
    assert "1 — место 1; участник A1;" in " ".join(narrow.split())
    page = run_cli("tournament", "standings", folder, "--format", "html").stdout
    assert '<th>№</th><th>место</th>' in page


def test_the_buchholz_legend_only_with_its_column_and_negative_numbers_with_the_minus_sign(tmp_path):
    folder = tmp_path / "t"
    shutil.copytree(EXAMPLES / "tournament", folder)
    for args in ([], ["--format", "md"], ["--format", "html"]):
        shown = run_cli("tournament", "standings", folder, *args).stdout
        assert "Бух" not in shown and "−220" in shown and "-220" not in shown
    assert "-220" in run_cli("tournament", "standings", folder, "--format", "csv").stdout  # a spreadsheet's number
    rating = run_cli("rating", folder).stdout
    assert "−0,23" in rating and "30,35" in rating and "-0" not in rating and "0.23" not in rating
    page = run_cli("rating", folder, "--format", "html").stdout
    assert "−4,00" in page and "-4.00" not in page.split("<svg")[0]
    english = run_cli("--lang", "en", "rating", folder).stdout
    assert "−0.23" in english and "30.35" in english
    assert run_json("rating", folder)["players"][-1]["rating"] == -4.005  # JSON keeps the machine's numbers


@pytest.mark.parametrize(("entrants", "rules", "says"), [("--pairs", "rostov", "преферанса"),
                                                          ("--players", "gambler", "Базар-Белота")])
def test_rules_of_the_other_kind_of_tournament_are_refused_naming_convention(tmp_path, entrants, rules, says):
    said = assert_refused(run_cli("tournament", "new", tmp_path / "t", entrants, "A,B,C", "--convention", rules))
    assert said.startswith(f"ошибка: --convention: «{rules}»") and says in said and not (tmp_path / "t").exists()


def test_tournament_new_fsyncs_its_folder_once_for_all_its_sheets(tmp_path, monkeypatch):
    """(Review 2, Belot item 10: 64 pairs took 10.4 s, a folder sync and a folder listing a sheet.)"""
    from bbscore import files

    synced = []
    fsync_directory = files._fsync_directory
    monkeypatch.setattr(files, "_fsync_directory", lambda folder: synced.append(folder) or fsync_directory(folder))
    done = run_cli("tournament", "new", tmp_path / "t", "--pairs", ",".join(f"P{n}" for n in range(12)))
    assert done.returncode == 0 and "Записано листов: 66" in done.stdout
    assert len(synced) == 2  # the sheets' folder once at the end of the batch, then tournament.toml's write
