"""What the work for speed (issue 24) must not change: every result and every slip reported.

``recompute`` reads sheets with tomli's compiled parser where it is installed (:func:`bbscore.files.parse_toml`),
scores each distinct hand input once (a memo in each game's replay, and the checked contract and constructions of a
hand whose inputs but its trick points were seen), finds the hands' lines only for what it reports, and keeps no
per-hand result.  Here each of those is switched off in turn — the plain way being tomllib, no memo, every line
found first and every hand scored with its working — and the reports (file, line, hand, field, the recorded and
computed values, the message, the totals) and exit levels must be the same, on the examples and on generated sheets
of both games with slips planted in them (hypothesis: derandomized, the same examples every run).

``play`` and ``pref play`` carry the sheet they wrote on to the next hand: a long session writes what as many ``add``
commands write, and a sheet changed by another command between two answers is read again.
"""

from __future__ import annotations

import io
import random
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from bbscore import files
from conftest import REPO, run_cli

EXAMPLES = REPO / "examples"
MODES = ["tomllib, no memo", "compiled parser", "memo", "compiled parser and memo"]


class _NoPlans(dict):
    """A convention's memo that keeps no plan of a hand (what the speed work adds), only the derived tables."""

    def __setitem__(self, key, value):
        if isinstance(key, tuple) and key and key[0] in ("hand plan", "score plan", "split visty of"):
            return
        super().__setitem__(key, value)


@contextmanager
def mode(name: str):
    """``recompute`` as it runs in one of :data:`MODES`: the plain way is tomllib, no memo in either game's replay
    nor of any hand's plan, every hand's line found first, every hand scored with its working."""
    from bbscore import conventions
    from bbscore.belot import game, protocol
    from bbscore.preferans import protocol as pref

    from bbscore.belot.convention import Convention

    with pytest.MonkeyPatch.context() as patch:
        if "compiled" not in name:
            patch.setattr(files, "_FAST", [None])
        else:  # tomli's compiled build is a dependency (pyproject.toml): its absence is a failure, not a skip
            assert files.fast_parser() is not None, "tomli's compiled build is not installed: pip install -e '.[test]'"
        patch.setattr(conventions, "_CACHE", {})  # each run loads its rules afresh: nothing another run remembered
        if "memo" not in name:
            made = Convention.__init__

            def plain(self, settings, path):
                made(self, settings, path)
                self.memo = _NoPlans()

            patch.setattr(Convention, "__init__", plain)
            score_entry = game.score_entry
            patch.setattr(game, "scored_entry", lambda entry, pairs, rules, memo, working=True:
                          score_entry(entry, pairs, rules, True))
            scored = pref._scored
            patch.setattr(pref, "_scored", lambda record, players, rules, run, memo:
                          scored(record, players, rules, run, None))
            patch.setattr(pref, "_written_reprs", lambda entries: None)
            for module in (protocol, pref):
                parse = module.parse
                patch.setattr(module, "parse", lambda *args, _parse=parse, **kwargs: _parse(*args, **{**kwargs, "lines": True}))
        yield


def reports(paths: list[Path]) -> dict[str, list]:
    """Each mode's ``recompute`` of ``paths``: (report, exit level) of every file."""
    from bbscore.cli.recompute import recompute_file

    found = {}
    for name in MODES:
        with mode(name):
            found[name] = [recompute_file(path, None, False) for path in paths]
    return found


def assert_same(found: dict[str, list]) -> None:
    plain = found[MODES[0]]
    for name in MODES[1:]:
        assert found[name] == plain, name


def test_the_examples_are_reported_the_same_every_way():
    paths = sorted(path for path in EXAMPLES.rglob("*.toml") if path.name != "tournament.toml")
    found = reports(paths)
    assert_same(found)
    levels = [level for _report, level in found[MODES[0]]]
    assert 0 in levels and 1 in levels  # (clean games and slipped ones among them)


# --- generated Belot protocols with slips planted ---

BELOT_SLIPS = [
    ("score", lambda hand, rng: hand.__setitem__("score", [hand["score"][0] + 1, hand["score"][1]]) if "score" in hand else None),
    ("total", lambda hand, rng: hand.__setitem__("total", [hand["total"][0], hand["total"][1] - 2]) if "total" in hand else None),
    ("points", lambda hand, rng: hand.__setitem__("def_points", rng.choice([163, 7, -1, "18", True, 18.0]))),
    ("contract", lambda hand, rng: hand.__setitem__("contract", rng.choice(["99Т", "", "xyz", 12, "7Т", "12Т+++"]))),
    ("by", lambda hand, rng: hand.__setitem__("by", rng.choice(["Никто", 1, ["Мы"]])) if rng.random() < 0.7 else hand.pop("by", None)),
    ("constructions", lambda hand, rng: hand.__setitem__("decl_con", rng.choice([["терс"], [1], "терц", ["бэла", "бэла", "бэла"]]))),
    ("key", lambda hand, rng: hand.__setitem__("foo", 1)),
    ("note", lambda hand, rng: hand.__setitem__("note", rng.choice(["x" * 1001, ["note"], 5, "заметка"]))),
    ("redeal", lambda hand, rng: hand.update(redeal=rng.choice(["all-pass", "rams-9"]))),
    ("held", lambda hand, rng: hand.__setitem__("held", rng.choice([3, -1, "x"]))),
    ("tricks", lambda hand, rng: hand.__setitem__("decl_tricks", rng.choice([9, 0, 8, "8", False]))),
    ("nested", lambda hand, rng: hand.__setitem__("decl_con", [["терц"]])),
]


def planted(data: dict, rng: random.Random, slips: int) -> dict:
    """The sheet's data with some hands copied over others (the memo's repeats) and ``slips`` slips planted."""
    hands = data.get("hand", [])
    for _ in range(len(hands) // 4):  # repeats: a hand's inputs again later, its recorded values carried over
        source, target = rng.randrange(len(hands)), rng.randrange(len(hands))
        hands[target] = {**hands[source], **{key: hands[target][key] for key in ("score", "total") if key in hands[target]}}
    for _ in range(slips):
        _name, plant = rng.choice(BELOT_SLIPS)
        plant(hands[rng.randrange(len(hands))], rng)
    return data


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), hands=st.integers(20, 160), slips=st.integers(0, 6),
       paper=st.booleans(), comment=st.booleans())
def test_generated_protocols_with_slips_are_reported_the_same_every_way(bench_generator, tmp_path_factory, seed, hands,
                                                                         slips, paper, comment):
    folder = tmp_path_factory.mktemp("slips")
    clean = folder / "clean.toml"
    bench_generator.write_protocol(clean, hands, seed=seed, paper=paper)
    rng = random.Random(seed)
    data = planted(tomllib.loads(clean.read_text(encoding="utf-8")), rng, slips)
    text = tomli_w.dumps(data)
    if comment:  # a comment and a blank line somewhere: the lines move
        lines = text.split("\n")
        at = rng.randrange(len(lines))
        lines[at:at] = ["# написано от руки", ""]
        text = "\n".join(lines)
    slipped = folder / "slipped.toml"
    slipped.write_text(text, encoding="utf-8")
    found = reports([clean, slipped])
    assert_same(found)
    assert found[MODES[0]][0][1] == 0  # the generated game itself is clean
    if slips:
        assert found[MODES[0]][1][0].get("discrepancies") or found[MODES[0]][1][1]


# --- generated пули with slips planted ---

PLAYERS = ("Аня", "Боря", "Вера")


def pulya_text(hands: int, rng: random.Random) -> str:
    """A пуля of ``hands`` valid hands (no пуля reaches its target) as ``pref add`` writes it, some hands repeated."""
    from bbscore import conventions
    from bbscore.preferans import protocol

    rules = conventions.load("rostov", game="preferans")
    header = protocol.Header(convention="rostov", convention_sha256=rules.sha256, target=10**9, players=PLAYERS)
    parts, made = [protocol.header_text(header)], []
    for _ in range(hands):
        if made and rng.random() < 0.3:
            parts.append(rng.choice(made))
            continue
        kind = rng.choice(["game", "game", "misere", "all_pass"])
        by = rng.choice(PLAYERS)
        defenders = [p for p in PLAYERS if p != by]
        if kind == "all_pass":
            first = rng.randint(0, 10)
            second = rng.randint(0, 10 - first)
            fields = {"game": "распасы", "tricks": dict(zip(PLAYERS, (first, second, 10 - first - second)))}
        elif kind == "misere":
            fields = {"game": "мизер", "by": by, "tricks": rng.randint(0, 10)}
        else:
            taken = rng.randint(4, 10)
            fields = {"game": f"{rng.randint(6, 10)}{rng.choice('♠♣♦♥')}", "by": by, "tricks": taken,
                      "whist": {defenders[0]: 10 - taken}, "pass": [defenders[1]]}
        hand = protocol.make(fields, PLAYERS, rules.settings)
        text = protocol.hand_text({**protocol.input_fields(hand, fields),
                                   **protocol.written_fields(protocol.score(hand, rules.settings))})
        made.append(text)
        parts.append(text)
    return "".join(parts)


PREF_SLIPS = [
    lambda hand, rng: hand.__setitem__("pulya", {PLAYERS[0]: rng.choice([1, 2, 99, "3/2", True, 2.0])}),
    lambda hand, rng: hand.__setitem__("gora", rng.choice([{PLAYERS[1]: 4}, {}, [1], {PLAYERS[2]: "1e999"}])),
    lambda hand, rng: hand.__setitem__("vists", rng.choice([[], [{"from": PLAYERS[1], "on": PLAYERS[0], "vists": 1}], "x"])),
    lambda hand, rng: hand.__setitem__("tricks", rng.choice([11, -1, "5", True])),
    lambda hand, rng: hand.__setitem__("by", rng.choice(["Гена", 3])),
    lambda hand, rng: hand.__setitem__("game", rng.choice(["11♠", "", "6X", 6])),
    lambda hand, rng: hand.__setitem__("note", rng.choice(["x" * 1001, 7, "заметка"])),
    lambda hand, rng: hand.__setitem__("extra", 1),
    lambda hand, rng: hand.pop("pulya", None),
]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), hands=st.integers(15, 120), slips=st.integers(0, 5))
def test_generated_pulya_with_slips_is_reported_the_same_every_way(tmp_path_factory, seed, hands, slips):
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("pulya")
    clean = folder / "clean.toml"
    clean.write_text(pulya_text(hands, rng), encoding="utf-8")
    data = tomllib.loads(clean.read_text(encoding="utf-8"))
    for _ in range(slips):
        rng.choice(PREF_SLIPS)(data["hand"][rng.randrange(len(data["hand"]))], rng)
    slipped = folder / "slipped.toml"
    slipped.write_text(tomli_w.dumps(data), encoding="utf-8")
    found = reports([clean, slipped])
    assert_same(found)
    assert found[MODES[0]][0][1] == 0


# --- the parser: tomli's compiled build reads as tomllib reads, refusals included ---

TOML_PIECES = ["[", "]", "{", "}", "=", '"', "'", "\n", ",", ".", "#", " ", "a", "1", "\\", "[[", "]]", '"""', "x = ",
               "\\e", "1.5", "true", "1979-05-27", "07:32", "0x_1", "+inf", "{a=1,}", "é", "\t", "\r\n"]


def outcome_of(parse, text: str):
    try:
        return "data", parse(text)
    except RecursionError:
        return "too deep", None
    except ValueError as error:  # tomllib's TOMLDecodeError
        return "refused", (type(error).__name__, str(error))


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(sorted(EXAMPLES.glob("*.toml"))), edits=st.lists(
    st.tuples(st.floats(0, 1), st.sampled_from(TOML_PIECES), st.integers(0, 3)), max_size=4))
def test_the_compiled_parser_reads_every_text_as_tomllib(base, edits):
    """A sheet with a few pieces of TOML's syntax inserted or cut (TOML 1.1's too, which tomllib refuses): the same
    tables, or the same refusal in the same words with the same line, either way."""
    text = base.read_text(encoding="utf-8")
    for where, piece, cut in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + cut:]
    fast, plain = outcome_of(files.parse_toml, text), outcome_of(files._tomllib_loads, text)
    assert fast == plain


@pytest.mark.parametrize("depth", [39, 40, 41, 99, 101, 149, 151, 399, 402])
@pytest.mark.parametrize("nest", ["[", "{a="])
def test_nesting_is_refused_at_tomllibs_depth_whichever_parser_reads(depth, nest):
    closing = "]" if nest == "[" else "}"
    text = "x = " + nest * depth + ("1" if nest == "{a=" else "") + closing * depth + "\n"
    assert outcome_of(files.parse_toml, text) == outcome_of(files._tomllib_loads, text)


def test_tables_nested_by_dotted_keys_are_refused_as_by_tomllib():
    for depth in (63, 64, 65, 70):
        for text in ("a" + ".a" * depth + " = 1\n", "[" + ".".join(["t"] * (depth + 1)) + "]\nx = 1\n"):
            assert outcome_of(files.parse_toml, text) == outcome_of(files._tomllib_loads, text)


# --- sessions carry their sheet on ---

CYCLE = [["12Т", "--by", "Мы", "--def-points", "18", "--decl-con", "терц", "--def-con", "бэла"],
         ["8П", "--by", "Они", "--def-points", "82"], ["--redeal", "all-pass"],
         ["9Т", "--by", "Мы", "--def-points", "70", "--decl-con", "терц"],
         ["^Т", "--by", "Они", "--decl-tricks", "8", "--def-points", "0", "--def-con", "бэла"],
         ["16БК", "--by", "Мы", "--def-points", "40"], ["22ВК", "--by", "Они", "--def-points", "60", "--def-con", "терц"]]


def typed(args: list[str]) -> list[str]:
    """What a person types at play's questions for the hand ``add`` gets as ``args``."""
    if args[0] == "--redeal":
        return ["пас"]
    options = dict(zip(args[1::2], args[2::2]))
    answers = [options["--by"], args[0]]
    answers.append(options["--decl-tricks"] if args[0].startswith("^") else options["--def-points"])
    return answers + [options.get("--decl-con", ""), options.get("--def-con", "")]


def same_text(first: Path, second: Path) -> None:
    import re

    def text(path: Path) -> str:
        return re.sub(r'^created = ".*"$', "created", path.read_text(encoding="utf-8"), flags=re.M)

    assert text(first) == text(second)


@pytest.mark.untraced  # 300 hands played and 300 added: traced by coverage it took twice as long (see conftest.py)
def test_a_300_hand_session_writes_what_300_adds_write(tmp_path):
    hands = [CYCLE[n % len(CYCLE)] for n in range(300)]
    played, added = tmp_path / "played.toml", tmp_path / "added.toml"
    done = run_cli("play", played, "--pairs", "Мы,Они", "--target", "100000",
                   stdin="".join(f"{line}\n" for args in hands for line in typed(args)))
    assert done.returncode == 0, done.stderr
    assert "Сдача 300 записана" in done.stdout
    assert " — правила " not in done.stdout  # each hand: its line and the standing, not the whole sheet
    assert run_cli("new", added, "--pairs", "Мы,Они", "--target", "100000").returncode == 0
    for args in hands:
        assert run_cli("add", added, *args).returncode == 0
    same_text(played, added)
    assert run_cli("recompute", played).returncode == 0


class Feed:
    """Standard input of a scripted session that, before the answer at ``at``, runs ``meanwhile`` (another command
    changing the sheet between two answers)."""

    def __init__(self, lines: list[str], at: int, meanwhile) -> None:
        self.lines, self.at, self.meanwhile, self.given = lines, at, meanwhile, 0

    def isatty(self) -> bool:
        return False

    def readline(self, limit: int = -1) -> str:
        if self.given == self.at:
            self.meanwhile()
        self.given += 1
        return self.lines[self.given - 1] + "\n" if self.given <= len(self.lines) else ""


def scripted(monkeypatch, feed: Feed, *args) -> str:
    import io
    import sys

    from bbscore.cli import main

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", feed)
    monkeypatch.setattr(sys, "stdout", out)
    assert main([str(arg) for arg in args]) in (0, None)
    return out.getvalue()


def test_a_session_reads_the_sheet_again_when_another_command_changed_it(tmp_path, monkeypatch):
    path = tmp_path / "game.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они", "--target", "100000").returncode == 0
    second = typed(CYCLE[1])  # (its third answer, typed after the other command wrote, is not taken: it is asked again)
    lines = typed(CYCLE[0]) + second[:3] + ["", ""] + second[2:] + typed(CYCLE[3])
    outside = CYCLE[5]

    def meanwhile():
        from bbscore.belot import protocol

        protocol.append(path, {"contract": outside[0], "by": "Мы", "def_points": 40})

    out = scripted(monkeypatch, Feed(lines, len(typed(CYCLE[0])) + 2, meanwhile), "play", path)
    # the hand written by the other command is hand 2; the session's hand in progress (its second) is asked again as
    # hand 3, Enter keeping the answers typed, and written after
    numbers = [hand.get("contract") for hand in tomllib.loads(path.read_text(encoding="utf-8"))["hand"]]
    assert numbers == ["12Т", "16БК", "8П", "9Т"], numbers
    assert "пока вводилась сдача 2: записанных сдач теперь 2" in out and "Сдача 3 — заново" in out
    assert "Сдача 4 записана" in out
    assert run_cli("recompute", path).returncode == 0  # every total carried on from the sheet as it then was


def test_a_pref_session_reads_the_sheet_again_when_another_command_changed_it(tmp_path, monkeypatch):
    path = tmp_path / "pulya.toml"
    assert run_cli("pref", "new", path, "--players", ",".join(PLAYERS), "--target", "100000").returncode == 0
    lines = ["Аня", "6П", "в", "п", "7", "Боря", "7Ч", "", "7Ч", "п", "п", "Вера", "мизер", "1"]  # (hand 2 asked again)

    def meanwhile():
        from bbscore.preferans import protocol

        protocol.append(path, {"game": "распасы", "tricks": {"Аня": 2, "Боря": 3, "Вера": 5}})

    out = scripted(monkeypatch, Feed(lines, 6, meanwhile), "pref", "play", path)
    games = [hand["game"] for hand in tomllib.loads(path.read_text(encoding="utf-8"))["hand"]]
    assert games == ["6♠", "распасы", "7♥", "мизер"], games
    assert "Сдача 4 записана" in out and "Сдача 3 — заново" in out
    assert run_cli("recompute", path).returncode == 0


@given(values=st.lists(st.integers(-10**15, 10**15), min_size=1, max_size=6), one_line=st.booleans())
def test_running_totals_are_written_as_tomli_w_writes_them(values, one_line):
    """A list of whole numbers (what an edit rewrites in every later hand) is written without tomli-w's machinery,
    as the very text it writes."""
    from bbscore import sheets

    for style in sheets.Style:
        written = sheets._value_text(values, style, one_line=one_line)
        if style is sheets.Style.TABLES and not one_line:
            assert written == tomli_w.dumps({"v": values})[4:-1]
        else:
            assert written == "[" + ", ".join(tomli_w.dumps({"v": value})[4:-1] for value in values) + "]"
        assert tomllib.loads(f"v = {written}\n")["v"] == values


def test_an_edit_rewrites_the_later_totals_where_they_are_written(tmp_path):
    """Edit hand 1 of a game whose later hands have comments, a total written on one line, CRLF line ends and a
    sub-table: each later total changed in place, every comment and layout kept (the values proven by parsing)."""
    from bbscore import sheets

    path = tmp_path / "game.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они", "--target", "100000").returncode == 0
    for args in CYCLE * 3:
        assert run_cli("add", path, *args).returncode == 0
    text = path.read_text(encoding="utf-8")
    parts = text.split("[[hand]]")
    at = parts[3].index("total = [")
    parts[3] = parts[3][:at] + parts[3][at:].replace("\n]\n", "\n]  # проверено\n", 1)
    parts[5] = parts[5].replace("\ntotal = [\n", "\n# итог\ntotal = [\n", 1)
    hand = tomllib.loads("[[hand]]" + parts[7])["hand"][0]
    parts[7] = parts[7].replace(parts[7][parts[7].index("total = ["):parts[7].index("]", parts[7].index("total = [")) + 1],
                                f"total = [{hand['total'][0]}, {hand['total'][1]}]", 1)
    edited = "[[hand]]".join(parts)
    for crlf in (False, True):
        path.write_bytes((edited.replace("\n", "\r\n") if crlf else edited).encode("utf-8"))
        for limit in (sheets.WHOLE_CHECK_BYTES, 0):
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(sheets, "WHOLE_CHECK_BYTES", limit)
                path.write_bytes((edited.replace("\n", "\r\n") if crlf else edited).encode("utf-8"))
                assert run_cli("edit", path, "1", "13Т", "--by", "Мы", "--def-points", "18").returncode == 0
            after = path.read_bytes().decode("utf-8")
            assert ("\r\n" in after) == crlf
            after = after.replace("\r\n", "\n")
            assert "]  # проверено\n" in after and "# итог\ntotal = [\n" in after
            assert after.count("\n[[hand]]") == edited.count("\n[[hand]]")
            assert run_cli("recompute", path).returncode == 0  # every total carried on from the new hand 1
            totals = [h["total"] for h in tomllib.loads(after)["hand"]]
            assert totals[6] == [totals[5][0] + tomllib.loads(after)["hand"][6]["score"][0],
                                 totals[5][1] + tomllib.loads(after)["hand"][6]["score"][1]]


def test_a_repeated_hand_is_refused_as_the_first_time_for_what_the_memo_does_not_hold(tmp_path):
    """The memo holds a hand's inputs but its declarers and notes: a repeat of a remembered hand with a bad note, bad
    declarers, or declarers given to a redeal is refused in score_entry's words, as without the memo."""
    text = (EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8").split("[[hand]]")[0]
    hands = ['redeal = "all-pass"', 'redeal = "all-pass"\nby = "Север"', 'contract = "12Т"\nby = "Север"\ndef_points = 18',
             'contract = "12Т"\nby = "Никто"\ndef_points = 18', 'contract = "12Т"\nby = "Север"\ndef_points = 18\nnote = 5',
             'contract = "12Т"\nby = 1\ndef_points = 40', 'contract = "12Т"\nby = "Север"\ndef_points = 40\nnote = [1]',
             'contract = "12Т"\nby = "Север"\ndef_points = true']
    path = tmp_path / "repeats.toml"
    path.write_text(text + "".join(f"[[hand]]\n{hand}\n\n" for hand in hands), encoding="utf-8")
    found = reports([path])
    assert_same(found)
    report, level = found[MODES[-1]][0]
    assert level == 1 and [d["hand"] for d in report["discrepancies"] if d["field"] == "input"] == [2, 4, 5, 6, 7, 8]


def test_a_repeated_pref_hand_with_a_bad_note_is_refused_as_the_first_time(tmp_path):
    clean = pulya_text(3, random.Random(1)).split("[[hand]]")
    text = clean[0] + "[[hand]]" + clean[1] + "[[hand]]" + clean[1].replace("\ngame = ", "\nnote = 5\ngame = ", 1)
    path = tmp_path / "repeats.toml"
    path.write_text(text, encoding="utf-8")
    found = reports([path])
    assert_same(found)
    assert [(d["hand"], d["field"]) for d in found[MODES[-1]][0][0]["discrepancies"]] == [(2, "input")]


def test_a_file_that_grows_while_read_is_read_up_to_the_limit(tmp_path, monkeypatch):
    """A read asks for what the file holds (not a buffer of the whole limit); a file longer by then (still written)
    is read on to the limit, and refused past it."""
    import os

    path = tmp_path / "growing.toml"
    path.write_bytes(b"x" * 100)
    real = Path.stat

    def smaller(self, *args, **kwargs):
        status = real(self, *args, **kwargs)
        if self == path:  # the size as it was a moment before the read
            return os.stat_result((status.st_mode, status.st_ino, status.st_dev, status.st_nlink, status.st_uid,
                                   status.st_gid, 10, status.st_atime, status.st_mtime, status.st_ctime))
        return status

    monkeypatch.setattr(Path, "stat", smaller)
    assert files.read_regular(path, 1000) == b"x" * 100
    with pytest.raises(files.FileRefused):
        files.read_regular(path, 50)


# What a start imports (issue 24, start-up): each command loads only what it uses.  The command runs as
# ``python -m bbscore`` does (its __main__), in a process of its own without coverage's measuring.
_STARTED = """
import json, os, runpy, sys
def ended(code):  # (bbscore.cli.leave's end at once: here the end of the run, and this report is made)
    raise SystemExit(code)
os._exit = ended
sys.path.insert(0, sys.argv[1])
report, sys.argv = sys.argv[2], ["bbscore", *sys.argv[3:]]
try:
    runpy.run_module("bbscore", run_name="__main__", alter_sys=True)
except SystemExit as exit_:
    code = exit_.code
loaded = {name: type(module).__name__ for name, module in sys.modules.items() if module is not None}
import msgspec
used = type(msgspec.inspect.type_info(int)).__name__, type(sys.modules["msgspec.inspect"]).__name__
with open(report, "w") as stream:
    json.dump({"code": code, "loaded": loaded, "used": used}, stream)
"""


def started(tmp_path: Path, *args: str) -> dict:
    import json
    import subprocess
    import sys

    from conftest import process_env

    env = {key: value for key, value in process_env(COLUMNS="100").items() if not key.startswith(("COV", "PYTEST"))}
    report = tmp_path / "started.json"
    done = subprocess.run([sys.executable, "-c", _STARTED, str(REPO), str(report), *args], env=env, cwd=REPO,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert done.returncode == 0 and report.is_file(), done.stderr
    found = json.loads(report.read_text(encoding="utf-8"))
    assert found["code"] in (0, None), done.stderr
    assert found["used"] == ["IntType", "module"]  # msgspec.inspect, lazy until used, then itself
    return {"stdout": done.stdout, **found}


def test_a_hands_json_loads_no_rendering_no_other_game_no_fractions(tmp_path):
    found = started(tmp_path, "score", "12Т", "--def-points", "18", "--json")
    loaded = found["loaded"]
    assert '"made":true' in found["stdout"]
    assert [loaded[f"msgspec.{name}"] for name in ("inspect", "toml", "yaml")] == ["_LazyModule"] * 3
    assert not [name for name in loaded if name.startswith(("rich", "bbscore.render", "bbscore.cli.preferans"))]
    assert not [name for name in loaded if name.startswith("bbscore.preferans.") and name != "bbscore.preferans.registry"]
    assert not {"fractions", "bbscore.validation", "bbscore.belot.protocol", "bbscore.sheets"} & set(loaded)


def test_a_hands_table_to_a_file_loads_no_rich_console(tmp_path):
    found = started(tmp_path, "score", "12Т", "--def-points", "18")
    assert "Расчёт" in found["stdout"] and "┏" in found["stdout"]
    assert not {"rich.console", "rich.table", "rich.text", "fractions"} & set(found["loaded"])


def test_a_preferans_hands_json_loads_no_pulya_nor_settlement(tmp_path):
    found = started(tmp_path, "pref", "score", "6♠", "--by", "Аня", "--tricks", "7", "--whist", "Боря", "--pass",
                    "Вера", "--json")
    assert '"pulya":{"Аня":2}' in found["stdout"]
    loaded = set(found["loaded"])
    assert not {"bbscore.preferans.pulya", "bbscore.preferans.settle", "bbscore.preferans.protocol",
                "bbscore.belot.hand", "bbscore.validation"} & loaded
    assert not [name for name in loaded if name.startswith(("rich", "bbscore.render"))]


class _Exited(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


class _Stream(io.StringIO):
    def __init__(self, fails: bool = False) -> None:
        super().__init__()
        self.fails, self.flushed = fails, 0

    def flush(self) -> None:
        self.flushed += 1
        if self.fails:
            raise BrokenPipeError


ran: list[int] = []  # each run of the atexit functions by a _calm process: how often its output was flushed before


def _calm(monkeypatch) -> tuple[_Stream, _Stream]:
    """A process with nothing but atexit functions left for its shutdown (as ``python -m bbscore`` is, unlike
    pytest's): its own standard streams, no other thread; ``os._exit`` recorded instead of ending the tests, and the
    atexit functions' run (never pytest's own, for real) counted in ``ran``.  (Called in the test itself: pytest sets
    its own streams again after the fixtures.)"""
    import atexit
    import os
    import sys
    import threading

    out, err = _Stream(), _Stream()
    for name, stream in (("stdout", out), ("__stdout__", out), ("stderr", err), ("__stderr__", err)):
        monkeypatch.setattr(sys, name, stream)
    ran.clear()
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: ran.append(out.flushed))
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.setattr(threading, "_threading_atexits", [])

    def exited(code):
        raise _Exited(code)

    monkeypatch.setattr(os, "_exit", exited)
    return out, err


@pytest.mark.parametrize("code", (0, 1, 2, 130))
def test_a_calm_process_ends_at_once_its_output_flushed(monkeypatch, code):
    from bbscore.cli import leave

    calm = _calm(monkeypatch)
    with pytest.raises(_Exited) as ended:
        leave(code)
    assert ended.value.code == code and [stream.flushed for stream in calm] == [1, 1]
    assert ran == [0]  # the atexit functions (filelock's, logging's, coverage's) run once, before the output's flush


@pytest.mark.parametrize("left", ("thread", "thread exit", "streams", "flush"))
def test_a_process_with_something_left_for_its_shutdown_exits_as_usual(monkeypatch, left):
    import sys
    import threading

    from bbscore.cli import leave

    _calm(monkeypatch)
    if left == "thread":
        monkeypatch.setattr(threading, "active_count", lambda: 2)
    elif left == "thread exit":  # a process pool's
        monkeypatch.setattr(threading, "_threading_atexits", [print])
    elif left == "streams":
        monkeypatch.setattr(sys, "stdout", _Stream())
    else:  # the reader has gone: the usual shutdown says so
        monkeypatch.setattr(sys, "stdout", _Stream(fails=True))
        monkeypatch.setattr(sys, "__stdout__", sys.stdout)
    with pytest.raises(SystemExit) as ended:
        leave(2)
    assert ended.value.code == 2
    assert ran == ([0] if left == "flush" else [])  # (else left for the shutdown, which runs them)


def test_a_process_runs_its_atexit_functions_before_it_ends_at_once(tmp_path):
    """A real ``bbscore`` process with an atexit function of its own (as filelock's, logging's): run, once, and the
    exit code kept."""
    import subprocess
    import sys

    from conftest import process_env

    mark = tmp_path / "ran"
    script = ("import atexit, sys\n"
              f"atexit.register(lambda: open({str(mark)!r}, 'a').write('ran;'))\n"
              "sys.argv = ['bbscore', 'score', '12Т', '--def-points', '200']\n"
              "from bbscore.__main__ import main\n"
              "main()\n")
    done = subprocess.run([sys.executable, "-c", script], env=process_env(), cwd=REPO, capture_output=True,
                          text=True, encoding="utf-8", timeout=60)
    assert done.returncode == 2 and "200" in done.stderr and mark.read_text() == "ran;"
