"""The package's source as the static tests read it: each file read, parsed and walked once per test process.

The architecture, catalogue and import tests each walked every module's syntax tree again (a third of a second per
pass over the package, dozens of passes); the trees are the same within a run, so they are kept here.  A tree is
read-only by convention: no test changes one.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "bbscore"


@functools.cache
def package_files() -> tuple[Path, ...]:
    """Every ``bbscore/**/*.py``, sorted."""
    return tuple(sorted(PACKAGE.rglob("*.py")))


@functools.cache
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def tree(path: Path) -> ast.Module:
    """The file's syntax tree (``ast.parse``)."""
    return ast.parse(text(path))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's tree, in ``ast.walk`` order."""
    return tuple(ast.walk(tree(path)))
