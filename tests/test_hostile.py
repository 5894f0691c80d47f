"""Hostile input (issue #12): whatever a file or an argument holds, one line and exit 2 (or 1 for slips), never a
traceback or exit 3; nothing written through a link or on a refusal; no accepted input costs more than about a second;
the compiled copy is a cache; the terminal sees no raw control character.

Each example of the issue is a test here; the structured fuzz tests (one per file kind: protocol, convention, compiled
copy) run thousands of generated inputs through the command line in this process.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import EXAMPLES, REPO, assert_refused, report, run_cli

HEADER = '[game]\nformat = 1\nconvention = "gambler"\ntarget = 301\npairs = ["Мы", "Они"]\n'
GOOD_HAND = '\n[[hand]]\ncontract = "12Т"\nby = "Мы"\ndef_points = 50\n'


def protocol(folder: Path, name: str, body: str = "", header: str = HEADER) -> Path:
    path = folder / name
    path.write_text(header + body, encoding="utf-8")
    return path


def assert_no_traceback(done) -> None:
    assert "Traceback" not in done.stdout + done.stderr, report(done)
    assert "внутренняя ошибка" not in done.stderr, report(done)
    assert done.returncode in (0, 1, 2), report(done)


# --------------------------------------------------------------------------- 1. exit 3 on bad input


@pytest.mark.parametrize("value", ['["13"]', "{ a = 1 }", "13", "true"], ids=["list", "table", "number", "bool"])
@pytest.mark.parametrize("key", ["decl_seats", "last", "redeal", "doezd", "note", "dealer", "time"])
def test_a_value_of_the_wrong_type_in_a_hand_is_a_slip_and_the_next_file_is_checked(tmp_path, key, value):
    melds = 'melds = { p1 = "терц от Д♠" }\n' if key == "decl_seats" else ""
    bad = protocol(tmp_path, "bad.toml", GOOD_HAND.replace("def_points = 50\n", f"def_points = 50\n{melds}{key} = {value}\n"))
    good = protocol(tmp_path, "good.toml", GOOD_HAND)
    done = run_cli("recompute", bad, good)
    assert_no_traceback(done)
    assert done.returncode == 1, report(done)
    assert f"{key}: " in done.stdout and "ожидается текст" in done.stdout, report(done)
    assert "good.toml: всё сходится" in done.stdout, report(done)
    assert_refused(run_cli("add", bad, "12Т", "--by", "Мы", "--def-points", "50"))


def test_a_number_too_long_to_print_is_refused_with_its_line(tmp_path):
    body = GOOD_HAND.replace("def_points = 50", "def_points = 1" + "0" * 5000)
    bad = protocol(tmp_path, "bad.toml", body)
    good = protocol(tmp_path, "good.toml", GOOD_HAND)
    done = run_cli("recompute", bad, good)
    assert done.returncode == 2 and "good.toml: всё сходится" in done.stdout, report(done)
    assert f"bad.toml:{HEADER.count(chr(10)) + 5}: число длиннее 4300 цифр" in done.stderr, report(done)
    convention = tmp_path / "long.toml"
    convention.write_text((REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")
                          .replace("last_trick = 10", "last_trick = 1" + "0" * 5000, 1), encoding="utf-8")
    assert "число длиннее 4300 цифр" in assert_refused(run_cli("conventions", "check", convention))


def test_numbers_whose_sum_python_could_not_print_are_refused(tmp_path):
    """4300 digits parse, but two of them added do not print: recorded scores, totals and the target are bounded."""
    big = "9" * 4300
    hand = GOOD_HAND + f"score = [{big}, 0]\ntotal = [{big}, 0]\n"
    slips = protocol(tmp_path, "slips.toml", hand + hand.replace(f"total = [{big}, 0]", "total = [1, 0]"))
    target = protocol(tmp_path, "target.toml", GOOD_HAND, header=HEADER.replace("301", big))
    good = protocol(tmp_path, "good.toml", GOOD_HAND)
    done = run_cli("recompute", slips, target, good)
    assert_no_traceback(done)
    assert done.returncode == 2 and "good.toml: всё сходится" in done.stdout, report(done)
    assert "score: [9999" in done.stdout and "до 15 цифр" in done.stdout, report(done)
    assert "target: ожидается целое число от 1 (не длиннее 15 цифр)" in done.stderr, report(done)
    for args in (["show", slips], ["show", "--json", slips], ["add", slips, "12Т", "--by", "Мы", "--def-points", "50"]):
        assert_no_traceback(run_cli(*args))
    from bbscore.errors import shown

    assert shown(10**5000) == "число из ~5001 цифр"


def test_a_path_of_a_user_who_does_not_exist_is_not_found(tmp_path):
    bad = protocol(tmp_path, "bad.toml", header=HEADER.replace('"gambler"', '"~nosuchuser-bbscore/x.toml"'))
    good = protocol(tmp_path, "good.toml", GOOD_HAND)
    done = run_cli("recompute", bad, good)
    assert done.returncode == 2 and "good.toml: всё сходится" in done.stdout, report(done)
    assert "нет пользователя ~nosuchuser-bbscore" in done.stderr, report(done)
    for args in (["score", "12Т", "--def-points", "50", "--convention", "~nosuchuser-bbscore/x.toml"],
                 ["score", "12Т", "--def-points", "50", "--convention", "~nosuchuser-bbscore"],
                 ["new", tmp_path / "new.toml", "--pairs", "A,B", "--convention", "~nosuchuser-bbscore/x.toml"],
                 ["conventions", "init", tmp_path / "mine.toml", "--from", "~nosuchuser-bbscore/x.toml"]):
        assert "нет пользователя" in assert_refused(run_cli(*args))
    assert not (tmp_path / "new.toml").exists() and not (tmp_path / "mine.toml").exists()


def test_a_file_larger_than_the_limit_is_refused_with_its_size_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.toml"
    with open(big, "wb") as stream:
        stream.truncate(65 * 1024 * 1024)  # sparse: no memory, no disk
    good = protocol(tmp_path, "good.toml", GOOD_HAND)
    read = []
    original = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or original(self))
    done = run_cli("recompute", big, good)
    assert done.returncode == 2 and "good.toml: всё сходится" in done.stdout, report(done)
    assert "big.toml: файл слишком большой (65 МиБ; читаю не больше 64 МиБ)" in done.stderr, report(done)
    assert big not in read
    assert "слишком большой" in assert_refused(run_cli("show", big))
    huge_rules = tmp_path / "rules.toml"
    with open(huge_rules, "wb") as stream:
        stream.truncate(2 * 1024 * 1024)
    assert "слишком большой" in assert_refused(run_cli("conventions", "check", huge_rules))


@pytest.mark.parametrize("where", ["protocol", "convention", "hand value"])
def test_nesting_too_deep_for_any_decoder_is_one_line(tmp_path, where):
    deep = "[" * 5000 + "]" * 5000
    if where == "protocol":
        path = protocol(tmp_path, "deep.toml", f"\n[[hand]]\nnote = {deep}\n")
        done = run_cli("recompute", path)
    elif where == "convention":
        path = tmp_path / "deep.toml"
        path.write_text(f"name = {deep}\n", encoding="utf-8")
        done = run_cli("conventions", "check", path)
    else:
        path = protocol(tmp_path, "deep.toml", f"\n[[hand]]\nnote = {'[' * 90 + ']' * 90}\n")
        done = run_cli("undo", path)
        assert_no_traceback(done)
        return
    assert "вложен" in assert_refused(done)


# --------------------------------------------------------------------------- 1. structured fuzz, one per file kind

# Each example is a seed drawn by hypothesis (derandomized: the same seeds every run) from which a plain generator
# builds the inputs: hypothesis's own drawing of nested structures costs ~10 ms an example, this ~0.1 ms.  About 2,100
# inputs in all (1,000 protocols, 750 protocol texts, 200 conventions, 200 compiled copies): ~4 s on a quiet machine,
# ~7 s under the suite's coverage.
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SEEDS = st.integers(0, 2**32 - 1)
_CONTROL = "\x00\x01\x07\x08\x1b\x7f\x85\u200b\u202e\u2028\ufeff"
_CHARS = list("аМыОнибэлатерцТЧПБКВ12Д♠♥ \t\"'\\[]{}=#,.-~/:") + list(_CONTROL)
_NUMBERS = [0, 1, 18, 50, 162, -1, 10**4000, -(10**4000), 10**4300 - 1, 2**63, 2**64, 999_999_999, 10**6, 10**6 + 1,
            1000, 1001]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_CHARS) for _ in range(rng.randrange(13)))


def _value(rng: random.Random, depth: int = 0):
    """A hostile TOML value: a number of any size, a float (inf, nan), a bool, text with control characters, a list or
    a table of them."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.randint(-2**70, 2**70)
    if kind == 1:
        return rng.choice(_NUMBERS)
    if kind == 2:
        return rng.choice([float("inf"), float("-inf"), float("nan"), 0.5, -1e300, 18.0])
    if kind == 3:
        return rng.random() < 0.5
    if kind in (4, 5):
        return _text(rng)
    if kind in (6, 7):
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_text(rng): _value(rng, depth + 1) for _ in range(rng.randrange(3))}


_PLAUSIBLE = {
    "contract": ["12Т", "8Ч", "^Т", "22ВК", "10БК", "12Т+", "9Т++", "100Т", "8П"],
    "by": ["Мы", "Они", "мы", ""],
    "def_points": list(range(-5, 300, 7)) + [0, 162, 258], "decl_points": [0, 18, 100, 162, 163, -1],
    "decl_tricks": list(range(-1, 10)),
    "decl_con": [["терц"], ["бэла"], ["рамки-В"], ["2×терц"], ["40"], ["9990"], ["берц", "бэла"], ["квинта"],
                 ["9990"] * 100, [str(10**30)]],
    "def_con": [["терц"], ["бэла"], ["20"], ["рамки-9"]],
    "def_cards": [["ВП", "10Т", "ТТ", "КТ"], ["7Ч"], ["ДП", "ТТ", "ТТ", "7П"]],
    "decl_cards": [["ВЧ", "9Т", "7П", "8Б"]],
    "last": ["decl", "def", "x"],
    "melds": [{"p1": "терц от Д♠"}, {"p2": "рамки-В", "p4": "бэла"}, {"p5": "квинта от Т♥"}],
    "decl_seats": ["13", "24", "12"],
    "redeal": ["all-pass", "rams-7", "rams-9"],
    "doezd": ["Мы", "Они"],
    "note": ["\x1b[31mкрасный\x1b[0m", "ок"], "dealer": ["Мы"], "time": ["12:00"],
    "score": [[28, 4], [0, 0], [-1, 400]], "total": [[28, 4], [0, 0], [10**4000, 1]],
}


def _field(rng: random.Random, key: str):
    return rng.choice(_PLAUSIBLE[key]) if key in _PLAUSIBLE and rng.random() < 0.75 else _value(rng)


def _protocol_data(rng: random.Random) -> dict:
    game = {"format": 1, "convention": rng.choice(["gambler", "classic", "rostov"]), "target": rng.choice([301, 51, 1]),
            "pairs": ["Мы", "Они"]}
    for key in list(game) + ["note", "place", "convention_sha256", "extra"]:
        if rng.random() < 0.1:
            game[key] = _value(rng)
    hands = []
    for _ in range(rng.randrange(5)):
        keys = rng.sample(sorted(_PLAUSIBLE) + ["other"], rng.randrange(8))
        hands.append({key: _field(rng, key) for key in keys})
    return {"game": game, "hand": hands}


def _outside() -> dict:
    """What the fuzz tests must not change: the checkout's own folders."""
    return {folder: sorted(p.name for p in folder.iterdir() if not p.name.startswith(".coverage"))  # (other tests'
            for folder in (REPO, REPO / "conventions", REPO / "bbscore")}                        # coverage data)


@pytest.fixture(scope="module")
def fuzz_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("fuzz")
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache")}
    before = _outside()
    yield home, env
    after = _outside()
    assert after == before, {folder: set(after[folder]) ^ set(before[folder]) for folder in after}
    allowed = {"config", "cache", "rules.toml"} | {f"{kind}{n}.toml" for kind in ("game", "text") for n in range(3)}
    allowed |= {f".game{n}.toml.lock" for n in range(3)} | {p.name for p in home.glob("game?.toml.*.bak")}
    assert {path.name for path in home.iterdir()} <= allowed


def _assert_handled(done, files: int = 1) -> None:
    """Exit 0, 1 or 2, no traceback, error lines of the contract, no raw ESC; with ``files`` given to recompute, every
    file reported (a bad one does not stop the others)."""
    assert_no_traceback(done)
    if done.returncode == 2 and not done.stdout.startswith("{"):  # (recompute --json reports in its object)
        lines = done.stderr.splitlines()
        assert lines and all(line.startswith("ошибка: ") and len(line) <= 300 for line in lines), report(done)
    assert "\x1b" not in done.stdout + done.stderr, report(done)
    if files > 1:
        output = done.stdout + done.stderr
        assert all(f"{number}.toml" in output for number in range(files)), report(done)


@settings(FUZZ, max_examples=250)
@given(seed=SEEDS, command=st.sampled_from(["show", "add", "undo", "fix", "json"]))
def test_fuzz_protocol(fuzz_home, seed, command):
    """Three generated protocols a run: recompute checks them all (the next file is always reported), then one command
    on the first."""
    import tomli_w

    home, env = fuzz_home
    rng = random.Random(seed)
    paths = []
    for number in range(3):
        try:
            text = tomli_w.dumps(_protocol_data(rng))
        except (TypeError, ValueError):  # a value tomli-w cannot write
            continue
        paths.append(home / f"game{number}.toml")
        paths[-1].write_text(text, encoding="utf-8")
    if not paths:
        return
    started = time.perf_counter()
    done = run_cli("recompute", *(["--json"] if command == "json" else ["--fix"] if command == "fix" else []), *paths,
                   cwd=home, env=env)
    _assert_handled(done, files=len(paths))
    path = paths[0]
    args = {"show": ["show", path], "undo": ["undo", path], "fix": ["show", "--json", path], "json": ["show", "--json", path],
            "add": ["add", path, "12Т", "--by", "Мы", "--def-points", "50"]}[command]
    _assert_handled(run_cli(*args, cwd=home, env=env))
    assert time.perf_counter() - started < 1


_BASE_PROTOCOL = (EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8")[:1500]
_SYNTAX = list("[]{}=\"'\n#,.0123456789 -_aTЯ") + list(_CONTROL)


@settings(FUZZ, max_examples=250)
@given(seed=SEEDS)
def test_fuzz_protocol_text(fuzz_home, seed):
    """Three texts a run, each the example protocol with a few characters of TOML's syntax inserted or cut."""
    rng = random.Random(seed)
    home, env = fuzz_home
    paths = []
    for number in range(3):
        text = _BASE_PROTOCOL
        for _ in range(rng.randrange(1, 5)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + "".join(rng.choice(_SYNTAX) for _ in range(rng.randrange(5))) + text[at + rng.randrange(4):]
        paths.append(home / f"text{number}.toml")
        paths[-1].write_text(text, encoding="utf-8")
    _assert_handled(run_cli("recompute", *paths, cwd=home, env=env), files=3)


_GAMBLER = (REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")


def _key_paths(data: dict, prefix: tuple = ()) -> list[tuple]:
    paths = []
    for key, value in data.items():
        paths.append(prefix + (key,))
        if isinstance(value, dict):
            paths.extend(_key_paths(value, prefix + (key,)))
    return paths


_GAMBLER_DATA = __import__("tomllib").loads(_GAMBLER)
_GAMBLER_PATHS = _key_paths(_GAMBLER_DATA)


def _changed_tables(rng: random.Random, tables: dict) -> dict:
    """The tables of a convention with one to three values replaced (a number of any size, or any value) or removed."""
    import copy

    data = copy.deepcopy(tables)
    for _ in range(rng.randint(1, 3)):
        key_path = rng.choice(_GAMBLER_PATHS)
        table = data
        for key in key_path[:-1]:
            table = table.get(key) if isinstance(table, dict) else None
        if not isinstance(table, dict):
            continue
        roll = rng.random()
        if roll < 0.1:
            table.pop(key_path[-1], None)
        elif roll < 0.6:
            table[key_path[-1]] = rng.choice([rng.randint(-3, 1200), rng.choice(_NUMBERS)])
        else:
            table[key_path[-1]] = _value(rng)
    return data


@settings(FUZZ, max_examples=200)
@given(seed=SEEDS, command=st.sampled_from(["check", "score", "show"]))
def test_fuzz_convention(fuzz_home, seed, command):
    import tomli_w

    home, env = fuzz_home
    try:
        text = tomli_w.dumps(_changed_tables(random.Random(seed), _GAMBLER_DATA))
    except (TypeError, ValueError):
        return
    path = home / "rules.toml"
    path.write_text(text, encoding="utf-8")
    args = {"check": ["conventions", "check", path], "show": ["conventions", "show", path],
            "score": ["score", "12Т", "--def-points", "50", "--decl-con", "терц", "--convention", path]}[command]
    started = time.perf_counter()
    _assert_handled(run_cli(*args, cwd=home, env=env))
    assert time.perf_counter() - started < 1


_GOOD_COPY: list = []


@settings(FUZZ, max_examples=200)
@given(seed=SEEDS)
def test_fuzz_compiled_copy(fuzz_home, seed):
    import msgspec

    from bbscore import conventions

    rng = random.Random(seed)
    home, env = fuzz_home
    source = home / "config" / "bbscore" / "conventions" / "клуб.toml"
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        copy_path = conventions._compiled_path(source)
        if not _GOOD_COPY:
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(_GAMBLER.replace('name = "gambler"', 'name = "клуб"'), encoding="utf-8")
            conventions._CACHE.clear()
            expected = conventions.load("клуб")
            _GOOD_COPY.append((copy_path.read_bytes(), expected.sha256))
    good, expected_sha = _GOOD_COPY[0]
    stamp, sha, tables = msgspec.msgpack.decode(good)
    kind = rng.randrange(5)
    if kind == 0:
        damaged = rng.randbytes(rng.randrange(64))
    elif kind == 1:
        damaged = good[: rng.randrange(len(good))]
    elif kind == 2:
        damaged = rng.choice([b"\x91", b"\x81\xa1a", b"\xdd\x00\x00\x00\x01"]) * rng.randrange(1, 200_000) + b"\xc0"
    else:
        parts = [stamp, sha, _changed_tables(rng, tables) if kind == 4 else tables]
        if kind == 3:
            parts[rng.randrange(3)] = _value(rng)
        try:
            damaged = msgspec.msgpack.encode(parts)
        except (OverflowError, TypeError, ValueError):  # a value msgpack cannot hold
            return
    copy_path.write_bytes(damaged)
    conventions._CACHE.clear()
    started = time.perf_counter()
    done = run_cli("score", "12Т", "--def-points", "50", "--convention", "клуб", "--json", cwd=home, env=env)
    _assert_handled(done)
    assert time.perf_counter() - started < 1
    if kind != 4:  # a copy of another content is not trusted: the file decides
        assert done.returncode == 0 and json.loads(done.stdout)["convention_sha256"] == expected_sha, report(done)
    assert not (source.parent / "__pycache__").exists()


# --------------------------------------------------------------------------- 2. no write through a link, none on refusal


def new_game(folder: Path) -> Path:
    path = folder / "game.toml"
    done = run_cli("new", path, "--pairs", "Мы,Они")
    assert done.returncode == 0, report(done)
    return path


def test_new_refuses_a_link_at_its_name_and_creates_nothing_elsewhere(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "game.toml"
    link.symlink_to(elsewhere / "planted.toml")  # dangling
    assert "символическая ссылка" in assert_refused(run_cli("new", link, "--pairs", "Мы,Они"))
    assert list(elsewhere.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "game.toml"]


def test_conventions_init_refuses_a_link_at_its_name(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "mine.toml"
    link.symlink_to(elsewhere / "planted.toml")
    assert "символическая ссылка" in assert_refused(run_cli("conventions", "init", link))
    assert list(elsewhere.iterdir()) == []


def test_a_link_at_the_backup_name_is_not_written_through(tmp_path, monkeypatch):
    path = protocol(tmp_path, "game.toml", GOOD_HAND + "score = [9, 9]\ntotal = [9, 9]\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setattr(time, "strftime", lambda pattern, *rest: "20260101-000000")
    planted = tmp_path / "game.toml.20260101-000000.bak"
    planted.symlink_to(elsewhere / "planted.bak")
    done = run_cli("recompute", "--fix", path)
    assert done.returncode == 1 and "исправлено" in done.stdout, report(done)
    assert list(elsewhere.iterdir()) == [] and planted.is_symlink()
    saved = tmp_path / "game.toml.20260101-000000-1.bak"
    assert saved.is_file() and not saved.is_symlink()
    assert saved.read_text(encoding="utf-8") == HEADER + GOOD_HAND + "score = [9, 9]\ntotal = [9, 9]\n"


def test_a_link_at_the_lock_name_is_refused(tmp_path):
    path = new_game(tmp_path)
    (tmp_path / ".game.toml.lock").unlink(missing_ok=True)
    (tmp_path / ".game.toml.lock").symlink_to(tmp_path / "planted")
    assert "символическая ссылка" in assert_refused(run_cli("add", path, "12Т", "--by", "Мы", "--def-points", "50"))
    assert not (tmp_path / "planted").exists()


def test_the_protocol_itself_behind_a_link_is_still_written_where_it_points(tmp_path):
    real = new_game(tmp_path)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    done = run_cli("add", link, "12Т", "--by", "Мы", "--def-points", "50")
    assert done.returncode == 0, report(done)
    assert link.is_symlink() and "12Т" in real.read_text(encoding="utf-8")


@pytest.mark.parametrize("refusal", ["pipe", "read-only bits", "no write access", "folder not writable"])
@pytest.mark.parametrize("command", ["add", "undo", "fix"])
def test_a_refused_file_gets_no_lock_file(tmp_path, monkeypatch, refusal, command):
    folder = tmp_path / "sheets"
    folder.mkdir()
    path = folder / "game.toml"
    if refusal == "pipe":
        os.mkfifo(path)
    else:
        path.write_text(HEADER + GOOD_HAND + "score = [9, 9]\ntotal = [9, 9]\n", encoding="utf-8")
    if refusal == "read-only bits":
        path.chmod(0o444)
    real_access = os.access
    if refusal == "no write access":  # as a user who may not write it (the tests may run as root, who may)
        monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == path and mode & os.W_OK else real_access(p, mode, **kw))
    if refusal == "folder not writable":
        monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == folder and mode & os.W_OK else real_access(p, mode, **kw))
    before = path.read_bytes() if refusal != "pipe" else None
    args = {"add": ["add", path, "12Т", "--by", "Мы", "--def-points", "50"], "undo": ["undo", path],
            "fix": ["recompute", "--fix", path]}[command]
    done = run_cli(*args)
    if command == "fix" and refusal != "pipe":
        assert done.returncode == 1 and "не исправлено" in done.stdout, report(done)
    else:
        assert_refused(done)
    assert [p.name for p in folder.iterdir()] == ["game.toml"], report(done)
    if before is not None:
        assert path.read_bytes() == before


def test_a_lock_held_by_another_command_is_said_at_once_with_its_holder(tmp_path, monkeypatch):
    import subprocess
    import sys

    from bbscore import files

    path = new_game(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
         "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(30)", str(tmp_path / ".game.toml.lock")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(files, "LOCK_TIMEOUT_SECONDS", 1)
        monkeypatch.setattr(files, "LOCK_NOTICE_SECONDS", 0.3)
        started = time.perf_counter()
        done = run_cli("add", path, "12Т", "--by", "Мы", "--def-points", "50")
        assert time.perf_counter() - started < 5
    finally:
        holder.kill()
        holder.wait()
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and len(lines) == 2, report(done)
    assert lines[0].startswith("жду: файл") and f"процесс {holder.pid}" in lines[0], report(done)
    assert "занят другой командой больше 1 с" in lines[1], report(done)


# --------------------------------------------------------------------------- 3. bounded cost


def timed(*args, **kwargs):
    started = time.perf_counter()
    done = run_cli(*args, **kwargs)
    return done, time.perf_counter() - started


@pytest.mark.parametrize("option", ["--decl-con", "--def-con"])
@pytest.mark.parametrize("given", [["9990"], [",".join(["9990"] * 100)], ["9990"] * 100, ["1000"], [",".join(["20"] * 17)]],
                         ids=["one long number", "100 in one list", "100 options", "more than a pair holds",
                              "more than four hands announce"])
def test_bare_numbers_are_bounded_by_what_the_game_holds(option, given):
    args = ["score", "12Т", "--def-points", "50"]
    for text in given:
        args += [option, text]
    done, seconds = timed(*args)
    line = assert_refused(done)
    assert option in line and ("не бывает конструкций больше" in line or "не больше 16 конструкций" in line), line
    assert seconds < 1


def test_a_protocol_hand_of_a_hundred_long_numbers_is_a_slip_found_at_once(tmp_path):
    path = protocol(tmp_path, "game.toml", GOOD_HAND + "decl_con = [" + ", ".join(['"9990"'] * 100) + "]\n")
    done, seconds = timed("recompute", path)
    assert done.returncode == 1 and "decl_con" in done.stdout, report(done)
    assert seconds < 1


@pytest.mark.parametrize("given", ["40", "2×40", "20, 20, 20", "70"])
def test_bare_numbers_a_pair_can_hold_are_still_accepted(given):
    done = run_cli("score", "12Т", "--def-points", "50", "--decl-con", given, "--json")
    assert done.returncode == 0, report(done)


def _valued_convention(folder: Path, value: int, last: int) -> Path:
    import tomllib

    import tomli_w

    data = tomllib.loads(_GAMBLER)
    data["name"] = "big"
    data["points"]["last_trick"] = last
    for kind, game in data["games"].items():
        suits = 0
        for table, count in (("trump_cards", {"suit": 1, "no_trumps": 0, "all_trumps": 4}[kind]),
                             ("plain_cards", {"suit": 3, "no_trumps": 4, "all_trumps": 0}[kind])):
            if game.get(table) is not None:
                game[table] = {rank: value for rank in game[table]}
                suits += count
        game["deck_visty"] = last + suits * 8 * value
        game["all_tricks_visty"] = game["deck_visty"]  # no premium for all the tricks (issue 13's setting)
        game["base_cost"] = game["deck_visty"] // game.get("trick_divisor", 1) // data["points"]["visty_per_point"]
    path = folder / "big.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_card_values_over_a_thousand_are_refused_and_a_thousand_is_quick(tmp_path):
    too_big = _valued_convention(tmp_path, 1001, 10)
    assert "не больше 1000" in assert_refused(run_cli("conventions", "check", too_big))
    assert "не больше 1000" in assert_refused(run_cli("conventions", "check", _valued_convention(tmp_path, 10, 1001)))
    biggest = _valued_convention(tmp_path, 1000, 1000)
    done, seconds = timed("conventions", "check", biggest)
    assert done.returncode == 0, report(done)
    for args in (["--def-points", "1"], ["--def-points", "1000", "--decl-tricks", "3"], ["--def-points", "17000"]):
        done, more = timed("score", "12Т", *args, "--convention", biggest)
        assert done.returncode in (0, 2), report(done)
        seconds += more
    assert seconds < 1


# --------------------------------------------------------------------------- 5. terminal safety


ESC_NAME = "Мы\x1b[2J\x07"


def test_control_characters_in_names_notes_and_file_names_never_reach_the_terminal(tmp_path):
    path = tmp_path / "game\x1b[31m.toml"
    done = run_cli("new", path, "--pairs", "Мы,Они")  # `new` refuses a name with a control character: by hand here
    assert done.returncode == 0 and "<U+001B>" in done.stdout, report(done)
    path.write_text(path.read_text(encoding="utf-8").replace('"Мы"', '"Мы\\u001b[2J\\u0007"'), encoding="utf-8")
    assert "<U+001B>" in assert_refused(run_cli("new", tmp_path / "other.toml", "--pairs", f"{ESC_NAME},Они"))
    outputs = [done]
    outputs.append(run_cli("add", path, "12Т", "--by", ESC_NAME, "--def-points", "50", "--note", "заметка\x1b]0;title\x07"))
    outputs.append(run_cli("show", path))
    outputs.append(run_cli("recompute", path))
    outputs.append(run_cli("undo", path))
    outputs.append(run_cli("add", path, "12Т", "--by", "\x1bнет", "--def-points", "50"))  # refused: an error line
    for done in outputs:
        assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout + done.stderr, report(done)
    assert "<U+001B>" in outputs[2].stdout and "<U+001B>" in outputs[-1].stderr
    rules = tmp_path / "rules.toml"
    rules.write_text(_GAMBLER.replace("title = \"", "title = \"\\u001b[31m", 1), encoding="utf-8")
    for args in (["conventions", "check", rules], ["conventions", "show", rules]):
        done = run_cli(*args)
        assert done.returncode == 0 and "\x1b" not in done.stdout and "<U+001B>" in done.stdout, report(done)


def test_a_line_break_in_a_file_name_or_a_pair_name_forges_no_line(tmp_path):
    path = tmp_path / "game\nошибка: подделка.toml"
    assert run_cli("new", path, "--pairs", "Мы,Они").returncode == 0
    text = path.read_text(encoding="utf-8").replace('"Мы"', '"Мы\\nвсё сходится"')  # by hand: a line break in a name
    path.write_text(text + GOOD_HAND.replace('"Мы"', '"Мы\\nвсё сходится"'), encoding="utf-8")
    for args in (["recompute", path], ["show", path], ["undo", path]):
        done = run_cli(*args)
        assert done.returncode == 0, report(done)
        assert not any(line.startswith(("ошибка: подделка", "всё сходится")) for line in done.stdout.splitlines()), report(done)
        assert "<U+000A>" in done.stdout, report(done)


def test_one_error_line_is_at_most_300_characters_and_keeps_its_reason(tmp_path):
    long_name = tmp_path / ("п" * 120) / ("п" * 120 + ".toml")
    line = assert_refused(run_cli("show", long_name))
    assert len(line) <= 300 and "…" in line and line.endswith("нет такого файла"), line
    line = assert_refused(run_cli("score", "12Т", "--def-points", "50", "--decl-con", "x" * 5000))
    assert len(line) <= 300


# --------------------------------------------------------------------------- 6. messages


def test_clicks_own_path_errors_are_in_russian(tmp_path):
    from bbscore.cli import _translate_usage

    assert _translate_usage("Invalid value for 'FILE': File 'a.toml' is not writable.") == "FILE: «a.toml» — нет права на запись"
    assert _translate_usage("Invalid value for 'FILE': Path 'a' does not exist.") == "FILE: «a» — нет такого файла"
    assert _translate_usage("Invalid value for 'FILE': Path 'a' is a directory.") == "FILE: «a» — это папка, а нужен файл"


@pytest.mark.parametrize("args", [
    ["show", "NAME"], ["recompute", "NAME"], ["add", "NAME", "12Т", "--by", "Мы", "--def-points", "50"], ["undo", "NAME"],
    ["conventions", "check", "NAME"], ["score", "12Т", "--def-points", "50", "--convention", "NAME"],
])
@pytest.mark.parametrize("kind", ["loop", "too long", "dangling"])
def test_a_link_loop_or_a_name_too_long_is_not_no_such_file(tmp_path, args, kind):
    if kind == "loop":
        name = tmp_path / "loop.toml"
        (tmp_path / "other.toml").symlink_to(name)
        name.symlink_to(tmp_path / "other.toml")
        expected = "петля символических ссылок"
    elif kind == "too long":
        name = tmp_path / ("a" * 300 + ".toml")
        expected = "слишком длинное имя файла"
    else:
        name = tmp_path / "dangling.toml"
        name.symlink_to(tmp_path / "nowhere.toml")
        expected = "символическая ссылка ведёт в никуда"
    line = assert_refused(run_cli(*[name if arg == "NAME" else arg for arg in args]))
    assert expected in line and "нет такого файла" not in line and "не найден" not in line, line
    assert "Too many" not in line and "File name too long" not in line


@pytest.mark.parametrize("text, line", [
    ('pairs = ["Мы",\n"Они",\n', 5),
    ('pairs = ["Мы", "Они"]\n\n[[hand]]\ncontract = "12Т"\ndecl_con = ["терц",\n  "бэла",\n', 9),
    ('pairs = ["Мы", "Они"]\n\n[[hand]]\nnote = "[" # [\ndecl_con = [[\n', 9),
])
def test_an_unclosed_list_names_its_line(tmp_path, text, line):
    path = tmp_path / "game.toml"
    path.write_text(HEADER.replace('pairs = ["Мы", "Они"]\n', "") + text, encoding="utf-8")
    message = assert_refused(run_cli("show", path))
    assert f"game.toml:{line}: не закрыт список: нужна ]" in message, message
    rules = tmp_path / "rules.toml"
    rules.write_text(_GAMBLER + "\nextra = [1,\n2,\n", encoding="utf-8")
    message = assert_refused(run_cli("conventions", "check", rules))
    assert f"строка {_GAMBLER.count(chr(10)) + 2}: не закрыт список" in message, message


# --------------------------------------------------------------------------- 7. what a protocol makes the tool read


@pytest.mark.parametrize("content, said", [
    ("secret_key = \"hunter2\"\n", "не файл правил bbscore"),
    ("root:x:0:0:hunter2:/root:/bin/bash\n", "не в формате TOML"),
    (_GAMBLER.replace('title = "', 'title = "hunter2 ', 1).replace("last_trick = 10", "last_trick = \"hunter2\"", 1),
     "не файл правил bbscore"),
    (_GAMBLER.replace("format = 1", "format = 1\nsecret_key = 1", 1), "не файл правил bbscore"),
    ("[[[[hunter2\n", "не в формате TOML"),
    (b"\xffhunter2", "не в формате TOML"),
], ids=["another TOML", "not TOML", "a convention with a bad value", "an unknown key", "unclosed", "not UTF-8"])
@pytest.mark.parametrize("command", ["show", "recompute", "add"])
def test_a_file_named_by_a_protocol_is_never_quoted(tmp_path, content, said, command):
    other = tmp_path / "elsewhere" / "secret"
    other.parent.mkdir()
    if isinstance(content, bytes):
        other.write_bytes(content)
    else:
        other.write_text(content, encoding="utf-8")
    path = protocol(tmp_path, "game.toml", header=HEADER.replace('"gambler"', f'"{other}"'))
    args = {"show": ["show", path], "recompute": ["recompute", path],
            "add": ["add", path, "12Т", "--by", "Мы", "--def-points", "50"]}[command]
    line = assert_refused(run_cli(*args))
    assert said in line, line
    for secret in ("hunter2", "secret_key", "last_trick", "root:x", "title", "format"):
        assert secret not in line, line


def test_a_bare_name_that_is_a_file_in_the_working_folder_is_not_quoted_either(tmp_path):
    (tmp_path / "secret").write_text("secret_key = \"hunter2\"\n", encoding="utf-8")
    path = protocol(tmp_path, "game.toml", header=HEADER.replace('"gambler"', '"secret"'))
    line = assert_refused(run_cli("show", path, cwd=tmp_path))
    assert "не файл правил" in line and "hunter2" not in line and "secret_key" not in line, line


def test_a_bundled_conventions_problem_is_still_told_in_full(tmp_path, monkeypatch):
    user = tmp_path / "config" / "bbscore" / "conventions"
    user.mkdir(parents=True)
    (user / "клуб.toml").write_text(_GAMBLER.replace('name = "gambler"', 'name = "клуб"').replace(
        "last_trick = 10", "last_trick = -1", 1), encoding="utf-8")
    path = protocol(tmp_path, "game.toml", header=HEADER.replace('"gambler"', '"клуб"'))
    line = assert_refused(run_cli("show", path, env={"XDG_CONFIG_HOME": str(tmp_path / "config")}))
    assert "points.last_trick" in line, line


# --------------------------------------------------------------------------- 8. recompute's total report


def test_a_slip_of_addition_is_reported_at_its_hand_only_when_the_next_total_is_right_again(tmp_path):
    import tomllib

    import tomli_w

    data = tomllib.loads((EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8"))
    data["hand"][4]["total"] = [data["hand"][4]["total"][0] + 1, data["hand"][4]["total"][1]]  # hand 5: +1
    path = tmp_path / "game.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    done = run_cli("recompute", "--json", path)
    assert done.returncode == 1, report(done)
    found = json.loads(done.stdout)["files"][0]["discrepancies"]
    assert [(d["hand"], d["field"]) for d in found] == [(5, "total")], found
    data["hand"][5]["total"] = [data["hand"][5]["total"][0] + 1, data["hand"][5]["total"][1]]  # the slip carried on
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    found = json.loads(run_cli("recompute", "--json", path).stdout)["files"][0]["discrepancies"]
    assert [(d["hand"], d["field"]) for d in found] == [(5, "total")], found


@pytest.mark.parametrize("content", [b"\xff\xfe not UTF-8", b"[game\n", b"[game]\nformat = 1\n", b"a = " + b"[" * 400 + b"]" * 400],
                         ids=["not UTF-8", "not TOML", "bad [game]", "too deep"])
@pytest.mark.parametrize("command", [["add", "12Т", "--by", "1", "--def-points", "18"], ["undo"], ["edit", "1", "--redeal", "all-pass"]],
                         ids=["add", "undo", "edit"])
def test_a_file_that_does_not_read_as_a_protocol_gets_no_lock_file(tmp_path, content, command):
    """Found by a newcomer's review: a refusal for what the file holds left a `.FILE.lock` behind."""
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    assert_refused(run_cli(command[0], path, *command[1:]))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"] and path.read_bytes() == content
