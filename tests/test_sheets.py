"""The sheet-file engine (``bbscore/sheets.py``) on crafted texts, for both games (issues 18 and 19, item 1).

Every operation — ``add``/``pref add`` (append), ``undo``/``pref undo``, ``edit N``, ``recompute --fix`` — either does
exactly what it says, checked here by parsing the result with tomllib and comparing every hand and the ``[game]``
table with what was meant, or is refused with one line (exit 2 through the command line) and leaves the file byte for
byte as it was.  The sheets are legal TOML written in ways bbscore itself never writes: a ``[[hand]]`` line inside
multi-line basic and literal strings, quoted keys (``[["hand"]]``, ``[[ 'hand' ]]``), hands as an inline or a
multi-line static array, comments between and inside hands, sub-tables, dotted keys, CRLF line ends, a byte-order
mark, ``[game]`` after the hands.  A property test draws such sheets at random (with every operation), once with the
whole new text parsed and once with only the spans changed parsed (:data:`bbscore.sheets.WHOLE_CHECK_BYTES`
lowered to 0).

The hands are those of the two examples (``examples/game-gambler.toml``, ``examples/pulya-3.toml``: what the rules
write for each hand, as ``recompute`` checks): a hand appended is the example's next hand, so what it must write
is known.  The sheets are written here by a small TOML writer of the tests' own (:func:`render`), never by the
code under test.
"""

from __future__ import annotations

import json
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, assert_refused, run_cli

from bbscore import sheets
from bbscore.errors import BBScoreError

BELOT = tomllib.loads((EXAMPLES / "game-gambler.toml").read_text(encoding="utf-8"))
PREF = tomllib.loads((EXAMPLES / "pulya-3.toml").read_text(encoding="utf-8"))
BELOT_HANDS = BELOT["hand"][:10]  # totals 150 : 153 after ten: the game (to 301) goes on
PREF_HANDS = PREF["hand"][:9]  # the пуля (to 20) closes at hand 17
WRITTEN = {"belot": ("score", "total"), "preferans": ("pulya", "gora", "vists")}
NOTE = "записано со слов\n[[hand]]\ncontract = \"8П\"\n"  # a note whose lines look like a hand
FILLER = "".join(f"# {n:03} {'·' * 70}\n" for n in range(12))  # a long comment: what a change touches is a small part


def inputs(game: str, hand: dict[str, Any]) -> dict[str, Any]:
    """What is typed for a hand (its keys but what it writes)."""
    return {key: value for key, value in hand.items() if key not in WRITTEN[game]}


# --- A TOML writer of the tests' own, in many styles ---


def basic(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string for these characters


def key(name: str, style: dict) -> str:
    bare = name.replace("_", "").replace("-", "").isascii() and name.replace("_", "").replace("-", "").isalnum()
    if not bare or style.get("quote_keys"):
        return basic(name) if not style.get("literal") or "'" in name else f"'{name}'"
    return name


def value(item: Any, style: dict, *, top: bool = False) -> str:
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, (int, float)):
        return repr(item)
    if isinstance(item, str):
        if "\n" in item:
            if style.get("literal") and "'''" not in item:
                return "'''\n" + item + "'''"
            return '"""\n' + item.replace("\\", "\\\\") + '"""'
        if style.get("literal") and "'" not in item:
            return f"'{item}'"
        return basic(item)
    if isinstance(item, list):
        if top and style.get("multiline_lists") and item:
            return "[\n" + "".join(f"    {value(x, style)},  # item\n" if style.get("comments") else f"    {value(x, style)},\n"
                                   for x in item) + "]"
        return "[" + ", ".join(value(x, style) for x in item) + "]"
    if isinstance(item, dict):
        return "{ " + ", ".join(f"{key(k, style)} = {value(v, style)}" for k, v in item.items()) + " }" if item else "{}"
    raise TypeError(item)


HEADERS = ("[[hand]]", '[["hand"]]', "[[ 'hand' ]]", "  [[hand]]  # a hand", "[[hand]] # с комментарием")


def hand_table(hand: dict[str, Any], style: dict, number: int) -> str:
    header = HEADERS[style.get("header", 0) if not style.get("vary_headers") else number % len(HEADERS)]
    lines = [header]
    tables = []
    for name, item in hand.items():
        if isinstance(item, dict) and item and style.get("tables") == "sub":
            tables.append(f"[hand.{key(name, style)}]\n" + "".join(f"{key(k, style)} = {value(v, style)}\n" for k, v in item.items()))
        elif isinstance(item, dict) and item and style.get("tables") == "dotted":
            lines += [f"{key(name, style)}.{key(k, style)} = {value(v, style)}" for k, v in item.items()]
        else:
            lines.append(f"{key(name, style)} = {value(item, style, top=True)}" + ("  # after a value" if style.get("comments") else ""))
        if style.get("comments") and len(lines) == 2:
            lines.append("# a comment inside a hand")
    return "\n".join(lines) + "\n" + "".join("\n" + table for table in tables)


def render(game: dict[str, Any], hands: list[dict[str, Any]], style: dict) -> str:
    """A sheet's text in ``style``: hands as tables (``hands``: "tables"), one inline array ("inline") or a static
    multi-line array ("array"); ``[game]`` first, last or as dotted keys; comments; line ends; a byte-order mark."""
    if style.get("game") == "dotted":
        game_text = "".join(f"game.{key(k, style)} = {value(v, style, top=True)}\n" for k, v in game.items())
    else:
        game_text = "[game]\n" + "".join(f"{key(k, style)} = {value(v, style, top=True)}\n" for k, v in game.items())
    form = style.get("hands", "tables")
    if form == "inline":
        text = "hand = [" + ", ".join(value(h, style) for h in hands) + "]\n\n" + game_text
    elif form == "array":
        text = "hand = [\n" + "".join(f"  {value(h, style)},\n" for h in hands) + "]\n" + game_text
    else:
        gap = "\n# между сдачами\n\n" if style.get("comments") else "\n"
        tables = gap.join(hand_table(h, style, n) for n, h in enumerate(hands))
        if style.get("game") == "last":
            text = "# the hands first\n" + tables + "\n" + game_text
        else:
            text = game_text + ("\n" + tables if hands else "")
        if style.get("comments"):
            text += "\n# конец\n"
    if style.get("filler"):  # a long comment first: the spans changed are then a small part of the text
        text = FILLER * 4 + text
    if style.get("crlf"):
        text = text.replace("\n", "\r\n")
    return ("\ufeff" if style.get("bom") else "") + text


def write(path: Path, game: dict, hands: list[dict], style: dict) -> dict:
    """Write the sheet; returns what it holds (checked: the writer wrote what it was given)."""
    text = render(game, hands, style)
    path.write_bytes(text.encode("utf-8"))
    data = tomllib.loads(text.removeprefix("\ufeff"))
    assert data == ({"game": game, "hand": hands} if hands else {"game": game}), text
    return data


def held(path: Path) -> dict:
    return tomllib.loads(path.read_bytes().decode("utf-8").removeprefix("\ufeff"))


# --- What each operation must leave ---


def game_table(which: str, *, sha: bool = True, note: str | None = None) -> dict:
    game = dict((BELOT if which == "belot" else PREF)["game"])
    from bbscore import conventions  # the rules' hash as it is now (an example may record an earlier version's)

    game["convention_sha256"] = conventions.load(game["convention"]).sha256
    if not sha:
        del game["convention_sha256"]
    if note is not None:
        game["note"] = note
    return game


def sheet_hands(which: str, count: int, notes: tuple[int, ...] = ()) -> list[dict]:
    hands = [dict(hand) for hand in (BELOT_HANDS if which == "belot" else PREF_HANDS)[:count]]
    for index in notes:
        if index < count and "note" not in hands[index]:
            hands[index] = {**hands[index], "note": NOTE}
    return hands


def expected_after(which: str, operation: str, hands: list[dict], number: int = 1) -> list[dict]:
    """The hands a sheet of ``hands`` must hold after ``operation``."""
    pool = BELOT_HANDS if which == "belot" else PREF_HANDS
    if operation == "append":
        return hands + [dict(pool[len(hands)])]
    if operation == "undo":
        return hands[:-1]
    if operation == "fix":
        return [{**hand, **{k: pool[i][k] for k in WRITTEN[which]}} for i, hand in enumerate(hands)]
    # edit N (Bazar-Belot): hand N becomes a redeal (its note kept); later running totals follow the sheet's addition
    old = hands[number - 1]
    before = hands[number - 2]["total"] if number > 1 else [0, 0]
    edited = {"redeal": "all-pass", **{k: old[k] for k in ("note",) if k in old}, "score": [0, 0], "total": list(before)}
    out = hands[: number - 1] + [edited]
    drop = old["score"]
    for hand in hands[number:]:
        out.append({**hand, "total": [hand["total"][0] - drop[0], hand["total"][1] - drop[1]]})
    return out


def slipped(which: str, hands: list[dict], index: int) -> list[dict]:
    """The hands with one slip in what hand ``index`` wrote (fix must put it right)."""
    out = [dict(hand) for hand in hands]
    if which == "belot":
        out[index]["score"] = [out[index]["score"][0], out[index]["score"][1] + 1]
    else:
        out[index]["gora"] = {**out[index]["gora"], PREF["game"]["players"][0]: 99}
    return out


def operate(which: str, operation: str, path: Path, hands: list[dict], number: int = 1):
    """Run ``operation`` through the game's protocol module (what the commands call)."""
    if which == "belot":
        from bbscore.belot import protocol
    else:
        from bbscore.preferans import protocol
    if operation == "append":
        return protocol.append(path, inputs(which, (BELOT_HANDS if which == "belot" else PREF_HANDS)[len(hands)]))
    if operation == "undo":
        return protocol.remove_last(path)
    if operation == "fix":
        return protocol.fix(path)
    return protocol.replace(path, number, {"redeal": "all-pass"})


def check(which: str, operation: str, path: Path, hands: list[dict], number: int, meant_hands: list[dict],
          meant_game: dict) -> bool:
    """Run the operation: True when it did exactly what it says, False when it was refused and left the file as it
    was (anything else fails the test)."""
    before = path.read_bytes()
    try:
        operate(which, operation, path, hands, number)
    except BBScoreError:
        assert path.read_bytes() == before
        assert not list(path.parent.glob("*.bak"))
        return False
    after = path.read_bytes()
    data = held(path)
    assert data.get("game") == meant_game, after.decode()
    assert data.get("hand", []) == meant_hands, after.decode()
    assert after.startswith(b"\xef\xbb\xbf") == before.startswith(b"\xef\xbb\xbf")  # a byte-order mark stays
    if b"\r\n" in before:
        assert after.count(b"\n") == after.count(b"\r\n")  # CRLF stays CRLF
    return True


# --- Crafted sheets through the command line ---

STYLES = {
    "plain": {},
    "comments between and inside hands": {"comments": True, "multiline_lists": True},
    "[[hand]] inside a multi-line basic string": {"notes": (0, 2), "game_note": True},
    "[[hand]] inside a multi-line literal string": {"notes": (1, 2), "literal": True},
    "quoted keys": {"quote_keys": True, "vary_headers": True},
    "quoted keys, literal strings, a [[hand]] in a string": {"quote_keys": True, "vary_headers": True, "literal": True,
                                                             "notes": (2,)},
    "CRLF and a byte-order mark": {"crlf": True, "bom": True, "comments": True},
    "[game] after the hands": {"game": "last", "comments": True},
    "[game] as dotted keys": {"game": "dotted", "multiline_lists": True},
    "sub-tables": {"tables": "sub", "comments": True},
    "dotted keys in the hands": {"tables": "dotted", "quote_keys": True},
}
REFUSED_STYLES = {
    "an inline array of hands": {"hands": "inline"},
    "a static array of hands": {"hands": "array", "multiline_lists": True},
}


def make_sheet(tmp_path: Path, which: str, style: dict, count: int, *, sha: bool = True, slip: int | None = None):
    game = game_table(which, sha=sha, note=NOTE if style.get("game_note") else None)
    hands = sheet_hands(which, count, style.get("notes", ()))
    written = slipped(which, hands, slip) if slip is not None else hands
    path = tmp_path / f"{which}.toml"
    write(path, game, written, style)
    return path, game, hands, written


COMMANDS = {
    ("belot", "append"): lambda path, hands: ["add", path, *belot_options(BELOT_HANDS[len(hands)])],
    ("belot", "undo"): lambda path, hands: ["undo", path],
    ("belot", "edit"): lambda path, hands: ["edit", path, "2", "--redeal", "all-pass"],
    ("belot", "fix"): lambda path, hands: ["recompute", path, "--fix"],
    ("preferans", "append"): lambda path, hands: ["pref", "add", path, *pref_options(PREF_HANDS[len(hands)])],
    ("preferans", "undo"): lambda path, hands: ["pref", "undo", path],
    ("preferans", "fix"): lambda path, hands: ["recompute", path, "--fix"],
}


def belot_options(hand: dict) -> list[str]:
    options = [hand["contract"], "--by", hand["by"], "--def-points", str(hand["def_points"])]
    for name in ("decl_con", "def_con"):
        if name in hand:
            options += [f"--{name.replace('_', '-')}", ",".join(hand[name])]
    if "decl_tricks" in hand:
        options += ["--decl-tricks", str(hand["decl_tricks"])]
    if "note" in hand:
        options += ["--note", hand["note"]]
    return options


def pref_options(hand: dict) -> list[str]:
    options = [hand["game"]]
    if "by" in hand:
        options += ["--by", hand["by"]]
    tricks = hand.get("tricks")
    if isinstance(tricks, dict):
        options += ["--tricks", ",".join(f"{p}={n}" for p, n in tricks.items())]
    elif tricks is not None:
        options += ["--tricks", str(tricks)]
    for player, taken in hand.get("whist", {}).items():
        options += ["--whist", f"{player}:{taken}"]
    for player in hand.get("pass", []):
        options += ["--pass", player]
    return options


@pytest.mark.parametrize("which, operation", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted(STYLES))
def test_crafted_sheet_operation(tmp_path, which, operation, name):
    """Each command on each crafted sheet does exactly what it says: every hand and [game] compared after parsing."""
    style = STYLES[name]
    slip = 1 if operation == "fix" else None
    path, game, hands, written = make_sheet(tmp_path, which, style, 4, sha=operation != "fix", slip=slip)
    text_before = path.read_bytes().decode("utf-8")
    done = run_cli(*COMMANDS[(which, operation)](path, hands))
    assert "Traceback" not in done.stderr and done.returncode in (0, 1), (done.returncode, done.stdout, done.stderr)
    data = held(path)
    meant_game = game_table(which, note=game.get("note"))  # fix adds the rules' hash
    assert data["game"] == (meant_game if operation == "fix" else game)
    assert data["hand"] == expected_after(which, operation, hands, 2), path.read_text(encoding="utf-8")
    text_after = path.read_bytes().decode("utf-8")
    if style.get("comments") and operation != "undo":
        assert text_after.count("# между сдачами") == text_before.count("# между сдачами")  # every comment kept
        assert "# конец" in text_after
        for inside in ("# a comment inside a hand", "# after a value", "# item"):  # (a hand typed again: kept too)
            assert text_after.count(inside) == text_before.count(inside), (inside, text_after)
    if style.get("crlf"):
        assert text_after.startswith("\ufeff") and text_after.count("\n") == text_after.count("\r\n")


@pytest.mark.parametrize("which, operation", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted(REFUSED_STYLES))
def test_sheet_that_cannot_be_edited_is_refused_and_stays_readable(tmp_path, which, operation, name):
    """Hands written as an array (``hand = [{…}]``): every command that writes is refused with one line, the file
    left byte for byte and without a lock file; the commands that read still read it."""
    path, game, hands, written = make_sheet(tmp_path, which, REFUSED_STYLES[name], 4,
                                            slip=1 if operation == "fix" else None)
    before = path.read_bytes()
    done = run_cli(*COMMANDS[(which, operation)](path, hands))
    if operation == "fix":  # the discrepancy is reported (exit 1), the fix refused with its reason
        assert done.returncode == 1 and "Traceback" not in done.stderr, (done.stdout, done.stderr)
        assert f"не исправлено: {path}: сдачи записаны списком hand = […]" in done.stdout
    else:
        line = assert_refused(done)
        assert "hand = […]" in line and len(line) <= 300
    assert path.read_bytes() == before
    assert not (tmp_path / f".{path.name}.lock").exists()
    shown = run_cli(*(["show"] if which == "belot" else ["pref", "show"]), path, "--json")
    assert shown.returncode == 0, shown.stderr
    assert len(json.loads(shown.stdout)["hands"]) == 4


@pytest.mark.parametrize("which", ["belot", "preferans"])
def test_play_on_a_sheet_that_cannot_be_edited_is_refused_before_the_first_question(tmp_path, which):
    """A guided session on a sheet whose hands are an inline array: refused at once, with the reason, as add is —
    not after a whole hand was asked — the file left byte for byte."""
    path, _game, _hands, _written = make_sheet(tmp_path, which, {"hands": "inline"}, 3)
    before = path.read_bytes()
    done = run_cli(*(["play"] if which == "belot" else ["pref", "play"]), path, stdin="1\n")
    line = assert_refused(done)
    assert "hand = […]" in line and done.stdout == ""
    assert path.read_bytes() == before


def test_undo_removes_one_hand_of_a_pulya_with_a_hand_line_in_a_string_and_a_quoted_header(tmp_path):
    """Issue 19, item 1: a [[hand]] line inside a multi-line string and a hand header with a quoted key — pref undo
    removed two hands while saying it removed one."""
    path, game, hands, _ = make_sheet(tmp_path, "preferans", {"notes": (2,), "vary_headers": True}, 4)
    text = path.read_text(encoding="utf-8")
    assert '[["hand"]]' in text and '"""\nзаписано со слов\n[[hand]]' in text
    done = run_cli("pref", "undo", path)
    assert done.returncode == 0, done.stderr
    assert "убрана сдача 4" in done.stdout
    assert held(path)["hand"] == hands[:3]
    done = run_cli("pref", "undo", path)
    assert held(path)["hand"] == hands[:2]
    assert NOTE not in path.read_text(encoding="utf-8").replace('"""\n', "")  # hand 3 and its note are gone


def test_pref_add_to_an_inline_array_is_refused_not_broken(tmp_path):
    """Issue 19, item 1: pref add on a пуля whose hands are an inline array wrote a file no command could read."""
    path, game, hands, _ = make_sheet(tmp_path, "preferans", {"hands": "inline"}, 3)
    before = path.read_bytes()
    line = assert_refused(run_cli("pref", "add", path, *pref_options(PREF_HANDS[3])))
    assert line == f"ошибка: {path}: " + sheets._(sheets.INLINE_HANDS)
    assert path.read_bytes() == before
    assert run_cli("recompute", path).returncode == 0


def test_refusal_in_english(tmp_path):
    path, _game, hands, _ = make_sheet(tmp_path, "belot", {"hands": "inline"}, 3)
    done = run_cli("--lang", "en", "undo", path)
    assert done.returncode == 2 and "not [[hand]] tables" in done.stderr


# --- The engine itself: what it keeps, what it refuses ---

BASE = '[game]\nformat = 1\nconvention = "x"\ntarget = 9\n'


def sheet_of(tmp_path: Path, text: str, name: str = "s.toml") -> sheets.Sheet:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    read, bom = sheets.read_text(path, kind="sheet", missing="missing")
    return sheets.Sheet(path=path, text=read, bom=bom, data=tomllib.loads(read))


def test_key_by_key_change_keeps_comments_layout_and_sub_tables(tmp_path):
    text = (BASE + "\n[[hand]]  # one\ncontract = '12Т'   # typed at the table\nscore = [28, 4] # as written\n"
            "total = [\n    28, # us\n    4,\n]\n\n[hand.melds]\np1 = \"терц\"\n\n# two\n[[hand]]\ncontract = \"8П\"\n"
            "total = [1, 2]\n")
    sheet = sheet_of(tmp_path, text)
    backup = sheets.rewrite(sheet, {1: {"score": [28, 5], "total": [28, 5]}, 2: {"score": [8, 16]}}, None,
                            sheets.Style.TABLES)
    assert backup.read_text(encoding="utf-8") == text
    written = (tmp_path / "s.toml").read_text(encoding="utf-8")
    assert written == (BASE + "\n[[hand]]  # one\ncontract = '12Т'   # typed at the table\nscore = [28, 5] # as written\n"
                       "total = [\n    28, # us\n    5,\n]\n\n[hand.melds]\np1 = \"терц\"\n\n# two\n"  # (a comment inside a value stays)
                       "[[hand]]\ncontract = \"8П\"\ntotal = [1, 2]\nscore = [\n    8,\n    16,\n]\n")
    assert tomllib.loads(written)["hand"][0]["melds"] == {"p1": "терц"}


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["LF", "CRLF"])
def test_running_totals_are_changed_in_place_each_as_it_was_written(tmp_path, newline):
    """Hand 1 written anew and the later hands' totals and scores changed where they are written: a total on one
    line stays on one line, one written a number a line stays so, in the file's own line ends; what is not a pair
    of whole numbers (a total with a comment inside) takes the hand's own way, item by item, the comment kept."""
    hands = ("[[hand]]\nscore = [1, 2]\ntotal = [1, 2]\n\n"
             "[[hand]]\nscore = [3, 4]\ntotal = [4, 6] # us, them\n\n"
             "[[hand]]\nscore = [\n    5,\n    6,\n]\ntotal = [\n    9,\n    12,\n]\n\n"
             "[[hand]]\nscore = [0, 1]\ntotal = [\n    9, # a comment inside\n    13,\n]\n")
    sheet = sheet_of(tmp_path, (BASE + "\n" + hands).replace("\n", newline))
    sheets.replace(sheet, 1, {"score": [2, 2], "total": [2, 2]}, sheets.Style.TABLES,
                   {2: {"total": [5, 6]}, 3: {"score": [5, 7], "total": [10, 13]}, 4: {"total": [10, 14]}})
    written = (tmp_path / "s.toml").read_bytes().decode("utf-8")
    assert written == (BASE + "\n[[hand]]\nscore = [\n    2,\n    2,\n]\ntotal = [\n    2,\n    2,\n]\n\n"
                       "[[hand]]\nscore = [3, 4]\ntotal = [5, 6] # us, them\n\n"
                       "[[hand]]\nscore = [\n    5,\n    7,\n]\ntotal = [\n    10,\n    13,\n]\n\n"
                       "[[hand]]\nscore = [0, 1]\ntotal = [\n    10, # a comment inside\n    14,\n]\n").replace("\n", newline)


def test_a_key_written_as_a_sub_table_or_dotted_keys_is_changed_where_it_is(tmp_path):
    """A value of a dotted key changed where it is; a key of a sub-table taken out with its line (the table stays,
    empty); the comment stays."""
    text = BASE + '\n[[hand]]\n# kept\ngame = "6♠"\npulya.a = 1\n\n[hand.gora]\nb = 2\n'
    sheet = sheet_of(tmp_path, text)
    sheets.rewrite(sheet, {1: {"pulya": {"a": 3}, "gora": {}}}, None, sheets.Style.INLINE)
    written = (tmp_path / "s.toml").read_text(encoding="utf-8")
    assert written == BASE + '\n[[hand]]\n# kept\ngame = "6♠"\npulya.a = 3\n\n[hand.gora]\n'


def test_game_table_gets_a_key_after_the_one_before_it(tmp_path):
    dotted = 'game.format = 1\ngame.convention = "x"\ngame.target = 9\n'
    for text, line in ((BASE, 'convention = "x"\nconvention_sha256 = "ab"\n'),
                       (dotted, 'game.convention = "x"\ngame.convention_sha256 = "ab"\n')):
        sheet = sheet_of(tmp_path, text + '\n[[hand]]\nscore = 1\n')
        game = {"format": 1, "convention": "x", "convention_sha256": "ab", "target": 9}
        sheets.rewrite(sheet, {}, game, sheets.Style.TABLES)
        written = (tmp_path / "s.toml").read_text(encoding="utf-8")
        assert line in written and tomllib.loads(written)["game"] == game


def test_game_as_an_inline_table_cannot_get_a_key(tmp_path):
    text = 'game = { format = 1, convention = "x", target = 9 }\n\n[[hand]]\nscore = 1\n'
    sheet = sheet_of(tmp_path, text)
    with pytest.raises(BBScoreError, match="таблица \\[game\\]"):
        sheets.rewrite(sheet, {}, {"format": 1, "convention": "x", "convention_sha256": "ab", "target": 9},
                       sheets.Style.TABLES)
    assert (tmp_path / "s.toml").read_text(encoding="utf-8") == text
    assert not list(tmp_path.glob("*.bak"))


@pytest.mark.parametrize("limit", [sheets.WHOLE_CHECK_BYTES, 0], ids=["whole", "spans"])
def test_a_sub_table_of_the_last_hand_after_game_is_refused(tmp_path, monkeypatch, limit):
    """``[hand.melds]`` written after ``[game]`` belongs to the last hand: appending after that hand's own table would
    give it to the new hand, removing that table would give it to the hand before.  Both proofs refuse."""
    monkeypatch.setattr(sheets, "WHOLE_CHECK_BYTES", limit)
    text = FILLER + "[[hand]]\nscore = 1\n\n[[hand]]\nscore = 2\n\n" + BASE + "\n[hand.melds]\np1 = \"терц\"\n"
    sheet = sheet_of(tmp_path, text)
    for change in (lambda: sheets.append(sheet, {"score": 3}, sheets.Style.TABLES),
                   lambda: sheets.remove_last(sheet),
                   lambda: sheets.replace(sheet, 2, {"score": 5}, sheets.Style.TABLES)):
        with pytest.raises(BBScoreError, match="не то, что задумано"):
            change()
        assert (tmp_path / "s.toml").read_text(encoding="utf-8") == text
    sheets.replace(sheet, 1, {"score": 5}, sheets.Style.TABLES)  # the first hand is its own
    assert tomllib.loads((tmp_path / "s.toml").read_text(encoding="utf-8"))["hand"] == [
        {"score": 5}, {"score": 2, "melds": {"p1": "терц"}}]


@pytest.mark.parametrize("limit", [sheets.WHOLE_CHECK_BYTES, 0], ids=["whole", "spans"])
def test_a_change_that_would_not_hold_what_was_meant_is_refused(tmp_path, monkeypatch, limit):
    """The proof itself: a wrong edit (the end of a hand's table found too early, as a broken finder would) is
    refused before anything is written, by either check."""
    monkeypatch.setattr(sheets, "WHOLE_CHECK_BYTES", limit)
    text = FILLER + BASE + "\n[[hand]]\nscore = 1\ntotal = 1\n\n[[hand]]\nscore = 2\ntotal = 3\n"
    sheet = sheet_of(tmp_path, text)
    real = sheets._region

    def short(text, start, path):
        region = real(text, start, path)
        return sheets._Region(region.start, region.keys[0].end, region.keys[:1], region.keys[0].end)

    monkeypatch.setattr(sheets, "_region", short)
    for change in (lambda: sheets.remove_last(sheet), lambda: sheets.append(sheet, {"score": 4}, sheets.Style.TABLES),
                   lambda: sheets.replace(sheet, 1, {"score": 5}, sheets.Style.TABLES)):
        with pytest.raises(BBScoreError, match="не то, что задумано"):
            change()
    assert (tmp_path / "s.toml").read_text(encoding="utf-8") == text


def test_hands_found_by_the_full_scan(tmp_path):
    """Multi-line strings holding [[hand]] lines, a quoted header, a comment with brackets, nested arrays: the hands
    are found where TOML has them (and their lines are right)."""
    text = (BASE.replace('target = 9', 'target = 9\nnote = """\n[[hand]]\n"""') + "\n[[hand]]\n"
            "note = '''\n[[hand]] \"\n'''\nx = [[1, 2], [3]]  # [[hand]]\n[hand.y]\nz = \"\"\"a\"\"\"\"\n\n"
            "[[ \"hand\" ]]\nnote = \"\\\"\"\n")
    sheet = sheet_of(tmp_path, text)
    lines, starts = sheet.hand_lines()
    assert sheet.layout.scanned and lines == [9, 17]
    assert [text.splitlines()[n - 1] for n in lines] == ["[[hand]]", '[[ "hand" ]]']
    done = sheets.remove_last(sheet)
    assert tomllib.loads(done.text)["hand"] == tomllib.loads(text)["hand"][:1]


@pytest.mark.parametrize("text, reason", [
    ("hand = [{ score = 1 }]\n" + BASE, "hand = […]"),
    ("hand = []\n" + BASE, "hand = […]"),
    (BASE + "\n[[hand]]\nscore = 1\n[[hand]]\nnote = '''\n[[hand]]\n'''\n[[\"h\\u0061nd\"]]\nscore = 2\n", None),
])
def test_sheets_the_engine_cannot_edit_or_can(tmp_path, text, reason):
    sheet = sheet_of(tmp_path, text)
    if reason is None:  # an escaped key is found by the scan too
        assert sheet.hand_lines()[0] == [6, 8, 12]
        sheets.append(sheet, {"score": 3}, sheets.Style.TABLES)
        assert [h.get("score") for h in held(tmp_path / "s.toml")["hand"]] == [1, None, 2, 3]
        return
    with pytest.raises(BBScoreError, match=reason.replace("[", "\\[")):
        sheets.check_editable(sheet)
    with pytest.raises(BBScoreError):
        sheets.append(sheet, {"score": 3}, sheets.Style.TABLES)
    assert sheet.hand_lines()[1] is None


def test_text_written_by_tomli_w_even_for_odd_strings(tmp_path):
    """Strings and keys are escaped by tomli-w: quotes, backslashes, control characters, a name with « = »."""
    sheet = sheet_of(tmp_path, BASE)
    odd = 'a "b" \\ c\td\x1b\x7f'
    done = sheets.append(sheet, {"note": odd, "whist": {odd: 1, "a = b": 2}, "pass": [odd]}, sheets.Style.INLINE)
    assert tomllib.loads(done.text)["hand"] == [{"note": odd, "whist": {odd: 1, "a = b": 2}, "pass": [odd]}]
    done = sheets.append(done, {"note": odd, "melds": {"p1": odd}}, sheets.Style.TABLES)
    assert tomllib.loads(done.text)["hand"][1] == {"note": odd, "melds": {"p1": odd}}


def test_first_hand_of_a_sheet_that_ends_without_a_newline(tmp_path):
    sheet = sheet_of(tmp_path, BASE + "# last line, no newline")
    done = sheets.append(sheet, {"score": [1, 2]}, sheets.Style.TABLES)
    assert done.text == BASE + "# last line, no newline\n\n[[hand]]\nscore = [\n    1,\n    2,\n]\n"
    done = sheets.remove_last(done)
    assert done.text == BASE + "# last line, no newline\n"


def test_types_count_in_the_proof(tmp_path):
    assert sheets.same({"a": [1, 2.0]}, {"a": [1, 2.0]}) and sheets.same(float("nan"), float("nan"))
    assert not sheets.same(1, 1.0) and not sheets.same(1, True) and not sheets.same({"a": 1}, {"a": 1, "b": 2})
    assert not sheets.same([1], [1, 2]) and not sheets.same(0.0, -0.0)


# --- Random sheets × random operations ---

OPERATIONS = {"belot": ["append", "undo", "edit", "fix"], "preferans": ["append", "undo", "fix"]}


@st.composite
def random_sheets(draw):
    which = draw(st.sampled_from(["belot", "preferans"]))
    operation = draw(st.sampled_from(OPERATIONS[which]))
    count = draw(st.integers(min_value=0 if operation == "append" else 1, max_value=6))
    style = {
        "comments": draw(st.booleans()), "multiline_lists": draw(st.booleans()), "quote_keys": draw(st.booleans()),
        "literal": draw(st.booleans()), "vary_headers": draw(st.sampled_from([False, False, True])),
        "header": draw(st.sampled_from([0, 0, 3, 4, 1, 2])),
        "crlf": draw(st.booleans()), "bom": draw(st.booleans()),
        "game": draw(st.sampled_from(["first", "first", "last", "dotted"])),
        "tables": draw(st.sampled_from(["inline", "inline", "sub", "dotted"])),
        "hands": draw(st.sampled_from(["tables"] * 8 + ["inline", "array"])),
        "notes": draw(st.sampled_from([(), (), (), (0,), (1, 4), (5,)])),
        "game_note": draw(st.sampled_from([False, False, True])),
    }
    number = draw(st.integers(1, max(count, 1)))
    slip = draw(st.integers(0, max(count - 1, 0))) if operation == "fix" and draw(st.booleans()) else None
    sha = draw(st.booleans()) if operation == "fix" else True
    return which, operation, count, style, number, slip, sha


@pytest.mark.parametrize("limit", [sheets.WHOLE_CHECK_BYTES, 0], ids=["whole", "spans"])
def test_random_sheets_and_operations(monkeypatch, limit):
    """Random valid sheets (comments, whitespace, quoting, line ends, array forms, [game] anywhere) × a random
    operation: the result parses to exactly the hands and [game] meant, or the operation is refused and the bytes are
    unchanged.  A real share must be accepted (all refused would pass otherwise), and with the limit lowered to 0
    the proof by spans must have been the one used."""
    monkeypatch.setattr(sheets, "WHOLE_CHECK_BYTES", limit)
    tally = {"accepted": 0, "refused": 0, "whole": 0, "changes": 0}
    real_whole = sheets._check_whole

    def counted(*args):
        tally["whole"] += 1
        return real_whole(*args)

    monkeypatch.setattr(sheets, "_check_whole", counted)

    @settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
    @given(random_sheets())
    def one(case):
        which, operation, count, style, number, slip, sha = case
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "sheet.toml"
            game = game_table(which, sha=sha, note=NOTE if style["game_note"] else None)
            style["filler"] = limit == 0
            hands = sheet_hands(which, count, style["notes"])
            written = slipped(which, hands, slip) if slip is not None else hands
            write(path, game, written, style)
            meant = expected_after(which, operation, hands, number)
            meant_game = game_table(which, note=game.get("note")) if operation == "fix" else game
            whole_before = tally["whole"]
            if check(which, operation, path, written, number, meant, meant_game):
                tally["accepted"] += 1
                if operation != "fix" or slip is not None or not sha:
                    tally["changes"] += 1
                    if limit == 0 and tally["whole"] == whole_before:
                        tally["spans"] = tally.get("spans", 0) + 1
            else:
                assert style["hands"] != "tables", case  # only the arrays are refused
                tally["refused"] += 1

    one()
    print("TALLY", limit, tally)
    assert tally["accepted"] >= 0.6 * (tally["accepted"] + tally["refused"]), tally
    if limit == 0:
        assert tally.get("spans", 0) >= 20, tally  # the proof by spans did the work
    else:
        assert tally["whole"] >= tally["changes"], tally


# --- The scanner and the proof on any text ---


@settings(max_examples=300)
@given(st.lists(st.sampled_from([*"[]{}\"'#=.,\n\r \tah0_-\\", "[[hand]]", '"""', "'''", "hand = ", "[game]"]),
                max_size=60).map("".join))
def test_scanner_ends_on_any_text(text):
    """Whatever the text, the statement reader ends (no loop, no error): with the headers it found, or with why it
    could not follow the text; the quick look too."""
    starts, game, refusal = sheets._scan(text)
    assert (starts is None) == (refusal is not None)
    for start in starts or ():
        sheets._region(text, start, ("hand",))
    sheets._region(text, 0, ())
    sheets._quick_starts(text)


def test_the_proof_refuses_what_was_not_meant(tmp_path):
    """Edits that do not do what is meant are refused whichever way they fail: the text does not parse, [game] or
    the hands come out otherwise, edits overlap, lines run together."""
    sheet = sheet_of(tmp_path, FILLER + BASE + "\n[[hand]]\nscore = 1\n")
    hands, game = sheet.hands, sheet.data["game"]
    end = len(sheet.text)
    wrong = [
        ([sheets._Edit(end, end, "x = [\n", (), ())], hands, game, "не читается"),
        ([sheets._Edit(end, end, "\n[game.x]\ny = 1\n", (), ())], hands, game, "\\[game\\]"),
        ([sheets._Edit(end, end, "\nhand = 1\n", (), ())], hands, game, "не то, что задумано"),
        ([sheets._Edit(0, 0, "hand.x = 1\n", (), ())], hands, game, "не то, что задумано"),
        ([sheets._Edit(end, end, "\n[[hand]]\nscore = 2\n", (), ())], hands, game, "сдача 2"),
        ([sheets._Edit(end - 10, end, "", (), ()), sheets._Edit(end - 5, end, "", (), ())], hands, game, "перекрываются"),
        ([sheets._Edit(0, 3, "# x", (), ())], hands, game, "сливаются"),
    ]
    for edits, meant_hands, meant_game, reason in wrong:
        with pytest.raises(BBScoreError, match=reason):
            sheets._commit(sheet, edits, meant_hands, meant_game)


def test_text_that_is_not_utf_8_is_refused_by_the_write(tmp_path):
    sheet = sheet_of(tmp_path, BASE)
    with pytest.raises(BBScoreError, match="UTF-8"):
        sheets.append(sheet, {"note": "\udcff"}, sheets.Style.TABLES)
    assert (tmp_path / "s.toml").read_text(encoding="utf-8") == BASE


# --- Issue 19, item 1: no command writes a file that the commands then refuse ---


@pytest.mark.parametrize("command, rules, key, players", [
    (["pref", "new"], "rostov.toml", "target = 20", ["--players", "Аня,Боря,Вера"]),
    (["new"], "gambler.toml", "target = 301", ["--pairs", "Мы,Они"]),
])
def test_a_new_sheet_every_command_would_refuse_is_not_created(tmp_path, command, rules, key, players):
    """A rule set's target larger than a sheet may hold (15 digits) is refused as a rule set (`conventions check`
    too), so `new` and `pref new` create nothing (not even a lock file) instead of a sheet every later command
    refuses; the sheet's own proof (sheets.new_text) stays behind it."""
    text = (EXAMPLES.parent / "conventions" / rules).read_text(encoding="utf-8")
    assert key in text
    big = tmp_path / "big.toml"
    big.write_text(text.replace(key, key.split("=")[0] + "= 10000000000000000"), encoding="utf-8")
    path = tmp_path / "new.toml"
    line = assert_refused(run_cli(*command, path, *players, "--convention", big))
    assert "target" in line and "слишком большое" in line
    assert "target" in assert_refused(run_cli("conventions", "check", big))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.toml"]


def test_a_copy_of_rules_whose_title_has_quotes_reads(tmp_path):
    """`conventions init --from` a rule set whose title holds a quote and a backslash: the copy is valid TOML (its
    name and title written by the TOML writer) and passes `conventions check`."""
    text = (EXAMPLES.parent / "conventions" / "gambler.toml").read_text(encoding="utf-8")
    source = tmp_path / "source.toml"
    source.write_text(text.replace('title = "', 'title = "Клуб \\"Ас\\" \\\\ ', 1), encoding="utf-8")
    copy = tmp_path / "copy.toml"
    assert run_cli("conventions", "init", copy, "--from", source).returncode == 0
    title = tomllib.loads(copy.read_text(encoding="utf-8"))["title"]
    assert title.startswith('Клуб "Ас" \\ ') and title.endswith("копия «copy»")
    assert run_cli("conventions", "check", copy).returncode == 0


@pytest.mark.parametrize("which", ["belot", "preferans"])
@pytest.mark.parametrize("where", ["first", "last"])
def test_dotted_keys_nested_past_the_limit_are_refused_before_anything_is_written(tmp_path, which, where):
    """A dotted key a thousand levels deep is legal TOML that tomllib reads without recursing; what holds it could
    not be printed or checked again (it once made undo write the file, then fail with exit 3): every command refuses
    it as nested too deep, and the file stays byte for byte."""
    source = EXAMPLES / ("game-gambler.toml" if which == "belot" else "pulya-3.toml")
    text = source.read_text(encoding="utf-8")
    deep = ".".join(["a"] * 1000) + " = 1\n"
    if where == "last":
        text += deep
    else:
        second = text.index("[[hand]]", text.index("[[hand]]") + 1)
        text = text[:second] + deep + text[second:]
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    prefix = [] if which == "belot" else ["pref"]
    for command in (["undo"], ["show"], ["recompute"]) if which == "belot" else (["undo"], ["show"], ["settle"]):
        done = run_cli(*(prefix if command != ["recompute"] else []), *command, str(path))
        assert done.returncode == 2 and "Traceback" not in done.stderr, (command, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1
    assert run_cli("recompute", str(path)).returncode == 2
    assert path.read_bytes() == before
