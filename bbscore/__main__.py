"""The ``bbscore`` command (``python -m bbscore`` and the console script).

The cyclic garbage collector is switched off before anything is imported.
bbscore is a short-lived command whose objects form no reference cycles
(measured: a recompute of 100,000 hands leaves 500 objects in cycles, all made
by imports), so the collector frees nothing while it walks every live object
again and again: it cost ~3 ms of each start and ~1 s of a 100,000-hand
recompute (issue "Fast enough to forget").  Memory is still freed by reference
counting.

Then three modules that ``import msgspec`` loads and no command uses at its start
— ``msgspec.inspect``, ``msgspec.toml``, ``msgspec.yaml`` — are made lazy
(:class:`importlib.util.LazyLoader`): each is executed at its first use, not at
every start (~1 ms, issue 24).
"""

import gc

gc.disable()


def _lazy_msgspec_parts() -> None:
    """Load ``msgspec.inspect``, ``msgspec.toml`` and ``msgspec.yaml`` lazily: a finder ahead of the others gives them
    their usual spec with its loader wrapped in :class:`importlib.util.LazyLoader` (the module object is made when
    ``msgspec`` imports it; its code runs at the first attribute looked up in it)."""
    import sys
    from importlib.machinery import PathFinder
    from importlib.util import LazyLoader

    class LazyParts:
        names = frozenset({"msgspec.inspect", "msgspec.toml", "msgspec.yaml"})

        @classmethod
        def find_spec(cls, fullname, path=None, target=None):
            if fullname not in cls.names:
                return None
            spec = PathFinder.find_spec(fullname, path)
            if spec is not None and spec.loader is not None:
                spec.loader = LazyLoader(spec.loader)
            return spec

    if "msgspec" not in sys.modules:
        sys.meta_path.insert(0, LazyParts)


_lazy_msgspec_parts()

from bbscore.cli import run  # noqa: E402  (after gc.disable: the imports are the start-up)


def main() -> None:
    """Entry point of the ``bbscore`` console script."""
    run()


if __name__ == "__main__":
    run()
