"""Generate large, realistic, valid protocol files for the benchmark (tests/bench/run.py).

Every file is written exactly as bbscore writes a protocol (``bbscore.belot.protocol.dumps``
of a ``Header`` and the hands, the hands' fields in the order ``bbscore add`` writes
them), under the bundled «gambler» rules with their real ``convention_sha256``; every
hand carries the ``score`` and running ``total`` the engine gives, so that
``bbscore recompute FILE`` exits 0 on it.

The hands are a realistic mix: mostly simple suit contracts 8–16, some БК and ВК (≥ 20),
contra and recontra, kapo and kapo from one hand (with ``decl_tricks``), constructions
(терц, берц, квинта …, рамки-…, бэла) on at most one side plus belas within the game's
maximum, trick points drawn from the totals cards can make with the tricks taken, and
redeals (all passed; rams of 7s).

With ``--paper`` a protocol holds the hands' inputs only, as typed from a paper sheet (no recorded
``score`` and ``total``): the same hands, which ``recompute`` scores from scratch.

Usage::

    python tests/bench/generate.py OUT.toml --hands 100000 [--seed 0] [--target N] [--paper]
    python tests/bench/generate.py --files 1000 --hands-per-file 25 --dir DIR [--seed 0]

A big file has a huge target (10**9) so that even a million hands never end the game
(``recompute`` reports hands after the end as errors).  Many small files are games to
301 that stop when the game ends, or after ``--hands-per-file`` hands.

Scores are cached by the hand's inputs (100,000 hands hold about 49,000 distinct ones, a
million about 240,000), so 100,000 hands take about 6 s and a million about a minute; the text is written in chunks of hands, each as
``protocol.dumps`` would write it (the concatenation is byte-identical to one ``dumps``
of all the hands, which the generator's test checks).
"""

from __future__ import annotations

import argparse
import bisect
import random
import sys
import time
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bbscore import conventions  # noqa: E402
from bbscore.belot.contract import GameKind  # noqa: E402
from bbscore.belot.game import game_end, redeals  # noqa: E402
from bbscore.belot.hand import make_hand  # noqa: E402
from bbscore.belot.protocol import Header, dumps  # noqa: E402
from bbscore.belot.scoring import score  # noqa: E402

BIG_TARGET = 10**9
SMALL_TARGET = 301
CHUNK = 20_000  # hands per chunk of text
CREATED = "2026-01-01 20:00"
PAIR_NAMES = [("Север", "Юг"), ("Мы", "Они"), ("Восток", "Запад"), ("Аня и Петя", "Оля и Миша")]

# Games and how often they are played (of the hands that are not redeals).
GAMES = [("П", 0.19), ("Т", 0.19), ("Б", 0.19), ("Ч", 0.19), ("БК", 0.11), ("ВК", 0.13)]
KIND_OF = {"П": GameKind.SUIT, "Т": GameKind.SUIT, "Б": GameKind.SUIT, "Ч": GameKind.SUIT,
           "БК": GameKind.NO_TRUMPS, "ВК": GameKind.ALL_TRUMPS}
REDEAL_SHARE = 0.05
CONTRACTS = [("simple", 0.93), ("kapo", 0.05), ("kapo_hand", 0.02)]
DOUBLINGS = [("", 0.88), ("+", 0.09), ("++", 0.03)]
# The part of a simple game's bid that the tricks are to make: min_bid + 0, 1, 2 … (suit and БК 8…14, ВК 20…24).
TRICK_BIDS = {GameKind.SUIT: [0.2, 0.18, 0.18, 0.15, 0.12, 0.1, 0.07],
              GameKind.NO_TRUMPS: [0.25, 0.2, 0.18, 0.14, 0.1, 0.08, 0.05],
              GameKind.ALL_TRUMPS: [0.35, 0.25, 0.2, 0.12, 0.08]}
# The non-bela constructions that passed (for one pair), in normal form; "R" is a rams rank.
MELD_SETS = [
    ((), 0.55),
    (("терц",), 0.20),
    (("берц",), 0.07),
    (("терц", "терц"), 0.045),
    (("квинта",), 0.03),
    (("берц", "терц"), 0.025),
    (("R",), 0.035),
    (("R", "терц"), 0.012),
    (("шестерик",), 0.008),
    (("рамки-8",), 0.008),
    (("берц", "берц"), 0.007),
    (("квинта", "терц"), 0.006),
    (("семерик",), 0.002),
    (("восьмерик",), 0.002),
]
RAMS_RANKS = {GameKind.SUIT: ["В", "9", "Т", "10", "К", "Д"], GameKind.NO_TRUMPS: ["Т", "10", "К", "Д", "В"],
              GameKind.ALL_TRUMPS: ["В", "9", "Т", "10", "К", "Д"]}
BELA_COUNTS = {GameKind.SUIT: [0.7, 0.3], GameKind.NO_TRUMPS: [1.0], GameKind.ALL_TRUMPS: [0.35, 0.35, 0.2, 0.08, 0.02]}
SEQUENCE_LENGTHS = {"терц": 3, "берц": 4, "квинта": 5, "шестерик": 6, "семерик": 7, "восьмерик": 8}
LATIN_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "10": "10", "9": "9", "8": "8", "7": "7"}
NOTES = ["контра", "сдавал Петя", "спор, пересчитано", "капо!", "поздно, устали"]


def _pick(rng: random.Random, table: list[tuple[Any, float]]) -> Any:
    values, weights = zip(*table)
    return rng.choices(values, weights)[0]


class HandMaker:
    """Draws realistic hands and scores them with the engine (cached by inputs)."""

    def __init__(self, seed: int | str = 0, convention_name: str = "gambler") -> None:
        self.rng = random.Random(seed)
        self.rules = conventions.load(convention_name)
        self.redeal_kinds = redeals(self.rules)
        self.makeable = {kind: [sorted(s) for s in self.rules.makeable(kind)] for kind in GameKind}
        self.cache: dict[tuple, tuple[int, int]] = {}
        self.scored = 0  # cache misses: hands actually scored by the engine
        self.produced = 0  # hands of the last game produced by :meth:`hands`
        self._games, self._game_weights = zip(*GAMES)
        self._melds, self._meld_weights = zip(*MELD_SETS)

    # --- drawing the inputs ---

    def _visty(self, names: tuple[str, ...], kind: GameKind) -> int:
        """Visty of constructions in normal form (to make the bid fit them; the engine scores the hand)."""
        rules = self.rules
        total = 0
        for name in names:
            if name in SEQUENCE_LENGTHS:
                total += rules.construction_values(kind).sequences[SEQUENCE_LENGTHS[name] - 3]
            elif name == "бэла":
                total += rules.settings.constructions.bela
            else:
                total += rules.game(kind).rams[LATIN_RANKS[name.removeprefix("рамки-")]]
        return total

    def _constructions(self, kind: GameKind, declarers_favoured: float) -> tuple[tuple[str, ...], tuple[str, ...]]:
        rng = self.rng
        melds = rng.choices(self._melds, self._meld_weights)[0]
        if "R" in melds:
            rank = rng.choice(RAMS_RANKS[kind])
            melds = tuple(f"рамки-{rank}" if m == "R" else m for m in melds)
        decl: list[str] = []
        defs: list[str] = []
        if melds:
            (decl if rng.random() < declarers_favoured else defs).extend(melds)
        weights = BELA_COUNTS[kind]
        belas = rng.choices(range(len(weights)), weights)[0]
        for _ in range(belas):
            (decl if rng.random() < 0.65 else defs).append("бэла")
        return tuple(decl), tuple(defs)

    def _trick_points(self, kind: GameKind, tricks: int, wanted: float | None = None) -> int:
        """The declarers' trick points with ``tricks`` tricks: near ``wanted`` (else about the deck's share),
        a total cards can make with that many tricks."""
        possible = self.makeable[kind][tricks]
        deck = self.rules.game(kind).deck_visty
        if wanted is None:
            wanted = self.rng.gauss(deck * tricks / 8, deck / 14)
        index = min(bisect.bisect_left(possible, wanted), len(possible) - 1)
        return possible[index]

    def draw(self) -> dict[str, Any] | None:
        """One hand's input fields (normal form, in the order bbscore writes them), or None for a redeal."""
        rng = self.rng
        if rng.random() < REDEAL_SHARE:
            return None
        game = rng.choices(self._games, self._game_weights)[0]
        kind = KIND_OF[game]
        settings = self.rules.game(kind)
        deck = settings.deck_visty
        what = _pick(rng, CONTRACTS)
        double = _pick(rng, DOUBLINGS)
        fields: dict[str, Any] = {}
        if what == "simple":
            # the bid: what the cards promise in tricks, plus part of the declarers' constructions
            decl_con, def_con = self._constructions(kind, 0.65)
            bids = TRICK_BIDS[kind]
            trick_bid = settings.min_bid + rng.choices(range(len(bids)), bids)[0]
            number = trick_bid + int(self._visty(decl_con, kind) / 10 * rng.uniform(0.3, 1.0))
            fields["contract"] = f"{number}{game}{double}"
            # the play: trick points around what the bid needs (made about two times in three)
            wanted = min(deck, max(0, 10 * trick_bid + rng.gauss(6, 20)))
            tricks = min(8, max(0, round(wanted / deck * 8 + rng.uniform(-0.5, 0.5))))
            declarers = self._trick_points(kind, tricks, wanted)
            with_tricks = declarers in (0, deck) or tricks in (0, 8) or rng.random() < 0.04
        else:
            decl_con, def_con = self._constructions(kind, 0.9)
            con = self._visty(decl_con, kind)
            k = con // 10 if rng.random() < 0.8 else con // 10 + rng.choice((1, 2, 5))
            made = rng.random() < 0.75
            tricks = 8 if made else rng.choice((5, 6, 7, 7, 7))
            declarers = deck if made else self._trick_points(kind, tricks)
            prefix = "^" if what == "kapo" else "^^"
            fields["contract"] = f"{prefix}{k if k else ''}{game}{double}"
            with_tricks = True
        fields["by"] = None  # the pair's name, set by hands(); here to keep bbscore's order of the keys
        if what == "simple" and rng.random() < 0.05:
            fields["decl_points"] = declarers
        else:
            fields["def_points"] = deck - declarers
        if decl_con:
            fields["decl_con"] = list(decl_con)
        if def_con:
            fields["def_con"] = list(def_con)
        if with_tricks:
            fields["decl_tricks"] = tricks
        if rng.random() < 0.02:
            fields["note"] = rng.choice(NOTES)
        return fields

    # --- scoring ---

    def points(self, fields: dict[str, Any]) -> tuple[int, int]:
        """(declarers, defenders): what each pair writes for these inputs, by the engine."""
        key = (fields["contract"], fields.get("def_points"), fields.get("decl_points"),
               tuple(fields.get("decl_con", ())), tuple(fields.get("def_con", ())), fields.get("decl_tricks"))
        found = self.cache.get(key)
        if found is None:
            hand = make_hand(
                self.rules, fields["contract"], def_points=fields.get("def_points"),
                decl_points=fields.get("decl_points"), decl_con=fields.get("decl_con"),
                def_con=fields.get("def_con"), decl_tricks=fields.get("decl_tricks"),
            )
            # the inputs are written in bbscore's normal form
            assert str(hand.contract) == fields["contract"], (str(hand.contract), fields["contract"])
            assert [str(c) for c in hand.decl_constructions] == fields.get("decl_con", []), fields
            assert [str(c) for c in hand.def_constructions] == fields.get("def_con", []), fields
            breakdown = score(hand, self.rules)
            found = self.cache[key] = (breakdown.declarers, breakdown.defenders)
            self.scored += 1
        return found

    def hands(self, count: int, pairs: tuple[str, str], target: int, *, stop_at_end: bool) -> Iterator[dict[str, Any]]:
        """The hands of one game in order, with score and running total (pair order).

        With ``stop_at_end`` the game stops when a pair reaches the target (by the
        convention's tie rule); without it, reaching the target is an error (the
        rest of the file would be hands after the end).
        """
        on_tie = self.rules.settings.game_end.on_tie
        first, second = 0, 0
        self.produced = 0
        for _ in range(count):
            fields = self.draw()
            if fields is None:
                fields = {"redeal": self.rng.choices(self.redeal_kinds, [9] + [1] * (len(self.redeal_kinds) - 1))[0]}
                points = (0, 0)
            else:
                by = self.rng.randrange(2)
                fields["by"] = pairs[by]
                declarers, defenders = self.points(fields)
                points = (declarers, defenders) if by == 0 else (defenders, declarers)
            first += points[0]
            second += points[1]
            fields["score"] = [points[0], points[1]]
            fields["total"] = [first, second]
            self.produced += 1
            yield fields
            ended, _ = game_end((first, second), target, on_tie)
            if ended:
                if stop_at_end:
                    return
                raise RuntimeError(f"the game reached its target {target}: use a larger target")


def header(maker: HandMaker, pairs: tuple[str, str], target: int) -> Header:
    """The ``[game]`` table bbscore writes for a new game (with the rules' real SHA-256)."""
    return Header(convention=maker.rules.name, convention_sha256=maker.rules.sha256, target=target, pairs=pairs,
                  extra={"created": CREATED})


def protocol_text(maker: HandMaker, count: int, *, target: int = BIG_TARGET, pairs: tuple[str, str] = PAIR_NAMES[0],
                  stop_at_end: bool = False, chunk: int = CHUNK, paper: bool = False) -> Iterator[str]:
    """The text of one protocol, in pieces (each ``chunk`` hands); joined, it is ``dumps(header, hands)``.  ``paper``:
    the hands as typed from a paper sheet — their inputs only, no recorded ``score`` and ``total``."""
    import tomli_w

    head = header(maker, pairs, target)
    hands = maker.hands(count, pairs, target, stop_at_end=stop_at_end)
    if paper:
        hands = ({key: value for key, value in hand.items() if key not in ("score", "total")} for hand in hands)
    batch = [hand for _, hand in zip(range(chunk), hands)]
    yield dumps(head, batch)
    while True:
        batch = [hand for _, hand in zip(range(chunk), hands)]
        if not batch:
            return
        # what protocol.dumps writes for the hands after the first chunk: the same tomli_w array of tables
        yield "\n" + tomli_w.dumps({"hand": batch})


def write_protocol(path: Path | str, hands: int, *, seed: int | str = 0, target: int = BIG_TARGET,
                   pairs: tuple[str, str] = PAIR_NAMES[0], stop_at_end: bool = False,
                   maker: HandMaker | None = None, chunk: int = CHUNK, paper: bool = False) -> int:
    """Write one protocol of ``hands`` hands (fewer with ``stop_at_end``; ``paper``: inputs only, see
    :func:`protocol_text`); returns the hands written."""
    maker = maker or HandMaker(seed)
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        for piece in protocol_text(maker, hands, target=target, pairs=pairs, stop_at_end=stop_at_end, chunk=chunk,
                                   paper=paper):
            stream.write(piece)
    return maker.produced


def write_many(directory: Path | str, files: int, hands_per_file: int, *, seed: int | str = 0,
               target: int = SMALL_TARGET) -> list[Path]:
    """Write ``files`` small protocols (games to ``target``, at most ``hands_per_file`` hands each) into a folder."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    maker = HandMaker(seed)
    paths = []
    for number in range(files):
        path = directory / f"game-{number + 1:05d}.toml"
        pairs = PAIR_NAMES[number % len(PAIR_NAMES)]
        write_protocol(path, hands_per_file, target=target, pairs=pairs, stop_at_end=True, maker=maker)
        paths.append(path)
    return paths


def positive(text: str) -> int:
    """An argparse type: a whole number ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not ≥ 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="the protocol file to write (one big game)")
    parser.add_argument("--hands", type=positive, help="hands in the big file")
    parser.add_argument("--seed", default="0", help="random seed (default 0): the same seed gives the same file")
    parser.add_argument("--target", type=positive, default=None,
                        help=f"[game].target (default {BIG_TARGET} for one file, {SMALL_TARGET} for --files)")
    parser.add_argument("--files", type=positive, help="write this many small protocols into --dir")
    parser.add_argument("--hands-per-file", type=positive, default=25,
                        help="at most this many hands per small file (default 25)")
    parser.add_argument("--dir", type=Path, help="folder for --files")
    parser.add_argument("--paper", action="store_true", help="the hands' inputs only, as typed from a paper sheet "
                                                              "(no recorded score and total)")
    args = parser.parse_args(argv)
    try:
        return generate(parser, args)
    except (OSError, RuntimeError) as error:  # a folder that is not there, a target the game reaches
        if isinstance(error, RuntimeError) and args.out is not None:
            args.out.unlink(missing_ok=True)  # the game written so far is not the one asked for
        print(f"generate.py: error: {error}", file=sys.stderr)
        return 2


def generate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    started = time.perf_counter()
    if args.files is not None:
        if args.dir is None or args.out is not None:
            parser.error("--files needs --dir (and no OUT)")
        paths = write_many(args.dir, args.files, args.hands_per_file, seed=seed,
                           target=SMALL_TARGET if args.target is None else args.target)
        hands = sum(path.read_text(encoding="utf-8").count("[[hand]]") for path in paths)
        print(f"{len(paths)} files, {hands} hands ({hands / max(1, len(paths)):.1f} per file) in {args.dir} "
              f"in {time.perf_counter() - started:.1f} s")
        return 0
    if args.out is None or args.hands is None:
        parser.error("give OUT.toml --hands N, or --files K --dir D")
    maker = HandMaker(seed)
    written = write_protocol(args.out, args.hands, target=BIG_TARGET if args.target is None else args.target, maker=maker,
                             paper=args.paper)
    size = args.out.stat().st_size
    print(f"{args.out}: {written} hands, {size / 1e6:.1f} MB, {maker.scored} distinct hands scored, "
          f"in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
