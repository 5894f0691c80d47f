"""The HTML export in a real browser: headless Chromium opens the page of ``examples/game-gambler.toml`` (and of a
game of 25 hands), takes a screenshot, prints it to PDF: no console error, one A4 page, the chart's points right.

Chromium is Debian's ``chromium`` package: installed here when missing and we may (root with apt-get; ``.ci/run``
does the same), else this test is skipped with the reason.
"""

from __future__ import annotations

import html
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


# --------------------------------------------------------------------------- a phone, and A4 pages


MEASURE = """<!DOCTYPE html><html><body style="margin:0">{frames}<pre id="measured"></pre><script>
window.addEventListener('load', () => {{
  const laid = [...document.querySelectorAll('iframe')].map(frame => {{
    const view = frame.contentWindow, doc = view.document;
    const notes = [...doc.querySelectorAll('td.note, tr.noted td')].filter(cell => cell.offsetParent !== null);
    const boxes = notes.map(cell => cell.getBoundingClientRect());
    return {{width: view.innerWidth, page: doc.documentElement.scrollWidth, notes: notes.map(cell => cell.textContent),
             left: Math.min(...boxes.map(box => box.left)), right: Math.max(...boxes.map(box => box.right)),
             cut: notes.filter(cell => cell.scrollWidth > cell.clientWidth + 1).length}};
  }});
  document.getElementById('measured').textContent = JSON.stringify(laid);
}});
</script></body></html>"""
FRAME = '<iframe style="width:{width}px;height:844px;border:0;display:block" srcdoc="{page}"></iframe>'


def measured(browser: str, pages: list[tuple[str, int]], folder: Path) -> list[dict]:
    """Each page laid out at its width in CSS pixels (in a frame of that width: a headless window is never narrower
    than 500), all in one run of the browser: its own width, and the boxes of the notes shown."""
    import html
    import json

    wrapper = folder / "measure.html"
    frames = "".join(FRAME.format(width=width, page=html.escape(page, quote=True)) for page, width in pages)
    wrapper.write_text(MEASURE.format(frames=frames), encoding="utf-8")
    done = subprocess.run([browser, *FLAGS, f"--user-data-dir={folder / 'profile'}", "--window-size=800,900",
                           "--dump-dom", wrapper.as_uri()], capture_output=True, text=True, timeout=60, cwd=folder)
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="measured">([^<]*)</pre>', done.stdout)
    assert found and found.group(1), done.stdout[-2000:]
    return json.loads(html.unescape(found.group(1)))


LONG_NOTE = "спор_о_контре_" + "Ж" * 70 + " и слова после, чтобы было видно, где строка кончается"


def noted_game(bench_generator, folder: Path, hands: int) -> Path:
    game = folder / "game.toml"
    bench_generator.write_protocol(game, hands, target=10**6, seed=5, pairs=("Аня и Петя", "Оля и Миша"))
    data = tomllib.loads(game.read_text(encoding="utf-8"))
    for number, hand in enumerate(data["hand"]):
        if number % 3 == 0:
            hand["note"] = LONG_NOTE
    game.write_text(tomli_w.dumps(data), encoding="utf-8")
    return game


def noted_pulya(folder: Path) -> Path:
    pulya = folder / "pulya.toml"
    data = tomllib.loads((EXAMPLES / "pulya-4.toml").read_text(encoding="utf-8"))
    data["hand"][2]["note"] = LONG_NOTE
    pulya.write_text(tomli_w.dumps(data), encoding="utf-8")
    return pulya


def test_the_pages_fit_a_phone_and_a4_and_no_note_is_cut(browser, tmp_path, bench_generator):
    """Both games' pages at a phone's 390 px and at the text width of an A4 page (186 mm, 703 px): the page no wider
    than the screen, every note shown whole inside it (on a phone under its hand, the whole width)."""
    pages = [run_cli("export", path, "--format", "html").stdout
             for path in (noted_game(bench_generator, tmp_path, 25), noted_pulya(tmp_path))]
    assert all('<meta name="viewport" content="width=device-width, initial-scale=1">' in page for page in pages)
    sizes = [(page, width) for page in pages for width in (390, 703)]
    for (page, width), laid in zip(sizes, measured(browser, sizes, tmp_path)):
        assert laid["width"] == width and laid["page"] <= width, laid
        shown = [note for note in laid["notes"] if note]
        long = [note for note in shown if note == LONG_NOTE]  # (and a closed пуля's overflow: its words in its note)
        assert long and all(note == LONG_NOTE or "сверх пули" in note for note in shown), shown[:2]
        assert len(long) == page.count(LONG_NOTE) // 2 and all(note in html.unescape(page) for note in shown)
        assert laid["left"] >= 0 and laid["right"] <= width and laid["cut"] == 0, laid


def test_a_long_game_prints_on_a4_pages_each_with_the_header_row(browser, tmp_path, bench_generator):
    """A game of 120 hands prints on several A4 pages, the sheet's header row at the top of each page the sheet is on
    (its fill, #e9e9e9, is drawn on each page: the header is painted nowhere else)."""
    import zlib

    page = tmp_path / "long.html"
    assert run_cli("export", noted_game(bench_generator, tmp_path, 120), "--format", "html", "-o", page).returncode == 0
    pages, log = open_in_browser(browser, page, tmp_path, screenshot=False)
    assert console_errors(log) == [] and pages >= 3 and a4(tmp_path / "page.pdf")
    data = (tmp_path / "page.pdf").read_bytes()
    objects = {int(m.group(1)): m.group(2) for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", data, re.S)}
    headed = []
    for number in sorted(n for n, body in objects.items() if re.search(rb"/Type\s*/Page(?![a-zA-Z])", body)):
        contents = objects[int(re.search(rb"/Contents\s+(\d+) 0 R", objects[number]).group(1))]
        stream = zlib.decompress(contents.split(b"stream", 1)[1].rsplit(b"endstream", 1)[0].strip(b"\r\n"))
        headed.append(b".9137 .9137 .9137 rg" in stream)  # 0xe9 / 255
    assert len(headed) == pages and all(headed[:-1]) and headed[0], headed  # (the last page may hold the chart alone)
