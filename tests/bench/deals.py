"""The referee's benchmark (issue 23): one deal refereed beyond start-up, and 10,000 random complete deals refereed
in one process against ``score`` of the same hands.

Targets (a benchmark, not a timed test — CI does not run it; it reports, exit 0 whatever the ratios, 1 only when a
measured step itself failed):

* one deal: reading and refereeing ``examples/deal-gambler.toml`` in a fresh process, the modules imported but
  nothing computed yet (the first deal of a process: the rule set's play tables are made then), ≤ 20 ms (median of
  10 processes); shown beside it, not a target: ``bbscore referee DEAL --json`` against ``bbscore score 12Т
  --def-points 18 --json``, each a whole command in a fresh process (median of 10, alternating);
* many deals: ``referee`` of 10,000 random complete deals in one process ≤ 10 × ``score`` of the same hands
  (best of ``--repeat``, the two alternating 500 deals at a time, so that a busy moment of the machine weighs on each
  alike; the cyclic garbage collector off, as every bbscore command runs).

The deals (:func:`write_deals`): the Belot family, every bundled rule set in turn, a random contract it reads, each
hand's held constructions announced, every bela said, the eight tricks played at random by the rules — the play from
the tests' own reading of the rules (``referee_oracle.random_deal`` in ``tests/``), never from the referee.  Measured
(:func:`measure`, in a fresh process):

* ``referee``: each deal's tables read (:func:`bbscore.belot.deal.from_tables`) and refereed;
* ``referee_only``: the referee of the deals already read (shown);
* ``score``: ``score`` for the same hands — :func:`~bbscore.belot.hand.make_hand` from the counted points, the
  declarers' tricks and each pair's passed constructions (what the referee found, as values), then
  :func:`~bbscore.belot.scoring.score`: the target's baseline;
* ``score_typed``: the same from the texts a person gives ``bbscore score`` (the contract, the numbers and the
  constructions as text, read by ``make_hand``), shown beside it.

Usage::

    python tests/bench/deals.py                          # 10,000 deals, best of 3  [--deals N] [--repeat R] [--seed S]
    python tests/bench/deals.py --deals 2000 --repeat 1  # a quick look
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for folder in (REPO, REPO / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def write_deals(path: Path, count: int, seed: int) -> int:
    """``count`` random complete deals as JSON lines ``{"rules": name, "deal": tables}``; returns ``count``."""
    import referee_oracle as oracle

    chance = random.Random(seed)
    names = sorted(oracle.CONTRACTS)
    with open(path, "w", encoding="utf-8") as stream:
        for number in range(count):
            name = names[number % len(names)]
            tables = oracle.random_deal(name, chance)[-1]
            stream.write(json.dumps({"rules": name, "deal": tables}, ensure_ascii=False) + "\n")
    return count


def measure(path: Path, repeat: int) -> dict:
    """The four timings (seconds, best of ``repeat``, alternating) of the deals in ``path`` with the number of deals
    and of hands scored; see the module's docstring."""
    from bbscore import conventions
    from bbscore.belot.deal import from_tables
    from bbscore.belot.hand import make_hand
    from bbscore.belot.referee import referee
    from bbscore.belot.scoring import score

    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    loaded = {name: conventions.load(name) for name in {line["rules"] for line in lines}}
    tables = [(line["deal"], loaded[line["rules"]]) for line in lines]
    read = [(from_tables(data, rules), rules) for data, rules in tables]
    inputs, typed = [], []
    for deal, rules in read:
        ruling = referee(deal, rules)
        if ruling.first_illegal is not None or ruling.undecided:
            raise SystemExit(f"a generated deal was refused: {ruling.first_illegal or ruling.undecided[0]}")
        hand = ruling.hand
        if hand is not None:  # None: a redeal (rams of 7s), nothing to score
            inputs.append((rules, hand.contract, hand.def_points, hand.decl_tricks, hand.decl_constructions,
                           hand.def_constructions))
            typed.append((rules, str(hand.contract), str(hand.def_points), str(hand.decl_tricks),
                          ", ".join(map(str, hand.decl_constructions)), ", ".join(map(str, hand.def_constructions))))

    chunk = 500  # the three alternate chunk by chunk, so that a busy moment of the machine weighs on each alike

    def refereed(start: int) -> None:
        for data, rules in tables[start:start + chunk]:
            referee(from_tables(data, rules), rules)

    def refereed_only(start: int) -> None:
        for deal, rules in read[start:start + chunk]:
            referee(deal, rules)

    def scored(start: int) -> None:
        for rules, contract, def_points, decl_tricks, decl_con, def_con in inputs[start:start + chunk]:
            score(make_hand(rules, contract, def_points=def_points, decl_tricks=decl_tricks, decl_con=decl_con,
                            def_con=def_con), rules)

    def scored_typed(start: int) -> None:
        for rules, contract, def_points, decl_tricks, decl_con, def_con in typed[start:start + chunk]:
            score(make_hand(rules, contract, def_points=def_points, decl_tricks=decl_tricks, decl_con=decl_con,
                            def_con=def_con), rules)

    best = dict.fromkeys(("referee", "referee_only", "score", "score_typed"), float("inf"))
    for _ in range(repeat):
        spent = dict.fromkeys(best, 0.0)
        for start in range(0, len(tables), chunk):
            for name, work in (("score", scored), ("referee", refereed), ("referee_only", refereed_only),
                               ("score_typed", scored_typed)):
                started = time.perf_counter()
                work(start)
                spent[name] += time.perf_counter() - started
        best = {name: min(best[name], spent[name]) for name in best}
    return {**best, "deals": len(read), "hands": len(inputs)}


ONE_DEAL_TARGET_MS = 20
MANY_TARGET = 10.0
EXAMPLE = REPO / "examples" / "deal-gambler.toml"
# One deal in a fresh process: the modules imported (the start-up), then the first deal read and refereed, timed.
COLD = (
    "import gc, sys, time\n"
    "gc.disable()\n"
    "from bbscore import conventions\n"
    "from bbscore.belot import deal, referee\n"
    "from bbscore.deals import parse\n"
    "started = time.perf_counter()\n"
    "text = open(sys.argv[1], encoding='utf-8').read()\n"
    "tables = parse(sys.argv[1], text)\n"
    "rules = conventions.load(tables.get('rules', 'gambler'))\n"
    "ruling = referee.referee(deal.from_tables(tables, rules), rules)\n"
    "spent = time.perf_counter() - started\n"
    "assert ruling.breakdown is not None\n"
    "print(spent)\n"
)


def one_deal(runs: int) -> list[tuple]:
    """The one-deal rows: the first deal of a fresh process, and the whole commands (see the module's docstring)."""
    import statistics

    import run as bench

    first = [float(bench.run([sys.executable, "-c", COLD, str(EXAMPLE)]).stdout) for _ in range(runs)]
    commands = {"score": [sys.executable, "-m", "bbscore", "score", "12Т", "--def-points", "18", "--json"],
                "referee": [sys.executable, "-m", "bbscore", "referee", str(EXAMPLE), "--json"]}
    for command in commands.values():  # a warm-up run each (and a check that it works)
        json.loads(bench.run(command).stdout)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            walls[name].append(bench.run(command).seconds)
    cold = statistics.median(first) * 1000
    score_ms, referee_ms = (statistics.median(walls[name]) * 1000 for name in ("score", "referee"))
    print(f"One deal ({EXAMPLE.name}), median of {runs} fresh processes: the first deal read and refereed "
          f"{cold:.1f} ms (min {min(first) * 1000:.1f}, max {max(first) * 1000:.1f}); whole commands: "
          f"referee --json {referee_ms:.0f} ms, score 12Т --json {score_ms:.0f} ms\n")
    return [("one deal: read and refereed, beyond start-up", "", f"{cold:.1f} ms", "", f"≤ {ONE_DEAL_TARGET_MS} ms",
             "PASS" if cold <= ONE_DEAL_TARGET_MS else "FAIL"),
            ("one deal: referee --json vs score --json (info)", f"{score_ms:.0f} ms", f"{referee_ms:.0f} ms",
             f"{referee_ms / score_ms:.2f}×", "", "")]


def many_deals(count: int, repeat: int, seed: int) -> list[tuple]:
    """The many-deals rows: ``count`` deals written, then measured in a fresh process."""
    import tempfile

    import run as bench

    with tempfile.TemporaryDirectory(prefix="bbscore-deals-") as folder:
        path = Path(folder) / "deals.jsonl"
        started = time.perf_counter()
        write_deals(path, count, seed)
        print(f"Many deals: {count:,} random complete deals written in {time.perf_counter() - started:.1f} s; "
              f"measured in a fresh process, best of {repeat}", flush=True)
        found = json.loads(bench.run([sys.executable, str(Path(__file__).resolve()), "--measure", str(path),
                                      "--repeat", str(repeat)]).stdout)
    per = {name: found[name] / found["deals"] * 1e6 for name in ("referee", "referee_only")}
    per.update({name: found[name] / found["hands"] * 1e6 for name in ("score", "score_typed")})
    ratio = found["referee"] / found["score"]
    print(f"  {found['deals']:,} deals ({found['hands']:,} scored, the rest redeals): referee {found['referee']:.2f} s "
          f"({per['referee']:.0f} µs a deal; {per['referee_only']:.0f} µs of it the referee alone, the deal already "
          f"read); score {found['score']:.2f} s ({per['score']:.1f} µs a hand; from the texts typed "
          f"{per['score_typed']:.1f} µs)\n")
    return [(f"many deals: referee of {found['deals']:,} vs score", f"{found['score']:.2f} s",
             f"{found['referee']:.2f} s", f"{ratio:.2f}×", f"≤ {MANY_TARGET:g}×", "PASS" if ratio <= MANY_TARGET else "FAIL"),
            ("many deals: the referee alone, deals already read (info)", f"{found['score']:.2f} s",
             f"{found['referee_only']:.2f} s", f"{found['referee_only'] / found['score']:.2f}×", "", ""),
            ("many deals: referee vs score from the texts typed (info)", f"{found['score_typed']:.2f} s",
             f"{found['referee']:.2f} s", f"{found['referee'] / found['score_typed']:.2f}×", "", "")]


def main(argv: list[str] | None = None) -> int:
    import argparse

    from generate import positive

    parser = argparse.ArgumentParser(description="The referee's benchmark: one deal, and many deals against score.")
    parser.add_argument("--deals", type=positive, default=10_000, help="random complete deals (default 10,000)")
    parser.add_argument("--repeat", type=positive, default=3, help="runs of the many deals, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="the deals' seed (default 0)")
    parser.add_argument("--runs", type=positive, default=10, help="fresh processes for one deal (default 10)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the fresh process of the many deals
    args = parser.parse_args(argv)
    if args.measure is not None:
        import gc

        gc.disable()  # as every bbscore command runs
        print(json.dumps(measure(args.measure, args.repeat)))
        return 0
    import run as bench

    bench.compile_bytecode()
    bench.print_machine()
    try:
        rows = one_deal(args.runs) + many_deals(args.deals, args.repeat, args.seed)
    except bench.CommandFailed as error:
        print(f"ERROR: {error}")
        return 1
    bench.ROWS.extend(rows)
    bench.print_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
