"""Sharing and summing up games: ``export`` (CSV, Markdown, HTML with its chart), ``show --chart``, ``stats``.

The numbers are checked against ``show --json`` (what the sheet says) or against counts made here directly from the
protocol files with ``tomllib`` (independent of bbscore's replay).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, assert_refused, report, run_cli, run_json

NASTY_PAIRS = ('Аня, "Петя"', "Оля|Миша <b>&")
NASTY_NOTE = 'контра; "спор" | <script>alert(1)</script>\nвторая строка'


def nasty_game(tmp_path: Path) -> Path:
    """A short game whose pair names and note hold every character the formats must escape."""
    path = tmp_path / "nasty.toml"
    assert run_cli("new", path, "--pairs", "X,Y").returncode == 0
    text = path.read_text(encoding="utf-8")
    text = text.replace('"X"', json.dumps(NASTY_PAIRS[0], ensure_ascii=False)).replace('"Y"', json.dumps(NASTY_PAIRS[1], ensure_ascii=False))
    path.write_text(text, encoding="utf-8")
    done = run_cli("add", path, "12Т", "--by", NASTY_PAIRS[0], "--def-points", "18", "--note", NASTY_NOTE)
    assert done.returncode == 0, report(done)
    assert run_cli("add", path, "--redeal", "all-pass").returncode == 0
    return path


def exported(*args) -> str:
    done = run_cli("export", *args)
    assert done.returncode == 0, report(done)
    return done.stdout


# --------------------------------------------------------------------------- CSV


def test_csv_read_back_gives_the_sheets_numbers(game_gambler):
    sheet = run_json("show", game_gambler)
    rows = list(csv.reader(io.StringIO(exported(game_gambler, "--format", "csv"), newline="")))
    north, south = sheet["pairs"]
    assert rows[0] == ["№", "разыгрывающие", "контракт", "выполнен", f"{north}: очки", f"{south}: очки",
                       f"{north}: итог", f"{south}: итог", "примечание"]
    assert len(rows) == len(sheet["hands"]) + 1
    for row, hand in zip(rows[1:], sheet["hands"]):
        assert int(row[0]) == hand["n"]
        assert [int(value) for value in row[4:8]] == hand["score"] + hand["total"]
        if "contract" in hand:
            assert row[1:4] == [hand["by"], hand["contract"], "да" if hand["made"] else "нет"]
        else:
            assert row[1] == "" and row[2].startswith("пересдача")
    assert [int(value) for value in rows[-1][6:8]] == sheet["totals"]


def test_csv_is_rfc_4180_with_user_text_quoted(tmp_path):
    """To a file (-o) the user text is kept exactly, its line break inside a quoted cell; to standard output (a
    terminal) the line break is named, and the rows are the same otherwise."""
    path = nasty_game(tmp_path)
    done = run_cli("export", path, "--format", "csv", "-o", tmp_path / "out.csv")
    assert done.returncode == 0, report(done)
    text = (tmp_path / "out.csv").read_bytes().decode("utf-8")
    assert text.endswith("\r\n") and "\r\n" in text.split(NASTY_NOTE.split("\n")[0])[0]
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][4:6] == [f"{NASTY_PAIRS[0]}: очки", f"{NASTY_PAIRS[1]}: очки"]
    assert rows[1][1] == NASTY_PAIRS[0] and rows[1][8] == NASTY_NOTE
    assert len(rows) == 3
    shown = list(csv.reader(io.StringIO(exported(path, "--format", "csv"), newline="")))
    assert shown[1][8] == NASTY_NOTE.replace("\n", "<U+000A>") and shown[:1] + shown[2:] == rows[:1] + rows[2:]


# --------------------------------------------------------------------------- Markdown


def test_markdown_is_a_table_with_user_text_escaped(tmp_path):
    text = exported(nasty_game(tmp_path), "--format", "md")
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 2  # head, rule, two hands
    cells = [re.split(r"(?<!\\)\|", line)[1:-1] for line in table]
    assert {len(row) for row in cells} == {8}, table  # no | of user text splits a cell
    assert "Оля\\|Миша \\<b\\>&" in text
    assert "<script>" not in text and "\\<script\\>" in text
    assert "вторая строка" in table[2]  # the note's new line kept inside its row


def test_markdown_of_the_example_shows_each_hand_and_the_winner(game_gambler):
    text = exported(game_gambler, "--format", "md")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == 18
    assert "| 18 |  | 28 | 309 | 10Т | БТ | 285 |  |" in rows
    assert "Победили «Север» (309 : 285)" in text


# --------------------------------------------------------------------------- HTML


def svg_series(page: str) -> dict:
    """The chart's data as the page has it: per pair the polyline's points and the dots' totals; the target line."""
    svg = re.search(r"<svg .*?</svg>", page, flags=re.S).group(0)
    series = {}
    for index in (0, 1):
        points = re.search(rf'<polyline class="pair{index}" data-pair="[^"]*" points="([^"]*)"', svg).group(1)
        dots = re.findall(rf'<circle class="pair{index}" data-pair="{index}" data-hand="(\d+)" data-total="(-?\d+)" '
                          rf'cx="([\d.]+)" cy="([\d.]+)"', svg)
        series[index] = {
            "points": [tuple(map(float, point.split(","))) for point in points.split()],
            "hands": [int(hand) for hand, *_ in dots],
            "totals": [int(total) for _, total, _, _ in dots],
            "dots": [(float(x), float(y)) for _, _, x, y in dots],
        }
    target = re.search(r'<line class="target" x1="[\d.]+" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)" data-target="(\d+)"', svg)
    return {"series": series, "target_y": float(target.group(1)), "target": int(target.group(3)), "svg": svg}


def check_chart(page: str, sheet: dict) -> None:
    """One point per hand for each pair, ending at the final totals, on one linear scale with the target line."""
    chart = svg_series(page)
    hands = sheet["hands"]
    assert chart["target"] == sheet["target"]
    samples = []
    for index in (0, 1):
        series = chart["series"][index]
        assert len(series["points"]) == len(hands) == len(series["dots"])
        assert series["hands"] == [hand["n"] for hand in hands]
        assert series["totals"] == [hand["total"][index] for hand in hands]
        assert series["totals"][-1] == sheet["totals"][index]
        assert series["points"] == series["dots"]
        xs = [x for x, _ in series["points"]]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        samples += [(total, y) for total, (_, y) in zip(series["totals"], series["dots"])]
    samples.append((chart["target"], chart["target_y"]))
    (low_total, low_y), (high_total, high_y) = min(samples), max(samples)
    slope = (high_y - low_y) / (high_total - low_total)
    assert slope < 0  # higher totals are drawn higher
    for total, y in samples:
        assert y == pytest.approx(low_y + slope * (total - low_total), abs=0.02)


def test_html_page_is_self_contained_with_the_sheet_winner_and_chart(game_gambler):
    page = exported(game_gambler, "--format", "html")
    sheet = run_json("show", game_gambler)
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert not re.search(r"(src|href)=|@import|url\(|<script", page), "nothing fetched, nothing run"
    assert "@page { size: A4" in page
    assert "Победили «Север» (309 : 285)" in page
    assert len(re.findall(r"<tr(?: class=\"\w+\")?><td class=\"num\">", page)) == len(sheet["hands"])
    check_chart(page, sheet)


def test_html_escapes_user_text(tmp_path):
    path = nasty_game(tmp_path)
    page = exported(path, "--format", "html")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Оля|Миша &lt;b&gt;&amp;" in page and 'data-pair="Аня, &quot;Петя&quot;"' in page
    check_chart(page, run_json("show", path))


def test_chart_of_an_unfinished_game_and_of_a_long_one(tmp_path, bench_generator):
    path = tmp_path / "long.toml"
    bench_generator.write_protocol(path, 120, target=5000)
    page = exported(path, "--format", "html")
    check_chart(page, run_json("show", path))
    assert "Партия продолжается" in page


# --------------------------------------------------------------------------- writing the file


def test_output_file_is_created_once_and_replaced_only_with_force(game_gambler, tmp_path):
    out = tmp_path / "game.html"
    done = run_cli("export", game_gambler, "--format", "html", "-o", out)
    assert done.returncode == 0, report(done)
    assert done.stdout == f"Записано: {out}\n"
    first = out.read_text(encoding="utf-8")
    assert first == exported(game_gambler, "--format", "html")
    line = assert_refused(run_cli("export", game_gambler, "--format", "md", "-o", out))
    assert "уже есть" in line and "--force" in line
    assert out.read_text(encoding="utf-8") == first
    done = run_cli("export", game_gambler, "--format", "md", "--output", out, "--force")
    assert done.returncode == 0, report(done)
    assert out.read_text(encoding="utf-8").startswith("**Протокол")


@pytest.mark.parametrize(("name", "start"), [("g.csv", "№,"), ("g.MD", "**Протокол"), ("g.htm", "<!DOCTYPE html>")])
def test_the_format_follows_the_output_files_extension(game_gambler, tmp_path, name, start):
    done = run_cli("export", game_gambler, "-o", tmp_path / name)
    assert done.returncode == 0, report(done)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)
    assert "расширением" in assert_refused(run_cli("export", game_gambler, "-o", tmp_path / "game.txt"))


def test_output_dash_is_standard_output_and_a_workbook_is_never_printed_to_a_terminal(game_gambler, tmp_path):
    """Found by a newcomer: ``-o -`` wrote a file named ``-``.  It is standard output, as without ``-o`` (a workbook
    to a pipe as its bytes, refused at a terminal); ``-o ./-`` is still a file of that name."""
    import os
    import pty

    from conftest import run_process

    markdown = exported(game_gambler, "--format", "md")
    done = run_cli("export", game_gambler, "--format", "md", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == markdown and done.stderr == "", report(done)
    assert not (tmp_path / "-").exists()
    assert "формат" in assert_refused(run_cli("export", game_gambler, "-o", "-", cwd=tmp_path))  # (no extension)
    done = run_cli("export", game_gambler, "--format", "md", "-o", "./-", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "-").read_text(encoding="utf-8") == markdown, report(done)
    piped = run_process("export", game_gambler, "--format", "xlsx", "-o", "-", text=False, cwd=tmp_path)
    assert piped.returncode == 0 and piped.stdout.startswith(b"PK"), piped.stderr
    main, terminal = pty.openpty()
    try:
        done = run_process("export", game_gambler, "--format", "xlsx", "-o", "-", stdout=terminal, cwd=tmp_path)
        os.set_blocking(main, False)
        try:
            printed = os.read(main, 65536)
        except BlockingIOError:
            printed = b""
    finally:
        os.close(main)
        os.close(terminal)
    assert done.returncode == 2 and "не текст" in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    assert printed == b""
    assert sorted(path.name for path in tmp_path.iterdir()) == ["-", game_gambler.name]


def test_a_refused_output_is_one_line_before_any_warning(tmp_path):
    out = tmp_path / "game.csv"
    out.write_text("mine", encoding="utf-8")
    assert "уже есть" in assert_refused(run_cli("export", EXAMPLES / "slipped-game.toml", "-o", out))
    assert out.read_text(encoding="utf-8") == "mine"


def test_export_to_a_folder_or_a_missing_folder_is_refused(game_gambler, tmp_path):
    assert "папка" in assert_refused(run_cli("export", game_gambler, "--format", "csv", "-o", tmp_path, "--force"))
    assert_refused(run_cli("export", game_gambler, "--format", "csv", "-o", tmp_path / "no" / "such.csv"))


def test_export_never_writes_over_its_own_protocol(game_gambler):
    before = game_gambler.read_bytes()
    line = assert_refused(run_cli("export", game_gambler, "--format", "csv", "-o", game_gambler, "--force"))
    assert "сам протокол" in line
    assert game_gambler.read_bytes() == before


@pytest.mark.parametrize("args", [["--format", "pdf"], ["--format", "html", "--format", "md"], []],
                         ids=["unknown format", "format twice", "no format"])
def test_bad_export_options_are_refused(game_gambler, args):
    assert_refused(run_cli("export", game_gambler, *args))


def test_export_of_a_missing_file_is_refused(tmp_path):
    assert "нет такого файла" in assert_refused(run_cli("export", tmp_path / "none.toml", "--format", "csv"))


def test_export_says_when_the_rules_changed(game_gambler):
    text = game_gambler.read_text(encoding="utf-8")
    game_gambler.write_text(re.sub(r'convention_sha256 = "\w+"', 'convention_sha256 = "' + "0" * 64 + '"', text),
                            encoding="utf-8")
    done = run_cli("export", game_gambler, "--format", "csv")
    assert done.returncode == 0 and done.stderr.startswith("внимание: правила «gambler» изменились"), report(done)


def test_export_says_which_hands_disagree_with_the_sheet(tmp_path):
    done = run_cli("export", EXAMPLES / "slipped-game.toml", "--format", "csv")
    assert done.returncode == 0, report(done)
    assert done.stderr == ("внимание: в сдачах 2, 12 записанное расходится с правилами или ввод с ошибкой; в экспорте — "
                           f"по правилам (подробно: bbscore recompute {EXAMPLES / 'slipped-game.toml'})\n")
    assert run_cli("export", EXAMPLES / "game-gambler.toml", "--format", "csv").stderr == ""


# --------------------------------------------------------------------------- show --chart


def spark_lines(done) -> list[str]:
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Итоги по сдачам"))
    return lines[start:start + 3]


def test_show_chart_fits_40_columns_one_mark_per_hand(game_gambler):
    done = run_cli("show", game_gambler, "--chart")
    assert done.returncode == 0, report(done)
    head, north, south = spark_lines(done)
    assert head == "Итоги по сдачам (█ = 301)"
    assert max(map(len, (head, north, south))) <= 40
    assert north.startswith("Север ") and north.endswith(" 309/301")
    assert south.startswith("Юг    ") and south.endswith(" 285/301")
    marks = north.split()[1]
    assert len(marks) == 18 and marks[-1] == "█" and marks[0] == "▁"
    assert list(marks) == sorted(marks, key="▁▂▃▄▅▆▇█".index)  # running totals only grow
    assert south.split()[1][-1] == "▇"  # 285 of 301: the seventh eighth


def test_show_chart_of_many_hands_is_sampled_to_40_columns(tmp_path, bench_generator):
    path = tmp_path / "long.toml"
    bench_generator.write_protocol(path, 300, target=10**6, pairs=("Аня и Петя", "Оля и Миша"))
    done = run_cli("show", path, "--chart")
    assert done.returncode == 0, report(done)
    lines = spark_lines(done)
    assert all(len(line) <= 40 for line in lines), lines
    assert lines[1].startswith("Аня и Петя ") and lines[1].endswith(f"/{10**6}")


def test_chart_of_a_long_name_and_no_hands():
    from bbscore.belot.export import sparklines
    from bbscore.belot.game import Replay

    lines = sparklines(("Очень длинное название пары", "Б"), Replay(), 301)
    assert lines[1] == "Очень длинное название пары" and all(len(line) <= 40 for line in lines)  # whole, on its own line


# --------------------------------------------------------------------------- stats


GAME = re.compile(r"^(?P<kapo>\^{0,2})(?P<number>\d*)(?P<game>П|Т|Б|Ч|БК|ВК)(?P<double>\+{0,2})$")
KIND = {"П": "suit", "Т": "suit", "Б": "suit", "Ч": "suit", "БК": "no_trumps", "ВК": "all_trumps"}


def counted(paths: list[Path]) -> dict:
    """The statistics counted here from the files alone: a contract made is one whose declarers wrote points
    (a bait leaves them 0, «БТ»); the winner is the pair that reached the target with the higher total."""
    pairs: dict[str, dict] = {}
    streaks: dict[str, int] = {}
    kinds = {kind: [0, 0, 0] for kind in ("suit", "no_trumps", "all_trumps", "kapo")}
    doublings = {"contra": [0, 0, 0], "recontra": [0, 0, 0]}
    hands = points = redeals = 0
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        names, target = data["game"]["pairs"], data["game"]["target"]
        last = data["hand"][-1]["total"]
        winner = None
        if max(last) >= target and last[0] != last[1]:
            winner = 0 if last[0] > last[1] else 1
        for index, name in enumerate(names):
            pair = pairs.setdefault(name, {"games": 0, "wins": 0, "hands": 0, "points": 0, "longest_streak": 0})
            pair["games"] += 1
            pair["wins"] += winner == index
            pair["hands"] += len(data["hand"])
            pair["points"] += last[index]
            streaks[name] = streaks.get(name, 0) + 1 if winner == index else 0
            pair["longest_streak"] = max(pair["longest_streak"], streaks[name])
        for hand in data["hand"]:
            hands += 1
            points += sum(hand["score"])
            if "redeal" in hand:
                redeals += 1
                continue
            match = GAME.match(hand["contract"])
            made = hand["score"][names.index(hand["by"])] > 0
            rows = [kinds["kapo" if match["kapo"] else KIND[match["game"]]]]
            if match["double"]:
                rows.append(doublings["contra" if match["double"] == "+" else "recontra"])
            for row in rows:
                row[0] += 1
                row[1 if made else 2] += 1
    return {"pairs": pairs, "kinds": kinds, "doublings": doublings, "hands": hands, "points": points,
            "redeals": redeals}


def assert_stats_equal(data: dict, expected: dict) -> None:
    assert data["hands"] == expected["hands"] and data["redeals"] == expected["redeals"]
    assert data["points_per_hand"] == round(expected["points"] / expected["hands"], 2)
    assert {pair["name"]: {key: pair[key] for key in ("games", "wins", "hands", "points", "longest_streak")}
            for pair in data["pairs"]} == expected["pairs"]
    for pair in data["pairs"]:
        assert pair["points_per_hand"] == round(pair["points"] / pair["hands"], 2)
    assert [pair["wins"] for pair in data["pairs"]] == sorted((pair["wins"] for pair in data["pairs"]), reverse=True)
    for table in ("kinds", "doublings"):
        assert {name: [row["declared"], row["made"], row["baits"]] for name, row in data[table].items()} == expected[table]
    best = max(expected["pairs"].values(), key=lambda pair: pair["longest_streak"])["longest_streak"]
    assert data["longest_streak"]["games"] == best
    assert expected["pairs"][data["longest_streak"]["pair"]]["longest_streak"] == best


def test_stats_of_a_folder_of_generated_games_equals_direct_counts(tmp_path, bench_generator):
    folder = tmp_path / "games"
    paths = bench_generator.write_many(folder / "a", 40, 25, seed=7)
    paths += bench_generator.write_many(folder / "b", 20, 25, seed=8)
    (folder / "b" / "game-00001.toml.20260101-120000.bak").write_text("not a protocol", encoding="utf-8")
    (folder / ".hidden").mkdir()
    (folder / ".hidden" / "x.toml").write_text("not a protocol", encoding="utf-8")
    (folder / "notes.txt").write_text("not a protocol", encoding="utf-8")
    data = run_json("stats", folder)
    assert data["files"] == data["games"] == 60 and data["bad_files"] == 0 and data["bad_hands"] == 0
    assert data["finished"] == sum(pair["wins"] for pair in data["pairs"])
    assert_stats_equal(data, counted(sorted(paths)))
    kinds = data["kinds"]
    assert all(kinds[kind]["declared"] > 0 for kind in kinds) and data["doublings"]["contra"]["declared"] > 0


def test_stats_streak_follows_the_order_the_files_are_given(tmp_path, bench_generator):
    paths = bench_generator.write_many(tmp_path, 12, 25, seed=3)
    order = paths[::-1]
    data = run_json("stats", *order)
    assert_stats_equal(data, counted(order))


def test_stats_on_the_examples_counts_every_kind_and_prints_tables():
    done = run_cli("stats", EXAMPLES)
    assert done.returncode == 0, report(done)
    for text in ("Базар-Белот", "Пары", "Игры", "масти (П Т Б Ч)", "капо", "реконтра",
                 "Самая длинная серия побед: «Сокол», 3 подряд.", "Партий: 12, окончено: 11;",
                 "Преферанс", "Игроки", "Игры: заказано / сыграно", "Пуль: 4, окончено: 4;", "Файлов: 16 (не прочитано: 0)."):
        assert text in done.stdout, done.stdout


def test_stats_names_bad_files_skips_them_and_exits_1(tmp_path, bench_generator):
    paths = bench_generator.write_many(tmp_path / "ok", 3, 25, seed=1)
    (tmp_path / "ok" / "broken.toml").write_text("[game\n", encoding="utf-8")
    (tmp_path / "ok" / "rules.toml").write_text("x = 1\n", encoding="utf-8")  # no [game]: not a protocol, not counted
    missing = tmp_path / "missing.toml"
    done = run_cli("stats", tmp_path / "ok", missing, "--json")
    assert done.returncode == 1, report(done)
    errors = done.stderr.splitlines()
    assert len(errors) == 2 and all(line.startswith("ошибка: ") for line in errors), errors
    assert [re.match(r"ошибка: (\S+?):", line).group(1) for line in errors] == [
        str(tmp_path / "ok" / "broken.toml"), str(missing)]
    data = json.loads(done.stdout)
    assert data["files"] == 5 and data["bad_files"] == 2 and data["games"] == 3
    assert_stats_equal(data, counted(paths))


@pytest.mark.parametrize("sheet", ['[game]\nconvention = "gambler"\n', '[game]\ngame = "preferans"\nconvention = "rostov"\n'])
@pytest.mark.parametrize("lang, files", [("ru", "Файлов: 1 (не прочитано: 1)."), ("en", "Files: 1 (not read: 1).")])
def test_stats_of_a_folder_whose_only_sheet_is_unreadable_shows_no_game(tmp_path, sheet, lang, files):
    """No sheet read: the file is named and counted, and no game's block of zeros reads as a game counted."""
    (tmp_path / "only.toml").write_text(sheet, encoding="utf-8")
    done = run_cli("--lang", lang, "stats", tmp_path)
    assert done.returncode == 1, report(done)
    assert done.stdout.splitlines() == [files], report(done)
    assert done.stderr.count("\n") == 1 and str(tmp_path / "only.toml") in done.stderr and "format" in done.stderr


def test_stats_of_no_protocol_is_said_and_exits_1(tmp_path):
    """A folder with no sheet counts as a file not read: said, exit 1 (README: «exit code 2 (for `stats`, 1)»)."""
    done = run_cli("stats", tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "в папке нет протоколов" in done.stderr, report(done)


def test_stats_of_games_nobody_won(tmp_path):
    path = tmp_path / "new.toml"
    run_cli("new", path, "--pairs", "Мы,Они")
    data = run_json("stats", path)
    assert data["longest_streak"] is None and data["points_per_hand"] is None and data["finished"] == 0
    done = run_cli("stats", path)
    assert "ни одна партия не выиграна" in done.stdout and "—" in done.stdout


def test_stats_counts_a_bad_hand_apart(game_gambler):
    text = game_gambler.read_text(encoding="utf-8").replace('contract = "9Б"', 'contract = "9Ж"', 1)
    game_gambler.write_text(text, encoding="utf-8")
    data = run_json("stats", game_gambler)
    assert data["bad_hands"] == 1 and data["hands"] == 17


def test_stats_in_worker_processes_is_the_same(tmp_path, bench_generator):
    folder = tmp_path / "many"
    bench_generator.write_many(folder, 30, 25, seed=5)
    one = run_json("stats", folder, "--jobs", "1")
    from bbscore.cli import parallel

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "_PARALLEL_FROM_BYTES", 1)
        two = run_json("stats", folder, "--jobs", "2")
    assert one == two


# --------------------------------------------------------------------------- recompute of folders


def test_recompute_reads_a_folder_like_stats(tmp_path, bench_generator):
    bench_generator.write_many(tmp_path / "a" / "b", 3, 25, seed=2)
    (tmp_path / "a" / "game.toml.20260101-120000.bak").write_text("old", encoding="utf-8")
    data = run_json("recompute", tmp_path / "a")
    assert [Path(item["file"]).name for item in data["files"]] == ["game-00001.toml", "game-00002.toml", "game-00003.toml"]
    assert all(item["ok"] for item in data["files"])
    (tmp_path / "empty").mkdir()
    assert "в папке нет протоколов" in assert_refused(run_cli("recompute", tmp_path / "empty"))


def test_a_streak_counts_the_games_a_pair_played_and_ends_at_a_loss_or_an_unfinished_game():
    from bbscore.belot.stats import combine

    def game(first, second, winner, ended=True):
        return {"pairs": [first, second], "winner": winner, "ended": ended, "hands": 2, "bad_hands": 0, "redeals": 0,
                "points": [10, 20], "kinds": {"suit": [1, 1, 0]}, "doublings": {"contra": [0, 0, 0]}}

    data = combine([game("A", "B", 0), game("C", "D", 1), game("A", "C", 0), game("A", "B", None, ended=False),
                    game("B", "A", 1), game("D", "A", 1), game("A", "B", 0), game("B", "A", 0)])
    pairs = {pair["name"]: pair for pair in data["pairs"]}
    assert pairs["A"]["wins"] == 5 and pairs["A"]["longest_streak"] == 3  # games 5, 6, 7 (game 2 was not A's)
    assert pairs["B"]["longest_streak"] == 1 and pairs["C"]["longest_streak"] == 0 and pairs["D"]["longest_streak"] == 1
    assert data["longest_streak"] == {"pair": "A", "games": 3}
    assert data["finished"] == 7 and data["kinds"]["suit"] == {"declared": 8, "made": 8, "baits": 0}
    assert data["points_per_hand"] == 15.0 and pairs["A"]["points_per_hand"] == round((10 * 4 + 20 * 3) / 14, 2)


def test_a_game_with_no_hand_yet_exports_in_every_format(tmp_path):
    path = tmp_path / "new.toml"
    run_cli("new", path, "--pairs", "Мы,Они")
    assert list(csv.reader(io.StringIO(exported(path, "--format", "csv")))) == [
        ["№", "разыгрывающие", "контракт", "выполнен", "Мы: очки", "Они: очки", "Мы: итог", "Они: итог", "примечание"]]
    assert "Партия продолжается: 0 : 0." in exported(path, "--format", "md")
    page = exported(path, "--format", "html")
    assert 'points=""' in page and "<circle" not in page and 'data-target="301"' in page
    assert run_cli("show", path, "--chart").stdout.endswith("Мы   0/301\nОни  0/301\n")


def test_a_hand_with_bad_inputs_is_exported_as_an_error(game_gambler):
    text = game_gambler.read_text(encoding="utf-8").replace('contract = "9Б"', 'contract = "9Ж"', 1)
    game_gambler.write_text(text, encoding="utf-8")
    rows = list(csv.reader(io.StringIO(exported(game_gambler, "--format", "csv"))))
    assert rows[4][:8] == ["4", "", "ошибка", "", "0", "0", "27", "33"]
    assert "| 4 | ошибка | — | 27 |  | — | 33 |  |" in exported(game_gambler, "--format", "md")
    assert '<tr class="error">' in exported(game_gambler, "--format", "html")


def test_export_force_replaces_a_link_never_writes_through_it_and_refuses_a_pipe(tmp_path, game_gambler):
    """Found by a newcomer's review: ``--force`` wrote through a link and replaced a pipe with a file."""
    import os

    target = tmp_path / "target.html"
    target.write_text("kept", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    assert run_cli("export", game_gambler, "-o", link, "--force").returncode == 0
    assert target.read_text(encoding="utf-8") == "kept" and not link.is_symlink() and "<svg" in link.read_text(encoding="utf-8")
    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)
    assert "не обычный файл" in assert_refused(run_cli("export", game_gambler, "-o", pipe, "--force"))
    assert pipe.is_fifo()


def test_export_to_the_terminal_names_control_characters(tmp_path):
    path = tmp_path / "esc.toml"
    assert run_cli("new", path, "--pairs", "A,B").returncode == 0  # (`new` refuses such a name: a file from elsewhere)
    path.write_text(path.read_text(encoding="utf-8").replace('"A"', '"A\\u001b[2J\\u001b]0;pwned\\u0007"'), encoding="utf-8")
    assert run_cli("add", path, "12Т", "--by", "1", "--def-points", "18", "--note", "\x1b[31mred").returncode == 0
    for fmt in ("md", "csv", "html"):
        done = run_cli("export", path, "--format", fmt)
        assert done.returncode == 0, report(done)
        assert "\x1b" not in done.stdout and "\x07" not in done.stdout
        assert ("&lt;U+001B&gt;" if fmt == "html" else "<U+001B>") in done.stdout  # (a page's <U+001B> is a tag)


SEPARATED_NOTE = "a\rb\u2028c\u0085d\u2029e\x0bf\x1cg\x1bh\ti\nj"
SEPARATED_SHOWN = "a<U+000D>b<U+2028>c<U+0085>d<U+2029>e<U+000B>f<U+001C>g<U+001B>h i j"


@pytest.mark.parametrize("game", ["belot", "pref"])
def test_markdown_and_html_name_a_notes_line_separators_as_the_terminal_does(tmp_path, game):
    """Found by a newcomer: Markdown made a note's carriage return, U+2028 and U+0085 spaces (and kept ESC raw in a
    file), where every other output names them; now Markdown and HTML, to a file or to standard output, name them as
    ``<U+000D>`` (a tab or a line break: a space, the cell one line).  CSV and the workbook keep the text exactly."""
    path = tmp_path / "sep.toml"
    if game == "belot":
        assert run_cli("new", path, "--pairs", "A,B").returncode == 0
        added = run_cli("add", path, "12Т", "--by", "A", "--def-points", "18", "--note", SEPARATED_NOTE)
    else:
        assert run_cli("pref", "new", path, "--players", "А,Б,В").returncode == 0
        added = run_cli("pref", "add", path, "мизер", "--by", "А", "--tricks", "0", "--note", SEPARATED_NOTE)
    assert added.returncode == 0, report(added)
    for out in (None, tmp_path / "sep.md"):
        text = exported(path, "--format", "md") if out is None else (exported(path, "-o", out), out.read_text(encoding="utf-8"))[1]
        row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
        assert row.endswith(f"| {SEPARATED_SHOWN} |"), row
        assert not any(ch in text for ch in "\r\u2028\u0085\u2029\x0b\x1c\x1b\t"), repr(text)
    for out in (None, tmp_path / "sep.html"):
        page = exported(path, "--format", "html") if out is None else (exported(path, "-o", out), out.read_text(encoding="utf-8"))[1]
        assert f'class="note">{html.escape(SEPARATED_SHOWN)}</td>' in page
        assert not any(ch in page for ch in "\r\u2028\u0085\u2029\x0b\x1c\x1b\t"), repr(page)
    exported(path, "--format", "csv", "-o", tmp_path / "sep.csv")
    assert SEPARATED_NOTE in (tmp_path / "sep.csv").read_bytes().decode("utf-8")


def test_the_chart_never_cuts_a_long_pair_name(tmp_path):
    """Found by a newcomer's review: «Медведи Севера» and «Медведи Сибири» both showed as «Медведи С…»."""
    path = tmp_path / "long.toml"
    assert run_cli("new", path, "--pairs", "Медведи Севера,Медведи Сибири").returncode == 0
    assert run_cli("add", path, "12Т", "--by", "1", "--def-points", "18").returncode == 0
    done = run_cli("show", path, "--chart", columns=40)
    assert "Медведи Севера" in done.stdout and "Медведи Сибири" in done.stdout and "…" not in done.stdout


# --- Wording of list, stats and conventions list (review 2: Belot item 16, Preferans item 14) ---


def test_the_words_of_list_stats_and_conventions_list_read_as_russian(tmp_path):
    going = tmp_path / "going.toml"
    assert run_cli("new", going, "--pairs", "Мы,Они", "--players", "Мы=Аня+Боря,Они=Вера+Гена").returncode == 0
    assert run_cli("add", going, "12Т", "--by", "Мы", "--def-points", "18").returncode == 0
    listed = " ".join(run_cli("list", going, columns=40).stdout.split())
    assert "победитель — (не окончена)" in listed and "победитель не окончена" not in listed
    for _hand in range(4):
        assert run_cli("add", going, "15Т++", "--by", "Мы", "--def-points", "0").returncode == 0
    stats = run_cli("stats", going, columns=40).stdout
    players = stats[stats.index("Игроки"):]
    assert "Аня — партий 1; побед 1; доля побед 100%; очков" in " ".join(players.split())
    assert "Вера — партий 1; побед 0; доля побед 0%;" in " ".join(players.split())
    narrow = " ".join(run_cli("conventions", "list", columns=40).stdout.split())
    assert "bela — правила встроенные;" in narrow and "откуда" not in narrow


@pytest.mark.parametrize("lang, pairs, players, both", [("ru", "пары", "игроки", "пары или игроки"),
                                                         ("en", "pairs", "players", "pairs or players")])
def test_list_names_the_sides_as_each_game_seats_them(lang, pairs, players, both):
    """A пуля has players, a Belot game pairs: each line says its own; the table's column names both only above both."""
    pulya, game = EXAMPLES / "pulya-3.toml", EXAMPLES / "game-gambler.toml"
    lines = run_cli("--lang", lang, "list", pulya, game, columns=None).stdout.splitlines()  # (a pipe: lines whole)
    assert f"; {players} Аня, Боря, Вера;" in lines[1] and f"; {pairs} Север, Юг;" in lines[2], lines
    assert both not in " ".join(lines)
    alone = run_cli("--lang", lang, "list", pulya, columns=200).stdout
    assert f"┃ {players} " in alone and pairs not in alone, alone
    table = run_cli("--lang", lang, "list", pulya, game, columns=200).stdout
    assert f"┃ {both} ┃" in table, table
