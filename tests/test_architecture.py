"""The layers of docs/ARCHITECTURE.md hold: every import goes one way, none hides a cycle inside a function.

The imports are read from the source (``ast``), at module level and inside functions alike, so a lazy import that
would close a cycle is caught as surely as one at the top.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from sources import PACKAGE, nodes, package_files, tree

# Bottom to top (docs/ARCHITECTURE.md).  A module may import only from its own layer's lower lines or from layers
# below it; within a layer the order of this list is the order of imports.
LAYERS: list[tuple[str, list[str]]] = [
    ("foundation", ["bbscore.i18n", "bbscore.games", "bbscore.errors", "bbscore.files", "bbscore.sheets", "bbscore.seats", "bbscore.numbers", "bbscore.validation", "bbscore.pages", "bbscore.xlsx", "bbscore.deals"]),
    ("notation", ["bbscore.belot", "bbscore.belot.cards", "bbscore.belot.contract", "bbscore.belot.constructions", "bbscore.preferans",
                  "bbscore.preferans.contract", "bbscore.preferans.cards"]),
    ("convention", ["bbscore.belot.schema", "bbscore.belot.convention", "bbscore.preferans.rules"]),
    ("hand", ["bbscore.belot.melds", "bbscore.belot.hand", "bbscore.belot.deal", "bbscore.preferans.hand",
              "bbscore.preferans.deal"]),
    ("engine", ["bbscore.belot.scoring", "bbscore.belot.referee", "bbscore.preferans.engine",
                "bbscore.preferans.referee", "bbscore.preferans.inputs"]),
    ("replay", ["bbscore.belot.game", "bbscore.belot.stats", "bbscore.preferans.pulya", "bbscore.preferans.settle",
                "bbscore.preferans.stats", "bbscore.tournament", "bbscore.rating"]),
    ("storage", ["bbscore.conventions", "bbscore.belot.protocol", "bbscore.preferans.protocol", "bbscore.tournament_file"]),
    ("text", ["bbscore.descriptions", "bbscore.belot.descriptions", "bbscore.preferans.descriptions", "bbscore.belot.working",
              "bbscore.belot.reasons", "bbscore.belot.export", "bbscore.preferans.working", "bbscore.preferans.export",
              "bbscore.tournament_export", "bbscore.render", "bbscore.render.layout", "bbscore.render.rules",
              "bbscore.render.sheets", "bbscore.render.belot", "bbscore.render.preferans", "bbscore.render.tournament",
              "bbscore.render.referee", "bbscore.render.referee.belot", "bbscore.render.referee.preferans"]),
    # each game's entry in the house (bbscore.games finds it; it names its parts as strings, imported by no module)
    ("registry", ["bbscore.belot.registry", "bbscore.preferans.registry"]),
    ("shell", ["bbscore.cli", "bbscore.cli.options", "bbscore.cli.session", "bbscore.cli.belot.options", "bbscore.cli.parallel", "bbscore.cli.belot",
               "bbscore.cli.belot.hand", "bbscore.cli.preferans", "bbscore.cli.deals",
               "bbscore.cli.preferans.referee", "bbscore.cli.belot.referee", "bbscore.cli.belot.sheet", "bbscore.cli.rules",
               "bbscore.cli.recompute", "bbscore.cli.belot.share", "bbscore.cli.preferans.share", "bbscore.cli.share",
               "bbscore.cli.belot.play", "bbscore.cli.preferans.play", "bbscore.cli.belot.texts", "bbscore.cli.preferans.texts",
               "bbscore.cli.preferans.commands", "bbscore.cli.tournament", "bbscore.__main__"]),
]
ENGINE_LAYERS = {"foundation", "notation", "convention", "hand", "engine", "replay"}
SHELL_ONLY = ("rich", "typer", "click", "bbscore.cli", "bbscore.render")


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in package_files()}


@functools.cache
def imports_of(path: Path, name: str) -> frozenset[str]:
    """Every module ``path`` imports, anywhere in it (``from bbscore import x`` counts as ``bbscore.x``)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in nodes(path):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    modules = package_modules()
    return frozenset(module for module in found if not module.startswith("bbscore") or module in modules)


def rank() -> dict[str, int]:
    order: dict[str, int] = {}
    for layer, modules in LAYERS:
        for module in modules:
            order[module] = len(order)
    return order


def test_every_module_has_a_layer():
    assert set(package_modules()) - {"bbscore"} <= set(rank())


@pytest.mark.parametrize("module", sorted(rank()))
def test_imports_go_one_way(module):
    order = rank()
    path = package_modules()[module]
    upward = sorted(other for other in imports_of(path, module)
                    if other in order and other != module and order[other] > order[module]
                    and not (module == "bbscore.cli" and other.startswith("bbscore.cli.")))
    assert not upward, f"{module} imports from above it: {upward}"


def test_no_import_cycle():
    modules = package_modules()
    graph = {name: {other for other in imports_of(path, name) if other in modules and other != name}
             for name, path in modules.items()}
    seen: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(name: str, trail: list[str]) -> None:
        seen[name] = 1
        for other in sorted(graph[name]):
            if other == "bbscore" or (name == "bbscore.cli" and other.startswith("bbscore.cli.")):
                continue  # a package's __init__ naming its own submodules for lazy loading
            if seen.get(other) == 1:
                raise AssertionError(f"import cycle: {' → '.join(trail + [name, other])}")
            if other not in seen:
                visit(other, trail + [name])
        seen[name] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name, [])


@pytest.mark.parametrize("module", sorted(m for layer, ms in LAYERS if layer in ENGINE_LAYERS for m in ms))
def test_engine_knows_no_shell(module):
    path = package_modules()[module]
    shell = sorted(other for other in imports_of(path, module) if other.startswith(SHELL_ONLY))
    assert not shell, f"{module} imports {shell}"


@pytest.mark.parametrize("module", sorted(m for layer, ms in LAYERS if layer in ENGINE_LAYERS for m in ms))
def test_engine_names_no_option(module):
    """Engine errors carry neutral keys (``def_points``); only the command line knows ``--def-points``."""
    import re

    walked = nodes(package_modules()[module])
    docstrings = {id(node.body[0].value) for node in walked
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    strings = [node.value for node in walked
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]
    options = sorted({match for value in strings for match in re.findall(r"--[a-z][a-z0-9-]+", value)})
    assert not options, f"{module} names command-line options: {options}"


def _game_terms() -> set[str]:
    """The words of the games' notation (construction names in both languages, the rule files' keys): a bundled
    rule set may be named after one (``bela``, ``belote``), and the engine must still use the word itself."""
    import msgspec

    from bbscore.belot.constructions import known_names
    from bbscore.belot.schema import ConventionFile

    terms = {name.casefold() for name in known_names()}
    seen: set[type] = set()

    def walk(kind) -> None:
        if not (isinstance(kind, type) and issubclass(kind, msgspec.Struct)) or kind in seen:
            return
        seen.add(kind)
        for field in msgspec.structs.fields(kind):
            terms.add(field.encode_name)
            for inner in getattr(field.type, "__args__", ()) + (field.type,):
                walk(inner)

    walk(ConventionFile)
    return terms


@pytest.mark.parametrize("module", sorted(m for layer, ms in LAYERS if layer in ENGINE_LAYERS for m in ms))
def test_engine_names_no_convention(module):
    """Rules are data: no engine module holds a bundled rule set's name in its code (a branch on it would be an `if`
    where a setting belongs); docstrings may cite them.  A rule set named after a word of the notation (``bela``, the
    Croatian game, is also the trump king and queen) may appear as that word, but is never compared with a rule
    set's name (``rules.name == "bela"``)."""
    names = {path.stem for path in (PACKAGE.parent / "conventions").glob("*.toml")}
    assert {"gambler", "classic", "blot-star", "rostov", "bela", "belote"} <= names
    words = names & _game_terms()
    walked = nodes(package_modules()[module])
    docstrings = {id(node.body[0].value) for node in walked
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = sorted({name for node in walked
                    if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    for name in names - words if name in node.value.lower()})
    assert not found, f"{module} names rule sets in its code: {found}"
    compared = compared_names(tree(package_modules()[module]), names)
    assert not compared, f"{module} compares a rule set's name: {compared}"


def compared_names(tree: ast.AST, names: set[str]) -> list[str]:
    """The rule-set names a module compares with something's ``name`` (``rules.name == "bela"``, ``in (…)`` too)."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        constants = [item for side in sides for item in (side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side])]
        if any(isinstance(side, ast.Attribute) and side.attr == "name" for side in sides):
            found |= {item.value for item in constants
                      if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value.lower() in names}
    return sorted(found)


@pytest.mark.parametrize("code", ['if rules.name == "bela":\n    pass\n', 'x = convention.settings.name in ("gambler", "x")\n'])
def test_a_branch_on_a_rule_set_name_is_caught(code):
    """The comparison rule fails on what it must (mutations of an engine module)."""
    assert compared_names(ast.parse(code), {"bela", "gambler"})


# --- one room per game (issue 18): the house names no game; the games never import each other ---

GAME_PACKAGES = sorted(path.parent.name for path in PACKAGE.glob("*/registry.py"))


def game_of(module: str) -> str | None:
    """The game a module belongs to: a segment of its name is a game's package (``bbscore.cli.belot.play``,
    ``bbscore.render.preferans``); None for the house's shared modules."""
    return next((part for part in module.split(".")[1:] if part in GAME_PACKAGES), None)


def test_every_game_registers_itself():
    """Each game's package holds a registry.py whose entry names parts that exist; the house finds exactly these."""
    from bbscore import games

    assert set(GAME_PACKAGES) >= {"belot", "preferans"}
    found = games.registered()
    assert len(found) == len(GAME_PACKAGES) and sum(game.untagged for game in found.values()) == 1
    for game in found.values():
        for reference in (game.rules, game.recompute, game.report):
            assert callable(games.resolve(reference)), reference
        texts = __import__(game.descriptions, fromlist=["describe"])
        assert callable(texts.describe) and callable(texts.table_title) and callable(texts.value_text)
        for command, module in game.commands.items():
            assert callable(__import__(module, fromlist=["register"]).register), command


@pytest.mark.parametrize("module", sorted(m for m in package_modules() if game_of(m) is None and m != "bbscore.__main__"))
def test_the_house_imports_no_game(module):
    """The shared modules (foundation, rules-file layer, sheet files, the shared output and command line) import no
    game package, at module level or inside a function: a game reaches them through its registry entry."""
    path = package_modules()[module]
    games = sorted(other for other in imports_of(path, module) if other.startswith("bbscore.") and game_of(other))
    assert not games, f"{module} imports a game: {games}"


@pytest.mark.parametrize("module", sorted(m for m in package_modules() if game_of(m) is not None))
def test_games_never_import_each_other(module):
    path = package_modules()[module]
    own = game_of(module)
    others = sorted(other for other in imports_of(path, module) if game_of(other) not in (None, own))
    assert not others, f"{module} ({own}) imports another game: {others}"
