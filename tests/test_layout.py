"""One layout for every output (issue 20): every command that prints, of both games, in both languages, at a phone's
40 columns and at 60, 80 and 120 — no line wider than the terminal (so the terminal never folds one in the middle of
a number or a word), no cell cut to «…», and the values the command computes (read from its ``--json``) each whole
on a line.  The breaking itself (:mod:`bbscore.render.layout`) is tested on its own below."""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from conftest import EXAMPLES, REPO, report, run_cli

WIDTHS = (40, 60, 80, 120)


def numbers(data, keys: tuple[str, ...]) -> set[str]:
    """The numbers under ``keys`` anywhere in a JSON value, as text (fractions as ``a/b``)."""
    found: set[str] = set()

    def walk(value, under: bool) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key != "hands" or "total" in keys:  # (what each hand of a пуля wrote is not on its sheet)
                    walk(item, under or key in keys)
        elif isinstance(value, list):
            for item in value:
                walk(item, under)
        elif under and isinstance(value, (int, float, str)) and not isinstance(value, bool):
            text = str(value)
            if re.fullmatch(r"-?\d+(/\d+)?", text):
                found.add(text.lstrip("-"))
            elif isinstance(value, float):
                found.add(f"{value:g}".replace(".", ","))

    walk(data, False)
    return found


def check_layout(out: str, columns: int, values: set[str] = frozenset(), ellipses: int = 0) -> None:
    assert out.count("…") == ellipses, out  # no cell cut (the texts' own «…» aside)
    for line in out.splitlines():
        # a line wider than the terminal is one word longer than it (a SHA-256, a path): nothing to break it at
        assert len(line) <= columns or " " not in line.strip(), (columns, line, out)
    for value in values:
        assert re.search(rf"(?<![\d/,]){re.escape(value)}(?![\d/]|,\d)", out), (value, out)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A scratch folder with the examples (names short, so that a path fits a phone's line)."""
    root = tmp_path_factory.mktemp("layout")
    shutil.copytree(EXAMPLES, root / "ex")
    shutil.copyfile(REPO / "conventions" / "gambler.toml", root / "club.toml")
    return root


# (the command, its --json run for the values to find whole or None, the JSON keys whose numbers are shown)
CASES = [
    (["score", "15П+", "--def-points", "33", "--decl-con", "терц"], ["declarers", "defenders", "Vp", "Vv", "PC"]),
    (["score", "12Т", "--def-cards", "ВП ДП 7П 8П", "--last", "def"], ["declarers", "defenders"]),
    (["count", "Т", "ВТ 9Т ТТ 10Т 7П 8П ДП КП", "--last"], ["points"]),
    (["melds", "12Т", "--p1", "терц от Д♠", "--p2", "терц от Д♥", "--p3", "рамки-К"], ["visty"]),
    (["show", "ex/game-gambler.toml"], ["total", "totals"]),
    (["show", "ex/game-gambler.toml", "--chart"], None),
    (["recompute", "ex/slipped-game.toml"], None),
    (["recompute", "ex/pulya-3.toml"], None),
    (["stats", "ex"], ["points", "games", "hands"]),
    (["conventions", "list"], None),
    (["conventions", "show", "rostov"], None),
    (["conventions", "show", "gambler"], None),
    (["conventions", "diff", "rostov", "leningrad"], None),
    (["conventions", "check", "club.toml"], None),
    (["pref", "score", "7♥", "--by", "Вера", "--tricks", "5", "--whist", "Аня:3", "--whist", "Боря:2"],
     ["pulya", "gora", "vists"]),
    (["pref", "score", "распасы", "--tricks", "Аня=0,Боря=4,Вера=6", "--convention", "leningrad", "--after-raspasy", "2"],
     ["gora", "vists"]),
    (["pref", "show", "ex/pulya-4.toml"], ["pulya", "gora", "left"]),
    (["pref", "show", "ex/pulya-leningrad.toml"], ["pulya", "gora"]),
    (["pref", "settle", "ex/pulya-sochi.toml", "--per-vist", "0.10", "--currency", "₽"], ["shown", "gora"]),
    (["pref", "settle", "ex/pulya-3.toml"], ["shown", "vists_out", "vists_in"]),
]


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize(("args", "keys"), CASES, ids=[" ".join(args[:2]) for args, _ in CASES])
def test_every_output_fits_the_terminal_with_every_value_whole(folder, language, args, keys):
    values: set[str] = set()
    if keys:
        done = run_cli("--lang", language, *args, "--json", cwd=folder)
        assert done.returncode in (0, 1), done.stderr
        values = numbers(json.loads(done.stdout), tuple(keys))
    ellipses = run_cli("--lang", language, *args, cwd=folder, columns=None).stdout.count("…")
    for columns in WIDTHS:
        done = run_cli("--lang", language, *args, cwd=folder, columns=columns)
        assert done.returncode in (0, 1), done.stderr
        check_layout(done.stdout.replace("\u2212", "-").replace("-", ""), columns,
                     {value.lstrip("-") for value in values}, ellipses)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_commands_that_write_print_within_the_terminal_too(tmp_path, language):
    """new, add, edit, undo of both games, at each width (the sheets' names are long enough to be broken)."""
    for columns in WIDTHS:
        game = f"Партия-{columns}.toml"
        run = lambda *args: run_cli("--lang", language, *args, cwd=tmp_path, columns=columns)  # noqa: E731
        outputs = [
            run("new", game, "--pairs", "Долгопрудненские,Подмосковные Вечера", "--dealer", "2"),
            run("add", game, "15П+", "--by", "Дол", "--def-points", "33", "--decl-con", "терц", "--note",
                "контра от капитана, записано со слов, проверить после игры"),
            run("add", game, "22ВК", "--by", "2", "--def-points", "37"),
            run("edit", game, "1", "15П", "--by", "1", "--def-points", "33", "--decl-con", "терц"),
            run("undo", game),
            run("pref", "new", f"пуля-{columns}.toml", "--players", "Анастасия Петровна,Борис,Вера", "--target", "10"),
            run("pref", "add", f"пуля-{columns}.toml", "7♥", "--by", "Вера", "--tricks", "5", "--whist", "ана:3",
                "--whist", "Бор:2"),
            run("pref", "add", f"пуля-{columns}.toml", "распасы", "--tricks", "1=2,2=3,3=5"),
            run("pref", "edit", f"пуля-{columns}.toml", "1", "7♥", "--by", "Вера", "--tricks", "7", "--whist", "1",
                "--pass", "2"),
            run("pref", "undo", f"пуля-{columns}.toml"),
        ]
        for done in outputs:
            assert done.returncode == 0, done.stderr
            check_layout(done.stdout, columns)
        for done, total in ((outputs[1], 48), (outputs[2], 91)):  # a compact line's pair of totals never broken
            assert f" : {total}" in done.stdout or re.search(rf"│ +{total} │", done.stdout), done.stdout
        if columns < 60:
            assert "┃" not in outputs[2].stdout
        assert "Подмосковные Вечера" in " ".join(outputs[2].stdout.split("\n"))  # a name of two words, not broken
        assert "Анастасия Петровна" in " ".join(outputs[6].stdout.split("\n"))


def _continued(lines: list[str], first: str) -> list[str]:
    """The lines a line starting with ``first`` was broken into after its first: those up to the next line that
    starts at the left edge or with a list's two spaces (another entry)."""
    start = next(index for index, line in enumerate(lines) if line.startswith(first))
    rest = []
    for line in lines[start + 1:]:
        if not line.startswith("   ") and not (first.startswith("  ") and line.startswith("   ")):
            break
        rest.append(line)
    return rest


@pytest.mark.parametrize("language", ["ru", "en"])
def test_edits_was_and_now_lines_continue_under_their_text_at_40_columns(tmp_path, language):
    """Found by a newcomer: at 40 columns the continued lines of ``edit``'s «2 было.» / «2 стало.» (and of ``pref
    edit``'s «Было:» / «Стало:» and their «Висты:») started at the left edge; they are indented under the text after
    the label, as a numbered line's are under the text after «2.»."""
    run = lambda *args: run_cli("--lang", language, *args, cwd=tmp_path, columns=40)  # noqa: E731
    note = "длинная заметка про эту сдачу и ещё кое-что важное, чтобы перенести"
    assert run("new", "g.toml", "--pairs", "A,B").returncode == 0
    assert run("add", "g.toml", "12Т", "--by", "A", "--def-points", "18", "--note", note).returncode == 0
    done = run("edit", "g.toml", "1", "12Т", "--by", "A", "--def-points", "20")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    check_layout(done.stdout, 40)
    for label in (("1 было.", "1 стало.") if language == "ru" else ("1 before.", "1 after.")):
        continued = _continued(lines, label + " ")
        assert continued and all(line.startswith(" " * (len(label) + 1)) for line in continued), lines
        assert all(not line[len(label) + 1].isspace() for line in continued), lines
    players = "Александра,Борислав,Владислава,Григорий"
    assert run("pref", "new", "p.toml", "--players", players).returncode == 0
    assert run("pref", "add", "p.toml", "6♠", "--by", "Борислав", "--tricks", "4", "--whist", "Владислава:3",
               "--whist", "Григорий:3").returncode == 0
    done = run("pref", "edit", "p.toml", "1", "6♠", "--by", "Борислав", "--tricks", "3", "--whist", "Владислава:4",
               "--whist", "Григорий:3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    check_layout(done.stdout, 40)
    was, now, vists = ("Было:", "Стало:", "  Висты:") if language == "ru" else ("Was:", "Now:", "  Whists:")
    for label in (was, now):
        continued = _continued(lines, label + " ")
        assert continued and all(line.startswith(" " * (len(label) + 1)) for line in continued), lines
    vist_lines = [index for index, line in enumerate(lines) if line.startswith(vists + " ")]
    assert len(vist_lines) == 2
    for index in vist_lines:
        assert lines[index + 1].startswith(" " * (len(vists) + 1)) and lines[index + 1][len(vists) + 1] != " ", lines


@pytest.mark.parametrize("language", ["ru", "en"])
def test_pref_settle_keeps_each_amount_of_vists_whole_at_40_columns(tmp_path, language):
    """Found by a newcomer: at 40 columns ``pref settle`` left «виста» alone at the start of a line (its number at
    the end of the one before).  Each amount — ``115 вистов``, ``340/3 виста``, ``= 16,20 ₽`` — is whole on a line."""
    from bbscore import i18n
    from bbscore.preferans.working import vists_word

    path = tmp_path / "long.toml"
    names = {"Аня": "Александра", "Боря": "Борислав", "Вера": "Владислава"}
    text = (EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8")
    for short, long in names.items():
        text = text.replace(short, long)
    path.write_text(text, encoding="utf-8")
    settled = json.loads(run_cli("pref", "settle", path, "--json").stdout)
    i18n.set_language(language)
    try:
        amounts = {vists_word(abs(int(payment["vists"]))) for payment in settled["payments"]}
    finally:
        i18n.set_language("ru")
    for columns in (36, 38, 40):
        done = run_cli("--lang", language, "pref", "settle", path, "--per-vist", "0.10", "--currency", "₽",
                       columns=columns)
        assert done.returncode == 0, done.stderr
        check_layout(done.stdout, columns)
        lines = done.stdout.splitlines()
        for amount in amounts:
            assert any(amount in line for line in lines), (amount, lines)
        unit = re.compile(r"^\s*(виста|вистов|вист|whists?)\b")  # (after a line ending in its number)
        assert not any(unit.match(line) and re.search(r"\d$", before) for before, line in zip(lines, lines[1:])), lines
        assert not any(re.search(r"(виста|вистов|вист|whists?) =$", line.rstrip()) for line in lines), lines


# --------------------------------------------------------------------------- the breaking itself
# --------------------------------------------------------------------------- the breaking itself


def test_lines_break_between_words_keeping_glued_values_and_hanging_an_indent():
    from rich.text import Text

    from bbscore.render.layout import keep, keep_names, question_lines, wrapped

    keep_names(["Подмосковные Вечера"])
    text = "  3. Подмосковные Вечера пишут 12 345 : 678 и ещё " + keep("7,80 ₽") + " — итог 28 / 301 сейчас"
    for width in (24, 30, 40, 60):
        lines = wrapped(Text(text), width).plain.split("\n")
        assert " ".join(" ".join(lines).split()) == " ".join(text.replace("\u00a0", " ").split())
        assert all(line.startswith("     ") for line in lines[1:])  # under the text after «3. »
        flat = "\n".join(lines)
        for whole in ("678", "7,80 ₽", "28 / 301"):
            assert whole in flat
    assert "Подмосковные Вечера" in wrapped(Text(text), 30).plain
    for width in range(12, 30):  # a construction by its top card is one thing
        assert "терц от ДЧ" in wrapped(Text("рамки-К выше, чем терц от ДЧ (игрок 2)"), width).plain
    assert question_lines("Контракт (12Т, 15П+, ^Б, 20ВК; игры П Т Б Ч БК ВК): ", 40) == [
        "Контракт (12Т, 15П+, ^Б, 20ВК; игры П Т", "Б Ч БК ВК): "]
    assert question_lines("Сдача 1: ", 40) == ["Сдача 1: "]
    assert question_lines("Who plays \x1b[2J: ", 40) == ["Who plays <U+001B>[2J: "]


def test_a_word_longer_than_the_line_is_cut_only_there_a_path_after_a_folder():
    from rich.text import Text

    from bbscore.render.layout import wrapped

    lines = wrapped(Text("файл /tmp/pytest/very/long/folder/name/of/the/sheet.toml есть"), 20).plain.split("\n")
    assert all(len(line) <= 20 for line in lines)
    assert any(line.endswith("/") for line in lines)


@given(st.integers(min_value=0, max_value=45), st.sampled_from(["\x07", "\x1b", "\u2028", "\U000e0001", "\udc9b"]),
       st.integers(min_value=8, max_value=40))
def test_a_named_control_character_is_never_split_across_lines(before, character, width):
    """Found by a newcomer at 40 columns: a long word's ``<U+0007>`` was cut as ``<U+0007`` / ``>``.  A named
    character is one piece of a word too long for its line: on one line whole, the word's letters all kept."""
    from rich.text import Text

    from bbscore.errors import visible
    from bbscore.render.layout import break_points, wrapped

    word = "x" * before + character + "y" * 30
    shown = visible(word)
    name = shown[before:shown.index(">", before) + 1]
    for lines in (wrapped(Text(shown), width).plain.split("\n"),
                  [shown[start:end] for start, end, _indent in break_points(shown, width)]):
        assert any(name in line for line in lines), lines
        assert "".join(line.strip() for line in lines) == shown
        assert all(len(line) <= max(width, len(name)) for line in lines)


def test_a_notes_named_bell_is_whole_in_show_at_40_columns(tmp_path):
    path = tmp_path / "bell.toml"
    assert run_cli("new", path, "--pairs", "A,B").returncode == 0
    note = "abcdefghij" * 3 + "\x07" + "qrstuvwxyz" * 2
    assert run_cli("add", path, "12Т", "--by", "A", "--def-points", "18", "--note", note).returncode == 0
    for command in (["show"], ["--lang", "en", "show"]):
        done = run_cli(*command, path, columns=40)
        assert done.returncode == 0 and "<U+0007>qrstuvwxyz" in done.stdout, done.stdout
        assert all(len(line) <= 40 for line in done.stdout.splitlines())


@given(st.lists(st.one_of(st.from_regex(r"[0-9]{1,6}", fullmatch=True), st.sampled_from(["—", ":", "Мы", "итог"])),
                min_size=1, max_size=40), st.integers(min_value=8, max_value=60))
def test_no_number_is_ever_split_and_no_word_lost(words, width):
    """Property: whatever the words and the width, every line fits, every word is on one line, the words are the
    same in the same order."""
    from rich.text import Text

    from bbscore.render.layout import wrapped

    lines = wrapped(Text(" ".join(words)), width).plain.split("\n")
    assert all(len(line) <= width for line in lines)
    assert [word for line in lines for word in line.split()] == words


def test_a_compact_table_below_60_columns_and_a_table_that_fits(monkeypatch):
    from rich.table import Table

    from bbscore.render import layout

    def printed(columns: int) -> str:
        monkeypatch.setenv("COLUMNS", str(columns))
        out = layout.console()
        table = Table(title="Итоги")
        for header in ("пара", "очки", "примечание"):
            table.add_column(header)
        table.add_row("Мы", "301", "очень длинное примечание о том, как всё было на самом деле")
        with out.capture() as captured:
            layout.print_fitting(out, table, prose=(2,))
        return captured.get()

    narrow, wide = printed(40), printed(120)
    assert narrow.splitlines()[0] == "Итоги" and narrow.splitlines()[1].startswith("Мы — очки 301; примечание")
    assert "┃ пара ┃" in wide and max(len(line) for line in narrow.splitlines()) <= 40


# A hand's result to no terminal is written by bbscore itself where rich would write plain text (layout.PlainConsole,
# start-up: issue 24): byte for byte what rich writes, at every width and in both languages.
HANDS = [
    ("score", "12Т", "--def-points", "18"),
    ("score", "15П+", "--def-points", "33", "--decl-con", "терц"),
    ("score", "12Т", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла"),
    ("score", "21ВК++", "--def-points", "60", "--decl-con", "терц,терц,бэла"),
    ("score", "^Т", "--def-points", "0", "--decl-tricks", "8"),
    ("score", "16Ч", "--def-points", "90"),
    ("score", "12C", "--def-points", "18", "--lang", "en"),
    ("score", "22AT", "--def-points", "100", "--decl-con", "tierce", "--lang", "en"),
    ("score", "12Т", "--def-points", "18", "--convention", "classic"),
]


@pytest.mark.parametrize("args", HANDS, ids=" ".join)
@pytest.mark.parametrize("columns", (None, 20, 40, 59, 60, 61, 80, 1000))
def test_a_hands_result_written_plain_is_what_rich_writes(monkeypatch, args, columns):
    from bbscore.render import layout

    with monkeypatch.context() as patch:  # the plain console, and never rich's
        patch.setattr(layout, "_safe_console", lambda: pytest.fail("rich's console was made"))
        plain = run_cli(*args, columns=columns)
    with monkeypatch.context() as patch:
        patch.setattr(layout, "rich_adds_nothing", lambda: False)
        rich = run_cli(*args, columns=columns)
    assert (plain.returncode, plain.stdout, plain.stderr) == (rich.returncode, rich.stdout, rich.stderr)
    assert plain.returncode == 0 and ("Расчёт" in plain.stdout or "Working" in plain.stdout), plain.stderr


class _Output(io.StringIO):
    def __init__(self, terminal: bool | None, encoding: str = "utf-8") -> None:
        super().__init__()
        self.terminal, self._encoding = terminal, encoding

    @property
    def encoding(self) -> str:
        return self._encoding

    def isatty(self) -> bool:
        if self.terminal is None:  # closed
            raise ValueError("I/O operation on closed file")
        return self.terminal


@pytest.mark.parametrize("environment", ({}, {"COLUMNS": "57"}, {"COLUMNS": "0"}, {"COLUMNS": "wide"},
                                         {"FORCE_COLOR": ""}, {"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "0"},
                                         {"TTY_COMPATIBLE": "1"}, {"NO_COLOR": "1", "TERM": "dumb"}))
@pytest.mark.parametrize("terminal", (False, True, None))
@pytest.mark.parametrize("encoding", ("utf-8", "ascii"))
@pytest.mark.parametrize("sizes", ({}, {0: 72}, {2: 0}, {"stdin": None}))
def test_plain_output_only_where_rich_writes_plain_text(monkeypatch, environment, terminal, encoding, sizes):
    """The plain console is taken only where rich's own console takes its output for no terminal (no style, no
    control code), draws its boxes in Unicode, and has the same width — from COLUMNS, else the first standard stream
    that is a terminal (``sizes``: the columns of each that is; ``stdin: None``, a standard input without a file
    descriptor), else 80; everywhere it may not be so, rich's."""
    import os

    from rich.console import Console

    from bbscore.render import layout

    for name in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "stdout", _Output(terminal, encoding))

    def terminal_size(descriptor):
        if descriptor not in sizes:
            raise OSError("not a terminal")
        return os.terminal_size((sizes[descriptor], 24))

    monkeypatch.setattr(os, "get_terminal_size", terminal_size)
    if "stdin" in sizes:
        monkeypatch.setattr(sys, "__stdin__", None)
    rich = Console()
    rich_width = rich.width
    if environment.get("COLUMNS") == "0":  # (rich's own takes it for a width of nothing; bbscore, as no width given)
        monkeypatch.delenv("COLUMNS")
        rich_width = Console().width
        monkeypatch.setenv("COLUMNS", "0")
    plain = layout.rich_adds_nothing()
    assert plain == (not terminal and encoding == "utf-8" and not {"FORCE_COLOR", "TTY_COMPATIBLE"} & set(environment))
    if plain:
        assert not rich.is_terminal and rich.encoding.startswith("utf") and layout._rich_width() == rich_width
        assert isinstance(layout.console(plain=True), layout.PlainConsole)
    else:
        assert not isinstance(layout.console(plain=True), layout.PlainConsole)


@pytest.mark.parametrize("columns", ["0", "00", "wide", "-3", ""])
@pytest.mark.parametrize("args", [["recompute", EXAMPLES / "slipped-game.toml"], ["show", EXAMPLES / "game-gambler.toml"],
                                  ["--lang", "en", "list", EXAMPLES]])
def test_a_columns_that_gives_no_width_is_taken_as_none_given(args, columns):
    """Found by a newcomer: ``COLUMNS=0`` printed nothing at all (rich took it for a width of nothing) — `recompute`
    lost its slips and still exited 1.  A ``COLUMNS`` that is not a width of at least 1 is taken as unset."""
    unset = run_cli(*args, columns=None)
    assert unset.stdout.count("\n") > 1, report(unset)
    done = run_cli(*args, columns=columns)  # (COLUMNS set to that text)
    assert (done.returncode, done.stdout, done.stderr) == (unset.returncode, unset.stdout, unset.stderr)


def test_a_plain_table_has_no_column_of_prose():
    """Prose that wraps inside a cell is rich's work: a plain console's table refuses it (no caller gives one)."""
    from bbscore.render import layout

    out = layout.PlainConsole(80, False)
    table = layout.table(out, title="Итоги")
    table.add_column("пара")
    table.add_column("примечание")
    table.add_row("Мы", "длинное примечание")
    with pytest.raises(ValueError):
        layout.print_fitting(out, table, prose=(1,))


# What add and edit print to no terminal — the hand's line(s) as a table (with a note, or a long note that folds), and
# the standing — is bbscore's own where rich would write plain text, byte for byte what rich writes (issue 24).
CHANGES = [
    ("add", "game.toml", "12Т", "--by", "Север", "--def-points", "18"),
    ("add", "game.toml", "12Т", "--by", "Север", "--def-points", "18", "--note", "капо у Юга!"),
    ("add", "game.toml", "15П+", "--by", "Юг", "--def-points", "33", "--note", "очень " * 12 + "длинное примечание"),
    ("add", "game.toml", "12C", "--by", "Север", "--def-points", "18", "--note", "n", "--lang", "en"),
    ("edit", "game.toml", "1", "12Т", "--by", "Север", "--def-points", "18"),
    ("edit", "game.toml", "2", "16Ч", "--by", "Юг", "--def-points", "90", "--note", "бэла у нас"),
    ("edit", "game.toml", "1", "12C", "--by", "Север", "--def-points", "40", "--lang", "en"),
]


def _printed_plain_and_rich(monkeypatch, folder: Path, made, args, columns, rich_allowed: bool):
    """``args`` run twice, each on a sheet ``made`` (its commands) in a folder of its own: with the plain console where
    rich would write plain text (rich's console failing the test unless ``rich_allowed``), then with rich's; each run
    changing its sheet.  Returns both runs."""
    from bbscore.render import layout

    printed = []
    for side in ("plain", "rich"):
        (folder / side).mkdir()
        for command in made:
            assert run_cli(*command, cwd=folder / side).returncode == 0
        sheet = folder / side / args[args.index("add" if "add" in args else "edit") + 1]
        before = sheet.read_bytes()
        with monkeypatch.context() as patch:
            if side == "rich":
                patch.setattr(layout, "rich_adds_nothing", lambda: False)
            elif not rich_allowed:
                patch.setattr(layout, "_safe_console", lambda: pytest.fail("rich's console was made"))
            printed.append(run_cli(*args, columns=columns, cwd=folder / side))
        assert sheet.read_bytes() != before
    return printed


@pytest.mark.parametrize("args", CHANGES, ids=" ".join)
@pytest.mark.parametrize("columns", (None, 40, 59, 60, 72, 80, 1000))
def test_what_add_and_edit_print_plain_is_what_rich_writes(monkeypatch, tmp_path, args, columns):
    made = (("new", "game.toml", "--pairs", "Север,Юг"),
            ("add", "game.toml", "9Т", "--by", "Юг", "--def-points", "70", "--note", "терц у Севера"),
            ("add", "game.toml", "10Б", "--by", "Север", "--def-points", "40"))
    folds = columns not in (None, 40, 59, 1000) or any("длинное" in arg for arg in args)  # (a note to fold: rich)
    plain, rich = _printed_plain_and_rich(monkeypatch, tmp_path, made, args, columns, rich_allowed=folds)
    assert plain.returncode == 0, plain.stderr
    assert (plain.returncode, plain.stdout, plain.stderr) == (rich.returncode, rich.stdout, rich.stderr)


PREF_CHANGES = [
    ("pref", "add", "pulya.toml", "6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Вера"),
    ("pref", "add", "pulya.toml", "мизер", "--by", "Вера", "--tricks", "1"),
    ("pref", "add", "pulya.toml", "7♥", "--by", "Боря", "--tricks", "7", "--whist", "Аня", "--pass", "Вера",
     "--lang", "en"),
    ("pref", "edit", "pulya.toml", "1", "8♦", "--by", "Аня", "--tricks", "8", "--whist", "Боря", "--pass", "Вера"),
]


@pytest.mark.parametrize("args", PREF_CHANGES, ids=" ".join)
@pytest.mark.parametrize("columns", (None, 40, 1000))
def test_what_pref_add_and_edit_print_plain_is_what_rich_writes(monkeypatch, tmp_path, args, columns):
    made = (("pref", "new", "pulya.toml", "--players", "Аня,Боря,Вера", "--target", "10"),
            ("pref", "add", "pulya.toml", "6♣", "--by", "Вера", "--tricks", "6", "--whist", "Аня", "--pass", "Боря"))
    plain, rich = _printed_plain_and_rich(monkeypatch, tmp_path, made, args, columns, rich_allowed=False)
    assert plain.returncode == 0, plain.stderr
    assert (plain.returncode, plain.stdout, plain.stderr) == (rich.returncode, rich.stdout, rich.stderr)
