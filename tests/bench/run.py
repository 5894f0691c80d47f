"""The performance benchmark of bbscore: start-up, batch recompute and many files, side by side with their baselines.

Targets (the issue "Fast enough to forget"; a benchmark, not a timed test — CI does not run it):

* start-up: ``bbscore score 12Т --def-points 18 --json`` ≤ 1.3 × ``python -c "import typer"``
  (median of 10 runs each, alternating); also shown, not a target: the first start after
  installing, before the compiled copy of the convention exists;
* batch: ``bbscore recompute`` of a generated protocol of 100,000 hands ≤ 1.5 × the time of
  ``tomllib`` parsing that file alone, and ≤ 3 × its peak memory; cost linear in the hands
  (10k, 100k and, with ``--full``, 1M: their ratios are shown for the linearity);
* many files: ``recompute`` of 1,000 small protocols ≤ 2 × parsing them, with the default
  worker processes (one per core) and, shown beside it, with ``--jobs 1`` (one core); ``stats`` of the same
  files ≤ 1.5 × that ``recompute``;
* sharing: ``export`` of one game (html, csv, md) ≤ 1 × ``show`` of it.
* tournaments: ``tournament new`` of 64 players at tables of three (32 rounds, 672 sheets, the rotation seated by
  swaps) and of 64 pairs (a round-robin, 2,016 sheets): per sheet, beyond a one-round tournament of the same
  entrants, ≤ 3 ms (each sheet written once, proven and fsynced; the folder fsynced once);
* play: a scripted 20-hand session of ``bbscore play`` and of ``bbscore pref play`` (answers on standard input,
  each hand written and shown): its time beyond a session that only starts and quits, per answer, ≤ 50 ms (the
  answer to each question appears without a perceptible pause).

Every command runs in a fresh subprocess of this interpreter (``python -m bbscore`` imports
this checkout), forked by a small launcher that reports its wall time and peak RSS (``os.wait4``).  Batch and
many-files figures are the best of ``--repeat`` runs (default 3).  Usage::

    python tests/bench/run.py            # start-up, 10k and 100k hands, 1,000 files
    python tests/bench/run.py --quick    # start-up, 10k hands, 100 files
    python tests/bench/run.py --full     # also 1,000,000 hands (several minutes, ~0.15 GB of file)

Exit code 0 whatever the ratios (it reports, it does not gate); 1 only when a measured
command itself failed (a crash, or recompute not agreeing with a generated file).
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
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

STARTUP_RUNS = 10
STARTUP_TARGET = 1.3
BATCH_TIME_TARGET = 1.5
BATCH_MEMORY_TARGET = 3.0
BATCH_TARGET_HANDS = 100_000
MANY_TARGET = 2.0
MANY_TARGET_FILES = 1000
STATS_TARGET = 1.5  # stats of the many files, against recompute of them
LIST_TARGET = 1.5  # list of the many files, against recompute of them (issue 20)
EXPORT_TARGET = 1.0  # export of one game, against show of it
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
    env.pop("BBSCORE_DEBUG", None)
    # Measure what an installed package does: pip compiles bytecode at install, so let Python use it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_bytecode() -> None:
    """Write the .pyc files of bbscore and its libraries once, as `pip install` does, before timing anything."""
    import compileall
    import importlib.util

    folders = [REPO / "bbscore"]
    for name in ("typer", "rich", "msgspec", "tomli_w", "filelock", "platformdirs"):
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


# --- the report ---

ROWS: list[tuple[str, str, str, str, str, str]] = []
PROBLEMS: list[str] = []


def row(what: str, baseline: str, measured: str, ratio: float | None, target: float | None) -> None:
    verdict = "" if ratio is None or target is None else ("PASS" if ratio <= target else "FAIL")
    ROWS.append((what, baseline, measured, "" if ratio is None else f"{ratio:.2f}×",
                 "" if target is None else f"≤ {target:g}×", verdict))


def print_table() -> None:
    header = ("measurement", "baseline", "bbscore", "ratio", "target", "result")
    widths = [max(len(r[i]) for r in ROWS + [header]) for i in range(len(header))]
    line = "  ".join(("{:<%d}" if i in (0, 5) else "{:>%d}") % w for i, w in enumerate(widths))
    print(line.format(*header))
    print("  ".join("-" * w for w in widths))
    for r in ROWS:
        print(line.format(*r))


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


def print_machine() -> None:
    print("bbscore benchmark")
    print(f"machine: {platform.platform()}; CPU {cpu_model()}; nproc {os.cpu_count()}")
    bbscore_version = version("bbscore")
    if bbscore_version == "not installed":
        bbscore_version = "(not installed) " + (REPO / "bbscore" / "__init__.py").read_text().split('__version__ = "')[1].split('"')[0]
    print(f"python {platform.python_version()} ({sys.executable}); bbscore {bbscore_version} from {REPO / 'bbscore'}; "
          f"typer {version('typer')}; tomli-w {version('tomli-w')}")
    print()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def secs(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < 100 else f"{seconds:.0f} s"


def mib(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} MiB"


# --- the measurements ---


def console_script() -> Path | None:
    """The installed ``bbscore`` script of this interpreter (not a pyenv shim), else the one on PATH."""
    beside = Path(sys.executable).parent / ("bbscore.exe" if os.name == "nt" else "bbscore")
    if beside.is_file():
        return beside
    found = shutil.which("bbscore")
    return Path(found) if found else None


def startup() -> None:
    print(f"Start-up: median of {STARTUP_RUNS} runs each, alternating (one warm-up run each first)")
    commands = {"import typer": [sys.executable, "-c", "import typer"],
                "python -m bbscore": [sys.executable, "-m", "bbscore", "score", "12Т", "--def-points", "18", "--json"]}
    script = console_script()
    if script is not None:
        commands["bbscore script"] = [str(script), "score", "12Т", "--def-points", "18", "--json"]
    # The first start after installing has no compiled copy of the convention yet (it writes one): removed before
    # each of its runs, so that every run of it is a first start.
    first = "first start"
    commands[first] = commands["python -m bbscore"]
    compiled = Path(run([sys.executable, "-c", "from bbscore import conventions as c; "
                         "print(c._compiled_path(c.resolve('gambler')))"]).stdout.strip())
    times: dict[str, list[float]] = {name: [] for name in commands}
    rss: dict[str, float | None] = {}
    for name, command in commands.items():
        result = run(command)
        if name != "import typer":
            try:
                answer = json.loads(result.stdout)
            except ValueError:
                answer = {}
            if answer.get("contract") != "12Т" or answer.get("made") is not True:
                raise CommandFailed(f"{name}: unexpected output {result.stdout[:200]!r}")
    for _ in range(STARTUP_RUNS):
        for name, command in commands.items():
            if name == first:
                compiled.unlink(missing_ok=True)
            result = run(command)
            times[name].append(result.seconds)
            rss[name] = result.rss_mib
    if not compiled.is_file():
        raise CommandFailed(f"no compiled copy of the convention was written ({compiled})")
    base = statistics.median(times["import typer"])
    for name in commands:
        spread = f"min {ms(min(times[name]))}, max {ms(max(times[name]))}"
        print(f"  {name:<18} median {ms(statistics.median(times[name]))} ({spread}); peak RSS {mib(rss[name])}")
    if script is not None:
        print(f"  (bbscore script: {script})")
    print(f"  ({first}: python -m bbscore with the convention's compiled copy removed before each run: {compiled})")
    for name in commands:
        if name != "import typer":
            median = statistics.median(times[name])
            target = None if name == first else STARTUP_TARGET
            label = f"start-up: {name} score 12Т --json" if name != first else "start-up: first start after install (info)"
            row(label, ms(base), ms(median), median / base, target)
    print()


def best_of(command: list[str], repeat: int, check) -> Run:
    runs = [run(command) for _ in range(repeat)]
    for result in runs:
        check(result)
    return Run(min(r.seconds for r in runs), min((r.rss_mib for r in runs if r.rss_mib is not None), default=None),
               runs[0].stdout)


def interleaved(first: list[str], second: list[str], repeat: int, check_first, check_second) -> tuple[Run, Run]:
    """Best of ``repeat`` of two commands, run alternately (so that a slow moment of the machine hits both)."""
    a: list[Run] = []
    b: list[Run] = []
    for _ in range(repeat):
        a.append(run(first))
        check_first(a[-1])
        b.append(run(second))
        check_second(b[-1])

    def best(runs: list[Run]) -> Run:
        return Run(min(r.seconds for r in runs),
                   min((r.rss_mib for r in runs if r.rss_mib is not None), default=None), runs[0].stdout)

    return best(a), best(b)


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


def batch(sizes: list[int], folder: Path, repeat: int, seed: int) -> None:
    print(f"Batch: one generated protocol per size; tomllib.load alone vs bbscore recompute --json, "
          f"fresh process each, best of {repeat}")
    results = []
    for size in sizes:
        path = folder / f"game-{size}.toml"
        started = time.perf_counter()
        maker = generate.HandMaker(seed)
        written = generate.write_protocol(path, size, maker=maker)
        generated = time.perf_counter() - started
        megabytes = path.stat().st_size / 1e6
        print(f"  {size:>9,} hands: generated in {generated:.1f} s ({megabytes:.1f} MB, "
              f"{maker.scored:,} distinct hands scored)", flush=True)
        assert written == size
        parse, recompute = interleaved(
            [sys.executable, "-c", PARSE_ONE, str(path)], [sys.executable, "-m", "bbscore", "recompute", str(path), "--json"],
            repeat, parse_check(size), recompute_check(1),
        )
        print(f"  {size:>9,} hands: tomllib {secs(parse.seconds)}, {mib(parse.rss_mib)}; "
              f"recompute {secs(recompute.seconds)}, {mib(recompute.rss_mib)}", flush=True)
        results.append((size, parse, recompute))
        label = f"{size // 1000}k" if size < 10**6 else f"{size // 10**6}M"
        # The batch targets are for 100,000 hands; the other sizes show how the ratios move with size.
        targeted = size == BATCH_TARGET_HANDS
        suffix = "" if targeted else " (info)"
        row(f"batch {label} hands: time{suffix}", secs(parse.seconds), secs(recompute.seconds),
            recompute.seconds / parse.seconds, BATCH_TIME_TARGET if targeted else None)
        if parse.rss_mib and recompute.rss_mib:
            row(f"batch {label} hands: peak RSS{suffix}", mib(parse.rss_mib), mib(recompute.rss_mib),
                recompute.rss_mib / parse.rss_mib, BATCH_MEMORY_TARGET if targeted else None)
        path.unlink()
    print()
    print("  Linearity (time per hand; 'marginal' is the extra time per extra hand from the previous size,")
    print("  which leaves out the fixed start-up):")
    print(f"  {'hands':>9}  {'tomllib µs/hand':>15}  {'recompute µs/hand':>17}  {'marginal tomllib':>16}  "
          f"{'marginal recompute':>18}  {'recompute MiB':>13}")
    previous = None
    marginals = []
    for size, parse, recompute in results:
        text = f"  {size:>9,}  {parse.seconds / size * 1e6:>15.1f}  {recompute.seconds / size * 1e6:>17.1f}"
        if previous is not None:
            extra = size - previous[0]
            marginal_parse = (parse.seconds - previous[1].seconds) / extra * 1e6
            marginal_recompute = (recompute.seconds - previous[2].seconds) / extra * 1e6
            marginals.append(marginal_recompute)
            text += f"  {marginal_parse:>16.1f}  {marginal_recompute:>18.1f}"
        else:
            text += f"  {'':>16}  {'':>18}"
        text += f"  {recompute.rss_mib or 0:>13.0f}"
        print(text)
        previous = (size, parse, recompute)
    if len(marginals) >= 2:
        growth = marginals[-1] / marginals[0]
        print(f"  marginal cost per hand grew {growth:.2f}× from the first step to the last (1.00 is linear)")
        row("batch: linearity (marginal µs/hand, last÷first step; own bound)", f"{marginals[0]:.1f} µs", f"{marginals[-1]:.1f} µs", growth, 1.2)
    print()


def many(count: int, folder: Path, repeat: int, seed: int, hands_per_file: int) -> None:
    directory = folder / "many"
    started = time.perf_counter()
    paths = generate.write_many(directory, count, hands_per_file, seed=seed)
    generated = time.perf_counter() - started
    hands = sum(path.read_text(encoding="utf-8").count("\n[[hand]]\n") for path in paths)
    print(f"Many files: {count:,} games to 301 ({hands:,} hands, {hands / count:.1f} per file, at most "
          f"{hands_per_file}), generated in {generated:.1f} s; tomllib of all in one process vs "
          f"bbscore recompute FILE… --json, best of {repeat}")
    names = [str(path) for path in paths]
    recompute_command = [sys.executable, "-m", "bbscore", "recompute", *names, "--json"]
    parse, recompute = interleaved(
        [sys.executable, "-c", PARSE_MANY, *names], recompute_command,
        repeat, parse_check(hands), recompute_check(count),
    )
    one_core = best_of([*recompute_command, "--jobs", "1"], repeat, recompute_check(count))
    print(f"  tomllib {secs(parse.seconds)}, {mib(parse.rss_mib)}; recompute {secs(recompute.seconds)}, "
          f"{mib(recompute.rss_mib)} (worker processes: one per core, {os.cpu_count()}); "
          f"recompute --jobs 1 {secs(one_core.seconds)}")
    print()
    # The target is for 1,000 files; other counts are shown, not judged.
    target, suffix = (MANY_TARGET, "") if count == MANY_TARGET_FILES else (None, " (info)")
    row(f"many files: {count:,} files{suffix}", secs(parse.seconds), secs(recompute.seconds),
        recompute.seconds / parse.seconds, target)
    row(f"many files: {count:,} files, --jobs 1 (one core){suffix}", secs(parse.seconds), secs(one_core.seconds),
        one_core.seconds / parse.seconds, target)
    # stats reads the same files as recompute: at most 1.5 × its time (issue 15), alternated with it
    recompute_again, stats = interleaved(recompute_command, [sys.executable, "-m", "bbscore", "stats", *names, "--json"],
                                         repeat, recompute_check(count), stats_check(count))
    best = min(recompute.seconds, recompute_again.seconds)  # the stricter baseline: recompute's best of every run
    print(f"  stats {secs(stats.seconds)}, {mib(stats.rss_mib)}; recompute {secs(recompute_again.seconds)} (alternated), "
          f"best of all its runs {secs(best)}")
    print()
    row(f"stats of {count:,} files vs recompute{suffix}", secs(best), secs(stats.seconds),
        stats.seconds / best, STATS_TARGET if count == MANY_TARGET_FILES else None)
    # list reads them as stats does, and names each game's date, players, score and winner: at most 1.5 × (issue 20)
    recompute_third, listed = interleaved(recompute_command, [sys.executable, "-m", "bbscore", "list", *names, "--json"],
                                          repeat, recompute_check(count), list_check(count))
    best = min(best, recompute_third.seconds)
    print(f"  list {secs(listed.seconds)}, {mib(listed.rss_mib)}; recompute {secs(recompute_third.seconds)} (alternated), "
          f"best of all its runs {secs(best)}")
    print()
    row(f"list of {count:,} files vs recompute{suffix}", secs(best), secs(listed.seconds),
        listed.seconds / best, LIST_TARGET if count == MANY_TARGET_FILES else None)
    shutil.rmtree(directory)


PREF_SCORE = ["pref", "score", "6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass", "Вера", "--json"]


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


def preferans(folder: Path, repeat: int, seed: int, hands: int) -> None:
    """Preferans: start-up of ``pref score`` (median, against ``import typer``) and ``recompute`` of a generated
    preferans sheet against ``tomllib`` parsing it, with the time per hand."""
    print(f"Preferans: start-up of pref score (median of {STARTUP_RUNS}); recompute of a {hands:,}-hand пуля, best of {repeat}")
    typer_command = [sys.executable, "-c", "import typer"]
    score_command = [sys.executable, "-m", "bbscore", *PREF_SCORE]
    answer = json.loads(run(score_command).stdout)
    if answer.get("pulya") != {"Аня": 2}:
        raise CommandFailed(f"pref score: unexpected output {json.dumps(answer, ensure_ascii=False)[:200]}")
    run(typer_command)
    times: dict[str, list[float]] = {"typer": [], "pref": []}
    for _ in range(STARTUP_RUNS):
        times["typer"].append(run(typer_command).seconds)
        times["pref"].append(run(score_command).seconds)
    base, median = statistics.median(times["typer"]), statistics.median(times["pref"])
    print(f"  import typer {ms(base)}; pref score --json {ms(median)}")
    row("start-up: python -m bbscore pref score 6♠ --json", ms(base), ms(median), median / base, STARTUP_TARGET)
    path = folder / f"pulya-{hands}.toml"
    pref_protocol(path, hands, seed)
    parse, recompute = interleaved(
        [sys.executable, "-c", PARSE_ONE, str(path)], [sys.executable, "-m", "bbscore", "recompute", str(path), "--json"],
        repeat, parse_check(hands), recompute_check(1),
    )
    per_hand = (recompute.seconds - median) / hands * 1e6
    print(f"  {hands:,} hands ({path.stat().st_size / 1e6:.1f} MB): tomllib {secs(parse.seconds)}, {mib(parse.rss_mib)}; "
          f"recompute {secs(recompute.seconds)}, {mib(recompute.rss_mib)}; ≈{per_hand:.0f} µs a hand beyond start-up")
    row(f"preferans recompute, {hands // 1000}k hands: time (info; ≈{per_hand:.0f} µs/hand)", secs(parse.seconds),
        secs(recompute.seconds), recompute.seconds / parse.seconds, None)
    path.unlink()
    print()


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


def sharing(repeat: int) -> None:
    """``export`` of one game as fast as ``show`` of it (issue 15): fresh processes, alternated, best of ``repeat``
    (at least 5: these are start-up sized)."""
    game = str(REPO / "examples" / "game-gambler.toml")
    runs = max(5, repeat)
    print(f"Sharing one game ({game}): show vs export, fresh process each, alternated, best of {runs}")
    show = [sys.executable, "-m", "bbscore", "show", game]
    for fmt in ("html", "csv", "md"):
        shown, exported = interleaved(show, [sys.executable, "-m", "bbscore", "export", game, "--format", fmt], runs,
                                      lambda result: None, lambda result: None)
        print(f"  show {ms(shown.seconds)}; export --format {fmt} {ms(exported.seconds)}")
        row(f"export --format {fmt} vs show, one game", ms(shown.seconds), ms(exported.seconds),
            exported.seconds / shown.seconds, EXPORT_TARGET)
    print()


REFUSED_EXTRA = 0.2  # seconds a refused 6 MB value may cost beyond Python's start-up and the file's TOML (issue 19)


def refused_long(folder: Path, repeat: int) -> None:
    """A 6 MB file whose first contract is bad (issue 19, item 5): ``add`` refuses it, ``recompute`` reports it.  The
    baseline is what no command can avoid — the start-up and reading the file's TOML (``python -c`` of tomllib); the
    refused value must cost next to nothing beyond it (it is never scanned whole)."""
    game = (REPO / "examples" / "game-gambler.toml").read_text(encoding="utf-8")
    cases = {"basic string, Cyrillic": f'contract = "{"Ж" * 3_000_000}"',
             "literal string, ASCII": f"contract = '{'x' * 6_000_000}'"}
    print(f"A 6 MB refused value: add and recompute of a file whose first contract is bad, best of {repeat}")
    for label, contract in cases.items():
        path = folder / "refused.toml"
        path.write_text(game.replace('contract = "10Т"', contract, 1), encoding="utf-8")
        parse = best_of([sys.executable, "-c", "import sys, tomllib; tomllib.loads(open(sys.argv[1], encoding='utf-8').read())",
                         str(path)], repeat, lambda result: None)
        for command, codes in ((["add", str(path), "12Т", "--by", "Юг", "--def-points", "50"], (2,)),
                               (["recompute", str(path)], (1,))):
            runs = [run([sys.executable, "-m", "bbscore", *command], ok_codes=codes) for _ in range(repeat)]
            best = min(runs, key=lambda result: result.seconds)
            print(f"  {label}: {command[0]} {ms(best.seconds)} (start-up and TOML parse {ms(parse.seconds)})")
            row(f"{command[0]}: a 6 MB bad contract ({label})", ms(parse.seconds), ms(best.seconds),
                best.seconds / max(parse.seconds, 1e-9), None)
            ROWS[-1] = ROWS[-1][:4] + (f"≤ +{REFUSED_EXTRA:g} s",
                                      "PASS" if best.seconds <= parse.seconds + REFUSED_EXTRA else "FAIL")
    print()


def refused_answer(folder: Path, repeat: int) -> None:
    """A 10 MB line typed at the first question of ``play`` and ``pref play`` (issue 19, item 5: 3 s and more before):
    refused unread (neither split nor matched against the names); the baseline is a session that starts and quits."""
    line = folder / "long-answer.txt"
    line.write_text("x" * 10_000_000 + "\n", encoding="utf-8")
    quit_only = folder / "long-quit.txt"
    quit_only.write_text("выход\n", encoding="utf-8")
    print(f"A 10 MB answer at the first question of a session, best of {repeat}")
    for command, new in ((["play"], ["--pairs", "Мы,Они"]), (["pref", "play"], ["--players", "Аня,Боря,Вера"])):
        sheet = folder / f"long-{command[-2] if len(command) > 1 else 'belot'}.toml"
        sheet.unlink(missing_ok=True)
        run([sys.executable, "-m", "bbscore", *command, str(sheet), *new], stdin=quit_only)  # the sheet begun
        start = min(run([sys.executable, "-m", "bbscore", *command, str(sheet)], stdin=quit_only).seconds
                    for _ in range(repeat))
        refused = min(run([sys.executable, "-m", "bbscore", *command, str(sheet)], stdin=line, ok_codes=(2,)).seconds
                      for _ in range(repeat))
        name = " ".join(command)
        print(f"  {name}: {ms(refused)} (start and quit {ms(start)})")
        row(f"{name}: a refused 10 MB answer", ms(start), ms(refused), refused / max(start, 1e-9), None)
        ROWS[-1] = ROWS[-1][:4] + (f"≤ +{REFUSED_EXTRA:g} s", "PASS" if refused <= start + REFUSED_EXTRA else "FAIL")
    print()


PLAY_HANDS = 20
PLAY_TARGET_MS = 50
PLAY_CYCLE = [["Мы", "8П", "82", "", ""], ["Они", "9Т", "70", "терц", ""], ["1", "12Т", "18", "терц", "бэла"],
              ["2", "^Т", "8", "бэла", ""], ["пас"]]


def play(folder: Path, repeat: int) -> None:
    """A scripted session of ``play``: its time beyond one that starts and quits, per answer."""
    answers = [line for n in range(PLAY_HANDS) for line in PLAY_CYCLE[n % len(PLAY_CYCLE)]]
    script = folder / "answers.txt"
    script.write_text("".join(f"{line}\n" for line in answers), encoding="utf-8")
    quit_only = folder / "quit.txt"
    quit_only.write_text("выход\n", encoding="utf-8")
    print(f"play: {PLAY_HANDS} hands, {len(answers)} answers on standard input, best of {repeat}")
    sessions, starts = [], []
    for attempt in range(repeat):
        game = folder / f"play-{attempt}.toml"
        started = folder / f"start-{attempt}.toml"
        sessions.append(run([sys.executable, "-m", "bbscore", "play", str(game), "--pairs", "Мы,Они", "--target", "5000"],
                            stdin=script))
        starts.append(run([sys.executable, "-m", "bbscore", "play", str(started), "--pairs", "Мы,Они"], stdin=quit_only))
        if f"Сдача {PLAY_HANDS} записана" not in sessions[-1].stdout:
            raise CommandFailed(f"play: the session did not write {PLAY_HANDS} hands\n{sessions[-1].stdout[-500:]}")
    session, start = min(r.seconds for r in sessions), min(r.seconds for r in starts)
    per_answer = (session - start) / len(answers)
    print(f"  whole session {ms(session)}; start and quit {ms(start)}; per answer {per_answer * 1000:.1f} ms\n")
    row(f"play: per answer, {PLAY_HANDS}-hand scripted session", "", f"{per_answer * 1000:.1f} ms", None, None)
    ROWS[-1] = ROWS[-1][:4] + (f"≤ {PLAY_TARGET_MS} ms", "PASS" if per_answer * 1000 <= PLAY_TARGET_MS else "FAIL")


TOURNAMENT_TARGET_MS = 3.0  # per sheet written, beyond a one-round tournament of the same entrants


def tournaments(folder: Path, repeat: int) -> None:
    """``tournament new`` of 64 players at tables of three and of 64 pairs: the time per sheet beyond the same
    tournament of one round (start-up, the entrants, one round's sheets)."""
    names = ",".join(f"P{i}" for i in range(64))
    cases = (("64 players, tables of 3", ["--players", names, "--table-size", "3"]), ("64 pairs, round-robin", ["--pairs", names]))
    print(f"tournament new: 64 entrants, best of {repeat}")
    for label, options in cases:
        whole, first = [], []
        for attempt in range(repeat):
            for rounds, runs in ((None, whole), ("1", first)):
                target = folder / f"tournament-{label.split()[1]}-{attempt}-{rounds or 'all'}"
                extra = ["--rounds", rounds] if rounds else []
                runs.append(run([sys.executable, "-m", "bbscore", "tournament", "new", str(target), *options, *extra]))
                shutil.rmtree(target, ignore_errors=True)
        sheets = int(whole[-1].stdout.rsplit("Записано листов: ", 1)[1].split()[0])
        one = int(first[-1].stdout.rsplit("Записано листов: ", 1)[1].split()[0])
        best, base = min(r.seconds for r in whole), min(r.seconds for r in first)
        per_sheet = (best - base) / max(sheets - one, 1) * 1000
        print(f"  {label}: {sheets} sheets in {secs(best)} (one round: {secs(base)}); per sheet {per_sheet:.2f} ms")
        row(f"tournament new: {label}, {sheets} sheets", secs(base), secs(best), None, None)
        ROWS[-1] = ROWS[-1][:4] + (f"≤ {TOURNAMENT_TARGET_MS:g} ms a sheet",
                                  "PASS" if per_sheet <= TOURNAMENT_TARGET_MS else "FAIL")
    print()


PREF_PLAY_CYCLE = [["Аня", "6П", "в", "п", "7"], ["распасы", "2", "3", "5"], ["Вера", "7Ч", "в", "в", "5", "3", "2"],
                   ["2", "мизер", "1"], ["Аня", "8Т", "п", "в", "8"], ["3", "10БК", "п", "п"]]


def pref_play(folder: Path, repeat: int) -> None:
    """A scripted session of ``pref play`` (issue 20): its time beyond one that starts and quits, per answer — each
    hand checked, written, the пуля and the standing (a settlement) shown."""
    answers = [line for n in range(PLAY_HANDS) for line in PREF_PLAY_CYCLE[n % len(PREF_PLAY_CYCLE)]]
    script = folder / "pref-answers.txt"
    script.write_text("".join(f"{line}\n" for line in answers), encoding="utf-8")
    quit_only = folder / "pref-quit.txt"
    quit_only.write_text("выход\n", encoding="utf-8")
    print(f"pref play: {PLAY_HANDS} hands, {len(answers)} answers on standard input, best of {repeat}")
    sessions, starts = [], []
    for attempt in range(repeat):
        sheet, started = folder / f"pref-play-{attempt}.toml", folder / f"pref-start-{attempt}.toml"
        players = ["--players", "Аня,Боря,Вера", "--target", "100000"]
        sessions.append(run([sys.executable, "-m", "bbscore", "pref", "play", str(sheet), *players], stdin=script))
        starts.append(run([sys.executable, "-m", "bbscore", "pref", "play", str(started), *players], stdin=quit_only))
        if f"Сдача {PLAY_HANDS} записана" not in sessions[-1].stdout:
            raise CommandFailed(f"pref play: the session did not write {PLAY_HANDS} hands\n{sessions[-1].stdout[-500:]}")
    session, start = min(r.seconds for r in sessions), min(r.seconds for r in starts)
    per_answer = (session - start) / len(answers)
    print(f"  whole session {ms(session)}; start and quit {ms(start)}; per answer {per_answer * 1000:.1f} ms\n")
    row(f"pref play: per answer, {PLAY_HANDS}-hand scripted session", "", f"{per_answer * 1000:.1f} ms", None, None)
    ROWS[-1] = ROWS[-1][:4] + (f"≤ {PLAY_TARGET_MS} ms", "PASS" if per_answer * 1000 <= PLAY_TARGET_MS else "FAIL")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bbscore's benchmark: start-up, batch recompute, many files.")
    parser.add_argument("--quick", action="store_true", help="a fast check: start-up, 10k hands, 100 files")
    parser.add_argument("--full", action="store_true", help="also 1,000,000 hands")
    parser.add_argument("--repeat", type=generate.positive, default=3, help="runs of each batch command, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed (default 0)")
    parser.add_argument("--files", type=generate.positive, default=None, help="small files for the many-files case (default 1000)")
    parser.add_argument("--hands-per-file", type=generate.positive, default=25, help="at most this many hands per small file (default 25)")
    parser.add_argument("--only", choices=["startup", "batch", "many", "preferans", "sharing", "play", "refused", "tournament"],
                        action="append",
                        help="run only this measurement (may be repeated)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (the many small files)")
    args = parser.parse_args(argv)
    sizes = [10_000] if args.quick else [10_000, 100_000] + ([1_000_000] if args.full else [])
    files = args.files if args.files is not None else (100 if args.quick else MANY_TARGET_FILES)
    only = set(args.only or ["startup", "batch", "many", "preferans", "sharing", "play", "refused", "tournament"])

    compile_bytecode()
    print_machine()
    folder = Path(tempfile.mkdtemp(prefix="bbscore-bench-"))
    failed = False
    steps = [("startup", startup), ("batch", lambda: batch(sizes, folder, args.repeat, args.seed)),
             ("many", lambda: many(files, folder, args.repeat, args.seed, args.hands_per_file)),
             ("preferans", lambda: preferans(folder, args.repeat, args.seed, 2_000 if args.quick else 20_000)),
             ("sharing", lambda: sharing(args.repeat)),
             ("play", lambda: play(folder, args.repeat)), ("play", lambda: pref_play(folder, args.repeat)),
             ("refused", lambda: refused_long(folder, args.repeat)),
             ("refused", lambda: refused_answer(folder, args.repeat)),
             ("tournament", lambda: tournaments(folder, args.repeat))]
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
    if PROBLEMS:
        print("\nmeasurements that could not be made:")
        for problem in PROBLEMS:
            print(f"  {problem.splitlines()[0]}")
    if args.quick:
        print("\n(--quick: the issue's batch targets are for 100,000 hands and 1,000 files; run without --quick for them)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
