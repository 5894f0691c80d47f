"""The performance benchmark of bbscore: every target of issue 24 (and of the issues before it), measured as a ratio of
the same moment — a command and its baseline run in turn, A B A B …, and the median of the per-pair ratios reported
with their min and max (on a machine shared with other work, the best run of each taken separately is not a ratio of
one moment; a pair is).

Targets (a benchmark, not a timed test — CI does not run it; it reports, it does not gate):

* start-up, against ``python -c "import typer"``: ``score 12Т --def-points 18 --json`` and ``pref score … --json`` ≤
  1.2×; ``score 12Т --def-points 18`` with its table and working ≤ 1.5×; ``bbscore --help`` and ``bbscore pref --help``
  ≤ 1.5×;
* batch, against ``tomllib`` parsing the same file: ``recompute`` of 100,000 hands typed from paper (inputs only)
  ≤ 1.0×, of 100,000 hands as the tool writes them (with scores and totals) ≤ 0.9×, of a 20,000-hand пуля ≤ 1.0×;
  with ``--full``, 1,000,000 hands: peak memory ≤ 1.2× the parser's (time shown); 10k and 1M (time) shown for the
  linearity;
* ``add`` and ``edit`` of hand 1 on a 10,000-hand protocol ≤ 1.1× its ``recompute``; ``pref add`` and ``pref edit``
  of hand 1 on a 10,000-hand пуля the same;
* ``play`` and ``pref play``: every answer of a scripted 300-hand session under 30 ms beyond start-up at hand 300
  (each answer timed in the process: the time from reading it to asking for the next; the slowest of the last 20
  hands);
* many files: ``recompute`` of 1,000 small protocols ≤ 2× parsing them (default workers, and ``--jobs 1``); ``stats``
  and ``list`` of them ≤ 1.5× that ``recompute``;
* sharing: ``export`` of one game (html, csv, md) ≤ 1× ``show`` of it;
* a 6 MB refused value: ``add`` and ``recompute`` at most 0.2 s beyond Python starting and ``tomllib`` parsing the file.

Every command runs in a fresh subprocess of this interpreter (``python -m bbscore`` imports this checkout), forked by
a small launcher that reports its wall time and peak RSS (``os.wait4``).  Usage::

    python tests/bench/run.py            # everything but 1,000,000 hands (about ten minutes on two cores)
    python tests/bench/run.py --quick    # start-up, 10k hands, 100 files, shorter sessions
    python tests/bench/run.py --full     # also 1,000,000 hands (several minutes more, ~0.15 GB of file)
    python tests/bench/run.py --only batch --only play --pairs 7

Exit code 0 whatever the ratios (it reports, it does not gate); 1 only when a measured command itself failed (a crash,
or recompute not agreeing with a generated file).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

STARTUP_PAIRS = 10
JSON_TARGET = 1.2  # score --json, pref score --json against import typer
WORKING_TARGET = 1.5  # score with its table and working
HELP_TARGET = 1.5  # bbscore --help, bbscore pref --help
PAPER_TARGET = 1.0  # recompute of 100,000 paper-typed hands against tomllib's parse of the file
WRITTEN_TARGET = 0.9  # … of 100,000 tool-written hands
PULYA_TARGET = 1.0  # recompute of a 20,000-hand пуля
MEMORY_TARGET = 1.2  # peak memory of recompute of 1,000,000 hands against tomllib's
BATCH_TARGET_HANDS = 100_000
CHANGE_TARGET = 1.1  # add, edit on a 10,000-hand protocol against its recompute
CHANGE_HANDS = 10_000
PLAY_TARGET_MS = 30.0
PLAY_HANDS = 300
PLAY_LAST = 20  # the hands at the end of the session whose answers are judged
MANY_TARGET = 2.0
MANY_TARGET_FILES = 1000
STATS_TARGET = 1.5  # stats of the many files, against recompute of them
LIST_TARGET = 1.5  # list of the many files, against recompute of them
EXPORT_TARGET = 1.0  # export of one game, against show of it
REFUSED_EXTRA = 0.2  # seconds a refused 6 MB value may cost beyond Python's start-up and the file's TOML
PARSE_ONE = (
    "import sys, tomllib\n"
    "with open(sys.argv[1], 'rb') as stream:\n"
    "    data = tomllib.load(stream)\n"
    "print(len(data.get('hand', [])))\n"
)
PARSE_MANY = (
    "import sys, tomllib\n"
    "hands = 0\n"
    "for name in sys.argv[1:]:\n"
    "    with open(name, 'rb') as stream:\n"
    "        hands += len(tomllib.load(stream).get('hand', []))\n"
    "print(hands)\n"
)


class CommandFailed(Exception):
    pass


@dataclass
class Run:
    seconds: float
    rss_mib: float | None
    stdout: str


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONIOENCODING"] = "utf-8"
    env["COLUMNS"] = "100"
    env.pop("BBSCORE_DEBUG", None)
    # Measure what an installed package does: pip compiles bytecode at install, so let Python use it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_bytecode() -> None:
    """Write the .pyc files of bbscore and its libraries once, as `pip install` does, before timing anything."""
    import compileall
    import importlib.util

    folders = [REPO / "bbscore"]
    for name in ("typer", "rich", "msgspec", "tomli_w", "tomli", "filelock", "platformdirs", "prompt_toolkit"):
        spec = importlib.util.find_spec(name)
        if spec and spec.submodule_search_locations:
            folders += [Path(location) for location in spec.submodule_search_locations]
    for folder in folders:
        compileall.compile_dir(str(folder), quiet=1)


ENV = environment()


# Runs one command and writes "seconds maxrss_kib exit_code" to argv[1].  The command is forked from this small
# process and not from the benchmark's own (which holds the generator's data): a child's peak RSS (ru_maxrss)
# counts its memory before exec too, so forking from a big parent would report the parent's size.
LAUNCHER = (
    "import os, sys, time\n"
    "report, command = sys.argv[1], sys.argv[2:]\n"
    "started = time.perf_counter()\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    try:\n"
    "        os.execv(command[0], command)\n"
    "    finally:\n"
    "        os._exit(127)\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "seconds = time.perf_counter() - started\n"
    "with open(report, 'w') as stream:\n"
    "    stream.write(f'{seconds} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}')\n"
)
CAN_FORK = hasattr(os, "fork") and hasattr(os, "wait4")


def run(command: list[str], *, ok_codes: tuple[int, ...] = (0,), stdin: Path | None = None) -> Run:
    """Run a command in a fresh process (standard input from ``stdin``, or none): its wall time, its peak RSS and
    its output."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".txt") as report, \
            (open(stdin, "rb") if stdin else open(os.devnull, "rb")) as given:
        if CAN_FORK:
            subprocess.run([sys.executable, "-c", LAUNCHER, report.name, *command], stdout=out, stderr=err,
                           stdin=given, env=ENV, cwd=REPO, check=True)
            text = report.read().split()
            seconds, rss_kib, code = float(text[0]), int(text[1]), int(text[2])
            # ru_maxrss: KiB on Linux, bytes on macOS
            rss: float | None = rss_kib / (1024 * 1024 if sys.platform == "darwin" else 1024)
        else:
            started = time.perf_counter()
            code = subprocess.run(command, stdout=out, stderr=err, stdin=given, env=ENV, cwd=REPO).returncode
            seconds, rss = time.perf_counter() - started, None
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if code not in ok_codes:
        shown = " ".join(command if len(command) < 12 else command[:8] + ["…"])
        raise CommandFailed(f"{shown}: exit {code}\n{stderr[-2000:]}{stdout[-500:]}")
    return Run(seconds, rss, stdout)


def bbscore(*args: str) -> list[str]:
    return [sys.executable, "-m", "bbscore", *args]


# --- paired measurements ---


@dataclass
class Paired:
    """Commands A (the baseline) and B run in turn: their runs, and B's time over A's in each pair."""

    a: list[Run] = field(default_factory=list)
    b: list[Run] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [b.seconds / a.seconds for a, b in zip(self.a, self.b)]

    @property
    def memory_ratios(self) -> list[float]:
        return [b.rss_mib / a.rss_mib for a, b in zip(self.a, self.b) if a.rss_mib and b.rss_mib]

    def seconds(self, side: str) -> float:
        return statistics.median(run.seconds for run in getattr(self, side))

    def rss(self, side: str) -> float | None:
        values = [run.rss_mib for run in getattr(self, side) if run.rss_mib is not None]
        return statistics.median(values) if values else None


def paired(first: list[str], second: list[str], pairs: int, check_first: Callable[[Run], None] | None = None,
           check_second: Callable[[Run], None] | None = None, before_first: Callable[[], None] | None = None,
           before_second: Callable[[], None] | None = None, ok_second: tuple[int, ...] = (0,),
           warm: bool = True) -> Paired:
    """``first`` and ``second`` in turn ``pairs`` times (after one unmeasured run of each, with ``warm``), each run's
    output checked; ``before_*`` prepares each run (a fresh copy of a file that the command changes)."""
    result = Paired()
    for index in range(pairs + (1 if warm else 0)):
        if before_first:
            before_first()
        one = run(first)
        if check_first:
            check_first(one)
        if before_second:
            before_second()
        two = run(second, ok_codes=ok_second)
        if check_second:
            check_second(two)
        if index or not warm:
            result.a.append(one)
            result.b.append(two)
    return result


# --- the report ---

ROWS: list[tuple[str, str, str, str, str, str]] = []
PROBLEMS: list[str] = []


def spread(values: list[float], unit: str = "×", digits: int = 2) -> str:
    """``1.02× (0.97–1.10)``: the median of the values, their min and max."""
    return (f"{statistics.median(values):.{digits}f}{unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"
            if values else "?")


def row(what: str, baseline: str, measured: str, values: list[float] | None, target: float | None,
        unit: str = "×", digits: int = 2, prefix: str = "≤ ") -> None:
    """A row of the table: the median of ``values`` (ratios, or ms) with their spread, against ``target``."""
    median = statistics.median(values) if values else None
    verdict = "" if median is None or target is None else ("PASS" if median <= target else "FAIL")
    ROWS.append((what, baseline, measured, spread(values, unit, digits) if values else "",
                 "" if target is None else f"{prefix}{target:g}{unit}", verdict))


def print_table() -> None:
    header = ("measurement", "baseline", "bbscore", "median (min–max)", "target", "result")
    widths = [max(len(r[i]) for r in ROWS + [header]) for i in range(len(header))]
    line = "  ".join(("{:<%d}" if i in (0, 5) else "{:>%d}") % w for i, w in enumerate(widths))
    print(line.format(*header))
    print("  ".join("-" * w for w in widths))
    for r in ROWS:
        print(line.format(*r))
    judged = [r for r in ROWS if r[5]]
    failed = [r for r in judged if r[5] == "FAIL"]
    print(f"\n{len(judged) - len(failed)} of {len(judged)} targets met" + (": every target met." if not failed else
                                                                        f"; not met: {', '.join(r[0] for r in failed)}"))


def cpu_model() -> str:
    try:
        for text in Path("/proc/cpuinfo").read_text().splitlines():
            if text.lower().startswith(("model name", "hardware", "cpu model")):
                return text.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def print_machine(pairs: int) -> None:
    print("bbscore benchmark")
    print(f"machine: {platform.platform()}; CPU {cpu_model()}; nproc {os.cpu_count()}; "
          f"load average {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    bbscore_version = version("bbscore")
    if bbscore_version == "not installed":
        bbscore_version = "(not installed) " + (REPO / "bbscore" / "__init__.py").read_text().split('__version__ = "')[1].split('"')[0]
    from bbscore.files import fast_parser

    parser = "tomli (compiled) " + version("tomli") if fast_parser() is not None else "tomllib (no compiled tomli)"
    print(f"python {platform.python_version()} ({sys.executable}); bbscore {bbscore_version} from {REPO / 'bbscore'}; "
          f"typer {version('typer')}; tomli-w {version('tomli-w')}; sheets parsed by {parser}")
    print(f"each ratio: A (the baseline) and B in turn, {pairs} pairs unless said, after one unmeasured pair; the "
          f"median of the per-pair ratios (min–max)")
    print()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def secs(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < 100 else f"{seconds:.0f} s"


def mib(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} MiB"


# --- start-up ---


def console_script() -> Path | None:
    """The installed ``bbscore`` script of this interpreter (not a pyenv shim), else the one on PATH."""
    beside = Path(sys.executable).parent / ("bbscore.exe" if os.name == "nt" else "bbscore")
    if beside.is_file():
        return beside
    found = shutil.which("bbscore")
    return Path(found) if found else None


PREF_SCORE = ["pref", "score", "6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Вера", "--json"]


def _json_check(key: str, value) -> Callable[[Run], None]:
    def check(result: Run) -> None:
        try:
            answer = json.loads(result.stdout)
        except ValueError:
            answer = {}
        if answer.get(key) != value:
            raise CommandFailed(f"unexpected output {result.stdout[:200]!r}")
    return check


def _text_check(words: str) -> Callable[[Run], None]:
    def check(result: Run) -> None:
        if words not in result.stdout:
            raise CommandFailed(f"no {words!r} in {result.stdout[:300]!r}")
    return check


def startup(pairs: int) -> None:
    print(f"Start-up against python -c 'import typer', {pairs} pairs each")
    typer = [sys.executable, "-c", "import typer"]
    game = str(REPO / "examples" / "game-gambler.toml")
    commands = [
        ("score 12Т --def-points 18 --json", bbscore("score", "12Т", "--def-points", "18", "--json"),
         _json_check("made", True), JSON_TARGET),
        ("pref score 6♠ … --json", bbscore(*PREF_SCORE), _json_check("pulya", {"Аня": 2}), JSON_TARGET),
        ("score 12Т --def-points 18 (its table and working)", bbscore("score", "12Т", "--def-points", "18"),
         _text_check("Расчёт"), WORKING_TARGET),
        ("bbscore --help", bbscore("--help"), _text_check("recompute"), HELP_TARGET),
        ("bbscore pref --help", bbscore("pref", "--help"), _text_check("settle"), HELP_TARGET),
        ("show of one game (info)", bbscore("show", game), _text_check("Протокол"), None),
    ]
    script = console_script()
    if script is not None:
        commands.append(("the bbscore script: score … --json (info)",
                         [str(script), "score", "12Т", "--def-points", "18", "--json"], _json_check("made", True), None))
    for label, command, check, target in commands:
        measured = paired(typer, command, pairs, check_second=check)
        print(f"  {label:<52} {ms(measured.seconds('b'))} against {ms(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}", flush=True)
        row(f"start-up: {label}", ms(measured.seconds("a")), ms(measured.seconds("b")), measured.ratios, target)
    # The first start after installing has no compiled copy of the convention yet (it writes one).
    compiled = Path(run([sys.executable, "-c", "from bbscore import conventions as c; "
                         "print(c._compiled_path(c.resolve('gambler')))"]).stdout.strip())
    measured = paired(typer, bbscore("score", "12Т", "--def-points", "18", "--json"), max(3, pairs // 2),
                      check_second=_json_check("made", True), before_second=lambda: compiled.unlink(missing_ok=True))
    if not compiled.is_file():
        raise CommandFailed(f"no compiled copy of the convention was written ({compiled})")
    print(f"  {'first start after installing (info)':<52} {ms(measured.seconds('b'))}: {spread(measured.ratios)}")
    row("start-up: first start after installing (info)", ms(measured.seconds("a")), ms(measured.seconds("b")),
        measured.ratios, None)
    print()


# --- batch ---


def recompute_check(files: int):
    def check(result: Run) -> None:
        reports = json.loads(result.stdout)["files"]
        bad = [r for r in reports if not r.get("ok")]
        if len(reports) != files or bad:
            raise CommandFailed(f"recompute disagrees with a generated file: {json.dumps(bad[:1], ensure_ascii=False)[:500]}")
    return check


def parse_check(hands: int):
    def check(result: Run) -> None:
        if int(result.stdout.strip()) != hands:
            raise CommandFailed(f"tomllib found {result.stdout.strip()} hands, expected {hands}")
    return check


def protocol_file(folder: Path, hands: int, seed: int, paper: bool) -> Path:
    path = folder / f"game-{hands}{'-paper' if paper else ''}.toml"
    if not path.exists():
        started = time.perf_counter()
        maker = generate.HandMaker(seed)
        written = generate.write_protocol(path, hands, maker=maker, paper=paper)
        assert written == hands
        print(f"  {hands:>9,} hands{' typed from paper' if paper else ''}: generated in "
              f"{time.perf_counter() - started:.1f} s ({path.stat().st_size / 1e6:.1f} MB, {maker.scored:,} distinct "
              f"hands)", flush=True)
    return path


def batch(sizes: list[int], folder: Path, pairs: int, seed: int, full: bool) -> None:
    print("Batch: tomllib.load of a file (A) and bbscore recompute FILE --json (B), fresh processes in turn")
    linear = []
    for size in sizes:
        for paper in (True, False):
            if size != BATCH_TARGET_HANDS and paper:
                continue  # the paper-typed target is for 100,000 hands
            path = protocol_file(folder, size, seed, paper)
            count = max(1, pairs if size <= BATCH_TARGET_HANDS else 1)  # a million hands: one pair (minutes)
            measured = paired([sys.executable, "-c", PARSE_ONE, str(path)], bbscore("recompute", str(path), "--json"),
                              count, parse_check(size), recompute_check(1), warm=size <= BATCH_TARGET_HANDS)
            kind = "paper-typed" if paper else "tool-written"
            label = f"{size // 1000}k" if size < 10**6 else f"{size // 10**6}M"
            print(f"  {size:>9,} hands, {kind}: tomllib {secs(measured.seconds('a'))} / {mib(measured.rss('a'))}; "
                  f"recompute {secs(measured.seconds('b'))} / {mib(measured.rss('b'))}: time {spread(measured.ratios)}, "
                  f"memory {spread(measured.memory_ratios)}", flush=True)
            if size == BATCH_TARGET_HANDS:
                target = PAPER_TARGET if paper else WRITTEN_TARGET
                row(f"recompute, {label} hands {kind}: time", secs(measured.seconds("a")), secs(measured.seconds("b")),
                    measured.ratios, target)
                row(f"recompute, {label} hands {kind}: peak memory (info)", mib(measured.rss("a")),
                    mib(measured.rss("b")), measured.memory_ratios, None)
            else:
                row(f"recompute, {label} hands {kind}: time (info)", secs(measured.seconds("a")),
                    secs(measured.seconds("b")), measured.ratios, None)
                if size == 10**6:
                    row(f"recompute, {label} hands {kind}: peak memory", mib(measured.rss("a")), mib(measured.rss("b")),
                        measured.memory_ratios, MEMORY_TARGET)
                else:
                    row(f"recompute, {label} hands {kind}: peak memory (info)", mib(measured.rss("a")),
                        mib(measured.rss("b")), measured.memory_ratios, None)
            if not paper:
                linear.append((size, measured.seconds("a"), measured.seconds("b")))
            if size == 10**6:
                path.unlink()
    if len(linear) >= 2:
        print("  time per hand (µs), tool-written: " + "; ".join(
            f"{size:,}: tomllib {parse / size * 1e6:.1f}, recompute {recompute / size * 1e6:.1f}"
            for size, parse, recompute in linear))
    print()


def pref_protocol(path: Path, hands: int, seed: int) -> None:
    """A generated preferans sheet of ``hands`` valid hands (3 players, a target no пуля reaches), as ``pref add``
    writes it."""
    import random

    sys.path.insert(0, str(REPO))
    from bbscore import conventions
    from bbscore.preferans import protocol

    rules = conventions.load("rostov", game="preferans")
    players = ("Аня", "Боря", "Вера")
    header = protocol.Header(convention="rostov", convention_sha256=rules.sha256, target=10**9, players=players)
    chance = random.Random(seed)
    parts = [protocol.header_text(header)]
    for _ in range(hands):
        kind = chance.choice(["game", "game", "game", "misere", "all_pass"])
        by = chance.choice(players)
        defenders = [p for p in players if p != by]
        if kind == "all_pass":
            first = chance.randint(0, 10)
            second = chance.randint(0, 10 - first)
            fields = {"game": "распасы", "tricks": dict(zip(players, (first, second, 10 - first - second)))}
        elif kind == "misere":
            fields = {"game": "мизер", "by": by, "tricks": chance.randint(0, 10)}
        else:
            taken = chance.randint(4, 10)
            game = f"{chance.randint(6, 10)}{chance.choice('♠♣♦♥')}"
            if chance.random() < 0.5:
                fields = {"game": game, "by": by, "tricks": taken, "whist": {defenders[0]: 10 - taken}, "pass": [defenders[1]]}
            else:
                first = chance.randint(0, 10 - taken)
                fields = {"game": game, "by": by, "tricks": taken,
                          "whist": {defenders[0]: first, defenders[1]: 10 - taken - first}}
        hand = protocol.make(fields, players, rules.settings)
        parts.append(protocol.hand_text({**protocol.input_fields(hand, fields),
                                         **protocol.written_fields(protocol.score(hand, rules.settings))}))
    path.write_text("".join(parts), encoding="utf-8")


def preferans(folder: Path, pairs: int, seed: int, hands: int) -> None:
    """``recompute`` of a generated пуля against ``tomllib`` parsing it."""
    path = folder / f"pulya-{hands}.toml"
    pref_protocol(path, hands, seed)
    print(f"Preferans: a {hands:,}-hand пуля ({path.stat().st_size / 1e6:.1f} MB): tomllib.load (A) and recompute (B)")
    measured = paired([sys.executable, "-c", PARSE_ONE, str(path)], bbscore("recompute", str(path), "--json"),
                      pairs, parse_check(hands), recompute_check(1))
    print(f"  tomllib {secs(measured.seconds('a'))} / {mib(measured.rss('a'))}; recompute {secs(measured.seconds('b'))} / "
          f"{mib(measured.rss('b'))}: {spread(measured.ratios)}\n")
    target = PULYA_TARGET if hands == 20_000 else None
    row(f"recompute, a {hands // 1000}k-hand пуля: time" + ("" if target else " (info)"), secs(measured.seconds("a")),
        secs(measured.seconds("b")), measured.ratios, target)
    path.unlink()


# --- add and edit ---


def changes(folder: Path, pairs: int, seed: int) -> None:
    """``add`` and ``edit 1`` of a 10,000-hand protocol, and ``pref add`` and ``pref edit 1`` of a 10,000-hand пуля,
    against ``recompute`` of the same file, each on a fresh copy of it (with its lock file: a sheet written before, as
    a game in progress is)."""
    source = protocol_file(folder, CHANGE_HANDS, seed, False)
    work = folder / "change.toml"
    lock = folder / ".change.toml.lock"

    def fresh() -> None:
        shutil.copyfile(source, work)
        lock.touch()

    fresh()
    recompute = bbscore("recompute", str(work), "--json")
    print(f"add and edit of a {CHANGE_HANDS:,}-hand protocol: recompute (A) and the change (B), each on a fresh copy")
    for label, command in (("add", bbscore("add", str(work), "12Т", "--by", "Север", "--def-points", "18")),
                           ("edit 1", bbscore("edit", str(work), "1", "12Т", "--by", "Север", "--def-points", "18"))):
        measured = paired(recompute, command, pairs, recompute_check(1), before_first=fresh, before_second=fresh)
        print(f"  {label}: {secs(measured.seconds('b'))} against recompute {secs(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}", flush=True)
        row(f"{label} of a {CHANGE_HANDS // 1000}k-hand protocol vs its recompute", secs(measured.seconds("a")),
            secs(measured.seconds("b")), measured.ratios, CHANGE_TARGET)
    # The same of a пуля: `pref add` and `pref edit 1` of a 10,000-hand пуля against its recompute.
    pulya_source = folder / f"pulya-{CHANGE_HANDS}.toml"
    if not pulya_source.exists():
        pref_protocol(pulya_source, CHANGE_HANDS, seed)

    def fresh_pulya() -> None:
        shutil.copyfile(pulya_source, work)
        lock.touch()

    hand = ["6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Вера"]
    print(f"pref add and pref edit of a {CHANGE_HANDS:,}-hand пуля: recompute (A) and the change (B), each on a fresh "
          f"copy")
    for label, command in (("pref add", bbscore("pref", "add", str(work), *hand)),
                           ("pref edit 1", bbscore("pref", "edit", str(work), "1", *hand))):
        measured = paired(recompute, command, pairs, recompute_check(1), before_first=fresh_pulya,
                          before_second=fresh_pulya)
        print(f"  {label}: {secs(measured.seconds('b'))} against recompute {secs(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}", flush=True)
        row(f"{label} of a {CHANGE_HANDS // 1000}k-hand пуля vs its recompute", secs(measured.seconds("a")),
            secs(measured.seconds("b")), measured.ratios, CHANGE_TARGET)
    print()


# --- play ---

# Runs bbscore with standard input read from a script, timing each answer: the time from one read of standard input
# to the next is the work done for the answer read (its check, a hand written and shown).  argv: the answers' file,
# the report's file, then bbscore's arguments.
PLAY_DRIVER = (
    "import json, sys, time\n"
    "answers, report, args = sys.argv[1], sys.argv[2], sys.argv[3:]\n"
    "lines = open(answers, encoding='utf-8').read().splitlines()\n"
    "class Feed:\n"
    "    def __init__(self):\n"
    "        self.times = []\n"
    "    def isatty(self):\n"
    "        return False\n"
    "    def readline(self, size=-1):\n"  # (the session reads an answer with a size limit)
    "        self.times.append(time.perf_counter())\n"
    "        index = len(self.times) - 1\n"
    "        return lines[index] + '\\n' if index < len(lines) else ''\n"
    "feed = sys.stdin = Feed()\n"
    "sys.argv = ['bbscore', *args]\n"
    "import atexit\n"  # (the times written as the process ends, however it ends: bbscore.cli.leave runs atexit's)
    "atexit.register(lambda: json.dump(feed.times, open(report, 'w')))\n"
    "from bbscore.__main__ import main\n"
    "main()\n"
)

PLAY_CYCLE = [["Мы", "8П", "82", "", ""], ["Они", "9Т", "70", "терц", ""], ["1", "12Т", "18", "терц", "бэла"],
              ["2", "^Т", "8", "бэла", ""], ["пас"]]
PREF_PLAY_CYCLE = [["Аня", "6П", "в", "п", "7"], ["распасы", "2", "3", "5"], ["Вера", "7Ч", "в", "в", "5", "3", "2"],
                   ["2", "мизер", "1"], ["Аня", "8Т", "п", "в", "8"], ["3", "10БК", "п", "п"]]


def play_session(folder: Path, name: str, cycle: list[list[str]], hands: int, args: list[str], sessions: int) -> None:
    """``sessions`` scripted sessions of ``hands`` hands: each answer's time; the slowest answer among the last
    :data:`PLAY_LAST` hands of each session (its median over the sessions judged), and how the time of a hand grew
    from the first hands to the last."""
    per_hand = [cycle[n % len(cycle)] for n in range(hands)]
    answers = [line for hand in per_hand for line in hand]
    script = folder / f"{name.replace(' ', '-')}-answers.txt"
    script.write_text("".join(f"{line}\n" for line in answers), encoding="utf-8")
    first_answer = [0]
    for hand in per_hand:
        first_answer.append(first_answer[-1] + len(hand))
    last_from = first_answer[hands - PLAY_LAST]
    slowest, typical, growth = [], [], []
    for attempt in range(sessions):
        sheet = folder / f"{name.replace(' ', '-')}-{attempt}.toml"
        sheet.unlink(missing_ok=True)
        report = folder / "play-times.json"
        command = [sys.executable, "-c", PLAY_DRIVER, str(script), str(report), *name.split(), str(sheet), *args]
        done = run(command)
        if f"Сдача {hands} записана" not in done.stdout:
            raise CommandFailed(f"{name}: the session did not write {hands} hands\n{done.stdout[-500:]}")
        times = json.loads(report.read_text())
        took = [(later - earlier) * 1000 for earlier, later in zip(times, times[1:])][:len(answers)]
        last = took[last_from:]
        slowest.append(max(last))
        typical.append(statistics.median(last))
        hand_time = [sum(took[first_answer[n]:first_answer[n + 1]]) for n in range(hands)]
        growth.append(statistics.mean(hand_time[-PLAY_LAST:]) / statistics.mean(hand_time[:PLAY_LAST]))
    print(f"  {name}: {hands} hands, {len(answers)} answers; at hands {hands - PLAY_LAST + 1}–{hands}: slowest answer "
          f"{spread(slowest, ' ms', 1)}, median answer {spread(typical, ' ms', 1)}; a hand's time at the end over "
          f"the start {spread(growth)}", flush=True)
    row(f"{name}: slowest answer at hands {hands - PLAY_LAST + 1}–{hands} ({sessions} sessions)", "",
        f"{statistics.median(typical):.1f} ms median", slowest, PLAY_TARGET_MS, unit=" ms", digits=1, prefix="< ")


def play(folder: Path, sessions: int, hands: int) -> None:
    print(f"play and pref play: scripted sessions of {hands} hands, each answer timed in the process")
    play_session(folder, "play", PLAY_CYCLE, hands, ["--pairs", "Мы,Они", "--target", "100000"], sessions)
    play_session(folder, "pref play", PREF_PLAY_CYCLE, hands, ["--players", "Аня,Боря,Вера", "--target", "100000"],
                 sessions)
    print()


# --- many files ---


def stats_check(files: int):
    def check(result: Run) -> None:
        data = json.loads(result.stdout)
        if data.get("games") != files or data.get("bad_files"):
            raise CommandFailed(f"stats did not count every generated game: {result.stdout[:300]}")
    return check


def list_check(files: int):
    def check(result: Run) -> None:
        games = json.loads(result.stdout).get("games", [])
        if len(games) != files or any(game.get("created") is None for game in games):
            raise CommandFailed(f"list did not name every generated game with its date: {result.stdout[:300]}")
    return check


def many(count: int, folder: Path, pairs: int, seed: int, hands_per_file: int) -> None:
    directory = folder / "many"
    started = time.perf_counter()
    paths = generate.write_many(directory, count, hands_per_file, seed=seed)
    generated = time.perf_counter() - started
    hands = sum(path.read_text(encoding="utf-8").count("\n[[hand]]\n") for path in paths)
    print(f"Many files: {count:,} games to 301 ({hands:,} hands, {hands / count:.1f} per file, at most "
          f"{hands_per_file}), generated in {generated:.1f} s")
    names = [str(path) for path in paths]
    recompute = bbscore("recompute", *names, "--json")
    target, suffix = (MANY_TARGET, "") if count == MANY_TARGET_FILES else (None, " (info)")
    for label, command in (("", recompute), (", --jobs 1 (one core)", [*recompute, "--jobs", "1"])):
        measured = paired([sys.executable, "-c", PARSE_MANY, *names], command, pairs, parse_check(hands),
                          recompute_check(count))
        print(f"  recompute{label}: {secs(measured.seconds('b'))} against tomllib {secs(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}", flush=True)
        row(f"many files: recompute of {count:,}{label}{suffix}", secs(measured.seconds("a")),
            secs(measured.seconds("b")), measured.ratios, target)
    for label, command, check, goal in (("stats", bbscore("stats", *names, "--json"), stats_check(count), STATS_TARGET),
                                        ("list", bbscore("list", *names, "--json"), list_check(count), LIST_TARGET)):
        measured = paired(recompute, command, pairs, recompute_check(count), check)
        print(f"  {label}: {secs(measured.seconds('b'))} against recompute {secs(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}", flush=True)
        row(f"many files: {label} of {count:,} vs recompute{suffix}", secs(measured.seconds("a")),
            secs(measured.seconds("b")), measured.ratios, goal if count == MANY_TARGET_FILES else None)
    print()
    shutil.rmtree(directory)


# --- sharing and refusals ---


def sharing(pairs: int) -> None:
    """``export`` of one game as fast as ``show`` of it (issue 15)."""
    game = str(REPO / "examples" / "game-gambler.toml")
    print(f"Sharing one game ({game}): show (A) and export (B)")
    for fmt in ("html", "csv", "md"):
        measured = paired(bbscore("show", game), bbscore("export", game, "--format", fmt), pairs)
        print(f"  export --format {fmt}: {ms(measured.seconds('b'))} against show {ms(measured.seconds('a'))}: "
              f"{spread(measured.ratios)}")
        row(f"export --format {fmt} vs show, one game", ms(measured.seconds("a")), ms(measured.seconds("b")),
            measured.ratios, EXPORT_TARGET)
    print()


def refused_long(folder: Path, pairs: int) -> None:
    """A 6 MB file whose first contract is bad (issue 19): ``add`` refuses it, ``recompute`` reports it; against what
    no command can avoid — the start-up and reading the file's TOML (``python -c`` of tomllib).  The difference of each
    pair is judged: at most :data:`REFUSED_EXTRA` seconds."""
    game = (REPO / "examples" / "game-gambler.toml").read_text(encoding="utf-8")
    cases = {"basic string, Cyrillic": f'contract = "{"Ж" * 3_000_000}"',
             "literal string, ASCII": f"contract = '{'x' * 6_000_000}'"}
    print("A 6 MB refused value: tomllib of the file (A) and add or recompute (B)")
    path = folder / "refused.toml"
    for label, contract in cases.items():
        path.write_text(game.replace('contract = "10Т"', contract, 1), encoding="utf-8")
        parse = [sys.executable, "-c", "import sys, tomllib; tomllib.loads(open(sys.argv[1], encoding='utf-8').read())",
                 str(path)]
        for command, codes in ((bbscore("add", str(path), "12Т", "--by", "Юг", "--def-points", "50"), (2,)),
                               (bbscore("recompute", str(path)), (1,))):
            measured = paired(parse, command, pairs, ok_second=codes)
            extra = [b.seconds - a.seconds for a, b in zip(measured.a, measured.b)]
            print(f"  {label}: {command[3]} {ms(measured.seconds('b'))} against {ms(measured.seconds('a'))}: "
                  f"{spread(extra, ' s')} more")
            row(f"{command[3]}: a 6 MB bad contract ({label}), time beyond", ms(measured.seconds("a")),
                ms(measured.seconds("b")), extra, REFUSED_EXTRA, unit=" s", prefix="≤ +")
    print()


TOURNAMENT_TARGET_MS = 3.0  # per sheet written, beyond a one-round tournament of the same entrants


def refused_answer(folder: Path, pairs: int) -> None:
    """A 10 MB line typed at the first question of ``play`` and ``pref play`` (issue 19, item 5), refused unread,
    against a session that starts and quits (A and B in turn): at most :data:`REFUSED_EXTRA` seconds beyond it."""
    line = folder / "long-answer.txt"
    line.write_text("x" * 10_000_000 + "\n", encoding="utf-8")
    quit_only = folder / "long-quit.txt"
    quit_only.write_text("выход\n", encoding="utf-8")
    print("A 10 MB answer at the first question of a session: start and quit (A), the answer refused (B)")
    for command, new in ((["play"], ["--pairs", "Мы,Они"]), (["pref", "play"], ["--players", "Аня,Боря,Вера"])):
        sheet = folder / f"long-{'-'.join(command)}.toml"
        sheet.unlink(missing_ok=True)
        run(bbscore(*command, str(sheet), *new), stdin=quit_only)  # the sheet begun
        starts, refused = [], []
        for _pair in range(pairs):
            starts.append(run(bbscore(*command, str(sheet)), stdin=quit_only).seconds)
            refused.append(run(bbscore(*command, str(sheet)), stdin=line, ok_codes=(2,)).seconds)
        extra = [b - a for a, b in zip(starts, refused)]
        name = " ".join(command)
        print(f"  {name}: {ms(statistics.median(refused))} against {ms(statistics.median(starts))}")
        row(f"{name}: a refused 10 MB answer, time beyond", ms(statistics.median(starts)),
            ms(statistics.median(refused)), extra, REFUSED_EXTRA, unit=" s", prefix="≤ +")
    print()


def tournaments(folder: Path, pairs: int) -> None:
    """``tournament new`` of 64 players at tables of three and of 64 pairs: the time per sheet beyond the same
    tournament of one round (start-up, the entrants, one round's sheets), each pair of runs in turn."""
    names = ",".join(f"P{i}" for i in range(64))
    cases = (("64 players, tables of 3", ["--players", names, "--table-size", "3"]),
             ("64 pairs, round-robin", ["--pairs", names]))
    print("tournament new: 64 entrants, the whole tournament (B) beyond one round (A), per sheet")
    for label, options in cases:
        per_sheet, whole, first = [], [], []
        for attempt in range(pairs):
            timed = {}
            for rounds in ("1", None):
                target = folder / f"tournament-{label.split()[1]}-{attempt}-{rounds or 'all'}"
                done = run(bbscore("tournament", "new", str(target), *options, *(["--rounds", rounds] if rounds else [])))
                timed[rounds] = (done.seconds, len(list(target.glob("*.toml"))) - 1)
                shutil.rmtree(target, ignore_errors=True)
            (base, one), (best, sheets) = timed["1"], timed[None]
            first.append(base)
            whole.append(best)
            per_sheet.append((best - base) / max(sheets - one, 1) * 1000)
        print(f"  {label}: {sheets} sheets in {secs(statistics.median(whole))} (one round: "
              f"{secs(statistics.median(first))}); per sheet {spread(per_sheet, ' ms')}")
        row(f"tournament new: {label}, {sheets} sheets, per sheet", secs(statistics.median(first)),
            secs(statistics.median(whole)), per_sheet, TOURNAMENT_TARGET_MS, unit=" ms")
    print()


STEPS = ("startup", "batch", "preferans", "changes", "play", "many", "sharing", "refused", "tournament")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bbscore's benchmark: every target as a paired ratio.")
    parser.add_argument("--quick", action="store_true", help="a fast check: start-up, 10k hands, 100 files, 60-hand sessions")
    parser.add_argument("--full", action="store_true", help="also 1,000,000 hands")
    parser.add_argument("--pairs", type=generate.positive, default=5, help="pairs of runs of each measurement (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed (default 0)")
    parser.add_argument("--files", type=generate.positive, default=None, help="small files for the many-files case (default 1000)")
    parser.add_argument("--hands-per-file", type=generate.positive, default=25, help="at most this many hands per small file (default 25)")
    parser.add_argument("--only", choices=STEPS, action="append", help="run only this measurement (may be repeated)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (the generated files)")
    args = parser.parse_args(argv)
    sizes = [10_000] if args.quick else [10_000, 100_000] + ([1_000_000] if args.full else [])
    files = args.files if args.files is not None else (100 if args.quick else MANY_TARGET_FILES)
    only = set(args.only or STEPS)
    pairs = args.pairs

    compile_bytecode()
    sys.path.insert(0, str(REPO))
    print_machine(pairs)
    folder = Path(tempfile.mkdtemp(prefix="bbscore-bench-"))
    failed = False
    steps = [("startup", lambda: startup(max(pairs, STARTUP_PAIRS))),
             ("batch", lambda: batch(sizes, folder, pairs, args.seed, args.full)),
             ("preferans", lambda: preferans(folder, pairs, args.seed, 2_000 if args.quick else 20_000)),
             ("changes", lambda: changes(folder, pairs, args.seed)),
             ("play", lambda: play(folder, max(3, pairs // 2 + 1), 60 if args.quick else PLAY_HANDS)),
             ("many", lambda: many(files, folder, pairs, args.seed, args.hands_per_file)),
             ("sharing", lambda: sharing(max(5, pairs))),
             ("refused", lambda: refused_long(folder, max(3, pairs // 2 + 1))),
             ("refused", lambda: refused_answer(folder, max(3, pairs // 2 + 1))),
             ("tournament", lambda: tournaments(folder, max(3, pairs // 2 + 1)))]
    started = time.perf_counter()
    try:
        for name, step in steps:
            if name not in only:
                continue
            try:
                step()
            except CommandFailed as error:
                failed = True
                PROBLEMS.append(f"{name}: {error}")
                print(f"  ERROR: {error}\n", flush=True)
    finally:
        if args.keep:
            print(f"(files kept in {folder})")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    if ROWS:
        print_table()
    print(f"\n(measured in {time.perf_counter() - started:.0f} s; load average now "
          f"{' '.join(f'{value:.2f}' for value in os.getloadavg())})")
    if PROBLEMS:
        print("\nmeasurements that could not be made:")
        for problem in PROBLEMS:
            print(f"  {problem.splitlines()[0]}")
    if args.quick:
        print("\n(--quick: the batch targets are for 100,000 hands, the many-files ones for 1,000 files and the "
              "sessions' for hand 300: run without --quick for them)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
