"""Two languages from one catalogue (issue #15): Russian, the msgids, and English, ``bbscore/locale/en``.

* every message of the source (``_()``, ``N_()``, ``ngettext()``, and the help texts of the command tree) has an English
  text in the .po, and the .po holds nothing else (no obsolete entry);
* the committed .mo is the .po compiled (``tools/catalogue.py compile``);
* the language is chosen by ``--lang``, then ``BBSCORE_LANG``, then the locale;
* in English no Cyrillic is printed but the user's own words (names, notes): every command of the help's examples (of
  both languages), of the README and of :data:`MORE_COMMANDS` is run in English, Russian notation typed included —
  contracts, cards, constructions and Preferans games are shown in English notation;
* ``--lang ru`` prints exactly what the default prints.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys

import pytest

from conftest import REPO, run_cli
from test_readme import readme_commands

sys.path.insert(0, str(REPO / "tools"))
import catalogue  # noqa: E402

from bbscore import i18n  # noqa: E402
from bbscore.cli import EXAMPLES  # noqa: E402

CYRILLIC = re.compile("[А-Яа-яЁё]")
# Cyrillic words of the notation a person may type (12Т, ВТ, терц от ДП, рамки-К, мизер): never a name of theirs, so
# an English output that shows one has not put it in English notation.
NOTATION_WORDS = {"от", "мизер", "распасы", "распас", "рамки", "каре", "пас", "пересдача", "капо", "бэла", "бела", "р", "в"}
NOTATION_LETTERS = re.compile("[ПТБЧВДК]{1,3}")

# What a person types in an English ``play`` session (scripted through standard input, as in tests/test_play.py):
# refusals, a bid to confirm, cards and the last trick, the sheet, an edit, a redeal, an undo, a capot, and quit.
PLAY_ANSWERS = ["x", "1", "40C", "yes", "12C", "200", "JC TH AS QD", "d", "show", "edit 1", "2", "9S", "70", "terz", "",
                "pass", "undo", "edit 9", "1", "^C", "8", "", "", "2", "12C", "decl 90", "", "bela", "quit"]
# Commands beyond the help's examples and the README's, run in English with real inputs (Russian notation typed
# included: what is shown is English all the same): every kind of value of both games.
MORE_COMMANDS = [
    'bbscore score 12Т --def-cards "ВТ 9Т ТТ 10Т" --last def --decl-con терц',
    "bbscore score ^2Б --def-points 0 --decl-tricks 8 --decl-con квинта,бэла",
    "bbscore score 80Ч --def-points 10",
    "bbscore score 7Т --def-points 18",
    'bbscore count ВК "ВТ 9Т ТП 10Ч"',
    'bbscore melds 20ВК --p1 "терц от ДП, бэла П" --p2 "рамки-В" --p3 "берц Т♦ К♦ Д♦ В♦"',
    'bbscore melds 12Т --p1 "терц от ДП" --p2 "терц от ДП"',
    'bbscore melds 12БК --p1 "бэла"',
    "bbscore pref score мизер --by Аня --tricks 1 --convention sochi",
    'bbscore pref score распасы --tricks "Аня=0,Боря=4,Вера=6" --convention leningrad --after-raspasy 2',
    "bbscore pref score 6БК --by Аня --tricks 5 --whist Боря:3 --whist Вера:2",
    "bbscore pref score 6♠ --by Аня --tricks 6 --whist Боря --pass Вера --after-raspasy 1 --convention sochi",
    "bbscore conventions show bulgarian",
    "bbscore conventions diff gambler blot-star",
    "bbscore show examples/slipped-game.toml",
    "bbscore recompute examples/",
    "bbscore export examples/pulya-3.toml --format md",
    "bbscore export examples/pulya-4.toml --format csv",
    "bbscore export examples/pulya-sochi.toml --format html",
    "bbscore export examples/game-gambler.toml --format csv",
    "bbscore stats examples/",
    "bbscore list examples/",
]


def test_every_message_has_an_english_text():
    assert catalogue.missing() == []


def test_the_catalogue_holds_no_obsolete_message():
    held = {message.id[0] if isinstance(message.id, tuple) else message.id for message in catalogue.read() if message.id}
    assert held == set(catalogue.messages())


def test_the_committed_mo_is_the_po_compiled():
    assert catalogue.MO.read_bytes() == catalogue.compiled()


def test_the_source_marks_only_literal_texts():
    """``N_()`` of a variable could not be extracted (``catalogue.source_messages`` refuses it); ``_()`` of one is a
    text marked where it is written."""
    assert catalogue.source_messages()


@pytest.mark.parametrize(("given", "environ", "chosen"), [
    (None, {}, "ru"),
    ("en", {"BBSCORE_LANG": "ru"}, "en"),
    ("RU", {"LANG": "en_US.UTF-8"}, "ru"),
    (None, {"BBSCORE_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),
    (None, {"BBSCORE_LANG": "", "LANG": "en_US.UTF-8"}, "en"),
    (None, {"LANG": "en_GB.UTF-8"}, "en"),
    (None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    (None, {"LC_MESSAGES": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    (None, {"LANG": "C.UTF-8"}, "ru"),
    (None, {"LANG": "POSIX"}, "ru"),
    (None, {"LANG": "de_DE.UTF-8"}, "ru"),
    ("de", {}, None),
    (None, {"BBSCORE_LANG": "fr"}, None),
])
def test_the_language_is_chosen(given, environ, chosen):
    assert i18n.choose(given, environ) == chosen


def test_russian_needs_no_catalogue():
    i18n.set_language("ru")
    assert i18n._("ошибка: {message}") == "ошибка: {message}"
    assert [i18n.ngettext("{n} сдача", "{n} сдач", n, "{n} сдачи") for n in (1, 3, 5, 11, 21, 22)] == [
        "{n} сдача", "{n} сдачи", "{n} сдач", "{n} сдач", "{n} сдача", "{n} сдачи"]
    with pytest.raises(ValueError):
        i18n.set_language("de")


def test_the_options_of_the_language():
    assert run_cli("--lang", "en", "scor").stderr.startswith("error: no such command scor; did you mean score")
    assert run_cli("--lang=en", "scor").stderr.startswith("error: no such command scor")
    assert run_cli("scor", env={"BBSCORE_LANG": "en"}).stderr.startswith("error: no such command scor")
    assert run_cli("scor", env={"BBSCORE_LANG": "", "LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
                   ).stderr.startswith("error: no such command")
    assert run_cli("--lang", "ru", "scor").stderr.startswith("ошибка: нет такой команды scor")
    refused = run_cli("--lang", "de", "score", "12Т")
    assert (refused.returncode, refused.stderr) == (2, "ошибка: --lang: «de» — нужен язык ru или en\n")
    refused = run_cli("score", "12Т", env={"BBSCORE_LANG": "xx"})
    assert (refused.returncode, refused.stderr) == (2, "ошибка: BBSCORE_LANG: «xx» — нужен язык ru или en\n")
    assert run_cli("score", "--lang").returncode == 2  # --lang without a value
    # after "--" it is an argument, not the option
    assert "--lang" in run_cli("--lang", "en", "score", "--", "--lang").stderr
    # given twice: refused as any option given twice, in the first one's language (found by a newcomer: "no such
    # option --lang", or "extra arguments")
    for args in (["--lang", "en", "--lang", "ru", "show", "x.toml"], ["show", "x.toml", "--lang", "en", "--lang=ru"]):
        refused = run_cli(*args)
        assert (refused.returncode, refused.stdout, refused.stderr) == (
            2, "", "error: --lang: [«en», «ru»] — the option takes one value: give it once\n"), refused


def _commands() -> list[tuple[str, str]]:
    """Every example of the help (both languages' tables; the English ones in a folder of their own, where their games
    are begun with English names), every README command, and :data:`MORE_COMMANDS`: (folder, command)."""
    from bbscore.cli import ENGLISH_EXAMPLES

    russian = [line for pair in EXAMPLES.values() for line in pair] + readme_commands() + MORE_COMMANDS
    english = [line for name, pair in ENGLISH_EXAMPLES.items() if name != "conventions check" for line in pair]
    english += ENGLISH_EXAMPLES["conventions check"]  # (after conventions init has written the files it checks)
    return [("ru", line) for line in dict.fromkeys(russian)] + [("en", line) for line in dict.fromkeys(english)]


def _command_name(argv: list[str]) -> str:
    words = [word for word in argv if not word.startswith("-")]
    return " ".join(words[:2]) if words and words[0] in ("conventions", "pref", "tournament") else (words[0] if words else "")


def _names(text: str) -> set[str]:
    """The Cyrillic words of what a user typed that are theirs — names, notes — and not notation."""
    return {word for word in re.findall(r"[А-Яа-яЁё]+", text)
            if word.lower() not in NOTATION_WORDS and not NOTATION_LETTERS.fullmatch(word)
            and word.lower() not in _construction_names()}


def _construction_names() -> set[str]:
    from bbscore.belot.constructions import known_names

    return {name for name in known_names() if CYRILLIC.search(name)}


def _users_words() -> set[str]:
    """What the users wrote in the example files (pair and player names, notes; a deal's players), and the bundled
    conventions' titles and the sources their play rules name (data, not messages, as a club's own file): their
    Cyrillic words."""
    import tomllib

    words = set()
    for path in (REPO / "examples").rglob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        game = data.get("game", {})
        game = game if isinstance(game, dict) else {}  # (a preferans deal's game is its contract: «6♠»)
        players = game.get("players", [])  # a пуля's list, or a protocol's {pair: [player, player]}
        people = [person for pair in players.values() for person in pair] if isinstance(players, dict) else players
        written = [*game.get("pairs", []), *people, game.get("note", "")]
        if path.name == "tournament.toml":  # the entrants of a tournament and the people of each
            written += [str(value) for entrant in data.get("entrant", []) for value in
                        ([entrant] if isinstance(entrant, str) else [entrant.get("name", ""), *entrant.get("players", [])])]
        written += [hand.get("note", "") for hand in data.get("hand", [])]
        if isinstance(data.get("players"), list):  # a deal for the referee: its players
            written += [str(player) for player in data["players"]]
        words |= {word for text in written for word in re.findall(r"[А-Яа-яЁё]+", text)}
    for path in (REPO / "conventions").glob("*.toml"):  # the bundled rules' titles: data, as a user's own file
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(("title", "source")):
                words.update(re.findall(r"[А-Яа-яЁё]+", line))
    return words


def _foreign(output: str, argv: list[str], users: set[str] = frozenset()) -> list[str]:
    """The Cyrillic words of ``output`` that are not the user's own (names and notes in ``argv``, or ``users``; a
    refusal quoting what was typed, «бэла», quotes the user too)."""
    users = set(users) | {word for arg in argv for word in _names(arg)}
    output = re.sub(r"«([^«»]+)»", lambda match: "«»" if any(match.group(1) in arg for arg in argv) else match.group(0),
                    output)
    output = re.sub(r"[А-Яа-яЁё]+", lambda match: " " if match.group(0) in users else match.group(0), output)
    return re.findall(r"\S*[А-Яа-яЁё]\S*", output)


# What a --json object keeps in the normal form, as the files do (README): the notation, data for a program.
NORMAL_FORM_KEYS = {"contract", "game", "card", "construction", "decl_con", "def_con", "def_cards", "decl_cards",
                    "cards", "legal", "doubt", "talon", "discard", "hands"}  # (a deal's cards, the referee's --json)


def _without_normal_forms(output: str) -> str:
    """A --json output without the values of :data:`NORMAL_FORM_KEYS` (what it says in words stays: the working)."""
    import json

    def strip(value):
        if isinstance(value, dict):
            return {key: strip(item) for key, item in value.items() if key not in NORMAL_FORM_KEYS}
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value

    return "\n".join(json.dumps(strip(json.loads(line)), ensure_ascii=False) for line in output.splitlines() if line)


def _in_english(tmp_path, env: dict[str, str] | None = None, lang: list[str] = ["--lang", "en"], only: int | None = None):
    """Run the commands of :func:`_commands` (the first ``only``) in English: the Cyrillic each printed that is not the
    users', by command name, and the names of the commands that printed none.  The English help's examples run in a
    folder of their own, in order (``new`` begins the game ``add`` adds to; ``conventions init`` writes the files
    ``check`` reads): each must succeed."""
    for folder in ("ru", "en"):
        shutil.copytree(REPO / "examples", tmp_path / folder / "examples", dirs_exist_ok=True)
    russian, clean = {}, set()
    users = _users_words()
    for folder, command in _commands()[:only]:
        argv = shlex.split(command)[1:]
        users |= {word for arg in argv for word in _names(arg)}  # names given before (new, add)
        stdin = ""
        if argv[0] == "play":  # a session, its answers scripted (a new game without --pairs asks for them first)
            answers = PLAY_ANSWERS if "--pairs" in argv else ["Us,Them", *PLAY_ANSWERS]
            stdin = "".join(f"{answer}\n" for answer in answers)
        done = run_cli(*lang, *argv, cwd=tmp_path / folder, env=env, stdin=stdin)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, (command, done.stderr)
        if folder == "en":  # the English help's examples: real ones (recompute's slipped example exits 1)
            assert done.returncode in ((0, 1) if argv[0] == "recompute" else (0,)), (command, done.stderr)
        output = _without_normal_forms(done.stdout) if "--json" in argv and done.returncode == 0 else done.stdout
        foreign = _foreign(output + done.stderr, argv, users)
        name = _command_name(argv)
        if foreign:
            russian.setdefault(name, []).append((command, foreign[:6]))
        else:
            clean.add(name)
    return russian, clean - set(russian)


def test_english_prints_no_russian_but_the_users_words(tmp_path):
    """Every command of both games, run in English with real inputs (Russian notation typed too): no Cyrillic but the
    names and notes the users gave — contracts, cards, constructions, announcements, Preferans games in English
    notation."""
    russian, clean = _in_english(tmp_path)
    assert russian == {}, russian
    from bbscore.cli import commands

    assert {name.split()[0] for name in clean if name} >= {name.split()[0] for name in commands()}  # every command ran


def test_an_english_locale_is_english_without_the_option(tmp_path):
    russian, clean = _in_english(tmp_path, env={"BBSCORE_LANG": "", "LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""},
                                 lang=[], only=12)  # (the whole list: the test above)
    assert russian == {} and clean, russian


@pytest.mark.parametrize("command", sorted({name for name in EXAMPLES} | {""}))
def test_every_help_is_english(command):
    """Every help in English, ending with its examples in English notation and names."""
    from bbscore.cli import ENGLISH_EXAMPLES

    argv = [*command.split(), "--help"]
    done = run_cli("--lang", "en", *argv)
    assert done.returncode == 0, done.stderr
    assert _foreign(done.stdout, argv) == []
    if command:
        lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
        assert lines[-3:] == ["Examples:", *ENGLISH_EXAMPLES[command]]


def test_russian_is_the_default_unchanged(tmp_path):
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    for command in ("bbscore score 12Т --def-points 18 --decl-con терц --def-con бэла", "bbscore show examples/game-gambler.toml",
                    "bbscore conventions diff gambler classic", "bbscore pref settle examples/pulya-3.toml",
                    "bbscore score --help", "bbscore scor"):
        argv = shlex.split(command)[1:]
        default, russian = run_cli(*argv, cwd=tmp_path), run_cli("--lang", "ru", *argv, cwd=tmp_path)
        assert (default.returncode, default.stdout, default.stderr) == (russian.returncode, russian.stdout, russian.stderr)


def test_no_function_hides_the_translation():
    """A module that translates with ``_`` never assigns ``_`` (``a, _ = …``): inside that function ``_("…")`` would
    then call the assigned value, or fail (the name is local there)."""
    import ast

    from sources import nodes, package_files

    for path in package_files():
        if not any(isinstance(node, ast.ImportFrom) and node.module == "bbscore.i18n"
                   and any(alias.name == "_" for alias in node.names) for node in nodes(path)):
            continue
        for function in (node for node in nodes(path) if isinstance(node, (ast.FunctionDef, ast.Lambda))):
            stored = [node for node in ast.walk(function)
                      if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)]
            for node in stored:  # a comprehension's own variable is its own scope: harmless
                assert any(isinstance(parent, ast.comprehension) and node in ast.walk(parent.target)
                           for parent in ast.walk(function)), f"{path.name}:{node.lineno}: _ assigned"


@pytest.mark.parametrize("argv", [
    ["score", "12X"], ["score", "12Т"], ["score", "7Т", "--def-points", "18"], ["score", "12Т", "--def-points", "170"],
    ["count", "Т", "ВТ,ВТ"], ["score", "^Т", "--def-points", "0"], ["score", "12Т", "--def-points", "18", "--last", "x"],
    ["score", "12Т", "--def-cards", "ВТ 9Т ТТ"], ["new", "x.toml", "--pairs", "Мы,Они", "--target", "0"],
    ["export", "examples/game-gambler.toml"], ["show", "no-such-file.toml"], ["undo", "examples"],
    ["pref", "score", "7♠", "--by", "Аня", "--tricks", "5"], ["pref", "score", "11♠", "--by", "Аня", "--tricks", "5"],
])
def test_refusals_in_english(argv):
    done = run_cli("--lang", "en", *argv)
    assert done.returncode == 2 and done.stderr.startswith("error: "), done.stderr
    assert _foreign(done.stderr, argv) == [], done.stderr


@pytest.mark.parametrize(("english", "normal"), [
    ("tierce", "терц"), ("fifty", "берц"), ("quarte", "берц"), ("hundred", "квинта"), ("belote", "бэла"),
    ("four jacks", "рамки-В"), ("Four  Nines", "рамки-9"), ("carre-J", "рамки-В"), ("carré-A", "рамки-Т"),
    ("CARRE-10", "рамки-10"), ("2×fifty", "берц, берц"),
])
def test_english_construction_names_are_read(english, normal):
    from bbscore.belot.constructions import parse_list

    assert ", ".join(str(c) for c in parse_list(english, "decl_con")) == normal


def test_construction_names_are_shown_in_the_language():
    from bbscore.belot.constructions import format_list, parse_list

    constructions = parse_list("терц, 2×берц, рамки-В, рамки-10, бэла, 40", "decl_con")
    i18n.set_language("en")
    try:
        assert format_list(constructions, shown=True) == "tierce, 2×quarte, carre-J, carre-10, belote, 40"
        assert format_list(constructions) == "терц, 2×берц, рамки-В, рамки-10, бэла, 40"  # what a file keeps
    finally:
        i18n.set_language("ru")
    assert format_list(constructions, shown=True) == "терц, 2×берц, рамки-В, рамки-10, бэла, 40"


def test_typer_and_clicks_own_words_come_from_the_catalogue():
    russian, english = (" ".join(run_cli(*args, "score", "--help").stdout.split()) for args in ([], ["--lang", "en"]))
    for ru, en in (("Использование: bbscore score", "Usage: bbscore score"), ("Аргументы", "Arguments"),
                   ("Параметры", "Options"), ("[обязательно]", "[required]"), ("[по умолчанию: gambler]", "[default: gambler]"),
                   ("Показать эту справку и выйти.", "Show this message and exit.")):
        assert ru in russian and en not in russian, ru
        assert en in english and ru not in english, en
    assert "Команды" in run_cli("pref").stdout and "Commands" in run_cli("--lang", "en", "pref").stdout


def test_the_refusals_of_files_are_english(tmp_path):
    """A convention that does not add up or has a value of the wrong type, a protocol whose [game] is bad, a TOML
    syntax error, a sheet kept under rules since changed, and Preferans refusals: in English, no Cyrillic but the
    notation."""
    gambler = (REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")
    files = {
        "negative.toml": re.sub(r"(?m)^last_trick = .*$", "last_trick = -5", gambler),
        "deck.toml": re.sub(r"(?m)^deck_visty = .*$", "deck_visty = 7", gambler, count=1),
        "type.toml": re.sub(r"(?m)^target = .*$", 'target = "x"', gambler),
        "unknown.toml": gambler.replace("[points]\n", "[points]\nroundng = 1\n", 1),
        "open.toml": '[game]\npairs = ["A", "B"\n',
        "value.toml": "[game]\nformat = 1\npairs = \"A\" x\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert run_cli("new", "game.toml", "--pairs", "Us,Them", cwd=tmp_path).returncode == 0
    game = (tmp_path / "game.toml").read_text(encoding="utf-8")
    (tmp_path / "same.toml").write_text(re.sub(r"pairs = \[[^\]]*\]", 'pairs = ["Us", "Us"]', game), encoding="utf-8")
    (tmp_path / "changed.toml").write_text(re.sub(r'convention_sha256 = "[0-9a-f]+"', f'convention_sha256 = "{"0" * 64}"',
                                                  game), encoding="utf-8")
    assert run_cli("pref", "new", "pulya.toml", "--players", "Ann,Bob,Vera", cwd=tmp_path).returncode == 0
    pulya = (tmp_path / "pulya.toml").read_text(encoding="utf-8")
    (tmp_path / "twice.toml").write_text(re.sub(r"players = \[[^\]]*\]", 'players = ["Ann", "Ann"]', pulya), encoding="utf-8")
    refused = [
        ["conventions", "check", "negative.toml"], ["conventions", "check", "deck.toml"],
        ["conventions", "check", "type.toml"], ["conventions", "check", "unknown.toml"],
        ["show", "open.toml"], ["show", "value.toml"], ["show", "same.toml"],
        ["add", "same.toml", "12C", "--by", "Us", "--def-points", "18"],
        ["pref", "show", "twice.toml"], ["pref", "score", "7♠", "--by", "Ann", "--tricks", "11", "--whist", "Bob", "--pass", "Vera"],
        ["pref", "score", "7X", "--by", "Ann", "--tricks", "5"],
        ["pref", "add", "pulya.toml", "мизер", "--by", "Ann", "--tricks", "1", "--whist", "Bob"],
    ]
    for argv in refused:
        done = run_cli("--lang", "en", *argv, cwd=tmp_path)
        assert done.returncode != 0 and done.stderr.startswith("error: "), (argv, done.stderr)
        assert _foreign(done.stdout + done.stderr, argv) == [], (argv, done.stderr)
    warned = run_cli("--lang", "en", "show", "changed.toml", cwd=tmp_path)
    assert "have changed since the game was kept" in warned.stdout + warned.stderr
    assert _foreign(warned.stdout + warned.stderr, []) == []


SHOWN = [  # (what is typed, how it parses, Russian shown (= the normal form), English shown, English without symbols)
    ("contract", "15s+", "15П+", "15♠+", "15S+"), ("contract", "22at", "22ВК", "22AT", "22AT"),
    ("contract", "^2d", "^2Б", "^2♦", "^2D"), ("contract", "^^H++", "^^Ч++", "^^♥++", "^^H++"),
    ("contract", "20NT", "20БК", "20NT", "20NT"), ("contract", "26C^", "26Т^", "26♣^", "26C^"),
    ("cards", "JC TH AS Q♦ 7S", "ВТ 10Ч ТП ДБ 7П", "J♣ 10♥ A♠ Q♦ 7♠", "JC 10H AS QD 7S"),
    ("constructions", "терц, 2×берц, рамки-В, бэла, 40", "терц, 2×берц, рамки-В, бэла, 40",
     "tierce, 2×quarte, carre-J, belote, 40", "tierce, 2×quarte, carre-J, belote, 40"),
    ("meld", "терц от ДП", "терц от ДП", "tierce from Q♠", "tierce from QS"),
    ("meld", "бэла П", "бэла П", "belote ♠", "belote S"),
    ("pref", "6s", "6♠", "6♠", "6S"), ("pref", "10бк", "10БК", "10NT", "10NT"),
    ("pref", "мизер", "мизер", "misère", "misère"), ("pref", "all-pass", "распасы", "all-pass", "all-pass"),
]


def _value(kind: str, typed: str):
    """The typed text as the value of its kind, and the function that shows it."""
    from bbscore import conventions
    from bbscore.belot.cards import format_cards, parse_cards
    from bbscore.belot.constructions import format_list, parse_list
    from bbscore.belot.contract import Contract
    from bbscore.belot.melds import parse_announcements
    from bbscore.preferans.contract import PrefContract

    if kind == "contract":
        value = Contract.parse(typed)
        return str(value), value.shown
    if kind == "cards":
        value = parse_cards(typed)
        return format_cards(value), lambda: format_cards(value, shown=True)
    if kind == "constructions":
        value = parse_list(typed, "decl_con")
        return format_list(value), lambda: format_list(value, shown=True)
    if kind == "meld":
        [meld] = parse_announcements({1: typed}, Contract.parse("20ВК"), conventions.load("gambler", game="bazar-belot"))
        return str(meld), meld.shown
    value = PrefContract.parse(typed)
    return str(value), value.shown


@pytest.mark.parametrize("row", SHOWN, ids=[row[1] for row in SHOWN])
def test_each_value_is_shown_in_the_readers_notation_and_kept_in_its_normal_form(row):
    kind, typed, russian, english, letters = row
    normal, shown = _value(kind, typed)
    try:
        assert normal == russian and shown() == russian  # Russian: the normal form, what files and JSON keep
        i18n.set_language("en")
        assert shown() == english and _value(kind, typed)[0] == russian
        i18n.set_symbols(False)
        assert shown() == letters
    finally:
        i18n.set_language("ru")
        i18n.set_symbols(True)


def test_english_to_an_ascii_output_writes_letters_and_plain_ascii(tmp_path):
    """An output that cannot show more than ASCII (PYTHONIOENCODING=ascii): in English the suits are letters, the
    typography plain, a name it cannot show named as <U+…>; in Russian it is refused, as before."""
    from conftest import run_process

    done = run_process("--lang", "en", "score", "15П+", "--def-points", "33", "--decl-con", "терц",
                       env={"PYTHONIOENCODING": "ascii"}, text=False)
    assert done.returncode == 0 and done.stdout.isascii(), done.stdout[-300:]
    out = done.stdout.decode("ascii")
    assert "15S+" in out and "Contract 15S+: 15 spades with contra" in out and "tierce 20" in out and "| 15S+" in out
    done = run_process("--lang", "en", "pref", "score", "мизер", "--by", "Аня", "--tricks", "0",
                       env={"PYTHONIOENCODING": "ascii"}, text=False)
    assert done.returncode == 0 and done.stdout.isascii() and b"misere, played by <U+0410><U+043D><U+044F>" in done.stdout
    refused = run_process("--lang", "en", "score", "12Q", env={"PYTHONIOENCODING": "ascii"}, text=False)
    assert refused.returncode == 2 and refused.stderr.isascii() and refused.stderr.startswith(b'error: contract: "12Q" - ')
    assert run_process("score", "12C", env={"PYTHONIOENCODING": "ascii"}).returncode == 2


# --- Counted words follow the number (review 2: Belot item 14, Preferans item 11) ---


def _belot_game_edited_past_its_end(tmp_path, later: int) -> str:
    """A game to 60 whose hand 1, made a recontra, would end it before the ``later`` hands written after it."""
    game = tmp_path / "e.toml"
    assert run_cli("new", game, "--pairs", "Мы,Они", "--target", "60").returncode == 0
    assert run_cli("add", game, "12Т", "--by", "Мы", "--def-points", "18").returncode == 0
    for _hand in range(later):
        assert run_cli("add", game, "12Т", "--by", "Они", "--def-points", "18").returncode == 0
    return run_cli("edit", game, "1", "15Т++", "--by", "Мы", "--def-points", "0").stderr


def test_counted_words_follow_the_number(tmp_path):
    coinche = run_cli("score", "160♠", "--decl-points", "162", "--convention", "coinche").stderr
    assert "все 162 виста за взятки" in coinche and "все взятки стоят 252 виста" in coinche and "вистов" not in coinche
    made = run_cli("score", "160♠", "--decl-points", "162", "--decl-tricks", "8", "--convention", "coinche").stdout
    assert "их карты стоят 252 виста вместо 162" in made
    created = run_cli("tournament", "new", tmp_path / "tf", "--pairs", "A,B,C").stdout
    assert "участников 3," in created and "3 участников" not in created
    assert "записана сдача 2: не меняю (сначала уберите лишнюю сдачу" in _belot_game_edited_past_its_end(tmp_path, 1)
    (tmp_path / "b").mkdir()
    assert "записаны сдачи 2–3: не меняю" in _belot_game_edited_past_its_end(tmp_path / "b", 2)
    pulya = tmp_path / "p.toml"
    assert run_cli("pref", "new", pulya, "--players", "Аня,Боря,Вера", "--target", "4").returncode == 0
    for by, first, second in (("Аня", "Боря", "Вера"), ("Боря", "Аня", "Вера"), ("Вера", "Аня", "Боря")):
        assert run_cli("pref", "add", pulya, "6♠", "--by", by, "--pass", first, "--pass", second).returncode == 0
    refused = run_cli("pref", "edit", pulya, "1", "10♠", "--by", "Аня", "--pass", "Боря", "--pass", "Вера").stderr
    assert "пуля закрылась бы на сдаче 2, а после неё записана сдача 3: не меняю" in refused
    swiss = tmp_path / "sw"
    assert run_cli("tournament", "new", swiss, "--pairs", "A,B,C,D", "--system", "swiss", "--rounds", "1").returncode == 0
    assert "тур 1 уже расписан: он единственный" in run_cli("tournament", "pair", swiss, "--force").stderr
    assert "(302 знака)" in run_cli("add", tmp_path / "e.toml", "x" * 302, "--by", "Мы").stderr
    from bbscore.files import _size_text

    assert [_size_text(n) for n in (1, 3, 5)] == ["1 байт", "3 байта", "5 байт"]
