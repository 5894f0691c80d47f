"""The HTML export in a real browser: headless Chromium opens the page of ``examples/game-gambler.toml`` (and of a
game of 25 hands), takes a screenshot, prints it to PDF: no console error, one A4 page, the chart's points right.

Chromium is Debian's ``chromium`` package: installed here when missing and we may (root with apt-get; ``.ci/run``
does the same), else this test is skipped with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import tomli_w

from conftest import EXAMPLES, report, run_cli, run_json
from test_share import check_chart

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--enable-logging=stderr", "--v=0"]


def chromium() -> str:
    """The browser's path, installing Debian's package first when it is missing and this process may."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.skip("chromium is not installed and cannot be installed here (needs root and apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
        if done.returncode:
            pytest.skip(f"chromium could not be installed: {' '.join(command)}: {done.stderr[-300:]}")
    found = shutil.which("chromium")
    if not found:
        pytest.skip("chromium was installed but is not on PATH")
    return found


@pytest.fixture(scope="module")
def browser() -> str:
    return chromium()


def open_in_browser(browser: str, page: Path, folder: Path, screenshot: bool) -> tuple[int, str]:
    """Print ``page`` to ``folder/page.pdf`` (and a screenshot to ``folder/page.png``); the PDF's page count and what
    the browser logged."""
    pdf = folder / "page.pdf"
    args = [browser, *FLAGS, f"--user-data-dir={folder / 'profile'}", f"--print-to-pdf={pdf}", "--no-pdf-header-footer"]
    if screenshot:
        args += ["--window-size=820,760", "--hide-scrollbars", f"--screenshot={folder / 'page.png'}"]
    done = subprocess.run([*args, page.as_uri()], capture_output=True, text=True, timeout=60, cwd=folder)
    assert done.returncode == 0, done.stderr[-2000:]
    data = pdf.read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    counts = [int(count) for count in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data)] or \
        [int(count) for count in re.findall(rb"/Count\s+(\d+)", data)]
    assert pages == max(counts), (pages, counts)
    return pages, done.stderr


def console_errors(log: str) -> list[str]:
    return [line for line in log.splitlines() if "Uncaught" in line or ":CONSOLE" in line or "ERROR:CONSOLE" in line]


def a4(pdf: Path) -> bool:
    """Whether the PDF's page is A4 (595 × 842 points, within a point)."""
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf.read_bytes())
    return box is not None and abs(float(box.group(1)) - 595.3) < 1.5 and abs(float(box.group(2)) - 841.9) < 1.5


def test_the_example_game_prints_on_one_a4_page_without_errors(browser, tmp_path):
    page = tmp_path / "game.html"
    done = run_cli("export", EXAMPLES / "game-gambler.toml", "--format", "html", "-o", page)
    assert done.returncode == 0, report(done)
    pages, log = open_in_browser(browser, page, tmp_path, screenshot=True)
    assert console_errors(log) == [], log[-2000:]
    assert pages == 1 and a4(tmp_path / "page.pdf")
    assert (tmp_path / "page.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    check_chart(page.read_text(encoding="utf-8"), run_json("show", EXAMPLES / "game-gambler.toml"))


def test_a_game_of_25_hands_with_notes_prints_on_one_page(browser, tmp_path, bench_generator):
    game = tmp_path / "game.toml"
    bench_generator.write_protocol(game, 25, target=5000, seed=11, pairs=("Аня и Петя", "Оля и Миша"))
    data = tomllib.loads(game.read_text(encoding="utf-8"))
    for hand in data["hand"]:
        if hand.get("by") == "Оля и Миша":
            hand["note"] = "контра Ани, спор, пересчитано по правилам клуба"
    game.write_text(tomli_w.dumps(data), encoding="utf-8")
    page = tmp_path / "game.html"
    assert run_cli("export", game, "--format", "html", "-o", page).returncode == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("контра Ани") > 3
    pages, log = open_in_browser(browser, page, tmp_path, screenshot=False)
    assert console_errors(log) == [], log[-2000:]
    assert pages == 1
    check_chart(html, run_json("show", game))


def test_the_console_check_sees_an_error(browser, tmp_path):
    """The check above can fail: a page whose script throws is caught."""
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><html><body><script>undefinedFunction()</script></body></html>", encoding="utf-8")
    _, log = open_in_browser(browser, page, tmp_path, screenshot=False)
    assert any("undefinedFunction" in line for line in console_errors(log)), log[-2000:]


SIXTEEN = ",".join(f"{name}={first}+{second}" for name, first, second in [
    ("Сокол", "Антон Архипов", "Борис Белов"), ("Орёл", "Вадим Волков", "Глеб Громов"),
    ("Ворон", "Денис Донской", "Егор Ершов"), ("Грач", "Жанна Жукова", "Злата Зимина"),
    ("Чиж", "Иван Ильин", "Карп Котов"), ("Дрозд", "Лев Львов", "Марк Миронов"),
    ("Клёст", "Нина Носова", "Олег Орлов"), ("Стриж", "Пётр Попов", "Рита Ронина"),
    ("Щегол", "Семён Седов", "Таня Титова"), ("Снегирь", "Ульяна Уварова", "Фёдор Фомин"),
    ("Иволга", "Харитон Хромов", "Цветана Цыганова"), ("Кукушка", "Чеслав Чернов", "Шура Шилова"),
    ("Зяблик", "Эдуард Эйхе", "Юлия Юдина"), ("Синица", "Яков Яковлев", "Алла Аксёнова"),
    ("Малиновка", "Богдан Бурин", "Вера Васнецова"), ("Соловей", "Григорий Гусев", "Дарья Дымова"),
])


def test_the_standings_of_sixteen_pairs_over_fifteen_rounds_print_on_one_a4_page(browser, tmp_path, bench_generator):
    from test_tournament_cli import generate

    folder = tmp_path / "club"
    generate(folder, SIXTEEN, bench_generator, seed=16)
    sheet = folder / "r15-t8.toml"  # one game of the last round not finished: shown as such
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text[: text.index("[[hand]]")], encoding="utf-8")
    page = tmp_path / "standings.html"
    done = run_cli("tournament", "standings", folder, "--format", "html", "-o", page)
    assert done.returncode == 0, report(done)
    html = page.read_text(encoding="utf-8")
    assert html.count("<tr data-entrant=") == 16 and html.count('data-round="15"') == 16
    assert html.count('class="round unfinished"') == 2 and "<script" not in html
    pages, log = open_in_browser(browser, page, tmp_path, screenshot=True)
    assert console_errors(log) == [], log[-2000:]
    assert pages == 1 and a4(tmp_path / "page.pdf")
    standings = run_json("tournament", "standings", folder)
    for line, entrant in zip(re.findall(r'<tr data-entrant="([^"]+)">', html), standings["entrants"]):
        assert line == entrant["name"]


def test_the_rating_page_prints_without_errors(browser, tmp_path, bench_generator):
    from test_tournament_cli import generate

    folder = tmp_path / "club"
    generate(folder, SIXTEEN, bench_generator, seed=3, rounds=5)
    page = tmp_path / "rating.html"
    assert run_cli("rating", folder, "--format", "html", "-o", page).returncode == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<polyline") == 16 and "<script" not in html  # generated sheets name no players: the pairs are rated
    pages, log = open_in_browser(browser, page, tmp_path, screenshot=False)
    assert console_errors(log) == [], log[-2000:]
    assert pages >= 1
